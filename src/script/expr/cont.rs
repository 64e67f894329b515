//! The continuations of the parser: what remains of each rule being
//! parsed once its current `expr` is complete ([`Cont`]), what the driver
//! does next ([`Mode`]), and the state an open rule carries (a function
//! call's arguments, a CASE's jumps). The rules' steps, in the modules
//! named after them, read and update it.

use super::Func;
use super::depth::{Base, WhenRule};
use super::token::Tok;

/// What to do once the current sub-expression (an `expr`) is complete: the
/// rest of the rule it is part of.
#[derive(Debug)]
pub(super) enum Cont {
    /// `result: expr`: the line must end.
    Result,
    /// Binary and postfix operators after an operand whose code starts at
    /// `start` and whose base is `base`, binding tighter than `min` (see
    /// [`super::parser::Parser::operators`]).
    Operators { min: u8, base: Base, start: usize },
    /// `expr: expr OP expr`: the right operand of `op`, whose code starts
    /// at `mid` (the left one's at `lhs_start`; `patch` is AND's or OR's
    /// jump).
    Binary { op: Tok, lhs_start: usize, mid: usize, patch: usize },
    /// `expr: '-' expr` and the other unary operators.
    Unary(Tok),
    /// `expr: '(' expr ')'`, with this base.
    Paren(Base),
    /// `elist`: an argument of a function call.
    Arg(Args),
    /// `when_then_list`: a condition (THEN follows).
    CaseCond(Case, WhenRule),
    /// `when_then_list`: a value; `jf` is the condition's jump.
    CaseValue(Case, usize),
    /// `case_control: CASE_KW when_then_list ELSE_KW expr END_KW`: the
    /// ELSE value.
    CaseElse(Case),
}

/// What the parser does next.
#[derive(Debug)]
pub(super) enum Mode {
    /// Read an `expr` with this base.
    Operand(Base),
    /// Inside `function '(' elist ')'`, after the elist so far: `','` or
    /// `')'`.
    Elist(Args),
    /// A sub-expression is complete: pop its continuation.
    Done,
}

/// Arity rule of a user-callable function.
#[derive(Debug, Clone, Copy)]
pub(super) enum Arity {
    /// Exactly this many.
    Exact(usize),
    /// `least`, `greatest`: PGBENCH_NARGS_VARIABLE.
    AtLeastOne,
    /// The hash functions: PGBENCH_NARGS_HASH, 1 or 2 (the seed defaults
    /// to `:default_seed`).
    Hash,
    /// `permute`: PGBENCH_NARGS_PERMUTE, 2 or 3 (the seed defaults to
    /// `:default_seed`).
    Permute,
}

/// A function call being parsed.
#[derive(Debug)]
pub(super) struct Args {
    pub(super) name: &'static str,
    pub(super) func: Func,
    pub(super) arity: Arity,
    /// The base of `function '(' elist ')'`.
    pub(super) base: Base,
    /// Arguments so far.
    pub(super) n: usize,
    /// Code length after the 16th argument.
    pub(super) end16: usize,
}

/// A CASE being parsed.
#[derive(Debug)]
pub(super) struct Case {
    /// The base of `case_control`.
    pub(super) base: Base,
    /// The values' jumps to the end.
    pub(super) ends: Vec<usize>,
}
