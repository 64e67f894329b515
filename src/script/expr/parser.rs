//! The parser's state and its driver loop, and the start rule
//! `result: expr`. bison's grammar is followed with an explicit stack of
//! continuations ([`Cont`]) instead of recursion: C accepts expressions
//! nested thousands of levels deep, more than a thread's stack would take
//! recursively. Each rule's steps are in its own module; this one only
//! dispatches to them.

use super::cont::{Cont, Mode};
use super::depth::{self, Base, Sym};
use super::token::{Lexer, Tok, Token};
use super::{ExprError, Op, PResult};
use crate::script::VarRegistry;
use crate::script::lexer::Scanner;

/// The parser: the lexer, one token of lookahead, and the program built.
pub(super) struct Parser<'s, 'a, 'r> {
    /// The lexer.
    pub(super) lx: Lexer<'s, 'a>,
    /// Where variables get their slots.
    pub(super) reg: &'r mut VarRegistry,
    /// The lookahead token, once lexed.
    peeked: Option<Token>,
    /// The program being built.
    pub(super) code: Vec<Op>,
}

impl<'s, 'a, 'r> Parser<'s, 'a, 'r> {
    /// A parser reading from the scanner's position.
    pub(super) fn new(sc: &'s mut Scanner<'a>, reg: &'r mut VarRegistry) -> Self {
        Parser { lx: Lexer::new(sc), reg, peeked: None, code: Vec::new() }
    }
}

impl Parser<'_, '_, '_> {
    /// Parse a whole expression, up to and including the end of the line:
    /// `result: expr`, then the end of input.
    pub(super) fn parse(&mut self) -> PResult<()> {
        let base = Base::RESULT;
        let mut conts = vec![Cont::Result, Cont::Operators { min: 0, base, start: 0 }];
        let mut mode = Mode::Operand(base);
        loop {
            mode = match mode {
                Mode::Operand(base) => self.operand(base, &mut conts)?,
                Mode::Elist(args) => self.elist(args, &mut conts)?,
                Mode::Done => match conts.pop() {
                    None => return Ok(()),
                    Some(Cont::Result) => return self.end_of_line(),
                    Some(Cont::Operators { min, base, start }) => {
                        self.operators(min, base, start, &mut conts)?
                    }
                    Some(Cont::Binary { op, lhs_start, mid, patch }) => {
                        self.binary(op, lhs_start, mid, patch);
                        Mode::Done
                    }
                    Some(Cont::Unary(op)) => self.unary_end(op),
                    Some(Cont::Paren(base)) => self.paren_close(base)?,
                    Some(Cont::Arg(args)) => self.argument_end(args),
                    Some(Cont::CaseCond(case, rule)) => self.case_then(case, rule, &mut conts)?,
                    Some(Cont::CaseValue(case, jf)) => {
                        self.case_after_value(case, jf, &mut conts)?
                    }
                    Some(Cont::CaseElse(case)) => self.case_else_end(case)?,
                },
            };
        }
    }

    /// `result: expr`: the expression must be followed by the end of the
    /// line.
    fn end_of_line(&mut self) -> PResult<()> {
        if self.peek()?.tok != Tok::Eol {
            return Err(self.error("syntax error", None));
        }
        self.take();
        Ok(())
    }

    /// An error at the most recently lexed token.
    pub(super) fn error(&self, msg: &'static str, more: Option<String>) -> ExprError {
        self.lx.error(msg, more)
    }

    /// The lookahead token (lexed if need be).
    pub(super) fn peek(&mut self) -> PResult<Token> {
        if let Some(t) = self.peeked {
            return Ok(t);
        }
        let t = self.lx.lex()?;
        self.peeked = Some(t);
        Ok(t)
    }

    /// Consume the lookahead token.
    pub(super) fn take(&mut self) {
        self.peeked = None;
    }

    /// Read the next token (the lookahead if there is one).
    pub(super) fn next(&mut self) -> PResult<Token> {
        let t = self.peek()?;
        self.take();
        Ok(t)
    }

    /// Shift the lookahead, which must be `want`, as symbol `k` of the rule
    /// with base `base`.
    pub(super) fn expect(&mut self, want: Tok, base: Base, k: Sym) -> PResult<Token> {
        let t = self.peek()?;
        if t.tok != want {
            return Err(self.error("syntax error", None));
        }
        self.take();
        self.push(base, k)?;
        Ok(t)
    }

    /// Start an `expr` that is symbol `k` of the rule with base `base`:
    /// its operators come back to `cont`.
    pub(super) fn nested_expr(
        &mut self,
        base: Base,
        k: Sym,
        cont: Cont,
        conts: &mut Vec<Cont>,
    ) -> Mode {
        let base = base.nested(k);
        conts.push(cont);
        conts.push(Cont::Operators { min: 0, base, start: self.code.len() });
        Mode::Operand(base)
    }

    /// Append an instruction; its index.
    pub(super) fn emit(&mut self, op: Op) -> usize {
        self.code.push(op);
        self.code.len() - 1
    }

    /// Point the jump at `at` to the current end of the code.
    pub(super) fn patch(&mut self, at: usize) {
        let off = crate::invariant::fits(
            self.code.len() - at,
            "invariant: an expression's code is far below 2^32 steps",
        );
        if let Some(Op::AndTest(o) | Op::OrTest(o) | Op::JumpIfFalse(o) | Op::Jump(o)) =
            self.code.get_mut(at)
        {
            *o = off;
        }
    }
}

impl Parser<'_, '_, '_> {
    /// Account for bison pushing the rule's symbol `k` (a shift, or the
    /// reduction of the empty `elist`): fail as C does if it does not fit.
    pub(super) fn push(&self, base: Base, k: Sym) -> PResult<()> {
        if base.height(k) > depth::MAX_SYMBOLS {
            Err(self.error("memory exhausted", None))
        } else {
            Ok(())
        }
    }
}
