//! The HTML report's client parts, drawn from the document's `client`
//! object ([`ClientDoc`]): the verdict at the top of the page, and beside
//! the throughput each thread's share of each second busy on a CPU and,
//! where it was measured, waiting for one.

use std::fmt::Write as _;

use super::charts::palette;
use super::escape;
use super::server::chart;
use super::svg::{Mark, Series};
use crate::report::doc::client::{ClientDoc, ClientThread};

/// The verdict, at the top of the page: a warning when the client set
/// the result.
pub(super) fn verdict(c: &ClientDoc) -> String {
    let class = if c.verdict.client_bound { "error" } else { "note" };
    let mut out = String::new();
    for line in crate::report::client::verdict_lines(c) {
        let mut text = line;
        if let Some(first) = text.get(..1) {
            let upper = first.to_uppercase();
            text.replace_range(..1, &upper);
        }
        let _ = writeln!(out, "<p class=\"{class}\">Client: {}.</p>", escape(&text));
    }
    out
}

/// A thread's share of each second it measured, at the second's end (s
/// after the page's origin `origin_us`, Unix epoch µs), within `span`.
#[allow(clippy::cast_precision_loss)]
fn points(
    t: &ClientThread,
    origin_us: i64,
    span: f64,
    of: fn(&ClientThread, usize) -> Option<f64>,
) -> Vec<(f64, f64)> {
    let Some(s) = &t.seconds else { return Vec::new() };
    let shift = (s.start_time_us - origin_us) as f64 / 1e6 + s.first as f64;
    (0..s.busy_pct.len())
        .filter_map(|i| {
            let start = shift + i as f64;
            (start < span).then(|| Some(((start + 1.0).min(span), of(t, i)?)))?
        })
        .collect()
}

/// The charts: each thread's busy share over time and, when measured,
/// its share waiting for a CPU (with `figure`'s ids `client-busy`,
/// `client-waiting`), over the page's `span` (s from `origin_us`).
pub(super) fn charts(
    c: &ClientDoc,
    span: f64,
    origin_us: i64,
    figure: &dyn Fn(&mut String, &str, &str, &str),
) -> String {
    let mut out = String::new();
    if !c.per_second {
        return out;
    }
    let colors = palette(c.threads.len());
    let lines = |of: fn(&ClientThread, usize) -> Option<f64>| -> Vec<Series> {
        c.threads
            .iter()
            .zip(&colors)
            .map(|(t, &color)| Series {
                label: t.id.name(),
                color,
                mark: Mark::Line {
                    width: if t.id.thread.is_some() { 2 } else { 1 },
                    points: points(t, origin_us, span, of),
                },
            })
            .collect()
    };
    let rule = c.verdict.saturated_pct;
    figure(
        &mut out,
        "client-busy",
        &format!(
            "Each client thread's share of each second on a CPU (its user and system time). A worker thread busy or waiting for a CPU {rule:.0} % of the time or more was saturated: it measured the client."
        ),
        &chart(
            "Client threads busy",
            "% of the time",
            span,
            100.0 / 1.08,
            1.0,
            &lines(|t, i| t.seconds.as_ref()?.busy_pct.get(i).copied()),
        ),
    );
    if c.run_queue {
        figure(
            &mut out,
            "client-waiting",
            "Each client thread's share of each second runnable but waiting for a CPU (its schedstat's run-queue time): the CPU was taken by other threads or processes, the server's too where it shares the client's CPUs.",
            &chart(
                "Client threads waiting for a CPU",
                "% of the time",
                span,
                100.0 / 1.08,
                1.0,
                &lines(|t, i| t.seconds.as_ref()?.waiting_pct.as_ref()?.get(i).copied()),
            ),
        );
    }
    out
}
