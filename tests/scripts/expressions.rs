//! The expression language through a script: C's expression script with a
//! fixed seed (its debug() lines byte for byte), seeded random values,
//! nested `\if` and an `\if` chain over transactions.

use super::{ok_report, script_run};
use crate::harness::bench::Bench;
use crate::harness::{Pgbench, create_db, needs};

/// 'pgbench expressions': every debug() line byte for byte, in order.
#[test]
fn tap_expressions() {
    let name = needs!(Server);
    let file = "001_pgbench_expressions";
    let script = include_str!("../data/tap-expressions.sql");
    let debug_lines = include_str!("../data/tap-expressions.txt");
    let args = [
        "--random-seed=5432",
        "-t",
        "1",
        "-n",
        "-Dfoo=-10.1",
        "-Dbla=false",
        "-Di=+3",
        "-Dn=null",
        "-Dt=t",
        "-Df=of",
        "-Dd=1.0",
    ];
    let mut r = script_run(name, file, script, &args);
    r.same()
        .status(0)
        .stdout_is(&ok_report(file, "simple", 1))
        .stderr_is(&format!("pgbench: setting random seed to 5432\n{debug_lines}"));
    r.finish();
}

/// 'random seeded': the same seed gives the same four random values, in
/// both implementations and in a second run of the binary under test.
#[test]
fn random_seeded() {
    let name = needs!(Server);
    let db = create_db(name);
    db.exec(
        "CREATE UNLOGGED TABLE seeded_random(seed INT8 NOT NULL, rand TEXT NOT NULL, val INTEGER NOT NULL)",
    );
    let seed = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.subsec_nanos() % 1_000_000_000)
        .unwrap_or(12345)
        .to_string();
    let script = "-- test random functions\n\
                  \\set ur random(1000, 1999)\n\
                  \\set er random_exponential(2000, 2999, 2.0)\n\
                  \\set gr random_gaussian(3000, 3999, 3.0)\n\
                  \\set zr random_zipfian(4000, 4999, 1.5)\n\
                  INSERT INTO seeded_random(seed, rand, val) VALUES\n  \
                  (:random_seed, 'uniform', :ur),\n  \
                  (:random_seed, 'exponential', :er),\n  \
                  (:random_seed, 'gaussian', :gr),\n  \
                  (:random_seed, 'zipfian', :zr);\n";
    let run = Pgbench::new([
        &format!("--random-seed={seed}"),
        "-t",
        "1",
        "-n",
        "-f",
        "001_pgbench_random_seed",
        &db.name,
    ])
    .file("001_pgbench_random_seed", script)
    .label(name);
    let mut r = Bench::new(name, run.clone()).run();
    r.same()
        .status(0)
        .stdout_is(&ok_report("001_pgbench_random_seed", "simple", 1))
        .stderr_is(&format!("pgbench: setting random seed to {seed}\n"));
    // Once more with the binary under test.
    let again = run.run_under_test();
    r.check.eq(
        "second run exit status",
        "expected",
        &crate::harness::Status::Exit(0),
        "pgbench-rs",
        &again.status,
    );
    let runs = r.sides().len() + 1;
    let rows = db.query("SELECT seed, rand, val, COUNT(*) FROM seeded_random GROUP BY seed, rand, val ORDER BY rand");
    let kinds: Vec<(&str, i64)> =
        vec![("exponential", 2000), ("gaussian", 3000), ("uniform", 1000), ("zipfian", 4000)];
    if rows.len() != 4 {
        r.check
            .fail(format!("seed {seed}: expected one value per distribution, got rows {rows:?}\n"));
    } else {
        for (row, (kind, lo)) in rows.iter().zip(kinds) {
            let val: i64 = row[2].parse().unwrap_or(-1);
            let ok = row[0] == seed
                && row[1] == kind
                && (lo..lo + 1000).contains(&val)
                && row[3] == runs.to_string();
            if !ok {
                r.check.fail(format!(
                    "seed {seed}: row {row:?} should be ({seed}, {kind}, {lo}..{}, {runs})\n",
                    lo + 999
                ));
            }
        }
    }
    r.finish();
}

/// C's 'nested ifs' script (its text as the 17 test writes it, tabs and
/// all): every branch taken is `SELECT 'correct'`, every other divides
/// by zero.
const NESTED_IF: &str = include_str!("../data/nested-if.sql");

/// 'nested ifs' without --exit-on-abort.
#[test]
fn nested_ifs() {
    let name = needs!(Server);
    let args = ["--no-vacuum", "--client=1", "--transactions=1"];
    let mut r = script_run(name, "pgbench_nested_if", NESTED_IF, &args);
    r.same().status(0).stdout_is(&ok_report("pgbench_nested_if", "simple", 1)).stderr_is("");
    r.finish();
}

/// 'nested ifs' as 17's test runs it (with --exit-on-abort): stored 17
/// expectation only.
#[test]
fn nested_ifs_exit_on_abort() {
    let name = needs!(Server);
    let args = ["--no-vacuum", "--client=1", "--exit-on-abort", "--transactions=1"];
    let mut r = script_run(name, "pgbench_nested_if", NESTED_IF, &args);
    r.status(0).stdout_is(&ok_report("pgbench_nested_if", "simple", 1)).stderr_is("");
    r.finish();
}

/// An `\if`/`\elif`/`\else` chain over variables, with expressions in the
/// conditions, over several transactions (the branch taken changes with
/// the transaction): each branch's debug() line.
#[test]
fn if_chain_over_transactions() {
    needs!(Server);
    let script = "\\set k debug(:k + 1)\n\
                  \\if :k % 3 = 0\n\
                  \\set r debug(1000 + :k)\n\
                  \\elif :k % 3 = 1\n\
                  SELECT :k AS got \\gset\n\
                  \\set r debug(2000 + :got)\n\
                  \\else\n\
                  \\if :k > 4\n\
                  \\set r debug(3000 + :k)\n\
                  \\else\n\
                  \\set r debug(4000 + :k)\n\
                  \\endif\n\
                  \\endif\n";
    let mut r = script_run("if_chain", "if_chain.sql", script, &["-n", "-t", "6", "-Dk=0"]);
    let mut want = String::new();
    // debug() numbers commands from 1.
    for k in 1..=6 {
        want.push_str(&format!("debug(script=0,command=1): int {k}\n"));
        let line = match k % 3 {
            0 => format!("debug(script=0,command=3): int {}\n", 1000 + k),
            1 => format!("debug(script=0,command=6): int {}\n", 2000 + k),
            _ if k > 4 => format!("debug(script=0,command=9): int {}\n", 3000 + k),
            _ => format!("debug(script=0,command=11): int {}\n", 4000 + k),
        };
        want.push_str(&line);
    }
    r.same().status(0).stdout_is(&ok_report("if_chain.sql", "simple", 6)).stderr_is(&want);
    r.finish();
}
