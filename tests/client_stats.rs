//! `--client-stats` against real servers: a run whose client made the
//! limit (its worker pinned to a CPU it shares with a busy loop, the
//! server's backends on another CPU; a script of meta-commands only) gets
//! the warning, that thread busy or waiting for a CPU at least 90 % of the
//! time, and the verdict in its JSON; a run whose server made it (`SELECT
//! pg_sleep(0.01)`, 4 clients) gets no warning and a busy share under
//! 20 %. None of the verdicts depends on the machine's speed: a thread
//! that never waits for the server is busy or waiting for a CPU all the
//! time however fast the CPU, and one that waits 10 ms for each
//! transaction is idle nearly all of it however slow.

use serde_json::Value;

use crate::harness::cluster::{Cluster, cluster, own_server};
use crate::harness::needs;
use crate::harness::runner::Output;
use crate::harness::{Pgbench, allowed_cpus, serial, wait_until};

/// `text` with every number in it as `N`.
fn masked(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut in_number = false;
    for c in text.chars() {
        let digit = c.is_ascii_digit() || (in_number && c == '.');
        if digit && !in_number {
            out.push('N');
        } else if !digit {
            out.push(c);
        }
        in_number = digit;
    }
    out
}

/// A process that keeps one CPU busy until it is dropped.
struct BusyLoop(std::process::Child);

impl BusyLoop {
    /// Started on `cpu`, once it has run.
    fn on(cpu: usize) -> Self {
        let child = std::process::Command::new("taskset")
            .args(["-c", &cpu.to_string(), "sh", "-c", "while :; do :; done"])
            .spawn()
            .expect("taskset starts a busy loop");
        let stat = format!("/proc/{}/schedstat", child.id());
        let running = BusyLoop(child);
        wait_until("the busy loop to run", || {
            let text = std::fs::read_to_string(&stat).unwrap_or_default();
            text.split_whitespace().next().and_then(|n| n.parse::<u64>().ok()).unwrap_or(0) > 0
        });
        running
    }
}

impl Drop for BusyLoop {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// The server's backends from now on on `cpu`: its postmaster's, which
/// each backend it starts inherits.
fn server_on(c: &Cluster, cpu: usize) {
    let pid_file = std::fs::read_to_string(c.dir.join("data/postmaster.pid")).expect("a pid file");
    let pid = pid_file.lines().next().expect("the postmaster's pid").trim().to_string();
    let out = std::process::Command::new("taskset")
        .args(["-p", "-c", &cpu.to_string(), &pid])
        .output()
        .expect("taskset");
    assert!(out.status.success(), "taskset -p: {}", String::from_utf8_lossy(&out.stderr));
}

/// Runs `args` with `script` as `s.sql`, `--client-stats` and
/// `--report-json=r.json` (on `on`, else the shared server): its output
/// and its document (checked against the schema).
fn run(case: &str, on: Option<&'static Cluster>, args: &[&str], script: &str) -> (Output, Value) {
    let mut all = args.to_vec();
    all.extend(["-n", "-f", "s.sql", "--client-stats"]);
    let mut p = Pgbench::new(all).label(case).file("s.sql", script);
    if let Some(c) = on {
        p = p.on(c);
    }
    crate::harness::checks::run_report(case, p)
}

/// The thread numbered `n` of the document's `client` object.
fn thread(doc: &Value, n: i64) -> &Value {
    let threads = doc["client"]["threads"].as_array().expect("client.threads");
    threads.iter().find(|t| t["thread"].as_i64() == Some(n)).expect("the thread")
}

/// A share of a thread's, %.
fn share(t: &Value, key: &str) -> f64 {
    t[key].as_f64().unwrap_or_else(|| panic!("{key}: {t}"))
}

/// What a run the client set says: the warning (its numbers masked, the
/// remedies `remedies`) as the last lines of stderr, the section's
/// verdict on stdout, and in the JSON thread 0 saturated for at least
/// 2 s, busy or waiting at least 90 % of the time.
fn client_set_it(case: &str, out: &Output, doc: &Value, remedies: &str) {
    let waiting = if run_queue_measured() { ", waiting N %" } else { "" };
    let warning = format!(
        "pgbench: warning: the client, not the server, set this result: thread N (busy N %{waiting}, for N s) was busy or waiting for a CPU at least N % of the time\n\
         pgbench: hint: Give the client more CPU: {remedies}.\n"
    );
    assert_eq!(masked(&out.client_warning), warning, "{case}: {}", out.stderr);
    let verdict = format!(
        "\nverdict: the client set the result: saturated (busy or waiting for a CPU at least N % of the time for N s or more): thread N (busy N %{waiting}, for N s)\n"
    );
    assert!(masked(&out.stdout).ends_with(&verdict), "{case}: {}", out.stdout);
    assert!(
        out.stdout.contains("\nclient statistics (measured every second; each thread's share of the time busy on a CPU and waiting for one):\nthread  busy %  waiting %  user µs/xact  system µs/xact  voluntary cs  involuntary cs\n"),
        "{case}: {}",
        out.stdout
    );
    let c = &doc["client"];
    assert_eq!(c["verdict"]["client_bound"], true, "{case}: {c}");
    assert_eq!(c["verdict"]["saturated"], serde_json::json!([{"thread": 0}]), "{case}: {c}");
    assert_eq!((c["shown"].as_bool(), c["per_second"].as_bool()), (Some(true), Some(true)));
    let t = thread(doc, 0);
    let occupied = share(t, "busy_pct") + t["waiting_pct"].as_f64().unwrap_or(0.0);
    assert!(occupied >= 90.0, "{case}: thread 0 busy or waiting {occupied} %: {t}");
    assert!(share(t, "saturated_s") >= 2.0, "{case}: {t}");
    assert!(t["transactions"].as_i64().unwrap_or(0) > 0, "{case}: {t}");
    let seconds = t["seconds"]["busy_pct"].as_array().expect("its seconds");
    assert!(seconds.len() >= 3, "{case}: {t}");
}

/// The kernel keeps each thread's schedstat (its time waiting for a CPU),
/// which the pinned run's verdict needs.
fn run_queue_measured() -> bool {
    std::path::Path::new("/proc/thread-self/schedstat").exists()
}

/// The worker pinned to a CPU a busy loop shares, the server's backends
/// on another: the thread is on its CPU half the time at most and waits
/// for it the rest; its clients' answers are back long before it gets to
/// them (each transaction costs the client two hundred meta-commands, the
/// server one `SELECT 1`, and sixteen clients are in flight), so it is
/// never idle.
#[test]
fn a_client_on_a_cpu_it_shares_set_the_result() {
    let _serial = serial();
    let name = needs!(Server);
    assert!(run_queue_measured(), "this kernel keeps no schedstat of threads (CONFIG_SCHED_INFO)");
    let (cpus, _) = allowed_cpus();
    assert!(cpus.len() >= 2, "the test needs two CPUs, this process may use {cpus:?}");
    let (client_cpu, server_cpu) = (cpus[0], cpus[1]);
    let major = cluster().server_version_num / 10_000;
    let Some(c) = own_server(major, "client-stats-pinned", "") else { return };
    server_on(c, server_cpu);
    let busy = BusyLoop::on(client_cpu);
    let mut script = String::new();
    for i in 0..200 {
        script.push_str(&format!("\\set v{i} random(1, 1000000) * 2 + {i}\n"));
    }
    script.push_str("SELECT 1;\n");
    let pin = format!("--pin={client_cpu}");
    let (out, doc) = run(name, Some(c), &["-c", "16", "-j", "1", "-T", "4", &pin], &script);
    drop(busy);
    let remedies = "another client machine (--shard), the server on other CPUs than the client's, -M prepared (less work a transaction)";
    client_set_it(name, &out, &doc, remedies);
    // The busy loop took the CPU from it for a good part of the time.
    let t = thread(&doc, 0);
    assert!(share(t, "waiting_pct") >= 25.0, "{t}");
    assert_eq!(doc["client"]["run_queue"], true);
}

/// A script of meta-commands only: the worker never waits for the
/// server; each `-P` line ends with its shares.
#[test]
fn a_script_of_meta_commands_only_sets_the_result() {
    let _serial = serial();
    let name = needs!(Server);
    let script = "\\set a random(1, 1000000)\n\\set b :a * 2 + 1\n";
    let (out, doc) = run(name, None, &["-c", "2", "-j", "1", "-T", "3", "-P", "1"], script);
    let (cpus, _) = allowed_cpus();
    let more = if cpus.len() > 1 { "more threads (-j, up to the N CPUs it may use), " } else { "" };
    let remedies = format!(
        "{more}another client machine (--shard), the server on other CPUs than the client's, -M prepared (less work a transaction)"
    );
    client_set_it(name, &out, &doc, &remedies);
    let progress: Vec<&str> = out.stderr.lines().filter(|l| l.starts_with("progress: ")).collect();
    assert!(progress.len() >= 2, "{}", out.stderr);
    for line in progress {
        let shares = if run_queue_measured() { "busy N % waiting N %" } else { "busy N %" };
        assert!(masked(line).ends_with(&format!(" failed, thread N {shares}")), "{line}");
    }
}

/// `SELECT pg_sleep(0.01)` with 4 clients: the server set the result; the
/// worker is busy a few percent of the time.
#[test]
fn the_server_set_the_result_of_a_sleep() {
    let _serial = serial();
    let name = needs!(Server);
    // The 10 ms the server takes per transaction are the result measured.
    let (out, doc) =
        run(name, None, &["-c", "4", "-j", "1", "-T", "3"], "SELECT pg_sleep(0.01);\n");
    assert_eq!((out.stderr.as_str(), out.client_warning.as_str()), ("", ""), "no warning");
    let c = &doc["client"];
    assert_eq!(c["verdict"]["client_bound"], false, "{c}");
    assert_eq!(c["verdict"]["saturated"], serde_json::json!([]), "{c}");
    let t = thread(&doc, 0);
    assert!(share(t, "busy_pct") < 20.0, "{t}");
    assert!(
        masked(&out.stdout).contains("\nverdict: no thread was saturated (busy or waiting for a CPU at least N % of the time for N s or more); the busiest, thread N, was busy N %"),
        "{}",
        out.stdout
    );
}
