//! The outages of a `--reconnect` run as the reports show them: the text
//! report's lines after the tps line, and the JSON document's `outages`;
//! and the notes they are made of, which the document keeps as
//! `outage_log` so that `--merge` makes the merged run's outages from
//! its shards' notes with the same algorithm ([`crate::stats::outage`]).

use std::fmt::Write as _;

use super::doc::model::{OutageDoc, OutageLogDoc, RunDocument};
use crate::compat::fmt::Fixed;
use crate::stats::outage::{BUCKET_US, Outage, OutageLog, outages};

/// A run's outages: its notes (Unix epoch µs) and the rows they make.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct RunOutages {
    /// The notes, over all threads (and shards).
    pub(crate) log: OutageLog,
    /// The outages.
    pub(crate) rows: Vec<OutageRow>,
}

impl RunOutages {
    /// The outages of `log` (Unix epoch µs) for a measurement from
    /// `start_us` to `end_us`.
    pub(crate) fn of(log: OutageLog, start_us: i64, end_us: i64) -> Self {
        let rows = rows(&log, start_us, end_us, 0);
        RunOutages { log, rows }
    }

    /// The document's `outage_log`.
    pub(crate) fn log_json(&self) -> OutageLogDoc {
        let log = &self.log;
        OutageLogDoc {
            origin_us: log.origin(),
            bucket_us: BUCKET_US,
            lost_us: log.losses().to_vec(),
            back_us: log.comebacks().iter().map(|&(m, first)| [m, first]).collect(),
            counts: log.counts().to_vec(),
        }
    }
}

/// The notes of a document's `outage_log` (None: the run was not made
/// with `--reconnect`).
pub(crate) fn log_of(doc: &RunDocument) -> Option<OutageLog> {
    let v = doc.outage_log.as_ref()?;
    let back = v.back_us.iter().map(|&[made, first]| (made, first)).collect();
    Some(OutageLog::from_parts(v.origin_us, v.lost_us.clone(), back, v.counts.clone()))
}

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

/// The text report's lines.
pub(crate) fn text(o: &mut String, rows: &[OutageRow]) {
    let _ = writeln!(o, "number of outages: {}", rows.len());
    for (i, r) in rows.iter().enumerate() {
        let _ = write!(o, "outage {}: at {} s", i + 1, Fixed::secs3(r.at_us));
        let Some(end) = r.end_us else {
            let _ = writeln!(o, ", not over when the run ended");
            continue;
        };
        let _ = write!(o, ", lasted {} s", Fixed::secs3(end - r.start_us));
        match r.recovered_us {
            Some(us) => {
                let _ = writeln!(o, ", throughput back {} s after it", Fixed::secs3(us));
            }
            None => {
                let _ = writeln!(o, ", throughput not back to its level before");
            }
        }
    }
}

/// The JSON document's `outages`.
#[allow(clippy::cast_precision_loss)]
pub(crate) fn json(rows: &[OutageRow]) -> Vec<OutageDoc> {
    let secs = |us: i64| us as f64 / 1e6;
    rows.iter()
        .map(|r| OutageDoc {
            start: secs(r.start_us),
            end: r.end_us.map(secs),
            duration_s: r.end_us.map(|e| secs(e - r.start_us)),
            recovered_s: r.recovered_us.map(secs),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_notes_read_back_as_written() {
        let mut log = OutageLog::new(1_000_000);
        log.success(1_050_000, None);
        log.lost(1_200_000);
        log.success(1_450_000, Some(1_400_000));
        let o = RunOutages::of(log.clone(), 1_000_000, 3_000_000);
        assert_eq!(o.rows.len(), 1);
        let notes = o.log_json();
        assert_eq!(
            serde_json::to_value(&notes).unwrap(),
            serde_json::json!({"origin_us": 1_000_000, "bucket_us": 100_000, "lost_us": [1_200_000],
                   "back_us": [[1_400_000, 1_450_000]], "counts": [1, 0, 0, 0, 1]})
        );
        let mut doc: RunDocument = crate::report::doc::model::kept("shard0.json");
        doc.outage_log = Some(notes);
        assert_eq!(log_of(&doc), Some(log));
        doc.outage_log = None;
        assert_eq!(log_of(&doc), None);
    }

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
        let j = serde_json::to_value(json(&rows[..1])).unwrap();
        assert_eq!(
            j,
            serde_json::json!([{"start": 1_000_003.0, "end": 1_000_004.25, "duration_s": 1.25, "recovered_s": 0.5}])
        );
    }
}
