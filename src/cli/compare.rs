//! The command line of `--compare BASE NEW` (with `--force`,
//! `--fail-if`, `--report-json`, `--report-html`, `--report-csv`).

use super::Exit;
use super::getopt::Opt;
use super::options::{Apply, Given, Mode};
use crate::config::{CompareConfig, Condition};
use crate::error::Error;
use crate::report::doc::{Metric, compared};

/// `--compare BASE NEW`: BASE and NEW are its two positional arguments.
pub(super) fn compare_action(given: Vec<Given>, files: Vec<String>) -> Result<CompareConfig, Exit> {
    let mut c = CompareConfig {
        base: String::new(),
        new: String::new(),
        force: false,
        fail_if: Vec::new(),
        reports: crate::config::ReportFiles::default(),
    };
    for g in &given {
        match (g.def.opt, g.def.apply) {
            (Opt::Compare, _) => {}
            (Opt::Force, _) => c.force = true,
            (Opt::FailIf, _) => match fail_if(&g.text(), &g.name()) {
                Ok(mut more) => c.fail_if.append(&mut more),
                Err(e) => return Err(Error::new(e).into()),
            },
            (_, Apply::Report(file)) => g.report_file(file(&mut c.reports))?,
            _ => {
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

/// The metric `name` names in `--fail-if`.
fn metric(name: &str) -> Option<&'static Metric> {
    compared().find(|m| m.key == name || m.short == name)
}

/// Parses the value of `--fail-if` (the option `name`; `compare::gate`
/// applies it); the message says what is wrong.
fn fail_if(value: &str, name: &str) -> Result<Vec<Condition>, String> {
    let mut out = Vec::new();
    for item in value.split(',') {
        let text = item.trim();
        let Some(at) = text.find(['<', '>']) else {
            return Err(format!(
                "invalid condition \"{text}\" for option {name}: expected METRIC<-N% or METRIC>+N%"
            ));
        };
        let (metric_name, rest) = (text[..at].trim(), &text[at..]);
        let Some(m) = metric(metric_name) else {
            let names: Vec<&str> = compared().map(|m| m.short).collect();
            return Err(format!(
                "unknown metric \"{metric_name}\" in {name} (one of {})",
                names.join(", ")
            ));
        };
        let below = rest.starts_with('<');
        let number = rest[1..].trim().strip_suffix('%').map(str::trim);
        let limit = number.filter(|n| !n.is_empty()).and_then(|n| n.parse::<f64>().ok());
        match limit {
            Some(l) if l.is_finite() => {
                out.push(Condition { text: text.to_string(), key: m.key, below, limit_pct: l });
            }
            _ => {
                return Err(format!(
                    "invalid limit in \"{text}\" for option {name}: expected a percentage such as -5%"
                ));
            }
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    #[test]
    fn fail_if_conditions() {
        let fail_if = |v| super::fail_if(v, "--fail-if");
        let c = fail_if("tps<-5%, p99>+10%,latency_ms.mean>2.5%").unwrap();
        assert_eq!(c.len(), 3);
        assert_eq!((c[0].key, c[0].below, c[0].limit_pct), ("tps", true, -5.0));
        assert_eq!((c[1].key, c[1].below, c[1].limit_pct), ("latency_ms.p99", false, 10.0));
        assert_eq!((c[2].key, c[2].text.as_str()), ("latency_ms.mean", "latency_ms.mean>2.5%"));
        assert_eq!(
            fail_if("tps=5%").unwrap_err(),
            "invalid condition \"tps=5%\" for option --fail-if: expected METRIC<-N% or METRIC>+N%"
        );
        assert_eq!(
            fail_if("qps<-5%").unwrap_err(),
            "unknown metric \"qps\" in --fail-if (one of tps, mean, p50, p95, p99, failed, lag)"
        );
        for bad in ["tps<-5", "tps<%", "tps<x%", "tps<inf%", "tps>"] {
            assert!(fail_if(bad).unwrap_err().starts_with("invalid limit"), "{bad}");
        }
    }
}
