//! The outages of a `--reconnect` run as the reports show them: the text
//! report's lines after the tps line, and the JSON document's `outages`.

use std::fmt::Write as _;

use serde_json::{Value, json};

use crate::compat::fmt::Fixed;
use crate::stats::outage::{Outage, OutageLog, outages};

/// One outage, for the reports.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct OutageRow {
    /// Its start, Unix epoch µs.
    pub(crate) start_us: i64,
    /// Its end, Unix epoch µs (none: not over when the run ended).
    pub(crate) end_us: Option<i64>,
    /// Its start, µs after the measurement's start.
    pub(crate) at_us: i64,
    /// From its end until the throughput was back to its level before, µs.
    pub(crate) recovered_us: Option<i64>,
}

/// The outages of the threads' merged `log`, for a measurement from
/// `start` to `end` (monotonic µs) and the monotonic-to-epoch `shift`.
pub(crate) fn rows(log: &OutageLog, start: i64, end: i64, shift: i64) -> Vec<OutageRow> {
    outages(log, end)
        .into_iter()
        .map(|o: Outage| OutageRow {
            start_us: o.start + shift,
            end_us: o.end.map(|e| e + shift),
            at_us: o.start - start,
            recovered_us: o.recovered_us,
        })
        .collect()
}

/// Seconds with three decimals.
#[allow(clippy::cast_precision_loss)]
fn s3(us: i64) -> Fixed {
    Fixed(us as f64 / 1e6, 3)
}

/// The text report's lines.
pub(crate) fn text(o: &mut String, rows: &[OutageRow]) {
    let _ = writeln!(o, "number of outages: {}", rows.len());
    for (i, r) in rows.iter().enumerate() {
        let _ = write!(o, "outage {}: at {} s", i + 1, s3(r.at_us));
        let Some(end) = r.end_us else {
            let _ = writeln!(o, ", not over when the run ended");
            continue;
        };
        let _ = write!(o, ", lasted {} s", s3(end - r.start_us));
        match r.recovered_us {
            Some(us) => {
                let _ = writeln!(o, ", throughput back {} s after it", s3(us));
            }
            None => {
                let _ = writeln!(o, ", throughput not back to its level before");
            }
        }
    }
}

/// The JSON document's `outages`.
#[allow(clippy::cast_precision_loss)]
pub(crate) fn json(rows: &[OutageRow]) -> Value {
    let secs = |us: i64| us as f64 / 1e6;
    Value::Array(
        rows.iter()
            .map(|r| {
                json!({
                    "start": secs(r.start_us),
                    "end": r.end_us.map(secs),
                    "duration_s": r.end_us.map(|e| secs(e - r.start_us)),
                    "recovered_s": r.recovered_us.map(secs),
                })
            })
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_and_json() {
        let rows = [
            OutageRow {
                start_us: 1_000_003_000_000,
                end_us: Some(1_000_004_250_000),
                at_us: 3_000_000,
                recovered_us: Some(500_000),
            },
            OutageRow {
                start_us: 1_000_006_000_000,
                end_us: Some(1_000_006_100_000),
                at_us: 6_000_000,
                recovered_us: None,
            },
            OutageRow {
                start_us: 1_000_008_000_000,
                end_us: None,
                at_us: 8_000_000,
                recovered_us: None,
            },
        ];
        let mut o = String::new();
        text(&mut o, &rows);
        assert_eq!(
            o,
            "number of outages: 3\n\
             outage 1: at 3.000 s, lasted 1.250 s, throughput back 0.500 s after it\n\
             outage 2: at 6.000 s, lasted 0.100 s, throughput not back to its level before\n\
             outage 3: at 8.000 s, not over when the run ended\n"
        );
        let j = json(&rows[..1]);
        assert_eq!(
            j,
            json!([{"start": 1_000_003.0, "end": 1_000_004.25, "duration_s": 1.25, "recovered_s": 0.5}])
        );
    }
}
