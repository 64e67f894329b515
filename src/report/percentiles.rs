//! How percentiles read in the text report and progress lines
//! (`--latency-percentiles`): milliseconds with three decimals, named
//! `p50`, `p99.9`, ..., then the maximum, next to C's lines.
//!
//! ```text
//! latency average = 1.234 ms
//! latency stddev = 0.456 ms
//! latency percentiles: p50 1.100, p90 1.800, p99 3.000, max 9.900 ms
//! progress: 5.0 s, 812.2 tps, lat 1.231 ms stddev 0.450, 0 failed, lat p50 1.100 p90 1.800 p99 3.000 max 9.900 ms
//! ```

use std::fmt::Write as _;

use crate::compat::fmt::Fixed;
use crate::config::Percentile;
use crate::stats::hist::Hist;

/// A distribution as reported: its histogram, and the exact largest value
/// (µs) recorded with it, which bounds the percentiles (the histogram's
/// values are the highest of their bucket, up to 0.1% above).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Dist<'a> {
    /// The values, µs.
    pub(crate) hist: &'a Hist,
    /// The exact maximum, µs.
    pub(crate) max_us: f64,
}

impl Dist<'_> {
    /// The values at `pcts`, µs, no larger than the maximum.
    pub(crate) fn at(&self, pcts: &[Percentile]) -> Vec<f64> {
        let ps: Vec<f64> = pcts.iter().map(|p| p.value).collect();
        self.hist.percentiles(&ps).into_iter().map(|v| (v as f64).min(self.max_us)).collect()
    }

    /// The maximum, µs (0 when empty).
    pub(crate) fn max(&self) -> f64 {
        if self.hist.count() == 0 { 0.0 } else { self.max_us }
    }
}

/// Microseconds as milliseconds with three decimals.
fn ms(us: f64) -> Fixed {
    Fixed(0.001 * us, 3)
}

/// `p50 1.100, p90 1.800, max 9.900 ms`: `sep` between the items.
fn items(d: Dist<'_>, pcts: &[Percentile], sep: &str) -> String {
    let mut o = String::new();
    for (p, v) in pcts.iter().zip(d.at(pcts)) {
        let _ = write!(o, "p{} {}{sep}", p.text, ms(v));
    }
    let _ = write!(o, "max {} ms", ms(d.max()));
    o
}

/// The report's line for a distribution: `<prefix><what> percentiles:
/// p50 1.100, ..., max 9.900 ms` (`prefix` is `" - "` in a script's
/// section).
pub(crate) fn report_line(prefix: &str, what: &str, d: Dist<'_>, pcts: &[Percentile]) -> String {
    format!("{prefix}{what} percentiles: {}\n", items(d, pcts, ", "))
}

/// The line under a command of the `-r` section, indented to its text.
pub(crate) fn command_line(indent: usize, d: Dist<'_>, pcts: &[Percentile]) -> String {
    format!("{:indent$}{}\n", "", items(d, pcts, ", "))
}

/// What a progress line adds: `, lat p50 1.100 ... max 9.900 ms` and,
/// under `-R`, `, lag p50 ... ms`.
pub(crate) fn progress_suffix(
    latency: Dist<'_>,
    lag: Option<Dist<'_>>,
    pcts: &[Percentile],
) -> String {
    let mut o = format!(", lat {}", items(latency, pcts, " "));
    if let Some(lag) = lag {
        let _ = write!(o, ", lag {}", items(lag, pcts, " "));
    }
    o
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pcts(v: &[f64]) -> Vec<Percentile> {
        v.iter().map(|&x| Percentile::new(x)).collect()
    }

    #[test]
    fn lines_read_like_the_report() {
        let mut h = Hist::new();
        for us in [1000.0, 2000.0, 3000.0, 4000.0] {
            h.record(us);
        }
        // 4000 µs is in a bucket two wide: the histogram says 4001.
        assert_eq!(h.max(), 4001);
        let d = Dist { hist: &h, max_us: 4000.0 };
        let p = pcts(&[50.0, 99.9]);
        assert_eq!(
            report_line("", "latency", d, &p),
            "latency percentiles: p50 2.000, p99.9 4.000, max 4.000 ms\n"
        );
        assert_eq!(
            report_line(" - ", "latency", d, &p),
            " - latency percentiles: p50 2.000, p99.9 4.000, max 4.000 ms\n"
        );
        assert_eq!(command_line(4, d, &p), "    p50 2.000, p99.9 4.000, max 4.000 ms\n");
        let empty = Hist::new();
        assert_eq!(
            progress_suffix(d, Some(Dist { hist: &empty, max_us: 0.0 }), &p),
            ", lat p50 2.000 p99.9 4.000 max 4.000 ms, lag p50 0.000 p99.9 0.000 max 0.000 ms"
        );
    }
}
