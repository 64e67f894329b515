//! pgbench scripts: reading, checking and evaluating them. Pure: no I/O
//! beyond what the caller hands in, no threads, no network.
//!
//! [`parse_script`] reads a script as pgbench.c's ParseScript does (using
//! [`lexer`] for psql's SQL splitting and [`expr`] for expressions),
//! [`finalize_scripts`] prepares SQL for the query mode, [`eval()`] evaluates
//! expressions, [`vars`] holds variables by slot, and [`meta`] has the
//! run-time helpers of `\sleep`, `\shell`, `\setshell`, `\set`, `\gset`.

pub(crate) mod builtin;
pub(crate) mod eval;
pub(crate) mod expr;
pub(crate) mod lexer;
pub(crate) mod meta;
pub(crate) mod parse;
pub(crate) mod subst;
pub(crate) mod sysbench;
pub(crate) mod vars;

#[cfg(test)]
mod golden_tests;
#[cfg(test)]
mod oracle_tests;

use std::ffi::CString;

pub(crate) use eval::{EvalCtx, EvalError, eval, truthy};
pub(crate) use expr::Expr;
pub(crate) use meta::{SetTarget, ShellWords, SleepArg};
pub(crate) use parse::{ScriptError, SyntaxError, parse_script, parse_script_of};
pub(crate) use subst::{GsetKind, GsetSpec, SqlCommand};
pub(crate) use vars::{Slot, Value, VarRegistry, Vars};

/// How SQL commands are sent (`-M`); a document names it as `-M` does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub(crate) enum QueryMode {
    /// PQsendQuery with variables substituted into the text.
    Simple,
    /// PQsendQueryParams with `$n` parameters.
    Extended,
    /// Named prepared statements `P_<n>`.
    Prepared,
}

/// A parsed script.
#[derive(Debug, Clone)]
pub(crate) struct Script {
    /// File name as given to -f, or the builtin's description.
    pub(crate) desc: String,
    /// Weight (set by the caller; 1 by default).
    pub(crate) weight: i32,
    /// The commands, in order.
    pub(crate) commands: Vec<Command>,
    /// The script's text as read.
    pub(crate) source: Vec<u8>,
}

/// One command of a script.
#[derive(Debug, Clone)]
pub(crate) struct Command {
    /// The line as -r prints it: for SQL the first line of the text (at
    /// most 127 bytes); for meta commands the whole command from the
    /// backslash.
    pub(crate) first_line: String,
    /// Meta commands: the words as C keeps them for --debug's
    /// `client %d executing \%s[ %s...]` (`\set` keeps only the command
    /// word and the variable name, `\if`/`\elif` only the command word).
    /// `argv[0]` is the command word as written (used in error messages).
    /// Empty for SQL commands.
    pub(crate) argv: Vec<String>,
    /// What the command is.
    pub(crate) kind: CommandKind,
}

/// SQL or meta command.
#[derive(Debug, Clone)]
pub(crate) enum CommandKind {
    /// Text sent to the server.
    Sql(SqlCommand),
    /// A backslash command run by pgbench.
    Meta(MetaCommand),
}

/// A backslash command.
#[derive(Debug, Clone)]
pub(crate) enum MetaCommand {
    /// `\set var expr`
    Set {
        /// The variable assigned.
        target: SetTarget,
        /// The expression.
        expr: Expr,
    },
    /// `\setshell var command...`
    SetShell {
        /// The variable assigned.
        target: SetTarget,
        /// The command line.
        words: ShellWords,
    },
    /// `\shell command...`
    Shell {
        /// The command line.
        words: ShellWords,
    },
    /// `\sleep n [unit]`
    Sleep {
        /// Number or variable.
        arg: SleepArg,
        /// Microseconds per unit (1, 1000 or 1000000).
        unit_us: i32,
    },
    /// `\if expr`
    If(Expr),
    /// `\elif expr`
    Elif(Expr),
    /// `\else`
    Else,
    /// `\endif`
    Endif,
    /// `\startpipeline`
    StartPipeline,
    /// `\syncpipeline`
    SyncPipeline,
    /// `\endpipeline`
    EndPipeline,
}

/// After all options are read: in extended/prepared mode rewrite `:name` to
/// `$1..$n` (each occurrence its own number), fail beyond 255 parameters,
/// and name prepared statements `P_0, P_1, ...` over all scripts in order.
///
/// # Errors
/// `statement has too many arguments (maximum is 255): <sql>`.
pub(crate) fn finalize_scripts(scripts: &mut [Script], mode: QueryMode) -> Result<(), ScriptError> {
    if mode == QueryMode::Simple {
        return Ok(());
    }
    let mut prepnum = 0usize;
    for script in scripts {
        for c in &mut script.commands {
            if let CommandKind::Sql(sql) = &mut c.kind {
                let name = if mode == QueryMode::Prepared {
                    let n = CString::new(format!("P_{prepnum}"))
                        .map_err(|_| ScriptError::Query(subst::ParamError::Nul))?;
                    prepnum += 1;
                    Some(n)
                } else {
                    None
                };
                let form = sql.param_form(name).map_err(ScriptError::Query)?;
                sql.param_form = Some(form);
            }
        }
    }
    Ok(())
}

impl From<SyntaxError> for ScriptError {
    fn from(e: SyntaxError) -> Self {
        ScriptError::Syntax(Box::new(e))
    }
}

/// Evaluate the condition of `\if` / `\elif` (value, then truthiness).
#[cfg(test)]
///
/// # Errors
/// As [`eval()`].
pub(crate) fn eval_condition(expr: &Expr, ctx: &mut EvalCtx<'_>) -> Result<bool, EvalError> {
    eval(expr, ctx).map(|v| truthy(&v))
}

/// Parse a builtin script (its description is the script's name).
#[cfg(test)]
///
/// # Errors
/// None in practice; as [`parse_script`].
pub(crate) fn parse_builtin(
    b: &builtin::Builtin,
    vars: &mut VarRegistry,
) -> Result<Script, ScriptError> {
    parse_script(b.desc, b.script.as_bytes(), vars)
}

impl Command {
    /// The SQL command, if this is one.
    #[cfg(test)]
    pub(crate) fn sql(&self) -> Option<&SqlCommand> {
        match &self.kind {
            CommandKind::Sql(s) => Some(s),
            CommandKind::Meta(_) => None,
        }
    }

    /// The meta command, if this is one.
    pub(crate) fn meta(&self) -> Option<&MetaCommand> {
        match &self.kind {
            CommandKind::Meta(m) => Some(m),
            CommandKind::Sql(_) => None,
        }
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::rand::prng::PgPrng;

    fn parse(src: &str) -> (Script, VarRegistry) {
        let mut reg = VarRegistry::new();
        let s = parse_script("t.sql", src.as_bytes(), &mut reg).unwrap();
        (s, reg)
    }

    /// Steady state of the select-only builtin: evaluation works on Copy
    /// values and the output buffers keep their allocation. (Counting heap
    /// allocations needs a global allocator, i.e. unsafe code, which this
    /// module may not contain.)
    #[test]
    fn select_only_reuses_its_buffers_in_the_steady_state() {
        struct Bufs {
            simple: Vec<u8>,
            values: Vec<u8>,
            starts: Vec<u32>,
        }
        fn step(script: &Script, vars: &mut Vars, rng: &mut PgPrng, b: &mut Bufs) {
            let mut out = |_: &str| {};
            for (i, c) in script.commands.iter().enumerate() {
                match &c.kind {
                    CommandKind::Meta(MetaCommand::Set { target, expr }) => {
                        let mut ctx = EvalCtx {
                            vars: &mut *vars,
                            rng: &mut *rng,
                            script: 0,
                            command: i + 1,
                            debug_out: &mut out,
                        };
                        let v = eval(expr, &mut ctx).unwrap();
                        target.assign(vars, v, "set").unwrap();
                    }
                    CommandKind::Sql(sql) => {
                        sql.render_params(vars, &mut b.values, &mut b.starts);
                        sql.render_simple(vars, &mut b.simple);
                    }
                    CommandKind::Meta(_) => unreachable!(),
                }
            }
        }
        fn state(b: &Bufs) -> [(usize, usize); 3] {
            [
                (b.simple.as_ptr() as usize, b.simple.capacity()),
                (b.values.as_ptr() as usize, b.values.capacity()),
                (b.starts.as_ptr() as usize, b.starts.capacity()),
            ]
        }
        let b = builtin::find("select-only").unwrap();
        let mut reg = VarRegistry::new();
        let mut scripts = [parse_builtin(b, &mut reg).unwrap()];
        finalize_scripts(&mut scripts, QueryMode::Prepared).unwrap();
        let mut vars = Vars::new(&reg);
        vars.set_value(vars::SCALE, Value::Int(10));
        let mut rng = PgPrng::from_seed(1);
        // Large enough for any value of aid.
        let mut bufs = Bufs {
            simple: Vec::with_capacity(200),
            values: Vec::with_capacity(32),
            starts: Vec::with_capacity(4),
        };
        step(&scripts[0], &mut vars, &mut rng, &mut bufs);
        let before = state(&bufs);
        for _ in 0..1000 {
            step(&scripts[0], &mut vars, &mut rng, &mut bufs);
        }
        assert_eq!(state(&bufs), before);
        assert_eq!(bufs.starts, vec![0]);
        let text = std::str::from_utf8(&bufs.values[..bufs.values.len() - 1]).unwrap();
        let aid: i64 = text.parse().unwrap();
        assert!((1..=1_000_000).contains(&aid));
        let sql = std::str::from_utf8(&bufs.simple).unwrap();
        assert_eq!(sql, format!("SELECT abalance FROM pgbench_accounts WHERE aid = {aid};\0"));
    }

    /// Expressions as deep as C accepts are parsed and evaluated without
    /// recursion (this runs on a test thread's small stack, unoptimised).
    #[test]
    fn deepest_expressions_need_no_deep_stack() {
        let cases = [
            (format!("{}true", "NOT ".repeat(9997)), Value::Bool(false)),
            (format!("{}1", "-".repeat(9997)), Value::Int(-1)),
            (format!("{}1", "~".repeat(9997)), Value::Int(-2)),
            (format!("{}1{}", "(".repeat(9996), ")".repeat(9996)), Value::Int(1)),
            (format!("{}1{}", "abs(".repeat(4998), ")".repeat(4998)), Value::Int(1)),
            (format!("{}1{}", "1+(".repeat(3332), ")".repeat(3332)), Value::Int(3333)),
            (format!("{}1{}", "1 AND (".repeat(3332), ")".repeat(3332)), Value::Null),
            (
                format!("{}1{}", "case when true then ".repeat(2499), " end".repeat(2499)),
                Value::Int(1),
            ),
        ];
        for (e, want) in cases {
            let (s, reg) = parse(&format!("\\set x {e}\n"));
            let mut vars = Vars::new(&reg);
            let mut rng = PgPrng::from_seed(1);
            let mut out = |_: &str| {};
            let mut ctx = EvalCtx {
                vars: &mut vars,
                rng: &mut rng,
                script: 0,
                command: 1,
                debug_out: &mut out,
            };
            let Some(MetaCommand::Set { expr, .. }) = s.commands[0].meta() else { unreachable!() };
            let got = eval(expr, &mut ctx);
            if want == Value::Null {
                assert_eq!(
                    got.map_err(|e| e.to_string()),
                    Err("cannot coerce int to boolean".into())
                );
            } else {
                assert_eq!(got, Ok(want), "{}", &e[..20]);
            }
        }
    }

    /// The caret of a syntax error far into a long line: C's "%*c" pads
    /// without limit (a Rust format width stops at 65535). C 17 prints
    /// this for a 3333-deep ELSE chain, refused at column 79986.
    #[test]
    fn caret_beyond_column_65535() {
        let e = format!("{}1{}", "CASE WHEN 1 THEN 1 ELSE ".repeat(3333), " END".repeat(3333));
        let src = format!("\\set x {e}\n");
        let mut reg = VarRegistry::new();
        let err = parse_script("t.sql", src.as_bytes(), &mut reg).unwrap_err().to_string();
        let caret = err.lines().last().unwrap();
        assert_eq!(caret, format!("{}^ error found here", " ".repeat(79985)));
        assert!(err.starts_with("t.sql:1: memory exhausted in command \"set\"\n"));
    }

    /// SQL splitting compared with what C pgbench sent (--debug) for the
    /// same script.
    #[test]
    fn sql_splitting_matches_c_pgbench() {
        let (s, reg) = parse(
            "-- lead comment\n  /* c1 /* nested; */ still; */ SELECT 1 AS a;\nSELECT 'x;y' \\; SELECT $q$ ; $q$ AS b;\nCREATE OR REPLACE FUNCTION pg_temp.f() RETURNS int LANGUAGE sql BEGIN ATOMIC SELECT 1; SELECT CASE WHEN true THEN 2 END; END;\nSELECT E'\\\\'';' AS e, (1\n + 2) ;\nSELECT 1 AS g \\gset\nSELECT U&'d;' , \"x;\"\"y\" FROM (SELECT 1 AS \"x;\"\"y\") s;\nSELECT 1 -- trailing ; comment\n + 2;\nSELECT 3; SELECT 4 \\; SELECT 5 \\:\\:int ::text\n",
        );
        let vars = Vars::new(&reg);
        let mut out = Vec::new();
        let sent: Vec<String> = s
            .commands
            .iter()
            .filter_map(Command::sql)
            .map(|q| {
                q.render_simple(&vars, &mut out);
                String::from_utf8_lossy(&out[..out.len() - 1]).into_owned()
            })
            .collect();
        assert_eq!(
            sent,
            [
                "/* c1 /* nested; */ still; */ SELECT 1 AS a;",
                "SELECT 'x;y' ; SELECT $q$ ; $q$ AS b;",
                "CREATE OR REPLACE FUNCTION pg_temp.f() RETURNS int LANGUAGE sql BEGIN ATOMIC SELECT 1; SELECT CASE WHEN true THEN 2 END; END;",
                "SELECT E'\\\\'';' AS e, (1\n + 2) ;",
                "SELECT 1 AS g ",
                "SELECT U&'d;' , \"x;\"\"y\" FROM (SELECT 1 AS \"x;\"\"y\") s;",
                "SELECT 1 -- trailing ; comment\n + 2;",
                "SELECT 3;",
                "SELECT 4 ; SELECT 5 ::int ::text\n",
            ]
        );
    }

    #[test]
    fn commands_first_lines_and_argv() {
        let (s, _) = parse(
            "-- lead\n  SELECT 1,\n 2;\n\\set aid random(1, 10)  \n\\SLEEP 10ms\n\\sleep 5 us\n\\if :x\n\\endif\n\\setshell v echo \\\n :x\n",
        );
        let got: Vec<(&str, Vec<&str>)> = s
            .commands
            .iter()
            .map(|c| (c.first_line.as_str(), c.argv.iter().map(String::as_str).collect()))
            .collect();
        assert_eq!(
            got,
            vec![
                ("SELECT 1,", vec![]),
                ("\\set aid random(1, 10)  ", vec!["set", "aid"]),
                ("\\SLEEP 10ms", vec!["SLEEP", "10ms", "ms"]),
                ("\\sleep 5 us", vec!["sleep", "5", "us"]),
                ("\\if :x", vec!["if"]),
                ("\\endif", vec!["endif"]),
                ("\\setshell v echo \\\n :x", vec!["setshell", "v", "echo", ":x"]),
            ]
        );
        assert_eq!(s.commands[0].sql().unwrap().text, b"SELECT 1,\n 2;");
        assert!(matches!(
            s.commands[2].meta(),
            Some(MetaCommand::Sleep { arg: SleepArg::Literal(10), unit_us: 1000 })
        ));
        assert!(matches!(
            s.commands[3].meta(),
            Some(MetaCommand::Sleep { arg: SleepArg::Literal(5), unit_us: 1 })
        ));
    }

    #[test]
    fn gset_and_aset_attach_to_the_previous_sql_command() {
        let (s, _) = parse(
            "SELECT 1 AS a \\gset\nSELECT 2 AS b \\aset p_\n\\; \\; SELECT 0 AS i5 \\; SELECT 5 AS i5 \\; \\; \\gset\nSELECT 3;\n\\gset q_\n",
        );
        let specs: Vec<(Vec<u8>, Option<GsetSpec>)> = s
            .commands
            .iter()
            .map(|c| (c.sql().unwrap().text.clone(), c.sql().unwrap().gset.clone()))
            .collect();
        let g = |kind, p: &str| Some(GsetSpec { kind, prefix: p.to_owned() });
        assert_eq!(
            specs,
            vec![
                (b"SELECT 1 AS a ".to_vec(), g(GsetKind::Gset, "")),
                (b"SELECT 2 AS b ".to_vec(), g(GsetKind::Aset, "p_")),
                (b"; ; SELECT 0 AS i5 ; SELECT 5 AS i5 ; ; ".to_vec(), g(GsetKind::Gset, "")),
                (b"SELECT 3;".to_vec(), g(GsetKind::Gset, "q_")),
            ]
        );
    }

    #[test]
    fn prepared_statements_are_numbered_over_all_scripts() {
        let (a, mut reg) = parse("SELECT :x;\n\\set y 1\nSELECT :y, :x;\n");
        let b = parse_script("b", b"SELECT 1;", &mut reg).unwrap();
        let mut scripts = [a, b];
        finalize_scripts(&mut scripts, QueryMode::Prepared).unwrap();
        let names: Vec<(String, String)> = scripts
            .iter()
            .flat_map(|s| s.commands.iter().filter_map(Command::sql))
            .map(|q| {
                let f = q.param_form.as_ref().unwrap();
                (
                    f.prep_name.as_ref().unwrap().to_str().unwrap().to_owned(),
                    f.sql.to_str().unwrap().to_owned(),
                )
            })
            .collect();
        assert_eq!(
            names,
            vec![
                ("P_0".to_owned(), "SELECT $1;".to_owned()),
                ("P_1".to_owned(), "SELECT $1, $2;".to_owned()),
                ("P_2".to_owned(), "SELECT 1;".to_owned()),
            ]
        );
        let mut ext = [parse("SELECT :x;").0];
        finalize_scripts(&mut ext, QueryMode::Extended).unwrap();
        assert!(ext[0].commands[0].sql().unwrap().param_form.as_ref().unwrap().prep_name.is_none());
        let mut simple = [parse("SELECT :x;").0];
        finalize_scripts(&mut simple, QueryMode::Simple).unwrap();
        assert!(simple[0].commands[0].sql().unwrap().param_form.is_none());
    }

    #[test]
    fn variables_of_all_kinds_are_registered() {
        let (_, reg) = parse(
            "\\set a :b + 1\nSELECT :c;\n\\sleep :d\n\\shell echo :e ::f\n\\setshell g echo\n\\set . 1\n",
        );
        for n in ["a", "b", "c", "d", "e", "g"] {
            assert!(reg.lookup(n).is_some(), "{n}");
        }
        for n in ["f", ":f", "."] {
            assert!(reg.lookup(n).is_none(), "{n}");
        }
    }

    #[test]
    fn script_text_stops_at_a_nul_byte() {
        let (s, _) = parse("SELECT 1;\0SELECT 2;");
        assert_eq!(s.commands.len(), 1);
        let mut reg = VarRegistry::new();
        let e = parse_script("z", b"\0SELECT 1;", &mut reg).unwrap_err();
        assert_eq!(e.to_string(), "empty command list for script \"z\"");
    }

    #[test]
    fn silent_failure_of_an_empty_string() {
        let (s, reg) = parse("\\set x :e + 1\n");
        let mut vars = Vars::new(&reg);
        vars.set_str(reg.lookup("e").unwrap(), "");
        let mut rng = PgPrng::from_seed(1);
        let mut out = |_: &str| {};
        let mut ctx =
            EvalCtx { vars: &mut vars, rng: &mut rng, script: 0, command: 1, debug_out: &mut out };
        let Some(MetaCommand::Set { expr, .. }) = s.commands[0].meta() else { unreachable!() };
        let e = eval(expr, &mut ctx).unwrap_err();
        assert!(e.is_silent());
        assert_eq!(e.to_string(), "");
    }

    #[test]
    fn conditions_use_truthiness() {
        let (s, reg) = parse("\\if :v\n\\endif\n");
        let mut vars = Vars::new(&reg);
        let mut rng = PgPrng::from_seed(1);
        let Some(MetaCommand::If(e)) = s.commands[0].meta() else { unreachable!() };
        for (v, want) in [
            (Value::Null, false),
            (Value::Int(0), false),
            (Value::Int(-3), true),
            (Value::Double(0.0), false),
            (Value::Double(f64::NAN), true),
            (Value::Bool(true), true),
        ] {
            vars.set_value(reg.lookup("v").unwrap(), v);
            let mut out = |_: &str| {};
            let mut ctx = EvalCtx {
                vars: &mut vars,
                rng: &mut rng,
                script: 0,
                command: 1,
                debug_out: &mut out,
            };
            assert_eq!(eval_condition(e, &mut ctx), Ok(want), "{v:?}");
        }
    }
}
