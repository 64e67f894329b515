//! The report documents, their one owner: a run's (`--report-json`),
//! several runs' (`--repeat`, `--sweep-clients`: "points") and a
//! comparison's. Here are their formats and the version of their shape
//! ([`SCHEMA_VERSION`], the schemas in `schema/`), the check that a
//! document read back is one this program reads ([`Kind::of`]), the
//! metrics that `--compare`, the sweep's table and the pages of several
//! runs take from a run's document ([`METRICS`]), and the readers that
//! `--merge`, `--compare` and the pages go through: [`fields`] by path,
//! [`RunDoc`] by meaning. `report::json` writes a run's document,
//! `report::csv` the table of a document of any kind.

pub(crate) mod fields;

use serde_json::{Map, Value, json};

/// The `format` of a run's document.
const RUN_FORMAT: &str = "pgbench-rs report";
/// The `format` of the document of several runs.
const POINTS_FORMAT: &str = "pgbench-rs points";
/// The `format` of a comparison's document.
const COMPARISON_FORMAT: &str = "pgbench-rs comparison";

/// The version of the documents' shape (their schemas).
pub(crate) const SCHEMA_VERSION: u32 = 1;

/// What a document is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    /// A run's (`schema/report.schema.json`).
    Run,
    /// Several runs', by client count (`schema/points.schema.json`).
    Points,
    /// A comparison's (`schema/comparison.schema.json`).
    Comparison,
}

impl Kind {
    fn format(self) -> &'static str {
        match self {
            Kind::Run => RUN_FORMAT,
            Kind::Points => POINTS_FORMAT,
            Kind::Comparison => COMPARISON_FORMAT,
        }
    }

    /// What `doc` says it is (None: not a pgbench-rs document).
    pub(crate) fn of(doc: &Value) -> Option<Kind> {
        let format = doc.get("format")?.as_str()?;
        [Kind::Run, Kind::Points, Kind::Comparison].into_iter().find(|k| k.format() == format)
    }

    /// The first members of a new document of this kind: its format and
    /// schema version.
    pub(crate) fn header(self) -> Map<String, Value> {
        let mut m = Map::new();
        m.insert("format".into(), json!(self.format()));
        m.insert("schema_version".into(), json!(SCHEMA_VERSION));
        m
    }
}

/// Whether this program reads `doc`'s version of the shape: None, or
/// what the message about `file` says (`"a.json" has schema version 2,
/// this pgbench-rs reads version 1`).
pub(crate) fn version_problem(doc: &Value, file: &str) -> Option<String> {
    let version = doc.get("schema_version").unwrap_or(&Value::Null);
    (version.as_u64() != Some(u64::from(SCHEMA_VERSION))).then(|| {
        format!("\"{file}\" has schema version {version}, this pgbench-rs reads version {SCHEMA_VERSION}")
    })
}

/// Whether a larger value of a metric is better.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Better {
    /// More is better (tps).
    Higher,
    /// Less is better (latencies, failures, lag).
    Lower,
}

/// A measure of a run, read from its document.
#[derive(Debug)]
pub(crate) struct Metric {
    /// Its key in a comparison (`tps`, `latency_ms.p99`).
    pub(crate) key: &'static str,
    /// Its short name for `--fail-if` (`tps`, `p99`).
    pub(crate) short: &'static str,
    /// Where in a run's document.
    pub(crate) path: &'static [&'static str],
    /// Which way is better.
    pub(crate) better: Better,
    /// Compared by `--compare`.
    pub(crate) compared: bool,
    /// Its column in the sweep's table: heading and decimals.
    pub(crate) column: Option<(&'static str, usize)>,
}

const fn metric(
    key: &'static str,
    short: &'static str,
    path: &'static [&'static str],
    better: Better,
    compared: bool,
    column: Option<(&'static str, usize)>,
) -> Metric {
    Metric { key, short, path, better, compared, column }
}

/// The measures of a run, in the order the comparison and the sweep's
/// table print them.
pub(crate) const METRICS: &[Metric] = &[
    metric("tps", "tps", &["totals", "tps"], Better::Higher, true, Some(("tps", 3))),
    metric(
        "latency_ms.mean",
        "mean",
        &["totals", "latency_ms", "mean"],
        Better::Lower,
        true,
        Some(("mean ms", 3)),
    ),
    metric(
        "latency_ms.p50",
        "p50",
        &["totals", "latency_ms", "percentiles", "50"],
        Better::Lower,
        true,
        Some(("p50 ms", 3)),
    ),
    metric(
        "latency_ms.p95",
        "p95",
        &["totals", "latency_ms", "percentiles", "95"],
        Better::Lower,
        true,
        Some(("p95 ms", 3)),
    ),
    metric(
        "latency_ms.p99",
        "p99",
        &["totals", "latency_ms", "percentiles", "99"],
        Better::Lower,
        true,
        Some(("p99 ms", 3)),
    ),
    metric("failed_pct", "failed", &["totals", "failed_pct"], Better::Lower, true, None),
    metric("failed", "failed", &["totals", "failed"], Better::Lower, false, Some(("failed", 0))),
    metric(
        "lag_ms.mean",
        "lag",
        &["totals", "lag_ms", "mean"],
        Better::Lower,
        true,
        Some(("lag ms", 3)),
    ),
];

/// The metrics `--compare` compares, in order.
pub(crate) fn compared() -> impl Iterator<Item = &'static Metric> {
    METRICS.iter().filter(|m| m.compared)
}

/// The metric of key `key`.
pub(crate) fn metric_of(key: &str) -> Option<&'static Metric> {
    METRICS.iter().find(|m| m.key == key)
}

/// One second of a run's series, as a document has it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct DocSecond {
    /// Its start, s after the series' origin.
    pub(crate) start_s: f64,
    /// The transactions that succeeded in it.
    pub(crate) transactions: f64,
    /// Their 99th latency percentile, ms (none: no transaction).
    pub(crate) p99_ms: Option<f64>,
}

/// A run's document, read by meaning.
#[derive(Clone, Copy, Debug)]
pub(crate) struct RunDoc<'a>(pub(crate) &'a Value);

impl RunDoc<'_> {
    /// A number at `path` (None: absent, or null).
    fn number(&self, path: &[&str]) -> Option<f64> {
        fields::at(self.0, path).as_f64()
    }

    /// `-c` of the run.
    pub(crate) fn clients(&self) -> Option<i64> {
        fields::at(self.0, &["configuration", "clients"]).as_i64()
    }

    /// `-j` of the run.
    pub(crate) fn threads(&self) -> Option<i64> {
        fields::at(self.0, &["configuration", "threads"]).as_i64()
    }

    /// The value of `m` (None when the run has none: no transactions, no
    /// `-R` for the lag).
    pub(crate) fn metric(&self, m: &Metric) -> Option<f64> {
        self.number(m.path)
    }

    /// Its seconds, in order.
    pub(crate) fn seconds(&self) -> Vec<DocSecond> {
        let origin = self.number(&["progress", "start_time"]).unwrap_or(0.0);
        let list = fields::at(self.0, &["progress", "intervals"]).as_array();
        list.into_iter()
            .flatten()
            .filter_map(|i| {
                Some(DocSecond {
                    start_s: i.get("start_time")?.as_f64()? - origin,
                    transactions: i.get("transactions")?.as_f64()?,
                    p99_ms: fields::at(i, &["latency_ms", "percentiles", "99"]).as_f64(),
                })
            })
            .collect()
    }

    /// From the series' origin to the run's end, s; and under `-T` its
    /// deadline, s after the origin.
    pub(crate) fn span(&self) -> (f64, Option<f64>) {
        let origin = fields::at(self.0, &["progress", "start_time_us"]).as_i64().unwrap_or(0);
        let end = fields::at(self.0, &["end_time_us"]).as_i64().unwrap_or(origin);
        #[allow(clippy::cast_precision_loss)]
        let span = (end - origin) as f64 / 1e6;
        (span, self.number(&["configuration", "duration_s"]))
    }

    /// Its latency percentiles: (percentile, ms), in increasing order.
    pub(crate) fn percentiles(&self) -> Vec<(f64, f64)> {
        let map = fields::at(self.0, &["totals", "latency_ms", "percentiles"]).as_object();
        let mut out: Vec<(f64, f64)> = map
            .into_iter()
            .flatten()
            .filter_map(|(q, v)| Some((q.parse::<f64>().ok()?, v.as_f64()?)))
            .collect();
        out.sort_by(|a, b| a.0.total_cmp(&b.0));
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(tps: f64) -> Value {
        let mut doc = Value::Object(Kind::Run.header());
        doc["configuration"] = json!({"clients": 4, "threads": 2, "duration_s": 2});
        doc["totals"] = json!({"tps": tps, "failed": 0, "failed_pct": 0.0, "lag_ms": null,
            "latency_ms": {"mean": 1.5, "percentiles": {"99.9": 4.0, "50": 1.0, "99": 3.0}}});
        doc["end_time_us"] = json!(12_500_000);
        doc["progress"] = json!({"start_time": 10.0, "start_time_us": 10_000_000, "intervals": [
            {"start_time": 10.0, "transactions": 5, "latency_ms": {"percentiles": {"99": 2.0}}},
            {"start_time": 11.0, "transactions": 0, "latency_ms": {"percentiles": {"99": null}}}]});
        doc
    }

    #[test]
    fn documents_say_what_they_are() {
        let doc = run(12.5);
        assert_eq!(Kind::of(&doc), Some(Kind::Run));
        assert_eq!(version_problem(&doc, "a.json"), None);
        assert_eq!(Kind::of(&json!({"format": "pgbench-rs points"})), Some(Kind::Points));
        assert_eq!(Kind::of(&json!({"format": "x"})), None);
        assert_eq!(Kind::of(&json!([])), None);
        assert_eq!(
            version_problem(&json!({"schema_version": 2}), "a.json").as_deref(),
            Some("\"a.json\" has schema version 2, this pgbench-rs reads version 1")
        );
        assert_eq!(
            version_problem(&json!({}), "b.json").as_deref(),
            Some("\"b.json\" has schema version null, this pgbench-rs reads version 1")
        );
    }

    #[test]
    fn a_run_read_by_meaning() {
        let doc = run(12.5);
        let d = RunDoc(&doc);
        let value = |key: &str| d.metric(metric_of(key).unwrap());
        assert_eq!(value("tps"), Some(12.5));
        assert_eq!(value("latency_ms.mean"), Some(1.5));
        assert_eq!(value("latency_ms.p99"), Some(3.0));
        assert_eq!(value("latency_ms.p50"), Some(1.0));
        assert_eq!(value("latency_ms.p95"), None);
        assert_eq!(value("failed_pct"), Some(0.0));
        assert_eq!(value("failed"), Some(0.0));
        assert_eq!(value("lag_ms.mean"), None);
        assert_eq!((d.clients(), d.threads()), (Some(4), Some(2)));
        assert_eq!(d.span(), (2.5, Some(2.0)));
        assert_eq!(d.percentiles(), [(50.0, 1.0), (99.0, 3.0), (99.9, 4.0)]);
        assert_eq!(
            d.seconds(),
            [
                DocSecond { start_s: 0.0, transactions: 5.0, p99_ms: Some(2.0) },
                DocSecond { start_s: 1.0, transactions: 0.0, p99_ms: None },
            ]
        );
    }

    #[test]
    fn every_metric_has_a_unique_key_and_the_compared_ones_unique_short_names() {
        for (i, m) in METRICS.iter().enumerate() {
            assert!(METRICS[i + 1..].iter().all(|o| o.key != m.key), "{}", m.key);
            if m.compared {
                let same = METRICS.iter().filter(|o| o.compared && o.short == m.short).count();
                assert_eq!(same, 1, "{}", m.short);
            }
        }
    }
}
