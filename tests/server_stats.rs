//! `--server-stats` against real servers (15, 17, 18), each of its own
//! where the statistics are cluster-wide: the samples' `xact_commit` and
//! `wal_bytes` add up to the server's own before/after differences less
//! the sampler's; the wait events of a `pg_sleep` script and of two
//! clients updating one row; pg_stat_statements' calls under `-M
//! prepared` against the server's and `-r`'s counts; a `CHECKPOINT`
//! issued during the run at its second; a primary's streaming standby's
//! lags, growing under `pg_wal_replay_pause()`; the JSON fits the schema
//! and the HTML charts render in headless Chromium.

use serde_json::Value;

use crate::harness::Pgbench;
use crate::harness::cluster::{Cluster, create_db_on, own_server, server};
use crate::harness::live::{Running, epoch_now};
use crate::harness::needs;
use crate::harness::runner::{Output, Status};
use crate::harness::serial;

/// Server options of the servers of these tests: no WAL but the run's
/// (no standby snapshots), pg_stat_statements loaded.
const OPTIONS: &str = "-c wal_level=minimal -c max_wal_senders=0 \
     -c shared_preload_libraries=pg_stat_statements -c pg_stat_statements.track=top";

/// Runs pgbench-rs on `c` with `args`, `script` as `s.sql`, `--server-stats`
/// and `--report-json=r.json`: its output and its JSON report (checked
/// against the schema).
fn run(c: &'static Cluster, case: &str, args: &[&str], script: &str) -> (Output, Value) {
    finish(case, spawn(c, case, args, script))
}

/// [`run`], started: the test acts while it runs, then calls [`finish`].
fn spawn(c: &'static Cluster, case: &str, args: &[&str], script: &str) -> Running {
    let mut all: Vec<&str> = args.to_vec();
    all.extend(["-f", "s.sql", "--server-stats", "--report-json=r.json"]);
    Pgbench::new(all).on(c).label(case).file("s.sql", script).spawn_under_test()
}

/// The output and JSON report of a run [`spawn`] started.
fn finish(case: &str, run: Running) -> (Output, Value) {
    let out = run.finish();
    let doc = crate::harness::checks::report_of(case, &out);
    assert!(out.stdout.contains("\nserver statistics (every 1 s"), "{case}: {}", out.stdout);
    (out, doc)
}

/// Waits until no backend is connected to `db` (they flush their
/// statistics as they exit), asking from database postgres.
fn quiet(c: &Cluster, db: &str) {
    let sql = format!("SELECT count(*) FROM pg_stat_activity WHERE datname = '{db}'");
    // (Their processes too: a backend leaves pg_stat_activity before it
    // flushes its last statistics.)
    crate::harness::wait_until(&format!("the backends of {db} to exit"), || {
        c.query("postgres", &sql) == [["0"]] && c.processes_of(db) == 0
    });
}

/// The sum over the samples of `view`.`key`.
fn sum(doc: &Value, view: &str, key: &str) -> i64 {
    let samples = doc["server"]["samples"].as_array().expect("samples");
    samples
        .iter()
        .map(|s| s[view][key].as_i64().unwrap_or_else(|| panic!("{view}.{key}: {s}")))
        .sum()
}

/// The run's backends counted at the wait-event samples, in `key` (all
/// when none), over the samples.
fn wait_count(doc: &Value, key: Option<&str>) -> u64 {
    let samples = doc["server"]["samples"].as_array().expect("samples");
    samples
        .iter()
        .flat_map(|s| s["wait_events"].as_object().expect("wait_events").iter())
        .filter(|(k, _)| key.is_none_or(|key| k.as_str() == key))
        .map(|(_, n)| n.as_u64().unwrap_or(0))
        .sum()
}

/// The database's commits and the cluster's WAL bytes, read from
/// database postgres (so that the reading is not counted in `db`).
fn counters(c: &Cluster, db: &str) -> (i64, i64) {
    let r = c.query(
        "postgres",
        &format!(
            "SELECT (SELECT xact_commit FROM pg_stat_database WHERE datname = '{db}'), \
             (SELECT wal_bytes FROM pg_stat_wal)"
        ),
    );
    (r[0][0].parse().expect("xact_commit"), r[0][1].parse().expect("wal_bytes"))
}

/// How much later than its 100 ms tick the sampler may look (a
/// thread of a client program on a machine whose other work it shares).
const SAMPLER_LATE: f64 = 0.15;

/// The run's end on its own clock: the JSON's `end_time_us` from its
/// `progress.start_time_us`, seconds.
fn run_end(doc: &Value) -> f64 {
    (doc["end_time_us"].as_f64().unwrap_or(0.0)
        - doc["progress"]["start_time_us"].as_f64().unwrap_or(0.0))
        / 1e6
}

/// The sample times of a run that ended at `end` (seconds): every whole
/// second before it, then the end itself, rounded to the millisecond,
/// unless it is within 250 ms of a whole second, which then stands for
/// it (the sampler's rule).
fn sample_times(end: f64) -> Vec<f64> {
    let k = end.round();
    if k >= 1.0 && (end - k).abs() <= 0.25 {
        return (1..).map(f64::from).take_while(|s| *s <= k).collect();
    }
    let mut t: Vec<f64> = (1..).map(f64::from).take_while(|s| *s < end).collect();
    t.push((end * 1000.0).round() / 1000.0);
    t
}

/// The server of its own for `major`, with database `sst` and table `t`.
fn own(major: u32) -> Option<&'static Cluster> {
    let c = own_server(major, &format!("server-stats-{major}"), OPTIONS)?;
    c.exec("postgres", "CREATE DATABASE sst");
    c.exec("postgres", "CREATE EXTENSION pg_stat_statements");
    c.exec("sst", "CREATE EXTENSION pg_stat_statements");
    c.exec(
        "sst",
        "CREATE TABLE t (id int PRIMARY KEY, n int); CREATE TABLE h (id int); \
         INSERT INTO t SELECT g, 0 FROM generate_series(1, 100) g",
    );
    // No dead catalog rows left for a reader to prune (pruning writes
    // WAL, which the readings of the test would add).
    c.exec("postgres", "VACUUM");
    c.exec("sst", "VACUUM");
    Some(c)
}

/// The commits and WAL of the samples against the server's differences.
fn sums(c: &'static Cluster, case: &str) {
    quiet(c, "sst");
    let before = counters(c, "sst");
    let script = "\\set id random(1, 100)\nUPDATE t SET n = n + 1 WHERE id = :id;\n";
    let (_, doc) = run(c, case, &["-n", "-c", "2", "-t", "150", "sst"], script);
    quiet(c, "sst");
    let after = counters(c, "sst");
    let commits = sum(&doc, "pg_stat_database", "xact_commit");
    let own = doc["server"]["sampler"]["xact_commit"].as_i64().expect("sampler");
    assert_eq!(commits, after.0 - before.0 - own, "{case}: xact_commit");
    // The transactions, the set-up's connection and the clients'.
    assert_eq!(commits, 300 + 1 + 2, "{case}: xact_commit");
    assert_eq!(doc["totals"]["transactions"], 300, "{case}");
    assert_eq!(sum(&doc, "pg_stat_wal", "wal_bytes"), after.1 - before.1, "{case}: wal_bytes");
}

/// pg_stat_statements' calls of the run's statements against the
/// server's own differences and `-r`'s counts.
fn statements(c: &'static Cluster, case: &str) {
    let calls_sql = "SELECT queryid, calls FROM pg_stat_statements WHERE dbid = \
                     (SELECT oid FROM pg_database WHERE datname = 'sst')";
    let calls = |rows: Vec<Vec<String>>| -> std::collections::BTreeMap<i64, i64> {
        rows.into_iter().map(|r| (r[0].parse().unwrap_or(0), r[1].parse().unwrap_or(0))).collect()
    };
    let before = calls(c.query("postgres", calls_sql));
    let script = "\\set id random(1, 100)\nBEGIN;\nSELECT n FROM t WHERE id = :id;\n\
                  UPDATE t SET n = n + 1 WHERE id = :id;\nINSERT INTO h VALUES (:id);\nEND;\n";
    let (_, doc) =
        run(c, case, &["-n", "-M", "prepared", "-r", "-c", "2", "-t", "40", "sst"], script);
    let after = calls(c.query("postgres", calls_sql));
    let list = doc["server"]["statements"]
        .as_array()
        .unwrap_or_else(|| panic!("{case}: {}", doc["server"]));
    let commands = doc["scripts"][0]["commands"].as_array().expect("commands");
    let mut checked = 0;
    for st in list {
        let id = st["queryid"].as_i64().expect("queryid");
        let diff = after.get(&id).copied().unwrap_or(0) - before.get(&id).copied().unwrap_or(0);
        assert_eq!(st["calls"].as_i64(), Some(diff), "{case}: {st}");
        let query = st["query"].as_str().unwrap_or("");
        assert!(!query.contains("pgbench-rs server-stats"), "{case}: {query}");
        for verb in ["SELECT", "UPDATE", "INSERT"] {
            if query.starts_with(verb) {
                let cmd = commands
                    .iter()
                    .find(|c| c["text"].as_str().is_some_and(|t| t.starts_with(verb)))
                    .expect("command");
                assert_eq!(st["calls"], cmd["transactions"], "{case}: {verb}: {st}");
                assert_eq!(st["calls"], 80, "{case}: {verb}");
                checked += 1;
            }
        }
    }
    assert_eq!(checked, 3, "{case}: {list:?}");
}

/// A CHECKPOINT issued 1.2 s into the measurement of a `-T 4` run
/// appears at its second (and the page's charts, its span shaded,
/// render).
fn checkpoint(c: &'static Cluster, case: &str) {
    // 5 ms a transaction: a light, steady load beside the CHECKPOINT.
    let script = "UPDATE t SET n = n + 1 WHERE id = 1;\nSELECT pg_sleep(0.005);\n";
    let args = ["-n", "-c", "1", "-T", "4", "--report-html=r.html", "sst"];
    let mut run = spawn(c, case, &args, script);
    let origin = run.measuring();
    Running::sleep_until(origin + 1.2);
    let issued = epoch_now();
    c.exec("sst", "CHECKPOINT");
    let done = epoch_now();
    let (out, doc) = finish(case, run);
    let charts = ["tps", "server-wal", "server-hit-ratio", "server-waits"];
    crate::harness::checks::check_page(case, &out.dir.join("r.html"), &charts);
    let start = doc["progress"]["start_time_us"].as_f64().expect("start") / 1e6;
    let (issued, done) = (issued - start, done - start);
    let cps = doc["server"]["checkpoints"].as_array().expect("checkpoints");
    assert_eq!(cps.len(), 1, "{case}: {cps:?} (issued at {issued:.3}-{done:.3})");
    let (cs, ce) =
        (cps[0]["start"].as_f64().unwrap_or(-1.0), cps[0]["end"].as_f64().unwrap_or(-1.0));
    // The checkpoint drawn is the one the test caused: it overlaps the
    // CHECKPOINT command (10 ms for the rounding of the times to the
    // millisecond and of the control file's start to the second), and
    // the sampler saw it end at its first look after it did: it looks
    // every 100 ms, and SAMPLER_LATE allows for a loaded machine.
    assert!(
        cs <= done + 0.01 && ce >= issued - 0.01 && ce <= done + 0.1 + SAMPLER_LATE,
        "{case}: {cps:?} ({issued:.3}-{done:.3})"
    );
    let key = if c.server_version_num >= 170_000 {
        ("pg_stat_checkpointer", "num_requested")
    } else {
        ("pg_stat_bgwriter", "checkpoints_req")
    };
    let samples = doc["server"]["samples"].as_array().expect("samples");
    let at: Vec<f64> = samples
        .iter()
        .filter(|s| s[key.0][key.1].as_i64() != Some(0))
        .map(|s| s["t"].as_f64().unwrap_or(0.0))
        .collect();
    // (The counter moves in the interval the checkpoint ends in; by the
    // next one when it ended just before a reading, or by the one before
    // when the reading, made a few ms after its second, already saw it.)
    let second = ce.ceil();
    assert!(
        at == [second]
            || (ce > second - 0.2 && at == [second + 1.0])
            || (ce < second - 0.9 && at == [second - 1.0]),
        "{case}: {key:?} at {at:?}, checkpoint {cps:?}"
    );
}

/// A sampler held up from 1.3 s into a `-T 3` run until after its end
/// still has a sample for each second: it closes the ones it missed when
/// it gets going again, as it does when it is late during a run. (The
/// hold: another session locks pg_authid, which the sampler's look at
/// pg_stat_activity needs, and releases it once the run's client is gone,
/// that is after the run stopped: it waits for the advisory lock the
/// client holds shared for its session; it fails unless the sampler was
/// waiting for pg_authid then.)
fn held(c: &'static Cluster, case: &str) {
    // 5 ms a transaction: a light, steady load; the lock is what the hold
    // waits for.
    let script = "SELECT pg_advisory_lock_shared(1), pg_sleep(0.005);\n";
    let mut run = spawn(c, case, &["-n", "-c", "1", "-T", "3", "sst"], script);
    let origin = run.measuring();
    Running::sleep_until(origin + 1.3);
    let client_holds = "SELECT count(*) FROM pg_catalog.pg_locks WHERE locktype = 'advisory' \
                        AND objid = 1 AND objsubid = 1 AND granted";
    crate::harness::wait_until("the run's client to hold its lock", || {
        c.query("sst", client_holds) == [["1"]]
    });
    c.exec(
        "sst",
        "BEGIN; LOCK TABLE pg_catalog.pg_authid IN ACCESS EXCLUSIVE MODE; \
         DO $$ BEGIN \
           PERFORM pg_catalog.pg_advisory_lock(1); \
           IF NOT EXISTS (SELECT FROM pg_catalog.pg_locks \
               WHERE relation = 'pg_catalog.pg_authid'::regclass AND NOT granted) THEN \
             RAISE EXCEPTION 'the sampler was not waiting for the lock'; \
           END IF; \
         END $$; COMMIT",
    );
    let (_, doc) = finish(case, run);
    let end = run_end(&doc);
    assert_eq!(times(&doc), sample_times(end), "{case}: the run ended at {end}");
}

fn all_of(major: u32) {
    let case = format!("server_stats_{major}");
    let Some(c) = own(major) else { return };
    sums(c, &format!("{case}_sums"));
    statements(c, &format!("{case}_statements"));
    checkpoint(c, &format!("{case}_checkpoint"));
    held(c, &format!("{case}_held"));
}

/// A test of `case` (which starts a server of `major` of its own) for each
/// major named, one at a time.
macro_rules! on_servers {
    ($case:ident: $($name:ident $major:literal),*) => {
        $(
            #[test]
            fn $name() {
                let _one = serial();
                $case($major);
            }
        )*
    };
}

on_servers!(all_of: sums_statements_and_checkpoint_15 15, sums_statements_and_checkpoint_17 17,
    sums_statements_and_checkpoint_18 18);

/// `case` on the shared server of `major` (15: the suite's), named
/// `label_MAJOR`; nothing where that server is not installed.
fn on_shared(major: u32, label: &str, case: fn(&'static Cluster, &str)) {
    let c = if major == 15 { Some(crate::harness::cluster::cluster()) } else { server(major) };
    if let Some(c) = c {
        case(c, &format!("{label}_{major}"));
    }
}

/// A test of `case` on each shared server named ([`on_shared`]), one at a
/// time.
macro_rules! on_shared_servers {
    ($case:ident, $label:literal: $($name:ident $major:literal),*) => {
        $(
            #[test]
            fn $name() {
                let _one = serial();
                needs!(Server);
                on_shared($major, $label, $case);
            }
        )*
    };
}

/// The wait events of the run's backends on the shared server of `major`:
/// in 200 ms sleeps they are seen in `Timeout:PgSleep`, but in the few ms
/// of each transaction their work (and a loaded machine's scheduler, up
/// to some 20 ms) takes, so in more than half of the about 40 samples:
/// with each one outside the sleep with a chance of 10% at most, fewer
/// than half is a binomial tail of about 1e-9. Two clients updating one
/// row in a transaction wait for each other's lock (half of the time).
fn waits(c: &'static Cluster, case: &str) {
    let db = create_db_on(c, "sst_waits");
    // The sleep is the wait event counted (Timeout:PgSleep).
    let (_, doc) = run(c, case, &["-n", "-c", "2", "-T", "2", &db.name], "SELECT pg_sleep(0.2);\n");
    let all = wait_count(&doc, None);
    let sleep = wait_count(&doc, Some("Timeout:PgSleep"));
    assert!(
        all >= 10 && sleep * 2 > all,
        "{case}: PgSleep {sleep} of {all}: {}",
        doc["server"]["samples"]
    );
    db.exec("CREATE TABLE one (id int PRIMARY KEY, n int); INSERT INTO one VALUES (1, 0)");
    // The row locked for 10 ms a transaction: the other client's wait for it
    // is the event counted (Lock:transactionid).
    let script = "BEGIN;\nUPDATE one SET n = n + 1 WHERE id = 1;\nSELECT pg_sleep(0.01);\nEND;\n";
    let (_, doc) = run(c, case, &["-n", "-c", "2", "-T", "2", &db.name], script);
    let lock = wait_count(&doc, Some("Lock:transactionid"));
    assert!(lock > 0, "{case}: no Lock:transactionid: {}", doc["server"]["samples"]);
}

on_shared_servers!(waits, "server_stats_waits": wait_events_15 15, wait_events_17 17,
    wait_events_18 18);

/// The standby's rows of each sample.
fn standby_rows(doc: &Value) -> Vec<(f64, Value)> {
    let samples = doc["server"]["samples"].as_array().expect("samples");
    samples
        .iter()
        .map(|s| {
            let rows = s["pg_stat_replication"].as_array().expect("pg_stat_replication");
            assert_eq!(rows.len(), 1, "one standby: {s}");
            (s["t"].as_f64().unwrap_or(0.0), rows[0].clone())
        })
        .collect()
}

/// A primary with a streaming standby (`synchronous_commit =
/// remote_write`) shows the standby's lags every second; with replay
/// paused on the standby, the replay lag and the bytes behind grow.
/// `tag` names the servers (the host's may be of the same major as the
/// other test's).
fn replication(major: u32, tag: &str) {
    let case = &format!("server_stats_replication_{tag}");
    let Some(pair) = crate::harness::standby::primary_with_standby(
        major,
        &format!("server-stats-repl-{tag}"),
        "-c synchronous_commit=remote_write -c synchronous_standby_names='*'",
    ) else {
        return;
    };
    let p = pair.primary;
    p.exec("postgres", "CREATE DATABASE sst");
    p.exec("sst", "CREATE TABLE t (id int PRIMARY KEY, n int); INSERT INTO t SELECT g, 0 FROM generate_series(1, 100) g");
    let script = "\\set id random(1, 100)\nUPDATE t SET n = n + 1 WHERE id = :id;\n";
    let (out, doc) =
        run(p, case, &["-n", "-c", "2", "-T", "3", "--report-html=r.html", "sst"], script);
    let charts = ["tps", "server-wal", "server-hit-ratio", "server-replication", "server-waits"];
    crate::harness::checks::check_page(case, &out.dir.join("r.html"), &charts);
    let rows = standby_rows(&doc);
    // A sample every second until the run's end: `-T 3`'s end, or later
    // when its last COMMITs wait for a standby that a loaded machine
    // starves (synchronous_commit waits for it: the run lasts until
    // they return, and its samples with it).
    let end = run_end(&doc);
    assert!(end >= 3.0, "{case}: the run ended at {end}");
    assert_eq!(rows.iter().map(|r| r.0).collect::<Vec<_>>(), sample_times(end), "{case}");
    // Each second has the standby's row; its lags are the server's
    // (null in a second in which the standby said nothing new: the
    // server shows no lag then), and a second of the run has all three.
    let lags = ["write_lag", "flush_lag", "replay_lag"];
    for (t, r) in &rows {
        assert_eq!(r["state"], "streaming", "{case}: {t}: {r}");
        assert_eq!(r["sync_state"], "sync", "{case}: {t}: {r}");
        for lag in lags {
            assert!(
                r[lag].is_null() || r[lag].as_f64().is_some_and(|x| x >= 0.0),
                "{case}: {t}: {lag}: {rows:?}"
            );
        }
    }
    assert!(
        rows.iter().any(|(_, r)| lags.iter().all(|l| r[*l].is_f64())),
        "{case}: no second with the three lags: {rows:?} {}",
        doc["totals"]
    );
    pair.standby.exec("postgres", "SELECT pg_wal_replay_pause()");
    let (_, doc) = run(p, &format!("{case}_paused"), &["-n", "-c", "2", "-T", "3", "sst"], script);
    pair.standby.exec("postgres", "SELECT pg_wal_replay_resume()");
    let rows = standby_rows(&doc);
    let at = |i: usize, k: &str| {
        rows[i].1[k].as_f64().unwrap_or_else(|| panic!("{case}: {k}: {:?}", rows[i]))
    };
    let last = rows.len() - 1;
    assert!(at(last, "replay_lag") > at(0, "replay_lag") + 1.0, "{case}: {rows:?}");
    assert!(at(last, "replay_bytes_behind") > at(0, "replay_bytes_behind"), "{case}: {rows:?}");
    assert!(at(last, "write_lag") < 1.0, "{case}: the standby still writes: {rows:?}");
}

#[test]
fn replication_lag_15() {
    let _one = serial();
    needs!(Server);
    replication(crate::harness::cluster::cluster().server_version_num / 10_000, "host");
}

#[test]
fn replication_lag_18() {
    let _one = serial();
    replication(18, "18");
}

/// The `t` of each sample.
fn times(doc: &Value) -> Vec<f64> {
    let samples = doc["server"]["samples"].as_array().expect("samples");
    samples.iter().map(|s| s["t"].as_f64().unwrap_or(-1.0)).collect()
}

/// After SIGINT (2.5 s into the measurement) the samples end at the
/// signal; a warm-up is left out.
#[test]
fn interrupted_and_warmed_up() {
    let _one = serial();
    let case = needs!(Server);
    let c = crate::harness::cluster::cluster();
    let db = create_db_on(c, "sst_sigint");
    let args = [
        "-n",
        "-c",
        "2",
        "-T",
        "20",
        "-f",
        "s.sql",
        "--server-stats",
        "--report-json=r.json",
        &db.name,
    ];
    // 5 ms a transaction: a light, steady load until the signal.
    let mut running = Pgbench::new(args)
        .on(c)
        .label(case)
        .file("s.sql", "SELECT pg_sleep(0.005);\n")
        .spawn_under_test();
    let origin = running.measuring();
    let origin_monotonic = running.event("measuring_monotonic", 1);
    Running::sleep_until(origin + 2.5);
    // On the program's own clock: the wall clock may step, and the
    // program reads it once to date the run.
    let sent = running.signal_monotonic(libc::SIGINT) - origin_monotonic;
    let out = running.finish();
    assert_eq!(out.status, Status::Signal(2), "{case}: {}", out.stderr);
    let doc = crate::harness::checks::json_report(case, &out);
    assert_eq!(doc["status"], "interrupted", "{case}");
    // The run ends when the signal came: when the test sent it, or a
    // moment later when the program's handler ran.
    let end = run_end(&doc);
    assert!(end >= sent - 0.001, "{case}: the run ended at {end}, the signal was sent at {sent}");
    assert_eq!(times(&doc), sample_times(end), "{case}: the run ended at {end}");
    assert!(out.stdout.contains("\nserver statistics (every 1 s"), "{case}: {}", out.stdout);

    let case = "server_stats_warmup";
    // 5 ms a transaction: a light, steady load through the warm-up.
    let script = "SELECT pg_sleep(0.005);\n";
    let (_, doc) = run(c, case, &["-n", "-c", "2", "-T", "2", "--warmup=1", &db.name], script);
    assert_eq!(times(&doc), sample_times(run_end(&doc)), "{case}");
    // The warm-up's transactions are not in the first second: its
    // clients' commits are flushed at most a second late, so some of them
    // may be, but never all of the warm-up's.
    let first =
        doc["server"]["samples"][0]["pg_stat_database"]["xact_commit"].as_i64().unwrap_or(0);
    let all = doc["totals"]["transactions"].as_i64().unwrap_or(0);
    assert!(first < all, "{case}: {first} of {all}");
}

/// With --shard shard 0 samples, the others do not, and --merge keeps
/// shard 0's object (and prints its section).
#[test]
fn shard_zero_samples_and_merge_keeps_it() {
    let _one = serial();
    let case = needs!(Server);
    let db = crate::harness::bench::pgbench_db(case);
    let args = ["-S", "-n", "-c", "2", "-j", "2", "-T", "2", "--server-stats"];
    let shards = crate::shards::run_shards(case, &db.name, &args, &[|p| p, |p| p]);
    let docs: Vec<String> = shards
        .iter()
        .map(|s| {
            assert_eq!(s.status, Status::Exit(0), "{case}: {}", s.stderr);
            s.read_file("r.json")
        })
        .collect();
    let parsed: Vec<Value> = docs.iter().map(|d| serde_json::from_str(d).expect("JSON")).collect();
    assert_eq!(times(&parsed[0]), sample_times(run_end(&parsed[0])), "{case}");
    assert!(parsed[1].get("server").is_none(), "{case}: shard 1 sampled");
    assert!(shards[0].stdout.contains("\nserver statistics"), "{case}");
    assert!(!shards[1].stdout.contains("server statistics"), "{case}");
    let merged = crate::shards::merge_shards(&format!("{case}-merge"), &docs);
    assert_eq!(merged.status, Status::Exit(0), "{case}: {}", merged.stderr);
    let m: Value = serde_json::from_str(&merged.read_file("m.json")).expect("m.json");
    assert_eq!(m["server"], parsed[0]["server"], "{case}");
    let line =
        |text: &str| text.lines().find(|l| l.starts_with("pg_stat_database: ")).map(str::to_string);
    assert!(line(&shards[0].stdout).is_some(), "{case}: {}", shards[0].stdout);
    assert_eq!(line(&merged.stdout), line(&shards[0].stdout), "{case}: {}", merged.stdout);
}

/// Bad values are refused in C pgbench's style (exit status 1), and so is
/// a server the sampler cannot reach.
#[test]
fn bad_values_and_no_server() {
    let _one = serial();
    needs!(Server);
    for (arg, msg) in [
        ("--server-stats=0", "pgbench: error: --server-stats must be in range 1..3600\n"),
        ("--server-stats=abc", "pgbench: error: invalid value \"abc\" for option --server-stats\n"),
    ] {
        let out = Pgbench::no_server([arg]).label("server_stats_bad").run_under_test();
        assert_eq!(out.status, Status::Exit(1), "{arg}");
        assert!(out.stderr.starts_with(msg), "{arg}: {}", out.stderr);
    }
    let out = Pgbench::no_server(["--server-stats", "-t", "1"])
        .label("server_stats_no_server")
        .run_under_test();
    assert_eq!(out.status, Status::Exit(1), "{}", out.stderr);
    assert!(
        out.stderr.ends_with("pgbench: error: could not create connection for server statistics\n"),
        "{}",
        out.stderr
    );
}

/// A role that may not read a view (here pg_stat_bgwriter and
/// pg_control_checkpoint(), revoked in the run's database): the run goes
/// on, says which it could not read, and the view is null in every
/// sample.
fn unprivileged(c: &'static Cluster, case: &str) {
    let db = create_db_on(c, "sst_priv");
    let role = c.create_role(&format!("sst_plain_{}", crate::harness::tmp::unique()), "");
    db.exec(&format!(
        "REVOKE SELECT ON pg_catalog.pg_stat_bgwriter FROM PUBLIC; \
         REVOKE EXECUTE ON FUNCTION pg_catalog.pg_control_checkpoint() FROM PUBLIC; \
         GRANT CREATE ON DATABASE {0} TO {1}; GRANT ALL ON SCHEMA public TO {1}",
        db.name, role
    ));
    let (out, doc) =
        run(c, case, &["-n", "-U", &role, "-c", "1", "-t", "20", &db.name], "SELECT 1;\n");
    assert!(
        out.stderr.contains("--server-stats cannot read pg_stat_bgwriter: permission denied"),
        "{case}: {}",
        out.stderr
    );
    let server = &doc["server"];
    assert!(
        server["unavailable"]["pg_stat_bgwriter"]
            .as_str()
            .is_some_and(|m| m.contains("permission denied")),
        "{case}: {server}"
    );
    assert!(server["unavailable"]["checkpoints"].as_str().is_some(), "{case}: {server}");
    for s in server["samples"].as_array().expect("samples") {
        assert!(s["pg_stat_bgwriter"].is_null(), "{case}: {s}");
        assert!(s["pg_stat_database"]["xact_commit"].is_i64(), "{case}: {s}");
    }
    assert_eq!(sum(&doc, "pg_stat_database", "xact_commit"), 20 + 1 + 1, "{case}");
}

on_shared_servers!(unprivileged, "server_stats_priv": unprivileged_role_15 15,
    unprivileged_role_18 18);

/// Under -C each transaction's new backend is found by its pid (most of
/// its time in a 200 ms pg_sleep: a sample may find it still starting,
/// which a loaded machine may stretch to some 50 ms, a chance of 20% at
/// most; fewer than half of the about 40 samples is a binomial tail below
/// 1e-5); the commits are the transactions, one per connection, and the
/// set-up's.
#[test]
fn reconnecting_clients() {
    let _one = serial();
    let case = needs!(Server);
    let c = crate::harness::cluster::cluster();
    let db = create_db_on(c, "sst_reconnect");
    // The sleep is the wait event counted (Timeout:PgSleep).
    let (_, doc) =
        run(c, case, &["-n", "-C", "-c", "2", "-t", "10", &db.name], "SELECT pg_sleep(0.2);\n");
    let (all, sleep) = (wait_count(&doc, None), wait_count(&doc, Some("Timeout:PgSleep")));
    assert!(sleep >= 8 && sleep * 2 > all, "{case}: PgSleep {sleep} of {all}");
    assert_eq!(sum(&doc, "pg_stat_database", "xact_commit"), 2 * 20 + 1, "{case}");
}
