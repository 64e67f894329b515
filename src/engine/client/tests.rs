//! The client state machine driven through a scripted connection, without
//! a server: retries under `--max-tries`, a serialization failure inside a
//! pipeline, `--continue-on-error`, a lost connection, `-C`, and `\gset`
//! of the wrong shape. The scripted connection answers each command as a
//! test's function says and behaves as libpq does around it (a NULL after
//! each command's results, the pipeline aborted after an error until its
//! sync, the transaction block's status).

use std::cell::RefCell;
use std::collections::VecDeque;
use std::ffi::{CStr, OsString};
use std::os::fd::RawFd;
use std::rc::Rc;
use std::sync::atomic::AtomicBool;

use super::link::{Link, Reply};
use super::{Client, State, Wait};
use crate::config::{Action, BenchConfig};
use crate::engine::shared::{RunSync, Shared};
use crate::engine::thread_state::ThreadState;
use crate::pq::{ConnParams, ConnectError, ExecStatus, ParamBuf, PipelineStatus, TxStatus};
use crate::rand::prng::PgPrng;
use crate::script::Vars;
use crate::stats::StatsData;
use crate::stats::outage::OutageLog;
use crate::sys::wait::Wakers;

/// A result the scripted server gives.
#[derive(Clone, Debug)]
pub(super) struct Fake {
    status: ExecStatus,
    sqlstate: Option<[u8; 5]>,
    fields: Vec<Vec<u8>>,
    rows: Vec<Vec<Vec<u8>>>,
}

impl Fake {
    pub(super) fn ok() -> Self {
        Fake { status: ExecStatus::CommandOk, sqlstate: None, fields: vec![], rows: vec![] }
    }
    fn error(sqlstate: &[u8; 5]) -> Self {
        Fake { status: ExecStatus::FatalError, sqlstate: Some(*sqlstate), ..Fake::ok() }
    }
    fn rows(fields: &[&str], rows: &[&[&str]]) -> Self {
        Fake {
            status: ExecStatus::TuplesOk,
            sqlstate: None,
            fields: fields.iter().map(|f| f.as_bytes().to_vec()).collect(),
            rows: rows.iter().map(|r| r.iter().map(|v| v.as_bytes().to_vec()).collect()).collect(),
        }
    }
}

impl Reply for Fake {
    fn status(&self) -> ExecStatus {
        self.status
    }
    fn sqlstate(&self) -> Option<[u8; 5]> {
        self.sqlstate
    }
    fn ntuples(&self) -> usize {
        self.rows.len()
    }
    fn nfields(&self) -> usize {
        self.fields.len()
    }
    fn fname(&self, col: usize) -> &[u8] {
        self.fields.get(col).map_or(&[], Vec::as_slice)
    }
    fn value(&self, row: usize, col: usize) -> &[u8] {
        self.rows.get(row).and_then(|r| r.get(col)).map_or(&[], Vec::as_slice)
    }
    fn error_message(&self) -> String {
        match self.sqlstate {
            Some(s) => format!("ERROR:  scripted error {}\n", String::from_utf8_lossy(&s)),
            None => String::new(),
        }
    }
}

/// How the scripted server answers a command.
#[derive(Clone, Debug)]
pub(super) enum Answer {
    /// These results.
    Results(Vec<Fake>),
    /// The connection is lost: nothing more can be read.
    Lost,
}

/// The server of a test: its answer to the `n`-th sending (from 0) of a
/// command text, and what it saw.
#[derive(Debug)]
struct Server {
    answer: fn(&str, usize) -> Answer,
    /// Every command sent, in order, with the connection it came on.
    sent: Vec<(u64, String)>,
    /// Connections made under `-C` (each connect takes one).
    connects: usize,
    /// How many attempts to connect fail before one succeeds.
    refuse: usize,
    /// When each attempt to connect was made (monotonic µs).
    attempts: Vec<i64>,
}

thread_local! {
    /// The scripted server of the test running on this thread.
    static SERVER: RefCell<Option<Rc<RefCell<Server>>>> = const { RefCell::new(None) };
}

fn server() -> Rc<RefCell<Server>> {
    SERVER.with(|s| s.borrow().clone()).expect("a scripted server")
}

/// A connection to the scripted server.
#[derive(Debug)]
struct Scripted {
    id: u64,
    ok: bool,
    /// The results ready to read; `None` is the NULL that ends a command's.
    ready: VecDeque<Option<Fake>>,
    /// libpq's pipeline status: it learns of an error when it reads it.
    pipeline: PipelineStatus,
    /// A command sent in this pipeline since its last sync failed: those
    /// sent after it are aborted by the server.
    doomed: bool,
    tx: TxStatus,
}

impl Scripted {
    fn new(id: u64) -> Self {
        Scripted {
            id,
            ok: true,
            ready: VecDeque::new(),
            pipeline: PipelineStatus::Off,
            doomed: false,
            tx: TxStatus::Idle,
        }
    }

    /// The server takes a command: records it, and queues its results as
    /// libpq would hand them out.
    fn take(&mut self, text: &CStr) -> bool {
        if !self.ok {
            return false;
        }
        let text = text.to_string_lossy().into_owned();
        let srv = server();
        let mut srv = srv.borrow_mut();
        let n = srv.sent.iter().filter(|(_, t)| *t == text).count();
        srv.sent.push((self.id, text.clone()));
        if self.doomed {
            let aborted = Fake { status: ExecStatus::PipelineAborted, ..Fake::ok() };
            self.ready.extend([Some(aborted), None]);
            return true;
        }
        let results = match (srv.answer)(&text, n) {
            Answer::Results(r) => r,
            Answer::Lost => {
                self.ok = false;
                self.tx = TxStatus::Unknown;
                return true;
            }
        };
        let failed = results.iter().any(|r| r.status == ExecStatus::FatalError);
        let word = text.split_whitespace().next().unwrap_or("").to_ascii_uppercase();
        self.tx = match (word.trim_end_matches(';'), self.tx) {
            (_, TxStatus::InTrans | TxStatus::InError) if failed => TxStatus::InError,
            ("BEGIN", _) => TxStatus::InTrans,
            ("END" | "COMMIT" | "ROLLBACK", _) => TxStatus::Idle,
            (_, tx) => tx,
        };
        if failed && self.pipeline != PipelineStatus::Off {
            self.doomed = true;
        }
        self.ready.extend(results.into_iter().map(Some));
        self.ready.push_back(None);
        true
    }

    fn sync(&mut self) -> bool {
        if self.pipeline == PipelineStatus::Off {
            return false;
        }
        self.doomed = false;
        self.ready.push_back(Some(Fake { status: ExecStatus::PipelineSync, ..Fake::ok() }));
        true
    }
}

impl Link for Scripted {
    type Reply = Fake;
    type Dialing = super::link::NoDial;
    fn poll(d: Self::Dialing, _: &ConnParams) -> super::link::Dialed<Self> {
        match d {}
    }
    fn time_out(d: Self::Dialing, _: &ConnParams) -> super::link::Dialed<Self> {
        match d {}
    }
    fn connect(params: &ConnParams) -> Result<Self, ConnectError> {
        let srv = server();
        let mut srv = srv.borrow_mut();
        srv.attempts.push(crate::sys::clock::monotonic_us());
        if srv.refuse > 0 {
            srv.refuse -= 1;
            // A setting libpq refuses before it connects: the error of a
            // failed connection, without a server.
            let bad = ConnParams { host: Some("\0".into()), ..params.clone() };
            return crate::pq::Conn::connect(&bad).map(|_| Scripted::new(0));
        }
        srv.connects += 1;
        Ok(Scripted::new(100 + srv.connects as u64))
    }
    fn id(&self) -> u64 {
        self.id
    }
    fn backend_pid(&self) -> i32 {
        i32::try_from(self.id).unwrap_or(0)
    }
    fn socket(&self) -> RawFd {
        -1
    }
    fn is_ok(&self) -> bool {
        self.ok
    }
    fn error_message(&self) -> String {
        if self.ok { String::new() } else { "server closed the connection unexpectedly\n".into() }
    }
    fn set_nonblocking(&mut self, _: bool) -> bool {
        true
    }
    fn transaction_status(&self) -> TxStatus {
        self.tx
    }
    fn pipeline_status(&self) -> PipelineStatus {
        self.pipeline
    }
    fn prepare(&mut self, name: &CStr, _: &CStr, _: usize) -> Option<Fake> {
        server().borrow_mut().sent.push((self.id, format!("PREPARE {}", name.to_string_lossy())));
        Some(Fake::ok())
    }
    fn send_prepare(&mut self, name: &CStr, _: &CStr, _: usize) -> bool {
        if !self.ok {
            return false;
        }
        server().borrow_mut().sent.push((self.id, format!("PREPARE {}", name.to_string_lossy())));
        self.ready.extend([Some(Fake::ok()), None]);
        true
    }
    fn send_query(&mut self, sql: &CStr) -> bool {
        self.take(sql)
    }
    fn send_query_params(&mut self, sql: &CStr, _: &[u8], _: &[u32], _: &mut ParamBuf) -> bool {
        self.take(sql)
    }
    fn send_query_prepared(&mut self, name: &CStr, _: &[u8], _: &[u32], _: &mut ParamBuf) -> bool {
        self.take(name)
    }
    fn consume_input(&mut self) -> bool {
        self.ok
    }
    fn is_busy(&mut self) -> bool {
        false
    }
    fn get_result(&mut self) -> Option<Fake> {
        let r = self.ready.pop_front().flatten();
        if self.pipeline != PipelineStatus::Off {
            match r.as_ref().map(|r| r.status) {
                Some(ExecStatus::FatalError) => self.pipeline = PipelineStatus::Aborted,
                Some(ExecStatus::PipelineSync) => self.pipeline = PipelineStatus::On,
                _ => {}
            }
        }
        r
    }
    fn flush(&mut self) -> i32 {
        0
    }
    fn enter_pipeline_mode(&mut self) -> bool {
        self.pipeline = PipelineStatus::On;
        true
    }
    fn exit_pipeline_mode(&mut self) -> bool {
        if !self.ready.is_empty() {
            return false;
        }
        self.pipeline = PipelineStatus::Off;
        true
    }
    fn pipeline_sync(&mut self) -> bool {
        self.sync()
    }
    fn send_pipeline_sync(&mut self) -> bool {
        self.sync()
    }
    fn end_copy(&mut self) -> bool {
        true
    }
    fn cancel(&self) -> Option<Result<(), String>> {
        None
    }
    fn finish(self) {}
}

/// What a client did: its end state, the thread's statistics, the
/// commands the server saw and the connections it was asked for under
/// `-C`.
#[derive(Debug)]
pub(super) struct Ran {
    pub(super) state: State,
    pub(super) stats: StatsData,
    pub(super) sent: Vec<(u64, String)>,
    pub(super) connects: usize,
    /// When each attempt to connect was made (monotonic µs).
    pub(super) attempts: Vec<i64>,
    /// `--reconnect`: what the thread noted.
    pub(super) outage: Option<OutageLog>,
    /// Under `-R`: the thread's last slot, µs after its first.
    pub(super) schedule_end: i64,
}

impl Ran {
    pub(super) fn texts(&self) -> Vec<&str> {
        self.sent.iter().map(|(_, t)| t.as_str()).collect()
    }
}

/// Runs one client over `script` with pgbench's options `args` against
/// a server that answers as `answer` says.
pub(super) fn run(args: &[&str], script: &str, answer: fn(&str, usize) -> Answer) -> Ran {
    run_refused(args, script, answer, 0)
}

/// [`run`] with a server that refuses the first `refuse` connections.
pub(super) fn run_refused(
    args: &[&str],
    script: &str,
    answer: fn(&str, usize) -> Answer,
    refuse: usize,
) -> Ran {
    let dir = std::env::temp_dir().join(format!(
        "pgbench-rs-client-{}-{:?}",
        std::process::id(),
        std::thread::current().id()
    ));
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    let file = dir.join("s.sql");
    std::fs::write(&file, script).expect("the script");
    let mut argv: Vec<OsString> = vec!["pgbench".into(), "-n".into()];
    argv.extend(args.iter().map(OsString::from));
    argv.extend(["-f".into(), file.clone().into_os_string()]);
    let Ok(Action::Bench(cfg)) = crate::cli::parse(argv) else { panic!("options {args:?}") };
    let _ = std::fs::remove_dir_all(&dir);
    drive(&cfg, answer, refuse)
}

fn drive(cfg: &BenchConfig, answer: fn(&str, usize) -> Answer, refuse: usize) -> Ran {
    let server = Server { answer, sent: Vec::new(), connects: 0, refuse, attempts: Vec::new() };
    let srv = Rc::new(RefCell::new(server));
    SERVER.with(|s| *s.borrow_mut() = Some(srv.clone()));
    let timer = AtomicBool::new(false);
    let sync = RunSync::new(1, Wakers::new(1).expect("an event descriptor"));
    let sh = Shared {
        cfg,
        scripts: &cfg.scripts,
        timer: &timer,
        warmup_us: None,
        start_at: None,
        detailed: true,
        epoch_shift: 0,
        sync: &sync,
        mechanism: cfg.switches.mechanism,
        pin: None,
        metrics: None,
        backends: None,
        client: None,
        handed_back: Vec::new(),
        command_base: cfg
            .scripts
            .iter()
            .scan(0, |acc, s| {
                let base = *acc;
                *acc += s.commands.len();
                Some(base)
            })
            .collect(),
    };
    let n_commands = cfg.scripts.iter().map(|s| s.commands.len()).sum();
    let rngs = [PgPrng::from_seed(1), PgPrng::from_seed(2), PgPrng::from_seed(3)];
    let mut th = ThreadState::new(0, rngs, &cfg.scripts);
    // The worker's own set-up of the measurement.
    let first_slot = crate::sys::clock::monotonic_us();
    th.begin(&sh, first_slot, first_slot);
    let mut c: Client<Scripted> =
        Client::new(0, Vars::new(&cfg.registry), PgPrng::from_seed(4), n_commands);
    if !cfg.is_connect {
        c.set_conn(Scripted::new(1));
    }
    for _ in 0..10_000 {
        match c.advance(&sh, &mut th, None) {
            Wait::Done => break,
            Wait::Parked => panic!("no warm-up here"),
            Wait::Until(t) => {
                let wait = t - crate::sys::clock::monotonic_us();
                if wait > 0 {
                    std::thread::sleep(std::time::Duration::from_micros(wait.unsigned_abs()));
                }
            }
            Wait::Reply { .. } | Wait::MoreReply { .. } | Wait::Yield | Wait::Connect { .. } => {}
        }
    }
    let srv = srv.borrow();
    Ran {
        state: c.state,
        stats: th.stats,
        sent: srv.sent.clone(),
        connects: srv.connects,
        attempts: srv.attempts.clone(),
        outage: th.outage.map(|o| *o),
        schedule_end: th.throttle_trigger - first_slot,
    }
}

/// Everything succeeds: statements with no rows.
pub(super) fn all_ok(_: &str, _: usize) -> Answer {
    Answer::Results(vec![Fake::ok()])
}

pub(super) const TX: &str = "BEGIN;\nUPDATE t SET x = 1;\nEND;\n";

/// The UPDATE fails with a serialization failure the first two times.
fn update_fails_twice(text: &str, n: usize) -> Answer {
    if text.starts_with("UPDATE") && n < 2 {
        Answer::Results(vec![Fake::error(b"40001")])
    } else {
        all_ok(text, n)
    }
}

#[test]
fn a_serialization_failure_is_retried_up_to_max_tries() {
    let ran = run(&["-t", "1", "--max-tries=3"], TX, update_fails_twice);
    assert_eq!(ran.state, State::Finished);
    assert_eq!(
        ran.texts(),
        [
            "BEGIN;",
            "UPDATE t SET x = 1;",
            "ROLLBACK",
            "BEGIN;",
            "UPDATE t SET x = 1;",
            "ROLLBACK",
            "BEGIN;",
            "UPDATE t SET x = 1;",
            "END;"
        ]
    );
    let s = &ran.stats;
    assert_eq!((s.cnt, s.retried, s.retries, s.serialization_failures), (1, 1, 2, 0));
    // With two tries the transaction fails, and the client goes on.
    let ran = run(&["-t", "1", "--max-tries=2"], TX, update_fails_twice);
    assert_eq!(ran.state, State::Finished);
    let s = &ran.stats;
    assert_eq!((s.cnt, s.retried, s.retries, s.serialization_failures), (0, 1, 1, 1));
    assert_eq!(ran.texts().iter().filter(|t| **t == "ROLLBACK").count(), 2);
    // Without --max-tries a serialization failure aborts the client, as
    // C's does.
    let ran = run(&["-t", "1"], TX, update_fails_twice);
    assert_eq!(ran.state, State::Finished, "one try: the transaction fails");
    assert_eq!(ran.stats.serialization_failures, 1);
}

#[test]
fn a_serialization_failure_inside_a_pipeline_is_retried_after_the_sync() {
    let script = "\\startpipeline\nSELECT 1;\nUPDATE t SET x = 1;\nSELECT 2;\n\\endpipeline\n";
    fn update_fails_once(text: &str, n: usize) -> Answer {
        if text.starts_with("UPDATE") && n == 0 {
            Answer::Results(vec![Fake::error(b"40001")])
        } else {
            all_ok(text, n)
        }
    }
    let ran = run(&["-M", "extended", "-t", "1", "--max-tries=2"], script, update_fails_once);
    assert_eq!(ran.state, State::Finished);
    // The pipeline's third command was aborted by the server; the retry
    // sends all three again, and no ROLLBACK (no transaction block).
    assert_eq!(
        ran.texts(),
        [
            "SELECT 1;",
            "UPDATE t SET x = 1;",
            "SELECT 2;",
            "SELECT 1;",
            "UPDATE t SET x = 1;",
            "SELECT 2;"
        ]
    );
    let s = &ran.stats;
    assert_eq!((s.cnt, s.retried, s.retries, s.serialization_failures), (1, 1, 1, 0));
}

/// The INSERT's first run fails with a unique violation.
fn insert_fails_once(text: &str, n: usize) -> Answer {
    if text.starts_with("INSERT") && n == 0 {
        Answer::Results(vec![Fake::error(b"23505")])
    } else {
        all_ok(text, n)
    }
}

#[test]
fn continue_on_error_fails_the_transaction_and_goes_on() {
    let script = "INSERT INTO t VALUES (1);\n";
    let ran = run(&["-t", "3", "--continue-on-error"], script, insert_fails_once);
    assert_eq!(ran.state, State::Finished);
    let s = &ran.stats;
    assert_eq!((s.cnt, s.other_failures, s.retries), (2, 1, 0));
    assert_eq!(ran.texts().len(), 3, "never retried");
    // Without it, the client aborts at the error.
    let ran = run(&["-t", "3"], script, insert_fails_once);
    assert_eq!(ran.state, State::Aborted);
    assert_eq!((ran.stats.cnt, ran.texts().len()), (0, 1));
}

#[test]
fn a_lost_connection_aborts_the_client() {
    fn lost_at_second(text: &str, n: usize) -> Answer {
        if n == 1 { Answer::Lost } else { all_ok(text, n) }
    }
    let ran = run(&["-t", "5"], "SELECT 1;\n", lost_at_second);
    assert_eq!(ran.state, State::Aborted);
    assert_eq!(ran.stats.cnt, 1, "the first transaction counted, the lost one not");
    assert_eq!(ran.texts(), ["SELECT 1;", "SELECT 1;"]);
    // With --continue-on-error too: a bad connection is not an SQL error.
    let ran = run(&["-t", "5", "--continue-on-error"], "SELECT 1;\n", lost_at_second);
    assert_eq!(ran.state, State::Aborted);
}

#[test]
fn connect_per_transaction_uses_a_new_connection_each_time() {
    let ran = run(&["-C", "-t", "3"], "SELECT 1;\n", all_ok);
    assert_eq!(ran.state, State::Finished);
    assert_eq!(ran.connects, 3);
    let conns: Vec<u64> = ran.sent.iter().map(|(c, _)| *c).collect();
    assert_eq!(conns, [101, 102, 103], "one command on each connection");
    assert_eq!(ran.stats.cnt, 3);
    // Prepared: each new connection prepares the statement again.
    let ran = run(&["-C", "-t", "2", "-M", "prepared"], "SELECT 1;\n", all_ok);
    assert_eq!(ran.texts(), ["PREPARE P_0", "P_0", "PREPARE P_0", "P_0"]);
}

#[test]
fn gset_needs_exactly_one_row() {
    let script = "SELECT 1 AS a, 2 AS b \\gset\nSELECT :a, :b;\n";
    fn two_rows(_: &str, _: usize) -> Answer {
        Answer::Results(vec![Fake::rows(&["a", "b"], &[&["1", "2"], &["3", "4"]])])
    }
    fn no_row(_: &str, _: usize) -> Answer {
        Answer::Results(vec![Fake::rows(&["a", "b"], &[])])
    }
    fn one_row(_: &str, _: usize) -> Answer {
        Answer::Results(vec![Fake::rows(&["a", "b"], &[&["7", "8"]])])
    }
    for wrong in [two_rows as fn(&str, usize) -> Answer, no_row] {
        let ran = run(&["-t", "1"], script, wrong);
        assert_eq!(ran.state, State::Aborted);
        assert_eq!(ran.stats.cnt, 0);
    }
    let ran = run(&["-t", "1"], script, one_row);
    assert_eq!(ran.state, State::Finished);
    assert_eq!(ran.texts(), ["SELECT 1 AS a, 2 AS b ", "SELECT 7, 8;"], "the row's values");
}
