//! Reading a script: pgbench.c's ParseScript, process_backslash_command,
//! syntax_error, CheckConditional and (after all options are known) the
//! query-mode preparation of postprocess_sql_command / parseQuery.

use std::fmt;

use super::expr::parse_expression;
use super::lexer::{ScanStop, Scanner, skip_sql_comments, sql_first_line};
use super::meta::{SetTarget, ShellWords, SleepArg};
use super::{
    Command, CommandKind, GsetKind, GsetSpec, MetaCommand, Script, SqlCommand, VarRegistry,
};
use crate::compat::num;
use crate::version::{GsetErrorLine, Pgbench};

/// A script syntax error, rendered exactly as C's syntax_error().
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct SyntaxError {
    /// File name or builtin description.
    pub(crate) source: String,
    /// 1-based line of the backslash.
    pub(crate) lineno: usize,
    /// The whole command line, when C prints it.
    pub(crate) line: Option<String>,
    /// The command word, when known.
    pub(crate) command: Option<String>,
    /// The message.
    pub(crate) msg: String,
    /// Parenthesised detail.
    pub(crate) more: Option<String>,
    /// 0-based column of the error, when known.
    pub(crate) column: Option<usize>,
}

impl fmt::Display for SyntaxError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.source, self.lineno, self.msg)?;
        if let Some(m) = &self.more {
            write!(f, " ({m})")?;
        }
        if let (Some(c), None) = (self.column, &self.line) {
            write!(f, " at column {}", c + 1)?;
        }
        if let Some(c) = &self.command {
            write!(f, " in command \"{c}\"")?;
        }
        if let Some(l) = &self.line {
            write!(f, "\n{l}")?;
            if let Some(c) = self.column {
                // Not a format width: those stop at 65535 (a panic beyond),
                // and C's "%*c" has no such limit on long lines.
                write!(f, "\n{}^ error found here", " ".repeat(c))?;
            }
        }
        Ok(())
    }
}

/// Why a script was refused. Display is the complete message C prints
/// after `pgbench: error: ` (several lines for syntax errors).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum ScriptError {
    /// A syntax error (exit 1).
    Syntax(Box<SyntaxError>),
    /// `empty command list for script "%s"`
    Empty(String),
    /// `condition error in script "%s" command %d: %s`
    Condition {
        /// Script description.
        desc: String,
        /// 1-based command number.
        command: usize,
        /// What is wrong.
        msg: &'static str,
    },
    /// `statement has too many arguments (maximum is 255): <sql>`.
    Query(super::subst::ParamError),
}

impl fmt::Display for ScriptError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ScriptError::Syntax(e) => e.fmt(f),
            ScriptError::Empty(d) => write!(f, "empty command list for script \"{d}\""),
            ScriptError::Condition { desc, command, msg } => {
                write!(f, "condition error in script \"{desc}\" command {command}: {msg}")
            }
            ScriptError::Query(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for ScriptError {}

/// Maximum words of a backslash command, the command word included.
const MAX_ARGS: usize = 256;

struct Ctx<'d> {
    desc: &'d str,
    lineno: usize,
    /// Offset of the backslash.
    start: usize,
}

impl Ctx<'_> {
    fn err(
        &self,
        line: Option<String>,
        command: Option<&str>,
        msg: &str,
        more: Option<String>,
        column: Option<usize>,
    ) -> ScriptError {
        ScriptError::from(SyntaxError {
            source: self.desc.to_owned(),
            lineno: self.lineno,
            line,
            command: command.map(str::to_owned),
            msg: msg.to_owned(),
            more,
            column,
        })
    }
}

/// What a backslash command turned into.
enum Backslash {
    Command(Command),
    Gset(GsetKind, String),
}

fn lossy(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// The source text from `start` to `end` without trailing newlines (C's
/// expr_scanner_get_substring with chomp).
fn chomped(src: &[u8], start: usize, end: usize) -> String {
    let mut e = end.min(src.len());
    while e > start && (src[e - 1] == b'\n' || src[e - 1] == b'\r') {
        e -= 1;
    }
    lossy(&src[start.min(e)..e])
}

/// Reads a script the way C's ParseScript does (plus the conditional-
/// structure check C does when adding the script). `desc` is the file name
/// as given to -f or the builtin's description. The text stops at the
/// first NUL byte, as C's does. Its errors are located as the default
/// pgbench's are (see [`parse_script_of`]).
///
/// # Errors
/// Syntax errors, an empty script, or a bad `\if` structure.
pub(crate) fn parse_script(
    desc: &str,
    source: &[u8],
    vars: &mut VarRegistry,
) -> Result<Script, ScriptError> {
    parse_script_of(crate::version::DEFAULT, desc, source, vars)
}

/// [`parse_script`] as `pgbench` reads it: the line of a misplaced
/// `\gset` is where its version says.
///
/// # Errors
/// As [`parse_script`].
pub(crate) fn parse_script_of(
    pgbench: &Pgbench,
    desc: &str,
    source: &[u8],
    vars: &mut VarRegistry,
) -> Result<Script, ScriptError> {
    let src = source.iter().position(|&b| b == 0).map_or(source, |n| &source[..n]);
    let mut sc = Scanner::new(src);
    let mut commands: Vec<Command> = Vec::new();
    let mut buf = Vec::new();
    loop {
        buf.clear();
        // COMPAT: C 17 reports `\gset must follow an SQL command` at the
        // line where this scan starts (just after the previous command),
        // not at the backslash: blank lines before a misplaced \gset are
        // not counted. 18 reports it at the backslash.
        let scan_line = sc.line_of(sc.pos);
        let stop = sc.scan_sql(&mut buf);
        if let Some(p) = skip_sql_comments(&buf) {
            let text = buf[p..].to_vec();
            let first_line = sql_first_line(&text);
            let sql = SqlCommand::new(text, vars);
            commands.push(Command { first_line, argv: Vec::new(), kind: CommandKind::Sql(sql) });
        }
        if stop == ScanStop::Backslash {
            let start = sc.pos - 1;
            let ctx = Ctx { desc, lineno: sc.line_of(start), start };
            match backslash(&mut sc, &ctx, vars)? {
                None => {}
                Some(Backslash::Command(c)) => commands.push(c),
                Some(Backslash::Gset(kind, prefix)) => {
                    let ctx = match pgbench.gset_error_line {
                        GsetErrorLine::ScanStart => Ctx { lineno: scan_line, ..ctx },
                        GsetErrorLine::Own => ctx,
                    };
                    let msg = "\\gset must follow an SQL command";
                    let Some(prev) = commands.last_mut() else {
                        return Err(ctx.err(None, None, msg, None, None));
                    };
                    match &mut prev.kind {
                        CommandKind::Sql(s) if s.gset.is_none() => {
                            s.gset = Some(GsetSpec { kind, prefix });
                        }
                        // C has no first line for SQL commands yet at this
                        // point, so only a meta command is named.
                        CommandKind::Sql(_) => return Err(ctx.err(None, None, msg, None, None)),
                        CommandKind::Meta(_) => {
                            let more = Some(prev.first_line.clone());
                            return Err(ctx.err(None, None, msg, more, None));
                        }
                    }
                }
            }
        }
        if stop == ScanStop::Eof {
            break;
        }
    }
    if commands.is_empty() {
        return Err(ScriptError::Empty(desc.to_owned()));
    }
    check_conditional(desc, &commands)?;
    Ok(Script { desc: desc.to_owned(), weight: 1, commands, source: source.to_vec() })
}

/// C's CheckConditional.
fn check_conditional(desc: &str, commands: &[Command]) -> Result<(), ScriptError> {
    // Each open \if: whether its \else was seen.
    let mut stack: Vec<bool> = Vec::new();
    let err = |i: usize, msg| ScriptError::Condition { desc: desc.to_owned(), command: i + 1, msg };
    for (i, c) in commands.iter().enumerate() {
        match c.meta() {
            Some(MetaCommand::If(_)) => stack.push(false),
            Some(MetaCommand::Elif(_)) => match stack.last() {
                None => return Err(err(i, "\\elif without matching \\if")),
                Some(true) => return Err(err(i, "\\elif after \\else")),
                Some(false) => {}
            },
            Some(MetaCommand::Else) => match stack.last_mut() {
                None => return Err(err(i, "\\else without matching \\if")),
                Some(true) => return Err(err(i, "\\else after \\else")),
                Some(seen) => *seen = true,
            },
            Some(MetaCommand::Endif) => {
                stack.pop().ok_or_else(|| err(i, "\\endif without matching \\if"))?;
            }
            _ => {}
        }
    }
    if !stack.is_empty() {
        return Err(err(commands.len(), "\\if without matching \\endif"));
    }
    Ok(())
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Set,
    SetShell,
    Shell,
    Sleep,
    If,
    Elif,
    Else,
    Endif,
    Gset,
    Aset,
    StartPipeline,
    SyncPipeline,
    EndPipeline,
}

fn meta_kind(word: &[u8]) -> Option<Kind> {
    const NAMES: &[(&str, Kind)] = &[
        ("set", Kind::Set),
        ("setshell", Kind::SetShell),
        ("shell", Kind::Shell),
        ("sleep", Kind::Sleep),
        ("if", Kind::If),
        ("elif", Kind::Elif),
        ("else", Kind::Else),
        ("endif", Kind::Endif),
        ("gset", Kind::Gset),
        ("aset", Kind::Aset),
        ("startpipeline", Kind::StartPipeline),
        ("syncpipeline", Kind::SyncPipeline),
        ("endpipeline", Kind::EndPipeline),
    ];
    NAMES.iter().find(|(n, _)| word.eq_ignore_ascii_case(n.as_bytes())).map(|&(_, k)| k)
}

/// C's process_backslash_command, the backslash just consumed.
fn backslash(
    sc: &mut Scanner<'_>,
    ctx: &Ctx<'_>,
    reg: &mut VarRegistry,
) -> Result<Option<Backslash>, ScriptError> {
    let src = sc.src;
    let Some((_, s0, e0)) = sc.lex_word() else { return Ok(None) };
    let cmd = lossy(&src[s0..e0]);
    let kind = meta_kind(&src[s0..e0]);

    if matches!(kind, Some(Kind::Set | Kind::If | Kind::Elif)) {
        let mut argv = vec![cmd.clone()];
        let mut target = None;
        if kind == Some(Kind::Set) {
            let Some((_, s, e)) = sc.lex_word() else {
                return Err(ctx.err(None, Some(&cmd), "missing argument", None, None));
            };
            argv.push(lossy(&src[s..e]));
            target = Some(SetTarget::new(&src[s..e], reg));
        }
        let expr = match parse_expression(sc, reg) {
            Ok(e) => e,
            Err(e) => {
                let line = chomped(src, ctx.start, sc.pos);
                let col = e.offset.saturating_sub(ctx.start);
                return Err(ctx.err(Some(line), Some(&cmd), e.msg, e.more, Some(col)));
            }
        };
        let first_line = chomped(src, ctx.start, sc.pos);
        let meta = match (kind, target) {
            (Some(Kind::Set), Some(target)) => MetaCommand::Set { target, expr },
            (Some(Kind::If), _) => MetaCommand::If(expr),
            _ => MetaCommand::Elif(expr),
        };
        return Ok(Some(Backslash::Command(Command {
            first_line,
            argv,
            kind: CommandKind::Meta(meta),
        })));
    }

    // Other commands: collect the remaining words.
    let mut words: Vec<(usize, usize, usize)> = vec![(ctx.start + 1, s0, e0)];
    while let Some(w) = sc.lex_word() {
        if words.len() >= MAX_ARGS {
            return Err(ctx.err(None, Some(&cmd), "too many arguments", None, None));
        }
        words.push(w);
    }
    let first_line = chomped(src, ctx.start, sc.pos);
    let line = || Some(first_line.clone());
    let word = |i: usize| -> &[u8] { words.get(i).map_or(&[], |&(_, s, e)| &src[s..e]) };
    let mut argv: Vec<String> = words.iter().map(|&(_, s, e)| lossy(&src[s..e])).collect();
    let mut split_unit = None;
    let col = |i: usize| words.get(i).map(|&(off, _, _)| off.saturating_sub(ctx.start));
    let n = words.len();
    let no_args = |m: MetaCommand| -> Result<MetaCommand, ScriptError> {
        if n != 1 {
            return Err(ctx.err(line(), Some(&cmd), "unexpected argument", None, None));
        }
        Ok(m)
    };
    let meta = match kind {
        None => return Err(ctx.err(line(), Some(&cmd), "invalid command", None, None)),
        Some(Kind::Sleep) => {
            if n < 2 {
                return Err(ctx.err(line(), Some(&cmd), "missing argument", None, None));
            }
            if n > 3 {
                return Err(ctx.err(line(), Some(&cmd), "too many arguments", None, col(3)));
            }
            let arg1 = word(1);
            let mut unit: &[u8] = word(2);
            let mut unit_col = col(2);
            let arg = if arg1.first() == Some(&b':') {
                SleepArg::Var(reg.slot_bytes(&arg1[1..]))
            } else {
                let mut c = 0;
                if matches!(arg1.first(), Some(b'+' | b'-')) {
                    c = 1;
                }
                let have_digit = arg1.get(c).is_some_and(u8::is_ascii_digit);
                while arg1.get(c).is_some_and(u8::is_ascii_digit) {
                    c += 1;
                }
                if c < arg1.len() {
                    if n == 2 && have_digit {
                        unit = &arg1[c..];
                        unit_col = col(1).map(|x| x + c);
                        // C points argv[2] into argv[1], which keeps its
                        // suffix: --debug shows "\sleep 10ms ms".
                        split_unit = Some(lossy(unit));
                    } else {
                        return Err(ctx.err(
                            line(),
                            Some(&cmd),
                            "invalid sleep time, must be an integer",
                            Some(lossy(arg1)),
                            col(1),
                        ));
                    }
                }
                SleepArg::Literal(num::atoi(arg1))
            };
            let has_unit = n == 3 || !unit.is_empty();
            let unit_us = if !has_unit || unit.eq_ignore_ascii_case(b"s") {
                1_000_000
            } else if unit.eq_ignore_ascii_case(b"ms") {
                1000
            } else if unit.eq_ignore_ascii_case(b"us") {
                1
            } else {
                return Err(ctx.err(
                    line(),
                    Some(&cmd),
                    "unrecognized time unit, must be us, ms or s",
                    Some(lossy(unit)),
                    unit_col,
                ));
            };
            if let Some(u) = split_unit {
                argv.push(u);
            }
            MetaCommand::Sleep { arg, unit_us }
        }
        Some(Kind::SetShell) => {
            if n < 3 {
                return Err(ctx.err(line(), Some(&cmd), "missing argument", None, None));
            }
            let target = SetTarget::new(word(1), reg);
            let shell: Vec<&[u8]> = (2..n).map(word).collect();
            MetaCommand::SetShell { target, words: ShellWords::new(&shell, reg) }
        }
        Some(Kind::Shell) => {
            if n < 2 {
                return Err(ctx.err(line(), Some(&cmd), "missing command", None, None));
            }
            let shell: Vec<&[u8]> = (1..n).map(word).collect();
            MetaCommand::Shell { words: ShellWords::new(&shell, reg) }
        }
        Some(Kind::Else) => no_args(MetaCommand::Else)?,
        Some(Kind::Endif) => no_args(MetaCommand::Endif)?,
        Some(Kind::StartPipeline) => no_args(MetaCommand::StartPipeline)?,
        Some(Kind::SyncPipeline) => no_args(MetaCommand::SyncPipeline)?,
        Some(Kind::EndPipeline) => no_args(MetaCommand::EndPipeline)?,
        Some(k @ (Kind::Gset | Kind::Aset)) => {
            if n > 2 {
                return Err(ctx.err(line(), Some(&cmd), "too many arguments", None, None));
            }
            let gk = if k == Kind::Gset { GsetKind::Gset } else { GsetKind::Aset };
            return Ok(Some(Backslash::Gset(gk, lossy(word(1)))));
        }
        // Handled above.
        Some(Kind::Set | Kind::If | Kind::Elif) => return Ok(None),
    };
    Ok(Some(Backslash::Command(Command { first_line, argv, kind: CommandKind::Meta(meta) })))
}
