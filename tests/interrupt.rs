//! SIGINT and SIGTERM during a run, against a real server: the program
//! ends by the signal within a second of it, after printing the report of
//! the time until then; every completed transaction is in the `-l` logs
//! once, with no partial line, and in the aggregates and the JSON report;
//! queries in flight are cancelled; a second signal ends the process at
//! once. During `-i` the running command is cancelled, as C pgbench does.

use std::time::Duration;

use serde_json::Value;

use crate::harness::Pgbench;
use crate::harness::bench::pgbench_db;
use crate::harness::cluster::create_db;
use crate::harness::runner::{Output, Status};
use crate::harness::shapes::{LogOpts, messages, parse_agg_line, parse_log_line};
use crate::report::check_with_python;

const SIGINT: i32 = 2;
const SIGTERM: i32 = 15;

/// When the tests send the signal: long enough for the run to be under
/// way, far from the end of the `-T 30` runs.
const AT: Duration = Duration::from_millis(1200);

/// Runs `args` (the database appended) and sends `signal` at [`AT`].
fn interrupted(case: &str, db: &str, args: &[&str], files: &[(&str, &str)], signal: i32) -> Output {
    let name = if signal == SIGTERM { "TERM" } else { "INT" };
    let mut all: Vec<&str> = args.to_vec();
    all.push(db);
    let mut p = Pgbench::new(all).label(case).timeout(Duration::from_secs(60));
    for (f, text) in files {
        p = p.file(f, *text);
    }
    let out = p.signal_after(AT, name).run_under_test();
    assert_eq!(out.status, Status::Signal(signal), "{case}: {}\n{}", out.stdout, out.stderr);
    let after = out.after_signal.unwrap_or_else(|| panic!("{case}: it ended before the signal"));
    assert!(after < Duration::from_secs(1), "{case}: ran {after:?} after the signal");
    let sig = if signal == SIGTERM { "SIGTERM" } else { "SIGINT" };
    let msgs = messages(&out.stderr);
    assert!(
        msgs.iter().any(|m| m.starts_with(&format!("pgbench: run interrupted by {sig} after "))
            && m.ends_with(" s: the report covers the transactions completed until then\n")),
        "{case}: no interruption message in\n{}",
        out.stderr
    );
    out
}

/// The report's count of transactions (`N` of `N` or `N/M`).
fn processed(case: &str, out: &Output) -> u64 {
    let line = out
        .stdout
        .lines()
        .find_map(|l| l.strip_prefix("number of transactions actually processed: "))
        .unwrap_or_else(|| panic!("{case}: no report:\n{}", out.stdout));
    line.split('/').next().and_then(|n| n.parse().ok()).expect("a count")
}

/// Every `-l` file: complete lines only, each well formed.
fn log_lines(case: &str, out: &Output, opts: LogOpts) -> u64 {
    let mut n = 0;
    for f in out.files().iter().filter(|f| f.starts_with("pgbench_log.")) {
        let text = out.read_file(f);
        assert!(text.is_empty() || text.ends_with('\n'), "{case}: {f} ends in a partial line");
        for line in text.lines() {
            parse_log_line(line, opts).unwrap_or_else(|e| panic!("{case}: {f}: {e}"));
            n += 1;
        }
    }
    n
}

/// The JSON report says the run was interrupted by `sig`; its count.
fn json_count(case: &str, out: &Output, sig: &str) -> u64 {
    let doc: Value = serde_json::from_str(&out.read_file("r.json")).expect("r.json is JSON");
    check_with_python(case, out, &doc);
    assert_eq!(doc["status"], "interrupted", "{case}");
    assert_eq!(doc["interrupted_by"], sig, "{case}");
    doc["totals"]["transactions"].as_u64().expect("a count")
}

#[test]
fn sigint_under_t_capital_reports_what_the_log_holds() {
    let db = pgbench_db("int-dur");
    let args = ["-n", "-S", "-c", "3", "-j", "2", "-T", "30", "-l", "--report-json=r.json"];
    let out = interrupted("int-dur", &db.name, &args, &[], SIGINT);
    let n = processed("int-dur", &out);
    assert!(n > 0, "int-dur: nothing measured");
    assert!(out.stdout.contains("\nduration: 30 s\n"), "{}", out.stdout);
    assert_eq!(log_lines("int-dur", &out, LogOpts { lag: false, retries: false }), n);
    assert_eq!(json_count("int-dur", &out, "SIGINT"), n);
    assert!(!out.stderr.contains("Run was aborted"), "{}", out.stderr);
}

#[test]
fn sigint_under_t_reports_the_count_so_far() {
    let db = pgbench_db("int-cnt");
    let args = ["-n", "-S", "-c", "2", "-t", "10000000", "-l", "--report-json=r.json"];
    let out = interrupted("int-cnt", &db.name, &args, &[], SIGINT);
    let n = processed("int-cnt", &out);
    assert!(out.stdout.contains(&format!("processed: {n}/20000000\n")), "{}", out.stdout);
    assert_eq!(log_lines("int-cnt", &out, LogOpts { lag: false, retries: false }), n);
    assert_eq!(json_count("int-cnt", &out, "SIGINT"), n);
}

#[test]
fn sigterm_under_rate_limit() {
    let db = pgbench_db("term-rate");
    let args = ["-n", "-S", "-c", "2", "-R", "400", "-T", "30", "-l", "--report-json=r.json"];
    let out = interrupted("term-rate", &db.name, &args, &[], SIGTERM);
    let n = processed("term-rate", &out);
    assert!(n > 0);
    assert_eq!(log_lines("term-rate", &out, LogOpts { lag: true, retries: false }), n);
    assert_eq!(json_count("term-rate", &out, "SIGTERM"), n);
}

#[test]
fn sigint_with_aggregates_counts_every_transaction_once() {
    let db = pgbench_db("int-agg");
    let args =
        ["-n", "-S", "-c", "2", "-T", "30", "-l", "--aggregate-interval=1", "--report-json=r.json"];
    let out = interrupted("int-agg", &db.name, &args, &[], SIGINT);
    let n = processed("int-agg", &out);
    let mut sum = 0;
    for f in out.files().iter().filter(|f| f.starts_with("pgbench_log.")) {
        let text = out.read_file(f);
        assert!(text.ends_with('\n'), "int-agg: {f} ends in a partial line");
        for line in text.lines() {
            sum += parse_agg_line(line).unwrap_or_else(|e| panic!("int-agg: {e}")).cnt();
        }
    }
    assert_eq!(sum, n, "int-agg: the aggregates do not add up to the report");
    assert_eq!(json_count("int-agg", &out, "SIGINT"), n);
}

#[test]
fn sigint_with_reconnects_and_scripts_in_flight() {
    let db = pgbench_db("int-flight");
    let cases: [(&str, &[&str], &str); 5] = [
        (
            "connect",
            &["-C"],
            "\\set aid random(1, 100000)\nselect abalance from pgbench_accounts where aid = :aid;\n",
        ),
        (
            "pipeline",
            &["-M", "extended"],
            "\\startpipeline\nselect 1;\nselect pg_sleep(0.01);\nselect 2;\n\\endpipeline\n",
        ),
        ("sleep", &[], "select 1;\n\\sleep 700 ms\n"),
        ("shell", &[], "select 1;\n\\shell sleep 0.7\n"),
        ("setshell", &[], "select 1;\n\\setshell x sh -c 'sleep 0.7; echo 1'\n"),
    ];
    for (case, extra, script) in cases {
        let mut args = vec!["-n", "-c", "2", "-T", "30", "-l", "-f", "s.sql"];
        args.extend_from_slice(extra);
        let label = format!("int-{case}");
        let out = interrupted(&label, &db.name, &args, &[("s.sql", script)], SIGINT);
        let n = processed(&label, &out);
        assert_eq!(log_lines(&label, &out, LogOpts { lag: false, retries: false }), n, "{label}");
    }
}

/// A query the signal finds running is cancelled on the server, not left
/// to run to its end there.
#[test]
fn sigint_cancels_the_queries_in_flight() {
    let db = create_db("int-cancel");
    let script = "select pg_sleep(20) as interrupt_me;\n";
    let out = interrupted(
        "int-cancel",
        &db.name,
        &["-n", "-c", "2", "-T", "60", "-f", "s.sql"],
        &[("s.sql", script)],
        SIGINT,
    );
    assert_eq!(processed("int-cancel", &out), 0);
    let running = "select count(*) from pg_stat_activity \
                   where query like '%interrupt_me%' and pid <> pg_backend_pid()";
    let mut left = String::new();
    for _ in 0..50 {
        left = db.query(running)[0][0].clone();
        if left == "0" {
            break;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    assert_eq!(left, "0", "the sleeping queries still run on the server");
}

/// Waits until a thread of `child` sleeps writing to a full pipe (its
/// wchan names pipe_write), for at most 10 s: on a loaded machine, filling
/// the pipe can take longer than any fixed delay.
fn wait_until_stderr_is_full(child: &std::process::Child) {
    let tasks = format!("/proc/{}/task", child.id());
    let deadline = std::time::Instant::now() + Duration::from_secs(10);
    while std::time::Instant::now() < deadline {
        let blocked = std::fs::read_dir(&tasks).into_iter().flatten().flatten().any(|t| {
            std::fs::read_to_string(t.path().join("wchan")).is_ok_and(|w| w.contains("pipe_write"))
        });
        if blocked {
            return;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// The first signal cannot end a process whose stderr is full (nobody
/// reads it); the second one ends it at once.
#[test]
fn a_second_sigint_ends_the_process_at_once() {
    let db = pgbench_db("int-twice");
    let p = Pgbench::new(["--debug", "-n", "-S", "-c", "1", "-T", "60", db.name.as_str()]);
    let mut cmd = std::process::Command::new(crate::harness::runner::under_test_path());
    cmd.args(["--debug", "-n", "-S", "-c", "1", "-T", "60", db.name.as_str()]);
    for (k, v) in p.pg_env() {
        cmd.env(k, v);
    }
    cmd.stdout(std::process::Stdio::null()).stderr(std::process::Stdio::piped());
    let mut child = cmd.spawn().expect("start pgbench-rs");
    // --debug writes a few lines per transaction: the pipe fills in a moment.
    wait_until_stderr_is_full(&child);
    let kill = |child: &std::process::Child| {
        let ok = std::process::Command::new("kill")
            .args(["-INT", &child.id().to_string()])
            .status()
            .is_ok_and(|s| s.success());
        assert!(ok, "kill -INT");
    };
    kill(&child);
    std::thread::sleep(Duration::from_millis(500));
    assert!(child.try_wait().expect("try_wait").is_none(), "it ended on the first signal");
    kill(&child);
    let sent = std::time::Instant::now();
    let status = loop {
        if let Some(s) = child.try_wait().expect("try_wait") {
            break s;
        }
        assert!(sent.elapsed() < Duration::from_secs(1), "still running after the second signal");
        std::thread::sleep(Duration::from_millis(2));
    };
    use std::os::unix::process::ExitStatusExt;
    assert_eq!(status.signal(), Some(SIGINT), "{status:?}");
}

/// `text` without `-i`'s progress reports (`N of M tuples (P%) done
/// (elapsed E s, remaining R s)` and the line end after one), wherever
/// they are: C's signal handler writes "Cancel request sent" at once, and
/// so it may land inside a progress line.
fn without_progress(text: &str) -> String {
    let mut out = text.to_string();
    while let Some(i) = out.find(" tuples (") {
        let head = out[..i].trim_end_matches(|c: char| c.is_ascii_digit());
        let head = head.strip_suffix(" of ").unwrap_or(head);
        let start = head.trim_end_matches(|c: char| c.is_ascii_digit()).len();
        let end = out[i..].find(" s)").map_or(out.len(), |e| i + e + 3);
        let end = if out[end..].starts_with(['\n', '\r']) { end + 1 } else { end };
        out.replace_range(start..end, "");
    }
    out
}

/// During `-i`, SIGINT cancels the running command, as C pgbench does:
/// the same messages and exit status (the COPY's line number aside).
#[test]
fn sigint_during_initialization_cancels_as_c_does() {
    let Some(c) = crate::harness::runner::c_pgbench() else {
        crate::harness::reference::missing("sigint_during_initialization", "C pgbench 17");
        return;
    };
    let mut outs = Vec::new();
    for which in ["rs", "c"] {
        let db = create_db(&format!("int-init-{which}"));
        let p = Pgbench::new(["-i", "-I", "dtg", "-s", "30", db.name.as_str()])
            .label(&format!("int-init-{which}"))
            .signal_after(Duration::from_millis(900), "INT");
        let out = if which == "rs" { p.run_under_test() } else { p.run_c_as(c) };
        let text: Vec<String> = without_progress(&out.stderr)
            .lines()
            .filter(|l| !l.is_empty())
            .map(|l| match l.split_once("COPY pgbench_accounts, line ") {
                Some((head, _)) => format!("{head}COPY pgbench_accounts, line N"),
                None => l.to_string(),
            })
            .collect();
        outs.push((out.status, text.join("\n")));
    }
    assert_eq!(outs[0], outs[1], "pgbench-rs and C pgbench differ");
    assert_eq!(outs[0].0, Status::Exit(1));
    assert!(outs[0].1.contains("Cancel request sent"), "{}", outs[0].1);
}
