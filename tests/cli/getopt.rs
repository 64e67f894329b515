//! GNU getopt's rules as C pgbench gets them from glibc: unknown and
//! ambiguous options, abbreviations, missing and unwanted arguments,
//! option permutation and `--`, and where the database name goes.

use super::*;

/// The refusal of the arguments after the database name, `first` first.
fn too_many_after(first: &str) -> String {
    format!("pgbench: error: too many command-line arguments (first is \"{first}\")\n")
}

cases! {
    getopt_unrecognized_long: usage(["--bad-option"],
        "pgbench: unrecognized option '--bad-option'\n");
    getopt_invalid_short: usage(["-x"], "pgbench: invalid option -- 'x'\n");
    getopt_missing_argument_short: usage(["-c"], "pgbench: option requires an argument -- 'c'\n");
    getopt_missing_argument_long: usage(["--client"],
        "pgbench: option '--client' requires an argument\n");
    getopt_missing_argument_abbreviated: usage(["--cli"],
        "pgbench: option '--client' requires an argument\n");
    getopt_missing_argument_host: usage(["-n", "-h"],
        "pgbench: option requires an argument -- 'h'\n");
    getopt_argument_not_allowed: usage(["--connect=5"],
        "pgbench: option '--connect' doesn't allow an argument\n");
    getopt_exact_match_beats_prefix: usage(["--log=x"],
        "pgbench: option '--log' doesn't allow an argument\n");
}

/// Every prefix that several long options share and that names none of
/// them exactly: getopt lists the candidates in the order of 17's table.
#[test]
fn getopt_every_ambiguous_prefix() {
    for v in VERSIONS {
        let options = expected::long_options_of(v);
        let mut prefixes: Vec<&str> = options
            .iter()
            .flat_map(|o| (1..o.len()).map(move |n| &o[..n]))
            .filter(|p| {
                !options.contains(p) && options.iter().filter(|o| o.starts_with(p)).count() > 1
            })
            .collect();
        prefixes.sort_unstable();
        prefixes.dedup();
        // (19's --continue-on-error makes --co and --con ambiguous.)
        let n = if v >= 19 { 35 } else { 33 };
        assert_eq!(prefixes.len(), n, "ambiguous prefixes of {v}: {prefixes:?}");
        for p in prefixes {
            usage([format!("--{p}")], &format!("{}\n", ambiguous_line_of(v, p)))
                .in_versions(&[v])
                .check(&format!("getopt_ambiguous_prefix_{p}"));
        }
    }
}

cases! {
    getopt_ambiguous_f: usage(["--f"],
        "pgbench: option '--f' is ambiguous; possibilities: '--file' '--fillfactor' '--foreign-keys' '--failures-detailed'\n");
}

#[test]
fn getopt_ambiguous_c() {
    usage(["--c"], "pgbench: option '--c' is ambiguous; possibilities: '--client' '--connect'\n")
        .in_versions(&[17, 18])
        .check(test_name!());
    // 19 has --continue-on-error.
    let possibilities = "'--client' '--connect' '--continue-on-error'";
    usage(
        ["--c"],
        &format!("pgbench: option '--c' is ambiguous; possibilities: {possibilities}\n"),
    )
    .in_versions(&[19])
    .check(test_name!());
}

cases! {
    getopt_ambiguous_p: usage(["--p"],
        "pgbench: option '--p' is ambiguous; possibilities: '--port' '--progress' '--protocol' '--progress-timestamp' '--partitions' '--partition-method'\n");
    getopt_ambiguous_v: usage(["--v"],
        "pgbench: option '--v' is ambiguous; possibilities: '--vacuum-all' '--verbose-errors'\n");
    getopt_ambiguous_s: usage(["--s"],
        "pgbench: option '--s' is ambiguous; possibilities: '--scale' '--select-only' '--skip-some-updates' '--sampling-rate' '--show-script'\n");
    getopt_ambiguous_l: usage(["--l"],
        "pgbench: option '--l' is ambiguous; possibilities: '--log' '--latency-limit' '--log-prefix'\n");
    getopt_ambiguous_r: usage(["--r"],
        "pgbench: option '--r' is ambiguous; possibilities: '--report-per-command' '--rate' '--random-seed'\n");
    getopt_ambiguous_t: usage(["--t"],
        "pgbench: option '--t' is ambiguous; possibilities: '--time' '--transactions' '--tablespace'\n");
    getopt_ambiguous_in: usage(["--in"],
        "pgbench: option '--in' is ambiguous; possibilities: '--initialize' '--init-steps' '--index-tablespace'\n");
    getopt_ambiguous_pro: usage(["--pro"],
        "pgbench: option '--pro' is ambiguous; possibilities: '--progress' '--protocol' '--progress-timestamp'\n");
    getopt_ambiguous_fi: usage(["--fi"],
        "pgbench: option '--fi' is ambiguous; possibilities: '--file' '--fillfactor'\n");
    getopt_exact_name_is_not_ambiguous: usage(["--progress"],
        "pgbench: option '--progress' requires an argument\n");
    getopt_unique_prefix: usage(["--sa"],
        "pgbench: option '--sampling-rate' requires an argument\n");
    getopt_ambiguous_with_value: usage(["--f=5"],
        "pgbench: option '--f=5' is ambiguous; possibilities: '--file' '--fillfactor' '--foreign-keys' '--failures-detailed'\n");
    getopt_ambiguous_d: usage(["--d"],
        "pgbench: option '--d' is ambiguous; possibilities: '--dbname' '--define' '--debug'\n");
    getopt_ambiguous_de: usage(["--de"],
        "pgbench: option '--de' is ambiguous; possibilities: '--define' '--debug'\n");
    getopt_short_equals_is_the_value: error(["-c=5"], &invalid_value("=5", "-c/--client"));
    getopt_short_attached_value: error(["-cthree"], &invalid_value("three", "-c/--client"));
    getopt_abbreviated_long_value: error(["--cli=abc"], &invalid_value("abc", "-c/--client"));
    getopt_abbreviated_long_separate_value: error(["--trans", "5", "-T", "3"],
        "pgbench: error: specify either a number of transactions (-t) or a duration (-T), not both\n");
    getopt_unique_prefix_of_long_only_option: error(["--partition-m=BAD", "-i"],
        "pgbench: error: invalid partition method, expecting \"range\" or \"hash\", got: \"BAD\"\n");
    getopt_options_after_dbname: error(["mydb", "-c", "three"],
        &invalid_value("three", "-c/--client"));
    getopt_options_after_dbname_are_used: error(["mydb", "-t", "5", "-T", "5"],
        "pgbench: error: specify either a number of transactions (-t) or a duration (-T), not both\n");
    getopt_double_dash_ends_options: usage(["--", "mydb", "-c", "three"],
        &too_many_after("-c"));
    getopt_double_dash_option_like_dbname: error(["-n", "--", "-c"], NO_SERVER_SETUP);
    getopt_help_not_first: usage(["-n", "--help"], "pgbench: unrecognized option '--help'\n");
    getopt_help_short_not_first: usage(["-n", "-?"], "pgbench: invalid option -- '?'\n");
    getopt_version_not_first: usage(["-n", "-V"], "pgbench: invalid option -- 'V'\n");
    getopt_version_long_not_first: usage(["-n", "--version"],
        "pgbench: unrecognized option '--version'\n");
    getopt_help_abbreviation_is_not_help: usage(["--he"], "pgbench: unrecognized option '--he'\n");
    too_many_arguments: usage(["-n", "db1", "db2"], &too_many_after("db2"));
    too_many_arguments_init: usage(["-i", "db1", "db2", "db3"], &too_many_after("db2"));
    dash_d_requires_an_argument: usage(["-d"], "pgbench: option requires an argument -- 'd'\n");
    dash_d_sets_the_database: usage(["db0", "-d", "db1"], &too_many_after("db0"));
    dash_d_takes_an_option_like_value: error(["-d", "-x"], NO_SERVER_SETUP);
    dash_d_is_neutral_in_init_mode: usage(["-i", "-d", "db1", "db2"], &too_many_after("db2"));
    debug_is_long_only: usage(["--debug", "-d"], "pgbench: option requires an argument -- 'd'\n");
    dbname_long_option: usage(["--dbname=x", "y"], &too_many_after("y"));
    dbname_prefix: usage(["--db=x", "y"], &too_many_after("y"));
    exit_on_abort_prefix: error(["-i", "--e"], NOT_IN_INIT);
    exit_on_abort_takes_no_argument: usage(["--exit-on-abort=1"],
        "pgbench: option '--exit-on-abort' doesn't allow an argument\n");
}
