//! `-M prepared` without blocking the thread: a statement not yet prepared
//! on the client's connection is prepared with `PQsendPrepare` and its
//! result read when the socket has it (the thread runs its other clients
//! meanwhile), where C's `prepareCommand` and `prepareCommandsInPipeline`
//! wait in a synchronous `PQprepare`. The server sees what C sends (a
//! Parse and its Sync, then the command), so a statement that cannot be
//! prepared fails as in C: its error is logged, it counts as prepared, and
//! the command sent then meets the server's error.
//!
//! Inside a pipeline (which `\startpipeline` enters only after preparing
//! its commands) a statement is prepared synchronously, as C does.

use std::ffi::CStr;

use super::link::{Link, Reply};
use super::meta::MetaDone;
use super::{Client, State, Wait};
use crate::engine::shared::Shared;
use crate::engine::thread_state::Scratch;
use crate::log;
use crate::pq::{ExecStatus, PipelineStatus};
use crate::script::{Command, CommandKind, MetaCommand};

/// What the client is preparing, before what.
#[derive(Debug, Default)]
pub(super) struct Preparing {
    /// The commands still to prepare, the last first.
    left: Vec<usize>,
    /// The result of the one sent was read: the NULL that ends it is next.
    got_result: bool,
    /// Then: enter the pipeline (`\startpipeline`), else send the command.
    then_pipeline: bool,
}

impl<L: Link> Client<L> {
    /// Before the current SQL command is sent under `-M prepared`: starts
    /// preparing its statement if the connection does not have it yet
    /// (the client then waits in `WaitPrepare`: what to wait for).
    #[cold]
    #[inline(never)]
    pub(super) fn prepare_before_send(
        &mut self,
        sh: &Shared<'_>,
        sql: &crate::script::SqlCommand,
        scratch: &mut Scratch,
    ) -> Option<Wait> {
        if self.pipeline_status() != PipelineStatus::Off {
            // (Synchronously, as C: \startpipeline prepared the commands
            // of its pipeline already.)
            self.prepare_command(sh, self.command);
            return None;
        }
        let pf = sql.param_form.as_ref()?;
        self.preparing = Preparing::default();
        if sql.is_dynamic() {
            pf.prep_name.as_ref()?;
            sql.render_dynamic(&self.vars, &mut scratch.text);
            let text = CStr::from_bytes_until_nul(&scratch.text).ok()?;
            if self.prepared.dynamic_name(text.to_bytes()).is_some() || self.prepared.dynamic_full()
            {
                return None;
            }
            let name = self.prepared.add_dynamic(text.to_bytes()).to_owned();
            return self.send_prepare(sh, &name, text, pf.params.len());
        }
        if !self.needs_prepare(sh, self.command) {
            return None;
        }
        self.preparing.left.push(self.command);
        self.prepare_next(sh)
    }

    /// `\startpipeline` under `-M prepared` outside a pipeline: starts
    /// preparing the pipeline's commands not yet prepared (none: go on).
    pub(super) fn prepare_pipeline_first(&mut self, sh: &Shared<'_>) -> Option<Wait> {
        let here = sh.command_base[self.use_file] + self.command;
        if self.prepared.get(here) {
            return None;
        }
        // (As C flags it, the \startpipeline is prepared with its
        // commands.)
        self.prepared.set(here);
        let script = &sh.scripts[self.use_file];
        let mut left: Vec<usize> = Vec::new();
        let mut j = self.command + 1;
        while let Some(c) = script.commands.get(j) {
            if matches!(c.meta(), Some(MetaCommand::EndPipeline)) {
                break;
            }
            if self.needs_prepare(sh, j) {
                left.push(j);
            }
            j += 1;
        }
        left.reverse();
        self.preparing = Preparing { left, then_pipeline: true, got_result: false };
        self.prepare_next(sh)
    }

    /// Whether command `idx` of the current script has a statement to
    /// prepare on this connection (one that is not prepared yet).
    fn needs_prepare(&self, sh: &Shared<'_>, idx: usize) -> bool {
        let bit = sh.command_base[self.use_file] + idx;
        let Some(Command { kind: CommandKind::Sql(sql), .. }) =
            sh.scripts[self.use_file].commands.get(idx)
        else {
            return false;
        };
        !self.prepared.get(bit)
            && !sql.is_dynamic()
            && sql.param_form.as_ref().is_some_and(|pf| pf.prep_name.is_some())
    }

    /// Sends the preparation of the next command left; those that cannot
    /// be sent are logged as C logs a failed `PQprepare`. What to wait
    /// for, or None when none is left.
    fn prepare_next(&mut self, sh: &Shared<'_>) -> Option<Wait> {
        while let Some(idx) = self.preparing.left.pop() {
            let bit = sh.command_base[self.use_file] + idx;
            // (Prepared or not, it counts as prepared, as in C.)
            self.prepared.set(bit);
            let Some(Command { kind: CommandKind::Sql(sql), .. }) =
                sh.scripts[self.use_file].commands.get(idx)
            else {
                continue;
            };
            let Some(pf) = sql.param_form.as_ref() else { continue };
            let Some(name) = pf.prep_name.as_ref() else { continue };
            if let Some(w) = self.send_prepare(sh, name, &pf.sql, pf.params.len()) {
                return Some(w);
            }
        }
        None
    }

    /// `PQsendPrepare`: the client then waits for its result. A failure to
    /// send is logged (None).
    fn send_prepare(
        &mut self,
        sh: &Shared<'_>,
        name: &CStr,
        sql: &CStr,
        nparams: usize,
    ) -> Option<Wait> {
        let conn = self.conn.as_mut()?;
        log::debug!("client {} preparing {}", self.id, name.to_string_lossy());
        if conn.send_prepare(name, sql, nparams) {
            self.preparing.got_result = false;
            self.state = State::WaitPrepare;
            return Some(self.socket_wait(true));
        }
        if conn.is_ok() || sh.cfg.ext.reconnect.is_none() {
            log::error!("{}", conn.error_message());
        }
        None
    }

    /// `State::WaitPrepare`: reads the preparation's result (logging its
    /// error as C does) and the NULL after it, then prepares the next
    /// statement or goes on. What to wait for, or None when the state
    /// changed.
    #[cold]
    #[inline(never)]
    pub(super) fn read_prepared(&mut self, sh: &Shared<'_>) -> Option<Wait> {
        loop {
            let Some(conn) = self.conn.as_mut() else {
                self.state = State::Aborted;
                return None;
            };
            if conn.is_busy() {
                if !conn.consume_input() {
                    // The connection failed: logged as C's PQprepare logs
                    // it; the command sent then fails.
                    if conn.is_ok() || sh.cfg.ext.reconnect.is_none() {
                        log::error!("{}", conn.error_message());
                    }
                    break;
                }
                if conn.is_busy() {
                    return Some(self.socket_wait(false));
                }
            }
            if !self.preparing.got_result {
                let ok = conn.get_result().is_some_and(|r| r.status() == ExecStatus::CommandOk);
                if !ok && (conn.is_ok() || sh.cfg.ext.reconnect.is_none()) {
                    log::error!("{}", conn.error_message());
                }
                self.preparing.got_result = true;
                continue;
            }
            if conn.get_result().is_some() {
                // (Nothing else comes before the NULL of a preparation.)
                continue;
            }
            if let Some(w) = self.prepare_next(sh) {
                return Some(w);
            }
            break;
        }
        // Prepared: the pipeline is entered, or the command sent.
        if std::mem::take(&mut self.preparing.then_pipeline) {
            if let MetaDone::Next(next) = self.enter_pipeline() {
                self.state = next;
            } else {
                self.estatus = super::ErrorStatus::MetaCommand;
                self.state = State::Aborted;
            }
        } else {
            self.state = State::StartCommand;
            self.resume_send = true;
        }
        None
    }
}
