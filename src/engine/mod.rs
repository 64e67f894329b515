//! The benchmark engine: set-up on one connection ([`setup`]), then worker
//! threads that each own their clients ([`worker`], [`client`]), and the
//! main thread that prints progress from the workers' messages
//! ([`progress`]) and merges their results ([`finish`]).
//!
//! Only this module spawns the run's threads (the metrics endpoint's own
//! thread is `metrics`'). Workers share nothing mutable: each
//! reads the run-wide [`shared`] state and sends progress snapshots and its
//! final result over a channel. [`run`] returns the run ([`RunResult`]:
//! how it went and what it measured), which `report` alone turns into
//! the reports, or why it could not be made ([`Error`]); `main` alone
//! turns that into an exit status.

pub(crate) mod client;
mod connecting;
mod finish;
mod live;
mod progress;
mod runq;
mod setup;
pub(crate) mod shared;
pub(crate) mod shell;
mod thread_state;
mod worker;

use crate::error::Error;
use std::sync::atomic::AtomicBool;

use crate::config::{BenchConfig, PartitionMethod};
use crate::log;
use crate::pq::Conn;
use crate::pq::backends::Backends;
use crate::rand::prng::PgPrng;
use crate::script::builtin::Tables;
use crate::script::vars::{CLIENT_ID, DEFAULT_SEED, RANDOM_SEED, SCALE};
use crate::script::{Value, Vars};
use crate::stats::series::Series;
use crate::sys::clock::{epoch_shift, monotonic_us};
use crate::sys::wait::Wakers;
use crate::time::Mono;
use client::Client;
use setup::TableInfo;
use shared::{RunSync, Shared};
use thread_state::ThreadState;
use worker::{Msg, WorkerOutcome, WorkerResult};

pub(crate) use crate::result::{RunOutcome, RunResult};

/// How far in the past a `--start-at` may be when the program starts: a
/// run whose connections are made after its time starts at once (and
/// says so); one older than this is taken for a mistake.
const START_AT_PAST_LIMIT_US: i64 = 60_000_000;

/// Runs a benchmark (publishing its live metrics to `metrics`, with
/// `--metrics-listen`).
pub(crate) fn run(
    cfg: &BenchConfig,
    metrics: Option<&crate::metrics::Publisher<'_>>,
) -> Result<RunResult, Error> {
    let n: usize = crate::invariant::fits(cfg.nclients, "invariant: -c is at least 1");
    // Client variables: -D values, as strings, for every client.
    let mut proto = Vars::new(&cfg.registry);
    for (slot, value) in &cfg.defines {
        proto.set_str(*slot, value);
    }
    // The base sequence draws, in C's order: one generator per client...
    let mut base = PgPrng::from_seed(cfg.random_seed);
    let client_rngs: Vec<PgPrng> = (0..n).map(|_| base.derive()).collect();

    if let Some(at) = cfg.ext.start_at_us {
        let past = monotonic_us() + epoch_shift() - at;
        if past > START_AT_PAST_LIMIT_US {
            let secs = past as f64 / 1e6;
            return Err(Error::new(format!(
                "the time of --start-at is {secs:.3} s in the past (at most {} s are allowed)",
                START_AT_PAST_LIMIT_US / 1_000_000
            )));
        }
    }
    // --server-stats: the sampler connects first, so that its first
    // interval holds the set-up's work (shard 0 alone samples).
    let sampler = match cfg.ext.server_stats_s {
        Some(secs) if cfg.ext.shard.is_none_or(|s| s.index == 0) => {
            Some(crate::serverstats::Sampler::connect(cfg, secs)?)
        }
        _ => None,
    };
    let mut con = Conn::connect(&cfg.conn).map_err(|e| {
        Error::new(e.to_string()).and_error("could not create connection for setup")
    })?;
    let server_version = setup::print_version(&con, cfg.pgbench);
    log::debug!(
        "pghost: {} pgport: {} nclients: {} {}: {} dbName: {}",
        con.host(),
        con.port(),
        cfg.nclients,
        if cfg.length.seconds().is_none() { "nxacts" } else { "duration" },
        cfg.length.transactions().or(cfg.length.seconds()).unwrap_or(0),
        con.db()
    );
    let mut info =
        TableInfo { scale: cfg.scale, partition_method: PartitionMethod::None, partitions: 0 };
    if cfg.builtins.iter().any(|b| b.tables == Tables::Pgbench) {
        info = setup::table_info(&mut con, cfg.scale_given)?;
    }
    let sysbench = setup::builtin_facts(&mut con, cfg, &mut proto)?;
    // ...then the default seed, shared by all clients, unless -D gave one.
    if !proto.is_defined(SCALE) {
        proto.set_value(SCALE, Value::Int(i64::from(info.scale)));
    }
    let define_client_id = !proto.is_defined(CLIENT_ID);
    if !proto.is_defined(DEFAULT_SEED) {
        proto
            .set_value(DEFAULT_SEED, Value::Int(i64::from_ne_bytes(base.next_u64().to_ne_bytes())));
    }
    if !proto.is_defined(RANDOM_SEED) {
        proto.set_value(RANDOM_SEED, Value::Int(i64::from_ne_bytes(cfg.random_seed.to_ne_bytes())));
    }
    // A run of sysbench's builtins alone has no pgbench tables to vacuum.
    let sysbench_only =
        !cfg.builtins.is_empty() && cfg.builtins.iter().all(|b| b.tables == Tables::Sysbench);
    if !(cfg.no_vacuum || sysbench_only && cfg.scripts.len() == cfg.builtins.len()) {
        setup::vacuum(&mut con, cfg.vacuum_accounts);
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
        let id = crate::invariant::fits(i, "invariant: a client's index is below -c, an i32");
        (id, rng)
    });
    // ...and three generators per thread. Each thread's clients are built
    // straight into its own vector: no array of every client is kept.
    // Under --shard the generators of every thread are drawn, but only
    // the shard's threads are built, with their clients' global ids.
    let nthreads: usize = crate::invariant::fits(cfg.nthreads, "invariant: -j is at least 1");
    let mine = cfg.ext.shard.map_or(0..nthreads, |s| s.threads(nthreads));
    let mut threads: Vec<(ThreadState, Vec<Client>)> = Vec::with_capacity(mine.len());
    let mut dealt = 0;
    for t in 0..nthreads {
        // Earlier threads get the larger blocks, as C deals them.
        let count = (n - dealt + nthreads - t - 1) / (nthreads - t);
        let rngs = [base.derive(), base.derive(), base.derive()];
        let block = clients.by_ref().take(count);
        if mine.contains(&t) {
            let built: Vec<Client> = block
                .map(|(id, rng)| {
                    let mut vars = proto.clone();
                    if define_client_id {
                        vars.set_value(CLIENT_ID, Value::Int(i64::from(id)));
                    }
                    Client::new(id, vars, rng, n_commands)
                })
                .collect();
            let mut th = ThreadState::new(t, rngs, &cfg.scripts);
            th.slot = threads.len();
            threads.push((th, built));
        } else {
            block.for_each(drop);
        }
        dealt += count;
    }
    let shard_clients: usize = threads.iter().map(|(_, c)| c.len()).sum();
    let first_client = threads.first().and_then(|(_, c)| c.first()).map_or(0, |c| c.id);

    let wakers = match Wakers::new(threads.len()) {
        Ok(w) => w,
        Err(e) => {
            return Err(Error::new(format!(
                "could not create an event descriptor: {}",
                crate::sys::os_error_text(&e)
            )));
        }
    };
    let sync = RunSync::new(threads.len(), wakers);
    // The -T flag is static so that a signal handler may raise it too.
    static TIMER: AtomicBool = AtomicBool::new(false);
    // Lowered again for the next run of a sweep or of --repeat (unless a
    // signal came since: the run's handler stays installed between runs).
    TIMER.store(crate::sys::signal::is_interrupted(), std::sync::atomic::Ordering::SeqCst);
    let timer = &TIMER;
    // --server-stats: the run's connections note their backends for the
    // sampler.
    let backends = sampler.as_ref().map(|_| Backends::default());
    let start_time = monotonic_us();
    let shift = epoch_shift();
    // --start-at: the progress reports and -T count from that time, or
    // from when the connections were made when that is later. (Without
    // it, from thread 0's start; after a warm-up, from its end.)
    let start_at = cfg.ext.start_at_us.map(|at| Mono::from_us(at - shift));
    let shared = Shared {
        cfg,
        scripts: &cfg.scripts,
        timer,
        warmup_us: (cfg.ext.warmup_s > 0).then(|| i64::from(cfg.ext.warmup_s) * 1_000_000),
        start_at,
        detailed: cfg.progress.is_some()
            || cfg.throttle_delay_us.is_some()
            || cfg.latency_limit_us.is_some()
            || cfg.use_log
            || cfg.per_script_stats
            || cfg.ext.distributions(),
        epoch_shift: shift,
        sync: &sync,
        mechanism: cfg.switches.mechanism,
        pin: cfg.ext.pin.as_deref().map(|cpus| crate::sys::affinity::plan(cpus, threads.len())),
        metrics,
        backends: backends.as_ref(),
        command_base,
        client: crate::clientstats::Plan::of(cfg),
        handed_back: if cfg.ext.distributions() {
            (0..threads.len()).map(|_| crate::stats::series::HandBack::new()).collect()
        } else {
            Vec::new()
        },
    };
    // From here on SIGINT and SIGTERM end the run with a report.
    crate::sys::signal::on_run_signals(timer, sync.wakers.fds());
    let (workers, sampler) = run_workers(&shared, threads, start_time, sampler);
    crate::sys::signal::end_run_signals();
    let (mut results, series, client) = workers?;
    let mut end = monotonic_us();

    if results.iter().any(|r| matches!(r.outcome, WorkerOutcome::SetupFailed(_))) {
        // The first failure's messages (the other threads stopped because
        // of it, or failed the same way).
        let first = results.iter_mut().find_map(|r| match &mut r.outcome {
            WorkerOutcome::SetupFailed(e) => e.take(),
            _ => None,
        });
        return Err(first.unwrap_or_else(|| Error::new("the set-up of a thread failed")));
    }
    let outcome_of = |o: WorkerOutcome| results.iter().any(|r| r.outcome == o);
    let outcome = if outcome_of(WorkerOutcome::ExitOnAbort) {
        RunOutcome::ExitedOnAbort
    } else if let Some(by) = crate::sys::signal::interrupted() {
        RunOutcome::Interrupted { by, aborted: outcome_of(WorkerOutcome::ClientsAborted) }
    } else if outcome_of(WorkerOutcome::ClientsAborted) {
        RunOutcome::Aborted
    } else {
        RunOutcome::Completed
    };
    if let RunOutcome::Interrupted { by, .. } = outcome {
        let measured_from =
            results.iter().filter_map(|r| r.bench_start).min().map_or(end, crate::time::Mono::us);
        if by.at < measured_from {
            log::info!("run interrupted by {} before the measurement started", by.name());
            return Ok(RunResult { outcome, measured: None });
        }
        // The time measured ends with the signal.
        end = end.min(by.at);
        let secs = (by.at - measured_from) as f64 / 1e6;
        log::info!(
            "run interrupted by {} after {secs:.3} s: the report covers the transactions completed until then",
            by.name()
        );
    }
    let server = sampler.zip(backends.as_ref()).map(|(s, b)| s.finish(end, b));
    let origin = sync.measure_origin.get().or(sync.origin.get()).copied();
    let origin = origin.unwrap_or(Mono::from_us(start_time));
    let ending = finish::Ending {
        server,
        tables: info,
        sysbench,
        server_version,
        start: Mono::from_us(start_time),
        end: Mono::from_us(end),
        epoch_shift: shared.epoch_shift,
        origin,
        shard: cfg.ext.shard.map(|s| crate::result::ShardFacts {
            shard: s,
            threads: mine.clone(),
            clients: first_client
                ..first_client
                    + crate::invariant::fits::<i32, _>(
                        shard_clients,
                        "invariant: a shard has at most -c clients",
                    ),
        }),
        late_start_us: start_at
            .map_or(0, |at| sync.origin.get().map_or(0, |origin| (origin.us() - at.us()).max(0))),
        deadline: sync.end_time.get(),
    };
    let measured = finish::measured(cfg, ending, &mut results, series, client);
    if let Some(m) = metrics {
        m.publish(live::final_snapshot(cfg, &measured));
    }
    Ok(RunResult { outcome, measured: Some(measured) })
}

/// The workers' results in thread order, the run's time series and what
/// the client measured of itself, or why they could not run; with the
/// `--server-stats` sampler after its run (when there is one).
type Workers = (
    Result<(Vec<WorkerResult>, Series, Option<crate::clientstats::collect::Collector>), Error>,
    Option<crate::serverstats::Sampler>,
);

/// Starts one worker per thread and supervises the run until all of them
/// are done. The `--server-stats` sampler runs on a thread of its own
/// from the end of the initial connections (so that no thread runs while
/// malloc is tuned around them) until the workers are done.
fn run_workers(
    shared: &Shared<'_>,
    threads: Vec<(ThreadState, Vec<Client>)>,
    start_time: i64,
    sampler: Option<crate::serverstats::Sampler>,
) -> Workers {
    let nthreads = threads.len();
    let numbers: Vec<i64> = threads
        .iter()
        .map(|(th, _)| crate::invariant::fits(th.tid, "invariant: a run has at most -j threads"))
        .collect();
    let (tx, rx) = crossbeam_channel::unbounded::<Msg>();
    if !shared.cfg.is_connect {
        // Until the initial connections are made (before any other thread
        // starts: see sys::malloc).
        crate::sys::malloc::map_connection_buffers();
    }
    let stop_sampling = AtomicBool::new(false);
    std::thread::scope(|s| {
        for (th, cl) in threads {
            let tx = tx.clone();
            let spawned = std::thread::Builder::new()
                .name(format!("pgbench-rs-{}", th.tid))
                .spawn_scoped(s, move || {
                    let r = worker::run(shared, th, cl, &tx);
                    let _ = tx.send(Msg::Done(Box::new(r)));
                });
            if let Err(e) = spawned {
                // The threads already started wait for this one at the
                // first barrier: they give up there.
                shared.sync.abandon();
                let e = format!("could not create thread: {}", crate::sys::os_error_text(&e));
                return (Err(Error::new(e)), sampler);
            }
        }
        drop(tx);
        // --pin: the main thread on a CPU of its own when one is left.
        if let Some(cpu) = shared.pin.as_ref().and_then(|p| p.main) {
            crate::sys::affinity::pin_current_thread(cpu);
        }
        // The main thread waits with the workers until the connections are
        // made, so that no thread runs while the last one tunes malloc.
        shared.sync.go(|| worker::after_connections(shared));
        let stop = &stop_sampling;
        let origin = if shared.warmup_us.is_some() {
            &shared.sync.measure_origin
        } else {
            &shared.sync.origin
        };
        let sampling = sampler.zip(shared.backends).map(|(mut sampler, backends)| {
            std::thread::Builder::new().name("pgbench-rs-stats".into()).spawn_scoped(s, move || {
                sampler.run(origin, stop, backends);
                sampler
            })
        });
        // (The main thread measures itself alongside the workers.)
        let collector = shared.client.map(|plan| {
            crate::clientstats::collect::Collector::new(plan, &numbers, shared.throttled())
        });
        let out = progress::supervise(shared, &rx, (nthreads, collector), start_time);
        stop.store(true, std::sync::atomic::Ordering::SeqCst);
        let sampler = match sampling {
            None => None,
            Some(Ok(h)) => h.join().ok(),
            Some(Err(e)) => {
                log::error!("could not create thread: {}", crate::sys::os_error_text(&e));
                None
            }
        };
        (Ok(out), sampler)
    })
}
