//! Fuzzing the script module: parse any bytes as a script, prepare it for
//! every query mode, render its SQL and evaluate every expression it holds.
//! Nothing here may panic, hang or overflow the stack.
//!
//! Run it with `make fuzz`, or:
//!
//!     RUSTC_BOOTSTRAP=1 cargo fuzz run --fuzz-dir <repo>/fuzz -s none -a script
#![no_main]
#![allow(dead_code, unreachable_pub)]

#[path = "../../src/rand/mod.rs"]
mod rand;
#[path = "../../src/report/cfmt.rs"]
mod cfmt;
mod report {
    pub(crate) use super::cfmt;
}
#[path = "../../src/script/mod.rs"]
mod script;

use libfuzzer_sys::fuzz_target;
use script::{
    CommandKind, EvalCtx, MetaCommand, QueryMode, Value, VarRegistry, Vars, eval, finalize_scripts,
    parse_script,
};

fuzz_target!(|data: &[u8]| {
    let mut reg = VarRegistry::new();
    for name in ["x", "s", "d", "n", "b"] {
        reg.slot(name);
    }
    let Ok(parsed) = parse_script("fuzz", data, &mut reg) else { return };
    let _ = parsed.to_owned();
    let mut vars = Vars::new(&reg);
    let set = |vars: &mut Vars, n: &str, v: &str| {
        if let Some(s) = reg.lookup(n) {
            vars.set_str(s, v);
        }
    };
    set(&mut vars, "x", "12");
    set(&mut vars, "s", "  -7");
    set(&mut vars, "d", "1.5e3");
    set(&mut vars, "n", "null");
    set(&mut vars, "b", "of");
    vars.set_value(script::vars::SCALE, Value::Int(1));
    vars.set_value(script::vars::DEFAULT_SEED, Value::Int(42));
    let mut rng = rand::prng::PgPrng::from_seed(5432);
    let (mut buf, mut starts, mut values) = (Vec::new(), Vec::new(), Vec::new());
    for mode in [QueryMode::Simple, QueryMode::Extended, QueryMode::Prepared] {
        let mut scripts = [parsed.clone()];
        if finalize_scripts(&mut scripts, mode).is_err() {
            continue;
        }
        for (i, cmd) in scripts[0].commands.iter().enumerate() {
            let mut lines = 0usize;
            let mut out = |_: &str| lines += 1;
            let mut ctx =
                EvalCtx { vars: &mut vars, rng: &mut rng, script: 0, command: i + 1, debug_out: &mut out };
            match &cmd.kind {
                CommandKind::Sql(sql) => {
                    sql.render_simple(ctx.vars, &mut buf);
                    sql.render_params(ctx.vars, &mut values, &mut starts);
                }
                CommandKind::Meta(m) => match m {
                    MetaCommand::Set { target, expr } => {
                        if let Ok(v) = eval(expr, &mut ctx) {
                            let _ = target.assign(ctx.vars, v, "set");
                            let _ = v.to_string();
                        }
                    }
                    MetaCommand::If(e) | MetaCommand::Elif(e) => {
                        let _ = eval(e, &mut ctx).map(|v| script::truthy(&v));
                    }
                    MetaCommand::Sleep { arg, unit_us } => {
                        let _ = arg.usecs(*unit_us, "sleep", ctx.vars, &mut buf);
                    }
                    MetaCommand::Shell { words } | MetaCommand::SetShell { words, .. } => {
                        let _ = words.build(ctx.vars, &mut buf);
                        let _ = script::meta::parse_setshell_output(&words.first, &buf);
                    }
                    _ => {}
                },
            }
        }
    }
});
