//! Evaluation of expressions: pgbench.c's evaluateExpr, evalLazyFunc and
//! evalStandardFunc with the same coercions, NULL rules, lazy AND/OR/CASE,
//! overflow checks and error texts. Allocation-free except on errors and in
//! `debug()`.

use std::fmt;
use std::fmt::Write as _;

use super::expr::{Expr, Func, Op};
use super::{Value, Vars};
use crate::compat::fmt::{Fixed, General};
use crate::rand::dist;
use crate::rand::prng::PgPrng;

/// Everything an evaluation may touch.
pub(crate) struct EvalCtx<'a> {
    /// The client's variables.
    pub(crate) vars: &'a mut Vars,
    /// The client's random generator (C's `cs_func_rs`).
    pub(crate) rng: &'a mut PgPrng,
    /// Script number for `debug()` (C's `use_file`).
    pub(crate) script: usize,
    /// 1-based command number for `debug()`.
    pub(crate) command: usize,
    /// Receives each `debug()` line, without its newline.
    pub(crate) debug_out: &'a mut dyn FnMut(&str),
}

impl fmt::Debug for EvalCtx<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("EvalCtx")
            .field("script", &self.script)
            .field("command", &self.command)
            .finish_non_exhaustive()
    }
}

/// A failed evaluation; Display is the message C logs.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum EvalError {
    /// C fails without a message (a variable holding the empty string).
    Silent,
    /// `undefined variable "%s"`
    UndefinedVariable(Box<str>),
    /// `value "%s" is out of range for type bigint`
    BigintRange(Box<str>),
    /// `invalid input syntax for type bigint: "%s"`
    BigintSyntax(Box<str>),
    /// `malformed variable "%s" value: "%s"`
    Malformed {
        /// Variable name.
        name: Box<str>,
        /// Its string value.
        value: Box<str>,
    },
    /// `cannot coerce %s to %s`
    Coerce(&'static str, &'static str),
    /// `double to int overflow for %f`
    DoubleToInt(f64),
    /// `bigint add out of range`
    AddRange,
    /// `bigint sub out of range`
    SubRange,
    /// `bigint mul out of range`
    MulRange,
    /// `bigint div out of range`
    DivRange,
    /// `division by zero`
    DivisionByZero,
    /// `too many function arguments, maximum is 16`
    TooManyArgs,
    /// The random functions' range and parameter checks.
    Random(crate::rand::dist::DistError),
}

impl EvalError {
    /// Whether C reports nothing for this failure.
    pub(crate) fn is_silent(&self) -> bool {
        matches!(self, EvalError::Silent)
    }
}

impl fmt::Display for EvalError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EvalError::Silent => Ok(()),
            EvalError::UndefinedVariable(n) => write!(f, "undefined variable \"{n}\""),
            EvalError::BigintRange(v) => write!(f, "value \"{v}\" is out of range for type bigint"),
            EvalError::BigintSyntax(v) => {
                write!(f, "invalid input syntax for type bigint: \"{v}\"")
            }
            EvalError::Malformed { name, value } => {
                write!(f, "malformed variable \"{name}\" value: \"{value}\"")
            }
            EvalError::Coerce(from, to) => write!(f, "cannot coerce {from} to {to}"),
            EvalError::DoubleToInt(d) => write!(f, "double to int overflow for {}", Fixed(*d, 6)),
            EvalError::AddRange => f.write_str("bigint add out of range"),
            EvalError::SubRange => f.write_str("bigint sub out of range"),
            EvalError::MulRange => f.write_str("bigint mul out of range"),
            EvalError::DivRange => f.write_str("bigint div out of range"),
            EvalError::DivisionByZero => f.write_str("division by zero"),
            EvalError::TooManyArgs => f.write_str("too many function arguments, maximum is 16"),
            EvalError::Random(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for EvalError {}

/// Truthiness for `\if`, `\elif` and CASE (C's valueTruth).
pub(crate) fn truthy(v: &Value) -> bool {
    match *v {
        Value::Null => false,
        Value::Bool(b) => b,
        Value::Int(i) => i != 0,
        Value::Double(d) => d != 0.0,
    }
}

fn to_bool(v: Value) -> Result<bool, EvalError> {
    match v {
        Value::Bool(b) => Ok(b),
        _ => Err(EvalError::Coerce(v.type_name(), "boolean")),
    }
}

/// C's coerceToInt: doubles are rounded half to even and must fit.
pub(crate) fn to_int(v: Value) -> Result<i64, EvalError> {
    match v {
        Value::Int(i) => Ok(i),
        Value::Double(d) => {
            let r = d.round_ties_even();
            // FLOAT8_FITS_IN_INT64: -2^63 <= r < 2^63
            if r.is_nan()
                || !(-9_223_372_036_854_775_808.0..9_223_372_036_854_775_808.0).contains(&r)
            {
                return Err(EvalError::DoubleToInt(r));
            }
            #[allow(clippy::cast_possible_truncation)]
            Ok(r as i64)
        }
        _ => Err(EvalError::Coerce(v.type_name(), "int")),
    }
}

/// C's coerceToDouble.
pub(crate) fn to_double(v: Value) -> Result<f64, EvalError> {
    match v {
        Value::Double(d) => Ok(d),
        Value::Int(i) => Ok(i as f64),
        _ => Err(EvalError::Coerce(v.type_name(), "double")),
    }
}

/// Values kept on the Rust stack while evaluating; deeper programs (only
/// absurdly nested expressions) get a heap stack.
const INLINE_STACK: usize = 32;
/// The stack of the common, shallow expressions.
const SMALL_STACK: usize = 6;

/// Evaluate an expression (C's evaluateExpr): runs its postfix program.
/// Does not allocate unless the expression needs more than 32 stack
/// entries (or calls `debug()`, or fails).
///
/// # Errors
/// The C message for the first failure; see [`EvalError`].
pub(crate) fn eval(expr: &Expr, ctx: &mut EvalCtx<'_>) -> Result<Value, EvalError> {
    // Most expressions need a few entries: a small array is cheaper to
    // set up on every evaluation than the full one.
    if expr.max_stack <= SMALL_STACK {
        let mut stack = [Value::Null; SMALL_STACK];
        run(expr, ctx, &mut stack)
    } else if expr.max_stack <= INLINE_STACK {
        let mut stack = [Value::Null; INLINE_STACK];
        run(expr, ctx, &mut stack)
    } else {
        let mut stack = vec![Value::Null; expr.max_stack];
        run(expr, ctx, &mut stack)
    }
}

/// The instruction after a jump by `off` from the one before `pc`.
fn jump(pc: usize, off: u32) -> usize {
    (pc - 1).saturating_add((off as usize).max(1))
}

fn run(expr: &Expr, ctx: &mut EvalCtx<'_>, st: &mut [Value]) -> Result<Value, EvalError> {
    let code = &expr.code;
    let mut sp = 0usize;
    let mut pc = 0usize;
    // The parser sizes the stack; an inconsistency is reported as NULL
    // rather than a panic.
    macro_rules! top {
        () => {
            match sp.checked_sub(1).and_then(|i| st.get_mut(i)) {
                Some(v) => v,
                None => return Ok(Value::Null),
            }
        };
    }
    while let Some(&op) = code.get(pc) {
        pc += 1;
        match op {
            Op::Const(v) => {
                let Some(slot) = st.get_mut(sp) else { return Ok(Value::Null) };
                *slot = v;
                sp += 1;
            }
            Op::Var(s) => {
                let v = ctx.vars.value(s)?;
                let Some(slot) = st.get_mut(sp) else { return Ok(Value::Null) };
                *slot = v;
                sp += 1;
            }
            Op::Call(f, n) => {
                let n = usize::from(n);
                let Some(base) = sp.checked_sub(n) else { return Ok(Value::Null) };
                // The common cases, on two integers, without the general
                // dispatch of apply().
                if n == 2 {
                    if let (Some(&Value::Int(a)), Some(&Value::Int(b))) =
                        (st.get(base), st.get(base + 1))
                    {
                        if let Some(r) = int_fast_path(f, a, b, ctx) {
                            st[base] = r?;
                            sp = base + 1;
                            continue;
                        }
                    }
                }
                let r = apply(f, st.get(base..sp).unwrap_or(&[]), ctx)?;
                let Some(slot) = st.get_mut(base) else { return Ok(Value::Null) };
                *slot = r;
                sp = base + 1;
            }
            Op::TooManyArgs => return Err(EvalError::TooManyArgs),
            Op::AndTest(off) | Op::OrTest(off) => {
                let a = *top!();
                if a == Value::Null {
                    pc = jump(pc, off);
                    continue;
                }
                let b = to_bool(a)?;
                let is_and = matches!(op, Op::AndTest(_));
                if b != is_and {
                    // AND with false, OR with true: that is the result.
                    *top!() = Value::Bool(b);
                    pc = jump(pc, off);
                } else {
                    sp -= 1;
                }
            }
            Op::AndEnd | Op::OrEnd => {
                let t = top!();
                if *t != Value::Null {
                    *t = Value::Bool(to_bool(*t)?);
                }
            }
            Op::JumpIfFalse(off) => {
                let c = *top!();
                sp -= 1;
                if !truthy(&c) {
                    pc = jump(pc, off);
                }
            }
            Op::Jump(off) => pc = jump(pc, off),
        }
    }
    Ok(if sp == 0 { Value::Null } else { st.get(sp - 1).copied().unwrap_or(Value::Null) })
}

/// `+`, `-`, `*` and `random()` on two integers, as [`apply`] computes
/// them; None for anything else.
#[inline]
fn int_fast_path(
    f: Func,
    a: i64,
    b: i64,
    ctx: &mut EvalCtx<'_>,
) -> Option<Result<Value, EvalError>> {
    Some(match f {
        Func::Add => a.checked_add(b).map(Value::Int).ok_or(EvalError::AddRange),
        Func::Sub => a.checked_sub(b).map(Value::Int).ok_or(EvalError::SubRange),
        Func::Mul => a.checked_mul(b).map(Value::Int).ok_or(EvalError::MulRange),
        Func::Random => match dist::check_range(a, b) {
            Ok(()) => Ok(Value::Int(dist::random_uniform(ctx.rng, a, b))),
            Err(e) => Err(EvalError::Random(e)),
        },
        _ => return None,
    })
}

/// Apply a function to its evaluated arguments (evalStandardFunc after the
/// arguments are known).
#[inline(never)]
fn apply(f: Func, v: &[Value], ctx: &mut EvalCtx<'_>) -> Result<Value, EvalError> {
    let has_null = v.contains(&Value::Null);
    if has_null && f != Func::Is && f != Func::Debug {
        return Ok(Value::Null);
    }
    let arg = |i: usize| v.get(i).copied().unwrap_or(Value::Null);
    match f {
        Func::Add
        | Func::Sub
        | Func::Mul
        | Func::Div
        | Func::Mod
        | Func::Eq
        | Func::Ne
        | Func::Le
        | Func::Lt => arith(f, arg(0), arg(1)),
        Func::BitAnd | Func::BitOr | Func::BitXor | Func::Lshift | Func::Rshift => {
            let l = to_int(arg(0))?;
            let r = to_int(arg(1))?;
            // Shift counts are taken modulo 64, as the x86 instructions do
            // for C's undefined out-of-range shifts.
            #[allow(clippy::cast_sign_loss, clippy::cast_possible_truncation)]
            let sh = r as u32;
            Ok(Value::Int(match f {
                Func::BitAnd => l & r,
                Func::BitOr => l | r,
                Func::BitXor => l ^ r,
                Func::Lshift => l.wrapping_shl(sh),
                _ => l.wrapping_shr(sh),
            }))
        }
        Func::Not => Ok(Value::Bool(!to_bool(arg(0))?)),
        Func::Pi => Ok(Value::Double(std::f64::consts::PI)),
        Func::Abs => Ok(match arg(0) {
            Value::Int(i) => Value::Int(if i < 0 { i.wrapping_neg() } else { i }),
            Value::Double(d) => Value::Double(if d < 0.0 { -d } else { d }),
            // COMPAT: C reads a boolean's union as a double: true is the
            // bit pattern 1 (4.94065645841247e-324), false is 0.
            Value::Bool(b) => Value::Double(f64::from_bits(u64::from(b))),
            Value::Null => Value::Null,
        }),
        Func::Debug => {
            let x = arg(0);
            let mut line = String::with_capacity(48);
            let _ = write!(line, "debug(script={},command={}): ", ctx.script, ctx.command);
            let _ = match x {
                Value::Null => write!(line, "null"),
                Value::Bool(b) => write!(line, "boolean {b}"),
                Value::Int(i) => write!(line, "int {i}"),
                Value::Double(d) => write!(line, "double {}", General(d, 15)),
            };
            (ctx.debug_out)(&line);
            Ok(x)
        }
        Func::Double | Func::Sqrt | Func::Ln | Func::Exp => {
            let d = to_double(arg(0))?;
            Ok(Value::Double(match f {
                Func::Sqrt => d.sqrt(),
                Func::Ln => d.ln(),
                Func::Exp => d.exp(),
                _ => d,
            }))
        }
        Func::Int => Ok(Value::Int(to_int(arg(0))?)),
        Func::Least | Func::Greatest => {
            let least = f == Func::Least;
            if v.iter().any(|x| matches!(x, Value::Double(_))) {
                let mut m = to_double(arg(0))?;
                for &x in &v[1..] {
                    let d = to_double(x)?;
                    // C's Min/Max macros: (x < y ? x : y), (x > y ? x : y)
                    m = if least {
                        if m < d { m } else { d }
                    } else if m > d {
                        m
                    } else {
                        d
                    };
                }
                Ok(Value::Double(m))
            } else {
                let mut m = to_int(arg(0))?;
                for &x in &v[1..] {
                    let i = to_int(x)?;
                    m = if least { m.min(i) } else { m.max(i) };
                }
                Ok(Value::Int(m))
            }
        }
        Func::Random | Func::RandomExponential | Func::RandomGaussian | Func::RandomZipfian => {
            let lb = to_int(arg(0))?;
            let ub = to_int(arg(1))?;
            dist::check_range(lb, ub).map_err(EvalError::Random)?;
            if f == Func::Random {
                return Ok(Value::Int(dist::random_uniform(ctx.rng, lb, ub)));
            }
            let p = to_double(arg(2))?;
            let r = match f {
                Func::RandomGaussian => dist::check_gaussian_param(p)
                    .map(|()| dist::random_gaussian(ctx.rng, lb, ub, p)),
                Func::RandomZipfian => {
                    dist::check_zipfian_param(p).map(|()| dist::random_zipfian(ctx.rng, lb, ub, p))
                }
                _ => dist::check_exponential_param(p)
                    .map(|()| dist::random_exponential(ctx.rng, lb, ub, p)),
            };
            r.map(Value::Int).map_err(EvalError::Random)
        }
        Func::Pow => {
            let l = to_double(arg(0))?;
            let r = to_double(arg(1))?;
            Ok(Value::Double(l.powf(r)))
        }
        Func::Is => Ok(Value::Bool(same_type_and_bool(arg(0), arg(1)))),
        Func::HashMurmur2 | Func::HashFnv1a => {
            let x = to_int(arg(0))?;
            let seed = crate::rand::u64_bits(to_int(arg(1))?);
            Ok(Value::Int(if f == Func::HashFnv1a {
                dist::hash_fnv1a(x, seed)
            } else {
                dist::hash_murmur2(x, seed)
            }))
        }
        Func::Permute => {
            let x = to_int(arg(0))?;
            let size = to_int(arg(1))?;
            let seed = to_int(arg(2))?;
            dist::check_permute_size(size).map_err(EvalError::Random)?;
            Ok(Value::Int(dist::permute(x, size, seed)))
        }
    }
}

/// C's `IS`: same type and the same first byte of the value union (the
/// boolean; NULLs are always equal).
fn same_type_and_bool(a: Value, b: Value) -> bool {
    match (a, b) {
        (Value::Null, Value::Null) => true,
        (Value::Bool(x), Value::Bool(y)) => x == y,
        (Value::Int(x), Value::Int(y)) => x.to_le_bytes()[0] == y.to_le_bytes()[0],
        (Value::Double(x), Value::Double(y)) => x.to_le_bytes()[0] == y.to_le_bytes()[0],
        _ => false,
    }
}

/// Overloaded arithmetic and comparison: double if either side is double
/// (except `%`), else checked int64 arithmetic.
fn arith(f: Func, l: Value, r: Value) -> Result<Value, EvalError> {
    let any_double = matches!(l, Value::Double(_)) || matches!(r, Value::Double(_));
    if any_double && f != Func::Mod {
        let a = to_double(l)?;
        let b = to_double(r)?;
        return Ok(match f {
            Func::Add => Value::Double(a + b),
            Func::Sub => Value::Double(a - b),
            Func::Mul => Value::Double(a * b),
            Func::Div => Value::Double(a / b),
            Func::Eq => Value::Bool(a == b),
            Func::Ne => Value::Bool(a != b),
            Func::Le => Value::Bool(a <= b),
            _ => Value::Bool(a < b),
        });
    }
    let a = to_int(l)?;
    let b = to_int(r)?;
    Ok(match f {
        Func::Add => Value::Int(a.checked_add(b).ok_or(EvalError::AddRange)?),
        Func::Sub => Value::Int(a.checked_sub(b).ok_or(EvalError::SubRange)?),
        Func::Mul => Value::Int(a.checked_mul(b).ok_or(EvalError::MulRange)?),
        Func::Eq => Value::Bool(a == b),
        Func::Ne => Value::Bool(a != b),
        Func::Le => Value::Bool(a <= b),
        Func::Lt => Value::Bool(a < b),
        _ => {
            if b == 0 {
                return Err(EvalError::DivisionByZero);
            }
            if b == -1 {
                if f == Func::Div {
                    return a.checked_neg().map(Value::Int).ok_or(EvalError::DivRange);
                }
                return Ok(Value::Int(0));
            }
            Value::Int(if f == Func::Div { a / b } else { a % b })
        }
    })
}
