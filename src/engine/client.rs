//! One client: its connection, variables, random state and the state
//! machine that runs scripts on it (C's `CState` and
//! `advanceConnectionState`).
//!
//! [`Client::advance`] runs the machine until the client has to wait, and
//! returns what it waits for ([`Wait`]), as libpq's `PQconnectPoll` tells
//! its caller what it is waiting for. It never waits itself, except where
//! C pgbench blocks too: connecting under `-C`, synchronous `PREPARE`,
//! `\shell`/`\setshell`, and draining results after an error.

use std::os::fd::RawFd;

use crate::engine::shell;
use crate::engine::thread::{Shared, ThreadState};
use crate::log;
use crate::pq::{
    Conn, ExecStatus, ParamBuf, PipelineStatus, SQLSTATE_DEADLOCK_DETECTED,
    SQLSTATE_SERIALIZATION_FAILURE, TxStatus,
};
use crate::rand::dist::poisson_delay_us;
use crate::rand::prng::PgPrng;
use crate::script::{
    Command, CommandKind, EvalCtx, GsetKind, MetaCommand, QueryMode, SqlCommand, Value, Vars, eval,
    truthy,
};
use crate::stats::TxOutcome;
use crate::sys::clock::monotonic_us;

/// The states of a client (C's `ConnectionStateEnum`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum State {
    /// Choose the script of the next transaction; then throttle, start it,
    /// or finish when the run is over.
    #[doc(alias = "CSTATE_CHOOSE_SCRIPT")]
    ChooseScript,
    /// Start a transaction: connect under `-C`, remember the random state,
    /// note the start time.
    #[doc(alias = "CSTATE_START_TX")]
    StartTx,
    /// Under `-R`: schedule the transaction on the thread's Poisson
    /// timeline, skipping slots already too late under `-L`.
    #[doc(alias = "CSTATE_PREPARE_THROTTLE")]
    PrepareThrottle,
    /// Under `-R`: wait for the scheduled start.
    #[doc(alias = "CSTATE_THROTTLE")]
    Throttle,
    /// Send the current SQL command or run the current meta command.
    #[doc(alias = "CSTATE_START_COMMAND")]
    StartCommand,
    /// Wait for and read the results of the current SQL command (or of a
    /// whole pipeline at `\endpipeline`).
    #[doc(alias = "CSTATE_WAIT_RESULT")]
    WaitResult,
    /// Wait for a `\sleep` to end.
    #[doc(alias = "CSTATE_SLEEP")]
    Sleep,
    /// The command is done: record its time, go to the next one.
    #[doc(alias = "CSTATE_END_COMMAND")]
    EndCommand,
    /// Skip commands of a false `\if` branch.
    #[doc(alias = "CSTATE_SKIP_COMMAND")]
    SkipCommand,
    /// A serialization or deadlock error: leave the pipeline, roll back,
    /// then retry or fail.
    #[doc(alias = "CSTATE_ERROR")]
    Error,
    /// Wait for the ROLLBACK sent after an error.
    #[doc(alias = "CSTATE_WAIT_ROLLBACK_RESULT")]
    WaitRollbackResult,
    /// Run the transaction again from its first command with the same
    /// random state.
    #[doc(alias = "CSTATE_RETRY")]
    Retry,
    /// Give up on the transaction and count it as failed.
    #[doc(alias = "CSTATE_FAILURE")]
    Failure,
    /// End of the script: record the transaction, check that no
    /// transaction block is left open, disconnect under `-C`.
    #[doc(alias = "CSTATE_END_TX")]
    EndTx,
    /// The client stopped because of an error.
    #[doc(alias = "CSTATE_ABORTED")]
    Aborted,
    /// The client ran all its transactions, or the time is up.
    #[doc(alias = "CSTATE_FINISHED")]
    Finished,
}

/// What a client waits for when [`Client::advance`] returns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Wait {
    /// Data from the server on its socket (and, if `flush` is set, room to
    /// send queued output).
    Socket {
        /// Output is still queued in libpq.
        flush: bool,
        /// Nothing was read since the command was sent: any data on the
        /// socket arrived after the client began to wait (so an
        /// edge-triggered wait cannot miss it).
        fresh: bool,
    },
    /// A point in time (`\sleep`, `-R` schedule), monotonic µs.
    Until(i64),
    /// Nothing: it can run again, after the other clients had their turn.
    Yield,
    /// It is finished or aborted.
    Done,
}

/// How the current transaction is going (C's `EStatus`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ErrorStatus {
    /// No error.
    NoError,
    /// A meta command failed (the client aborts).
    MetaCommand,
    /// SQLSTATE 40001.
    Serialization,
    /// SQLSTATE 40P01.
    Deadlock,
    /// Any other SQL error (the client aborts).
    OtherSql,
}

impl ErrorStatus {
    /// `canRetryError`.
    fn can_retry(self) -> bool {
        matches!(self, Self::Serialization | Self::Deadlock)
    }

    /// The outcome recorded for a transaction that ends in this status.
    fn outcome(self) -> TxOutcome {
        match self {
            Self::Serialization => TxOutcome::SerializationFailure,
            Self::Deadlock => TxOutcome::DeadlockFailure,
            Self::NoError | Self::MetaCommand | Self::OtherSql => TxOutcome::Success,
        }
    }
}

/// `getSQLErrorStatus`: classifies an SQL error by its SQLSTATE.
fn sql_error_status(sqlstate: Option<[u8; 5]>) -> ErrorStatus {
    match sqlstate {
        Some(s) if s == SQLSTATE_SERIALIZATION_FAILURE => ErrorStatus::Serialization,
        Some(s) if s == SQLSTATE_DEADLOCK_DETECTED => ErrorStatus::Deadlock,
        _ => ErrorStatus::OtherSql,
    }
}

/// A level of the `\if` stack (fe_utils/conditional.c's `ifState`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum IfState {
    /// In a true branch.
    True,
    /// In a false branch; a later `\elif`/`\else` may still be taken.
    False,
    /// A branch was already taken; skip until `\endif`.
    Ignored,
    /// In the `\else` branch, taken.
    ElseTrue,
    /// In the `\else` branch, skipped.
    ElseFalse,
}

/// The transaction status as C's `getTransactionStatus` classifies it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum TStatus {
    Idle,
    InBlock,
    ConnError,
    OtherError,
}

/// The current time, read at most once per step (C's `pg_time_now_lazy`).
#[derive(Debug, Default)]
struct LazyNow(Option<i64>);

impl LazyNow {
    #[inline]
    fn get(&mut self) -> i64 {
        *self.0.get_or_insert_with(monotonic_us)
    }

    fn reset(&mut self) {
        self.0 = None;
    }

    fn set(&mut self, t: i64) {
        self.0 = Some(t);
    }
}

/// Buffers a worker lends to whichever client is sending or reading: what
/// they hold lives only during one call, so one set per thread serves all
/// its clients (per client they would cost memory at `-c 1000`).
#[derive(Debug, Default)]
pub(crate) struct Scratch {
    /// SQL text (simple mode) or parameter values.
    buf: Vec<u8>,
    /// Parameter offsets into `buf`.
    starts: Vec<u32>,
    /// `\gset` variable names.
    name: Vec<u8>,
    /// Parameter pointers for libpq.
    params: ParamBuf,
}

/// A client (C's `CState`).
#[derive(Debug)]
#[doc(alias = "CState")]
pub(crate) struct Client {
    /// Client number, 0-based over the whole run.
    pub(crate) id: i32,
    /// Where the state machine is.
    pub(crate) state: State,
    /// The connection (None before `-C` connects and after it disconnects).
    pub(crate) conn: Option<Conn>,
    /// The connection was replaced or closed since the worker last looked;
    /// the worker updates its socket registration and clears this.
    pub(crate) conn_changed: bool,
    /// The socket the worker registered for this client.
    pub(crate) registered_fd: Option<RawFd>,
    /// The client waited for its socket since it last yielded.
    pub(crate) waited_since_yield: bool,
    /// The client began waiting for its socket with no complete result in
    /// libpq's buffer (nothing reads it while the client waits).
    busy_known: bool,
    /// The client's variables.
    pub(crate) vars: Vars,
    /// Generator of the script functions (`cs_func_rs`).
    rng: PgPrng,
    /// `rng` at the start of the transaction, restored for a retry.
    saved_rng: PgPrng,
    cond: Vec<IfState>,
    /// Index of the current script.
    pub(crate) use_file: usize,
    /// Index of the current command in the script.
    pub(crate) command: usize,
    num_syncs: i32,
    /// This client entered pipeline mode at some point (until then the
    /// pipeline status need not be asked of libpq).
    maybe_pipeline: bool,
    /// When the transaction was scheduled to start (µs).
    txn_scheduled: i64,
    /// When the current `\sleep` ends (µs).
    sleep_until: i64,
    /// When the transaction actually started (µs).
    txn_begin: i64,
    /// When the current command started (µs, with `-r`).
    stmt_begin: i64,
    /// Which commands are prepared on the current connection.
    prepared: Prepared,
    estatus: ErrorStatus,
    tries: u32,
    /// Transactions ended (successful, failed or skipped).
    pub(crate) cnt: i64,
}

impl Client {
    /// A client in its initial state.
    pub(crate) fn new(id: i32, vars: Vars, rng: PgPrng, n_commands: usize) -> Self {
        Client {
            id,
            state: State::ChooseScript,
            conn: None,
            conn_changed: false,
            registered_fd: None,
            waited_since_yield: false,
            busy_known: false,
            vars,
            rng,
            saved_rng: rng,
            cond: Vec::new(),
            use_file: 0,
            command: 0,
            num_syncs: 0,
            maybe_pipeline: false,
            txn_scheduled: 0,
            sleep_until: 0,
            txn_begin: 0,
            stmt_begin: 0,
            prepared: Prepared::new(n_commands),
            estatus: ErrorStatus::NoError,
            tries: 1,
            cnt: 0,
        }
    }

    /// Installs a connection (initial connection or `-C` reconnect).
    pub(crate) fn set_conn(&mut self, conn: Conn) {
        self.conn = Some(conn);
        self.conn_changed = true;
    }

    /// Closes the connection, if any (C's `finishCon`).
    pub(crate) fn finish_conn(&mut self) {
        if let Some(c) = self.conn.take() {
            self.conn_changed = true;
            c.finish();
        }
    }

    /// `commandFailed`: the abort message for the current command.
    #[cold]
    #[inline(never)]
    fn command_failed(&self, cmd: &str, message: &str) {
        log::error!(
            "client {} aborted in command {} ({cmd}) of script {}; {message}",
            self.id,
            self.command,
            self.use_file
        );
    }

    /// `\if` stack is active (empty or in a taken branch).
    fn cond_active(&self) -> bool {
        matches!(self.cond.last(), None | Some(IfState::True | IfState::ElseTrue))
    }

    /// libpq's pipeline status; asked only after this client entered
    /// pipeline mode on its connection (it cannot be in one otherwise).
    fn pipeline_status(&self) -> PipelineStatus {
        if !self.maybe_pipeline {
            return PipelineStatus::Off;
        }
        self.conn.as_ref().map_or(PipelineStatus::Off, Conn::pipeline_status)
    }

    /// `getTransactionStatus`.
    fn transaction_status(&self) -> TStatus {
        let Some(conn) = self.conn.as_ref() else { return TStatus::ConnError };
        let st = conn.transaction_status();
        match st {
            TxStatus::Idle => TStatus::Idle,
            TxStatus::InTrans | TxStatus::InError => TStatus::InBlock,
            TxStatus::Unknown if !conn.is_ok() => TStatus::ConnError,
            TxStatus::Unknown | TxStatus::Active => {
                log::error!("unexpected transaction status {}", st.code());
                TStatus::OtherError
            }
        }
    }

    /// Runs the state machine until the client has to wait.
    #[doc(alias = "advanceConnectionState")]
    ///
    /// `alone`: no other client of the thread is queued to run, so a
    /// client that waited for the server during the transaction it just
    /// finished goes straight on to the next one instead of yielding.
    pub(crate) fn advance(&mut self, sh: &Shared<'_>, th: &mut ThreadState, alone: bool) -> Wait {
        let mut now = LazyNow::default();
        // Only the state the client waited in may rely on it.
        let mut busy_known = std::mem::take(&mut self.busy_known);
        loop {
            match self.state {
                State::ChooseScript => {
                    self.use_file = choose_script(sh, th);
                    self.estatus = ErrorStatus::NoError;
                    self.tries = 1;
                    log::debug!(
                        "client {} executing script \"{}\"",
                        self.id,
                        sh.scripts[self.use_file].desc
                    );
                    self.state = if sh.timer_exceeded() {
                        State::Finished
                    } else if sh.throttled() {
                        State::PrepareThrottle
                    } else {
                        State::StartTx
                    };
                }
                State::StartTx => {
                    if self.conn.is_none() {
                        let start = now.get();
                        match Conn::connect(&sh.cfg.conn) {
                            Ok(c) => self.set_conn(c),
                            Err(msg) => {
                                log::error!("{msg}");
                                log::error!(
                                    "client {} aborted while establishing connection",
                                    self.id
                                );
                                self.state = State::Aborted;
                                continue;
                            }
                        }
                        let t = monotonic_us();
                        now.set(t);
                        th.conn_duration += t - start;
                        self.prepared.clear();
                    }
                    self.saved_rng = self.rng;
                    // Only the statistics that time transactions (and -L,
                    // which makes them) read the start: otherwise the
                    // clock is not read for it.
                    if sh.detailed {
                        self.txn_begin = now.get();
                        if !sh.throttled() {
                            self.txn_scheduled = self.txn_begin;
                        }
                    }
                    self.state = State::StartCommand;
                    self.command = 0;
                }
                State::PrepareThrottle => {
                    th.throttle_trigger +=
                        poisson_delay_us(&mut th.throttle_rng, sh.cfg.throttle_delay_us);
                    self.txn_scheduled = th.throttle_trigger;
                    if sh.cfg.latency_limit_us != 0 {
                        let t = now.get();
                        if th.throttle_trigger < t - sh.cfg.latency_limit_us {
                            self.record_transaction(sh, th, &mut now, true);
                            if sh.timer_exceeded()
                                || (sh.cfg.nxacts > 0 && self.cnt >= i64::from(sh.cfg.nxacts))
                            {
                                self.state = State::Finished;
                            }
                            continue;
                        }
                    }
                    self.state = if sh.end_time > 0 && self.txn_scheduled > sh.end_time {
                        State::Finished
                    } else {
                        State::Throttle
                    };
                }
                State::Throttle => {
                    if now.get() < self.txn_scheduled {
                        return Wait::Until(self.txn_scheduled);
                    }
                    self.state = if sh.timer_exceeded() { State::Finished } else { State::StartTx };
                }
                State::StartCommand => {
                    let script = &sh.scripts[self.use_file];
                    let Some(cmd) = script.commands.get(self.command) else {
                        if self.pipeline_status() == PipelineStatus::Off {
                            self.state = State::EndTx;
                        } else {
                            log::error!(
                                "client {} aborted: end of script reached with pipeline open",
                                self.id
                            );
                            self.state = State::Aborted;
                        }
                        continue;
                    };
                    if sh.cfg.report_per_command {
                        self.stmt_begin = now.get();
                    }
                    match &cmd.kind {
                        CommandKind::Sql(sql) => {
                            if self.pipeline_status() != PipelineStatus::Off
                                && let Some(g) = &sql.gset
                            {
                                let (tag, msg) = match g.kind {
                                    GsetKind::Gset => {
                                        ("gset", "\\gset is not allowed in pipeline mode")
                                    }
                                    GsetKind::Aset => {
                                        ("aset", "\\aset is not allowed in pipeline mode")
                                    }
                                };
                                self.command_failed(tag, msg);
                                self.state = State::Aborted;
                                continue;
                            }
                            if !self.send_command(sh, sql, &mut th.scratch) {
                                self.command_failed("SQL", "SQL command send failed");
                                self.state = State::Aborted;
                            } else if self.pipeline_status() == PipelineStatus::Off {
                                self.state = State::WaitResult;
                                // Do not try to read now: the answer cannot
                                // be there yet, and a read that finds
                                // nothing is a wasted system call. C enters
                                // the state (and says so) before waiting.
                                log::debug!("client {} receiving", self.id);
                                return self.socket_wait(true);
                            } else {
                                self.state = State::EndCommand;
                            }
                        }
                        CommandKind::Meta(meta) => {
                            self.state =
                                self.execute_meta(sh, cmd, meta, &mut now, &mut th.scratch);
                            if self.state == State::Aborted {
                                self.estatus = ErrorStatus::MetaCommand;
                            } else if self.state == State::WaitResult {
                                log::debug!("client {} receiving", self.id);
                                return self.socket_wait(true);
                            }
                        }
                    }
                }
                State::SkipCommand => self.skip_commands(sh),
                State::WaitResult => {
                    log::debug!("client {} receiving", self.id);
                    let Some(conn) = self.conn.as_mut() else {
                        self.command_failed("SQL", "perhaps the backend died while processing");
                        self.state = State::Aborted;
                        continue;
                    };
                    // Read only when no complete result is buffered
                    // (else one read per pipelined result would be spent).
                    if (std::mem::take(&mut busy_known) || conn.is_busy()) && !conn.consume_input()
                    {
                        self.command_failed("SQL", "perhaps the backend died while processing");
                        self.state = State::Aborted;
                        continue;
                    }
                    if conn.is_busy() {
                        return self.socket_wait(false);
                    }
                    if self.read_response(sh, &mut th.scratch) {
                        if self.pipeline_status() != PipelineStatus::On {
                            self.state = State::EndCommand;
                        }
                    } else if self.estatus.can_retry() {
                        self.state = State::Error;
                    } else {
                        self.state = State::Aborted;
                    }
                }
                State::Sleep => {
                    if now.get() < self.sleep_until {
                        return Wait::Until(self.sleep_until);
                    }
                    self.state = State::EndCommand;
                }
                State::EndCommand => {
                    if sh.cfg.report_per_command {
                        let elapsed = now.get() - self.stmt_begin;
                        if let Some(cs) = th
                            .cmd_stats
                            .get_mut(self.use_file)
                            .and_then(|v| v.get_mut(self.command))
                        {
                            #[allow(clippy::cast_precision_loss)]
                            cs.elapsed.add(elapsed as f64 / 1e6);
                        }
                    }
                    self.command += 1;
                    self.state =
                        if self.cond_active() { State::StartCommand } else { State::SkipCommand };
                }
                State::Error => self.handle_error(sh, &mut now),
                State::WaitRollbackResult => {
                    log::debug!("client {} receiving", self.id);
                    let Some(conn) = self.conn.as_mut() else {
                        self.state = State::Aborted;
                        continue;
                    };
                    if !conn.consume_input() {
                        log::error!(
                            "client {} aborted while rolling back the transaction after an error; perhaps the backend died while processing",
                            self.id
                        );
                        self.state = State::Aborted;
                        continue;
                    }
                    if conn.is_busy() {
                        return self.socket_wait(false);
                    }
                    let res = conn.get_result();
                    if res.as_ref().is_some_and(|r| r.status() == ExecStatus::CommandOk) {
                        drop(res);
                        // The NULL that ends the command.
                        while conn.get_result().is_some() {}
                        self.state = self.after_error(sh, &mut now);
                    } else {
                        log::error!(
                            "client {} aborted while rolling back the transaction after an error; {}",
                            self.id,
                            conn.error_message()
                        );
                        self.state = State::Aborted;
                    }
                }
                State::Retry => {
                    if sh.cfg.verbose_errors {
                        self.print_verbose_error(sh, &mut now, true);
                    }
                    self.tries += 1;
                    if let Some(cs) =
                        th.cmd_stats.get_mut(self.use_file).and_then(|v| v.get_mut(self.command))
                    {
                        cs.retries += 1;
                    }
                    self.rng = self.saved_rng;
                    self.command = 0;
                    self.estatus = ErrorStatus::NoError;
                    self.state = State::StartCommand;
                }
                State::Failure => {
                    if let Some(cs) =
                        th.cmd_stats.get_mut(self.use_file).and_then(|v| v.get_mut(self.command))
                    {
                        cs.failures += 1;
                    }
                    if sh.cfg.verbose_errors {
                        self.print_verbose_error(sh, &mut now, false);
                    }
                    self.state = State::EndTx;
                }
                State::EndTx => {
                    self.record_transaction(sh, th, &mut now, false);
                    match self.transaction_status() {
                        TStatus::InBlock => {
                            log::error!(
                                "client {} aborted: end of script reached without completing the last transaction",
                                self.id
                            );
                            self.state = State::Aborted;
                            continue;
                        }
                        TStatus::Idle => {}
                        other => {
                            self.transaction_status_failed(other);
                            continue;
                        }
                    }
                    if sh.cfg.is_connect {
                        let start = now.get();
                        self.finish_conn();
                        let t = monotonic_us();
                        now.set(t);
                        th.conn_duration += t - start;
                    }
                    if (sh.cfg.duration <= 0 && self.cnt >= i64::from(sh.cfg.nxacts))
                        || sh.timer_exceeded()
                    {
                        self.state = State::Finished;
                        continue;
                    }
                    self.state = State::ChooseScript;
                    // Give the other clients a turn after a transaction, so
                    // a script of meta commands only cannot monopolize the
                    // thread; with nobody else to run, the yield would only
                    // bring this client straight back.
                    if alone && std::mem::take(&mut self.waited_since_yield) {
                        continue;
                    }
                    return Wait::Yield;
                }
                State::Aborted | State::Finished => {
                    self.finish_conn();
                    return Wait::Done;
                }
            }
        }
    }

    /// What to wait for while the server works on our command.
    fn socket_wait(&mut self, fresh: bool) -> Wait {
        let flush = match self.conn.as_mut() {
            Some(c) => c.flush() > 0,
            None => false,
        };
        self.waited_since_yield = true;
        self.busy_known = true;
        Wait::Socket { flush, fresh }
    }

    /// `processXactStats`: records the end of a transaction (or a skipped
    /// slot) in the thread's statistics and log.
    #[inline(never)]
    fn record_transaction(
        &mut self,
        sh: &Shared<'_>,
        th: &mut ThreadState,
        now: &mut LazyNow,
        skipped: bool,
    ) {
        let mut latency = 0.0;
        let mut lag = 0.0;
        if sh.detailed && !skipped && self.estatus == ErrorStatus::NoError {
            let t = now.get();
            #[allow(clippy::cast_precision_loss)]
            {
                latency = (t - self.txn_scheduled) as f64;
                lag = (self.txn_begin - self.txn_scheduled) as f64;
            }
        }
        let outcome = self.estatus.outcome();
        let with_lag = sh.throttled();
        th.stats.accum(skipped, latency, lag, outcome, self.tries, with_lag);
        #[allow(clippy::cast_precision_loss)]
        if sh.cfg.latency_limit_us != 0 && latency > sh.cfg.latency_limit_us as f64 {
            th.latency_late += 1;
        }
        self.cnt += 1;
        if let Some(log) = th.log.as_mut() {
            log.transaction(
                &mut th.sample_rng,
                self.id,
                self.cnt,
                self.use_file,
                skipped,
                outcome,
                latency,
                lag,
                self.tries,
            );
        }
        if sh.cfg.per_script_stats
            && let Some(s) = th.script_stats.get_mut(self.use_file)
        {
            s.accum(skipped, latency, lag, outcome, self.tries, with_lag);
        }
    }

    /// After an error is cleaned up: finish when the time is up, else retry
    /// or fail the transaction.
    #[cold]
    #[inline(never)]
    fn after_error(&self, sh: &Shared<'_>, now: &mut LazyNow) -> State {
        if sh.timer_exceeded() {
            State::Finished
        } else if self.do_retry(sh, now) {
            State::Retry
        } else {
            State::Failure
        }
    }

    /// Aborts the client when its transaction status cannot be known.
    #[cold]
    #[inline(never)]
    fn transaction_status_failed(&mut self, status: TStatus) {
        if status == TStatus::ConnError {
            log::error!("perhaps the backend died while processing");
        }
        log::error!("client {} aborted while receiving the transaction status", self.id);
        self.state = State::Aborted;
    }

    /// `doRetry`: whether a failed transaction may run again.
    fn do_retry(&self, sh: &Shared<'_>, now: &mut LazyNow) -> bool {
        if !self.estatus.can_retry() {
            return false;
        }
        if sh.cfg.max_tries != 0 && self.tries >= sh.cfg.max_tries {
            return false;
        }
        if sh.cfg.latency_limit_us != 0 && now.get() - self.txn_scheduled > sh.cfg.latency_limit_us
        {
            return false;
        }
        !sh.timer_exceeded()
    }

    /// `printVerboseErrorMessages`.
    #[cold]
    #[inline(never)]
    fn print_verbose_error(&self, sh: &Shared<'_>, now: &mut LazyNow, is_retry: bool) {
        let what = if is_retry {
            "repeats the transaction after the error"
        } else {
            "ends the failed transaction"
        };
        let mut msg = format!("client {} {what} (try {}", self.id, self.tries);
        if sh.cfg.max_tries != 0 {
            msg.push_str(&format!("/{}", sh.cfg.max_tries));
        }
        if sh.cfg.latency_limit_us != 0 {
            #[allow(clippy::cast_precision_loss)]
            let pct =
                100.0 * (now.get() - self.txn_scheduled) as f64 / sh.cfg.latency_limit_us as f64;
            msg.push_str(&format!(
                ", {}% of the maximum time of tries was used",
                crate::compat::fmt::Fixed(pct, 3)
            ));
        }
        msg.push_str(")\n");
        log::info!("{msg}");
    }

    /// `CSTATE_ERROR`: leave the pipeline, roll back an open transaction
    /// block, then decide between retry and failure.
    #[cold]
    #[inline(never)]
    fn handle_error(&mut self, sh: &Shared<'_>, now: &mut LazyNow) {
        self.cond.clear();
        if self.pipeline_status() != PipelineStatus::Off && !self.discard_until_sync() {
            self.state = State::Aborted;
            return;
        }
        match self.transaction_status() {
            TStatus::InBlock => {
                let sent = self.conn.as_mut().is_some_and(|c| c.send_query(c"ROLLBACK"));
                if sent {
                    self.state = State::WaitRollbackResult;
                } else {
                    log::error!(
                        "client {} aborted: failed to send sql command for rolling back the failed transaction",
                        self.id
                    );
                    self.state = State::Aborted;
                }
            }
            TStatus::Idle => {
                self.state = self.after_error(sh, now);
            }
            other => self.transaction_status_failed(other),
        }
    }

    /// `discardUntilSync`: sends a sync, discards results up to the NULL
    /// after the last pipeline sync, and leaves pipeline mode.
    #[cold]
    #[inline(never)]
    fn discard_until_sync(&mut self) -> bool {
        let id = self.id;
        let Some(conn) = self.conn.as_mut() else { return false };
        if !conn.pipeline_sync() {
            log::error!("client {id} aborted: failed to send a pipeline sync");
            return false;
        }
        let mut seen_sync = false;
        loop {
            if !conn.is_ok() {
                log::error!(
                    "client {id} aborted while rolling back the transaction after an error; perhaps the backend died while processing"
                );
                return false;
            }
            match conn.get_result() {
                Some(r) => seen_sync = r.status() == ExecStatus::PipelineSync,
                None if seen_sync => break,
                None => {}
            }
        }
        self.num_syncs = 0;
        if !conn.exit_pipeline_mode() {
            log::error!(
                "client {id} aborted: failed to exit pipeline mode for rolling back the failed transaction"
            );
            return false;
        }
        true
    }

    /// `CSTATE_SKIP_COMMAND`: walks a false branch, updating the `\if`
    /// stack, until a command must run.
    #[inline(never)]
    fn skip_commands(&mut self, sh: &Shared<'_>) {
        let script = &sh.scripts[self.use_file];
        loop {
            let Some(cmd) = script.commands.get(self.command) else {
                // Cannot happen once the script passed the conditional check.
                self.state = State::StartCommand;
                return;
            };
            let meta = cmd.meta();
            let is_cond = matches!(
                meta,
                Some(
                    MetaCommand::If(_)
                        | MetaCommand::Elif(_)
                        | MetaCommand::Else
                        | MetaCommand::Endif
                )
            );
            if is_cond {
                match self.cond.last().copied() {
                    Some(IfState::False) => match meta {
                        Some(MetaCommand::If(_)) => self.cond.push(IfState::Ignored),
                        Some(MetaCommand::Elif(_)) => {
                            // Evaluate the condition: run this command.
                            self.state = State::StartCommand;
                            return;
                        }
                        Some(MetaCommand::Else) => {
                            if let Some(top) = self.cond.last_mut() {
                                *top = IfState::ElseTrue;
                            }
                            self.state = State::StartCommand;
                            self.command += 1;
                            return;
                        }
                        _ => {
                            self.cond.pop();
                            self.command += 1;
                            if self.cond_active() {
                                self.state = State::StartCommand;
                                return;
                            }
                            continue;
                        }
                    },
                    Some(IfState::Ignored | IfState::ElseFalse) => {
                        match meta {
                            Some(MetaCommand::If(_)) => self.cond.push(IfState::Ignored),
                            Some(MetaCommand::Endif) => {
                                self.cond.pop();
                                if self.cond_active() {
                                    self.state = State::StartCommand;
                                }
                            }
                            _ => {}
                        }
                        self.command += 1;
                        if self.state != State::SkipCommand {
                            return;
                        }
                        continue;
                    }
                    // Active states cannot be skipping; resume running.
                    None | Some(IfState::True | IfState::ElseTrue) => {
                        self.state = State::StartCommand;
                        return;
                    }
                }
            }
            self.command += 1;
        }
    }

    /// `prepareCommand`: prepares command `idx` of the current script on
    /// this connection if it was not yet (synchronously, as C 17 does; a
    /// failure is logged and the statement still counts as prepared).
    fn prepare_command(&mut self, sh: &Shared<'_>, idx: usize) {
        let bit = sh.command_base[self.use_file] + idx;
        if self.prepared.get(bit) {
            return;
        }
        self.prepare_uncached(sh, idx, bit);
    }

    #[cold]
    #[inline(never)]
    fn prepare_uncached(&mut self, sh: &Shared<'_>, idx: usize, bit: usize) {
        let Some(Command { kind: CommandKind::Sql(sql), .. }) =
            sh.scripts[self.use_file].commands.get(idx)
        else {
            return;
        };
        let Some(pf) = sql.param_form.as_ref() else { return };
        let Some(name) = pf.prep_name.as_ref() else { return };
        let Some(conn) = self.conn.as_mut() else { return };
        log::debug!("client {} preparing {}", self.id, name.to_string_lossy());
        let ok = conn
            .prepare(name, &pf.sql, pf.params.len())
            .is_some_and(|r| r.status() == ExecStatus::CommandOk);
        if !ok {
            log::error!("{}", conn.error_message());
        }
        self.prepared.set(bit);
    }

    /// `sendCommand`: sends an SQL command in the configured query mode.
    #[inline(never)]
    fn send_command(&mut self, sh: &Shared<'_>, sql: &SqlCommand, scratch: &mut Scratch) -> bool {
        let mode = sh.cfg.query_mode;
        if mode == QueryMode::Prepared {
            self.prepare_command(sh, self.command);
        }
        let Some(conn) = self.conn.as_mut() else { return false };
        let ok = match (mode, sql.param_form.as_ref()) {
            (QueryMode::Simple, _) | (_, None) => {
                sql.render_simple(&self.vars, &mut scratch.buf);
                match std::ffi::CStr::from_bytes_until_nul(&scratch.buf) {
                    Ok(text) => {
                        log::debug!("client {} sending {}", self.id, text.to_string_lossy());
                        conn.send_query(text)
                    }
                    Err(_) => false,
                }
            }
            (QueryMode::Extended, Some(pf)) => {
                sql.render_params(&self.vars, &mut scratch.buf, &mut scratch.starts);
                log::debug!("client {} sending {}", self.id, pf.sql.to_string_lossy());
                conn.send_query_params(&pf.sql, &scratch.buf, &scratch.starts, &mut scratch.params)
            }
            (QueryMode::Prepared, Some(pf)) => {
                sql.render_params(&self.vars, &mut scratch.buf, &mut scratch.starts);
                let name = pf.prep_name.as_deref().unwrap_or(c"");
                log::debug!("client {} sending {}", self.id, name.to_string_lossy());
                conn.send_query_prepared(name, &scratch.buf, &scratch.starts, &mut scratch.params)
            }
        };
        if !ok {
            log::debug!("client {} could not send {}", self.id, String::from_utf8_lossy(&sql.text));
        }
        ok
    }

    /// `readCommandResponse`: reads every result of the current command,
    /// storing `\gset`/`\aset` values. False on error (with `estatus` set
    /// for errors that may be retried).
    #[inline(never)]
    fn read_response(&mut self, sh: &Shared<'_>, scratch: &mut Scratch) -> bool {
        let script = &sh.scripts[self.use_file];
        let gset = match script.commands.get(self.command).map(|c| &c.kind) {
            Some(CommandKind::Sql(s)) => s.gset.as_ref(),
            _ => None,
        };
        let Some(conn) = self.conn.as_mut() else { return false };
        let mut qrynum = 0;
        let mut res = conn.get_result();
        let mut failed = false;
        while let Some(r) = res.take() {
            let next = conn.get_result();
            let is_last = next.is_none();
            match r.status() {
                ExecStatus::CommandOk | ExecStatus::EmptyQuery => {
                    if is_last && gset.is_some_and(|g| g.kind == GsetKind::Gset) {
                        log::error!(
                            "client {} script {} command {} query {qrynum}: expected one row, got 0",
                            self.id,
                            self.use_file,
                            self.command
                        );
                        self.estatus = ErrorStatus::MetaCommand;
                        failed = true;
                    }
                }
                ExecStatus::TuplesOk | ExecStatus::PartialTuples => {
                    if let Some(g) = gset
                        && (g.kind == GsetKind::Aset || is_last)
                    {
                        let ntuples = r.ntuples();
                        if g.kind == GsetKind::Gset && ntuples != 1 {
                            log::error!(
                                "client {} script {} command {} query {qrynum}: expected one row, got {ntuples}",
                                self.id,
                                self.use_file,
                                self.command
                            );
                            self.estatus = ErrorStatus::MetaCommand;
                            failed = true;
                        } else if ntuples > 0 {
                            for fld in 0..r.nfields() {
                                let col = r.fname(fld);
                                match crate::script::meta::gset_target(
                                    &sh.cfg.registry,
                                    g,
                                    col,
                                    &mut scratch.name,
                                ) {
                                    Ok(Some(slot)) => {
                                        self.vars.set_bytes(slot, r.value(ntuples - 1, fld));
                                    }
                                    Ok(None) => {}
                                    Err(msg) => {
                                        log::error!("{msg}");
                                        log::error!(
                                            "client {} script {} command {} query {qrynum}: error storing into variable {}",
                                            self.id,
                                            self.use_file,
                                            self.command,
                                            String::from_utf8_lossy(&scratch.name)
                                        );
                                        self.estatus = ErrorStatus::MetaCommand;
                                        failed = true;
                                        break;
                                    }
                                }
                            }
                        }
                    }
                }
                ExecStatus::PipelineSync => {
                    log::debug!(
                        "client {} pipeline ending, ongoing syncs: {}",
                        self.id,
                        self.num_syncs
                    );
                    self.num_syncs -= 1;
                    if self.num_syncs == 0 && !conn.exit_pipeline_mode() {
                        log::error!(
                            "client {} failed to exit pipeline mode: {}",
                            self.id,
                            r.error_message()
                        );
                    }
                }
                ExecStatus::CopyIn | ExecStatus::CopyOut | ExecStatus::CopyBoth => {
                    log::error!("COPY is not supported in pgbench, aborting");
                    // Leave the COPY state, or draining the results below
                    // would never end.
                    conn.end_copy();
                    failed = true;
                }
                ExecStatus::NonfatalError | ExecStatus::FatalError => {
                    self.estatus = sql_error_status(r.sqlstate());
                    if self.estatus.can_retry() {
                        if sh.cfg.verbose_errors {
                            log::info!(
                                "client {} got an error in command {} (SQL) of script {}; {}",
                                self.id,
                                self.command,
                                self.use_file,
                                r.error_message()
                            );
                        }
                    } else {
                        query_aborted((self.id, self.use_file, self.command), qrynum, &r);
                    }
                    failed = true;
                }
                ExecStatus::BadResponse | ExecStatus::PipelineAborted => {
                    query_aborted((self.id, self.use_file, self.command), qrynum, &r);
                    failed = true;
                }
            }
            if failed {
                drop(r);
                drop(next);
                while conn.get_result().is_some() {}
                return false;
            }
            qrynum += 1;
            res = next;
        }
        if qrynum == 0 {
            log::error!("client {} command {}: no results", self.id, self.command);
            return false;
        }
        true
    }

    /// `executeMetaCommand`: runs a meta command; returns the next state.
    #[inline(never)]
    fn execute_meta(
        &mut self,
        sh: &Shared<'_>,
        cmd: &Command,
        meta: &MetaCommand,
        now: &mut LazyNow,
        scratch: &mut Scratch,
    ) -> State {
        if log::debug_enabled() {
            let mut s = format!(
                "client {} executing \\{}",
                self.id,
                cmd.argv.first().map_or("", String::as_str)
            );
            for a in cmd.argv.iter().skip(1) {
                s.push(' ');
                s.push_str(a);
            }
            log::debug!("{s}");
        }
        let word = cmd.argv.first().map_or("", String::as_str);
        match meta {
            MetaCommand::Sleep { arg, unit_us } => {
                match arg.usecs(*unit_us, word, &self.vars, &mut scratch.buf) {
                    Ok(us) => {
                        self.sleep_until = now.get() + us;
                        return State::Sleep;
                    }
                    Err(msg) => {
                        log::error!("{msg}");
                        self.command_failed("sleep", "execution of meta-command failed");
                        return State::Aborted;
                    }
                }
            }
            MetaCommand::Set { target, expr } => {
                let v = match self.evaluate(expr) {
                    Some(v) => v,
                    None => {
                        self.command_failed(word, "evaluation of meta-command failed");
                        return State::Aborted;
                    }
                };
                if let Err(msg) = target.assign(&mut self.vars, v, word) {
                    log::error!("{msg}");
                    self.command_failed("set", "assignment of meta-command failed");
                    return State::Aborted;
                }
            }
            MetaCommand::If(expr) => {
                let Some(v) = self.evaluate(expr) else {
                    self.command_failed(word, "evaluation of meta-command failed");
                    return State::Aborted;
                };
                self.cond.push(if truthy(&v) { IfState::True } else { IfState::False });
            }
            MetaCommand::Elif(expr) => {
                if self.cond.last() == Some(&IfState::True) {
                    if let Some(top) = self.cond.last_mut() {
                        *top = IfState::Ignored;
                    }
                    return State::EndCommand;
                }
                let Some(v) = self.evaluate(expr) else {
                    self.command_failed(word, "evaluation of meta-command failed");
                    return State::Aborted;
                };
                if let Some(top) = self.cond.last_mut() {
                    *top = if truthy(&v) { IfState::True } else { IfState::False };
                }
            }
            MetaCommand::Else => {
                if let Some(top) = self.cond.last_mut()
                    && *top == IfState::True
                {
                    *top = IfState::ElseFalse;
                }
            }
            MetaCommand::Endif => {
                self.cond.pop();
            }
            MetaCommand::SetShell { target, words } => {
                let ok =
                    shell::run_setshell(sh, cmd, target, words, &mut self.vars, &mut scratch.buf);
                if !ok {
                    self.command_failed("setshell", "execution of meta-command failed");
                    return State::Aborted;
                }
            }
            MetaCommand::Shell { words } => {
                if !shell::run_shell(sh, words, &self.vars, &mut scratch.buf) {
                    self.command_failed("shell", "execution of meta-command failed");
                    return State::Aborted;
                }
            }
            MetaCommand::StartPipeline => {
                if sh.cfg.query_mode == QueryMode::Simple {
                    self.command_failed(
                        "startpipeline",
                        "cannot use pipeline mode with the simple query protocol",
                    );
                    return State::Aborted;
                }
                if sh.cfg.query_mode == QueryMode::Prepared {
                    self.prepare_pipeline(sh);
                }
                if self.pipeline_status() != PipelineStatus::Off {
                    self.command_failed("startpipeline", "already in pipeline mode");
                    return State::Aborted;
                }
                self.maybe_pipeline = true;
                if !self.conn.as_mut().is_some_and(Conn::enter_pipeline_mode) {
                    self.command_failed("startpipeline", "failed to enter pipeline mode");
                    return State::Aborted;
                }
            }
            MetaCommand::SyncPipeline | MetaCommand::EndPipeline => {
                let ending = matches!(meta, MetaCommand::EndPipeline);
                // \syncpipeline queues a sync point; \endpipeline also flushes
                // and then waits for every result of the pipeline.
                let (tag, sync): (&str, fn(&mut Conn) -> bool) = if ending {
                    ("endpipeline", Conn::pipeline_sync)
                } else {
                    ("syncpipeline", Conn::send_pipeline_sync)
                };
                if self.pipeline_status() != PipelineStatus::On {
                    self.command_failed(tag, "not in pipeline mode");
                    return State::Aborted;
                }
                if !self.conn.as_mut().is_some_and(sync) {
                    self.command_failed(tag, "failed to send a pipeline sync");
                    return State::Aborted;
                }
                self.num_syncs += 1;
                if ending {
                    return State::WaitResult;
                }
            }
        }
        // Evaluating or running a shell command may have taken a while.
        now.reset();
        State::EndCommand
    }

    /// `prepareCommandsInPipeline`: in prepared mode, prepares every SQL
    /// command up to the matching `\endpipeline` before the pipeline
    /// starts, once per connection (flagged on the `\startpipeline`).
    #[cold]
    #[inline(never)]
    fn prepare_pipeline(&mut self, sh: &Shared<'_>) {
        let here = self.command;
        let bit = sh.command_base[self.use_file] + here;
        if self.prepared.get(bit) {
            return;
        }
        let script = &sh.scripts[self.use_file];
        let mut j = here + 1;
        while let Some(c) = script.commands.get(j) {
            if matches!(c.meta(), Some(MetaCommand::EndPipeline)) {
                break;
            }
            self.prepare_command(sh, j);
            j += 1;
        }
        self.prepared.set(bit);
    }

    /// `evaluateExpr`: evaluates with this client's variables and
    /// generator; logs C's message on failure.
    fn evaluate(&mut self, expr: &crate::script::Expr) -> Option<Value> {
        let mut out = |line: &str| {
            let mut s = String::with_capacity(line.len() + 1);
            s.push_str(line);
            s.push('\n');
            log::raw(s.as_bytes());
        };
        let mut ctx = EvalCtx {
            vars: &mut self.vars,
            rng: &mut self.rng,
            script: self.use_file,
            command: self.command + 1,
            debug_out: &mut out,
        };
        match eval(expr, &mut ctx) {
            Ok(v) => Some(v),
            Err(e) => {
                if !e.is_silent() {
                    log::error!("{e}");
                }
                None
            }
        }
    }
}

/// The abort message for an SQL result C does not expect; `at` is the
/// client, script and command.
#[cold]
#[inline(never)]
fn query_aborted(at: (i32, usize, usize), qrynum: usize, r: &crate::pq::PgResult) {
    let (client, script, command) = at;
    log::error!(
        "client {client} script {script} aborted in command {command} query {qrynum}: {}",
        r.error_message()
    );
}

/// One bit per command of all scripts (numbered by `Shared::command_base`):
/// whether it is prepared on the client's current connection (C's
/// `prepared[script][command]`).
#[derive(Debug, Clone)]
struct Prepared(Vec<u64>);

impl Prepared {
    fn new(n: usize) -> Self {
        Prepared(vec![0; n.div_ceil(64)])
    }

    fn get(&self, i: usize) -> bool {
        self.0.get(i / 64).is_some_and(|w| w & (1 << (i % 64)) != 0)
    }

    fn set(&mut self, i: usize) {
        if let Some(w) = self.0.get_mut(i / 64) {
            *w |= 1 << (i % 64);
        }
    }

    fn clear(&mut self) {
        self.0.fill(0);
    }
}

/// `chooseScript`: the script of the next transaction, by weight.
fn choose_script(sh: &Shared<'_>, th: &mut ThreadState) -> usize {
    if sh.scripts.len() == 1 {
        return 0;
    }
    let mut w = th.choose_rng.int64_range(0, sh.cfg.total_weight - 1);
    let mut i = 0;
    loop {
        w -= i64::from(sh.scripts[i].weight);
        i += 1;
        if w < 0 || i >= sh.scripts.len() {
            return i - 1;
        }
    }
}
