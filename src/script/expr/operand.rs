//! The alternatives of `expr` that begin with a token of their own:
//! `'(' expr ')'`, the unary operators, the constants and `VARIABLE`; and
//! the dispatch on an operand's first token (function calls are in
//! [`super::call`], CASE in [`super::case`]).

use super::PResult;
use super::cont::{Cont, Mode};
use super::depth::{self, Base};
use super::operators::{P_BIT, P_NOT, P_UNARY};
use super::parser::Parser;
use super::token::{Tok, Token};
use super::{Func, Op};
use crate::script::Value;

impl Parser<'_, '_, '_> {
    /// Read the first token of an `expr` with base `base` and start the
    /// alternative it begins; the operators that may follow the operand
    /// are read by the caller's [`Cont::Operators`].
    pub(super) fn operand(&mut self, base: Base, conts: &mut Vec<Cont>) -> PResult<Mode> {
        let t = self.next()?;
        match t.tok {
            Tok::LParen => self.paren_open(base, conts),
            Tok::Plus | Tok::Minus | Tok::Tilde | Tok::Not => self.unary(t.tok, base, conts),
            Tok::Null | Tok::Bool(_) | Tok::Int(_) | Tok::Double(_) | Tok::Var => {
                self.primary(t, base)
            }
            Tok::Function => self.call(t, base, conts),
            Tok::Case => self.case(base, conts),
            _ => Err(self.error("syntax error", None)),
        }
    }

    /// `expr: '(' expr ')'`, after `'('`.
    fn paren_open(&mut self, base: Base, conts: &mut Vec<Cont>) -> PResult<Mode> {
        self.push(base, depth::paren::OPEN)?;
        Ok(self.nested_expr(base, depth::paren::EXPR, Cont::Paren(base), conts))
    }

    /// `expr: '(' expr ')'`, after the inner `expr`: the `')'`.
    pub(super) fn paren_close(&mut self, base: Base) -> PResult<Mode> {
        self.expect(Tok::RParen, base, depth::paren::CLOSE)?;
        Ok(Mode::Done)
    }

    /// `expr: '+' expr %prec UNARY`, `'-' expr %prec UNARY`, `'~' expr`,
    /// `NOT_OP expr` and `'-' MAXINT_PLUS_ONE_CONST %prec UNARY`, after
    /// the operator. The operand takes the operators that bind tighter
    /// than the rule's precedence: none for `+` and `-` (UNARY is the
    /// highest), `*`, `/`, `%`, `+`, `-` for `~` (which has the bitwise
    /// operators' precedence: `~1+2` is `~(1+2)`), all but AND and OR for
    /// NOT.
    fn unary(&mut self, op: Tok, base: Base, conts: &mut Vec<Cont>) -> PResult<Mode> {
        self.push(base, depth::unary::OP)?;
        if op == Tok::Minus && self.peek()?.tok == Tok::MaxIntPlusOne {
            // '-' MAXINT_PLUS_ONE_CONST: the only way to write i64::MIN.
            self.take();
            self.push(base, depth::unary::MAXINT_PLUS_ONE)?;
            self.emit(Op::Const(Value::Int(i64::MIN)));
            return Ok(Mode::Done);
        }
        let min = match op {
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
        let base = base.nested(depth::unary::EXPR);
        conts.push(Cont::Unary(op));
        conts.push(Cont::Operators { min, base, start: self.code.len() });
        Ok(Mode::Operand(base))
    }

    /// The unary operator's operand is complete: apply the operator (`+`
    /// does nothing).
    pub(super) fn unary_end(&mut self, op: Tok) -> Mode {
        match op {
            Tok::Minus => self.emit(Op::Call(Func::Sub, 2)),
            Tok::Tilde => self.emit(Op::Call(Func::BitXor, 2)),
            Tok::Not => self.emit(Op::Call(Func::Not, 1)),
            _ => 0,
        };
        Mode::Done
    }

    /// `expr: NULL_CONST | BOOLEAN_CONST | INTEGER_CONST | DOUBLE_CONST |
    /// VARIABLE`.
    fn primary(&mut self, t: Token, base: Base) -> PResult<Mode> {
        self.push(base, depth::PRIMARY)?;
        let op = match t.tok {
            Tok::Bool(b) => Op::Const(Value::Bool(b)),
            Tok::Int(i) => Op::Const(Value::Int(i)),
            Tok::Double(x) => Op::Const(Value::Double(x)),
            Tok::Var => {
                let name = &self.lx.text(t)[1..];
                Op::Var(self.reg.slot_bytes(name))
            }
            _ => Op::Const(Value::Null),
        };
        self.emit(op);
        Ok(Mode::Done)
    }
}
