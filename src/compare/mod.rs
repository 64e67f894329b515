//! `--compare BASE NEW`: are NEW's runs better or worse than BASE's? Per
//! client count and per metric ([`crate::report::doc::METRICS`]) the medians, the
//! change, its 95% confidence interval and the two-sided Mann-Whitney U
//! p-value ([`crate::stats::mannwhitney`]); a change is significant only at p < 0.05
//! (benchstat's rule). Unlike runs are refused ([`check`]) unless
//! `--force`; `--fail-if` ([`gate`]) turns significant changes into exit
//! status 3.

pub(crate) mod check;
pub(crate) mod gate;
mod html;
pub(crate) mod runs;

use std::collections::BTreeMap;

use crate::config::CompareConfig;
use crate::error::Error;
use crate::log;
use crate::report::doc::model::{
    ClientBoundDoc, ComparisonDocument, ComparisonPoint, MetricChange, SideDoc,
};
use crate::report::doc::{Better, Document, Kind, Metric, RunDoc, SCHEMA_VERSION, compared};
use crate::report::files::Written;
use crate::stats::mannwhitney as stats;
use runs::Point;

impl CompareConfig {
    /// Every file read.
    pub(crate) fn inputs(&self) -> Vec<String> {
        let mut all = runs::files(&self.base);
        all.extend(runs::files(&self.new));
        all
    }
}

/// How a comparison went.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Verdict {
    /// No `--fail-if` condition failed.
    Passed,
    /// One did (exit status 3).
    GateFailed,
}

/// One side of a metric: its values, their median.
#[derive(Debug, Clone)]
pub(crate) struct Side {
    /// The runs' values.
    pub(crate) values: Vec<f64>,
    /// Their median.
    pub(crate) median: f64,
}

/// The comparison of one metric.
#[derive(Debug, Clone)]
pub(crate) struct Change {
    /// The metric.
    pub(crate) metric: &'static Metric,
    /// BASE's values.
    pub(crate) base: Side,
    /// NEW's values.
    pub(crate) new: Side,
    /// `100 * (new median / base median - 1)`; None when the base's
    /// median is 0.
    pub(crate) change_pct: Option<f64>,
    /// The 95% interval of the shift, in percent of the base's median.
    pub(crate) ci_pct: Option<(f64, f64)>,
    /// The Mann-Whitney test.
    pub(crate) test: stats::MannWhitney,
    /// Too few runs for any change to be significant.
    pub(crate) too_few: bool,
    /// p < 0.05 and enough runs.
    pub(crate) significant: bool,
}

/// The comparison of one metric's values, None when a side has none.
pub(crate) fn change(metric: &'static Metric, base: Vec<f64>, new: Vec<f64>) -> Option<Change> {
    let test = stats::mann_whitney(&base, &new)?;
    let (mb, mn) = (stats::median(&base)?, stats::median(&new)?);
    let (_, lo, hi) = stats::shift_interval(&base, &new)?;
    let pct = |v: f64| (mb != 0.0).then(|| 100.0 * v / mb);
    let too_few = stats::too_few(base.len(), new.len());
    Some(Change {
        metric,
        change_pct: pct(mn - mb),
        ci_pct: pct(lo).zip(pct(hi)),
        significant: !too_few && test.p_value < stats::ALPHA,
        test,
        too_few,
        base: Side { values: base, median: mb },
        new: Side { values: new, median: mn },
    })
}

/// The comparison of one client count.
#[derive(Debug)]
pub(crate) struct PointChange {
    /// The client count.
    pub(crate) clients: i64,
    /// The threads of its runs (of BASE's first).
    pub(crate) threads: i64,
    /// Each metric both sides have.
    pub(crate) changes: Vec<Change>,
    /// The runs of each side (BASE, NEW) in which a client thread was
    /// saturated: the client, not the server, set their results.
    pub(crate) client_bound: (usize, usize),
}

/// The comparison of a point's runs.
fn compare_point(base: &Point, new: &Point) -> PointChange {
    let values = |p: &Point, m: &Metric| -> Vec<f64> {
        p.runs.iter().filter_map(|r| RunDoc(&r.doc).metric(m)).collect()
    };
    let changes = compared().filter_map(|m| change(m, values(base, m), values(new, m))).collect();
    let threads = base.runs.first().map(|r| RunDoc(&r.doc).threads());
    let bound = |p: &Point| p.runs.iter().filter(|r| RunDoc(&r.doc).client_bound()).count();
    PointChange {
        clients: base.clients,
        threads: threads.unwrap_or(0),
        changes,
        client_bound: (bound(base), bound(new)),
    }
}

/// The points of BASE and NEW that are compared, refused when they
/// differ (but under `--force`: the differences are then warnings).
fn pair_points<'a>(
    base: &'a [Point],
    new: &'a [Point],
    cfg: &CompareConfig,
) -> Result<Vec<(&'a Point, &'a Point)>, Error> {
    let mut problems = Vec::new();
    let only = |a: &[Point], b: &[Point]| -> Vec<String> {
        a.iter()
            .filter(|p| !b.iter().any(|q| q.clients == p.clients))
            .map(|p| p.clients.to_string())
            .collect()
    };
    let (only_base, only_new) = (only(base, new), only(new, base));
    if base.len() == 1 && new.len() == 1 {
        // Single points of different client counts: -c differs.
    } else {
        if !only_base.is_empty() {
            problems.push(format!("the client counts: {} only in BASE", only_base.join(",")));
        }
        if !only_new.is_empty() {
            problems.push(format!("the client counts: {} only in NEW", only_new.join(",")));
        }
    }
    let pairs: Vec<(&Point, &Point)> = if base.len() == 1 && new.len() == 1 {
        vec![(&base[0], &new[0])]
    } else {
        base.iter()
            .filter_map(|b| Some((b, new.iter().find(|n| n.clients == b.clients)?)))
            .collect()
    };
    for (b, n) in &pairs {
        if let Some(first) = b.runs.first() {
            problems.extend(check::differences(first, b.runs.iter().chain(&n.runs).skip(1)));
        }
    }
    if problems.is_empty() {
        return Ok(pairs);
    }
    if !cfg.force {
        let mut e = Error::new(format!("cannot compare runs that differ in {}", problems[0]));
        for p in &problems[1..] {
            e = e.and_error(format!("cannot compare runs that differ in {p}"));
        }
        return Err(e.hint("Use --force to compare them anyway."));
    }
    for p in &problems {
        log::warning!("comparing runs that differ in {p}");
    }
    if pairs.is_empty() {
        return Err(Error::new("BASE and NEW have no client count in common"));
    }
    Ok(pairs)
}

/// A percentage with its sign, to 2 decimals.
fn signed_pct(v: f64) -> String {
    format!("{v:+.2}%")
}

/// A median as the text shows it: tps to 3 decimals, the others to 3.
fn value_text(v: f64) -> String {
    format!("{v:.3}")
}

/// The text of the comparison.
fn text(points: &[PointChange], base_files: &str, new_files: &str) -> String {
    use std::fmt::Write as _;
    let mut out = String::new();
    let _ = writeln!(out, "base: {base_files}");
    let _ = writeln!(out, "new: {new_files}");
    let mut too_few = None;
    for p in points {
        let n = p.changes.first().map_or((0, 0), |c| (c.base.values.len(), c.new.values.len()));
        let _ = writeln!(
            out,
            "\nclients: {}, threads: {}, runs: {} base, {} new",
            p.clients, p.threads, n.0, n.1
        );
        if p.client_bound != (0, 0) {
            let _ = writeln!(
                out,
                "runs the client set (a client thread saturated): {} of {} base, {} of {} new",
                p.client_bound.0, n.0, p.client_bound.1, n.1
            );
        }
        let _ = writeln!(
            out,
            "{:<16} {:>14} {:>14} {:>9} {:>22}  p-value",
            "metric", "base median", "new median", "change", "95% CI of the change"
        );
        for c in &p.changes {
            let change = match c.change_pct {
                Some(v) if c.significant => signed_pct(v),
                _ => "~".to_string(),
            };
            let ci = c.ci_pct.map_or("-".to_string(), |(l, h)| {
                format!("[{}, {}]", signed_pct(l), signed_pct(h))
            });
            let _ = writeln!(
                out,
                "{:<16} {:>14} {:>14} {:>9} {:>22}  p={:.3} n={}+{}",
                c.metric.key,
                value_text(c.base.median),
                value_text(c.new.median),
                change,
                ci,
                c.test.p_value,
                c.base.values.len(),
                c.new.values.len()
            );
            if c.too_few {
                too_few = Some((c.base.values.len(), c.new.values.len()));
            }
        }
    }
    if let Some((a, b)) = too_few {
        let need = (1..).find(|&k| !stats::too_few(k, k)).unwrap_or(4);
        let _ = writeln!(
            out,
            "\ntoo few runs ({a}+{b}): no change can be significant at p < 0.05; {need} or more runs on each side are needed"
        );
    }
    out
}

/// The comparison's document (`--report-json`).
fn document(points: &[PointChange], cfg: &CompareConfig, forced: bool) -> Document {
    let side = |s: &Side| SideDoc {
        median: s.median,
        n: crate::invariant::fits(s.values.len(), "invariant: at most 1000 runs a side"),
        values: s.values.clone(),
    };
    let metrics = |p: &PointChange| -> BTreeMap<String, MetricChange> {
        p.changes
            .iter()
            .map(|c| {
                let change = MetricChange {
                    base: side(&c.base),
                    new: side(&c.new),
                    change_pct: c.change_pct,
                    ci_pct: c.ci_pct.map(|(l, h)| [l, h]),
                    p_value: c.test.p_value,
                    method: match c.test.method {
                        stats::Method::Exact => "exact",
                        stats::Method::Asymptotic => "asymptotic",
                    }
                    .into(),
                    significant: c.significant,
                    too_few: c.too_few,
                    better: match c.metric.better {
                        Better::Higher => "higher",
                        Better::Lower => "lower",
                    }
                    .into(),
                };
                (c.metric.key.to_string(), change)
            })
            .collect()
    };
    Document::Comparison(ComparisonDocument {
        format: Kind::Comparison.format().into(),
        schema_version: SCHEMA_VERSION,
        base: runs::files(&cfg.base),
        new: runs::files(&cfg.new),
        forced,
        alpha: stats::ALPHA,
        points: points
            .iter()
            .map(|p| ComparisonPoint {
                clients: p.clients,
                threads: p.threads,
                metrics: metrics(p),
                client_bound: (p.client_bound != (0, 0)).then(|| ClientBoundDoc {
                    base: crate::invariant::fits(
                        p.client_bound.0,
                        "invariant: at most 1000 runs a side",
                    ),
                    new: crate::invariant::fits(
                        p.client_bound.1,
                        "invariant: at most 1000 runs a side",
                    ),
                }),
            })
            .collect(),
        metrics: if let [only] = points { Some(metrics(only)) } else { None },
    })
}

/// The `--fail-if` conditions that failed, as messages.
fn gate_failures(points: &[PointChange], conditions: &[gate::Condition]) -> Vec<String> {
    let mut out = Vec::new();
    for p in points {
        for cond in conditions {
            let Some(c) = p.changes.iter().find(|c| c.metric.key == cond.key) else { continue };
            let Some(pct) = c.change_pct.filter(|&v| c.significant && cond.broken_by(v)) else {
                continue;
            };
            out.push(format!(
                "--fail-if {}: {} changed by {} (p={:.3}) at {} clients",
                cond.text,
                c.metric.key,
                signed_pct(pct),
                c.test.p_value,
                p.clients
            ));
        }
    }
    out
}

/// Runs `--compare`: its verdict, and whether its report files were
/// written.
pub(crate) fn run(cfg: &CompareConfig) -> Result<(Verdict, Written), Error> {
    let base = runs::load(&cfg.base)?;
    let new = runs::load(&cfg.new)?;
    let pairs = pair_points(&base, &new, cfg)?;
    let forced = cfg.force
        && pairs.iter().any(|(b, n)| {
            b.runs.first().is_some_and(|f| {
                !check::differences(f, b.runs.iter().chain(&n.runs).skip(1)).is_empty()
            })
        });
    let points: Vec<PointChange> = pairs.iter().map(|(b, n)| compare_point(b, n)).collect();
    for p in &points {
        let n = p.changes.first().map_or((0, 0), |c| (c.base.values.len(), c.new.values.len()));
        for (side, bound, all) in [("BASE", p.client_bound.0, n.0), ("NEW", p.client_bound.1, n.1)]
        {
            if bound > 0 {
                let clients = if p.clients == 1 {
                    "1 client".into()
                } else {
                    format!("{} clients", p.clients)
                };
                log::warning!(
                    "{side}: in {bound} of its {all} runs with {clients} the client, not the server, set the result (a client thread was saturated)"
                );
            }
        }
    }
    let summary = text(&points, &cfg.base, &cfg.new);
    crate::report::write_stdout(&summary);
    let mut written =
        crate::report::save_document(&cfg.reports, || document(&points, cfg, forced), None);
    if let Some(path) = cfg.reports.html.as_deref() {
        let page = html::render(&summary, &pairs);
        written = written.and(crate::report::files::save_bytes(path, page.as_bytes()));
    }
    let failures = gate_failures(&points, &cfg.fail_if);
    for f in &failures {
        log::error!("{f}");
    }
    Ok((if failures.is_empty() { Verdict::Passed } else { Verdict::GateFailed }, written))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::doc::metric_of;

    fn tps() -> &'static Metric {
        metric_of("tps").unwrap()
    }

    #[test]
    fn verdicts() {
        // 5+5, every new value above every base value: p = 2/252.
        let c = change(
            tps(),
            vec![100.0, 101.0, 102.0, 103.0, 104.0],
            vec![110.0, 111.0, 112.0, 113.0, 114.0],
        )
        .unwrap();
        assert!(c.significant && !c.too_few);
        assert!((c.change_pct.unwrap() - 100.0 * (112.0 / 102.0 - 1.0)).abs() < 1e-12);
        let (lo, hi) = c.ci_pct.unwrap();
        assert!(
            (lo - 100.0 * 7.0 / 102.0).abs() < 1e-12 && (hi - 100.0 * 13.0 / 102.0).abs() < 1e-12
        );
        // Interleaved: not significant.
        let c = change(
            tps(),
            vec![100.0, 102.0, 104.0, 106.0, 108.0],
            vec![101.0, 103.0, 105.0, 107.0, 109.0],
        )
        .unwrap();
        assert!(!c.significant);
        // 3+3 can never be significant, however far apart.
        let c = change(tps(), vec![1.0, 2.0, 3.0], vec![100.0, 200.0, 300.0]).unwrap();
        assert!(c.too_few && !c.significant);
        assert!((c.test.p_value - 0.1).abs() < 1e-12);
        // A base median of 0 has no change in percent.
        let c = change(
            metric_of("failed_pct").unwrap(),
            vec![0.0, 0.0, 0.0, 0.0],
            vec![1.0, 2.0, 1.0, 3.0],
        )
        .unwrap();
        assert_eq!((c.change_pct, c.ci_pct), (None, None));
        assert!(change(tps(), vec![], vec![1.0]).is_none());
    }

    #[test]
    fn the_text_shows_significant_changes_only() {
        let up = change(
            tps(),
            vec![100.0, 101.0, 102.0, 103.0, 104.0],
            vec![110.0, 111.0, 112.0, 113.0, 114.0],
        )
        .unwrap();
        let flat = change(
            metric_of("latency_ms.p99").unwrap(),
            vec![2.0, 3.0, 4.0, 5.0, 6.0],
            vec![2.5, 3.5, 4.5, 5.5, 6.5],
        )
        .unwrap();
        let p =
            PointChange { clients: 8, threads: 2, changes: vec![up, flat], client_bound: (0, 0) };
        assert_eq!(
            text(&[p], "a.json", "b.json"),
            "base: a.json\nnew: b.json\n\n\
             clients: 8, threads: 2, runs: 5 base, 5 new\n\
             metric              base median     new median    change   95% CI of the change  p-value\n\
             tps                     102.000        112.000    +9.80%      [+6.86%, +12.75%]  p=0.008 n=5+5\n\
             latency_ms.p99            4.000          4.500         ~     [-62.50%, +87.50%]  p=0.690 n=5+5\n"
        );
        let few = change(tps(), vec![1.0, 2.0], vec![3.0, 4.0]).unwrap();
        let p = PointChange { clients: 1, threads: 1, changes: vec![few], client_bound: (0, 2) };
        let t = text(&[p], "a", "b");
        assert!(
            t.contains(
                "\nruns the client set (a client thread saturated): 0 of 2 base, 2 of 2 new\n"
            ),
            "{t}"
        );
        assert!(t.ends_with(
            "\ntoo few runs (2+2): no change can be significant at p < 0.05; 4 or more runs on each side are needed\n"
        ));
    }

    #[test]
    fn gates_count_significant_changes_only() {
        let conds =
            [gate::Condition { text: "tps<-5%".into(), key: "tps", below: true, limit_pct: -5.0 }];
        let drop = change(
            tps(),
            vec![100.0, 101.0, 102.0, 103.0, 104.0],
            vec![90.0, 91.0, 92.0, 93.0, 94.0],
        )
        .unwrap();
        let point = |c: Change| PointChange {
            clients: 4,
            threads: 2,
            changes: vec![c],
            client_bound: (0, 0),
        };
        assert_eq!(
            gate_failures(&[point(drop)], &conds),
            ["--fail-if tps<-5%: tps changed by -9.80% (p=0.008) at 4 clients"]
        );
        let noisy = change(tps(), vec![100.0, 80.0, 102.0], vec![90.0, 70.0, 92.0]).unwrap();
        assert!(gate_failures(&[point(noisy)], &conds).is_empty());
    }
}
