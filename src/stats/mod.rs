//! Statistics accumulated per worker thread and merged at report time:
//! C pgbench's `SimpleStats` and `StatsData`, with the same arithmetic so
//! that averages and deviations round identically. Pure data.
//!
//! Invariant of [`StatsData`]: every transaction a client ends is counted
//! exactly once, in `cnt` (succeeded), `skipped` (never started, `-R -L`)
//! or one of the failure counters.

pub(crate) mod hist;
pub(crate) mod mannwhitney;
pub(crate) mod outage;
pub(crate) mod series;

/// How a transaction ended (C's `EStatus`, restricted to the outcomes that
/// are recorded; meta-command errors abort the client and are never
/// recorded, and so do connection errors without `--reconnect`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum TxOutcome {
    /// `ESTATUS_NO_ERROR`.
    Success,
    /// `ESTATUS_SERIALIZATION_ERROR` (SQLSTATE 40001), after the last try.
    SerializationFailure,
    /// `ESTATUS_DEADLOCK_ERROR` (SQLSTATE 40P01), after the last try.
    DeadlockFailure,
    /// `ESTATUS_OTHER_SQL_ERROR`: any other SQL error, under
    /// `--continue-on-error` (never retried).
    OtherFailure,
    /// `--reconnect`: the connection was lost during the transaction (or
    /// could not be made under `-C`).
    ConnectionFailure,
    /// `--reconnect`: the connection was lost after the transaction's
    /// COMMIT was sent and before its result came: it may have committed.
    CommitUnknown,
}

/// Count, min, max, sum and sum of squares of a series (C's `SimpleStats`).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(crate) struct SimpleStats {
    /// Number of values.
    pub(crate) count: i64,
    /// Smallest value (meaningless while `count` is 0).
    pub(crate) min: f64,
    /// Largest value (meaningless while `count` is 0).
    pub(crate) max: f64,
    /// Sum of the values.
    pub(crate) sum: f64,
    /// Sum of the squares.
    pub(crate) sum2: f64,
}

impl SimpleStats {
    /// `addToSimpleStats`.
    #[inline]
    pub(crate) fn add(&mut self, v: f64) {
        if self.count == 0 || v < self.min {
            self.min = v;
        }
        if self.count == 0 || v > self.max {
            self.max = v;
        }
        self.count += 1;
        self.sum += v;
        self.sum2 += v * v;
    }

    /// `mergeSimpleStats`. COMPAT: like C, merging an empty series into a
    /// non-empty one may lower `min` to 0 (C never prints a merged min).
    pub(crate) fn merge(&mut self, o: &SimpleStats) {
        if self.count == 0 || o.min < self.min {
            self.min = o.min;
        }
        if self.count == 0 || o.max > self.max {
            self.max = o.max;
        }
        self.count += o.count;
        self.sum += o.sum;
        self.sum2 += o.sum2;
    }

    /// Adds another series, ignoring an empty one (unlike [`SimpleStats::merge`],
    /// whose C quirk would take its meaningless extremes).
    pub(crate) fn absorb(&mut self, o: &SimpleStats) {
        if o.count == 0 {
            return;
        }
        if self.count == 0 {
            *self = *o;
        } else {
            self.merge(o);
        }
    }

    /// Mean and population standard deviation, as `printSimpleStats`
    /// computes them (None when empty).
    pub(crate) fn mean_stddev(&self) -> Option<(f64, f64)> {
        if self.count <= 0 {
            return None;
        }
        let n = self.count as f64;
        let mean = self.sum / n;
        Some((mean, (self.sum2 / n - mean * mean).sqrt()))
    }
}

/// Transaction counters and latency/lag series (C's `StatsData`).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(crate) struct StatsData {
    /// Start of the aggregation interval (Unix epoch µs), for `-l` aggregates.
    pub(crate) start_time: i64,
    /// Successful transactions.
    pub(crate) cnt: i64,
    /// Transactions skipped because they were too late (`-R -L`).
    pub(crate) skipped: i64,
    /// Sum of `tries - 1` over recorded transactions.
    pub(crate) retries: i64,
    /// Recorded transactions that needed more than one try.
    pub(crate) retried: i64,
    /// Transactions failed by a serialization error.
    pub(crate) serialization_failures: i64,
    /// Transactions failed by a deadlock.
    pub(crate) deadlock_failures: i64,
    /// Transactions failed by another SQL error (`--continue-on-error`).
    pub(crate) other_failures: i64,
    /// Transactions failed by a lost connection (`--reconnect`), those
    /// whose COMMIT's outcome is unknown included.
    pub(crate) connection_failures: i64,
    /// Of `connection_failures`, those whose COMMIT's outcome is unknown.
    pub(crate) commit_unknown: i64,
    /// Latencies of successful transactions, µs.
    pub(crate) latency: SimpleStats,
    /// Schedule lags of successful transactions under `-R`, µs.
    pub(crate) lag: SimpleStats,
}

impl StatsData {
    /// `initStats`.
    pub(crate) fn new(start_time: i64) -> Self {
        StatsData { start_time, ..Default::default() }
    }

    /// `accumStats`: records one transaction. `with_lag` is whether `-R`
    /// is on (lag is recorded only then).
    #[inline]
    pub(crate) fn accum(
        &mut self,
        skipped: bool,
        latency: f64,
        lag: f64,
        outcome: TxOutcome,
        tries: u32,
        with_lag: bool,
    ) {
        if skipped {
            self.skipped += 1;
            return;
        }
        if tries > 1 {
            self.retries += i64::from(tries - 1);
            self.retried += 1;
        }
        match outcome {
            TxOutcome::Success => {
                self.cnt += 1;
                self.latency.add(latency);
                if with_lag {
                    self.lag.add(lag);
                }
            }
            TxOutcome::SerializationFailure => self.serialization_failures += 1,
            TxOutcome::DeadlockFailure => self.deadlock_failures += 1,
            TxOutcome::OtherFailure => self.other_failures += 1,
            TxOutcome::ConnectionFailure => self.connection_failures += 1,
            TxOutcome::CommitUnknown => {
                self.connection_failures += 1;
                self.commit_unknown += 1;
            }
        }
    }

    /// `getFailures`: serialization, deadlock, other and connection
    /// failures.
    pub(crate) fn failures(&self) -> i64 {
        self.serialization_failures
            + self.deadlock_failures
            + self.other_failures
            + self.connection_failures
    }

    /// The counts and sums of `self` less those of `before` (an earlier
    /// state of the same statistics); the extremes are those of `self`.
    pub(crate) fn minus(&self, before: &StatsData) -> StatsData {
        let less = |a: &SimpleStats, b: &SimpleStats| SimpleStats {
            count: a.count - b.count,
            min: a.min,
            max: a.max,
            sum: a.sum - b.sum,
            sum2: a.sum2 - b.sum2,
        };
        StatsData {
            start_time: self.start_time,
            cnt: self.cnt - before.cnt,
            skipped: self.skipped - before.skipped,
            retries: self.retries - before.retries,
            retried: self.retried - before.retried,
            serialization_failures: self.serialization_failures - before.serialization_failures,
            deadlock_failures: self.deadlock_failures - before.deadlock_failures,
            other_failures: self.other_failures - before.other_failures,
            connection_failures: self.connection_failures - before.connection_failures,
            commit_unknown: self.commit_unknown - before.commit_unknown,
            latency: less(&self.latency, &before.latency),
            lag: less(&self.lag, &before.lag),
        }
    }

    /// Adds other counters exactly (see [`SimpleStats::absorb`]).
    pub(crate) fn absorb(&mut self, o: &StatsData) {
        let (lat, lag) = (self.latency, self.lag);
        self.merge(o);
        self.latency = lat;
        self.latency.absorb(&o.latency);
        self.lag = lag;
        self.lag.absorb(&o.lag);
    }

    /// Adds another thread's (or interval's) counters, as C sums thread
    /// stats for the report and progress lines.
    pub(crate) fn merge(&mut self, o: &StatsData) {
        self.latency.merge(&o.latency);
        self.lag.merge(&o.lag);
        self.cnt += o.cnt;
        self.skipped += o.skipped;
        self.retries += o.retries;
        self.retried += o.retried;
        self.serialization_failures += o.serialization_failures;
        self.deadlock_failures += o.deadlock_failures;
        self.other_failures += o.other_failures;
        self.connection_failures += o.connection_failures;
        self.commit_unknown += o.commit_unknown;
    }
}

/// Per-command statistics for `-r`: execution times in seconds, and the
/// failures and retries charged to the command.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(crate) struct CommandStats {
    /// Elapsed seconds per execution.
    pub(crate) elapsed: SimpleStats,
    /// Transactions that failed in this command.
    pub(crate) failures: i64,
    /// Of those, by a serialization error.
    pub(crate) serialization_failures: i64,
    /// Of those, by a deadlock.
    pub(crate) deadlock_failures: i64,
    /// Of those, by another SQL error (`--continue-on-error`).
    pub(crate) other_failures: i64,
    /// Of those, by a lost connection (`--reconnect`).
    pub(crate) connection_failures: i64,
    /// Retries that started after an error in this command.
    pub(crate) retries: i64,
}

impl CommandStats {
    /// Adds another thread's counts.
    pub(crate) fn merge(&mut self, o: &CommandStats) {
        self.elapsed.merge(&o.elapsed);
        self.failures += o.failures;
        self.serialization_failures += o.serialization_failures;
        self.deadlock_failures += o.deadlock_failures;
        self.other_failures += o.other_failures;
        self.connection_failures += o.connection_failures;
        self.retries += o.retries;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn simple_stats_track_extremes_and_sums() {
        let mut s = SimpleStats::default();
        for v in [3.0, 1.0, 2.0] {
            s.add(v);
        }
        assert_eq!(s, SimpleStats { count: 3, min: 1.0, max: 3.0, sum: 6.0, sum2: 14.0 });
        let (mean, sd) = s.mean_stddev().unwrap();
        assert_eq!(mean, 2.0);
        assert!((sd - (14.0f64 / 3.0 - 4.0).sqrt()).abs() < 1e-15);
        assert_eq!(SimpleStats::default().mean_stddev(), None);
    }

    #[test]
    fn merging_an_empty_series_lowers_min_like_c() {
        let mut s = SimpleStats::default();
        s.add(5.0);
        s.merge(&SimpleStats::default());
        assert_eq!((s.count, s.min, s.max), (1, 0.0, 5.0));
        let mut e = SimpleStats::default();
        e.merge(&s);
        assert_eq!((e.count, e.min, e.max), (1, 0.0, 5.0));
    }

    #[test]
    fn accum_counts_each_outcome_once() {
        let mut st = StatsData::new(0);
        st.accum(true, 0.0, 0.0, TxOutcome::Success, 1, true);
        st.accum(false, 10.0, 2.0, TxOutcome::Success, 3, true);
        st.accum(false, 0.0, 0.0, TxOutcome::SerializationFailure, 2, true);
        st.accum(false, 0.0, 0.0, TxOutcome::DeadlockFailure, 1, false);
        st.accum(false, 0.0, 0.0, TxOutcome::ConnectionFailure, 1, true);
        st.accum(false, 0.0, 0.0, TxOutcome::CommitUnknown, 1, true);
        assert_eq!(st.skipped, 1);
        assert_eq!(st.cnt, 1);
        assert_eq!(st.failures(), 4);
        assert_eq!((st.connection_failures, st.commit_unknown), (2, 1));
        assert_eq!((st.retries, st.retried), (3, 2));
        assert_eq!((st.latency.count, st.lag.count), (1, 1));
        let mut total = StatsData::new(0);
        total.merge(&st);
        total.merge(&st);
        assert_eq!((total.cnt, total.skipped, total.retries), (2, 2, 6));
    }
}
