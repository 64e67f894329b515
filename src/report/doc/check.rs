//! A document from elsewhere (a shard's for `--merge`, a run's or several
//! runs' for `--compare`, any for `--report-csv`'s conversion) checked
//! whole before anything reads it: every field the readers use is there,
//! of its type and within its range (counts from 0 to 2^53, Unix epoch
//! times in µs that a double holds exactly, finite sums and durations,
//! shares of the time from 0 to 100 %); every histogram decodes within
//! the bounds of this program's histograms and holds as many values as
//! its distribution's count says; the seconds of the series, and those of
//! the client's threads, are numbered in order and fit in the run; and
//! nothing it says makes a reader's work larger than the file makes it:
//! a run does not go on for more than [`IDLE_TAIL_S`] after its last
//! recorded second, and every second and run has the percentiles of the
//! first. The first problem found is returned, with its field's path.

use serde_json::{Map, Value};

use super::fields::{BadField, shown};
use super::{Kind, SCHEMA_VERSION};
use crate::stats::hist::Hist;
use crate::stats::outage::BUCKET_US;

/// The largest count (2^48: 280 trillion transactions, a year at ten
/// million a second), and of µs in a sum of connection times: the sum of
/// [`MAX_SHARDS`] shards' fits an `i64`.
pub(crate) const MAX_COUNT: i64 = 1 << 48;
/// The most shards a run is split into.
pub(crate) const MAX_SHARDS: i64 = 1 << 14;
/// The latest Unix epoch time in µs (2^53 µs: year 2255).
const MAX_EPOCH_US: i64 = 1 << 53;
/// How long a run may go on after the last second it recorded anything
/// in (an outage at its end, a sparse `-R` schedule), s: a document that
/// says it went on longer is not believed (its `-P` lines would be read
/// from nothing).
pub(crate) const IDLE_TAIL_S: i64 = 86_400;

/// A value and its path in the document.
#[derive(Clone, Copy)]
struct At<'a> {
    v: &'a Value,
    path: &'a str,
}

/// A path with one more key.
fn join(path: &str, key: &str) -> String {
    if path.is_empty() { key.to_string() } else { format!("{path}.{key}") }
}

impl<'a> At<'a> {
    fn get(&self, key: &str) -> (&'a Value, String) {
        (&self.v[key], join(self.path, key))
    }

    fn int(&self, key: &str, lo: i64, hi: i64) -> Result<i64, BadField> {
        let (v, path) = self.get(key);
        match v.as_i64() {
            Some(n) if (lo..=hi).contains(&n) => Ok(n),
            _ => Err(BadField::expected(path, &format!("an integer from {lo} to {hi}"), v)),
        }
    }

    fn opt_int(&self, key: &str, lo: i64, hi: i64) -> Result<Option<i64>, BadField> {
        if self.v[key].is_null() { Ok(None) } else { self.int(key, lo, hi).map(Some) }
    }

    fn count(&self, key: &str) -> Result<i64, BadField> {
        self.int(key, 0, MAX_COUNT)
    }

    fn num(&self, key: &str, lo: f64) -> Result<f64, BadField> {
        let (v, path) = self.get(key);
        match v.as_f64() {
            Some(x) if x.is_finite() && x >= lo => Ok(x),
            _ => Err(BadField::expected(path, &format!("a number of {lo} or more"), v)),
        }
    }

    fn opt_num(&self, key: &str, lo: f64) -> Result<Option<f64>, BadField> {
        if self.v[key].is_null() { Ok(None) } else { self.num(key, lo).map(Some) }
    }

    fn text(&self, key: &str) -> Result<&'a str, BadField> {
        let (v, path) = self.get(key);
        v.as_str().ok_or_else(|| BadField::expected(path, "a text", v))
    }

    fn boolean(&self, key: &str) -> Result<bool, BadField> {
        let (v, path) = self.get(key);
        v.as_bool().ok_or_else(|| BadField::expected(path, "true or false", v))
    }

    fn one_of(&self, key: &str, allowed: &[&str]) -> Result<&'a str, BadField> {
        let (v, path) = self.get(key);
        match v.as_str() {
            Some(t) if allowed.contains(&t) => Ok(t),
            _ => Err(BadField::expected(path, &format!("one of {}", allowed.join(", ")), v)),
        }
    }

    fn list(&self, key: &str) -> Result<&'a Vec<Value>, BadField> {
        let (v, path) = self.get(key);
        v.as_array().ok_or_else(|| BadField::expected(path, "a list", v))
    }

    fn object(&self, key: &str) -> Result<&'a Map<String, Value>, BadField> {
        let (v, path) = self.get(key);
        v.as_object().ok_or_else(|| BadField::expected(path, "an object", v))
    }
}

/// Checks `f` on `v` at `path`.
fn within<'a, T>(
    v: &'a Value,
    path: &'a str,
    f: impl FnOnce(At<'a>) -> Result<T, BadField>,
) -> Result<T, BadField> {
    f(At { v, path })
}

/// The document's format and schema version.
fn header(doc: &Value, kind: Kind) -> Result<(), BadField> {
    let d = At { v: doc, path: "" };
    d.one_of("format", &[kind.format()])?;
    d.int("schema_version", i64::from(SCHEMA_VERSION), i64::from(SCHEMA_VERSION))?;
    Ok(())
}

/// A run's document.
pub(crate) fn run(doc: &Value) -> Result<(), BadField> {
    header(doc, Kind::Run)?;
    let d = At { v: doc, path: "" };
    let start = d.int("start_time_us", 0, MAX_EPOCH_US)?;
    let end = d.int("end_time_us", start, MAX_EPOCH_US)?;
    d.num("start_time", 0.0)?;
    d.num("end_time", 0.0)?;
    d.num("late_start_s", 0.0)?;
    d.int("warmup_s", 0, i64::from(i32::MAX))?;
    d.text("server_version")?;
    let status = d.one_of("status", &["completed", "aborted", "exited_on_abort", "interrupted"])?;
    if status == "interrupted" || !doc["interrupted_by"].is_null() {
        d.one_of("interrupted_by", &["SIGINT", "SIGTERM"])?;
    }
    if !doc["shard"].is_null() {
        within(&doc["shard"], "shard", |s| {
            let n = s.int("count", 1, MAX_SHARDS)?;
            s.int("index", 0, n - 1)
        })?;
    }
    let n_scripts = within(&doc["configuration"], "configuration", configuration)?;
    let pcts = percentiles_of(&doc["totals"]);
    within(&doc["totals"], "totals", |t| {
        stats(t, &pcts)?;
        t.count("late")?;
        t.int("connection_total_us", 0, MAX_COUNT)?;
        t.int("initial_connection_us", 0, MAX_COUNT)
    })?;
    let scripts = d.list("scripts")?;
    if scripts.len() != n_scripts {
        let problem = format!("{} scripts, but the configuration has {n_scripts}", scripts.len());
        return Err(BadField::new("scripts", problem));
    }
    for (i, s) in scripts.iter().enumerate() {
        let path = format!("scripts[{i}]");
        within(s, &path, |s| stats(s, &pcts))?;
        if let Some(commands) = s["commands"].as_array() {
            for (j, c) in commands.iter().enumerate() {
                within(c, &format!("{path}.commands[{j}]"), command)?;
            }
        }
    }
    // The series' origin and the measurement's start are moments apart
    // (a minute allows for anything a run does between them).
    let origin = within(&doc["progress"], "progress", |p| {
        p.int("start_time_us", (start - 60_000_000).max(0), end.min(start + 60_000_000))
    })?;
    series(doc, origin, end, &pcts)?;
    if !doc["outage_log"].is_null() {
        within(&doc["outage_log"], "outage_log", |o| outage_log(o, start, end))?;
    }
    if !doc["outages"].is_null() {
        for (i, o) in d.list("outages")?.iter().enumerate() {
            within(o, &format!("outages[{i}]"), |o| {
                o.num("start", 0.0)?;
                o.opt_num("end", 0.0)
            })?;
        }
    }
    if !doc["steps"].is_null() {
        for (i, s) in d.list("steps")?.iter().enumerate() {
            within(s, &format!("steps[{i}]"), step)?;
        }
    }
    if !doc["client"].is_null() {
        let span_s = (end - origin) / 1_000_000;
        within(&doc["client"], "client", |c| client(c, origin, span_s))?;
    }
    Ok(())
}

/// The configuration's fields the readers use: the number of scripts.
fn configuration(c: At<'_>) -> Result<usize, BadField> {
    if !c.v.is_object() {
        return Err(BadField::expected(c.path, "an object", c.v));
    }
    let int_max = i64::from(i32::MAX);
    c.int("clients", 1, int_max)?;
    c.int("threads", 1, int_max)?;
    c.opt_int("compat", 17, 19)?;
    c.opt_int("scale", 0, int_max)?;
    c.int("partitions", 0, int_max)?;
    c.int("max_tries", 0, i64::from(u32::MAX))?;
    c.opt_int("duration_s", 0, int_max)?;
    c.opt_int("transactions_per_client", 0, int_max)?;
    c.opt_int("progress_s", 1, int_max)?;
    c.opt_int("warmup_s", 0, int_max)?;
    c.opt_num("rate_tps", 0.0)?;
    c.opt_num("latency_limit_ms", 0.0)?;
    c.opt_int("sysbench_tables", 1, int_max)?;
    c.opt_int("sysbench_table_size", 1, int_max)?;
    for key in ["failures_detailed", "connect", "report_per_command", "progress_timestamp"] {
        c.boolean(key)?;
    }
    if !c.v["latency_percentiles"].is_null() {
        for (i, p) in c.list("latency_percentiles")?.iter().enumerate() {
            match p.as_f64() {
                Some(x) if (0.0..=100.0).contains(&x) => {}
                _ => {
                    let path = join(c.path, &format!("latency_percentiles[{i}]"));
                    return Err(BadField::expected(path, "a percentile from 0 to 100", p));
                }
            }
        }
    }
    let scripts = c.list("scripts")?;
    if scripts.is_empty() {
        return Err(BadField::new(
            join(c.path, "scripts"),
            "expected a script or more, found none",
        ));
    }
    for (i, s) in scripts.iter().enumerate() {
        within(s, &join(c.path, &format!("scripts[{i}]")), |s| {
            s.text("name")?;
            s.text("text")?;
            s.int("weight", 0, int_max)
        })?;
    }
    Ok(scripts.len())
}

/// The percentiles a stats object's latencies have (their keys).
fn percentiles_of(stats: &Value) -> Vec<&str> {
    let map = stats["latency_ms"]["percentiles"].as_object();
    map.into_iter().flatten().map(|(k, _)| k.as_str()).collect()
}

/// A stats object (totals, a script, a second) whose latencies have the
/// percentiles `pcts`.
fn stats(s: At<'_>, pcts: &[&str]) -> Result<(), BadField> {
    let transactions = s.count("transactions")?;
    for key in ["skipped", "retries", "retried", "failed"] {
        s.count(key)?;
    }
    within(&s.v["failures"], &join(s.path, "failures"), |f| {
        for key in ["serialization", "deadlock", "other"] {
            f.count(key)?;
        }
        for key in ["connection", "commit_unknown"] {
            f.opt_int(key, 0, MAX_COUNT)?;
        }
        Ok(())
    })?;
    let latency = within(&s.v["latency_ms"], &join(s.path, "latency_ms"), distribution)?;
    if latency != transactions {
        let problem = format!("{latency} latencies for {transactions} transactions");
        return Err(BadField::new(join(s.path, "latency_ms.count"), problem));
    }
    let keys = percentiles_of(s.v);
    if keys != pcts {
        let problem = format!(
            "expected the totals' percentiles ({}), found {}",
            pcts.join(", "),
            keys.join(", ")
        );
        return Err(BadField::new(join(s.path, "latency_ms.percentiles"), problem));
    }
    if !s.v["lag_ms"].is_null() && !s.v["lag_ms"].as_object().is_some_and(Map::is_empty) {
        within(&s.v["lag_ms"], &join(s.path, "lag_ms"), distribution)?;
    }
    Ok(())
}

/// A distribution object (`latency_ms`, `lag_ms`): its count, which its
/// histogram holds.
fn distribution(d: At<'_>) -> Result<i64, BadField> {
    let count = d.count("count")?;
    for key in ["min_us", "max_us", "sum_us", "sum2_us"] {
        d.num(key, 0.0)?;
    }
    if let Some(p) = d.v["percentiles"].as_object() {
        for (k, v) in p {
            if !v.is_null() && !v.as_f64().is_some_and(|x| x.is_finite() && x >= 0.0) {
                let path = join(d.path, &format!("percentiles.{k}"));
                return Err(BadField::expected(path, "a latency or nothing", v));
            }
        }
    }
    let (h, path) = d.get("histogram");
    match h {
        Value::Null => {}
        Value::String(text) => {
            let held = Hist::decode(text).map_err(|e| BadField::new(&path, e.to_string()))?.count();
            if i64::try_from(held) != Ok(count) {
                return Err(BadField::new(
                    path,
                    format!("holds {held} values, its count is {count}"),
                ));
            }
        }
        other => return Err(BadField::expected(path, "an encoded histogram", other)),
    }
    Ok(count)
}

/// A command of `-r`.
fn command(c: At<'_>) -> Result<(), BadField> {
    c.count("failed")?;
    c.count("retries")?;
    within(&c.v["failures"], &join(c.path, "failures"), |f| {
        for key in ["serialization", "deadlock", "other"] {
            f.count(key)?;
        }
        f.opt_int("connection", 0, MAX_COUNT).map(drop)
    })?;
    within(&c.v["latency_ms"], &join(c.path, "latency_ms"), distribution).map(drop)
}

/// The series of one-second intervals from the origin (µs), in a run
/// that ended at `end`.
fn series(doc: &Value, origin: i64, end: i64, pcts: &[&str]) -> Result<(), BadField> {
    let p = At { v: &doc["progress"], path: "progress" };
    p.int("interval_s", 1, 1)?;
    let intervals = p.list("intervals")?;
    let recorded = i64::try_from(intervals.len()).unwrap_or(i64::MAX);
    let span_s = (end - origin) / 1_000_000;
    if recorded > span_s + 2 {
        let problem = format!("{recorded} seconds in a run of {span_s} s");
        return Err(BadField::new("progress.intervals", problem));
    }
    if span_s - recorded > IDLE_TAIL_S {
        let problem = format!(
            "the run went on for {} s after its last recorded second (at most {IDLE_TAIL_S} s is believed)",
            span_s - recorded
        );
        return Err(BadField::new("end_time_us", problem));
    }
    for (i, iv) in intervals.iter().enumerate() {
        let path = format!("progress.intervals[{i}]");
        within(iv, &path, |iv| {
            let index = i64::try_from(i).unwrap_or(i64::MAX);
            iv.int("index", index, index)?;
            iv.num("start_time", 0.0)?;
            iv.num("duration_s", 0.0)?;
            stats(iv, pcts)
        })?;
    }
    Ok(())
}

/// `--reconnect`'s notes, of a run from `start` to `end` (µs).
fn outage_log(o: At<'_>, start: i64, end: i64) -> Result<(), BadField> {
    o.int("bucket_us", BUCKET_US, BUCKET_US)?;
    let origin = o.int("origin_us", start - 1_000_000, end)?;
    let times = |key: &str| -> Result<(), BadField> {
        for t in o.list(key)? {
            let ok = t.as_i64().is_some_and(|t| (0..=MAX_EPOCH_US).contains(&t));
            if !ok {
                return Err(BadField::expected(join(o.path, key), "Unix epoch µs", t));
            }
        }
        Ok(())
    };
    times("lost_us")?;
    for pair in o.list("back_us")? {
        let ok = pair.as_array().is_some_and(|p| {
            p.len() == 2
                && p.iter().all(|t| t.as_i64().is_some_and(|t| (0..=MAX_EPOCH_US).contains(&t)))
        });
        if !ok {
            return Err(BadField::expected(
                join(o.path, "back_us"),
                "pairs of Unix epoch µs",
                pair,
            ));
        }
    }
    let counts = o.list("counts")?;
    let most = (end - origin) / BUCKET_US + 2;
    if i64::try_from(counts.len()).unwrap_or(i64::MAX) > most {
        let problem = format!("{} buckets of {BUCKET_US} µs in {} µs", counts.len(), end - origin);
        return Err(BadField::new(join(o.path, "counts"), problem));
    }
    if let Some(c) = counts.iter().find(|c| c.as_u64().is_none_or(|n| u32::try_from(n).is_err())) {
        return Err(BadField::expected(join(o.path, "counts"), "counts up to 4294967295", c));
    }
    Ok(())
}

/// A step of `--rate-profile`.
fn step(s: At<'_>) -> Result<(), BadField> {
    let from = s.num("start_s", 0.0)?;
    s.num("end_s", from)?;
    s.num("rate_tps", 0.0)?;
    s.opt_num("ramp_to_tps", 0.0)?;
    for key in ["transactions", "skipped", "failed"] {
        s.count(key)?;
    }
    s.num("latency_sum_us", 0.0)?;
    s.num("lag_sum_us", 0.0).map(drop)
}

/// The client's object (`--client-stats`, a report) of a run whose
/// seconds start at `origin` (Unix epoch µs) and number `span_s` (and
/// the last, short one).
fn client(c: At<'_>, origin: i64, span_s: i64) -> Result<(), BadField> {
    for key in ["shown", "per_second", "run_queue"] {
        c.boolean(key)?;
    }
    for (i, t) in c.list("threads")?.iter().enumerate() {
        within(t, &join(c.path, &format!("threads[{i}]")), |t| client_thread(t, origin, span_s))?;
    }
    within(&c.v["totals"], &join(c.path, "totals"), |t| {
        if !t.v["busiest"].is_null() {
            within(&t.v["busiest"], &join(t.path, "busiest"), thread_ref)?;
        }
        t.opt_num("busy_pct", 0.0)?;
        t.opt_num("waiting_pct", 0.0)?;
        for key in ["user_us", "system_us", "voluntary_switches", "involuntary_switches"] {
            t.count(key)?;
        }
        t.count("transactions")?;
        t.opt_num("user_us_per_transaction", 0.0)?;
        t.opt_num("system_us_per_transaction", 0.0).map(drop)
    })?;
    within(&c.v["verdict"], &join(c.path, "verdict"), |v| {
        v.boolean("client_bound")?;
        share(v, "saturated_pct")?;
        v.num("min_s", 0.0)?;
        if !v.v["fell_behind"].is_null() {
            v.boolean("fell_behind")?;
        }
        for (i, r) in v.list("saturated")?.iter().enumerate() {
            within(r, &join(v.path, &format!("saturated[{i}]")), thread_ref)?;
        }
        Ok(())
    })
}

/// A share, % (0 to 100).
fn share(a: At<'_>, key: &str) -> Result<f64, BadField> {
    let x = a.num(key, 0.0)?;
    if x > 100.0 {
        return Err(BadField::new(join(a.path, key), format!("expected at most 100, found {x}")));
    }
    Ok(x)
}

/// A thread: its number (none: the main thread) and shard.
fn thread_ref(r: At<'_>) -> Result<(), BadField> {
    r.opt_int("thread", 0, i64::from(i32::MAX))?;
    r.opt_int("shard", 0, MAX_SHARDS - 1).map(drop)
}

/// A thread of the client's object.
fn client_thread(t: At<'_>, origin: i64, span_s: i64) -> Result<(), BadField> {
    thread_ref(t)?;
    t.num("measured_s", 0.0)?;
    t.num("saturated_s", 0.0)?;
    share(t, "busy_pct")?;
    if !t.v["waiting_pct"].is_null() {
        share(t, "waiting_pct")?;
    }
    if !t.v["fell_behind"].is_null() {
        t.boolean("fell_behind")?;
    }
    for key in ["user_us", "system_us", "voluntary_switches", "involuntary_switches"] {
        t.count(key)?;
    }
    t.opt_int("run_queue_us", 0, MAX_COUNT)?;
    t.opt_int("transactions", 0, MAX_COUNT)?;
    t.opt_num("user_us_per_transaction", 0.0)?;
    t.opt_num("system_us_per_transaction", 0.0)?;
    if t.v["seconds"].is_null() {
        return Ok(());
    }
    within(&t.v["seconds"], &join(t.path, "seconds"), |s| {
        // (After a merge, a shard's origin: a tenth of a second from the
        // merged run's, a minute allows for anything.)
        s.int("start_time_us", (origin - 60_000_000).max(0), origin + 60_000_000)?;
        let first = s.int("first", 0, span_s + 2)?;
        let busy = s.list("busy_pct")?;
        let seconds = i64::try_from(busy.len()).unwrap_or(i64::MAX);
        if first.saturating_add(seconds) > span_s + 2 {
            let problem = format!("seconds {first} to {} in a run of {span_s} s", first + seconds);
            return Err(BadField::new(join(s.path, "busy_pct"), problem));
        }
        let values = |key: &str, most: Option<f64>| -> Result<(), BadField> {
            if s.v[key].is_null() && key != "busy_pct" {
                return Ok(());
            }
            let list = s.list(key)?;
            if list.len() != busy.len() {
                let problem = format!("{} seconds, busy_pct has {}", list.len(), busy.len());
                return Err(BadField::new(join(s.path, key), problem));
            }
            let fits = |x: f64| x.is_finite() && x >= 0.0 && most.is_none_or(|m| x <= m);
            match list.iter().find(|x| !x.as_f64().is_some_and(fits)) {
                None => Ok(()),
                Some(x) => {
                    let range = most.map_or("numbers of 0 or more".into(), |m| {
                        format!("numbers from 0 to {m}")
                    });
                    Err(BadField::expected(join(s.path, key), &range, x))
                }
            }
        };
        values("busy_pct", Some(100.0))?;
        values("waiting_pct", Some(100.0))?;
        values("schedule_lag_ms", None)
    })
}

/// The document of several runs (`--repeat`, `--sweep-clients`): every
/// run's, whose percentiles are the first's.
pub(crate) fn points(doc: &Value) -> Result<(), BadField> {
    header(doc, Kind::Points)?;
    let points = At { v: doc, path: "" }.list("points")?;
    let mut first: Option<Vec<&str>> = None;
    for (i, p) in points.iter().enumerate() {
        let path = format!("points[{i}]");
        within(p, &path, |p| {
            p.int("clients", 1, i64::from(i32::MAX))?;
            p.int("threads", 1, i64::from(i32::MAX))?;
            p.list("runs").map(drop)
        })?;
        for (j, r) in p["runs"].as_array().into_iter().flatten().enumerate() {
            let at = format!("{path}.runs[{j}]");
            run(r).map_err(|bad| BadField::new(join(&at, &bad.field), bad.problem))?;
            let pcts = percentiles_of(&r["totals"]);
            match &first {
                None => first = Some(pcts),
                Some(f) if *f == pcts => {}
                Some(f) => {
                    let problem = format!(
                        "expected the first run's percentiles ({}), found {}",
                        f.join(", "),
                        pcts.join(", ")
                    );
                    return Err(BadField::new(join(&at, "totals.latency_ms.percentiles"), problem));
                }
            }
        }
    }
    Ok(())
}

/// A comparison's document.
pub(crate) fn comparison(doc: &Value) -> Result<(), BadField> {
    header(doc, Kind::Comparison)?;
    let points = At { v: doc, path: "" }.list("points")?;
    for (i, p) in points.iter().enumerate() {
        let path = format!("points[{i}]");
        let metrics = within(p, &path, |p| {
            p.int("clients", 1, i64::from(i32::MAX))?;
            p.int("threads", 0, i64::from(i32::MAX))?;
            p.object("metrics")
        })?;
        for (key, m) in metrics {
            within(m, &format!("{path}.metrics.{key}"), metric)?;
        }
    }
    Ok(())
}

/// A compared metric.
fn metric(m: At<'_>) -> Result<(), BadField> {
    m.one_of("better", &["higher", "lower"])?;
    m.one_of("method", &["exact", "asymptotic"])?;
    for side in ["base", "new"] {
        within(&m.v[side], &join(m.path, side), |s| {
            s.num("median", f64::MIN)?;
            s.int("n", 1, MAX_COUNT)
        })?;
    }
    m.opt_num("change_pct", f64::MIN)?;
    let ci = &m.v["ci_pct"];
    let pair =
        ci.as_array().is_some_and(|c| c.len() == 2 && c.iter().all(|x| x.as_f64().is_some()));
    if !ci.is_null() && !pair {
        return Err(BadField::expected(join(m.path, "ci_pct"), "two numbers or nothing", ci));
    }
    let p = m.num("p_value", 0.0)?;
    if p > 1.0 {
        return Err(BadField::new(
            join(m.path, "p_value"),
            format!("expected at most 1, found {p}"),
        ));
    }
    m.boolean("significant")?;
    m.boolean("too_few").map(drop)
}

/// A document of any kind.
pub(crate) fn any(doc: &Value) -> Result<(), BadField> {
    match Kind::of(doc) {
        Some(Kind::Run) => run(doc),
        Some(Kind::Points) => points(doc),
        Some(Kind::Comparison) => comparison(doc),
        None => Err(BadField::new(
            "format",
            format!("not a pgbench-rs document ({})", shown(&doc["format"])),
        )),
    }
}
