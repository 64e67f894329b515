//! The pages of several runs, drawn from their JSON documents: a sweep's
//! (`--sweep-clients`, `--repeat`: tps, latency and the busiest client
//! thread's shares against the client count, then each point's runs over
//! time, tps and p99, and their percentile curves) and a comparison's (`--compare`: BASE's and NEW's
//! runs overlaid). The documents are read through
//! [`crate::report::doc`]; their seconds are drawn as the single-run page
//! draws a run's ([`super::seconds`]).

use std::fmt::Write as _;

use super::charts::{Line, RGBColor, lines_on, palette, percentile_curves, quantile_x};
use super::seconds::{self, Drawn};
use super::svg::{Axis, Scale};
use super::{escape, figure, open};
use crate::report::doc::model::RunDocument;
use crate::report::doc::{DocSecond, RunDoc, metric_of};
use crate::stats::mannwhitney::median;

/// A run's tps a second ([`per_second`]).
fn tps_seconds(doc: &RunDocument) -> Vec<(f64, f64)> {
    per_second(doc, |s| Some(s.item.transactions / s.length()))
}

/// A run's 99th latency percentile a second ([`per_second`]).
fn p99_seconds(doc: &RunDocument) -> Vec<(f64, f64)> {
    per_second(doc, |s| s.item.p99_ms)
}

/// A value of each second of a run's series that the charts draw
/// ([`seconds::drawn`]), at the second's end.
fn per_second(doc: &RunDocument, value: fn(&Drawn<DocSecond>) -> Option<f64>) -> Vec<(f64, f64)> {
    let run = RunDoc(doc);
    let (span, deadline) = run.span();
    let all = run.seconds().into_iter().map(|s| (s.start_s, s));
    let drawn = seconds::drawn(all, seconds::drawn_span(span, deadline));
    seconds::over_seconds(&drawn, |_, s| value(s))
}

/// A run's latency percentiles as a curve on the percentile axis.
fn percentile_points(doc: &RunDocument) -> Vec<(f64, f64)> {
    RunDoc(doc).percentiles().into_iter().map(|(q, ms)| (quantile_x(q / 100.0), ms)).collect()
}

/// The x axis of a chart of lines.
#[derive(Debug, Clone, Copy)]
struct XAxis<'a> {
    /// Its description.
    desc: &'a str,
    /// Its scale.
    scale: Scale,
    /// Where it starts (else at the smallest x drawn or ticked).
    from: Option<f64>,
    /// Its ticks (else round values), which it spans.
    at: Option<&'a [f64]>,
}

/// Time since the start: linear, from 0.
const TIME: XAxis<'static> =
    XAxis { desc: "time since the start (s)", scale: Scale::Linear, from: Some(0.0), at: None };

/// Lines on a chart with the axes given, y from 0.
fn lines_chart(title: &str, x: XAxis<'_>, y_desc: &str, lines: &[Line]) -> String {
    let all = || lines.iter().flat_map(|l| &l.points);
    let (mut x_lo, mut x_hi, mut y_hi) = (f64::INFINITY, f64::NEG_INFINITY, 0.0f64);
    for p in all() {
        x_lo = x_lo.min(p.0);
        x_hi = x_hi.max(p.0);
        y_hi = y_hi.max(p.1);
    }
    for &t in x.at.into_iter().flatten() {
        x_lo = x_lo.min(t);
        x_hi = x_hi.max(t);
    }
    if x_lo > x_hi {
        (x_lo, x_hi) = (1.0, 2.0);
    }
    if let Some(lo) = x.from {
        x_lo = lo;
    }
    if x_hi <= x_lo {
        x_hi = x_lo * 2.0 + 1.0;
    }
    let x_axis = Axis { lo: x_lo, hi: x_hi, scale: x.scale, desc: x.desc, label: None, at: x.at };
    let y_axis = Axis {
        lo: 0.0,
        hi: (y_hi * 1.08).max(0.001),
        scale: Scale::Linear,
        desc: y_desc,
        label: None,
        at: None,
    };
    lines_on(title, &x_axis, &y_axis, lines)
}

/// The median over `runs` of the metric `key` ([`crate::report::doc::METRICS`]).
fn median_of(runs: &[&RunDocument], key: &str) -> Option<f64> {
    let m = metric_of(key)?;
    let values: Vec<f64> = runs.iter().filter_map(|r| RunDoc(r).metric(m)).collect();
    median(&values)
}

/// One line a run, the runs' colours from `colors`.
fn run_lines(
    runs: &[&RunDocument],
    name: &str,
    colors: &[RGBColor],
    of: fn(&RunDocument) -> Vec<(f64, f64)>,
) -> Vec<Line> {
    runs.iter()
        .zip(colors.iter().cycle())
        .enumerate()
        .map(|(i, (r, c))| Line {
            label: format!("{name}{}", i + 1),
            color: *c,
            width: 2,
            points: of(r),
        })
        .collect()
}

/// The page of a sweep: its command line and summary table, then the
/// charts; `points` are (clients, runs).
pub(crate) fn sweep_page(
    argv: &[String],
    table: &str,
    points: &[(i64, Vec<&RunDocument>)],
) -> String {
    let mut out = open("pgbench-rs sweep");
    let _ = writeln!(
        out,
        "<pre class=\"report\">{}\n\n{}</pre>",
        escape(&argv.join(" ")),
        escape(table)
    );
    #[allow(clippy::cast_precision_loss)]
    let against = |key: &str| -> Vec<(f64, f64)> {
        points.iter().filter_map(|(c, runs)| Some((*c as f64, median_of(runs, key)?))).collect()
    };
    // A tick at each client count; on a logarithmic scale when the
    // counts span a factor of 4 or more (1 and 64 apart, 1, 2 and 4
    // evenly spaced).
    #[allow(clippy::cast_precision_loss)]
    let counts: Vec<f64> = points.iter().map(|p| p.0 as f64).collect();
    let spread = points.iter().map(|p| p.0).max().unwrap_or(1)
        >= 4 * points.iter().map(|p| p.0).min().unwrap_or(1);
    let x = XAxis {
        desc: "clients",
        scale: if spread { Scale::Log } else { Scale::Linear },
        from: None,
        at: Some(&counts),
    };
    out.push_str("<h2>Against the number of clients</h2>\n");
    let tps = [Line {
        label: "tps (median)".into(),
        color: palette(1)[0],
        width: 2,
        points: against("tps"),
    }];
    figure(
        &mut out,
        "sweep-tps",
        "Transactions per second at each client count (the median of its runs).",
        &lines_chart("tps against clients", x, "tps", &tps),
    );
    let keys = [("p99", "p99"), ("p95", "p95"), ("p50", "p50")];
    let colors = palette(keys.len() + 1);
    let mut lat: Vec<Line> = keys
        .iter()
        .zip(&colors)
        .map(|((name, k), c)| Line {
            label: (*name).into(),
            color: *c,
            width: 2,
            points: against(&format!("latency_ms.{k}")),
        })
        .collect();
    lat.push(Line {
        label: "mean".into(),
        color: colors[keys.len()],
        width: 1,
        points: against("latency_ms.mean"),
    });
    figure(
        &mut out,
        "sweep-latency",
        "Latency percentiles and mean at each client count (medians of its runs).",
        &lines_chart("latency against clients", x, "latency (ms)", &lat),
    );
    client_chart(&mut out, points, x);
    for (c, runs) in points {
        point_section(&mut out, *c, &[("run ", runs, &palette(runs.len()))], ".");
    }
    out.push_str("</body>\n</html>\n");
    out
}

/// Where the client measured itself: the busiest client thread's shares
/// against the client count, where it saturates.
fn client_chart(out: &mut String, points: &[(i64, Vec<&RunDocument>)], x: XAxis<'_>) {
    let measured = points.iter().flat_map(|p| &p.1).any(|r| RunDoc(r).client_shares().is_some());
    if !measured {
        return;
    }
    #[allow(clippy::cast_precision_loss)]
    let against = |of: fn((f64, Option<f64>)) -> f64| -> Vec<(f64, f64)> {
        points
            .iter()
            .filter_map(|(c, runs)| {
                let v: Vec<f64> =
                    runs.iter().filter_map(|r| RunDoc(r).client_shares().map(of)).collect();
                Some((*c as f64, median(&v)?))
            })
            .collect()
    };
    let colors = palette(2);
    let lines = [
        Line {
            label: "busy or waiting for a CPU (median)".into(),
            color: colors[0],
            width: 2,
            points: against(|(busy, waiting)| busy + waiting.unwrap_or(0.0)),
        },
        Line {
            label: "busy (median)".into(),
            color: colors[1],
            width: 1,
            points: against(|s| s.0),
        },
    ];
    figure(
        out,
        "sweep-client",
        &format!(
            "The busiest client thread's share of its time busy on a CPU, and busy or waiting for one, at each client count (medians of its runs): from {:.0} % on, the client, not the server, set the result.",
            crate::clientstats::SATURATED_PCT
        ),
        &lines_chart("client threads against clients", x, "% of the time", &lines),
    );
}

/// BASE's runs in blues, NEW's in oranges.
const BASE_COLOR: RGBColor = RGBColor(33, 102, 172);
const NEW_COLOR: RGBColor = RGBColor(214, 96, 77);

/// One side of a point's charts: the runs' name, the runs, their colours.
type Side<'a> = (&'a str, &'a [&'a RunDocument], &'a [RGBColor]);

/// A point's section: its runs' tps over time and percentile curves, the
/// runs of each side in its colours (`note` ends the captions).
fn point_section(out: &mut String, clients: i64, sides: &[Side<'_>], note: &str) {
    let n = if clients == 1 { "1 client".to_string() } else { format!("{clients} clients") };
    let _ = writeln!(out, "<h2>{n}</h2>");
    let lines = |of: fn(&RunDocument) -> Vec<(f64, f64)>| -> Vec<Line> {
        sides.iter().flat_map(|(name, runs, colors)| run_lines(runs, name, colors, of)).collect()
    };
    figure(
        out,
        &format!("tps-{clients}"),
        &format!("Transactions per second of each run, a second at a time{note}"),
        &lines_chart(&format!("tps over time, {n}"), TIME, "tps", &lines(tps_seconds)),
    );
    figure(
        out,
        &format!("p99-{clients}"),
        &format!("The 99th latency percentile of each run, a second at a time{note}"),
        &lines_chart(
            &format!("p99 latency over time, {n}"),
            TIME,
            "latency (ms)",
            &lines(p99_seconds),
        ),
    );
    figure(
        out,
        &format!("percentiles-{clients}"),
        &format!("Latency percentiles of each run{note}"),
        &percentile_curves(&format!("latency percentiles, {n}"), &lines(percentile_points)),
    );
}

/// The page of a comparison: its text, then a section a point (clients,
/// BASE's runs, NEW's runs) with both sides' runs overlaid.
pub(crate) fn compare_page(
    summary: &str,
    points: &[(i64, Vec<&RunDocument>, Vec<&RunDocument>)],
) -> String {
    let mut out = open("pgbench-rs comparison");
    let _ = writeln!(out, "<pre class=\"report\">{}</pre>", escape(summary));
    for (c, base, new) in points {
        let sides: [Side<'_>; 2] = [("base ", base, &[BASE_COLOR]), ("new ", new, &[NEW_COLOR])];
        point_section(&mut out, *c, &sides, ": BASE in blue, NEW in orange.");
    }
    out.push_str("</body>\n</html>\n");
    out
}
