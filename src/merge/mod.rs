//! `--merge FILE...`: the report one run would have printed, from the
//! `--report-json` documents of its shards (`--shard=K/N`). The documents
//! are checked to be the N shards of one run ([`check`]); their counts and
//! sums are added, their histograms merged, and the text report (with its
//! `-P` lines when the shards printed them) and, with `--report-json`, the
//! merged document are produced by the same code as a run's. With
//! `--report-csv` alone, one document that is not a shard's (a run's,
//! several runs', a comparison's) is converted to its CSV table.

mod check;
mod steps;

use crate::error::Error;
use serde_json::Value;

use crate::compat::fmt::Fixed;
use crate::config::{MergeConfig, PartitionMethod, Percentile, RunLength};
use crate::log;
use crate::report::doc::fields::{self as read, BadField};
use crate::report::files::Written;
use crate::report::html;
use crate::report::json::{self, RunFacts};
use crate::report::outages::RunOutages;
use crate::report::progress::{ProgressFormat, format_progress};
use crate::report::{self, RunParams, RunTotals};
use crate::script::{QueryMode, Script, VarRegistry, parse_script};
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

/// A signal's number from its name in a report (`interrupted_by`).
fn signal_number(name: &str) -> Option<i32> {
    match name {
        "SIGINT" => Some(libc::SIGINT),
        "SIGTERM" => Some(libc::SIGTERM),
        _ => None,
    }
}

/// One shard's document.
#[derive(Debug)]
struct Doc {
    path: String,
    v: Value,
}

/// Runs `--merge`: how the merged run ended, and whether the report
/// files were written.
pub(crate) fn run(m: &MergeConfig) -> Result<(Merged, Written), Error> {
    if let ([path], Some(out)) = (&m.files[..], m.reports.csv.as_deref()) {
        let v = check::read_json(path)?;
        if check::not_a_shard_report(&v) {
            return convert(m, path, &v, out);
        }
    }
    let mut docs = Vec::with_capacity(m.files.len());
    for path in &m.files {
        docs.push(Doc { path: path.clone(), v: check::read(path)? });
    }
    check::same_run(&mut docs, m.force)?;
    merge(m, &docs).map_err(|BadField(field)| {
        Error::new(format!("the reports lack \"{field}\", or it is not what it should be"))
    })
}

/// `--merge FILE --report-csv=OUT` of one document that is not a shard's
/// (a whole run's, several runs', a comparison's): its table, and nothing
/// else (no other report file, no text).
fn convert(m: &MergeConfig, path: &str, v: &Value, out: &str) -> Result<(Merged, Written), Error> {
    if m.reports.json.is_some() || m.reports.html.is_some() || m.latency_percentiles.is_some() {
        return Err(Error::new(format!(
            "\"{path}\" is not the report of a shard: --merge of it only converts it, with --report-csv and no other option"
        )));
    }
    if let Some(problem) = crate::report::doc::version_problem(v, path) {
        return Err(Error::new(problem));
    }
    crate::report::csv::table(v).map_err(|BadField(field)| {
        Error::new(format!("\"{path}\" lacks \"{field}\", or it is not what it should be"))
    })?;
    Ok((Merged::Complete, crate::report::csv::save(out, v)))
}

/// The whole run's settings, from the first shard's configuration.
struct Settings {
    scripts: Vec<Script>,
    cfg: Value,
}

fn scripts_of(cfg: &Value) -> Result<Vec<Script>, BadField> {
    let mut registry = VarRegistry::default();
    let mut out = Vec::new();
    for s in read::list(cfg, &["scripts"])? {
        let name = read::text(s, &["name"])?;
        let body = read::text(s, &["text"])?;
        let mut script = parse_script(name, body.as_bytes(), &mut registry)
            .map_err(|e| BadField(format!("configuration.scripts ({e})")))?;
        script.weight = read::int_as(s, &["weight"])?;
        out.push(script);
    }
    Ok(out)
}

/// `-T`, `-t` and the like: an integer of `T`'s range, or null (None).
fn opt_int<T: TryFrom<i64>>(cfg: &Value, key: &str) -> Result<Option<T>, BadField> {
    match &cfg[key] {
        Value::Null => Ok(None),
        v => v
            .as_i64()
            .and_then(|v| T::try_from(v).ok())
            .map(Some)
            .ok_or_else(|| BadField(format!("configuration.{key}"))),
    }
}

fn merge(m: &MergeConfig, docs: &[Doc]) -> Result<(Merged, Written), BadField> {
    let first = &docs[0].v;
    let s = Settings {
        scripts: scripts_of(read::at(first, &["configuration"]))?,
        cfg: read::at(first, &["configuration"]).clone(),
    };
    let cfg = &s.cfg;
    let n_scripts = s.scripts.len();
    // The percentiles to show: --merge's own, else those the shards showed.
    let shown: Option<Vec<Percentile>> = m.latency_percentiles.clone().or_else(|| {
        read::at(cfg, &["latency_percentiles"])
            .as_array()
            .map(|v| v.iter().filter_map(Value::as_f64).map(Percentile::new).collect())
    });
    let mut json_pcts: Vec<Percentile> =
        crate::config::DEFAULT_PERCENTILES.iter().map(|&v| Percentile::new(v)).collect();
    for p in shown.iter().flatten() {
        if !json_pcts.iter().any(|q| q.value == p.value) {
            json_pcts.push(p.clone());
        }
    }
    json_pcts.sort_by(|a, b| a.value.total_cmp(&b.value));

    // Counts and sums.
    let mut total = StatsData::new(0);
    let mut scripts = vec![StatsData::new(0); n_scripts];
    let mut commands: Vec<Vec<CommandStats>> =
        s.scripts.iter().map(|sc| vec![CommandStats::default(); sc.commands.len()]).collect();
    let mut late = 0;
    let mut conn_total = 0;
    let mut conn_elapsed = 0;
    let mut late_start = 0;
    let (mut start_us, mut end_us) = (i64::MAX, i64::MIN);
    let mut complete = true;
    // Distributions.
    let mut total_part = Part::default();
    let mut script_parts = vec![Part::default(); n_scripts];
    let mut command_hists: Vec<Vec<crate::stats::hist::Hist>> = s
        .scripts
        .iter()
        .map(|sc| vec![crate::stats::hist::Hist::new(); sc.commands.len()])
        .collect();
    let mut series = Series::default();
    // The shards' seconds are merged index by index when their
    // measurements started close enough together; the run's seconds count
    // from the earliest.
    let mut origins = Vec::with_capacity(docs.len());
    for d in docs {
        origins.push(read::int(&d.v, &["progress", "start_time_us"])?);
    }
    let origin_us = origins.iter().copied().min().unwrap_or(0);
    let apart_us = origins.iter().copied().max().unwrap_or(0) - origin_us;
    let aligned = apart_us <= ALIGNED_US;
    // The shards interrupted by a signal: (shard, signal name).
    let mut interrupted: Vec<(i64, String)> = Vec::new();
    // The shards in whose runs a client aborted, and those that started
    // after --start-at (shard, µs late).
    let mut aborted: Vec<i64> = Vec::new();
    let mut late_shards: Vec<(i64, i64)> = Vec::new();
    for d in docs {
        let v = &d.v;
        let index = read::int(v, &["shard", "index"])?;
        match read::text(v, &["status"])? {
            "completed" => {}
            "interrupted" => {
                let by =
                    read::at(v, &["interrupted_by"]).as_str().unwrap_or("a signal").to_string();
                interrupted.push((index, by));
            }
            _ => aborted.push(index),
        }
        complete &= read::text(v, &["status"])? == "completed";
        total.merge(&read::stats(read::at(v, &["totals"]))?);
        total_part.latency.add(&read::hist(v, &["totals", "latency_ms"])?);
        total_part.lag.add(&read::hist(v, &["totals", "lag_ms"])?);
        late += read::int(v, &["totals", "late"])?;
        conn_total += read::int(v, &["totals", "connection_total_us"])?;
        conn_elapsed = conn_elapsed.max(read::int(v, &["totals", "initial_connection_us"])?);
        #[allow(clippy::cast_possible_truncation)]
        let late_us = (read::num(v, &["late_start_s"])? * 1e6).round() as i64;
        late_start = late_start.max(late_us);
        if late_us > 0 {
            late_shards.push((index, late_us));
        }
        start_us = start_us.min(read::int(v, &["start_time_us"])?);
        end_us = end_us.max(read::int(v, &["end_time_us"])?);
        for (i, sv) in read::list(v, &["scripts"])?.iter().enumerate().take(n_scripts) {
            scripts[i].merge(&read::stats(sv)?);
            script_parts[i].latency.add(&read::hist(sv, &["latency_ms"])?);
            script_parts[i].lag.add(&read::hist(sv, &["lag_ms"])?);
            if let Some(cs) = read::at(sv, &["commands"]).as_array() {
                for (j, c) in cs.iter().enumerate() {
                    if let (Some(acc), Some(h)) =
                        (commands[i].get_mut(j), command_hists[i].get_mut(j))
                    {
                        acc.merge(&read::command(c)?);
                        h.add(&read::hist(c, &["latency_ms"])?);
                    }
                }
            }
        }
        if aligned {
            for iv in read::list(v, &["progress", "intervals"])? {
                let index: u64 = read::int_as(iv, &["index"])?;
                let part = PackedPart {
                    script: 0,
                    stats: read::stats(iv)?,
                    latency: read::hist(iv, &["latency_ms"])?.to_bytes(),
                    lag: read::hist(iv, &["lag_ms"])?.to_bytes(),
                };
                series
                    .add(&[Interval { index, parts: vec![part] }])
                    .map_err(|e| BadField(format!("progress.intervals: {e}")))?;
            }
        }
    }
    let n = docs.len();
    for (k, late_us) in &late_shards {
        log::warning!(
            "shard {k} of {n} started {} s after the time of --start-at",
            Fixed(*late_us as f64 / 1e6, 3)
        );
    }
    if !aligned {
        let apart = apart_us as f64 / 1e6;
        log::warning!(
            "the shards' measurements started {apart:.3} s apart (more than {} s): the merged report has no progress series",
            Fixed(ALIGNED_US as f64 / 1e6, 1)
        );
    }
    for (part, st) in script_parts.iter_mut().zip(&scripts) {
        part.stats = *st;
    }
    total_part.stats = total;
    let dist =
        RunDist { series, scripts: script_parts, total: total_part, commands: command_hists };

    let throttled = !read::at(cfg, &["rate_tps"]).is_null();
    #[allow(clippy::cast_possible_truncation)]
    let latency_limit_us =
        read::at(cfg, &["latency_limit_ms"]).as_f64().map(|ms| (ms * 1000.0).round() as i64);
    let params = RunParams {
        pgbench: pgbench_of(cfg)?,
        shard: None,
        late_start_us: late_start,
        scripts: &s.scripts,
        total_weight: s.scripts.iter().map(|sc| i64::from(sc.weight)).sum(),
        scale: opt_int(cfg, "scale")?.unwrap_or(0),
        partition_method: match read::at(cfg, &["partition_method"]).as_str() {
            Some("range") => PartitionMethod::Range,
            Some("hash") => PartitionMethod::Hash,
            _ => PartitionMethod::None,
        },
        partitions: opt_int(cfg, "partitions")?.unwrap_or(0),
        sysbench: read::at(cfg, &["sysbench_tables"]).as_i64().map(|tables| {
            crate::report::SysbenchTables {
                tables,
                table_size: read::at(cfg, &["sysbench_table_size"]).as_i64().unwrap_or(0),
            }
        }),
        query_mode: match read::at(cfg, &["query_mode"]).as_str() {
            Some("extended") => QueryMode::Extended,
            Some("prepared") => QueryMode::Prepared,
            _ => QueryMode::Simple,
        },
        nclients: opt_int(cfg, "clients")?.unwrap_or(0),
        nthreads: opt_int(cfg, "threads")?.unwrap_or(0),
        max_tries: opt_int(cfg, "max_tries")?.unwrap_or(0),
        length: match opt_int(cfg, "duration_s")? {
            Some(s) => RunLength::Seconds(s),
            None => RunLength::Transactions(opt_int(cfg, "transactions_per_client")?.unwrap_or(0)),
        },
        failures_detailed: read::at(cfg, &["failures_detailed"]).as_bool().unwrap_or(false),
        throttled,
        latency_limit_us,
        progress: !read::at(cfg, &["progress_s"]).is_null(),
        is_connect: read::at(cfg, &["connect"]).as_bool().unwrap_or(false),
        per_script_stats: n_scripts > 1,
        report_per_command: read::at(cfg, &["report_per_command"]).as_bool().unwrap_or(false),
        percentiles: shown.as_deref(),
        continue_on_error: read::at(cfg, &["continue_on_error"]).as_bool().unwrap_or(false),
        reconnect: !read::at(cfg, &["reconnect"]).is_null(),
        warmup_s: opt_int(cfg, "warmup_s")?.unwrap_or(0),
    };
    let values: Vec<&Value> = docs.iter().map(|d| &d.v).collect();
    let step_rows = steps::merged(&values)?;
    let outages = merged_outages(&values, start_us, end_us)?;
    let totals = RunTotals {
        total,
        total_duration_us: end_us - start_us,
        conn_total_duration_us: conn_total,
        conn_elapsed_duration_us: conn_elapsed,
        latency_late: late,
        scripts: &scripts,
        commands: &commands,
        dist: Some(&dist),
        outages: outages.as_ref(),
        steps: step_rows.as_deref(),
    };

    let server = read::text(first, &["server_version"])?;
    report::write_stdout(&banner(params.pgbench, server));
    if aligned && params.progress {
        progress_lines(cfg, &params, &dist, origin_us, end_us)?;
    }
    let mut text = report::format_results(&params, &totals);
    // --server-stats: shard 0 sampled; its object is kept as it is.
    let server_stats = docs.iter().find_map(|d| d.v.get("server"));
    if let Some(server) = server_stats.and_then(crate::serverstats::from_json) {
        #[allow(clippy::cast_precision_loss)]
        let secs = (end_us - start_us) as f64 / 1e6;
        text.push_str(&crate::serverstats::text(&server, secs));
    }
    report::write_stdout(&text);
    for k in &aborted {
        log::error!("shard {k} of {n} was aborted; the above results are incomplete.");
    }
    for (k, by) in &interrupted {
        log::error!("shard {k} of {n} was interrupted by {by}; the above results are incomplete.");
    }
    let status = if !interrupted.is_empty() {
        "interrupted"
    } else if complete {
        "completed"
    } else {
        "aborted"
    };
    let interrupted_by = interrupted.first().map(|(_, by)| by.as_str());
    let document = || {
        let mut configuration = cfg.clone();
        configuration["shard"] = Value::Null;
        configuration["report_json"] = Value::Null;
        let facts = RunFacts {
            configuration,
            percentiles: json_pcts,
            warmup_s: params.warmup_s,
            start_at_us: read::at(first, &["start_at"]).as_f64().map(|s| {
                #[allow(clippy::cast_possible_truncation)]
                let us = (s * 1e6).round() as i64;
                us
            }),
            server_version: server,
            start_us,
            end_us,
            origin_us,
            status,
            interrupted_by: interrupted_by
                .and_then(|by| ["SIGINT", "SIGTERM"].into_iter().find(|s| *s == by)),
        };
        let mut doc = json::document(&params, &totals, &facts);
        if let (Some(server), Some(o)) = (server_stats, doc.as_object_mut()) {
            o.insert("server".into(), server.clone());
        }
        doc
    };
    let mut written = report::save_document(&m.reports, document, None);
    if let Some(path) = m.reports.html.as_deref() {
        let command_line: Vec<String> = read::at(cfg, &["command_line"])
            .as_array()
            .map(|a| a.iter().filter_map(Value::as_str).map(String::from).collect())
            .unwrap_or_default();
        let mut facts =
            html::facts(params.pgbench, start_us, end_us, &command_line, server, status);
        facts.insert(
            3,
            ("shards".into(), docs.iter().map(|d| d.path.as_str()).collect::<Vec<_>>().join(" ")),
        );
        let page = html::Page {
            facts,
            report: &text,
            scripts: read::list(cfg, &["scripts"])?
                .iter()
                .map(|sc| {
                    let name = read::at(sc, &["name"]).as_str().unwrap_or_default().to_string();
                    (name, read::at(sc, &["text"]).as_str().unwrap_or_default().to_string())
                })
                .collect(),
            commands: if params.report_per_command {
                s.scripts
                    .iter()
                    .map(|sc| sc.commands.iter().map(|c| c.first_line.clone()).collect())
                    .collect()
            } else {
                vec![Vec::new(); n_scripts]
            },
            percentiles: params.percentiles,
            throttled: params.throttled,
            shards: docs.iter().map(|d| shard_tps(d, origin_us)).collect::<Result<_, _>>()?,
            span_s: (end_us - origin_us) as f64 / 1e6,
            // Each shard's -T counts from its own start.
            deadline_s: params.length.seconds().map(|d| f64::from(d) + apart_us as f64 / 1e6),
            marks: html::marks::Marks::of(
                outages.as_ref().map(|o| &o.rows[..]),
                None,
                step_rows.as_deref(),
                origin_us,
                (start_us - origin_us) as f64 / 1e6,
                (end_us - origin_us) as f64 / 1e6,
            ),
            server: server_stats,
        };
        let page = html::render(&page, &dist);
        written = written.and(crate::report::files::save_bytes(path, page.as_bytes()));
    }
    let merged = match interrupted_by {
        Some(by) => Merged::Interrupted { signal: signal_number(by).unwrap_or(libc::SIGINT) },
        None if complete => Merged::Complete,
        None => Merged::Aborted,
    };
    Ok((merged, written))
}

/// The merged run's outages (none when the shards ran without
/// `--reconnect`): the run's algorithm on the shards' notes merged,
/// for the measurement from `start_us` to `end_us` (Unix epoch µs).
fn merged_outages(
    docs: &[&Value],
    start_us: i64,
    end_us: i64,
) -> Result<Option<RunOutages>, BadField> {
    let mut merged: Option<OutageLog> = None;
    for d in docs {
        let Some(log) = report::outages::log_of(d)? else {
            if read::at(d, &["outages"]).is_null() {
                continue;
            }
            // (The outages without the notes they are made of.)
            return Err(BadField("outage_log".into()));
        };
        merged.get_or_insert_with(|| OutageLog::new(start_us)).merge(&log);
    }
    Ok(merged.map(|log| RunOutages::of(log, start_us, end_us)))
}

/// A shard's transactions per second, one point a second: (start of the
/// interval after the run's origin `origin_us`, its length, tps), s.
fn shard_tps(d: &Doc, origin_us: i64) -> Result<(String, Vec<html::ShardSecond>), BadField> {
    let k = read::int(&d.v, &["shard", "index"])?;
    let shift = (read::int(&d.v, &["progress", "start_time_us"])? - origin_us) as f64 / 1e6;
    let mut points = Vec::new();
    for iv in read::list(&d.v, &["progress", "intervals"])? {
        let start = shift + read::int(iv, &["index"])? as f64;
        points.push((start, read::num(iv, &["duration_s"])?, read::num(iv, &["tps"])?));
    }
    Ok((format!("shard {k}"), points))
}

/// The pgbench the shards reproduced (`--compat`): 17 for documents
/// written before pgbench-rs reproduced another.
fn pgbench_of(cfg: &Value) -> Result<&'static Pgbench, BadField> {
    match read::at(cfg, &["compat"]) {
        Value::Null => Ok(&crate::version::PGBENCH_17),
        v => v
            .as_u64()
            .and_then(|v| u32::try_from(v).ok())
            .and_then(crate::version::of)
            .ok_or_else(|| BadField("configuration.compat".into())),
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
/// one per complete `-P` interval up to the end of the run.
fn progress_lines(
    cfg: &Value,
    p: &RunParams<'_>,
    dist: &RunDist,
    origin_us: i64,
    end_us: i64,
) -> Result<(), BadField> {
    let every = opt_int::<u64>(cfg, "progress_s")?.unwrap_or(1).max(1);
    let f = ProgressFormat {
        label: "progress",
        timestamp: read::at(cfg, &["progress_timestamp"]).as_bool().unwrap_or(false),
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
        let extra = match p.percentiles {
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
        #[allow(clippy::cast_possible_wrap)]
        let run_us = every as i64 * 1_000_000;
        let line = format_progress(&f, &part.stats, &zero, run_us, at - origin_us, at, &extra);
        log::raw(line.as_bytes());
        k += 1;
    }
    Ok(())
}
