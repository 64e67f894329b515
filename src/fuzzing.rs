//! The fuzz targets' entry points (`fuzz/`): code paths that must not
//! panic, hang or overflow the stack whatever bytes they are given, nor
//! take memory or time out of proportion to them: the script parser and
//! evaluator, and the readers of documents from elsewhere (`--merge`,
//! `--compare`, the CSV conversion), each run as its command line runs it.

use crate::script::{
    self, CommandKind, EvalCtx, MetaCommand, QueryMode, Value, VarRegistry, Vars, eval,
    finalize_scripts, parse_script,
};

/// Parses `data` as a pgbench script, prepares it for every query mode,
/// renders its SQL and evaluates every expression it holds.
pub fn script(data: &[u8]) {
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
    let mut rng = crate::rand::prng::PgPrng::from_seed(5432);
    let (mut buf, mut starts, mut values) = (Vec::new(), Vec::new(), Vec::new());
    for mode in [QueryMode::Simple, QueryMode::Extended, QueryMode::Prepared] {
        let mut scripts = [parsed.clone()];
        if finalize_scripts(&mut scripts, mode).is_err() {
            continue;
        }
        for (i, cmd) in scripts[0].commands.iter().enumerate() {
            let mut lines = 0usize;
            let mut out = |_: &str| lines += 1;
            let mut ctx = EvalCtx {
                vars: &mut vars,
                rng: &mut rng,
                script: 0,
                command: i + 1,
                debug_out: &mut out,
            };
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
}

/// A directory of this process's own for the documents' fuzz targets:
/// their inputs and the report files they write.
fn scratch() -> &'static std::path::Path {
    static DIR: std::sync::OnceLock<std::path::PathBuf> = std::sync::OnceLock::new();
    DIR.get_or_init(|| {
        let dir = std::env::temp_dir().join(format!("pgbench-rs-fuzz-{}", std::process::id()));
        let _ = std::fs::create_dir_all(&dir);
        dir
    })
}

/// Writes `docs` as files `{prefix}0.json`, `{prefix}1.json`, ... of the
/// scratch directory: their paths.
fn files(prefix: &str, docs: &[Vec<u8>]) -> Vec<String> {
    let dir = scratch();
    let mut paths = Vec::with_capacity(docs.len());
    for (k, d) in docs.iter().enumerate() {
        let path = dir.join(format!("{prefix}{k}.json"));
        let _ = std::fs::write(&path, d);
        paths.push(path.display().to_string());
    }
    paths
}

/// pgbench-rs's command line `args`, with every report file (into the
/// scratch directory) after them.
fn run_with_reports(args: Vec<String>, out: &str) {
    let dir = scratch().display().to_string();
    let mut argv: Vec<std::ffi::OsString> = vec!["pgbench-rs".into()];
    argv.extend(args.into_iter().map(Into::into));
    for ext in ["json", "html", "csv"] {
        argv.push(format!("--report-{ext}={dir}/{out}.{ext}").into());
    }
    let _ = crate::run(argv);
}

/// `--merge` of `docs` (each a shard's document, from elsewhere) with
/// every report file: the documents read and checked, and the merged
/// run's text, document, table and page made and written.
pub fn merge(docs: &[Vec<u8>]) {
    let mut args = vec!["--merge".to_string()];
    args.extend(files("shard", docs));
    run_with_reports(args, "merged");
}

/// `--compare --force` of the first document (with the third, if any, in
/// the same list) against the second, with every report file.
pub fn compare(docs: &[Vec<u8>]) {
    let paths = files("side", docs);
    let base = [paths.first(), paths.get(2)].into_iter().flatten().cloned().collect::<Vec<_>>();
    let new = paths.get(1).cloned().unwrap_or_default();
    let args = vec!["--compare".to_string(), "--force".into(), base.join(","), new];
    run_with_reports(args, "comparison");
}

/// `--merge FILE --report-csv=OUT` of one document (a run's, several
/// runs' or a comparison's): its table.
pub fn csv(doc: &[u8]) {
    let path = files("document", &[doc.to_vec()]).remove(0);
    let out = scratch().join("table.csv").display().to_string();
    let argv = ["pgbench-rs", "--merge", &path, &format!("--report-csv={out}")];
    let _ = crate::run(argv.iter().map(Into::into).collect());
}
