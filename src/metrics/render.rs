//! What the metrics endpoint serves: a [`Snapshot`] of the run (counters
//! per script, latency and lag histograms, gauges), rendered once a second
//! as OpenMetrics by the Prometheus project's `prometheus-client` crate,
//! and that text in the Prometheus text format (0.0.4) for a scraper that
//! asks for it ([`prometheus_text`]).
//!
//! The histograms' buckets are fixed ([`BOUNDS_S`]), cumulative counts of
//! the HDR histogram's recorded values (within its three significant
//! digits), with its exact sum and count.

use prometheus_client::collector::Collector;
use prometheus_client::encoding::{DescriptorEncoder, EncodeMetric as _};
use prometheus_client::metrics::MetricType;
use prometheus_client::metrics::counter::ConstCounter;
use prometheus_client::metrics::gauge::ConstGauge;
use prometheus_client::registry::{Registry, Unit};

use crate::stats::StatsData;
use crate::stats::hist::Hist;

/// The upper bounds of the latency and lag histograms' buckets, seconds
/// (the `+Inf` bucket after them): 100 µs to 10 s, 1-2.5-5 a decade.
pub(crate) const BOUNDS_S: [f64; 16] = [
    0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5,
    5.0, 10.0,
];

/// A distribution as a histogram's buckets: the count of each bucket of
/// [`BOUNDS_S`] and of `+Inf` (not cumulative: the encoder adds them up),
/// the sum in seconds and the count.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Buckets {
    /// (upper bound, values in this bucket alone), `f64::MAX` for `+Inf`.
    pub(crate) counts: Vec<(f64, u64)>,
    /// The values' sum, s.
    pub(crate) sum_s: f64,
    /// Their count.
    pub(crate) count: u64,
}

impl Buckets {
    /// The buckets of `hist` (µs), its exact sum `sum_us`.
    pub(crate) fn of(hist: &Hist, sum_us: f64) -> Self {
        let mut counts: Vec<(f64, u64)> = BOUNDS_S.iter().map(|&b| (b, 0)).collect();
        counts.push((f64::MAX, 0));
        for (value_us, n) in hist.buckets() {
            #[allow(clippy::cast_precision_loss)]
            let s = value_us as f64 / 1e6;
            let i = BOUNDS_S.iter().position(|&b| s <= b).unwrap_or(BOUNDS_S.len());
            counts[i].1 += n;
        }
        Buckets { counts, sum_s: sum_us / 1e6, count: hist.count() }
    }
}

/// One script's counts and distributions.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct ScriptSnapshot {
    /// Its description (`<builtin: TPC-B (sort of)>`, a file name).
    pub(crate) name: String,
    /// Its counts (since the measurement started).
    pub(crate) stats: StatsData,
    /// Its latencies.
    pub(crate) latency: Buckets,
    /// Under `-R`: its schedule lags.
    pub(crate) lag: Option<Buckets>,
}

/// What the metrics say at one moment.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct Snapshot {
    /// Labels of every sample: the shard, the client count of a sweep,
    /// the run of a repeat, where they apply.
    pub(crate) common: Vec<(&'static str, String)>,
    /// Each script's.
    pub(crate) scripts: Vec<ScriptSnapshot>,
    /// The clients with a connection.
    pub(crate) clients_connected: Option<i64>,
    /// `--rate-profile`: the rate it asks for now, tps.
    pub(crate) rate_target_tps: Option<f64>,
    /// `--reconnect`: a client is connecting again now (1) or none (0).
    pub(crate) outage: Option<bool>,
    /// Where the client measures itself (`--client-stats`, a report
    /// option): each worker thread's busy share of its last second.
    pub(crate) busy: Vec<(String, f64)>,
}

/// A snapshot as `prometheus-client` collects it.
#[derive(Debug)]
struct Collect(Snapshot);

/// The labels of a sample: the common ones and its own.
fn labels(
    common: &[(&'static str, String)],
    own: &[(&'static str, &str)],
) -> Vec<(String, String)> {
    common
        .iter()
        .map(|(k, v)| ((*k).to_string(), v.clone()))
        .chain(own.iter().map(|(k, v)| ((*k).to_string(), (*v).to_string())))
        .collect()
}

/// A count as a counter's value (counts are never negative).
fn count(n: i64) -> u64 {
    u64::try_from(n).unwrap_or(0)
}

impl Collector for Collect {
    fn encode(&self, mut encoder: DescriptorEncoder<'_>) -> Result<(), std::fmt::Error> {
        let s = &self.0;
        type Of = fn(&StatsData) -> i64;
        let counters: [(&str, &str, Of); 5] = [
            (
                "pgbench_rs_transactions",
                "Transactions that succeeded (the warm-up not counted).",
                |st| st.cnt,
            ),
            ("pgbench_rs_retries", "Retries of transactions (--max-tries).", |st| st.retries),
            ("pgbench_rs_retried", "Transactions retried at least once.", |st| st.retried),
            ("pgbench_rs_skipped", "Transactions skipped for being late (-L under -R).", |st| {
                st.skipped
            }),
            (
                "pgbench_rs_commit_unknown",
                "Connection failures at a commit whose outcome is unknown (--reconnect).",
                |st| st.commit_unknown,
            ),
        ];
        for (name, help, of) in counters {
            let mut m = encoder.encode_descriptor(name, help, None, MetricType::Counter)?;
            for sc in &s.scripts {
                let l = labels(&s.common, &[("script", &sc.name)]);
                ConstCounter::new(count(of(&sc.stats))).encode(m.encode_family(&l)?)?;
            }
        }
        let kinds: [(&str, Of); 4] = [
            ("serialization", |st| st.serialization_failures),
            ("deadlock", |st| st.deadlock_failures),
            ("other", |st| st.other_failures),
            ("connection", |st| st.connection_failures),
        ];
        let help =
            "Transactions that failed, by kind (serialization, deadlock, other, connection).";
        let mut m =
            encoder.encode_descriptor("pgbench_rs_failed", help, None, MetricType::Counter)?;
        for sc in &s.scripts {
            for (kind, of) in kinds {
                let l = labels(&s.common, &[("script", &sc.name), ("kind", kind)]);
                ConstCounter::new(count(of(&sc.stats))).encode(m.encode_family(&l)?)?;
            }
        }
        type Dist = fn(&ScriptSnapshot) -> Option<&Buckets>;
        let histograms: [(&str, &str, Dist); 2] = [
            ("pgbench_rs_latency", "Latencies of the transactions that succeeded.", |sc| {
                Some(&sc.latency)
            }),
            ("pgbench_rs_lag", "Schedule lags of the transactions that succeeded (-R).", |sc| {
                sc.lag.as_ref()
            }),
        ];
        for (name, help, of) in histograms {
            if !s.scripts.iter().any(|sc| of(sc).is_some()) {
                continue;
            }
            let mut m = encoder.encode_descriptor(
                name,
                help,
                Some(&Unit::Seconds),
                MetricType::Histogram,
            )?;
            for sc in &s.scripts {
                if let Some(b) = of(sc) {
                    let l = labels(&s.common, &[("script", &sc.name)]);
                    m.encode_family(&l)?
                        .encode_histogram::<()>(b.sum_s, b.count, &b.counts, None)?;
                }
            }
        }
        let gauges: [(&str, &str, Option<f64>); 3] = [
            (
                "pgbench_rs_clients_connected",
                "Clients with a connection to the server.",
                s.clients_connected.map(|n| n as f64),
            ),
            (
                "pgbench_rs_rate_target_tps",
                "The rate --rate-profile asks for now, transactions per second.",
                s.rate_target_tps,
            ),
            (
                "pgbench_rs_outage",
                "1 while a client is connecting again after a lost connection (--reconnect), else 0.",
                s.outage.map(|o| if o { 1.0 } else { 0.0 }),
            ),
        ];
        for (name, help, value) in gauges {
            if let Some(v) = value {
                let mut m = encoder.encode_descriptor(name, help, None, MetricType::Gauge)?;
                ConstGauge::new(v).encode(m.encode_family(&labels(&s.common, &[]))?)?;
            }
        }
        if !s.busy.is_empty() {
            let help = "Each worker thread's share of its last second busy on a CPU (when the client measures itself).";
            let ratio = Unit::Other("ratio".into());
            let mut m = encoder.encode_descriptor(
                "pgbench_rs_thread_busy",
                help,
                Some(&ratio),
                MetricType::Gauge,
            )?;
            for (thread, share) in &s.busy {
                let l = labels(&s.common, &[("thread", thread)]);
                ConstGauge::new(*share).encode(m.encode_family(&l)?)?;
            }
        }
        Ok(())
    }
}

/// `snapshot` in OpenMetrics' text (ending with `# EOF`).
pub(crate) fn openmetrics(snapshot: Snapshot) -> String {
    let mut registry = Registry::default();
    registry.register_collector(Box::new(Collect(snapshot)));
    let mut out = String::with_capacity(8 * 1024);
    // Writing to a String cannot fail.
    let _ = prometheus_client::encoding::text::encode(&mut out, &registry);
    out
}

/// OpenMetrics' text `om` in the Prometheus text format 0.0.4: no `# EOF`
/// nor `# UNIT` lines, and a counter's `# TYPE` and `# HELP` named as its
/// samples are (with `_total`).
pub(crate) fn prometheus_text(om: &str) -> String {
    let counters: Vec<&str> =
        om.lines().filter_map(|l| l.strip_prefix("# TYPE ")?.strip_suffix(" counter")).collect();
    let mut out = String::with_capacity(om.len());
    for line in om.lines() {
        if line == "# EOF" || line.starts_with("# UNIT ") {
            continue;
        }
        let renamed = ["# TYPE ", "# HELP "].iter().find_map(|p| {
            let rest = line.strip_prefix(p)?;
            let (name, tail) = rest.split_once(' ')?;
            counters.contains(&name).then(|| format!("{p}{name}_total {tail}"))
        });
        out.push_str(renamed.as_deref().unwrap_or(line));
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn snapshot() -> Snapshot {
        let mut h = Hist::new();
        for us in [50.0, 150.0, 900.0, 1_000.0, 20_000_000.0] {
            h.record(us);
        }
        let mut stats = StatsData::new(0);
        stats.cnt = 5;
        stats.deadlock_failures = 2;
        Snapshot {
            common: vec![("shard", "0/2".into())],
            scripts: vec![ScriptSnapshot {
                name: "<builtin: select only>".into(),
                stats,
                latency: Buckets::of(&h, 20_002_100.0),
                lag: None,
            }],
            clients_connected: Some(4),
            rate_target_tps: None,
            outage: Some(false),
            busy: Vec::new(),
        }
    }

    #[test]
    fn buckets_count_the_values_up_to_each_bound() {
        let b = &snapshot().scripts[0].latency;
        let nonzero: Vec<(f64, u64)> = b.counts.iter().copied().filter(|c| c.1 > 0).collect();
        assert_eq!(nonzero, [(0.0001, 1), (0.00025, 1), (0.001, 2), (f64::MAX, 1)]);
        assert_eq!((b.count, b.sum_s), (5, 20.0021));
    }

    #[test]
    fn openmetrics_and_the_prometheus_text() {
        let om = openmetrics(snapshot());
        let l = "{shard=\"0/2\",script=\"<builtin: select only>\"}";
        for line in [
            "# TYPE pgbench_rs_transactions counter".to_string(),
            format!("pgbench_rs_transactions_total{l} 5"),
            "# TYPE pgbench_rs_latency_seconds histogram".into(),
            "# UNIT pgbench_rs_latency_seconds seconds".into(),
            format!("pgbench_rs_latency_seconds_count{l} 5"),
            "pgbench_rs_latency_seconds_bucket{le=\"0.001\",shard=\"0/2\",script=\"<builtin: select only>\"} 4".into(),
            "pgbench_rs_latency_seconds_bucket{le=\"+Inf\",shard=\"0/2\",script=\"<builtin: select only>\"} 5".into(),
            "pgbench_rs_failed_total{shard=\"0/2\",script=\"<builtin: select only>\",kind=\"deadlock\"} 2".into(),
            "pgbench_rs_clients_connected{shard=\"0/2\"} 4.0".into(),
            "pgbench_rs_outage{shard=\"0/2\"} 0.0".into(),
            "# EOF".into(),
        ] {
            assert!(om.lines().any(|x| x == line), "no {line:?} in\n{om}");
        }
        assert!(!om.contains("pgbench_rs_lag"), "no lag without -R");
        let text = prometheus_text(&om);
        assert!(
            text.lines().any(|x| x == "# TYPE pgbench_rs_transactions_total counter"),
            "{text}"
        );
        assert!(
            text.lines().any(|x| x.starts_with("# HELP pgbench_rs_transactions_total ")),
            "{text}"
        );
        assert!(!text.contains("# EOF") && !text.contains("# UNIT"), "{text}");
        assert!(text.lines().any(|x| x == format!("pgbench_rs_transactions_total{l} 5")), "{text}");
    }
}
