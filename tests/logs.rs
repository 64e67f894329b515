//! What a run reports besides the summary, compared with C pgbench:
//! progress lines (`-P`), per-command latencies (`-r`) for a builtin, a
//! multi-statement custom script, a pipeline and a retrying workload,
//! per-script sections of weighted scripts, and the transaction logs (`-l`):
//! file names per thread, `--log-prefix`, fields with and without `-R` and
//! `--max-tries`, the skipped/failed/serialization/deadlock markers,
//! `--sampling-rate`, `--aggregate-interval` lines, and that every
//! transaction a run completes is logged exactly once (also when a client
//! aborts).
//!
//! Progress lines and log lines carry measured numbers: they are checked
//! against C's exact format (`harness::shapes`) and counted; everything
//! else is compared byte for byte with measured numbers masked.

use std::collections::BTreeMap;

use crate::harness::bench::{Bench, Ran, TAIL, pgbench_db, report_head};
use crate::harness::shapes::{self, Latency, LogLine, LogOpts, ProgressOpts};
use crate::harness::{Need, require};
use crate::harness::{Output, Pgbench, create_db, normalize};

/// One per-command line as masked: `   %11.3f  %10lld  %s`.
fn cmd(failures: u64, text: &str) -> String {
    format!("   {:>11}  {:>10}  {text}\n", "<t>", failures)
}

/// One per-command line with retries: `   %11.3f  %10lld  %10lld  %s`.
fn cmd_r(failures: u64, retries: u64, text: &str) -> String {
    format!("   {:>11}  {:>10}  {:>10}  {text}\n", "<t>", failures, retries)
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

// ---------------------------------------------------------------------------
// Progress

/// Split a stderr into its progress lines and the rest.
fn split_progress(stderr: &str) -> (Vec<String>, String) {
    let mut progress = Vec::new();
    let mut rest = String::new();
    for l in stderr.split_inclusive('\n') {
        if l.starts_with("progress: ") {
            progress.push(l.trim_end_matches('\n').to_string());
        } else {
            rest.push_str(l);
        }
    }
    (progress, rest)
}

/// Check the progress lines of a `-T secs -P 1` run: `min..=max` lines in
/// C's exact format, one per second (the time of line k is at least k s
/// and the times increase), nothing else on stderr but `rest`.
fn check_progress(
    o: &Output,
    opts: ProgressOpts,
    min: usize,
    max: usize,
    rest: &str,
) -> Result<(), String> {
    let (lines, other) = split_progress(&o.stderr);
    if other != rest {
        return Err(format!("stderr besides progress lines is {other:?}, expected {rest:?}"));
    }
    if !(min..=max).contains(&lines.len()) {
        return Err(format!(
            "{} progress lines, expected {min} to {max}:\n{}",
            lines.len(),
            lines.join("\n")
        ));
    }
    let mut prev = f64::MIN;
    let start = lines.first().map(|l| l.as_str());
    let mut first_time = 0.0;
    for (k, l) in lines.iter().enumerate() {
        let p = shapes::parse_progress_line(l, opts)?;
        if Some(l.as_str()) == start {
            first_time = p.time;
        }
        if p.time <= prev {
            return Err(format!("progress times do not increase: {l:?}"));
        }
        prev = p.time;
        // Each line is due a whole second after the run's start, and
        // printed then or up to 0.9 s later (a loaded machine). With
        // --progress-timestamp the start is not printed: the first line
        // stands for it, and as it may be late too, a later line may then
        // come less than a whole second after it.
        let since = if opts.timestamp { p.time - first_time + 1.0 } else { p.time };
        let early = if opts.timestamp { 0.9 } else { 0.05 };
        #[allow(clippy::cast_precision_loss)]
        let due = (k + 1) as f64;
        if since < due - early || since > due + 0.9 {
            return Err(format!(
                "progress line {} is at {since} s, expected about {due} s: {l:?}",
                k + 1
            ));
        }
    }
    Ok(())
}

/// `-P 1 -T 3`: two or three progress lines, then the report (with the
/// measured latency average and stddev that -P turns on).
#[test]
fn progress_every_second() {
    if !require(Need::Server) {
        return;
    }
    let name = "progress";
    let db = pgbench_db(name);
    let run = Pgbench::new(["-S", "-n", "-c", "2", "-P", "1", "-T", "3", &db.name]).label(name);
    let mut r = Bench::new(name, run).mask_stdout(normalize::mask_counts).run();
    r.same_status()
        .same_stdout()
        .same_by("stderr without progress lines", |o: &Output| split_progress(&o.stderr).1)
        .status(0)
        .stdout_is(&format!(
            "{}duration: 3 s\n\
             number of transactions actually processed: <t>\n\
             number of failed transactions: 0 (0.000%)\n\
             latency average = <t> ms\n\
             latency stddev = <t> ms\n\
             initial connection time = <t> ms\n\
             tps = <t> (without initial connection time)\n",
            report_head("<builtin: select only>", "simple", 2, 1, "1")
        ));
    r.each_raw(|o| check_progress(o, ProgressOpts::default(), 2, 3, ""));
    r.finish();
}

/// Progress with `-R`, `-L` and `--max-tries 2`: lag, skipped, retried and
/// retries fields.
#[test]
fn progress_with_rate_limit_and_retries() {
    if !require(Need::Server) {
        return;
    }
    let name = "progress_rate";
    let db = pgbench_db(name);
    let run = Pgbench::new([
        "-S",
        "-n",
        "-c",
        "2",
        "-P",
        "1",
        "-T",
        "2",
        "-R",
        "200",
        "-L",
        "20",
        "--max-tries",
        "2",
        &db.name,
    ])
    .label(name);
    let mut r = Bench::new(name, run).mask_stdout(normalize::mask_counts).run();
    r.same_status()
        .same_stdout()
        .same_by("stderr without progress lines", |o: &Output| split_progress(&o.stderr).1)
        .status(0)
        .stdout_is(&format!(
            "{}duration: 2 s\n\
             number of transactions actually processed: <t>\n\
             number of failed transactions: 0 (0.000%)\n\
             number of transactions retried: 0 (0.000%)\n\
             total number of retries: 0\n\
             number of transactions skipped: <t> (<t>%)\n\
             number of transactions above the 20.0 ms latency limit: <t>/<t> (<t>%)\n\
             latency average = <t> ms\n\
             latency stddev = <t> ms\n\
             rate limit schedule lag: avg <t> (max <t>) ms\n\
             initial connection time = <t> ms\n\
             tps = <t> (without initial connection time)\n",
            report_head("<builtin: select only>", "simple", 2, 1, "2")
        ));
    let opts = ProgressOpts { lag: true, skipped: true, retries: true, timestamp: false };
    r.each_raw(|o| check_progress(o, opts, 1, 2, ""));
    r.finish();
}

/// `--progress-timestamp`: Unix-epoch times with three decimals.
#[test]
fn progress_timestamp() {
    if !require(Need::Server) {
        return;
    }
    let name = "progress_timestamp";
    let db = pgbench_db(name);
    let run = Pgbench::new(["-S", "-n", "-P", "1", "--progress-timestamp", "-T", "2", &db.name])
        .label(name);
    let mut r = Bench::new(name, run).mask_stdout(normalize::mask_counts).run();
    r.same_status()
        .same_stdout()
        .same_by("stderr without progress lines", |o: &Output| split_progress(&o.stderr).1)
        .status(0);
    let opts = ProgressOpts { timestamp: true, ..ProgressOpts::default() };
    r.each_raw(|o| {
        check_progress(o, opts, 1, 2, "")?;
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_secs_f64())
            .unwrap_or(0.0);
        for l in split_progress(&o.stderr).0 {
            let p = shapes::parse_progress_line(&l, opts)?;
            if (now - p.time).abs() > 60.0 {
                return Err(format!("{l:?} is not a current Unix time"));
            }
        }
        Ok(())
    });
    r.finish();
}

// ---------------------------------------------------------------------------
// Per-command latencies

/// `-r` with a builtin.
#[test]
fn per_command_builtin() {
    if !require(Need::Server) {
        return;
    }
    let name = "per_command_builtin";
    let db = pgbench_db(name);
    let run = Pgbench::new(["-r", "-t", "10", "-c", "2", "-n", &db.name]).label(name);
    let mut r = Bench::new(name, run).run();
    let mut want = format!(
        "{}number of transactions per client: 10\n\
         number of transactions actually processed: 20/20\n{TAIL}\
         statement latencies in milliseconds and failures:\n",
        report_head("<builtin: TPC-B (sort of)>", "simple", 2, 1, "1")
    );
    for c in TPCB_COMMANDS {
        want.push_str(&cmd(0, c));
    }
    r.same().status(0).stderr_is("").stdout_is(&want);
    r.finish();
}

/// `-r` with a custom script: continuation lines of a meta command, `\gset`
/// merged into its SQL, `\;` compound statements, a first line longer than
/// 127 bytes, a multi-line SQL command, `\sleep`; in extended mode.
#[test]
fn per_command_custom_script() {
    if !require(Need::Server) {
        return;
    }
    let long = format!("SELECT '{}' AS long_one;", "a".repeat(140));
    let script = format!(
        "-- a comment\n\\set a 1 + \\\n  2\nSELECT :a AS x \\gset\nSELECT 1 \\; SELECT 2;\nBEGIN;\n{long}\n\
         SELECT 1\n  + 2\n  AS three;\nEND;\n\\sleep 1 ms\n"
    );
    let name = "per_command_custom";
    let db = create_db(name);
    let run = Pgbench::new(["-r", "-t", "3", "-n", "-M", "simple", "-f", "multi.sql", &db.name])
        .file("multi.sql", script)
        .label(name);
    let mut r = Bench::new(name, run).run();
    let mut want = format!(
        "{}number of transactions per client: 3\n\
         number of transactions actually processed: 3/3\n{TAIL}\
         statement latencies in milliseconds and failures:\n",
        report_head("multi.sql", "simple", 1, 1, "1")
    );
    // A meta command's text keeps its continuation lines.
    want.push_str(&cmd(0, "\\set a 1 + \\\n  2"));
    for c in [
        "SELECT :a AS x ",
        "SELECT 1 ; SELECT 2;",
        "BEGIN;",
        &long[..127],
        "SELECT 1",
        "END;",
        "\\sleep 1 ms",
    ] {
        want.push_str(&cmd(0, c));
    }
    r.same().status(0).stderr_is("").stdout_is(&want);
    r.finish();
}

/// `-r` with a pipeline in prepared mode.
#[test]
fn per_command_pipeline() {
    if !require(Need::Server) {
        return;
    }
    let script = "\\startpipeline\nSELECT 1;\nSELECT 2;\nSELECT 3;\n\\endpipeline\n";
    let name = "per_command_pipeline";
    let db = create_db(name);
    let run = Pgbench::new(["-r", "-t", "5", "-n", "-M", "prepared", "-f", "pipe.sql", &db.name])
        .file("pipe.sql", script)
        .label(name);
    let mut r = Bench::new(name, run).run();
    let mut want = format!(
        "{}number of transactions per client: 5\n\
         number of transactions actually processed: 5/5\n{TAIL}\
         statement latencies in milliseconds and failures:\n",
        report_head("pipe.sql", "prepared", 1, 1, "1")
    );
    for c in ["\\startpipeline", "SELECT 1;", "SELECT 2;", "SELECT 3;", "\\endpipeline"] {
        want.push_str(&cmd(0, c));
    }
    r.same().status(0).stderr_is("").stdout_is(&want);
    r.finish();
}

/// A workload where one transaction of two hits a serialization error.
/// The TAP test's serialization workload. Its wait loops look for waiters
/// on advisory locks of this database only: tests run in parallel, each in
/// its own database, and advisory locks of other databases show in
/// `pg_locks` too.
const SERIALIZATION: &str = "\\set delta random(-5000, 5000)\n\
SELECT pg_advisory_lock(0);\n\
BEGIN;\n\
UPDATE xy SET y = y + :delta WHERE x = 1 AND pg_advisory_lock(1) IS NOT NULL;\n\
DO $$\n\
DECLARE\n  exists boolean;\n  waiters integer;\n\
BEGIN\n\
  SELECT EXISTS (SELECT * FROM first_client_table) INTO STRICT exists;\n\
  IF NOT exists THEN\n\
\tPERFORM pg_advisory_unlock(0);\n\
\tLOOP\n\
\t  SELECT COUNT(*) INTO STRICT waiters FROM pg_locks WHERE\n\
\t  locktype = 'advisory' AND database = (SELECT oid FROM pg_database WHERE datname = current_database()) AND objsubid = 1 AND\n\
\t  ((classid::bigint << 32) | objid::bigint = 1::bigint) AND NOT granted;\n\
\t  IF waiters = 1 THEN\n\
\t\tINSERT INTO first_client_table VALUES (1);\n\
\t\tEXIT;\n\
\t  END IF;\n\
\tEND LOOP;\n\
  END IF;\n\
END$$;\n\
COMMIT;\n\
SELECT pg_advisory_unlock_all();\n";

const REPEATABLE_READ: &str = "-c default_transaction_isolation=repeatable\\ read";

fn serialization_db(name: &str) -> crate::harness::Db {
    let db = create_db(name);
    db.exec(
        "CREATE UNLOGGED TABLE first_client_table (value integer); \
         CREATE UNLOGGED TABLE xy (x integer, y integer); INSERT INTO xy VALUES (1, 2);",
    );
    db
}

fn serialization_bench(name: &str, db: &crate::harness::Db, extra: &[&str]) -> Ran {
    let mut args: Vec<&str> = vec!["-n", "-c", "2", "-t", "1", "-f", "ser.sql"];
    args.extend_from_slice(extra);
    args.push(&db.name);
    let run = Pgbench::new(&args)
        .file("ser.sql", SERIALIZATION)
        .env("PGOPTIONS", REPEATABLE_READ)
        .label(name);
    let reset = db.clone();
    Bench::new(name, run)
        .before_each(move || reset.exec("DELETE FROM first_client_table; UPDATE xy SET y = 2"))
        .run()
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
    if !require(Need::Server) {
        return;
    }
    let name = "per_command_retries";
    let db = serialization_db(name);
    let mut r = serialization_bench(name, &db, &["-r", "--max-tries", "2"]);
    let mut want = format!(
        "{}number of transactions per client: 1\n\
         number of transactions actually processed: 2/2\n\
         number of failed transactions: 0 (0.000%)\n\
         number of transactions retried: 1 (50.000%)\n\
         total number of retries: 1\n\
         latency average = <t> ms\n\
         initial connection time = <t> ms\n\
         tps = <t> (without initial connection time)\n\
         statement latencies in milliseconds, failures and retries:\n",
        report_head("ser.sql", "simple", 2, 1, "2")
    );
    for (i, c) in SER_COMMANDS.iter().enumerate() {
        want.push_str(&cmd_r(0, u64::from(i == 3), c));
    }
    r.same().status(0).stderr_is("").stdout_is(&want);
    r.finish();
}

/// `-r` with one try: the failures column counts the failure on the
/// command that failed.
#[test]
fn per_command_failures() {
    if !require(Need::Server) {
        return;
    }
    let name = "per_command_failures";
    let db = serialization_db(name);
    let mut r = serialization_bench(name, &db, &["-r"]);
    let mut want = format!(
        "{}number of transactions per client: 1\n\
         number of transactions actually processed: 1/2\n\
         number of failed transactions: 1 (50.000%)\n\
         latency average = <t> ms (including failures)\n\
         initial connection time = <t> ms\n\
         tps = <t> (without initial connection time)\n\
         statement latencies in milliseconds and failures:\n",
        report_head("ser.sql", "simple", 2, 1, "1")
    );
    for (i, c) in SER_COMMANDS.iter().enumerate() {
        want.push_str(&cmd(u64::from(i == 3), c));
    }
    r.same().status(0).stderr_is("").stdout_is(&want);
    r.finish();
}

// ---------------------------------------------------------------------------
// Per-script sections

/// Two weighted builtins with a fixed seed (the script choice, and so the
/// per-script counts, are deterministic), `-r`, `--max-tries 3` and
/// `--failures-detailed`.
#[test]
fn per_script_sections() {
    if !require(Need::Server) {
        return;
    }
    let name = "per_script";
    let db = pgbench_db(name);
    let run = Pgbench::new([
        "-n",
        "-t",
        "10",
        "-c",
        "2",
        "-r",
        "-b",
        "simple-update@2",
        "-b",
        "select-only@1",
        "--max-tries=3",
        "--failures-detailed",
        "--random-seed=42",
        &db.name,
    ])
    .label(name);
    let mut r = Bench::new(name, run).run();
    r.same().status(0).stderr_is("pgbench: setting random seed to 42\n");
    // The stored shape (17's); the counts are checked to add up.
    let stored = r.stored_texts_apply();
    r.each(|o| {
        if !stored {
            return Ok(());
        }
        let lines: Vec<&str> = o.stdout.lines().collect();
        let head = format!(
            "{}number of transactions per client: 10\n\
             number of transactions actually processed: 20/20\n\
             number of failed transactions: 0 (0.000%)\n\
             number of serialization failures: 0 (0.000%)\n\
             number of deadlock failures: 0 (0.000%)\n\
             number of transactions retried: 0 (0.000%)\n\
             total number of retries: 0\n\
             latency average = <t> ms\n\
             initial connection time = <t> ms\n\
             tps = <t> (without initial connection time)\n",
            report_head("multiple scripts", "simple", 2, 1, "3")
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

// ---------------------------------------------------------------------------
// Transaction logs

/// The log files of a run (names starting with `prefix.`), sorted, with
/// their contents.
fn log_files(o: &Output, prefix: &str) -> Vec<(String, String)> {
    o.files()
        .into_iter()
        .filter(|f| f.starts_with(&format!("{prefix}.")))
        .map(|f| {
            let text = o.read_file(&f);
            (f, text)
        })
        .collect()
}

/// Check the names: `prefix.<pid>` for thread 0 and `prefix.<pid>.<t>` for
/// the other threads, with one pid.
fn check_names(files: &[(String, String)], prefix: &str, threads: usize) -> Result<(), String> {
    let names: Vec<&str> = files.iter().map(|(n, _)| n.as_str()).collect();
    let Some(pid) = names.iter().find_map(|n| {
        let rest = n.strip_prefix(&format!("{prefix}."))?;
        shapes::is_uint(rest).then_some(rest)
    }) else {
        return Err(format!("no file {prefix}.<pid> among {names:?}"));
    };
    let mut want: Vec<String> = vec![format!("{prefix}.{pid}")];
    for t in 1..threads {
        want.push(format!("{prefix}.{pid}.{t}"));
    }
    want.sort();
    let mut got: Vec<String> = names.iter().map(|s| s.to_string()).collect();
    got.sort();
    if got != want {
        return Err(format!("log files {got:?}, expected {want:?}"));
    }
    Ok(())
}

/// The lines of the log files, in file order (thread 0 first), parsed.
fn parse_logs(
    files: &[(String, String)],
    prefix: &str,
    o: LogOpts,
) -> Result<Vec<(usize, LogLine)>, String> {
    let mut sorted: Vec<&(String, String)> = files.iter().collect();
    // thread number: 0 for prefix.pid, t for prefix.pid.t
    let tid = |n: &str| -> usize {
        let rest = n.strip_prefix(&format!("{prefix}.")).unwrap_or("");
        rest.split_once('.').and_then(|(_, t)| t.parse().ok()).unwrap_or(0)
    };
    sorted.sort_by_key(|(n, _)| tid(n));
    let mut out = Vec::new();
    for (name, text) in sorted {
        if !text.is_empty() && !text.ends_with('\n') {
            return Err(format!("{name} does not end with a newline"));
        }
        for l in text.lines() {
            out.push((
                tid(name),
                shapes::parse_log_line(l, o).map_err(|e| format!("{name}: {e}"))?,
            ));
        }
    }
    Ok(out)
}

/// The numbers of a report: processed, failed, skipped.
fn report_counts(stdout: &str) -> Result<(u64, u64, u64), String> {
    let num = |prefix: &str| -> Option<u64> {
        stdout.lines().find_map(|l| {
            let rest = l.strip_prefix(prefix)?;
            rest.split(|c: char| !c.is_ascii_digit()).next()?.parse().ok()
        })
    };
    let processed =
        num("number of transactions actually processed: ").ok_or("no processed line")?;
    let failed = num("number of failed transactions: ").ok_or("no failed line")?;
    let skipped = num("number of transactions skipped: ").unwrap_or(0);
    Ok((processed, failed, skipped))
}

/// Every transaction the run completed is logged once: the number of lines
/// is processed + failed + skipped, each client's numbers are 1..n in
/// order, each client is logged by its own thread only (clients are dealt
/// to threads in blocks, the first threads taking the larger ones).
fn check_complete(
    lines: &[(usize, LogLine)],
    stdout: &str,
    clients: usize,
    threads: usize,
) -> Result<(), String> {
    let (processed, failed, skipped) = report_counts(stdout)?;
    let total = processed + failed + skipped;
    if u64::try_from(lines.len()).unwrap_or(0) != total {
        return Err(format!(
            "{} log lines, but the report says {processed} processed + {failed} failed + {skipped} skipped",
            lines.len()
        ));
    }
    // Which thread owns which client.
    let mut owner = Vec::new();
    let mut dealt = 0;
    for t in 0..threads {
        let n = (clients - dealt + threads - t - 1) / (threads - t);
        for _ in 0..n {
            owner.push(t);
        }
        dealt += n;
    }
    let mut per_client: BTreeMap<u32, Vec<u64>> = BTreeMap::new();
    for (tid, l) in lines {
        let c = l.client as usize;
        if owner.get(c) != Some(tid) {
            return Err(format!("client {} logged by thread {tid}", l.client));
        }
        per_client.entry(l.client).or_default().push(l.cnt);
    }
    for (c, v) in &per_client {
        let want: Vec<u64> = (1..=u64::try_from(v.len()).unwrap_or(0)).collect();
        if *v != want {
            return Err(format!(
                "client {c} logged transactions {v:?}, expected 1..{} in order",
                v.len()
            ));
        }
    }
    Ok(())
}

/// `-l -c 3 -j 2`: one file per thread, six fields per line, every
/// transaction once.
#[test]
fn log_files_per_thread() {
    if !require(Need::Server) {
        return;
    }
    let name = "log_per_thread";
    let db = pgbench_db(name);
    let run =
        Pgbench::new(["-S", "-n", "-l", "-c", "3", "-j", "2", "-t", "10", &db.name]).label(name);
    let mut r = Bench::new(name, run).run();
    r.same().status(0).stderr_is("").stdout_is(&format!(
        "{}number of transactions per client: 10\n\
         number of transactions actually processed: 30/30\n{TAIL}",
        report_head("<builtin: select only>", "simple", 3, 2, "1")
    ));
    r.each_raw(|o| {
        let files = log_files(o, "pgbench_log");
        check_names(&files, "pgbench_log", 2)?;
        let lines = parse_logs(&files, "pgbench_log", LogOpts::default())?;
        if let Some((_, l)) =
            lines.iter().find(|(_, l)| !matches!(l.latency, Latency::Micros(_)) || l.script != 0)
        {
            return Err(format!("unexpected line {l:?}"));
        }
        check_complete(&lines, &o.stdout, 3, 2)
    });
    r.finish();
}

/// `--log-prefix` with a timed run on two threads.
#[test]
fn log_prefix_timed() {
    if !require(Need::Server) {
        return;
    }
    let name = "log_prefix";
    let db = pgbench_db(name);
    let run = Pgbench::new([
        "-S",
        "-n",
        "-l",
        "--log-prefix=my_log",
        "-c",
        "4",
        "-j",
        "2",
        "-T",
        "2",
        &db.name,
    ])
    .label(name);
    let mut r = Bench::new(name, run).mask_stdout(normalize::mask_counts).run();
    r.same().status(0).stderr_is("").stdout_is(&format!(
        "{}duration: 2 s\nnumber of transactions actually processed: <t>\n{TAIL}",
        report_head("<builtin: select only>", "simple", 4, 2, "1")
    ));
    r.each_raw(|o| {
        if o.files().iter().any(|f| f.starts_with("pgbench_log")) {
            return Err("a pgbench_log file was written despite --log-prefix".into());
        }
        let files = log_files(o, "my_log");
        check_names(&files, "my_log", 2)?;
        let lines = parse_logs(&files, "my_log", LogOpts::default())?;
        check_complete(&lines, &o.stdout, 4, 2)
    });
    r.finish();
}

/// `-l -R`: a lag field; with `-L` and a script slower than the limit,
/// `skipped` lines (the upstream 'late throttling' workload). The limit is
/// 10 ms, not the upstream 1 ms: the first transaction is skipped too when
/// the client starts more than the limit after the run does, which a loaded
/// machine can cause, and the report then has no latency lines.
#[test]
fn log_rate_and_skipped() {
    if !require(Need::Server) {
        return;
    }
    let name = "log_skipped";
    let db = create_db(name);
    let run = Pgbench::new([
        "-n",
        "-l",
        "-t",
        "10",
        "--rate=100000",
        "--latency-limit=10",
        "-r",
        "-f",
        "001_pgbench_sleep",
        &db.name,
    ])
    .file("001_pgbench_sleep", "\\sleep 20ms")
    .label(name);
    let mut r = Bench::new(name, run).mask_stdout(normalize::mask_counts).run();
    r.same().status(0).stderr_is("").stdout_is(&format!(
        "{}number of transactions per client: 10\n\
         number of transactions actually processed: <t>/10\n\
         number of failed transactions: 0 (0.000%)\n\
         number of transactions skipped: <t> (<t>%)\n\
         number of transactions above the 10.0 ms latency limit: <t>/<t> (<t>%)\n\
         latency average = <t> ms\n\
         latency stddev = <t> ms\n\
         rate limit schedule lag: avg <t> (max <t>) ms\n\
         initial connection time = <t> ms\n\
         tps = <t> (without initial connection time)\n\
         statement latencies in milliseconds and failures:\n{}",
        report_head("001_pgbench_sleep", "simple", 1, 1, "1"),
        cmd(0, "\\sleep 20ms")
    ));
    r.each_raw(|o| {
        let files = log_files(o, "pgbench_log");
        check_names(&files, "pgbench_log", 1)?;
        let lines = parse_logs(&files, "pgbench_log", LogOpts { lag: true, retries: false })?;
        let skipped =
            lines.iter().filter(|(_, l)| l.latency == Latency::Word("skipped".into())).count();
        let (_, _, s) = report_counts(&o.stdout)?;
        if u64::try_from(skipped).unwrap_or(0) != s || skipped < 8 {
            return Err(format!(
                "{skipped} skipped lines, the report says {s} (expected at least 8)"
            ));
        }
        if let Some((_, l)) = lines
            .iter()
            .find(|(_, l)| l.latency == Latency::Word("skipped".into()) && l.lag != Some(0))
        {
            return Err(format!("a skipped line has a lag: {l:?}"));
        }
        check_complete(&lines, &o.stdout, 1, 1)
    });
    r.finish();
}

/// The serialization workload with `-l`: with `--max-tries 2` a retries
/// field (1 on the retried transaction); with one try a `failed` line, or
/// `serialization` with `--failures-detailed`.
fn log_serialization(name: &str, extra: &[&str], retries: bool, word: Option<&'static str>) {
    let db = serialization_db(name);
    let mut args = vec!["-l"];
    args.extend_from_slice(extra);
    let mut r = serialization_bench(name, &db, &args);
    r.same().status(0).stderr_is("");
    r.each_raw(move |o| {
        let files = log_files(o, "pgbench_log");
        check_names(&files, "pgbench_log", 1)?;
        let lines = parse_logs(&files, "pgbench_log", LogOpts { lag: false, retries })?;
        check_complete(&lines, &o.stdout, 2, 1)?;
        let words: Vec<&str> = lines
            .iter()
            .filter_map(|(_, l)| match &l.latency {
                Latency::Word(w) => Some(w.as_str()),
                Latency::Micros(_) => None,
            })
            .collect();
        let want: Vec<&str> = word.into_iter().collect();
        if words != want {
            return Err(format!("failure markers {words:?}, expected {want:?}"));
        }
        if retries {
            let mut r: Vec<u64> = lines.iter().filter_map(|(_, l)| l.retries).collect();
            r.sort_unstable();
            if r != [0, 1] {
                return Err(format!("retries fields {r:?}, expected 0 and 1"));
            }
        }
        Ok(())
    });
    r.finish();
}

#[test]
fn log_retries_field() {
    if !require(Need::Server) {
        return;
    }
    log_serialization("log_retries", &["--max-tries", "2"], true, None);
}

#[test]
fn log_failed_marker() {
    if !require(Need::Server) {
        return;
    }
    log_serialization("log_failed", &[], false, Some("failed"));
}

#[test]
fn log_serialization_marker() {
    if !require(Need::Server) {
        return;
    }
    log_serialization("log_serialization", &["--failures-detailed"], false, Some("serialization"));
}

/// A deadlock with one try and `--failures-detailed`: a `deadlock` line.
#[test]
fn log_deadlock_marker() {
    if !require(Need::Server) {
        return;
    }
    let name = "log_deadlock";
    let db = create_db(name);
    db.exec("CREATE UNLOGGED TABLE first_client_table (value integer)");
    // Client 0 takes lock 1 then 2, client 1 takes 2 then 1; each waits for
    // the other to hold its first lock before asking for the second.
    let script = "BEGIN;\n\
                  SELECT pg_advisory_xact_lock(:client_id + 1);\n\
                  SELECT pg_sleep(0.3);\n\
                  SELECT pg_advisory_xact_lock(2 - :client_id);\n\
                  END;\n";
    let run = Pgbench::new([
        "-n",
        "-c",
        "2",
        "-t",
        "1",
        "-l",
        "--failures-detailed",
        "-f",
        "dl.sql",
        &db.name,
    ])
    .file("dl.sql", script)
    .label(name);
    let mut r = Bench::new(name, run).run();
    r.same().status(0).stderr_is("").stdout_is(&format!(
        "{}number of transactions per client: 1\n\
         number of transactions actually processed: 1/2\n\
         number of failed transactions: 1 (50.000%)\n\
         number of serialization failures: 0 (0.000%)\n\
         number of deadlock failures: 1 (50.000%)\n\
         latency average = <t> ms (including failures)\n\
         initial connection time = <t> ms\n\
         tps = <t> (without initial connection time)\n",
        report_head("dl.sql", "simple", 2, 1, "1")
    ));
    r.each_raw(|o| {
        let files = log_files(o, "pgbench_log");
        let lines = parse_logs(&files, "pgbench_log", LogOpts::default())?;
        check_complete(&lines, &o.stdout, 2, 1)?;
        let n = lines.iter().filter(|(_, l)| l.latency == Latency::Word("deadlock".into())).count();
        if n == 1 { Ok(()) } else { Err(format!("{n} deadlock lines, expected 1")) }
    });
    r.finish();
}

/// `--sampling-rate` with a fixed seed and one client: the sample (which
/// transactions are logged) is deterministic, so both implementations log
/// the same transaction numbers.
#[test]
fn log_sampling() {
    if !require(Need::Server) {
        return;
    }
    let name = "log_sampling";
    let db = pgbench_db(name);
    let run = Pgbench::new([
        "-n",
        "-S",
        "-t",
        "50",
        "-l",
        "--sampling-rate=0.5",
        "--random-seed=7",
        &db.name,
    ])
    .label(name);
    let mut r = Bench::new(name, run).run();
    r.same().status(0).stderr_is("pgbench: setting random seed to 7\n");
    r.each_raw(|o| {
        let files = log_files(o, "pgbench_log");
        check_names(&files, "pgbench_log", 1)?;
        let lines = parse_logs(&files, "pgbench_log", LogOpts::default())?;
        // The upstream bounds for 50 transactions at 50%.
        if !(8..=92).contains(&lines.len()) || lines.len() >= 50 {
            return Err(format!("{} sampled lines out of 50", lines.len()));
        }
        Ok(())
    });
    let sampled = |o: &Output| -> String {
        let files = log_files(o, "pgbench_log");
        match parse_logs(&files, "pgbench_log", LogOpts::default()) {
            Ok(lines) => lines
                .iter()
                .map(|(_, l)| format!("{} {}\n", l.client, l.cnt))
                .collect::<Vec<_>>()
                .concat(),
            Err(e) => e,
        }
    };
    r.same_by("sampled transactions (client, number)", sampled);
    r.finish();
}

/// Two clients in one thread with `--sampling-rate` (the upstream 'pgbench
/// logs' case): client ids 0 and 1, 8 to 92 lines.
#[test]
fn log_sampling_two_clients() {
    if !require(Need::Server) {
        return;
    }
    let name = "log_sampling_2";
    let db = pgbench_db(name);
    let run =
        Pgbench::new(["-n", "-S", "-t", "50", "-c", "2", "--log", "--sampling-rate=0.5", &db.name])
            .label(name);
    let mut r = Bench::new(name, run).run();
    r.same().status(0).stderr_is("");
    r.each_raw(|o| {
        let files = log_files(o, "pgbench_log");
        check_names(&files, "pgbench_log", 1)?;
        let lines = parse_logs(&files, "pgbench_log", LogOpts::default())?;
        if !(8..=92).contains(&lines.len()) {
            return Err(format!("{} sampled lines", lines.len()));
        }
        if lines.iter().any(|(_, l)| l.client > 1 || l.cnt > 50) {
            return Err("client id or transaction number out of range".into());
        }
        Ok(())
    });
    r.finish();
}

/// Check aggregate log files: 15-field lines, consecutive intervals, and
/// at most as many transactions as the report (the last, partial interval
/// is never written).
fn check_aggregates(o: &Output, interval: u64, min_lines: usize, lag: bool) -> Result<(), String> {
    let files = log_files(o, "pgbench_log");
    check_names(&files, "pgbench_log", 1)?;
    let text = &files[0].1;
    let mut aggs = Vec::new();
    for l in text.lines() {
        aggs.push(shapes::parse_agg_line(l)?);
    }
    if aggs.len() < min_lines {
        return Err(format!(
            "{} aggregate lines, expected {min_lines} or more:\n{text}",
            aggs.len()
        ));
    }
    // Each interval began while the program ran (an interval starts at
    // the thread's start, then one after the other: how many there are
    // depends on how long it took to connect and to end, so it is bounded
    // by when the process lived, not by a count).
    let (began, ended) = o.lifetime;
    #[allow(clippy::cast_precision_loss)]
    let starts =
        (aggs.first().map_or(0, |a| a.start()) as f64, aggs.last().map_or(0, |a| a.start()) as f64);
    if !aggs.is_empty() && (starts.0 < began.floor() || starts.1 > ended) {
        return Err(format!(
            "intervals from {} to {} of a process that ran from {began:.3} to {ended:.3}:\n{text}",
            starts.0, starts.1
        ));
    }
    for w in aggs.windows(2) {
        if w[1].start() != w[0].start() + interval {
            return Err(format!("intervals not consecutive:\n{text}"));
        }
    }
    let (processed, _, _) = report_counts(&o.stdout)?;
    let logged: u64 = aggs.iter().map(|a| a.cnt()).sum();
    if logged > processed
        || (processed > 0 && aggs.iter().all(|a| a.cnt() == 0) && !aggs.is_empty())
    {
        return Err(format!(
            "aggregates count {logged} transactions, the report {processed}:\n{text}"
        ));
    }
    for a in &aggs {
        let lagf = &a.fields[6..10];
        if !lag && lagf.iter().any(|&v| v != 0) {
            return Err(format!("lag figures without -R: {:?}", a.fields));
        }
        if a.fields[13] != 0 || a.fields[14] != 0 || a.fields[11] != 0 || a.fields[12] != 0 {
            return Err(format!("failures or retries in a clean run: {:?}", a.fields));
        }
    }
    Ok(())
}

/// `--aggregate-interval=1` over `-T 3`: consecutive lines, each of an
/// interval that began while the program ran.
#[test]
fn log_aggregate() {
    if !require(Need::Server) {
        return;
    }
    let name = "log_aggregate";
    let db = pgbench_db(name);
    let run =
        Pgbench::new(["-n", "-S", "-c", "2", "-T", "3", "-l", "--aggregate-interval=1", &db.name])
            .label(name);
    let mut r = Bench::new(name, run).mask_stdout(normalize::mask_counts).run();
    r.same().status(0).stderr_is("").stdout_is(&format!(
        "{}duration: 3 s\nnumber of transactions actually processed: <t>\n{TAIL}",
        report_head("<builtin: select only>", "simple", 2, 1, "1")
    ));
    r.each_raw(|o| check_aggregates(o, 1, 2, false));
    r.finish();
}

/// Aggregates with `-R`, `-L`, `--max-tries 2` and `--failures-detailed`:
/// the lag fields are filled in, the rest stays in shape.
#[test]
fn log_aggregate_rate() {
    if !require(Need::Server) {
        return;
    }
    let name = "log_aggregate_rate";
    let db = pgbench_db(name);
    let run = Pgbench::new([
        "-n",
        "-S",
        "-T",
        "2",
        "-R",
        "100",
        "-L",
        "50",
        "--max-tries",
        "2",
        "--failures-detailed",
        "-l",
        "--aggregate-interval=1",
        &db.name,
    ])
    .label(name);
    let mut r = Bench::new(name, run).mask_stdout(normalize::mask_counts).run();
    r.same_status().same_stdout().same_stderr().status(0).stderr_is("");
    r.each_raw(|o| check_aggregates(o, 1, 1, true));
    r.finish();
}

/// A client that aborts after four transactions (`\if :client_id = 1`
/// and a failing SQL): its transactions before the abort are logged, the
/// aborted one is not, the others run to the end; exit status 2.
#[test]
fn log_complete_with_aborted_client() {
    if !require(Need::Server) {
        return;
    }
    let name = "log_aborted";
    let db = create_db(name);
    let script = "\\set n :n + 1\n\
                  SELECT :n;\n\
                  \\if :client_id = 1 and :n > 4\n\
                  SELECT 1 / 0;\n\
                  \\endif\n";
    let run = Pgbench::new([
        "-n",
        "-c",
        "3",
        "-j",
        "2",
        "-t",
        "20",
        "-Dn=0",
        "-l",
        "-f",
        "abort.sql",
        &db.name,
    ])
    .file("abort.sql", script)
    .label(name);
    let mut r = Bench::new(name, run).run();
    r.same()
        .status(2)
        .stdout_is(&format!(
            "{}number of transactions per client: 20\n\
             number of transactions actually processed: 44/60\n{TAIL}",
            report_head("abort.sql", "simple", 3, 2, "1")
        ))
        .stderr_is(
            "pgbench: error: client 1 script 0 aborted in command 3 query 0: ERROR:  division by zero\n\
             pgbench: error: Run was aborted; the above results are incomplete.\n",
        );
    r.each_raw(|o| {
        let files = log_files(o, "pgbench_log");
        check_names(&files, "pgbench_log", 2)?;
        let lines = parse_logs(&files, "pgbench_log", LogOpts::default())?;
        check_complete(&lines, &o.stdout, 3, 2)?;
        let c1 = lines.iter().filter(|(_, l)| l.client == 1).count();
        if c1 == 4 { Ok(()) } else { Err(format!("client 1 logged {c1} transactions, expected 4")) }
    });
    r.finish();
}

/// `-l` with `-R` and `--max-tries 2`: both the lag and the retries fields
/// (eight fields), retries 0 in a clean run.
#[test]
fn log_rate_and_retries_fields() {
    if !require(Need::Server) {
        return;
    }
    let name = "log_rate_retries";
    let db = pgbench_db(name);
    let run =
        Pgbench::new(["-S", "-n", "-R", "200", "-t", "20", "--max-tries", "2", "-l", &db.name])
            .label(name);
    let mut r = Bench::new(name, run).run();
    r.same().status(0).stderr_is("").stdout_is(&format!(
        "{}number of transactions per client: 20\n\
         number of transactions actually processed: 20/20\n\
         number of failed transactions: 0 (0.000%)\n\
         number of transactions retried: 0 (0.000%)\n\
         total number of retries: 0\n\
         latency average = <t> ms\n\
         latency stddev = <t> ms\n\
         rate limit schedule lag: avg <t> (max <t>) ms\n\
         initial connection time = <t> ms\n\
         tps = <t> (without initial connection time)\n",
        report_head("<builtin: select only>", "simple", 1, 1, "2")
    ));
    r.each_raw(|o| {
        let files = log_files(o, "pgbench_log");
        check_names(&files, "pgbench_log", 1)?;
        let lines = parse_logs(&files, "pgbench_log", LogOpts { lag: true, retries: true })?;
        if let Some((_, l)) = lines.iter().find(|(_, l)| l.retries != Some(0) || l.lag.is_none()) {
            return Err(format!("unexpected line {l:?}"));
        }
        check_complete(&lines, &o.stdout, 1, 1)
    });
    r.finish();
}
