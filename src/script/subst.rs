//! SQL commands and their `:name` references: split once into literal text
//! and variable parts for simple mode (pgbench.c assignVariables), rewritten
//! to `$1..$n` for extended and prepared modes (parseQuery). A reference
//! inside a double-quoted identifier (`"sbtest:n"`) is pgbench-rs's own:
//! it is substituted as text, `"` doubled, in every mode, so that a table
//! name can come from a variable; such a command's text is made per send.

use std::ffi::CString;

use super::vars::{is_name_char, is_name_start};
use super::{Slot, VarRegistry, Vars};

/// Whether `\gset` or `\aset` follows the command.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum GsetKind {
    /// `\gset`: the last result must have exactly one row.
    Gset,
    /// `\aset`: every row of every result is stored.
    Aset,
}

/// A `\gset`/`\aset` attached to an SQL command.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct GsetSpec {
    /// Which command.
    pub(crate) kind: GsetKind,
    /// Prefix prepended to column names (may be empty).
    pub(crate) prefix: String,
}

impl GsetSpec {
    /// The context word of C's messages: `gset` or `aset`.
    pub(crate) fn context(&self) -> &'static str {
        match self.kind {
            GsetKind::Gset => "gset",
            GsetKind::Aset => "aset",
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Part {
    /// `text[start..end]` copied as is.
    Lit(usize, usize),
    /// A `:name` reference: `text[start..end]` is the whole `:name`.
    Var(Slot, usize, usize),
    /// A `:name` reference inside a double-quoted identifier.
    Ident(Slot, usize, usize),
}

/// Where the scan of an SQL command is, for telling identifiers apart.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Quote {
    /// Plain SQL.
    None,
    /// In `'...'` (`escapes`: an `E'...'` string, where `\` escapes).
    Str { escapes: bool },
    /// In `"..."`.
    Ident,
    /// In a `-- ...` comment.
    Line,
    /// In `/* ... */` comments, this deep.
    Block(u32),
    /// In a `$tag$ ... $tag$` string; the tag is `text[start..end]`.
    Dollar(usize, usize),
}

/// The quote state after `text[i]` (and the bytes it consumes with it:
/// the returned index is the next byte to look at).
fn advance(text: &[u8], i: usize, q: Quote) -> (usize, Quote) {
    let b = text[i];
    let next = text.get(i + 1).copied();
    match q {
        Quote::None => match b {
            b'\'' => {
                let escapes = i > 0
                    && matches!(text[i - 1], b'E' | b'e')
                    && (i < 2 || !is_name_char(text[i - 2]));
                (i + 1, Quote::Str { escapes })
            }
            b'"' => (i + 1, Quote::Ident),
            b'-' if next == Some(b'-') => (i + 2, Quote::Line),
            b'/' if next == Some(b'*') => (i + 2, Quote::Block(1)),
            b'$' if i == 0 || !is_name_char(text[i - 1]) => {
                let mut e = i + 1;
                while text.get(e).is_some_and(|&c| is_name_char(c) && c != b'$') {
                    e += 1;
                }
                let starts_ok = text.get(i + 1).is_some_and(|c| !c.is_ascii_digit());
                if starts_ok && text.get(e) == Some(&b'$') {
                    (e + 1, Quote::Dollar(i, e + 1))
                } else {
                    (i + 1, q)
                }
            }
            _ => (i + 1, q),
        },
        Quote::Str { escapes } => match b {
            b'\\' if escapes => (i + 2, q),
            b'\'' if next == Some(b'\'') => (i + 2, q),
            b'\'' => (i + 1, Quote::None),
            _ => (i + 1, q),
        },
        Quote::Ident => match b {
            b'"' if next == Some(b'"') => (i + 2, q),
            b'"' => (i + 1, Quote::None),
            _ => (i + 1, q),
        },
        Quote::Line => (i + 1, if b == b'\n' { Quote::None } else { q }),
        Quote::Block(depth) => match (b, next) {
            (b'*', Some(b'/')) if depth == 1 => (i + 2, Quote::None),
            (b'*', Some(b'/')) => (i + 2, Quote::Block(depth - 1)),
            (b'/', Some(b'*')) => (i + 2, Quote::Block(depth + 1)),
            _ => (i + 1, q),
        },
        Quote::Dollar(s, e) => {
            if text[i..].starts_with(&text[s..e]) {
                (i + (e - s), Quote::None)
            } else {
                (i + 1, q)
            }
        }
    }
}

/// An SQL command cannot be sent with parameters; displayed as C words it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum ParamError {
    /// `statement has too many arguments (maximum is 255): <sql>`
    TooManyArguments(String),
    /// The statement holds a NUL byte, which libpq cannot send.
    Nul,
}

impl std::fmt::Display for ParamError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ParamError::TooManyArguments(sql) => {
                write!(f, "statement has too many arguments (maximum is {MAX_PARAMS}): {sql}")
            }
            ParamError::Nul => f.write_str("statement contains a NUL byte"),
        }
    }
}

impl std::error::Error for ParamError {}

/// Extended/prepared form of a command, built by [`super::finalize_scripts`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct ParamForm {
    /// The text with `$1..$n` in place of each `:name`.
    pub(crate) sql: CString,
    /// The variable of each parameter, in order.
    pub(crate) params: Vec<Slot>,
    /// `P_<n>` in prepared mode.
    pub(crate) prep_name: Option<CString>,
}

/// An SQL command of a script.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct SqlCommand {
    /// The command text (leading white space and comments removed).
    pub(crate) text: Vec<u8>,
    parts: Vec<Part>,
    /// Some part is a variable in a quoted identifier.
    dynamic: bool,
    /// Filled by [`super::finalize_scripts`] in extended and prepared modes.
    pub(crate) param_form: Option<ParamForm>,
    /// A following `\gset` / `\aset`.
    pub(crate) gset: Option<GsetSpec>,
}

/// Maximum number of parameters of a statement (C's MAX_ARGS - 1).
pub(crate) const MAX_PARAMS: usize = 255;

impl SqlCommand {
    /// Split `text` into literal and `:name` parts, registering the names.
    pub(crate) fn new(text: Vec<u8>, reg: &mut VarRegistry) -> Self {
        let mut parts = Vec::new();
        let mut lit_start = 0;
        let mut i = 0;
        let mut quote = Quote::None;
        while i < text.len() {
            if text[i] != b':' {
                (i, quote) = advance(&text, i, quote);
                continue;
            }
            if text.get(i + 1).is_some_and(|&b| is_name_start(b)) {
                let mut e = i + 2;
                while text.get(e).is_some_and(|&b| is_name_char(b)) {
                    e += 1;
                }
                if lit_start < i {
                    parts.push(Part::Lit(lit_start, i));
                }
                let slot = reg.slot_bytes(&text[i + 1..e]);
                parts.push(if quote == Quote::Ident {
                    Part::Ident(slot, i, e)
                } else {
                    Part::Var(slot, i, e)
                });
                lit_start = e;
                i = e;
            } else {
                // Not a name: skip this colon and any following ones.
                while text.get(i) == Some(&b':') {
                    i += 1;
                }
            }
        }
        if lit_start < text.len() {
            parts.push(Part::Lit(lit_start, text.len()));
        }
        let dynamic = parts.iter().any(|p| matches!(p, Part::Ident(..)));
        SqlCommand { text, parts, dynamic, param_form: None, gset: None }
    }

    /// Whether a variable inside a quoted identifier makes the text of the
    /// command (in every mode).
    pub(crate) fn is_dynamic(&self) -> bool {
        self.dynamic
    }

    /// Number of `:name` references.
    #[cfg(test)]
    pub(crate) fn n_vars(&self) -> usize {
        self.parts.iter().filter(|p| matches!(p, Part::Var(..) | Part::Ident(..))).count()
    }

    /// The `$n` form of the command.
    pub(crate) fn param_form(&self, prep_name: Option<CString>) -> Result<ParamForm, ParamError> {
        let mut sql = Vec::with_capacity(self.text.len());
        let mut params = Vec::new();
        for p in &self.parts {
            match *p {
                Part::Lit(s, e) => sql.extend_from_slice(&self.text[s..e]),
                Part::Var(slot, _, _) => {
                    if params.len() >= MAX_PARAMS {
                        return Err(ParamError::TooManyArguments(
                            String::from_utf8_lossy(&self.text).into_owned(),
                        ));
                    }
                    params.push(slot);
                    sql.push(b'$');
                    sql.extend_from_slice(params.len().to_string().as_bytes());
                }
                Part::Ident(_, s, e) => sql.extend_from_slice(&self.text[s..e]),
            }
        }
        let sql = CString::new(sql).map_err(|_| ParamError::Nul)?;
        Ok(ParamForm { sql, params, prep_name })
    }

    /// The text to send in simple mode: each `:name` whose variable is
    /// defined replaced by its value (no quoting), unknown ones kept as
    /// written; followed by a NUL byte. `out` is cleared first.
    pub(crate) fn render_simple(&self, vars: &Vars, out: &mut Vec<u8>) {
        out.clear();
        for p in &self.parts {
            match *p {
                Part::Lit(s, e) => out.extend_from_slice(&self.text[s..e]),
                Part::Var(slot, s, e) => {
                    if !vars.write_text(slot, out) {
                        out.extend_from_slice(&self.text[s..e]);
                    }
                }
                Part::Ident(slot, s, e) => self.write_ident(vars, slot, (s, e), out),
            }
        }
        out.push(0);
    }

    /// The text to send in extended and prepared modes for a command with
    /// variables in quoted identifiers: the `$n` form with those variables
    /// substituted as in simple mode; followed by a NUL byte. `out` is
    /// cleared first.
    pub(crate) fn render_dynamic(&self, vars: &Vars, out: &mut Vec<u8>) {
        out.clear();
        let mut n = 0i64;
        for p in &self.parts {
            match *p {
                Part::Lit(s, e) => out.extend_from_slice(&self.text[s..e]),
                Part::Var(..) => {
                    n += 1;
                    out.push(b'$');
                    crate::compat::fmt::push_i64(out, n);
                }
                Part::Ident(slot, s, e) => self.write_ident(vars, slot, (s, e), out),
            }
        }
        out.push(0);
    }

    /// A variable's value inside a quoted identifier, each `"` doubled (a
    /// NUL byte, which no identifier holds, ends it); `:name` as written
    /// when the variable is not defined.
    fn write_ident(&self, vars: &Vars, slot: Slot, at: (usize, usize), out: &mut Vec<u8>) {
        let start = out.len();
        if !vars.write_text(slot, out) {
            out.extend_from_slice(&self.text[at.0..at.1]);
            return;
        }
        if let Some(nul) = out[start..].iter().position(|&b| b == 0) {
            out.truncate(start + nul);
        }
        if out[start..].contains(&b'"') {
            let value = out.split_off(start);
            for b in value {
                out.push(b);
                if b == b'"' {
                    out.push(b'"');
                }
            }
        }
    }

    /// Parameter values for extended/prepared mode: each value is appended
    /// to `values` followed by a NUL; `starts[i]` is its offset, or
    /// `u32::MAX` for an undefined variable (sent as NULL). Both buffers are
    /// cleared first. Without [`ParamForm`] nothing is produced.
    pub(crate) fn render_params(&self, vars: &Vars, values: &mut Vec<u8>, starts: &mut Vec<u32>) {
        values.clear();
        starts.clear();
        let Some(form) = &self.param_form else { return };
        for &slot in &form.params {
            let at = values.len();
            if vars.write_text(slot, values) {
                values.push(0);
                // (u32::MAX stands for NULL; a query's parameters are far below
                // the 1 GB of PostgreSQL's messages.)
                starts.push(crate::invariant::fits(at, "invariant: parameters below 4 GiB"));
            } else {
                starts.push(u32::MAX);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::script::vars::Value;

    fn cmd(text: &str) -> (SqlCommand, VarRegistry) {
        let mut reg = VarRegistry::new();
        let c = SqlCommand::new(text.as_bytes().to_vec(), &mut reg);
        (c, reg)
    }

    #[test]
    fn simple_substitution() {
        let (c, reg) = cmd("SELECT :a, :b::int, ':a', a::b, x:::a, :zz;");
        let mut vars = Vars::new(&reg);
        vars.set_str(reg.lookup("a").unwrap(), "1");
        vars.set_value(reg.lookup("b").unwrap(), Value::Double(2.5));
        let mut out = Vec::new();
        c.render_simple(&vars, &mut out);
        assert_eq!(out, b"SELECT 1, 2.5::int, '1', a::b, x:::a, :zz;\0");
        assert_eq!(c.n_vars(), 4);
    }

    #[test]
    fn substituted_values_are_not_rescanned() {
        let (c, reg) = cmd(":a:b");
        let mut vars = Vars::new(&reg);
        vars.set_str(reg.lookup("a").unwrap(), ":b");
        let mut out = Vec::new();
        c.render_simple(&vars, &mut out);
        assert_eq!(out, b":b:b\0");
    }

    #[test]
    fn dollar_form_numbers_every_occurrence() {
        let (mut c, reg) = cmd("SELECT :foo::int, :foo, ':x' WHERE a = :bar;");
        let form = c.param_form(None).unwrap();
        assert_eq!(form.sql.as_bytes(), b"SELECT $1::int, $2, '$3' WHERE a = $4;");
        let foo = reg.lookup("foo").unwrap();
        assert_eq!(
            form.params,
            vec![foo, foo, reg.lookup("x").unwrap(), reg.lookup("bar").unwrap()]
        );
        c.param_form = Some(form);
        let mut vars = Vars::new(&reg);
        vars.set_value(foo, Value::Int(7));
        vars.set_str(reg.lookup("bar").unwrap(), "b");
        let (mut values, mut starts) = (Vec::new(), Vec::new());
        c.render_params(&vars, &mut values, &mut starts);
        assert_eq!(values, b"7\x007\x00b\x00");
        assert_eq!(starts, vec![0, 2, u32::MAX, 4]);
    }

    #[test]
    fn too_many_parameters() {
        let text = format!("SELECT LEAST({});", vec![":i"; 256].join(", "));
        let (c, _) = cmd(&text);
        let err = c.param_form(None).unwrap_err();
        assert_eq!(
            err.to_string(),
            format!("statement has too many arguments (maximum is 255): {text}")
        );
        let ok = format!("SELECT LEAST({});", vec![":i"; 255].join(", "));
        assert!(cmd(&ok).0.param_form(None).is_ok());
    }

    #[test]
    fn variables_in_quoted_identifiers_are_text_in_every_mode() {
        let (mut c, reg) =
            cmd("SELECT pad, ':x' FROM \"sbtest:n\" WHERE id = :x AND \"a\"\":n\" = :n;");
        assert!(c.is_dynamic());
        let n = reg.lookup("n").unwrap();
        let x = reg.lookup("x").unwrap();
        let mut vars = Vars::new(&reg);
        vars.set_str(n, "7\"q");
        vars.set_value(x, Value::Int(3));
        let mut out = Vec::new();
        c.render_simple(&vars, &mut out);
        assert_eq!(
            out,
            b"SELECT pad, '3' FROM \"sbtest7\"\"q\" WHERE id = 3 AND \"a\"\"7\"\"q\" = 7\"q;\0"
        );
        let form = c.param_form(None).unwrap();
        assert_eq!(form.params, vec![x, x, n]);
        c.param_form = Some(form);
        c.render_dynamic(&vars, &mut out);
        assert_eq!(
            out,
            b"SELECT pad, '$1' FROM \"sbtest7\"\"q\" WHERE id = $2 AND \"a\"\"7\"\"q\" = $3;\0"
        );
        let (mut values, mut starts) = (Vec::new(), Vec::new());
        c.render_params(&vars, &mut values, &mut starts);
        assert_eq!(values, b"3\x003\x007\"q\x00");
        // Undefined: kept as written, as C keeps any unknown :name.
        let (c, reg) = cmd("SELECT * FROM \"t:zz\";");
        c.render_simple(&Vars::new(&reg), &mut out);
        assert_eq!(out, b"SELECT * FROM \"t:zz\";\0");
    }

    #[test]
    fn quotes_in_strings_comments_and_dollar_quotes_open_no_identifier() {
        for text in [
            "SELECT '\"', :a, '\"';",
            "SELECT 'it''s \"', :a;",
            "SELECT E'\\' \"', :a;",
            "SELECT 1 -- \"\nWHERE x = :a;",
            "SELECT /* \" /* \" */ */ :a;",
            "SELECT $$ \" $$, :a, $t$ \" $t$;",
            "SELECT $1, \"x\" || :a;",
        ] {
            let (c, _) = cmd(text);
            assert!(!c.is_dynamic(), "{text}");
            assert_eq!(c.n_vars(), 1, "{text}");
        }
        let (c, _) = cmd("SELECT \"don't\", \"t:a\";");
        assert!(c.is_dynamic());
    }
}
