//! A run's reports, and a merged run's: what was asked and what was
//! measured ([`Made`]) turned into C's text report on stdout
//! (`printResults`), the JSON document, its CSV table and the HTML page,
//! and the report files written, by one function ([`emit`]) whatever
//! made it. A run's [`Made`] comes from the engine's result
//! ([`crate::result::RunResult`], [`report`]), a merge's from its shards'
//! documents (`crate::merge`). `--repeat` and `--sweep-clients` take each
//! run's document from here ([`Keep`]).

use super::doc::Document;
use super::doc::client::{self, ClientDoc};
use super::doc::model::{RunDocument, ServerDoc, Status};
use super::files::Written;
use super::outages::RunOutages;
use super::steps::StepRow;
use super::{RunParams, RunTotals, html, json};
use crate::config::{BenchConfig, ReportFiles};
use crate::log;
use crate::rate_profile::RateProfile;
use crate::result::{Measured, RunOutcome, RunResult};
use crate::serverstats::ServerStats;

/// Where a run's document goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Keep {
    /// To the report files the command line names.
    Files,
    /// Back to the caller (a run of a sweep), no file.
    Document,
}

/// What reporting a run gave.
#[derive(Debug)]
pub(crate) struct Reported {
    /// Whether the report files asked for were written.
    pub(crate) written: Written,
    /// The run's document, with [`Keep::Document`].
    pub(crate) doc: Option<RunDocument>,
}

/// What the reports derive from the measurement: the outages and the
/// steps as they show them.
struct Derived {
    outages: Option<RunOutages>,
    steps: Option<Vec<StepRow>>,
}

/// The settings the report describes.
fn params<'a>(cfg: &'a BenchConfig, m: &'a Measured) -> RunParams<'a> {
    let (nclients, nthreads) = match &m.shard {
        Some(s) => (
            s.clients.end - s.clients.start,
            crate::invariant::fits(s.threads.len(), "invariant: a shard has at most -j threads"),
        ),
        None => (cfg.nclients, cfg.nthreads),
    };
    RunParams {
        pgbench: cfg.pgbench,
        shard: m.shard.as_ref(),
        late_start_us: m.times.late_start_us,
        scripts: &cfg.scripts,
        total_weight: cfg.total_weight,
        scale: m.tables.scale,
        sysbench: m.sysbench,
        partition_method: m.tables.partition_method,
        partitions: m.tables.partitions,
        query_mode: cfg.query_mode,
        nclients,
        nthreads,
        max_tries: cfg.max_tries,
        length: cfg.length,
        failures_detailed: cfg.failures_detailed,
        continue_on_error: cfg.ext.continue_on_error,
        reconnect: cfg.ext.reconnect.is_some(),
        warmup_s: cfg.ext.warmup_s,
        throttled: cfg.throttle_delay_us.is_some(),
        latency_limit_us: cfg.latency_limit_us,
        progress: cfg.progress.is_some(),
        is_connect: cfg.is_connect,
        per_script_stats: cfg.per_script_stats,
        report_per_command: cfg.report_per_command,
        percentiles: cfg.ext.latency_percentiles.as_deref(),
    }
}

/// The outages and steps of the run.
fn derived(cfg: &BenchConfig, m: &Measured) -> Derived {
    let t = &m.times;
    let duration_us = t.end.us() - t.bench_start.us();
    Derived {
        outages: m.outages.as_ref().map(|log| {
            let (start, end) = (t.epoch_us(t.bench_start), t.epoch_us(t.end));
            RunOutages::of(log.shifted(t.epoch_shift), start, end)
        }),
        steps: cfg
            .ext
            .rate_profile
            .as_ref()
            .zip(m.steps.as_ref())
            .map(|(p, steps)| super::steps::rows(p, steps, duration_us)),
    }
}

/// What the run measured, as the report shows it.
fn totals<'a>(m: &'a Measured, d: &'a Derived) -> RunTotals<'a> {
    let t = &m.times;
    RunTotals {
        total: m.total,
        total_duration_us: t.end.us() - t.bench_start.us(),
        conn_total_duration_us: m.conn_total_us,
        conn_elapsed_duration_us: t.connected.us() - t.start.us(),
        latency_late: m.latency_late,
        scripts: &m.scripts,
        commands: &m.commands,
        dist: m.dist.as_ref(),
        outages: d.outages.as_ref(),
        steps: d.steps.as_deref(),
    }
}

/// A shard's line of the throughput chart: its name and tps a second.
pub(crate) type ShardLine = (String, Vec<html::ShardSecond>);

/// What a report is made from, whether a run or a merge of shards made
/// it: what was asked, what was measured, and what its document and page
/// say besides.
#[derive(Debug)]
pub(crate) struct Made<'a> {
    /// What was asked, as the report shows it.
    pub(crate) params: RunParams<'a>,
    /// What was measured.
    pub(crate) totals: RunTotals<'a>,
    /// What the document says besides its statistics.
    pub(crate) facts: json::RunFacts<'a>,
    /// The command line (as it is recorded).
    pub(crate) argv: &'a [String],
    /// `--rate-profile`.
    pub(crate) rate_profile: Option<&'a RateProfile>,
    /// Under `-T`: its deadline, s after the origin of the seconds.
    pub(crate) deadline_s: Option<f64>,
    /// `--server-stats`: what the sampler found, and its document.
    pub(crate) server: Option<(&'a ServerStats, ServerDoc)>,
    /// The client's threads measured by themselves (`--client-stats`, a
    /// report), as the document has it.
    pub(crate) client: Option<ClientDoc>,
    /// On how many CPUs the run's process could run (none: not known, a
    /// merge of runs elsewhere).
    pub(crate) cpus: Option<usize>,
    /// After a merge: the shards' files, and each shard's tps a second.
    pub(crate) shards: Option<(String, Vec<ShardLine>)>,
}

/// Prints the report of `made` (but `quiet`: a run that exited on an
/// abort), then what `after_text` prints, and writes its document, table
/// and page to the files asked for ([`Keep::Files`]) or gives the document
/// back ([`Keep::Document`]).
pub(crate) fn emit(
    made: &Made<'_>,
    reports: &ReportFiles,
    keep: Keep,
    quiet: bool,
    after_text: impl FnOnce(),
) -> Reported {
    let (p, t) = (&made.params, &made.totals);
    let mut reported = Reported { written: Written::All, doc: None };
    let mut text = super::format_results(p, t);
    if let Some((server, _)) = &made.server {
        #[allow(clippy::cast_precision_loss)]
        let secs = t.total_duration_us as f64 / 1e6;
        text.push_str(&crate::serverstats::text(server, secs));
    }
    if let Some(c) = made.client.as_ref().filter(|c| c.shown) {
        text.push_str(&super::client::section(c));
    }
    if !quiet {
        super::write_stdout(&text);
    }
    after_text();
    if let Some(c) = made.client.as_ref().filter(|_| !quiet) {
        super::client::warn(c, p.query_mode, p.nthreads, made.cpus);
    }
    let intervals = json::Intervals::of(t, &made.facts, p.throttled);
    let document = || {
        let mut doc = json::document_without_intervals(p, t, &made.facts);
        doc.server = made.server.as_ref().map(|(_, d)| d.clone());
        doc.client.clone_from(&made.client);
        doc
    };
    match keep {
        Keep::Document => {
            let mut doc = document();
            intervals.fill(&mut doc);
            reported.doc = Some(doc);
        }
        Keep::Files => {
            let doc = || Document::Run(Box::new(document()));
            reported.written = super::save_document(reports, doc, Some(&intervals));
        }
    }
    if let (Some(path), Some(dist), Keep::Files) = (reports.html.as_deref(), t.dist, keep) {
        let page = page(made, &text);
        let written = super::files::save_bytes(path, html::render(&page, dist).as_bytes());
        reported.written = reported.written.and(written);
    }
    reported
}

/// Prints the run's report (unless it exited on an abort), says when it
/// is incomplete, and writes its document and page to the files asked for
/// ([`Keep::Files`]) or gives the document back ([`Keep::Document`]).
pub(crate) fn report(cfg: &BenchConfig, r: &RunResult, keep: Keep) -> Reported {
    let Some(m) = r.measured.as_ref() else {
        return Reported { written: Written::All, doc: None };
    };
    let d = derived(cfg, m);
    let times = &m.times;
    let made = Made {
        params: params(cfg, m),
        totals: totals(m, &d),
        facts: json::RunFacts {
            configuration: json::configuration(cfg, &m.tables, m.sysbench),
            percentiles: cfg.ext.json_percentiles(),
            warmup_s: cfg.ext.warmup_s,
            start_at_us: cfg.ext.start_at_us,
            server_version: &m.server_version,
            libpq_version: crate::version::text(crate::pq::lib_version()),
            start_us: times.epoch_us(times.bench_start),
            end_us: times.epoch_us(times.end),
            origin_us: times.epoch_us(times.origin),
            status: status_of(r.outcome),
            interrupted_by: match r.outcome {
                RunOutcome::Interrupted { by, .. } => {
                    crate::report::doc::model::Signal::of(by.name())
                }
                _ => None,
            },
        },
        argv: &cfg.argv,
        rate_profile: cfg.ext.rate_profile.as_ref(),
        deadline_s: times.deadline.map(|dl| times.since_origin(dl)),
        server: m.server.as_ref().map(|s| (s, super::doc::server::json(s))),
        client: m.client.as_ref().map(|c| client::json(c, times.epoch_us(times.origin))),
        // (Under --pin the main thread may be pinned to one of them.)
        cpus: cfg
            .ext
            .pin
            .as_ref()
            .map(Vec::len)
            .or_else(|| crate::sys::affinity::allowed_cpus().ok().map(|c| c.len())),
        shards: None,
    };
    let aborted =
        matches!(r.outcome, RunOutcome::Aborted | RunOutcome::Interrupted { aborted: true, .. });
    emit(&made, &cfg.ext.reports, keep, r.outcome == RunOutcome::ExitedOnAbort, || {
        if aborted {
            log::error!("Run was aborted; the above results are incomplete.");
        }
    })
}

/// The document's `status` of a run that went as `outcome` went.
fn status_of(outcome: RunOutcome) -> Status {
    match outcome {
        RunOutcome::Completed => Status::Completed,
        RunOutcome::Aborted => Status::Aborted,
        RunOutcome::ExitedOnAbort => Status::ExitedOnAbort,
        RunOutcome::Interrupted { .. } => Status::Interrupted,
    }
}

/// The HTML page of a report (its text report `text`).
fn page<'a>(made: &'a Made<'a>, text: &'a str) -> html::Page<'a> {
    let (p, t, f) = (&made.params, &made.totals, &made.facts);
    let secs = |us: i64| (us - f.origin_us) as f64 / 1e6;
    let mut facts = html::facts(
        p.pgbench,
        f.start_us,
        f.end_us,
        made.argv,
        &f.libpq_version,
        f.server_version,
        f.status.name(),
    );
    if let Some((files, _)) = &made.shards {
        facts.insert(3, ("shards".into(), files.clone()));
    }
    html::Page {
        facts,
        report: text,
        scripts: p
            .scripts
            .iter()
            .map(|s| (s.desc.clone(), String::from_utf8_lossy(&s.source).into_owned()))
            .collect(),
        commands: p
            .scripts
            .iter()
            .map(|s| {
                let texts = s.commands.iter().map(|c| c.first_line.clone());
                if p.report_per_command { texts.collect() } else { Vec::new() }
            })
            .collect(),
        percentiles: p.percentiles,
        throttled: p.throttled,
        shards: made.shards.as_ref().map(|(_, s)| s.clone()).unwrap_or_default(),
        span_s: secs(f.end_us),
        deadline_s: made.deadline_s,
        marks: html::marks::Marks::of(
            t.outages.map(|o| &o.rows[..]),
            made.rate_profile,
            t.steps,
            f.origin_us,
            secs(f.start_us),
            secs(f.end_us),
        ),
        server: made.server.as_ref().map(|(_, d)| d),
        client: made.client.as_ref().map(|c| (c, f.origin_us)),
    }
}
