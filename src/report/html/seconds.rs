//! Which seconds the charts over time draw, the same way for a run drawn
//! from memory (the single-run page) and for runs drawn from their
//! documents (the pages of a sweep or a comparison): the seconds that
//! start within the run's own span, from its origin to its end or to the
//! `-T` deadline when it ended after it (the transactions in flight then
//! are in the totals, not in a last sliver of a second), the last one cut
//! at the span's end; none when the span is shorter than a second.

/// One second drawn: from `start` to `end`, s after the origin (the last
/// one may be shorter), and what it holds.
#[derive(Debug)]
pub(super) struct Drawn<T> {
    pub(super) start: f64,
    pub(super) end: f64,
    pub(super) item: T,
}

impl<T> Drawn<T> {
    /// Its length, s (at least a millisecond, to divide by).
    pub(super) fn length(&self) -> f64 {
        (self.end - self.start).max(0.001)
    }
}

/// The run's own span, s after the origin: `span_s` (to its end), or the
/// `-T` deadline when the run ended after it.
pub(super) fn drawn_span(span_s: f64, deadline_s: Option<f64>) -> f64 {
    deadline_s.map_or(span_s, |d| span_s.min(d))
}

/// Of `seconds` (each with its start, s after the origin), those the
/// charts draw within `span` ([`drawn_span`]).
pub(super) fn drawn<T>(seconds: impl IntoIterator<Item = (f64, T)>, span: f64) -> Vec<Drawn<T>> {
    if span < 1.0 {
        return Vec::new();
    }
    seconds
        .into_iter()
        .filter(|(start, _)| *start < span)
        .map(|(start, item)| Drawn { start, end: (start + 1.0).min(span), item })
        .collect()
}

/// One value of each second drawn (it gets the second's position and the
/// second), at the second's end; a single second is drawn as a level
/// line over it.
pub(super) fn over_seconds<T>(
    seconds: &[Drawn<T>],
    value: impl Fn(usize, &Drawn<T>) -> Option<f64>,
) -> Vec<(f64, f64)> {
    let mut points: Vec<(f64, f64)> =
        seconds.iter().enumerate().filter_map(|(i, s)| Some((s.end, value(i, s)?))).collect();
    if let ([(_, y)], [s]) = (points.as_slice(), seconds) {
        points.insert(0, (s.start, *y));
    }
    points
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_seconds_within_the_span_the_last_one_cut() {
        let secs = |n: usize| (0..n).map(|i| (i as f64, i));
        // -T 2, the in-flight transactions' third second left out.
        let d = drawn(secs(3), drawn_span(2.016, Some(2.0)));
        assert_eq!(
            d.iter().map(|s| (s.start, s.end, s.item)).collect::<Vec<_>>(),
            [(0.0, 1.0, 0), (1.0, 2.0, 1)]
        );
        // Interrupted 1.5 s into -T 10: the short second, cut at the end.
        let d = drawn(secs(2), drawn_span(1.5, Some(10.0)));
        assert_eq!((d[1].start, d[1].end, d[1].length()), (1.0, 1.5, 0.5));
        assert!(drawn(secs(1), drawn_span(0.3, None)).is_empty());
        let one = drawn(secs(2), drawn_span(1.004, Some(1.0)));
        assert_eq!(over_seconds(&one, |_, _| Some(5.0)), [(0.0, 5.0), (1.0, 5.0)]);
    }
}
