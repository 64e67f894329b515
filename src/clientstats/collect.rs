//! The main thread's side: the workers' samples, and its own taken as
//! theirs arrive, made into each thread's shares of the time measured
//! (each second's and the whole measurement's), the busiest thread of
//! each `-P` interval, and at the end what each thread measured
//! ([`ClientStats`]: `report::doc::client` makes the document's object
//! of it, with the verdict).
//!
//! A thread's shares between two of its readings: its CPU time (user and
//! system) over the wall time between them is its busy share, its time
//! on a run queue over the wall time its waiting share. A stretch of
//! consecutive intervals each at least [`SATURATED_PCT`] busy or waiting,
//! [`MIN_SATURATED_US`] long at least, is saturated time; so is the whole
//! measurement when its shares are. Under `-R` the thread fell behind when
//! its schedule lag grew over such a stretch by [`BEHIND_SHARE`] of it.

use super::{BEHIND_SHARE, Kind, MIN_SATURATED_US, Meter, Plan, Reading, SATURATED_PCT, Sample};

/// CPU time, µs.
fn cpu_us(r: &Reading) -> i64 {
    r.usage.user_us + r.usage.system_us
}

/// The shares of one interval between two readings, %: busy, waiting
/// (0 when not measured).
#[allow(clippy::cast_precision_loss)]
pub(crate) fn shares(a: &Reading, b: &Reading) -> Option<(f64, f64)> {
    let wall = b.at_us - a.at_us;
    if wall <= 0 {
        return None;
    }
    let busy = (cpu_us(b) - cpu_us(a)) as f64 / wall as f64;
    let waiting = match (a.run_queue_us, b.run_queue_us) {
        (Some(x), Some(y)) => (y - x) as f64 / wall as f64,
        _ => 0.0,
    };
    // (The clocks are read one after the other: a share may pass 100%
    // by the time between the reads.)
    Some(((100.0 * busy).clamp(0.0, 100.0), (100.0 * waiting).clamp(0.0, 100.0)))
}

/// Time since the last `-P` line: wall, busy and waiting, µs.
#[derive(Clone, Copy, Debug, Default)]
struct Since {
    wall: i64,
    busy: i64,
    waiting: i64,
}

/// What one thread's samples made.
#[derive(Debug, Default)]
pub(crate) struct Log {
    /// Its number (none: the main thread).
    pub(crate) thread: Option<i64>,
    /// Its first reading.
    pub(crate) first: Option<Reading>,
    /// Its latest.
    pub(crate) last: Option<Reading>,
    /// The number of its first second.
    pub(crate) first_second: u64,
    /// Each second's busy share from `first_second`, %.
    pub(crate) busy: Vec<f32>,
    /// Each second's waiting share, %.
    pub(crate) waiting: Vec<f32>,
    /// Under `-R`: the schedule lag at each second's end, ms.
    pub(crate) lag_ms: Vec<f32>,
    /// The saturated stretch going on: its first reading and its latest.
    stretch: Option<(Reading, Reading)>,
    /// Its time in saturated stretches, µs.
    pub(crate) saturated_us: i64,
    /// Under `-R`: its lag grew while it was saturated.
    pub(crate) fell_behind: bool,
    /// The transactions its clients ended (none: the main thread).
    pub(crate) transactions: Option<i64>,
    /// Since the last `-P` line.
    since: Since,
}

impl Log {
    fn add(&mut self, s: &Sample, throttled: bool) {
        let r = s.reading;
        let Some(prev) = self.last.replace(r) else {
            self.first = Some(r);
            self.first_second = s.seconds.start;
            return;
        };
        let Some((busy, waiting)) = shares(&prev, &r) else { return };
        self.since.wall += r.at_us - prev.at_us;
        self.since.busy += cpu_us(&r) - cpu_us(&prev);
        if let (Some(a), Some(b)) = (prev.run_queue_us, r.run_queue_us) {
            self.since.waiting += b - a;
        }
        #[allow(clippy::cast_possible_truncation)]
        let (b, w) = (busy as f32, waiting as f32);
        #[allow(clippy::cast_precision_loss, clippy::cast_possible_truncation)]
        let lag = r.lag_us.map_or(0.0, |l| (l as f64 / 1000.0) as f32);
        // (A thread's samples close each second once, in order: a sample
        // closes the seconds after those closed before.)
        let end = s.seconds.end.saturating_sub(self.first_second);
        if let Ok(end) = usize::try_from(end) {
            if end > self.busy.len() {
                self.busy.resize(end, b);
                self.waiting.resize(end, w);
                if throttled {
                    self.lag_ms.resize(end, lag);
                }
            }
        }
        if busy + waiting >= SATURATED_PCT {
            let start = self.stretch.map_or(prev, |(start, _)| start);
            self.stretch = Some((start, r));
        } else {
            self.close_stretch(throttled);
        }
    }

    /// Counts the stretch going on, if it is long enough.
    fn close_stretch(&mut self, throttled: bool) {
        if let Some((a, b)) = self.stretch.take() {
            self.saturated_us += self.saturated(&a, &b, throttled);
        }
    }

    /// The time from `a` to `b` was saturated: counted when it is long
    /// enough, and under `-R` whether the lag grew over it.
    #[allow(clippy::cast_precision_loss)]
    fn saturated(&mut self, a: &Reading, b: &Reading, throttled: bool) -> i64 {
        let length = b.at_us - a.at_us;
        if length < MIN_SATURATED_US {
            return 0;
        }
        if throttled {
            let grew = b.lag_us.unwrap_or(0) - a.lag_us.unwrap_or(0);
            self.fell_behind |= grew as f64 >= BEHIND_SHARE * length as f64;
        }
        length
    }

    /// The end: the stretch going on counted, and the whole measurement
    /// when its shares make it saturated.
    fn finish(&mut self, throttled: bool) {
        self.close_stretch(throttled);
        if let (Some(a), Some(b)) = (self.first, self.last) {
            if shares(&a, &b).is_some_and(|(busy, waiting)| busy + waiting >= SATURATED_PCT) {
                let whole = self.saturated(&a, &b, throttled);
                self.saturated_us = self.saturated_us.max(whole);
            }
        }
    }
}

/// The main thread's meter and where its samples are.
#[derive(Debug)]
struct Main {
    meter: Meter,
    /// The second its last sample closed up to.
    second: u64,
}

/// A thread and its shares, %: (its number, busy, waiting for a CPU when
/// measured).
pub(crate) type Busiest = (i64, f64, Option<f64>);

/// The samples of a run's threads, as they arrive.
#[derive(Debug)]
pub(crate) struct Collector {
    plan: Plan,
    throttled: bool,
    /// The workers' logs by slot, then the main thread's.
    logs: Vec<Log>,
    main: Main,
}

impl Collector {
    /// For the workers numbered `threads` (by slot), under `-R` when
    /// `throttled`; the main thread (the calling one) measures itself
    /// alongside.
    pub(crate) fn new(plan: Plan, threads: &[i64], throttled: bool) -> Self {
        let mut logs: Vec<Log> =
            threads.iter().map(|&t| Log { thread: Some(t), ..Log::default() }).collect();
        logs.push(Log::default());
        Collector { plan, throttled, logs, main: Main { meter: Meter::open(), second: 0 } }
    }

    /// A worker's sample (its slot `slot`); the main thread takes its own
    /// at a worker's first sample and at the first sample of each second.
    pub(crate) fn add(&mut self, slot: usize, s: &Sample) {
        let main_slot = self.logs.len() - 1;
        if slot >= main_slot {
            return;
        }
        let throttled = self.throttled;
        self.logs[slot].add(s, throttled);
        let main_first = self.logs[main_slot].first.is_none();
        let own = match s.kind {
            _ if main_first => Some(s.seconds.start..s.seconds.start),
            Kind::Second if s.seconds.end > self.main.second => {
                Some(self.main.second..s.seconds.end)
            }
            _ => None,
        };
        if let Some(seconds) = own {
            self.main.second = seconds.end;
            let reading = self.main.meter.read(crate::sys::clock::monotonic_us());
            let kind = if main_first { Kind::Start } else { Kind::Second };
            self.logs[main_slot].add(&Sample { kind, seconds, reading }, false);
        }
    }

    /// Whether `--client-stats` shows the shares.
    pub(crate) fn shown(&self) -> bool {
        self.plan.shown
    }

    /// The worker busy or waiting for a CPU the largest share of the time
    /// since the last call, with its shares, %: (thread, busy, waiting;
    /// none when not measured). None when no worker measured anything.
    #[allow(clippy::cast_precision_loss)]
    pub(crate) fn busiest_since(&mut self) -> Option<Busiest> {
        let mut best: Option<(f64, Busiest)> = None;
        let workers = self.logs.len() - 1;
        for log in &mut self.logs[..workers] {
            let s = std::mem::take(&mut log.since);
            let Some(thread) = log.thread.filter(|_| s.wall > 0) else { continue };
            let busy = (100.0 * s.busy as f64 / s.wall as f64).clamp(0.0, 100.0);
            let waiting = (100.0 * s.waiting as f64 / s.wall as f64).clamp(0.0, 100.0);
            let run_queue = log.last.is_some_and(|r| r.run_queue_us.is_some());
            if best.as_ref().is_none_or(|b| busy + waiting > b.0) {
                best = Some((busy + waiting, (thread, busy, run_queue.then_some(waiting))));
            }
        }
        self.logs[workers].since = Since::default();
        best.map(|b| b.1)
    }

    /// Each worker's busy share of its last second, 0 to 1 (to four
    /// places): (its number, the share), for the workers that closed one.
    pub(crate) fn latest_busy(&self) -> Vec<(i64, f64)> {
        let workers = &self.logs[..self.logs.len() - 1];
        workers
            .iter()
            .filter_map(|l| Some((l.thread?, (f64::from(*l.busy.last()?) * 100.0).round() / 1e4)))
            .collect()
    }

    /// What each thread measured, with `transactions` by slot.
    pub(crate) fn finish(mut self, transactions: &[i64]) -> ClientStats {
        let main_slot = self.logs.len() - 1;
        if let Some(last) = self.logs[main_slot].last {
            let now = crate::sys::clock::monotonic_us().max(last.at_us);
            let ends = self.logs[..main_slot].iter().map(|l| l.first_second + l.busy.len() as u64);
            let up_to = ends.max().unwrap_or(0).max(self.main.second + 1);
            let seconds = self.main.second..up_to;
            let reading = self.main.meter.read(now);
            self.logs[main_slot].add(&Sample { kind: Kind::End, seconds, reading }, false);
        }
        let throttled = self.throttled;
        for (slot, log) in self.logs.iter_mut().enumerate() {
            log.finish(throttled && log.thread.is_some());
            if log.thread.is_some() {
                log.transactions = Some(transactions.get(slot).copied().unwrap_or(0));
            }
        }
        ClientStats { plan: self.plan, throttled, threads: self.logs }
    }
}

/// What the client's threads measured of themselves over a run.
#[derive(Debug)]
pub(crate) struct ClientStats {
    /// When they measured.
    pub(crate) plan: Plan,
    /// Under `-R`.
    pub(crate) throttled: bool,
    /// The workers' in order, then the main thread's.
    pub(crate) threads: Vec<Log>,
}

impl ClientStats {
    /// Each worker's busy share of the whole measurement, 0 to 1 (to
    /// four places): (its number, the share).
    pub(crate) fn busy(&self) -> Vec<(i64, f64)> {
        self.threads
            .iter()
            .filter_map(|l| {
                let (busy, _) = shares(l.first.as_ref()?, l.last.as_ref()?)?;
                Some((l.thread?, (busy * 100.0).round() / 1e4))
            })
            .collect()
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::sys::thread_cpu::Usage;

    /// A reading at `at` s with `cpu` s of CPU time (all user) and `rq`
    /// s waiting, and a lag of `lag` s.
    pub(crate) fn at(at: f64, cpu: f64, rq: f64, lag: f64) -> Reading {
        #[allow(clippy::cast_possible_truncation)]
        let us = |s: f64| (s * 1e6).round() as i64;
        Reading {
            at_us: us(at),
            usage: Usage { user_us: us(cpu), system_us: 0, voluntary: 0, involuntary: 0 },
            run_queue_us: Some(us(rq)),
            lag_us: Some(us(lag)),
        }
    }

    pub(crate) fn sample(kind: Kind, seconds: std::ops::Range<u64>, reading: Reading) -> Sample {
        Sample { kind, seconds, reading }
    }

    /// Feeds `readings` (a second apart from 0) to one worker's log.
    pub(crate) fn log_of(readings: &[Reading], throttled: bool) -> Log {
        let mut log = Log { thread: Some(0), ..Log::default() };
        log.add(&sample(Kind::Start, 0..0, readings[0]), throttled);
        for (i, r) in readings.iter().enumerate().skip(1) {
            let i = i as u64;
            log.add(&sample(Kind::Second, i - 1..i, *r), throttled);
        }
        log.finish(throttled);
        log
    }

    #[test]
    fn shares_of_each_second_and_saturated_stretches() {
        // Busy 50% and waiting 45% for 3 s, then idle for a second.
        let r = [
            at(0.0, 0.0, 0.0, 0.0),
            at(1.0, 0.5, 0.45, 0.0),
            at(2.0, 1.0, 0.9, 0.0),
            at(3.0, 1.5, 1.35, 0.0),
            at(4.0, 1.55, 1.35, 0.0),
        ];
        let log = log_of(&r, false);
        assert_eq!(log.busy, [50.0, 50.0, 50.0, 5.0]);
        assert_eq!(log.waiting, [45.0, 45.0, 45.0, 0.0]);
        assert_eq!(log.saturated_us, 3_000_000);
        assert!(log.lag_ms.is_empty());
        // Saturated for 1.5 s only: not long enough.
        let short = [at(0.0, 0.0, 0.0, 0.0), at(1.5, 1.5, 0.0, 0.0), at(2.5, 1.6, 0.0, 0.0)];
        assert_eq!(log_of(&short, false).saturated_us, 0);
        // Two stretches of 2 s around an idle second.
        let split = [
            at(0.0, 0.0, 0.0, 0.0),
            at(1.0, 1.0, 0.0, 0.0),
            at(2.0, 2.0, 0.0, 0.0),
            at(3.0, 2.0, 0.0, 0.0),
            at(4.0, 3.0, 0.0, 0.0),
            at(5.0, 4.0, 0.0, 0.0),
        ];
        assert_eq!(log_of(&split, false).saturated_us, 4_000_000);
    }

    /// At the start and the end only: the whole measurement is the one
    /// stretch; under -R the lag that grew by 5% of it or more means the
    /// client fell behind.
    #[test]
    fn the_whole_measurement_and_the_schedule() {
        let grew = [at(0.0, 0.0, 0.0, 0.0), at(10.0, 9.5, 0.0, 0.6)];
        let log = log_of(&grew, true);
        assert_eq!((log.saturated_us, log.fell_behind), (10_000_000, true));
        let kept_up = [at(0.0, 0.0, 0.0, 0.0), at(10.0, 9.5, 0.0, 0.4)];
        assert!(!log_of(&kept_up, true).fell_behind);
        let idle = [at(0.0, 0.0, 0.0, 0.0), at(10.0, 1.0, 0.0, 5.0)];
        let log = log_of(&idle, true);
        assert_eq!((log.saturated_us, log.fell_behind), (0, false));
        // The shares over the whole measurement make it saturated though
        // no second was (90.2% on average, seconds at 89% and 91.4%).
        let (mut even, mut cpu) = (vec![at(0.0, 0.0, 0.0, 0.0)], 0.0);
        for i in 1..=10 {
            cpu += if i % 2 == 1 { 0.89 } else { 0.914 };
            even.push(at(f64::from(i), cpu, 0.0, 0.0));
        }
        assert_eq!(log_of(&even, false).saturated_us, 10_000_000);
    }

    /// The collector: each worker's log, the main thread's beside, the
    /// busiest of each -P interval.
    #[test]
    fn a_run_of_two_workers() {
        let plan = Plan { per_second: true, shown: true };
        let mut c = Collector::new(plan, &[3, 4], false);
        let busy = [at(0.0, 0.0, 0.0, 0.0), at(1.0, 0.6, 0.38, 0.0), at(2.0, 1.2, 0.76, 0.0)];
        let idle = [at(0.0, 0.0, 0.0, 0.0), at(1.0, 0.1, 0.0, 0.0), at(2.0, 0.2, 0.0, 0.0)];
        for (slot, r) in [(0, &busy), (1, &idle)] {
            c.add(slot, &sample(Kind::Start, 0..0, r[0]));
        }
        for i in 1..3u64 {
            for (slot, r) in [(0, &busy), (1, &idle)] {
                c.add(slot, &sample(Kind::Second, i - 1..i, r[usize::try_from(i).unwrap()]));
            }
            let (thread, b, w) = c.busiest_since().unwrap();
            assert_eq!(thread, 3);
            assert!((b - 60.0).abs() < 1e-9 && (w.unwrap() - 38.0).abs() < 1e-9, "{b} {w:?}");
        }
        assert!(c.busiest_since().is_none());
        c.add(0, &sample(Kind::End, 2..3, at(2.5, 1.5, 0.95, 0.0)));
        c.add(1, &sample(Kind::End, 2..3, at(2.5, 0.25, 0.0, 0.0)));
        // A sample of a slot that is no worker's is left out.
        c.add(7, &sample(Kind::End, 2..3, at(2.5, 0.25, 0.0, 0.0)));
        let stats = c.finish(&[5000, 10]);
        let threads: Vec<Option<i64>> = stats.threads.iter().map(|t| t.thread).collect();
        assert_eq!(threads, [Some(3), Some(4), None]);
        let t3 = &stats.threads[0];
        assert_eq!((t3.saturated_us, t3.transactions, t3.busy.len()), (2_500_000, Some(5000), 3));
        assert_eq!(stats.threads[1].saturated_us, 0);
        // The main thread measured itself from the first sample on, its
        // seconds those of the workers.
        let main = &stats.threads[2];
        assert_eq!((main.transactions, main.first_second, main.busy.len()), (None, 0, 3));
    }
}
