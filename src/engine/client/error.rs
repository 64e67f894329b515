//! Errors during a transaction (C's `EStatus` and what pgbench.c does
//! with it): classifying SQL errors, the abort messages, `CSTATE_ERROR`
//! (leaving the pipeline, rolling back), and the choice between retrying
//! and failing the transaction (`doRetry`), with `--verbose-errors`
//! messages.

use super::link::{Link, Reply};
use super::{Client, LazyNow, State};
use crate::engine::shared::Shared;
use crate::log;
use crate::pq::{
    ExecStatus, PipelineStatus, SQLSTATE_DEADLOCK_DETECTED, SQLSTATE_SERIALIZATION_FAILURE,
    TxStatus,
};
use crate::stats::TxOutcome;

/// How the current transaction is going (C's `EStatus`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum ErrorStatus {
    /// No error.
    NoError,
    /// A meta command failed (the client aborts).
    MetaCommand,
    /// SQLSTATE 40001.
    Serialization,
    /// SQLSTATE 40P01.
    Deadlock,
    /// Any other SQL error (the client aborts, unless
    /// `--continue-on-error`).
    OtherSql,
    /// An SQL error after which the connection is bad
    /// (`--continue-on-error` only; the client aborts).
    Conn,
    /// `--reconnect`: the connection was lost.
    Lost,
    /// `--reconnect`: the connection was lost after a COMMIT was sent.
    LostAtCommit,
}

impl ErrorStatus {
    /// `canRetryError`.
    pub(super) fn can_retry(self) -> bool {
        matches!(self, Self::Serialization | Self::Deadlock)
    }

    /// `canContinueOnError`: under `--continue-on-error` an other SQL
    /// error fails the transaction and the client goes on.
    pub(super) fn can_continue(self, sh: &Shared<'_>) -> bool {
        self == Self::OtherSql && sh.cfg.ext.continue_on_error
    }

    /// The outcome recorded for a transaction that ends in this status.
    pub(super) fn outcome(self) -> TxOutcome {
        match self {
            Self::Serialization => TxOutcome::SerializationFailure,
            Self::Deadlock => TxOutcome::DeadlockFailure,
            Self::OtherSql => TxOutcome::OtherFailure,
            Self::Lost => TxOutcome::ConnectionFailure,
            Self::LostAtCommit => TxOutcome::CommitUnknown,
            Self::NoError | Self::MetaCommand | Self::Conn => TxOutcome::Success,
        }
    }
}

/// `getSQLErrorStatus`: classifies an SQL error by its SQLSTATE.
pub(super) fn sql_error_status(sqlstate: Option<[u8; 5]>) -> ErrorStatus {
    match sqlstate {
        Some(s) if s == SQLSTATE_SERIALIZATION_FAILURE => ErrorStatus::Serialization,
        Some(s) if s == SQLSTATE_DEADLOCK_DETECTED => ErrorStatus::Deadlock,
        _ => ErrorStatus::OtherSql,
    }
}

/// The transaction status as C's `getTransactionStatus` classifies it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum TStatus {
    Idle,
    InBlock,
    ConnError,
    OtherError,
}

impl<L: Link> Client<L> {
    /// `commandFailed`: the abort message for the current command.
    #[cold]
    #[inline(never)]
    pub(super) fn command_failed(&self, cmd: &str, message: &str) {
        log::error!(
            "client {} aborted in command {} ({cmd}) of script {}; {message}",
            self.id,
            self.command,
            self.use_file
        );
    }

    /// `getTransactionStatus`.
    pub(super) fn transaction_status(&self) -> TStatus {
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

    /// After an error is cleaned up: finish when the time is up, else retry
    /// or fail the transaction.
    #[cold]
    #[inline(never)]
    pub(super) fn after_error(&self, sh: &Shared<'_>, now: &mut LazyNow) -> State {
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
    pub(super) fn transaction_status_failed(&mut self, status: TStatus) {
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
        if let Some(limit) = sh.cfg.latency_limit_us {
            if now.get() - self.txn_scheduled > limit {
                return false;
            }
        }
        !sh.timer_exceeded()
    }

    /// `printVerboseErrorMessages`.
    #[cold]
    #[inline(never)]
    pub(super) fn print_verbose_error(&self, sh: &Shared<'_>, now: &mut LazyNow, is_retry: bool) {
        let what = if is_retry {
            "repeats the transaction after the error"
        } else {
            "ends the failed transaction"
        };
        let mut msg = format!("client {} {what} (try {}", self.id, self.tries);
        if sh.cfg.max_tries != 0 {
            msg.push_str(&format!("/{}", sh.cfg.max_tries));
        }
        if let Some(limit) = sh.cfg.latency_limit_us {
            let pct = 100.0 * (now.get() - self.txn_scheduled) as f64 / limit as f64;
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
    pub(super) fn handle_error(&mut self, sh: &Shared<'_>, now: &mut LazyNow) {
        self.cond.clear();
        if self.pipeline_status() != PipelineStatus::Off && !self.discard_until_sync() {
            self.abort_or_lost(sh, |_| {});
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
            TStatus::ConnError => {
                self.abort_or_lost(sh, |c| c.transaction_status_failed(TStatus::ConnError));
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
}
