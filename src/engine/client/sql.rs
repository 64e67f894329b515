//! SQL commands of a client: preparing them in `-M prepared`
//! (`prepareCommand`, `prepareCommandsInPipeline`), sending them in the
//! query mode (`sendCommand`), and reading their results with `\gset` and
//! `\aset` (`readCommandResponse`).

use std::collections::HashMap;
use std::ffi::{CStr, CString};

use super::error::sql_error_status;
use super::link::{Link, Reply};
use super::{Client, ErrorStatus};
use crate::engine::shared::Shared;
use crate::engine::thread_state::Scratch;
use crate::log;
use crate::pq::{ExecStatus, PipelineStatus};
use crate::script::{Command, CommandKind, GsetKind, MetaCommand, QueryMode, SqlCommand};

impl<L: Link> Client<L> {
    /// `prepareCommand`: prepares command `idx` of the current script on
    /// this connection if it was not yet (synchronously, as C 17 does; a
    /// failure is logged and the statement still counts as prepared):
    /// inside a pipeline only (elsewhere see [`super::prepare`]).
    pub(super) fn prepare_command(&mut self, sh: &Shared<'_>, idx: usize) {
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
        if sql.is_dynamic() {
            // Prepared per text when sent (send_dynamic).
            self.prepared.set(bit);
            return;
        }
        let Some(conn) = self.conn.as_mut() else { return };
        log::debug!("client {} preparing {}", self.id, name.to_string_lossy());
        let ok = conn
            .prepare(name, &pf.sql, pf.params.len())
            .is_some_and(|r| r.status() == ExecStatus::CommandOk);
        if !ok && (conn.is_ok() || sh.cfg.ext.reconnect.is_none()) {
            log::error!("{}", conn.error_message());
        }
        self.prepared.set(bit);
    }

    /// `sendCommand`: sends an SQL command in the configured query mode.
    #[inline(never)]
    pub(super) fn send_command(
        &mut self,
        sh: &Shared<'_>,
        sql: &SqlCommand,
        scratch: &mut Scratch,
    ) -> bool {
        let mode = sh.cfg.query_mode;
        if sql.is_dynamic() && mode != QueryMode::Simple {
            return self.send_dynamic(sql, scratch);
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

    /// Sends a command whose text a variable in a quoted identifier makes,
    /// in extended or prepared mode: its text is made now; in prepared
    /// mode each distinct text is prepared once on the connection (outside
    /// a pipeline; inside one it is sent unnamed, as in extended mode).
    #[cold]
    #[inline(never)]
    fn send_dynamic(&mut self, sql: &SqlCommand, scratch: &mut Scratch) -> bool {
        let Some(pf) = sql.param_form.as_ref() else { return false };
        let Some(conn) = self.conn.as_mut() else { return false };
        sql.render_dynamic(&self.vars, &mut scratch.text);
        let Ok(text) = std::ffi::CStr::from_bytes_until_nul(&scratch.text) else { return false };
        sql.render_params(&self.vars, &mut scratch.buf, &mut scratch.starts);
        let in_pipeline = conn.pipeline_status() != PipelineStatus::Off;
        if pf.prep_name.is_none() || in_pipeline {
            log::debug!("client {} sending {}", self.id, text.to_string_lossy());
            return conn.send_query_params(
                text,
                &scratch.buf,
                &scratch.starts,
                &mut scratch.params,
            );
        }
        if let Some(name) = self.prepared.dynamic_name(text.to_bytes()) {
            log::debug!("client {} sending {}", self.id, name.to_string_lossy());
            return conn.send_query_prepared(
                name,
                &scratch.buf,
                &scratch.starts,
                &mut scratch.params,
            );
        }
        if self.prepared.dynamic_full() {
            log::error!(
                "client {} cannot prepare more than {MAX_DYNAMIC} statements on one connection (variables in quoted identifiers take too many values): {}",
                self.id,
                text.to_string_lossy()
            );
            return false;
        }
        let name = self.prepared.add_dynamic(text.to_bytes());
        log::debug!("client {} preparing {}", self.id, name.to_string_lossy());
        let ok = conn
            .prepare(name, text, pf.params.len())
            .is_some_and(|r| r.status() == ExecStatus::CommandOk);
        if !ok {
            log::error!("{}", conn.error_message());
        }
        log::debug!("client {} sending {}", self.id, name.to_string_lossy());
        conn.send_query_prepared(name, &scratch.buf, &scratch.starts, &mut scratch.params)
    }

    /// `readCommandResponse`: reads every result of the current command,
    /// storing `\gset`/`\aset` values. False on error (with `estatus` set
    /// for errors that may be retried).
    #[inline(never)]
    pub(super) fn read_response(&mut self, sh: &Shared<'_>, scratch: &mut Scratch) -> bool {
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
            let mut next = conn.get_result();
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
                    if let Some(g) = gset.filter(|g| g.kind == GsetKind::Aset || is_last) {
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
                                match scratch.gset.target(
                                    &sh.cfg.registry,
                                    g,
                                    (sh.command_base[self.use_file] + self.command, fld),
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
                    if sh.cfg.ext.continue_on_error {
                        // PostgreSQL 19's getSQLErrorStatus: the results
                        // left are discarded first, and an error that
                        // leaves the connection bad aborts the client.
                        drop(next.take());
                        discard_available(conn);
                        if !conn.is_ok() {
                            self.estatus = ErrorStatus::Conn;
                        }
                    }
                    if sh.cfg.ext.reconnect.is_some()
                        && (super::reconnect::ends_connection(r.sqlstate()) || !conn.is_ok())
                    {
                        self.estatus = ErrorStatus::Lost;
                    } else if self.estatus.can_retry() || self.estatus.can_continue(sh) {
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
                if sh.cfg.ext.continue_on_error {
                    discard_available(conn);
                } else {
                    while conn.get_result().is_some() {}
                }
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

    /// `prepareCommandsInPipeline`: in prepared mode, prepares every SQL
    /// command up to the matching `\endpipeline` before the pipeline
    /// starts, once per connection (flagged on the `\startpipeline`).
    #[cold]
    #[inline(never)]
    pub(super) fn prepare_pipeline(&mut self, sh: &Shared<'_>) {
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
}

/// `discardAvailableResults` (PostgreSQL 19, `--continue-on-error`): reads
/// and drops results until there are none, reading on through an aborted
/// pipeline, and stops at once on a bad connection.
#[cold]
#[inline(never)]
fn discard_available<L: Link>(conn: &mut L) {
    loop {
        if !conn.is_ok() {
            return;
        }
        if conn.get_result().is_none() && conn.pipeline_status() != PipelineStatus::Aborted {
            return;
        }
    }
}

/// The abort message for an SQL result C does not expect; `at` is the
/// client, script and command.
#[cold]
#[inline(never)]
fn query_aborted<R: Reply>(at: (i32, usize, usize), qrynum: usize, r: &R) {
    let (client, script, command) = at;
    log::error!(
        "client {client} script {script} aborted in command {command} query {qrynum}: {}",
        r.error_message()
    );
}

/// Statements prepared per text on one connection at most (commands with
/// variables in quoted identifiers, `-M prepared`).
pub(super) const MAX_DYNAMIC: usize = 10_000;

/// Statement names by text. Boxed in [`Prepared`]: one pointer in every
/// client, a map only in those that use one.
#[derive(Debug, Clone, Default)]
struct DynStatements(HashMap<Vec<u8>, CString>);

/// One bit per command of all scripts (numbered by `Shared::command_base`):
/// whether it is prepared on the client's current connection (C's
/// `prepared[script][command]`); and the statements prepared for texts
/// made by variables in quoted identifiers, by text.
#[derive(Debug, Clone)]
pub(super) struct Prepared {
    bits: Vec<u64>,
    dynamic: Option<Box<DynStatements>>,
}

impl Prepared {
    pub(super) fn new(n: usize) -> Self {
        Prepared { bits: vec![0; n.div_ceil(64)], dynamic: None }
    }

    #[inline]
    pub(super) fn get(&self, i: usize) -> bool {
        self.bits.get(i / 64).is_some_and(|w| w & (1 << (i % 64)) != 0)
    }

    pub(super) fn set(&mut self, i: usize) {
        if let Some(w) = self.bits.get_mut(i / 64) {
            *w |= 1 << (i % 64);
        }
    }

    /// The name of the statement prepared for `text`, if there is one.
    pub(super) fn dynamic_name(&self, text: &[u8]) -> Option<&CStr> {
        self.dynamic.as_deref().and_then(|d| d.0.get(text)).map(CString::as_c_str)
    }

    /// Whether no more statements may be prepared per text.
    pub(super) fn dynamic_full(&self) -> bool {
        self.dynamic.as_deref().is_some_and(|d| d.0.len() >= MAX_DYNAMIC)
    }

    /// Names a new statement for `text` (`PD_<n>`, apart from C's `P_<n>`).
    pub(super) fn add_dynamic(&mut self, text: &[u8]) -> &CStr {
        let map = &mut self.dynamic.get_or_insert_with(Box::default).0;
        let name = CString::new(format!("PD_{}", map.len())).unwrap_or_default();
        map.entry(text.to_vec()).or_insert(name).as_c_str()
    }

    pub(super) fn clear(&mut self) {
        self.bits.fill(0);
        self.dynamic = None;
    }
}
