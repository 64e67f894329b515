//! `--server-stats[=SECONDS]`: the server's side of the run on the run's
//! own timeline. A sampler with a connection of its own (not a client,
//! counted nowhere) reads the statistics views ([`views`]) at each
//! interval, aligned with the `-P` and JSON seconds, and the wait events
//! of the run's own backends ten times a second; at the end it adds
//! pg_stat_statements' deltas, the settings that differ from their
//! defaults and the server's version ([`output`] prints and writes them).
//!
//! The run's backends are found by pid: every connection the run makes
//! notes its backend's pid in the run's [`Backends`], which the sampler
//! reads (each run of a sweep has its own). The sampler's own
//! transactions are subtracted from `xact_commit` (and, on servers that
//! count WAL per backend, its WAL from pg_stat_wal's): before each
//! reading it asks the server to flush its pending statistics
//! (`pg_stat_force_next_flush()`, 15 and newer), so that a reading holds
//! exactly the transactions it ran before it.

mod output;
mod views;

use crate::pq::backends::Backends;

pub(crate) use output::text;

use std::collections::BTreeMap;
use std::ffi::CString;
use std::fmt::Write as _;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, Ordering};

use serde_json::{Map, Value};

use crate::config::BenchConfig;
use crate::error::Error;
use crate::log;
use crate::pq::{Conn, ExecStatus};
use crate::sys::clock::monotonic_us;
use crate::time::Mono;
use views::{TAG, TAG_COMMENT, View};

/// Wait-event samples per second.
pub(crate) const WAIT_HZ: i64 = 10;

/// How long the end of the run waits for the clients' backends to exit
/// (they flush their statistics as they do), µs. (PostgreSQL takes a
/// backend out of pg_stat_activity just before that last flush, and
/// nothing a client can query shows the flush: a backend descheduled
/// between the two, on a loaded server, can leave the commits it ran
/// since its previous flush out of the last reading.)
const EXIT_WAIT_US: i64 = 5_000_000;

/// How close to an interval's end the end of the run must be for the
/// last reading to close that interval rather than a shorter one, µs.
const FOLD_US: i64 = 250_000;

/// One reading of the views: what the server said, and how many
/// transactions (committed, rolled back) the sampler had run before it.
#[derive(Debug, Clone)]
struct Reading {
    /// The JSON object of [`views::reading_sql`].
    value: Value,
    /// The sampler's commits before the reading.
    own_commits: i64,
    /// The sampler's rollbacks before the reading.
    own_rollbacks: i64,
}

/// One interval's sample.
#[derive(Debug, Clone)]
pub(crate) struct Sample {
    /// Seconds from the start of the measurement to the interval's end.
    pub(crate) t: f64,
    /// Each view's change (`null` for a view not read).
    pub(crate) views: Map<String, Value>,
    /// The run's backends by wait event (`Type:Event`, `CPU`), counted
    /// over the interval's wait-event samples.
    pub(crate) wait_events: BTreeMap<String, u64>,
}

/// A checkpoint on the run's timeline, seconds as `t`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Checkpoint {
    /// When it started.
    pub(crate) start: f64,
    /// When it ended.
    pub(crate) end: f64,
}

/// What the sampler found, for the reports.
#[derive(Debug, Clone)]
pub(crate) struct ServerStats {
    /// The interval, seconds.
    pub(crate) interval_s: i32,
    /// `server_version`.
    pub(crate) server_version: String,
    /// The samples, in order.
    pub(crate) samples: Vec<Sample>,
    /// The checkpoints that ended during the measurement.
    pub(crate) checkpoints: Vec<Checkpoint>,
    /// pg_stat_statements' changes of the run's statements (none when
    /// it could not be read: `notes` says why).
    pub(crate) statements: Option<Vec<Value>>,
    /// The settings that differ from their defaults (name to value).
    pub(crate) settings: Option<BTreeMap<String, String>>,
    /// What could not be read, and why, by view (or `statements`,
    /// `settings`, `checkpoints`, `flush`, `own_wal`).
    pub(crate) notes: BTreeMap<String, String>,
    /// The sampler's own committed transactions over its whole session
    /// (its connection's and every statement's), which the samples leave
    /// out.
    pub(crate) own_commits: i64,
    /// Its statements that failed (rolled back).
    pub(crate) own_rollbacks: i64,
}

/// The sampler: its connection, what it reads, and what it found so far.
#[derive(Debug)]
pub(crate) struct Sampler {
    /// Its own connection.
    con: Conn,
    /// The server's `server_version_num`.
    version: i32,
    /// The interval between readings, µs.
    interval_us: i64,
    /// `--warmup`: the measurement starts after it (readings again then).
    warmup: bool,
    /// The views it reads (those the server has and the role may read).
    views: Vec<View>,
    /// The views the server lacks.
    lacks: Vec<&'static str>,
    /// The statement of a reading ([`views::reading_sql`]).
    reading_sql: CString,
    /// Its statements that committed, so far.
    own_commits: i64,
    /// Its statements that failed, so far.
    own_rollbacks: i64,
    /// Whether it may read pg_control_checkpoint() (checkpoints).
    control: bool,
    /// Whether it may call pg_stat_force_next_flush().
    flush: bool,
    /// Whether a reading failed already (warned once).
    failed_once: bool,
    /// pg_stat_statements at the start of the measurement.
    statements_base: Option<Value>,
    /// The reading at the start of the measurement.
    base: Option<Reading>,
    /// The reading at the end of each sample's interval.
    readings: Vec<Reading>,
    /// The samples so far.
    samples: Vec<Sample>,
    /// The current interval's wait events.
    waits: BTreeMap<String, u64>,
    /// The current interval's largest lags, by `standby:column`.
    lags: BTreeMap<String, f64>,
    /// The pids of the run's latest connections (at most `pid_window`).
    pids: Vec<i32>,
    /// [`Sampler::pids`] as a PostgreSQL array, the parameter of the
    /// statements that look for them (so that their text does not grow
    /// with `-c`).
    pid_array: CString,
    /// How many pids are kept (under `-C` the connections come and go).
    pid_window: usize,
    /// The checkpoints seen so far.
    checkpoints: Vec<Checkpoint>,
    /// The control file's checkpoint time last seen (epoch seconds).
    last_checkpoint: Option<i64>,
    /// When the checkpointer was last seen idle (monotonic µs).
    last_idle: Option<i64>,
    /// The start of the measurement (monotonic µs), once known.
    origin: Option<i64>,
    /// What could not be read, and why.
    notes: BTreeMap<String, String>,
}

/// The first line of a server's error message.
fn first_line(msg: &str) -> String {
    msg.lines().next().unwrap_or("").trim_start_matches("ERROR:").trim().to_string()
}

impl Sampler {
    /// Connects the sampler (before the run's set-up, so that the first
    /// interval holds what pgbench-rs runs at its start), finds which
    /// views it can read and takes the first reading.
    ///
    /// # Errors
    /// The connection's failure, in C pgbench's words.
    pub(crate) fn connect(cfg: &BenchConfig, interval_s: i32) -> Result<Sampler, Error> {
        let con = Conn::connect(&cfg.conn).map_err(|e| {
            Error::new(e.to_string()).and_error("could not create connection for server statistics")
        })?;
        let version = con.server_version();
        let (views, lacks) = views::for_version(version);
        let clients: usize = crate::invariant::fits(cfg.nclients, "invariant: -c is at least 1");
        let mut s = Sampler {
            con,
            version,
            interval_us: i64::from(interval_s) * 1_000_000,
            warmup: cfg.ext.warmup_s > 0,
            views: Vec::new(),
            lacks,
            reading_sql: CString::default(),
            own_commits: 0,
            own_rollbacks: 0,
            control: false,
            flush: false,
            failed_once: false,
            statements_base: None,
            base: None,
            readings: Vec::new(),
            samples: Vec::new(),
            waits: BTreeMap::new(),
            lags: BTreeMap::new(),
            pids: Vec::new(),
            pid_array: CString::default(),
            pid_window: (4 * clients).max(1000),
            checkpoints: Vec::new(),
            last_checkpoint: None,
            last_idle: None,
            origin: None,
            notes: BTreeMap::new(),
        };
        for name in s.lacks.clone() {
            s.notes.insert(name.into(), format!("the server (version {version}) has no {name}"));
        }
        for v in views {
            match s.query(&format!("{TAG}{}", v.sql)) {
                Ok(_) => s.views.push(v),
                Err(e) => s.cannot_read(v.name, &e),
            }
        }
        if version >= 150_000 {
            match s.query(&format!("{TAG}pg_catalog.pg_stat_force_next_flush()")) {
                Ok(_) => s.flush = true,
                Err(e) => s.cannot_read(
                    "flush",
                    &format!("pg_stat_force_next_flush(): {e} (the sampler's own commits are left out as far as the server has counted them)"),
                ),
            }
        }
        let own_wal = version >= 180_000
            && match s.query(&format!("{TAG}{}", views::OWN_WAL)) {
                Ok(_) => true,
                Err(e) => {
                    s.cannot_read("own_wal", &format!("pg_stat_get_backend_wal(): {e}"));
                    false
                }
            };
        s.reading_sql = CString::new(views::reading_sql(&s.views, own_wal)).unwrap_or_default();
        match s.query(&format!("{TAG}extract(epoch FROM checkpoint_time)::bigint FROM pg_catalog.pg_control_checkpoint()")) {
            Ok(v) => {
                s.control = true;
                s.last_checkpoint = v.as_i64();
            }
            Err(e) => s.cannot_read("checkpoints", &format!("pg_control_checkpoint(): {e}")),
        }
        s.statements_base = s.statements();
        s.base = s.read();
        Ok(s)
    }

    /// Notes (and says on stderr) that `what` could not be read.
    fn cannot_read(&mut self, what: &str, why: &str) {
        log::warning!("--server-stats cannot read {what}: {why}");
        self.notes.insert(what.into(), why.into());
    }

    /// Runs `sql` (one transaction), the first column of its one row as
    /// JSON (`null` for SQL NULL or no row); the server's error message.
    fn query(&mut self, sql: &str) -> Result<Value, String> {
        let Ok(c) = CString::new(sql) else { return Err("bad statement".into()) };
        self.query_c(&c)
    }

    /// The pids of the connections made since the last call joined to
    /// [`Sampler::pids`] (the latest `pid_window` kept), and
    /// [`Sampler::pid_array`] made again.
    fn note_pids(&mut self, backends: &Backends) {
        let before = self.pids.len();
        backends.take_into(&mut self.pids);
        if self.pids.len() > self.pid_window {
            let extra = self.pids.len() - self.pid_window;
            self.pids.drain(..extra);
        } else if self.pids.len() == before && !self.pid_array.is_empty() {
            return;
        }
        let mut text = String::with_capacity(8 * self.pids.len() + 2);
        text.push('{');
        for (i, pid) in self.pids.iter().enumerate() {
            if i > 0 {
                text.push(',');
            }
            let _ = write!(text, "{pid}");
        }
        text.push('}');
        self.pid_array = CString::new(text).unwrap_or_default();
    }

    /// [`Sampler::query`] of a statement whose one parameter is
    /// [`Sampler::pid_array`].
    fn query_pids(&mut self, sql: &str) -> Result<Value, String> {
        let Ok(c) = CString::new(sql) else { return Err("bad statement".into()) };
        let r = self.con.exec_params(&c, &[&self.pid_array]);
        self.result_value(r)
    }

    /// [`Sampler::query`] of a statement already in C form.
    fn query_c(&mut self, sql: &std::ffi::CStr) -> Result<Value, String> {
        let r = self.con.exec(sql);
        self.result_value(r)
    }

    /// The value of a statement's result (one transaction: counted as
    /// the sampler's own commit or rollback).
    fn result_value(&mut self, r: Option<crate::pq::PgResult>) -> Result<Value, String> {
        match r {
            Some(r) if r.status() == ExecStatus::TuplesOk => {
                self.own_commits += 1;
                if r.ntuples() == 0 || r.is_null(0, 0) {
                    return Ok(Value::Null);
                }
                let text = String::from_utf8_lossy(r.value(0, 0));
                Ok(serde_json::from_str(&text).unwrap_or(Value::String(text.into_owned())))
            }
            Some(r) => {
                self.own_rollbacks += 1;
                Err(first_line(&r.error_message()))
            }
            None => Err(first_line(&self.con.error_message())),
        }
    }

    /// A reading of the views after the server flushed the sampler's
    /// pending statistics; none (after a warning) when it failed.
    fn read(&mut self) -> Option<Reading> {
        if self.flush {
            let _ = self.query(&format!("{TAG}pg_catalog.pg_stat_force_next_flush()"));
        }
        let (own_commits, own_rollbacks) = (self.own_commits, self.own_rollbacks);
        let sql = self.reading_sql.clone();
        match self.query_c(&sql) {
            Ok(value) => Some(Reading { value, own_commits, own_rollbacks }),
            Err(e) => {
                // Once: a server that went away fails every reading.
                if !self.failed_once {
                    log::warning!("--server-stats could not read the statistics: {e}");
                    self.failed_once = true;
                }
                None
            }
        }
    }

    /// pg_stat_statements' rows of the run's database (not the
    /// sampler's); none, with a note, when it cannot be read.
    fn statements(&mut self) -> Option<Value> {
        if self.version < 130_000 {
            self.notes.insert(
                "statements".into(),
                "pg_stat_statements needs a server of version 13 or newer here".into(),
            );
            return None;
        }
        match self.query(&format!(
            "{TAG}count(*) FROM pg_catalog.pg_extension WHERE extname = 'pg_stat_statements'"
        )) {
            Ok(n) if n.as_i64() == Some(1) => {}
            Ok(_) => {
                self.notes.insert(
                    "statements".into(),
                    "the extension pg_stat_statements is not installed in the database".into(),
                );
                return None;
            }
            Err(e) => {
                self.notes.insert("statements".into(), e);
                return None;
            }
        }
        let toplevel = if self.version >= 140_000 { "'toplevel', toplevel, " } else { "" };
        let sql = format!(
            "{TAG}coalesce(json_agg(json_build_object('userid', userid, 'queryid', queryid, {toplevel}\
             'query', query, 'calls', calls, 'total_exec_time', total_exec_time, 'rows', rows, \
             'shared_blks_hit', shared_blks_hit, 'shared_blks_read', shared_blks_read)), '[]') \
             FROM pg_stat_statements WHERE dbid = (SELECT oid FROM pg_catalog.pg_database WHERE datname = pg_catalog.current_database()) \
             AND query NOT LIKE '%{TAG_COMMENT}%'"
        );
        match self.query(&sql) {
            Ok(v) => Some(v),
            Err(e) => {
                self.notes.insert("statements".into(), format!("pg_stat_statements: {e}"));
                None
            }
        }
    }

    /// Samples until `stop`: waits for the measurement to start at
    /// `measure_origin` (monotonic µs; after a warm-up, reads again then),
    /// then the wait events ten times a second and the views at each
    /// interval.
    pub(crate) fn run(
        &mut self,
        measure_origin: &OnceLock<Mono>,
        stop: &AtomicBool,
        backends: &Backends,
    ) {
        let warmup = self.warmup;
        let origin = loop {
            if let Some(o) = measure_origin.get() {
                break o.us();
            }
            if stop.load(Ordering::SeqCst) {
                return;
            }
            std::thread::sleep(std::time::Duration::from_millis(2));
        };
        self.origin = Some(origin);
        if warmup {
            self.statements_base = self.statements();
            self.base = self.read();
            self.checkpoints.clear();
        }
        let tick_us = 1_000_000 / WAIT_HZ;
        let mut tick = 1;
        // When the sampler first saw the stop.
        let mut stopped_at = None;
        loop {
            let at = origin + tick * tick_us;
            let mut late = true;
            loop {
                if stopped_at.is_none() && stop.load(Ordering::SeqCst) {
                    stopped_at = Some(monotonic_us());
                }
                let left = at - monotonic_us();
                if left <= 0 || stopped_at.is_some() {
                    break;
                }
                late = false;
                let nap: u64 = crate::invariant::fits(left.min(10_000), "invariant: left > 0");
                std::thread::sleep(std::time::Duration::from_micros(nap));
            }
            // The ticks that were due when the stop came are still taken:
            // a sampler held up past the run's end (in a query that waited
            // on the server, or not scheduled) closes the seconds it missed,
            // as it does when it is late during the run, and `finish`
            // replaces those at or after the end.
            if stopped_at.is_some_and(|s| at > s) {
                return;
            }
            // (The sampler starts once the initial connections are made:
            // the wait samples of the ticks before are not made up.)
            if !late || monotonic_us() - at < tick_us {
                self.poll_waits(backends);
            }
            if (tick * tick_us) % self.interval_us == 0 {
                let t = (tick * tick_us) as f64 / 1e6;
                self.close_interval(t);
            }
            tick += 1;
        }
    }

    /// Reads the views and closes the interval ending at `t`.
    fn close_interval(&mut self, t: f64) {
        let Some(cur) = self.read() else { return };
        let prev = self.readings.last().or(self.base.as_ref()).cloned();
        let sample = self.sample(t, &cur, prev.as_ref());
        self.samples.push(sample);
        self.readings.push(cur);
    }

    /// The sample of an interval from its readings at the end and start.
    fn sample(&mut self, t: f64, cur: &Reading, prev: Option<&Reading>) -> Sample {
        let mut out = Map::new();
        let pv = |name: &str| prev.and_then(|p| p.value.get(name));
        for v in &self.views {
            out.insert(v.name.into(), views::change(v, cur.value.get(v.name), pv(v.name)));
        }
        for name in &self.lacks {
            out.insert((*name).into(), Value::Null);
        }
        for name in self.notes.keys() {
            if name.starts_with("pg_stat_") && !out.contains_key(name) {
                out.insert(name.clone(), Value::Null);
            }
        }
        // The sampler's own transactions and WAL are not the run's.
        let (c0, r0) = prev.map_or((0, 0), |p| (p.own_commits, p.own_rollbacks));
        if let Some(db) = out.get_mut("pg_stat_database").and_then(Value::as_object_mut) {
            for (key, own) in
                [("xact_commit", cur.own_commits - c0), ("xact_rollback", cur.own_rollbacks - r0)]
            {
                if let Some(n) = db.get(key).and_then(Value::as_i64) {
                    db.insert(key.into(), Value::from(n - own));
                }
            }
        }
        if let Some(wal) = out.get_mut("pg_stat_wal").and_then(Value::as_object_mut) {
            for key in ["wal_records", "wal_fpi", "wal_bytes"] {
                let own = views::counter(cur.value.get("own_wal"), pv("own_wal"), key);
                if let Some(n) = wal.get(key).and_then(Value::as_i64) {
                    wal.insert(key.into(), Value::from(n - own));
                }
            }
        }
        // A standby's lags: the largest seen in the interval.
        let lags = std::mem::take(&mut self.lags);
        for row in
            out.get_mut("pg_stat_replication").and_then(Value::as_array_mut).into_iter().flatten()
        {
            let name =
                row.get("application_name").and_then(Value::as_str).unwrap_or("").to_string();
            for key in ["write_lag", "flush_lag", "replay_lag"] {
                if let Some(&seen) = lags.get(&format!("{name}:{key}")) {
                    let now = row.get(key).and_then(Value::as_f64);
                    if now.is_none_or(|x| x < seen) {
                        row[key] = Value::from(seen);
                    }
                }
            }
        }
        Sample { t, views: out, wait_events: std::mem::take(&mut self.waits) }
    }

    /// One wait-event sample of the run's backends, and where the
    /// checkpointer is.
    fn poll_waits(&mut self, backends: &Backends) {
        self.note_pids(backends);
        let control = if self.control {
            " UNION ALL SELECT '#checkpoint', extract(epoch FROM checkpoint_time)::bigint FROM pg_catalog.pg_control_checkpoint()"
        } else {
            ""
        };
        let lags = if self.views.iter().any(|v| v.name == "pg_stat_replication") {
            " UNION ALL SELECT '#lag:' || coalesce(application_name, '') || ':' || l.k, l.v \
             FROM pg_catalog.pg_stat_replication, LATERAL (VALUES ('write_lag', extract(epoch FROM write_lag)), \
             ('flush_lag', extract(epoch FROM flush_lag)), ('replay_lag', extract(epoch FROM replay_lag))) l(k, v) \
             WHERE l.v IS NOT NULL"
        } else {
            ""
        };
        let sql = format!(
            "{TAG}coalesce(json_object_agg(k, n), '{{}}') FROM (\
             SELECT coalesce(wait_event_type || ':' || wait_event, 'CPU') AS k, count(*)::numeric AS n \
             FROM pg_catalog.pg_stat_activity WHERE pid = ANY($1::int[]) AND state <> 'idle' GROUP BY 1 \
             UNION ALL SELECT '#busy', count(*) FROM pg_catalog.pg_stat_activity \
             WHERE backend_type = 'checkpointer' AND wait_event IS DISTINCT FROM 'CheckpointerMain'{control}{lags}) s"
        );
        let now = monotonic_us();
        let Ok(Value::Object(found)) = self.query_pids(&sql) else { return };
        for (k, n) in &found {
            if let Some(lag) = k.strip_prefix("#lag:") {
                let x = n.as_f64().unwrap_or(0.0);
                let max = self.lags.entry(lag.to_string()).or_insert(x);
                *max = max.max(x);
            } else if !k.starts_with('#') {
                *self.waits.entry(k.clone()).or_insert(0) += n.as_u64().unwrap_or(0);
            }
        }
        let busy = found.get("#busy").and_then(Value::as_i64).unwrap_or(0) > 0;
        if let Some(at) = found.get("#checkpoint").and_then(Value::as_i64) {
            if self.last_checkpoint.is_some_and(|last| last != at) {
                self.checkpoint_ended(at, now);
            }
            self.last_checkpoint = Some(at);
        }
        if !busy {
            self.last_idle = Some(now);
        }
    }

    /// A checkpoint that started at `started` (epoch seconds, as the
    /// control file has it) was seen ended at `seen` (monotonic µs): it
    /// started after the checkpointer was last seen idle.
    fn checkpoint_ended(&mut self, started: i64, seen: i64) {
        let Some(origin) = self.origin else { return };
        let shift = crate::sys::clock::epoch_shift();
        let start_mono = (started * 1_000_000 - shift).max(self.last_idle.unwrap_or(i64::MIN));
        #[allow(clippy::cast_precision_loss)]
        let t = |mono: i64| ((mono - origin) as f64 / 1000.0).round() / 1000.0;
        let end = t(seen);
        self.checkpoints.push(Checkpoint { start: t(start_mono.min(seen)).min(end), end });
    }

    /// Ends the sampling at `end` (monotonic µs; the signal's time after
    /// an interruption): waits for the clients' backends to exit, takes
    /// the last reading, which closes the interval `end` falls in (or
    /// ends a last, shorter one), and reads pg_stat_statements and the
    /// settings.
    pub(crate) fn finish(mut self, end: i64, backends: &Backends) -> ServerStats {
        let deadline = monotonic_us() + EXIT_WAIT_US;
        self.note_pids(backends);
        let alive =
            format!("{TAG}count(*) FROM pg_catalog.pg_stat_activity WHERE pid = ANY($1::int[])");
        while monotonic_us() < deadline {
            match self.query_pids(&alive) {
                Ok(n) if n.as_i64() == Some(0) => break,
                Ok(_) => std::thread::sleep(std::time::Duration::from_millis(10)),
                Err(_) => break,
            }
        }
        if let Some(origin) = self.origin {
            let span = end - origin;
            let k = (span + self.interval_us / 2) / self.interval_us;
            let t_us = if k > 0 && (span - k * self.interval_us).abs() <= FOLD_US {
                k * self.interval_us
            } else {
                span.max(0)
            };
            #[allow(clippy::cast_precision_loss)]
            let t = (t_us as f64 / 1000.0).round() / 1000.0;
            while self.samples.last().is_some_and(|s| s.t >= t) {
                let dropped = self.samples.pop().map(|s| s.wait_events);
                self.readings.pop();
                for (k, n) in dropped.into_iter().flatten() {
                    *self.waits.entry(k).or_insert(0) += n;
                }
            }
            if t > 0.0 || self.samples.is_empty() {
                self.close_interval(t);
            }
            self.checkpoints.retain(|c| c.end >= 0.0 && c.end <= t + 0.5);
        }
        let statements = match (self.statements(), self.statements_base.take()) {
            (Some(now), base) => Some(output::statement_changes(&now, base.as_ref())),
            (None, _) => None,
        };
        let settings = match self.query(&format!(
            "{TAG}coalesce(json_object_agg(name, pg_catalog.current_setting(name) ORDER BY name), '{{}}') \
             FROM pg_catalog.pg_settings WHERE source NOT IN ('default', 'override', 'client', 'session') \
             AND setting IS DISTINCT FROM boot_val"
        )) {
            Ok(Value::Object(m)) => {
                let mut set: BTreeMap<String, String> = m
                    .into_iter()
                    .map(|(k, v)| (k, v.as_str().unwrap_or_default().to_string()))
                    .collect();
                crate::redact::settings(&mut set);
                Some(set)
            }
            Ok(_) => Some(BTreeMap::new()),
            Err(e) => {
                self.notes.insert("settings".into(), e);
                None
            }
        };
        let server_version = self
            .con
            .parameter_status(c"server_version")
            .unwrap_or_else(|| crate::version::text(self.version));
        ServerStats {
            interval_s: i32::try_from(self.interval_us / 1_000_000).unwrap_or(1),
            server_version,
            samples: self.samples,
            checkpoints: self.checkpoints,
            statements,
            settings,
            notes: self.notes,
            // Its connection's own transaction too.
            own_commits: self.own_commits + 1,
            own_rollbacks: self.own_rollbacks,
        }
    }
}
