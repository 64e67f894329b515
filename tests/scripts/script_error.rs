//! C's 53 'pgbench script error' cases, each a test of its own, run by
//! both implementations as pgbench 17, 18 and 19: the exit status, the
//! report of an aborted client (or none, for a script that does not
//! parse) and the texts stderr contains.

use super::{ABORTED, aborted_report_of};
use crate::harness::bench::Bench;
use crate::harness::{Pgbench, create_db};

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

/// A test for each case, named after it, and one that counts them.
macro_rules! script_errors {
    ($($fn_name:ident: $name:literal;)*) => {
        $(
            #[test]
            fn $fn_name() {
                crate::harness::needs!(Server);
                script_error($name);
            }
        )*

        /// The catalogue has the 53 cases of the 17 test file.
        #[test]
        fn count() {
            assert_eq!([$($name),*].len(), 53);
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
