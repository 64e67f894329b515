//! Expressions of `\set`, `\if` and `\elif`: the lexer (exprscan.l's EXPR
//! state) and a precedence-climbing parser that accepts exactly what
//! exprparse.y's bison grammar accepts, reports errors at the same token
//! (for the caret column) and gives up with "memory exhausted" where bison's
//! 10000-entry stack would.

use super::lexer::{Scanner, is_cmd_space};
use super::vars::DEFAULT_SEED;
use super::{Value, VarRegistry};

/// A built-in function (operators are functions too, as in pgbench.c).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Func {
    /// `+`
    Add,
    /// `-` (also unary minus as `0 - x`)
    Sub,
    /// `*`
    Mul,
    /// `/`
    Div,
    /// `%` and `mod()`
    Mod,
    /// `abs()`
    Abs,
    /// `least()`
    Least,
    /// `greatest()`
    Greatest,
    /// `debug()`
    Debug,
    /// `pi()`
    Pi,
    /// `sqrt()`
    Sqrt,
    /// `ln()`
    Ln,
    /// `exp()`
    Exp,
    /// `int()`
    Int,
    /// `double()`
    Double,
    /// `random()`
    Random,
    /// `random_gaussian()`
    RandomGaussian,
    /// `random_exponential()`
    RandomExponential,
    /// `random_zipfian()`
    RandomZipfian,
    /// `pow()`, `power()`
    Pow,
    /// `NOT`
    Not,
    /// `&`
    BitAnd,
    /// `|`
    BitOr,
    /// `#` (and `~x` as `-1 # x`)
    BitXor,
    /// `<<`
    Lshift,
    /// `>>`
    Rshift,
    /// `=`
    Eq,
    /// `<>`, `!=`
    Ne,
    /// `<=` (and `>=` with swapped operands)
    Le,
    /// `<` (and `>` with swapped operands)
    Lt,
    /// `IS`
    Is,
    /// `hash()`, `hash_murmur2()`
    HashMurmur2,
    /// `hash_fnv1a()`
    HashFnv1a,
    /// `permute()`
    Permute,
}

/// A parsed expression.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Expr {
    /// A constant.
    Const(Value),
    /// A variable reference (`:name`).
    Var(super::vars::Slot),
    /// A strictly evaluated function or operator and its arguments.
    Func(Func, Box<[Expr]>),
    /// Lazy `AND`.
    And(Box<Expr>, Box<Expr>),
    /// Lazy `OR`.
    Or(Box<Expr>, Box<Expr>),
    /// `CASE`: condition, value pairs followed by the ELSE value (NULL if
    /// absent); always an odd number >= 3 of expressions.
    Case(Box<[Expr]>),
}

/// Arity rule of a user-callable function.
#[derive(Clone, Copy)]
enum Arity {
    Exact(usize),
    AtLeastOne,
    Hash,
    Permute,
}

/// User-callable functions: name (as C prints it in errors), function, arity.
const FUNCTIONS: &[(&str, Func, Arity)] = &[
    ("mod", Func::Mod, Arity::Exact(2)),
    ("abs", Func::Abs, Arity::Exact(1)),
    ("least", Func::Least, Arity::AtLeastOne),
    ("greatest", Func::Greatest, Arity::AtLeastOne),
    ("debug", Func::Debug, Arity::Exact(1)),
    ("pi", Func::Pi, Arity::Exact(0)),
    ("sqrt", Func::Sqrt, Arity::Exact(1)),
    ("ln", Func::Ln, Arity::Exact(1)),
    ("exp", Func::Exp, Arity::Exact(1)),
    ("int", Func::Int, Arity::Exact(1)),
    ("double", Func::Double, Arity::Exact(1)),
    ("random", Func::Random, Arity::Exact(2)),
    ("random_gaussian", Func::RandomGaussian, Arity::Exact(3)),
    ("random_exponential", Func::RandomExponential, Arity::Exact(3)),
    ("random_zipfian", Func::RandomZipfian, Arity::Exact(3)),
    ("pow", Func::Pow, Arity::Exact(2)),
    ("power", Func::Pow, Arity::Exact(2)),
    ("hash", Func::HashMurmur2, Arity::Hash),
    ("hash_murmur2", Func::HashMurmur2, Arity::Hash),
    ("hash_fnv1a", Func::HashFnv1a, Arity::Hash),
    ("permute", Func::Permute, Arity::Permute),
];

/// An expression error, positioned as C's expr_yyerror_more positions it.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct ExprError {
    /// The message (`syntax error`, `unexpected function name`, ...).
    pub(crate) msg: &'static str,
    /// The parenthesised detail, if any.
    pub(crate) more: Option<String>,
    /// Byte offset in the script of the last character of the most
    /// recently lexed token.
    pub(crate) offset: usize,
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum Tok {
    Plus,
    Minus,
    Star,
    Slash,
    Percent,
    Eq,
    Ne,
    Le,
    Ge,
    Ls,
    Rs,
    Lt,
    Gt,
    Bar,
    Amp,
    Hash,
    Tilde,
    LParen,
    RParen,
    Comma,
    And,
    Or,
    Not,
    Is,
    IsNull,
    NotNull,
    Case,
    When,
    Then,
    Else,
    End,
    /// `:name`; the name is src[start+1..end].
    Var,
    Null,
    Bool(bool),
    MaxIntPlusOne,
    Int(i64),
    Double(f64),
    /// An identifier; src[start..end].
    Function,
    /// Newline or end of input.
    Eol,
}

#[derive(Debug, Clone, Copy)]
struct Token {
    tok: Tok,
    start: usize,
    end: usize,
}

fn is_alpha(b: u8) -> bool {
    b.is_ascii_alphabetic() || b >= 0x80 || b == b'_'
}
fn is_alnum(b: u8) -> bool {
    is_alpha(b) || b.is_ascii_digit()
}

/// bison's YYMAXDEPTH is 10000 states; the stack holds the initial state
/// plus one per symbol, and it is exhausted when it would need to grow
/// beyond that, i.e. at the 9999th symbol.
const MAX_SYMBOLS: usize = 9998;

/// Binding power of binary/postfix operators (bison's %left/%nonassoc
/// lines, lowest first).
const P_OR: u8 = 1;
const P_AND: u8 = 2;
const P_NOT: u8 = 3;
const P_IS: u8 = 4;
const P_CMP: u8 = 5;
const P_BIT: u8 = 6;
const P_ADD: u8 = 7;
const P_MUL: u8 = 8;
const P_UNARY: u8 = 9;

#[derive(Clone, Copy, PartialEq)]
enum Fixity {
    Left,
    NonAssoc,
    Postfix,
}

fn infix(t: Tok) -> Option<(u8, Fixity)> {
    Some(match t {
        Tok::Or => (P_OR, Fixity::Left),
        Tok::And => (P_AND, Fixity::Left),
        Tok::Is | Tok::IsNull | Tok::NotNull => (P_IS, Fixity::Postfix),
        Tok::Lt | Tok::Gt | Tok::Eq | Tok::Le | Tok::Ge | Tok::Ne => (P_CMP, Fixity::NonAssoc),
        Tok::Bar | Tok::Hash | Tok::Amp | Tok::Ls | Tok::Rs => (P_BIT, Fixity::Left),
        Tok::Plus | Tok::Minus => (P_ADD, Fixity::Left),
        Tok::Star | Tok::Slash | Tok::Percent => (P_MUL, Fixity::Left),
        _ => return None,
    })
}

struct Parser<'s, 'a, 'r> {
    sc: &'s mut Scanner<'a>,
    reg: &'r mut VarRegistry,
    peeked: Option<Token>,
    /// End offset of the most recently lexed token.
    last_end: usize,
    /// The most recently lexed token was the newline (C's last_was_newline).
    last_was_newline: bool,
}

type PResult<T> = Result<T, ExprError>;

impl Parser<'_, '_, '_> {
    fn error(&self, msg: &'static str, more: Option<String>) -> ExprError {
        ExprError { msg, more, offset: self.last_end.saturating_sub(1) }
    }

    /// Lex one token in the EXPR state.
    fn lex(&mut self) -> PResult<Token> {
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
            return match super::cnum::strtoint64(text) {
                Ok(v) => Ok((Tok::Int(v), e)),
                Err(_) => Err(self.error(
                    "bigint constant overflow",
                    Some(String::from_utf8_lossy(text).into_owned()),
                )),
            };
        }
        let r = super::cnum::strtod(text);
        if r.erange || r.end != text.len() {
            return Err(self.error(
                "double constant overflow",
                Some(String::from_utf8_lossy(text).into_owned()),
            ));
        }
        Ok((Tok::Double(r.value), e))
    }

    fn peek(&mut self) -> PResult<Token> {
        if let Some(t) = self.peeked {
            return Ok(t);
        }
        let t = self.lex()?;
        self.peeked = Some(t);
        Ok(t)
    }

    /// Read the next token (the lookahead if there is one).
    fn next(&mut self) -> PResult<Token> {
        let t = self.peek()?;
        self.peeked = None;
        Ok(t)
    }

    /// Account for a symbol pushed on bison's stack, which then holds
    /// `depth` symbols.
    fn push(&self, depth: usize) -> PResult<()> {
        if depth > MAX_SYMBOLS { Err(self.error("memory exhausted", None)) } else { Ok(()) }
    }

    /// Shift the lookahead, which must be `want`, to stack depth `depth`.
    fn expect(&mut self, want: Tok, depth: usize) -> PResult<Token> {
        let t = self.peek()?;
        if t.tok != want {
            return Err(self.error("syntax error", None));
        }
        self.peeked = None;
        self.push(depth)?;
        Ok(t)
    }

    /// Parse an expression whose first symbol lands at stack depth
    /// `depth + 1`, stopping before operators that bind no tighter than
    /// `min`.
    fn expr(&mut self, min: u8, depth: usize) -> PResult<Expr> {
        let mut lhs = self.prefix(depth)?;
        loop {
            let t = self.peek()?;
            let Some((p, assoc)) = infix(t.tok) else { return Ok(lhs) };
            if p < min || (p == min && assoc == Fixity::Left) {
                return Ok(lhs);
            }
            if p == min && assoc == Fixity::NonAssoc {
                return Err(self.error("syntax error", None));
            }
            self.peeked = None;
            self.push(depth + 2)?;
            if assoc == Fixity::Postfix {
                lhs = self.postfix(t.tok, lhs, depth)?;
                continue;
            }
            let rhs = self.expr(p, depth + 2)?;
            lhs = binary(t.tok, lhs, rhs);
        }
    }

    /// `IS [NOT] NULL|TRUE|FALSE`, `ISNULL`, `NOTNULL` after `lhs`.
    fn postfix(&mut self, op: Tok, lhs: Expr, depth: usize) -> PResult<Expr> {
        let is = |l: Expr, v: Value| Expr::Func(Func::Is, Box::new([l, Expr::Const(v)]));
        let not = |e: Expr| Expr::Func(Func::Not, Box::new([e]));
        match op {
            Tok::IsNull => Ok(is(lhs, Value::Null)),
            Tok::NotNull => Ok(not(is(lhs, Value::Null))),
            _ => {
                let t = self.peek()?;
                let negate = t.tok == Tok::Not;
                let t = if negate {
                    self.peeked = None;
                    self.push(depth + 3)?;
                    self.peek()?
                } else {
                    t
                };
                let v = match t.tok {
                    Tok::Null => Value::Null,
                    Tok::Bool(b) => Value::Bool(b),
                    _ => return Err(self.error("syntax error", None)),
                };
                self.peeked = None;
                self.push(depth + if negate { 4 } else { 3 })?;
                Ok(if negate { not(is(lhs, v)) } else { is(lhs, v) })
            }
        }
    }

    /// A primary expression or a prefix operator and its operand.
    fn prefix(&mut self, depth: usize) -> PResult<Expr> {
        let t = self.next()?;
        let d1 = depth + 1;
        let simple = |e: Expr| -> PResult<Expr> { Ok(e) };
        match t.tok {
            Tok::LParen => {
                self.push(d1)?;
                let e = self.expr(0, d1)?;
                self.expect(Tok::RParen, depth + 3)?;
                Ok(e)
            }
            Tok::Plus => {
                self.push(d1)?;
                self.expr(P_UNARY, d1)
            }
            Tok::Minus => {
                self.push(d1)?;
                if self.peek()?.tok == Tok::MaxIntPlusOne {
                    self.peeked = None;
                    self.push(depth + 2)?;
                    return Ok(Expr::Const(Value::Int(i64::MIN)));
                }
                let e = self.expr(P_UNARY, d1)?;
                Ok(Expr::Func(Func::Sub, Box::new([Expr::Const(Value::Int(0)), e])))
            }
            Tok::Tilde => {
                self.push(d1)?;
                let e = self.expr(P_BIT, d1)?;
                Ok(Expr::Func(Func::BitXor, Box::new([Expr::Const(Value::Int(-1)), e])))
            }
            Tok::Not => {
                self.push(d1)?;
                let e = self.expr(P_NOT, d1)?;
                Ok(Expr::Func(Func::Not, Box::new([e])))
            }
            Tok::Null => self.push(d1).and_then(|()| simple(Expr::Const(Value::Null))),
            Tok::Bool(b) => self.push(d1).and_then(|()| simple(Expr::Const(Value::Bool(b)))),
            Tok::Int(i) => self.push(d1).and_then(|()| simple(Expr::Const(Value::Int(i)))),
            Tok::Double(x) => self.push(d1).and_then(|()| simple(Expr::Const(Value::Double(x)))),
            Tok::Var => {
                self.push(d1)?;
                let slot = self.reg.slot_bytes(&self.sc.src[t.start + 1..t.end]);
                Ok(Expr::Var(slot))
            }
            Tok::Function => {
                self.push(d1)?;
                self.call(t, depth)
            }
            Tok::Case => {
                self.push(d1)?;
                self.case(depth)
            }
            _ => Err(self.error("syntax error", None)),
        }
    }

    /// `name ( [args] )` once the name was shifted at depth+1.
    fn call(&mut self, name: Token, depth: usize) -> PResult<Expr> {
        let text = &self.sc.src[name.start..name.end];
        let Some(&(fname, func, arity)) =
            FUNCTIONS.iter().find(|(n, _, _)| text.eq_ignore_ascii_case(n.as_bytes()))
        else {
            let more = String::from_utf8_lossy(text).into_owned();
            return Err(self.error("unexpected function name", Some(more)));
        };
        self.expect(Tok::LParen, depth + 2)?;
        let mut args = Vec::new();
        let t = self.peek()?;
        if matches!(t.tok, Tok::Comma | Tok::RParen) {
            // An empty elist is reduced first (C quirk: "f(, x)" is valid).
            self.push(depth + 3)?;
        } else {
            args.push(self.expr(0, depth + 2)?);
        }
        loop {
            let t = self.peek()?;
            match t.tok {
                Tok::RParen => {
                    self.peeked = None;
                    self.push(depth + 4)?;
                    break;
                }
                Tok::Comma => {
                    self.peeked = None;
                    self.push(depth + 4)?;
                    args.push(self.expr(0, depth + 4)?);
                }
                _ => return Err(self.error("syntax error", None)),
            }
        }
        let n = args.len();
        let bad = match arity {
            Arity::Exact(k) => (n != k).then_some("unexpected number of arguments"),
            Arity::AtLeastOne => (n == 0).then_some("at least one argument expected"),
            Arity::Hash => (!(1..=2).contains(&n)).then_some("unexpected number of arguments"),
            Arity::Permute => (!(2..=3).contains(&n)).then_some("unexpected number of arguments"),
        };
        if let Some(msg) = bad {
            return Err(self.error(msg, Some(fname.to_owned())));
        }
        if matches!((arity, n), (Arity::Hash, 1) | (Arity::Permute, 2)) {
            args.push(Expr::Var(DEFAULT_SEED));
        }
        Ok(Expr::Func(func, args.into_boxed_slice()))
    }

    /// `CASE WHEN c THEN v [WHEN ...] [ELSE e] END` once CASE was shifted.
    fn case(&mut self, depth: usize) -> PResult<Expr> {
        let mut parts = Vec::new();
        self.expect(Tok::When, depth + 2)?;
        parts.push(self.expr(0, depth + 2)?);
        self.expect(Tok::Then, depth + 4)?;
        parts.push(self.expr(0, depth + 4)?);
        loop {
            let t = self.peek()?;
            match t.tok {
                Tok::When => {
                    self.peeked = None;
                    self.push(depth + 3)?;
                    parts.push(self.expr(0, depth + 3)?);
                    self.expect(Tok::Then, depth + 5)?;
                    parts.push(self.expr(0, depth + 5)?);
                }
                Tok::Else => {
                    self.peeked = None;
                    self.push(depth + 3)?;
                    parts.push(self.expr(0, depth + 3)?);
                    self.expect(Tok::End, depth + 5)?;
                    break;
                }
                Tok::End => {
                    self.peeked = None;
                    self.push(depth + 3)?;
                    parts.push(Expr::Const(Value::Null));
                    break;
                }
                _ => return Err(self.error("syntax error", None)),
            }
        }
        Ok(Expr::Case(parts.into_boxed_slice()))
    }
}

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

fn binary(op: Tok, l: Expr, r: Expr) -> Expr {
    let f = |f: Func, a: Expr, b: Expr| Expr::Func(f, Box::new([a, b]));
    match op {
        Tok::Plus => f(Func::Add, l, r),
        Tok::Minus => f(Func::Sub, l, r),
        Tok::Star => f(Func::Mul, l, r),
        Tok::Slash => f(Func::Div, l, r),
        Tok::Percent => f(Func::Mod, l, r),
        Tok::Lt => f(Func::Lt, l, r),
        Tok::Le => f(Func::Le, l, r),
        Tok::Gt => f(Func::Lt, r, l),
        Tok::Ge => f(Func::Le, r, l),
        Tok::Eq => f(Func::Eq, l, r),
        Tok::Ne => f(Func::Ne, l, r),
        Tok::Amp => f(Func::BitAnd, l, r),
        Tok::Bar => f(Func::BitOr, l, r),
        Tok::Hash => f(Func::BitXor, l, r),
        Tok::Ls => f(Func::Lshift, l, r),
        Tok::Rs => f(Func::Rshift, l, r),
        Tok::And => Expr::And(Box::new(l), Box::new(r)),
        _ => Expr::Or(Box::new(l), Box::new(r)),
    }
}

/// Parse an expression from the scanner's position to the end of the line
/// (consumed). On error the rest of the line is consumed too, and the error
/// reported is the last lexical error found on that rest of the line, if
/// any (C reports errors from inside the lexer while skipping to the end).
pub(crate) fn parse_expression(sc: &mut Scanner<'_>, reg: &mut VarRegistry) -> PResult<Expr> {
    let mut p = Parser { sc, reg, peeked: None, last_end: 0, last_was_newline: false };
    let res = p.expr(0, 0).and_then(|e| {
        let t = p.peek()?;
        if t.tok == Tok::Eol {
            p.peeked = None;
            Ok(e)
        } else {
            Err(p.error("syntax error", None))
        }
    });
    let Err(mut err) = res else { return res };
    // Skip to the end of the line as C does before reporting.
    if !p.last_was_newline {
        loop {
            match p.lex() {
                Ok(t) if t.tok == Tok::Eol => break,
                Ok(_) => {}
                Err(e) => {
                    err = e;
                    if p.last_was_newline {
                        break;
                    }
                }
            }
        }
    }
    Err(err)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(s: &str) -> Result<Expr, (String, Option<String>, usize)> {
        let mut reg = VarRegistry::new();
        let mut sc = Scanner::new(s.as_bytes());
        parse_expression(&mut sc, &mut reg).map_err(|e| (e.msg.to_owned(), e.more, e.offset))
    }

    fn c(i: i64) -> Expr {
        Expr::Const(Value::Int(i))
    }
    fn f(func: Func, args: Vec<Expr>) -> Expr {
        Expr::Func(func, args.into_boxed_slice())
    }

    #[test]
    fn precedence_and_associativity() {
        assert_eq!(parse("1+2*3"), Ok(f(Func::Add, vec![c(1), f(Func::Mul, vec![c(2), c(3)])])));
        assert_eq!(parse("1-2-3"), Ok(f(Func::Sub, vec![f(Func::Sub, vec![c(1), c(2)]), c(3)])));
        // ~ has the bitwise precedence: ~1+2 is ~(1+2).
        assert_eq!(parse("~1+2"), Ok(f(Func::BitXor, vec![c(-1), f(Func::Add, vec![c(1), c(2)])])));
        // unary minus binds tightest: -2*3 is (0-2)*3.
        assert_eq!(parse("-2*3"), Ok(f(Func::Mul, vec![f(Func::Sub, vec![c(0), c(2)]), c(3)])));
        assert_eq!(parse("-9223372036854775808"), Ok(c(i64::MIN)));
        assert_eq!(parse("2 > 1"), Ok(f(Func::Lt, vec![c(1), c(2)])));
        assert_eq!(
            parse("1 + 2 IS NULL"),
            Ok(f(Func::Is, vec![f(Func::Add, vec![c(1), c(2)]), Expr::Const(Value::Null)]))
        );
        assert_eq!(parse("abs(, -5)"), Ok(f(Func::Abs, vec![f(Func::Sub, vec![c(0), c(5)])])));
        assert_eq!(parse("hash(1)"), Ok(f(Func::HashMurmur2, vec![c(1), Expr::Var(DEFAULT_SEED)])));
    }

    #[test]
    fn error_positions() {
        let e = |msg: &str, more: Option<&str>, off: usize| {
            Err((msg.to_owned(), more.map(str::to_owned), off))
        };
        assert_eq!(parse("1 < 2 < 3\n"), e("syntax error", None, 6));
        assert_eq!(parse("1 +\n"), e("syntax error", None, 3));
        assert_eq!(parse("1 +"), e("syntax error", None, 2));
        assert_eq!(parse("foo(1)"), e("unexpected function name", Some("foo"), 2));
        assert_eq!(parse("ln(1.0, 2.0)"), e("unexpected number of arguments", Some("ln"), 11));
        assert_eq!(parse("greatest()"), e("at least one argument expected", Some("greatest"), 9));
        assert_eq!(parse("1 ;"), e("unexpected character", Some(";"), 2));
        assert_eq!(parse("1 ) $ ?"), e("unexpected character", Some("?"), 6));
        assert_eq!(
            parse("99999999999999999999"),
            e("bigint constant overflow", Some("99999999999999999999"), 19)
        );
        assert_eq!(parse("1e-400"), e("double constant overflow", Some("1e-400"), 5));
        assert_eq!(parse("9223372036854775808"), e("syntax error", None, 18));
    }

    #[test]
    fn stack_depth_limit() {
        crate::script::tests::with_big_stack(|| {
            let ok = format!("{}true", "NOT ".repeat(9997));
            assert!(parse(&ok).is_ok());
            let bad = format!("{}true", "NOT ".repeat(9998));
            assert_eq!(parse(&bad).map_err(|e| e.0), Err("memory exhausted".to_owned()));
        });
    }
}
