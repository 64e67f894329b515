//! Script syntax errors, run through both binaries: every script of
//! tests/data/syntax-errors.tsv (C pgbench's own parse-error cases and more
//! than a hundred malformed or tricky scripts) is given to pgbench-rs and
//! to C pgbench with `-f`; both must print the same message and caret and
//! exit 1 (or, for the scripts marked OK, accept the script and fail the
//! same way to connect to the absent server). The expected text in the file
//! was produced by C pgbench (`scripts/golden-expr.sh syntax`).

use crate::harness::delta15::{self, Delta};
use crate::harness::{Check, Pgbench, Status, c_output, under_test_output};

#[path = "data/tsv.rs"]
mod tsv;
use tsv::unescape;

/// Where pgbench 17 says something else than the installed 15.18.
fn deltas(name: &str) -> Vec<Delta> {
    match name {
        "syncpipeline arg" => vec![delta15::SYNCPIPELINE],
        _ => Vec::new(),
    }
}

/// pgbench 17's message for the rows where it differs from 15.18's.
fn pg17_message(name: &str) -> Option<&'static str> {
    match name {
        "syncpipeline arg" => {
            Some("script.sql:1: unexpected argument in command \"syncpipeline\"\n\\syncpipeline x")
        }
        _ => None,
    }
}

#[test]
fn syntax_errors_match_c_pgbench() {
    let data = include_str!("data/syntax-errors.tsv");
    let mut check = Check::new("syntax_errors");
    let mut cases = 0;
    for line in data.lines().filter(|l| !l.starts_with('#') && !l.is_empty()) {
        let f: Vec<&str> = line.split('\t').collect();
        let [name, mode, script, expected] = f[..] else { panic!("bad row: {line}") };
        cases += 1;
        let run = Pgbench::no_server(["-M", mode, "-f", "script.sql"])
            .file("script.sql", unescape(script))
            .label(name);
        let d = deltas(name);
        let Some(ours) = under_test_output(name, &run, &d) else { continue };
        if expected != "OK" {
            let msg =
                pg17_message(name).map_or_else(|| unescape(expected), |m| m.as_bytes().to_vec());
            let want = format!("pgbench: error: {}\n", String::from_utf8_lossy(&msg));
            check.eq(
                &format!("[{name}] exit status"),
                "expected",
                &Status::Exit(1),
                "got",
                &ours.status,
            );
            check.text(&format!("[{name}] stderr"), "expected", &want, "got", &ours.stderr);
            check.text(&format!("[{name}] stdout"), "expected", "", "got", &ours.stdout);
        }
        if let Some(c) = c_output(name, &run, &d) {
            check.eq(&format!("[{name}] exit status"), "C", &c.status, "pgbench-rs", &ours.status);
            check.text(&format!("[{name}] stderr"), "C", &c.stderr, "pgbench-rs", &ours.stderr);
            check.text(&format!("[{name}] stdout"), "C", &c.stdout, "pgbench-rs", &ours.stdout);
        }
    }
    assert!(cases >= 120, "only {cases} scripts in the table");
    check.finish();
}
