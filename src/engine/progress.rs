//! The main thread during a run (C's progress reporting in thread 0):
//! it ends the `-T` time, prints a `-P` progress line from the snapshots
//! every worker sends at each report time, and collects the workers'
//! results (and, where the client measures itself, their samples).

use crossbeam_channel::{Receiver, RecvTimeoutError};

use crate::clientstats::collect::Collector;
use crate::engine::shared::Shared;
use crate::engine::worker::{Msg, WorkerResult};
use crate::log;
use crate::report;
use crate::report::percentiles::Dist;
use crate::stats::StatsData;
use crate::stats::series::{Series, all_scripts};
use crate::sys::clock::monotonic_us;

/// The main thread during the run: sets the `-T` timer, prints progress
/// reports from the workers' snapshots, and collects their results and the
/// distribution intervals they sent on the way.
pub(crate) fn supervise(
    sh: &Shared<'_>,
    rx: &Receiver<Msg>,
    (nthreads, mut client): (usize, Option<Collector>),
    start_time: i64,
) -> (Vec<WorkerResult>, Series, Option<Collector>) {
    let cfg = sh.cfg;
    let mut results: Vec<WorkerResult> = Vec::with_capacity(nthreads);
    let mut series = Series::default();
    // The first second the next progress line's percentiles cover.
    let mut window_start: u64 = 0;
    let mut latest: Vec<(u64, i64, StatsData)> = vec![(0, 0, StatsData::new(0)); nthreads];
    let mut done = vec![false; nthreads];
    let mut last = StatsData::new(0);
    let mut last_report: Option<i64> = None;
    let mut next_seq: u64 = 1;
    let progress_us = cfg.progress.map(|p| i64::from(p) * 1_000_000);
    // A report waits at most this long for a late worker's snapshot.
    let grace_us = (progress_us.unwrap_or(0) / 2).min(1_000_000);
    // With --warmup, its progress lines first; then those of the
    // measurement, from its own origin.
    let mut measuring = sh.warmup_us.is_none();
    let mut warmed = vec![false; nthreads];
    // --metrics-listen: a snapshot once a second.
    let mut live = super::live::Live::new(sh, nthreads, start_time, &mut series);
    while results.len() < nthreads {
        let origin = if measuring { sh.sync.measure_origin.get() } else { None }
            .or(sh.sync.origin.get())
            .map(|o| o.us());
        let now = monotonic_us();
        let mut deadline: Option<i64> = None;
        if let Some(t) = sh.end_time().filter(|_| !sh.timer_exceeded()) {
            let t = t.us();
            if now >= t {
                sh.exceed_timer();
            } else {
                deadline = Some(t);
            }
        }
        let report_due = origin.zip(progress_us).map(|(o, every)| {
            o + crate::invariant::fits::<i64, _>(next_seq, "invariant: fewer than 2^63 reports")
                .saturating_mul(every)
        });
        // As in C, reports follow thread 0: one is printed once thread 0
        // reached its time (with the other threads' snapshots of the same
        // moment, or their latest after a grace period), and none that
        // thread 0 finished before reaching.
        let followed = !done[0] || latest[0].0 >= next_seq;
        if let Some(due) = report_due.filter(|_| followed) {
            let live_min = (0..nthreads).filter(|&t| !done[t]).map(|t| latest[t].0).min();
            let ready = live_min.is_none_or(|m| m >= next_seq);
            let overdue = now >= due + grace_us && latest[0].0 >= next_seq;
            if ready || overdue {
                let mut cur = StatsData::new(0);
                let mut at = due;
                for (seq, t, st) in &latest {
                    cur.merge(st);
                    if *seq >= next_seq {
                        at = at.max(*t);
                    }
                }
                let origin = origin.unwrap_or(start_time);
                let prev = last_report.unwrap_or(origin);
                // The seconds up to this report's time.
                let every = cfg.progress.map_or(0, i32::unsigned_abs);
                let window_end = next_seq.saturating_mul(every.into());
                let mut extra = if measuring {
                    percentile_suffix(sh, &series, window_start..window_end)
                } else {
                    String::new()
                };
                // --client-stats: the busiest thread's shares since the
                // last line.
                if let Some(c) = client.as_mut().filter(|_| measuring) {
                    let busiest = c.busiest_since();
                    if let Some((t, busy, waiting)) = busiest.filter(|_| c.shown()) {
                        let name = format!("thread {t}");
                        extra.push_str(&report::client::progress_suffix(&name, busy, waiting));
                    }
                }
                window_start = window_end;
                let mut format = report::progress::ProgressFormat::of(cfg, sh.epoch_shift);
                if !measuring {
                    format.label = "warm-up";
                }
                let line = report::progress::format_progress(
                    &format,
                    &cur,
                    &last,
                    at - prev,
                    at - origin,
                    at,
                    &extra,
                );
                log::raw(line.as_bytes());
                last = cur;
                last_report = Some(at);
                // Reports every live worker has already passed (it was
                // late) are not printed one by one.
                next_seq = match live_min {
                    Some(m) if ready => m.max(next_seq) + 1,
                    _ => next_seq + 1,
                };
                continue;
            }
            // (No warm-up report is due: the measurement's start when
            // every thread is done warming up.)
            // Wake up when the grace period ends, to print with what has
            // arrived; past it, only a message can make the report ready.
            let d = due + grace_us;
            if now < d {
                deadline = Some(deadline.map_or(d, |x| x.min(d)));
            }
        }
        // Once every thread's warm-up is over (and the reports it was due
        // are printed), the measurement's reports start.
        if !measuring && (0..nthreads).all(|t| warmed[t] || done[t]) {
            measuring = true;
            (window_start, last, last_report, next_seq) = (0, StatsData::new(0), None, 1);
            latest.fill((0, 0, StatsData::new(0)));
            continue;
        }
        if let Some(l) = live.as_mut() {
            l.tick(now, sh, &series, client.as_ref().filter(|_| measuring));
            deadline = Some(deadline.map_or(l.due(), |d| d.min(l.due())));
        }
        let msg = match deadline {
            Some(d) => {
                let wait = std::time::Duration::from_micros((d - now).max(0).unsigned_abs());
                match rx.recv_timeout(wait) {
                    Ok(m) => m,
                    Err(RecvTimeoutError::Timeout) => continue,
                    Err(RecvTimeoutError::Disconnected) => break,
                }
            }
            None => match rx.recv() {
                Ok(m) => m,
                Err(_) => break,
            },
        };
        match msg {
            Msg::Progress { tid, seq, now, stats, intervals, warm } => {
                // (Every thread says its warm-up is over, after its last
                // warm-up snapshot, before any sends one of the
                // measurement.)
                if warm && measuring {
                    continue;
                }
                if let Some(l) = latest.get_mut(tid) {
                    *l = (seq, now, stats);
                }
                // A histogram the workers encoded always decodes.
                let _ = series.add(&intervals);
                hand_back(sh, tid, intervals);
            }
            // A histogram the workers encoded always decodes.
            Msg::Intervals { tid, intervals } => {
                let _ = series.add(&intervals);
                hand_back(sh, tid, intervals);
            }
            Msg::Live { tid, connected, reconnecting } => {
                if let Some(l) = live.as_mut() {
                    l.note(tid, connected, reconnecting);
                }
            }
            Msg::Client { tid, sample } => {
                if let Some(c) = client.as_mut() {
                    c.add(tid, &sample);
                }
            }
            Msg::Measuring { tid } => {
                if let Some(w) = warmed.get_mut(tid) {
                    *w = true;
                }
            }
            Msg::Done(r) => {
                let tid = r.tid;
                if let Some(l) = latest.get_mut(tid) {
                    l.2 = r.state.stats;
                }
                if let Some(d) = done.get_mut(tid) {
                    *d = true;
                }
                results.push(*r);
            }
        }
    }
    results.sort_by_key(|r| r.tid);
    (results, series, client)
}

/// What `--latency-percentiles` adds to a progress line: the percentiles
/// of the seconds `window` (empty without the option).
fn percentile_suffix(sh: &Shared<'_>, series: &Series, window: std::ops::Range<u64>) -> String {
    let Some(pcts) = sh.cfg.ext.latency_percentiles.as_deref() else { return String::new() };
    let Ok(parts) = series.sum(window, sh.scripts.len()) else { return String::new() };
    let all = all_scripts(&parts);
    let latency = Dist { hist: &all.latency, max_us: all.stats.latency.max };
    let lag = sh.throttled().then_some(Dist { hist: &all.lag, max_us: all.stats.lag.max });
    report::percentiles::progress_suffix(latency, lag, pcts)
}

/// Gives a worker's merged intervals back to it, for their buffers.
fn hand_back(sh: &Shared<'_>, tid: usize, intervals: Vec<crate::stats::series::Interval>) {
    if let Some(back) = sh.handed_back.get(tid).filter(|_| !intervals.is_empty()) {
        back.give(intervals);
    }
}
