//! `--merge` of `--rate-profile` runs: the shards' steps added up (each
//! shard's threads ran their share of the rate).

use crate::report::doc::fields::BadField;
use crate::report::doc::model::RunDocument;
use crate::report::steps::StepRow;
use crate::stats::StatsData;

/// The steps of the merged run (none when the shards have none), from the
/// shards' documents.
pub(super) fn merged<'a>(
    docs: impl Iterator<Item = &'a RunDocument> + Clone,
) -> Result<Option<Vec<StepRow>>, BadField> {
    let Some(first) = docs.clone().next().and_then(|d| d.steps.as_ref()) else {
        return Ok(None);
    };
    #[allow(clippy::cast_possible_truncation)]
    let us = |s: f64| (s * 1e6).round() as i64;
    let mut rows = Vec::with_capacity(first.len());
    for (i, step) in first.iter().enumerate() {
        let mut row = StepRow {
            start_us: us(step.start_s),
            end_us: us(step.end_s),
            tps: step.rate_tps,
            ramp_to: step.ramp_to_tps,
            stats: StatsData::new(0),
        };
        for d in docs.clone() {
            let Some(s) = d.steps.as_ref().and_then(|a| a.get(i)) else {
                return Err(BadField::new(
                    format!("steps[{i}]"),
                    "missing: the shards' steps differ",
                ));
            };
            let st = &mut row.stats;
            st.cnt += s.transactions;
            st.skipped += s.skipped;
            // (A step's failures are one count: they are kept as "other".)
            st.other_failures += s.failed;
            st.latency.count = st.cnt;
            st.lag.count = st.cnt;
            st.latency.sum += s.latency_sum_us;
            st.lag.sum += s.lag_sum_us;
            row.end_us = row.end_us.max(us(s.end_s));
        }
        rows.push(row);
    }
    Ok(Some(rows))
}
