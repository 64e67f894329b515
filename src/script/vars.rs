//! Script variables: the name registry built while scripts and `-D` options
//! are read (names become slots), and each client's values indexed by slot.
//! Mirrors pgbench.c's Variables, getVariable, makeVariableValue,
//! valid_variable_name and putVariable*.

use std::collections::HashMap;
use std::fmt;
use std::io::Write as _;
use std::sync::Arc;

use super::EvalError;
use crate::compat::fmt::General;
use crate::compat::num;

/// A value of pgbench's expression language.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum Value {
    /// SQL-ish NULL.
    Null,
    /// `true` / `false`.
    Bool(bool),
    /// 64-bit integer.
    Int(i64),
    /// Double precision float.
    Double(f64),
}

impl Value {
    /// C's `valueTypeName`, used in coercion errors.
    pub(crate) fn type_name(&self) -> &'static str {
        match self {
            Value::Null => "null",
            Value::Bool(_) => "boolean",
            Value::Int(_) => "int",
            Value::Double(_) => "double",
        }
    }
}

/// The text a variable holding this value stands for: `NULL`, `true`,
/// `false`, `%lld`, or `%.15g` (PostgreSQL's `NaN` / `Infinity` spelling).
impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Null => f.write_str("NULL"),
            Value::Bool(b) => f.write_str(if *b { "true" } else { "false" }),
            Value::Int(i) => write!(f, "{i}"),
            Value::Double(d) => write!(f, "{}", General(*d, 15)),
        }
    }
}

/// Index of a variable name in the [`VarRegistry`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct Slot(pub(crate) u32);

impl Slot {
    fn index(self) -> usize {
        self.0 as usize
    }
}

/// Slot of `scale`, registered first by [`VarRegistry::new`].
pub(crate) const SCALE: Slot = Slot(0);
/// Slot of `client_id`.
pub(crate) const CLIENT_ID: Slot = Slot(1);
/// Slot of `default_seed` (the implicit seed of hash functions and permute).
pub(crate) const DEFAULT_SEED: Slot = Slot(2);
/// Slot of `random_seed`.
pub(crate) const RANDOM_SEED: Slot = Slot(3);

/// Variable names → slots, built while scripts and -D options are read;
/// immutable during a run.
#[derive(Debug, Clone)]
pub(crate) struct VarRegistry {
    names: Vec<Box<str>>,
    map: HashMap<Box<str>, Slot>,
}

impl Default for VarRegistry {
    fn default() -> Self {
        Self::new()
    }
}

impl VarRegistry {
    /// A registry holding the four variables pgbench defines itself
    /// ([`SCALE`], [`CLIENT_ID`], [`DEFAULT_SEED`], [`RANDOM_SEED`]).
    pub(crate) fn new() -> Self {
        let mut r = VarRegistry { names: Vec::new(), map: HashMap::new() };
        for n in ["scale", "client_id", "default_seed", "random_seed"] {
            r.slot(n);
        }
        r
    }

    /// The slot of `name`, registering it if needed.
    pub(crate) fn slot(&mut self, name: &str) -> Slot {
        if let Some(&s) = self.map.get(name) {
            return s;
        }
        let s = Slot(crate::invariant::fits(
            self.names.len(),
            "invariant: far fewer than 2^32 variables",
        ));
        self.names.push(name.into());
        self.map.insert(name.into(), s);
        s
    }

    /// The slot of a name given as script bytes (non-UTF-8 bytes are
    /// replaced, consistently for every reference).
    pub(crate) fn slot_bytes(&mut self, name: &[u8]) -> Slot {
        self.slot(&String::from_utf8_lossy(name))
    }

    /// The name of a slot.
    pub(crate) fn name(&self, slot: Slot) -> &str {
        self.names.get(slot.index()).map_or("", |n| n)
    }

    /// The slot of `name` if some script or option refers to it.
    pub(crate) fn lookup(&self, name: &str) -> Option<Slot> {
        self.map.get(name).copied()
    }
}

/// pgbench's `valid_variable_name`: non-empty; first byte an ASCII letter,
/// `_` or any byte >= 0x80; following bytes may also be digits.
pub(crate) fn valid_variable_name(name: &[u8]) -> bool {
    match name.split_first() {
        None => false,
        Some((&first, rest)) => {
            is_name_start(first) && rest.iter().all(|&b| is_name_start(b) || b.is_ascii_digit())
        }
    }
}

/// First byte of a variable name (also used for `:name` in SQL and shell
/// arguments).
pub(crate) fn is_name_start(b: u8) -> bool {
    b.is_ascii_alphabetic() || b == b'_' || b >= 0x80
}

/// Following bytes of a variable name.
pub(crate) fn is_name_char(b: u8) -> bool {
    is_name_start(b) || b.is_ascii_digit()
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum State {
    Undefined,
    /// A string value (-D, \gset, \aset) and its parsed value once used.
    Str(Option<Value>),
    /// A typed value (\set, \setshell, pgbench's own variables).
    Typed(Value),
}

#[derive(Debug, Clone)]
struct Var {
    state: State,
    /// The string value; its capacity is reused across assignments.
    text: Vec<u8>,
}

/// One client's variables: a Vec indexed by [`Slot`].
#[derive(Debug, Clone)]
pub(crate) struct Vars {
    names: Arc<[Box<str>]>,
    vars: Vec<Var>,
}

impl Vars {
    /// All variables of `reg` undefined.
    pub(crate) fn new(reg: &VarRegistry) -> Self {
        let names: Arc<[Box<str>]> = reg.names.clone().into();
        let vars = vec![Var { state: State::Undefined, text: Vec::new() }; names.len()];
        Vars { names, vars }
    }

    /// The name of a slot.
    pub(crate) fn name(&self, slot: Slot) -> &str {
        self.names.get(slot.index()).map_or("", |n| n)
    }

    /// Store a string value (as -D, \gset and \aset do).
    pub(crate) fn set_str(&mut self, slot: Slot, value: &str) {
        self.set_bytes(slot, value.as_bytes());
    }

    /// Store a string value given as bytes.
    pub(crate) fn set_bytes(&mut self, slot: Slot, value: &[u8]) {
        if let Some(v) = self.vars.get_mut(slot.index()) {
            v.text.clear();
            v.text.extend_from_slice(value);
            v.state = State::Str(None);
        }
    }

    /// Store a typed value (as \set and \setshell do).
    pub(crate) fn set_value(&mut self, slot: Slot, value: Value) {
        if let Some(v) = self.vars.get_mut(slot.index()) {
            v.state = State::Typed(value);
        }
    }

    /// Whether the variable has a value.
    pub(crate) fn is_defined(&self, slot: Slot) -> bool {
        self.vars.get(slot.index()).is_some_and(|v| v.state != State::Undefined)
    }

    /// Append the variable's text (C's getVariable) to `out`; false if it is
    /// undefined.
    pub(crate) fn write_text(&self, slot: Slot, out: &mut Vec<u8>) -> bool {
        let Some(v) = self.vars.get(slot.index()) else { return false };
        match v.state {
            State::Undefined => false,
            State::Str(_) => {
                out.extend_from_slice(&v.text);
                true
            }
            State::Typed(Value::Int(i)) => {
                crate::compat::fmt::push_i64(out, i);
                true
            }
            State::Typed(val) => {
                // Writing into a Vec cannot fail.
                let _ = write!(out, "{val}");
                true
            }
        }
    }

    /// The variable's value for an expression (C's makeVariableValue),
    /// converting and caching a string value on first use.
    ///
    /// # Errors
    /// `undefined variable "x"`, the bigint range/syntax messages,
    /// `malformed variable "x" value: "v"`, or the silent failure on "".
    pub(crate) fn value(&mut self, slot: Slot) -> Result<Value, EvalError> {
        let idx = slot.index();
        let Some(v) = self.vars.get_mut(idx) else {
            return Err(EvalError::UndefinedVariable(self.name(slot).into()));
        };
        match v.state {
            State::Undefined => Err(EvalError::UndefinedVariable(self.name(slot).into())),
            State::Typed(val) | State::Str(Some(val)) => Ok(val),
            State::Str(None) => match parse_value(&v.text) {
                Ok(val) => {
                    v.state = State::Str(Some(val));
                    Ok(val)
                }
                Err(e) => Err(match e {
                    ParseError::Empty => EvalError::Silent,
                    ParseError::IntRange => EvalError::BigintRange(lossy(&v.text)),
                    ParseError::IntSyntax => EvalError::BigintSyntax(lossy(&v.text)),
                    ParseError::Malformed => {
                        let value = lossy(&v.text);
                        EvalError::Malformed { name: self.name(slot).into(), value }
                    }
                }),
            },
        }
    }
}

fn lossy(b: &[u8]) -> Box<str> {
    String::from_utf8_lossy(b).into()
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum ParseError {
    Empty,
    IntRange,
    IntSyntax,
    Malformed,
}

fn prefix_ci(s: &[u8], word: &[u8]) -> bool {
    s.len() <= word.len() && word[..s.len()].eq_ignore_ascii_case(s)
}

/// String → value exactly as makeVariableValue: "" fails silently; `null`;
/// prefixes of `true`/`yes`, `on`; prefixes of `false`/`no`, `off`, `of`;
/// integers; anything else through strtod of the whole string.
fn parse_value(s: &[u8]) -> Result<Value, ParseError> {
    if s.is_empty() {
        return Err(ParseError::Empty);
    }
    if s.eq_ignore_ascii_case(b"null") {
        Ok(Value::Null)
    } else if prefix_ci(s, b"true") || prefix_ci(s, b"yes") || s.eq_ignore_ascii_case(b"on") {
        Ok(Value::Bool(true))
    } else if prefix_ci(s, b"false")
        || prefix_ci(s, b"no")
        || s.eq_ignore_ascii_case(b"off")
        || s.eq_ignore_ascii_case(b"of")
    {
        Ok(Value::Bool(false))
    } else if num::is_an_int(s) {
        match num::strtoint64(s) {
            Ok(i) => Ok(Value::Int(i)),
            Err(num::IntError::OutOfRange) => Err(ParseError::IntRange),
            Err(num::IntError::Syntax) => Err(ParseError::IntSyntax),
        }
    } else {
        let r = num::strtod(s);
        if r.erange || r.end == 0 || r.end != s.len() {
            Err(ParseError::Malformed)
        } else {
            Ok(Value::Double(r.value))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn conv(s: &str) -> Result<Value, String> {
        let mut reg = VarRegistry::new();
        let x = reg.slot("x");
        let mut vars = Vars::new(&reg);
        vars.set_str(x, s);
        vars.value(x).map_err(|e| e.to_string())
    }

    #[test]
    fn registry_preregisters_builtin_variables() {
        let mut reg = VarRegistry::new();
        assert_eq!(reg.lookup("scale"), Some(SCALE));
        assert_eq!(reg.lookup("client_id"), Some(CLIENT_ID));
        assert_eq!(reg.lookup("default_seed"), Some(DEFAULT_SEED));
        assert_eq!(reg.lookup("random_seed"), Some(RANDOM_SEED));
        assert_eq!(reg.names.len(), 4);
        let a = reg.slot("aid");
        assert_eq!(reg.slot("aid"), a);
        assert_eq!(reg.names.len(), 5);
        assert_eq!(&*reg.names[a.index()], "aid");
        assert_eq!(reg.lookup("Aid"), None);
    }

    #[test]
    fn variable_names() {
        assert!(valid_variable_name(b"a"));
        assert!(valid_variable_name(b"_1"));
        assert!(valid_variable_name("é".as_bytes()));
        assert!(!valid_variable_name(b""));
        assert!(!valid_variable_name(b"1a"));
        assert!(!valid_variable_name(b"?column?"));
        assert!(!valid_variable_name(b"bad name!"));
        assert!(!valid_variable_name(b"."));
    }

    #[test]
    fn string_conversion_like_make_variable_value() {
        assert_eq!(conv("-10.1"), Ok(Value::Double(-10.1)));
        assert_eq!(conv("false"), Ok(Value::Bool(false)));
        assert_eq!(conv("+3"), Ok(Value::Int(3)));
        assert_eq!(conv("null"), Ok(Value::Null));
        assert_eq!(conv("NuLl"), Ok(Value::Null));
        assert_eq!(conv("t"), Ok(Value::Bool(true)));
        assert_eq!(conv("Ye"), Ok(Value::Bool(true)));
        assert_eq!(conv("on"), Ok(Value::Bool(true)));
        assert_eq!(conv("of"), Ok(Value::Bool(false)));
        assert_eq!(conv("n"), Ok(Value::Bool(false)));
        assert_eq!(conv("1.0"), Ok(Value::Double(1.0)));
        assert_eq!(conv("0x10"), Ok(Value::Double(16.0)));
        assert_eq!(conv(" 7"), Ok(Value::Int(7)));
        assert_eq!(conv("o"), Err("malformed variable \"x\" value: \"o\"".into()));
        assert_eq!(conv("5 "), Err("malformed variable \"x\" value: \"5 \"".into()));
        assert_eq!(conv("trueXXX"), Err("malformed variable \"x\" value: \"trueXXX\"".into()));
        assert_eq!(
            conv("9223372036854775808"),
            Err("value \"9223372036854775808\" is out of range for type bigint".into())
        );
        assert_eq!(conv("+"), Err("invalid input syntax for type bigint: \"+\"".into()));
        assert_eq!(conv(""), Err(String::new()));
        assert!(matches!(conv("nan"), Ok(Value::Double(d)) if d.is_nan()));
        assert_eq!(conv("-inf"), Ok(Value::Double(f64::NEG_INFINITY)));
    }

    #[test]
    fn text_of_values() {
        let mut reg = VarRegistry::new();
        let x = reg.slot("x");
        let mut vars = Vars::new(&reg);
        let mut out = Vec::new();
        assert!(!vars.write_text(x, &mut out));
        assert!(!vars.is_defined(x));
        for (v, t) in [
            (Value::Null, "NULL"),
            (Value::Bool(true), "true"),
            (Value::Int(i64::MIN), "-9223372036854775808"),
            (Value::Double(1e30), "1e+30"),
            (Value::Double(-0.5421), "-0.5421"),
            (Value::Double(f64::NAN), "NaN"),
            (Value::Double(f64::NEG_INFINITY), "-Infinity"),
            (Value::Double(0.1 + 0.2), "0.3"),
        ] {
            vars.set_value(x, v);
            out.clear();
            assert!(vars.write_text(x, &mut out));
            assert_eq!(String::from_utf8_lossy(&out), t);
        }
        vars.set_str(x, "abc");
        out.clear();
        assert!(vars.write_text(x, &mut out));
        assert_eq!(out, b"abc");
        assert!(vars.is_defined(x));
    }

    #[test]
    fn string_values_are_cached_and_replaced() {
        let mut reg = VarRegistry::new();
        let x = reg.slot("x");
        let mut vars = Vars::new(&reg);
        vars.set_str(x, "12");
        assert_eq!(vars.value(x), Ok(Value::Int(12)));
        assert_eq!(vars.value(x), Ok(Value::Int(12)));
        vars.set_str(x, "1.5");
        assert_eq!(vars.value(x), Ok(Value::Double(1.5)));
        let y = reg.lookup("y");
        assert_eq!(y, None);
        assert_eq!(
            vars.value(Slot(1)).map_err(|e| e.to_string()),
            Err("undefined variable \"client_id\"".into())
        );
    }
}
