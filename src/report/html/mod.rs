//! The HTML report (`--report-html`): one self-contained page (no script,
//! no external style sheet, font or image) with the run's facts, its text
//! report, and SVG charts ([`charts`]): tps over time (per shard too after
//! a merge), latency over time (mean and percentiles), the latency
//! histogram and percentile curve, per-script and per-command percentile
//! curves, failures and retries over time when there were any, and the
//! schedule lag under `-R`, with `--server-stats` the server's
//! statistics ([`server`]), and where the client measured itself its
//! threads' shares beside the throughput and the verdict at the top
//! ([`client`]). The charts over time draw the run's own span
//! ([`seconds`]): to its end, or to the `-T` deadline.

mod charts;
mod client;
pub(crate) mod marks;
pub(crate) mod runs;
mod seconds;
mod server;
mod svg;

use std::fmt::Write as _;

use charts::{FAILED, Line, MEAN, palette, quantile_x};
use seconds::over_seconds;

use crate::config::{DEFAULT_PERCENTILES, Percentile};
use crate::stats::hist::Hist;
use crate::stats::series::{Part, RunDist, all_scripts};

/// What the page shows besides the distributions.
#[derive(Debug)]
pub(crate) struct Page<'a> {
    /// Label and value of each fact of the header (date, duration, command
    /// line, versions).
    pub(crate) facts: Vec<(String, String)>,
    /// The text report, as printed.
    pub(crate) report: &'a str,
    /// Name and text of each script.
    pub(crate) scripts: Vec<(String, String)>,
    /// Per script, the first line of each command (with `-r`; else empty).
    pub(crate) commands: Vec<Vec<String>>,
    /// The percentiles asked for (else the default ones).
    pub(crate) percentiles: Option<&'a [Percentile]>,
    /// Under `-R`.
    pub(crate) throttled: bool,
    /// After a merge: each shard's name and transactions per second.
    pub(crate) shards: Vec<(String, Vec<ShardSecond>)>,
    /// From the origin of the seconds to the end of the run, s (the last
    /// second may be shorter).
    pub(crate) span_s: f64,
    /// Under `-T`: its deadline, s after the origin of the seconds. What
    /// ends after it (the transactions in flight then) is in the totals,
    /// not in the charts over time, which end there.
    pub(crate) deadline_s: Option<f64>,
    /// `--reconnect`'s outages and `--rate-profile`'s rate and steps.
    pub(crate) marks: marks::Marks,
    /// `--server-stats`: the document's `server` object.
    pub(crate) server: Option<&'a crate::report::doc::model::ServerDoc>,
    /// The client's threads measured by themselves: the document's
    /// `client` object, and the origin of the page's seconds (Unix epoch
    /// µs).
    pub(crate) client: Option<(&'a crate::report::doc::client::ClientDoc, i64)>,
}

/// One interval of a shard's tps line: (start after the run's origin,
/// length, tps), s.
pub(crate) type ShardSecond = (f64, f64, f64);

/// One second of the charts over time, with what the run did in it.
type Second = seconds::Drawn<Part>;

/// The run's own span for the charts over time ([`seconds::drawn_span`]).
fn drawn_span(page: &Page<'_>) -> f64 {
    seconds::drawn_span(page.span_s, page.deadline_s)
}

/// The seconds the charts over time draw ([`seconds::drawn`]).
fn drawn_seconds(page: &Page<'_>, dist: &RunDist) -> Vec<Second> {
    let n_scripts = dist.scripts.len().max(1);
    let all = dist.series.last_index().map_or(0, |last| last + 1);
    let parts = (0..all).filter_map(|i| {
        let parts = dist.series.sum(i..i + 1, n_scripts).ok()?;
        #[allow(clippy::cast_precision_loss)]
        Some((i as f64, all_scripts(&parts)))
    });
    seconds::drawn(parts, drawn_span(page))
}

/// The facts of the header: when, how long, what ran, on what (the
/// libpq the run had, which for a merge is its shards', not this one's).
pub(crate) fn facts(
    pgbench: &crate::version::Pgbench,
    start_us: i64,
    end_us: i64,
    command_line: &[String],
    libpq_version: &str,
    server_version: &str,
    status: &str,
) -> Vec<(String, String)> {
    let secs = (end_us - start_us) as f64 / 1e6;
    vec![
        ("date".into(), utc(start_us)),
        ("measured".into(), format!("{secs:.3} s, to {}", utc(end_us))),
        ("status".into(), status.into()),
        ("command line".into(), command_line.join(" ")),
        (
            "pgbench-rs".into(),
            format!("{} (pgbench {})", env!("CARGO_PKG_VERSION"), pgbench.version),
        ),
        ("libpq".into(), libpq_version.into()),
        ("server".into(), server_version.into()),
    ]
}

/// A page's head and title.
fn open(title: &str) -> String {
    let mut out = String::with_capacity(256 * 1024);
    let _ = write!(
        out,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>{t}</title>\n<style>\n{STYLE}</style>\n</head>\n<body>\n<h1>{t}</h1>\n",
        t = escape(title)
    );
    out
}

/// Text for HTML element content and attribute values.
pub(super) fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// Unix epoch µs as `YYYY-MM-DD HH:MM:SS UTC`.
pub(crate) fn utc(us: i64) -> String {
    let secs = us.div_euclid(1_000_000);
    let (days, rem) = (secs.div_euclid(86_400), secs.rem_euclid(86_400));
    // Howard Hinnant's civil_from_days.
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}-{m:02}-{d:02} {:02}:{:02}:{:02} UTC", rem / 3600, rem % 3600 / 60, rem % 60)
}

/// The quantiles of a percentile curve: 0%, then 90%, 99%... ten points a
/// decade, as far as the histogram's count reaches, and at least to
/// `highest` (the highest percentile the report shows: a small run's
/// curve reaches it at its maximum).
fn curve(h: &Hist, highest: f64) -> Vec<(f64, f64)> {
    let n = h.count() as f64;
    if n == 0.0 {
        return Vec::new();
    }
    let reach = (n * 2.0).max(quantile_x(highest / 100.0) * 1.000_001);
    let mut pcts = Vec::new();
    for k in 0..=70 {
        let q = 1.0 - 10f64.powf(-f64::from(k) / 10.0);
        if quantile_x(q) > reach {
            break;
        }
        pcts.push(100.0 * q);
    }
    h.percentiles(&pcts)
        .into_iter()
        .zip(&pcts)
        .map(|(us, p)| (quantile_x(p / 100.0), us as f64 / 1000.0))
        .collect()
}

/// The latencies (or lags) of each second: the mean and each percentile.
fn latency_lines(
    seconds: &[Second],
    pcts: &[Percentile],
    colors: &[charts::RGBColor],
    lag: bool,
) -> Vec<Line> {
    let values: Vec<f64> = pcts.iter().map(|p| p.value).collect();
    // Of each second with transactions: the mean and the percentiles, ms.
    let rows: Vec<Option<(f64, Vec<f64>)>> = seconds
        .iter()
        .map(|s| {
            let p = &s.item;
            let (ss, h) = if lag { (&p.stats.lag, &p.lag) } else { (&p.stats.latency, &p.latency) };
            (ss.count > 0).then(|| {
                let at = h.percentiles(&values).into_iter().map(|us| (us as f64).min(ss.max));
                (ss.sum / ss.count as f64 / 1000.0, at.map(|us| us / 1000.0).collect())
            })
        })
        .collect();
    let mean = Line {
        label: "mean".into(),
        color: MEAN,
        width: 2,
        points: over_seconds(seconds, |i, _| rows[i].as_ref().map(|r| r.0)),
    };
    let per = pcts.iter().zip(colors).enumerate().map(|(k, (p, &color))| Line {
        label: format!("p{}", p.text),
        color,
        width: 1,
        points: over_seconds(seconds, |i, _| rows[i].as_ref().and_then(|r| r.1.get(k).copied())),
    });
    std::iter::once(mean).chain(per).collect()
}

fn figure(out: &mut String, id: &str, caption: &str, svg: &str) {
    let _ = writeln!(
        out,
        "<figure id=\"{id}\" class=\"chart\">{svg}<figcaption>{}</figcaption></figure>",
        escape(caption)
    );
}

/// What the charts over time cover: "the 2.000 s measured", and under
/// `-T` what they leave out.
fn span_text(page: &Page<'_>) -> String {
    let span = drawn_span(page);
    let mut text = format!("the {span:.3} s measured");
    if page.deadline_s.is_some_and(|d| page.span_s > d) {
        text.push_str(
            " (to the -T deadline: the transactions in flight then, which ended after it, are in the report and the distributions)",
        );
    }
    text
}

/// Renders the page.
pub(crate) fn render(page: &Page<'_>, dist: &RunDist) -> String {
    let n_scripts = dist.scripts.len();
    let default: Vec<Percentile> =
        DEFAULT_PERCENTILES.iter().map(|&v| Percentile::new(v)).collect();
    let pcts = page.percentiles.unwrap_or(&default);
    // The darkest colour for the highest percentile, in every chart.
    let mut pct_colors = palette(pcts.len());
    pct_colors.reverse();

    let seconds = drawn_seconds(page, dist);
    let highest = pcts.iter().map(|p| p.value).fold(DEFAULT_PERCENTILES[0], f64::max);

    let mut out = open("pgbench-rs run");
    out.push_str("<table class=\"facts\">\n");
    for (k, v) in &page.facts {
        let _ = writeln!(out, "<tr><th>{}</th><td>{}</td></tr>", escape(k), escape(v));
    }
    out.push_str("</table>\n");
    if let Some((c, _)) = page.client {
        out.push_str(&client::verdict(c));
    }
    out.push_str("<h2>Report</h2>\n<pre class=\"report\">");
    out.push_str(&escape(page.report));
    out.push_str("</pre>\n<h2>Throughput</h2>\n");

    if seconds.is_empty() {
        let why = if drawn_span(page) < 1.0 {
            "The run lasted less than a second".to_string()
        } else {
            "There is no series of seconds (the shards' measurements did not start together)"
                .to_string()
        };
        let _ = writeln!(
            out,
            "<p class=\"note\">{why}: no chart over time. The charts below cover all its transactions.</p>"
        );
    } else {
        // tps over time (each shard's too after a merge).
        let mut tps = vec![Line {
            label: if page.shards.is_empty() { "all clients".into() } else { "all shards".into() },
            color: palette(1)[0],
            width: 2,
            points: over_seconds(&seconds, |_, s| Some(s.item.stats.cnt as f64 / s.length())),
        }];
        let span = drawn_span(page);
        let shard_colors: Vec<_> = palette(page.shards.len() + 1).into_iter().skip(1).collect();
        for ((label, points), &color) in page.shards.iter().zip(&shard_colors) {
            // A shard's seconds within the run's span, at their ends.
            let points = points
                .iter()
                .filter(|p| p.0 < span)
                .map(|&(start, length, tps)| ((start + length).min(span), tps))
                .collect();
            tps.push(Line { label: label.clone(), color, width: 1, points });
        }
        tps.extend(page.marks.target_line());
        figure(
            &mut out,
            "tps",
            &format!("Transactions per second, one point a second, over {}.", span_text(page)),
            &page.marks.throughput(&tps, span),
        );
    }
    if let Some((c, origin_us)) = page.client.filter(|_| !seconds.is_empty()) {
        out.push_str(&client::charts(c, drawn_span(page), origin_us, &figure));
    }
    page.marks.steps_table(&mut out);

    out.push_str("<h2>Latency</h2>\n");
    if !seconds.is_empty() {
        let lat = latency_lines(&seconds, pcts, &pct_colors, false);
        figure(
            &mut out,
            "latency-over-time",
            "Latency of each second: the mean and the percentiles, on a logarithmic scale.",
            &charts::over_time_log("Latency over time", "latency (ms)", &lat),
        );
    }
    figure(
        &mut out,
        "latency-histogram",
        "How many transactions took how long, over the whole run.",
        &charts::histogram("Latency distribution", &dist.total.latency.buckets()),
    );
    let whole = Line {
        label: "all scripts".into(),
        color: palette(1)[0],
        width: 2,
        points: curve(&dist.total.latency, highest),
    };
    figure(
        &mut out,
        "latency-percentiles",
        "Latency at each percentile over the whole run (the tail to the right).",
        &charts::percentile_curves("Latency by percentile", std::slice::from_ref(&whole)),
    );

    if n_scripts > 1 || page.commands.iter().any(|c| !c.is_empty()) {
        out.push_str("<h2>Scripts and commands</h2>\n");
    }
    if n_scripts > 1 {
        let colors = palette(n_scripts);
        let lines: Vec<Line> = dist
            .scripts
            .iter()
            .zip(&page.scripts)
            .zip(&colors)
            .map(|((part, (name, _)), &color)| Line {
                label: name.clone(),
                color,
                width: 2,
                points: curve(&part.latency, highest),
            })
            .collect();
        figure(
            &mut out,
            "script-percentiles",
            "Latency at each percentile, per script.",
            &charts::percentile_curves("Latency by percentile, per script", &lines),
        );
    }
    for (i, cmds) in page.commands.iter().enumerate() {
        let Some(hists) = dist.commands.get(i) else { continue };
        if cmds.is_empty() {
            continue;
        }
        let colors = palette(cmds.len());
        let lines: Vec<Line> = cmds
            .iter()
            .zip(hists)
            .zip(&colors)
            .enumerate()
            .map(|(j, ((text, h), &color))| {
                let short: String = text.chars().take(40).collect();
                Line { label: format!("{j}: {short}"), color, width: 1, points: curve(h, highest) }
            })
            .collect();
        let name = page.scripts.get(i).map_or("", |s| s.0.as_str());
        figure(
            &mut out,
            &format!("commands-{i}"),
            &format!(
                "Execution time of each command of script {} ({name}) at each percentile.",
                i + 1
            ),
            &charts::percentile_curves(&format!("Commands of script {}", i + 1), &lines),
        );
    }

    let troubled = seconds.iter().any(|s| {
        let st = &s.item.stats;
        st.failures() + st.retried + st.skipped > 0
    });
    if troubled {
        out.push_str("<h2>Failures and retries</h2>\n");
        let series = |label: &str, color, width, f: &dyn Fn(&Part) -> i64| Line {
            label: label.into(),
            color,
            width,
            points: over_seconds(&seconds, |_, s| Some(f(&s.item) as f64 / s.length())),
        };
        let colors = palette(3);
        let lines = vec![
            series("failed", FAILED, 2, &|p| p.stats.failures()),
            series("retried", colors[1], 1, &|p| p.stats.retried),
            series("skipped", colors[2], 1, &|p| p.stats.skipped),
        ];
        figure(
            &mut out,
            "failures",
            "Failed, retried and skipped transactions of each second.",
            &charts::over_time("Failures and retries", "transactions per second", &lines),
        );
    }
    if page.throttled && !seconds.is_empty() {
        out.push_str("<h2>Schedule lag</h2>\n");
        let lag = latency_lines(&seconds, pcts, &pct_colors, true);
        figure(
            &mut out,
            "lag",
            "How late transactions started after their -R schedule, each second.",
            &charts::over_time_log("Schedule lag over time", "lag (ms)", &lag),
        );
    }
    if let Some(server) = page.server {
        out.push_str(&server::section(server, drawn_span(page), &figure));
    }
    out.push_str("<h2>Scripts</h2>\n");
    for (name, text) in &page.scripts {
        let _ = writeln!(
            out,
            "<h3>{}</h3>\n<pre class=\"script\">{}</pre>",
            escape(name),
            escape(text)
        );
    }
    out.push_str("</body>\n</html>\n");
    out
}

const STYLE: &str = "body { font-family: sans-serif; max-width: 1000px; margin: 1em auto; color: #111; }
h1 { font-size: 1.6em; } h2 { font-size: 1.25em; margin-top: 1.6em; border-bottom: 1px solid #bbb; }
table.facts { border-collapse: collapse; } table.facts th { text-align: left; padding: 2px 12px 2px 0; vertical-align: top; }
table.facts td { font-family: monospace; white-space: pre-wrap; word-break: break-all; }
pre { background: #f4f4f4; padding: 8px; overflow-x: auto; font-size: 0.85em; }
figure.chart { margin: 1em 0; } figure.chart svg { display: block; width: 960px; height: 380px; }
figcaption { font-size: 0.85em; color: #444; }
p.error { color: #a00; }
@media print { pre { background: none; border: 1px solid #ccc; } figure.chart { break-inside: avoid; } }
";

#[cfg(test)]
mod tests {
    use super::*;

    /// A one-hour run at one point a second, two scripts of five commands
    /// (with -r) and -R: the page stays under 2 MB. (docs/extensions.md states the
    /// size this prints.)
    #[test]
    fn an_hour_long_run_fits_in_two_megabytes() {
        use crate::stats::SimpleStats;
        use crate::stats::series::{Interval, PackedPart, Series};
        let mut series = Series::default();
        let mut rng = 0x9e37_79b9_7f4a_7c15_u64;
        let mut next = || {
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            rng
        };
        let mut total = Part::default();
        for index in 0..3600u64 {
            let mut parts = Vec::new();
            for script in 0..2 {
                let mut p = Part::default();
                for _ in 0..300 {
                    // Log-normal-ish latencies from 100 µs to 100 ms.
                    let us = 100.0 * 10f64.powf((next() % 3000) as f64 / 1000.0);
                    p.latency.record(us);
                    p.lag.record(us / 10.0);
                    p.stats.cnt += 1;
                    p.stats.latency.absorb(&SimpleStats {
                        count: 1,
                        min: us,
                        max: us,
                        sum: us,
                        sum2: us * us,
                    });
                    p.stats.lag.absorb(&SimpleStats {
                        count: 1,
                        min: us / 10.0,
                        max: us / 10.0,
                        sum: us / 10.0,
                        sum2: us * us / 100.0,
                    });
                }
                p.stats.other_failures = i64::from(index % 7 == 0);
                total.add(&p);
                parts.push(PackedPart {
                    script,
                    stats: p.stats,
                    latency: p.latency.to_bytes(),
                    lag: p.lag.to_bytes(),
                });
            }
            let _ = series.add(&[Interval { index, parts }]);
        }
        let scripts = vec![total.clone(), total.clone()];
        let commands = vec![vec![total.latency.clone(); 5], vec![total.latency.clone(); 5]];
        let dist = RunDist { series, scripts, total, commands };
        let page = Page {
            facts: facts(
                crate::version::DEFAULT,
                0,
                3_600_000_000,
                &["pgbench-rs".into(), "-T".into(), "3600".into()],
                "17.12",
                "17.12",
                "completed",
            ),
            report: "transaction type: multiple scripts\n",
            scripts: vec![
                ("a.sql".into(), "select 1;\n".into()),
                ("b.sql".into(), "select 2;\n".into()),
            ],
            commands: vec![(0..5).map(|i| format!("select {i};")).collect(); 2],
            percentiles: None,
            throttled: true,
            shards: Vec::new(),
            span_s: 3600.0,
            deadline_s: Some(3600.0),
            marks: marks::Marks::default(),
            server: None,
            client: None,
        };
        let html = render(&page, &dist);
        eprintln!("the page of a 3600 s run: {} bytes", html.len());
        assert!(html.len() < 2_000_000, "{} bytes", html.len());
        // Throughput, latency (3), scripts, 2 × commands, failures, lag.
        assert_eq!(html.matches("<svg").count(), 9);
    }

    /// A series of one-second intervals, `(index, transactions)`, each
    /// transaction of 1 ms, and the page of a run of `span_s`.
    fn run_of(intervals: &[(u64, i64)]) -> RunDist {
        use crate::stats::SimpleStats;
        use crate::stats::series::{Interval, PackedPart, Series};
        let mut series = Series::default();
        let mut total = Part::default();
        for &(index, n) in intervals {
            let mut p = Part::default();
            for _ in 0..n {
                p.latency.record(1000.0);
                p.stats.cnt += 1;
                p.stats.latency.absorb(&SimpleStats {
                    count: 1,
                    min: 1000.0,
                    max: 1000.0,
                    sum: 1000.0,
                    sum2: 1e6,
                });
            }
            total.add(&p);
            let part = PackedPart {
                script: 0,
                stats: p.stats,
                latency: p.latency.to_bytes(),
                lag: p.lag.to_bytes(),
            };
            let _ = series.add(&[Interval { index, parts: vec![part] }]);
        }
        RunDist { series, scripts: vec![total.clone()], total, commands: vec![Vec::new()] }
    }

    fn page_of(span_s: f64, deadline_s: Option<f64>) -> Page<'static> {
        Page {
            facts: Vec::new(),
            report: "",
            scripts: vec![("s".into(), String::new())],
            commands: vec![Vec::new()],
            percentiles: None,
            throttled: false,
            shards: Vec::new(),
            span_s,
            deadline_s,
            marks: marks::Marks::default(),
            server: None,
            client: None,
        }
    }

    /// `-T 2`: the transactions in flight at the deadline end in a third,
    /// short interval (4 in 16 ms). The charts end at the deadline: no
    /// plunge to 250 tps after it, no point past the end; an interrupted
    /// run's last, short second is drawn at its end, at its rate.
    #[test]
    fn the_charts_over_time_draw_the_runs_own_span() {
        let dist = run_of(&[(0, 2000), (1, 2000), (2, 4)]);
        let page = page_of(2.016, Some(2.0));
        let seconds = drawn_seconds(&page, &dist);
        let tps = over_seconds(&seconds, |_, s| Some(s.item.stats.cnt as f64 / s.length()));
        assert_eq!(tps, [(1.0, 2000.0), (2.0, 2000.0)]);
        let lat = latency_lines(&seconds, &[Percentile::new(50.0)], &palette(1), false);
        for l in &lat {
            assert_eq!(l.points.iter().map(|p| p.0).collect::<Vec<_>>(), [1.0, 2.0], "{}", l.label);
        }
        // Interrupted 1.5 s into a -T 10 run.
        let dist = run_of(&[(0, 2000), (1, 1000)]);
        let seconds = drawn_seconds(&page_of(1.5, Some(10.0)), &dist);
        let tps = over_seconds(&seconds, |_, s| Some(s.item.stats.cnt as f64 / s.length()));
        assert_eq!(tps, [(1.0, 2000.0), (1.5, 2000.0)]);
        let html = render(&page_of(2.016, Some(2.0)), &run_of(&[(0, 2000), (1, 2000), (2, 4)]));
        assert!(html.contains("over the 2.000 s measured (to the -T deadline"), "{html}");
    }

    /// A run shorter than a second (`-t 1`) has no chart over time but
    /// says why; one of a second draws its only interval as a level line;
    /// the percentile curve of one transaction reaches the highest
    /// percentile shown, at its value.
    #[test]
    fn tiny_runs_get_sensible_charts() {
        let dist = run_of(&[(0, 1)]);
        assert!(drawn_seconds(&page_of(0.003, None), &dist).is_empty());
        let html = render(&page_of(0.003, None), &dist);
        assert!(!html.contains("id=\"tps\"") && !html.contains("id=\"latency-over-time\""));
        assert!(html.contains("The run lasted less than a second: no chart over time."));
        let seconds = drawn_seconds(&page_of(1.004, Some(1.0)), &run_of(&[(0, 50), (1, 1)]));
        let tps = over_seconds(&seconds, |_, s| Some(s.item.stats.cnt as f64 / s.length()));
        assert_eq!(tps, [(0.0, 50.0), (1.0, 50.0)]);
        let c = curve(&dist.total.latency, 99.99);
        let last = c.last().copied().unwrap_or_default();
        assert!(last.0 >= quantile_x(0.9999) * 0.999, "{c:?}");
        assert!(c.iter().all(|p| (p.1 - 1.0).abs() < 0.01), "{c:?}");
    }

    #[test]
    fn dates_and_escapes() {
        assert_eq!(utc(0), "1970-01-01 00:00:00 UTC");
        assert_eq!(utc(1_796_132_700_500_000), "2026-12-01 13:45:00 UTC");
        assert_eq!(utc(951_782_400_000_000), "2000-02-29 00:00:00 UTC");
        assert_eq!(escape("a<b & \"c\" 'd'>"), "a&lt;b &amp; &quot;c&quot; &#39;d&#39;&gt;");
    }
}
