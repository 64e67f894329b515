//! The binary operators (`expr: expr '+' expr` and the others) and the
//! `IS` tests (`expr: expr IS_OP NULL_CONST` and the others), parsed by
//! precedence climbing on exprparse.y's precedence lines:
//!
//! ```text
//! %left     OR_OP
//! %left     AND_OP
//! %right    NOT_OP
//! %nonassoc IS_OP ISNULL_OP NOTNULL_OP
//! %nonassoc '<' '>' '=' LE_OP GE_OP NE_OP
//! %left     '|' '#' '&' LS_OP RS_OP '~'
//! %left     '+' '-'
//! %left     '*' '/' '%'
//! %right    UNARY
//! ```
//!
//! bison uses them where it could either reduce a rule ending in `expr`
//! or shift an operator: it shifts an operator of higher precedence than
//! the rule's (its last token's, or its `%prec`), reduces one of lower
//! precedence or of the same `%left` precedence, and refuses one of the
//! same `%nonassoc` precedence (`1 < 2 < 3` is a syntax error). The `IS`
//! rules end with a token, not an `expr`: once one is complete there is
//! nothing to choose, it is reduced whatever follows, so `%nonassoc` does
//! not refuse `1 IS NULL IS NULL`.

use super::PResult;
use super::cont::{Cont, Mode};
use super::depth::{self, Base};
use super::parser::Parser;
use super::token::Tok;
use super::{Func, Op};
use crate::script::Value;

/// `%left OR_OP`
const P_OR: u8 = 1;
/// `%left AND_OP`
const P_AND: u8 = 2;
/// `%right NOT_OP`
pub(super) const P_NOT: u8 = 3;
/// `%nonassoc IS_OP ISNULL_OP NOTNULL_OP`
const P_IS: u8 = 4;
/// `%nonassoc '<' '>' '=' LE_OP GE_OP NE_OP`
const P_CMP: u8 = 5;
/// `%left '|' '#' '&' LS_OP RS_OP '~'`
pub(super) const P_BIT: u8 = 6;
/// `%left '+' '-'`
const P_ADD: u8 = 7;
/// `%left '*' '/' '%'`
const P_MUL: u8 = 8;
/// `%right UNARY`
pub(super) const P_UNARY: u8 = 9;

/// How an operator combines.
#[derive(Clone, Copy, PartialEq)]
enum Fixity {
    /// `%left`: `a - b - c` is `(a - b) - c`.
    Left,
    /// `%nonassoc`: `a < b < c` is a syntax error.
    NonAssoc,
    /// The `IS` rules: a token after the operand, not an `expr`.
    Postfix,
}

/// The precedence and fixity of a token that may follow an operand.
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

impl Parser<'_, '_, '_> {
    /// After an operand with base `base` whose code starts at `start`,
    /// inside a rule of precedence `min` (0 at the top of an expression, in
    /// parentheses, arguments and CASE parts): shift an operator that binds
    /// tighter and parse its right operand (`expr: expr OP expr`) or apply
    /// its `IS` test; else the operand is complete.
    pub(super) fn operators(
        &mut self,
        min: u8,
        base: Base,
        start: usize,
        conts: &mut Vec<Cont>,
    ) -> PResult<Mode> {
        let t = self.peek()?;
        let Some((p, fixity)) = infix(t.tok) else { return Ok(Mode::Done) };
        if p < min || (p == min && fixity == Fixity::Left) {
            return Ok(Mode::Done);
        }
        if p == min && fixity == Fixity::NonAssoc {
            return Err(self.error("syntax error", None));
        }
        self.take();
        // More operators may follow the result, in the same rule.
        conts.push(Cont::Operators { min, base, start });
        if fixity == Fixity::Postfix {
            self.push(base, depth::is::OP)?;
            self.is_test(t.tok, base)?;
            return Ok(Mode::Done);
        }
        self.push(base, depth::binary::OP)?;
        let patch = match t.tok {
            Tok::And => self.emit(Op::AndTest(0)),
            Tok::Or => self.emit(Op::OrTest(0)),
            _ => 0,
        };
        let mid = self.code.len();
        conts.push(Cont::Binary { op: t.tok, lhs_start: start, mid, patch });
        let rhs = base.nested(depth::binary::RHS);
        conts.push(Cont::Operators { min: p, base: rhs, start: mid });
        Ok(Mode::Operand(rhs))
    }

    /// `expr: expr ISNULL_OP`, `expr NOTNULL_OP`,
    /// `expr IS_OP [NOT_OP] NULL_CONST`, `expr IS_OP [NOT_OP] BOOLEAN_CONST`,
    /// after the operator `op` (already counted).
    #[inline(never)]
    fn is_test(&mut self, op: Tok, base: Base) -> PResult<()> {
        let (v, negate) = match op {
            Tok::IsNull => (Value::Null, false),
            Tok::NotNull => (Value::Null, true),
            _ => {
                let t = self.peek()?;
                let negate = t.tok == Tok::Not;
                let t = if negate {
                    self.take();
                    self.push(base, depth::is::NOT)?;
                    self.peek()?
                } else {
                    t
                };
                let v = match t.tok {
                    Tok::Null => Value::Null,
                    Tok::Bool(b) => Value::Bool(b),
                    _ => return Err(self.error("syntax error", None)),
                };
                self.take();
                self.push(base, if negate { depth::is::NOT_VALUE } else { depth::is::VALUE })?;
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

    /// `expr: expr OP expr` is complete: emit the operator, whose left
    /// operand's code starts at `lhs_start` and right operand's at `mid`.
    pub(super) fn binary(&mut self, op: Tok, lhs_start: usize, mid: usize, patch: usize) {
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
