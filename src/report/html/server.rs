//! The HTML report's `Server` section (`--server-stats`), drawn from the
//! document's `server` object ([`ServerDoc`]; the views' rows are the
//! server's own JSON) on the same time axis as throughput:
//! WAL bytes per second and the buffer hit ratio with the checkpoints as
//! shaded spans, each standby's lags, and the wait events of the run's
//! backends stacked.

use std::collections::BTreeMap;

use serde_json::Value;

use crate::report::doc::model::{ServerDoc, ServerSample};

use super::charts::{FAILED, SIZE, palette};
use super::svg::{self, Axis, Mark, RGBColor, Scale, Series};

/// The shade of a checkpoint.
const SHADE: RGBColor = RGBColor(222, 222, 222);

/// Each sample's (start, end) in seconds, and the sample.
fn intervals(server: &ServerDoc) -> Vec<(f64, f64, &ServerSample)> {
    let mut start = 0.0;
    let mut out = Vec::new();
    for s in &server.samples {
        out.push((start, s.t, s));
        start = s.t;
    }
    out
}

/// The checkpoints as shaded spans the full height `top` of a chart.
fn shades(server: &ServerDoc, top: f64) -> Option<Series> {
    // At least a visible sliver each.
    let spans: Vec<(f64, f64, f64)> =
        server.checkpoints.iter().map(|c| (c.start, c.end.max(c.start + 0.02), top)).collect();
    (!spans.is_empty()).then(|| Series {
        label: "checkpoint".into(),
        color: SHADE,
        mark: Mark::Bars(spans),
    })
}

/// A chart over the run's seconds (`0..span`) with y from 0 to the top
/// of the data (`hi`) or at least `min_top`.
pub(super) fn chart(
    title: &str,
    desc: &str,
    span: f64,
    hi: f64,
    min_top: f64,
    series: &[Series],
) -> String {
    let x = Axis {
        lo: 0.0,
        hi: span.max(1.0),
        scale: Scale::Linear,
        desc: "time since the start (s)",
        label: None,
        at: None,
    };
    let y = Axis {
        lo: 0.0,
        hi: (hi * 1.08).max(min_top),
        scale: Scale::Linear,
        desc,
        label: None,
        at: None,
    };
    svg::chart(SIZE, title, &x, &y, series)
}

/// A line of a counter of a view per second (or `per` of it).
fn line(label: &str, color: RGBColor, points: Vec<(f64, f64)>) -> Series {
    Series { label: label.into(), color, mark: Mark::Line { width: 2, points } }
}

/// The largest y of some points.
fn top(points: &[(f64, f64)]) -> f64 {
    points.iter().map(|p| p.1).fold(0.0, f64::max)
}

/// The section: its heading, and a figure per chart (with `figure`'s
/// ids `server-wal`, `server-hit-ratio`, `server-replication`,
/// `server-waits`).
pub(super) fn section(
    server: &ServerDoc,
    span: f64,
    figure: &dyn Fn(&mut String, &str, &str, &str),
) -> String {
    let mut out = String::from("<h2>Server</h2>\n");
    let iv = intervals(server);
    let colors = palette(4);
    let num = |s: &ServerSample, view: &str, key: &str| s.views.get(view)?[key].as_f64();
    // WAL bytes per second.
    let wal: Vec<(f64, f64)> = iv
        .iter()
        .filter_map(|(a, b, s)| {
            Some((*b, num(s, "pg_stat_wal", "wal_bytes")? / (b - a).max(0.001)))
        })
        .collect();
    let hi = top(&wal);
    let mut series: Vec<Series> = shades(server, (hi * 1.08).max(1.0)).into_iter().collect();
    series.push(line("WAL bytes per second", colors[0], wal));
    figure(
        &mut out,
        "server-wal",
        "WAL written each interval (pg_stat_wal.wal_bytes, the sampler's own left out), per second; the checkpoints shaded.",
        &chart("WAL", "bytes per second", span, hi, 1.0, &series),
    );
    // Buffer hit ratio.
    let ratio: Vec<(f64, f64)> = iv
        .iter()
        .filter_map(|(_, b, s)| {
            let hit = num(s, "pg_stat_database", "blks_hit")?;
            let read = num(s, "pg_stat_database", "blks_read")?;
            (hit + read > 0.0).then(|| (*b, 100.0 * hit / (hit + read)))
        })
        .collect();
    let mut series: Vec<Series> = shades(server, 100.0).into_iter().collect();
    series.push(line("buffer hit ratio", colors[1], ratio));
    figure(
        &mut out,
        "server-hit-ratio",
        "Blocks found in shared buffers of all blocks read in the run's database (pg_stat_database), each interval; the checkpoints shaded.",
        &chart("Buffer hit ratio", "%", span, 100.0 / 1.08, 1.0, &series),
    );
    // Replication lag.
    let mut lags: BTreeMap<String, Vec<(f64, f64)>> = BTreeMap::new();
    for (_, b, s) in &iv {
        let rows = s.views.get("pg_stat_replication").and_then(Value::as_array);
        for r in rows.into_iter().flatten() {
            let name = r["application_name"].as_str().unwrap_or("standby");
            for key in ["write_lag", "flush_lag", "replay_lag"] {
                if let Some(x) = r[key].as_f64() {
                    lags.entry(format!("{name} {key}")).or_default().push((*b, 1000.0 * x));
                }
            }
        }
    }
    if !lags.is_empty() {
        let colors = palette(lags.len());
        let hi = lags.values().map(|p| top(p)).fold(0.0, f64::max);
        let series: Vec<Series> =
            lags.into_iter().zip(colors).map(|((k, p), c)| line(&k, c, p)).collect();
        figure(
            &mut out,
            "server-replication",
            "Each standby's largest write, flush and replay lag of each interval (pg_stat_replication).",
            &chart("Replication lag", "lag (ms)", span, hi, 0.001, &series),
        );
    }
    // Wait events, stacked: the backends in each at a wait-event sample,
    // on average over the interval.
    #[allow(clippy::cast_precision_loss)]
    let per_s = server.wait_samples_per_s as f64;
    let mut totals: BTreeMap<&str, u64> = BTreeMap::new();
    for (_, _, s) in &iv {
        for (k, n) in &s.wait_events {
            *totals.entry(k.as_str()).or_insert(0) += n;
        }
    }
    let mut events: Vec<(&str, u64)> = totals.into_iter().collect();
    events.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
    if !events.is_empty() {
        let colors = palette(events.len());
        let mut stacks: Vec<Vec<(f64, f64, f64)>> = vec![Vec::new(); events.len()];
        let mut hi: f64 = 0.0;
        for (a, b, s) in &iv {
            let polls = ((b - a) * per_s).max(1.0);
            let mut sum = 0.0;
            for (i, (k, _)) in events.iter().enumerate() {
                #[allow(clippy::cast_precision_loss)]
                let n = s.wait_events.get(*k).copied().unwrap_or(0) as f64;
                sum += n / polls;
                stacks[i].push((*a, *b, sum));
            }
            hi = hi.max(sum);
        }
        // The highest stack first, so that each lower one is drawn on it.
        let mut series: Vec<Series> = events
            .iter()
            .zip(stacks)
            .zip(colors)
            .map(|(((k, _), bars), c)| Series {
                label: (*k).to_string(),
                color: if *k == "CPU" { FAILED } else { c },
                mark: Mark::Bars(bars),
            })
            .collect();
        series.reverse();
        figure(
            &mut out,
            "server-waits",
            "What the run's backends that were not idle waited on, stacked: backends at a wait-event sample, on average over each interval (CPU: active, no wait event).",
            &chart("Wait events", "backends", span, hi, 1.0, &series),
        );
    }
    out
}
