//! Reading a document from elsewhere (a shard's, a run to compare, one to
//! convert): JSON; a document of this program ([`super::Kind`]) of the
//! shape it reads; checked whole ([`super::check`]); then its types
//! ([`super::model`]). And back from the types to the statistics the
//! engine keeps (counts and sums as [`StatsData`], per-command
//! statistics, histograms), which `--merge` adds up.

use serde_json::Value;

use super::check;
use super::fields::BadField;
use super::model::{
    CommandDoc, ComparisonDocument, Distribution, PointsDocument, RunDocument, Stats,
};
use super::{Document, Kind, version_problem};
use crate::stats::hist::{DecodeError, Hist};
use crate::stats::{CommandStats, SimpleStats, StatsData};

/// Why a file is not a document this program reads.
#[derive(Debug)]
pub(crate) enum ReadError {
    /// It is not JSON.
    NotJson(serde_json::Error),
    /// It is JSON, but no document of this program.
    NotOurs,
    /// It (or a run in it) is of another version of the shape: the
    /// message.
    Version(String),
    /// A field is not what it should be.
    Bad(BadField),
}

/// The document in `bytes`, the file `file`.
pub(crate) fn read(file: &str, bytes: &[u8]) -> Result<Document, ReadError> {
    let v: Value = serde_json::from_slice(bytes).map_err(ReadError::NotJson)?;
    let kind = Kind::of(&v).ok_or(ReadError::NotOurs)?;
    if let Some(m) = version_problem(&v, file) {
        return Err(ReadError::Version(m));
    }
    if kind == Kind::Points {
        let runs = v["points"].as_array().into_iter().flatten();
        for r in runs.flat_map(|p| p["runs"].as_array().into_iter().flatten()) {
            if let Some(m) = version_problem(r, file) {
                return Err(ReadError::Version(m));
            }
        }
    }
    check::any(&v).map_err(ReadError::Bad)?;
    // What the check let through has the types' shape; were it not so,
    // serde's own words say where.
    let typed = |e: serde_json::Error| ReadError::Bad(BadField::new("(document)", e.to_string()));
    Ok(match kind {
        Kind::Run => {
            Document::Run(Box::new(serde_json::from_value::<RunDocument>(v).map_err(typed)?))
        }
        Kind::Points => {
            Document::Points(serde_json::from_value::<PointsDocument>(v).map_err(typed)?)
        }
        Kind::Comparison => {
            Document::Comparison(serde_json::from_value::<ComparisonDocument>(v).map_err(typed)?)
        }
    })
}

/// Whether `bytes` are a document of this program that is not a shard's
/// (its kind and `shard` alone are looked at).
pub(crate) fn not_a_shards(bytes: &[u8]) -> bool {
    let Ok(v) = serde_json::from_slice::<Value>(bytes) else { return false };
    match Kind::of(&v) {
        Some(Kind::Run) => v["shard"].is_null(),
        Some(_) => true,
        None => false,
    }
}

impl Distribution {
    /// As [`SimpleStats`] in µs.
    pub(crate) fn simple(&self) -> SimpleStats {
        SimpleStats {
            count: self.count,
            min: self.min_us,
            max: self.max_us,
            sum: self.sum_us,
            sum2: self.sum2_us,
        }
    }

    /// Its histogram (an empty one when it has none).
    pub(crate) fn hist(&self) -> Result<Hist, DecodeError> {
        self.histogram.as_deref().map_or(Ok(Hist::new()), Hist::decode)
    }
}

/// A distribution that may be absent (the lags without `-R`): empty then.
pub(crate) fn simple_of(d: Option<&Distribution>) -> SimpleStats {
    d.map(Distribution::simple).unwrap_or_default()
}

/// The histogram of a distribution that may be absent.
pub(crate) fn hist_of(d: Option<&Distribution>) -> Result<Hist, DecodeError> {
    d.map_or(Ok(Hist::new()), Distribution::hist)
}

impl Stats {
    /// The counts and sums, as the engine keeps them.
    pub(crate) fn data(&self) -> StatsData {
        StatsData {
            start_time: 0,
            cnt: self.transactions,
            skipped: self.skipped,
            retries: self.retries,
            retried: self.retried,
            serialization_failures: self.failures.serialization,
            deadlock_failures: self.failures.deadlock,
            other_failures: self.failures.other,
            connection_failures: self.failures.connection,
            commit_unknown: self.failures.commit_unknown,
            latency: self.latency_ms.simple(),
            lag: simple_of(self.lag_ms.as_ref()),
        }
    }
}

impl CommandDoc {
    /// A command's statistics of `-r` (times in seconds, as the engine
    /// keeps them).
    pub(crate) fn stats(&self) -> CommandStats {
        let us = self.latency_ms.simple();
        CommandStats {
            elapsed: SimpleStats {
                count: us.count,
                min: us.min / 1e6,
                max: us.max / 1e6,
                sum: us.sum / 1e6,
                sum2: us.sum2 / 1e12,
            },
            failures: self.failed,
            serialization_failures: self.failures.serialization,
            deadlock_failures: self.failures.deadlock,
            other_failures: self.failures.other,
            connection_failures: self.failures.connection,
            retries: self.retries,
        }
    }
}
