//! Reading a report document's fields, each by its path of keys
//! (`&["totals", "latency_ms"]`): numbers, texts and lists, and back into
//! the statistics the engine keeps (counts and sums as [`StatsData`],
//! per-command statistics, histograms). Each missing or ill-typed field
//! is an error naming it ([`BadField`]).

use serde_json::Value;

use crate::stats::hist::Hist;
use crate::stats::{CommandStats, SimpleStats, StatsData};

/// A field that is missing or not of the expected type.
#[derive(Debug)]
pub(crate) struct BadField(pub(crate) String);

/// `v[path...]`.
pub(crate) fn at<'a>(v: &'a Value, path: &[&str]) -> &'a Value {
    path.iter().fold(v, |v, k| &v[*k])
}

fn name(path: &[&str]) -> String {
    path.join(".")
}

pub(crate) fn int(v: &Value, path: &[&str]) -> Result<i64, BadField> {
    at(v, path).as_i64().ok_or_else(|| BadField(name(path)))
}

/// An integer that must fit `T` (a weight, an index): one that does not
/// is a bad field, not a value clamped into range.
pub(crate) fn int_as<T: TryFrom<i64>>(v: &Value, path: &[&str]) -> Result<T, BadField> {
    T::try_from(int(v, path)?).map_err(|_| BadField(name(path)))
}

pub(crate) fn num(v: &Value, path: &[&str]) -> Result<f64, BadField> {
    at(v, path).as_f64().ok_or_else(|| BadField(name(path)))
}

pub(crate) fn text<'a>(v: &'a Value, path: &[&str]) -> Result<&'a str, BadField> {
    at(v, path).as_str().ok_or_else(|| BadField(name(path)))
}

pub(crate) fn list<'a>(v: &'a Value, path: &[&str]) -> Result<&'a Vec<Value>, BadField> {
    at(v, path).as_array().ok_or_else(|| BadField(name(path)))
}

/// A distribution object (`latency_ms`, `lag_ms`) as [`SimpleStats`] in
/// µs; a null one (no `-R`) as empty.
pub(crate) fn simple(v: &Value, path: &[&str]) -> Result<SimpleStats, BadField> {
    let d = at(v, path);
    if d.is_null() {
        return Ok(SimpleStats::default());
    }
    let field = |k: &str| -> Result<f64, BadField> {
        d[k].as_f64().ok_or_else(|| BadField(format!("{}.{k}", name(path))))
    };
    let count = d["count"].as_i64().ok_or_else(|| BadField(format!("{}.count", name(path))))?;
    Ok(SimpleStats {
        count,
        min: field("min_us")?,
        max: field("max_us")?,
        sum: field("sum_us")?,
        sum2: field("sum2_us")?,
    })
}

/// The histogram of a distribution object (an empty one when it is null
/// or has none).
pub(crate) fn hist(v: &Value, path: &[&str]) -> Result<Hist, BadField> {
    match at(v, path)["histogram"].as_str() {
        None => Ok(Hist::new()),
        Some(t) => Hist::decode(t).map_err(|e| BadField(format!("{}.histogram: {e}", name(path)))),
    }
}

/// The counts and distributions of a stats object (`totals`, a script,
/// an interval).
pub(crate) fn stats(v: &Value) -> Result<StatsData, BadField> {
    Ok(StatsData {
        start_time: 0,
        cnt: int(v, &["transactions"])?,
        skipped: int(v, &["skipped"])?,
        retries: int(v, &["retries"])?,
        retried: int(v, &["retried"])?,
        serialization_failures: int(v, &["failures", "serialization"])?,
        deadlock_failures: int(v, &["failures", "deadlock"])?,
        other_failures: int(v, &["failures", "other"])?,
        connection_failures: optional(v, &["failures", "connection"])?,
        commit_unknown: optional(v, &["failures", "commit_unknown"])?,
        latency: simple(v, &["latency_ms"])?,
        lag: simple(v, &["lag_ms"])?,
    })
}

/// A command object of `-r` as [`CommandStats`] (times in seconds, as the
/// engine keeps them).
pub(crate) fn command(v: &Value) -> Result<CommandStats, BadField> {
    let us = simple(v, &["latency_ms"])?;
    Ok(CommandStats {
        elapsed: SimpleStats {
            count: us.count,
            min: us.min / 1e6,
            max: us.max / 1e6,
            sum: us.sum / 1e6,
            sum2: us.sum2 / 1e12,
        },
        failures: int(v, &["failed"])?,
        serialization_failures: int(v, &["failures", "serialization"])?,
        deadlock_failures: int(v, &["failures", "deadlock"])?,
        other_failures: int(v, &["failures", "other"])?,
        connection_failures: optional(v, &["failures", "connection"])?,
        retries: int(v, &["retries"])?,
    })
}

/// An integer that reports without `--reconnect` do not have (0 then).
fn optional(v: &Value, path: &[&str]) -> Result<i64, BadField> {
    if at(v, path).is_null() { Ok(0) } else { int(v, path) }
}
