//! The script catalogue of C pgbench's own tests (001_pgbench_with_server),
//! run by both implementations and compared: the expression script with a
//! fixed seed (its debug() lines byte for byte), the 53 script error
//! cases, seeded determinism, `\gset`/`\aset`, nested `\if`, `\sleep`,
//! `\setshell`/`\shell`, pipelines, an incomplete transaction block, COPY
//! in a script, `--exit-on-abort`, and the server's logging of bind
//! parameters. What only 17 can run (`\syncpipeline`, `--exit-on-abort`)
//! is checked against stored 17 expectations. The script errors are
//! compared as pgbench 17, 18 and 19 (18 reports a run in which no
//! transaction ran otherwise).

use std::sync::{Arc, Mutex};

use crate::harness::bench::{Bench, Ran, TAIL, banner, pgbench_db, report_head, report_head_of};
use crate::harness::{Need, require};
use crate::harness::{Output, Pgbench, cluster, create_db, shapes};

/// Stdout of a one-client custom-script run that ended with the client
/// aborted before finishing any transaction (17 prints the failed line with
/// NaN, then stops).
fn aborted_report(script: &str, mode: &str, per_client: u32) -> String {
    aborted_report_of(17, script, mode, per_client)
}

/// [`aborted_report`] of pgbench `v` (18 stops after the processed line).
fn aborted_report_of(v: u32, script: &str, mode: &str, per_client: u32) -> String {
    let nan = if v == 17 { "number of failed transactions: 0 (NaN%)\n" } else { "" };
    format!(
        "{}number of transactions per client: {per_client}\n\
         number of transactions actually processed: 0/{per_client}\n{nan}",
        report_head_of(v, cluster(), script, mode, 1, 1, "1")
    )
}

/// Stdout of a successful one-client `-t n` run of a custom script.
fn ok_report(script: &str, mode: &str, n: u32) -> String {
    format!(
        "{}number of transactions per client: {n}\n\
         number of transactions actually processed: {n}/{n}\n{TAIL}",
        report_head(script, mode, 1, 1, "1")
    )
}

const ABORTED: &str = "pgbench: error: Run was aborted; the above results are incomplete.\n";

// ---------------------------------------------------------------------------
// Expressions

/// 'pgbench expressions': every debug() line byte for byte, in order.
#[test]
fn tap_expressions() {
    if !require(Need::Server) {
        return;
    }
    let name = "tap_expressions";
    let db = create_db(name);
    let script = include_str!("data/tap-expressions.sql");
    let debug_lines = include_str!("data/tap-expressions.txt");
    let run = Pgbench::new([
        "--random-seed=5432",
        "-t",
        "1",
        "-n",
        "-Dfoo=-10.1",
        "-Dbla=false",
        "-Di=+3",
        "-Dn=null",
        "-Dt=t",
        "-Df=of",
        "-Dd=1.0",
        "-f",
        "001_pgbench_expressions",
        &db.name,
    ])
    .file("001_pgbench_expressions", script)
    .label(name);
    let mut r = Bench::new(name, run).run();
    r.same()
        .status(0)
        .stdout_is(&ok_report("001_pgbench_expressions", "simple", 1))
        .stderr_is(&format!("pgbench: setting random seed to 5432\n{debug_lines}"));
    r.finish();
}

// ---------------------------------------------------------------------------
// Script errors

/// The options of every 'pgbench script error' case.
const ERROR_OPTS: &[&str] = &[
    "-n",
    "-t",
    "1",
    "-Dfoo=bla",
    "-Dnull=null",
    "-Dtrue=true",
    "-Done=1",
    "-Dzero=0.0",
    "-Dbadtrue=trueXXX",
    "-Dmaxint=9223372036854775807",
    "-Dminint=-9223372036854775808",
    "-M",
    "prepared",
];

/// (name, exit status, texts the stderr contains, script) of the 53 cases.
fn script_error_case(name: &str) -> (i32, Vec<&'static str>, String) {
    let s = |x: &str| x.to_string();
    let (status, texts, script): (i32, Vec<&'static str>, String) = match name {
        // SQL
        "sql syntax error" => (
            2,
            vec!["ERROR:  syntax error", "prepared statement \"P_0\" does not exist"],
            s("-- SQL syntax error\n    SELECT 1 + ;\n"),
        ),
        "sql too many args" => (
            1,
            vec!["statement has too many arguments (maximum is 255)"],
            format!(
                "-- MAX_ARGS=256 for prepared\n\\set i 0\nSELECT LEAST({})",
                vec![":i"; 256].join(", ")
            ),
        ),
        // SHELL
        "shell bad command" => {
            (2, vec!["(shell) ", "meta-command failed"], s("\\shell no-such-command"))
        }
        "shell undefined variable" => (
            2,
            vec!["undefined variable \":nosuchvariable\""],
            s("-- undefined variable in shell\n\\shell echo ::foo :nosuchvariable\n"),
        ),
        "shell missing command" => (1, vec!["missing command "], s("\\shell")),
        "shell too many args" => (
            1,
            vec!["too many arguments in command \"shell\""],
            format!("-- 256 arguments to \\shell\n\\shell echo {}", vec!["arg"; 255].join(" ")),
        ),
        // SET
        "set syntax error" => (1, vec!["syntax error in command \"set\""], s("\\set i 1 +")),
        "set no such function" => {
            (1, vec!["unexpected function name"], s("\\set i noSuchFunction()"))
        }
        "set invalid variable name" => (2, vec!["invalid variable name"], s("\\set . 1")),
        "set division by zero" => (2, vec!["division by zero"], s("\\set i 1/0")),
        "set undefined variable" => {
            (2, vec!["undefined variable \"nosuchvariable\""], s("\\set i :nosuchvariable"))
        }
        "set unexpected char" => (1, vec!["unexpected character (;)"], s("\\set i ;")),
        "set too many args" => (
            2,
            vec!["too many function arguments"],
            s("\\set i least(0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16)"),
        ),
        "set empty random range" => {
            (2, vec!["empty range given to random"], s("\\set i random(5,3)"))
        }
        "set random range too large" => {
            (2, vec!["random range is too large"], s("\\set i random(:minint, :maxint)"))
        }
        "set gaussian param too small" => (
            2,
            vec!["gaussian parameter must be at least 2"],
            s("\\set i random_gaussian(0, 10, 1.0)"),
        ),
        "set exponential param greater 0" => (
            2,
            vec!["exponential parameter must be greater "],
            s("\\set i random_exponential(0, 10, 0.0)"),
        ),
        "set zipfian param to 1" => (
            2,
            vec!["zipfian parameter must be in range [1.001, 1000]"],
            s("\\set i random_zipfian(0, 10, 1)"),
        ),
        "set zipfian param too large" => (
            2,
            vec!["zipfian parameter must be in range [1.001, 1000]"],
            s("\\set i random_zipfian(0, 10, 1000000)"),
        ),
        "set non numeric value" => {
            (2, vec!["malformed variable \"foo\" value: \"bla\""], s("\\set i :foo + 1"))
        }
        "set no expression" => (1, vec!["syntax error"], s("\\set i")),
        "set missing argument" => (1, vec!["missing argument"], s("\\set")),
        "set not a bool" => (2, vec!["cannot coerce double to boolean"], s("\\set b NOT 0.0")),
        "set not an int" => (2, vec!["cannot coerce boolean to int"], s("\\set i TRUE + 2")),
        "set not a double" => (2, vec!["cannot coerce boolean to double"], s("\\set d ln(TRUE)")),
        "set case error" => {
            (1, vec!["syntax error in command \"set\""], s("\\set i CASE TRUE THEN 1 ELSE 0 END"))
        }
        "set random error" => {
            (2, vec!["cannot coerce boolean to int"], s("\\set b random(FALSE, TRUE)"))
        }
        "set number of args mismatch" => {
            (1, vec!["unexpected number of arguments"], s("\\set d ln(1.0, 2.0))"))
        }
        "set at least one arg" => {
            (1, vec!["at least one argument expected"], s("\\set i greatest())"))
        }
        // SET: arithmetic overflow detection
        "set double to int overflow" => {
            (2, vec!["double to int overflow for 100"], s("\\set i int(1E32)"))
        }
        "set bigint add overflow" => (2, vec!["int add out"], s("\\set i (1<<62) + (1<<62)")),
        "set bigint sub overflow" => {
            (2, vec!["int sub out"], s("\\set i 0 - (1<<62) - (1<<62) - (1<<62)"))
        }
        "set bigint mul overflow" => (2, vec!["int mul out"], s("\\set i 2 * (1<<62)")),
        "set bigint div out of range" => {
            (2, vec!["bigint div out of range"], s("\\set i :minint / -1"))
        }
        // SETSHELL
        "setshell not an int" => {
            (2, vec!["command must return an integer"], s("\\setshell i echo -n one"))
        }
        "setshell missing arg" => (1, vec!["missing argument "], s("\\setshell var")),
        "setshell no such command" => {
            (2, vec!["could not read result "], s("\\setshell var no-such-command"))
        }
        // SLEEP
        "sleep undefined variable" => {
            (2, vec!["sleep: undefined variable"], s("\\sleep :nosuchvariable"))
        }
        "sleep too many args" => (1, vec!["too many arguments"], s("\\sleep too many args")),
        "sleep missing arg" => (1, vec!["missing argument", "\\sleep"], s("\\sleep")),
        "sleep unknown unit" => (1, vec!["unrecognized time unit"], s("\\sleep 1 week")),
        // MISC
        "misc invalid backslash command" => {
            (1, vec!["invalid command in command \"nosuchcommand\""], s("\\nosuchcommand"))
        }
        "misc empty script" => (1, vec!["empty command list for script"], s("")),
        "bad boolean" => (2, vec!["malformed variable", "trueXXX"], s("\\set b :badtrue or true")),
        "invalid permute size" => (
            2,
            vec!["permute size parameter must be greater than zero"],
            s("\\set i permute(0, 0)"),
        ),
        // GSET
        "gset no row" => (2, vec!["expected one row, got 0\n"], s("SELECT WHERE FALSE \\gset")),
        "gset alone" => (1, vec!["gset must follow an SQL command"], s("\\gset")),
        "gset no SQL" => (1, vec!["gset must follow an SQL command"], s("\\set i +1\n\\gset")),
        "gset too many arguments" => (1, vec!["too many arguments"], s("SELECT 1 \\gset a b")),
        "gset after gset" => {
            (1, vec!["gset must follow an SQL command"], s("SELECT 1 AS i \\gset\n\\gset"))
        }
        "gset non SELECT" => {
            (2, vec!["expected one row, got 0"], s("DROP TABLE IF EXISTS no_such_table \\gset"))
        }
        "gset bad default name" => {
            (2, vec!["error storing into variable ?column?"], s("SELECT 1 \\gset"))
        }
        "gset bad name" => (
            2,
            vec!["error storing into variable bad name!"],
            s("SELECT 1 AS \"bad name!\" \\gset"),
        ),
        _ => panic!("no script error case {name:?}"),
    };
    (status, texts, script)
}

/// Run one 'pgbench script error' case with both implementations, as
/// pgbench 17, 18 and 19.
fn script_error(name: &str) {
    for v in crate::harness::runner::VERSIONS {
        script_error_as(v, name);
    }
}

fn script_error_as(v: u32, name: &str) {
    let (status, texts, script) = script_error_case(name);
    let file = format!("001_pgbench_error_{}", name.replace(' ', "_"));
    let case = format!("script_error_{}_v{v}", name.replace(' ', "_"));
    let db = create_db(&case);
    let mut args: Vec<String> = ERROR_OPTS.iter().map(|s| s.to_string()).collect();
    args.extend(["-f".to_string(), file.clone(), db.name.clone()]);
    let run = Pgbench::new(&args).file(&file, script.clone()).compat(v).label(&case);
    let mut r = Bench::new(&case, run).run();
    r.same().status(status);
    if status == 1 {
        r.stdout_is("");
    } else {
        r.stdout_is(&aborted_report_of(v, &file, "prepared", 1)).each(|o| {
            if o.stderr.ends_with(ABORTED) {
                Ok(())
            } else {
                Err(format!("stderr does not end with {ABORTED:?}"))
            }
        });
    }
    for t in texts {
        r.stderr_contains(t);
    }
    r.finish();
}

macro_rules! script_errors {
    ($($fn_name:ident: $name:literal;)*) => {
        mod script_error {
            $(
                #[test]
                fn $fn_name() {
                    if !crate::harness::require(crate::harness::Need::Server) {
                        return;
                    }
                    super::script_error($name);
                }
            )*

            /// The catalogue has the 53 cases of the 17 test file.
            #[test]
            fn count() {
                assert_eq!([$($name),*].len(), 53);
            }
        }
    };
}

script_errors! {
    sql_syntax_error: "sql syntax error";
    sql_too_many_args: "sql too many args";
    shell_bad_command: "shell bad command";
    shell_undefined_variable: "shell undefined variable";
    shell_missing_command: "shell missing command";
    shell_too_many_args: "shell too many args";
    set_syntax_error: "set syntax error";
    set_no_such_function: "set no such function";
    set_invalid_variable_name: "set invalid variable name";
    set_division_by_zero: "set division by zero";
    set_undefined_variable: "set undefined variable";
    set_unexpected_char: "set unexpected char";
    set_too_many_args: "set too many args";
    set_empty_random_range: "set empty random range";
    set_random_range_too_large: "set random range too large";
    set_gaussian_param_too_small: "set gaussian param too small";
    set_exponential_param_greater_0: "set exponential param greater 0";
    set_zipfian_param_to_1: "set zipfian param to 1";
    set_zipfian_param_too_large: "set zipfian param too large";
    set_non_numeric_value: "set non numeric value";
    set_no_expression: "set no expression";
    set_missing_argument: "set missing argument";
    set_not_a_bool: "set not a bool";
    set_not_an_int: "set not an int";
    set_not_a_double: "set not a double";
    set_case_error: "set case error";
    set_random_error: "set random error";
    set_number_of_args_mismatch: "set number of args mismatch";
    set_at_least_one_arg: "set at least one arg";
    set_double_to_int_overflow: "set double to int overflow";
    set_bigint_add_overflow: "set bigint add overflow";
    set_bigint_sub_overflow: "set bigint sub overflow";
    set_bigint_mul_overflow: "set bigint mul overflow";
    set_bigint_div_out_of_range: "set bigint div out of range";
    setshell_not_an_int: "setshell not an int";
    setshell_missing_arg: "setshell missing arg";
    setshell_no_such_command: "setshell no such command";
    sleep_undefined_variable: "sleep undefined variable";
    sleep_too_many_args: "sleep too many args";
    sleep_missing_arg: "sleep missing arg";
    sleep_unknown_unit: "sleep unknown unit";
    misc_invalid_backslash_command: "misc invalid backslash command";
    misc_empty_script: "misc empty script";
    bad_boolean: "bad boolean";
    invalid_permute_size: "invalid permute size";
    gset_no_row: "gset no row";
    gset_alone: "gset alone";
    gset_no_sql: "gset no SQL";
    gset_too_many_arguments: "gset too many arguments";
    gset_after_gset: "gset after gset";
    gset_non_select: "gset non SELECT";
    gset_bad_default_name: "gset bad default name";
    gset_bad_name: "gset bad name";
}

// ---------------------------------------------------------------------------
// Seeded determinism

/// 'random seeded': the same seed gives the same four random values, in
/// both implementations and in a second run of the binary under test.
#[test]
fn random_seeded() {
    if !require(Need::Server) {
        return;
    }
    let name = "random_seeded";
    let db = create_db(name);
    db.exec(
        "CREATE UNLOGGED TABLE seeded_random(seed INT8 NOT NULL, rand TEXT NOT NULL, val INTEGER NOT NULL)",
    );
    let seed = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.subsec_nanos() % 1_000_000_000)
        .unwrap_or(12345)
        .to_string();
    let script = "-- test random functions\n\
                  \\set ur random(1000, 1999)\n\
                  \\set er random_exponential(2000, 2999, 2.0)\n\
                  \\set gr random_gaussian(3000, 3999, 3.0)\n\
                  \\set zr random_zipfian(4000, 4999, 1.5)\n\
                  INSERT INTO seeded_random(seed, rand, val) VALUES\n  \
                  (:random_seed, 'uniform', :ur),\n  \
                  (:random_seed, 'exponential', :er),\n  \
                  (:random_seed, 'gaussian', :gr),\n  \
                  (:random_seed, 'zipfian', :zr);\n";
    let run = Pgbench::new([
        &format!("--random-seed={seed}"),
        "-t",
        "1",
        "-n",
        "-f",
        "001_pgbench_random_seed",
        &db.name,
    ])
    .file("001_pgbench_random_seed", script)
    .label(name);
    let mut r = Bench::new(name, run.clone()).run();
    r.same()
        .status(0)
        .stdout_is(&ok_report("001_pgbench_random_seed", "simple", 1))
        .stderr_is(&format!("pgbench: setting random seed to {seed}\n"));
    // Once more with the binary under test.
    let again = run.run_under_test();
    r.check.eq(
        "second run exit status",
        "expected",
        &crate::harness::Status::Exit(0),
        "pgbench-rs",
        &again.status,
    );
    let runs = r.sides().len() + 1;
    let rows = db.query("SELECT seed, rand, val, COUNT(*) FROM seeded_random GROUP BY seed, rand, val ORDER BY rand");
    let kinds: Vec<(&str, i64)> =
        vec![("exponential", 2000), ("gaussian", 3000), ("uniform", 1000), ("zipfian", 4000)];
    if rows.len() != 4 {
        r.check
            .fail(format!("seed {seed}: expected one value per distribution, got rows {rows:?}\n"));
    } else {
        for (row, (kind, lo)) in rows.iter().zip(kinds) {
            let val: i64 = row[2].parse().unwrap_or(-1);
            let ok = row[0] == seed
                && row[1] == kind
                && (lo..lo + 1000).contains(&val)
                && row[3] == runs.to_string();
            if !ok {
                r.check.fail(format!(
                    "seed {seed}: row {row:?} should be ({seed}, {kind}, {lo}..{}, {runs})\n",
                    lo + 999
                ));
            }
        }
    }
    r.finish();
}

// ---------------------------------------------------------------------------
// \gset and \aset

fn one_script_case(name: &str, file: &str, script: &str, extra: &[&str]) -> Ran {
    let db = create_db(name);
    let mut args: Vec<&str> = vec!["-t", "1", "-n"];
    args.extend_from_slice(extra);
    args.extend(["-f", file, &db.name]);
    let run = Pgbench::new(&args).file(file, script).label(name);
    Bench::new(name, run).run()
}

/// 'pgbench gset command'.
#[test]
fn gset() {
    if !require(Need::Server) {
        return;
    }
    let script = "-- test gset\n\
                  -- no columns\n\
                  SELECT \\gset\n\
                  -- one value\n\
                  SELECT 0 AS i0 \\gset\n\
                  \\set i debug(:i0)\n\
                  -- two values\n\
                  SELECT 1 AS i1, 2 AS i2 \\gset\n\
                  \\set i debug(:i1)\n\
                  \\set i debug(:i2)\n\
                  -- with prefix\n\
                  SELECT 3 AS i3 \\gset x_\n\
                  \\set i debug(:x_i3)\n\
                  -- overwrite existing variable\n\
                  SELECT 0 AS i4, 4 AS i4 \\gset\n\
                  \\set i debug(:i4)\n\
                  -- work on the last SQL command under \\;\n\
                  \\; \\; SELECT 0 AS i5 \\; SELECT 5 AS i5 \\; \\; \\gset\n\
                  \\set i debug(:i5)\n";
    let mut r = one_script_case("gset", "001_pgbench_gset", script, &[]);
    r.same().status(0).stdout_is(&ok_report("001_pgbench_gset", "simple", 1)).stderr_is(
        "debug(script=0,command=3): int 0\n\
         debug(script=0,command=5): int 1\n\
         debug(script=0,command=6): int 2\n\
         debug(script=0,command=8): int 3\n\
         debug(script=0,command=10): int 4\n\
         debug(script=0,command=12): int 5\n",
    );
    r.finish();
}

/// Twenty parameters in one statement, in each mode that sends parameters:
/// the values arrive in order.
#[test]
fn many_parameters() {
    if !require(Need::Server) {
        return;
    }
    let cols: Vec<String> = (1..=20).map(|i| format!(":v{i}")).collect();
    let sets = (1..=20).map(|i| format!("\\set v{i} {i} * 7\n")).collect::<Vec<_>>().concat();
    let script = format!(
        "{sets}SELECT {} AS s, :v20::int AS last, NULLIF(:v3, 21) IS NULL AS n \\gset\n\
         \\set r debug(:s)\n\\set r debug(:last)\n\\set r debug(:n)\n",
        cols.iter().map(|c| format!("{c}::int")).collect::<Vec<_>>().join(" + ")
    );
    for mode in ["extended", "prepared"] {
        let name = format!("many_params_{mode}");
        let mut r = one_script_case(&name, "001_pgbench_params", &script, &["-M", mode]);
        r.same().status(0).stdout_is(&ok_report("001_pgbench_params", mode, 1)).stderr_is(
            "debug(script=0,command=22): int 1470\n\
             debug(script=0,command=23): int 140\n\
             debug(script=0,command=24): boolean true\n",
        );
        r.finish();
    }
}

/// 'pgbench gset command with two rows'.
#[test]
fn gset_two_rows() {
    if !require(Need::Server) {
        return;
    }
    let script = "\nSELECT 5432 AS fail UNION SELECT 5433 ORDER BY 1 \\gset\n";
    let mut r = one_script_case("gset_two_rows", "001_pgbench_gset_two_rows", script, &[]);
    r.same()
        .status(2)
        .stdout_is(&aborted_report("001_pgbench_gset_two_rows", "simple", 1))
        .stderr_is(&format!(
            "pgbench: error: client 0 script 0 command 0 query 0: expected one row, got 2\n{ABORTED}"
        ));
    r.finish();
}

/// 'pgbench aset command'.
#[test]
fn aset() {
    if !require(Need::Server) {
        return;
    }
    let script = "\n-- test aset, which applies to a combined query\n\
                  \\; SELECT 6 AS i6 \\; SELECT 7 AS i7 \\; \\aset\n\
                  -- unless it returns more than one row, last is kept\n\
                  SELECT 8 AS i6 UNION SELECT 9 ORDER BY 1 DESC \\aset\n\
                  \\set i debug(:i6)\n\
                  \\set i debug(:i7)\n";
    let mut r = one_script_case("aset", "001_pgbench_aset", script, &[]);
    r.same()
        .status(0)
        .stdout_is(&ok_report("001_pgbench_aset", "simple", 1))
        .stderr_is("debug(script=0,command=3): int 8\ndebug(script=0,command=4): int 7\n");
    r.finish();
}

/// 'pgbench aset command with empty result'.
#[test]
fn aset_empty() {
    if !require(Need::Server) {
        return;
    }
    let script = "\n-- empty result\n\
                  \\; SELECT 5432 AS i8 WHERE FALSE \\; \\aset\n\
                  \\set i debug(:i8)\n";
    let mut r = one_script_case("aset_empty", "001_pgbench_aset_empty", script, &[]);
    r.same().status(2).stdout_is(&aborted_report("001_pgbench_aset_empty", "simple", 1)).stderr_is(
        &format!(
            "pgbench: error: undefined variable \"i8\"\n\
             pgbench: error: client 0 aborted in command 1 (set) of script 0; \
             evaluation of meta-command failed\n{ABORTED}"
        ),
    );
    r.finish();
}

// ---------------------------------------------------------------------------
// \if

const NESTED_IF: &str = "
\t\t\t\\if false
\t\t\t\tSELECT 1 / 0;
\t\t\t\t\\if true
\t\t\t\t\tSELECT 1 / 0;
\t\t\t\t\\elif true
\t\t\t\t\tSELECT 1 / 0;
\t\t\t\t\\else
\t\t\t\t\tSELECT 1 / 0;
\t\t\t\t\\endif
\t\t\t\tSELECT 1 / 0;
\t\t\t\\elif false
\t\t\t\t\\if true
\t\t\t\t\tSELECT 1 / 0;
\t\t\t\t\\elif true
\t\t\t\t\tSELECT 1 / 0;
\t\t\t\t\\else
\t\t\t\t\tSELECT 1 / 0;
\t\t\t\t\\endif
\t\t\t\\else
\t\t\t\t\\if false
\t\t\t\t\tSELECT 1 / 0;
\t\t\t\t\\elif false
\t\t\t\t\tSELECT 1 / 0;
\t\t\t\t\\else
\t\t\t\t\tSELECT 'correct';
\t\t\t\t\\endif
\t\t\t\\endif
\t\t\t\\if true
\t\t\t\tSELECT 'correct';
\t\t\t\\else
\t\t\t\t\\if true
\t\t\t\t\tSELECT 1 / 0;
\t\t\t\t\\elif true
\t\t\t\t\tSELECT 1 / 0;
\t\t\t\t\\else
\t\t\t\t\tSELECT 1 / 0;
\t\t\t\t\\endif
\t\t\t\\endif
\t\t";

/// 'nested ifs' without --exit-on-abort.
#[test]
fn nested_ifs() {
    if !require(Need::Server) {
        return;
    }
    let name = "nested_ifs";
    let db = create_db(name);
    let run = Pgbench::new([
        "--no-vacuum",
        "--client=1",
        "--transactions=1",
        "-f",
        "pgbench_nested_if",
        &db.name,
    ])
    .file("pgbench_nested_if", NESTED_IF)
    .label(name);
    let mut r = Bench::new(name, run).run();
    r.same().status(0).stdout_is(&ok_report("pgbench_nested_if", "simple", 1)).stderr_is("");
    r.finish();
}

/// 'nested ifs' as 17's test runs it (with --exit-on-abort): stored 17
/// expectation only.
#[test]
fn nested_ifs_exit_on_abort() {
    if !require(Need::Server) {
        return;
    }
    let name = "nested_ifs_exit_on_abort";
    let db = create_db(name);
    let run = Pgbench::new([
        "--no-vacuum",
        "--client=1",
        "--exit-on-abort",
        "--transactions=1",
        "-f",
        "pgbench_nested_if",
        &db.name,
    ])
    .file("pgbench_nested_if", NESTED_IF)
    .label(name);
    let mut r = Bench::new(name, run).run();
    r.status(0).stdout_is(&ok_report("pgbench_nested_if", "simple", 1)).stderr_is("");
    r.finish();
}

/// An `\if`/`\elif`/`\else` chain over variables, with expressions in the
/// conditions, over several transactions (the branch taken changes with
/// the transaction): each branch's debug() line.
#[test]
fn if_chain_over_transactions() {
    if !require(Need::Server) {
        return;
    }
    let script = "\\set k debug(:k + 1)\n\
                  \\if :k % 3 = 0\n\
                  \\set r debug(1000 + :k)\n\
                  \\elif :k % 3 = 1\n\
                  SELECT :k AS got \\gset\n\
                  \\set r debug(2000 + :got)\n\
                  \\else\n\
                  \\if :k > 4\n\
                  \\set r debug(3000 + :k)\n\
                  \\else\n\
                  \\set r debug(4000 + :k)\n\
                  \\endif\n\
                  \\endif\n";
    let name = "if_chain";
    let db = create_db(name);
    let run = Pgbench::new(["-n", "-t", "6", "-Dk=0", "-f", "if_chain.sql", &db.name])
        .file("if_chain.sql", script)
        .label(name);
    let mut r = Bench::new(name, run).run();
    let mut want = String::new();
    // debug() numbers commands from 1.
    for k in 1..=6 {
        want.push_str(&format!("debug(script=0,command=1): int {k}\n"));
        let line = match k % 3 {
            0 => format!("debug(script=0,command=3): int {}\n", 1000 + k),
            1 => format!("debug(script=0,command=6): int {}\n", 2000 + k),
            _ if k > 4 => format!("debug(script=0,command=9): int {}\n", 3000 + k),
            _ => format!("debug(script=0,command=11): int {}\n", 4000 + k),
        };
        want.push_str(&line);
    }
    r.same().status(0).stdout_is(&ok_report("if_chain.sql", "simple", 6)).stderr_is(&want);
    r.finish();
}

// ---------------------------------------------------------------------------
// \sleep, \setshell, \shell

/// 'pgbench backslash commands': \set, \sleep in every unit, \setshell
/// with continuation lines, \shell (its output goes to pgbench's stdout,
/// after the banner and before the report).
#[test]
fn backslash_commands() {
    if !require(Need::Server) {
        return;
    }
    let script = "-- run set\n\
                  \\set zero 0\n\
                  \\set one 1.0\n\
                  -- sleep\n\
                  \\sleep :one ms\n\
                  \\sleep 100 us\n\
                  \\sleep 0 s\n\
                  \\sleep :zero\n\
                  -- setshell and continuation\n\
                  \\setshell another_one\\\n  echo \\\n    :one\n\
                  \\set n debug(:another_one)\n\
                  -- shell\n\
                  \\shell echo shell-echo-output\n";
    let mut r =
        one_script_case("backslash_commands", "001_pgbench_backslash_commands", script, &[]);
    let report = ok_report("001_pgbench_backslash_commands", "simple", 1);
    let (head, tail) = report.split_at(banner().len());
    r.same()
        .status(0)
        .stdout_is(&format!("{head}shell-echo-output\n{tail}"))
        .stderr_is("debug(script=0,command=8): int 1\n");
    r.finish();
}

/// `\sleep` really sleeps: with `-r`, the per-command latency of a 30 ms
/// sleep, and the whole transaction, take at least that long.
#[test]
fn sleep_takes_its_time() {
    if !require(Need::Server) {
        return;
    }
    let script = "\\set ms 30\n\\sleep :ms ms\n\\sleep 20000 us\n\\sleep 0 s\n";
    let name = "sleep_time";
    let db = create_db(name);
    let run = Pgbench::new(["-n", "-t", "2", "-r", "-f", "sleep.sql", &db.name])
        .file("sleep.sql", script)
        .label(name);
    let mut r = Bench::new(name, run).run();
    r.same().status(0).stderr_is("").stdout_is(&format!(
        "{}statement latencies in milliseconds and failures:\n\
         \x20          <t>           0  \\set ms 30\n\
         \x20          <t>           0  \\sleep :ms ms\n\
         \x20          <t>           0  \\sleep 20000 us\n\
         \x20          <t>           0  \\sleep 0 s\n",
        ok_report("sleep.sql", "simple", 2)
    ));
    r.each_raw(|o| {
        let lat = o
            .stdout
            .lines()
            .find_map(|l| l.strip_prefix("latency average = ")?.strip_suffix(" ms"))
            .and_then(|v| v.parse::<f64>().ok())
            .ok_or("no latency average")?;
        let per_cmd: Vec<f64> = o
            .stdout
            .lines()
            .filter(|l| l.contains("\\sleep"))
            .filter_map(|l| l.split_whitespace().next()?.parse().ok())
            .collect();
        if lat < 50.0 || per_cmd.len() != 3 || per_cmd[0] < 30.0 || per_cmd[1] < 20.0 {
            return Err(format!("sleeps too short: latency {lat} ms, per command {per_cmd:?}"));
        }
        Ok(())
    });
    r.finish();
}

// ---------------------------------------------------------------------------
// Pipelines

fn pipeline_case(name: &str, file: &str, script: &str, args: &[&str]) -> Ran {
    let db = create_db(name);
    let mut a: Vec<&str> = args.to_vec();
    a.extend(["-f", file, &db.name]);
    let run = Pgbench::new(&a).file(file, script).label(name);
    Bench::new(name, run).run()
}

fn ten_selects() -> String {
    "select 1;\n".repeat(10)
}

/// 'working \startpipeline'.
#[test]
fn pipeline_working() {
    if !require(Need::Server) {
        return;
    }
    let script =
        format!("\n-- test startpipeline\n\\startpipeline\n{}\n\\endpipeline\n", ten_selects());
    let mut r = pipeline_case(
        "pipeline_working",
        "001_pgbench_pipeline",
        &script,
        &["-t", "1", "-n", "-M", "extended"],
    );
    r.same().status(0).stdout_is(&ok_report("001_pgbench_pipeline", "extended", 1)).stderr_is("");
    r.finish();
}

/// 'working \startpipeline' in prepared mode (an empty pipeline first).
#[test]
fn pipeline_prepared() {
    if !require(Need::Server) {
        return;
    }
    let script = format!(
        "\n-- test startpipeline\n\\startpipeline\n\\endpipeline\n\\startpipeline\n{}\n\\endpipeline\n",
        ten_selects()
    );
    let mut r = pipeline_case(
        "pipeline_prepared",
        "001_pgbench_pipeline_prep",
        &script,
        &["-t", "1", "-n", "-M", "prepared"],
    );
    r.same()
        .status(0)
        .stdout_is(&ok_report("001_pgbench_pipeline_prep", "prepared", 1))
        .stderr_is("");
    r.finish();
}

/// A pipeline under `--debug`: the sync result's debug line (with the
/// count of ongoing syncs).
#[test]
fn pipeline_debug() {
    if !require(Need::Server) {
        return;
    }
    let name = "pipeline_debug";
    let db = create_db(name);
    let script = "\\startpipeline\nselect 1;\nselect 2;\n\\endpipeline\n";
    let run = Pgbench::new([
        "-t",
        "2",
        "-n",
        "-M",
        "extended",
        "--debug",
        "-f",
        "pipeline.sql",
        &db.name,
    ])
    .file("pipeline.sql", script)
    .label(name);
    let mut r = Bench::new(name, run).run();
    r.same_status()
        .same_stdout()
        .same_by("stderr messages per client (`receiving` repeats collapsed)", |o: &Output| {
            shapes::render_per_client(&shapes::messages_per_client(&o.stderr))
        })
        .status(0)
        .stdout_is(&format!(
            "{}number of transactions per client: 2\n\
             number of transactions actually processed: 2/2\n{TAIL}",
            report_head("pipeline.sql", "extended", 1, 1, "1")
        ))
        .each(|o| {
            let n = o
                .stderr
                .lines()
                .filter(|l| *l == "pgbench: client 0 pipeline ending, ongoing syncs: 1")
                .count();
            if n == 2 {
                Ok(())
            } else {
                Err(format!("{n} `pipeline ending, ongoing syncs: 1` lines, expected 2"))
            }
        });
    r.finish();
}

/// 'working \startpipeline with \syncpipeline'.
#[test]
fn pipeline_syncpipeline() {
    if !require(Need::Server) {
        return;
    }
    let script = "\n-- test startpipeline\n\\startpipeline\nselect 1;\n\\syncpipeline\n\\syncpipeline\nselect 2;\n\\syncpipeline\nselect 3;\n\\endpipeline\n";
    let name = "pipeline_syncpipeline";
    let db = create_db(name);
    let run = Pgbench::new([
        "-t",
        "1",
        "-n",
        "-M",
        "extended",
        "-f",
        "001_pgbench_pipeline_sync",
        &db.name,
    ])
    .file("001_pgbench_pipeline_sync", script)
    .label(name);
    let mut r = Bench::new(name, run).run();
    r.status(0).stdout_is(&ok_report("001_pgbench_pipeline_sync", "extended", 1)).stderr_is("");
    r.finish();
}

/// `\syncpipeline` under `--debug`: one `pipeline ending` line
/// per sync, with the count of syncs still pending before it (4, 3, 2, 1).
#[test]
fn pipeline_syncpipeline_debug() {
    if !require(Need::Server) {
        return;
    }
    let script = "\\startpipeline\nselect 1;\n\\syncpipeline\n\\syncpipeline\nselect 2;\n\\syncpipeline\nselect 3;\n\\endpipeline\n";
    let name = "pipeline_syncpipeline_debug";
    let db = create_db(name);
    let run =
        Pgbench::new(["-t", "1", "-n", "-M", "extended", "--debug", "-f", "sync.sql", &db.name])
            .file("sync.sql", script)
            .label(name);
    let mut r = Bench::new(name, run).run();
    r.status(0).stdout_is(&ok_report("sync.sql", "extended", 1)).each(|o| {
        let got: Vec<&str> = o.stderr.lines().filter(|l| l.contains("pipeline ending")).collect();
        let want: Vec<String> = (1..=4)
            .rev()
            .map(|k| format!("pgbench: client 0 pipeline ending, ongoing syncs: {k}"))
            .collect();
        if got == want {
            Ok(())
        } else {
            Err(format!("pipeline ending lines {got:?}, expected {want:?}"))
        }
    });
    r.finish();
}

/// A pipeline error case: exit 2, stored stderr.
fn pipeline_error(name: &str, file: &str, script: &str, t: u32, stderr: &str) {
    let db = create_db(name);
    let t_arg = t.to_string();
    let run = Pgbench::new(["-t", &t_arg, "-n", "-M", "extended", "-f", file, &db.name])
        .file(file, script)
        .label(name);
    let mut r = Bench::new(name, run).run();
    r.same()
        .status(2)
        .stdout_is(&aborted_report(file, "extended", t))
        .stderr_is(&format!("{stderr}{ABORTED}"));
    r.finish();
}

/// 'error: call \startpipeline twice'.
#[test]
fn pipeline_twice() {
    if !require(Need::Server) {
        return;
    }
    pipeline_error(
        "pipeline_twice",
        "001_pgbench_pipeline_2",
        "\n-- startpipeline twice\n\\startpipeline\n\\startpipeline\n",
        1,
        "pgbench: error: client 0 aborted in command 1 (startpipeline) of script 0; already in pipeline mode\n",
    );
}

/// 'error: \endpipeline with no start'.
#[test]
fn pipeline_end_without_start() {
    if !require(Need::Server) {
        return;
    }
    pipeline_error(
        "pipeline_no_start",
        "001_pgbench_pipeline_3",
        "\n-- pipeline not started\n\\endpipeline\n",
        1,
        "pgbench: error: client 0 aborted in command 0 (endpipeline) of script 0; not in pipeline mode\n",
    );
}

/// 'error: \gset not allowed in pipeline mode'.
#[test]
fn pipeline_gset() {
    if !require(Need::Server) {
        return;
    }
    pipeline_error(
        "pipeline_gset",
        "001_pgbench_pipeline_4",
        "\n\\startpipeline\nselect 1 \\gset f\n\\endpipeline\n",
        1,
        "pgbench: error: client 0 aborted in command 1 (gset) of script 0; \\gset is not allowed in pipeline mode\n",
    );
}

/// 'error: call \startpipeline without \endpipeline in a single transaction'.
#[test]
fn pipeline_open_single() {
    if !require(Need::Server) {
        return;
    }
    pipeline_error(
        "pipeline_open_single",
        "001_pgbench_pipeline_5",
        "\n-- startpipeline only with single transaction\n\\startpipeline\n",
        1,
        "pgbench: error: client 0 aborted: end of script reached with pipeline open\n",
    );
}

/// 'error: call \startpipeline without \endpipeline'.
#[test]
fn pipeline_open() {
    if !require(Need::Server) {
        return;
    }
    pipeline_error(
        "pipeline_open",
        "001_pgbench_pipeline_6",
        "\n-- startpipeline only\n\\startpipeline\n",
        2,
        "pgbench: error: client 0 aborted: end of script reached with pipeline open\n",
    );
}

/// 'error: call \startpipeline and \syncpipeline without \endpipeline'.
#[test]
fn pipeline_open_after_syncpipeline() {
    if !require(Need::Server) {
        return;
    }
    pipeline_error(
        "pipeline_open_sync",
        "001_pgbench_pipeline_7",
        "\n-- startpipeline with \\syncpipeline only\n\\startpipeline\n\\syncpipeline\n",
        2,
        "pgbench: error: client 0 aborted: end of script reached with pipeline open\n",
    );
}

/// 'working \startpipeline with serializable' (4 clients).
#[test]
fn pipeline_serializable() {
    if !require(Need::Server) {
        return;
    }
    let name = "pipeline_serializable";
    let db = create_db(name);
    let script = format!(
        "\n-- test startpipeline with serializable\n\\startpipeline\nBEGIN ISOLATION LEVEL SERIALIZABLE;\n{}\nEND;\n\\endpipeline\n",
        ten_selects()
    );
    let run = Pgbench::new([
        "-c4",
        "-t",
        "10",
        "-n",
        "-M",
        "prepared",
        "-f",
        "001_pgbench_pipeline_serializable",
        &db.name,
    ])
    .file("001_pgbench_pipeline_serializable", script)
    .label(name);
    let mut r = Bench::new(name, run).run();
    r.same().status(0).stderr_is("").stdout_is(&format!(
        "{}number of transactions per client: 10\n\
         number of transactions actually processed: 40/40\n{TAIL}",
        report_head("001_pgbench_pipeline_serializable", "prepared", 4, 1, "1")
    ));
    r.finish();
}

// ---------------------------------------------------------------------------
// Aborts

/// 'incomplete transaction block'.
#[test]
fn incomplete_transaction_block() {
    if !require(Need::Server) {
        return;
    }
    let name = "incomplete_transaction_block";
    let db = create_db(name);
    let file = "001_pgbench_incomplete_transaction_block";
    let run = Pgbench::new(["--no-vacuum", "-f", file, &db.name])
        .file(file, "BEGIN;SELECT 1;")
        .label(name);
    let mut r = Bench::new(name, run).run();
    r.same()
        .status(2)
        .stdout_is(&format!(
            "{}number of transactions per client: 10\n\
             number of transactions actually processed: 1/10\n{TAIL}",
            report_head(file, "simple", 1, 1, "1")
        ))
        .stderr_is(&format!(
            "pgbench: error: client 0 aborted: end of script reached without completing the last transaction\n{ABORTED}"
        ));
    r.finish();
}

/// 'Test copy in script': COPY is refused and the client aborts.
#[test]
fn copy_in_script() {
    if !require(Need::Server) {
        return;
    }
    let name = "copy_in_script";
    let db = pgbench_db(name);
    let run = Pgbench::new(["-t", "10", "-f", "001_copy", &db.name])
        .file("001_copy", " COPY pgbench_accounts FROM stdin ")
        .label(name);
    let mut r = Bench::new(name, run).run();
    r.same()
        .status(2)
        .stdout_is(&aborted_report("001_copy", "simple", 10))
        .stderr_is(&format!(
            "starting vacuum...end.\npgbench: error: COPY is not supported in pgbench, aborting\n{ABORTED}"
        ));
    r.finish();
}

const EXIT_ON_ABORT_SCRIPT: &str =
    "\nupdate counter set i = i+1 returning i \\gset\n\\if :i = 5\n\\set y 1/0\n\\endif\n";

/// Which client reaches the failing transaction depends on timing: mask
/// the client and thread numbers of a two-client, two-thread run.
fn mask_client_and_thread(s: &str) -> String {
    let mut out = s.to_string();
    for n in ["0", "1"] {
        out = out
            .replace(&format!("client {n} "), "client <n> ")
            .replace(&format!("thread {n}\n"), "thread <n>\n");
    }
    out
}

/// The upstream '--exit-on-abort' workload without the option: the other
/// client finishes, the report is printed, exit status 2.
#[test]
fn abort_in_one_thread() {
    if !require(Need::Server) {
        return;
    }
    let name = "abort_in_one_thread";
    let db = create_db(name);
    let reset = db.clone();
    db.exec("CREATE TABLE counter(i int); INSERT INTO counter VALUES (0);");
    let run =
        Pgbench::new(["-t", "10", "-c", "2", "-j", "2", "-n", "-f", "001_exit_on_abort", &db.name])
            .file("001_exit_on_abort", EXIT_ON_ABORT_SCRIPT)
            .label(name);
    let mut r = Bench::new(name, run)
        .mask_stderr(mask_client_and_thread)
        .mask_stdout(crate::harness::normalize::mask_counts)
        .before_each(move || reset.exec("UPDATE counter SET i = 0"))
        .run();
    r.same()
        .status(2)
        .stdout_is(&format!(
            "{}number of transactions per client: 10\n\
             number of transactions actually processed: <t>/20\n{TAIL}",
            report_head("001_exit_on_abort", "simple", 2, 2, "1")
        ))
        .stderr_is(&format!(
            "pgbench: error: division by zero\n\
             pgbench: error: client <n> aborted in command 2 (set) of script 0; evaluation of meta-command failed\n{ABORTED}"
        ));
    r.finish();
}

/// 'test --exit-on-abort': the run stops at the first abort,
/// without a report.
#[test]
fn exit_on_abort() {
    if !require(Need::Server) {
        return;
    }
    let name = "exit_on_abort";
    let db = create_db(name);
    let reset = db.clone();
    db.exec("CREATE TABLE counter(i int); INSERT INTO counter VALUES (0);");
    let run = Pgbench::new([
        "-t",
        "10",
        "-c",
        "2",
        "-j",
        "2",
        "-n",
        "--exit-on-abort",
        "-f",
        "001_exit_on_abort",
        &db.name,
    ])
    .file("001_exit_on_abort", EXIT_ON_ABORT_SCRIPT)
    .label(name);
    let mut r = Bench::new(name, run)
        .mask_stderr(mask_client_and_thread)
        .before_each(move || reset.exec("UPDATE counter SET i = 0"))
        .run();
    r.status(2).stdout_is(&banner()).stderr_is(
        "pgbench: error: division by zero\n\
         pgbench: error: client <n> aborted in command 2 (set) of script 0; evaluation of meta-command failed\n\
         pgbench: error: Run was aborted due to an error in thread <n>\n",
    );
    r.each_raw(|o| {
        // With -c 2 -j 2, client k runs in thread k.
        let client = o
            .stderr
            .lines()
            .find_map(|l| l.strip_prefix("pgbench: error: client ")?.split(' ').next());
        let thread = o.stderr.lines().find_map(|l| {
            l.strip_prefix("pgbench: error: Run was aborted due to an error in thread ")
        });
        if client.is_some() && client == thread {
            Ok(())
        } else {
            Err(format!("client {client:?} vs thread {thread:?}"))
        }
    });
    r.finish();
}

// ---------------------------------------------------------------------------
// Server logging of bind parameters

/// The six 'server parameter logging' cases, in order, with the server
/// settings each runs under (given per session with PGOPTIONS), the texts
/// its stderr must contain, and what the server log must (not) contain.
#[test]
fn server_parameter_logging() {
    if !require(Need::Server) {
        return;
    }
    let name = "param_logging";
    let db = create_db(name);
    let json = "select '{ invalid ' as value \\gset\n\
                select $$'Valame Dios!' dijo Sancho; 'no le dije yo a vuestra merced que mirase bien lo que hacia?'$$ as long \\gset\n\
                select column1::jsonb from (values (:value), (:long)) as q;\n";
    let div = "select '1' as one \\gset\nSELECT 1 / (random() / 2)::int, :one::int, :two::int;\n";
    let small = "select 42 as value1, '1a' as value2 \\gset\nselect :value1::smallint, :value2::smallint;\n";
    let s1 = "-c log_min_duration_statement=0 -c log_parameter_max_length=0 -c log_parameter_max_length_on_error=0";
    let s2 = "-c log_min_duration_statement=0 -c log_parameter_max_length=-1 -c log_parameter_max_length_on_error=64";
    let s4 = "-c log_min_duration_statement=-1 -c log_parameter_max_length=7 -c log_parameter_max_length_on_error=-1";
    let s5 = "-c log_min_duration_statement=0 -c log_parameter_max_length=7 -c log_parameter_max_length_on_error=-1";
    // (file, script, settings, stderr texts, stderr must not contain, log must contain, log must not contain)
    type LogCase<'a> = (
        &'a str,
        &'a str,
        &'a str,
        Vec<&'a str>,
        Option<&'a str>,
        Option<&'a str>,
        Option<&'a str>,
    );
    let cases: Vec<LogCase<'_>> = vec![
        (
            "001_param_1",
            json,
            s1,
            vec!["ERROR:  invalid input syntax for type json"],
            Some("unnamed portal with parameters"),
            None,
            Some("detail:  parameters: $1 = '{ invalid ',"),
        ),
        (
            "001_param_2",
            div,
            s2,
            vec![
                "ERROR:  division by zero",
                "CONTEXT:  unnamed portal with parameters: $1 = '1', $2 = NULL",
            ],
            None,
            None,
            None,
        ),
        (
            "001_param_3",
            json,
            s2,
            vec![
                "ERROR:  invalid input syntax for type json",
                "CONTEXT:  JSON data, line 1: { invalid...\nunnamed portal with parameters: $1 = '{ invalid ', \
                 $2 = '''Valame Dios!'' dijo Sancho; ''no le dije yo a vuestra merced que ...'",
            ],
            None,
            Some(
                "detail:  parameters: $1 = '{ invalid ', $2 = '''valame dios!'' dijo sancho; \
                 ''no le dije yo a vuestra merced que mirase bien lo que hacia?'''",
            ),
            None,
        ),
        (
            "001_param_4",
            div,
            s4,
            vec![
                "ERROR:  division by zero",
                "CONTEXT:  unnamed portal with parameters: $1 = '1', $2 = NULL",
            ],
            None,
            None,
            None,
        ),
        (
            "001_param_5",
            json,
            s5,
            vec![
                "ERROR:  invalid input syntax for type json",
                "CONTEXT:  JSON data, line 1: { invalid...\nunnamed portal with parameters: $1 = '{ invalid ', \
                 $2 = '''Valame Dios!'' dijo Sancho; ''no le dije yo a vuestra merced que mirase bien lo que hacia?'''",
            ],
            None,
            Some("detail:  parameters: $1 = '{ inval...', $2 = '''valame...'"),
            None,
        ),
        (
            "001_param_6",
            small,
            s5,
            vec![
                "ERROR:  invalid input syntax for type smallint: \"1a\"",
                "CONTEXT:  unnamed portal parameter $2 = '1a'",
            ],
            None,
            None,
            None,
        ),
    ];
    let log_file = cluster().log_file();
    let log_len = move || std::fs::metadata(&log_file).map(|m| m.len()).unwrap_or(0);
    for (file, script, settings, texts, not_text, log_has, log_not) in cases {
        let case = format!("{name}_{file}");
        let run = Pgbench::new(["-n", "-t1", "-c1", "-M", "prepared", "-f", file, &db.name])
            .file(file, script)
            .env("PGOPTIONS", settings)
            .label(&case);
        let offsets: Arc<Mutex<Vec<u64>>> = Arc::new(Mutex::new(Vec::new()));
        let o2 = Arc::clone(&offsets);
        let ll = log_len.clone();
        let mut r = Bench::new(&case, run).before_each(move || o2.lock().unwrap().push(ll())).run();
        r.same().status(2).stdout_is(&aborted_report(file, "prepared", 1));
        for t in texts {
            r.stderr_contains(t);
        }
        if let Some(t) = not_text {
            r.each(|o| {
                if o.stderr.contains(t) { Err(format!("stderr contains {t:?}")) } else { Ok(()) }
            });
        }
        // The server log written during each run (a backend writes an
        // error's report to its log before it sends the error to the
        // client, which then fails and ends).
        let log = std::fs::read(cluster().log_file()).unwrap_or_default();
        let mut bounds = offsets.lock().unwrap().clone();
        bounds.push(u64::try_from(log.len()).unwrap_or(u64::MAX));
        let labels = r.sides().iter().map(|(l, _)| *l).collect::<Vec<_>>();
        for (i, label) in labels.iter().enumerate() {
            let a = usize::try_from(bounds[i]).unwrap_or(usize::MAX);
            let b = usize::try_from(bounds[i + 1]).unwrap_or(usize::MAX);
            let part =
                String::from_utf8_lossy(&log[a.min(log.len())..b.min(log.len())]).to_lowercase();
            if let Some(t) = log_has.filter(|t| !part.contains(t)) {
                r.check.fail(format!(
                    "{case}: the server log of the {label} run has no {t:?}:\n{part}\n"
                ));
            }
            if let Some(t) = log_not.filter(|t| part.contains(t)) {
                r.check.fail(format!(
                    "{case}: the server log of the {label} run has {t:?}:\n{part}\n"
                ));
            }
        }
        r.finish();
    }
}
