//! The client's own side of a run in its document (`client`, with
//! `--client-stats` or a report option): each thread's share of the
//! time measured that it was busy on a CPU and that it waited for one,
//! over the run and each second, its CPU time per transaction and its
//! context switches, and the verdict: whether some thread was saturated,
//! so that the run measured the client rather than the server. After a
//! merge, every shard's threads, each with its shard. Made here of what
//! the threads measured ([`json`]), and of the shards' ([`merged`]).

use serde::{Deserialize, Serialize};

use crate::clientstats::collect::{ClientStats, Log, shares};
use crate::clientstats::{MIN_SATURATED_US, SATURATED_PCT};

/// `client`: the client's threads measured by themselves.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub(crate) struct ClientDoc {
    /// `--client-stats` was given: the text report has its section and
    /// the `-P` lines end with the busiest thread's shares.
    pub(crate) shown: bool,
    /// The threads measured themselves every second (else at the start
    /// and the end of the measurement only).
    pub(crate) per_second: bool,
    /// Their time waiting for a CPU was measured (the kernel keeps each
    /// thread's schedstat).
    pub(crate) run_queue: bool,
    /// The worker threads in order, then the main thread (after a merge,
    /// each shard's in turn).
    pub(crate) threads: Vec<ClientThread>,
    /// All threads together.
    pub(crate) totals: ClientTotals,
    /// What their shares say.
    pub(crate) verdict: ClientVerdict,
}

/// A thread: a worker (its number) or the main thread.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct ThreadRef {
    /// After a merge: the shard it ran in.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) shard: Option<u32>,
    /// Its number in the run (none: the main thread).
    pub(crate) thread: Option<i64>,
}

/// One thread's measure.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub(crate) struct ClientThread {
    /// Which thread.
    #[serde(flatten)]
    pub(crate) id: ThreadRef,
    /// The time it measured, s.
    pub(crate) measured_s: f64,
    /// Its share of that time on a CPU, %.
    pub(crate) busy_pct: f64,
    /// Its share runnable but waiting for a CPU, % (none: not measured).
    pub(crate) waiting_pct: Option<f64>,
    /// Its time saturated (busy or waiting at least the verdict's share,
    /// for at least its minimum), s.
    pub(crate) saturated_s: f64,
    /// Under `-R`: it fell behind the schedule while saturated (none
    /// without `-R`, and for the main thread).
    pub(crate) fell_behind: Option<bool>,
    /// CPU time in user mode, µs.
    pub(crate) user_us: i64,
    /// CPU time in the kernel, µs.
    pub(crate) system_us: i64,
    /// Time waiting for a CPU, µs (none: not measured).
    pub(crate) run_queue_us: Option<i64>,
    /// Context switches it asked for (it waited).
    pub(crate) voluntary_switches: i64,
    /// Context switches forced on it.
    pub(crate) involuntary_switches: i64,
    /// The transactions its clients ended (none: the main thread).
    pub(crate) transactions: Option<i64>,
    /// User CPU time per transaction, µs.
    pub(crate) user_us_per_transaction: Option<f64>,
    /// System CPU time per transaction, µs.
    pub(crate) system_us_per_transaction: Option<f64>,
    /// Each second's shares (none: measured at the start and the end
    /// only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) seconds: Option<ClientSeconds>,
}

/// A thread's seconds, numbered as the run's `progress.intervals`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub(crate) struct ClientSeconds {
    /// The origin of the seconds, Unix epoch µs (the run's
    /// `progress.start_time_us`; after a merge, its shard's).
    pub(crate) start_time_us: i64,
    /// The number of the first second it measured.
    pub(crate) first: u64,
    /// Its share on a CPU in each second from `first`, %.
    pub(crate) busy_pct: Vec<f64>,
    /// Its share waiting for a CPU, % (none: not measured).
    pub(crate) waiting_pct: Option<Vec<f64>>,
    /// Under `-R`: how far behind its schedule it was at each second's
    /// end, ms.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) schedule_lag_ms: Option<Vec<f64>>,
}

/// All threads together.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub(crate) struct ClientTotals {
    /// The worker thread busy or waiting for a CPU the largest share of
    /// its time.
    pub(crate) busiest: Option<ThreadRef>,
    /// Its share on a CPU, %.
    pub(crate) busy_pct: Option<f64>,
    /// Its share waiting for a CPU, %.
    pub(crate) waiting_pct: Option<f64>,
    /// Every thread's user CPU time, µs.
    pub(crate) user_us: i64,
    /// Every thread's system CPU time, µs.
    pub(crate) system_us: i64,
    /// Every thread's voluntary context switches.
    pub(crate) voluntary_switches: i64,
    /// Every thread's involuntary context switches.
    pub(crate) involuntary_switches: i64,
    /// The transactions of all clients.
    pub(crate) transactions: i64,
    /// Every thread's user CPU time per transaction, µs.
    pub(crate) user_us_per_transaction: Option<f64>,
    /// Every thread's system CPU time per transaction, µs.
    pub(crate) system_us_per_transaction: Option<f64>,
}

/// What the shares say.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub(crate) struct ClientVerdict {
    /// A worker thread was saturated: the run measured the client.
    pub(crate) client_bound: bool,
    /// The share of the time busy or waiting for a CPU at which a thread
    /// is saturated, %.
    pub(crate) saturated_pct: f64,
    /// For at least this long, s.
    pub(crate) min_s: f64,
    /// The saturated worker threads.
    pub(crate) saturated: Vec<ThreadRef>,
    /// Under `-R`: a saturated thread fell behind the schedule (none
    /// without `-R`).
    pub(crate) fell_behind: Option<bool>,
}

impl ClientDoc {
    /// The thread `id`'s measure.
    pub(crate) fn thread(&self, id: ThreadRef) -> Option<&ClientThread> {
        self.threads.iter().find(|t| t.id == id)
    }
}

impl ClientThread {
    /// Its share busy or waiting for a CPU, %.
    pub(crate) fn occupied_pct(&self) -> f64 {
        self.busy_pct + self.waiting_pct.unwrap_or(0.0)
    }
}

impl ThreadRef {
    /// As the text names it: `thread 3`, `main thread`, `shard 1 thread
    /// 3`.
    pub(crate) fn name(&self) -> String {
        let thread = match self.thread {
            Some(t) => format!("thread {t}"),
            None => "main thread".to_string(),
        };
        match self.shard {
            Some(k) => format!("shard {k} {thread}"),
            None => thread,
        }
    }
}

/// `x` to one decimal.
fn round1(x: f64) -> f64 {
    (x * 10.0).round() / 10.0
}

/// `x` to three decimals.
fn round3(x: f64) -> f64 {
    (x * 1000.0).round() / 1000.0
}

/// The document's object of what the threads measured, their seconds
/// numbered from `origin_us` (Unix epoch µs).
pub(crate) fn json(stats: &ClientStats, origin_us: i64) -> ClientDoc {
    let per_second = stats.plan.per_second;
    let threads: Vec<ClientThread> = stats
        .threads
        .iter()
        .filter_map(|log| thread_json(log, per_second, stats.throttled, origin_us))
        .collect();
    let run_queue = !threads.is_empty() && threads.iter().all(|t| t.waiting_pct.is_some());
    ClientDoc {
        shown: stats.plan.shown,
        per_second,
        run_queue,
        totals: totals_of(&threads),
        verdict: verdict_of(&threads, stats.throttled),
        threads,
    }
}

/// The merged run's object: every shard's threads (`shards`: each
/// shard's number and its run's object), each with its shard; the
/// verdict names the shards and threads that saturated. None when no
/// shard measured its client.
pub(crate) fn merged(shards: &[(u32, &ClientDoc)]) -> Option<ClientDoc> {
    if shards.is_empty() {
        return None;
    }
    let mut threads: Vec<ClientThread> = Vec::new();
    for (k, c) in shards {
        threads.extend(c.threads.iter().cloned().map(|mut t| {
            t.id.shard = Some(*k);
            t
        }));
    }
    let throttled = shards.iter().any(|(_, c)| c.verdict.fell_behind.is_some());
    Some(ClientDoc {
        shown: shards.iter().any(|(_, c)| c.shown),
        per_second: shards.iter().all(|(_, c)| c.per_second),
        run_queue: shards.iter().all(|(_, c)| c.run_queue),
        totals: totals_of(&threads),
        verdict: verdict_of(&threads, throttled),
        threads,
    })
}

/// The verdict on `threads`' shares (under `-R` when `throttled`).
pub(crate) fn verdict_of(threads: &[ClientThread], throttled: bool) -> ClientVerdict {
    let saturated: Vec<&ClientThread> =
        threads.iter().filter(|t| t.id.thread.is_some() && t.saturated_s > 0.0).collect();
    ClientVerdict {
        client_bound: !saturated.is_empty(),
        saturated_pct: SATURATED_PCT,
        #[allow(clippy::cast_precision_loss)]
        min_s: MIN_SATURATED_US as f64 / 1e6,
        fell_behind: throttled.then(|| saturated.iter().any(|t| t.fell_behind == Some(true))),
        saturated: saturated.iter().map(|t| t.id).collect(),
    }
}

/// A thread's measure (none when it took fewer than two readings).
#[allow(clippy::cast_precision_loss)]
fn thread_json(
    log: &Log,
    per_second: bool,
    throttled: bool,
    origin_us: i64,
) -> Option<ClientThread> {
    let (a, b) = (log.first?, log.last?);
    let (busy, waiting) = shares(&a, &b)?;
    let run_queue = a.run_queue_us.zip(b.run_queue_us).map(|(x, y)| y - x);
    let (user_us, system_us) =
        (b.usage.user_us - a.usage.user_us, b.usage.system_us - a.usage.system_us);
    let transactions = log.transactions;
    let per = |us: i64| transactions.filter(|&n| n > 0).map(|n| round3(us as f64 / n as f64));
    let list = |v: &[f32]| v.iter().map(|&x| round1(f64::from(x))).collect::<Vec<f64>>();
    let worker = log.thread.is_some();
    Some(ClientThread {
        id: ThreadRef { shard: None, thread: log.thread },
        measured_s: round3((b.at_us - a.at_us) as f64 / 1e6),
        busy_pct: round1(busy),
        waiting_pct: run_queue.map(|_| round1(waiting)),
        saturated_s: round3(log.saturated_us as f64 / 1e6),
        fell_behind: (throttled && worker).then_some(log.fell_behind),
        user_us,
        system_us,
        run_queue_us: run_queue,
        voluntary_switches: b.usage.voluntary - a.usage.voluntary,
        involuntary_switches: b.usage.involuntary - a.usage.involuntary,
        transactions,
        user_us_per_transaction: per(user_us),
        system_us_per_transaction: per(system_us),
        seconds: per_second.then(|| ClientSeconds {
            start_time_us: origin_us,
            first: log.first_second,
            busy_pct: list(&log.busy),
            waiting_pct: run_queue.map(|_| list(&log.waiting)),
            schedule_lag_ms: (throttled && worker).then(|| list(&log.lag_ms)),
        }),
    })
}

/// All threads together: the busiest worker and everyone's CPU time.
#[allow(clippy::cast_precision_loss)]
pub(crate) fn totals_of(threads: &[ClientThread]) -> ClientTotals {
    // (The first of the busiest, when several are as busy.)
    let busiest =
        threads.iter().filter(|t| t.id.thread.is_some()).fold(None, |best, t| match best {
            Some(b) if ClientThread::occupied_pct(b) >= t.occupied_pct() => Some(b),
            _ => Some(t),
        });
    let sum = |f: fn(&ClientThread) -> i64| threads.iter().map(f).sum::<i64>();
    let transactions = sum(|t| t.transactions.unwrap_or(0));
    let per = |us: i64| (transactions > 0).then(|| round3(us as f64 / transactions as f64));
    let (user_us, system_us) = (sum(|t| t.user_us), sum(|t| t.system_us));
    ClientTotals {
        busiest: busiest.map(|t| t.id),
        busy_pct: busiest.map(|t| t.busy_pct),
        waiting_pct: busiest.and_then(|t| t.waiting_pct),
        user_us,
        system_us,
        voluntary_switches: sum(|t| t.voluntary_switches),
        involuntary_switches: sum(|t| t.involuntary_switches),
        transactions,
        user_us_per_transaction: per(user_us),
        system_us_per_transaction: per(system_us),
    }
}

/// An object of two workers, one saturated, and the main thread, its
/// seconds from `origin_us`; under `-R` when `throttled`, each thread of
/// shard 1 when `sharded`.
#[cfg(test)]
pub(crate) fn example(origin_us: i64, throttled: bool, sharded: bool) -> ClientDoc {
    use crate::clientstats::Plan;
    use crate::clientstats::collect::tests::{at, log_of};
    let busy = [at(0.0, 0.0, 0.0, 0.0), at(1.0, 0.5, 0.45, 0.0), at(2.0, 1.0, 0.9, 0.2)];
    let idle = [at(0.0, 0.0, 0.0, 0.0), at(1.0, 0.1, 0.0, 0.0), at(2.0, 0.2, 0.0, 0.0)];
    let mut a = log_of(&busy, throttled);
    a.transactions = Some(2000);
    let mut b = log_of(&idle, throttled);
    (b.thread, b.transactions) = (Some(1), Some(0));
    let mut main = log_of(&idle, false);
    main.thread = None;
    let stats = ClientStats {
        plan: Plan { per_second: true, shown: false },
        throttled,
        threads: vec![a, b, main],
    };
    let doc = json(&stats, origin_us);
    if sharded { merged(&[(1, &doc)]).unwrap_or(doc) } else { doc }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clientstats::Plan;
    use crate::clientstats::collect::tests::{at, log_of};

    /// What two workers and the main thread measured, as the document
    /// has it: shares to a tenth of a percent, CPU per transaction, the
    /// seconds, the verdict naming the saturated thread.
    #[test]
    fn the_object_of_a_run() {
        let busy = [at(0.0, 0.0, 0.0, 0.0), at(1.0, 0.5, 0.45, 0.0), at(2.0, 1.0, 0.9, 0.0)];
        let idle = [at(0.0, 0.0, 0.0, 0.0), at(1.0, 0.1, 0.0, 0.0), at(2.0, 0.2, 0.0, 0.0)];
        let mut a = log_of(&busy, false);
        a.transactions = Some(2000);
        let mut b = log_of(&idle, false);
        (b.thread, b.transactions) = (Some(1), Some(0));
        let mut main = log_of(&idle, false);
        main.thread = None;
        let stats = ClientStats {
            plan: Plan { per_second: true, shown: false },
            throttled: false,
            threads: vec![a, b, main],
        };
        let doc = json(&stats, 1_700_000_000_000_000);
        assert!(doc.run_queue && doc.per_second && !doc.shown);
        let t = &doc.threads[0];
        assert_eq!((t.busy_pct, t.waiting_pct, t.saturated_s), (50.0, Some(45.0), 2.0));
        assert_eq!((t.user_us, t.run_queue_us), (1_000_000, Some(900_000)));
        assert_eq!(
            (t.user_us_per_transaction, t.system_us_per_transaction),
            (Some(500.0), Some(0.0))
        );
        let s = t.seconds.as_ref().unwrap();
        assert_eq!((s.first, &s.busy_pct[..]), (0, &[50.0, 50.0][..]));
        assert_eq!(s.schedule_lag_ms, None);
        assert_eq!(doc.threads[1].user_us_per_transaction, None);
        assert_eq!(doc.threads[2].id.name(), "main thread");
        assert_eq!(doc.totals.busiest.map(|t| t.name()), Some("thread 0".to_string()));
        assert_eq!((doc.totals.transactions, doc.totals.user_us), (2000, 1_400_000));
        assert_eq!(doc.totals.user_us_per_transaction, Some(700.0));
        assert!(doc.verdict.client_bound);
        assert_eq!(doc.verdict.saturated, [ThreadRef { shard: None, thread: Some(0) }]);
        assert_eq!((doc.verdict.saturated_pct, doc.verdict.min_s), (90.0, 2.0));
        assert_eq!(doc.verdict.fell_behind, None);
        let named = ThreadRef { shard: Some(2), thread: Some(5) };
        assert_eq!(named.name(), "shard 2 thread 5");
    }
}
