//! The transaction logs (`-l`) compared with C pgbench: file names per
//! thread, `--log-prefix`, the fields with and without `-R` and
//! `--max-tries`, the skipped, failed, serialization and deadlock markers,
//! `--sampling-rate`, and that every transaction a run completes is
//! logged exactly once (also when a client aborts).

use std::collections::BTreeMap;

use super::per_command::cmd;
use crate::harness::bench::{
    Bench, RATE_END, TAIL, counts, report_head, retried, skipped_and_late,
};
use crate::harness::retries::{resetting, retry_db_on, retry_run, serialization_run};
use crate::harness::shapes::{self, Latency, LogLine, LogOpts};
use crate::harness::{Output, Pgbench, cluster, create_db, needs, normalize};

/// The log files of a run (names starting with `prefix.`), sorted, with
/// their contents.
pub(super) fn log_files(o: &Output, prefix: &str) -> Vec<(String, String)> {
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
pub(super) fn check_names(
    files: &[(String, String)],
    prefix: &str,
    threads: usize,
) -> Result<(), String> {
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
pub(super) fn parse_logs(
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

/// The parsed lines of a run's log files named `prefix.`, which must be
/// one per thread of `threads` ([`check_names`], [`parse_logs`]).
pub(super) fn logged(
    o: &Output,
    prefix: &str,
    threads: usize,
    opts: LogOpts,
) -> Result<Vec<(usize, LogLine)>, String> {
    let files = log_files(o, prefix);
    check_names(&files, prefix, threads)?;
    parse_logs(&files, prefix, opts)
}

/// The numbers of a report: processed, failed, skipped.
pub(super) fn report_counts(stdout: &str) -> Result<(u64, u64, u64), String> {
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
    let name = needs!(Server);
    let mut r = Bench::on_copy(name, &["-S", "-n", "-l", "-c", "3", "-j", "2", "-t", "10"]).run();
    r.quiet(&format!(
        "{}{}{TAIL}",
        report_head("<builtin: select only>", "simple", 3, 2, "1"),
        counts(10, "30/30")
    ));
    r.each_raw(|o| {
        let lines = logged(o, "pgbench_log", 2, LogOpts::default())?;
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
    let name = needs!(Server);
    let args = ["-S", "-n", "-l", "--log-prefix=my_log", "-c", "4", "-j", "2", "-T", "2"];
    let mut r = Bench::on_copy(name, &args).mask_stdout(normalize::mask_counts).run();
    r.quiet(&format!(
        "{}duration: 2 s\nnumber of transactions actually processed: <t>\n{TAIL}",
        report_head("<builtin: select only>", "simple", 4, 2, "1")
    ));
    r.each_raw(|o| {
        if o.files().iter().any(|f| f.starts_with("pgbench_log")) {
            return Err("a pgbench_log file was written despite --log-prefix".into());
        }
        let lines = logged(o, "my_log", 2, LogOpts::default())?;
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
    let name = needs!(Server);
    let db = create_db(name);
    let args = "-n -l -t 10 --rate=100000 --latency-limit=10 -r -f 001_pgbench_sleep";
    let run = Pgbench::new(args.split_whitespace())
        .arg(&db.name)
        .file("001_pgbench_sleep", "\\sleep 20ms")
        .label(name);
    let mut r = Bench::new(name, run).mask_stdout(normalize::mask_counts).run();
    r.quiet(&format!(
        "{}{}number of failed transactions: 0 (0.000%)\n{}{RATE_END}\
         statement latencies in milliseconds and failures:\n{}",
        report_head("001_pgbench_sleep", "simple", 1, 1, "1"),
        counts(10, "<t>/10"),
        skipped_and_late("10.0"),
        cmd(0, "\\sleep 20ms")
    ));
    r.each_raw(|o| {
        let lines = logged(o, "pgbench_log", 1, LogOpts { lag: true, retries: false })?;
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
    let db = retry_db_on(cluster(), name);
    let mut args = vec!["-l"];
    args.extend_from_slice(extra);
    let mut r = resetting(name, &db, serialization_run(&db, "ser.sql", &args)).run();
    r.same().status(0).stderr_is("");
    r.each_raw(move |o| {
        let lines = logged(o, "pgbench_log", 1, LogOpts { lag: false, retries })?;
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
    let name = needs!(Server);
    log_serialization(name, &["--max-tries", "2"], true, None);
}

#[test]
fn log_failed_marker() {
    let name = needs!(Server);
    log_serialization(name, &[], false, Some("failed"));
}

#[test]
fn log_serialization_marker() {
    let name = needs!(Server);
    log_serialization(name, &["--failures-detailed"], false, Some("serialization"));
}

/// A deadlock with one try and `--failures-detailed`: a `deadlock` line.
#[test]
fn log_deadlock_marker() {
    let name = needs!(Server);
    let db = create_db(name);
    // Until another session holds advisory lock `k` of this database (the
    // tests run in parallel, each in its own database): the other
    // client's event, as the retry tests wait for theirs in `pg_locks`.
    db.exec(
        "CREATE FUNCTION held_by_another(k bigint) RETURNS void LANGUAGE plpgsql AS $$\n\
         BEGIN\n\
         \tLOOP\n\
         \t  EXIT WHEN EXISTS (SELECT FROM pg_locks WHERE locktype = 'advisory' AND\n\
         \t    database = (SELECT oid FROM pg_database WHERE datname = current_database()) AND\n\
         \t    objsubid = 1 AND ((classid::bigint << 32) | objid::bigint) = k AND\n\
         \t    granted AND pid <> pg_backend_pid());\n\
         \tEND LOOP;\n\
         END$$",
    );
    // Client 0 takes lock 1 then 2, client 1 takes 2 then 1; each waits for
    // the other to hold its first lock before asking for the second.
    let script = "BEGIN;\n\
                  SELECT pg_advisory_xact_lock(:client_id + 1);\n\
                  SELECT held_by_another(2 - :client_id);\n\
                  SELECT pg_advisory_xact_lock(2 - :client_id);\n\
                  END;\n";
    let run = retry_run(&db, "dl.sql", script, &["-l", "--failures-detailed"]);
    let mut r = Bench::new(name, run.label(name)).run();
    r.quiet(&format!(
        "{}{}\
         number of failed transactions: 1 (50.000%)\n\
         number of serialization failures: 0 (0.000%)\n\
         number of deadlock failures: 1 (50.000%)\n\
         latency average = <t> ms (including failures)\n\
         initial connection time = <t> ms\n\
         tps = <t> (without initial connection time)\n",
        report_head("dl.sql", "simple", 2, 1, "1"),
        counts(1, "1/2")
    ));
    r.each_raw(|o| {
        let lines = logged(o, "pgbench_log", 1, LogOpts::default())?;
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
    let name = needs!(Server);
    let args = ["-n", "-S", "-t", "50", "-l", "--sampling-rate=0.5", "--random-seed=7"];
    let mut r = Bench::on_copy(name, &args).run();
    r.same().status(0).stderr_is("pgbench: setting random seed to 7\n");
    r.each_raw(|o| {
        let lines = logged(o, "pgbench_log", 1, LogOpts::default())?;
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
    let name = needs!(Server);
    let args = ["-n", "-S", "-t", "50", "-c", "2", "--log", "--sampling-rate=0.5"];
    let mut r = Bench::on_copy(name, &args).run();
    r.same().status(0).stderr_is("");
    r.each_raw(|o| {
        let lines = logged(o, "pgbench_log", 1, LogOpts::default())?;
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

/// A client that aborts after four transactions (`\if :client_id = 1`
/// and a failing SQL): its transactions before the abort are logged, the
/// aborted one is not, the others run to the end; exit status 2.
#[test]
fn log_complete_with_aborted_client() {
    let name = needs!(Server);
    let db = create_db(name);
    let script = "\\set n :n + 1\n\
                  SELECT :n;\n\
                  \\if :client_id = 1 and :n > 4\n\
                  SELECT 1 / 0;\n\
                  \\endif\n";
    let args = ["-n", "-c", "3", "-j", "2", "-t", "20", "-Dn=0", "-l", "-f", "abort.sql", &db.name];
    let run = Pgbench::new(args).file("abort.sql", script).label(name);
    let mut r = Bench::new(name, run).run();
    r.same()
        .status(2)
        .stdout_is(&format!(
            "{}{}{TAIL}",
            report_head("abort.sql", "simple", 3, 2, "1"),
            counts(20, "44/60")
        ))
        .stderr_is(
            "pgbench: error: client 1 script 0 aborted in command 3 query 0: ERROR:  division by zero\n\
             pgbench: error: Run was aborted; the above results are incomplete.\n",
        );
    r.each_raw(|o| {
        let lines = logged(o, "pgbench_log", 2, LogOpts::default())?;
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
    let name = needs!(Server);
    let args = ["-S", "-n", "-R", "200", "-t", "20", "--max-tries", "2", "-l"];
    let mut r = Bench::on_copy(name, &args).run();
    r.quiet(&format!(
        "{}{}number of failed transactions: 0 (0.000%)\n{}{RATE_END}",
        report_head("<builtin: select only>", "simple", 1, 1, "2"),
        counts(20, "20/20"),
        retried(0, 20, 0)
    ));
    r.each_raw(|o| {
        let lines = logged(o, "pgbench_log", 1, LogOpts { lag: true, retries: true })?;
        if let Some((_, l)) = lines.iter().find(|(_, l)| l.retries != Some(0) || l.lag.is_none()) {
            return Err(format!("unexpected line {l:?}"));
        }
        check_complete(&lines, &o.stdout, 1, 1)
    });
    r.finish();
}
