//! What `--merge` accepts: pgbench-rs JSON reports, each of one shard
//! (`--shard=K/N`), all N shards of the same run exactly once. "The same
//! run" means the same benchmark (every option but the shard, the report
//! file, the connection and an unset random seed, and the same scripts),
//! the same `--start-at`, and measured intervals that overlap; and the
//! same pgbench reproduced (`--compat`), unless `--force`. Each refusal
//! names the files. (One document that is not a shard's is converted to
//! CSV instead, with `--report-csv`.)

use crate::error::Error;
use crate::report::doc::Document;
use crate::report::doc::model::{Configuration, RunDocument};
use crate::report::doc::read::{ReadError, read as read_doc};

use super::Doc;

/// The bytes of the file `path`.
fn read_bytes(path: &str) -> Result<Vec<u8>, Error> {
    std::fs::read(path).map_err(|e| {
        Error::new(format!(
            "could not read report file \"{path}\": {}",
            crate::sys::os_error_text(&e)
        ))
    })
}

/// Reads one document of any kind, checked whole, with what it records of
/// connection strings redacted again (a document of an earlier pgbench-rs).
pub(super) fn read_any(path: &str) -> Result<Document, Error> {
    let bytes = read_bytes(path)?;
    let mut doc = match read_doc(path, &bytes) {
        Ok(doc) => doc,
        Err(ReadError::NotJson(e)) => {
            return Err(Error::new(format!("report file \"{path}\" is not JSON: {e}")));
        }
        Err(ReadError::NotOurs) => {
            return Err(Error::new(format!("\"{path}\" is not a pgbench-rs JSON report")));
        }
        Err(ReadError::Version(problem)) => return Err(Error::new(problem)),
        Err(ReadError::Bad(bad)) => return Err(Error::new(bad.in_file(path))),
    };
    doc.redact(crate::cli::record::recorded_again);
    Ok(doc)
}

/// Whether the file `path` holds a document of this program that is not
/// a shard's (a run's without `--shard`, several runs', a comparison's):
/// what `--merge` of it alone converts. (The document is read whole and
/// checked when it is converted.)
pub(super) fn not_a_shards(path: &str) -> Result<bool, Error> {
    let bytes = read_bytes(path)?;
    Ok(crate::report::doc::read::not_a_shards(&bytes))
}

/// Reads one run's document (a shard's).
pub(super) fn read(path: &str) -> Result<RunDocument, Error> {
    match read_any(path)? {
        Document::Run(doc) => Ok(*doc),
        _ => Err(Error::new(format!("\"{path}\" is not a pgbench-rs JSON report"))),
    }
}

/// The configuration without what may differ between the shards of one
/// run: the command line, the shard, the report file, the connection
/// and the random seed (without `--random-seed` each shard draws its
/// own); `compat` is checked on its own.
fn comparable(cfg: &Configuration) -> Configuration {
    let mut c = cfg.clone();
    c.command_line.clear();
    c.shard = None;
    c.report_json = None;
    c.connection.host = None;
    c.connection.port = None;
    c.connection.user = None;
    c.connection.dbname = None;
    c.random_seed = 0;
    c.compat = None;
    c
}

/// The first option that differs between two configurations.
fn first_difference(a: &Configuration, b: &Configuration) -> String {
    crate::report::doc::first_difference(a, b).unwrap_or_default()
}

/// The shard a document is of: (K, N).
fn shard_of(d: &Doc) -> Result<(u64, u64), Error> {
    match &d.v.shard {
        Some(s) => Ok((u64::from(s.index), u64::from(s.count))),
        None => Err(Error::new(format!(
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
    // Runs of consecutive numbers as "a to b" (so that the message stays
    // short whatever N a document says).
    let mut numbers: Vec<String> = Vec::new();
    let mut i = 0;
    while let Some(&first) = missing.get(i) {
        let mut last = first;
        while missing.get(i + 1) == Some(&(last + 1)) {
            last += 1;
            i += 1;
        }
        if last > first + 1 {
            numbers.push(format!("{first} to {last}"));
        } else {
            numbers.extend((first..=last).map(|k| k.to_string()));
        }
        i += 1;
    }
    let what = if missing.len() == 1 {
        format!("shard {} of {n} is missing", missing[0])
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
    d.v.configuration.compat.unwrap_or(17).to_string()
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
    let base = comparable(&first.v.configuration);
    for d in docs.iter().skip(1) {
        let other = comparable(&d.v.configuration);
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
    let span = |d: &Doc| (d.v.start_time_us, d.v.end_time_us);
    for d in docs.iter().skip(1) {
        match (span(first), span(d)) {
            ((s1, e1), (s2, e2)) if s1.max(s2) < e1.min(e2) => {}
            _ => {
                return Err(Error::new(format!(
                    "\"{}\" and \"{}\" are reports of different runs: they did not measure at the same time",
                    first.path, d.path
                )));
            }
        }
    }
    docs.sort_by_key(|d| d.v.shard.as_ref().map_or(0, |s| s.index));
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn doc(path: &str) -> Doc {
        Doc { path: path.into(), v: crate::report::doc::model::kept("shard0.json") }
    }

    /// Shards that reproduced different pgbench versions are refused,
    /// but under --force; a document without `compat` is 17's.
    #[test]
    fn shards_of_different_compat_need_force() {
        let of = |path: &str, compat: Option<u32>| {
            let mut d = doc(path);
            d.v.configuration.compat = compat;
            d
        };
        let same = [of("a.json", None), of("b.json", Some(17))];
        assert!(same_compat(&same, false).is_ok());
        let differ = [of("a.json", Some(18)), of("b.json", Some(19))];
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
        let docs = [doc("s0.json"), doc("s2.json")];
        let missing: Vec<u64> = [1].into_iter().chain(3..16384).collect();
        assert_eq!(
            missing_message(&missing, 16384, &docs, &[(0, 16384), (2, 16384)]),
            "shards 1 and 3 to 16383 of 16384 are missing: \"s0.json\" is shard 0, \"s2.json\" is shard 2"
        );
    }
}
