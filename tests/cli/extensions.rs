//! pgbench-rs's own options, which C pgbench does not have: their values
//! refused as C would refuse its own, and C's abbreviations left as they
//! are.

use super::*;

/// Cases C pgbench does not have (an extension's): each command line
/// `args` is refused with exit status 1 and `stderr`, checked for the
/// binary under test only (C rejects the option) under `name`.
fn ours_only(cases: &[(&str, &[&str], &str)]) {
    for (name, args, stderr) in cases {
        let run = Pgbench::no_server(*args).label(name);
        let out = run.run_under_test();
        let mut check = Check::new(name);
        let expected = Expected { status: 1, stdout: String::new(), stderr: run.expand(stderr) };
        check.expected("pgbench-rs", &out, &expected);
        check.finish();
    }
}

#[test]
fn latency_percentiles_bad_values() {
    ours_only(&[
        (
            "latency_percentiles_not_a_number",
            &["--latency-percentiles=50,abc"],
            "pgbench: error: invalid value \"50,abc\" for option --latency-percentiles\n",
        ),
        (
            "latency_percentiles_out_of_range",
            &["--latency-percentiles=99,100"],
            "pgbench: error: --latency-percentiles values must be greater than 0 and less than 100 (not \"100\")\n",
        ),
        (
            "latency_percentiles_empty",
            &["--latency-percentiles="],
            "pgbench: error: invalid value \"\" for option --latency-percentiles\n",
        ),
    ]);
}

#[test]
fn report_json_needs_a_file() {
    let stderr = format!("pgbench: option '--report-json' requires an argument\n{HINT}");
    ours_only(&[("report_json_missing", &["--report-json"], &stderr)]);
}

#[test]
fn extensions_are_benchmarking_options() {
    let stderr = "pgbench: error: some of the specified options cannot be used in initialization (-i) mode\n";
    ours_only(&[
        ("extensions_not_with_init", &["-i", "--report-json=r.json"], stderr),
        ("warmup_not_with_init", &["-i", "--warmup=1"], stderr),
        ("continue_on_error_not_with_init", &["-i", "--continue-on-error"], stderr),
    ]);
}

#[test]
fn shard_start_at_and_merge_values() {
    ours_only(&[
        (
            "shard_not_k_of_n",
            &["--shard=1"],
            "pgbench: error: invalid value \"1\" for option --shard\n",
        ),
        (
            "shard_k_too_large",
            &["--shard=2/2"],
            "pgbench: error: --shard must be K/N with 0 <= K < N (not \"2/2\")\n",
        ),
        (
            "shard_more_than_threads",
            &["-c", "4", "-j", "2", "--shard=0/3"],
            "pgbench: error: --shard=0/3 needs at least 3 threads (-j), not 2\n",
        ),
        (
            // -j 2 is enough, -c 1 is not: the message says which limits.
            "shard_more_than_clients",
            &["-c", "1", "-j", "2", "--shard=1/2"],
            "pgbench: error: --shard=1/2 needs at least 2 threads, but -c 1 allows only 1 (each thread runs at least one client)\n",
        ),
        (
            "start_at_not_a_time",
            &["--start-at=noon"],
            "pgbench: error: invalid value \"noon\" for option --start-at\n",
        ),
        (
            "start_at_no_zone",
            &["--start-at=2026-12-01T13:45:00"],
            "pgbench: error: invalid value \"2026-12-01T13:45:00\" for option --start-at\n",
        ),
        (
            "merge_without_files",
            &["--merge"],
            "pgbench: error: --merge needs the --report-json files of the shards\n",
        ),
        (
            "merge_with_bench_options",
            &["--merge", "-c", "2", "a.json"],
            "pgbench: error: --merge can be used only with --latency-percentiles, --report-json, --report-html, --report-csv and --force\n",
        ),
        (
            "merge_missing_file",
            &["--merge", "none.json"],
            "pgbench: error: could not read report file \"none.json\": No such file or directory\n",
        ),
    ]);
}

#[test]
fn warmup_and_continue_on_error_values() {
    let missing = format!("pgbench: option '--warmup' requires an argument\n{HINT}");
    let with_value =
        format!("pgbench: option '--continue-on-error' doesn't allow an argument\n{HINT}");
    ours_only(&[
        (
            "warmup_not_a_number",
            &["--warmup=1s"],
            "pgbench: error: invalid value \"1s\" for option --warmup\n",
        ),
        (
            "warmup_negative",
            &["--warmup", "-1"],
            "pgbench: error: --warmup must be in range 0..2147483647\n",
        ),
        ("warmup_missing", &["--warmup"], &missing),
        ("continue_on_error_takes_no_value", &["--continue-on-error=yes"], &with_value),
    ]);
}

/// An extension's name does not change what C's abbreviations mean, and
/// its own prefixes are unknown, as in C.
#[test]
fn extensions_leave_abbreviations_alone() {
    error(["--latency=abc"], "pgbench: error: invalid latency limit: \"abc\"\n")
        .check("abbreviation_latency_is_latency_limit");
    // (In 19 --continue is --continue-on-error: tests/versions/.)
    for (name, arg, versions) in [
        ("extension_prefix_is_unknown", "--latency-p=50", &VERSIONS[..]),
        ("warmup_prefix_is_unknown", "--warm=1", &VERSIONS[..]),
        ("continue_on_error_prefix_is_unknown", "--continue", &[17, 18][..]),
        ("report_json_prefix_is_unknown", "--report-j=x", &VERSIONS[..]),
    ] {
        usage([arg], &format!("pgbench: unrecognized option '{arg}'\n"))
            .in_versions(versions)
            .check(name);
    }
}
