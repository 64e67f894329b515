//! A server lost in the middle of a run, and ports where no server
//! listens (a Unix socket's, a TCP one), compared with C pgbench: exit
//! statuses, partial reports and libpq's messages.

use std::time::Duration;

use crate::harness::bench::{Bench, TAIL, builtin_desc, report_head};
use crate::harness::cluster::extra_cluster;
use crate::harness::needs;
use crate::harness::{Pgbench, normalize, shapes};

/// Whether `msg` is one of the ways C pgbench reports a client whose
/// server went away.
fn is_lost_server_message(msg: &str) -> bool {
    let first = msg.lines().next().unwrap_or("");
    if first == "WARNING:  terminating connection due to immediate shutdown command" {
        return msg.lines().count() == 1;
    }
    let Some(rest) = first.strip_prefix("pgbench: error: client ") else { return false };
    let Some((id, rest)) = rest.split_once(' ') else { return false };
    if !shapes::is_uint(id) {
        return false;
    }
    if let Some(rest) = rest.strip_prefix("aborted in command ") {
        let Some((n, reason)) = rest.split_once(" (SQL) of script 0; ") else { return false };
        return shapes::is_uint(n)
            && ["perhaps the backend died while processing", "SQL command send failed"]
                .contains(&reason)
            && msg.lines().count() == 1;
    }
    if let Some(rest) = rest.strip_prefix("script 0 aborted in command ") {
        let Some((n, rest)) = rest.split_once(" query 0: ") else { return false };
        return shapes::is_uint(n) && !rest.is_empty();
    }
    false
}

/// A server stopped (immediate shutdown) once the clients of a `-T 5` run
/// have committed transactions: every client aborts, the partial report is
/// printed, exit status 2.
#[test]
fn server_stopped_during_run() {
    let name = needs!(Server);
    let server = extra_cluster("stopped");
    let db = server.create_db("stopped_db");
    let env = |p: Pgbench| p.env("PGHOST", server.host()).env("PGPORT", server.port.to_string());
    let init = env(Pgbench::new(["-i", "-q", &db.name]).label("stopped-init"));
    let out = match crate::harness::c_pgbench() {
        Some(_) => init.run_c().unwrap_or_else(|| init.run_under_test()),
        None => init.run_under_test(),
    };
    assert_eq!(out.status, crate::harness::Status::Exit(0), "init: {}", out.stderr);

    // Before each run: restart the server if a previous run stopped it,
    // and empty pgbench_history; during it, stop the server once the
    // clients have committed a transaction (written a history row).
    // One thread: C writes a message in several pieces, so messages of
    // clients in different threads can interleave within a line.
    let run = env(Pgbench::new(["-T", "5", "-c", "4", &db.name])).label(name);
    let history = db.clone();
    let mut r = Bench::new(name, run)
        .mask_stdout(normalize::mask_counts)
        .before_each(move || {
            if server.try_query("postgres", "SELECT 1").is_err() {
                server.pg_ctl_start().unwrap();
            }
            history.exec("TRUNCATE pgbench_history");
        })
        .during_each(move |run| {
            let sql = "SELECT count(*) FROM (SELECT 1 FROM pgbench_history LIMIT 1) h";
            while server.query(&db.name, sql) == [["0"]] {
                assert!(run.running(), "it ended before a transaction");
                std::thread::sleep(Duration::from_millis(10));
            }
            server.stop_immediate().unwrap();
        })
        .run();
    r.same_status().same_stdout().status(2).stdout_is(&format!(
        "{}duration: 5 s\nnumber of transactions actually processed: <t>\n{TAIL}",
        report_head(builtin_desc("tpcb-like"), "simple", 4, 1, "1")
    ));
    r.each(|o| {
        let msgs = shapes::messages(&o.stderr);
        let (Some(first), Some(last)) = (msgs.first(), msgs.last()) else {
            return Err("empty stderr".into());
        };
        if first != "starting vacuum...end.\n" {
            return Err(format!("first line is {first:?}"));
        }
        if last != "pgbench: error: Run was aborted; the above results are incomplete.\n" {
            return Err(format!("last message is {last:?}"));
        }
        let mut aborted = Vec::new();
        for m in &msgs[1..msgs.len() - 1] {
            if !is_lost_server_message(m) {
                return Err(format!("unexpected message {m:?} in\n{}", o.stderr));
            }
            if let Some(c) = shapes::message_client(m) {
                aborted.push(c);
            }
        }
        aborted.sort_unstable();
        if aborted != [0, 1, 2, 3] {
            return Err(format!("clients aborted: {aborted:?}, expected each of 0..3 once"));
        }
        Ok(())
    });
    r.finish();
}

/// A Unix-socket port where no server listens: exit 1, libpq's message.
#[test]
fn no_server_on_socket_port() {
    let name = needs!(Server);
    let run = Pgbench::new(["-n", "-S", "-t", "1", "-p", "1"]).label(name);
    let mut r = Bench::new(name, run).run();
    r.same().status(1).stdout_is("").stderr_is(
        "pgbench: error: connection to server on socket \"{PGHOST}/.s.PGSQL.1\" failed: \
         No such file or directory\n\
         \tIs the server running locally and accepting connections on that socket?\n\
         pgbench: error: could not create connection for setup\n",
    );
    r.finish();
}

/// A TCP port where no server listens: exit 1, libpq's message.
#[test]
fn no_server_on_tcp_port() {
    let name = needs!(Server, Loopback);
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .unwrap();
    let port = port.to_string();
    let run = Pgbench::new(["-n", "-S", "-t", "1", "-h", "127.0.0.1", "-p", &port]).label(name);
    let mut r = Bench::new(name, run).run();
    r.same().status(1).stdout_is("").stderr_is(&format!(
        "pgbench: error: connection to server at \"127.0.0.1\", port {port} failed: \
         Connection refused\n\
         \tIs the server running on that host and accepting TCP/IP connections?\n\
         pgbench: error: could not create connection for setup\n"
    ));
    r.finish();
}
