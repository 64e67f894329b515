//! When a run starts and ends, against a real server: a `--start-at` long
//! past is refused before anything connects; one the connections missed
//! starts the run at once for the whole `-T` (and says so); the progress
//! lines count from the run's own start; and the last `-P` line of a `-T`
//! run, and of a warm-up, is printed as C prints it.

use std::time::{SystemTime, UNIX_EPOCH};

use serde_json::Value;

use crate::harness::Pgbench;
use crate::harness::bench::pgbench_db;
use crate::harness::needs;
use crate::harness::runner::{Output, Status};
use crate::harness::serial;
use crate::harness::shapes::{Latency, LogOpts, parse_log_line};

/// Now plus `secs` (negative: in the past), as epoch seconds.
fn epoch(secs: f64) -> String {
    let now = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0.0, |d| d.as_secs_f64());
    format!("{:.3}", now + secs)
}

/// The progress lines' times, in order (`progress: 1.0 s, ...` gives 1.0).
fn progress_times(stderr: &str, prefix: &str) -> Vec<String> {
    stderr
        .lines()
        .filter_map(|l| l.strip_prefix(prefix))
        .map(|r| r.split(' ').next().unwrap_or_default().to_string())
        .collect()
}

/// There are `n` progress lines, the i-th (from 1) of second i: a loaded
/// machine may print one a little late, and its time then says so, as
/// C's does.
fn reports_each_second(stderr: &str, prefix: &str, n: usize) -> bool {
    let times: Vec<f64> =
        progress_times(stderr, prefix).iter().map(|t| t.parse().expect("a time")).collect();
    #[allow(clippy::cast_precision_loss)]
    let on_time =
        times.iter().enumerate().all(|(i, t)| ((i + 1) as f64..(i + 2) as f64).contains(t));
    times.len() == n && on_time
}

fn ok(out: &Output, what: &str) {
    assert_eq!(out.status, Status::Exit(0), "{what}:\n{}\n{}", out.stdout, out.stderr);
}

/// The text between `prefix` and the next space on a line of `text`.
fn field<'a>(text: &'a str, prefix: &str) -> &'a str {
    text.lines()
        .find_map(|l| l.strip_prefix(prefix))
        .and_then(|r| r.split(' ').next())
        .unwrap_or_else(|| panic!("no {prefix:?} in:\n{text}"))
}

#[test]
fn a_start_at_long_past_is_refused_before_connecting() {
    let _one = serial();
    needs!(Server);
    // Epoch 10 lies before the machine's boot: -T used to never end.
    for (at, past_min) in [("10".to_string(), 1e9), (epoch(-3600.0), 3599.0)] {
        let out = Pgbench::no_server(["-T", "1", "-S", &format!("--start-at={at}")])
            .label("start-at-past")
            .run_under_test();
        assert_eq!(out.status, Status::Exit(1), "{at}: {}", out.stderr);
        let secs: f64 = out
            .stderr
            .strip_prefix("pgbench: error: the time of --start-at is ")
            .and_then(|r| r.strip_suffix(" s in the past (at most 60 s are allowed)\n"))
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("{at}: {:?}", out.stderr));
        assert!(secs >= past_min, "{at}: {secs}");
        assert_eq!(out.stdout, "", "nothing connected");
    }
}

#[test]
fn a_late_start_runs_the_whole_duration_and_says_so() {
    let _one = serial();
    needs!(Server);
    let db = pgbench_db("start-late");
    let at = epoch(-3.0);
    let out = Pgbench::new([
        "-n",
        "-S",
        "-T",
        "2",
        "-P",
        "1",
        &format!("--start-at={at}"),
        "--report-json=r.json",
        &db.name,
    ])
    .label("start-late")
    .run_under_test();
    ok(&out, "late start");
    let warning = out
        .stderr
        .lines()
        .find(|l| l.contains("after the time of --start-at"))
        .unwrap_or_else(|| panic!("no warning:\n{}", out.stderr));
    let late: f64 = warning
        .strip_prefix("pgbench: warning: the connections were made ")
        .and_then(|r| {
            r.strip_suffix(
                " s after the time of --start-at: the run starts now and lasts the whole -T 2 s",
            )
        })
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{warning}"));
    assert!((3.0..20.0).contains(&late), "{late}");
    // Two progress lines of the run's own seconds, none of a second
    // before it, and each of some transactions.
    assert!(reports_each_second(&out.stderr, "progress: ", 2), "{}", out.stderr);
    for l in out.stderr.lines().filter(|l| l.starts_with("progress: ")) {
        assert!(!l.contains(" 0.0 tps"), "{l}");
    }
    let printed_late: f64 = field(&out.stdout, "late start: ").parse().expect("late start");
    assert!((printed_late - late).abs() < 0.002, "{printed_late} against {late}");
    assert!(out.stdout.contains("\nduration: 2 s\n"), "{}", out.stdout);
    let doc: Value = serde_json::from_str(&out.read_file("r.json")).expect("JSON");
    assert_eq!(doc["status"], "completed");
    // What was measured is the whole -T, from the late start.
    let measured = doc["totals"]["duration_s"].as_f64().expect("duration_s");
    assert!((1.99..2.5).contains(&measured), "measured {measured} s");
    let start = doc["start_time"].as_f64().expect("start_time");
    let at: f64 = at.parse().expect("a time");
    assert!((start - at - late).abs() < 0.01, "start {start}, at {at}, late {late}");
    assert!((doc["late_start_s"].as_f64().expect("late_start_s") - late).abs() < 0.001);
    assert!(doc["totals"]["transactions"].as_u64().is_some_and(|n| n > 0));
}

#[test]
fn progress_counts_from_the_runs_own_start_after_a_past_start_at() {
    let _one = serial();
    needs!(Server);
    let db = pgbench_db("start-past-p");
    let start_at = format!("--start-at={}", epoch(-50.0));
    let args = "-n -S -t 5 -P 1 -l".split_whitespace().chain([start_at.as_str(), &db.name]);
    let run = Pgbench::new(args).label("start-past-p");
    let begun = std::time::Instant::now();
    let out = run.run_under_test();
    let took = begun.elapsed();
    ok(&out, "past start");
    // The report's average is the logged transactions' (the clock of the
    // progress reports, which used to start at --start-at and catch up
    // second by second, takes no time from the transactions).
    let mut sum = 0u64;
    let mut n = 0u64;
    for f in out.files().iter().filter(|f| f.starts_with("pgbench_log.")) {
        for line in out.read_file(f).lines() {
            let l = parse_log_line(line, LogOpts { lag: false, retries: false })
                .unwrap_or_else(|e| panic!("{e}"));
            let Latency::Micros(us) = l.latency else { panic!("a failure: {line}") };
            sum += us;
            n += 1;
        }
    }
    assert_eq!(n, 5);
    let avg: f64 = field(&out.stdout, "latency average = ").parse().expect("an average");
    #[allow(clippy::cast_precision_loss)]
    let logged = sum as f64 / 5.0 / 1000.0;
    assert!((avg - logged).abs() < 0.002, "average {avg} ms, logged {logged} ms");
    // No progress line for the 50 seconds since --start-at (there was one
    // for each): five transactions take less than a second, and however
    // long a loaded machine makes them take, no more lines than the
    // seconds the run lasted.
    let lines = progress_times(&out.stderr, "progress: ").len();
    assert!(lines as f64 <= took.as_secs_f64(), "{lines} lines in {took:?}:\n{}", out.stderr);
}

/// C prints the report of the `-T` deadline once the clients' last
/// transactions end after it; so does pgbench-rs, for one thread and two,
/// three runs of each at once (three chances for the last transactions
/// to end in any order around the deadline, in the time of one run).
/// (C itself is not asserted here: its alarm counts from before its
/// threads start, so on a loaded machine it may miss that report.)
#[test]
fn the_last_progress_line_of_a_timed_run_is_printed() {
    let _one = serial();
    needs!(Server);
    let db = pgbench_db("last-progress");
    for threads in ["1", "2"] {
        let run =
            Pgbench::new(["-n", "-S", "-T", "2", "-P", "1", "-c", "2", "-j", threads, &db.name])
                .label("last-progress");
        let runs: Vec<_> = (0..3).map(|_| run.spawn_under_test()).collect();
        for r in runs {
            let out = r.finish();
            ok(&out, "-T 2 -P 1");
            assert!(
                reports_each_second(&out.stderr, "progress: ", 2),
                "-j {threads}:\n{}",
                out.stderr
            );
        }
    }
}

/// Under `-R` every client may be done with the warm-up before its end
/// (the next transaction would start after it): the warm-up still lasts
/// its time and its report is printed.
#[test]
fn a_throttled_warmup_prints_its_progress_line() {
    let _one = serial();
    needs!(Server);
    let db = pgbench_db("warm-rate");
    let out = Pgbench::new(["-n", "-S", "-R", "50", "--warmup=1", "-P", "1", "-T", "1", &db.name])
        .label("warm-rate")
        .run_under_test();
    ok(&out, "-R 50 --warmup=1");
    assert!(reports_each_second(&out.stderr, "warm-up: ", 1), "{}", out.stderr);
}
