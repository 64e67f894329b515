//! C pgbench's own tests without a server (002_pgbench_no_server.pl):
//! its 40 option errors, `--help`, `-V`, the builtin listing and
//! `--show-script`, and its 20 script parse errors.

use super::*;

/// A test of each case, checked by `check` under the test's name.
macro_rules! cases_by {
    ($check:ident: $($name:ident: $case:expr;)*) => {
        $(
            #[test]
            fn $name() {
                $check($case, stringify!($name));
            }
        )*
    };
}

/// What `-V` prints as each version: `case` with that output, checked
/// under `name`.
fn version_of(case: Case, name: &str) {
    for v in VERSIONS {
        let stdout = format!("{}\n", expected::version_masked(v));
        case.clone().in_versions(&[v]).mask(normalize::mask_version).stdout(&stdout).check(name);
    }
}

cases_by! { version_of:
    version: Case::new(["--version"]);
    version_short: Case::new(["-V"]);
    version_first_ignores_the_rest: Case::new(["-V", "--bad", "-x"]);
}

cases! {
    tap_bad_option: usage(["-h", "home", "-p", "5432", "-U", "calvin", "---debug", "--bad-option"],
        "pgbench: unrecognized option '---debug'\n");
    tap_no_file: error(["-f", "no-such-file"],
        "pgbench: error: could not open file \"no-such-file\": No such file or directory\n");
    tap_no_builtin: error(["-b", "no-such-builtin"],
        &["pgbench: error: no builtin script found for name \"no-such-builtin\"\n", BUILTIN_LIST].concat())
        .ours_after_stderr(BUILTINS_EXTENSIONS);
    tap_invalid_weight: error(["--builtin=select-only@one"],
        "pgbench: error: invalid weight specification: @one\n");
    tap_invalid_weight_negative: error(["-b", "select-only@-1"],
        "pgbench: error: weight specification out of range (0 .. 2147483647): -1\n");
    tap_too_many_scripts: error(repeat("-S", 129),
        "pgbench: error: at most 128 SQL scripts are allowed\n");
    tap_bad_clients: error(["-c", "three"], &invalid_value("three", "-c/--client"));
    tap_bad_threads: error(["-j", "eleven"], &invalid_value("eleven", "-j/--jobs"));
    tap_bad_scale: error(["-i", "-s", "two"], &invalid_value("two", "-s/--scale"));
    tap_invalid_transactions: error(["-t", "zil"], &invalid_value("zil", "-t/--transactions"));
    tap_invalid_duration: error(["-T", "ten"], &invalid_value("ten", "-T/--time"));
    tap_t_xor_big_t: error(["-N", "-l", "--aggregate-interval=5", "--log-prefix=notused", "-t", "1000", "-T", "1"],
        "pgbench: error: specify either a number of transactions (-t) or a duration (-T), not both\n");
    tap_big_t_xor_t: error(["-P", "1", "--progress-timestamp", "-l", "--sampling-rate=0.001", "-T", "10", "-t", "1000"],
        "pgbench: error: specify either a number of transactions (-t) or a duration (-T), not both\n");
    tap_bad_variable: error(["--define", "foobla"],
        "pgbench: error: invalid variable definition: \"foobla\"\n");
    tap_invalid_fillfactor: error(["-F", "1"], &out_of_range("-F/--fillfactor", "10..100"));
    tap_invalid_query_mode: error(["-M", "no-such-mode"],
        "pgbench: error: invalid query mode (-M): \"no-such-mode\"\n");
    tap_invalid_progress: error(["--progress=0"], &out_of_range("-P/--progress", "1..2147483647"));
    tap_invalid_rate: error(["--rate=0.0"], "pgbench: error: invalid rate limit: \"0.0\"\n");
    tap_invalid_latency: error(["--latency-limit=0.0"],
        "pgbench: error: invalid latency limit: \"0.0\"\n");
    tap_invalid_sampling_rate: error(["--sampling-rate=0"],
        "pgbench: error: invalid sampling rate: \"0\"\n");
    tap_invalid_aggregate_interval: error(["--aggregate-interval=-3"],
        &out_of_range("--aggregate-interval", "1..2147483647"));
    tap_weight_zero: error(["-b", "se@0", "-b", "si@0", "-b", "tpcb@0"],
        "pgbench: error: total script weight must not be zero\n");
    tap_init_vs_run: error(["-i", "-S"], NOT_IN_INIT);
    tap_run_vs_init: error(["-S", "-F", "90"], NOT_IN_BENCH);
    tap_ambiguous_builtin: error(["-b", "s"],
        &["pgbench: error: ambiguous builtin name: 2 builtin scripts found for prefix \"s\"\n", BUILTIN_LIST].concat())
        .ours_after_stderr(BUILTINS_EXTENSIONS);
    tap_progress_timestamp_needs_progress: error(["--progress-timestamp"],
        "pgbench: error: --progress-timestamp is allowed only under --progress\n");
    tap_init_steps_without_init: error(["-I", "dtg"], NOT_IN_BENCH);
    tap_invalid_init_step: error(["-i", "-I", "dta"],
        "pgbench: error: unrecognized initialization step \"a\"\npgbench: detail: Allowed step characters are: \"dtgGvpf\".\n");
    tap_bad_random_seed: error(["--random-seed=one"], &bad_seed("one", SEED_OPTION));
    tap_bad_partition_method: error(["-i", "--partition-method=BAD"],
        "pgbench: error: invalid partition method, expecting \"range\" or \"hash\", got: \"BAD\"\n");
    tap_bad_partition_number: error(["-i", "--partitions", "-1"],
        &out_of_range("--partitions", "0..2147483647"));
    tap_partition_method_without_partitions: error(["-i", "--partition-method=hash"],
        "pgbench: error: --partition-method requires greater than zero --partitions\n");
    tap_bad_max_tries: error(["--max-tries", "-10"],
        "pgbench: error: invalid number of maximum tries: \"-10\"\n");
    tap_infinite_tries: error(["--max-tries", "0"],
        "pgbench: error: an unlimited number of transaction tries can only be used with --latency-limit or a duration (-T)\n");
    tap_sampling_needs_log: error(["--sampling-rate=0.01"],
        "pgbench: error: log sampling (--sampling-rate) is allowed only when logging transactions (-l)\n");
    tap_sampling_xor_aggregate: error(["-l", "--sampling-rate=0.1", "--aggregate-interval=3"],
        "pgbench: error: log sampling (--sampling-rate) and aggregation (--aggregate-interval) cannot be used at the same time\n");
    tap_aggregate_needs_log: error(["--aggregate-interval=3"],
        "pgbench: error: log aggregation is allowed only when actually logging transactions\n");
    tap_log_prefix_needs_log: error(["--log-prefix=x"],
        "pgbench: error: log file prefix (--log-prefix) is allowed only when logging transactions (-l)\n");
    tap_duration_vs_aggregation: error(["-l", "-T", "1", "--aggregate-interval=3"],
        "pgbench: error: number of seconds for aggregation (3) must not be higher than test duration (1)\n");
    tap_duration_multiple_of_aggregation: error(["-l", "-T", "5", "--aggregate-interval=3"],
        "pgbench: error: duration (5) must be a multiple of aggregation interval (3)\n");
}

/// What `--help` prints as each version (pgbench-rs's extensions
/// besides): `case` with that output, checked under `name`.
fn help_of_each(case: Case, name: &str) {
    for v in VERSIONS {
        let case = case.clone().in_versions(&[v]).mask(extension_section_names);
        case.stdout(&help_of(v)).ours_stdout(&help_ours_of(v)).check(name);
    }
}

cases_by! { help_of_each:
    help: Case::new(["--help"]);
    help_short: Case::new(["-?"]);
    help_first_ignores_the_rest: Case::new(["--help", "-x", "--bad"]);
    help_ignores_bad_random_seed_env: Case::new(["--help"]).env("PGBENCH_RANDOM_SEED", "bad");
}

cases! {
    tap_not_a_valid_option: usage(["--not-a-valid-option"],
        "pgbench: unrecognized option '--not-a-valid-option'\n");
    builtin_list: Case::new(["-b", "list"]).status(0).stderr(BUILTIN_LIST)
        .ours_after_stderr(BUILTINS_EXTENSIONS);
    tap_show_script_se: Case::new(["--show-script", "se"]).status(0).stderr(
        "-- select-only: <builtin: select only>\n\\set aid random(1, 100000 * :scale)\nSELECT abalance FROM pgbench_accounts WHERE aid = :aid;\n\n");
    show_script_tpcb_like: Case::new(["--show-script=tpcb-like"]).status(0).stderr(
        "-- tpcb-like: <builtin: TPC-B (sort of)>\n\\set aid random(1, 100000 * :scale)\n\\set bid random(1, 1 * :scale)\n\\set tid random(1, 10 * :scale)\n\\set delta random(-5000, 5000)\nBEGIN;\nUPDATE pgbench_accounts SET abalance = abalance + :delta WHERE aid = :aid;\nSELECT abalance FROM pgbench_accounts WHERE aid = :aid;\nUPDATE pgbench_tellers SET tbalance = tbalance + :delta WHERE tid = :tid;\nUPDATE pgbench_branches SET bbalance = bbalance + :delta WHERE bid = :bid;\nINSERT INTO pgbench_history (tid, bid, aid, delta, mtime) VALUES (:tid, :bid, :aid, :delta, CURRENT_TIMESTAMP);\nEND;\n\n");
    show_script_simple_update_prefix: Case::new(["--show-script=si"]).status(0).stderr(
        "-- simple-update: <builtin: simple update>\n\\set aid random(1, 100000 * :scale)\n\\set bid random(1, 1 * :scale)\n\\set tid random(1, 10 * :scale)\n\\set delta random(-5000, 5000)\nBEGIN;\nUPDATE pgbench_accounts SET abalance = abalance + :delta WHERE aid = :aid;\nSELECT abalance FROM pgbench_accounts WHERE aid = :aid;\nINSERT INTO pgbench_history (tid, bid, aid, delta, mtime) VALUES (:tid, :bid, :aid, :delta, CURRENT_TIMESTAMP);\nEND;\n\n");
    show_script_unknown: error(["--show-script=x"],
        &["pgbench: error: no builtin script found for name \"x\"\n", BUILTIN_LIST].concat())
        .ours_after_stderr(BUILTINS_EXTENSIONS);
    show_script_ambiguous: error(["--show-script=s"],
        &["pgbench: error: ambiguous builtin name: 2 builtin scripts found for prefix \"s\"\n", BUILTIN_LIST].concat())
        .ours_after_stderr(BUILTINS_EXTENSIONS);
    show_script_empty_matches_all: error(["--show-script="],
        &["pgbench: error: ambiguous builtin name: 3 builtin scripts found for prefix \"\"\n", BUILTIN_LIST].concat())
        .ours_after_stderr(BUILTINS_EXTENSIONS);
    tap_script_missing_endif: error(["-f", "if-noendif.sql"],
        "pgbench: error: condition error in script \"if-noendif.sql\" command 2: \\if without matching \\endif\n")
        .file("if-noendif.sql", "\\if 1");
    tap_script_missing_if_on_elif: error(["-f", "elif-noif.sql"],
        "pgbench: error: condition error in script \"elif-noif.sql\" command 1: \\elif without matching \\if\n")
        .file("elif-noif.sql", "\\elif 1");
    tap_script_missing_if_on_else: error(["-f", "else-noif.sql"],
        "pgbench: error: condition error in script \"else-noif.sql\" command 1: \\else without matching \\if\n")
        .file("else-noif.sql", "\\else");
    tap_script_missing_if_on_endif: error(["-f", "endif-noif.sql"],
        "pgbench: error: condition error in script \"endif-noif.sql\" command 1: \\endif without matching \\if\n")
        .file("endif-noif.sql", "\\endif");
    tap_script_elif_after_else: error(["-f", "else-elif.sql"],
        "pgbench: error: condition error in script \"else-elif.sql\" command 3: \\elif after \\else\n")
        .file("else-elif.sql", "\\if 1\n\\else\n\\elif 0\n\\endif");
    tap_script_else_after_else: error(["-f", "else-else.sql"],
        "pgbench: error: condition error in script \"else-else.sql\" command 3: \\else after \\else\n")
        .file("else-else.sql", "\\if 1\n\\else\n\\else\n\\endif");
    tap_script_if_syntax_error: error(["-f", "if-bad.sql"],
        "pgbench: error: if-bad.sql:1: syntax error in command \"if\"\n\\if\n   ^ error found here\n")
        .file("if-bad.sql", "\\if\n\\endif\n");
    tap_script_elif_syntax_error: error(["-f", "elif-bad.sql"],
        "pgbench: error: elif-bad.sql:2: syntax error in command \"elif\"\n\\elif +\n       ^ error found here\n")
        .file("elif-bad.sql", "\\if 0\n\\elif +\n\\endif\n");
    tap_script_else_syntax_error: error(["-f", "else-bad.sql"],
        "pgbench: error: else-bad.sql:2: unexpected argument in command \"else\"\n\\else BAD\n")
        .file("else-bad.sql", "\\if 0\n\\else BAD\n\\endif\n");
    tap_script_endif_syntax_error: error(["-f", "endif-bad.sql"],
        "pgbench: error: endif-bad.sql:2: unexpected argument in command \"endif\"\n\\endif BAD\n")
        .file("endif-bad.sql", "\\if 0\n\\endif BAD\n");
    tap_script_not_enough_arguments_for_least: error(["-f", "bad-least.sql"],
        "pgbench: error: bad-least.sql:1: at least one argument expected (least) in command \"set\"\n\\set i least()\n             ^ error found here\n")
        .file("bad-least.sql", "\\set i least()\n");
    tap_script_not_enough_arguments_for_greatest: error(["-f", "bad-greatest.sql"],
        "pgbench: error: bad-greatest.sql:1: at least one argument expected (greatest) in command \"set\"\n\\set i greatest()\n                ^ error found here\n")
        .file("bad-greatest.sql", "\\set i greatest()\n");
    tap_script_not_enough_arguments_for_hash: error(["-f", "bad-hash-1.sql"],
        "pgbench: error: bad-hash-1.sql:1: unexpected number of arguments (hash) in command \"set\"\n\\set i hash()\n            ^ error found here\n")
        .file("bad-hash-1.sql", "\\set i hash()\n");
    tap_script_too_many_arguments_for_hash: error(["-f", "bad-hash-2.sql"],
        "pgbench: error: bad-hash-2.sql:1: unexpected number of arguments (hash) in command \"set\"\n\\set i hash(1,2,3)\n                 ^ error found here\n")
        .file("bad-hash-2.sql", "\\set i hash(1,2,3)\n");
    tap_script_bigint_overflow_1: error(["-f", "overflow-1.sql"],
        "pgbench: error: overflow-1.sql:1: bigint constant overflow (100000000000000000000) in command \"set\"\n\\set i 100000000000000000000\n                           ^ error found here\n")
        .file("overflow-1.sql", "\\set i 100000000000000000000\n");
    tap_script_double_overflow_2: error(["-f", "overflow-2.sql"],
        "pgbench: error: overflow-2.sql:1: double constant overflow (1.0E309) in command \"set\"\n\\set d 1.0E309\n             ^ error found here\n")
        .file("overflow-2.sql", "\\set d 1.0E309\n");
    tap_script_double_overflow_3: error(["-f", "overflow-3.sql"],
        "pgbench: error: overflow-3.sql:1: double constant overflow (.1E310) in command \"set\"\n\\set d .1E310\n            ^ error found here\n")
        .file("overflow-3.sql", "\\set d .1E310\n");
    tap_script_set_i: error(["-f", "set_i_op"],
        "pgbench: error: set_i_op:1: syntax error in command \"set\"\n\\set i 1 +\n          ^ error found here\n")
        .file("set_i_op", "\\set i 1 +\n");
    tap_script_not_enough_arguments_to_permute: error(["-f", "bad-permute-1.sql"],
        "pgbench: error: bad-permute-1.sql:1: unexpected number of arguments (permute) in command \"set\"\n\\set i permute(1)\n                ^ error found here\n")
        .file("bad-permute-1.sql", "\\set i permute(1)\n");
    tap_script_too_many_arguments_to_permute: error(["-f", "bad-permute-2.sql"],
        "pgbench: error: bad-permute-2.sql:1: unexpected number of arguments (permute) in command \"set\"\n\\set i permute(1, 2, 3, 4)\n                         ^ error found here\n")
        .file("bad-permute-2.sql", "\\set i permute(1, 2, 3, 4)\n");
}

/// pgbench-rs reproduces the version of the reference C pgbench.
#[test]
fn version_is_the_references() {
    let out = Pgbench::no_server(["-V"]).compat(17).label("version-number").run_under_test();
    let want = format!("pgbench (PostgreSQL) {PG_VERSION} (pgbench-rs ");
    assert!(out.stdout.starts_with(&want), "-V printed {:?}", out.stdout);
    let want = format!(" (pgbench-rs {})\n", env!("CARGO_PKG_VERSION"));
    assert!(out.stdout.ends_with(&want), "-V printed {:?}", out.stdout);
    assert_eq!(out.stdout.lines().count(), 1, "-V printed {:?}", out.stdout);
    if let Some(c) = crate::harness::c_pgbench() {
        let (number, _) = c.version.split_once(' ').unwrap_or((&c.version, ""));
        assert_eq!(number, PG_VERSION, "the reference C pgbench is {}", c.version);
    }
    assert_eq!(expected::PG_VERSION_NUM, 170_012);
}
