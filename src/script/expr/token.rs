//! The tokens of expressions and their lexer: exprscan.l's EXPR state,
//! reading from the script's [`Scanner`] up to the end of the line, and
//! positioning errors as C's expr_yyerror_more does.

use super::ExprError;
use super::PResult;
use crate::script::lexer::{Scanner, is_cmd_space};

/// A token (exprparse.y's `%token`s and its one-character literals).
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) enum Tok {
    /// `'+'`
    Plus,
    /// `'-'`
    Minus,
    /// `'*'`
    Star,
    /// `'/'`
    Slash,
    /// `'%'`
    Percent,
    /// `'='`
    Eq,
    /// `NE_OP`: `<>` or `!=`
    Ne,
    /// `LE_OP`: `<=`
    Le,
    /// `GE_OP`: `>=`
    Ge,
    /// `LS_OP`: `<<`
    Ls,
    /// `RS_OP`: `>>`
    Rs,
    /// `'<'`
    Lt,
    /// `'>'`
    Gt,
    /// `'|'`
    Bar,
    /// `'&'`
    Amp,
    /// `'#'`
    Hash,
    /// `'~'`
    Tilde,
    /// `'('`
    LParen,
    /// `')'`
    RParen,
    /// `','`
    Comma,
    /// `AND_OP`
    And,
    /// `OR_OP`
    Or,
    /// `NOT_OP`
    Not,
    /// `IS_OP`
    Is,
    /// `ISNULL_OP`
    IsNull,
    /// `NOTNULL_OP`
    NotNull,
    /// `CASE_KW`
    Case,
    /// `WHEN_KW`
    When,
    /// `THEN_KW`
    Then,
    /// `ELSE_KW`
    Else,
    /// `END_KW`
    End,
    /// `VARIABLE`: `:name`; the name is src[start+1..end].
    Var,
    /// `NULL_CONST`
    Null,
    /// `BOOLEAN_CONST`
    Bool(bool),
    /// `MAXINT_PLUS_ONE_CONST`: 9223372036854775808, only valid after a
    /// unary minus.
    MaxIntPlusOne,
    /// `INTEGER_CONST`
    Int(i64),
    /// `DOUBLE_CONST`
    Double(f64),
    /// `FUNCTION`: an identifier; src[start..end].
    Function,
    /// Newline or end of input (the lexer's end of input, token 0).
    Eol,
}

/// A token and where it is in the script.
#[derive(Debug, Clone, Copy)]
pub(super) struct Token {
    /// What it is.
    pub(super) tok: Tok,
    /// Offset of its first byte.
    pub(super) start: usize,
    /// Offset just past its last byte.
    pub(super) end: usize,
}

fn is_alpha(b: u8) -> bool {
    b.is_ascii_alphabetic() || b >= 0x80 || b == b'_'
}
fn is_alnum(b: u8) -> bool {
    is_alpha(b) || b.is_ascii_digit()
}

/// The keywords, matched case-insensitively.
fn keyword(w: &[u8]) -> Option<Tok> {
    const KW: &[(&str, Tok)] = &[
        ("and", Tok::And),
        ("or", Tok::Or),
        ("not", Tok::Not),
        ("is", Tok::Is),
        ("isnull", Tok::IsNull),
        ("notnull", Tok::NotNull),
        ("case", Tok::Case),
        ("when", Tok::When),
        ("then", Tok::Then),
        ("else", Tok::Else),
        ("end", Tok::End),
        ("true", Tok::Bool(true)),
        ("false", Tok::Bool(false)),
        ("null", Tok::Null),
    ];
    KW.iter().find(|(k, _)| w.eq_ignore_ascii_case(k.as_bytes())).map(|&(_, t)| t)
}

/// The lexer: the script's scanner in exprscan.l's EXPR state.
pub(super) struct Lexer<'s, 'a> {
    sc: &'s mut Scanner<'a>,
    /// End offset of the most recently lexed token.
    last_end: usize,
    /// The most recently lexed token was the newline (C's last_was_newline).
    pub(super) last_was_newline: bool,
}

impl<'s, 'a> Lexer<'s, 'a> {
    /// Lex from the scanner's position.
    pub(super) fn new(sc: &'s mut Scanner<'a>) -> Self {
        Lexer { sc, last_end: 0, last_was_newline: false }
    }

    /// An error at the last character of the most recently lexed token.
    #[inline(never)]
    pub(super) fn error(&self, msg: &'static str, more: Option<String>) -> ExprError {
        ExprError { msg, more, offset: self.last_end.saturating_sub(1) }
    }

    /// The text of a token.
    pub(super) fn text(&self, t: Token) -> &'a [u8] {
        &self.sc.src[t.start..t.end]
    }

    /// Lex one token in the EXPR state.
    #[inline(never)]
    pub(super) fn lex(&mut self) -> PResult<Token> {
        let src = self.sc.src;
        self.last_was_newline = false;
        loop {
            let i = self.sc.pos;
            let Some(&c) = src.get(i) else {
                self.last_end = src.len();
                return Ok(Token { tok: Tok::Eol, start: i, end: i });
            };
            if is_cmd_space(c) {
                self.sc.pos += 1;
                continue;
            }
            if let Some(n) = self.sc.continuation(i) {
                self.sc.pos += n;
                continue;
            }
            let at = |k: usize| src.get(k).copied();
            let (tok, end) = match c {
                b'\n' => {
                    self.last_was_newline = true;
                    (Tok::Eol, i + 1)
                }
                b'+' => (Tok::Plus, i + 1),
                b'-' => (Tok::Minus, i + 1),
                b'*' => (Tok::Star, i + 1),
                b'/' => (Tok::Slash, i + 1),
                b'%' => (Tok::Percent, i + 1),
                b'=' => (Tok::Eq, i + 1),
                b'<' => match at(i + 1) {
                    Some(b'>') => (Tok::Ne, i + 2),
                    Some(b'=') => (Tok::Le, i + 2),
                    Some(b'<') => (Tok::Ls, i + 2),
                    _ => (Tok::Lt, i + 1),
                },
                b'>' => match at(i + 1) {
                    Some(b'=') => (Tok::Ge, i + 2),
                    Some(b'>') => (Tok::Rs, i + 2),
                    _ => (Tok::Gt, i + 1),
                },
                b'!' if at(i + 1) == Some(b'=') => (Tok::Ne, i + 2),
                b'|' => (Tok::Bar, i + 1),
                b'&' => (Tok::Amp, i + 1),
                b'#' => (Tok::Hash, i + 1),
                b'~' => (Tok::Tilde, i + 1),
                b'(' => (Tok::LParen, i + 1),
                b')' => (Tok::RParen, i + 1),
                b',' => (Tok::Comma, i + 1),
                b':' if at(i + 1).is_some_and(is_alnum) => {
                    let mut e = i + 1;
                    while at(e).is_some_and(is_alnum) {
                        e += 1;
                    }
                    (Tok::Var, e)
                }
                b'0'..=b'9' => self.number(i)?,
                b'.' if at(i + 1).is_some_and(|b| b.is_ascii_digit()) => self.number(i)?,
                _ if is_alpha(c) => {
                    let mut e = i + 1;
                    while at(e).is_some_and(is_alnum) {
                        e += 1;
                    }
                    (keyword(&src[i..e]).unwrap_or(Tok::Function), e)
                }
                _ => {
                    self.sc.pos = i + 1;
                    self.last_end = i + 1;
                    let more = String::from_utf8_lossy(&src[i..=i]).into_owned();
                    return Err(self.error("unexpected character", Some(more)));
                }
            };
            self.sc.pos = end;
            self.last_end = end;
            return Ok(Token { tok, start: i, end });
        }
    }

    /// Integer, double, or the special 9223372036854775808 (longest match).
    #[inline(never)]
    fn number(&mut self, i: usize) -> PResult<(Tok, usize)> {
        let src = self.sc.src;
        let digits = |mut k: usize| {
            while src.get(k).is_some_and(u8::is_ascii_digit) {
                k += 1;
            }
            k
        };
        let int_end = digits(i);
        let mut e = int_end;
        let mut is_double = false;
        if src.get(e) == Some(&b'.') {
            e = digits(e + 1);
            is_double = true;
        }
        if matches!(src.get(e), Some(b'e' | b'E')) {
            let mut k = e + 1;
            if matches!(src.get(k), Some(b'+' | b'-')) {
                k += 1;
            }
            if src.get(k).is_some_and(u8::is_ascii_digit) {
                e = digits(k);
                is_double = true;
            }
        }
        let text = &src[i..e];
        self.sc.pos = e;
        self.last_end = e;
        if !is_double {
            if text == b"9223372036854775808" {
                return Ok((Tok::MaxIntPlusOne, e));
            }
            return match crate::compat::num::strtoint64(text) {
                Ok(v) => Ok((Tok::Int(v), e)),
                Err(_) => Err(self.error(
                    "bigint constant overflow",
                    Some(String::from_utf8_lossy(text).into_owned()),
                )),
            };
        }
        let r = crate::compat::num::strtod(text);
        if r.erange || r.end != text.len() {
            return Err(self.error(
                "double constant overflow",
                Some(String::from_utf8_lossy(text).into_owned()),
            ));
        }
        Ok((Tok::Double(r.value), e))
    }
}
