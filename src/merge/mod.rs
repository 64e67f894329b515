//! `--merge FILE...`: the report one run would have printed, from the
//! `--report-json` documents of its shards (`--shard=K/N`). The documents
//! are read and checked ([`crate::report::doc::read`]) and checked to be the
//! N shards of one run ([`check`]); their counts and sums are added, their
//! histograms merged, and the merged run is reported by the function that
//! reports a run ([`crate::report::run::emit`]), from the same kind of
//! input: its text (after its `-P` lines when the shards printed them), its
//! document, table and page, with the shards' throughput beside. With
//! `--report-csv` alone, one document that is not a shard's (a run's,
//! several runs', a comparison's) is converted to its CSV table.

mod check;
mod steps;

use crate::error::Error;

use crate::compat::fmt::Fixed;
use crate::config::{MergeConfig, Percentile, RunLength};
use crate::log;
use crate::rate_profile::{RatePoint, RateProfile};
use crate::report::doc::fields::BadField;
use crate::report::doc::model::{Configuration, RunDocument, Status};
use crate::report::doc::read::hist_of;
use crate::report::files::Written;
use crate::report::html;
use crate::report::json::RunFacts;
use crate::report::outages::RunOutages;
use crate::report::progress::{ProgressFormat, format_progress};
use crate::report::run::{Keep, Made};
use crate::report::{self, RunParams, RunTotals};
use crate::result::SysbenchTables;
use crate::script::{Script, VarRegistry, parse_script};
use crate::stats::hist::Hist;
use crate::stats::outage::OutageLog;
use crate::stats::series::{Interval, PackedPart, Part, RunDist, Series};
use crate::stats::{CommandStats, StatsData};
use crate::version::Pgbench;

/// How a merge that was made ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Merged {
    /// Every shard's run was complete.
    Complete,
    /// In some shard's run a client aborted (and none was interrupted):
    /// the report says so, exit status 2.
    Aborted,
    /// Some shard's run was interrupted by a signal: the report says so,
    /// and the exit status is the one that shard's shell saw (128 + the
    /// signal's number: 130 for SIGINT, 143 for SIGTERM).
    Interrupted {
        /// The signal's number.
        signal: i32,
    },
}

/// How far apart the shards' measurements may start for their one-second
/// intervals to be merged index by index, µs: a tenth of an interval.
/// Shards started with the same `--start-at` start within it, after a
/// `--warmup` too (each ends its warm-up when its own clients have
/// finished the transaction they were in).
const ALIGNED_US: i64 = 100_000;

/// One shard's document.
#[derive(Debug)]
struct Doc {
    path: String,
    v: RunDocument,
}

/// Runs `--merge`: how the merged run ended, and whether the report
/// files were written.
pub(crate) fn run(m: &MergeConfig) -> Result<(Merged, Written), Error> {
    if let ([path], Some(out)) = (&m.files[..], m.reports.csv.as_deref()) {
        if check::not_a_shards(path)? {
            return convert(m, path, out);
        }
    }
    let mut docs = Vec::with_capacity(m.files.len());
    for path in &m.files {
        docs.push(Doc { path: path.clone(), v: check::read(path)? });
    }
    check::same_run(&mut docs, m.force)?;
    merge(m, &docs)
        .map_err(|bad| Error::new(format!("the reports' {}: {}", bad.field, bad.problem)))
}

/// `--merge FILE --report-csv=OUT` of one document that is not a shard's
/// (a whole run's, several runs', a comparison's): its table, and nothing
/// else (no other report file, no text).
fn convert(m: &MergeConfig, path: &str, out: &str) -> Result<(Merged, Written), Error> {
    if m.reports.json.is_some() || m.reports.html.is_some() || m.latency_percentiles.is_some() {
        return Err(Error::new(format!(
            "\"{path}\" is not the report of a shard: --merge of it only converts it, with --report-csv and no other option"
        )));
    }
    let doc = check::read_any(path)?;
    Ok((Merged::Complete, crate::report::csv::save(out, &doc)))
}

/// The whole run's scripts, from the first shard's configuration.
fn scripts_of(cfg: &Configuration) -> Result<Vec<Script>, BadField> {
    let mut registry = VarRegistry::default();
    let mut out = Vec::new();
    for s in &cfg.scripts {
        let mut script = parse_script(&s.name, s.text.as_bytes(), &mut registry)
            .map_err(|e| BadField::new("configuration.scripts", e.to_string()))?;
        script.weight = i32::try_from(s.weight)
            .map_err(|_| BadField::new("configuration.scripts", "a weight out of range"))?;
        out.push(script);
    }
    Ok(out)
}

/// An integer of the configuration that must fit `T`.
fn fit<T: TryFrom<i64>>(v: i64, key: &str) -> Result<T, BadField> {
    T::try_from(v)
        .map_err(|_| BadField::new(format!("configuration.{key}"), format!("{v} is out of range")))
}

/// The shards' counts, sums and distributions added up.
struct Sums {
    total: StatsData,
    scripts: Vec<StatsData>,
    commands: Vec<Vec<CommandStats>>,
    dist: RunDist,
    late: i64,
    conn_total: i64,
    conn_elapsed: i64,
    late_start_us: i64,
    start_us: i64,
    end_us: i64,
    origin_us: i64,
    /// How far apart the shards' measurements started, µs.
    apart_us: i64,
}

/// Adds up the shards' statistics (their seconds only when they started
/// within [`ALIGNED_US`] of each other).
fn sums(docs: &[Doc], scripts: &[Script]) -> Result<Sums, BadField> {
    let n_scripts = scripts.len();
    let bad_hist = |field: &str| {
        let field = field.to_string();
        move |e: crate::stats::hist::DecodeError| BadField::new(field.clone(), e.to_string())
    };
    let origins: Vec<i64> = docs.iter().map(|d| d.v.progress.start_time_us).collect();
    let origin_us = origins.iter().copied().min().unwrap_or(0);
    let apart_us = origins.iter().copied().max().unwrap_or(0) - origin_us;
    let mut s = Sums {
        total: StatsData::new(0),
        scripts: vec![StatsData::new(0); n_scripts],
        commands: scripts
            .iter()
            .map(|sc| vec![CommandStats::default(); sc.commands.len()])
            .collect(),
        dist: RunDist {
            series: Series::default(),
            scripts: vec![Part::default(); n_scripts],
            total: Part::default(),
            commands: scripts.iter().map(|sc| vec![Hist::new(); sc.commands.len()]).collect(),
        },
        late: 0,
        conn_total: 0,
        conn_elapsed: 0,
        late_start_us: 0,
        start_us: i64::MAX,
        end_us: i64::MIN,
        origin_us,
        apart_us,
    };
    for d in docs {
        let v = &d.v;
        let t = &v.totals;
        s.total.merge(&t.stats.data());
        s.dist
            .total
            .latency
            .add(&t.stats.latency_ms.hist().map_err(bad_hist("totals.latency_ms"))?);
        s.dist.total.lag.add(&hist_of(t.stats.lag_ms.as_ref()).map_err(bad_hist("totals.lag_ms"))?);
        s.late += t.late;
        s.conn_total += t.connection_total_us;
        s.conn_elapsed = s.conn_elapsed.max(t.initial_connection_us);
        #[allow(clippy::cast_possible_truncation)]
        let late_us = (v.late_start_s * 1e6).round() as i64;
        s.late_start_us = s.late_start_us.max(late_us);
        s.start_us = s.start_us.min(v.start_time_us);
        s.end_us = s.end_us.max(v.end_time_us);
        for (i, sv) in v.scripts.iter().enumerate().take(n_scripts) {
            s.scripts[i].merge(&sv.stats.data());
            let part = &mut s.dist.scripts[i];
            part.latency.add(&sv.stats.latency_ms.hist().map_err(bad_hist("scripts.latency_ms"))?);
            part.lag.add(&hist_of(sv.stats.lag_ms.as_ref()).map_err(bad_hist("scripts.lag_ms"))?);
            for (j, c) in sv.commands.iter().flatten().enumerate() {
                if let (Some(acc), Some(h)) =
                    (s.commands[i].get_mut(j), s.dist.commands[i].get_mut(j))
                {
                    acc.merge(&c.stats());
                    h.add(&c.latency_ms.hist().map_err(bad_hist("scripts.commands.latency_ms"))?);
                }
            }
        }
        if apart_us <= ALIGNED_US {
            for iv in &v.progress.intervals {
                let part = PackedPart {
                    script: 0,
                    stats: iv.stats.data(),
                    latency: iv
                        .stats
                        .latency_ms
                        .hist()
                        .map_err(bad_hist("progress.intervals"))?
                        .to_bytes(),
                    lag: hist_of(iv.stats.lag_ms.as_ref())
                        .map_err(bad_hist("progress.intervals"))?
                        .to_bytes(),
                };
                s.dist
                    .series
                    .add(&[Interval { index: iv.index, parts: vec![part] }])
                    .map_err(|e| BadField::new("progress.intervals", e.to_string()))?;
            }
        }
    }
    for (part, st) in s.dist.scripts.iter_mut().zip(&s.scripts) {
        part.stats = *st;
    }
    s.dist.total.stats = s.total;
    Ok(s)
}

/// What the merged run's report describes, from the first shard's
/// configuration.
fn params<'a>(
    cfg: &'a Configuration,
    scripts: &'a [Script],
    shown: Option<&'a [Percentile]>,
    late_start_us: i64,
) -> Result<RunParams<'a>, BadField> {
    let length = match cfg.duration_s {
        Some(s) => RunLength::Seconds(fit(s, "duration_s")?),
        None => RunLength::Transactions(fit(
            cfg.transactions_per_client.unwrap_or(0),
            "transactions_per_client",
        )?),
    };
    #[allow(clippy::cast_possible_truncation)]
    let latency_limit_us = cfg.latency_limit_ms.map(|ms| (ms * 1000.0).round() as i64);
    Ok(RunParams {
        pgbench: pgbench_of(cfg)?,
        shard: None,
        late_start_us,
        scripts,
        total_weight: scripts.iter().map(|sc| i64::from(sc.weight)).sum(),
        scale: fit(cfg.scale.unwrap_or(0), "scale")?,
        partition_method: cfg.partition_method,
        partitions: fit(cfg.partitions, "partitions")?,
        sysbench: cfg.sysbench_tables.map(|tables| SysbenchTables {
            tables,
            table_size: cfg.sysbench_table_size.unwrap_or(0),
        }),
        query_mode: cfg.query_mode,
        nclients: fit(cfg.clients, "clients")?,
        nthreads: fit(cfg.threads, "threads")?,
        max_tries: fit(cfg.max_tries, "max_tries")?,
        length,
        failures_detailed: cfg.failures_detailed,
        throttled: cfg.rate_tps.is_some(),
        latency_limit_us,
        progress: cfg.progress_s.is_some(),
        is_connect: cfg.connect,
        per_script_stats: scripts.len() > 1,
        report_per_command: cfg.report_per_command,
        percentiles: shown,
        continue_on_error: cfg.continue_on_error,
        reconnect: cfg.reconnect.is_some(),
        warmup_s: fit(cfg.warmup_s, "warmup_s")?,
    })
}

/// The shards' ends: those interrupted (shard, signal name) and those in
/// which a client aborted, and the merged run's status.
fn ends(docs: &[Doc]) -> (Vec<(u32, &'static str)>, Vec<u32>, Status) {
    let (mut interrupted, mut aborted) = (Vec::new(), Vec::new());
    for d in docs {
        let index = d.v.shard.as_ref().map_or(0, |s| s.index);
        match d.v.status {
            Status::Completed => {}
            Status::Interrupted => {
                interrupted.push((index, d.v.interrupted_by.map_or("a signal", |s| s.name())));
            }
            Status::Aborted | Status::ExitedOnAbort => aborted.push(index),
        }
    }
    let status = if !interrupted.is_empty() {
        Status::Interrupted
    } else if aborted.is_empty() {
        Status::Completed
    } else {
        Status::Aborted
    };
    (interrupted, aborted, status)
}

/// The merged run's `--rate-profile` (none without one).
fn profile_of(cfg: &Configuration) -> Result<Option<RateProfile>, BadField> {
    let Some(points) = &cfg.rate_profile else { return Ok(None) };
    #[allow(clippy::cast_possible_truncation)]
    let points = points
        .iter()
        .map(|p| RatePoint { at_us: (p.at_s * 1e6).round() as i64, tps: p.rate_tps, ramp: p.ramp })
        .collect();
    RateProfile::from_points(points)
        .map(Some)
        .map_err(|e| BadField::new("configuration.rate_profile", e))
}

fn merge(m: &MergeConfig, docs: &[Doc]) -> Result<(Merged, Written), BadField> {
    let first = &docs[0].v;
    let cfg = &first.configuration;
    let scripts = scripts_of(cfg)?;
    // The percentiles to show: --merge's own, else those the shards showed.
    let shown: Option<Vec<Percentile>> = m.latency_percentiles.clone().or_else(|| {
        cfg.latency_percentiles.as_ref().map(|v| v.iter().map(|&x| Percentile::new(x)).collect())
    });
    let mut json_pcts: Vec<Percentile> =
        crate::config::DEFAULT_PERCENTILES.iter().map(|&v| Percentile::new(v)).collect();
    for p in shown.iter().flatten() {
        if !json_pcts.iter().any(|q| q.value == p.value) {
            json_pcts.push(p.clone());
        }
    }
    json_pcts.sort_by(|a, b| a.value.total_cmp(&b.value));
    let s = sums(docs, &scripts)?;
    let n = docs.len();
    for d in docs {
        #[allow(clippy::cast_possible_truncation)]
        let late_us = (d.v.late_start_s * 1e6).round() as i64;
        if late_us > 0 {
            let k = d.v.shard.as_ref().map_or(0, |s| s.index);
            log::warning!(
                "shard {k} of {n} started {} s after the time of --start-at",
                Fixed(late_us as f64 / 1e6, 3)
            );
        }
    }
    let aligned = s.apart_us <= ALIGNED_US;
    if !aligned {
        let apart = s.apart_us as f64 / 1e6;
        log::warning!(
            "the shards' measurements started {apart:.3} s apart (more than {} s): the merged report has no progress series",
            Fixed(ALIGNED_US as f64 / 1e6, 1)
        );
    }
    let params = params(cfg, &scripts, shown.as_deref(), s.late_start_us)?;
    let step_rows = steps::merged(docs.iter().map(|d| &d.v))?;
    let outages = merged_outages(docs, s.start_us, s.end_us);
    let totals = RunTotals {
        total: s.total,
        total_duration_us: s.end_us - s.start_us,
        conn_total_duration_us: s.conn_total,
        conn_elapsed_duration_us: s.conn_elapsed,
        latency_late: s.late,
        scripts: &s.scripts,
        commands: &s.commands,
        dist: Some(&s.dist),
        outages: outages.as_ref(),
        steps: step_rows.as_deref(),
    };
    let server_version = first.server_version.as_str();
    // The client's threads, each shard's.
    let clients: Vec<(u32, &crate::report::doc::client::ClientDoc)> = docs
        .iter()
        .filter_map(|d| Some((d.v.shard.as_ref().map_or(0, |s| s.index), d.v.client.as_ref()?)))
        .collect();
    let client = crate::report::doc::client::merged(&clients);
    report::write_stdout(&banner(params.pgbench, server_version));
    if aligned && params.progress {
        let shown = client.as_ref().filter(|c| c.shown);
        progress_lines(cfg, &params, &s.dist, (s.origin_us, s.end_us), shown)?;
    }
    let (interrupted, aborted, status) = ends(docs);
    let interrupted_by =
        interrupted.first().and_then(|(_, by)| crate::report::doc::model::Signal::of(by));
    // --server-stats: shard 0 sampled; its object is kept as it is.
    let server_doc = docs.iter().find_map(|d| d.v.server.clone());
    let server_stats = server_doc.as_ref().map(crate::report::doc::server::from_json);
    let profile = profile_of(cfg)?;
    let mut configuration = cfg.clone();
    configuration.shard = None;
    configuration.report_json = None;
    #[allow(clippy::cast_possible_truncation)]
    let start_at_us = first.start_at.map(|s| (s * 1e6).round() as i64);
    let made = Made {
        facts: RunFacts {
            configuration,
            percentiles: json_pcts,
            warmup_s: params.warmup_s,
            start_at_us,
            server_version,
            libpq_version: first.libpq_version.clone(),
            start_us: s.start_us,
            end_us: s.end_us,
            origin_us: s.origin_us,
            status,
            interrupted_by,
        },
        argv: &cfg.command_line,
        rate_profile: profile.as_ref(),
        // Each shard's -T counts from its own start.
        deadline_s: params.length.seconds().map(|d| f64::from(d) + s.apart_us as f64 / 1e6),
        server: server_stats.as_ref().zip(server_doc),
        client,
        cpus: None,
        shards: Some((
            docs.iter().map(|d| d.path.as_str()).collect::<Vec<_>>().join(" "),
            docs.iter().map(|d| shard_tps(d, s.origin_us)).collect(),
        )),
        params,
        totals,
    };
    let reported = report::run::emit(&made, &m.reports, Keep::Files, false, || {
        for k in &aborted {
            log::error!("shard {k} of {n} was aborted; the above results are incomplete.");
        }
        for (k, by) in &interrupted {
            log::error!(
                "shard {k} of {n} was interrupted by {by}; the above results are incomplete."
            );
        }
    });
    let merged = match (interrupted_by, status) {
        (Some(by), _) => Merged::Interrupted { signal: by.number() },
        (None, Status::Interrupted) => Merged::Interrupted { signal: libc::SIGINT },
        (None, Status::Completed) => Merged::Complete,
        (None, _) => Merged::Aborted,
    };
    Ok((merged, reported.written))
}

/// The merged run's outages (none when the shards ran without
/// `--reconnect`): the run's algorithm on the shards' notes merged,
/// for the measurement from `start_us` to `end_us` (Unix epoch µs).
fn merged_outages(docs: &[Doc], start_us: i64, end_us: i64) -> Option<RunOutages> {
    let mut merged: Option<OutageLog> = None;
    for log in docs.iter().filter_map(|d| report::outages::log_of(&d.v)) {
        merged.get_or_insert_with(|| OutageLog::new(start_us)).merge(&log);
    }
    merged.map(|log| RunOutages::of(log, start_us, end_us))
}

/// A shard's transactions per second, one point a second: (start of the
/// interval after the run's origin `origin_us`, its length, tps), s.
fn shard_tps(d: &Doc, origin_us: i64) -> (String, Vec<html::ShardSecond>) {
    let k = d.v.shard.as_ref().map_or(0, |s| s.index);
    let shift = (d.v.progress.start_time_us - origin_us) as f64 / 1e6;
    let points =
        d.v.progress
            .intervals
            .iter()
            .map(|iv| (shift + iv.index as f64, iv.duration_s, iv.stats.tps.unwrap_or(0.0)))
            .collect();
    (format!("shard {k}"), points)
}

/// The pgbench the shards reproduced (`--compat`): 17 for documents
/// written before pgbench-rs reproduced another.
fn pgbench_of(cfg: &Configuration) -> Result<&'static Pgbench, BadField> {
    match cfg.compat {
        None => Ok(&crate::version::PGBENCH_17),
        Some(v) => crate::version::of(v).ok_or_else(|| {
            BadField::new("configuration.compat", format!("expected 17, 18 or 19, found {v}"))
        }),
    }
}

/// The banner a run of `pgbench` prints after connecting (to a server of
/// that version when the server's version string starts with it).
fn banner(pgbench: &Pgbench, server: &str) -> String {
    let ours = pgbench.banner_version();
    if server.split(' ').next() == Some(pgbench.version) {
        format!("pgbench ({ours})\n")
    } else {
        format!("pgbench ({ours}, server {server})\n")
    }
}

/// The `-P` lines one run would have printed, from the merged seconds:
/// one per complete `-P` interval from the origin to the end of the run
/// (`span`, Unix epoch µs), with `--client-stats` the busiest thread's
/// shares (`client`).
fn progress_lines(
    cfg: &Configuration,
    p: &RunParams<'_>,
    dist: &RunDist,
    (origin_us, end_us): (i64, i64),
    client: Option<&crate::report::doc::client::ClientDoc>,
) -> Result<(), BadField> {
    let every: u64 = fit(cfg.progress_s.unwrap_or(1), "progress_s")?;
    let every = every.max(1);
    let f = ProgressFormat {
        label: "progress",
        timestamp: cfg.progress_timestamp,
        throttled: p.throttled,
        latency_limit: p.latency_limit_us.is_some(),
        retries: p.max_tries != 1,
        epoch_shift: 0,
        reconnect: p.reconnect,
    };
    let zero = StatsData::new(0);
    let mut k = 1u64;
    loop {
        let window_end = k * every;
        #[allow(clippy::cast_possible_wrap)]
        let at = origin_us + window_end as i64 * 1_000_000;
        if at > end_us {
            break;
        }
        let Ok(parts) = dist.series.sum((window_end - every)..window_end, 1) else { break };
        let part = &parts[0];
        let mut extra = match p.percentiles {
            Some(pcts) => {
                let latency = crate::report::percentiles::Dist {
                    hist: &part.latency,
                    max_us: part.stats.latency.max,
                };
                let lag = p.throttled.then_some(crate::report::percentiles::Dist {
                    hist: &part.lag,
                    max_us: part.stats.lag.max,
                });
                crate::report::percentiles::progress_suffix(latency, lag, pcts)
            }
            None => String::new(),
        };
        if let Some(c) = client {
            extra.push_str(&report::client::window_suffix(
                c,
                (window_end - every)..window_end,
                origin_us,
            ));
        }
        #[allow(clippy::cast_possible_wrap)]
        let run_us = every as i64 * 1_000_000;
        let line = format_progress(&f, &part.stats, &zero, run_us, at - origin_us, at, &extra);
        log::raw(line.as_bytes());
        k += 1;
    }
    Ok(())
}
