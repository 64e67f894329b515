//! Expressions of `\set`, `\if` and `\elif`: the entry point
//! [`parse_expression`] and what it returns, a postfix program ([`Expr`] of
//! [`Op`]s calling [`Func`]s) or an [`ExprError`].
//!
//! The parser accepts exactly what C pgbench's bison grammar exprparse.y
//! accepts, reports errors at the same token (for the caret column) and
//! gives up with "memory exhausted" where bison's 10000-entry stack would.
//! It is laid out as the grammar is:
//!
//! - [`token`]: the tokens and the lexer (exprscan.l's EXPR state);
//! - [`parser`]: the parser's state and driver loop (an explicit stack of
//!   continuations, no recursion), and the start rule `result: expr`;
//! - [`cont`]: the continuations, and the state an open rule carries;
//! - [`operand`]: the alternatives of `expr` that begin with a token of
//!   their own: `'(' expr ')'`, the unary operators, constants, variables;
//! - [`operators`]: `expr OP expr` and the `IS` tests, by precedence (the
//!   grammar's `%left`/`%right`/`%nonassoc` lines);
//! - [`call`]: `function '(' elist ')'` and `elist`, and the functions;
//! - [`case`]: `case_control` and `when_then_list`;
//! - [`depth`]: bison's stack-depth limit (YYMAXDEPTH) and where each rule's
//!   symbols sit on bison's stack.

mod call;
mod case;
mod cont;
mod depth;
mod operand;
mod operators;
mod parser;
mod token;

#[cfg(test)]
mod tests;

use super::Value;
use super::VarRegistry;
use super::lexer::Scanner;
use parser::Parser;

/// The result of a parsing step: an error is C's syntax error.
type PResult<T> = Result<T, ExprError>;
use token::Tok;

/// Maximum number of evaluated function arguments (C's MAX_FARGS).
pub(crate) const MAX_FARGS: usize = 16;

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

/// Parse an expression from the scanner's position to the end of the line
/// (consumed). On error the rest of the line is consumed too, and the error
/// reported is the last lexical error found on that rest of the line, if
/// any (C reports errors from inside the lexer while skipping to the end).
pub(crate) fn parse_expression(
    sc: &mut Scanner<'_>,
    reg: &mut VarRegistry,
) -> Result<Expr, ExprError> {
    let mut p = Parser::new(sc, reg);
    let Err(mut err) = p.parse() else {
        let max_stack = max_stack(&p.code);
        return Ok(Expr { code: p.code.into_boxed_slice(), max_stack });
    };
    // Skip to the end of the line as C does before reporting.
    if !p.lx.last_was_newline {
        loop {
            match p.lx.lex() {
                Ok(t) if t.tok == Tok::Eol => break,
                Ok(_) => {}
                Err(e) => {
                    err = e;
                    if p.lx.last_was_newline {
                        break;
                    }
                }
            }
        }
    }
    Err(err)
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
