//! The transaction log (`-l`): one file per worker thread, named as C
//! names it, with a line per transaction (C's `doLog`) or per aggregation
//! interval (`--aggregate-interval`). Writes are buffered; [`TxLog::finish`]
//! flushes, and it runs on every way a run ends.

use std::fs::File;
use std::io::{BufWriter, Write};

use crate::compat::fmt::Fixed;
use crate::rand::prng::PgPrng;
use crate::stats::{StatsData, TxOutcome};
use crate::sys::clock::monotonic_us;

/// What the log lines contain, fixed for the run.
#[derive(Clone, Copy, Debug)]
pub(crate) struct LogFormat {
    /// `--aggregate-interval` in microseconds (None: a line per
    /// transaction).
    pub(crate) agg_interval_us: Option<i64>,
    /// `--sampling-rate` (0: every transaction).
    pub(crate) sample_rate: f64,
    /// `-R` is on (lag column / lag aggregates).
    pub(crate) throttled: bool,
    /// `-L` is on (skipped aggregate).
    pub(crate) latency_limit: bool,
    /// `--max-tries` (retries column when not 1).
    pub(crate) max_tries: u32,
    /// `--failures-detailed`.
    pub(crate) failures_detailed: bool,
    /// Aggregates end with an other-failures column (pgbench 19's 16th,
    /// also with `--continue-on-error` as pgbench-rs's own option).
    pub(crate) other_failures_column: bool,
    /// `--reconnect`: aggregates end with the connection failures.
    pub(crate) reconnect: bool,
    /// Monotonic-to-epoch shift, µs.
    pub(crate) epoch_shift: i64,
}

/// One worker's log file.
#[derive(Debug)]
pub(crate) struct TxLog {
    out: BufWriter<File>,
    fmt: LogFormat,
    /// The current aggregation interval.
    agg: StatsData,
    /// The first write error, reported when the log is finished.
    error: Option<std::io::Error>,
    path: String,
}

/// A log file could not be opened or written; displayed as C words it.
#[derive(Debug)]
pub(crate) enum LogError {
    /// `could not open logfile "%s": %m`
    Open(String, std::io::Error),
    /// `could not write to log file "%s": %m`
    Write(String, std::io::Error),
}

impl std::fmt::Display for LogError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let text = crate::sys::os_error_text;
        match self {
            LogError::Open(path, e) => write!(f, "could not open logfile \"{path}\": {}", text(e)),
            LogError::Write(path, e) => {
                write!(f, "could not write to log file \"{path}\": {}", text(e))
            }
        }
    }
}

impl std::error::Error for LogError {}

/// The file name C uses: `prefix.pid` for thread 0, `prefix.pid.tid` else.
pub(crate) fn log_path(prefix: Option<&str>, pid: u32, tid: usize) -> String {
    let prefix = prefix.unwrap_or("pgbench_log");
    if tid == 0 { format!("{prefix}.{pid}") } else { format!("{prefix}.{pid}.{tid}") }
}

impl TxLog {
    /// Opens (truncates) the log file; C's message on failure.
    pub(crate) fn open(path: &str, fmt: LogFormat) -> Result<TxLog, LogError> {
        match File::create(path) {
            Ok(f) => Ok(TxLog {
                out: BufWriter::with_capacity(64 * 1024, f),
                fmt,
                agg: StatsData::new(0),
                error: None,
                path: path.to_string(),
            }),
            Err(e) => Err(LogError::Open(path.to_string(), e)),
        }
    }

    /// Starts the first aggregation interval at the thread's benchmark
    /// start, rounded down to a whole epoch second.
    pub(crate) fn start(&mut self, bench_start_us: i64) {
        self.agg = StatsData::new((bench_start_us + self.fmt.epoch_shift) / 1_000_000 * 1_000_000);
    }

    fn write(&mut self, s: &[u8]) {
        if self.error.is_none() {
            if let Err(e) = self.out.write_all(s) {
                self.error = Some(e);
            }
        }
    }

    /// `doLog`: logs one ended transaction (or skipped slot).
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn transaction(
        &mut self,
        sample_rng: &mut PgPrng,
        client_id: i32,
        cnt: i64,
        script: usize,
        skipped: bool,
        outcome: TxOutcome,
        latency: f64,
        lag: f64,
        tries: u32,
    ) {
        let now = monotonic_us() + self.fmt.epoch_shift;
        if self.fmt.sample_rate != 0.0 && sample_rng.double() > self.fmt.sample_rate {
            return;
        }
        if let Some(interval) = self.fmt.agg_interval_us {
            self.flush_intervals(now, interval);
            self.agg.accum(skipped, latency, lag, outcome, tries, self.fmt.throttled);
            return;
        }
        if self.error.is_some() {
            return;
        }
        // (Formatted straight into the file's buffer: nothing allocated
        // per line.)
        let fmt = &self.fmt;
        let line = |out: &mut BufWriter<File>| -> std::io::Result<()> {
            write!(out, "{client_id} {cnt} ")?;
            if !skipped && outcome == TxOutcome::Success {
                write!(out, "{}", Fixed(latency, 0))?;
            } else {
                out.write_all(if skipped {
                    b"skipped"
                } else if fmt.failures_detailed {
                    match outcome {
                        TxOutcome::SerializationFailure => b"serialization",
                        TxOutcome::DeadlockFailure | TxOutcome::Success => b"deadlock",
                        TxOutcome::OtherFailure => b"other",
                        TxOutcome::ConnectionFailure => b"connection",
                        TxOutcome::CommitUnknown => b"commit_unknown",
                    }
                } else {
                    b"failed"
                })?;
            }
            write!(out, " {script} {} {}", now / 1_000_000, now % 1_000_000)?;
            if fmt.throttled {
                write!(out, " {}", Fixed(lag, 0))?;
            }
            if fmt.max_tries != 1 {
                write!(out, " {}", tries - 1)?;
            }
            out.write_all(b"\n")
        };
        if let Err(e) = line(&mut self.out) {
            self.error = Some(e);
        }
    }

    /// Writes every aggregation interval that ended by `now` (epoch µs),
    /// empty ones included.
    fn flush_intervals(&mut self, now: i64, interval: i64) {
        loop {
            let next = self.agg.start_time + interval;
            if next > now {
                break;
            }
            let a = self.agg;
            let (lag_sum, lag_sum2, lag_min, lag_max) = if self.fmt.throttled {
                (a.lag.sum, a.lag.sum2, a.lag.min, a.lag.max)
            } else {
                (0.0, 0.0, 0.0, 0.0)
            };
            let skipped = if self.fmt.latency_limit { a.skipped } else { 0 };
            let (retried, retries) =
                if self.fmt.max_tries != 1 { (a.retried, a.retries) } else { (0, 0) };
            let (ser, dead, other) = if self.fmt.failures_detailed {
                (a.serialization_failures, a.deadlock_failures, a.other_failures)
            } else {
                (0, 0, 0)
            };
            let line = format!(
                "{} {} {} {} {} {} {} {} {} {} {skipped} {retried} {retries} {ser} {dead}\n",
                a.start_time / 1_000_000,
                a.cnt,
                Fixed(a.latency.sum, 0),
                Fixed(a.latency.sum2, 0),
                Fixed(a.latency.min, 0),
                Fixed(a.latency.max, 0),
                Fixed(lag_sum, 0),
                Fixed(lag_sum2, 0),
                Fixed(lag_min, 0),
                Fixed(lag_max, 0),
            );
            let mut line = line;
            if self.fmt.other_failures_column {
                line.insert_str(line.len() - 1, &format!(" {other}"));
            }
            if self.fmt.reconnect {
                let conn = if self.fmt.failures_detailed { a.connection_failures } else { 0 };
                line.insert_str(line.len() - 1, &format!(" {conn}"));
            }
            self.write(line.as_bytes());
            self.agg = StatsData::new(next);
        }
    }

    /// Ends the log: writes the aggregation intervals completed by now
    /// (the last, partial one only when `partial`: C never writes it, but
    /// an interrupted run's log holds every transaction) and flushes the
    /// file; the first write error, if anything could not be written.
    pub(crate) fn finish(&mut self, partial: bool) -> Result<(), LogError> {
        if let Some(interval) = self.fmt.agg_interval_us {
            self.flush_intervals(monotonic_us() + self.fmt.epoch_shift, interval);
            if partial {
                self.flush_intervals(self.agg.start_time + interval, interval);
            }
        }
        if self.error.is_none() {
            if let Err(e) = self.out.flush() {
                self.error = Some(e);
            }
        }
        match self.error.take() {
            None => Ok(()),
            Some(e) => Err(LogError::Write(self.path.clone(), e)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The lines a log of `fmt` holds after `outcomes`, logged now in an
    /// interval that started a little earlier.
    fn lines(fmt: LogFormat, outcomes: &[TxOutcome]) -> Vec<String> {
        let path = std::env::temp_dir().join(format!("pgbench-rs-txlog-{}", std::process::id()));
        let path = path.to_string_lossy().into_owned();
        let mut log = TxLog::open(&path, fmt).expect("a log file");
        log.start(monotonic_us() - 200_000);
        let mut rng = PgPrng::from_seed(1);
        for (i, o) in (1..).zip(outcomes) {
            log.transaction(&mut rng, 3, i, 0, false, *o, 1500.0, 0.0, 1);
        }
        log.finish(true).expect("written");
        let text = std::fs::read_to_string(&path).expect("the log");
        let _ = std::fs::remove_file(&path);
        text.lines().map(str::to_string).collect()
    }

    #[test]
    fn connection_failures_in_lines_and_aggregates() {
        let fmt = LogFormat {
            agg_interval_us: None,
            sample_rate: 0.0,
            throttled: false,
            latency_limit: false,
            max_tries: 1,
            failures_detailed: true,
            other_failures_column: false,
            reconnect: true,
            epoch_shift: 0,
        };
        let outcomes = [TxOutcome::Success, TxOutcome::ConnectionFailure, TxOutcome::CommitUnknown];
        let words: Vec<String> = lines(fmt, &outcomes)
            .iter()
            .map(|l| l.split(' ').nth(2).unwrap().to_string())
            .collect();
        assert_eq!(words, ["1500", "connection", "commit_unknown"]);
        let plain = LogFormat { failures_detailed: false, ..fmt };
        let words: Vec<String> = lines(plain, &outcomes)
            .iter()
            .map(|l| l.split(' ').nth(2).unwrap().to_string())
            .collect();
        assert_eq!(words, ["1500", "failed", "failed"]);
        // Aggregates: 15 columns, then the connection failures.
        let agg = LogFormat { agg_interval_us: Some(1_000_000), ..fmt };
        let all: Vec<String> = lines(agg, &outcomes);
        let fields: Vec<Vec<u64>> =
            all.iter().map(|l| l.split(' ').map(|f| f.parse().unwrap()).collect()).collect();
        assert!(fields.iter().all(|f| f.len() == 16), "{all:?}");
        // (Summed: an interval may end between two of the transactions.)
        let sum = |i: usize| fields.iter().map(|f| f[i]).sum::<u64>();
        assert_eq!((sum(1), sum(15)), (1, 2), "{all:?}");
        let agg_plain = LogFormat { failures_detailed: false, ..agg };
        let all = lines(agg_plain, &outcomes);
        assert!(all.last().is_some_and(|l| l.ends_with(" 0")), "{all:?}");
    }
}
