//! The runs `--compare` reads: JSON reports of single runs and `points`
//! documents (`--repeat`, `--sweep-clients`), grouped by client count,
//! and the measures of a run that are compared ([`METRICS`]).

use serde_json::Value;

use crate::error::Error;

/// The `format` of a single run's report.
pub(crate) const RUN_FORMAT: &str = "pgbench-rs report";
/// The `format` of the document of several runs.
pub(crate) const POINTS_FORMAT: &str = "pgbench-rs points";

/// One run's report and the file it came from.
#[derive(Debug, Clone)]
pub(crate) struct Run {
    /// The file named on the command line.
    pub(crate) file: String,
    /// The run's document.
    pub(crate) doc: Value,
}

/// The runs of one client count.
#[derive(Debug, Clone)]
pub(crate) struct Point {
    /// `-c` of the runs.
    pub(crate) clients: i64,
    /// The runs, in the order read.
    pub(crate) runs: Vec<Run>,
}

/// Whether a larger value of a metric is better.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Better {
    /// More is better (tps).
    Higher,
    /// Less is better (latencies, failures, lag).
    Lower,
}

/// A measure of a run that is compared: its key in the comparison's
/// document, its short name (`--fail-if`), the path of its value in a
/// run's report, and which way is better.
#[derive(Debug)]
pub(crate) struct Metric {
    /// `tps`, `latency_ms.p99`, ...
    pub(crate) key: &'static str,
    /// `tps`, `p99`, ...
    pub(crate) short: &'static str,
    /// Where in the report: `/totals/tps`.
    pub(crate) pointer: &'static str,
    /// Which way is better.
    pub(crate) better: Better,
}

/// The measures compared, in the order printed.
pub(crate) const METRICS: &[Metric] = &[
    Metric { key: "tps", short: "tps", pointer: "/totals/tps", better: Better::Higher },
    Metric {
        key: "latency_ms.mean",
        short: "mean",
        pointer: "/totals/latency_ms/mean",
        better: Better::Lower,
    },
    Metric {
        key: "latency_ms.p50",
        short: "p50",
        pointer: "/totals/latency_ms/percentiles/50",
        better: Better::Lower,
    },
    Metric {
        key: "latency_ms.p95",
        short: "p95",
        pointer: "/totals/latency_ms/percentiles/95",
        better: Better::Lower,
    },
    Metric {
        key: "latency_ms.p99",
        short: "p99",
        pointer: "/totals/latency_ms/percentiles/99",
        better: Better::Lower,
    },
    Metric {
        key: "failed_pct",
        short: "failed",
        pointer: "/totals/failed_pct",
        better: Better::Lower,
    },
    Metric {
        key: "lag_ms.mean",
        short: "lag",
        pointer: "/totals/lag_ms/mean",
        better: Better::Lower,
    },
];

impl Metric {
    /// The metric's value in a run's report (None when the run has none:
    /// no transactions, no `-R` for the lag).
    pub(crate) fn of(&self, doc: &Value) -> Option<f64> {
        doc.pointer(self.pointer).and_then(Value::as_f64)
    }
}

/// The runs of a run's report or a `points` document, as points.
fn points_of(file: &str, doc: Value) -> Option<Vec<Point>> {
    match doc.get("format").and_then(Value::as_str) {
        Some(RUN_FORMAT) => {
            let clients = doc.pointer("/configuration/clients").and_then(Value::as_i64)?;
            Some(vec![Point { clients, runs: vec![Run { file: file.to_string(), doc }] }])
        }
        Some(POINTS_FORMAT) => {
            let mut out = Vec::new();
            for p in doc.get("points")?.as_array()? {
                let clients = p.get("clients").and_then(Value::as_i64)?;
                let runs = p.get("runs")?.as_array()?;
                let runs = runs.iter().map(|r| Run { file: file.to_string(), doc: r.clone() });
                let runs: Vec<Run> = runs.collect();
                if runs
                    .iter()
                    .any(|r| r.doc.get("format").and_then(Value::as_str) != Some(RUN_FORMAT))
                {
                    return None;
                }
                out.push(Point { clients, runs });
            }
            Some(out)
        }
        _ => None,
    }
}

/// Adds `more` to `points`, joining the runs of a client count.
fn join(points: &mut Vec<Point>, more: Vec<Point>) {
    for p in more {
        match points.iter_mut().find(|q| q.clients == p.clients) {
            Some(q) => q.runs.extend(p.runs),
            None => points.push(p),
        }
    }
}

/// Reads a comma-separated list of report files: their runs by client
/// count, in increasing order.
pub(crate) fn load(list: &str) -> Result<Vec<Point>, Error> {
    let mut points = Vec::new();
    for file in list.split(',') {
        let text = std::fs::read(file).map_err(|e| {
            Error::new(format!("could not read file \"{file}\": {}", crate::sys::os_error_text(&e)))
        })?;
        let parsed = serde_json::from_slice::<Value>(&text).ok();
        let Some(more) = parsed.and_then(|doc| points_of(file, doc)) else {
            return Err(Error::new(format!(
                "file \"{file}\" is not a pgbench-rs JSON report (of a run, --repeat or --sweep-clients)"
            )));
        };
        join(&mut points, more);
    }
    points.sort_by_key(|p| p.clients);
    Ok(points)
}

/// The files of a comma-separated list.
pub(crate) fn files(list: &str) -> Vec<String> {
    list.split(',').map(str::to_string).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn run(clients: i64, tps: f64) -> Value {
        json!({"format": RUN_FORMAT, "configuration": {"clients": clients},
               "totals": {"tps": tps, "latency_ms": {"mean": 1.5, "percentiles": {"99": 3.0}},
                          "failed_pct": 0.0, "lag_ms": null}})
    }

    #[test]
    fn documents_become_points() {
        let single = points_of("a.json", run(4, 10.0)).unwrap();
        assert_eq!((single.len(), single[0].clients, single[0].runs.len()), (1, 4, 1));
        let doc = json!({"format": POINTS_FORMAT, "points": [
            {"clients": 1, "runs": [run(1, 1.0), run(1, 2.0)]},
            {"clients": 4, "runs": [run(4, 3.0)]}]});
        let mut points = points_of("b.json", doc).unwrap();
        join(&mut points, single);
        assert_eq!(points.len(), 2);
        assert_eq!(points[1].runs.len(), 2);
        assert_eq!(points[1].runs[1].file, "a.json");
        assert!(points_of("c.json", json!({"points": []})).is_none());
        assert!(
            points_of(
                "c.json",
                json!({"format": POINTS_FORMAT, "points": [{"clients": 1, "runs": [{}]}]})
            )
            .is_none()
        );
    }

    #[test]
    fn metric_values() {
        let doc = run(1, 12.5);
        let value = |key: &str| METRICS.iter().find(|m| m.key == key).unwrap().of(&doc);
        assert_eq!(value("tps"), Some(12.5));
        assert_eq!(value("latency_ms.mean"), Some(1.5));
        assert_eq!(value("latency_ms.p99"), Some(3.0));
        assert_eq!(value("latency_ms.p50"), None);
        assert_eq!(value("failed_pct"), Some(0.0));
        assert_eq!(value("lag_ms.mean"), None);
    }
}
