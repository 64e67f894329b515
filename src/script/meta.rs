//! Run-time pieces of meta commands that need no I/O: `\sleep` durations,
//! `\shell`/`\setshell` command lines and output parsing, `\set`/`\setshell`
//! assignment targets, and `\gset`/`\aset` variable names. Mirrors
//! pgbench.c's evaluateSleep, runShellCommand and the putVariable callers.

use super::vars::valid_variable_name;
use super::{GsetSpec, Slot, Value, VarRegistry, Vars};
use crate::compat::num;

/// A meta-command failed at run time; displayed as C words it, prefixed
/// with the command or its first word.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum MetaError {
    /// `<context>: invalid variable name: "<name>"`
    InvalidVariableName {
        /// The command word (`set`, `setshell`, `gset`, `aset`).
        context: String,
        /// The name.
        name: String,
    },
    /// `<cmd>: undefined variable "<name>"` (`\sleep`, `\shell`)
    UndefinedVariable {
        /// The command, or the shell command's first word.
        cmd: String,
        /// The variable as written.
        name: String,
    },
    /// `<cmd>: invalid sleep time "<value>" for variable "<name>"`
    InvalidSleepTime {
        /// The command word.
        cmd: String,
        /// The variable's value.
        value: String,
        /// The variable.
        name: String,
    },
    /// `<first>: shell command is too long`
    ShellCommandTooLong {
        /// The shell command's first word.
        first: String,
    },
    /// `<first>: shell command must return an integer (not "<output>")`
    NotAnInteger {
        /// The shell command's first word.
        first: String,
        /// What it printed.
        output: String,
    },
}

impl std::fmt::Display for MetaError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            MetaError::InvalidVariableName { context, name } => {
                write!(f, "{context}: invalid variable name: \"{name}\"")
            }
            MetaError::UndefinedVariable { cmd, name } => {
                write!(f, "{cmd}: undefined variable \"{name}\"")
            }
            MetaError::InvalidSleepTime { cmd, value, name } => {
                write!(f, "{cmd}: invalid sleep time \"{value}\" for variable \"{name}\"")
            }
            MetaError::ShellCommandTooLong { first } => {
                write!(f, "{first}: shell command is too long")
            }
            MetaError::NotAnInteger { first, output } => {
                write!(f, "{first}: shell command must return an integer (not \"{output}\")")
            }
        }
    }
}

impl std::error::Error for MetaError {}

/// The variable assigned by `\set` or `\setshell`; its name was checked
/// when the script was read (C checks it when the variable is created,
/// which gives the same answer).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum SetTarget {
    /// A valid name.
    Slot(Slot),
    /// An invalid name: every assignment fails.
    Invalid(Box<str>),
}

impl SetTarget {
    /// Store `value` (C's putVariableValue). `context` is the command word
    /// as written for `\set`, `setshell` for `\setshell`.
    ///
    /// # Errors
    /// `<context>: invalid variable name: "<name>"`.
    #[inline]
    pub(crate) fn assign(
        &self,
        vars: &mut Vars,
        value: Value,
        context: &str,
    ) -> Result<(), MetaError> {
        match self {
            SetTarget::Slot(s) => {
                vars.set_value(*s, value);
                Ok(())
            }
            SetTarget::Invalid(name) => Err(MetaError::InvalidVariableName {
                context: context.to_string(),
                name: name.to_string(),
            }),
        }
    }

    /// The target for a variable name as written in the script.
    pub(crate) fn new(name: &[u8], reg: &mut VarRegistry) -> Self {
        if valid_variable_name(name) {
            SetTarget::Slot(reg.slot_bytes(name))
        } else {
            SetTarget::Invalid(String::from_utf8_lossy(name).into())
        }
    }
}

/// The argument of `\sleep`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum SleepArg {
    /// A number (C's `atoi` of the word).
    Literal(i32),
    /// `:name`.
    Var(Slot),
}

impl SleepArg {
    /// The delay in microseconds (C's evaluateSleep, with its C `int`
    /// arithmetic). `cmd` is the command word as written; `scratch` is a
    /// reusable buffer.
    ///
    /// # Errors
    /// `<cmd>: undefined variable "<name>"` or
    /// `<cmd>: invalid sleep time "<value>" for variable "<name>"`.
    pub(crate) fn usecs(
        &self,
        unit_us: i32,
        cmd: &str,
        vars: &Vars,
        scratch: &mut Vec<u8>,
    ) -> Result<i64, MetaError> {
        let n = match *self {
            SleepArg::Literal(n) => n,
            SleepArg::Var(slot) => {
                scratch.clear();
                if !vars.write_text(slot, scratch) {
                    return Err(MetaError::UndefinedVariable {
                        cmd: cmd.to_string(),
                        name: vars.name(slot).to_string(),
                    });
                }
                let n = num::atoi(scratch);
                if n == 0 && !scratch.first().is_some_and(u8::is_ascii_digit) {
                    return Err(MetaError::InvalidSleepTime {
                        cmd: cmd.to_string(),
                        value: String::from_utf8_lossy(scratch).into_owned(),
                        name: vars.name(slot).to_string(),
                    });
                }
                n
            }
        };
        Ok(i64::from(n.wrapping_mul(unit_us)))
    }
}

/// One word of a `\shell` / `\setshell` command line.
#[derive(Debug, Clone, PartialEq, Eq)]
enum ShellWord {
    /// Literal text (a `::x` word keeps one colon less).
    Lit(Vec<u8>),
    /// `:name`: the variable's value; the word is kept for messages.
    Var(Slot, String),
}

/// A shell command line: words joined by single spaces.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct ShellWords {
    /// The first word as written (C's `argv[0]` of runShellCommand), used
    /// as the prefix of every error message.
    pub(crate) first: String,
    words: Vec<ShellWord>,
}

/// C's SHELL_COMMAND_SIZE.
const SHELL_COMMAND_SIZE: usize = 256;

impl ShellWords {
    /// The command line from its words (registering `:name` variables).
    pub(crate) fn new(words: &[&[u8]], reg: &mut VarRegistry) -> Self {
        let first =
            words.first().map(|w| String::from_utf8_lossy(w).into_owned()).unwrap_or_default();
        let words = words
            .iter()
            .map(|w| match w {
                [b':', b':', ..] => ShellWord::Lit(w[1..].to_vec()),
                [b':', name @ ..] => {
                    ShellWord::Var(reg.slot_bytes(name), String::from_utf8_lossy(w).into_owned())
                }
                _ => ShellWord::Lit(w.to_vec()),
            })
            .collect();
        ShellWords { first, words }
    }

    /// Build the command line into `out` (cleared first; no NUL added).
    ///
    /// # Errors
    /// `<first>: undefined variable ":<name>"` or
    /// `<first>: shell command is too long`.
    pub(crate) fn build(&self, vars: &Vars, out: &mut Vec<u8>) -> Result<(), MetaError> {
        out.clear();
        for (i, w) in self.words.iter().enumerate() {
            let start = out.len();
            if i > 0 {
                out.push(b' ');
            }
            match w {
                ShellWord::Lit(t) => out.extend_from_slice(t),
                ShellWord::Var(slot, word) => {
                    if !vars.write_text(*slot, out) {
                        return Err(MetaError::UndefinedVariable {
                            cmd: self.first.clone(),
                            name: word.clone(),
                        });
                    }
                }
            }
            // C: len + arglen + (i > 0) >= SHELL_COMMAND_SIZE - 1
            if start + (out.len() - start) >= SHELL_COMMAND_SIZE - 1 {
                return Err(MetaError::ShellCommandTooLong { first: self.first.clone() });
            }
        }
        Ok(())
    }
}

/// The integer printed by a `\setshell` command: `res` is its first line as
/// C's fgets reads it (at most 63 bytes, newline included). C's strtol,
/// then only white space may follow; the value is truncated to a C `int`.
///
/// # Errors
/// `<first>: shell command must return an integer (not "<res>")`.
pub(crate) fn parse_setshell_output(first: &str, res: &[u8]) -> Result<i64, MetaError> {
    let (v, end) = num::strtol(res);
    let rest = &res[end..];
    if res.is_empty() || !rest.iter().all(|&b| num::c_isspace(b)) {
        return Err(MetaError::NotAnInteger {
            first: first.to_string(),
            output: String::from_utf8_lossy(res).into_owned(),
        });
    }
    Ok(i64::from(num::c_int_of_long(v)))
}

/// The variable a `\gset`/`\aset` column goes to: `prefix + column`.
/// `name_buf` is a reusable buffer left holding the name. Returns None for
/// a valid name that nothing in the scripts or options refers to (its
/// value could never be read, so it need not be stored).
///
/// # Errors
/// `gset: invalid variable name: "<name>"` (or `aset: ...`).
pub(crate) fn gset_target(
    reg: &VarRegistry,
    spec: &GsetSpec,
    column: &[u8],
    name_buf: &mut Vec<u8>,
) -> Result<Option<Slot>, MetaError> {
    name_buf.clear();
    name_buf.extend_from_slice(spec.prefix.as_bytes());
    name_buf.extend_from_slice(column);
    let name = String::from_utf8_lossy(name_buf);
    if !valid_variable_name(name_buf) {
        return Err(MetaError::InvalidVariableName {
            context: spec.context().to_string(),
            name: name.into_owned(),
        });
    }
    Ok(reg.lookup(&name))
}

/// The variables of `\gset`/`\aset` columns as last resolved, per
/// command: a result whose column has the name it had the last time (the
/// usual case) stores its value without building and hashing the
/// variable's name again. Bounded by the scripts' columns.
#[derive(Debug, Default)]
pub(crate) struct GsetTargets {
    /// Per command (its number over all scripts), per column: the
    /// column's name and its variable.
    by_command: Vec<Vec<ColumnTarget>>,
}

/// A column's name and its variable (None: nothing reads it).
type ColumnTarget = (Box<[u8]>, Option<Slot>);

impl GsetTargets {
    /// [`gset_target`] of column `fld`, named `column`, of command
    /// `command`'s result.
    ///
    /// # Errors
    /// As [`gset_target`] (an invalid name is not remembered).
    #[inline]
    pub(crate) fn target(
        &mut self,
        reg: &VarRegistry,
        spec: &GsetSpec,
        (command, fld): (usize, usize),
        column: &[u8],
        name_buf: &mut Vec<u8>,
    ) -> Result<Option<Slot>, MetaError> {
        if let Some((name, slot)) = self.by_command.get(command).and_then(|c| c.get(fld)) {
            if **name == *column {
                return Ok(*slot);
            }
        }
        let slot = gset_target(reg, spec, column, name_buf)?;
        if self.by_command.len() <= command {
            self.by_command.resize_with(command + 1, Vec::new);
        }
        let cols = &mut self.by_command[command];
        if cols.len() <= fld {
            cols.resize(fld + 1, (Box::default(), None));
        }
        cols[fld] = (column.into(), slot);
        Ok(slot)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::script::subst::GsetKind;

    #[test]
    fn sleep_durations() {
        let mut reg = VarRegistry::new();
        let one = reg.slot("one");
        let bad = reg.slot("bad");
        let neg = reg.slot("neg");
        let nope = reg.slot("nope");
        let mut vars = Vars::new(&reg);
        vars.set_value(one, Value::Int(1));
        vars.set_str(bad, "x1");
        vars.set_str(neg, "-0");
        let mut s = Vec::new();
        assert_eq!(SleepArg::Var(one).usecs(1000, "sleep", &vars, &mut s), Ok(1000));
        assert_eq!(SleepArg::Literal(3).usecs(1_000_000, "sleep", &vars, &mut s), Ok(3_000_000));
        assert_eq!(
            SleepArg::Var(nope).usecs(1, "sleep", &vars, &mut s).map_err(|e| e.to_string()),
            Err("sleep: undefined variable \"nope\"".to_owned())
        );
        assert_eq!(
            SleepArg::Var(bad).usecs(1, "SLEEP", &vars, &mut s).map_err(|e| e.to_string()),
            Err("SLEEP: invalid sleep time \"x1\" for variable \"bad\"".to_owned())
        );
        assert_eq!(
            SleepArg::Var(neg).usecs(1, "sleep", &vars, &mut s).map_err(|e| e.to_string()),
            Err("sleep: invalid sleep time \"-0\" for variable \"neg\"".to_owned())
        );
        // C int arithmetic wraps.
        assert_eq!(
            SleepArg::Literal(3000).usecs(1_000_000, "sleep", &vars, &mut s),
            Ok(-1_294_967_296)
        );
    }

    #[test]
    fn shell_command_lines() {
        let mut reg = VarRegistry::new();
        let w: Vec<&[u8]> = vec![b"echo", b"::foo", b":x", b"y"];
        let sw = ShellWords::new(&w, &mut reg);
        let mut vars = Vars::new(&reg);
        let mut out = Vec::new();
        assert_eq!(
            sw.build(&vars, &mut out).map_err(|e| e.to_string()),
            Err("echo: undefined variable \":x\"".to_owned())
        );
        vars.set_value(reg.lookup("x").unwrap(), Value::Int(5));
        assert_eq!(sw.build(&vars, &mut out), Ok(()));
        assert_eq!(out, b"echo :foo 5 y");
        let long = vec![b'a'; 250];
        let w: Vec<&[u8]> = vec![b"echo", &long];
        assert_eq!(
            ShellWords::new(&w, &mut reg).build(&vars, &mut out).map_err(|e| e.to_string()),
            Err("echo: shell command is too long".to_owned())
        );
        let fits = vec![b'a'; 249];
        let w: Vec<&[u8]> = vec![b"echo", &fits];
        assert_eq!(ShellWords::new(&w, &mut reg).build(&vars, &mut out), Ok(()));
        assert_eq!(out.len(), 254);
    }

    #[test]
    fn setshell_output() {
        assert_eq!(parse_setshell_output("echo", b"42\n"), Ok(42));
        assert_eq!(parse_setshell_output("echo", b"  -7  \n"), Ok(-7));
        assert_eq!(parse_setshell_output("echo", b" \n"), Ok(0));
        assert_eq!(parse_setshell_output("echo", b"4294967297\n"), Ok(1));
        assert_eq!(
            parse_setshell_output("echo", b"one").map_err(|e| e.to_string()),
            Err("echo: shell command must return an integer (not \"one\")".to_owned())
        );
        assert_eq!(
            parse_setshell_output("x", b"").map_err(|e| e.to_string()),
            Err("x: shell command must return an integer (not \"\")".to_owned())
        );
    }

    #[test]
    fn set_targets_and_gset_names() {
        let mut reg = VarRegistry::new();
        let t = SetTarget::new(b"ok", &mut reg);
        let bad = SetTarget::new(b".", &mut reg);
        let mut vars = Vars::new(&reg);
        assert_eq!(t.assign(&mut vars, Value::Int(1), "set"), Ok(()));
        assert_eq!(
            bad.assign(&mut vars, Value::Int(1), "SET").map_err(|e| e.to_string()),
            Err("SET: invalid variable name: \".\"".to_owned())
        );
        let spec = GsetSpec { kind: GsetKind::Gset, prefix: String::new() };
        let mut buf = Vec::new();
        assert_eq!(gset_target(&reg, &spec, b"ok", &mut buf), Ok(reg.lookup("ok")));
        assert_eq!(gset_target(&reg, &spec, b"unused", &mut buf), Ok(None));
        assert_eq!(
            gset_target(&reg, &spec, b"?column?", &mut buf).map_err(|e| e.to_string()),
            Err("gset: invalid variable name: \"?column?\"".to_owned())
        );
        let spec = GsetSpec { kind: GsetKind::Aset, prefix: "x_".into() };
        assert_eq!(
            gset_target(&reg, &spec, b"bad name!", &mut buf).map_err(|e| e.to_string()),
            Err("aset: invalid variable name: \"x_bad name!\"".to_owned())
        );
    }

    #[test]
    fn gset_targets_are_resolved_again_when_a_column_is_renamed() {
        let mut reg = VarRegistry::new();
        let (a, b, p_a) = (reg.slot("a"), reg.slot("b"), reg.slot("p_a"));
        let gset = GsetSpec { kind: GsetKind::Gset, prefix: String::new() };
        let prefixed = GsetSpec { kind: GsetKind::Aset, prefix: "p_".into() };
        let mut targets = GsetTargets::default();
        let mut buf = Vec::new();
        let mut at = |spec: &GsetSpec, place: (usize, usize), col: &[u8]| {
            targets.target(&reg, spec, place, col, &mut buf).map_err(|e| e.to_string())
        };
        assert_eq!(at(&gset, (3, 1), b"a"), Ok(Some(a)));
        assert_eq!(at(&gset, (3, 1), b"a"), Ok(Some(a)));
        assert_eq!(at(&gset, (3, 0), b"b"), Ok(Some(b)));
        assert_eq!(at(&gset, (3, 1), b"b"), Ok(Some(b)), "the column was renamed");
        assert_eq!(at(&gset, (3, 1), b"zz"), Ok(None));
        assert_eq!(at(&prefixed, (0, 0), b"a"), Ok(Some(p_a)), "another command's prefix");
        assert_eq!(at(&gset, (3, 0), b"b"), Ok(Some(b)));
        let invalid = Err("gset: invalid variable name: \"?column?\"".to_owned());
        assert_eq!(at(&gset, (3, 0), b"?column?"), invalid);
        assert_eq!(at(&gset, (3, 0), b"?column?"), invalid, "an error is not remembered");
        assert_eq!(at(&gset, (3, 0), b"b"), Ok(Some(b)));
    }
}
