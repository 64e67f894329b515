//! `--sweep-clients=LIST` and `--repeat=N`: one command makes several
//! runs, each a run of its own ([`crate::engine::run`]: its own
//! connections, `-T` or `-t`, `--warmup`), at each client count in turn
//! (`-j` capped at the point's clients as C caps it at `-c`), N times
//! each. Each run prints its report; then one table sums the points up
//! ([`table`]). `--report-json` writes every run's document, by point
//! (`{"points": [{"clients": N, "runs": [...]}]}`), `--report-csv` a row
//! a run; `--report-html` charts the points against the client count,
//! then each point's runs.

mod table;

use crate::config::{BenchConfig, Extensions};
use crate::engine::{self, RunOutcome};
use crate::error::Error;
use crate::log;
use crate::report;
use crate::report::doc::model::{PointDoc, PointsDocument, RunDocument};
use crate::report::doc::{Document, Kind, SCHEMA_VERSION};
use crate::report::files::Written;
use crate::report::run::Keep;

/// How a sweep went.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Swept {
    /// Every run completed.
    Completed,
    /// A client aborted in some run (the others ran).
    Aborted,
    /// A signal stopped it after the report of the run it interrupted.
    Interrupted(i32),
}

/// Whether the command line makes a sweep (or repeats).
pub(crate) fn asked(ext: &Extensions) -> bool {
    ext.repeat.is_some() || ext.sweep_clients.is_some()
}

/// One point's runs.
#[derive(Debug)]
pub(crate) struct PointRuns {
    /// Its `-c`.
    pub(crate) clients: i32,
    /// Its `-j`.
    pub(crate) threads: i32,
    /// The runs' documents.
    pub(crate) runs: Vec<RunDocument>,
}

/// Runs the sweep: the points in order, each `--repeat` times. How it
/// went, and whether its report files were written.
pub(crate) fn run(
    mut cfg: Box<BenchConfig>,
    metrics: Option<&crate::metrics::Endpoint>,
) -> Result<(Swept, Written), Error> {
    let clients = cfg.ext.sweep_clients.clone().unwrap_or_else(|| vec![cfg.nclients]);
    let repeat = cfg.ext.repeat.unwrap_or(1);
    let delay_per_thread = cfg.throttle_delay_us.map(|d| d / f64::from(cfg.nthreads.max(1)));
    let mut points: Vec<PointRuns> = Vec::new();
    let mut swept = Swept::Completed;
    'points: for &c in &clients {
        cfg.nclients = c;
        cfg.nthreads = cfg.ext.jobs.clamp(1, c);
        cfg.throttle_delay_us = delay_per_thread.map(|d| d * f64::from(cfg.nthreads));
        let mut point = PointRuns { clients: c, threads: cfg.nthreads, runs: Vec::new() };
        for i in 1..=repeat {
            // A signal between two runs (the handler of the last one is
            // still installed) ends the sweep there.
            if let Some(by) = crate::sys::signal::interrupted() {
                swept = Swept::Interrupted(by.signal);
                points.push(point);
                break 'points;
            }
            log::info!("run {i} of {repeat} with {c} clients and {} threads", cfg.nthreads);
            let publisher = metrics.map(|e| crate::metrics::Publisher::of(e, &cfg, Some((c, i))));
            let result = engine::run(&cfg, publisher.as_ref())?;
            point.runs.extend(report::run::report(&cfg, &result, Keep::Document).doc);
            match result.outcome {
                RunOutcome::Completed => {}
                RunOutcome::Aborted => swept = Swept::Aborted,
                RunOutcome::ExitedOnAbort => {
                    swept = Swept::Aborted;
                    points.push(point);
                    break 'points;
                }
                RunOutcome::Interrupted { by, .. } => {
                    swept = Swept::Interrupted(by.signal);
                    points.push(point);
                    break 'points;
                }
            }
        }
        points.push(point);
    }
    points.retain(|p| !p.runs.is_empty());
    let table = table::text(&points, repeat > 1);
    report::write_stdout(&table);
    let mut written = report::save_document(&cfg.ext.reports, || document(&points), None);
    if let Some(path) = cfg.ext.reports.html.as_deref() {
        let page = report::html::runs::sweep_page(&cfg.argv, &table, &points_of(&points));
        written = written.and(report::files::save_bytes(path, page.as_bytes()));
    }
    Ok((swept, written))
}

/// The points as (clients, runs) for the charts.
fn points_of(points: &[PointRuns]) -> Vec<(i64, Vec<&RunDocument>)> {
    points.iter().map(|p| (i64::from(p.clients), p.runs.iter().collect())).collect()
}

/// The document of the sweep.
fn document(points: &[PointRuns]) -> Document {
    Document::Points(PointsDocument {
        format: Kind::Points.format().into(),
        schema_version: SCHEMA_VERSION,
        points: points
            .iter()
            .map(|p| PointDoc {
                clients: i64::from(p.clients),
                threads: i64::from(p.threads),
                runs: p.runs.clone(),
            })
            .collect(),
    })
}
