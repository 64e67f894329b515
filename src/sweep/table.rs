//! The table that ends a sweep: a row a point with its clients, threads,
//! tps, latency mean, p50, p95, p99, failed transactions and lag, and
//! where the client measured itself the busiest client thread's share
//! busy or waiting for a CPU; under `--repeat` each value is the median
//! of the point's runs followed by their range. The points whose runs
//! the client set are named after it.

use super::PointRuns;
use crate::report::doc::model::RunDocument;
use crate::report::doc::{METRICS, Metric, RunDoc};
use crate::stats::mannwhitney::median;
use std::fmt::Write as _;

/// The columns after clients and threads: the metrics that have one,
/// with its heading and decimals.
fn columns() -> impl Iterator<Item = (&'static Metric, &'static str, usize)> {
    METRICS.iter().filter_map(|m| m.column.map(|(heading, decimals)| (m, heading, decimals)))
}

/// The busiest client thread's share busy or waiting for a CPU, %.
fn client_pct(r: &RunDocument) -> Option<f64> {
    RunDoc(r).client_shares().map(|(busy, waiting)| busy + waiting.unwrap_or(0.0))
}

/// A cell: the value (the median and the range of several) to
/// `decimals`, `-` when no run has one.
fn cell(
    runs: &[RunDocument],
    value: impl Fn(&RunDocument) -> Option<f64>,
    decimals: usize,
    ranges: bool,
) -> String {
    let values: Vec<f64> = runs.iter().filter_map(value).collect();
    let Some(m) = median(&values) else { return "-".to_string() };
    if !ranges {
        return format!("{m:.decimals$}");
    }
    let lo = values.iter().copied().fold(f64::INFINITY, f64::min);
    let hi = values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    format!("{m:.decimals$} ({lo:.decimals$}..{hi:.decimals$})")
}

/// The table's text (`ranges`: medians and ranges, under `--repeat`).
pub(super) fn text(points: &[PointRuns], ranges: bool) -> String {
    let mut head: Vec<String> = vec!["clients".into(), "threads".into()];
    if ranges {
        head.push("runs".into());
    }
    head.extend(columns().map(|c| c.1.to_string()));
    let client = points.iter().flat_map(|p| &p.runs).any(|r| client_pct(r).is_some());
    if client {
        head.push("client %".into());
    }
    let mut rows = vec![head];
    for p in points {
        let mut row = vec![p.clients.to_string(), p.threads.to_string()];
        if ranges {
            row.push(p.runs.len().to_string());
        }
        row.extend(
            columns()
                .map(|(m, _, decimals)| cell(&p.runs, |r| RunDoc(r).metric(m), decimals, ranges)),
        );
        if client {
            row.push(cell(&p.runs, client_pct, 1, ranges));
        }
        rows.push(row);
    }
    let widths: Vec<usize> =
        (0..rows[0].len()).map(|i| rows.iter().map(|r| r[i].len()).max().unwrap_or(0)).collect();
    let mut out = String::new();
    out.push_str(if ranges {
        "summary of the runs (median and range of each point's runs):\n"
    } else {
        "summary of the runs:\n"
    });
    for row in rows {
        let cells: Vec<String> = row.iter().zip(&widths).map(|(c, w)| format!("{c:>w$}")).collect();
        out.push_str(cells.join("  ").trim_end());
        out.push('\n');
    }
    let bound: Vec<String> = points
        .iter()
        .filter_map(|p| {
            let n = p.runs.iter().filter(|r| RunDoc(r).client_bound()).count();
            (n > 0).then(|| format!("{n} of {} at {} clients", p.runs.len(), p.clients))
        })
        .collect();
    if !bound.is_empty() {
        let _ = writeln!(
            out,
            "runs the client set (a client thread saturated, client % at {:.0} or more): {}",
            crate::clientstats::SATURATED_PCT,
            bound.join(", ")
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(tps: f64, p99: f64) -> RunDocument {
        crate::report::doc::model::run_with(tps, 1.25, [1.0, 2.0, p99])
    }

    #[test]
    fn one_row_a_point() {
        let points = vec![
            PointRuns { clients: 1, threads: 1, runs: vec![run(100.0, 3.0)] },
            PointRuns { clients: 8, threads: 2, runs: vec![run(1234.5678, 10.5)] },
        ];
        assert_eq!(
            text(&points, false),
            "summary of the runs:\n\
             clients  threads       tps  mean ms  p50 ms  p95 ms  p99 ms  failed  lag ms\n\
             \x20     1        1   100.000    1.250   1.000   2.000   3.000       0       -\n\
             \x20     8        2  1234.568    1.250   1.000   2.000  10.500       0       -\n"
        );
        let points = vec![PointRuns {
            clients: 2,
            threads: 2,
            runs: vec![run(10.0, 3.0), run(30.0, 1.0), run(20.0, 2.0)],
        }];
        let t = text(&points, true);
        assert!(t.contains("     2        2     3  20.000 (10.000..30.000)"), "{t}");
        assert!(t.contains("2.000 (1.000..3.000)"), "{t}");
    }

    /// Runs where the client measured itself have the busiest thread's
    /// share; the points whose runs the client set are named.
    #[test]
    fn the_clients_share_and_the_runs_it_set() {
        let with = |tps: f64, bound: bool| {
            let mut r = run(tps, 3.0);
            let mut c = crate::report::doc::client::example(r.progress.start_time_us, false, false);
            if !bound {
                c.verdict.client_bound = false;
                c.totals.busy_pct = Some(12.5);
                c.totals.waiting_pct = Some(0.5);
            }
            r.client = Some(c);
            r
        };
        let points = vec![
            PointRuns { clients: 1, threads: 1, runs: vec![with(100.0, false)] },
            PointRuns { clients: 8, threads: 2, runs: vec![with(300.0, true), with(310.0, false)] },
        ];
        assert_eq!(
            text(&points, false),
            "summary of the runs:\n\
             clients  threads      tps  mean ms  p50 ms  p95 ms  p99 ms  failed  lag ms  client %\n\
             \x20     1        1  100.000    1.250   1.000   2.000   3.000       0       -      13.0\n\
             \x20     8        2  305.000    1.250   1.000   2.000   3.000       0       -      54.0\n\
             runs the client set (a client thread saturated, client % at 90 or more): 1 of 2 at 8 clients\n"
        );
    }
}
