//! `--report-html` of `--compare`: the comparison's text, then BASE's and
//! NEW's runs overlaid, point by point ([`crate::report::html::runs`]).

use serde_json::Value;

use super::runs::Point;

/// The documents of a point's runs.
fn docs(p: &Point) -> Vec<&Value> {
    p.runs.iter().map(|r| &r.doc).collect()
}

/// The page.
pub(super) fn render(summary: &str, pairs: &[(&Point, &Point)]) -> String {
    let points: Vec<(i64, Vec<&Value>, Vec<&Value>)> =
        pairs.iter().map(|(b, n)| (b.clients, docs(b), docs(n))).collect();
    crate::report::html::runs::compare_page(summary, &points)
}
