//! CASE: `case_control: CASE_KW when_then_list END_KW`,
//! `case_control: CASE_KW when_then_list ELSE_KW expr END_KW`, and
//! `when_then_list: [when_then_list] WHEN_KW expr THEN_KW expr`. Compiled
//! to jumps: each condition jumps past its value when false, each value
//! jumps to the end; no ELSE is ELSE NULL.

use super::Op;
use super::PResult;
use super::cont::{Case, Cont, Mode};
use super::depth::{self, Base, WhenRule};
use super::parser::Parser;
use super::token::Tok;
use crate::script::Value;

impl Case {
    /// The base of the `when_then_list`.
    fn list(&self) -> Base {
        self.base.nested(depth::case_control::LIST)
    }

    /// Point the values' jumps here.
    fn patch_ends(self, p: &mut Parser<'_, '_, '_>) {
        for at in self.ends {
            p.patch(at);
        }
    }
}

impl Parser<'_, '_, '_> {
    /// After `CASE_KW`: the first `WHEN_KW` and its condition.
    pub(super) fn case(&mut self, base: Base, conts: &mut Vec<Cont>) -> PResult<Mode> {
        self.push(base, depth::case_control::CASE)?;
        let case = Case { base, ends: Vec::new() };
        let rule = WhenRule::First;
        self.expect(Tok::When, case.list(), rule.when())?;
        let list = case.list();
        Ok(self.nested_expr(list, rule.cond(), Cont::CaseCond(case, rule), conts))
    }

    /// After a condition: `THEN_KW` and the value.
    pub(super) fn case_then(
        &mut self,
        case: Case,
        rule: WhenRule,
        conts: &mut Vec<Cont>,
    ) -> PResult<Mode> {
        let list = case.list();
        self.expect(Tok::Then, list, rule.then())?;
        let jf = self.emit(Op::JumpIfFalse(0));
        Ok(self.nested_expr(list, rule.value(), Cont::CaseValue(case, jf), conts))
    }

    /// After a value (the list is reduced to one `when_then_list`): another
    /// `WHEN_KW` (the later rule of `when_then_list`), `ELSE_KW`, or
    /// `END_KW`.
    pub(super) fn case_after_value(
        &mut self,
        mut case: Case,
        jf: usize,
        conts: &mut Vec<Cont>,
    ) -> PResult<Mode> {
        case.ends.push(self.emit(Op::Jump(0)));
        self.patch(jf);
        match self.peek()?.tok {
            Tok::When => {
                self.take();
                let rule = WhenRule::Later;
                let list = case.list();
                self.push(list, rule.when())?;
                Ok(self.nested_expr(list, rule.cond(), Cont::CaseCond(case, rule), conts))
            }
            Tok::Else => {
                self.take();
                let base = case.base;
                self.push(base, depth::case_control::ELSE)?;
                Ok(self.nested_expr(
                    base,
                    depth::case_control::ELSE_EXPR,
                    Cont::CaseElse(case),
                    conts,
                ))
            }
            Tok::End => {
                self.take();
                self.push(case.base, depth::case_control::END)?;
                self.emit(Op::Const(Value::Null));
                case.patch_ends(self);
                Ok(Mode::Done)
            }
            _ => Err(self.error("syntax error", None)),
        }
    }

    /// After the ELSE value: `END_KW`.
    pub(super) fn case_else_end(&mut self, case: Case) -> PResult<Mode> {
        self.expect(Tok::End, case.base, depth::case_control::ELSE_END)?;
        case.patch_ends(self);
        Ok(Mode::Done)
    }
}
