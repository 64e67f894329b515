//! The report documents, their one owner: a run's (`--report-json`),
//! several runs' (`--repeat`, `--sweep-clients`: "points") and a
//! comparison's. Here are their formats and the version of their shape
//! ([`SCHEMA_VERSION`], the schemas in `schema/`), the check that a
//! document read back is one this program reads ([`Kind::of`]), the
//! metrics that `--compare`, the sweep's table and the pages of several
//! runs take from a run's document ([`METRICS`]), and the readers that
//! `--merge`, `--compare` and the pages go through ([`RunDoc`], the typed
//! documents of [`model`]), whose errors name the field ([`fields`]). `report::json` writes a run's document,
//! `report::csv` the table of a document of any kind.

pub(crate) mod check;
pub(crate) mod client;
#[cfg(test)]
mod client_tests;
pub(crate) mod fields;
pub(crate) mod model;
pub(crate) mod read;
#[cfg(test)]
mod schema_tests;
pub(crate) mod server;
pub(crate) mod write;

use serde_json::Value;

use model::RunDocument;

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
    /// The document's `format`.
    pub(crate) fn format(self) -> &'static str {
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
}

/// A document of any kind.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Document {
    /// A run's.
    Run(Box<model::RunDocument>),
    /// Several runs'.
    Points(model::PointsDocument),
    /// A comparison's.
    Comparison(model::ComparisonDocument),
}

impl Document {
    /// Its value, to write it.
    pub(crate) fn value(&self) -> Value {
        match self {
            Document::Run(d) => write::value(d),
            Document::Points(d) => write::value(d),
            Document::Comparison(d) => write::value(d),
        }
    }
}

impl Document {
    /// What it records of connection strings through the one redaction
    /// (a document of an earlier pgbench-rs may hold them as given):
    /// each run's command line (by `argv`, which knows where on a command
    /// line the database name is), database name and server settings.
    pub(crate) fn redact(&mut self, argv: fn(&[String]) -> Vec<String>) {
        match self {
            Document::Run(d) => d.redact(argv),
            Document::Points(d) => {
                d.points.iter_mut().flat_map(|p| &mut p.runs).for_each(|r| r.redact(argv))
            }
            Document::Comparison(_) => {}
        }
    }
}

impl RunDocument {
    /// See [`Document::redact`].
    pub(crate) fn redact(&mut self, argv: fn(&[String]) -> Vec<String>) {
        let c = &mut self.configuration;
        c.command_line = argv(&c.command_line);
        if let Some(d) = &mut c.connection.dbname {
            *d = crate::redact::conninfo(d).into_owned();
        }
        let settings = self.server.as_mut().and_then(|s| s.settings.as_mut());
        for (name, value) in settings.into_iter().flatten() {
            *value = crate::redact::setting(name, value).into_owned();
        }
    }
}

/// The first member (by name) that differs between two configurations.
pub(crate) fn first_difference(
    a: &model::Configuration,
    b: &model::Configuration,
) -> Option<String> {
    let (x, y) = (write::value(a), write::value(b));
    let (Some(x), Some(y)) = (x.as_object(), y.as_object()) else { return None };
    x.keys().chain(y.keys()).find(|k| x.get(*k) != y.get(*k)).cloned()
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
    /// Its value in a run's document (none: the run has none).
    pub(crate) value: fn(&RunDocument) -> Option<f64>,
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
    value: fn(&RunDocument) -> Option<f64>,
    better: Better,
    compared: bool,
    column: Option<(&'static str, usize)>,
) -> Metric {
    Metric { key, short, value, better, compared, column }
}

/// A latency percentile of a run's totals.
fn percentile(d: &RunDocument, key: &str) -> Option<f64> {
    d.totals.stats.latency_ms.percentiles.as_ref()?.get(key).copied().flatten()
}

/// The measures of a run, in the order the comparison and the sweep's
/// table print them.
pub(crate) const METRICS: &[Metric] = &[
    metric("tps", "tps", |d| d.totals.stats.tps, Better::Higher, true, Some(("tps", 3))),
    metric(
        "latency_ms.mean",
        "mean",
        |d| d.totals.stats.latency_ms.mean,
        Better::Lower,
        true,
        Some(("mean ms", 3)),
    ),
    metric(
        "latency_ms.p50",
        "p50",
        |d| percentile(d, "50"),
        Better::Lower,
        true,
        Some(("p50 ms", 3)),
    ),
    metric(
        "latency_ms.p95",
        "p95",
        |d| percentile(d, "95"),
        Better::Lower,
        true,
        Some(("p95 ms", 3)),
    ),
    metric(
        "latency_ms.p99",
        "p99",
        |d| percentile(d, "99"),
        Better::Lower,
        true,
        Some(("p99 ms", 3)),
    ),
    metric("failed_pct", "failed", |d| d.totals.stats.failed_pct, Better::Lower, true, None),
    #[allow(clippy::cast_precision_loss)]
    metric(
        "failed",
        "failed",
        |d| Some(d.totals.stats.failed as f64),
        Better::Lower,
        false,
        Some(("failed", 0)),
    ),
    metric(
        "lag_ms.mean",
        "lag",
        |d| d.totals.stats.lag_ms.as_ref().and_then(|l| l.mean),
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
pub(crate) struct RunDoc<'a>(pub(crate) &'a RunDocument);

impl RunDoc<'_> {
    /// `-c` of the run.
    pub(crate) fn clients(&self) -> i64 {
        self.0.configuration.clients
    }

    /// `-j` of the run.
    pub(crate) fn threads(&self) -> i64 {
        self.0.configuration.threads
    }

    /// The value of `m` (None when the run has none: no transactions, no
    /// `-R` for the lag).
    pub(crate) fn metric(&self, m: &Metric) -> Option<f64> {
        (m.value)(self.0)
    }

    /// Its seconds, in order.
    #[allow(clippy::cast_precision_loss)]
    pub(crate) fn seconds(&self) -> Vec<DocSecond> {
        let origin = self.0.progress.start_time;
        self.0
            .progress
            .intervals
            .iter()
            .map(|i| DocSecond {
                start_s: i.start_time - origin,
                transactions: i.stats.transactions as f64,
                p99_ms: i
                    .stats
                    .latency_ms
                    .percentiles
                    .as_ref()
                    .and_then(|p| p.get("99").copied().flatten()),
            })
            .collect()
    }

    /// From the series' origin to the run's end, s; and under `-T` its
    /// deadline, s after the origin.
    pub(crate) fn span(&self) -> (f64, Option<f64>) {
        let d = self.0;
        #[allow(clippy::cast_precision_loss)]
        let span = (d.end_time_us - d.progress.start_time_us) as f64 / 1e6;
        #[allow(clippy::cast_precision_loss)]
        (span, d.configuration.duration_s.map(|s| s as f64))
    }

    /// The busiest client thread's shares of its time, % (busy, and
    /// waiting for a CPU when measured); none where the client did not
    /// measure itself.
    pub(crate) fn client_shares(&self) -> Option<(f64, Option<f64>)> {
        let t = &self.0.client.as_ref()?.totals;
        Some((t.busy_pct?, t.waiting_pct))
    }

    /// Whether a client thread was saturated: the run measured the client.
    pub(crate) fn client_bound(&self) -> bool {
        self.0.client.as_ref().is_some_and(|c| c.verdict.client_bound)
    }

    /// Its latency percentiles: (percentile, ms), in increasing order.
    pub(crate) fn percentiles(&self) -> Vec<(f64, f64)> {
        let map = self.0.totals.stats.latency_ms.percentiles.iter().flatten();
        let mut out: Vec<(f64, f64)> =
            map.filter_map(|(q, v)| Some((q.parse::<f64>().ok()?, (*v)?))).collect();
        out.sort_by(|a, b| a.0.total_cmp(&b.0));
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use model::kept;
    use serde_json::json;

    #[test]
    fn documents_say_what_they_are() {
        let doc = json!({"format": "pgbench-rs report", "schema_version": 1});
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
        let doc: RunDocument = kept("run.json");
        let d = RunDoc(&doc);
        let value = |key: &str| d.metric(metric_of(key).unwrap());
        assert_eq!(value("tps"), doc.totals.stats.tps);
        assert_eq!(value("latency_ms.mean"), doc.totals.stats.latency_ms.mean);
        let pcts = doc.totals.stats.latency_ms.percentiles.clone().unwrap();
        assert_eq!(value("latency_ms.p99"), pcts["99"]);
        assert_eq!(value("latency_ms.p50"), pcts["50"]);
        assert_eq!(value("failed"), Some(0.0));
        assert_eq!(value("lag_ms.mean"), doc.totals.stats.lag_ms.as_ref().unwrap().mean);
        assert_eq!((d.clients(), d.threads()), (2, 2));
        let (span, deadline) = d.span();
        assert_eq!(deadline, Some(3.0));
        assert!((3.0..3.2).contains(&span), "{span}");
        let p = d.percentiles();
        assert_eq!(
            p.iter().map(|x| x.0).collect::<Vec<_>>(),
            [50.0, 90.0, 95.0, 99.0, 99.9, 99.99]
        );
        let seconds = d.seconds();
        assert_eq!(seconds.len(), doc.progress.intervals.len());
        assert_eq!(seconds[1].start_s, 1.0);
        assert_eq!(seconds[1].transactions, doc.progress.intervals[1].stats.transactions as f64);
        let sweep: model::PointsDocument = kept("points-a.json");
        let none = RunDoc(&sweep.points[0].runs[0]);
        assert_eq!(none.metric(metric_of("lag_ms.mean").unwrap()), None);
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
