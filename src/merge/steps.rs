//! `--merge` of `--rate-profile` runs: the shards' steps added up (each
//! shard's threads ran their share of the rate).

use serde_json::Value;

use crate::report::doc::fields::{self as read, BadField};
use crate::report::steps::StepRow;
use crate::stats::StatsData;

/// The steps of the merged run (none when the shards have none), from the
/// shards' JSON documents.
pub(super) fn merged(docs: &[&Value]) -> Result<Option<Vec<StepRow>>, BadField> {
    let Some(first) = docs.first().and_then(|d| read::at(d, &["steps"]).as_array()) else {
        return Ok(None);
    };
    let mut rows = Vec::with_capacity(first.len());
    for (i, step) in first.iter().enumerate() {
        let us = |v: &Value, key: &str| -> Result<i64, BadField> {
            #[allow(clippy::cast_possible_truncation)]
            Ok((read::num(v, &[key])? * 1e6).round() as i64)
        };
        let mut row = StepRow {
            start_us: us(step, "start_s")?,
            end_us: us(step, "end_s")?,
            tps: read::num(step, &["rate_tps"])?,
            ramp_to: read::at(step, &["ramp_to_tps"]).as_f64(),
            stats: StatsData::new(0),
        };
        for d in docs {
            let Some(s) = read::at(d, &["steps"]).as_array().and_then(|a| a.get(i)) else {
                return Err(BadField(format!("steps[{i}]")));
            };
            let st = &mut row.stats;
            st.cnt += read::int(s, &["transactions"])?;
            st.skipped += read::int(s, &["skipped"])?;
            // (A step's failures are one count: they are kept as "other".)
            st.other_failures += read::int(s, &["failed"])?;
            st.latency.count = st.cnt;
            st.lag.count = st.cnt;
            st.latency.sum += read::num(s, &["latency_sum_us"])?;
            st.lag.sum += read::num(s, &["lag_sum_us"])?;
            row.end_us = row.end_us.max(us(s, "end_s")?);
        }
        rows.push(row);
    }
    Ok(Some(rows))
}
