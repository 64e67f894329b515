//! The three ways a worker can wait for its sockets (io_uring, the
//! default where the kernel allows it; epoll; C's ppoll), chosen with
//! `PGBENCH_RS_POLL`, each run through the cases that stress waiting and
//! compared with C pgbench: many clients per thread, their connections
//! made one attempt at a time, results larger than
//! one read, a query larger than the socket buffer (waits for room to
//! send), pipelines, a connection per transaction, throttling, and a
//! server that ends the connection. Also the default under valgrind.

use crate::harness::bench::{
    Bench, RATE_END, Ran, TAIL, TAIL_RECONNECT, banner, counts, pgbench_db, report_head,
    shared_pgbench_db,
};
use crate::harness::needs;
use crate::harness::runner::Status;
use crate::harness::{Pgbench, normalize};

/// A custom script's report head (one client per thread unless given).
fn script_head(script: &str, mode: &str, clients: u32, threads: u32) -> String {
    report_head(script, mode, clients, threads, "1")
}

/// Case `name` with one mechanism. The mechanisms of a case share one
/// database (the cases only read it) and one run of C pgbench.
fn run(name: &str, mechanism: &str, args: &[&str], files: &[(&str, String)]) -> Bench {
    let case = format!("wait_{name}_{mechanism}");
    let db = shared_pgbench_db(&format!("wait_{name}"));
    let mut all: Vec<&str> = args.to_vec();
    all.push(&db.name);
    let mut p = Pgbench::new(all).env("PGBENCH_RS_POLL", mechanism).label(&case);
    for (f, text) in files {
        p = p.file(f, text.as_bytes());
    }
    Bench::new(&case, p).share_c_run(&format!("wait_{name}"))
}

/// Checks a run that ended well alike in both implementations: exit 0,
/// nothing on stderr, the report's `head`, `per_client` transactions of
/// each client, `total` processed, then `tail`.
fn ended_well(mut r: Ran, head: &str, per_client: u32, total: u32, tail: &str) {
    let processed = format!("{total}/{total}");
    let report = format!("{head}{}{tail}", counts(per_client, &processed));
    r.same().status(0).stderr_is("").stdout_is(&report);
    r.finish();
}

/// Eight clients on two threads, select-only, prepared.
fn many_clients(mechanism: &str) {
    let args = ["-S", "-M", "prepared", "-c", "8", "-j", "2", "-t", "25", "-n"];
    let r = run("many_clients", mechanism, &args, &[]).run();
    ended_well(r, &report_head("<builtin: select only>", "prepared", 8, 2, "1"), 25, 200, TAIL);
}

/// One connection attempt at a time (`PGBENCH_RS_CONNECTING=1`): each
/// attempt ends with none other in flight, and the next one starts
/// without a wait (a wait would never end: nothing is in flight to end
/// it). Five clients on one thread, select-only.
fn one_attempt_at_a_time(mechanism: &str) {
    let case = format!("wait_one_attempt_{mechanism}");
    let db = shared_pgbench_db("wait_one_attempt");
    let args = ["-S", "-c", "5", "-j", "1", "-t", "2", "-n", &db.name];
    let p = Pgbench::new(args)
        .env("PGBENCH_RS_POLL", mechanism)
        .env("PGBENCH_RS_CONNECTING", "1")
        .label(&case);
    let r = Bench::new(&case, p).share_c_run("wait_one_attempt").run();
    ended_well(r, &report_head("<builtin: select only>", "simple", 5, 1, "1"), 2, 10, TAIL);
}

/// Results of several hundred kilobytes: each arrives in many reads, and
/// a client goes back to waiting with part of its result read.
fn big_results(mechanism: &str) {
    let script = "SELECT g, repeat('x', 20) FROM generate_series(1, 20000) g;\n\
                  SELECT repeat('y', 400000);\n"
        .to_string();
    let args = ["-f", "big.sql", "-c", "3", "-j", "2", "-t", "4", "-n"];
    let r = run("big_results", mechanism, &args, &[("big.sql", script)]).run();
    ended_well(r, &script_head("big.sql", "simple", 3, 2), 4, 12, TAIL);
}

/// A query of two megabytes: it does not fit in the socket buffer, so the
/// client waits for room to send the rest.
fn big_query(mechanism: &str) {
    let script = format!("SELECT length('{}');\n", "z".repeat(2 << 20));
    let args = ["-f", "long.sql", "-c", "2", "-t", "3", "-n"];
    let r = run("big_query", mechanism, &args, &[("long.sql", script)]).run();
    ended_well(r, &script_head("long.sql", "simple", 2, 1), 3, 6, TAIL);
}

/// Ten queries in a pipeline, their results read together.
fn pipeline(mechanism: &str) {
    let script = format!("\\startpipeline\n{}\\endpipeline\n", "SELECT 1;\n".repeat(10));
    let args = ["-f", "pipe.sql", "-M", "extended", "-c", "4", "-j", "2", "-t", "10", "-n"];
    let r = run("pipeline", mechanism, &args, &[("pipe.sql", script)]).run();
    ended_well(r, &script_head("pipe.sql", "extended", 4, 2), 10, 40, TAIL);
}

/// A new connection (a new socket to watch) for every transaction.
fn reconnect(mechanism: &str) {
    let args = ["-C", "-S", "-c", "3", "-j", "2", "-t", "5", "-n"];
    let r = run("reconnect", mechanism, &args, &[]).run();
    ended_well(
        r,
        &report_head("<builtin: select only>", "simple", 3, 2, "1"),
        5,
        15,
        TAIL_RECONNECT,
    );
}

/// Throttled clients: waits that end on a timer, not a socket.
fn throttled(mechanism: &str) {
    let args = ["-S", "-R", "200", "-c", "2", "-t", "20", "-n"];
    let r = run("throttled", mechanism, &args, &[]).run();
    let head = report_head("<builtin: select only>", "simple", 2, 1, "1");
    let tail = format!("number of failed transactions: 0 (0.000%)\n{RATE_END}");
    ended_well(r, &head, 20, 40, &tail);
}

/// The server ends the connection (the backend terminates itself): the
/// error is read, then the end of the connection, and the client aborts.
fn terminated(mechanism: &str) {
    let script = "SELECT pg_terminate_backend(pg_backend_pid());\n".to_string();
    let args = ["-f", "term.sql", "-c", "1", "-t", "2", "-n"];
    let mut r = run("terminated", mechanism, &args, &[("term.sql", script)]).run();
    r.same().status(2).stderr_is(
        "pgbench: error: client 0 script 0 aborted in command 0 query 0: \
         FATAL:  terminating connection due to administrator command\n\
         pgbench: error: Run was aborted; the above results are incomplete.\n",
    );
    r.stdout_is(&format!(
        "{}transaction type: term.sql\nscaling factor: 1\nquery mode: simple\n\
         number of clients: 1\nnumber of threads: 1\nmaximum number of tries: 1\n\
         number of transactions per client: 2\n\
         number of transactions actually processed: 0/2\n\
         number of failed transactions: 0 (NaN%)\n",
        banner()
    ));
    r.finish();
}

/// A test of each of the cases, named after it, run with `mechanism`.
macro_rules! cases_with {
    ($mechanism:literal: $($case:ident),*) => {
        $(
            #[test]
            fn $case() {
                crate::harness::needs!(Server);
                super::$case($mechanism);
            }
        )*
    };
}

/// A module of each mechanism's tests, named after it.
macro_rules! mechanisms {
    ($($name:ident: $mechanism:literal;)*) => {
        $(
            mod $name {
                cases_with!($mechanism: many_clients, one_attempt_at_a_time, big_results, big_query,
                    pipeline, reconnect, throttled, terminated);
            }
        )*
    };
}

mechanisms! {
    io_uring: "io_uring";
    epoll: "epoll";
    ppoll: "ppoll";
}

/// Under valgrind, which holds its lock through a blocking `io_uring_enter`
/// (so one waiting thread stops the others), the default wait is epoll:
/// clients on two threads that contend for the one branch row finish. With
/// `PGBENCH_RS_POLL=io_uring` this run never ends.
#[test]
fn default_wait_under_valgrind() {
    let name = needs!(Server, Valgrind);
    let db = pgbench_db(name);
    let out = Pgbench::new(["-n", "-c", "4", "-j", "2", "-t", "20", &db.name])
        .wrapped_in(&["valgrind", "--tool=none", "-q"])
        .label(name)
        .run_under_test();
    assert_eq!(out.status, Status::Exit(0), "stderr:\n{}", out.stderr);
    // valgrind's own lines ("--PID-- WARNING: unhandled syscall 441":
    // epoll_pwait2, which pgbench-rs then replaces by epoll_wait) aside,
    // nothing is written to stderr.
    let ours: Vec<&str> = out.stderr.lines().filter(|l| !l.starts_with("--")).collect();
    assert!(ours.is_empty(), "stderr:\n{}", out.stderr);
    assert_eq!(
        normalize::mask_report(&normalize::mask_banner_version(&out.stdout)),
        format!(
            "{}number of transactions per client: 20\n\
             number of transactions actually processed: 80/80\n{TAIL}",
            report_head("<builtin: TPC-B (sort of)>", "simple", 4, 2, "1")
        )
    );
}
