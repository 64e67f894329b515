//! The charts of the HTML report, drawn as SVG by [`super::svg`]: lines over
//! the run's seconds (on a linear or a logarithmic axis), the latency
//! histogram on logarithmic buckets, and percentile curves on the
//! `1/(1 - q)` axis HdrHistogram's plots use. Colours come from
//! [`palette`], so a series has the same colour in every chart, and their
//! lightness falls steadily, so that they stay apart printed in grey.

pub(super) use super::svg::RGBColor;
use super::svg::{self, Axis, Mark, Scale, Series};

/// Width and height of every chart, px.
pub(super) const SIZE: (u32, u32) = (960, 380);

/// One line of a chart.
#[derive(Debug, Clone)]
pub(super) struct Line {
    /// Its name in the legend.
    pub(super) label: String,
    /// Its colour ([`palette`]).
    pub(super) color: RGBColor,
    /// Stroke width, px.
    pub(super) width: u32,
    /// (x, y) points.
    pub(super) points: Vec<(f64, f64)>,
}

/// `n` colours from dark to light (viridis, without its lightest fifth,
/// which is hard to see on white).
pub(super) fn palette(n: usize) -> Vec<RGBColor> {
    const STOPS: [(f64, f64, f64); 5] = [
        (68.0, 1.0, 84.0),
        (59.0, 82.0, 139.0),
        (33.0, 145.0, 140.0),
        (94.0, 201.0, 98.0),
        (253.0, 231.0, 37.0),
    ];
    (0..n)
        .map(|i| {
            let t = if n <= 1 { 0.0 } else { 0.8 * i as f64 / (n - 1) as f64 };
            let pos = t * 4.0;
            #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
            let k = (pos.floor() as usize).min(3);
            let f = pos - k as f64;
            let (a, b) = (STOPS[k], STOPS[k + 1]);
            #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
            let c = |x: f64, y: f64| (x + (y - x) * f).round() as u8;
            RGBColor(c(a.0, b.0), c(a.1, b.1), c(a.2, b.2))
        })
        .collect()
}

/// The colour of the mean (and of "all" where series are compared).
pub(super) const MEAN: RGBColor = RGBColor(0, 0, 0);
/// The colour of failures.
pub(super) const FAILED: RGBColor = RGBColor(178, 24, 43);

/// Lines on `x` × `y` (either axis may be logarithmic) with a legend.
pub(super) fn lines_on(title: &str, x: &Axis<'_>, y: &Axis<'_>, lines: &[Line]) -> String {
    let series: Vec<Series> = lines.iter().map(line_series).collect();
    svg::chart(SIZE, title, x, y, &series)
}

/// A line as a series of a chart.
fn line_series(l: &Line) -> Series {
    Series {
        label: l.label.clone(),
        color: l.color,
        mark: Mark::Line { width: l.width, points: l.points.clone() },
    }
}

/// [`over_time`] with `behind` (bands of the run's time) drawn first.
pub(super) fn over_time_with(title: &str, y_desc: &str, lines: &[Line], behind: Series) -> String {
    let (_, x_hi) = extent(lines, |p| p.0);
    let (_, y_hi) = extent(lines, |p| p.1);
    let mut series = vec![behind];
    series.extend(lines.iter().map(line_series));
    let x = axis(0.0, x_hi.max(1.0), Scale::Linear, "time since the start (s)");
    svg::chart(SIZE, title, &x, &axis(0.0, (y_hi * 1.08).max(1.0), Scale::Linear, y_desc), &series)
}

/// A linear or logarithmic axis over `lo..hi`, its ticks labelled with
/// their values.
fn axis(lo: f64, hi: f64, scale: Scale, desc: &str) -> Axis<'_> {
    Axis { lo, hi, scale, desc, label: None, at: None }
}

fn extent(lines: &[Line], pick: impl Fn(&(f64, f64)) -> f64) -> (f64, f64) {
    let mut lo = f64::INFINITY;
    let mut hi = f64::NEG_INFINITY;
    for p in lines.iter().flat_map(|l| &l.points) {
        let v = pick(p);
        if v.is_finite() {
            lo = lo.min(v);
            hi = hi.max(v);
        }
    }
    if lo > hi { (0.0, 1.0) } else { (lo, hi) }
}

/// Lines over the seconds of the run: x is seconds, y linear from 0.
pub(super) fn over_time(title: &str, y_desc: &str, lines: &[Line]) -> String {
    let (_, x_hi) = extent(lines, |p| p.0);
    let (_, y_hi) = extent(lines, |p| p.1);
    lines_on(
        title,
        &axis(0.0, x_hi.max(1.0), Scale::Linear, "time since the start (s)"),
        &axis(0.0, (y_hi * 1.08).max(1.0), Scale::Linear, y_desc),
        lines,
    )
}

/// Lines over the seconds of the run on a logarithmic y axis (latencies:
/// the tail stays readable next to the median). Points at 0 are left out.
pub(super) fn over_time_log(title: &str, y_desc: &str, lines: &[Line]) -> String {
    let positive: Vec<Line> = lines
        .iter()
        .map(|l| Line {
            points: l.points.iter().copied().filter(|p| p.1 > 0.0).collect(),
            ..l.clone()
        })
        .collect();
    let (_, x_hi) = extent(&positive, |p| p.0);
    let (lo, hi) = extent(&positive, |p| p.1);
    let (y_lo, y_hi) = ((lo / 1.5).max(1e-4), (hi * 1.5).max(lo * 2.0).max(1e-3));
    lines_on(
        title,
        &axis(0.0, x_hi.max(1.0), Scale::Linear, "time since the start (s)"),
        &axis(y_lo, y_hi, Scale::Log, y_desc),
        &positive,
    )
}

/// The x of a quantile `q` (0..1) on the percentile axis: `1 / (1 - q)`.
pub(super) fn quantile_x(q: f64) -> f64 {
    1.0 / (1.0 - q).max(1e-9)
}

/// The label of a percentile-axis value: 1 → 0%, 10 → 90%, 100 → 99%...
fn quantile_label(x: &f64) -> String {
    let pct = 100.0 * (1.0 - 1.0 / x.max(1.0));
    let text = format!("{pct:.4}");
    let text = text.trim_end_matches('0').trim_end_matches('.');
    format!("{text}%")
}

/// Percentile curves: x is `1 / (1 - q)` on a logarithmic axis labelled in
/// percent, y the latency in ms.
pub(super) fn percentile_curves(title: &str, lines: &[Line]) -> String {
    let (_, x_hi) = extent(lines, |p| p.0);
    let (_, y_hi) = extent(lines, |p| p.1);
    let x = Axis {
        lo: 1.0,
        hi: x_hi.max(10.0),
        scale: Scale::Log,
        desc: "percentile",
        label: Some(&quantile_label),
        at: None,
    };
    lines_on(title, &x, &axis(0.0, (y_hi * 1.08).max(0.001), Scale::Linear, "latency (ms)"), lines)
}

/// The latency histogram: HdrHistogram's buckets `(highest value µs,
/// count)` gathered into ten logarithmic bins a decade, as bars on a
/// logarithmic ms axis.
pub(super) fn histogram(title: &str, buckets: &[(u64, u64)]) -> String {
    let mut bins: std::collections::BTreeMap<i64, u64> = std::collections::BTreeMap::new();
    for &(v, n) in buckets {
        #[allow(clippy::cast_possible_truncation)]
        let bin = ((v.max(1) as f64).log10() * 10.0).floor() as i64;
        *bins.entry(bin).or_insert(0) += n;
    }
    let edge = |b: i64| 10f64.powf(b as f64 / 10.0) / 1000.0;
    let (lo, hi) = match (bins.keys().next(), bins.keys().next_back()) {
        (Some(&a), Some(&b)) => (edge(a), edge(b + 1)),
        _ => (0.001, 1.0),
    };
    let top = bins.values().copied().max().unwrap_or(1) as f64 * 1.08;
    let color = palette(3)[1];
    let bars = bins.iter().map(|(&b, &n)| (edge(b), edge(b + 1), n as f64)).collect();
    let bars = Series { label: "transactions in the bin".into(), color, mark: Mark::Bars(bars) };
    svg::chart(
        SIZE,
        title,
        &axis(lo, hi, Scale::Log, "latency (ms, logarithmic bins)"),
        &axis(0.0, top.max(1.0), Scale::Linear, "transactions"),
        &[bars],
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn palette_darkest_first_and_labels_in_percent() {
        let p = palette(5);
        let luma =
            |c: &RGBColor| 0.299 * f64::from(c.0) + 0.587 * f64::from(c.1) + 0.114 * f64::from(c.2);
        assert!(p.windows(2).all(|w| luma(&w[0]) < luma(&w[1])), "{p:?}");
        assert_eq!(quantile_label(&1.0), "0%");
        assert_eq!(quantile_label(&10.0), "90%");
        assert_eq!(quantile_label(&1000.0), "99.9%");
        assert_eq!(quantile_label(&quantile_x(0.9999)), "99.99%");
    }

    #[test]
    fn charts_are_svg_without_a_namespace_uri() {
        let l = Line {
            label: "tps".into(),
            color: MEAN,
            width: 2,
            points: vec![(1.0, 10.0), (2.0, 12.0)],
        };
        for s in [
            over_time("t", "y", std::slice::from_ref(&l)),
            over_time_log("t", "y", std::slice::from_ref(&l)),
            percentile_curves("t", std::slice::from_ref(&l)),
            histogram("t", &[(100, 3), (250, 5), (4000, 1)]),
        ] {
            assert!(s.starts_with("<svg"), "{}", &s[..s.len().min(80)]);
            assert!(!s.contains("http"), "a URI in the chart");
        }
    }
}
