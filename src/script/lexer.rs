//! Splitting script text the way psql's lexer (fe_utils/psqlscan.l) does for
//! pgbench: SQL text up to a top-level `;` or a backslash, respecting quotes,
//! dollar quotes, nested comments, parentheses and `BEGIN ... END` bodies of
//! `CREATE [OR REPLACE] FUNCTION|PROCEDURE`; plus the word lexer used for
//! backslash-command arguments (exprscan.l's INITIAL state).
//!
//! The scanner keeps its state between calls exactly as the C scanner does
//! (an open parenthesis before a backslash command still counts after it).

/// Why [`Scanner::scan_sql`] stopped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum ScanStop {
    /// A command-ending `;` (included in the output).
    Semicolon,
    /// A backslash that starts a meta command (position is just after it).
    Backslash,
    /// End of input.
    Eof,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum St {
    Initial,
    /// `/* */` comment, nestable.
    Xc,
    /// `B'...'` bit string.
    Xb,
    /// `X'...'` hex string.
    Xh,
    /// `'...'` standard string.
    Xq,
    /// `E'...'` string with backslash escapes.
    Xe,
    /// `U&'...'` string.
    Xus,
    /// `"..."` identifier.
    Xd,
    /// `U&"..."` identifier.
    Xui,
    /// `$tag$ ... $tag$`.
    Xdolq,
}

/// psqlscan.l's state over one script text.
#[derive(Debug, Clone)]
pub(crate) struct Scanner<'a> {
    /// The script text.
    pub(crate) src: &'a [u8],
    /// Current position (the C scanner's end of the last token).
    pub(crate) pos: usize,
    st: St,
    paren_depth: u32,
    xcdepth: u32,
    dolq: (usize, usize),
    identifiers: [u8; 4],
    identifier_count: usize,
    begin_depth: u32,
    line_pos: usize,
    line_no: usize,
}

fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r' | 0x0c)
}
fn is_horiz_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | 0x0c)
}
fn is_newline(b: u8) -> bool {
    b == b'\n' || b == b'\r'
}
fn is_op_char(b: u8) -> bool {
    b"~!@#^&|`?+-*/%<>=".contains(&b)
}
fn is_ident_start(b: u8) -> bool {
    b.is_ascii_alphabetic() || b == b'_' || b >= 0x80
}
fn is_ident_cont(b: u8) -> bool {
    is_ident_start(b) || b.is_ascii_digit() || b == b'$'
}
fn is_dolq_cont(b: u8) -> bool {
    is_ident_start(b) || b.is_ascii_digit()
}
/// psql variable-name characters.
fn is_var_char(b: u8) -> bool {
    is_ident_start(b) || b.is_ascii_digit()
}
/// Whitespace of backslash-command words and expressions: `[ \t\r\f\v]`.
pub(crate) fn is_cmd_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\r' | 0x0c | 0x0b)
}

impl<'a> Scanner<'a> {
    /// A scanner at the start of `src` (which must not contain NUL bytes:
    /// C stops reading a script at the first one).
    pub(crate) fn new(src: &'a [u8]) -> Self {
        Scanner {
            src,
            pos: 0,
            st: St::Initial,
            paren_depth: 0,
            xcdepth: 0,
            dolq: (0, 0),
            identifiers: [0; 4],
            identifier_count: 0,
            begin_depth: 0,
            line_pos: 0,
            line_no: 1,
        }
    }

    fn at(&self, i: usize) -> Option<u8> {
        self.src.get(i).copied()
    }

    /// 1-based line number of byte offset `off` (offsets must not decrease
    /// between calls for this to stay cheap).
    pub(crate) fn line_of(&mut self, off: usize) -> usize {
        if off < self.line_pos {
            self.line_pos = 0;
            self.line_no = 1;
        }
        let end = off.min(self.src.len());
        self.line_no += self.src[self.line_pos..end].iter().filter(|&&b| b == b'\n').count();
        self.line_pos = end;
        self.line_no
    }

    /// Scan SQL text into `out` (a fresh buffer for this call) until a
    /// command-ending semicolon, a backslash command or the end of input.
    pub(crate) fn scan_sql(&mut self, out: &mut Vec<u8>) -> ScanStop {
        loop {
            let i = self.pos;
            let Some(c) = self.at(i) else { return ScanStop::Eof };
            match self.st {
                St::Initial => {
                    if let Some(stop) = self.initial(out, c) {
                        return stop;
                    }
                }
                St::Xc => self.comment(out, c),
                St::Xb | St::Xh => {
                    if c == b'\'' {
                        self.close_quote(out);
                    } else {
                        let end = self.run(i, |b| b != b'\'');
                        self.echo(out, end);
                    }
                }
                St::Xq | St::Xus => {
                    if c == b'\'' {
                        if self.at(i + 1) == Some(b'\'') {
                            self.echo(out, i + 2);
                        } else {
                            self.close_quote(out);
                        }
                    } else {
                        let end = self.run(i, |b| b != b'\'');
                        self.echo(out, end);
                    }
                }
                St::Xe => {
                    if c == b'\'' {
                        if self.at(i + 1) == Some(b'\'') {
                            self.echo(out, i + 2);
                        } else {
                            self.close_quote(out);
                        }
                    } else if c == b'\\' {
                        // Every escape form consumes at least the next byte.
                        let end = if self.at(i + 1).is_some() { i + 2 } else { i + 1 };
                        self.echo(out, end);
                    } else {
                        let end = self.run(i, |b| b != b'\'' && b != b'\\');
                        self.echo(out, end);
                    }
                }
                St::Xd | St::Xui => {
                    if c == b'"' {
                        if self.at(i + 1) == Some(b'"') {
                            self.echo(out, i + 2);
                        } else {
                            self.st = St::Initial;
                            self.echo(out, i + 1);
                        }
                    } else {
                        let end = self.run(i, |b| b != b'"');
                        self.echo(out, end);
                    }
                }
                St::Xdolq => self.dollar_body(out, c),
            }
        }
    }

    /// End of the maximal run of bytes satisfying `f` starting at `i`.
    fn run(&self, i: usize, f: impl Fn(u8) -> bool) -> usize {
        let mut j = i;
        while j < self.src.len() && f(self.src[j]) {
            j += 1;
        }
        j
    }

    fn echo(&mut self, out: &mut Vec<u8>, end: usize) {
        out.extend_from_slice(&self.src[self.pos..end]);
        self.pos = end;
    }

    /// A closing quote of a string: look ahead for a continuation
    /// (white space containing a newline, then another quote).
    fn close_quote(&mut self, out: &mut Vec<u8>) {
        let after = self.pos + 1;
        self.echo(out, after);
        if let Some(end) = self.quote_continue(after) {
            self.echo(out, end);
        } else {
            self.st = St::Initial;
        }
    }

    /// `{whitespace_with_newline}{quote}` at `i`: returns the end (after the
    /// quote) if it matches.
    fn quote_continue(&self, i: usize) -> Option<usize> {
        let mut p = i;
        // horiz_whitespace*
        loop {
            match self.at(p) {
                Some(b) if is_horiz_space(b) => p += 1,
                Some(b'-') if self.at(p + 1) == Some(b'-') => {
                    p = self.run(p, |b| !is_newline(b));
                }
                _ => break,
            }
        }
        // newline
        if !self.at(p).is_some_and(is_newline) {
            return None;
        }
        p += 1;
        // special_whitespace*
        loop {
            match self.at(p) {
                Some(b) if is_space(b) => p += 1,
                Some(b'-') if self.at(p + 1) == Some(b'-') => {
                    let e = self.run(p, |b| !is_newline(b));
                    if self.at(e).is_some_and(is_newline) {
                        p = e + 1;
                    } else {
                        break;
                    }
                }
                _ => break,
            }
        }
        (self.at(p) == Some(b'\'')).then_some(p + 1)
    }

    fn comment(&mut self, out: &mut Vec<u8>, c: u8) {
        let i = self.pos;
        if c == b'/' && self.at(i + 1) == Some(b'*') {
            self.xcdepth += 1;
            self.echo(out, i + 2);
        } else if c == b'*' {
            let end = self.run(i, |b| b == b'*');
            if self.at(end) == Some(b'/') {
                if self.xcdepth == 0 {
                    self.st = St::Initial;
                } else {
                    self.xcdepth -= 1;
                }
                self.echo(out, end + 1);
            } else {
                self.echo(out, end);
            }
        } else if c == b'/' || is_op_char(c) {
            self.echo(out, i + 1);
        } else {
            let end = self.run(i, |b| b != b'*' && b != b'/');
            self.echo(out, end);
        }
    }

    /// `$tag$` at `i`: the end of the delimiter if it is one.
    fn dolq_delim(&self, i: usize) -> Option<usize> {
        if self.at(i) != Some(b'$') {
            return None;
        }
        let mut j = i + 1;
        if self.at(j).is_some_and(is_ident_start) {
            j = self.run(j + 1, is_dolq_cont);
        }
        (self.at(j) == Some(b'$')).then_some(j + 1)
    }

    fn dollar_body(&mut self, out: &mut Vec<u8>, c: u8) {
        let i = self.pos;
        if c != b'$' {
            let end = self.run(i, |b| b != b'$');
            self.echo(out, end);
            return;
        }
        if let Some(end) = self.dolq_delim(i) {
            let (s, e) = self.dolq;
            if self.src[i..end] == self.src[s..e] {
                self.st = St::Initial;
                self.echo(out, end);
            } else {
                // Keep the final '$' for rescanning ($a$...$junk$a$).
                self.echo(out, end - 1);
            }
        } else if self.at(i + 1).is_some_and(is_ident_start) {
            let end = self.run(i + 2, is_dolq_cont);
            self.echo(out, end);
        } else {
            self.echo(out, i + 1);
        }
    }

    /// One token in the INITIAL state. Returns Some when scanning stops.
    fn initial(&mut self, out: &mut Vec<u8>, c: u8) -> Option<ScanStop> {
        let i = self.pos;
        let next = self.at(i + 1);
        // {whitespace}: spaces, or a "--" comment; echoed only once the
        // command has started.
        if is_space(c) || (c == b'-' && next == Some(b'-')) {
            let end =
                if is_space(c) { self.run(i, is_space) } else { self.run(i, |b| !is_newline(b)) };
            if out.is_empty() {
                self.pos = end;
            } else {
                self.echo(out, end);
            }
            return None;
        }
        match c {
            b'/' if next == Some(b'*') => {
                self.xcdepth = 0;
                self.st = St::Xc;
                self.echo(out, i + 2);
            }
            b'b' | b'B' if next == Some(b'\'') => {
                self.st = St::Xb;
                self.echo(out, i + 2);
            }
            b'x' | b'X' if next == Some(b'\'') => {
                self.st = St::Xh;
                self.echo(out, i + 2);
            }
            b'n' | b'N' if next == Some(b'\'') => {
                // Only the 'n' is consumed; the quote starts a string next.
                self.echo(out, i + 1);
            }
            b'\'' => {
                self.st = St::Xq;
                self.echo(out, i + 1);
            }
            b'e' | b'E' if next == Some(b'\'') => {
                self.st = St::Xe;
                self.echo(out, i + 2);
            }
            b'u' | b'U' if next == Some(b'&') => {
                match self.at(i + 2) {
                    Some(b'\'') => {
                        self.st = St::Xus;
                        self.echo(out, i + 3);
                    }
                    Some(b'"') => {
                        self.st = St::Xui;
                        self.echo(out, i + 3);
                    }
                    // xufailed: only the 'u' is consumed.
                    _ => self.echo(out, i + 1),
                }
            }
            b'$' => {
                if let Some(end) = self.dolq_delim(i) {
                    self.dolq = (i, end);
                    self.st = St::Xdolq;
                    self.echo(out, end);
                } else if next.is_some_and(|b| b.is_ascii_digit()) {
                    // {param} or {param_junk}
                    let mut end = self.run(i + 1, |b| b.is_ascii_digit());
                    if self.at(end).is_some_and(is_ident_start) {
                        end = self.run(end, is_ident_cont);
                    }
                    self.echo(out, end);
                } else {
                    // dolqfailed (only "$" is consumed) or a lone '$'.
                    self.echo(out, i + 1);
                }
            }
            b'"' => {
                self.st = St::Xd;
                self.echo(out, i + 1);
            }
            b'(' => {
                self.paren_depth += 1;
                self.echo(out, i + 1);
            }
            b')' => {
                self.paren_depth = self.paren_depth.saturating_sub(1);
                self.echo(out, i + 1);
            }
            b';' => {
                self.echo(out, i + 1);
                if self.paren_depth == 0 && self.begin_depth == 0 {
                    self.identifier_count = 0;
                    return Some(ScanStop::Semicolon);
                }
            }
            b'\\' => {
                if next == Some(b';') || next == Some(b':') {
                    out.push(self.src[i + 1]);
                    self.pos = i + 2;
                    if next == Some(b';') {
                        self.identifier_count = 0;
                    }
                } else {
                    self.pos = i + 1;
                    return Some(ScanStop::Backslash);
                }
            }
            b':' => self.colon(out),
            _ if c.is_ascii_digit() || (c == b'.' && next.is_some_and(|b| b.is_ascii_digit())) => {
                let end = self.number_end(i);
                self.echo(out, end);
            }
            _ if is_ident_start(c) => {
                let end = self.run(i + 1, is_ident_cont);
                self.identifier(i, end);
                self.echo(out, end);
            }
            _ if is_op_char(c) => {
                let end = self.operator_end(i);
                self.echo(out, end);
            }
            _ => self.echo(out, i + 1),
        }
        None
    }

    /// Colon forms: `::`, `:=`, `:name`, `:'name'`, `:"name"`, and
    /// `:{?name}` (replaced by FALSE: pgbench defines no psql variables).
    fn colon(&mut self, out: &mut Vec<u8>) {
        let i = self.pos;
        match self.at(i + 1) {
            Some(b':') | Some(b'=') => self.echo(out, i + 2),
            Some(q @ (b'\'' | b'"')) => {
                let end = self.run(i + 2, is_var_char);
                if end > i + 2 && self.at(end) == Some(q) {
                    self.echo(out, end + 1);
                } else {
                    self.echo(out, i + 1);
                }
            }
            Some(b'{') => {
                let end = self.run(i + 3, is_var_char);
                if self.at(i + 2) == Some(b'?') && end > i + 3 && self.at(end) == Some(b'}') {
                    out.extend_from_slice(b"FALSE");
                    self.pos = end + 1;
                } else {
                    self.echo(out, i + 1);
                }
            }
            Some(b) if is_var_char(b) => {
                let end = self.run(i + 1, is_var_char);
                self.echo(out, end);
            }
            _ => self.echo(out, i + 1),
        }
    }

    /// End of a numeric token (integer, decimal, real, their "fail" and
    /// "junk" variants) starting at `i`.
    fn number_end(&self, i: usize) -> usize {
        let mut j = self.run(i, |b| b.is_ascii_digit());
        let int_digits = j - i;
        if self.at(j) == Some(b'.') {
            if int_digits > 0 && self.at(j + 1) == Some(b'.') {
                // decimalfail: "1..": only the integer.
                return j;
            }
            j = self.run(j + 1, |b| b.is_ascii_digit());
        }
        if matches!(self.at(j), Some(b'e' | b'E')) {
            let mut k = j + 1;
            let signed = matches!(self.at(k), Some(b'+' | b'-'));
            if signed {
                k += 1;
            }
            if self.at(k).is_some_and(|b| b.is_ascii_digit()) {
                j = self.run(k, |b| b.is_ascii_digit());
            } else if signed {
                // realfail: "1e+" ends the token.
                return k;
            }
        }
        if self.at(j).is_some_and(is_ident_start) {
            j = self.run(j, is_ident_cont);
        }
        j
    }

    /// End of an operator: a run of operator characters, cut before an
    /// embedded comment start.
    fn operator_end(&self, i: usize) -> usize {
        let end = self.run(i, is_op_char);
        let mut cut = end;
        for k in i + 1..end {
            if (self.src[k] == b'*' && self.src[k - 1] == b'/')
                || (self.src[k] == b'-' && self.src[k - 1] == b'-')
            {
                cut = k - 1;
                break;
            }
        }
        cut.max(i + 1)
    }

    /// psql's heuristic for `CREATE [OR REPLACE] FUNCTION|PROCEDURE` bodies.
    fn identifier(&mut self, start: usize, end: usize) {
        let word = &self.src[start..end];
        if self.identifier_count == 0 {
            self.identifiers = [0; 4];
        }
        let tracked = ["create", "function", "procedure", "or", "replace"];
        if tracked.iter().any(|t| word.eq_ignore_ascii_case(t.as_bytes()))
            && self.identifier_count < self.identifiers.len()
        {
            self.identifiers[self.identifier_count] = word[0].to_ascii_lowercase();
        }
        self.identifier_count = self.identifier_count.saturating_add(1);
        let ids = self.identifiers;
        let routine = ids[0] == b'c'
            && (ids[1] == b'f'
                || ids[1] == b'p'
                || (ids[1] == b'o' && ids[2] == b'r' && (ids[3] == b'f' || ids[3] == b'p')));
        if routine && self.paren_depth == 0 {
            if word.eq_ignore_ascii_case(b"begin") {
                self.begin_depth += 1;
            } else if word.eq_ignore_ascii_case(b"case") {
                if self.begin_depth >= 1 {
                    self.begin_depth += 1;
                }
            } else if word.eq_ignore_ascii_case(b"end") && self.begin_depth > 0 {
                self.begin_depth -= 1;
            }
        }
    }

    /// Lex one backslash-command word (exprscan.l INITIAL state). Returns
    /// `(c_offset, start, end)`: the word is `src[start..end]`; `c_offset` is
    /// the start offset as C computes it (end of the match minus the word
    /// length, which is off for a word glued to a continuation). None at the
    /// end of the command (a newline, consumed, or the end of input).
    pub(crate) fn lex_word(&mut self) -> Option<(usize, usize, usize)> {
        loop {
            let i = self.pos;
            let c = self.at(i)?;
            if is_cmd_space(c) {
                self.pos = self.run(i, is_cmd_space);
            } else if let Some(n) = self.continuation(i) {
                self.pos = i + n;
            } else if c == b'\n' {
                self.pos = i + 1;
                return None;
            } else {
                let end = self.run(i, |b| !is_cmd_space(b) && b != b'\n');
                if let Some(n) =
                    (self.src[end - 1] == b'\\').then(|| self.continuation(end - 1)).flatten()
                {
                    let match_end = end - 1 + n;
                    self.pos = match_end;
                    let len = end - 1 - i;
                    return Some((match_end - len, i, end - 1));
                }
                self.pos = end;
                return Some((i, i, end));
            }
        }
    }

    /// Length of a `\` (`\r`)? `\n` continuation at `i`, if there is one.
    pub(crate) fn continuation(&self, i: usize) -> Option<usize> {
        if self.at(i) != Some(b'\\') {
            return None;
        }
        match (self.at(i + 1), self.at(i + 2)) {
            (Some(b'\n'), _) => Some(2),
            (Some(b'\r'), Some(b'\n')) => Some(3),
            _ => None,
        }
    }
}

/// pgbench's skip_sql_comments: the command starts after leading white space
/// (C `isspace`) and whole `--` comment lines; None if nothing is left.
pub(crate) fn skip_sql_comments(buf: &[u8]) -> Option<usize> {
    let mut p = 0;
    loop {
        match buf.get(p) {
            Some(&b) if crate::compat::num::c_isspace(b) => p += 1,
            Some(b'-') if buf.get(p + 1) == Some(&b'-') => {
                let nl = buf[p..].iter().position(|&b| b == b'\n')?;
                p += nl + 1;
            }
            Some(_) => return Some(p),
            None => return None,
        }
    }
}

/// The "first line" of an SQL command as -r and error messages show it:
/// at most 127 bytes, cut at the first `\n` or `\r`.
pub(crate) fn sql_first_line(text: &[u8]) -> String {
    let t = &text[..text.len().min(127)];
    let cut = t.iter().position(|&b| b == b'\n' || b == b'\r').unwrap_or(t.len());
    String::from_utf8_lossy(&t[..cut]).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// All SQL pieces of a text, with what stopped each.
    fn split(src: &str) -> Vec<(String, ScanStop)> {
        let mut sc = Scanner::new(src.as_bytes());
        let mut res = Vec::new();
        loop {
            let mut out = Vec::new();
            let stop = sc.scan_sql(&mut out);
            res.push((String::from_utf8_lossy(&out).into_owned(), stop));
            match stop {
                ScanStop::Eof => return res,
                ScanStop::Semicolon => {}
                ScanStop::Backslash => while sc.lex_word().is_some() {},
            }
        }
    }

    fn sql(s: &str, stop: ScanStop) -> (String, ScanStop) {
        (s.to_owned(), stop)
    }

    use ScanStop::{Backslash as B, Eof as E, Semicolon as S};

    #[test]
    fn semicolons_split_and_are_kept() {
        assert_eq!(
            split("SELECT 1; SELECT 2;\n"),
            vec![sql("SELECT 1;", S), sql("SELECT 2;", S), sql("", E)]
        );
        assert_eq!(split("  \n SELECT 1"), vec![sql("SELECT 1", E)]);
    }

    #[test]
    fn quotes_hide_semicolons_and_backslashes() {
        assert_eq!(split("SELECT ';\\x';"), vec![sql("SELECT ';\\x';", S), sql("", E)]);
        assert_eq!(split("SELECT 'a''b;';"), vec![sql("SELECT 'a''b;';", S), sql("", E)]);
        assert_eq!(split("SELECT E'\\';';"), vec![sql("SELECT E'\\';';", S), sql("", E)]);
        assert_eq!(split("SELECT \"a;\"\"b\";"), vec![sql("SELECT \"a;\"\"b\";", S), sql("", E)]);
        assert_eq!(split("SELECT U&'d;';"), vec![sql("SELECT U&'d;';", S), sql("", E)]);
        assert_eq!(split("SELECT U&\"d;\";"), vec![sql("SELECT U&\"d;\";", S), sql("", E)]);
        assert_eq!(split("SELECT B'1;0';"), vec![sql("SELECT B'1;0';", S), sql("", E)]);
        // A string continued on the next line.
        assert_eq!(split("SELECT 'a'\n  'b;c';"), vec![sql("SELECT 'a'\n  'b;c';", S), sql("", E)]);
        // Unterminated quote: the rest is one command.
        assert_eq!(split("SELECT 'a; \\set x 1"), vec![sql("SELECT 'a; \\set x 1", E)]);
    }

    #[test]
    fn dollar_quotes() {
        assert_eq!(split("SELECT $$a;b$$;"), vec![sql("SELECT $$a;b$$;", S), sql("", E)]);
        assert_eq!(
            split("SELECT $f$ $x$ ; $f$;"),
            vec![sql("SELECT $f$ $x$ ; $f$;", S), sql("", E)]
        );
        assert_eq!(split("SELECT $a$x$junk$a$;"), vec![sql("SELECT $a$x$junk$a$;", S), sql("", E)]);
        // "$1" is a parameter, "foo$$" an identifier: no quoting.
        assert_eq!(split("SELECT $1;x"), vec![sql("SELECT $1;", S), sql("x", E)]);
        assert_eq!(split("SELECT foo$$;x"), vec![sql("SELECT foo$$;", S), sql("x", E)]);
        assert_eq!(split("SELECT 1a$$;x"), vec![sql("SELECT 1a$$;", S), sql("x", E)]);
    }

    #[test]
    fn comments() {
        assert_eq!(
            split("SELECT /* a /* b; */ c; */ 1;"),
            vec![sql("SELECT /* a /* b; */ c; */ 1;", S), sql("", E)]
        );
        assert_eq!(split("-- only a comment\n"), vec![sql("", E)]);
        assert_eq!(
            split("-- c1\n  -- c2\nSELECT 1 -- x;\n;"),
            vec![sql("SELECT 1 -- x;\n;", S), sql("", E)]
        );
        assert_eq!(split("/* lead */ SELECT 1;"), vec![sql("/* lead */ SELECT 1;", S), sql("", E)]);
        // An operator stops before an embedded comment start.
        assert_eq!(split("SELECT 1 */* ; */ 2;"), vec![sql("SELECT 1 */* ; */ 2;", S), sql("", E)]);
    }

    #[test]
    fn parentheses_and_routine_bodies() {
        assert_eq!(split("SELECT (1;2);"), vec![sql("SELECT (1;2);", S), sql("", E)]);
        let f = "CREATE FUNCTION f() RETURNS int LANGUAGE sql BEGIN ATOMIC SELECT 1; SELECT CASE WHEN true THEN 1 END; END;";
        assert_eq!(split(f), vec![sql(f, S), sql("", E)]);
        let p = "create or replace procedure p() begin atomic select 1; end;";
        assert_eq!(split(p), vec![sql(p, S), sql("", E)]);
        // Not a routine: BEGIN is a statement.
        assert_eq!(
            split("BEGIN; SELECT 1; END;"),
            vec![sql("BEGIN;", S), sql("SELECT 1;", S), sql("END;", S), sql("", E)]
        );
        // CREATE TEMP FUNCTION does not match the heuristic.
        assert_eq!(
            split("CREATE TEMP FUNCTION begin; x;"),
            vec![sql("CREATE TEMP FUNCTION begin;", S), sql("x;", S), sql("", E)]
        );
    }

    #[test]
    fn backslash_escapes_and_commands() {
        assert_eq!(
            split("SELECT 1 \\; SELECT 2 \\gset\nSELECT 3;"),
            vec![sql("SELECT 1 ; SELECT 2 ", B), sql("SELECT 3;", S), sql("", E)]
        );
        assert_eq!(split("SELECT 'a'\\:\\:text;"), vec![sql("SELECT 'a'::text;", S), sql("", E)]);
        assert_eq!(split("\\set x 1\n"), vec![sql("", B), sql("", E)]);
    }

    #[test]
    fn psql_variables_are_not_expanded() {
        assert_eq!(
            split("SELECT :x, :'y', :\"z\", :{?w}, ::int;"),
            vec![sql("SELECT :x, :'y', :\"z\", FALSE, ::int;", S), sql("", E)]
        );
        assert_eq!(split("SELECT :{?w;"), vec![sql("SELECT :{?w;", S), sql("", E)]);
        assert_eq!(split("SELECT :'a;b';"), vec![sql("SELECT :'a;b';", S), sql("", E)]);
    }

    #[test]
    fn words_and_continuations() {
        let mut sc = Scanner::new(b"a  b\\\nc d\\\r\n e \\\n\nx");
        let mut words = Vec::new();
        while let Some((off, s, e)) = sc.lex_word() {
            words.push((off, String::from_utf8_lossy(&sc.src[s..e]).into_owned()));
        }
        assert_eq!(
            words,
            vec![
                (0, "a".to_owned()),
                (5, "b".to_owned()),
                (6, "c".to_owned()),
                (11, "d".to_owned()),
                (13, "e".to_owned()),
            ]
        );
        assert_eq!(sc.pos, 18);
    }

    #[test]
    fn first_lines_and_comment_skipping() {
        assert_eq!(sql_first_line(b"SELECT 1\nFROM x"), "SELECT 1");
        assert_eq!(sql_first_line(b"a\rb"), "a");
        assert_eq!(sql_first_line(&[b'x'; 200]).len(), 127);
        assert_eq!(skip_sql_comments(b" \x0b -- c\n x"), Some(9));
        assert_eq!(skip_sql_comments(b" -- c"), None);
        assert_eq!(skip_sql_comments(b"  "), None);
    }
}
