//! The charts of the HTML report, drawn as SVG with plotters: lines over
//! the run's seconds (on a linear or a logarithmic axis), the latency
//! histogram on logarithmic buckets, and percentile curves on the
//! `1/(1 - q)` axis HdrHistogram's plots use. Colours come from
//! [`palette`], so a series has the same colour in every chart, and their
//! lightness falls steadily, so that they stay apart printed in grey.

use std::ops::Range;

use plotters::coord::ranged1d::{AsRangedCoord, ValueFormatter};
use plotters::prelude::*;

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
            #[allow(clippy::cast_precision_loss)]
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

type Svg<'a> = DrawingArea<SVGBackend<'a>, plotters::coord::Shift>;

/// An SVG drawn by `draw` on a white chart area, without the namespace
/// URI (the HTML parser gives inline SVG its namespace), or a short error
/// text if plotters failed.
fn svg(draw: impl FnOnce(&Svg<'_>) -> Result<(), String>) -> String {
    let mut out = String::new();
    let drawn = {
        let root = SVGBackend::with_string(&mut out, SIZE).into_drawing_area();
        root.fill(&WHITE)
            .map_err(|e| e.to_string())
            .and_then(|()| draw(&root))
            .and_then(|()| root.present().map_err(|e| e.to_string()))
    };
    match drawn {
        Ok(()) => out.replacen(" xmlns=\"http://www.w3.org/2000/svg\"", "", 1),
        Err(e) => {
            format!("<p class=\"error\">This chart could not be drawn: {}</p>", super::escape(&e))
        }
    }
}

/// Lines on `x` × `y` (either axis may be logarithmic) with a legend.
fn lines_on<X, Y>(
    root: &Svg<'_>,
    title: &str,
    (x, x_desc): (X, &str),
    (y, y_desc): (Y, &str),
    lines: &[Line],
    x_fmt: Option<&dyn Fn(&f64) -> String>,
) -> Result<(), String>
where
    X: AsRangedCoord<Value = f64>,
    X::CoordDescType: ValueFormatter<f64>,
    Y: AsRangedCoord<Value = f64>,
    Y::CoordDescType: ValueFormatter<f64>,
{
    let mut chart = ChartBuilder::on(root)
        .caption(title, ("sans-serif", 20))
        .margin(12)
        .x_label_area_size(44)
        .y_label_area_size(72)
        .build_cartesian_2d(x, y)
        .map_err(|e| e.to_string())?;
    let mut mesh = chart.configure_mesh();
    mesh.x_desc(x_desc).y_desc(y_desc).light_line_style(RGBColor(235, 235, 235));
    if let Some(f) = x_fmt {
        mesh.x_label_formatter(f);
    }
    mesh.draw().map_err(|e| e.to_string())?;
    for l in lines {
        let style = ShapeStyle { color: l.color.to_rgba(), filled: false, stroke_width: l.width };
        chart
            .draw_series(LineSeries::new(l.points.iter().copied(), style))
            .map_err(|e| e.to_string())?
            .label(l.label.clone())
            .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 24, y)], style));
    }
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::UpperRight)
        .background_style(WHITE.mix(0.85))
        .border_style(RGBColor(160, 160, 160))
        .draw()
        .map_err(|e| e.to_string())
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
    svg(|root| {
        lines_on(
            root,
            title,
            (0.0..x_hi.max(1.0), "time since the start (s)"),
            (0.0..(y_hi * 1.08).max(1.0), y_desc),
            lines,
            None,
        )
    })
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
    let y: Range<f64> = (lo / 1.5).max(1e-4)..(hi * 1.5).max(lo * 2.0).max(1e-3);
    svg(|root| {
        lines_on(
            root,
            title,
            (0.0..x_hi.max(1.0), "time since the start (s)"),
            (y.log_scale(), y_desc),
            &positive,
            None,
        )
    })
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
    svg(|root| {
        lines_on(
            root,
            title,
            ((1.0..x_hi.max(10.0)).log_scale(), "percentile"),
            (0.0..(y_hi * 1.08).max(0.001), "latency (ms)"),
            lines,
            Some(&quantile_label),
        )
    })
}

/// The latency histogram: HdrHistogram's buckets `(highest value µs,
/// count)` gathered into ten logarithmic bins a decade, as bars on a
/// logarithmic ms axis.
pub(super) fn histogram(title: &str, buckets: &[(u64, u64)]) -> String {
    let mut bins: std::collections::BTreeMap<i64, u64> = std::collections::BTreeMap::new();
    for &(v, n) in buckets {
        #[allow(clippy::cast_precision_loss, clippy::cast_possible_truncation)]
        let bin = ((v.max(1) as f64).log10() * 10.0).floor() as i64;
        *bins.entry(bin).or_insert(0) += n;
    }
    let edge = |b: i64| 10f64.powf(b as f64 / 10.0) / 1000.0;
    let (lo, hi) = match (bins.keys().next(), bins.keys().next_back()) {
        (Some(&a), Some(&b)) => (edge(a), edge(b + 1)),
        _ => (0.001, 1.0),
    };
    #[allow(clippy::cast_precision_loss)]
    let top = bins.values().copied().max().unwrap_or(1) as f64 * 1.08;
    let color = palette(3)[1];
    svg(|root| {
        let mut chart = ChartBuilder::on(root)
            .caption(title, ("sans-serif", 20))
            .margin(12)
            .x_label_area_size(44)
            .y_label_area_size(72)
            .build_cartesian_2d((lo..hi).log_scale(), 0.0..top.max(1.0))
            .map_err(|e| e.to_string())?;
        chart
            .configure_mesh()
            .x_desc("latency (ms, logarithmic bins)")
            .y_desc("transactions")
            .light_line_style(RGBColor(235, 235, 235))
            .draw()
            .map_err(|e| e.to_string())?;
        #[allow(clippy::cast_precision_loss)]
        let bars = bins.iter().map(|(&b, &n)| {
            Rectangle::new([(edge(b), 0.0), (edge(b + 1), n as f64)], color.filled())
        });
        chart
            .draw_series(bars)
            .map_err(|e| e.to_string())?
            .label("transactions in the bin")
            .legend(move |(x, y)| Rectangle::new([(x, y - 5), (x + 16, y + 5)], color.filled()));
        chart
            .configure_series_labels()
            .position(SeriesLabelPosition::UpperRight)
            .background_style(WHITE.mix(0.85))
            .border_style(RGBColor(160, 160, 160))
            .draw()
            .map_err(|e| e.to_string())
    })
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
