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

/// One step of a compiled expression (a postfix program run on a value
/// stack, so that neither evaluation nor dropping recurses).
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum Op {
    /// Push a constant.
    Const(Value),
    /// Push a variable's value.
    Var(super::vars::Slot),
    /// Pop the arguments (at most 16), push the function's result.
    Call(Func, u8),
    /// Fail with `too many function arguments` (after evaluating 16).
    TooManyArgs,
    /// Lazy AND, left operand on top: NULL stays and jumps, false becomes
    /// the result and jumps, true is popped (the right operand follows).
    AndTest(u32),
    /// Lazy AND, right operand on top: NULL stays, else it must be boolean.
    AndEnd,
    /// Lazy OR, as [`Op::AndTest`] with true short-circuiting.
    OrTest(u32),
    /// Lazy OR, right operand.
    OrEnd,
    /// CASE: pop a condition; jump unless it is true (truthiness).
    JumpIfFalse(u32),
    /// CASE: jump (to the end).
    Jump(u32),
}

/// A parsed expression: a postfix program. Jumps are forward offsets from
/// the jumping instruction.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Expr {
    /// The instructions.
    pub(crate) code: Box<[Op]>,
    /// The largest number of values on the stack while it runs.
    pub(crate) max_stack: usize,
}

/// Arity rule of a user-callable function.
#[derive(Debug, Clone, Copy)]
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
    /// The program being built.
    code: Vec<Op>,
}

type PResult<T> = Result<T, ExprError>;

impl Parser<'_, '_, '_> {
    #[inline(never)]
    fn error(&self, msg: &'static str, more: Option<String>) -> ExprError {
        ExprError { msg, more, offset: self.last_end.saturating_sub(1) }
    }

    /// Lex one token in the EXPR state.
    #[inline(never)]
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

    fn emit(&mut self, op: Op) -> usize {
        self.code.push(op);
        self.code.len() - 1
    }

    /// Point the jump at `at` to the current end of the code.
    fn patch(&mut self, at: usize) {
        let off = u32::try_from(self.code.len() - at).unwrap_or(u32::MAX);
        if let Some(Op::AndTest(o) | Op::OrTest(o) | Op::JumpIfFalse(o) | Op::Jump(o)) =
            self.code.get_mut(at)
        {
            *o = off;
        }
    }

    /// Parse a whole expression, up to and including the end of the line.
    /// bison's grammar is followed with an explicit stack of continuations
    /// instead of recursion; `depth` values count bison's stack symbols.
    fn parse(&mut self) -> PResult<()> {
        let mut conts = vec![Cont::Top, Cont::Loop { min: 0, depth: 0, start: 0 }];
        let mut mode = Mode::Operand(0);
        loop {
            mode = match mode {
                Mode::Operand(d) => self.operand(d, &mut conts)?,
                Mode::Args => self.args(&mut conts)?,
                Mode::Done => match conts.pop() {
                    None => return Ok(()),
                    Some(c) => {
                        if let Some(m) = self.complete(c, &mut conts)? {
                            m
                        } else {
                            return Ok(());
                        }
                    }
                },
            };
        }
    }

    /// Read the start of an operand at stack depth `d`: prefix operators
    /// and parentheses push continuations, a primary is emitted.
    fn operand(&mut self, d: usize, conts: &mut Vec<Cont>) -> PResult<Mode> {
        let t = self.next()?;
        let d1 = d + 1;
        let start = self.code.len();
        match t.tok {
            Tok::LParen => {
                self.push(d1)?;
                conts.push(Cont::Paren { d1 });
                conts.push(Cont::Loop { min: 0, depth: d1, start });
                Ok(Mode::Operand(d1))
            }
            Tok::Plus | Tok::Minus | Tok::Tilde | Tok::Not => {
                self.push(d1)?;
                if t.tok == Tok::Minus && self.peek()?.tok == Tok::MaxIntPlusOne {
                    self.peeked = None;
                    self.push(d + 2)?;
                    self.emit(Op::Const(Value::Int(i64::MIN)));
                    return Ok(Mode::Done);
                }
                let min = match t.tok {
                    Tok::Minus => {
                        // unary minus is 0 - x
                        self.emit(Op::Const(Value::Int(0)));
                        P_UNARY
                    }
                    Tok::Tilde => {
                        // ~x is -1 # x
                        self.emit(Op::Const(Value::Int(-1)));
                        P_BIT
                    }
                    Tok::Not => P_NOT,
                    _ => P_UNARY,
                };
                conts.push(Cont::Prefix(t.tok));
                conts.push(Cont::Loop { min, depth: d1, start: self.code.len() });
                Ok(Mode::Operand(d1))
            }
            Tok::Null | Tok::Bool(_) | Tok::Int(_) | Tok::Double(_) | Tok::Var => {
                self.push(d1)?;
                let op = match t.tok {
                    Tok::Bool(b) => Op::Const(Value::Bool(b)),
                    Tok::Int(i) => Op::Const(Value::Int(i)),
                    Tok::Double(x) => Op::Const(Value::Double(x)),
                    Tok::Var => Op::Var(self.reg.slot_bytes(&self.sc.src[t.start + 1..t.end])),
                    _ => Op::Const(Value::Null),
                };
                self.emit(op);
                Ok(Mode::Done)
            }
            Tok::Function => {
                self.push(d1)?;
                let text = &self.sc.src[t.start..t.end];
                let Some(&(name, func, arity)) =
                    FUNCTIONS.iter().find(|(n, _, _)| text.eq_ignore_ascii_case(n.as_bytes()))
                else {
                    let more = String::from_utf8_lossy(text).into_owned();
                    return Err(self.error("unexpected function name", Some(more)));
                };
                self.expect(Tok::LParen, d + 2)?;
                let args = Args { name, func, arity, depth: d, n: 0, end16: start };
                if matches!(self.peek()?.tok, Tok::Comma | Tok::RParen) {
                    // An empty elist is reduced first (C quirk: "f(, x)").
                    self.push(d + 3)?;
                    conts.push(Cont::Args(args));
                    return Ok(Mode::Args);
                }
                conts.push(Cont::Args(args));
                conts.push(Cont::Loop { min: 0, depth: d + 2, start });
                Ok(Mode::Operand(d + 2))
            }
            Tok::Case => {
                self.push(d1)?;
                self.expect(Tok::When, d + 2)?;
                conts.push(Cont::CaseCond { depth: d, later: false, ends: Vec::new() });
                conts.push(Cont::Loop { min: 0, depth: d + 2, start });
                Ok(Mode::Operand(d + 2))
            }
            _ => Err(self.error("syntax error", None)),
        }
    }

    /// After an argument (or an empty list start): `,` or `)`.
    fn args(&mut self, conts: &mut Vec<Cont>) -> PResult<Mode> {
        let Some(Cont::Args(a)) = conts.pop() else { return Ok(Mode::Done) };
        let t = self.peek()?;
        match t.tok {
            Tok::Comma => {
                self.peeked = None;
                self.push(a.depth + 4)?;
                let start = self.code.len();
                let depth = a.depth + 4;
                conts.push(Cont::Args(a));
                conts.push(Cont::Loop { min: 0, depth, start });
                Ok(Mode::Operand(depth))
            }
            Tok::RParen => {
                self.peeked = None;
                self.push(a.depth + 4)?;
                let n = a.n;
                let bad = match a.arity {
                    Arity::Exact(k) => (n != k).then_some("unexpected number of arguments"),
                    Arity::AtLeastOne => (n == 0).then_some("at least one argument expected"),
                    Arity::Hash => {
                        (!(1..=2).contains(&n)).then_some("unexpected number of arguments")
                    }
                    Arity::Permute => {
                        (!(2..=3).contains(&n)).then_some("unexpected number of arguments")
                    }
                };
                if let Some(msg) = bad {
                    return Err(self.error(msg, Some(a.name.to_owned())));
                }
                let mut n = n;
                if matches!((a.arity, n), (Arity::Hash, 1) | (Arity::Permute, 2)) {
                    self.emit(Op::Var(DEFAULT_SEED));
                    n += 1;
                }
                if n > MAX_FARGS {
                    // C evaluates 16 arguments, then gives up.
                    self.code.truncate(a.end16);
                    self.emit(Op::TooManyArgs);
                } else {
                    self.emit(Op::Call(a.func, u8::try_from(n).unwrap_or(u8::MAX)));
                }
                Ok(Mode::Done)
            }
            _ => Err(self.error("syntax error", None)),
        }
    }

    /// A sub-expression is complete: hand it to the continuation `c`.
    /// Returns None when the whole expression is parsed.
    fn complete(&mut self, c: Cont, conts: &mut Vec<Cont>) -> PResult<Option<Mode>> {
        Ok(Some(match c {
            Cont::Top => {
                let t = self.peek()?;
                if t.tok != Tok::Eol {
                    return Err(self.error("syntax error", None));
                }
                self.peeked = None;
                return Ok(None);
            }
            Cont::Loop { min, depth, start } => {
                let t = self.peek()?;
                let Some((p, fixity)) = infix(t.tok) else { return Ok(Some(Mode::Done)) };
                if p < min || (p == min && fixity == Fixity::Left) {
                    return Ok(Some(Mode::Done));
                }
                if p == min && fixity == Fixity::NonAssoc {
                    return Err(self.error("syntax error", None));
                }
                self.peeked = None;
                self.push(depth + 2)?;
                conts.push(Cont::Loop { min, depth, start });
                if fixity == Fixity::Postfix {
                    self.postfix(t.tok, depth)?;
                    return Ok(Some(Mode::Done));
                }
                let patch = match t.tok {
                    Tok::And => self.emit(Op::AndTest(0)),
                    Tok::Or => self.emit(Op::OrTest(0)),
                    _ => 0,
                };
                let mid = self.code.len();
                conts.push(Cont::Binary { op: t.tok, lhs_start: start, mid, patch });
                conts.push(Cont::Loop { min: p, depth: depth + 2, start: mid });
                Mode::Operand(depth + 2)
            }
            Cont::Binary { op, lhs_start, mid, patch } => {
                self.binary(op, lhs_start, mid, patch);
                Mode::Done
            }
            Cont::Prefix(op) => {
                match op {
                    Tok::Minus => self.emit(Op::Call(Func::Sub, 2)),
                    Tok::Tilde => self.emit(Op::Call(Func::BitXor, 2)),
                    Tok::Not => self.emit(Op::Call(Func::Not, 1)),
                    _ => 0,
                };
                Mode::Done
            }
            Cont::Paren { d1 } => {
                self.expect(Tok::RParen, d1 + 2)?;
                Mode::Done
            }
            Cont::Args(mut a) => {
                a.n += 1;
                if a.n == MAX_FARGS {
                    a.end16 = self.code.len();
                }
                conts.push(Cont::Args(a));
                Mode::Args
            }
            Cont::CaseCond { depth, later, ends } => {
                let d = depth + if later { 5 } else { 4 };
                self.expect(Tok::Then, d)?;
                let jf = self.emit(Op::JumpIfFalse(0));
                let start = self.code.len();
                conts.push(Cont::CaseVal { depth, jf, ends });
                conts.push(Cont::Loop { min: 0, depth: d, start });
                Mode::Operand(d)
            }
            Cont::CaseVal { depth, jf, mut ends } => {
                ends.push(self.emit(Op::Jump(0)));
                self.patch(jf);
                let t = self.peek()?;
                let start = self.code.len();
                match t.tok {
                    Tok::When => {
                        self.peeked = None;
                        self.push(depth + 3)?;
                        conts.push(Cont::CaseCond { depth, later: true, ends });
                        conts.push(Cont::Loop { min: 0, depth: depth + 3, start });
                        Mode::Operand(depth + 3)
                    }
                    Tok::Else => {
                        self.peeked = None;
                        self.push(depth + 3)?;
                        conts.push(Cont::CaseElse { depth, ends });
                        conts.push(Cont::Loop { min: 0, depth: depth + 3, start });
                        Mode::Operand(depth + 3)
                    }
                    Tok::End => {
                        self.peeked = None;
                        self.push(depth + 3)?;
                        self.emit(Op::Const(Value::Null));
                        for at in ends {
                            self.patch(at);
                        }
                        Mode::Done
                    }
                    _ => return Err(self.error("syntax error", None)),
                }
            }
            Cont::CaseElse { depth, ends } => {
                self.expect(Tok::End, depth + 5)?;
                for at in ends {
                    self.patch(at);
                }
                Mode::Done
            }
        }))
    }

    /// `IS [NOT] NULL|TRUE|FALSE`, `ISNULL`, `NOTNULL` (the operator was
    /// shifted at `depth + 2`).
    #[inline(never)]
    fn postfix(&mut self, op: Tok, depth: usize) -> PResult<()> {
        let (v, negate) = match op {
            Tok::IsNull => (Value::Null, false),
            Tok::NotNull => (Value::Null, true),
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
                (v, negate)
            }
        };
        self.emit(Op::Const(v));
        self.emit(Op::Call(Func::Is, 2));
        if negate {
            self.emit(Op::Call(Func::Not, 1));
        }
        Ok(())
    }

    /// Emit a binary operator whose left operand's code starts at
    /// `lhs_start` and right operand's at `mid`.
    fn binary(&mut self, op: Tok, lhs_start: usize, mid: usize, patch: usize) {
        let f = match op {
            Tok::And => {
                self.emit(Op::AndEnd);
                self.patch(patch);
                return;
            }
            Tok::Or => {
                self.emit(Op::OrEnd);
                self.patch(patch);
                return;
            }
            Tok::Gt | Tok::Ge => {
                // a > b is b < a: C evaluates b first.
                if let Some(code) = self.code.get_mut(lhs_start..) {
                    code.rotate_left(mid - lhs_start);
                }
                if op == Tok::Gt { Func::Lt } else { Func::Le }
            }
            Tok::Plus => Func::Add,
            Tok::Minus => Func::Sub,
            Tok::Star => Func::Mul,
            Tok::Slash => Func::Div,
            Tok::Percent => Func::Mod,
            Tok::Lt => Func::Lt,
            Tok::Le => Func::Le,
            Tok::Eq => Func::Eq,
            Tok::Ne => Func::Ne,
            Tok::Amp => Func::BitAnd,
            Tok::Bar => Func::BitOr,
            Tok::Hash => Func::BitXor,
            Tok::Ls => Func::Lshift,
            _ => Func::Rshift,
        };
        self.emit(Op::Call(f, 2));
    }
}

/// Maximum number of evaluated function arguments (C's MAX_FARGS).
pub(crate) const MAX_FARGS: usize = 16;

/// A function call being parsed.
#[derive(Debug)]
struct Args {
    name: &'static str,
    func: Func,
    arity: Arity,
    /// Stack depth before the function name.
    depth: usize,
    /// Arguments so far.
    n: usize,
    /// Code length after the 16th argument.
    end16: usize,
}

/// What to do once the current sub-expression is complete.
#[derive(Debug)]
enum Cont {
    /// The whole expression: the line must end.
    Top,
    /// Binary and postfix operators after an operand whose code starts at
    /// `start` (bison stack: operand at `depth + 1`).
    Loop { min: u8, depth: usize, start: usize },
    /// Right operand of a binary operator.
    Binary { op: Tok, lhs_start: usize, mid: usize, patch: usize },
    /// Operand of a prefix operator.
    Prefix(Tok),
    /// Inside parentheses opened at depth `d1`.
    Paren { d1: usize },
    /// An argument of a function call.
    Args(Args),
    /// A CASE condition (`later`: after the first WHEN ... THEN ...).
    CaseCond { depth: usize, later: bool, ends: Vec<usize> },
    /// A CASE value.
    CaseVal { depth: usize, jf: usize, ends: Vec<usize> },
    /// The ELSE value.
    CaseElse { depth: usize, ends: Vec<usize> },
}

/// What the parser does next.
#[derive(Debug, Clone, Copy)]
enum Mode {
    /// Read an operand at this stack depth.
    Operand(usize),
    /// After a function argument.
    Args,
    /// A sub-expression is complete.
    Done,
}

/// Upper bound of the values on the stack while `code` runs.
fn max_stack(code: &[Op]) -> usize {
    let (mut h, mut max) = (0usize, 0usize);
    for op in code {
        match *op {
            Op::Const(_) | Op::Var(_) => h += 1,
            Op::Call(_, n) => h = (h + 1).saturating_sub(usize::from(n)),
            // Fall-through paths pop; the jumps keep one value where the
            // fall-through path also ends with one.
            Op::AndTest(_) | Op::OrTest(_) | Op::JumpIfFalse(_) | Op::Jump(_) => {
                h = h.saturating_sub(1);
            }
            Op::TooManyArgs | Op::AndEnd | Op::OrEnd => {}
        }
        max = max.max(h);
    }
    max.max(1)
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

/// Parse an expression from the scanner's position to the end of the line
/// (consumed). On error the rest of the line is consumed too, and the error
/// reported is the last lexical error found on that rest of the line, if
/// any (C reports errors from inside the lexer while skipping to the end).
pub(crate) fn parse_expression(sc: &mut Scanner<'_>, reg: &mut VarRegistry) -> PResult<Expr> {
    let mut p =
        Parser { sc, reg, peeked: None, last_end: 0, last_was_newline: false, code: Vec::new() };
    let Err(mut err) = p.parse() else {
        let max_stack = max_stack(&p.code);
        return Ok(Expr { code: p.code.into_boxed_slice(), max_stack });
    };
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

    /// The program in postfix notation, for checking the parse.
    fn rpn(e: &Expr) -> String {
        let words: Vec<String> = e
            .code
            .iter()
            .map(|op| match op {
                Op::Const(Value::Int(i)) => i.to_string(),
                Op::Const(v) => v.to_string(),
                Op::Var(s) => format!(":{}", s.0),
                Op::Call(f, n) => format!("{f:?}/{n}"),
                other => format!("{other:?}"),
            })
            .collect();
        words.join(" ")
    }

    fn parse(s: &str) -> Result<String, (String, Option<String>, usize)> {
        let mut reg = VarRegistry::new();
        let mut sc = Scanner::new(s.as_bytes());
        parse_expression(&mut sc, &mut reg)
            .map(|e| rpn(&e))
            .map_err(|e| (e.msg.to_owned(), e.more, e.offset))
    }

    fn ok(s: &str) -> Result<String, (String, Option<String>, usize)> {
        Ok(s.to_owned())
    }

    #[test]
    fn precedence_and_associativity() {
        assert_eq!(parse("1+2*3"), ok("1 2 3 Mul/2 Add/2"));
        assert_eq!(parse("1-2-3"), ok("1 2 Sub/2 3 Sub/2"));
        // ~ has the bitwise precedence: ~1+2 is ~(1+2).
        assert_eq!(parse("~1+2"), ok("-1 1 2 Add/2 BitXor/2"));
        // unary minus binds tightest: -2*3 is (0-2)*3.
        assert_eq!(parse("-2*3"), ok("0 2 Sub/2 3 Mul/2"));
        assert_eq!(parse("-~2+3"), ok("0 -1 2 3 Add/2 BitXor/2 Sub/2"));
        assert_eq!(parse("-9223372036854775808"), ok("-9223372036854775808"));
        assert_eq!(parse("--9223372036854775808"), ok("0 -9223372036854775808 Sub/2"));
        // a > b is b < a, b evaluated first.
        assert_eq!(parse("1 + 2 > 3 * 4"), ok("3 4 Mul/2 1 2 Add/2 Lt/2"));
        assert_eq!(parse("1 >= 2"), ok("2 1 Le/2"));
        assert_eq!(parse("1 + 2 IS NULL"), ok("1 2 Add/2 NULL Is/2"));
        assert_eq!(parse("NOT 1 IS NOT TRUE"), ok("1 true Is/2 Not/1 Not/1"));
        assert_eq!(parse("1 IS NULL IS NULL"), ok("1 NULL Is/2 NULL Is/2"));
        assert_eq!(parse("abs(, -5)"), ok("0 5 Sub/2 Abs/1"));
        assert_eq!(parse("pi()"), ok("Pi/0"));
        assert_eq!(parse("hash(1)"), ok("1 :2 HashMurmur2/2"));
        assert_eq!(parse("permute(1, 2)"), ok("1 2 :2 Permute/3"));
        assert_eq!(
            parse("true AND false OR true"),
            ok("true AndTest(3) false AndEnd OrTest(3) true OrEnd")
        );
        assert_eq!(
            parse("CASE WHEN 1 THEN 2 WHEN 3 THEN 4 ELSE 5 END"),
            ok("1 JumpIfFalse(3) 2 Jump(6) 3 JumpIfFalse(3) 4 Jump(2) 5")
        );
        assert_eq!(parse("CASE WHEN 1 THEN 2 END"), ok("1 JumpIfFalse(3) 2 Jump(2) NULL"));
        // The left operand moves after the right one, jumps and all.
        assert_eq!(parse("(true OR false) > 1"), ok("1 true OrTest(3) false OrEnd Lt/2"));
        assert_eq!(
            parse("least(0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16)"),
            ok("0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 TooManyArgs")
        );
    }

    #[test]
    fn stack_sizes() {
        let mut reg = VarRegistry::new();
        let mut size = |s: &str| {
            let mut sc = Scanner::new(s.as_bytes());
            parse_expression(&mut sc, &mut reg).unwrap().max_stack
        };
        assert_eq!(size("1"), 1);
        assert_eq!(size("1 + 2 * 3"), 3);
        assert_eq!(size("((1 + 2) * 3) + 4"), 2);
        assert_eq!(size("least(1, 2, 3, 4)"), 4);
        assert_eq!(size("CASE WHEN 1 THEN 2 WHEN 3 THEN 4 END"), 1);
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
        let ok = format!("{}true", "NOT ".repeat(9997));
        assert!(parse(&ok).is_ok());
        let bad = format!("{}true", "NOT ".repeat(9998));
        assert_eq!(parse(&bad).map_err(|e| e.0), Err("memory exhausted".to_owned()));
        let ok = format!("{}1{}", "abs(".repeat(4998), ")".repeat(4998));
        assert!(parse(&ok).is_ok());
        let bad = format!("{}1{}", "abs(".repeat(4999), ")".repeat(4999));
        assert_eq!(parse(&bad).map_err(|e| e.0), Err("memory exhausted".to_owned()));
    }
}
