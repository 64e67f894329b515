//! The meta-commands that move values and time: `\gset` and `\aset`
//! (one row, two, none; twenty parameters in one statement), `\sleep` in
//! every unit and how long it takes, `\setshell` and `\shell`.

use super::{ABORTED, aborted_report, ok_report, script_run};
use crate::harness::bench::banner;
use crate::harness::needs;

/// One transaction of `script` (saved as `file`, simple mode) by both
/// implementations: exit `status`, the report of a transaction done (0)
/// or of the client aborted (2), and `stderr` exactly.
fn one_transaction(name: &str, file: &str, script: &str, status: i32, stderr: &str) {
    let mut r = script_run(name, file, script, &["-t", "1", "-n"]);
    let report =
        if status == 0 { ok_report(file, "simple", 1) } else { aborted_report(file, "simple", 1) };
    r.same().status(status).stdout_is(&report).stderr_is(stderr);
    r.finish();
}

/// 'pgbench gset command'.
#[test]
fn gset() {
    needs!(Server);
    let script = "-- test gset\n\
                  -- no columns\n\
                  SELECT \\gset\n\
                  -- one value\n\
                  SELECT 0 AS i0 \\gset\n\
                  \\set i debug(:i0)\n\
                  -- two values\n\
                  SELECT 1 AS i1, 2 AS i2 \\gset\n\
                  \\set i debug(:i1)\n\
                  \\set i debug(:i2)\n\
                  -- with prefix\n\
                  SELECT 3 AS i3 \\gset x_\n\
                  \\set i debug(:x_i3)\n\
                  -- overwrite existing variable\n\
                  SELECT 0 AS i4, 4 AS i4 \\gset\n\
                  \\set i debug(:i4)\n\
                  -- work on the last SQL command under \\;\n\
                  \\; \\; SELECT 0 AS i5 \\; SELECT 5 AS i5 \\; \\; \\gset\n\
                  \\set i debug(:i5)\n";
    let debug = "debug(script=0,command=3): int 0\n\
                 debug(script=0,command=5): int 1\n\
                 debug(script=0,command=6): int 2\n\
                 debug(script=0,command=8): int 3\n\
                 debug(script=0,command=10): int 4\n\
                 debug(script=0,command=12): int 5\n";
    one_transaction("gset", "001_pgbench_gset", script, 0, debug);
}

/// Twenty parameters in one statement, in each mode that sends parameters:
/// the values arrive in order.
#[test]
fn many_parameters() {
    needs!(Server);
    let cols: Vec<String> = (1..=20).map(|i| format!(":v{i}")).collect();
    let sets = (1..=20).map(|i| format!("\\set v{i} {i} * 7\n")).collect::<Vec<_>>().concat();
    let script = format!(
        "{sets}SELECT {} AS s, :v20::int AS last, NULLIF(:v3, 21) IS NULL AS n \\gset\n\
         \\set r debug(:s)\n\\set r debug(:last)\n\\set r debug(:n)\n",
        cols.iter().map(|c| format!("{c}::int")).collect::<Vec<_>>().join(" + ")
    );
    for mode in ["extended", "prepared"] {
        let name = format!("many_params_{mode}");
        let mut r =
            script_run(&name, "001_pgbench_params", &script, &["-t", "1", "-n", "-M", mode]);
        r.same().status(0).stdout_is(&ok_report("001_pgbench_params", mode, 1)).stderr_is(
            "debug(script=0,command=22): int 1470\n\
             debug(script=0,command=23): int 140\n\
             debug(script=0,command=24): boolean true\n",
        );
        r.finish();
    }
}

/// 'pgbench gset command with two rows'.
#[test]
fn gset_two_rows() {
    needs!(Server);
    let script = "\nSELECT 5432 AS fail UNION SELECT 5433 ORDER BY 1 \\gset\n";
    let stderr = format!(
        "pgbench: error: client 0 script 0 command 0 query 0: expected one row, got 2\n{ABORTED}"
    );
    one_transaction("gset_two_rows", "001_pgbench_gset_two_rows", script, 2, &stderr);
}

/// 'pgbench aset command'.
#[test]
fn aset() {
    needs!(Server);
    let script = "\n-- test aset, which applies to a combined query\n\
                  \\; SELECT 6 AS i6 \\; SELECT 7 AS i7 \\; \\aset\n\
                  -- unless it returns more than one row, last is kept\n\
                  SELECT 8 AS i6 UNION SELECT 9 ORDER BY 1 DESC \\aset\n\
                  \\set i debug(:i6)\n\
                  \\set i debug(:i7)\n";
    let debug = "debug(script=0,command=3): int 8\ndebug(script=0,command=4): int 7\n";
    one_transaction("aset", "001_pgbench_aset", script, 0, debug);
}

/// 'pgbench aset command with empty result'.
#[test]
fn aset_empty() {
    needs!(Server);
    let script = "\n-- empty result\n\
                  \\; SELECT 5432 AS i8 WHERE FALSE \\; \\aset\n\
                  \\set i debug(:i8)\n";
    let stderr = format!(
        "pgbench: error: undefined variable \"i8\"\n\
         pgbench: error: client 0 aborted in command 1 (set) of script 0; \
         evaluation of meta-command failed\n{ABORTED}"
    );
    one_transaction("aset_empty", "001_pgbench_aset_empty", script, 2, &stderr);
}
/// 'pgbench backslash commands': \set, \sleep in every unit, \setshell
/// with continuation lines, \shell (its output goes to pgbench's stdout,
/// after the banner and before the report).
#[test]
fn backslash_commands() {
    needs!(Server);
    let script = "-- run set\n\
                  \\set zero 0\n\
                  \\set one 1.0\n\
                  -- sleep\n\
                  \\sleep :one ms\n\
                  \\sleep 100 us\n\
                  \\sleep 0 s\n\
                  \\sleep :zero\n\
                  -- setshell and continuation\n\
                  \\setshell another_one\\\n  echo \\\n    :one\n\
                  \\set n debug(:another_one)\n\
                  -- shell\n\
                  \\shell echo shell-echo-output\n";
    let file = "001_pgbench_backslash_commands";
    let mut r = script_run("backslash_commands", file, script, &["-t", "1", "-n"]);
    let report = ok_report(file, "simple", 1);
    let (head, tail) = report.split_at(banner().len());
    r.same()
        .status(0)
        .stdout_is(&format!("{head}shell-echo-output\n{tail}"))
        .stderr_is("debug(script=0,command=8): int 1\n");
    r.finish();
}

/// `\sleep` really sleeps: with `-r`, the per-command latency of a 30 ms
/// sleep, and the whole transaction, take at least that long.
#[test]
fn sleep_takes_its_time() {
    needs!(Server);
    let script = "\\set ms 30\n\\sleep :ms ms\n\\sleep 20000 us\n\\sleep 0 s\n";
    let mut r = script_run("sleep_time", "sleep.sql", script, &["-n", "-t", "2", "-r"]);
    r.same().status(0).stderr_is("").stdout_is(&format!(
        "{}statement latencies in milliseconds and failures:\n\
         \x20          <t>           0  \\set ms 30\n\
         \x20          <t>           0  \\sleep :ms ms\n\
         \x20          <t>           0  \\sleep 20000 us\n\
         \x20          <t>           0  \\sleep 0 s\n",
        ok_report("sleep.sql", "simple", 2)
    ));
    r.each_raw(|o| {
        let lat = o
            .stdout
            .lines()
            .find_map(|l| l.strip_prefix("latency average = ")?.strip_suffix(" ms"))
            .and_then(|v| v.parse::<f64>().ok())
            .ok_or("no latency average")?;
        let per_cmd: Vec<f64> = o
            .stdout
            .lines()
            .filter(|l| l.contains("\\sleep"))
            .filter_map(|l| l.split_whitespace().next()?.parse().ok())
            .collect();
        if lat < 50.0 || per_cmd.len() != 3 || per_cmd[0] < 30.0 || per_cmd[1] < 20.0 {
            return Err(format!("sleeps too short: latency {lat} ms, per command {per_cmd:?}"));
        }
        Ok(())
    });
    r.finish();
}
