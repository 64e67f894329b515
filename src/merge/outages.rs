//! `--merge` of `--reconnect` runs: the shards' outages as one run's. An
//! outage of a shard that starts before another's ends is the same
//! outage: it starts at the earlier start and ends at the earlier end
//! (the first success on a connection made after its start, over all
//! clients); the throughput is back when every shard's is.

use serde_json::Value;

use crate::report::doc::fields::{self as read, BadField};
use crate::report::outages::OutageRow;

/// Epoch seconds as µs.
#[allow(clippy::cast_possible_truncation)]
fn us(s: f64) -> i64 {
    (s * 1e6).round() as i64
}

/// The merged run's outages (none when the shards ran without
/// `--reconnect`), its measurement starting at `start_us` (epoch µs).
pub(super) fn merged(docs: &[&Value], start_us: i64) -> Result<Option<Vec<OutageRow>>, BadField> {
    if docs.iter().all(|d| d["outages"].is_null()) {
        return Ok(None);
    }
    // Each shard's: start, end (None: not over), when its throughput was
    // back (None: never).
    let mut all: Vec<(i64, Option<i64>, Option<i64>)> = Vec::new();
    for d in docs {
        for o in d["outages"].as_array().map_or(&[][..], Vec::as_slice) {
            let end = o["end"].as_f64().map(us);
            let back = end.zip(o["recovered_s"].as_f64()).map(|(e, r)| e + us(r));
            all.push((us(read::num(o, &["start"])?), end, back));
        }
    }
    all.sort_by_key(|o| o.0);
    let mut rows: Vec<(i64, Option<i64>, Option<i64>)> = Vec::new();
    for (start, end, back) in all {
        match rows.last_mut() {
            Some(cur) if cur.1.is_none_or(|e| start < e) => {
                cur.1 = match (cur.1, end) {
                    (Some(a), Some(b)) => Some(a.min(b)),
                    (a, b) => a.or(b),
                };
                cur.2 = cur.2.zip(back).map(|(a, b)| a.max(b));
            }
            _ => rows.push((start, end, back)),
        }
    }
    Ok(Some(
        rows.into_iter()
            .map(|(start, end, back)| OutageRow {
                start_us: start,
                end_us: end,
                at_us: start - start_us,
                recovered_us: end.zip(back).map(|(e, b)| (b - e).max(0)),
            })
            .collect(),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn overlapping_outages_are_one() {
        let a = json!({"outages": [
            {"start": 100.0, "end": 101.5, "duration_s": 1.5, "recovered_s": 0.5},
            {"start": 110.0, "end": null, "duration_s": null, "recovered_s": null},
        ]});
        let b = json!({"outages": [
            {"start": 100.2, "end": 101.2, "duration_s": 1.0, "recovered_s": 1.0},
        ]});
        // One outage from 100 s to the earlier end; back when both are
        // (102.2 s).
        let rows = merged(&[&a, &b], 90_000_000).ok().flatten().expect("outages");
        assert_eq!(
            rows,
            [
                OutageRow {
                    start_us: 100_000_000,
                    end_us: Some(101_200_000),
                    at_us: 10_000_000,
                    recovered_us: Some(1_000_000),
                },
                OutageRow {
                    start_us: 110_000_000,
                    end_us: None,
                    at_us: 20_000_000,
                    recovered_us: None
                },
            ]
        );
        let none = json!({});
        assert_eq!(merged(&[&none, &none], 0).ok(), Some(None));
    }
}
