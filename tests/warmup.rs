//! `--warmup` against a real server: nothing the clients did during the
//! warm-up is in the report, the `-l` logs or the JSON; `-T` and `-t`
//! count from its end; `-P` lines during it are marked `warm-up:`.

use serde_json::Value;

use crate::harness::Pgbench;
use crate::harness::bench::pgbench_db;
use crate::harness::checks::run_report;
use crate::harness::needs;
use crate::harness::runner::Output;
use crate::harness::serial;
use crate::harness::shapes::{Latency, LogOpts, ProgressOpts, parse_log_line, parse_progress_line};

fn run(case: &str, args: &[&str]) -> (Output, Value) {
    let db = pgbench_db(case);
    run_report(case, Pgbench::new(args).arg(&db.name).label(case))
}

fn processed(out: &Output) -> String {
    out.stdout
        .lines()
        .find_map(|l| l.strip_prefix("number of transactions actually processed: "))
        .expect("a report")
        .to_string()
}

/// The `-l` lines: (client, number, start of the transaction in epoch µs).
fn log(out: &Output, opts: LogOpts) -> Vec<(u32, u64, i64)> {
    let mut v = Vec::new();
    for f in out.files().iter().filter(|f| f.starts_with("pgbench_log.")) {
        for line in out.read_file(f).lines() {
            let l = parse_log_line(line, opts).unwrap_or_else(|e| panic!("{e}"));
            let Latency::Micros(us) = l.latency else { panic!("a failure: {line}") };
            let end = i64::try_from(l.sec * 1_000_000 + l.usec).expect("time");
            // The latency counts from the scheduled time under -R (the
            // schedule lag is part of it), from the start otherwise.
            let start = end - i64::try_from(us).expect("latency");
            v.push((l.client, l.cnt, start));
        }
    }
    v
}

#[test]
fn warmup_transactions_are_not_measured() {
    let _one = serial();
    needs!(Server);
    let (out, doc) = run(
        "warm-dur",
        &["-n", "-S", "-c", "2", "-j", "2", "--warmup=1", "-T", "3", "-l", "-P", "1"],
    );
    let n: u64 = processed(&out).parse().expect("a count");
    assert!(
        out.stdout.contains("\nwarm-up: 1 s (not measured)\nduration: 3 s\n"),
        "{}",
        out.stdout
    );
    assert_eq!(doc["warmup_s"], 1);
    assert_eq!(doc["totals"]["transactions"].as_u64(), Some(n));
    // Every logged transaction started after the measurement did, and
    // there is one line for each transaction of the report.
    #[allow(clippy::cast_possible_truncation)]
    let measured_from = (doc["start_time"].as_f64().expect("start_time") * 1e6).round() as i64;
    let lines = log(&out, LogOpts { lag: false, retries: false });
    assert_eq!(lines.len() as u64, n);
    // Latencies are logged in whole µs: one of rounding.
    let early: Vec<_> = lines.iter().filter(|l| l.2 + 1 < measured_from).collect();
    assert!(
        early.is_empty(),
        "{} transactions started before the measurement: {:?}",
        early.len(),
        &early[..early.len().min(3)]
    );
    // Each client numbers its measured transactions from 1.
    for client in [0, 1] {
        let mut cnts: Vec<u64> = lines.iter().filter(|l| l.0 == client).map(|l| l.1).collect();
        cnts.sort_unstable();
        let want: Vec<u64> = (1..=cnts.len() as u64).collect();
        assert_eq!(cnts, want, "client {client}'s numbers");
    }
    // -P: one warm-up line, then the measurement's, timed from its start.
    let progress: Vec<&str> = out
        .stderr
        .lines()
        .filter(|l| l.starts_with("progress: ") || l.starts_with("warm-up: "))
        .collect();
    assert!(progress.first().is_some_and(|l| l.starts_with("warm-up: 1.0 s, ")), "{}", out.stderr);
    let measured: Vec<_> = progress
        .iter()
        .filter_map(|l| l.strip_prefix("warm-up: ").is_none().then_some(*l))
        .map(|l| parse_progress_line(l, ProgressOpts::default()).expect("a progress line"))
        .collect();
    // The first two are of seconds 1 and 2 of the measurement (a loaded
    // machine may print one a little late, and its time then says so, as
    // C's does; the report due when the run ends may come too late to
    // print).
    let times: Vec<f64> = measured.iter().map(|p| p.time).take(2).collect();
    assert!(
        times.len() == 2 && (1.0..2.0).contains(&times[0]) && (2.0..3.0).contains(&times[1]),
        "{}",
        out.stderr
    );
}

#[test]
fn transactions_count_from_the_end_of_the_warmup() {
    let _one = serial();
    needs!(Server);
    let (out, doc) = run("warm-cnt", &["-n", "-S", "-c", "2", "--warmup=1", "-t", "200", "-l"]);
    assert_eq!(processed(&out), "400/400");
    assert_eq!(doc["totals"]["transactions"], 400);
    assert_eq!(log(&out, LogOpts { lag: false, retries: false }).len(), 400);
}

#[test]
fn warmup_under_rate_limit() {
    let _one = serial();
    needs!(Server);
    let (out, doc) =
        run("warm-rate", &["-n", "-S", "-c", "2", "-R", "200", "--warmup=1", "-T", "1", "-l"]);
    let n: u64 = processed(&out).parse().expect("a count");
    assert_eq!(doc["totals"]["transactions"].as_u64(), Some(n));
    #[allow(clippy::cast_possible_truncation)]
    let measured_from = (doc["start_time"].as_f64().expect("start_time") * 1e6).round() as i64;
    let lines = log(&out, LogOpts { lag: true, retries: false });
    assert_eq!(lines.len() as u64, n);
    // Under -R a transaction starts at its scheduled time.
    assert!(lines.iter().all(|l| l.2 + 1 >= measured_from), "a warm-up transaction was logged");
}
