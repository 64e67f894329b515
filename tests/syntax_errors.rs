//! Script syntax errors, run through both binaries: every script of
//! tests/data/syntax-errors.tsv (C pgbench's own parse-error cases and more
//! than a hundred malformed or tricky scripts) is given to pgbench-rs and
//! to C pgbench with `-f`; both must print the same message and caret and
//! exit 1 (or, for the scripts marked OK, accept the script and fail the
//! same way to connect to the absent server), as pgbench 17, 18 and 19
//! (with each one's `--compat`, against each one's C). The expected text
//! in the file was produced by the real C pgbench 17 (`scripts/golden-expr.sh
//! syntax`); 18's and 19's are the same but where [`SINCE_18`] says.

use crate::harness::runner::VERSIONS;
use crate::harness::{Check, Pgbench, Status, c_output};

#[path = "data/tsv.rs"]
mod tsv;
use tsv::unescape;

/// The cases whose message 18 (and 19) changed, and theirs: a misplaced
/// `\gset` is reported at its own line, not where the scan for the
/// command before it started.
const SINCE_18: &[(&str, &str)] = &[(
    "gset after blank lines",
    "script.sql:4: \\\\gset must follow an SQL command (\\\\set i 1)",
)];

#[test]
fn syntax_errors_match_c_pgbench() {
    let data = include_str!("data/syntax-errors.tsv");
    let mut check = Check::new("syntax_errors");
    let mut cases = 0;
    let rows = data.lines().filter(|l| !l.starts_with('#') && !l.is_empty());
    for (line, v) in rows.flat_map(|l| VERSIONS.map(|v| (l, v))) {
        let f: Vec<&str> = line.split('\t').collect();
        let [name, mode, script, mut expected] = f[..] else { panic!("bad row: {line}") };
        cases += usize::from(v == 17);
        if let Some((_, changed)) = SINCE_18.iter().find(|(n, _)| *n == name).filter(|_| v >= 18) {
            expected = changed;
        }
        let run = Pgbench::no_server(["-M", mode, "-f", "script.sql"])
            .file("script.sql", unescape(script))
            .compat(v)
            .label(name);
        let name = format!("{name} as {v}");
        let ours = run.run_under_test();
        if expected != "OK" {
            let msg = unescape(expected);
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
        if let Some(c) = c_output(&run) {
            check.eq(&format!("[{name}] exit status"), "C", &c.status, "pgbench-rs", &ours.status);
            check.text(&format!("[{name}] stderr"), "C", &c.stderr, "pgbench-rs", &ours.stderr);
            check.text(&format!("[{name}] stdout"), "C", &c.stdout, "pgbench-rs", &ours.stdout);
        }
    }
    assert!(cases >= 120, "only {cases} scripts in the table");
    check.finish();
}
