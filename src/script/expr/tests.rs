//! Tests of the expression parser: the programs it builds, the errors and
//! their positions, and bison's stack-depth limit.

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
