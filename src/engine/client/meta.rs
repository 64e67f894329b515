//! Meta-commands of a client (`executeMetaCommand`): `\set`, `\sleep`,
//! `\setshell`, `\shell`, the pipeline commands, and the conditionals,
//! which drive the `\if` stack; and the walk over the commands of a false
//! branch (`CSTATE_SKIP_COMMAND`).

use super::cond::{Cond, OnSkip};
use super::link::Link;
use super::{Client, LazyNow, State};
use crate::engine::shared::Shared;
use crate::engine::shell;
use crate::engine::thread_state::Scratch;
use crate::log;
use crate::pq::PipelineStatus;
use crate::script::{Command, EvalCtx, MetaCommand, QueryMode, Value, eval, truthy};

/// How a meta command went.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum MetaDone {
    /// The client goes on in this state.
    Next(State),
    /// It failed (the message is printed): the client aborts.
    Failed,
    /// It waits (`\startpipeline` preparing its statements).
    Wait(super::Wait),
    /// A signal interrupted the run (and ended the shell command): the
    /// client stops where it is.
    Interrupted,
}

impl<L: Link> Client<L> {
    /// `executeMetaCommand`: runs a meta command; says what comes next.
    #[inline(never)]
    pub(super) fn execute_meta(
        &mut self,
        sh: &Shared<'_>,
        cmd: &Command,
        meta: &MetaCommand,
        now: &mut LazyNow,
        scratch: &mut Scratch,
    ) -> MetaDone {
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
                        return MetaDone::Next(State::Sleep);
                    }
                    Err(msg) => {
                        log::error!("{msg}");
                        self.command_failed("sleep", "execution of meta-command failed");
                        return MetaDone::Failed;
                    }
                }
            }
            MetaCommand::Set { target, expr } => {
                let v = match self.evaluate(expr) {
                    Some(v) => v,
                    None => {
                        self.command_failed(word, "evaluation of meta-command failed");
                        return MetaDone::Failed;
                    }
                };
                if let Err(msg) = target.assign(&mut self.vars, v, word) {
                    log::error!("{msg}");
                    self.command_failed("set", "assignment of meta-command failed");
                    return MetaDone::Failed;
                }
            }
            MetaCommand::If(expr) => {
                let Some(v) = self.evaluate(expr) else {
                    self.command_failed(word, "evaluation of meta-command failed");
                    return MetaDone::Failed;
                };
                self.cond.on_if(truthy(&v));
            }
            MetaCommand::Elif(expr) => {
                if !self.cond.elif_evaluates() {
                    return MetaDone::Next(State::EndCommand);
                }
                let Some(v) = self.evaluate(expr) else {
                    self.command_failed(word, "evaluation of meta-command failed");
                    return MetaDone::Failed;
                };
                self.cond.on_elif(truthy(&v));
            }
            MetaCommand::Else => self.cond.on_else(),
            MetaCommand::Endif => self.cond.on_endif(),
            MetaCommand::SetShell { target, words } => {
                let ok =
                    shell::run_setshell(sh, cmd, target, words, &mut self.vars, &mut scratch.buf);
                if !ok {
                    if crate::sys::signal::interrupted().is_some() {
                        return MetaDone::Interrupted;
                    }
                    self.command_failed("setshell", "execution of meta-command failed");
                    return MetaDone::Failed;
                }
            }
            MetaCommand::Shell { words } => {
                if !shell::run_shell(sh, words, &self.vars, &mut scratch.buf) {
                    if crate::sys::signal::interrupted().is_some() {
                        return MetaDone::Interrupted;
                    }
                    self.command_failed("shell", "execution of meta-command failed");
                    return MetaDone::Failed;
                }
            }
            MetaCommand::StartPipeline => {
                if sh.cfg.query_mode == QueryMode::Simple {
                    self.command_failed(
                        "startpipeline",
                        "cannot use pipeline mode with the simple query protocol",
                    );
                    return MetaDone::Failed;
                }
                if sh.cfg.query_mode == QueryMode::Prepared {
                    if self.pipeline_status() == PipelineStatus::Off {
                        if let Some(w) = self.prepare_pipeline_first(sh) {
                            return MetaDone::Wait(w);
                        }
                    } else {
                        // (Synchronously, as C: it fails there.)
                        self.prepare_pipeline(sh);
                    }
                }
                let done = self.enter_pipeline();
                if done != MetaDone::Next(State::EndCommand) {
                    return done;
                }
            }
            MetaCommand::SyncPipeline | MetaCommand::EndPipeline => {
                let ending = matches!(meta, MetaCommand::EndPipeline);
                // \syncpipeline queues a sync point; \endpipeline also flushes
                // and then waits for every result of the pipeline.
                let (tag, sync): (&str, fn(&mut L) -> bool) = if ending {
                    ("endpipeline", L::pipeline_sync)
                } else {
                    ("syncpipeline", L::send_pipeline_sync)
                };
                if self.pipeline_status() != PipelineStatus::On {
                    self.command_failed(tag, "not in pipeline mode");
                    return MetaDone::Failed;
                }
                if !self.conn.as_mut().is_some_and(sync) {
                    self.command_failed(tag, "failed to send a pipeline sync");
                    return MetaDone::Failed;
                }
                self.num_syncs += 1;
                if ending {
                    return MetaDone::Next(State::WaitResult);
                }
            }
        }
        // Evaluating or running a shell command may have taken a while.
        now.reset();
        MetaDone::Next(State::EndCommand)
    }

    /// The end of `\startpipeline`: enters pipeline mode, unless the
    /// connection is in it already.
    pub(super) fn enter_pipeline(&mut self) -> MetaDone {
        if self.pipeline_status() != PipelineStatus::Off {
            self.command_failed("startpipeline", "already in pipeline mode");
            return MetaDone::Failed;
        }
        self.maybe_pipeline = true;
        if !self.conn.as_mut().is_some_and(L::enter_pipeline_mode) {
            self.command_failed("startpipeline", "failed to enter pipeline mode");
            return MetaDone::Failed;
        }
        MetaDone::Next(State::EndCommand)
    }

    /// `CSTATE_SKIP_COMMAND`: walks a false branch, updating the `\if`
    /// stack, until a command must run.
    #[inline(never)]
    pub(super) fn skip_commands(&mut self, sh: &Shared<'_>) {
        let script = &sh.scripts[self.use_file];
        // Cannot run off the end once the script passed its \if check.
        while let Some(cmd) = script.commands.get(self.command) {
            let cond = match cmd.meta() {
                Some(MetaCommand::If(_)) => Some(Cond::If),
                Some(MetaCommand::Elif(_)) => Some(Cond::Elif),
                Some(MetaCommand::Else) => Some(Cond::Else),
                Some(MetaCommand::Endif) => Some(Cond::Endif),
                _ => None,
            };
            match self.cond.skip(cond) {
                OnSkip::RunThis => break,
                OnSkip::RunNext => {
                    self.command += 1;
                    break;
                }
                OnSkip::KeepSkipping => self.command += 1,
            }
        }
        self.state = State::StartCommand;
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
