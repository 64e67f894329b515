//! Distributions over time: what a worker records per interval (counts,
//! sums and extremes as [`StatsData`], and latency and lag histograms, per
//! script), and the run's series merged from every worker's intervals.
//!
//! A worker records each transaction once, into the interval of its end
//! time (the run is cut into intervals of one second from the origin of
//! the progress reports). An interval is compressed when it closes and
//! handed to the main thread at once (with a progress snapshot when one is
//! due), which merges it and hands it back for its buffers ([`HandBack`]);
//! so a worker keeps one live interval whatever the run's length and
//! allocates nothing per second once its first few closed, and the main
//! thread one merged interval per second of the run (see [`Series`] for
//! its size). The whole run's distributions are the sum of
//! its intervals, so the report, the progress series and a merge of
//! several runs agree exactly.

use std::collections::BTreeMap;

use super::StatsData;
use super::hist::{DecodeError, Hist, Packer};

/// One script's part of an interval.
#[derive(Clone, Debug, Default)]
pub(crate) struct Part {
    /// Counts, sums and extremes (as C's `StatsData`).
    pub(crate) stats: StatsData,
    /// Latencies of successful transactions, µs.
    pub(crate) latency: Hist,
    /// Schedule lags of successful transactions under `-R`, µs.
    pub(crate) lag: Hist,
}

impl Part {
    /// Adds another part (another thread's, or another interval's).
    pub(crate) fn add(&mut self, o: &Part) {
        self.stats.absorb(&o.stats);
        self.latency.add(&o.latency);
        self.lag.add(&o.lag);
    }
}

/// A [`Part`] with its histograms compressed.
#[derive(Clone, Debug, Default)]
pub(crate) struct PackedPart {
    /// The script.
    pub(crate) script: usize,
    /// Counts, sums and extremes.
    pub(crate) stats: StatsData,
    /// [`Hist::to_bytes`] of the latencies.
    pub(crate) latency: Vec<u8>,
    /// [`Hist::to_bytes`] of the lags (empty when none was recorded).
    pub(crate) lag: Vec<u8>,
}

impl PackedPart {
    fn is_empty(&self) -> bool {
        let s = &self.stats;
        s.cnt + s.skipped + s.failures() + s.retried == 0
    }

    fn pack(script: usize, p: &Part) -> Self {
        let lag = if p.lag.count() > 0 { p.lag.to_bytes() } else { Vec::new() };
        PackedPart { script, stats: p.stats, latency: p.latency.to_bytes(), lag }
    }

    /// The part with its histograms decoded.
    pub(crate) fn unpack(&self) -> Result<Part, DecodeError> {
        let lag = if self.lag.is_empty() { Hist::new() } else { Hist::from_bytes(&self.lag)? };
        Ok(Part { stats: self.stats, latency: Hist::from_bytes(&self.latency)?, lag })
    }
}

/// A closed interval of one worker: its number and the scripts that
/// recorded something in it.
#[derive(Clone, Debug, Default)]
pub(crate) struct Interval {
    /// Its number: it covers `[origin + index * width, origin + (index + 1) * width)`.
    pub(crate) index: u64,
    /// The scripts' parts.
    pub(crate) parts: Vec<PackedPart>,
}

/// The extremes of one interval's latencies and lags (its counts and
/// sums are the difference of the worker's cumulative statistics):
/// infinities while nothing was recorded.
#[derive(Clone, Copy, Debug)]
struct Extremes {
    latency: (f64, f64),
    lag: (f64, f64),
}

impl Default for Extremes {
    fn default() -> Self {
        Extremes {
            latency: (f64::INFINITY, f64::NEG_INFINITY),
            lag: (f64::INFINITY, f64::NEG_INFINITY),
        }
    }
}

#[inline]
fn widen(r: &mut (f64, f64), v: f64) {
    if v < r.0 {
        r.0 = v;
    }
    if v > r.1 {
        r.1 = v;
    }
}

/// The extremes as `SimpleStats` keeps them (0 when nothing was recorded).
fn extremes_or_zero(r: (f64, f64)) -> (f64, f64) {
    if r.0 <= r.1 { r } else { (0.0, 0.0) }
}

/// One script's live interval.
#[derive(Clone, Debug, Default)]
struct Live {
    latency: Hist,
    lag: Hist,
    extremes: Extremes,
}

/// What one worker records: the live interval's histograms and extremes,
/// the intervals closed and not yet handed over, and with `-r` each
/// command's latencies. An interval's counts and sums are those of the
/// worker's cumulative [`StatsData`] (per script) at its close, less those
/// at the close before: they cost nothing per transaction.
#[derive(Debug)]
pub(crate) struct Recorder {
    origin: i64,
    width: i64,
    index: u64,
    /// End of the live interval (monotonic µs).
    end: i64,
    /// Per script: the live interval's histograms and extremes.
    live: Vec<Live>,
    /// The cumulative statistics at the last close, per script.
    before: Vec<StatsData>,
    closed: Vec<Interval>,
    /// Intervals the main thread handed back ([`Recorder::recycle`]):
    /// their buffers hold the next ones.
    spare: Vec<Interval>,
    /// Where they come back.
    back: Option<crossbeam_channel::Receiver<Vec<Interval>>>,
    /// Encodes the histograms.
    packer: Packer,
    /// Per script, per command (with `-r`): execution times, µs.
    commands: Vec<Vec<Hist>>,
}

impl Recorder {
    /// A recorder for intervals of `width_us` from `origin` (monotonic µs),
    /// for `n_commands[i]` commands of each script `i` (their latencies
    /// are recorded only when `per_command`).
    pub(crate) fn new(origin: i64, width_us: i64, n_commands: &[usize], per_command: bool) -> Self {
        let commands = if per_command {
            n_commands.iter().map(|&n| vec![Hist::new(); n]).collect()
        } else {
            Vec::new()
        };
        let n = n_commands.len();
        Recorder {
            origin,
            width: width_us.max(1),
            index: 0,
            end: origin + width_us.max(1),
            live: vec![Live::default(); n],
            before: vec![StatsData::default(); n],
            closed: Vec::new(),
            spare: Vec::new(),
            back: None,
            packer: Packer::default(),
            commands,
        }
    }

    /// Whether a transaction ending at `now` belongs to a later interval:
    /// then [`Recorder::close_until`] must run first, with the statistics
    /// before that transaction.
    #[inline]
    pub(crate) fn past_end(&self, now: i64) -> bool {
        now >= self.end
    }

    /// Records the latency (and with `with_lag`, under `-R`, the lag) of
    /// a successful transaction of `script`, µs, in the live interval.
    #[inline]
    pub(crate) fn transaction(&mut self, script: usize, latency: f64, lag: f64, with_lag: bool) {
        let Some(live) = self.live.get_mut(script) else { return };
        live.latency.record(latency);
        widen(&mut live.extremes.latency, latency);
        if with_lag {
            live.lag.record(lag);
            widen(&mut live.extremes.lag, lag);
        }
    }

    /// Records one execution of command `command` of `script`, in µs.
    #[inline]
    pub(crate) fn command(&mut self, script: usize, command: usize, us: f64) {
        if let Some(h) = self.commands.get_mut(script).and_then(|c| c.get_mut(command)) {
            h.record(us);
        }
    }

    /// Closes the live interval if `now` is past its end, and starts the
    /// one `now` falls in; `cumulative` are the worker's statistics per
    /// script so far.
    pub(crate) fn close_until(&mut self, now: i64, cumulative: &[StatsData]) {
        if now < self.end {
            return;
        }
        self.close_live(cumulative);
        #[allow(clippy::cast_sign_loss)]
        let index = ((now - self.origin).max(0) / self.width) as u64;
        self.index = index.max(self.index + 1);
        #[allow(clippy::cast_possible_wrap)]
        let next = self.index as i64 + 1;
        self.end = self.origin + next * self.width;
    }

    fn close_live(&mut self, cumulative: &[StatsData]) {
        let mut interval = self.spare.pop().unwrap_or_default();
        let parts = &mut interval.parts;
        let mut n = 0;
        for (script, now) in cumulative.iter().enumerate() {
            let Some(before) = self.before.get_mut(script) else { continue };
            let mut stats = now.minus(before);
            *before = *now;
            let Some(live) = self.live.get_mut(script) else { continue };
            let x = std::mem::take(&mut live.extremes);
            (stats.latency.min, stats.latency.max) = extremes_or_zero(x.latency);
            (stats.lag.min, stats.lag.max) = extremes_or_zero(x.lag);
            if n == parts.len() {
                parts.push(PackedPart::default());
            }
            let part = &mut parts[n];
            (part.script, part.stats) = (script, stats);
            self.packer.pack(&live.latency, &mut part.latency);
            if live.lag.count() > 0 {
                self.packer.pack(&live.lag, &mut part.lag);
            } else {
                part.lag.clear();
            }
            // Only histograms that recorded something need emptying.
            for h in [&mut live.latency, &mut live.lag] {
                if h.count() > 0 {
                    h.clear();
                }
            }
            if !part.is_empty() {
                n += 1;
            }
        }
        parts.truncate(n);
        if n > 0 {
            interval.index = self.index;
            self.closed.push(interval);
        } else {
            self.spare.push(interval);
        }
    }

    /// Takes back intervals [`Recorder::take_closed`] gave, once the main
    /// thread merged them: the next ones are made in their buffers, so
    /// that closing a second allocates nothing once the first few closed
    /// (a worker's memory stays what it is, whatever the run's length).
    pub(crate) fn recycle(&mut self, mut used: Vec<Interval>) {
        self.spare.append(&mut used);
        if self.closed.capacity() == 0 {
            self.closed = used;
        }
    }

    /// Whether intervals were closed since the last [`Recorder::take_closed`].
    #[inline]
    pub(crate) fn has_closed(&self) -> bool {
        !self.closed.is_empty()
    }

    /// The intervals closed since the last call (taking back, first,
    /// those the main thread handed back).
    pub(crate) fn take_closed(&mut self) -> Vec<Interval> {
        while let Some(used) = self.back.as_ref().and_then(|b| b.try_recv().ok()) {
            self.recycle(used);
        }
        std::mem::take(&mut self.closed)
    }

    /// Takes intervals back from `back` ([`HandBack::give`]).
    pub(crate) fn take_back_from(&mut self, back: &HandBack) {
        self.back = Some(back.1.clone());
    }

    /// Ends the recording: closes the live interval, however far it got,
    /// and returns what was not handed over yet and the command latencies.
    pub(crate) fn finish(mut self, cumulative: &[StatsData]) -> (Vec<Interval>, Vec<Vec<Hist>>) {
        self.close_live(cumulative);
        (self.closed, self.commands)
    }
}

/// The way a worker's intervals go back to it once the main thread
/// merged them: a bounded channel (its slots allocated once), so that
/// neither side allocates or frees per second; intervals that find it
/// full are dropped.
#[derive(Debug)]
pub(crate) struct HandBack(
    crossbeam_channel::Sender<Vec<Interval>>,
    crossbeam_channel::Receiver<Vec<Interval>>,
);

impl HandBack {
    /// An empty one.
    pub(crate) fn new() -> Self {
        let (tx, rx) = crossbeam_channel::bounded(4);
        HandBack(tx, rx)
    }

    /// Hands `intervals` back (drops them when four are waiting already).
    pub(crate) fn give(&self, intervals: Vec<Interval>) {
        let _ = self.0.try_send(intervals);
    }
}

/// How many of the latest seconds the series keeps decoded, summing the
/// workers' parts into them as they arrive: every worker closes a second
/// at its first transaction after it, so a second is complete about a
/// second after its end; the older ones are compressed once. (A part that
/// comes later, from a worker that had no transaction for seconds, is
/// added to the compressed second it belongs to.)
const OPEN_SECONDS: u64 = 3;

/// The run's series: every worker's intervals merged by number, each
/// script's part compressed. It grows by one interval per second of the
/// run, whatever the number of threads: per script that recorded
/// something in that second, its counts (a `StatsData`, a few hundred
/// bytes) and its compressed latency and lag histograms, whose size
/// depends on how spread that second's values are (about 1.6 kB for a
/// second of 30,000 select-only transactions, measured; at most the
/// histogram's counts, three significant digits: about 34 kB for
/// latencies up to a second, 70 kB up to an hour).
#[derive(Debug, Default)]
pub(crate) struct Series {
    /// The seconds before the latest ones, compressed.
    packed: BTreeMap<u64, Vec<PackedPart>>,
    /// The latest seconds (at most [`OPEN_SECONDS`]), decoded: each
    /// script's sum so far.
    open: BTreeMap<u64, Vec<(usize, Part)>>,
    /// Each script's sum of every part added so far, when asked for
    /// ([`Series::keep_totals`]: the live metrics).
    totals: Option<Vec<Part>>,
}

impl Series {
    /// Keeps each of `n_scripts` scripts' sum of every part added from now
    /// on ([`Series::totals`]).
    pub(crate) fn keep_totals(&mut self, n_scripts: usize) {
        self.totals = Some(vec![Part::default(); n_scripts]);
    }

    /// Each script's sum of the parts added since [`Series::keep_totals`].
    pub(crate) fn totals(&self) -> Option<&[Part]> {
        self.totals.as_deref()
    }

    /// Adds a part (decoded) to the running totals.
    fn add_to_totals(&mut self, script: usize, p: &Part) {
        if let Some(t) = self.totals.as_mut().and_then(|t| t.get_mut(script)) {
            t.add(p);
        }
    }

    /// Merges a worker's closed intervals into the series.
    pub(crate) fn add(&mut self, intervals: &[Interval]) -> Result<(), DecodeError> {
        for iv in intervals {
            let oldest_open = self.open.keys().next().copied();
            if oldest_open.is_some_and(|o| iv.index < o) || self.packed.contains_key(&iv.index) {
                self.add_packed(iv)?;
                continue;
            }
            let mut parts = Vec::with_capacity(iv.parts.len());
            for part in &iv.parts {
                let p = part.unpack()?;
                self.add_to_totals(part.script, &p);
                parts.push((part.script, p));
            }
            let merged = self.open.entry(iv.index).or_default();
            for (script, p) in parts {
                match merged.iter_mut().find(|(s, _)| *s == script) {
                    None => merged.push((script, p)),
                    Some((_, m)) => m.add(&p),
                }
            }
            while self.open.len() as u64 > OPEN_SECONDS {
                let Some((index, parts)) = self.open.pop_first() else { break };
                let packed = parts.iter().map(|(script, p)| PackedPart::pack(*script, p)).collect();
                self.packed.insert(index, packed);
            }
        }
        Ok(())
    }

    /// Adds a late interval to a compressed second.
    #[cold]
    fn add_packed(&mut self, iv: &Interval) -> Result<(), DecodeError> {
        if self.totals.is_some() {
            for part in &iv.parts {
                let p = part.unpack()?;
                self.add_to_totals(part.script, &p);
            }
        }
        let merged = self.packed.entry(iv.index).or_default();
        for part in &iv.parts {
            match merged.iter_mut().find(|m| m.script == part.script) {
                None => merged.push(part.clone()),
                Some(m) => {
                    let mut sum = m.unpack()?;
                    sum.add(&part.unpack()?);
                    *m = PackedPart::pack(part.script, &sum);
                }
            }
        }
        Ok(())
    }

    /// The last interval that recorded something.
    pub(crate) fn last_index(&self) -> Option<u64> {
        let packed = self.packed.keys().next_back().copied();
        let open = self.open.keys().next_back().copied();
        packed.max(open)
    }

    /// Intervals `range` summed, per script (`n_scripts` parts).
    pub(crate) fn sum(
        &self,
        range: std::ops::Range<u64>,
        n_scripts: usize,
    ) -> Result<Vec<Part>, DecodeError> {
        let mut out = vec![Part::default(); n_scripts];
        for parts in self.packed.range(range.clone()).map(|(_, p)| p) {
            for p in parts {
                if let Some(o) = out.get_mut(p.script) {
                    o.add(&p.unpack()?);
                }
            }
        }
        for parts in self.open.range(range).map(|(_, p)| p) {
            for (script, p) in parts {
                if let Some(o) = out.get_mut(*script) {
                    o.add(p);
                }
            }
        }
        Ok(out)
    }

    /// The whole run summed, per script.
    pub(crate) fn total(&self, n_scripts: usize) -> Result<Vec<Part>, DecodeError> {
        self.sum(0..u64::MAX, n_scripts)
    }
}

/// The run's distributions, merged from every worker: the series, each
/// script's whole run and all of them together, and (with `-r`) each
/// command's execution times.
#[derive(Debug)]
pub(crate) struct RunDist {
    /// The series of intervals.
    pub(crate) series: Series,
    /// Each script over the whole run.
    pub(crate) scripts: Vec<Part>,
    /// All scripts over the whole run.
    pub(crate) total: Part,
    /// Per script, per command (with `-r`; else empty): µs.
    pub(crate) commands: Vec<Vec<Hist>>,
}

impl RunDist {
    /// The run's distributions from its merged series and the workers'
    /// command histograms.
    pub(crate) fn new(
        series: Series,
        n_scripts: usize,
        worker_commands: &[Vec<Vec<Hist>>],
    ) -> Result<Self, DecodeError> {
        let scripts = series.total(n_scripts)?;
        let total = all_scripts(&scripts);
        let mut commands: Vec<Vec<Hist>> = Vec::new();
        for w in worker_commands {
            if commands.is_empty() {
                commands.clone_from(w);
                continue;
            }
            for (acc, cs) in commands.iter_mut().zip(w) {
                for (a, c) in acc.iter_mut().zip(cs) {
                    a.add(c);
                }
            }
        }
        Ok(RunDist { series, scripts, total, commands })
    }
}

/// The parts of all scripts summed.
pub(crate) fn all_scripts(parts: &[Part]) -> Part {
    let mut t = Part::default();
    for p in parts {
        t.add(p);
    }
    t
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::TxOutcome;

    /// A worker's cumulative statistics and its recorder, fed as the
    /// client's record_transaction feeds them.
    struct Worker {
        stats: Vec<StatsData>,
        r: Recorder,
    }

    impl Worker {
        fn new(origin: i64, scripts: usize) -> Self {
            let n = vec![2; scripts];
            Worker {
                stats: vec![StatsData::default(); scripts],
                r: Recorder::new(origin, 1_000_000, &n, true),
            }
        }

        fn tx(&mut self, now: i64, script: usize, latency: f64, outcome: TxOutcome) {
            if self.r.past_end(now) {
                self.r.close_until(now, &self.stats);
            }
            let ok = outcome == TxOutcome::Success;
            if ok {
                self.r.transaction(script, latency, 0.0, false);
            }
            self.stats[script].accum(false, latency, 0.0, outcome, 1, false);
        }

        fn finish(self) -> (Vec<Interval>, Vec<Vec<Hist>>) {
            self.r.finish(&self.stats)
        }
    }

    #[test]
    fn transactions_land_in_the_interval_of_their_end() {
        let mut w = Worker::new(1_000, 2);
        w.tx(1_000, 0, 10.0, TxOutcome::Success);
        w.tx(500_000, 1, 20.0, TxOutcome::Success);
        w.tx(1_000_999, 0, 30.0, TxOutcome::Success);
        // Nothing in the second interval; the third gets two.
        w.tx(2_001_000, 0, 40.0, TxOutcome::Success);
        w.tx(2_500_000, 1, 0.0, TxOutcome::SerializationFailure);
        w.r.command(1, 1, 5.0);
        let early = w.r.take_closed();
        assert_eq!(early.iter().map(|i| i.index).collect::<Vec<_>>(), vec![0]);
        let (late, commands) = w.finish();
        assert_eq!(late.iter().map(|i| i.index).collect::<Vec<_>>(), vec![2]);
        assert_eq!(commands[1][1].count(), 1);
        assert_eq!(commands[0][0].count(), 0);

        let mut s = Series::default();
        s.add(&early).unwrap();
        s.add(&late).unwrap();
        assert_eq!(s.last_index(), Some(2));
        let first = s.sum(0..1, 2).unwrap();
        assert_eq!((first[0].stats.cnt, first[1].stats.cnt), (2, 1));
        assert_eq!(first[0].latency.count(), 2);
        assert_eq!((first[0].stats.latency.min, first[0].stats.latency.max), (10.0, 30.0));
        assert_eq!(first[0].stats.latency.sum, 40.0);
        let third = s.sum(2..3, 2).unwrap();
        assert_eq!((third[0].stats.latency.min, third[0].stats.latency.max), (40.0, 40.0));
        assert_eq!(third[1].stats.serialization_failures, 1);
        let total = s.total(2).unwrap();
        let all = all_scripts(&total);
        assert_eq!((all.stats.cnt, all.latency.count()), (4, 4));
        assert_eq!(all.stats.latency.sum, 100.0);
        assert_eq!(all.stats.failures(), 1);
    }

    /// Intervals handed back hold the next ones: the same contents as
    /// new ones (a part that had two scripts then one, a lag buffer that
    /// empties), in the same buffers.
    #[test]
    fn handed_back_intervals_hold_the_next_ones() {
        let (mut fresh, mut reused) = (Worker::new(0, 2), Worker::new(0, 2));
        let back = HandBack::new();
        reused.r.take_back_from(&back);
        let mut buffers = Vec::new();
        for second in 0..6_i64 {
            for w in [&mut fresh, &mut reused] {
                let at = second * 1_000_000 + 10;
                w.tx(at, 0, 100.0 + second as f64, TxOutcome::Success);
                if second % 2 == 0 {
                    w.tx(at + 1, 1, 7.0, TxOutcome::Success);
                    w.r.live[1].lag.record(3.0);
                }
            }
            let (a, b) = (fresh.r.take_closed(), reused.r.take_closed());
            assert_eq!(format!("{a:?}"), format!("{b:?}"), "second {second}");
            buffers.extend(b.iter().flat_map(|i| &i.parts).map(|p| p.latency.as_ptr()));
            back.give(b);
        }
        // Every second after the first two is made in a buffer handed back.
        let last = reused.r.take_closed();
        let (a, _) = fresh.finish();
        let (b, _) = reused.finish();
        assert_eq!(format!("{a:?}"), format!("{b:?}"));
        assert!(last.is_empty());
        assert!(b.iter().flat_map(|i| &i.parts).all(|p| buffers.contains(&p.latency.as_ptr())));
    }

    #[test]
    fn late_parts_join_their_compressed_second() {
        let mut fast = Worker::new(0, 1);
        let mut late = Worker::new(0, 1);
        late.tx(500_000, 0, 7.0, TxOutcome::Success);
        let mut s = Series::default();
        for second in 0..10 {
            fast.tx(second * 1_000_000 + 10, 0, 100.0, TxOutcome::Success);
            fast.r.close_until(second * 1_000_000 + 999_999 + 1, &fast.stats);
            s.add(&fast.r.take_closed()).unwrap();
        }
        // Second 0 is long compressed when the late worker's part comes.
        assert!(s.packed.contains_key(&0) && s.open.len() as u64 == OPEN_SECONDS);
        s.add(&late.finish().0).unwrap();
        let first = s.sum(0..1, 1).unwrap();
        assert_eq!((first[0].stats.cnt, first[0].latency.count()), (2, 2));
        assert_eq!((first[0].stats.latency.min, first[0].stats.latency.max), (7.0, 100.0));
        assert_eq!(s.total(1).unwrap()[0].stats.cnt, 11);
        assert_eq!(s.sum(8..10, 1).unwrap()[0].stats.cnt, 2);
        assert_eq!(s.last_index(), Some(9));
    }

    #[test]
    fn threads_merge_into_the_same_interval() {
        let mut a = Worker::new(0, 1);
        let mut b = Worker::new(0, 1);
        a.tx(10, 0, 100.0, TxOutcome::Success);
        b.tx(20, 0, 300.0, TxOutcome::Success);
        b.tx(30, 0, 0.0, TxOutcome::DeadlockFailure);
        let mut s = Series::default();
        s.add(&a.finish().0).unwrap();
        s.add(&b.finish().0).unwrap();
        let t = s.total(1).unwrap();
        assert_eq!((t[0].stats.cnt, t[0].stats.deadlock_failures), (2, 1));
        assert_eq!(t[0].latency.count(), 2);
        assert_eq!((t[0].stats.latency.min, t[0].stats.latency.max), (100.0, 300.0));
        assert_eq!(s.last_index(), Some(0));
    }
}
