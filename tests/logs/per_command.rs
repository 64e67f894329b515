//! Per-command latencies (`-r`) compared with C pgbench: of a builtin, a
//! multi-statement custom script, a pipeline and the retrying workload
//! (retries and failures columns), and the per-script sections of
//! weighted scripts.

use crate::harness::bench::{Bench, END, NONE_FAILED_DETAILED, TAIL, counts, report_head, retried};
use crate::harness::retries::{resetting, retry_db_on, serialization_run};
use crate::harness::{Pgbench, cluster, create_db, needs};

/// One per-command line as masked: `   %11.3f  %10lld  %s`.
pub(super) fn cmd(failures: u64, text: &str) -> String {
    format!("   {:>11}  {:>10}  {text}\n", "<t>", failures)
}

/// One per-command line with retries: `   %11.3f  %10lld  %10lld  %s`.
fn cmd_r(failures: u64, retries: u64, text: &str) -> String {
    format!("   {:>11}  {:>10}  {:>10}  {text}\n", "<t>", failures, retries)
}

/// The report of a `-r` run whose commands did not fail: `head`, the
/// counts of `-t per_client` (`processed`), then a line per command.
fn per_command_report(head: String, per_client: u32, processed: &str, commands: &[&str]) -> String {
    let mut want = format!(
        "{head}{}{TAIL}statement latencies in milliseconds and failures:\n",
        counts(per_client, processed)
    );
    for c in commands {
        want.push_str(&cmd(0, c));
    }
    want
}

/// Case `name` of `script` run as `file` with `args` in a fresh
/// database: nothing on stderr, and `report` on stdout.
fn custom(name: &str, args: &[&str], file: &str, script: &str, report: &str) {
    let db = create_db(name);
    let run = Pgbench::new(args).arg("-f").arg(file).arg(&db.name).file(file, script).label(name);
    let mut r = Bench::new(name, run).run();
    r.quiet(report);
    r.finish();
}

const TPCB_COMMANDS: &[&str] = &[
    "\\set aid random(1, 100000 * :scale)",
    "\\set bid random(1, 1 * :scale)",
    "\\set tid random(1, 10 * :scale)",
    "\\set delta random(-5000, 5000)",
    "BEGIN;",
    "UPDATE pgbench_accounts SET abalance = abalance + :delta WHERE aid = :aid;",
    "SELECT abalance FROM pgbench_accounts WHERE aid = :aid;",
    "UPDATE pgbench_tellers SET tbalance = tbalance + :delta WHERE tid = :tid;",
    "UPDATE pgbench_branches SET bbalance = bbalance + :delta WHERE bid = :bid;",
    "INSERT INTO pgbench_history (tid, bid, aid, delta, mtime) VALUES (:tid, :bid, :aid, :delta, CURRENT_TIMESTAMP);",
    "END;",
];

/// `-r` with a builtin.
#[test]
fn per_command_builtin() {
    let name = needs!(Server);
    let mut r = Bench::on_copy(name, &["-r", "-t", "10", "-c", "2", "-n"]).run();
    let head = report_head("<builtin: TPC-B (sort of)>", "simple", 2, 1, "1");
    r.quiet(&per_command_report(head, 10, "20/20", TPCB_COMMANDS));
    r.finish();
}

/// `-r` with a custom script: continuation lines of a meta command, `\gset`
/// merged into its SQL, `\;` compound statements, a first line longer than
/// 127 bytes, a multi-line SQL command, `\sleep`; in extended mode.
#[test]
fn per_command_custom_script() {
    let name = needs!(Server);
    let long = format!("SELECT '{}' AS long_one;", "a".repeat(140));
    let script = format!(
        "-- a comment\n\\set a 1 + \\\n  2\nSELECT :a AS x \\gset\nSELECT 1 \\; SELECT 2;\nBEGIN;\n{long}\n\
         SELECT 1\n  + 2\n  AS three;\nEND;\n\\sleep 1 ms\n"
    );
    // A meta command's text keeps its continuation lines.
    let commands = [
        "\\set a 1 + \\\n  2",
        "SELECT :a AS x ",
        "SELECT 1 ; SELECT 2;",
        "BEGIN;",
        &long[..127],
        "SELECT 1",
        "END;",
        "\\sleep 1 ms",
    ];
    let report =
        per_command_report(report_head("multi.sql", "simple", 1, 1, "1"), 3, "3/3", &commands);
    custom(name, &["-r", "-t", "3", "-n", "-M", "simple"], "multi.sql", &script, &report);
}

/// `-r` with a pipeline in prepared mode.
#[test]
fn per_command_pipeline() {
    let name = needs!(Server);
    let script = "\\startpipeline\nSELECT 1;\nSELECT 2;\nSELECT 3;\n\\endpipeline\n";
    let commands = ["\\startpipeline", "SELECT 1;", "SELECT 2;", "SELECT 3;", "\\endpipeline"];
    let report =
        per_command_report(report_head("pipe.sql", "prepared", 1, 1, "1"), 5, "5/5", &commands);
    custom(name, &["-r", "-t", "5", "-n", "-M", "prepared"], "pipe.sql", script, &report);
}

const SER_COMMANDS: &[&str] = &[
    "\\set delta random(-5000, 5000)",
    "SELECT pg_advisory_lock(0);",
    "BEGIN;",
    "UPDATE xy SET y = y + :delta WHERE x = 1 AND pg_advisory_lock(1) IS NOT NULL;",
    "DO $$",
    "COMMIT;",
    "SELECT pg_advisory_unlock_all();",
];

/// `-r` with `--max-tries 2`: the retries column counts the retry on the
/// command that failed.
#[test]
fn per_command_retries() {
    let name = needs!(Server);
    let db = retry_db_on(cluster(), name);
    let mut r =
        resetting(name, &db, serialization_run(&db, "ser.sql", &["-r", "--max-tries", "2"])).run();
    let mut want = format!(
        "{}{}number of failed transactions: 0 (0.000%)\n{}{END}\
         statement latencies in milliseconds, failures and retries:\n",
        report_head("ser.sql", "simple", 2, 1, "2"),
        counts(1, "2/2"),
        retried(1, 2, 1)
    );
    for (i, c) in SER_COMMANDS.iter().enumerate() {
        want.push_str(&cmd_r(0, u64::from(i == 3), c));
    }
    r.quiet(&want);
    r.finish();
}

/// `-r` with one try: the failures column counts the failure on the
/// command that failed.
#[test]
fn per_command_failures() {
    let name = needs!(Server);
    let db = retry_db_on(cluster(), name);
    let mut r = resetting(name, &db, serialization_run(&db, "ser.sql", &["-r"])).run();
    let mut want = format!(
        "{}{}\
         number of failed transactions: 1 (50.000%)\n\
         latency average = <t> ms (including failures)\n\
         initial connection time = <t> ms\n\
         tps = <t> (without initial connection time)\n\
         statement latencies in milliseconds and failures:\n",
        report_head("ser.sql", "simple", 2, 1, "1"),
        counts(1, "1/2")
    );
    for (i, c) in SER_COMMANDS.iter().enumerate() {
        want.push_str(&cmd(u64::from(i == 3), c));
    }
    r.quiet(&want);
    r.finish();
}

/// Two weighted builtins with a fixed seed (the script choice, and so the
/// per-script counts, are deterministic), `-r`, `--max-tries 3` and
/// `--failures-detailed`.
#[test]
fn per_script_sections() {
    let name = needs!(Server);
    let args = "-n -t 10 -c 2 -r -b simple-update@2 -b select-only@1 --max-tries=3 \
                --failures-detailed --random-seed=42";
    let mut r = Bench::on_copy(name, &args.split_whitespace().collect::<Vec<_>>()).run();
    r.same().status(0).stderr_is("pgbench: setting random seed to 42\n");
    // The stored shape (17's); the counts are checked to add up.
    let stored = r.stored_texts_apply();
    r.each(|o| {
        if !stored {
            return Ok(());
        }
        let lines: Vec<&str> = o.stdout.lines().collect();
        let head = format!(
            "{}{}{NONE_FAILED_DETAILED}{}{END}",
            report_head("multiple scripts", "simple", 2, 1, "3"),
            counts(10, "20/20"),
            retried(0, 20, 0)
        );
        if !o.stdout.starts_with(&head) {
            return Err(format!("report head differs:\n{}\nexpected:\n{head}", o.stdout));
        }
        let mut total = 0;
        let mut sections = 0;
        for (i, (desc, weight, target, cmds)) in [
            ("<builtin: simple update>", 2, "66.7", &["\\set aid random(1, 100000 * :scale)", "\\set bid random(1, 1 * :scale)", "\\set tid random(1, 10 * :scale)", "\\set delta random(-5000, 5000)", "BEGIN;", "UPDATE pgbench_accounts SET abalance = abalance + :delta WHERE aid = :aid;", "SELECT abalance FROM pgbench_accounts WHERE aid = :aid;", "INSERT INTO pgbench_history (tid, bid, aid, delta, mtime) VALUES (:tid, :bid, :aid, :delta, CURRENT_TIMESTAMP);", "END;"][..]),
            ("<builtin: select only>", 1, "33.3", &["\\set aid random(1, 100000 * :scale)", "SELECT abalance FROM pgbench_accounts WHERE aid = :aid;"][..]),
        ]
        .into_iter()
        .enumerate()
        {
            let Some(start) = lines.iter().position(|l| *l == format!("SQL script {}: {desc}", i + 1)) else {
                return Err(format!("no section for script {}", i + 1));
            };
            sections += 1;
            let count_line = lines.get(start + 2).copied().unwrap_or("");
            let n: u64 = count_line
                .strip_prefix(" - ")
                .and_then(|r| r.split_once(" transactions ("))
                .and_then(|(n, _)| n.parse().ok())
                .ok_or(format!("bad count line {count_line:?}"))?;
            total += n;
            #[allow(clippy::cast_precision_loss)]
            let pct = format!("{:.1}", 100.0 * n as f64 / 20.0);
            let mut want = vec![
                format!("SQL script {}: {desc}", i + 1),
                format!(" - weight: {weight} (targets {target}% of total)"),
                format!(" - {n} transactions ({pct}% of total, tps = <t>)"),
                " - number of failed transactions: 0 (0.000%)".to_string(),
                " - number of serialization failures: 0 (0.000%)".to_string(),
                " - number of deadlock failures: 0 (0.000%)".to_string(),
                " - number of transactions retried: 0 (0.000%)".to_string(),
                " - total number of retries: 0".to_string(),
            ];
            if n > 0 {
                want.push(" - latency average = <t> ms".to_string());
                want.push(" - latency stddev = <t> ms".to_string());
            }
            want.push(" - statement latencies in milliseconds, failures and retries:".to_string());
            for c in cmds {
                want.push(cmd_r(0, 0, c).trim_end_matches('\n').to_string());
            }
            let got: Vec<String> = lines[start..].iter().take(want.len()).map(|s| s.to_string()).collect();
            if got != want {
                return Err(format!("section {}:\n{}\nexpected:\n{}", i + 1, got.join("\n"), want.join("\n")));
            }
        }
        if sections != 2 || total != 20 {
            return Err(format!("{sections} sections with {total} transactions, expected 2 with 20"));
        }
        Ok(())
    });
    r.finish();
}
