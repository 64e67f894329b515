//! The command lines of `--compare BASE NEW` (with `--force`,
//! `--fail-if`, `--report-json`, `--report-html`, `--report-csv`) and the
//! values of `--repeat` and `--sweep-clients`.

use super::Exit;
use super::getopt::{Item, Opt};
use super::options::Mode;
use crate::compare::gate;
use crate::config::{CompareConfig, Extensions};
use crate::error::Error;

/// `--compare BASE NEW`: BASE and NEW are its two positional arguments.
pub(super) fn compare_action(items: Vec<Item>) -> Result<CompareConfig, Exit> {
    let mut files: Vec<String> = Vec::new();
    let mut c = CompareConfig {
        base: String::new(),
        new: String::new(),
        force: false,
        fail_if: Vec::new(),
        reports: crate::config::ReportFiles::default(),
    };
    for item in items {
        let text = |v: Option<std::ffi::OsString>| {
            v.map(|v| v.to_string_lossy().into_owned()).unwrap_or_default()
        };
        match item {
            Item::Positional(p) => files.push(p.to_string_lossy().into_owned()),
            Item::Opt(Opt::Compare, _) => {}
            Item::Opt(Opt::Force, _) => c.force = true,
            Item::Opt(Opt::FailIf, v) => match gate::parse(&text(v)) {
                Ok(mut more) => c.fail_if.append(&mut more),
                Err(e) => return Err(Error::new(e).into()),
            },
            Item::Opt(o @ (Opt::ReportJson | Opt::ReportHtml | Opt::ReportCsv), v) => {
                super::ext::report_file(&mut c.reports, o, v.as_deref())?;
            }
            Item::Opt(..) => {
                let with = super::options::listed_with(Mode::Compare, Opt::Compare);
                return Err(Error::new(format!("--compare can be used only with {with}")).into());
            }
        }
    }
    let [base, new] = <[String; 2]>::try_from(files).map_err(|files| {
        Error::new(format!(
            "--compare needs two arguments, BASE and NEW (report files, or comma-separated lists of them), not {}",
            files.len()
        ))
    })?;
    if base.split(',').chain(new.split(',')).any(str::is_empty) {
        return Err(Error::new(format!(
            "--compare: an empty file name in \"{base}\" or \"{new}\""
        ))
        .into());
    }
    c.base = base;
    c.new = new;
    Ok(c)
}

/// The options a sweep cannot be made with: `--shard` and `--start-at`
/// (one run's), `-l` (each run would overwrite the last one's logs).
pub(super) fn sweep_options(ext: &Extensions, use_log: bool) -> Result<(), Exit> {
    if ext.repeat.is_none() && ext.sweep_clients.is_none() {
        return Ok(());
    }
    let bad = [
        (ext.shard.is_some(), "--shard"),
        (ext.start_at_us.is_some(), "--start-at"),
        (use_log, "-l/--log"),
    ];
    if let Some((_, name)) = bad.iter().find(|b| b.0) {
        return Err(
            Error::new(format!("{name} cannot be used with --repeat or --sweep-clients")).into()
        );
    }
    Ok(())
}

/// `--repeat=N`: 1 or more runs.
pub(super) fn repeat(value: &str) -> Result<u32, Exit> {
    let n = super::values::parse_int_option(value, "--repeat", 1, 10_000)?;
    Ok(n.unsigned_abs())
}

/// `--sweep-clients=LIST`: client counts of at least 1, comma-separated,
/// each once (run in the order given).
pub(super) fn sweep_clients(value: &str) -> Result<Vec<i32>, Exit> {
    let mut out: Vec<i32> = Vec::new();
    for item in value.split(',') {
        let t = item.trim();
        match t.parse::<i32>() {
            Ok(n) if n >= 1 && !t.starts_with('+') => {
                if out.contains(&n) {
                    return Err(Error::new(format!("--sweep-clients lists {n} twice")).into());
                }
                out.push(n);
            }
            _ => {
                return Err(Error::new(format!(
                    "invalid value \"{value}\" for option --sweep-clients"
                ))
                .into());
            }
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sweep_lists() {
        assert_eq!(sweep_clients("1,2, 4,8").ok(), Some(vec![1, 2, 4, 8]));
        assert_eq!(sweep_clients("8,1").ok(), Some(vec![8, 1]));
        for bad in ["", "0", "1,,2", "-1", "x", "1,1", "+2", "99999999999"] {
            assert!(sweep_clients(bad).is_err(), "{bad}");
        }
    }
}
