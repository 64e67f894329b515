//! Function calls: `expr: function '(' elist ')'`, `function: FUNCTION`
//! and `elist` (empty, `expr`, or `elist ',' expr`), with the functions
//! one can call and their numbers of arguments (exprparse.y's
//! PGBENCH_FUNCTIONS and make_func).

use super::PResult;
use super::cont::{Args, Arity, Cont, Mode};
use super::depth::{self, Base};
use super::parser::Parser;
use super::token::{Tok, Token};
use super::{Func, MAX_FARGS, Op};
use crate::script::vars::DEFAULT_SEED;

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

impl Args {
    /// The base of the `elist`.
    fn elist(&self) -> Base {
        self.base.nested(depth::call::ELIST)
    }
}

impl Parser<'_, '_, '_> {
    /// `expr: function '(' elist ')'`, after `FUNCTION`: C reduces
    /// `function: FUNCTION` at once, and find_func refuses an unknown name
    /// before `'('` is read. Then `'('` and the first argument, if any.
    pub(super) fn call(&mut self, t: Token, base: Base, conts: &mut Vec<Cont>) -> PResult<Mode> {
        self.push(base, depth::call::FUNCTION)?;
        let text = self.lx.text(t);
        let Some(&(name, func, arity)) =
            FUNCTIONS.iter().find(|(n, _, _)| text.eq_ignore_ascii_case(n.as_bytes()))
        else {
            let more = String::from_utf8_lossy(text).into_owned();
            return Err(self.error("unexpected function name", Some(more)));
        };
        self.expect(Tok::LParen, base, depth::call::OPEN)?;
        let args = Args { name, func, arity, base, n: 0, end16: self.code.len() };
        if matches!(self.peek()?.tok, Tok::Comma | Tok::RParen) {
            // `elist: /* empty */`, reduced on seeing `,` or `)`: so
            // "f(, x)" is f(x), a C quirk.
            self.push(base, depth::call::ELIST)?;
            return Ok(Mode::Elist(args));
        }
        // `elist: expr`
        let elist = args.elist();
        Ok(self.nested_expr(elist, depth::elist::FIRST, Cont::Arg(args), conts))
    }

    /// An argument is complete: count it.
    pub(super) fn argument_end(&mut self, mut args: Args) -> Mode {
        args.n += 1;
        if args.n == MAX_FARGS {
            args.end16 = self.code.len();
        }
        Mode::Elist(args)
    }

    /// After the elist so far: `elist: elist ',' expr` or the `')'` of
    /// `function '(' elist ')'`, which checks the number of arguments as
    /// make_func does.
    pub(super) fn elist(&mut self, args: Args, conts: &mut Vec<Cont>) -> PResult<Mode> {
        match self.peek()?.tok {
            Tok::Comma => {
                self.take();
                let elist = args.elist();
                self.push(elist, depth::elist::COMMA)?;
                Ok(self.nested_expr(elist, depth::elist::NEXT, Cont::Arg(args), conts))
            }
            Tok::RParen => {
                self.take();
                self.push(args.base, depth::call::CLOSE)?;
                self.call_end(args)?;
                Ok(Mode::Done)
            }
            _ => Err(self.error("syntax error", None)),
        }
    }

    /// The call is complete: check its arguments, and emit it.
    fn call_end(&mut self, a: Args) -> PResult<()> {
        let n = a.n;
        let bad = match a.arity {
            Arity::Exact(k) => (n != k).then_some("unexpected number of arguments"),
            Arity::AtLeastOne => (n == 0).then_some("at least one argument expected"),
            Arity::Hash => (!(1..=2).contains(&n)).then_some("unexpected number of arguments"),
            Arity::Permute => (!(2..=3).contains(&n)).then_some("unexpected number of arguments"),
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
            self.emit(Op::Call(
                a.func,
                crate::invariant::fits(n, "invariant: at most MAX_FARGS arguments"),
            ));
        }
        Ok(())
    }
}
