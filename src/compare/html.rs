//! `--report-html` of `--compare`: the comparison's text, then BASE's and
//! NEW's runs overlaid, point by point ([`crate::report::html::runs`]).

use super::runs::Point;
use crate::report::doc::model::RunDocument;

/// The documents of a point's runs.
fn docs(p: &Point) -> Vec<&RunDocument> {
    p.runs.iter().map(|r| &r.doc).collect()
}

/// The page.
pub(super) fn render(summary: &str, pairs: &[(&Point, &Point)]) -> String {
    let points: Vec<(i64, Vec<&RunDocument>, Vec<&RunDocument>)> =
        pairs.iter().map(|(b, n)| (b.clients, docs(b), docs(n))).collect();
    crate::report::html::runs::compare_page(summary, &points)
}
