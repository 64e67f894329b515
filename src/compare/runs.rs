//! The runs `--compare` reads: JSON reports of single runs and `points`
//! documents (`--repeat`, `--sweep-clients`), grouped by client count.
//! Every document read must be of the schema version this program
//! writes ([`crate::report::doc`]), as `--merge` requires.

use crate::error::Error;
use crate::report::doc::model::RunDocument;
use crate::report::doc::read::{ReadError, read};
use crate::report::doc::{Document, RunDoc};

/// One run's report and the file it came from.
#[derive(Debug, Clone)]
pub(crate) struct Run {
    /// The file named on the command line.
    pub(crate) file: String,
    /// The run's document.
    pub(crate) doc: RunDocument,
}

/// The runs of one client count.
#[derive(Debug, Clone)]
pub(crate) struct Point {
    /// `-c` of the runs.
    pub(crate) clients: i64,
    /// The runs, in the order read.
    pub(crate) runs: Vec<Run>,
}

/// The runs of a run's report or a `points` document, as points (None:
/// a comparison's document).
fn points_of(file: &str, doc: Document) -> Option<Vec<Point>> {
    let run = |doc: RunDocument| Run { file: file.to_string(), doc };
    match doc {
        Document::Run(doc) => {
            let clients = RunDoc(&doc).clients();
            Some(vec![Point { clients, runs: vec![run(*doc)] }])
        }
        Document::Points(doc) => Some(
            doc.points
                .into_iter()
                .map(|p| Point { clients: p.clients, runs: p.runs.into_iter().map(run).collect() })
                .collect(),
        ),
        Document::Comparison(_) => None,
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
/// count, in increasing order. Each document is checked whole, and what
/// it records of a connection string redacted again (a document of an
/// earlier pgbench-rs).
pub(crate) fn load(list: &str) -> Result<Vec<Point>, Error> {
    let mut points = Vec::new();
    for file in list.split(',') {
        let text = std::fs::read(file).map_err(|e| {
            Error::new(format!("could not read file \"{file}\": {}", crate::sys::os_error_text(&e)))
        })?;
        let not_runs = || {
            Error::new(format!(
                "file \"{file}\" is not a pgbench-rs JSON report (of a run, --repeat or --sweep-clients)"
            ))
        };
        let mut doc = match read(file, &text) {
            Ok(doc) => doc,
            Err(ReadError::NotJson(_) | ReadError::NotOurs) => return Err(not_runs()),
            Err(ReadError::Version(message)) => return Err(Error::new(message)),
            Err(ReadError::Bad(bad)) => return Err(Error::new(bad.in_file(file))),
        };
        doc.redact(crate::cli::record::recorded_again);
        join(&mut points, points_of(file, doc).ok_or_else(not_runs)?);
    }
    points.sort_by_key(|p| p.clients);
    if let Some(p) = points.iter().find(|p| p.runs.len() > MAX_RUNS) {
        return Err(Error::new(format!(
            "\"{list}\" has {} runs at {} clients: --compare takes at most {MAX_RUNS} a side at a client count",
            p.runs.len(),
            p.clients
        )));
    }
    Ok(points)
}

/// The most runs of one client count on a side: the confidence interval
/// takes the differences of every pair of runs (a million at most).
pub(crate) const MAX_RUNS: usize = 1000;

/// The files of a comma-separated list.
pub(crate) fn files(list: &str) -> Vec<String> {
    list.split(',').map(str::to_string).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::doc::model::{PointsDocument, kept};

    #[test]
    fn documents_become_points() {
        let run: RunDocument = kept("run.json");
        let single = points_of("a.json", Document::Run(Box::new(run))).unwrap();
        assert_eq!((single.len(), single[0].clients, single[0].runs.len()), (1, 2, 1));
        let sweep: PointsDocument = kept("points-a.json");
        let mut all = points_of("b.json", Document::Points(sweep)).unwrap();
        assert_eq!(
            all.iter().map(|p| (p.clients, p.runs.len())).collect::<Vec<_>>(),
            [(1, 2), (2, 2)]
        );
        join(&mut all, single);
        assert_eq!(all.len(), 2);
        assert_eq!(all[1].runs.len(), 3);
        assert_eq!(all[1].runs[2].file, "a.json");
        assert!(points_of("c.json", Document::Comparison(kept("comparison.json"))).is_none());
    }
}
