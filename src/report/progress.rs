//! Progress lines (`-P`), printed on stderr by the main thread from the
//! workers' snapshots (C's `printProgressReport`).

use std::fmt::Write as _;

use crate::compat::fmt::Fixed;
use crate::config::BenchConfig;
use crate::stats::StatsData;

/// What a progress line shows, fixed for the run.
#[derive(Clone, Copy, Debug)]
pub(crate) struct ProgressFormat {
    /// The line's first word: `progress`, or `warm-up` during a
    /// `--warmup`.
    pub(crate) label: &'static str,
    /// `--progress-timestamp`.
    pub(crate) timestamp: bool,
    /// `-R` is on.
    pub(crate) throttled: bool,
    /// `-L` is on.
    pub(crate) latency_limit: bool,
    /// `--max-tries` is not 1.
    pub(crate) retries: bool,
    /// Monotonic-to-epoch shift, µs.
    pub(crate) epoch_shift: i64,
    /// `--reconnect`: the connection failures, and the outage's mark.
    pub(crate) reconnect: bool,
}

impl ProgressFormat {
    /// The format a configuration asks for.
    pub(crate) fn of(cfg: &BenchConfig, epoch_shift: i64) -> Self {
        ProgressFormat {
            label: "progress",
            timestamp: cfg.progress_timestamp,
            throttled: cfg.throttle_delay_us.is_some(),
            latency_limit: cfg.latency_limit_us.is_some(),
            retries: cfg.max_tries != 1,
            epoch_shift,
            reconnect: cfg.ext.reconnect.is_some(),
        }
    }
}

/// One progress line: statistics of the interval between `last` and
/// `cur` (cumulative, summed over threads), `run_us` long, ending
/// `total_run_us` after the start, at monotonic time `now`; `extra` ends
/// the line (pgbench-rs's percentiles, or nothing).
pub(crate) fn format_progress(
    f: &ProgressFormat,
    cur: &StatsData,
    last: &StatsData,
    run_us: i64,
    total_run_us: i64,
    now: i64,
    extra: &str,
) -> String {
    let cnt = cur.cnt - last.cnt;
    let total_run = total_run_us as f64 / 1_000_000.0;
    let tps = 1_000_000.0 * cnt as f64 / run_us as f64;
    let (latency, stdev, lag) = if cnt > 0 {
        let n = cnt as f64;
        let latency = 0.001 * (cur.latency.sum - last.latency.sum) / n;
        let sqlat = (cur.latency.sum2 - last.latency.sum2) / n;
        let stdev = 0.001 * (sqlat - 1_000_000.0 * latency * latency).sqrt();
        let lag = 0.001 * (cur.lag.sum - last.lag.sum) / n;
        (latency, stdev, lag)
    } else {
        (0.0, 0.0, 0.0)
    };
    let failures = cur.failures() - last.failures();
    let mut o = String::with_capacity(96);
    if f.timestamp {
        let at = Fixed((now + f.epoch_shift) as f64 / 1_000_000.0, 3);
        let _ = write!(o, "{}: {at} s", f.label);
    } else {
        let _ = write!(o, "{}: {} s", f.label, Fixed(total_run, 1));
    }
    let _ = write!(
        o,
        ", {} tps, lat {} ms stddev {}, {failures} failed",
        Fixed(tps, 1),
        Fixed(latency, 3),
        Fixed(stdev, 3)
    );
    if f.throttled {
        let _ = write!(o, ", lag {} ms", Fixed(lag, 3));
        if f.latency_limit {
            let _ = write!(o, ", {} skipped", cur.skipped - last.skipped);
        }
    }
    if f.retries {
        let _ = write!(
            o,
            ", {} retried, {} retries",
            cur.retried - last.retried,
            cur.retries - last.retries
        );
    }
    if f.reconnect {
        let lost = cur.connection_failures - last.connection_failures;
        let _ = write!(o, ", {lost} connection failures");
        if lost > 0 || cnt == 0 {
            o.push_str(" (outage)");
        }
    }
    o.push_str(extra);
    o.push('\n');
    o
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fmt(timestamp: bool, throttled: bool, latency_limit: bool, retries: bool) -> ProgressFormat {
        let reconnect = false;
        ProgressFormat {
            label: "progress",
            timestamp,
            throttled,
            latency_limit,
            retries,
            epoch_shift: 1_000_000,
            reconnect,
        }
    }

    #[test]
    fn progress_lines_have_c_fields() {
        let mut cur = StatsData::new(0);
        for lat in [1000.0, 3000.0] {
            cur.accum(false, lat, 500.0, crate::stats::TxOutcome::Success, 1, true);
        }
        let last = StatsData::new(0);
        assert_eq!(
            format_progress(
                &fmt(false, false, false, false),
                &cur,
                &last,
                1_000_000,
                1_000_000,
                0,
                ""
            ),
            "progress: 1.0 s, 2.0 tps, lat 2.000 ms stddev 1.000, 0 failed\n"
        );
        assert_eq!(
            format_progress(
                &fmt(true, true, true, true),
                &cur,
                &last,
                2_000_000,
                2_000_000,
                5_000,
                ", more"
            ),
            "progress: 1.005 s, 1.0 tps, lat 2.000 ms stddev 1.000, 0 failed, lag 0.500 ms, 0 skipped, 0 retried, 0 retries, more\n"
        );
        assert_eq!(
            format_progress(
                &fmt(false, false, false, false),
                &last,
                &last,
                1_000_000,
                3_000_000,
                0,
                ""
            ),
            "progress: 3.0 s, 0.0 tps, lat 0.000 ms stddev 0.000, 0 failed\n"
        );
    }
}
