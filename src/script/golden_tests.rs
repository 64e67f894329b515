//! Expression values compared with C pgbench: tests/data/golden-expr.tsv
//! and tests/data/tap-expressions.{sql,txt} hold what C pgbench's debug()
//! printed under fixed seeds (regenerate with `scripts/golden-expr.sh expr`).

use super::vars::{CLIENT_ID, DEFAULT_SEED, RANDOM_SEED, SCALE};
use super::{
    CommandKind, EvalCtx, MetaCommand, Script, Value, VarRegistry, Vars, eval, parse_script, truthy,
};
use crate::rand::prng::PgPrng;

/// A client as C pgbench sets one up: -D strings, the startup variables,
/// the client's random generator and (unless given) the default seed.
fn client(seed: u64, defines: &[(String, String)], reg: &VarRegistry) -> (Vars, PgPrng) {
    let mut base = PgPrng::from_seed(seed);
    let rng = base.derive();
    let mut vars = Vars::new(reg);
    for (k, v) in defines {
        let slot = reg.lookup(k).expect("defined variables are registered");
        vars.set_str(slot, v);
    }
    vars.set_value(SCALE, Value::Int(1));
    vars.set_value(CLIENT_ID, Value::Int(0));
    vars.set_value(RANDOM_SEED, Value::Int(crate::rand::i64_bits(seed)));
    if !defines.iter().any(|(k, _)| k == "default_seed") {
        vars.set_value(DEFAULT_SEED, Value::Int(crate::rand::i64_bits(base.next_u64())));
    }
    (vars, rng)
}

fn parse_defines(s: &str) -> Vec<(String, String)> {
    s.split(' ')
        .filter(|d| !d.is_empty())
        .map(|d| {
            let d = d.trim_start_matches("-D").replace("\\s", " ");
            let (k, v) = d.split_once('=').expect("name=value");
            (k.to_owned(), v.to_owned())
        })
        .collect()
}

/// Run a script's meta commands once as C's client state machine would
/// (SQL commands are skipped but counted), returning the debug() lines and
/// the first evaluation error.
fn run_script(script: &Script, vars: &mut Vars, rng: &mut PgPrng) -> (Vec<String>, Option<String>) {
    #[derive(Clone, Copy, PartialEq)]
    enum If {
        True,
        False,
        Ignored,
        ElseTrue,
        ElseFalse,
    }
    let mut lines = Vec::new();
    let mut stack: Vec<If> = Vec::new();
    for (i, cmd) in script.commands.iter().enumerate() {
        let active = stack.last().is_none_or(|s| matches!(s, If::True | If::ElseTrue));
        let CommandKind::Meta(m) = &cmd.kind else { continue };
        let mut out = |l: &str| lines.push(l.to_owned());
        let mut ctx = EvalCtx {
            vars: &mut *vars,
            rng: &mut *rng,
            script: 0,
            command: i + 1,
            debug_out: &mut out,
        };
        let mut cond = |e| eval(e, &mut ctx).map(|v| truthy(&v));
        let res: Result<(), String> = match m {
            MetaCommand::If(e) => if active {
                cond(e).map(|b| stack.push(if b { If::True } else { If::False }))
            } else {
                stack.push(If::Ignored);
                Ok(())
            }
            .map_err(|e| e.to_string()),
            MetaCommand::Elif(e) => match stack.last().copied() {
                Some(If::True) => {
                    stack.pop();
                    stack.push(If::Ignored);
                    Ok(())
                }
                Some(If::False) => cond(e)
                    .map(|b| {
                        stack.pop();
                        stack.push(if b { If::True } else { If::False });
                    })
                    .map_err(|e| e.to_string()),
                _ => Ok(()),
            },
            MetaCommand::Else => {
                let top = stack.pop();
                stack.push(match top {
                    Some(If::True) => If::ElseFalse,
                    Some(If::False) => If::ElseTrue,
                    _ => If::Ignored,
                });
                Ok(())
            }
            MetaCommand::Endif => {
                stack.pop();
                Ok(())
            }
            MetaCommand::Set { target, expr } if active => eval(expr, &mut ctx)
                .map_err(|e| e.to_string())
                .and_then(|v| target.assign(ctx.vars, v, "set").map_err(|e| e.to_string())),
            _ => Ok(()),
        };
        if let Err(e) = res {
            return (lines, Some(e));
        }
    }
    (lines, None)
}

#[test]
fn golden_expressions_match_c_pgbench() {
    let data = include_str!("../../tests/data/golden-expr.tsv");
    let mut rows: Vec<Vec<&str>> = Vec::new();
    for line in data.lines().filter(|l| !l.starts_with('#')) {
        let f: Vec<&str> = line.split('\t').collect();
        assert_eq!(f.len(), 5, "{line}");
        rows.push(f);
    }
    assert!(rows.len() >= 600, "{}", rows.len());
    let mut failures = Vec::new();
    let mut checked = 0;
    let mut i = 0;
    while i < rows.len() {
        let run = rows[i][0];
        let n = rows[i..].iter().take_while(|r| r[0] == run).count();
        let group = &rows[i..i + n];
        i += n;
        let seed: u64 = group[0][1].parse().unwrap();
        let defines = parse_defines(group[0][2]);
        let text = group
            .iter()
            .enumerate()
            .map(|(k, r)| format!("\\set v{k} debug({})\n", r[3]))
            .collect::<Vec<_>>()
            .concat();
        let mut reg = VarRegistry::new();
        for (k, _) in &defines {
            reg.slot(k);
        }
        let script = parse_script("golden", text.as_bytes(), &mut reg).unwrap();
        let (mut vars, mut rng) = client(seed, &defines, &reg);
        let (lines, err) = run_script(&script, &mut vars, &mut rng);
        for (k, r) in group.iter().enumerate() {
            let expected = r[4];
            let got = match (lines.get(k), &err) {
                (Some(l), _) => {
                    let prefix = format!("debug(script=0,command={}): ", k + 1);
                    l.strip_prefix(&prefix).unwrap_or(l).to_owned()
                }
                (None, Some(e)) => format!("error: {e}"),
                (None, None) => "(nothing)".to_owned(),
            };
            checked += 1;
            if got != expected {
                failures.push(format!(
                    "seed {seed}: {}\n  expected {expected}\n  got      {got}",
                    r[3]
                ));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {checked} differ:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn tap_expression_script_matches_c_pgbench() {
    let text = include_str!("../../tests/data/tap-expressions.sql");
    let expected: Vec<&str> =
        include_str!("../../tests/data/tap-expressions.txt").lines().collect();
    let defines = parse_defines("-Dfoo=-10.1 -Dbla=false -Di=+3 -Dn=null -Dt=t -Df=of -Dd=1.0");
    let mut reg = VarRegistry::new();
    for (k, _) in &defines {
        reg.slot(k);
    }
    let script = parse_script("001_pgbench_expressions", text.as_bytes(), &mut reg).unwrap();
    assert_eq!(script.commands.len(), 113);
    let (mut vars, mut rng) = client(5432, &defines, &reg);
    let (lines, err) = run_script(&script, &mut vars, &mut rng);
    assert_eq!(err, None);
    assert_eq!(lines, expected);
    // The values substituted into the script's SELECT.
    let sql = script.commands.iter().find_map(|c| c.sql()).unwrap();
    let mut out = Vec::new();
    sql.render_simple(&vars, &mut out);
    assert_eq!(out, b"SELECT NULL, true, 5432, -0.5421;\0");
}
