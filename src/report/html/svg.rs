//! A small SVG plotter for the charts of the HTML report (see
//! [`super::charts`]): a titled chart with a linear or logarithmic x and y
//! axis, a grid at the axis ticks (round values, or those asked for: the
//! client counts of a sweep), polylines and bars, and a legend in the
//! upper right corner. Every label stays inside the chart: the plot's
//! margins make room for the widest y label and for the last x label
//! centred under its tick, and x labels too close to stand side by side
//! stand upright ([`Layout`]). The project draws its charts itself rather than
//! with a plotting crate so that every build, one from a distribution's
//! packaged crates included, draws the same report (docs/building.md).

use std::fmt::Write as _;

/// A colour, red, green and blue.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct RGBColor(pub(crate) u8, pub(crate) u8, pub(crate) u8);

impl RGBColor {
    /// `#rrggbb`.
    fn hex(self) -> String {
        format!("#{:02x}{:02x}{:02x}", self.0, self.1, self.2)
    }
}

/// How an axis maps values.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Scale {
    Linear,
    /// Logarithmic; the range must be positive.
    Log,
}

/// One axis: its range, scale, description and tick labels.
pub(super) struct Axis<'a> {
    pub(super) lo: f64,
    pub(super) hi: f64,
    pub(super) scale: Scale,
    pub(super) desc: &'a str,
    /// The text of a tick's value; None: the value in the fewest digits.
    pub(super) label: Option<&'a dyn Fn(&f64) -> String>,
    /// The ticks (the client counts of a sweep); None: [`ticks`]' round
    /// values.
    pub(super) at: Option<&'a [f64]>,
}

impl std::fmt::Debug for Axis<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Axis")
            .field("lo", &self.lo)
            .field("hi", &self.hi)
            .field("scale", &self.scale)
            .field("desc", &self.desc)
            .finish_non_exhaustive()
    }
}

/// What a series draws.
#[derive(Debug, Clone)]
pub(super) enum Mark {
    /// A line through `(x, y)` points, `width` px wide.
    Line { width: u32, points: Vec<(f64, f64)> },
    /// Filled bars `(x from, x to, height)` standing on y = 0 (or the
    /// bottom of the axis).
    Bars(Vec<(f64, f64, f64)>),
}

/// One series of a chart, with its name in the legend.
#[derive(Debug, Clone)]
pub(super) struct Series {
    pub(super) label: String,
    pub(super) color: RGBColor,
    pub(super) mark: Mark,
}

/// The margin around the chart, the caption's height, and the room the
/// tick labels and descriptions take below and left of the plot, px
/// (at least: wider labels take more).
const MARGIN: f64 = 12.0;
const CAPTION: f64 = 32.0;
const X_LABELS: f64 = 44.0;
const Y_LABELS: f64 = 72.0;
/// The size of the tick labels' font, px.
const TICK_FONT: f64 = 12.0;
/// The room an axis's description takes beside its tick labels, px.
const DESC: f64 = 24.0;
/// The least room between two tick labels side by side, px.
const LABEL_GAP: f64 = 6.0;
/// The grid's grey.
const GRID: RGBColor = RGBColor(235, 235, 235);
/// The legend's border.
const BORDER: RGBColor = RGBColor(160, 160, 160);

/// Where an axis puts its values, in px.
struct Map {
    lo: f64,
    hi: f64,
    scale: Scale,
    from: f64,
    to: f64,
}

impl Map {
    fn new(axis: &Axis<'_>, from: f64, to: f64) -> Self {
        let (mut lo, mut hi) = (axis.lo, axis.hi);
        if !lo.is_finite() {
            lo = 0.0;
        }
        if axis.scale == Scale::Log {
            lo = lo.max(f64::MIN_POSITIVE).log10();
            hi = hi.max(f64::MIN_POSITIVE).log10();
        }
        if lo.is_nan() || hi.is_nan() || hi <= lo {
            hi = lo + 1.0;
        }
        Map { lo, hi, scale: axis.scale, from, to }
    }

    /// The px of `v`, clamped to the plot.
    fn px(&self, v: f64) -> f64 {
        let v = match self.scale {
            Scale::Linear => v,
            Scale::Log => v.max(f64::MIN_POSITIVE).log10(),
        };
        let t = ((v - self.lo) / (self.hi - self.lo)).clamp(0.0, 1.0);
        self.from + t * (self.to - self.from)
    }
}

/// The tick values of an axis: about ten "nice" values (1, 2 or 5 times
/// a power of ten apart) on a linear axis; the powers of ten on a
/// logarithmic one, with 2 and 5 times them where it spans less than three
/// decades.
pub(super) fn ticks(axis: &Axis<'_>) -> Vec<f64> {
    let (lo, hi) = (axis.lo, axis.hi);
    if !lo.is_finite() || !hi.is_finite() || hi <= lo {
        return vec![];
    }
    match axis.scale {
        Scale::Linear => {
            let raw = (hi - lo) / 10.0;
            let pow = 10f64.powf(raw.log10().floor());
            let step = [1.0, 2.0, 5.0, 10.0]
                .iter()
                .map(|m| m * pow)
                .find(|s| *s >= raw)
                .unwrap_or(10.0 * pow);
            let first = (lo / step).ceil();
            (0..=20)
                .map(|i| (first + f64::from(i)) * step)
                .take_while(|v| *v <= hi + step * 1e-9)
                .map(|v| if v.abs() < step * 1e-9 { 0.0 } else { v })
                .collect()
        }
        Scale::Log => {
            if lo <= 0.0 {
                return vec![];
            }
            #[allow(clippy::cast_possible_truncation)]
            let (a, b) = (lo.log10().floor() as i32, hi.log10().ceil() as i32);
            let mults: &[f64] = if hi / lo < 1000.0 { &[1.0, 2.0, 5.0] } else { &[1.0] };
            (a..=b)
                .flat_map(|e| mults.iter().map(move |m| m * 10f64.powi(e)))
                .filter(|v| *v >= lo * (1.0 - 1e-9) && *v <= hi * (1.0 + 1e-9))
                .collect()
        }
    }
}

/// About how wide `text` is drawn in a sans-serif font of `size` px: the
/// advances of DejaVu Sans (wider than Liberation Sans and Arial, the
/// other usual ones), letters at the width of its wide ones.
pub(super) fn text_width(text: &str, size: f64) -> f64 {
    let em: f64 = text
        .chars()
        .map(|c| match c {
            '0'..='9' => 0.64,
            '.' | ',' | ':' | ' ' | 'i' | 'l' | 'j' | '|' => 0.32,
            '-' | '(' | ')' | '[' | ']' | 'f' | 't' | 'r' => 0.41,
            '%' | 'm' | 'w' | 'M' | 'W' => 1.0,
            c if c.is_ascii_uppercase() => 0.78,
            _ => 0.64,
        })
        .sum();
    em * size
}

/// The ticks of an axis: those it names, within its range, else
/// [`ticks`].
fn ticks_of(axis: &Axis<'_>) -> Vec<f64> {
    match axis.at {
        Some(at) => {
            let (lo, hi) = (axis.lo.min(axis.hi), axis.hi.max(axis.lo));
            let slack = (hi - lo).abs() * 1e-9;
            at.iter().copied().filter(|v| *v >= lo - slack && *v <= hi + slack).collect()
        }
        None => ticks(axis),
    }
}

/// Where the plot is in a chart, and how its x tick labels are drawn:
/// side by side, or upright (read from below) when they do not fit side
/// by side, those that would still touch the one before left out.
struct Layout {
    left: f64,
    right: f64,
    top: f64,
    bottom: f64,
    /// The x tick labels upright.
    upright: bool,
    /// Which x tick labels are drawn.
    shown: Vec<bool>,
}

impl Layout {
    /// The layout of a chart of `w` × `h` px whose x ticks are at
    /// `x_ticks` with labels `x_labels` and whose y labels are `y_labels`:
    /// every label inside the chart.
    fn of(
        (w, h): (f64, f64),
        x: &Axis<'_>,
        x_ticks: &[f64],
        x_labels: &[String],
        y_labels: &[String],
    ) -> Self {
        let widths: Vec<f64> = x_labels.iter().map(|l| text_width(l, TICK_FONT)).collect();
        let widest_y = y_labels.iter().map(|l| text_width(l, TICK_FONT)).fold(0.0, f64::max);
        // The y labels end 8 px left of the plot, after the description.
        let left = (MARGIN + DESC + widest_y + 8.0).max(MARGIN + Y_LABELS);
        let top = MARGIN + CAPTION;
        // Side by side, each label centred under its tick: the last one's
        // right half must fit in the chart (2 px from its edge), which the
        // plot's right end moves left for when the tick is near it.
        let mut right = w - MARGIN;
        if let (Some(&last), Some(&width)) = (x_ticks.last(), widths.last()) {
            let t = Map::new(x, 0.0, 1.0).px(last);
            if t > 0.0 {
                right = right.min((w - 2.0 - width / 2.0 - left * (1.0 - t)) / t);
            }
        }
        let xm = Map::new(x, left, right);
        let fits = (1..x_ticks.len()).all(|i| {
            xm.px(x_ticks[i]) - xm.px(x_ticks[i - 1])
                >= (widths[i] + widths[i - 1]) / 2.0 + LABEL_GAP
        });
        if fits {
            let bottom = h - MARGIN - X_LABELS;
            return Layout {
                left,
                right,
                top,
                bottom,
                upright: false,
                shown: vec![true; x_ticks.len()],
            };
        }
        // Upright, a line of text apart at least: the last one kept.
        let right = w - MARGIN;
        let xm = Map::new(x, left, right);
        let px: Vec<f64> = x_ticks.iter().map(|&v| xm.px(v)).collect();
        let line = TICK_FONT + 1.0;
        let mut shown = vec![false; px.len()];
        let mut next_free = f64::INFINITY;
        for i in (0..px.len()).rev() {
            if px[i] <= next_free {
                shown[i] = true;
                next_free = px[i] - line;
            }
        }
        let tallest = widths.iter().copied().fold(0.0, f64::max);
        let bottom = h - MARGIN - (8.0 + tallest + DESC).max(X_LABELS);
        Layout { left, right, top, bottom, upright: true, shown }
    }
}

/// A tick's value in the fewest digits that tell it apart: 0.001, 2.5, 1000.
pub(super) fn number(v: f64) -> String {
    if v == 0.0 {
        return "0".to_string();
    }
    for prec in 0..10 {
        let s = format!("{v:.prec$}");
        if let Ok(back) = s.parse::<f64>() {
            if (back - v).abs() <= v.abs() * 1e-6 {
                return s;
            }
        }
    }
    format!("{v}")
}

/// A chart of `size` px: `title` on top, `series` drawn on `x` × `y`.
pub(super) fn chart(
    size: (u32, u32),
    title: &str,
    x: &Axis<'_>,
    y: &Axis<'_>,
    series: &[Series],
) -> String {
    let (w, h) = (f64::from(size.0), f64::from(size.1));
    let label = |axis: &Axis<'_>, v: f64| axis.label.map_or_else(|| number(v), |f| f(&v));
    let (x_ticks, y_ticks) = (ticks_of(x), ticks_of(y));
    let x_labels: Vec<String> = x_ticks.iter().map(|&v| label(x, v)).collect();
    let y_labels: Vec<String> = y_ticks.iter().map(|&v| label(y, v)).collect();
    let layout = Layout::of((w, h), x, &x_ticks, &x_labels, &y_labels);
    let Layout { left, right, top, bottom, .. } = layout;
    let xm = Map::new(x, left, right);
    let ym = Map::new(y, bottom, top);
    let mut s = String::new();
    let _ = write!(
        s,
        "<svg width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\" font-family=\"sans-serif\">\
         <rect x=\"0\" y=\"0\" width=\"{w}\" height=\"{h}\" fill=\"#ffffff\"/>\
         <text x=\"{:.1}\" y=\"{:.1}\" font-size=\"20\" text-anchor=\"middle\">{}</text>",
        w / 2.0,
        MARGIN + 20.0,
        super::escape(title)
    );
    // The grid and the tick labels.
    for (i, (&v, text)) in x_ticks.iter().zip(&x_labels).enumerate() {
        let px = xm.px(v);
        let _ = write!(
            s,
            "<line x1=\"{px:.1}\" y1=\"{top:.1}\" x2=\"{px:.1}\" y2=\"{bottom:.1}\" stroke=\"{}\"/>\
             <line x1=\"{px:.1}\" y1=\"{bottom:.1}\" x2=\"{px:.1}\" y2=\"{:.1}\" stroke=\"#000000\"/>",
            GRID.hex(),
            bottom + 5.0,
        );
        if !layout.shown[i] {
            continue;
        }
        let text = super::escape(text);
        if layout.upright {
            // Read from below, ending 8 px under the plot.
            let (ax, ay) = (px + 4.0, bottom + 8.0);
            let _ = write!(
                s,
                "<text class=\"tick-x\" x=\"{ax:.1}\" y=\"{ay:.1}\" font-size=\"12\" text-anchor=\"end\" \
                 transform=\"rotate(-90 {ax:.1} {ay:.1})\">{text}</text>"
            );
        } else {
            let _ = write!(
                s,
                "<text class=\"tick-x\" x=\"{px:.1}\" y=\"{:.1}\" font-size=\"12\" text-anchor=\"middle\">{text}</text>",
                bottom + 18.0
            );
        }
    }
    for (&v, text) in y_ticks.iter().zip(&y_labels) {
        let py = ym.px(v);
        let _ = write!(
            s,
            "<line x1=\"{left:.1}\" y1=\"{py:.1}\" x2=\"{right:.1}\" y2=\"{py:.1}\" stroke=\"{}\"/>\
             <line x1=\"{:.1}\" y1=\"{py:.1}\" x2=\"{left:.1}\" y2=\"{py:.1}\" stroke=\"#000000\"/>\
             <text class=\"tick-y\" x=\"{:.1}\" y=\"{:.1}\" font-size=\"12\" text-anchor=\"end\">{}</text>",
            GRID.hex(),
            left - 5.0,
            left - 8.0,
            py + 4.0,
            super::escape(text)
        );
    }
    // The axes and their descriptions.
    let _ = write!(
        s,
        "<polyline fill=\"none\" stroke=\"#000000\" points=\"{left:.1},{top:.1} {left:.1},{bottom:.1} {right:.1},{bottom:.1}\"/>\
         <text x=\"{:.1}\" y=\"{:.1}\" font-size=\"14\" text-anchor=\"middle\">{}</text>\
         <text x=\"{:.1}\" y=\"{:.1}\" font-size=\"14\" text-anchor=\"middle\" transform=\"rotate(-90 {:.1} {:.1})\">{}</text>",
        (left + right) / 2.0,
        h - MARGIN - 4.0,
        super::escape(x.desc),
        MARGIN + 10.0,
        (top + bottom) / 2.0,
        MARGIN + 10.0,
        (top + bottom) / 2.0,
        super::escape(y.desc)
    );
    // The series.
    let base = ym.px(if y.scale == Scale::Log { y.lo } else { 0f64.max(y.lo) });
    for se in series {
        let color = se.color.hex();
        match &se.mark {
            Mark::Line { width, points } => {
                let pts: Vec<String> = points
                    .iter()
                    .filter(|(a, b)| a.is_finite() && b.is_finite())
                    .map(|&(a, b)| format!("{:.1},{:.1}", xm.px(a), ym.px(b)))
                    .collect();
                if !pts.is_empty() {
                    let _ = write!(
                        s,
                        "<polyline fill=\"none\" stroke=\"{color}\" stroke-width=\"{width}\" \
                         stroke-linejoin=\"round\" points=\"{}\"/>",
                        pts.join(" ")
                    );
                }
            }
            Mark::Bars(bars) => {
                for &(a, b, v) in bars {
                    let (x0, x1, top) = (xm.px(a), xm.px(b), ym.px(v));
                    let _ = write!(
                        s,
                        "<rect x=\"{x0:.1}\" y=\"{top:.1}\" width=\"{:.1}\" height=\"{:.1}\" fill=\"{color}\"/>",
                        (x1 - x0).max(0.0),
                        (base - top).max(0.0)
                    );
                }
            }
        }
    }
    legend(&mut s, right, top, series);
    s.push_str("</svg>");
    s
}

/// The legend in the upper right corner of the plot.
fn legend(s: &mut String, right: f64, top: f64, series: &[Series]) {
    if series.is_empty() {
        return;
    }
    let longest = series.iter().map(|se| se.label.chars().count()).max().unwrap_or(0);
    let width = 46.0 + 7.0 * longest as f64;
    let height = 10.0 + 18.0 * series.len() as f64;
    let (x, y) = (right - width - 10.0, top + 10.0);
    let _ = write!(
        s,
        "<rect x=\"{x:.1}\" y=\"{y:.1}\" width=\"{width:.1}\" height=\"{height:.1}\" \
         fill=\"#ffffff\" fill-opacity=\"0.85\" stroke=\"{}\"/>",
        BORDER.hex()
    );
    for (i, se) in series.iter().enumerate() {
        let row = y + 14.0 + 18.0 * i as f64;
        let color = se.color.hex();
        match se.mark {
            Mark::Line { width, .. } => {
                let _ = write!(
                    s,
                    "<line x1=\"{:.1}\" y1=\"{row:.1}\" x2=\"{:.1}\" y2=\"{row:.1}\" stroke=\"{color}\" stroke-width=\"{width}\"/>",
                    x + 8.0,
                    x + 32.0
                );
            }
            Mark::Bars(_) => {
                let _ = write!(
                    s,
                    "<rect x=\"{:.1}\" y=\"{:.1}\" width=\"16\" height=\"10\" fill=\"{color}\"/>",
                    x + 8.0,
                    row - 5.0
                );
            }
        }
        let _ = write!(
            s,
            "<text x=\"{:.1}\" y=\"{:.1}\" font-size=\"12\">{}</text>",
            x + 38.0,
            row + 4.0,
            super::escape(&se.label)
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn axis(lo: f64, hi: f64, scale: Scale) -> Axis<'static> {
        Axis { lo, hi, scale, desc: "d", label: None, at: None }
    }

    #[test]
    fn ticks_are_round_and_inside_the_range() {
        assert_eq!(ticks(&axis(0.0, 1.0, Scale::Linear)).len(), 11);
        assert_eq!(
            ticks(&axis(0.0, 37.0, Scale::Linear)),
            [0.0, 5.0, 10.0, 15.0, 20.0, 25.0, 30.0, 35.0]
        );
        assert_eq!(
            ticks(&axis(0.001, 1000.0, Scale::Log)),
            [0.001, 0.01, 0.1, 1.0, 10.0, 100.0, 1000.0]
        );
        assert_eq!(ticks(&axis(1.0, 60.0, Scale::Log)), [1.0, 2.0, 5.0, 10.0, 20.0, 50.0]);
        assert!(ticks(&axis(1.0, 1.0, Scale::Linear)).is_empty());
        assert_eq!(number(0.001), "0.001");
        assert_eq!(number(2.5), "2.5");
        assert_eq!(number(1000.0), "1000");
        assert_eq!(number(0.30000000000000004), "0.3");
    }

    /// The x tick labels of a chart: (x, text, upright).
    fn x_labels(svg: &str) -> Vec<(f64, String, bool)> {
        svg.split("<text class=\"tick-x\" x=\"")
            .skip(1)
            .map(|rest| {
                let x: f64 = rest.split('"').next().unwrap().parse().unwrap();
                let text = rest.split('>').nth(1).unwrap().split('<').next().unwrap();
                (x, text.to_string(), rest.split('>').next().unwrap().contains("rotate"))
            })
            .collect()
    }

    #[test]
    fn ticks_where_asked_and_labels_that_fit() {
        let line = Series {
            label: "l".into(),
            color: RGBColor(1, 2, 3),
            mark: Mark::Line { width: 2, points: vec![(1.0, 1.0), (8.0, 2.0)] },
        };
        let chart_of = |at: &[f64], hi: f64| {
            let x = Axis { at: Some(at), ..axis(1.0, hi, Scale::Log) };
            chart((960, 380), "t", &x, &axis(0.0, 2.0, Scale::Linear), std::slice::from_ref(&line))
        };
        // A tick and a label at each count, side by side, evenly spaced.
        let labels = x_labels(&chart_of(&[1.0, 2.0, 4.0, 8.0], 8.0));
        let texts: Vec<&str> = labels.iter().map(|l| l.1.as_str()).collect();
        assert_eq!(texts, ["1", "2", "4", "8"]);
        assert!(labels.iter().all(|l| !l.2));
        let gaps: Vec<f64> = labels.windows(2).map(|p| p[1].0 - p[0].0).collect();
        assert!(gaps.iter().all(|g| (g - gaps[0]).abs() < 0.2), "{gaps:?}");
        // Crowded: upright, and those closer than a line to the next
        // one shown left out, the last one kept.
        let many: Vec<f64> = (1..=64).map(f64::from).collect();
        let labels = x_labels(&chart_of(&many, 64.0));
        assert!(labels.iter().all(|l| l.2));
        assert_eq!(labels.first().map(|l| l.1.as_str()), Some("1"));
        assert_eq!(labels.last().map(|l| l.1.as_str()), Some("64"));
        assert!(labels.len() < 64 && labels.len() > 20, "{}", labels.len());
        assert!(labels.windows(2).all(|p| p[1].0 - p[0].0 >= TICK_FONT + 1.0), "{labels:?}");
        // The last label of a percentile axis fits left of the chart's
        // right edge, centred under its tick.
        let pct = |v: &f64| format!("{}%", number(100.0 * (1.0 - 1.0 / v)));
        let x = Axis { label: Some(&pct), ..axis(1.0, 10_000.0, Scale::Log) };
        let s = chart((960, 380), "t", &x, &axis(0.0, 2.0, Scale::Linear), &[]);
        let last = x_labels(&s).pop().unwrap();
        assert_eq!(last.1, "99.99%");
        assert!(last.0 + text_width(&last.1, TICK_FONT) / 2.0 <= 960.0, "{last:?}");
        // Wide y labels move the plot right.
        let wide = chart(
            (960, 380),
            "t",
            &axis(0.0, 1.0, Scale::Linear),
            &axis(0.0, 2e9, Scale::Linear),
            &[],
        );
        assert!(wide.contains("text-anchor=\"end\">2000000000</text>"));
        let y_end: f64 = wide
            .split("class=\"tick-y\" x=\"")
            .nth(1)
            .unwrap()
            .split('"')
            .next()
            .unwrap()
            .parse()
            .unwrap();
        assert!(y_end - text_width("2000000000", TICK_FONT) >= MARGIN + DESC, "{y_end}");
    }

    #[test]
    fn a_chart_has_its_title_lines_bars_and_legend() {
        let series = [
            Series {
                label: "a<b".into(),
                color: RGBColor(1, 2, 3),
                mark: Mark::Line { width: 2, points: vec![(0.0, 1.0), (1.0, 2.0)] },
            },
            Series {
                label: "bins".into(),
                color: RGBColor(255, 0, 16),
                mark: Mark::Bars(vec![(1.0, 2.0, 3.0)]),
            },
        ];
        let s = chart(
            (960, 380),
            "T & t",
            &axis(0.0, 2.0, Scale::Linear),
            &axis(0.1, 10.0, Scale::Log),
            &series,
        );
        assert!(s.starts_with("<svg ") && s.ends_with("</svg>"), "{s}");
        assert!(s.contains(">T &amp; t</text>"), "{s}");
        assert!(s.contains("stroke=\"#010203\" stroke-width=\"2\""), "{s}");
        assert!(s.contains("fill=\"#ff0010\""), "{s}");
        assert!(s.contains(">a&lt;b</text>") && s.contains(">bins</text>"), "{s}");
        assert!(!s.contains("NaN") && !s.contains("inf"), "{s}");
    }
}
