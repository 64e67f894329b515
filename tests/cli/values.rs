//! The values options take: integer ranges as `option_parse_int` checks
//! them, `-I` steps, partitions, random seeds (option and environment),
//! `-D`, rates, latencies, sampling, tries, query modes, aggregation and
//! script weights.

use super::*;

/// A random seed set (`seed`, as printed), then the refusal of `-x`.
fn seeded_then_x(seed: &str) -> String {
    format!("pgbench: setting random seed to {seed}\npgbench: invalid option -- 'x'\n")
}

cases! {
    int_c_0: error(["-c", "0"], &out_of_range("-c/--client", "1..2147483647"));
    int_c_2147483648: error(["-c", "2147483648"], &out_of_range("-c/--client", "1..2147483647"));
    int_c_minus_5: error(["-c", "-5"], &out_of_range("-c/--client", "1..2147483647"));
    int_c_empty: error(["-c", ""], &out_of_range("-c/--client", "1..2147483647"));
    int_c_5x: error(["-c", "5x"], &invalid_value("5x", "-c/--client"));
    int_c_99999999999999999999: error(["-c", "99999999999999999999"],
        &out_of_range("-c/--client", "1..2147483647"));
    int_j_0: error(["-j", "0"], &out_of_range("-j/--jobs", "1..2147483647"));
    int_j_2147483648: error(["-j", "2147483648"], &out_of_range("-j/--jobs", "1..2147483647"));
    int_j_1_5: error(["-j", "1.5"], &invalid_value("1.5", "-j/--jobs"));
    int_s_0: error(["-i", "-s", "0"], &out_of_range("-s/--scale", "1..2147483647"));
    int_s_minus_1: error(["-i", "-s", "-1"], &out_of_range("-s/--scale", "1..2147483647"));
    int_s_99999999999999999999: error(["-i", "-s", "99999999999999999999"],
        &out_of_range("-s/--scale", "1..2147483647"));
    int_t_0: error(["-t", "0"], &out_of_range("-t/--transactions", "1..2147483647"));
    int_t_minus_1: error(["-t", "-1"], &out_of_range("-t/--transactions", "1..2147483647"));
    int_t_1e3: error(["-t", "1e3"], &invalid_value("1e3", "-t/--transactions"));
    int_big_t_0: error(["-T", "0"], &out_of_range("-T/--time", "1..2147483647"));
    int_big_t_2147483648: error(["-T", "2147483648"], &out_of_range("-T/--time", "1..2147483647"));
    int_big_t_10s: error(["-T", "10s"], &invalid_value("10s", "-T/--time"));
    int_big_f_9: error(["-i", "-F", "9"], &out_of_range("-F/--fillfactor", "10..100"));
    int_big_f_101: error(["-i", "-F", "101"], &out_of_range("-F/--fillfactor", "10..100"));
    int_big_f_ten: error(["-i", "-F", "ten"], &invalid_value("ten", "-F/--fillfactor"));
    int_big_p_x: error(["-P", "x"], &invalid_value("x", "-P/--progress"));
    int_big_p_minus_1: error(["-P", "-1"], &out_of_range("-P/--progress", "1..2147483647"));
    int_aggregate_interval_0: error(["--aggregate-interval=0"],
        &out_of_range("--aggregate-interval", "1..2147483647"));
    int_aggregate_interval_x: error(["--aggregate-interval=x"],
        &invalid_value("x", "--aggregate-interval"));
    int_aggregate_interval_2147483648: error(["--aggregate-interval=2147483648"],
        &out_of_range("--aggregate-interval", "1..2147483647"));
    int_partitions_x: error(["-i", "--partitions=x"], &invalid_value("x", "--partitions"));
    int_partitions_2147483648: error(["-i", "--partitions=2147483648"],
        &out_of_range("--partitions", "0..2147483647"));
    int_partitions_1_0: error(["-i", "--partitions=1.0"], &invalid_value("1.0", "--partitions"));
    int_whitespace_around_value_is_accepted: error(["-c", " 5 ", "--progress-timestamp"],
        "pgbench: error: --progress-timestamp is allowed only under --progress\n");
    int_leading_plus_is_accepted: error(["-t", "+5", "-T", "1"],
        "pgbench: error: specify either a number of transactions (-t) or a duration (-T), not both\n");
    int_fillfactor_bounds_are_accepted: error(["-i", "-F", "10", "-F", "100", "-S"], NOT_IN_INIT);
    int_partitions_zero_is_accepted: error(["-i", "--partitions=0", "--partition-method=range"],
        "pgbench: error: --partition-method requires greater than zero --partitions\n");
    init_steps_empty: error(["-i", "-I", ""], "pgbench: error: no initialization steps specified\n");
    init_steps_bad_letter_without_i: error(["-I", "x"],
        "pgbench: error: unrecognized initialization step \"x\"\npgbench: detail: Allowed step characters are: \"dtgGvpf\".\n");
    init_steps_checked_before_mode: error(["-I", "dtX", "-i"],
        "pgbench: error: unrecognized initialization step \"X\"\npgbench: detail: Allowed step characters are: \"dtgGvpf\".\n");
    init_steps_first_bad_wins: error(["-i", "-I", "zq", "-I", "dtg"],
        "pgbench: error: unrecognized initialization step \"z\"\npgbench: detail: Allowed step characters are: \"dtgGvpf\".\n");
    partition_method_case_insensitive: error(["-i", "--partitions=2", "--partition-method=HaSh", "-S"], NOT_IN_INIT);
    partition_method_range_without_partitions: error(["-i", "--partition-method=range"],
        "pgbench: error: --partition-method requires greater than zero --partitions\n");
    partition_method_empty: error(["-i", "--partition-method="],
        "pgbench: error: invalid partition method, expecting \"range\" or \"hash\", got: \"\"\n");
    random_seed_trailing_space: error(["--random-seed=5 "], &bad_seed("5 ", SEED_OPTION));
    random_seed_empty: error(["--random-seed="], &bad_seed("", SEED_OPTION));
    random_seed_hex: error(["--random-seed=0x10"], &bad_seed("0x10", SEED_OPTION));
    random_seed_minus_one_wraps: usage(["--random-seed=-1", "-x"],
        &seeded_then_x("18446744073709551615"));
    random_seed_leading_space: usage(["--random-seed= 5", "-x"], &seeded_then_x("5"));
    random_seed_plus: usage(["--random-seed=+7", "-x"], &seeded_then_x("7"));
    random_seed_max: usage(["--random-seed=18446744073709551615", "-x"],
        &seeded_then_x("18446744073709551615"));
    random_seed_overflow: error(["--random-seed=18446744073709551616"],
        &["pgbench: setting random seed to 18446744073709551615\n", NO_SERVER_SETUP].concat());
    random_seed_time: usage(["--random-seed=time", "-x"], &seeded_then_x("<t>"))
        .mask(normalize::mask_random_seed);
    random_seed_rand: usage(["--random-seed=rand", "-x"], &seeded_then_x("<t>"))
        .mask(normalize::mask_random_seed);
    random_seed_env_bad: error(["-b", "list"], &bad_seed("bad", SEED_ENV))
        .env("PGBENCH_RANDOM_SEED", "bad");
    random_seed_env_ok: Case::new(["-b", "list"]).status(0).stderr(
        &["pgbench: setting random seed to 7\n", BUILTIN_LIST].concat())
        .env("PGBENCH_RANDOM_SEED", "7")
        .ours_after_stderr(BUILTINS_EXTENSIONS);
    random_seed_env_then_option: usage(["--random-seed=8", "-x"],
        "pgbench: setting random seed to 7\npgbench: setting random seed to 8\npgbench: invalid option -- 'x'\n")
        .env("PGBENCH_RANDOM_SEED", "7");
    random_seed_env_empty: error(["-x"], &bad_seed("", SEED_ENV))
        .env("PGBENCH_RANDOM_SEED", "");
    define_no_value: error(["-D", "x="], "pgbench: error: invalid variable definition: \"x=\"\n");
    define_no_name: error(["-D", "=x"], "pgbench: error: invalid variable definition: \"=x\"\n");
    define_bad_name: error(["-D", "1a=5"],
        "pgbench: error: option: invalid variable name: \"1a\"\n");
    define_bad_name_space: error(["-D", "a b=5"],
        "pgbench: error: option: invalid variable name: \"a b\"\n");
    define_value_with_equals: usage(["-D", "a==b", "-D", "c=d=e", "-x"],
        "pgbench: invalid option -- 'x'\n");
    sampling_rate_too_big: error(["--sampling-rate=1.5"],
        "pgbench: error: invalid sampling rate: \"1.5\"\n");
    sampling_rate_not_a_number: error(["--sampling-rate=abc"],
        "pgbench: error: invalid sampling rate: \"abc\"\n");
    sampling_rate_numeric_prefix: error(["--sampling-rate=0.5x"],
        "pgbench: error: log sampling (--sampling-rate) is allowed only when logging transactions (-l)\n");
    sampling_rate_one_is_allowed: error(["-l", "--sampling-rate=1", "--aggregate-interval=1"],
        "pgbench: error: log sampling (--sampling-rate) and aggregation (--aggregate-interval) cannot be used at the same time\n");
    rate_not_a_number: error(["-R", "abc"], "pgbench: error: invalid rate limit: \"abc\"\n");
    rate_numeric_prefix: error(["-R", "10abc", "--progress-timestamp"],
        "pgbench: error: --progress-timestamp is allowed only under --progress\n");
    latency_limit_not_a_number: error(["-L", "xyz"],
        "pgbench: error: invalid latency limit: \"xyz\"\n");
    latency_limit_negative: error(["-L", "-1"], "pgbench: error: invalid latency limit: \"-1\"\n");
    max_tries_not_a_number_is_unlimited: error(["--max-tries=abc"],
        "pgbench: error: an unlimited number of transaction tries can only be used with --latency-limit or a duration (-T)\n");
    max_tries_zero_with_latency_limit: error(["--max-tries=0", "-L", "5", "--progress-timestamp"],
        "pgbench: error: --progress-timestamp is allowed only under --progress\n");
    query_mode_case_sensitive: error(["-M", "Simple"],
        "pgbench: error: invalid query mode (-M): \"Simple\"\n");
    aggregate_equal_to_duration_is_allowed: error(["-l", "-T", "3", "--aggregate-interval=3", "--progress-timestamp"],
        "pgbench: error: --progress-timestamp is allowed only under --progress\n");
    progress_timestamp_with_progress: error(["-P", "1", "--progress-timestamp", "-t", "1", "-T", "1"],
        "pgbench: error: specify either a number of transactions (-t) or a duration (-T), not both\n");
    weight_empty: error(["-b", "se@"], "pgbench: error: invalid weight specification: @\n");
    weight_out_of_range: error(["-b", "se@2147483648"],
        "pgbench: error: weight specification out of range (0 .. 2147483647): 2147483648\n");
    weight_trailing_garbage: error(["-b", "se@1x"],
        "pgbench: error: invalid weight specification: @1x\n");
    weight_max_is_allowed: usage(["-b", "se@2147483647", "-x"], "pgbench: invalid option -- 'x'\n");
    weight_split_at_last_at: error(["-f", "a@b@3"],
        "pgbench: error: could not open file \"a@b\": No such file or directory\n");
    weight_file_invalid: error(["-f", "ok.sql@x"],
        "pgbench: error: invalid weight specification: @x\n")
        .file("ok.sql", "select 1;\n");

    /// 17 only compares with the soft limit and never raises it (18 and 19,
    /// which report the hard limit: tests/versions.rs).
    clients_exceed_open_files_limit: error(["-c", "2147483640"],
        "pgbench: error: need at least 2147483643 open files, but system limit is {NOFILE}\npgbench: hint: Reduce number of clients, or use limit/ulimit to increase the system limit.\n")
        .in_versions(&[17]);
}
