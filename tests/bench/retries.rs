//! The retry workloads of C pgbench's TAP suite (`harness::retries`)
//! compared with C pgbench: serialization failures retried (and not)
//! under REPEATABLE READ, with unlimited tries bounded by `-L`, and a
//! deadlock retried.

use super::per_client;
use crate::harness::bench::{END, NONE_FAILED_DETAILED, counts, report_head, retried};
use crate::harness::cluster;
use crate::harness::needs;
use crate::harness::retries::{
    DEADLOCK_SCRIPT, resetting, retry_db_on, retry_run, serialization_run,
};
use crate::harness::shapes;

/// Which client the server makes wait (and fail) is a matter of timing:
/// name the failing client 1 and the other 0 by swapping the ids of a
/// two-client run when the first error belongs to client 0.
fn mask_victim_is_client_1(stderr: &str) -> String {
    let first_error = shapes::messages(stderr)
        .into_iter()
        .find(|m| m.contains(" got an error in command "))
        .and_then(|m| shapes::message_client(&m));
    if first_error != Some(0) {
        return stderr.to_string();
    }
    stderr
        .replace("client 0 ", "client \u{1}")
        .replace("client 1 ", "client 0 ")
        .replace("client \u{1}", "client 1 ")
}

/// `y = y + <delta>` in the UPDATE of the serialization script: which
/// client (and so which of the seeded per-client values) waits and retries
/// is a matter of timing once the clients are renamed by role.
fn mask_deltas(s: &str) -> String {
    s.split_inclusive('\n')
        .map(|l| match (l.find("SET y = y + "), l.find(" WHERE x = 1")) {
            (Some(a), Some(b)) if a < b => {
                format!("{}SET y = y + <delta>{}", &l[..a], &l[b..])
            }
            _ => l.to_string(),
        })
        .collect()
}

/// The distinct `(client, delta)` pairs of the UPDATEs sent (from the
/// `--debug` lines), in client order.
fn update_deltas(o: &crate::harness::Output) -> String {
    let mut pairs: Vec<String> = o
        .stderr
        .lines()
        .filter_map(|l| {
            let rest = l.strip_prefix("pgbench: client ")?;
            let (c, rest) = rest.split_once(" sending UPDATE xy SET y = y + ")?;
            let (d, _) = rest.split_once(' ')?;
            Some(format!("client {c}: {d}\n"))
        })
        .collect();
    pairs.sort();
    pairs.dedup();
    pairs.concat()
}

/// 'concurrent update with retrying' with --max-tries 5, --failures-detailed,
/// --verbose-errors and --debug: one retry; the retried transaction sends
/// the same UPDATE (the random state is restored for the retry).
#[test]
fn serialization_failure_retried() {
    let name = needs!(Server);
    let db = retry_db_on(cluster(), name);
    let extra = "--debug --verbose-errors --max-tries 5 --failures-detailed --random-seed=5432";
    let extra: Vec<&str> = extra.split_whitespace().collect();
    let run = serialization_run(&db, "serialization.sql", &extra);
    let mut r = resetting(name, &db, run).mask_stderr(mask_victim_is_client_1).run();
    r.same_status()
        .same_stdout()
        .same_by(
            "stderr messages per client (debug `receiving` repeats collapsed, UPDATE deltas masked)",
            |o| mask_deltas(&per_client(o)),
        )
        // Each client draws its own deltas from the seed, whichever waits.
        .same_by_raw("UPDATE deltas sent by each client", update_deltas)
        .status(0)
        .stdout_is(&format!(
            "{}{}{NONE_FAILED_DETAILED}{}{END}",
            report_head("serialization.sql", "simple", 2, 1, "5"),
            counts(1, "2/2"),
            retried(1, 2, 1)
        ))
        .stderr_has(
            "pgbench: client 1 got an error in command 3 (SQL) of script 0; \
             ERROR:  could not serialize access due to concurrent update",
        )
        .stderr_has("pgbench: client 1 repeats the transaction after the error (try 1/5)")
        .each(|o| {
            // The upstream check: the UPDATE sent before the error is sent
            // again, identical, after it.
            let msgs = shapes::messages_per_client(&o.stderr);
            let Some(c1) = msgs.get(&Some(1)) else { return Err("no client 1 messages".into()) };
            let updates: Vec<&String> = c1
                .iter()
                .filter(|m| m.starts_with("pgbench: client 1 sending UPDATE xy"))
                .collect();
            if updates.len() != 2 || updates[0] != updates[1] {
                return Err(format!("client 1 should send one UPDATE twice, sent {updates:?}"));
            }
            Ok(())
        });
    r.finish();
}

/// The same workload with a single try: the second client's transaction
/// fails and is counted as a serialization failure.
#[test]
fn serialization_failure_not_retried() {
    let name = needs!(Server);
    let db = retry_db_on(cluster(), name);
    let run =
        serialization_run(&db, "serialization.sql", &["--verbose-errors", "--failures-detailed"]);
    let mut r = resetting(name, &db, run).mask_stderr(mask_victim_is_client_1).run();
    r.same()
        .status(0)
        .stdout_is(&format!(
            "{}number of transactions per client: 1\n\
             number of transactions actually processed: 1/2\n\
             number of failed transactions: 1 (50.000%)\n\
             number of serialization failures: 1 (50.000%)\n\
             number of deadlock failures: 0 (0.000%)\n\
             latency average = <t> ms (including failures)\n\
             initial connection time = <t> ms\n\
             tps = <t> (without initial connection time)\n",
            report_head("serialization.sql", "simple", 2, 1, "1")
        ))
        .stderr_is(
            "pgbench: client 1 got an error in command 3 (SQL) of script 0; \
             ERROR:  could not serialize access due to concurrent update\n\
             pgbench: client 1 ends the failed transaction (try 1/1)\n",
        );
    r.finish();
}

/// A deadlock error's message: keep the first line, with the client and
/// command numbers (which client the server picks depends on timing).
fn deadlock_messages(out: &crate::harness::Output) -> String {
    shapes::messages(&out.stderr)
        .iter()
        .map(|m| {
            let first = m.lines().next().unwrap_or("");
            let mut s = first.to_string();
            for (from, to) in [("client 0 ", "client <n> "), ("client 1 ", "client <n> ")] {
                s = s.replace(from, to);
            }
            for (from, to) in
                [("command 3 (SQL)", "command <n> (SQL)"), ("command 5 (SQL)", "command <n> (SQL)")]
            {
                s = s.replace(from, to);
            }
            s + "\n"
        })
        .collect()
}

/// 'deadlock with retrying': one client gets a deadlock error and its
/// transaction is retried.
#[test]
fn deadlock_retried() {
    let name = needs!(Server);
    let db = retry_db_on(cluster(), name);
    let extra = ["--max-tries", "2", "--verbose-errors"];
    let mut r = resetting(name, &db, retry_run(&db, "deadlock.sql", DEADLOCK_SCRIPT, &extra)).run();
    r.same_status()
        .same_stdout()
        .same_by(
            "stderr messages (first lines; client and command numbers masked)",
            deadlock_messages,
        )
        .status(0)
        .stdout_is(&format!(
            "{}{}number of failed transactions: 0 (0.000%)\n{}{END}",
            report_head("deadlock.sql", "simple", 2, 1, "2"),
            counts(1, "2/2"),
            retried(1, 2, 1)
        ))
        .each(|o| {
            let want = "pgbench: client <n> got an error in command <n> (SQL) of script 0; \
                        ERROR:  deadlock detected\n\
                        pgbench: client <n> repeats the transaction after the error (try 1/2)\n";
            let got = deadlock_messages(o);
            if got == want {
                Ok(())
            } else {
                Err(format!("stderr messages:\n{got}expected:\n{want}"))
            }
        });
    r.finish();
}

/// The share of the latency limit a failed try used is measured.
fn mask_tries_time(s: &str) -> String {
    s.split_inclusive('\n')
        .map(|l| match (l.find(", "), l.find("% of the maximum time of tries was used)")) {
            (Some(a), Some(b)) if a < b && l.contains(" the transaction after the error (try ") => {
                format!("{}, <t>{}", &l[..a], &l[b..])
            }
            _ => l.to_string(),
        })
        .collect()
}

/// Unlimited tries (`--max-tries 0`) bounded by `-L`: no `maximum number
/// of tries` line, the retry message shows the share of the limit used,
/// the log has a retries field.
#[test]
fn serialization_unlimited_tries() {
    let name = needs!(Server);
    let db = retry_db_on(cluster(), name);
    let extra = "--verbose-errors --max-tries 0 -L 100000 --failures-detailed";
    let extra: Vec<&str> = extra.split_whitespace().collect();
    let run = serialization_run(&db, "serialization.sql", &extra);
    let mut r = resetting(name, &db, run)
        .mask_stderr(mask_victim_is_client_1)
        .mask_stderr(mask_tries_time)
        .run();
    r.same()
        .status(0)
        .stdout_is(&format!(
            "{}transaction type: serialization.sql\nscaling factor: 1\nquery mode: simple\n\
             number of clients: 2\nnumber of threads: 1\n{}{NONE_FAILED_DETAILED}{}\
             number of transactions above the 100000.0 ms latency limit: 0/2 (0.000%)\n\
             latency average = <t> ms\n\
             latency stddev = <t> ms\n\
             initial connection time = <t> ms\n\
             tps = <t> (without initial connection time)\n",
            crate::harness::bench::banner(),
            counts(1, "2/2"),
            retried(1, 2, 1)
        ))
        .stderr_is(
            "pgbench: client 1 got an error in command 3 (SQL) of script 0; \
             ERROR:  could not serialize access due to concurrent update\n\
             pgbench: client 1 repeats the transaction after the error (try 1, <t>% of the \
             maximum time of tries was used)\n",
        );
    r.finish();
}
