//! The steps of a `--rate-profile` run as the reports show them: the text
//! report's lines after the tps line, and the JSON document's `steps`
//! (which a `--merge` of shards adds up). Each transaction (or skipped
//! slot) is in the step of its scheduled start, so that the steps add up
//! to the whole run.

use std::fmt::Write as _;

use super::doc::model::StepDoc;
use crate::compat::fmt::Fixed;
use crate::rate_profile::RateProfile;
use crate::stats::StatsData;

/// One step of the profile, for the reports.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct StepRow {
    /// Its start and end, µs after the measurement's start (the end is
    /// the run's for the last step and one the run ended in).
    pub(crate) start_us: i64,
    /// See `start_us`.
    pub(crate) end_us: i64,
    /// The rate at its start, transactions per second.
    pub(crate) tps: f64,
    /// The rate it ramps to (none: a constant step).
    pub(crate) ramp_to: Option<f64>,
    /// Its transactions, failures, skipped slots, latencies and lags.
    pub(crate) stats: StatsData,
}

impl StepRow {
    /// Successful transactions per second over the step.
    #[allow(clippy::cast_precision_loss)]
    fn measured_tps(&self) -> f64 {
        let secs = (self.end_us - self.start_us) as f64 / 1e6;
        if secs > 0.0 { self.stats.cnt as f64 / secs } else { 0.0 }
    }
}

/// The steps the run reached, with their statistics (`stats`: one per
/// point of `profile`), for a measurement of `duration_us`.
pub(crate) fn rows(profile: &RateProfile, stats: &[StatsData], duration_us: i64) -> Vec<StepRow> {
    let points = profile.points();
    points
        .iter()
        .enumerate()
        .filter(|(i, p)| *i == 0 || p.at_us < duration_us)
        .map(|(i, p)| {
            let next = points.get(i + 1);
            StepRow {
                start_us: p.at_us,
                end_us: next.map_or(duration_us, |q| q.at_us.min(duration_us)).max(p.at_us),
                tps: p.tps,
                ramp_to: next.filter(|_| p.ramp).map(|q| q.tps),
                stats: stats.get(i).copied().unwrap_or_default(),
            }
        })
        .collect()
}

/// The mean of a series in ms, 0 when empty.
#[allow(clippy::cast_precision_loss)]
fn mean_ms(sum_us: f64, count: i64) -> f64 {
    if count > 0 { 0.001 * sum_us / count as f64 } else { 0.0 }
}

/// The text report's lines.
pub(crate) fn text(o: &mut String, rows: &[StepRow]) {
    for (i, r) in rows.iter().enumerate() {
        let _ = write!(
            o,
            "rate profile step {}: {} s to {} s at {}",
            i + 1,
            Fixed::secs3(r.start_us),
            Fixed::secs3(r.end_us),
            r.tps
        );
        if let Some(to) = r.ramp_to {
            let _ = write!(o, " to {to}");
        }
        let s = &r.stats;
        let _ = writeln!(
            o,
            " tps: {} transactions (tps = {}), {} failed, {} skipped, latency average = {} ms, lag average = {} ms",
            s.cnt,
            Fixed(r.measured_tps(), 3),
            s.failures(),
            s.skipped,
            Fixed(mean_ms(s.latency.sum, s.cnt), 3),
            Fixed(mean_ms(s.lag.sum, s.cnt), 3)
        );
    }
}

/// The JSON document's `steps`.
#[allow(clippy::cast_precision_loss)]
pub(crate) fn json(rows: &[StepRow]) -> Vec<StepDoc> {
    rows.iter()
        .map(|r| {
            let s = &r.stats;
            StepDoc {
                start_s: r.start_us as f64 / 1e6,
                end_s: r.end_us as f64 / 1e6,
                rate_tps: r.tps,
                ramp_to_tps: r.ramp_to,
                transactions: s.cnt,
                failed: s.failures(),
                skipped: s.skipped,
                tps: Some(r.measured_tps()),
                latency_ms_mean: Some(mean_ms(s.latency.sum, s.cnt)),
                lag_ms_mean: Some(mean_ms(s.lag.sum, s.cnt)),
                latency_sum_us: s.latency.sum,
                lag_sum_us: s.lag.sum,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_the_run_reached() {
        let p = RateProfile::parse("0:200,2:400~,4:800,10:50").unwrap();
        let mut stats = vec![StatsData::new(0); 4];
        stats[0].cnt = 400;
        stats[0].latency.sum = 400_000.0;
        stats[1].cnt = 1000;
        stats[1].skipped = 3;
        stats[2].cnt = 800;
        let rows = rows(&p, &stats, 5_000_000);
        assert_eq!(rows.len(), 3, "the step from 10 s is after the run");
        assert_eq!(rows[2].end_us, 5_000_000);
        let mut o = String::new();
        text(&mut o, &rows);
        assert_eq!(
            o,
            "rate profile step 1: 0.000 s to 2.000 s at 200 tps: 400 transactions (tps = 200.000), 0 failed, 0 skipped, latency average = 1.000 ms, lag average = 0.000 ms\n\
             rate profile step 2: 2.000 s to 4.000 s at 400 to 800 tps: 1000 transactions (tps = 500.000), 0 failed, 3 skipped, latency average = 0.000 ms, lag average = 0.000 ms\n\
             rate profile step 3: 4.000 s to 5.000 s at 800 tps: 800 transactions (tps = 800.000), 0 failed, 0 skipped, latency average = 0.000 ms, lag average = 0.000 ms\n"
        );
        let j = json(&rows);
        assert_eq!(j[1].ramp_to_tps, Some(800.0));
        assert_eq!(j[0].ramp_to_tps, None);
        assert_eq!(j[2].transactions, 800);
    }
}
