//! What `-b` and `-f` name: builtin prefixes and the list, script files
//! (a directory, stdin, an empty one), and the arguments a statement may
//! have in each query mode.

use super::*;

cases! {
    builtin_list_with_weight_is_a_name: error(["-b", "list@1"],
        &["pgbench: error: no builtin script found for name \"list\"\n", BUILTIN_LIST].concat())
        .ours_after_stderr(BUILTINS_EXTENSIONS);
    builtin_empty_prefix_is_ambiguous: error(["-b", ""],
        &["pgbench: error: ambiguous builtin name: 3 builtin scripts found for prefix \"\"\n", BUILTIN_LIST].concat())
        .ours_after_stderr(BUILTINS_EXTENSIONS);
    builtin_unique_prefix: usage(["-b", "si", "-b", "t@2", "-x"],
        "pgbench: invalid option -- 'x'\n");
    builtin_128_scripts_are_allowed: usage(repeat("-S", 128).chain(["-x"]),
        "pgbench: invalid option -- 'x'\n");
    file_is_a_directory: error(["-f", "adir"],
        "pgbench: error: could not read file \"adir\": Is a directory\n")
        .file("adir/keep", "");
    file_from_stdin_empty: error(["-f", "-"],
        "pgbench: error: empty command list for script \"-\"\n");
    file_from_stdin_syntax_error: error(["-f", "-"],
        "pgbench: error: -:1: syntax error in command \"set\"\n\\set x 1 +\n          ^ error found here\n")
        .stdin("\\set x 1 +\n");
    file_parsed_before_later_errors: error(["-f", "bad.sql", "-c", "zero"],
        "pgbench: error: bad.sql:1: syntax error in command \"set\"\n\\set x 1 +\n          ^ error found here\n")
        .file("bad.sql", "\\set x 1 +\n");
    file_empty_script: error(["-f", "empty.sql"],
        "pgbench: error: empty command list for script \"empty.sql\"\n")
        .file("empty.sql", "-- nothing\n");
}

/// `select :a0, ..., :a<n-1>;`
fn many_variables(n: usize) -> String {
    let vars: Vec<String> = (0..n).map(|i| format!(":a{i}")).collect();
    format!("select {};\n", vars.join(", "))
}

/// 256 arguments in a query mode that sends them apart: refused.
fn too_many_sql_arguments(args: [&str; 4], name: &str) {
    let sql = many_variables(256);
    let stderr =
        format!("pgbench: error: statement has too many arguments (maximum is 255): {sql}");
    error(args, &stderr).file("many.sql", &sql).check(name);
}

#[test]
fn too_many_sql_arguments_extended() {
    too_many_sql_arguments(["-M", "extended", "-f", "many.sql"], test_name!());
}

#[test]
fn too_many_sql_arguments_prepared() {
    too_many_sql_arguments(["-f", "many.sql", "-M", "prepared"], test_name!());
}

cases! {
    sql_255_arguments_are_allowed: error(["-M", "extended", "-f", "many.sql"], NO_SERVER_SETUP)
        .file("many.sql", &many_variables(255));
    sql_arguments_are_not_counted_in_simple_mode: error(["-M", "simple", "-f", "many.sql"],
        NO_SERVER_SETUP)
        .file("many.sql", &many_variables(256));
}
