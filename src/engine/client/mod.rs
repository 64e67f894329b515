//! One client: its connection, variables, random state and the state
//! machine that runs scripts on it (C's `CState` and
//! `advanceConnectionState`).
//!
//! [`Client::advance`] runs the machine until the client has to wait, and
//! returns what it waits for ([`Wait`]), as libpq's `PQconnectPoll` tells
//! its caller what it is waiting for. It never waits itself (connections
//! are made and statements prepared without blocking: [`connect`],
//! [`prepare`]), except where C pgbench blocks too: `\shell`/`\setshell`,
//! and draining results after an error.
//!
//! The steps the machine takes live along C's seams: sending SQL and
//! reading its results ([`sql`], `sendCommand`, `readCommandResponse`),
//! meta-commands ([`meta`], `executeMetaCommand`), errors and retries
//! ([`error`]), what a transaction's end records ([`xact_stats`],
//! `processXactStats`), making connections and `-C`'s connection per
//! transaction ([`connect`]),
//! `--reconnect` ([`reconnect`]) and the `\if` stack ([`cond`],
//! fe_utils/conditional.c).

mod cond;
pub(crate) mod connect;
mod error;
pub(crate) mod link;
mod meta;
mod prepare;
mod profile;
mod reconnect;
#[cfg(test)]
mod reconnect_tests;
mod sql;
#[cfg(test)]
mod tests;
mod xact_stats;

use crate::engine::shared::Shared;
use crate::engine::thread_state::ThreadState;
use crate::log;
use crate::pq::{Conn, ExecStatus, PipelineStatus};
use crate::rand::prng::PgPrng;
use crate::script::{CommandKind, GsetKind, QueryMode, Vars};
use crate::sys::clock::monotonic_us;
use cond::CondStack;
pub(crate) use connect::Made;
use error::{ErrorStatus, TStatus};
use link::{Link, Reply};
use meta::MetaDone;
use sql::Prepared;

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
    /// `-M prepared`: wait for the preparation of a statement the current
    /// command needs (C waits in `PQprepare` instead).
    WaitPrepare,
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
    /// `--reconnect`: the connection was lost; fail the transaction.
    Lost,
    /// `--reconnect`: connect again, waiting between attempts.
    Reconnect,
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
    /// The server's reply to what the client just sent (it has read
    /// nothing since); with `flush`, also room to send output libpq still
    /// holds.
    Reply {
        /// Output is still queued in libpq.
        flush: bool,
    },
    /// More of a reply the client has begun to read.
    MoreReply {
        /// Output is still queued in libpq.
        flush: bool,
    },
    /// A point in time (`\sleep`, `-R` schedule), monotonic µs.
    Until(i64),
    /// The socket of the connection being made: to be writable (`write`)
    /// or readable; and, at `deadline` (monotonic µs), the client runs
    /// whatever its socket does.
    Connect {
        /// Writability, else readability.
        write: bool,
        /// When to run it anyway.
        deadline: Option<i64>,
    },
    /// Nothing: a transaction ended; it can run again after the other
    /// clients had their turn.
    Yield,
    /// It is finished or aborted.
    Done,
    /// The warm-up is over: it waits, between two transactions, for the
    /// measurement to start.
    Parked,
}

/// The current time, read at most once per step (C's `pg_time_now_lazy`).
#[derive(Debug, Default)]
pub(crate) struct LazyNow(Option<i64>);

impl LazyNow {
    /// The time, read now if it was not yet.
    #[inline]
    pub(crate) fn get(&mut self) -> i64 {
        *self.0.get_or_insert_with(monotonic_us)
    }

    /// Forgets the time read.
    pub(crate) fn reset(&mut self) {
        self.0 = None;
    }

    /// The time is `t`.
    pub(crate) fn set(&mut self, t: i64) {
        self.0 = Some(t);
    }
}

/// A client (C's `CState`).
#[derive(Debug)]
#[doc(alias = "CState")]
pub(crate) struct Client<L: Link = Conn> {
    /// Client number, 0-based over the whole run.
    pub(crate) id: i32,
    /// Where the state machine is.
    pub(crate) state: State,
    /// The connection (None before `-C` connects and after it disconnects).
    conn: Option<L>,
    /// The connection being made, if one is.
    dial: Option<Box<L::Dialing>>,
    /// When it started being made (monotonic µs).
    dial_started: i64,
    /// The client's variables.
    vars: Vars,
    /// Generator of the script functions (`cs_func_rs`).
    rng: PgPrng,
    /// `rng` at the start of the transaction, restored for a retry.
    saved_rng: PgPrng,
    /// The `\if` stack.
    cond: CondStack,
    /// Index of the current script.
    use_file: usize,
    /// Index of the current command in the script.
    command: usize,
    /// Pipeline syncs sent and not yet read.
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
    /// How the current transaction is going.
    estatus: ErrorStatus,
    /// Tries of the current transaction so far.
    tries: u32,
    /// Transactions ended (successful, failed or skipped).
    cnt: i64,
    /// `--reconnect`: the lost connection and the new one.
    redial: reconnect::Redial,
    /// `-M prepared`: the statements being prepared.
    preparing: prepare::Preparing,
    /// The current command is being started again after its statement
    /// was prepared (its start time stands).
    resume_send: bool,
}

impl<L: Link> Client<L> {
    /// A client in its initial state.
    pub(crate) fn new(id: i32, vars: Vars, rng: PgPrng, n_commands: usize) -> Self {
        Client {
            id,
            state: State::ChooseScript,
            conn: None,
            dial: None,
            dial_started: 0,
            vars,
            rng,
            saved_rng: rng,
            cond: CondStack::default(),
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
            redial: reconnect::Redial::default(),
            preparing: prepare::Preparing::default(),
            resume_send: false,
        }
    }

    /// libpq's pipeline status; asked only after this client entered
    /// pipeline mode on its connection (it cannot be in one otherwise).
    fn pipeline_status(&self) -> PipelineStatus {
        if !self.maybe_pipeline {
            return PipelineStatus::Off;
        }
        self.conn.as_ref().map_or(PipelineStatus::Off, L::pipeline_status)
    }

    /// Runs the state machine until the client has to wait.
    ///
    /// `go_on` is the scheduler's leave to go straight on to the next
    /// transaction when this one ends, instead of yielding (the worker
    /// gives it when no other client is queued and this one waited for the
    /// server since it last yielded); taking it clears it.
    #[doc(alias = "advanceConnectionState")]
    pub(crate) fn advance(
        &mut self,
        sh: &Shared<'_>,
        th: &mut ThreadState,
        mut go_on: Option<&mut bool>,
    ) -> Wait {
        let mut now = LazyNow::default();
        // A client that starts here in WAIT_RESULT waited for its socket
        // with no complete result in libpq's buffer (it waits only then),
        // and nothing has read it since: its first read needs no
        // PQisBusy.
        let mut busy_known = self.state == State::WaitResult;
        loop {
            match self.state {
                State::ChooseScript => {
                    if th.warm_end.is_some_and(|w| now.get() >= w.us()) {
                        return Wait::Parked;
                    }
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
                        if self.dial.is_none() {
                            self.note_begin(th, &mut now);
                        }
                        match self.connect_for_transaction(sh, th, &mut now) {
                            Ok(()) => {}
                            Err(Some(w)) => return w,
                            Err(None) => continue,
                        }
                    } else {
                        self.note_begin(th, &mut now);
                    }
                    self.saved_rng = self.rng;
                    self.new_try();
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
                    th.throttle_trigger = profile::next_slot(sh, th);
                    self.txn_scheduled = th.throttle_trigger;
                    if th.warm_end.is_some_and(|w| self.txn_scheduled >= w.us()) {
                        // A slot after the warm-up: the measurement
                        // schedules its own.
                        self.state = State::ChooseScript;
                        return Wait::Parked;
                    }
                    if let Some(limit) = sh.cfg.latency_limit_us {
                        let t = now.get();
                        if th.throttle_trigger < t - limit {
                            self.record_transaction(sh, th, &mut now, true);
                            if sh.timer_exceeded()
                                || (sh
                                    .cfg
                                    .length
                                    .transactions()
                                    .is_some_and(|n| self.cnt >= i64::from(n))
                                    && th.warm_end.is_none())
                            {
                                self.state = State::Finished;
                            }
                            continue;
                        }
                    }
                    let ends = sh.end_time().is_some_and(|e| self.txn_scheduled > e.us());
                    self.state = if ends { State::Finished } else { State::Throttle };
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
                    if sh.cfg.report_per_command && !std::mem::take(&mut self.resume_send) {
                        self.stmt_begin = now.get();
                    }
                    match &cmd.kind {
                        CommandKind::Sql(sql) => {
                            if let Some(g) = sql
                                .gset
                                .as_ref()
                                .filter(|_| self.pipeline_status() != PipelineStatus::Off)
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
                            if sh.cfg.query_mode == QueryMode::Prepared
                                && (sql.is_dynamic()
                                    || !self
                                        .prepared
                                        .get(sh.command_base[self.use_file] + self.command))
                            {
                                if let Some(w) = self.prepare_before_send(sh, sql, &mut th.scratch)
                                {
                                    return w;
                                }
                            }
                            if !self.send_command(sh, sql, &mut th.scratch) {
                                self.abort_or_lost(sh, |c| {
                                    c.command_failed("SQL", "SQL command send failed");
                                });
                                continue;
                            }
                            self.note_sent(sh, &sql.text);
                            if self.pipeline_status() == PipelineStatus::Off {
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
                            match self.execute_meta(sh, cmd, meta, &mut now, &mut th.scratch) {
                                MetaDone::Next(State::WaitResult) => {
                                    self.state = State::WaitResult;
                                    log::debug!("client {} receiving", self.id);
                                    return self.socket_wait(true);
                                }
                                MetaDone::Next(next) => self.state = next,
                                MetaDone::Wait(w) => return w,
                                MetaDone::Failed => {
                                    self.estatus = ErrorStatus::MetaCommand;
                                    self.state = State::Aborted;
                                }
                                MetaDone::Interrupted => return Wait::Done,
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
                        self.abort_or_lost(sh, |c| {
                            c.command_failed("SQL", "perhaps the backend died while processing");
                        });
                        continue;
                    }
                    if conn.is_busy() {
                        return self.socket_wait(false);
                    }
                    if self.read_response(sh, &mut th.scratch) {
                        if self.pipeline_status() != PipelineStatus::On {
                            self.state = State::EndCommand;
                        }
                    } else if self.estatus == ErrorStatus::Lost {
                        self.state = State::Lost;
                    } else if self.estatus.can_retry() || self.estatus.can_continue(sh) {
                        self.state = State::Error;
                    } else {
                        self.state = State::Aborted;
                    }
                }
                State::WaitPrepare => {
                    if let Some(w) = self.read_prepared(sh) {
                        return w;
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
                        self.record_command(th, now.get());
                    }
                    self.command += 1;
                    self.state =
                        if self.cond.active() { State::StartCommand } else { State::SkipCommand };
                }
                State::Error => self.handle_error(sh, &mut now),
                State::WaitRollbackResult => {
                    log::debug!("client {} receiving", self.id);
                    let Some(conn) = self.conn.as_mut() else {
                        self.state = State::Aborted;
                        continue;
                    };
                    if !conn.consume_input() {
                        self.abort_or_lost(sh, |c| {
                            log::error!(
                                "client {} aborted while rolling back the transaction after an error; perhaps the backend died while processing",
                                c.id
                            );
                        });
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
                    } else if sh.cfg.ext.reconnect.is_some() && !conn.is_ok() {
                        self.state = State::Lost;
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
                    self.count_retry(th);
                    self.rng = self.saved_rng;
                    self.new_try();
                    self.command = 0;
                    self.estatus = ErrorStatus::NoError;
                    self.state = State::StartCommand;
                }
                State::Failure => {
                    self.count_failure(th, self.estatus.outcome());
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
                        TStatus::ConnError if sh.cfg.ext.reconnect.is_some() => {
                            self.start_redial(sh, th, &mut now);
                            continue;
                        }
                        other => {
                            self.transaction_status_failed(other);
                            continue;
                        }
                    }
                    if sh.cfg.is_connect {
                        self.disconnect_after_transaction(th, &mut now);
                    }
                    if (sh.cfg.length.transactions().is_some_and(|n| self.cnt >= i64::from(n))
                        && th.warm_end.is_none())
                        || sh.timer_exceeded()
                    {
                        self.state = State::Finished;
                        continue;
                    }
                    self.state = State::ChooseScript;
                    if go_on.as_deref_mut().is_some_and(std::mem::take) {
                        continue;
                    }
                    // Give the other clients a turn after a transaction.
                    return Wait::Yield;
                }
                State::Lost => self.fail_on_lost(sh, th, &mut now),
                State::Reconnect => {
                    if let Some(w) = self.redial(sh, th, &mut now) {
                        return w;
                    }
                }
                State::Aborted | State::Finished => {
                    self.finish_conn();
                    return Wait::Done;
                }
            }
        }
    }

    /// What to wait for while the server works on our command: `reply`
    /// when nothing was read since the command was sent.
    fn socket_wait(&mut self, reply: bool) -> Wait {
        let flush = match self.conn.as_mut() {
            Some(c) => c.flush() > 0,
            None => false,
        };
        if reply { Wait::Reply { flush } } else { Wait::MoreReply { flush } }
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
