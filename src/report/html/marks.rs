//! What `--reconnect` and `--rate-profile` add to the page: the outages as
//! bands on the throughput chart, the profile's rate as a line on it, and
//! a table of the profile's steps.

use std::fmt::Write as _;

use super::charts::{self, Line, MEAN};
use super::escape;
use super::svg::{Mark, RGBColor, Series};
use crate::compat::fmt::Fixed;
use crate::rate_profile::RateProfile;
use crate::report::outages::OutageRow;
use crate::report::steps::StepRow;

/// The colour of an outage's band.
const OUTAGE: RGBColor = RGBColor(244, 165, 130);

/// The marks of a run (all empty without the options).
#[derive(Debug, Default)]
pub(crate) struct Marks {
    /// Each outage: start and end, s after the origin of the seconds (no
    /// end: not over when the run ended).
    pub(crate) outages: Vec<(f64, Option<f64>)>,
    /// `--rate-profile`: (s after the origin, tps) points of its rate.
    pub(crate) target: Vec<(f64, f64)>,
    /// `--rate-profile`: its steps.
    pub(crate) steps: Vec<StepRow>,
}

impl Marks {
    /// The marks of a run: its `outages`, `profile` and `steps`, with the
    /// origin of the seconds at `origin_us` (Unix epoch µs), the
    /// measurement `start_s` after it, and the charts `span_s` long.
    #[allow(clippy::cast_precision_loss)]
    pub(crate) fn of(
        outages: Option<&[OutageRow]>,
        profile: Option<&RateProfile>,
        steps: Option<&[StepRow]>,
        origin_us: i64,
        start_s: f64,
        span_s: f64,
    ) -> Self {
        let secs = |us: i64| (us - origin_us) as f64 / 1e6;
        let outages = outages
            .unwrap_or_default()
            .iter()
            .map(|o| (secs(o.start_us), o.end_us.map(secs)))
            .collect();
        let mut target = Vec::new();
        if let Some(p) = profile {
            let points = p.points();
            for (i, q) in points.iter().enumerate() {
                let from = start_s + q.at_us as f64 / 1e6;
                let next = points.get(i + 1);
                let to = next.map_or(span_s, |n| start_s + n.at_us as f64 / 1e6);
                let end_tps = next.filter(|_| q.ramp).map_or(q.tps, |n| n.tps);
                if from < span_s {
                    target.push((from, q.tps));
                    target.push((to.min(span_s), end_tps));
                }
            }
        }
        Marks { outages, target, steps: steps.unwrap_or_default().to_vec() }
    }

    /// The profile's rate as a line for the throughput chart.
    pub(super) fn target_line(&self) -> Option<Line> {
        (!self.target.is_empty()).then(|| Line {
            label: "rate profile".into(),
            color: MEAN,
            width: 1,
            points: self.target.clone(),
        })
    }

    /// The throughput chart: `lines`, with the outages as bands behind
    /// them.
    pub(super) fn throughput(&self, lines: &[Line], span: f64) -> String {
        if self.outages.is_empty() {
            return charts::over_time("Throughput", "transactions per second", lines);
        }
        let top = lines.iter().flat_map(|l| &l.points).map(|p| p.1).fold(1.0, f64::max) * 1.08;
        let bands = self.outages.iter().map(|&(s, e)| (s, e.unwrap_or(span).max(s + 0.01), top));
        let band =
            Series { label: "outage".into(), color: OUTAGE, mark: Mark::Bars(bands.collect()) };
        charts::over_time_with("Throughput", "transactions per second", lines, band)
    }

    /// The table of the profile's steps (nothing without one).
    pub(super) fn steps_table(&self, out: &mut String) {
        if self.steps.is_empty() {
            return;
        }
        out.push_str("<h2>Rate profile</h2>\n<table class=\"steps\">\n<tr><th>step</th><th>from (s)</th><th>to (s)</th><th>rate (tps)</th><th>transactions</th><th>tps</th><th>failed</th><th>skipped</th><th>latency average (ms)</th><th>lag average (ms)</th></tr>\n");
        for (i, r) in self.steps.iter().enumerate() {
            let s = &r.stats;
            let rate = match r.ramp_to {
                Some(to) => format!("{} to {to}", r.tps),
                None => format!("{}", r.tps),
            };
            #[allow(clippy::cast_precision_loss)]
            let (secs, n) = ((r.end_us - r.start_us) as f64 / 1e6, s.cnt as f64);
            let mean = |sum: f64| if s.cnt > 0 { 0.001 * sum / n } else { 0.0 };
            let _ = writeln!(
                out,
                "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
                i + 1,
                Fixed::secs3(r.start_us),
                Fixed::secs3(r.end_us),
                escape(&rate),
                s.cnt,
                Fixed(if secs > 0.0 { n / secs } else { 0.0 }, 3),
                s.failures(),
                s.skipped,
                Fixed(mean(s.latency.sum), 3),
                Fixed(mean(s.lag.sum), 3)
            );
        }
        out.push_str("</table>\n");
    }
}
