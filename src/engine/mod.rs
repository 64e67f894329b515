//! The benchmark engine: set-up on one connection (version banner, scale
//! and partition detection, automatic variables, vacuum), then worker
//! threads that each own their clients, and the main thread that prints
//! progress from the workers' messages and the final report.
//!
//! Only this module spawns threads. Workers share nothing mutable: each
//! sends progress snapshots and its final result over a channel.

pub(crate) mod client;
pub(crate) mod shell;
pub(crate) mod thread;

use std::ffi::CStr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Barrier, OnceLock};

use crossbeam_channel::RecvTimeoutError;

use crate::cli::{PG_VERSION, PG_VERSION_NUM};
use crate::config::{BenchConfig, PartitionMethod};
use crate::log;
use crate::pq::{Conn, ExecStatus, SQLSTATE_UNDEFINED_TABLE};
use crate::rand::prng::PgPrng;
use crate::report::{self, RunParams, RunTotals};
use crate::script::vars::{CLIENT_ID, DEFAULT_SEED, RANDOM_SEED, SCALE};
use crate::script::{Value, Vars};
use crate::stats::{CommandStats, StatsData};
use crate::sys::clock::{epoch_shift, monotonic_us};
use crate::sys::poll::{Mechanism, Waker};
use client::Client;
use thread::{Msg, RunSync, Shared, ThreadState, WorkerResult};

/// Exit status of a run in which some client aborted.
const EXIT_ABORTED: u8 = 2;

/// What `GetTableInfo` found in the database.
#[derive(Debug, Clone, Copy)]
struct TableInfo {
    scale: i32,
    partition_method: PartitionMethod,
    partitions: i32,
}

/// Runs a benchmark and returns the exit status (0, 1 or 2).
pub(crate) fn run(cfg: &BenchConfig) -> u8 {
    let n = usize::try_from(cfg.nclients).unwrap_or(1);
    // Client variables: -D values, as strings, for every client.
    let mut proto = Vars::new(&cfg.registry);
    for (slot, value) in &cfg.defines {
        proto.set_str(*slot, value);
    }
    // The base sequence draws, in C's order: one generator per client...
    let mut base = PgPrng::from_seed(cfg.random_seed);
    let client_rngs: Vec<PgPrng> = (0..n).map(|_| base.derive()).collect();

    let mut con = match Conn::connect(&cfg.conn) {
        Ok(c) => c,
        Err(msg) => {
            log::error!("{msg}");
            log::error!("could not create connection for setup");
            return 1;
        }
    };
    print_version(&con);
    log::debug!(
        "pghost: {} pgport: {} nclients: {} {}: {} dbName: {}",
        con.host(),
        con.port(),
        cfg.nclients,
        if cfg.duration <= 0 { "nxacts" } else { "duration" },
        if cfg.duration <= 0 { cfg.nxacts } else { cfg.duration },
        con.db()
    );
    let mut info =
        TableInfo { scale: cfg.scale, partition_method: PartitionMethod::None, partitions: 0 };
    if cfg.builtin_used {
        match table_info(&mut con, cfg.scale_given) {
            Some(i) => info = i,
            None => return 1,
        }
    }
    // ...then the default seed, shared by all clients, unless -D gave one.
    if !proto.is_defined(SCALE) {
        proto.set_value(SCALE, Value::Int(i64::from(info.scale)));
    }
    let define_client_id = !proto.is_defined(CLIENT_ID);
    if !proto.is_defined(DEFAULT_SEED) {
        proto.set_value(DEFAULT_SEED, Value::Int(base.next_u64().cast_signed()));
    }
    if !proto.is_defined(RANDOM_SEED) {
        proto.set_value(RANDOM_SEED, Value::Int(cfg.random_seed.cast_signed()));
    }
    if !cfg.no_vacuum {
        log::raw(b"starting vacuum...");
        for sql in
            [c"vacuum pgbench_branches", c"vacuum pgbench_tellers", c"truncate pgbench_history"]
        {
            try_execute(&mut con, sql);
        }
        log::raw(b"end.\n");
        if cfg.vacuum_accounts {
            log::raw(b"starting vacuum pgbench_accounts...");
            try_execute(&mut con, c"vacuum analyze pgbench_accounts");
            log::raw(b"end.\n");
        }
    }
    con.finish();

    let command_base: Vec<usize> = cfg
        .scripts
        .iter()
        .scan(0, |acc, s| {
            let base = *acc;
            *acc += s.commands.len();
            Some(base)
        })
        .collect();
    let n_commands: usize = cfg.scripts.iter().map(|s| s.commands.len()).sum();
    let mut clients = client_rngs.into_iter().enumerate().map(|(i, rng)| {
        let id = i32::try_from(i).unwrap_or(i32::MAX);
        let mut vars = proto.clone();
        if define_client_id {
            vars.set_value(CLIENT_ID, Value::Int(i64::from(id)));
        }
        Client::new(id, vars, rng, n_commands)
    });
    // ...and three generators per thread. Each thread's clients are built
    // straight into its own vector: no array of every client is kept.
    let nthreads = usize::try_from(cfg.nthreads).unwrap_or(1).max(1);
    let mut threads: Vec<(ThreadState, Vec<Client>)> = Vec::with_capacity(nthreads);
    let mut dealt = 0;
    for t in 0..nthreads {
        // Earlier threads get the larger blocks, as C deals them.
        let count = (n - dealt + nthreads - t - 1) / (nthreads - t);
        let rngs = [base.derive(), base.derive(), base.derive()];
        let mine: Vec<Client> = clients.by_ref().take(count).collect();
        threads.push((ThreadState::new(t, rngs, &cfg.scripts), mine));
        dealt += count;
    }

    let waker = match Waker::new() {
        Ok(w) => w,
        Err(e) => {
            log::error!("could not create an event descriptor: {}", crate::sys::os_error_text(&e));
            return 1;
        }
    };
    let sync = RunSync {
        ready: Barrier::new(nthreads),
        go: Barrier::new(nthreads),
        origin: OnceLock::new(),
        stop: AtomicBool::new(false),
        waker,
    };
    let timer = AtomicBool::new(false);
    let start_time = monotonic_us();
    let end_time =
        if cfg.duration > 0 { start_time + i64::from(cfg.duration) * 1_000_000 } else { 0 };
    let shared = Shared {
        cfg,
        scripts: &cfg.scripts,
        timer: &timer,
        end_time,
        detailed: cfg.progress > 0
            || cfg.throttle_delay_us > 0.0
            || cfg.latency_limit_us != 0
            || cfg.use_log
            || cfg.per_script_stats,
        epoch_shift: epoch_shift(),
        sync: &sync,
        mechanism: mechanism(),
        pin: std::env::var("PGBENCH_RS_PIN").is_ok_and(|v| v == "on"),
        command_base,
    };
    let (tx, rx) = crossbeam_channel::unbounded::<Msg>();
    if !cfg.is_connect {
        // Until thread 0 has seen every initial connection made.
        crate::sys::malloc::map_connection_buffers();
    }
    let results: Vec<WorkerResult> = std::thread::scope(|s| {
        for (th, cl) in threads {
            let tx = tx.clone();
            let shared = &shared;
            let spawned = std::thread::Builder::new()
                .name(format!("pgbench-rs-{}", th.tid))
                .spawn_scoped(s, move || {
                    let r = thread::run(shared, th, cl, &tx);
                    let _ = tx.send(Msg::Done(Box::new(r)));
                });
            if let Err(e) = spawned {
                log::error!("could not create thread: {}", crate::sys::os_error_text(&e));
                std::process::exit(1);
            }
        }
        drop(tx);
        supervise(&shared, &rx, nthreads, start_time)
    });
    let end = monotonic_us();

    if results.iter().any(|r| r.fatal) {
        return 1;
    }
    if results.iter().any(|r| r.exit_on_abort) {
        return EXIT_ABORTED;
    }
    let mut total = StatsData::new(0);
    let mut latency_late = 0;
    let mut conn_total = 0;
    let mut bench_start = i64::MAX;
    let mut script_stats = vec![StatsData::new(0); cfg.scripts.len()];
    let mut cmd_stats: Vec<Vec<CommandStats>> =
        cfg.scripts.iter().map(|s| vec![CommandStats::default(); s.commands.len()]).collect();
    let mut aborted = false;
    for r in &results {
        total.merge(&r.state.stats);
        latency_late += r.state.latency_late;
        conn_total += r.state.conn_duration;
        bench_start = bench_start.min(r.bench_start);
        aborted |= !r.all_finished;
        for (acc, s) in script_stats.iter_mut().zip(&r.state.script_stats) {
            acc.merge(s);
        }
        for (acc, cs) in cmd_stats.iter_mut().zip(&r.state.cmd_stats) {
            for (a, c) in acc.iter_mut().zip(cs) {
                a.merge(c);
            }
        }
    }
    let params = RunParams {
        scripts: &cfg.scripts,
        total_weight: cfg.total_weight,
        scale: info.scale,
        partition_method: info.partition_method,
        partitions: info.partitions,
        query_mode: cfg.query_mode,
        nclients: cfg.nclients,
        nthreads: cfg.nthreads,
        max_tries: cfg.max_tries,
        nxacts: cfg.nxacts,
        duration: cfg.duration,
        failures_detailed: cfg.failures_detailed,
        throttled: cfg.throttle_delay_us > 0.0,
        latency_limit_us: cfg.latency_limit_us,
        progress: cfg.progress > 0,
        is_connect: cfg.is_connect,
        per_script_stats: cfg.per_script_stats,
        report_per_command: cfg.report_per_command,
    };
    let totals = RunTotals {
        total,
        total_duration_us: end - bench_start,
        conn_total_duration_us: conn_total,
        conn_elapsed_duration_us: bench_start - start_time,
        latency_late,
        scripts: &script_stats,
        commands: &cmd_stats,
    };
    report::write_stdout(&report::format_results(&params, &totals));
    if aborted {
        log::error!("Run was aborted; the above results are incomplete.");
        return EXIT_ABORTED;
    }
    0
}

/// The socket waiting mechanism: io_uring where the kernel allows it,
/// else epoll; `PGBENCH_RS_POLL=epoll` or `=ppoll` (C pgbench's) chooses
/// one for side-by-side measurements. Under valgrind the default is epoll:
/// valgrind (3.19 at least) holds its lock through a blocking
/// `io_uring_enter`, so one waiting worker would stop the others.
fn mechanism() -> Mechanism {
    let preload = std::env::var_os("LD_PRELOAD").unwrap_or_default();
    choose_mechanism(std::env::var("PGBENCH_RS_POLL").ok().as_deref(), &preload.to_string_lossy())
}

/// [`mechanism`] from the values of `PGBENCH_RS_POLL` and `LD_PRELOAD`
/// (valgrind preloads its `vgpreload_*` libraries).
fn choose_mechanism(poll: Option<&str>, preload: &str) -> Mechanism {
    match poll {
        Some("ppoll") => Mechanism::Ppoll,
        Some("epoll") => Mechanism::Epoll,
        Some("io_uring") => Mechanism::Uring,
        _ if preload.contains("vgpreload") => Mechanism::Epoll,
        _ => Mechanism::Uring,
    }
}

/// The main thread during the run: sets the `-T` timer, prints progress
/// reports from the workers' snapshots, and collects their results.
fn supervise(
    sh: &Shared<'_>,
    rx: &crossbeam_channel::Receiver<Msg>,
    nthreads: usize,
    start_time: i64,
) -> Vec<WorkerResult> {
    let cfg = sh.cfg;
    let mut results: Vec<WorkerResult> = Vec::with_capacity(nthreads);
    let mut latest: Vec<(u64, i64, StatsData)> = vec![(0, 0, StatsData::new(0)); nthreads];
    let mut done = vec![false; nthreads];
    let mut last = StatsData::new(0);
    let mut last_report: Option<i64> = None;
    let mut next_seq: u64 = 1;
    let progress_us = i64::from(cfg.progress) * 1_000_000;
    // A report waits at most this long for a late worker's snapshot.
    let grace_us = (progress_us / 2).min(1_000_000);
    let timer_at = if cfg.duration > 0 { Some(sh.end_time) } else { None };
    while results.len() < nthreads {
        let now = monotonic_us();
        let mut deadline: Option<i64> = None;
        if let Some(t) = timer_at
            && !sh.timer_exceeded()
        {
            if now >= t {
                sh.timer.store(true, Ordering::Relaxed);
            } else {
                deadline = Some(t);
            }
        }
        let report_due =
            sh.sync.origin.get().map(|o| {
                o + i64::try_from(next_seq).unwrap_or(i64::MAX).saturating_mul(progress_us)
            });
        // As in C, reports follow thread 0: one is printed once thread 0
        // reached its time (with the other threads' snapshots of the same
        // moment, or their latest after a grace period), and none after
        // thread 0 has finished.
        if progress_us > 0
            && !done[0]
            && let Some(due) = report_due
        {
            let live_min = (0..nthreads).filter(|&t| !done[t]).map(|t| latest[t].0).min();
            let ready = live_min.is_none_or(|m| m >= next_seq);
            let overdue = now >= due + grace_us && latest[0].0 >= next_seq;
            if ready || overdue {
                let mut cur = StatsData::new(0);
                let mut at = due;
                for (seq, t, st) in &latest {
                    cur.merge(st);
                    if *seq >= next_seq {
                        at = at.max(*t);
                    }
                }
                let origin = sh.sync.origin.get().copied().unwrap_or(start_time);
                let prev = last_report.unwrap_or(origin);
                let line = report::progress::format_progress(
                    &report::progress::ProgressFormat::of(cfg, sh.epoch_shift),
                    &cur,
                    &last,
                    at - prev,
                    at - origin,
                    at,
                );
                log::raw(line.as_bytes());
                last = cur;
                last_report = Some(at);
                // Reports every live worker has already passed (it was
                // late) are not printed one by one.
                next_seq = match live_min {
                    Some(m) if ready => m.max(next_seq) + 1,
                    _ => next_seq + 1,
                };
                continue;
            }
            // Wake up when the grace period ends, to print with what has
            // arrived; past it, only a message can make the report ready.
            let d = due + grace_us;
            if now < d {
                deadline = Some(deadline.map_or(d, |x| x.min(d)));
            }
        }
        let msg = match deadline {
            Some(d) => {
                let wait = std::time::Duration::from_micros((d - now).max(0).unsigned_abs());
                match rx.recv_timeout(wait) {
                    Ok(m) => m,
                    Err(RecvTimeoutError::Timeout) => continue,
                    Err(RecvTimeoutError::Disconnected) => break,
                }
            }
            None => match rx.recv() {
                Ok(m) => m,
                Err(_) => break,
            },
        };
        match msg {
            Msg::Progress { tid, seq, now, stats } => {
                if let Some(l) = latest.get_mut(tid) {
                    *l = (seq, now, stats);
                }
            }
            Msg::Done(r) => {
                let tid = r.tid;
                if let Some(l) = latest.get_mut(tid) {
                    l.2 = r.state.stats;
                }
                if let Some(d) = done.get_mut(tid) {
                    *d = true;
                }
                results.push(*r);
            }
        }
    }
    results.sort_by_key(|r| r.tid);
    results
}

/// `printVersion`: the version banner on stdout.
fn print_version(con: &Conn) {
    let ours = format!("{PG_VERSION} (pgbench-rs {})", env!("CARGO_PKG_VERSION"));
    let line = if con.server_version() == PG_VERSION_NUM {
        format!("pgbench ({ours})\n")
    } else {
        let server = con.parameter_status(c"server_version").unwrap_or_else(|| {
            let v = con.server_version();
            format!("{}.{}", v / 10000, v % 10000)
        });
        format!("pgbench ({ours}, server {server})\n")
    };
    report::write_stdout(&line);
}

/// `tryExecuteStatement`: runs a command, reporting but ignoring errors.
fn try_execute(con: &mut Conn, sql: &CStr) {
    let ok = con.exec(sql).is_some_and(|r| r.status() == ExecStatus::CommandOk);
    if !ok {
        log::error!("{}", con.error_message());
        log::detail!("(ignoring this error and continuing anyway)");
    }
}

/// The query C uses to find the first `pgbench_accounts` in the search
/// path and how it is partitioned.
const PARTITION_QUERY: &CStr = c"select o.n, p.partstrat, pg_catalog.count(i.inhparent) from pg_catalog.pg_class as c join pg_catalog.pg_namespace as n on (n.oid = c.relnamespace) cross join lateral (select pg_catalog.array_position(pg_catalog.current_schemas(true), n.nspname)) as o(n) left join pg_catalog.pg_partitioned_table as p on (p.partrelid = c.oid) left join pg_catalog.pg_inherits as i on (c.oid = i.inhparent) where c.relname = 'pgbench_accounts' and o.n is not null group by 1, 2 order by 1 asc limit 1";

/// `GetTableInfo`: the scale from `pgbench_branches` and the partitioning
/// of `pgbench_accounts`. None after C's fatal messages.
fn table_info(con: &mut Conn, scale_given: bool) -> Option<TableInfo> {
    let res = match con.exec(c"select count(*) from pgbench_branches") {
        Some(r) if r.status() == ExecStatus::TuplesOk => r,
        other => {
            let sqlstate = other.as_ref().and_then(crate::pq::PgResult::sqlstate);
            log::error!("could not count number of branches: {}", con.error_message());
            if sqlstate == Some(SQLSTATE_UNDEFINED_TABLE) {
                log::hint!(
                    "Perhaps you need to do initialization (\"pgbench -i\") in database \"{}\".",
                    con.db()
                );
            }
            return None;
        }
    };
    let text = String::from_utf8_lossy(res.value(0, 0)).into_owned();
    let scale = crate::compat::num::atoi(text.as_bytes());
    if scale < 0 {
        log::error!("invalid count(*) from pgbench_branches: \"{text}\"");
        return None;
    }
    if scale_given {
        log::warning!("scale option ignored, using count from pgbench_branches table ({scale})");
    }
    let mut info = TableInfo { scale, partition_method: PartitionMethod::None, partitions: 0 };
    let Some(res) = con.exec(PARTITION_QUERY) else { return Some(info) };
    if res.status() != ExecStatus::TuplesOk {
        return Some(info);
    }
    if res.ntuples() == 0 {
        log::error!("no pgbench_accounts table found in \"search_path\"");
        log::hint!(
            "Perhaps you need to do initialization (\"pgbench -i\") in database \"{}\".",
            con.db()
        );
        return None;
    }
    if !res.is_null(0, 1) {
        info.partition_method = match res.value(0, 1) {
            b"r" => PartitionMethod::Range,
            b"h" => PartitionMethod::Hash,
            other => {
                log::error!("unexpected partition method: \"{}\"", String::from_utf8_lossy(other));
                return None;
            }
        };
    }
    info.partitions = crate::compat::num::atoi(res.value(0, 2));
    Some(info)
}

#[cfg(test)]
mod tests {
    use super::{Mechanism, choose_mechanism};

    #[test]
    fn io_uring_by_default_epoll_under_valgrind_unless_asked() {
        assert_eq!(choose_mechanism(None, ""), Mechanism::Uring);
        assert_eq!(choose_mechanism(Some("anything"), ""), Mechanism::Uring);
        assert_eq!(choose_mechanism(Some("epoll"), ""), Mechanism::Epoll);
        assert_eq!(choose_mechanism(Some("ppoll"), ""), Mechanism::Ppoll);
        let vg = "/usr/libexec/valgrind/vgpreload_core-amd64-linux.so";
        assert_eq!(choose_mechanism(None, vg), Mechanism::Epoll);
        assert_eq!(choose_mechanism(Some("io_uring"), vg), Mechanism::Uring);
        assert_eq!(choose_mechanism(Some("ppoll"), vg), Mechanism::Ppoll);
    }
}
