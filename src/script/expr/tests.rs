//! Tests of the expression parser: the programs it builds, the errors and
//! their positions, and bison's stack-depth limit at its exact boundaries
//! (the numbers are what C pgbench 17 accepts and refuses).

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

/// A family of nested expressions and C pgbench 17's limits for it. The
/// expression nested `n` deep is `open` `n` times, `inner`, `close` `n`
/// times, inside `pad` parentheses. `limits[pad]` is `(deepest, refused)`:
/// C accepts `\set x` with the expression nested `deepest` deep, and
/// refuses it `deepest + 1`, `deepest + 2`, ... deep with "memory
/// exhausted" at the caret columns `refused` (0-based, in the `\set x ...`
/// line). There is a `pad` for each symbol that one level pushes, so that
/// each of them is once the one that does not fit.
struct Nesting {
    name: &'static str,
    open: &'static str,
    inner: &'static str,
    close: &'static str,
    limits: &'static [(usize, &'static [usize])],
}

impl Nesting {
    fn make(&self, pad: usize, n: usize) -> String {
        let (open, close) = ("(".repeat(pad), ")".repeat(pad));
        format!("{open}{}{}{}{close}", self.open.repeat(n), self.inner, self.close.repeat(n))
    }
}

/// The column of an expression's first character in `\set x `.
const SET_X: usize = 7;

const NESTINGS: &[Nesting] = &[
    // '(' a level; 1 at n + 1; the innermost ')' at n + 2.
    Nesting {
        name: "parentheses",
        open: "(",
        inner: "1",
        close: ")",
        limits: &[(9996, &[10005, 10005, 10005, 10005, 10005])],
    },
    // The operators at 1..=n, 1 at n + 1.
    Nesting {
        name: "unary minus",
        open: "-",
        inner: "1",
        close: "",
        limits: &[(9997, &[10005, 10005, 10005, 10005, 10005])],
    },
    // '-' MAXINT_PLUS_ONE_CONST: the constant is the last symbol.
    Nesting {
        name: "unary minus before 9223372036854775808",
        open: "- ",
        inner: "9223372036854775808",
        close: "",
        limits: &[(9997, &[20021, 20003, 20003, 20003, 20003])],
    },
    Nesting {
        name: "unary plus",
        open: "+",
        inner: "1",
        close: "",
        limits: &[(9997, &[10005, 10005, 10005, 10005, 10005])],
    },
    Nesting {
        name: "tilde",
        open: "~",
        inner: "1",
        close: "",
        limits: &[(9997, &[10005, 10005, 10005, 10005, 10005])],
    },
    Nesting {
        name: "NOT",
        open: "NOT ",
        inner: "true",
        close: "",
        limits: &[(9997, &[40002, 40001, 40001, 40001, 40001])],
    },
    // The IS rules inside parentheses: expr, IS_OP, NOT_OP, BOOLEAN_CONST.
    Nesting {
        name: "IS NOT TRUE",
        open: "(",
        inner: "1 IS NOT TRUE",
        close: ")",
        limits: &[(9994, &[10014, 10010, 10007, 10005, 10005])],
    },
    Nesting {
        name: "IS TRUE",
        open: "(",
        inner: "1 IS TRUE",
        close: ")",
        limits: &[(9995, &[10011, 10007, 10005, 10005, 10005])],
    },
    Nesting {
        name: "IS NOT NULL",
        open: "(",
        inner: "1 IS NOT NULL",
        close: ")",
        limits: &[(9994, &[10014, 10010, 10007, 10005, 10005])],
    },
    Nesting {
        name: "ISNULL",
        open: "(",
        inner: "1 ISNULL",
        close: ")",
        limits: &[(9996, &[10011, 10005, 10005, 10005, 10005])],
    },
    Nesting {
        name: "NOTNULL",
        open: "(",
        inner: "1 NOTNULL",
        close: ")",
        limits: &[(9996, &[10012, 10005, 10005, 10005, 10005])],
    },
    Nesting {
        name: ">=",
        open: "(",
        inner: "1 >= 2",
        close: ")",
        limits: &[(9995, &[10008, 10007, 10005, 10005, 10005])],
    },
    // CASE, WHEN, expr, THEN, expr: END and ELSE never go higher.
    Nesting {
        name: "END",
        open: "(",
        inner: "CASE WHEN 1 THEN 1 END",
        close: ")",
        limits: &[(9993, &[10018, 10017, 10013, 10012, 10008])],
    },
    Nesting {
        name: "ELSE ... END",
        open: "(",
        inner: "CASE WHEN 1 THEN 1 ELSE 1 END",
        close: ")",
        limits: &[(9993, &[10018, 10017, 10013, 10012, 10008])],
    },
    Nesting {
        name: "a later WHEN",
        open: "(",
        inner: "CASE WHEN 1 THEN 1 WHEN 1 THEN 1 END",
        close: ")",
        limits: &[(9992, &[10031, 10018, 10017, 10013, 10012])],
    },
    // function and '(' a level, 1 at 2n + 1, ')' at 2n + 2.
    Nesting {
        name: "abs",
        open: "abs(",
        inner: "1",
        close: ")",
        limits: &[(4998, &[20003, 20005, 20005]), (4997, &[20001, 20003, 20003])],
    },
    // pi's empty elist is reduced on seeing ')': the caret is there.
    Nesting {
        name: "abs of pi()",
        open: "abs(",
        inner: "pi()",
        close: ")",
        limits: &[(4997, &[20002, 20004, 20005]), (4996, &[19999, 20002, 20003])],
    },
    // function, '(', the empty elist and ',' a level.
    Nesting {
        name: "abs(, ...)",
        open: "abs(, ",
        inner: "1",
        close: ")",
        limits: &[
            (2499, &[15005, 15005, 15005]),
            (2499, &[15005, 15005, 15005]),
            (2498, &[15003, 15005, 15005]),
            (2498, &[15002, 15002, 15002]),
        ],
    },
    // function, '(', elist, ',' a level.
    Nesting {
        name: "least's second argument",
        open: "least(1, ",
        inner: "1",
        close: ")",
        limits: &[
            (2499, &[22504, 22504, 22504]),
            (2499, &[22504, 22504, 22504]),
            (2498, &[22500, 22504, 22504]),
            (2498, &[22499, 22499, 22499]),
        ],
    },
    // Binary operators that nest, three symbols a level: '~', expr, '+'
    // ('~' binds looser than '+'); or '(', expr, '+'; or expr, '=', NOT.
    Nesting {
        name: "~1 + ~1 + ...",
        open: "~1 + ",
        inner: "1",
        close: "",
        limits: &[
            (3332, &[16670, 16670, 16670]),
            (3332, &[16669, 16669, 16669]),
            (3331, &[16669, 16669, 16669]),
        ],
    },
    Nesting {
        name: "(1 + (1 + ...",
        open: "(1 + ",
        inner: "1",
        close: ")",
        limits: &[
            (3332, &[16670, 16670, 16670]),
            (3332, &[16669, 16669, 16669]),
            (3331, &[16669, 16669, 16669]),
        ],
    },
    Nesting {
        name: "1 = NOT 1 = ...",
        open: "1 = NOT ",
        inner: "1",
        close: "",
        limits: &[
            (3332, &[26669, 26669, 26669]),
            (3332, &[26666, 26666, 26666]),
            (3331, &[26665, 26665, 26665]),
        ],
    },
    // CASE, WHEN a level.
    Nesting {
        name: "CASE in a condition",
        open: "CASE WHEN ",
        inner: "1",
        close: " THEN 1 END",
        limits: &[(4997, &[49994, 49997, 50000]), (4997, &[49993, 49996, 49996])],
    },
    // CASE, WHEN, expr, THEN a level.
    Nesting {
        name: "CASE in a value",
        open: "CASE WHEN 1 THEN ",
        inner: "1",
        close: " END",
        limits: &[
            (2499, &[42500, 42500, 42500]),
            (2499, &[42499, 42499, 42499]),
            (2498, &[42492, 42495, 42495]),
            (2498, &[42491, 42491, 42491]),
        ],
    },
    // CASE, when_then_list, ELSE a level.
    Nesting {
        name: "CASE in ELSE",
        open: "CASE WHEN 1 THEN 1 ELSE ",
        inner: "1",
        close: " END",
        limits: &[
            (3332, &[79985, 79985, 79985]),
            (3331, &[79969, 79969, 79969]),
            (3331, &[79968, 79968, 79968]),
        ],
    },
    // CASE, when_then_list, WHEN a level.
    Nesting {
        name: "CASE in a later condition",
        open: "CASE WHEN 1 THEN 1 WHEN ",
        inner: "1",
        close: " THEN 1 END",
        limits: &[
            (3331, &[79982, 79985, 79985]),
            (3331, &[79969, 79969, 79969]),
            (3331, &[79968, 79968, 79968]),
        ],
    },
    // CASE, when_then_list, WHEN, expr, THEN a level.
    Nesting {
        name: "CASE in a later value",
        open: "CASE WHEN 1 THEN 1 WHEN 1 THEN ",
        inner: "1",
        close: " END",
        limits: &[
            (1999, &[61991, 61991, 61991]),
            (1999, &[61987, 61987, 61987]),
            (1999, &[61986, 61986, 61986]),
            (1998, &[61979, 61982, 61982]),
            (1998, &[61966, 61966, 61966]),
        ],
    },
];

#[test]
fn stack_depth_limit_at_c_pgbench_boundaries() {
    for nesting in NESTINGS {
        for (pad, &(deepest, refused)) in nesting.limits.iter().enumerate() {
            let what = |n| format!("{} nested {n} deep in {pad} parentheses", nesting.name);
            let ok = nesting.make(pad, deepest);
            assert!(parse(&ok).is_ok(), "{}: {:?}", what(deepest), parse(&ok));
            for (k, &c_col) in refused.iter().enumerate() {
                let n = deepest + 1 + k;
                let want = Err(("memory exhausted".to_owned(), None, c_col - SET_X));
                assert_eq!(parse(&nesting.make(pad, n)), want, "{}", what(n));
            }
        }
    }
}

/// Left-associative chains are reduced as they go: any length fits.
#[test]
fn long_operator_chains_fit_on_the_stack() {
    for e in [
        format!("1{}", " + 1".repeat(20000)),
        format!("1{}", " * 2 + 3".repeat(10000)),
        format!("true{}", " AND true OR false".repeat(10000)),
        format!("1{}", " OR NOT 1".repeat(12000)),
    ] {
        assert!(parse(&e).is_ok(), "{}...", &e[..20]);
    }
}
