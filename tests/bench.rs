//! Benchmark runs compared with C pgbench: every builtin script under each
//! query mode with `-t` and with `-T 2`, several threads, `-C`, `-R` with
//! `-L`, serialization failures retried (and not) under REPEATABLE READ,
//! deadlocks retried, a server that stops in the middle of a run, and a
//! port where no server listens.
//!
//! Both implementations run the same invocation against the same database
//! (the binary under test first). Their reports are compared line by line
//! with only measured numbers masked (latencies, tps, connection times,
//! lag; transaction counts in timed and throttled runs), their stderr byte
//! for byte (or, where clients interleave in timing order, message by
//! message per client), and their exit statuses. The stored 17 report of
//! each case is checked too, so the tests mean something without C.

use std::time::Duration;

use crate::harness::bench::{Bench, TAIL, TAIL_RECONNECT, pgbench_db, report_head};
use crate::harness::cluster::extra_cluster;
use crate::harness::{Need, require};
use crate::harness::{Pgbench, normalize, shapes};

/// `transaction type:` text of a builtin.
fn builtin_desc(b: &str) -> &'static str {
    match b {
        "tpcb-like" => "<builtin: TPC-B (sort of)>",
        "simple-update" => "<builtin: simple update>",
        "select-only" => "<builtin: select only>",
        _ => panic!("unknown builtin {b}"),
    }
}

/// A builtin with `-t 10 -c 2` (vacuum on).
fn builtin_transactions(builtin: &str, mode: &str) {
    let name = format!("builtin_{builtin}_{mode}_t");
    let db = pgbench_db(&name);
    let run =
        Pgbench::new(["-b", builtin, "-M", mode, "-t", "10", "-c", "2", &db.name]).label(&name);
    let mut r = Bench::new(&name, run).run();
    r.same().status(0).stderr_is("starting vacuum...end.\n").stdout_is(&format!(
        "{}number of transactions per client: 10\n\
         number of transactions actually processed: 20/20\n{TAIL}",
        report_head(builtin_desc(builtin), mode, 2, 1, "1")
    ));
    r.finish();
}

/// A builtin with `-T 2 -c 2 -n`.
fn builtin_duration(builtin: &str, mode: &str) {
    let name = format!("builtin_{builtin}_{mode}_big_t");
    let db = pgbench_db(&name);
    let run = Pgbench::new(["-b", builtin, "-M", mode, "-T", "2", "-c", "2", "-n", &db.name])
        .label(&name);
    let mut r = Bench::new(&name, run).mask_stdout(normalize::mask_counts).run();
    r.same().status(0).stderr_is("").stdout_is(&format!(
        "{}duration: 2 s\nnumber of transactions actually processed: <t>\n{TAIL}",
        report_head(builtin_desc(builtin), mode, 2, 1, "1")
    ));
    r.finish();
}

macro_rules! builtin_cases {
    ($($name:ident: $builtin:literal, $mode:literal;)*) => {
        $(
            mod $name {
                #[test]
                fn transactions() {
                if !crate::harness::require(crate::harness::Need::Server) {
                    return;
                }
                    super::builtin_transactions($builtin, $mode);
                }

                #[test]
                fn duration() {
                if !crate::harness::require(crate::harness::Need::Server) {
                    return;
                }
                    super::builtin_duration($builtin, $mode);
                }
            }
        )*
    };
}

builtin_cases! {
    tpcb_like_simple: "tpcb-like", "simple";
    tpcb_like_extended: "tpcb-like", "extended";
    tpcb_like_prepared: "tpcb-like", "prepared";
    simple_update_simple: "simple-update", "simple";
    simple_update_extended: "simple-update", "extended";
    simple_update_prepared: "simple-update", "prepared";
    select_only_simple: "select-only", "simple";
    select_only_extended: "select-only", "extended";
    select_only_prepared: "select-only", "prepared";
}

/// Eight clients on two threads.
#[test]
fn clients_8_jobs_2() {
    if !require(Need::Server) {
        return;
    }
    let name = "clients_8_jobs_2";
    let db = pgbench_db(name);
    let run = Pgbench::new(["-c", "8", "-j", "2", "-t", "20", "-n", &db.name]).label(name);
    let mut r = Bench::new(name, run).run();
    r.same().status(0).stderr_is("").stdout_is(&format!(
        "{}number of transactions per client: 20\n\
         number of transactions actually processed: 160/160\n{TAIL}",
        report_head(builtin_desc("tpcb-like"), "simple", 8, 2, "1")
    ));
    r.finish();
}

/// More threads than clients: the thread count is clamped to the clients.
#[test]
fn jobs_clamped_to_clients() {
    if !require(Need::Server) {
        return;
    }
    let name = "jobs_clamped";
    let db = pgbench_db(name);
    let run = Pgbench::new(["-S", "-c", "2", "-j", "4", "-t", "5", "-n", &db.name]).label(name);
    let mut r = Bench::new(name, run).run();
    r.same().status(0).stderr_is("").stdout_is(&format!(
        "{}number of transactions per client: 5\n\
         number of transactions actually processed: 10/10\n{TAIL}",
        report_head(builtin_desc("select-only"), "simple", 2, 2, "1")
    ));
    r.finish();
}

/// A new connection for every transaction.
#[test]
fn connect_per_transaction() {
    if !require(Need::Server) {
        return;
    }
    let name = "connect_per_transaction";
    let db = pgbench_db(name);
    let run = Pgbench::new(["-C", "-c", "2", "-t", "10", "-N", "-M", "prepared", "-n", &db.name])
        .label(name);
    let mut r = Bench::new(name, run).run();
    r.same().status(0).stderr_is("").stdout_is(&format!(
        "{}number of transactions per client: 10\n\
         number of transactions actually processed: 20/20\n{TAIL_RECONNECT}",
        report_head(builtin_desc("simple-update"), "prepared", 2, 1, "1")
    ));
    r.finish();
}

/// Throttled run with a latency limit: skipped and late transactions.
#[test]
fn rate_and_latency_limit() {
    if !require(Need::Server) {
        return;
    }
    let name = "rate_latency_limit";
    let db = pgbench_db(name);
    let run = Pgbench::new(["-S", "-R", "200", "-L", "5", "-T", "2", "-c", "2", "-n", &db.name])
        .label(name);
    let mut r = Bench::new(name, run).mask_stdout(normalize::mask_counts).run();
    r.same().status(0).stderr_is("").stdout_is(&format!(
        "{}duration: 2 s\n\
         number of transactions actually processed: <t>\n\
         number of failed transactions: 0 (0.000%)\n\
         number of transactions skipped: <t> (<t>%)\n\
         number of transactions above the 5.0 ms latency limit: <t>/<t> (<t>%)\n\
         latency average = <t> ms\n\
         latency stddev = <t> ms\n\
         rate limit schedule lag: avg <t> (max <t>) ms\n\
         initial connection time = <t> ms\n\
         tps = <t> (without initial connection time)\n",
        report_head(builtin_desc("select-only"), "simple", 2, 1, "1")
    ));
    r.finish();
}

/// The script of the upstream test 'concurrent update with retrying': the
/// second client's UPDATE waits for the first client's transaction and then
/// fails with a serialization error under REPEATABLE READ. (Its wait loops
/// count waiters on advisory locks of this database only, as tests run in
/// parallel in databases of their own.)
pub(crate) const SERIALIZATION_SCRIPT: &str = r#"
\set delta random(-5000, 5000)

-- The second client will stop here
SELECT pg_advisory_lock(0);

-- Start transaction with concurrent update
BEGIN;
UPDATE xy SET y = y + :delta WHERE x = 1 AND pg_advisory_lock(1) IS NOT NULL;

-- Wait for the second client
DO $$
DECLARE
  exists boolean;
  waiters integer;
BEGIN
  -- The second client always comes in second, and the number of rows in the
  -- table first_client_table reflect this. Here the first client inserts a row,
  -- so the second client will see a non-empty table when repeating the
  -- transaction after the serialization error.
  SELECT EXISTS (SELECT * FROM first_client_table) INTO STRICT exists;
  IF NOT exists THEN
	-- Let the second client begin
	PERFORM pg_advisory_unlock(0);
	-- And wait until the second client tries to get the same lock
	LOOP
	  SELECT COUNT(*) INTO STRICT waiters FROM pg_locks WHERE
	  locktype = 'advisory' AND database = (SELECT oid FROM pg_database WHERE datname = current_database()) AND objsubid = 1 AND
	  ((classid::bigint << 32) | objid::bigint = 1::bigint) AND NOT granted;
	  IF waiters = 1 THEN
		INSERT INTO first_client_table VALUES (1);

		-- Exit loop
		EXIT;
	  END IF;
	END LOOP;
  END IF;
END$$;

COMMIT;
SELECT pg_advisory_unlock_all();
"#;

/// The script of the upstream test 'deadlock with retrying'.
const DEADLOCK_SCRIPT: &str = r#"
-- Since the client with the deadlock error has not released the blocking locks,
-- let's do this here.
SELECT pg_advisory_unlock_all();

-- The second client and the client with the deadlock error stop here
SELECT pg_advisory_lock(0);
SELECT pg_advisory_lock(1);

DO $$
DECLARE
  exists boolean;
BEGIN
  SELECT EXISTS (SELECT * FROM first_client_table) INTO STRICT exists;
  IF exists THEN
	-- We are the second client or the client with the deadlock error

	-- The first client will take care by itself of this lock (see below)
	PERFORM pg_advisory_unlock(0);

	PERFORM pg_advisory_lock(3);

	-- The second client can get a deadlock here
	PERFORM pg_advisory_lock(2);
  ELSE
	-- We are the first client

	-- This code should not be used in a new transaction after an error
	INSERT INTO first_client_table VALUES (1);

	PERFORM pg_advisory_lock(2);
  END IF;
END$$;

DO $$
DECLARE
  num_rows integer;
  waiters integer;
BEGIN
  -- Check if we are the first client
  SELECT COUNT(*) FROM first_client_table INTO STRICT num_rows;
  IF num_rows = 1 THEN
	-- This code should not be used in a new transaction after an error
	INSERT INTO first_client_table VALUES (2);

	-- Let the second client begin
	PERFORM pg_advisory_unlock(0);
	PERFORM pg_advisory_unlock(1);

	-- Make sure the second client is ready for deadlock
	LOOP
	  SELECT COUNT(*) INTO STRICT waiters FROM pg_locks WHERE
	  locktype = 'advisory' AND database = (SELECT oid FROM pg_database WHERE datname = current_database()) AND
	  objsubid = 1 AND
	  ((classid::bigint << 32) | objid::bigint = 2::bigint) AND
	  NOT granted;

	  IF waiters = 1 THEN
	    -- Exit loop
		EXIT;
	  END IF;
	END LOOP;

	PERFORM pg_advisory_lock(0);
    -- And the second client took care by itself of the lock 1
  END IF;
END$$;

-- The first client can get a deadlock here
SELECT pg_advisory_lock(3);

SELECT pg_advisory_unlock_all();
"#;

/// A database with the tables of the retry tests.
fn retry_db(name: &str) -> crate::harness::Db {
    retry_db_on(crate::harness::cluster(), name)
}

/// [`retry_db`] in the server `server`.
pub(crate) fn retry_db_on(
    server: &'static crate::harness::cluster::Cluster,
    name: &str,
) -> crate::harness::Db {
    let db = crate::harness::cluster::create_db_on(server, name);
    db.exec(
        "CREATE UNLOGGED TABLE first_client_table (value integer); \
         CREATE UNLOGGED TABLE xy (x integer, y integer); \
         INSERT INTO xy VALUES (1, 2);",
    );
    db
}

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

/// The messages of a stderr per client (see `shapes::messages_per_client`).
fn per_client(out: &crate::harness::Output) -> String {
    shapes::render_per_client(&shapes::messages_per_client(&out.stderr))
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

pub(crate) const REPEATABLE_READ: &str = "-c default_transaction_isolation=repeatable\\ read";

/// 'concurrent update with retrying' with --max-tries 5, --failures-detailed,
/// --verbose-errors and --debug: one retry; the retried transaction sends
/// the same UPDATE (the random state is restored for the retry).
#[test]
fn serialization_failure_retried() {
    if !require(Need::Server) {
        return;
    }
    let name = "serialization_retried";
    let db = retry_db(name);
    let run = Pgbench::new([
        "-n",
        "-c",
        "2",
        "-t",
        "1",
        "--debug",
        "--verbose-errors",
        "--max-tries",
        "5",
        "--failures-detailed",
        "--random-seed=5432",
        "-f",
        "serialization.sql",
        &db.name,
    ])
    .file("serialization.sql", SERIALIZATION_SCRIPT)
    .env("PGOPTIONS", REPEATABLE_READ)
    .label(name);
    let reset = db.clone();
    let mut r = Bench::new(name, run)
        .mask_stderr(mask_victim_is_client_1)
        .before_each(move || reset.exec("DELETE FROM first_client_table; UPDATE xy SET y = 2"))
        .run();
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
            "{}number of transactions per client: 1\n\
             number of transactions actually processed: 2/2\n\
             number of failed transactions: 0 (0.000%)\n\
             number of serialization failures: 0 (0.000%)\n\
             number of deadlock failures: 0 (0.000%)\n\
             number of transactions retried: 1 (50.000%)\n\
             total number of retries: 1\n\
             latency average = <t> ms\n\
             initial connection time = <t> ms\n\
             tps = <t> (without initial connection time)\n",
            report_head("serialization.sql", "simple", 2, 1, "5")
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
    if !require(Need::Server) {
        return;
    }
    let name = "serialization_failed";
    let db = retry_db(name);
    let run = Pgbench::new([
        "-n",
        "-c",
        "2",
        "-t",
        "1",
        "--verbose-errors",
        "--failures-detailed",
        "-f",
        "serialization.sql",
        &db.name,
    ])
    .file("serialization.sql", SERIALIZATION_SCRIPT)
    .env("PGOPTIONS", REPEATABLE_READ)
    .label(name);
    let reset = db.clone();
    let mut r = Bench::new(name, run)
        .mask_stderr(mask_victim_is_client_1)
        .before_each(move || reset.exec("DELETE FROM first_client_table; UPDATE xy SET y = 2"))
        .run();
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
    if !require(Need::Server) {
        return;
    }
    let name = "deadlock_retried";
    let db = retry_db(name);
    let run = Pgbench::new([
        "-n",
        "-c",
        "2",
        "-t",
        "1",
        "--max-tries",
        "2",
        "--verbose-errors",
        "-f",
        "deadlock.sql",
        &db.name,
    ])
    .file("deadlock.sql", DEADLOCK_SCRIPT)
    .label(name);
    let reset = db.clone();
    let mut r = Bench::new(name, run)
        .before_each(move || reset.exec("DELETE FROM first_client_table"))
        .run();
    r.same_status()
        .same_stdout()
        .same_by(
            "stderr messages (first lines; client and command numbers masked)",
            deadlock_messages,
        )
        .status(0)
        .stdout_is(&format!(
            "{}number of transactions per client: 1\n\
             number of transactions actually processed: 2/2\n\
             number of failed transactions: 0 (0.000%)\n\
             number of transactions retried: 1 (50.000%)\n\
             total number of retries: 1\n\
             latency average = <t> ms\n\
             initial connection time = <t> ms\n\
             tps = <t> (without initial connection time)\n",
            report_head("deadlock.sql", "simple", 2, 1, "2")
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
    if !require(Need::Server) {
        return;
    }
    let name = "server_stopped";
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
    if !require(Need::Server) {
        return;
    }
    let name = "no_server_socket";
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
    if !require(Need::Server) || !require(Need::Loopback) {
        return;
    }
    let name = "no_server_tcp";
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

/// The upstream 'pgbench tpcb-like' case: -D, -C, and -v overridden by a
/// later -n (no vacuum at all).
#[test]
fn tap_tpcb_like() {
    if !require(Need::Server) {
        return;
    }
    let name = "tap_tpcb_like";
    let db = pgbench_db(name);
    let run = Pgbench::new([
        "--transactions=5",
        "-Dfoo=bla",
        "--client=2",
        "--protocol=simple",
        "--builtin=t",
        "--connect",
        "-n",
        "-v",
        "-n",
        &db.name,
    ])
    .label(name);
    let mut r = Bench::new(name, run).run();
    r.same().status(0).stderr_is("").stdout_is(&format!(
        "{}number of transactions per client: 5\n\
         number of transactions actually processed: 10/10\n{TAIL_RECONNECT}",
        report_head(builtin_desc("tpcb-like"), "simple", 2, 1, "1")
    ));
    r.finish();
}

/// The upstream 'pgbench simple update' case: `-s` is ignored with a
/// warning when running.
#[test]
fn tap_simple_update() {
    if !require(Need::Server) {
        return;
    }
    let name = "tap_simple_update";
    let db = pgbench_db(name);
    let run = Pgbench::new([
        "--transactions=20",
        "--client=5",
        "-M",
        "extended",
        "--builtin=si",
        "-C",
        "--no-vacuum",
        "-s",
        "1",
        &db.name,
    ])
    .label(name);
    let mut r = Bench::new(name, run).run();
    r.same()
        .status(0)
        .stderr_is(
            "pgbench: warning: scale option ignored, using count from pgbench_branches table (1)\n",
        )
        .stdout_is(&format!(
            "{}number of transactions per client: 20\n\
             number of transactions actually processed: 100/100\n{TAIL_RECONNECT}",
            report_head(builtin_desc("simple-update"), "extended", 5, 1, "1")
        ));
    r.finish();
}

/// The upstream 'pgbench select only' case with `--debug` (seven clients
/// in one thread): the debug messages of each client, in order.
#[test]
fn tap_select_only_debug() {
    if !require(Need::Server) {
        return;
    }
    let name = "tap_select_only_debug";
    let db = pgbench_db(name);
    let run =
        Pgbench::new(["-t", "100", "-c", "7", "-M", "prepared", "-b", "se", "--debug", &db.name])
            .label(name);
    let mut r = Bench::new(name, run).run();
    r.same_status()
        .same_stdout()
        .same_by("stderr messages per client (`receiving` repeats collapsed)", |o| {
            shapes::render_per_client(&shapes::messages_per_client(&o.stderr))
        })
        .status(0)
        .stdout_is(&format!(
            "{}number of transactions per client: 100\n\
             number of transactions actually processed: 700/700\n{TAIL}",
            report_head(builtin_desc("select-only"), "prepared", 7, 1, "1")
        ))
        .each(|o| {
            let m = shapes::messages_per_client(&o.stderr);
            let none = m.get(&None).cloned().unwrap_or_default();
            let want_head = format!(
                "pgbench: pghost: {} pgport: {} nclients: 7 nxacts: 100 dbName: {}\n\
                 starting vacuum...end.\n",
                crate::harness::cluster().host().display(),
                crate::harness::cluster().port,
                db.name
            );
            if none.concat() != want_head {
                return Err(format!("messages about no client: {none:?}, expected {want_head:?}"));
            }
            let c3 = m.get(&Some(3)).cloned().unwrap_or_default();
            let want: Vec<String> = [
                "pgbench: client 3 executing script \"<builtin: select only>\"\n",
                "pgbench: client 3 executing \\set aid\n",
                "pgbench: client 3 preparing P_0\n",
                "pgbench: client 3 sending P_0\n",
                "pgbench: client 3 receiving\n",
                "pgbench: client 3 executing script \"<builtin: select only>\"\n",
                "pgbench: client 3 executing \\set aid\n",
                "pgbench: client 3 sending P_0\n",
                "pgbench: client 3 receiving\n",
            ]
            .iter()
            .map(|s| s.to_string())
            .collect();
            if c3.len() != 100 * 4 + 1 || c3[..want.len()] != want[..] {
                return Err(format!(
                    "client 3: {} messages, starting {:?}",
                    c3.len(),
                    &c3[..c3.len().min(12)]
                ));
            }
            Ok(())
        });
    r.finish();
}

/// The upstream 'pgbench custom scripts' case: two weighted files, -j 2
/// with one client (one thread), prepared mode.
#[test]
fn tap_custom_scripts() {
    if !require(Need::Server) {
        return;
    }
    let name = "tap_custom_scripts";
    let db = pgbench_db(name);
    let s1 = "-- select only\n\\set aid random(1, :scale * 100000)\n\
              SELECT abalance::INTEGER AS balance\n  FROM pgbench_accounts\n  WHERE aid=:aid;\n";
    let s2 = "-- special variables\nBEGIN;\n\\set foo 1\n\
              -- cast are needed for typing under -M prepared\n\
              SELECT :foo::INT + :scale::INT * :client_id::INT AS bla;\nCOMMIT;\n";
    let run = Pgbench::new([
        "-t",
        "100",
        "-c",
        "1",
        "-j",
        "2",
        "-M",
        "prepared",
        "-n",
        "-f",
        "001_pgbench_custom_script_1@1",
        "-f",
        "001_pgbench_custom_script_2@2",
        &db.name,
    ])
    .file("001_pgbench_custom_script_1", s1)
    .file("001_pgbench_custom_script_2", s2)
    .label(name);
    let mut r = Bench::new(name, run).mask_stdout(normalize::mask_counts).run();
    let section = |i: u32, w: u32, t: &str| {
        format!(
            "SQL script {i}: 001_pgbench_custom_script_{i}\n\
             \x20- weight: {w} (targets {t}% of total)\n\
             \x20- <t> transactions (<t>% of total, tps = <t>)\n\
             \x20- number of failed transactions: 0 (0.000%)\n\
             \x20- latency average = <t> ms\n\
             \x20- latency stddev = <t> ms\n"
        )
    };
    r.same().status(0).stderr_is("").stdout_is(&format!(
        "{}number of transactions per client: 100\n\
         number of transactions actually processed: <t>/100\n{TAIL}{}{}",
        report_head("multiple scripts", "prepared", 1, 1, "1"),
        section(1, 1, "33.3"),
        section(2, 2, "66.7")
    ));
    r.finish();
}

/// `-v` vacuums pgbench_accounts too.
#[test]
fn vacuum_all() {
    if !require(Need::Server) {
        return;
    }
    let name = "vacuum_all";
    let db = pgbench_db(name);
    let run = Pgbench::new(["-v", "-S", "-t", "2", &db.name]).label(name);
    let mut r = Bench::new(name, run).run();
    r.same()
        .status(0)
        .stderr_is("starting vacuum...end.\nstarting vacuum pgbench_accounts...end.\n")
        .stdout_is(&format!(
            "{}number of transactions per client: 2\n\
             number of transactions actually processed: 2/2\n{TAIL}",
            report_head(builtin_desc("select-only"), "simple", 1, 1, "1")
        ));
    r.finish();
}

/// `--debug` with two clients in one thread. C moves a client to the
/// result-waiting state as soon as its query is sent and, in the same
/// step, prints `client N receiving` on entering that state (once more
/// each time the client is woken before its result is complete). So every
/// `client N sending ...` message is immediately followed by `client N
/// receiving`, before any other client's message.
#[test]
fn debug_receiving_follows_sending() {
    if !require(Need::Server) {
        return;
    }
    let name = "debug_receiving";
    let db = pgbench_db(name);
    let run =
        Pgbench::new(["-n", "-S", "-c", "2", "-t", "3", "-M", "prepared", "--debug", &db.name])
            .label(name);
    let mut r = Bench::new(name, run).run();
    r.same_status()
        .same_stdout()
        .same_by("stderr messages per client (`receiving` repeats collapsed)", |o| {
            shapes::render_per_client(&shapes::messages_per_client(&o.stderr))
        })
        .status(0)
        .each(|o| {
            let msgs = shapes::messages(&o.stderr);
            for (i, m) in msgs.iter().enumerate() {
                let Some(c) = shapes::message_client(m) else { continue };
                if !m.starts_with(&format!("pgbench: client {c} sending ")) {
                    continue;
                }
                let want = format!("pgbench: client {c} receiving\n");
                if msgs.get(i + 1) != Some(&want) {
                    return Err(format!(
                        "{m:?} is followed by {:?}, expected {want:?}; stderr:\n{}",
                        msgs.get(i + 1),
                        o.stderr
                    ));
                }
            }
            Ok(())
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
    if !require(Need::Server) {
        return;
    }
    let name = "serialization_unlimited";
    let db = retry_db(name);
    let run = Pgbench::new([
        "-n",
        "-c",
        "2",
        "-t",
        "1",
        "--verbose-errors",
        "--max-tries",
        "0",
        "-L",
        "100000",
        "--failures-detailed",
        "-f",
        "serialization.sql",
        &db.name,
    ])
    .file("serialization.sql", SERIALIZATION_SCRIPT)
    .env("PGOPTIONS", REPEATABLE_READ)
    .label(name);
    let reset = db.clone();
    let mut r = Bench::new(name, run)
        .mask_stderr(mask_victim_is_client_1)
        .mask_stderr(mask_tries_time)
        .before_each(move || reset.exec("DELETE FROM first_client_table; UPDATE xy SET y = 2"))
        .run();
    r.same()
        .status(0)
        .stdout_is(&format!(
            "{}transaction type: serialization.sql\nscaling factor: 1\nquery mode: simple\n\
             number of clients: 2\nnumber of threads: 1\n\
             number of transactions per client: 1\n\
             number of transactions actually processed: 2/2\n\
             number of failed transactions: 0 (0.000%)\n\
             number of serialization failures: 0 (0.000%)\n\
             number of deadlock failures: 0 (0.000%)\n\
             number of transactions retried: 1 (50.000%)\n\
             total number of retries: 1\n\
             number of transactions above the 100000.0 ms latency limit: 0/2 (0.000%)\n\
             latency average = <t> ms\n\
             latency stddev = <t> ms\n\
             initial connection time = <t> ms\n\
             tps = <t> (without initial connection time)\n",
            crate::harness::bench::banner()
        ))
        .stderr_is(
            "pgbench: client 1 got an error in command 3 (SQL) of script 0; \
             ERROR:  could not serialize access due to concurrent update\n\
             pgbench: client 1 repeats the transaction after the error (try 1, <t>% of the \
             maximum time of tries was used)\n",
        );
    r.finish();
}
