//! `--metrics-listen` during a run: once a second the main thread makes a
//! snapshot of the live metrics from what it has anyway, the workers'
//! seconds summed as they arrive (each script's counts and
//! distributions, the warm-up not counted) and the clients' gauges each
//! worker sends once a second (and each thread's busy share, where the
//! client measures itself), and publishes it; at the end of the run, a
//! last one from what the run measured.

use crate::clientstats::collect::Collector;
use crate::config::BenchConfig;
use crate::engine::shared::Shared;
use crate::metrics::{Buckets, Publisher, ScriptSnapshot, Snapshot};
use crate::result::Measured;
use crate::stats::series::{Part, Series};

/// How often a snapshot is made, µs.
const EVERY_US: i64 = 1_000_000;

/// The main thread's side of the live metrics.
#[derive(Debug)]
pub(crate) struct Live<'a> {
    publisher: &'a Publisher<'a>,
    /// When the next snapshot is due (monotonic µs).
    next_us: i64,
    /// Each thread's clients connected and connecting again.
    clients: Vec<(u32, u32)>,
}

impl<'a> Live<'a> {
    /// With `--metrics-listen`: the live metrics of a run of `nthreads`
    /// threads starting at `now`, whose `series` keeps its totals from now.
    pub(crate) fn new(
        sh: &Shared<'a>,
        nthreads: usize,
        now: i64,
        series: &mut Series,
    ) -> Option<Self> {
        let publisher = sh.metrics?;
        series.keep_totals(sh.scripts.len());
        Some(Live { publisher, next_us: now + EVERY_US, clients: vec![(0, 0); nthreads] })
    }

    /// When the next snapshot is due.
    pub(crate) fn due(&self) -> i64 {
        self.next_us
    }

    /// Thread `tid` has `connected` clients with a connection and
    /// `reconnecting` connecting again.
    pub(crate) fn note(&mut self, tid: usize, connected: u32, reconnecting: u32) {
        if let Some(c) = self.clients.get_mut(tid) {
            *c = (connected, reconnecting);
        }
    }

    /// Publishes a snapshot when one is due at `now` (with each thread's
    /// busy share where the `client` measures itself).
    pub(crate) fn tick(
        &mut self,
        now: i64,
        sh: &Shared<'_>,
        series: &Series,
        client: Option<&Collector>,
    ) {
        if now < self.next_us {
            return;
        }
        while self.next_us <= now {
            self.next_us += EVERY_US;
        }
        let parts = series.totals().unwrap_or_default();
        let mut s = snapshot(sh.cfg, parts);
        s.clients_connected = Some(self.clients.iter().map(|c| i64::from(c.0)).sum());
        if let Some(c) = client {
            s.busy = c.latest_busy().into_iter().map(|(t, b)| (t.to_string(), b)).collect();
        }
        if sh.cfg.ext.reconnect.is_some() {
            s.outage = Some(self.clients.iter().any(|c| c.1 > 0));
        }
        let origin = sh.sync.measure_origin.get().or(sh.sync.origin.get()).map(|o| o.us());
        if let (Some(p), Some(o)) = (sh.cfg.ext.rate_profile.as_ref(), origin) {
            s.rate_target_tps = Some(p.rate_at((now - o).max(0)));
        }
        self.publisher.publish(s);
    }
}

/// The counters and histograms of each script's `parts`.
fn snapshot(cfg: &BenchConfig, parts: &[Part]) -> Snapshot {
    let throttled = cfg.throttle_delay_us.is_some();
    let scripts = cfg
        .scripts
        .iter()
        .zip(parts)
        .map(|(script, p)| ScriptSnapshot {
            name: script.desc.clone(),
            stats: p.stats,
            latency: Buckets::of(&p.latency, p.stats.latency.sum),
            lag: throttled.then(|| Buckets::of(&p.lag, p.stats.lag.sum)),
        })
        .collect();
    Snapshot { scripts, ..Snapshot::default() }
}

/// The run's last snapshot, from what it measured: every transaction
/// counted, the clients gone, each thread's busy share that of the whole
/// measurement.
pub(crate) fn final_snapshot(cfg: &BenchConfig, m: &Measured) -> Snapshot {
    let Some(dist) = m.dist.as_ref() else { return Snapshot::default() };
    let parts: Vec<Part> = dist
        .scripts
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let mut p = p.clone();
            p.stats = if cfg.scripts.len() == 1 {
                m.total
            } else {
                m.scripts.get(i).copied().unwrap_or_default()
            };
            p
        })
        .collect();
    let mut s = snapshot(cfg, &parts);
    s.clients_connected = Some(0);
    if let Some(c) = m.client.as_ref() {
        s.busy = c.busy().into_iter().map(|(t, b)| (t.to_string(), b)).collect();
    }
    if cfg.ext.reconnect.is_some() {
        s.outage = Some(false);
    }
    s
}
