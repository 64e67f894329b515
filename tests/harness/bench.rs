//! Benchmark runs compared between the binary under test and C pgbench.
//!
//! * [`pgbench_db`] — a fresh database as `pgbench -i -q` at scale 1
//!   leaves it, copied from a template that is initialized once per server
//!   (by C pgbench when installed, else by the binary under test);
//!   [`pgbench_db_on`] the same in another server.
//! * [`Bench`] — one invocation run by both implementations, one after the
//!   other (binary under test first), against the same database, with
//!   optional state resets before each run and masks. The default masks
//!   are `mask_banner_version` (stdout) and `mask_report` (stdout and
//!   stderr: latencies, tps, connection times, lag, progress lines).
//! * [`Ran`] — the masked outputs and a [`Check`] collecting mismatches:
//!   `same()` compares the two implementations (status, stdout, stderr);
//!   `status`, `stdout_is`, `stderr_is`, `stdout_has`, `stderr_has` and
//!   `each` check every output that ran against stored 17 expectations (a
//!   mismatch of C's output there means the expectation is wrong);
//!   `finish()` panics with every mismatch.

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex, OnceLock};

use super::cluster::{Cluster, create_db_on, ident};
use super::live::Running;
use super::normalize;
use super::runner::{Output, Status, c_pgbench_of, c_pgbench_or_skip};
use super::{Check, Db, Pgbench, c_output, c_pgbench, cluster};

/// A fresh database named after `prefix`, as `pgbench -i -q` (scale 1)
/// leaves it: a copy of the server's pgbench template.
pub(crate) fn pgbench_db(prefix: &str) -> Db {
    pgbench_db_on(cluster(), prefix)
}

/// [`pgbench_db`] in the server `c`.
pub(crate) fn pgbench_db_on(c: &'static Cluster, prefix: &str) -> Db {
    let template = pgbench_template(c);
    let name = format!("{prefix}_{}", super::tmp::unique());
    c.exec("postgres", &format!("create database {} template {}", ident(&name), ident(&template)));
    Db { cluster: c, name }
}

/// A database as [`pgbench_db`] makes, made once for every case that names
/// it (cases that only read it).
pub(crate) fn shared_pgbench_db(name: &str) -> Db {
    static DBS: Mutex<BTreeMap<String, Db>> = Mutex::new(BTreeMap::new());
    let mut dbs = DBS.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    dbs.entry(name.to_string()).or_insert_with(|| pgbench_db(name)).clone()
}

/// The name of the database of `c` initialized once with `pgbench -i -q`
/// at scale 1 (by C pgbench when installed, else by the binary under
/// test), from which [`pgbench_db_on`] copies. Nothing connects to it
/// after that (a template must have no connections while it is copied).
fn pgbench_template(c: &'static Cluster) -> String {
    // (Found by the server's directory: each server has its own.)
    static TEMPLATES: Mutex<Vec<(std::path::PathBuf, String)>> = Mutex::new(Vec::new());
    let mut templates = TEMPLATES.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    if let Some((_, name)) = templates.iter().find(|(dir, _)| *dir == c.dir) {
        return name.clone();
    }
    let db = create_db_on(c, "pgbench_template");
    let run = Pgbench::new(["-i", "-q", &db.name]).on(c).label("pgbench-template");
    let out = match c_pgbench() {
        Some(_) => run.run_c().unwrap_or_else(|| run.run_under_test()),
        None => run.run_under_test(),
    };
    assert_eq!(out.status, Status::Exit(0), "pgbench -i {} failed:\n{}", db.name, out.stderr);
    templates.push((c.dir.clone(), db.name.clone()));
    db.name
}

/// The connection banner of pgbench 17 connected to the shared server, as
/// compared (client version masked).
pub(crate) fn banner() -> String {
    banner_on(cluster())
}

/// The masked banner of the suite's pgbench (17 unless
/// `PGBENCH_TEST_COMPAT` says) connected to `c`: without a server part
/// when the server is of that version.
pub(crate) fn banner_on(c: &Cluster) -> String {
    banner_of(super::runner::suite_version(), c)
}

/// The masked banner of pgbench `major` connected to `c`: without a
/// server part when the server is of that very version.
pub(crate) fn banner_of(major: u32, c: &Cluster) -> String {
    if c.server_version_num == super::expected::version_num(major) {
        format!("pgbench ({major}.<minor>)\n")
    } else {
        format!("pgbench ({major}.<minor>, server {})\n", c.server_version)
    }
}

/// The stored 17 report head: banner to `maximum number of tries`, at
/// scale 1 (custom scripts report scale 1 too).
pub(crate) fn report_head(
    desc: &str,
    mode: &str,
    clients: u32,
    threads: u32,
    tries: &str,
) -> String {
    report_head_on(cluster(), desc, mode, clients, threads, tries)
}

/// [`report_head`] of a run against the server `c`.
pub(crate) fn report_head_on(
    c: &Cluster,
    desc: &str,
    mode: &str,
    clients: u32,
    threads: u32,
    tries: &str,
) -> String {
    report_head_of(super::runner::suite_version(), c, desc, mode, clients, threads, tries)
}

/// [`report_head_on`] of pgbench `major`.
pub(crate) fn report_head_of(
    major: u32,
    c: &Cluster,
    desc: &str,
    mode: &str,
    clients: u32,
    threads: u32,
    tries: &str,
) -> String {
    format!(
        "{}transaction type: {desc}\nscaling factor: 1\nquery mode: {mode}\n\
         number of clients: {clients}\nnumber of threads: {threads}\n\
         maximum number of tries: {tries}\n",
        banner_of(major, c)
    )
}

/// `transaction type:` text of a builtin.
pub(crate) fn builtin_desc(b: &str) -> &'static str {
    match b {
        "tpcb-like" => "<builtin: TPC-B (sort of)>",
        "simple-update" => "<builtin: simple update>",
        "select-only" => "<builtin: select only>",
        _ => panic!("unknown builtin {b}"),
    }
}

/// The lines after a report's head of a `-t per_client` run of which
/// `processed` (`done/total`) were processed.
pub(crate) fn counts(per_client: u32, processed: &str) -> String {
    format!(
        "number of transactions per client: {per_client}\n\
         number of transactions actually processed: {processed}\n"
    )
}

/// The usual end of a report without -R/-L/-P and without -C, nothing
/// failed (measured numbers masked).
pub(crate) const TAIL: &str = "number of failed transactions: 0 (0.000%)\n\
                               latency average = <t> ms\n\
                               initial connection time = <t> ms\n\
                               tps = <t> (without initial connection time)\n";

/// The end of a report under `-C`, nothing failed (measured numbers
/// masked).
pub(crate) const TAIL_RECONNECT: &str = "number of failed transactions: 0 (0.000%)\n\
                                         latency average = <t> ms\n\
                                         average connection time = <t> ms\n\
                                         tps = <t> (including reconnection times)\n";

/// A report's last lines without -R and -C: the latency average, the
/// connection time and tps (measured numbers masked).
pub(crate) const END: &str = "latency average = <t> ms\n\
                              initial connection time = <t> ms\n\
                              tps = <t> (without initial connection time)\n";

/// A report's last lines under -R: [`END`]'s with the latency's standard
/// deviation and the schedule lag.
pub(crate) const RATE_END: &str = "latency average = <t> ms\n\
                                   latency stddev = <t> ms\n\
                                   rate limit schedule lag: avg <t> (max <t>) ms\n\
                                   initial connection time = <t> ms\n\
                                   tps = <t> (without initial connection time)\n";

/// The failure lines of a report with `--failures-detailed` where nothing
/// failed.
pub(crate) const NONE_FAILED_DETAILED: &str = "number of failed transactions: 0 (0.000%)\n\
                                               number of serialization failures: 0 (0.000%)\n\
                                               number of deadlock failures: 0 (0.000%)\n";

/// A report's retry lines: `retried` of `total` transactions retried,
/// `retries` retries in all.
pub(crate) fn retried(retried: u32, total: u32, retries: u32) -> String {
    let share = 100.0 * f64::from(retried) / f64::from(total);
    format!(
        "number of transactions retried: {retried} ({share:.3}%)\n\
         total number of retries: {retries}\n"
    )
}

/// A report's lines of the transactions skipped and late under -R and
/// `-L limit_ms` (their counts masked).
pub(crate) fn skipped_and_late(limit_ms: &str) -> String {
    format!(
        "number of transactions skipped: <t> (<t>%)\n\
         number of transactions above the {limit_ms} ms latency limit: <t>/<t> (<t>%)\n"
    )
}

/// A mask: rewrites the measured numbers of a text and nothing else.
pub(crate) type Mask = fn(&str) -> String;

/// What a test does while each implementation runs.
type During = dyn Fn(&mut Running);

/// One benchmark invocation to run with both implementations.
pub(crate) struct Bench {
    name: String,
    run: Pgbench,
    stdout_masks: Vec<Mask>,
    stderr_masks: Vec<Mask>,
    before_each: Vec<Box<dyn Fn()>>,
    during_each: Option<Box<During>>,
    shared_c: Option<String>,
}

impl std::fmt::Debug for Bench {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Bench").field("name", &self.name).field("run", &self.run).finish()
    }
}

impl Bench {
    /// Case `name` running `run` (give it `.label(name)` or any label).
    pub(crate) fn new(name: &str, run: Pgbench) -> Self {
        Bench {
            name: name.to_string(),
            run,
            stdout_masks: vec![normalize::mask_banner_version, normalize::mask_report],
            stderr_masks: vec![normalize::mask_report],
            before_each: Vec::new(),
            during_each: None,
            shared_c: None,
        }
    }

    /// Case `name` running `args`, then the name of a fresh copy of the
    /// pgbench database ([`pgbench_db`]), labelled `name`.
    pub(crate) fn on_copy(name: &str, args: &[&str]) -> Self {
        let db = pgbench_db(name);
        Bench::new(name, Pgbench::new(args).arg(&db.name).label(name))
    }

    /// Add a mask for stdout only.
    pub(crate) fn mask_stdout(mut self, m: Mask) -> Self {
        self.stdout_masks.push(m);
        self
    }

    /// Add a mask for stderr only.
    pub(crate) fn mask_stderr(mut self, m: Mask) -> Self {
        self.stderr_masks.push(m);
        self
    }

    /// C pgbench's run is the same for every case that names `key` (cases
    /// that differ only in what C ignores, such as `PGBENCH_RS_POLL`, with
    /// the same arguments and database): it runs once, for the first such
    /// case, and the others compare with its output.
    pub(crate) fn share_c_run(mut self, key: &str) -> Self {
        self.shared_c = Some(key.to_string());
        self
    }

    /// Run `f` before each implementation's run (resets database state).
    pub(crate) fn before_each(mut self, f: impl Fn() + 'static) -> Self {
        self.before_each.push(Box::new(f));
        self
    }

    /// Run `f` while each implementation runs (it waits for what the
    /// program does, then acts: stops the server, sends a signal).
    pub(crate) fn during_each(mut self, f: impl Fn(&mut Running) + 'static) -> Self {
        self.during_each = Some(Box::new(f));
        self
    }

    /// Runs `run` (spawned), with [`Bench::during_each`]'s action.
    fn watched(&self, mut run: Running) -> Output {
        if let Some(f) = &self.during_each {
            f(&mut run);
        }
        run.finish()
    }

    fn masked(&self, out: &Output) -> Output {
        let mut o = out.clone();
        for m in &self.stdout_masks {
            o.stdout = m(&o.stdout);
        }
        for m in &self.stderr_masks {
            o.stderr = m(&o.stderr);
        }
        o
    }

    /// Run the binary under test, then C pgbench.
    pub(crate) fn run(self) -> Ran {
        for f in &self.before_each {
            f();
        }
        let rs_raw = Some(self.watched(self.run.spawn_under_test()));
        let version = self.run.version();
        if c_pgbench_of(version).is_some() {
            for f in &self.before_each {
                f();
            }
        }
        // Prints the visible `skipped:` line when C is not installed.
        let c_raw = match &self.shared_c {
            None if self.during_each.is_some() => {
                c_pgbench_or_skip(version).map(|c| self.watched(self.run.spawn_c_as(c)))
            }
            None => c_output(&self.run),
            Some(key) => {
                assert!(
                    self.before_each.is_empty() && self.during_each.is_none(),
                    "a shared C run cannot reset state or be acted on"
                );
                type Runs = BTreeMap<String, Arc<OnceLock<Option<Output>>>>;
                static RUNS: Mutex<Runs> = Mutex::new(BTreeMap::new());
                let cell = RUNS
                    .lock()
                    .unwrap_or_else(std::sync::PoisonError::into_inner)
                    .entry(key.clone())
                    .or_default()
                    .clone();
                cell.get_or_init(|| c_output(&self.run)).clone()
            }
        };
        let rs = rs_raw.as_ref().map(|o| self.masked(o));
        let c = c_raw.as_ref().map(|o| self.masked(o));
        Ran { check: Check::new(&self.name), run: self.run, rs, c, rs_raw, c_raw }
    }
}

/// The outputs of one [`Bench`] and the mismatches found so far.
#[derive(Debug)]
pub(crate) struct Ran {
    /// Collected mismatches.
    pub(crate) check: Check,
    /// The invocation (for `expand`).
    pub(crate) run: Pgbench,
    /// Masked output of the binary under test (None if it could not run).
    pub(crate) rs: Option<Output>,
    /// Masked output of C pgbench (None if not installed).
    pub(crate) c: Option<Output>,
    /// Unmasked output of the binary under test.
    pub(crate) rs_raw: Option<Output>,
    /// Unmasked output of C pgbench.
    pub(crate) c_raw: Option<Output>,
}

impl Ran {
    /// The masked outputs that exist, with their labels.
    pub(crate) fn sides(&self) -> Vec<(&'static str, Output)> {
        labelled(&self.rs, &self.c)
    }

    /// The unmasked outputs that exist, with their labels.
    pub(crate) fn raw_sides(&self) -> Vec<(&'static str, Output)> {
        labelled(&self.rs_raw, &self.c_raw)
    }

    /// Compare exit status, stdout and stderr (masked) of the two.
    pub(crate) fn same(&mut self) -> &mut Self {
        self.same_status().same_stdout().same_stderr()
    }

    /// The same outputs, and each one exited 0 with nothing on stderr and
    /// `stdout` on stdout.
    pub(crate) fn quiet(&mut self, stdout: &str) -> &mut Self {
        self.same().status(0).stderr_is("").stdout_is(stdout)
    }

    /// Compare the exit statuses.
    pub(crate) fn same_status(&mut self) -> &mut Self {
        if let (Some(rs), Some(c)) = (&self.rs, &self.c) {
            self.check.eq("exit status", "C pgbench", &c.status, "pgbench-rs", &rs.status);
        }
        self
    }

    /// Compare the masked stdouts.
    pub(crate) fn same_stdout(&mut self) -> &mut Self {
        self.same_by("stdout (masked)", |o| o.stdout.clone())
    }

    /// Compare the masked stderrs.
    pub(crate) fn same_stderr(&mut self) -> &mut Self {
        self.same_by("stderr (masked)", |o| o.stderr.clone())
    }

    /// Compare a text derived from each masked output.
    pub(crate) fn same_by(&mut self, what: &str, f: impl Fn(&Output) -> String) -> &mut Self {
        if let (Some(rs), Some(c)) = (&self.rs, &self.c) {
            let (l, r) = (f(c), f(rs));
            self.check.text(what, "C pgbench", &l, "pgbench-rs", &r);
        }
        self
    }

    /// Compare a text derived from each unmasked output.
    pub(crate) fn same_by_raw(&mut self, what: &str, f: impl Fn(&Output) -> String) -> &mut Self {
        if let (Some(rs), Some(c)) = (&self.rs_raw, &self.c_raw) {
            let (l, r) = (f(c), f(rs));
            self.check.text(what, "C pgbench", &l, "pgbench-rs", &r);
        }
        self
    }

    /// Every output exited with `code`.
    pub(crate) fn status(&mut self, code: i32) -> &mut Self {
        for (label, o) in self.sides() {
            self.check.eq("exit status", "expected", &Status::Exit(code), label, &o.status);
        }
        self
    }

    /// Whether the texts the test stores are checked: not under
    /// `PGBENCH_TEST_COMPAT` of a version the test did not choose, where
    /// the comparison with that version's C pgbench holds instead.
    pub(crate) fn stored_texts_apply(&self) -> bool {
        self.run.stored_texts_apply() || self.c.is_none()
    }

    /// Every masked stdout is `text` (`{PGHOST}`/`{PGPORT}` expanded), where
    /// the stored texts apply (see `Pgbench::stored_texts_apply`).
    pub(crate) fn stdout_is(&mut self, text: &str) -> &mut Self {
        self.stored("stdout (masked)", text, |o| &o.stdout)
    }

    /// Every masked stderr is `text` (`{PGHOST}`/`{PGPORT}` expanded), where
    /// the stored texts apply.
    pub(crate) fn stderr_is(&mut self, text: &str) -> &mut Self {
        self.stored("stderr (masked)", text, |o| &o.stderr)
    }

    /// Every masked output's `what` (`part` of it) is `text`, expanded,
    /// where the stored texts apply.
    fn stored(&mut self, what: &str, text: &str, part: fn(&Output) -> &String) -> &mut Self {
        if !self.stored_texts_apply() {
            return self;
        }
        let want = self.run.expand(text);
        for (label, o) in self.sides() {
            self.check.text(what, "expected", &want, label, part(&o));
        }
        self
    }

    /// Every masked stderr has this exact line.
    pub(crate) fn stderr_has(&mut self, line: &str) -> &mut Self {
        for (label, o) in self.sides() {
            if !o.stderr.lines().any(|l| l == line) {
                self.check.fail(format!(
                    "{label}: stderr has no line {line:?}; stderr was:\n{}\n",
                    o.stderr
                ));
            }
        }
        self
    }

    /// Every masked stderr contains `text` somewhere.
    pub(crate) fn stderr_contains(&mut self, text: &str) -> &mut Self {
        for (label, o) in self.sides() {
            if !o.stderr.contains(text) {
                self.check.fail(format!(
                    "{label}: stderr does not contain {text:?}; stderr was:\n{}\n",
                    o.stderr
                ));
            }
        }
        self
    }

    /// Run a check on every masked output; an Err is a mismatch.
    pub(crate) fn each(&mut self, f: impl Fn(&Output) -> Result<(), String>) -> &mut Self {
        for (label, o) in self.sides() {
            if let Err(e) = f(&o) {
                self.check.fail(format!("{label}: {e}\n"));
            }
        }
        self
    }

    /// Run a check on every unmasked output; an Err is a mismatch.
    pub(crate) fn each_raw(&mut self, f: impl Fn(&Output) -> Result<(), String>) -> &mut Self {
        for (label, o) in self.raw_sides() {
            if let Err(e) = f(&o) {
                self.check.fail(format!("{label}: {e}\n"));
            }
        }
        self
    }

    /// Panic with every mismatch found.
    pub(crate) fn finish(&mut self) {
        let check = std::mem::replace(&mut self.check, Check::new("finished"));
        check.finish();
    }
}

/// The outputs of both sides that exist, with their labels.
fn labelled(rs: &Option<Output>, c: &Option<Output>) -> Vec<(&'static str, Output)> {
    let sides = [("pgbench-rs", rs), ("C pgbench", c)];
    sides.into_iter().filter_map(|(label, o)| Some((label, o.clone()?))).collect()
}
