//! What `--merge` accepts: pgbench-rs JSON reports, each of one shard
//! (`--shard=K/N`), all N shards of the same run exactly once. "The same
//! run" means the same benchmark (every option but the shard, the report
//! file, the connection and an unset random seed, and the same scripts),
//! the same `--start-at`, and measured intervals that overlap; and the
//! same pgbench reproduced (`--compat`), unless `--force`. Each refusal
//! names the files. (One document that is not a shard's is converted to
//! CSV instead, with `--report-csv`.)

use crate::error::Error;
use crate::report::doc::{self, Kind, fields};
use serde_json::Value;

use super::Doc;

/// Reads one document: JSON, and a run's document of the schema this
/// program writes.
pub(super) fn read(path: &str) -> Result<Value, Error> {
    let v = read_json(path)?;
    if Kind::of(&v) != Some(Kind::Run) {
        return Err(Error::new(format!("\"{path}\" is not a pgbench-rs JSON report")));
    }
    match doc::version_problem(&v, path) {
        Some(problem) => Err(Error::new(problem)),
        None => Ok(v),
    }
}

/// Whether `v` is a pgbench-rs document (of a run, several runs or a
/// comparison) that is not the report of a shard.
pub(super) fn not_a_shard_report(v: &Value) -> bool {
    match Kind::of(v) {
        Some(Kind::Run) => fields::at(v, &["shard"]).is_null(),
        Some(_) => true,
        None => false,
    }
}

/// Reads one file as JSON.
pub(super) fn read_json(path: &str) -> Result<Value, Error> {
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) => {
            return Err(Error::new(format!(
                "could not read report file \"{path}\": {}",
                crate::sys::os_error_text(&e)
            )));
        }
    };
    let v: Value = match serde_json::from_str(&text) {
        Ok(v) => v,
        Err(e) => {
            return Err(Error::new(format!("report file \"{path}\" is not JSON: {e}")));
        }
    };
    Ok(v)
}

/// The configuration fields that may differ between the shards of one
/// run.
const PER_SHARD: &[&str] =
    &["command_line", "shard", "report_json", "connection", "random_seed", "compat"];

/// The configuration without [`PER_SHARD`] (the random seed among them:
/// without `--random-seed` each shard draws its own; `compat` is checked
/// on its own).
fn comparable(cfg: &Value) -> Value {
    let mut c = cfg.clone();
    if let Some(o) = c.as_object_mut() {
        for k in PER_SHARD {
            o.remove(*k);
        }
    }
    c
}

/// The first option that differs between two configurations.
fn first_difference(a: &Value, b: &Value) -> String {
    match (a.as_object(), b.as_object()) {
        (Some(x), Some(y)) => {
            x.keys().chain(y.keys()).find(|k| x.get(*k) != y.get(*k)).cloned().unwrap_or_default()
        }
        _ => String::new(),
    }
}

/// The shard a document is of: (K, N).
fn shard_of(d: &Doc) -> Result<(u64, u64), Error> {
    let s = fields::at(&d.v, &["shard"]);
    match (fields::at(s, &["index"]).as_u64(), fields::at(s, &["count"]).as_u64()) {
        (Some(k), Some(n)) => Ok((k, n)),
        _ => Err(Error::new(format!(
            "\"{}\" is not the report of a shard (a run with --shard)",
            d.path
        ))),
    }
}

/// `a`, `a and b`, `a, b and c`.
fn listed(items: &[String]) -> String {
    match items.split_last() {
        None => String::new(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
    }
}

/// The file names, quoted, as a list.
fn quoted(paths: &[&str]) -> String {
    listed(&paths.iter().map(|p| format!("\"{p}\"")).collect::<Vec<_>>())
}

/// "shard 1 of 2 is missing: \"a0.json\" is shard 0", naming every
/// missing shard and what each file given is.
fn missing_message(missing: &[u64], n: u64, docs: &[Doc], shards: &[(u64, u64)]) -> String {
    let numbers: Vec<String> = missing.iter().map(u64::to_string).collect();
    let what = if missing.len() == 1 {
        format!("shard {} of {n} is missing", numbers[0])
    } else {
        format!("shards {} of {n} are missing", listed(&numbers))
    };
    let given: Vec<String> =
        docs.iter().zip(shards).map(|(d, s)| format!("\"{}\" is shard {}", d.path, s.0)).collect();
    format!("{what}: {}", given.join(", "))
}

/// The pgbench a document's run reproduced (`--compat`), as a message
/// names it: 17 for documents from before there was a choice.
fn compat_of(d: &Doc) -> String {
    match fields::at(&d.v, &["configuration", "compat"]) {
        Value::Null => "17".into(),
        v => v.to_string(),
    }
}

/// Checks that `docs` reproduced the same pgbench; under `force` a
/// difference is a warning (the report is the first one's).
fn same_compat(docs: &[Doc], force: bool) -> Result<(), Error> {
    let first = &docs[0];
    for d in &docs[1..] {
        let (a, b) = (compat_of(first), compat_of(d));
        if a != b {
            let what = format!(
                "\"{}\" and \"{}\" reproduce different pgbench versions (--compat={a} and --compat={b})",
                first.path, d.path
            );
            if !force {
                return Err(Error::new(what).hint("Use --force to merge them anyway."));
            }
            crate::log::warning!("{what}: the report is pgbench {a}'s");
        }
    }
    Ok(())
}

/// Checks that `docs` are the N shards of one run, each once, and puts
/// them in shard order.
pub(super) fn same_run(docs: &mut [Doc], force: bool) -> Result<(), Error> {
    let mut shards = Vec::with_capacity(docs.len());
    for d in docs.iter() {
        shards.push(shard_of(d)?);
    }
    same_compat(docs, force)?;
    let (first, n) = (&docs[0], shards[0].1);
    for (d, &(_, count)) in docs.iter().zip(&shards) {
        if count != n {
            return Err(Error::new(format!(
                "\"{}\" and \"{}\" are shards of different runs: one split in {n}, the other in {count}",
                first.path, d.path
            )));
        }
    }
    let base = comparable(fields::at(&first.v, &["configuration"]));
    for d in docs.iter().skip(1) {
        let other = comparable(fields::at(&d.v, &["configuration"]));
        if other != base {
            return Err(Error::new(format!(
                "\"{}\" and \"{}\" are reports of different runs: their configurations differ ({})",
                first.path,
                d.path,
                first_difference(&base, &other)
            )));
        }
    }
    let mut missing = Vec::new();
    for k in 0..n {
        let with: Vec<&str> = docs
            .iter()
            .zip(&shards)
            .filter(|(_, s)| s.0 == k)
            .map(|(d, _)| d.path.as_str())
            .collect();
        match with.len() {
            0 => missing.push(k),
            1 => {}
            2 => {
                return Err(Error::new(format!("{} are both shard {k} of {n}", quoted(&with))));
            }
            _ => {
                return Err(Error::new(format!("{} are all shard {k} of {n}", quoted(&with))));
            }
        }
    }
    if !missing.is_empty() {
        return Err(Error::new(missing_message(&missing, n, docs, &shards)));
    }
    // One run: the shards measured at the same time.
    let span = |d: &Doc| {
        (fields::at(&d.v, &["start_time_us"]).as_i64(), fields::at(&d.v, &["end_time_us"]).as_i64())
    };
    for d in docs.iter().skip(1) {
        match (span(first), span(d)) {
            ((Some(s1), Some(e1)), (Some(s2), Some(e2))) if s1.max(s2) < e1.min(e2) => {}
            _ => {
                return Err(Error::new(format!(
                    "\"{}\" and \"{}\" are reports of different runs: they did not measure at the same time",
                    first.path, d.path
                )));
            }
        }
    }
    docs.sort_by_key(|d| fields::at(&d.v, &["shard", "index"]).as_u64().unwrap_or(0));
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn doc(path: &str) -> Doc {
        Doc { path: path.into(), v: Value::Null }
    }

    /// Shards that reproduced different pgbench versions are refused,
    /// but under --force; a document without `compat` is 17's.
    #[test]
    fn shards_of_different_compat_need_force() {
        let of = |path: &str, compat: Value| Doc {
            path: path.into(),
            v: serde_json::json!({"configuration": {"compat": compat}}),
        };
        let same = [of("a.json", Value::Null), of("b.json", serde_json::json!(17))];
        assert!(same_compat(&same, false).is_ok());
        let differ = [of("a.json", serde_json::json!(18)), of("b.json", serde_json::json!(19))];
        let e = same_compat(&differ, false).unwrap_err();
        let p = crate::log::progname();
        assert_eq!(
            e.to_string(),
            format!(
                "{p}: error: \"a.json\" and \"b.json\" reproduce different pgbench versions (--compat=18 and --compat=19)\n\
                 {p}: hint: Use --force to merge them anyway.\n"
            )
        );
        assert!(same_compat(&differ, true).is_ok());
    }

    #[test]
    fn messages_list_the_files_in_english() {
        assert_eq!(quoted(&["a"]), "\"a\"");
        assert_eq!(quoted(&["a", "b"]), "\"a\" and \"b\"");
        assert_eq!(quoted(&["a", "b", "c"]), "\"a\", \"b\" and \"c\"");
        let docs = [doc("s0.json")];
        assert_eq!(
            missing_message(&[1], 2, &docs, &[(0, 2)]),
            "shard 1 of 2 is missing: \"s0.json\" is shard 0"
        );
        let docs = [doc("s0.json"), doc("s3.json")];
        assert_eq!(
            missing_message(&[1, 2], 4, &docs, &[(0, 4), (3, 4)]),
            "shards 1 and 2 of 4 are missing: \"s0.json\" is shard 0, \"s3.json\" is shard 3"
        );
    }
}
