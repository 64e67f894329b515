//! pgbench scripts: reading, checking and evaluating them. Pure: no I/O
//! beyond what the caller hands in, no threads, no network.
//!
//! [`parse_script`] reads a script as pgbench.c's ParseScript does (using
//! [`lexer`] for psql's SQL splitting and [`expr`] for expressions),
//! [`finalize_scripts`] prepares SQL for the query mode, [`eval`] evaluates
//! expressions, [`vars`] holds variables by slot, and [`meta`] has the
//! run-time helpers of `\sleep`, `\shell`, `\setshell`, `\set`, `\gset`.

pub(crate) mod builtin;
pub(crate) mod cnum;
pub(crate) mod eval;
pub(crate) mod expr;
pub(crate) mod lexer;
pub(crate) mod meta;
pub(crate) mod parse;
pub(crate) mod subst;
pub(crate) mod vars;

#[cfg(test)]
mod golden_tests;
#[cfg(test)]
mod oracle_tests;

use std::ffi::CString;

pub(crate) use eval::{EvalCtx, EvalError, eval, truthy};
pub(crate) use expr::Expr;
pub(crate) use meta::{SetTarget, ShellWords, SleepArg};
pub(crate) use parse::{ScriptError, SyntaxError, parse_script};
pub(crate) use subst::{GsetKind, GsetSpec, SqlCommand};
pub(crate) use vars::{Slot, Value, VarRegistry, Vars};

/// How SQL commands are sent (`-M`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum QueryMode {
    /// PQsendQuery with variables substituted into the text.
    Simple,
    /// PQsendQueryParams with `$n` parameters.
    Extended,
    /// Named prepared statements `P_<n>`.
    Prepared,
}

/// A parsed script.
#[derive(Debug, Clone)]
pub(crate) struct Script {
    /// File name as given to -f, or the builtin's description.
    pub(crate) desc: String,
    /// Weight (set by the caller; 1 by default).
    pub(crate) weight: i32,
    /// The commands, in order.
    pub(crate) commands: Vec<Command>,
}

/// One command of a script.
#[derive(Debug, Clone)]
pub(crate) struct Command {
    /// The line as -r prints it: for SQL the first line of the text (at
    /// most 127 bytes); for meta commands the whole command from the
    /// backslash.
    pub(crate) first_line: String,
    /// Meta commands: the words as C keeps them for --debug's
    /// `client %d executing \%s[ %s...]` (`\set` keeps only the command
    /// word and the variable name, `\if`/`\elif` only the command word).
    /// `argv[0]` is the command word as written (used in error messages).
    /// Empty for SQL commands.
    pub(crate) argv: Vec<String>,
    /// What the command is.
    pub(crate) kind: CommandKind,
}

/// SQL or meta command.
#[derive(Debug, Clone)]
pub(crate) enum CommandKind {
    /// Text sent to the server.
    Sql(SqlCommand),
    /// A backslash command run by pgbench.
    Meta(MetaCommand),
}

/// A backslash command.
#[derive(Debug, Clone)]
pub(crate) enum MetaCommand {
    /// `\set var expr`
    Set {
        /// The variable assigned.
        target: SetTarget,
        /// The expression.
        expr: Expr,
    },
    /// `\setshell var command...`
    SetShell {
        /// The variable assigned.
        target: SetTarget,
        /// The command line.
        words: ShellWords,
    },
    /// `\shell command...`
    Shell {
        /// The command line.
        words: ShellWords,
    },
    /// `\sleep n [unit]`
    Sleep {
        /// Number or variable.
        arg: SleepArg,
        /// Microseconds per unit (1, 1000 or 1000000).
        unit_us: i32,
    },
    /// `\if expr`
    If(Expr),
    /// `\elif expr`
    Elif(Expr),
    /// `\else`
    Else,
    /// `\endif`
    Endif,
    /// `\startpipeline`
    StartPipeline,
    /// `\syncpipeline`
    SyncPipeline,
    /// `\endpipeline`
    EndPipeline,
}

/// After all options are read: in extended/prepared mode rewrite `:name` to
/// `$1..$n` (each occurrence its own number), fail beyond 255 parameters,
/// and name prepared statements `P_0, P_1, ...` over all scripts in order.
///
/// # Errors
/// `statement has too many arguments (maximum is 255): <sql>`.
pub(crate) fn finalize_scripts(scripts: &mut [Script], mode: QueryMode) -> Result<(), ScriptError> {
    if mode == QueryMode::Simple {
        return Ok(());
    }
    let mut prepnum = 0usize;
    for script in scripts {
        for c in &mut script.commands {
            if let CommandKind::Sql(sql) = &mut c.kind {
                let name = if mode == QueryMode::Prepared {
                    let n = CString::new(format!("P_{prepnum}"))
                        .map_err(|e| ScriptError::Query(e.to_string()))?;
                    prepnum += 1;
                    Some(n)
                } else {
                    None
                };
                let form = sql.param_form(name).map_err(ScriptError::Query)?;
                sql.param_form = Some(form);
            }
        }
    }
    Ok(())
}

impl From<SyntaxError> for ScriptError {
    fn from(e: SyntaxError) -> Self {
        ScriptError::Syntax(Box::new(e))
    }
}

/// Evaluate the condition of `\if` / `\elif` (value, then truthiness).
///
/// # Errors
/// As [`eval`].
pub(crate) fn eval_condition(expr: &Expr, ctx: &mut EvalCtx<'_>) -> Result<bool, EvalError> {
    eval(expr, ctx).map(|v| truthy(&v))
}

/// Parse a builtin script (its description is the script's name).
///
/// # Errors
/// None in practice; as [`parse_script`].
pub(crate) fn parse_builtin(
    b: &builtin::Builtin,
    vars: &mut VarRegistry,
) -> Result<Script, ScriptError> {
    parse_script(b.desc, b.script.as_bytes(), vars)
}

impl Command {
    /// The SQL command, if this is one.
    pub(crate) fn sql(&self) -> Option<&SqlCommand> {
        match &self.kind {
            CommandKind::Sql(s) => Some(s),
            CommandKind::Meta(_) => None,
        }
    }

    /// The meta command, if this is one.
    pub(crate) fn meta(&self) -> Option<&MetaCommand> {
        match &self.kind {
            CommandKind::Meta(m) => Some(m),
            CommandKind::Sql(_) => None,
        }
    }
}

#[cfg(test)]
pub(crate) mod tests {
    /// Run `f` with a large stack: expressions nested as deep as bison
    /// allows (9998 symbols) recurse that deep in debug builds.
    pub(crate) fn with_big_stack(f: impl FnOnce() + Send + 'static) {
        let h = std::thread::Builder::new().stack_size(1 << 30).spawn(f).unwrap();
        if let Err(e) = h.join() {
            std::panic::resume_unwind(e);
        }
    }
}
