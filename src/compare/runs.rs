//! The runs `--compare` reads: JSON reports of single runs and `points`
//! documents (`--repeat`, `--sweep-clients`), grouped by client count.
//! Every document read must be of the schema version this program
//! writes ([`crate::report::doc`]), as `--merge` requires.

use serde_json::Value;

use crate::error::Error;
use crate::report::doc::{self, Kind, RunDoc};

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

/// Why a file's runs cannot be read.
enum Unreadable {
    /// It is not a document of a run, `--repeat` or `--sweep-clients`.
    NotRuns,
    /// It (or a run in it) is of another schema version: the message.
    Version(String),
}

/// The runs of a run's report or a `points` document, as points.
fn points_of(file: &str, doc: Value) -> Result<Vec<Point>, Unreadable> {
    let version =
        |d: &Value| doc::version_problem(d, file).map_or(Ok(()), |m| Err(Unreadable::Version(m)));
    match Kind::of(&doc) {
        Some(Kind::Run) => {
            version(&doc)?;
            let clients = RunDoc(&doc).clients().ok_or(Unreadable::NotRuns)?;
            Ok(vec![Point { clients, runs: vec![Run { file: file.to_string(), doc }] }])
        }
        Some(Kind::Points) => {
            version(&doc)?;
            let mut out = Vec::new();
            let points = doc.get("points").and_then(Value::as_array).ok_or(Unreadable::NotRuns)?;
            for p in points {
                let clients =
                    p.get("clients").and_then(Value::as_i64).ok_or(Unreadable::NotRuns)?;
                let runs = p.get("runs").and_then(Value::as_array).ok_or(Unreadable::NotRuns)?;
                let mut list = Vec::with_capacity(runs.len());
                for r in runs {
                    if Kind::of(r) != Some(Kind::Run) {
                        return Err(Unreadable::NotRuns);
                    }
                    version(r)?;
                    list.push(Run { file: file.to_string(), doc: r.clone() });
                }
                out.push(Point { clients, runs: list });
            }
            Ok(out)
        }
        _ => Err(Unreadable::NotRuns),
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
        let parsed = serde_json::from_slice::<Value>(&text).map_err(|_| Unreadable::NotRuns);
        match parsed.and_then(|doc| points_of(file, doc)) {
            Ok(more) => join(&mut points, more),
            Err(Unreadable::NotRuns) => {
                return Err(Error::new(format!(
                    "file \"{file}\" is not a pgbench-rs JSON report (of a run, --repeat or --sweep-clients)"
                )));
            }
            Err(Unreadable::Version(message)) => return Err(Error::new(message)),
        }
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
        let mut doc = Value::Object(Kind::Run.header());
        doc["configuration"] = json!({"clients": clients});
        doc["totals"] = json!({"tps": tps});
        doc
    }

    fn points(list: Value) -> Value {
        let mut doc = Value::Object(Kind::Points.header());
        doc["points"] = list;
        doc
    }

    #[test]
    fn documents_become_points() {
        let single = points_of("a.json", run(4, 10.0)).ok().unwrap();
        assert_eq!((single.len(), single[0].clients, single[0].runs.len()), (1, 4, 1));
        let doc = points(json!([
            {"clients": 1, "runs": [run(1, 1.0), run(1, 2.0)]},
            {"clients": 4, "runs": [run(4, 3.0)]}]));
        let mut all = points_of("b.json", doc).ok().unwrap();
        join(&mut all, single);
        assert_eq!(all.len(), 2);
        assert_eq!(all[1].runs.len(), 2);
        assert_eq!(all[1].runs[1].file, "a.json");
        assert!(matches!(points_of("c.json", json!({"points": []})), Err(Unreadable::NotRuns)));
        let bad = points(json!([{"clients": 1, "runs": [{}]}]));
        assert!(matches!(points_of("c.json", bad), Err(Unreadable::NotRuns)));
    }

    #[test]
    fn another_schema_version_is_refused_as_merge_refuses_it() {
        let mut later = run(1, 1.0);
        later["schema_version"] = json!(2);
        let Err(Unreadable::Version(m)) = points_of("d.json", later.clone()) else { panic!() };
        assert_eq!(m, "\"d.json\" has schema version 2, this pgbench-rs reads version 1");
        let inside = points(json!([{"clients": 1, "runs": [later]}]));
        assert!(matches!(points_of("e.json", inside), Err(Unreadable::Version(_))));
    }
}
