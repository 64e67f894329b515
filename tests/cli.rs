//! Command-line handling without a server: every option error of C
//! pgbench's own no-server tests (002_pgbench_no_server.pl: the 40 option
//! errors, help, version, builtin listing, the 20 script parse errors), and
//! the option-parsing rules that can be checked before connecting (getopt
//! errors and abbreviations, integer ranges, -I steps, partitions, random
//! seeds, -D, init/benchmark conflicts, log options, weights, argument
//! counts).
//!
//! Each case stores the exact pgbench 17 output (status, stdout, stderr) and
//! checks the binary under test against it as pgbench 17, 18 and 19 (with
//! each one's `--compat`; the few cases whose output differs between them,
//! `--help`, `-V` and abbreviations that 19's `--continue-on-error` takes,
//! store each version's); when the real C pgbench of a version is installed
//! the stored expectation is also checked against its output. No
//! server is started: PGHOST points at an empty
//! directory, so the cases that get as far as connecting fail in the same
//! way for both (`{PGHOST}`/`{PGPORT}` in expectations stand for it).

use crate::harness::expected::{
    self, BUILTINS_EXTENSIONS, PG_VERSION, ambiguous_line_of, extension_section_names, help_of,
    help_ours_of,
};
use crate::harness::runner::VERSIONS;
use crate::harness::{Check, Expected, Pgbench, c_output, normalize};

/// One command-line case.
#[derive(Debug, Clone)]
struct Case {
    args: Vec<String>,
    env: Vec<(String, String)>,
    files: Vec<(String, String)>,
    stdin: String,
    masks: Vec<fn(&str) -> String>,
    status: i32,
    stdout: String,
    stderr: String,
    /// What pgbench-rs prints on stdout instead of `stdout` (a difference
    /// README lists), if it differs.
    ours_stdout: Option<String>,
    /// What pgbench-rs prints on stderr after `stderr`.
    ours_after_stderr: String,
    /// The pgbench versions the case is checked as (pgbench-rs with their
    /// `--compat`, and their C pgbench): all, unless their outputs differ.
    versions: Vec<u32>,
}

impl Case {
    fn new<I, S>(args: I) -> Self
    where
        I: IntoIterator<Item = S>,
        S: AsRef<str>,
    {
        Case {
            args: args.into_iter().map(|a| a.as_ref().to_string()).collect(),
            env: Vec::new(),
            files: Vec::new(),
            stdin: String::new(),
            masks: Vec::new(),
            status: 0,
            stdout: String::new(),
            stderr: String::new(),
            ours_stdout: None,
            ours_after_stderr: String::new(),
            versions: VERSIONS.to_vec(),
        }
    }

    /// Checked as these pgbench versions only (the stored text is theirs,
    /// and another version's differs).
    fn in_versions(mut self, versions: &[u32]) -> Self {
        self.versions = versions.to_vec();
        self
    }

    fn env(mut self, k: &str, v: &str) -> Self {
        self.env.push((k.into(), v.into()));
        self
    }

    fn file(mut self, name: &str, contents: &str) -> Self {
        self.files.push((name.into(), contents.into()));
        self
    }

    fn stdin(mut self, s: &str) -> Self {
        self.stdin = s.into();
        self
    }

    /// A measured-number mask applied to stdout and stderr of both runs.
    fn mask(mut self, f: fn(&str) -> String) -> Self {
        self.masks.push(f);
        self
    }

    fn status(mut self, s: i32) -> Self {
        self.status = s;
        self
    }

    fn stdout(mut self, s: &str) -> Self {
        self.stdout = s.into();
        self
    }

    fn stderr(mut self, s: &str) -> Self {
        self.stderr = s.into();
        self
    }

    /// pgbench-rs prints `s` on stdout where C prints `stdout`.
    fn ours_stdout(mut self, s: &str) -> Self {
        self.ours_stdout = Some(s.into());
        self
    }

    /// What pgbench-rs prints on stderr after C's text.
    fn ours_after_stderr(mut self, s: &str) -> Self {
        self.ours_after_stderr = s.into();
        self
    }

    fn check(self, name: &str) {
        for v in &self.versions {
            self.check_as(*v, &format!("{name} (as pgbench {v})"));
        }
    }

    fn check_as(&self, version: u32, name: &str) {
        let mut run =
            Pgbench::no_server(&self.args).compat(version).label(name).stdin(self.stdin.clone());
        for (k, v) in &self.env {
            run = run.env(k, v);
        }
        for (f, c) in &self.files {
            run = run.file(f, c.clone());
        }
        let expected = Expected {
            status: self.status,
            stdout: run.expand(&self.stdout),
            stderr: run.expand(&self.stderr),
        };
        let masks = self.masks.clone();
        let masked = |mut o: crate::harness::Output| {
            for m in &masks {
                o.stdout = m(&o.stdout);
                o.stderr = m(&o.stderr);
            }
            o
        };
        let mut check = Check::new(name);
        let mut ours = expected.clone();
        if let Some(s) = &self.ours_stdout {
            ours.stdout = run.expand(s);
        }
        ours.stderr.push_str(&self.ours_after_stderr);
        check.expected("pgbench-rs", &masked(run.run_under_test()), &ours);
        if let Some(c) = c_output(&run) {
            let c = masked(c);
            // A mismatch here means the stored expectation is wrong.
            check.expected(&format!("C pgbench {version}"), &c, &expected);
        }
        check.finish();
    }
}

const NO_ARGS: [&str; 0] = [];

fn repeat(s: &str, n: usize) -> impl Iterator<Item = &str> {
    std::iter::repeat_n(s, n)
}

#[test]
fn version() {
    for v in VERSIONS {
        Case::new(["--version"])
            .in_versions(&[v])
            .mask(normalize::mask_version)
            .status(0)
            .stdout(&format!("{}\n", expected::version_masked(v)))
            .check("version");
    }
}

#[test]
fn version_short() {
    for v in VERSIONS {
        Case::new(["-V"])
            .in_versions(&[v])
            .mask(normalize::mask_version)
            .status(0)
            .stdout(&format!("{}\n", expected::version_masked(v)))
            .check("version_short");
    }
}

#[test]
fn version_first_ignores_the_rest() {
    for v in VERSIONS {
        Case::new(["-V", "--bad", "-x"])
            .in_versions(&[v])
            .mask(normalize::mask_version)
            .status(0)
            .stdout(&format!("{}\n", expected::version_masked(v)))
            .check("version_first_ignores_the_rest");
    }
}

#[test]
fn tap_bad_option() {
    Case::new(["-h", "home", "-p", "5432", "-U", "calvin", "---debug", "--bad-option"])
        .status(1)
        .stderr(concat!(
            "pgbench: unrecognized option '---debug'\n",
            "pgbench: hint: Try \"pgbench --help\" for more information.\n",
        ))
        .check("tap_bad_option");
}

#[test]
fn tap_no_file() {
    Case::new(["-f", "no-such-file"])
        .status(1)
        .stderr("pgbench: error: could not open file \"no-such-file\": No such file or directory\n")
        .check("tap_no_file");
}

#[test]
fn tap_no_builtin() {
    Case::new(["-b", "no-such-builtin"])
        .status(1)
        .stderr(concat!(
            "pgbench: error: no builtin script found for name \"no-such-builtin\"\n",
            "Available builtin scripts:\n",
            "      tpcb-like: <builtin: TPC-B (sort of)>\n",
            "  simple-update: <builtin: simple update>\n",
            "    select-only: <builtin: select only>\n",
            "\n",
        ))
        .ours_after_stderr(BUILTINS_EXTENSIONS)
        .check("tap_no_builtin");
}

#[test]
fn tap_invalid_weight() {
    Case::new(["--builtin=select-only@one"])
        .status(1)
        .stderr("pgbench: error: invalid weight specification: @one\n")
        .check("tap_invalid_weight");
}

#[test]
fn tap_invalid_weight_negative() {
    Case::new(["-b", "select-only@-1"])
        .status(1)
        .stderr("pgbench: error: weight specification out of range (0 .. 2147483647): -1\n")
        .check("tap_invalid_weight_negative");
}

#[test]
fn tap_too_many_scripts() {
    Case::new(repeat("-S", 129))
        .status(1)
        .stderr("pgbench: error: at most 128 SQL scripts are allowed\n")
        .check("tap_too_many_scripts");
}

#[test]
fn tap_bad_clients() {
    Case::new(["-c", "three"])
        .status(1)
        .stderr("pgbench: error: invalid value \"three\" for option -c/--client\n")
        .check("tap_bad_clients");
}

#[test]
fn tap_bad_threads() {
    Case::new(["-j", "eleven"])
        .status(1)
        .stderr("pgbench: error: invalid value \"eleven\" for option -j/--jobs\n")
        .check("tap_bad_threads");
}

#[test]
fn tap_bad_scale() {
    Case::new(["-i", "-s", "two"])
        .status(1)
        .stderr("pgbench: error: invalid value \"two\" for option -s/--scale\n")
        .check("tap_bad_scale");
}

#[test]
fn tap_invalid_transactions() {
    Case::new(["-t", "zil"])
        .status(1)
        .stderr("pgbench: error: invalid value \"zil\" for option -t/--transactions\n")
        .check("tap_invalid_transactions");
}

#[test]
fn tap_invalid_duration() {
    Case::new(["-T", "ten"])
        .status(1)
        .stderr("pgbench: error: invalid value \"ten\" for option -T/--time\n")
        .check("tap_invalid_duration");
}

#[test]
fn tap_t_xor_big_t() {
    Case::new(["-N", "-l", "--aggregate-interval=5", "--log-prefix=notused", "-t", "1000", "-T", "1"])
        .status(1)
        .stderr("pgbench: error: specify either a number of transactions (-t) or a duration (-T), not both\n")
        .check("tap_t_xor_big_t");
}

#[test]
fn tap_big_t_xor_t() {
    Case::new(["-P", "1", "--progress-timestamp", "-l", "--sampling-rate=0.001", "-T", "10", "-t", "1000"])
        .status(1)
        .stderr("pgbench: error: specify either a number of transactions (-t) or a duration (-T), not both\n")
        .check("tap_big_t_xor_t");
}

#[test]
fn tap_bad_variable() {
    Case::new(["--define", "foobla"])
        .status(1)
        .stderr("pgbench: error: invalid variable definition: \"foobla\"\n")
        .check("tap_bad_variable");
}

#[test]
fn tap_invalid_fillfactor() {
    Case::new(["-F", "1"])
        .status(1)
        .stderr("pgbench: error: -F/--fillfactor must be in range 10..100\n")
        .check("tap_invalid_fillfactor");
}

#[test]
fn tap_invalid_query_mode() {
    Case::new(["-M", "no-such-mode"])
        .status(1)
        .stderr("pgbench: error: invalid query mode (-M): \"no-such-mode\"\n")
        .check("tap_invalid_query_mode");
}

#[test]
fn tap_invalid_progress() {
    Case::new(["--progress=0"])
        .status(1)
        .stderr("pgbench: error: -P/--progress must be in range 1..2147483647\n")
        .check("tap_invalid_progress");
}

#[test]
fn tap_invalid_rate() {
    Case::new(["--rate=0.0"])
        .status(1)
        .stderr("pgbench: error: invalid rate limit: \"0.0\"\n")
        .check("tap_invalid_rate");
}

#[test]
fn tap_invalid_latency() {
    Case::new(["--latency-limit=0.0"])
        .status(1)
        .stderr("pgbench: error: invalid latency limit: \"0.0\"\n")
        .check("tap_invalid_latency");
}

#[test]
fn tap_invalid_sampling_rate() {
    Case::new(["--sampling-rate=0"])
        .status(1)
        .stderr("pgbench: error: invalid sampling rate: \"0\"\n")
        .check("tap_invalid_sampling_rate");
}

#[test]
fn tap_invalid_aggregate_interval() {
    Case::new(["--aggregate-interval=-3"])
        .status(1)
        .stderr("pgbench: error: --aggregate-interval must be in range 1..2147483647\n")
        .check("tap_invalid_aggregate_interval");
}

#[test]
fn tap_weight_zero() {
    Case::new(["-b", "se@0", "-b", "si@0", "-b", "tpcb@0"])
        .status(1)
        .stderr("pgbench: error: total script weight must not be zero\n")
        .check("tap_weight_zero");
}

#[test]
fn tap_init_vs_run() {
    Case::new(["-i", "-S"])
        .status(1)
        .stderr("pgbench: error: some of the specified options cannot be used in initialization (-i) mode\n")
        .check("tap_init_vs_run");
}

#[test]
fn tap_run_vs_init() {
    Case::new(["-S", "-F", "90"])
        .status(1)
        .stderr(
            "pgbench: error: some of the specified options cannot be used in benchmarking mode\n",
        )
        .check("tap_run_vs_init");
}

#[test]
fn tap_ambiguous_builtin() {
    Case::new(["-b", "s"])
        .status(1)
        .stderr(concat!(
            "pgbench: error: ambiguous builtin name: 2 builtin scripts found for prefix \"s\"\n",
            "Available builtin scripts:\n",
            "      tpcb-like: <builtin: TPC-B (sort of)>\n",
            "  simple-update: <builtin: simple update>\n",
            "    select-only: <builtin: select only>\n",
            "\n",
        ))
        .ours_after_stderr(BUILTINS_EXTENSIONS)
        .check("tap_ambiguous_builtin");
}

#[test]
fn tap_progress_timestamp_needs_progress() {
    Case::new(["--progress-timestamp"])
        .status(1)
        .stderr("pgbench: error: --progress-timestamp is allowed only under --progress\n")
        .check("tap_progress_timestamp_needs_progress");
}

#[test]
fn tap_init_steps_without_init() {
    Case::new(["-I", "dtg"])
        .status(1)
        .stderr(
            "pgbench: error: some of the specified options cannot be used in benchmarking mode\n",
        )
        .check("tap_init_steps_without_init");
}

#[test]
fn tap_invalid_init_step() {
    Case::new(["-i", "-I", "dta"])
        .status(1)
        .stderr(concat!(
            "pgbench: error: unrecognized initialization step \"a\"\n",
            "pgbench: detail: Allowed step characters are: \"dtgGvpf\".\n",
        ))
        .check("tap_invalid_init_step");
}

#[test]
fn tap_bad_random_seed() {
    Case::new(["--random-seed=one"])
        .status(1)
        .stderr(concat!(
            "pgbench: error: unrecognized random seed option \"one\"\n",
            "pgbench: detail: Expecting an unsigned integer, \"time\" or \"rand\".\n",
            "pgbench: error: error while setting random seed from --random-seed option\n",
        ))
        .check("tap_bad_random_seed");
}

#[test]
fn tap_bad_partition_method() {
    Case::new(["-i", "--partition-method=BAD"])
        .status(1)
        .stderr("pgbench: error: invalid partition method, expecting \"range\" or \"hash\", got: \"BAD\"\n")
        .check("tap_bad_partition_method");
}

#[test]
fn tap_bad_partition_number() {
    Case::new(["-i", "--partitions", "-1"])
        .status(1)
        .stderr("pgbench: error: --partitions must be in range 0..2147483647\n")
        .check("tap_bad_partition_number");
}

#[test]
fn tap_partition_method_without_partitions() {
    Case::new(["-i", "--partition-method=hash"])
        .status(1)
        .stderr("pgbench: error: --partition-method requires greater than zero --partitions\n")
        .check("tap_partition_method_without_partitions");
}

#[test]
fn tap_bad_max_tries() {
    Case::new(["--max-tries", "-10"])
        .status(1)
        .stderr("pgbench: error: invalid number of maximum tries: \"-10\"\n")
        .check("tap_bad_max_tries");
}

#[test]
fn tap_infinite_tries() {
    Case::new(["--max-tries", "0"])
        .status(1)
        .stderr("pgbench: error: an unlimited number of transaction tries can only be used with --latency-limit or a duration (-T)\n")
        .check("tap_infinite_tries");
}

#[test]
fn tap_sampling_needs_log() {
    Case::new(["--sampling-rate=0.01"])
        .status(1)
        .stderr("pgbench: error: log sampling (--sampling-rate) is allowed only when logging transactions (-l)\n")
        .check("tap_sampling_needs_log");
}

#[test]
fn tap_sampling_xor_aggregate() {
    Case::new(["-l", "--sampling-rate=0.1", "--aggregate-interval=3"])
        .status(1)
        .stderr("pgbench: error: log sampling (--sampling-rate) and aggregation (--aggregate-interval) cannot be used at the same time\n")
        .check("tap_sampling_xor_aggregate");
}

#[test]
fn tap_aggregate_needs_log() {
    Case::new(["--aggregate-interval=3"])
        .status(1)
        .stderr(
            "pgbench: error: log aggregation is allowed only when actually logging transactions\n",
        )
        .check("tap_aggregate_needs_log");
}

#[test]
fn tap_log_prefix_needs_log() {
    Case::new(["--log-prefix=x"])
        .status(1)
        .stderr("pgbench: error: log file prefix (--log-prefix) is allowed only when logging transactions (-l)\n")
        .check("tap_log_prefix_needs_log");
}

#[test]
fn tap_duration_vs_aggregation() {
    Case::new(["-l", "-T", "1", "--aggregate-interval=3"])
        .status(1)
        .stderr("pgbench: error: number of seconds for aggregation (3) must not be higher than test duration (1)\n")
        .check("tap_duration_vs_aggregation");
}

#[test]
fn tap_duration_multiple_of_aggregation() {
    Case::new(["-l", "-T", "5", "--aggregate-interval=3"])
        .status(1)
        .stderr("pgbench: error: duration (5) must be a multiple of aggregation interval (3)\n")
        .check("tap_duration_multiple_of_aggregation");
}

#[test]
fn help() {
    for v in VERSIONS {
        Case::new(["--help"])
            .in_versions(&[v])
            .mask(extension_section_names)
            .status(0)
            .stdout(&help_of(v))
            .ours_stdout(&help_ours_of(v))
            .check("help");
    }
}

#[test]
fn help_short() {
    for v in VERSIONS {
        Case::new(["-?"])
            .in_versions(&[v])
            .mask(extension_section_names)
            .status(0)
            .stdout(&help_of(v))
            .ours_stdout(&help_ours_of(v))
            .check("help_short");
    }
}

#[test]
fn help_first_ignores_the_rest() {
    for v in VERSIONS {
        Case::new(["--help", "-x", "--bad"])
            .in_versions(&[v])
            .mask(extension_section_names)
            .status(0)
            .stdout(&help_of(v))
            .ours_stdout(&help_ours_of(v))
            .check("help_first_ignores_the_rest");
    }
}

#[test]
fn help_ignores_bad_random_seed_env() {
    for v in VERSIONS {
        Case::new(["--help"])
            .env("PGBENCH_RANDOM_SEED", "bad")
            .in_versions(&[v])
            .mask(extension_section_names)
            .status(0)
            .stdout(&help_of(v))
            .ours_stdout(&help_ours_of(v))
            .check("help_ignores_bad_random_seed_env");
    }
}

#[test]
fn tap_not_a_valid_option() {
    Case::new(["--not-a-valid-option"])
        .status(1)
        .stderr(concat!(
            "pgbench: unrecognized option '--not-a-valid-option'\n",
            "pgbench: hint: Try \"pgbench --help\" for more information.\n",
        ))
        .check("tap_not_a_valid_option");
}

#[test]
fn builtin_list() {
    Case::new(["-b", "list"])
        .status(0)
        .stderr(concat!(
            "Available builtin scripts:\n",
            "      tpcb-like: <builtin: TPC-B (sort of)>\n",
            "  simple-update: <builtin: simple update>\n",
            "    select-only: <builtin: select only>\n",
            "\n",
        ))
        .ours_after_stderr(BUILTINS_EXTENSIONS)
        .check("builtin_list");
}

#[test]
fn tap_show_script_se() {
    Case::new(["--show-script", "se"])
        .status(0)
        .stderr(concat!(
            "-- select-only: <builtin: select only>\n",
            "\\set aid random(1, 100000 * :scale)\n",
            "SELECT abalance FROM pgbench_accounts WHERE aid = :aid;\n",
            "\n",
        ))
        .check("tap_show_script_se");
}

#[test]
fn show_script_tpcb_like() {
    Case::new(["--show-script=tpcb-like"])
        .status(0)
        .stderr(concat!(
            "-- tpcb-like: <builtin: TPC-B (sort of)>\n",
            "\\set aid random(1, 100000 * :scale)\n",
            "\\set bid random(1, 1 * :scale)\n",
            "\\set tid random(1, 10 * :scale)\n",
            "\\set delta random(-5000, 5000)\n",
            "BEGIN;\n",
            "UPDATE pgbench_accounts SET abalance = abalance + :delta WHERE aid = :aid;\n",
            "SELECT abalance FROM pgbench_accounts WHERE aid = :aid;\n",
            "UPDATE pgbench_tellers SET tbalance = tbalance + :delta WHERE tid = :tid;\n",
            "UPDATE pgbench_branches SET bbalance = bbalance + :delta WHERE bid = :bid;\n",
            "INSERT INTO pgbench_history (tid, bid, aid, delta, mtime) VALUES (:tid, :bid, :aid, :delta, CURRENT_TIMESTAMP);\n",
            "END;\n",
            "\n",
        ))
        .check("show_script_tpcb_like");
}

#[test]
fn show_script_simple_update_prefix() {
    Case::new(["--show-script=si"])
        .status(0)
        .stderr(concat!(
            "-- simple-update: <builtin: simple update>\n",
            "\\set aid random(1, 100000 * :scale)\n",
            "\\set bid random(1, 1 * :scale)\n",
            "\\set tid random(1, 10 * :scale)\n",
            "\\set delta random(-5000, 5000)\n",
            "BEGIN;\n",
            "UPDATE pgbench_accounts SET abalance = abalance + :delta WHERE aid = :aid;\n",
            "SELECT abalance FROM pgbench_accounts WHERE aid = :aid;\n",
            "INSERT INTO pgbench_history (tid, bid, aid, delta, mtime) VALUES (:tid, :bid, :aid, :delta, CURRENT_TIMESTAMP);\n",
            "END;\n",
            "\n",
        ))
        .check("show_script_simple_update_prefix");
}

#[test]
fn show_script_unknown() {
    Case::new(["--show-script=x"])
        .status(1)
        .stderr(concat!(
            "pgbench: error: no builtin script found for name \"x\"\n",
            "Available builtin scripts:\n",
            "      tpcb-like: <builtin: TPC-B (sort of)>\n",
            "  simple-update: <builtin: simple update>\n",
            "    select-only: <builtin: select only>\n",
            "\n",
        ))
        .ours_after_stderr(BUILTINS_EXTENSIONS)
        .check("show_script_unknown");
}

#[test]
fn show_script_ambiguous() {
    Case::new(["--show-script=s"])
        .status(1)
        .stderr(concat!(
            "pgbench: error: ambiguous builtin name: 2 builtin scripts found for prefix \"s\"\n",
            "Available builtin scripts:\n",
            "      tpcb-like: <builtin: TPC-B (sort of)>\n",
            "  simple-update: <builtin: simple update>\n",
            "    select-only: <builtin: select only>\n",
            "\n",
        ))
        .ours_after_stderr(BUILTINS_EXTENSIONS)
        .check("show_script_ambiguous");
}

#[test]
fn show_script_empty_matches_all() {
    Case::new(["--show-script="])
        .status(1)
        .stderr(concat!(
            "pgbench: error: ambiguous builtin name: 3 builtin scripts found for prefix \"\"\n",
            "Available builtin scripts:\n",
            "      tpcb-like: <builtin: TPC-B (sort of)>\n",
            "  simple-update: <builtin: simple update>\n",
            "    select-only: <builtin: select only>\n",
            "\n",
        ))
        .ours_after_stderr(BUILTINS_EXTENSIONS)
        .check("show_script_empty_matches_all");
}

#[test]
fn tap_script_missing_endif() {
    Case::new(["-f", "if-noendif.sql"])
        .file("if-noendif.sql", "\\if 1")
        .status(1)
        .stderr("pgbench: error: condition error in script \"if-noendif.sql\" command 2: \\if without matching \\endif\n")
        .check("tap_script_missing_endif");
}

#[test]
fn tap_script_missing_if_on_elif() {
    Case::new(["-f", "elif-noif.sql"])
        .file("elif-noif.sql", "\\elif 1")
        .status(1)
        .stderr("pgbench: error: condition error in script \"elif-noif.sql\" command 1: \\elif without matching \\if\n")
        .check("tap_script_missing_if_on_elif");
}

#[test]
fn tap_script_missing_if_on_else() {
    Case::new(["-f", "else-noif.sql"])
        .file("else-noif.sql", "\\else")
        .status(1)
        .stderr("pgbench: error: condition error in script \"else-noif.sql\" command 1: \\else without matching \\if\n")
        .check("tap_script_missing_if_on_else");
}

#[test]
fn tap_script_missing_if_on_endif() {
    Case::new(["-f", "endif-noif.sql"])
        .file("endif-noif.sql", "\\endif")
        .status(1)
        .stderr("pgbench: error: condition error in script \"endif-noif.sql\" command 1: \\endif without matching \\if\n")
        .check("tap_script_missing_if_on_endif");
}

#[test]
fn tap_script_elif_after_else() {
    Case::new(["-f", "else-elif.sql"])
        .file("else-elif.sql", "\\if 1\n\\else\n\\elif 0\n\\endif")
        .status(1)
        .stderr("pgbench: error: condition error in script \"else-elif.sql\" command 3: \\elif after \\else\n")
        .check("tap_script_elif_after_else");
}

#[test]
fn tap_script_else_after_else() {
    Case::new(["-f", "else-else.sql"])
        .file("else-else.sql", "\\if 1\n\\else\n\\else\n\\endif")
        .status(1)
        .stderr("pgbench: error: condition error in script \"else-else.sql\" command 3: \\else after \\else\n")
        .check("tap_script_else_after_else");
}

#[test]
fn tap_script_if_syntax_error() {
    Case::new(["-f", "if-bad.sql"])
        .file("if-bad.sql", "\\if\n\\endif\n")
        .status(1)
        .stderr(concat!(
            "pgbench: error: if-bad.sql:1: syntax error in command \"if\"\n",
            "\\if\n",
            "   ^ error found here\n",
        ))
        .check("tap_script_if_syntax_error");
}

#[test]
fn tap_script_elif_syntax_error() {
    Case::new(["-f", "elif-bad.sql"])
        .file("elif-bad.sql", "\\if 0\n\\elif +\n\\endif\n")
        .status(1)
        .stderr(concat!(
            "pgbench: error: elif-bad.sql:2: syntax error in command \"elif\"\n",
            "\\elif +\n",
            "       ^ error found here\n",
        ))
        .check("tap_script_elif_syntax_error");
}

#[test]
fn tap_script_else_syntax_error() {
    Case::new(["-f", "else-bad.sql"])
        .file("else-bad.sql", "\\if 0\n\\else BAD\n\\endif\n")
        .status(1)
        .stderr(concat!(
            "pgbench: error: else-bad.sql:2: unexpected argument in command \"else\"\n",
            "\\else BAD\n",
        ))
        .check("tap_script_else_syntax_error");
}

#[test]
fn tap_script_endif_syntax_error() {
    Case::new(["-f", "endif-bad.sql"])
        .file("endif-bad.sql", "\\if 0\n\\endif BAD\n")
        .status(1)
        .stderr(concat!(
            "pgbench: error: endif-bad.sql:2: unexpected argument in command \"endif\"\n",
            "\\endif BAD\n",
        ))
        .check("tap_script_endif_syntax_error");
}

#[test]
fn tap_script_not_enough_arguments_for_least() {
    Case::new(["-f", "bad-least.sql"])
        .file("bad-least.sql", "\\set i least()\n")
        .status(1)
        .stderr(concat!(
            "pgbench: error: bad-least.sql:1: at least one argument expected (least) in command \"set\"\n",
            "\\set i least()\n",
            "             ^ error found here\n",
        ))
        .check("tap_script_not_enough_arguments_for_least");
}

#[test]
fn tap_script_not_enough_arguments_for_greatest() {
    Case::new(["-f", "bad-greatest.sql"])
        .file("bad-greatest.sql", "\\set i greatest()\n")
        .status(1)
        .stderr(concat!(
            "pgbench: error: bad-greatest.sql:1: at least one argument expected (greatest) in command \"set\"\n",
            "\\set i greatest()\n",
            "                ^ error found here\n",
        ))
        .check("tap_script_not_enough_arguments_for_greatest");
}

#[test]
fn tap_script_not_enough_arguments_for_hash() {
    Case::new(["-f", "bad-hash-1.sql"])
        .file("bad-hash-1.sql", "\\set i hash()\n")
        .status(1)
        .stderr(concat!(
            "pgbench: error: bad-hash-1.sql:1: unexpected number of arguments (hash) in command \"set\"\n",
            "\\set i hash()\n",
            "            ^ error found here\n",
        ))
        .check("tap_script_not_enough_arguments_for_hash");
}

#[test]
fn tap_script_too_many_arguments_for_hash() {
    Case::new(["-f", "bad-hash-2.sql"])
        .file("bad-hash-2.sql", "\\set i hash(1,2,3)\n")
        .status(1)
        .stderr(concat!(
            "pgbench: error: bad-hash-2.sql:1: unexpected number of arguments (hash) in command \"set\"\n",
            "\\set i hash(1,2,3)\n",
            "                 ^ error found here\n",
        ))
        .check("tap_script_too_many_arguments_for_hash");
}

#[test]
fn tap_script_bigint_overflow_1() {
    Case::new(["-f", "overflow-1.sql"])
        .file("overflow-1.sql", "\\set i 100000000000000000000\n")
        .status(1)
        .stderr(concat!(
            "pgbench: error: overflow-1.sql:1: bigint constant overflow (100000000000000000000) in command \"set\"\n",
            "\\set i 100000000000000000000\n",
            "                           ^ error found here\n",
        ))
        .check("tap_script_bigint_overflow_1");
}

#[test]
fn tap_script_double_overflow_2() {
    Case::new(["-f", "overflow-2.sql"])
        .file("overflow-2.sql", "\\set d 1.0E309\n")
        .status(1)
        .stderr(concat!(
            "pgbench: error: overflow-2.sql:1: double constant overflow (1.0E309) in command \"set\"\n",
            "\\set d 1.0E309\n",
            "             ^ error found here\n",
        ))
        .check("tap_script_double_overflow_2");
}

#[test]
fn tap_script_double_overflow_3() {
    Case::new(["-f", "overflow-3.sql"])
        .file("overflow-3.sql", "\\set d .1E310\n")
        .status(1)
        .stderr(concat!(
            "pgbench: error: overflow-3.sql:1: double constant overflow (.1E310) in command \"set\"\n",
            "\\set d .1E310\n",
            "            ^ error found here\n",
        ))
        .check("tap_script_double_overflow_3");
}

#[test]
fn tap_script_set_i() {
    Case::new(["-f", "set_i_op"])
        .file("set_i_op", "\\set i 1 +\n")
        .status(1)
        .stderr(concat!(
            "pgbench: error: set_i_op:1: syntax error in command \"set\"\n",
            "\\set i 1 +\n",
            "          ^ error found here\n",
        ))
        .check("tap_script_set_i");
}

#[test]
fn tap_script_not_enough_arguments_to_permute() {
    Case::new(["-f", "bad-permute-1.sql"])
        .file("bad-permute-1.sql", "\\set i permute(1)\n")
        .status(1)
        .stderr(concat!(
            "pgbench: error: bad-permute-1.sql:1: unexpected number of arguments (permute) in command \"set\"\n",
            "\\set i permute(1)\n",
            "                ^ error found here\n",
        ))
        .check("tap_script_not_enough_arguments_to_permute");
}

#[test]
fn tap_script_too_many_arguments_to_permute() {
    Case::new(["-f", "bad-permute-2.sql"])
        .file("bad-permute-2.sql", "\\set i permute(1, 2, 3, 4)\n")
        .status(1)
        .stderr(concat!(
            "pgbench: error: bad-permute-2.sql:1: unexpected number of arguments (permute) in command \"set\"\n",
            "\\set i permute(1, 2, 3, 4)\n",
            "                         ^ error found here\n",
        ))
        .check("tap_script_too_many_arguments_to_permute");
}

#[test]
fn getopt_unrecognized_long() {
    Case::new(["--bad-option"])
        .status(1)
        .stderr(concat!(
            "pgbench: unrecognized option '--bad-option'\n",
            "pgbench: hint: Try \"pgbench --help\" for more information.\n",
        ))
        .check("getopt_unrecognized_long");
}

#[test]
fn getopt_invalid_short() {
    Case::new(["-x"])
        .status(1)
        .stderr(concat!(
            "pgbench: invalid option -- 'x'\n",
            "pgbench: hint: Try \"pgbench --help\" for more information.\n",
        ))
        .check("getopt_invalid_short");
}

#[test]
fn getopt_missing_argument_short() {
    Case::new(["-c"])
        .status(1)
        .stderr(concat!(
            "pgbench: option requires an argument -- 'c'\n",
            "pgbench: hint: Try \"pgbench --help\" for more information.\n",
        ))
        .check("getopt_missing_argument_short");
}

#[test]
fn getopt_missing_argument_long() {
    Case::new(["--client"])
        .status(1)
        .stderr(concat!(
            "pgbench: option '--client' requires an argument\n",
            "pgbench: hint: Try \"pgbench --help\" for more information.\n",
        ))
        .check("getopt_missing_argument_long");
}

#[test]
fn getopt_missing_argument_abbreviated() {
    Case::new(["--cli"])
        .status(1)
        .stderr(concat!(
            "pgbench: option '--client' requires an argument\n",
            "pgbench: hint: Try \"pgbench --help\" for more information.\n",
        ))
        .check("getopt_missing_argument_abbreviated");
}

#[test]
fn getopt_missing_argument_host() {
    Case::new(["-n", "-h"])
        .status(1)
        .stderr(concat!(
            "pgbench: option requires an argument -- 'h'\n",
            "pgbench: hint: Try \"pgbench --help\" for more information.\n",
        ))
        .check("getopt_missing_argument_host");
}

#[test]
fn getopt_argument_not_allowed() {
    Case::new(["--connect=5"])
        .status(1)
        .stderr(concat!(
            "pgbench: option '--connect' doesn't allow an argument\n",
            "pgbench: hint: Try \"pgbench --help\" for more information.\n",
        ))
        .check("getopt_argument_not_allowed");
}

#[test]
fn getopt_exact_match_beats_prefix() {
    Case::new(["--log=x"])
        .status(1)
        .stderr(concat!(
            "pgbench: option '--log' doesn't allow an argument\n",
            "pgbench: hint: Try \"pgbench --help\" for more information.\n",
        ))
        .check("getopt_exact_match_beats_prefix");
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
            Case::new([format!("--{p}")])
                .in_versions(&[v])
                .status(1)
                .stderr(&format!(
                    "{}\npgbench: hint: Try \"pgbench --help\" for more information.\n",
                    ambiguous_line_of(v, p)
                ))
                .check(&format!("getopt_ambiguous_prefix_{p}"));
        }
    }
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

#[test]
fn getopt_ambiguous_f() {
    Case::new(["--f"])
        .status(1)
        .stderr(concat!(
            "pgbench: option '--f' is ambiguous; possibilities: '--file' '--fillfactor' '--foreign-keys' '--failures-detailed'\n",
            "pgbench: hint: Try \"pgbench --help\" for more information.\n",
        ))
        .check("getopt_ambiguous_f");
}

#[test]
fn getopt_ambiguous_c() {
    Case::new(["--c"])
        .in_versions(&[17, 18])
        .status(1)
        .stderr(concat!(
            "pgbench: option '--c' is ambiguous; possibilities: '--client' '--connect'\n",
            "pgbench: hint: Try \"pgbench --help\" for more information.\n",
        ))
        .check("getopt_ambiguous_c");
    // 19 has --continue-on-error.
    Case::new(["--c"])
        .in_versions(&[19])
        .status(1)
        .stderr(concat!(
            "pgbench: option '--c' is ambiguous; possibilities: '--client' '--connect' '--continue-on-error'\n",
            "pgbench: hint: Try \"pgbench --help\" for more information.\n",
        ))
        .check("getopt_ambiguous_c");
}

#[test]
fn getopt_ambiguous_p() {
    Case::new(["--p"])
        .status(1)
        .stderr(concat!(
            "pgbench: option '--p' is ambiguous; possibilities: '--port' '--progress' '--protocol' '--progress-timestamp' '--partitions' '--partition-method'\n",
            "pgbench: hint: Try \"pgbench --help\" for more information.\n",
        ))
        .check("getopt_ambiguous_p");
}

#[test]
fn getopt_ambiguous_v() {
    Case::new(["--v"])
        .status(1)
        .stderr(concat!(
            "pgbench: option '--v' is ambiguous; possibilities: '--vacuum-all' '--verbose-errors'\n",
            "pgbench: hint: Try \"pgbench --help\" for more information.\n",
        ))
        .check("getopt_ambiguous_v");
}

#[test]
fn getopt_ambiguous_s() {
    Case::new(["--s"])
        .status(1)
        .stderr(concat!(
            "pgbench: option '--s' is ambiguous; possibilities: '--scale' '--select-only' '--skip-some-updates' '--sampling-rate' '--show-script'\n",
            "pgbench: hint: Try \"pgbench --help\" for more information.\n",
        ))
        .check("getopt_ambiguous_s");
}

#[test]
fn getopt_ambiguous_l() {
    Case::new(["--l"])
        .status(1)
        .stderr(concat!(
            "pgbench: option '--l' is ambiguous; possibilities: '--log' '--latency-limit' '--log-prefix'\n",
            "pgbench: hint: Try \"pgbench --help\" for more information.\n",
        ))
        .check("getopt_ambiguous_l");
}

#[test]
fn getopt_ambiguous_r() {
    Case::new(["--r"])
        .status(1)
        .stderr(concat!(
            "pgbench: option '--r' is ambiguous; possibilities: '--report-per-command' '--rate' '--random-seed'\n",
            "pgbench: hint: Try \"pgbench --help\" for more information.\n",
        ))
        .check("getopt_ambiguous_r");
}

#[test]
fn getopt_ambiguous_t() {
    Case::new(["--t"])
        .status(1)
        .stderr(concat!(
            "pgbench: option '--t' is ambiguous; possibilities: '--time' '--transactions' '--tablespace'\n",
            "pgbench: hint: Try \"pgbench --help\" for more information.\n",
        ))
        .check("getopt_ambiguous_t");
}

#[test]
fn getopt_ambiguous_in() {
    Case::new(["--in"])
        .status(1)
        .stderr(concat!(
            "pgbench: option '--in' is ambiguous; possibilities: '--initialize' '--init-steps' '--index-tablespace'\n",
            "pgbench: hint: Try \"pgbench --help\" for more information.\n",
        ))
        .check("getopt_ambiguous_in");
}

#[test]
fn getopt_ambiguous_pro() {
    Case::new(["--pro"])
        .status(1)
        .stderr(concat!(
            "pgbench: option '--pro' is ambiguous; possibilities: '--progress' '--protocol' '--progress-timestamp'\n",
            "pgbench: hint: Try \"pgbench --help\" for more information.\n",
        ))
        .check("getopt_ambiguous_pro");
}

#[test]
fn getopt_ambiguous_fi() {
    Case::new(["--fi"])
        .status(1)
        .stderr(concat!(
            "pgbench: option '--fi' is ambiguous; possibilities: '--file' '--fillfactor'\n",
            "pgbench: hint: Try \"pgbench --help\" for more information.\n",
        ))
        .check("getopt_ambiguous_fi");
}

#[test]
fn getopt_exact_name_is_not_ambiguous() {
    Case::new(["--progress"])
        .status(1)
        .stderr(concat!(
            "pgbench: option '--progress' requires an argument\n",
            "pgbench: hint: Try \"pgbench --help\" for more information.\n",
        ))
        .check("getopt_exact_name_is_not_ambiguous");
}

#[test]
fn getopt_unique_prefix() {
    Case::new(["--sa"])
        .status(1)
        .stderr(concat!(
            "pgbench: option '--sampling-rate' requires an argument\n",
            "pgbench: hint: Try \"pgbench --help\" for more information.\n",
        ))
        .check("getopt_unique_prefix");
}

#[test]
fn getopt_ambiguous_with_value() {
    Case::new(["--f=5"])
        .status(1)
        .stderr(concat!(
            "pgbench: option '--f=5' is ambiguous; possibilities: '--file' '--fillfactor' '--foreign-keys' '--failures-detailed'\n",
            "pgbench: hint: Try \"pgbench --help\" for more information.\n",
        ))
        .check("getopt_ambiguous_with_value");
}

#[test]
fn getopt_ambiguous_d() {
    Case::new(["--d"])
        .status(1)
        .stderr(concat!(
            "pgbench: option '--d' is ambiguous; possibilities: '--dbname' '--define' '--debug'\n",
            "pgbench: hint: Try \"pgbench --help\" for more information.\n",
        ))
        .check("getopt_ambiguous_d");
}

#[test]
fn getopt_ambiguous_de() {
    Case::new(["--de"])
        .status(1)
        .stderr(concat!(
            "pgbench: option '--de' is ambiguous; possibilities: '--define' '--debug'\n",
            "pgbench: hint: Try \"pgbench --help\" for more information.\n",
        ))
        .check("getopt_ambiguous_de");
}

#[test]
fn getopt_short_equals_is_the_value() {
    Case::new(["-c=5"])
        .status(1)
        .stderr("pgbench: error: invalid value \"=5\" for option -c/--client\n")
        .check("getopt_short_equals_is_the_value");
}

#[test]
fn getopt_short_attached_value() {
    Case::new(["-cthree"])
        .status(1)
        .stderr("pgbench: error: invalid value \"three\" for option -c/--client\n")
        .check("getopt_short_attached_value");
}

#[test]
fn getopt_abbreviated_long_value() {
    Case::new(["--cli=abc"])
        .status(1)
        .stderr("pgbench: error: invalid value \"abc\" for option -c/--client\n")
        .check("getopt_abbreviated_long_value");
}

#[test]
fn getopt_abbreviated_long_separate_value() {
    Case::new(["--trans", "5", "-T", "3"])
        .status(1)
        .stderr("pgbench: error: specify either a number of transactions (-t) or a duration (-T), not both\n")
        .check("getopt_abbreviated_long_separate_value");
}

#[test]
fn getopt_unique_prefix_of_long_only_option() {
    Case::new(["--partition-m=BAD", "-i"])
        .status(1)
        .stderr("pgbench: error: invalid partition method, expecting \"range\" or \"hash\", got: \"BAD\"\n")
        .check("getopt_unique_prefix_of_long_only_option");
}

#[test]
fn getopt_options_after_dbname() {
    Case::new(["mydb", "-c", "three"])
        .status(1)
        .stderr("pgbench: error: invalid value \"three\" for option -c/--client\n")
        .check("getopt_options_after_dbname");
}

#[test]
fn getopt_options_after_dbname_are_used() {
    Case::new(["mydb", "-t", "5", "-T", "5"])
        .status(1)
        .stderr("pgbench: error: specify either a number of transactions (-t) or a duration (-T), not both\n")
        .check("getopt_options_after_dbname_are_used");
}

#[test]
fn getopt_double_dash_ends_options() {
    Case::new(["--", "mydb", "-c", "three"])
        .status(1)
        .stderr(concat!(
            "pgbench: error: too many command-line arguments (first is \"-c\")\n",
            "pgbench: hint: Try \"pgbench --help\" for more information.\n",
        ))
        .check("getopt_double_dash_ends_options");
}

#[test]
fn getopt_double_dash_option_like_dbname() {
    Case::new(["-n", "--", "-c"])
        .status(1)
        .stderr(concat!(
            "pgbench: error: connection to server on socket \"{PGHOST}/.s.PGSQL.{PGPORT}\" failed: No such file or directory\n",
            "\tIs the server running locally and accepting connections on that socket?\n",
            "pgbench: error: could not create connection for setup\n",
        ))
        .check("getopt_double_dash_option_like_dbname");
}

#[test]
fn getopt_help_not_first() {
    Case::new(["-n", "--help"])
        .status(1)
        .stderr(concat!(
            "pgbench: unrecognized option '--help'\n",
            "pgbench: hint: Try \"pgbench --help\" for more information.\n",
        ))
        .check("getopt_help_not_first");
}

#[test]
fn getopt_help_short_not_first() {
    Case::new(["-n", "-?"])
        .status(1)
        .stderr(concat!(
            "pgbench: invalid option -- '?'\n",
            "pgbench: hint: Try \"pgbench --help\" for more information.\n",
        ))
        .check("getopt_help_short_not_first");
}

#[test]
fn getopt_version_not_first() {
    Case::new(["-n", "-V"])
        .status(1)
        .stderr(concat!(
            "pgbench: invalid option -- 'V'\n",
            "pgbench: hint: Try \"pgbench --help\" for more information.\n",
        ))
        .check("getopt_version_not_first");
}

#[test]
fn getopt_version_long_not_first() {
    Case::new(["-n", "--version"])
        .status(1)
        .stderr(concat!(
            "pgbench: unrecognized option '--version'\n",
            "pgbench: hint: Try \"pgbench --help\" for more information.\n",
        ))
        .check("getopt_version_long_not_first");
}

#[test]
fn getopt_help_abbreviation_is_not_help() {
    Case::new(["--he"])
        .status(1)
        .stderr(concat!(
            "pgbench: unrecognized option '--he'\n",
            "pgbench: hint: Try \"pgbench --help\" for more information.\n",
        ))
        .check("getopt_help_abbreviation_is_not_help");
}

#[test]
fn too_many_arguments() {
    Case::new(["-n", "db1", "db2"])
        .status(1)
        .stderr(concat!(
            "pgbench: error: too many command-line arguments (first is \"db2\")\n",
            "pgbench: hint: Try \"pgbench --help\" for more information.\n",
        ))
        .check("too_many_arguments");
}

#[test]
fn too_many_arguments_init() {
    Case::new(["-i", "db1", "db2", "db3"])
        .status(1)
        .stderr(concat!(
            "pgbench: error: too many command-line arguments (first is \"db2\")\n",
            "pgbench: hint: Try \"pgbench --help\" for more information.\n",
        ))
        .check("too_many_arguments_init");
}

#[test]
fn no_server_bench() {
    Case::new(NO_ARGS)
        .status(1)
        .stderr(concat!(
            "pgbench: error: connection to server on socket \"{PGHOST}/.s.PGSQL.{PGPORT}\" failed: No such file or directory\n",
            "\tIs the server running locally and accepting connections on that socket?\n",
            "pgbench: error: could not create connection for setup\n",
        ))
        .check("no_server_bench");
}

#[test]
fn no_server_init() {
    Case::new(["-i"])
        .status(1)
        .stderr(concat!(
            "pgbench: error: connection to server on socket \"{PGHOST}/.s.PGSQL.{PGPORT}\" failed: No such file or directory\n",
            "\tIs the server running locally and accepting connections on that socket?\n",
            "pgbench: error: could not create connection for initialization\n",
        ))
        .check("no_server_init");
}

#[test]
fn no_server_init_steps_with_spaces() {
    Case::new(["-i", "-I", "d t g"])
        .status(1)
        .stderr(concat!(
            "pgbench: error: connection to server on socket \"{PGHOST}/.s.PGSQL.{PGPORT}\" failed: No such file or directory\n",
            "\tIs the server running locally and accepting connections on that socket?\n",
            "pgbench: error: could not create connection for initialization\n",
        ))
        .check("no_server_init_steps_with_spaces");
}

#[test]
fn int_c_0() {
    Case::new(["-c", "0"])
        .status(1)
        .stderr("pgbench: error: -c/--client must be in range 1..2147483647\n")
        .check("int_c_0");
}

#[test]
fn int_c_2147483648() {
    Case::new(["-c", "2147483648"])
        .status(1)
        .stderr("pgbench: error: -c/--client must be in range 1..2147483647\n")
        .check("int_c_2147483648");
}

#[test]
fn int_c_minus_5() {
    Case::new(["-c", "-5"])
        .status(1)
        .stderr("pgbench: error: -c/--client must be in range 1..2147483647\n")
        .check("int_c_minus_5");
}

#[test]
fn int_c_empty() {
    Case::new(["-c", ""])
        .status(1)
        .stderr("pgbench: error: -c/--client must be in range 1..2147483647\n")
        .check("int_c_empty");
}

#[test]
fn int_c_5x() {
    Case::new(["-c", "5x"])
        .status(1)
        .stderr("pgbench: error: invalid value \"5x\" for option -c/--client\n")
        .check("int_c_5x");
}

#[test]
fn int_c_99999999999999999999() {
    Case::new(["-c", "99999999999999999999"])
        .status(1)
        .stderr("pgbench: error: -c/--client must be in range 1..2147483647\n")
        .check("int_c_99999999999999999999");
}

#[test]
fn int_j_0() {
    Case::new(["-j", "0"])
        .status(1)
        .stderr("pgbench: error: -j/--jobs must be in range 1..2147483647\n")
        .check("int_j_0");
}

#[test]
fn int_j_2147483648() {
    Case::new(["-j", "2147483648"])
        .status(1)
        .stderr("pgbench: error: -j/--jobs must be in range 1..2147483647\n")
        .check("int_j_2147483648");
}

#[test]
fn int_j_1_5() {
    Case::new(["-j", "1.5"])
        .status(1)
        .stderr("pgbench: error: invalid value \"1.5\" for option -j/--jobs\n")
        .check("int_j_1_5");
}

#[test]
fn int_s_0() {
    Case::new(["-i", "-s", "0"])
        .status(1)
        .stderr("pgbench: error: -s/--scale must be in range 1..2147483647\n")
        .check("int_s_0");
}

#[test]
fn int_s_minus_1() {
    Case::new(["-i", "-s", "-1"])
        .status(1)
        .stderr("pgbench: error: -s/--scale must be in range 1..2147483647\n")
        .check("int_s_minus_1");
}

#[test]
fn int_s_99999999999999999999() {
    Case::new(["-i", "-s", "99999999999999999999"])
        .status(1)
        .stderr("pgbench: error: -s/--scale must be in range 1..2147483647\n")
        .check("int_s_99999999999999999999");
}

#[test]
fn int_t_0() {
    Case::new(["-t", "0"])
        .status(1)
        .stderr("pgbench: error: -t/--transactions must be in range 1..2147483647\n")
        .check("int_t_0");
}

#[test]
fn int_t_minus_1() {
    Case::new(["-t", "-1"])
        .status(1)
        .stderr("pgbench: error: -t/--transactions must be in range 1..2147483647\n")
        .check("int_t_minus_1");
}

#[test]
fn int_t_1e3() {
    Case::new(["-t", "1e3"])
        .status(1)
        .stderr("pgbench: error: invalid value \"1e3\" for option -t/--transactions\n")
        .check("int_t_1e3");
}

#[test]
fn int_big_t_0() {
    Case::new(["-T", "0"])
        .status(1)
        .stderr("pgbench: error: -T/--time must be in range 1..2147483647\n")
        .check("int_big_t_0");
}

#[test]
fn int_big_t_2147483648() {
    Case::new(["-T", "2147483648"])
        .status(1)
        .stderr("pgbench: error: -T/--time must be in range 1..2147483647\n")
        .check("int_big_t_2147483648");
}

#[test]
fn int_big_t_10s() {
    Case::new(["-T", "10s"])
        .status(1)
        .stderr("pgbench: error: invalid value \"10s\" for option -T/--time\n")
        .check("int_big_t_10s");
}

#[test]
fn int_big_f_9() {
    Case::new(["-i", "-F", "9"])
        .status(1)
        .stderr("pgbench: error: -F/--fillfactor must be in range 10..100\n")
        .check("int_big_f_9");
}

#[test]
fn int_big_f_101() {
    Case::new(["-i", "-F", "101"])
        .status(1)
        .stderr("pgbench: error: -F/--fillfactor must be in range 10..100\n")
        .check("int_big_f_101");
}

#[test]
fn int_big_f_ten() {
    Case::new(["-i", "-F", "ten"])
        .status(1)
        .stderr("pgbench: error: invalid value \"ten\" for option -F/--fillfactor\n")
        .check("int_big_f_ten");
}

#[test]
fn int_big_p_x() {
    Case::new(["-P", "x"])
        .status(1)
        .stderr("pgbench: error: invalid value \"x\" for option -P/--progress\n")
        .check("int_big_p_x");
}

#[test]
fn int_big_p_minus_1() {
    Case::new(["-P", "-1"])
        .status(1)
        .stderr("pgbench: error: -P/--progress must be in range 1..2147483647\n")
        .check("int_big_p_minus_1");
}

#[test]
fn int_aggregate_interval_0() {
    Case::new(["--aggregate-interval=0"])
        .status(1)
        .stderr("pgbench: error: --aggregate-interval must be in range 1..2147483647\n")
        .check("int_aggregate_interval_0");
}

#[test]
fn int_aggregate_interval_x() {
    Case::new(["--aggregate-interval=x"])
        .status(1)
        .stderr("pgbench: error: invalid value \"x\" for option --aggregate-interval\n")
        .check("int_aggregate_interval_x");
}

#[test]
fn int_aggregate_interval_2147483648() {
    Case::new(["--aggregate-interval=2147483648"])
        .status(1)
        .stderr("pgbench: error: --aggregate-interval must be in range 1..2147483647\n")
        .check("int_aggregate_interval_2147483648");
}

#[test]
fn int_partitions_x() {
    Case::new(["-i", "--partitions=x"])
        .status(1)
        .stderr("pgbench: error: invalid value \"x\" for option --partitions\n")
        .check("int_partitions_x");
}

#[test]
fn int_partitions_2147483648() {
    Case::new(["-i", "--partitions=2147483648"])
        .status(1)
        .stderr("pgbench: error: --partitions must be in range 0..2147483647\n")
        .check("int_partitions_2147483648");
}

#[test]
fn int_partitions_1_0() {
    Case::new(["-i", "--partitions=1.0"])
        .status(1)
        .stderr("pgbench: error: invalid value \"1.0\" for option --partitions\n")
        .check("int_partitions_1_0");
}

#[test]
fn int_whitespace_around_value_is_accepted() {
    Case::new(["-c", " 5 ", "--progress-timestamp"])
        .status(1)
        .stderr("pgbench: error: --progress-timestamp is allowed only under --progress\n")
        .check("int_whitespace_around_value_is_accepted");
}

#[test]
fn int_leading_plus_is_accepted() {
    Case::new(["-t", "+5", "-T", "1"])
        .status(1)
        .stderr("pgbench: error: specify either a number of transactions (-t) or a duration (-T), not both\n")
        .check("int_leading_plus_is_accepted");
}

#[test]
fn int_fillfactor_bounds_are_accepted() {
    Case::new(["-i", "-F", "10", "-F", "100", "-S"])
        .status(1)
        .stderr("pgbench: error: some of the specified options cannot be used in initialization (-i) mode\n")
        .check("int_fillfactor_bounds_are_accepted");
}

#[test]
fn int_partitions_zero_is_accepted() {
    Case::new(["-i", "--partitions=0", "--partition-method=range"])
        .status(1)
        .stderr("pgbench: error: --partition-method requires greater than zero --partitions\n")
        .check("int_partitions_zero_is_accepted");
}

#[test]
fn init_steps_empty() {
    Case::new(["-i", "-I", ""])
        .status(1)
        .stderr("pgbench: error: no initialization steps specified\n")
        .check("init_steps_empty");
}

#[test]
fn init_steps_bad_letter_without_i() {
    Case::new(["-I", "x"])
        .status(1)
        .stderr(concat!(
            "pgbench: error: unrecognized initialization step \"x\"\n",
            "pgbench: detail: Allowed step characters are: \"dtgGvpf\".\n",
        ))
        .check("init_steps_bad_letter_without_i");
}

#[test]
fn init_steps_checked_before_mode() {
    Case::new(["-I", "dtX", "-i"])
        .status(1)
        .stderr(concat!(
            "pgbench: error: unrecognized initialization step \"X\"\n",
            "pgbench: detail: Allowed step characters are: \"dtgGvpf\".\n",
        ))
        .check("init_steps_checked_before_mode");
}

#[test]
fn init_steps_first_bad_wins() {
    Case::new(["-i", "-I", "zq", "-I", "dtg"])
        .status(1)
        .stderr(concat!(
            "pgbench: error: unrecognized initialization step \"z\"\n",
            "pgbench: detail: Allowed step characters are: \"dtgGvpf\".\n",
        ))
        .check("init_steps_first_bad_wins");
}

#[test]
fn partition_method_case_insensitive() {
    Case::new(["-i", "--partitions=2", "--partition-method=HaSh", "-S"])
        .status(1)
        .stderr("pgbench: error: some of the specified options cannot be used in initialization (-i) mode\n")
        .check("partition_method_case_insensitive");
}

#[test]
fn partition_method_range_without_partitions() {
    Case::new(["-i", "--partition-method=range"])
        .status(1)
        .stderr("pgbench: error: --partition-method requires greater than zero --partitions\n")
        .check("partition_method_range_without_partitions");
}

#[test]
fn partition_method_empty() {
    Case::new(["-i", "--partition-method="])
        .status(1)
        .stderr("pgbench: error: invalid partition method, expecting \"range\" or \"hash\", got: \"\"\n")
        .check("partition_method_empty");
}

#[test]
fn random_seed_trailing_space() {
    Case::new(["--random-seed=5 "])
        .status(1)
        .stderr(concat!(
            "pgbench: error: unrecognized random seed option \"5 \"\n",
            "pgbench: detail: Expecting an unsigned integer, \"time\" or \"rand\".\n",
            "pgbench: error: error while setting random seed from --random-seed option\n",
        ))
        .check("random_seed_trailing_space");
}

#[test]
fn random_seed_empty() {
    Case::new(["--random-seed="])
        .status(1)
        .stderr(concat!(
            "pgbench: error: unrecognized random seed option \"\"\n",
            "pgbench: detail: Expecting an unsigned integer, \"time\" or \"rand\".\n",
            "pgbench: error: error while setting random seed from --random-seed option\n",
        ))
        .check("random_seed_empty");
}

#[test]
fn random_seed_hex() {
    Case::new(["--random-seed=0x10"])
        .status(1)
        .stderr(concat!(
            "pgbench: error: unrecognized random seed option \"0x10\"\n",
            "pgbench: detail: Expecting an unsigned integer, \"time\" or \"rand\".\n",
            "pgbench: error: error while setting random seed from --random-seed option\n",
        ))
        .check("random_seed_hex");
}

#[test]
fn random_seed_minus_one_wraps() {
    Case::new(["--random-seed=-1", "-x"])
        .status(1)
        .stderr(concat!(
            "pgbench: setting random seed to 18446744073709551615\n",
            "pgbench: invalid option -- 'x'\n",
            "pgbench: hint: Try \"pgbench --help\" for more information.\n",
        ))
        .check("random_seed_minus_one_wraps");
}

#[test]
fn random_seed_leading_space() {
    Case::new(["--random-seed= 5", "-x"])
        .status(1)
        .stderr(concat!(
            "pgbench: setting random seed to 5\n",
            "pgbench: invalid option -- 'x'\n",
            "pgbench: hint: Try \"pgbench --help\" for more information.\n",
        ))
        .check("random_seed_leading_space");
}

#[test]
fn random_seed_plus() {
    Case::new(["--random-seed=+7", "-x"])
        .status(1)
        .stderr(concat!(
            "pgbench: setting random seed to 7\n",
            "pgbench: invalid option -- 'x'\n",
            "pgbench: hint: Try \"pgbench --help\" for more information.\n",
        ))
        .check("random_seed_plus");
}

#[test]
fn random_seed_max() {
    Case::new(["--random-seed=18446744073709551615", "-x"])
        .status(1)
        .stderr(concat!(
            "pgbench: setting random seed to 18446744073709551615\n",
            "pgbench: invalid option -- 'x'\n",
            "pgbench: hint: Try \"pgbench --help\" for more information.\n",
        ))
        .check("random_seed_max");
}

#[test]
fn random_seed_overflow() {
    Case::new(["--random-seed=18446744073709551616"])
        .status(1)
        .stderr(concat!(
            "pgbench: setting random seed to 18446744073709551615\n",
            "pgbench: error: connection to server on socket \"{PGHOST}/.s.PGSQL.{PGPORT}\" failed: No such file or directory\n",
            "\tIs the server running locally and accepting connections on that socket?\n",
            "pgbench: error: could not create connection for setup\n",
        ))
        .check("random_seed_overflow");
}

#[test]
fn random_seed_time() {
    Case::new(["--random-seed=time", "-x"])
        .mask(normalize::mask_random_seed)
        .status(1)
        .stderr(concat!(
            "pgbench: setting random seed to <t>\n",
            "pgbench: invalid option -- 'x'\n",
            "pgbench: hint: Try \"pgbench --help\" for more information.\n",
        ))
        .check("random_seed_time");
}

#[test]
fn random_seed_rand() {
    Case::new(["--random-seed=rand", "-x"])
        .mask(normalize::mask_random_seed)
        .status(1)
        .stderr(concat!(
            "pgbench: setting random seed to <t>\n",
            "pgbench: invalid option -- 'x'\n",
            "pgbench: hint: Try \"pgbench --help\" for more information.\n",
        ))
        .check("random_seed_rand");
}

#[test]
fn random_seed_is_a_benchmarking_option() {
    Case::new(["-i", "--random-seed=1"])
        .status(1)
        .stderr(concat!(
            "pgbench: setting random seed to 1\n",
            "pgbench: error: some of the specified options cannot be used in initialization (-i) mode\n",
        ))
        .check("random_seed_is_a_benchmarking_option");
}

#[test]
fn random_seed_env_bad() {
    Case::new(["-b", "list"])
        .env("PGBENCH_RANDOM_SEED", "bad")
        .status(1)
        .stderr(concat!(
            "pgbench: error: unrecognized random seed option \"bad\"\n",
            "pgbench: detail: Expecting an unsigned integer, \"time\" or \"rand\".\n",
            "pgbench: error: error while setting random seed from PGBENCH_RANDOM_SEED environment variable\n",
        ))
        .check("random_seed_env_bad");
}

#[test]
fn random_seed_env_ok() {
    Case::new(["-b", "list"])
        .env("PGBENCH_RANDOM_SEED", "7")
        .status(0)
        .stderr(concat!(
            "pgbench: setting random seed to 7\n",
            "Available builtin scripts:\n",
            "      tpcb-like: <builtin: TPC-B (sort of)>\n",
            "  simple-update: <builtin: simple update>\n",
            "    select-only: <builtin: select only>\n",
            "\n",
        ))
        .ours_after_stderr(BUILTINS_EXTENSIONS)
        .check("random_seed_env_ok");
}

#[test]
fn random_seed_env_then_option() {
    Case::new(["--random-seed=8", "-x"])
        .env("PGBENCH_RANDOM_SEED", "7")
        .status(1)
        .stderr(concat!(
            "pgbench: setting random seed to 7\n",
            "pgbench: setting random seed to 8\n",
            "pgbench: invalid option -- 'x'\n",
            "pgbench: hint: Try \"pgbench --help\" for more information.\n",
        ))
        .check("random_seed_env_then_option");
}

#[test]
fn random_seed_env_empty() {
    Case::new(["-x"])
        .env("PGBENCH_RANDOM_SEED", "")
        .status(1)
        .stderr(concat!(
            "pgbench: error: unrecognized random seed option \"\"\n",
            "pgbench: detail: Expecting an unsigned integer, \"time\" or \"rand\".\n",
            "pgbench: error: error while setting random seed from PGBENCH_RANDOM_SEED environment variable\n",
        ))
        .check("random_seed_env_empty");
}

#[test]
fn define_no_value() {
    Case::new(["-D", "x="])
        .status(1)
        .stderr("pgbench: error: invalid variable definition: \"x=\"\n")
        .check("define_no_value");
}

#[test]
fn define_no_name() {
    Case::new(["-D", "=x"])
        .status(1)
        .stderr("pgbench: error: invalid variable definition: \"=x\"\n")
        .check("define_no_name");
}

#[test]
fn define_bad_name() {
    Case::new(["-D", "1a=5"])
        .status(1)
        .stderr("pgbench: error: option: invalid variable name: \"1a\"\n")
        .check("define_bad_name");
}

#[test]
fn define_bad_name_space() {
    Case::new(["-D", "a b=5"])
        .status(1)
        .stderr("pgbench: error: option: invalid variable name: \"a b\"\n")
        .check("define_bad_name_space");
}

#[test]
fn define_value_with_equals() {
    Case::new(["-D", "a==b", "-D", "c=d=e", "-x"])
        .status(1)
        .stderr(concat!(
            "pgbench: invalid option -- 'x'\n",
            "pgbench: hint: Try \"pgbench --help\" for more information.\n",
        ))
        .check("define_value_with_equals");
}

#[test]
fn define_in_init_mode() {
    Case::new(["-i", "-D", "a=1"])
        .status(1)
        .stderr("pgbench: error: some of the specified options cannot be used in initialization (-i) mode\n")
        .check("define_in_init_mode");
}

#[test]
fn init_rejects_clients() {
    Case::new(["-i", "-c", "2"])
        .status(1)
        .stderr("pgbench: error: some of the specified options cannot be used in initialization (-i) mode\n")
        .check("init_rejects_clients");
}

#[test]
fn init_rejects_connect() {
    Case::new(["-i", "-C"])
        .status(1)
        .stderr("pgbench: error: some of the specified options cannot be used in initialization (-i) mode\n")
        .check("init_rejects_connect");
}

#[test]
fn init_rejects_define() {
    Case::new(["-i", "-D", "a=1"])
        .status(1)
        .stderr("pgbench: error: some of the specified options cannot be used in initialization (-i) mode\n")
        .check("init_rejects_define");
}

#[test]
fn init_rejects_file() {
    Case::new(["-i", "-f", "ok.sql"])
        .file("ok.sql", "select 1;\n")
        .status(1)
        .stderr("pgbench: error: some of the specified options cannot be used in initialization (-i) mode\n")
        .check("init_rejects_file");
}

#[test]
fn init_rejects_jobs() {
    Case::new(["-i", "-j", "2"])
        .status(1)
        .stderr("pgbench: error: some of the specified options cannot be used in initialization (-i) mode\n")
        .check("init_rejects_jobs");
}

#[test]
fn init_rejects_log() {
    Case::new(["-i", "-l"])
        .status(1)
        .stderr("pgbench: error: some of the specified options cannot be used in initialization (-i) mode\n")
        .check("init_rejects_log");
}

#[test]
fn init_rejects_latency_limit() {
    Case::new(["-i", "-L", "5"])
        .status(1)
        .stderr("pgbench: error: some of the specified options cannot be used in initialization (-i) mode\n")
        .check("init_rejects_latency_limit");
}

#[test]
fn init_rejects_protocol() {
    Case::new(["-i", "-M", "simple"])
        .status(1)
        .stderr("pgbench: error: some of the specified options cannot be used in initialization (-i) mode\n")
        .check("init_rejects_protocol");
}

#[test]
fn init_rejects_skip_some_updates() {
    Case::new(["-i", "-N"])
        .status(1)
        .stderr("pgbench: error: some of the specified options cannot be used in initialization (-i) mode\n")
        .check("init_rejects_skip_some_updates");
}

#[test]
fn init_rejects_progress() {
    Case::new(["-i", "-P", "1"])
        .status(1)
        .stderr("pgbench: error: some of the specified options cannot be used in initialization (-i) mode\n")
        .check("init_rejects_progress");
}

#[test]
fn init_rejects_report_per_command() {
    Case::new(["-i", "-r"])
        .status(1)
        .stderr("pgbench: error: some of the specified options cannot be used in initialization (-i) mode\n")
        .check("init_rejects_report_per_command");
}

#[test]
fn init_rejects_rate() {
    Case::new(["-i", "-R", "10"])
        .status(1)
        .stderr("pgbench: error: some of the specified options cannot be used in initialization (-i) mode\n")
        .check("init_rejects_rate");
}

#[test]
fn init_rejects_select_only() {
    Case::new(["-i", "-S"])
        .status(1)
        .stderr("pgbench: error: some of the specified options cannot be used in initialization (-i) mode\n")
        .check("init_rejects_select_only");
}

#[test]
fn init_rejects_transactions() {
    Case::new(["-i", "-t", "5"])
        .status(1)
        .stderr("pgbench: error: some of the specified options cannot be used in initialization (-i) mode\n")
        .check("init_rejects_transactions");
}

#[test]
fn init_rejects_time() {
    Case::new(["-i", "-T", "5"])
        .status(1)
        .stderr("pgbench: error: some of the specified options cannot be used in initialization (-i) mode\n")
        .check("init_rejects_time");
}

#[test]
fn init_rejects_vacuum_all() {
    Case::new(["-i", "-v"])
        .status(1)
        .stderr("pgbench: error: some of the specified options cannot be used in initialization (-i) mode\n")
        .check("init_rejects_vacuum_all");
}

#[test]
fn init_rejects_builtin() {
    Case::new(["-i", "-b", "se"])
        .status(1)
        .stderr("pgbench: error: some of the specified options cannot be used in initialization (-i) mode\n")
        .check("init_rejects_builtin");
}

#[test]
fn init_rejects_aggregate_interval() {
    Case::new(["-i", "--aggregate-interval=5"])
        .status(1)
        .stderr("pgbench: error: some of the specified options cannot be used in initialization (-i) mode\n")
        .check("init_rejects_aggregate_interval");
}

#[test]
fn init_rejects_failures_detailed() {
    Case::new(["-i", "--failures-detailed"])
        .status(1)
        .stderr("pgbench: error: some of the specified options cannot be used in initialization (-i) mode\n")
        .check("init_rejects_failures_detailed");
}

#[test]
fn init_rejects_log_prefix() {
    Case::new(["-i", "--log-prefix=x"])
        .status(1)
        .stderr("pgbench: error: some of the specified options cannot be used in initialization (-i) mode\n")
        .check("init_rejects_log_prefix");
}

#[test]
fn init_rejects_max_tries() {
    Case::new(["-i", "--max-tries=2"])
        .status(1)
        .stderr("pgbench: error: some of the specified options cannot be used in initialization (-i) mode\n")
        .check("init_rejects_max_tries");
}

#[test]
fn init_rejects_progress_timestamp() {
    Case::new(["-i", "--progress-timestamp"])
        .status(1)
        .stderr("pgbench: error: some of the specified options cannot be used in initialization (-i) mode\n")
        .check("init_rejects_progress_timestamp");
}

#[test]
fn init_rejects_sampling_rate() {
    Case::new(["-i", "--sampling-rate=0.5"])
        .status(1)
        .stderr("pgbench: error: some of the specified options cannot be used in initialization (-i) mode\n")
        .check("init_rejects_sampling_rate");
}

#[test]
fn init_rejects_verbose_errors() {
    Case::new(["-i", "--verbose-errors"])
        .status(1)
        .stderr("pgbench: error: some of the specified options cannot be used in initialization (-i) mode\n")
        .check("init_rejects_verbose_errors");
}

#[test]
fn bench_rejects_init_steps() {
    Case::new(["-n", "-I", "dt"])
        .status(1)
        .stderr(
            "pgbench: error: some of the specified options cannot be used in benchmarking mode\n",
        )
        .check("bench_rejects_init_steps");
}

#[test]
fn bench_rejects_fillfactor() {
    Case::new(["-n", "-F", "90"])
        .status(1)
        .stderr(
            "pgbench: error: some of the specified options cannot be used in benchmarking mode\n",
        )
        .check("bench_rejects_fillfactor");
}

#[test]
fn bench_rejects_quiet() {
    Case::new(["-n", "-q"])
        .status(1)
        .stderr(
            "pgbench: error: some of the specified options cannot be used in benchmarking mode\n",
        )
        .check("bench_rejects_quiet");
}

#[test]
fn bench_rejects_foreign_keys() {
    Case::new(["-n", "--foreign-keys"])
        .status(1)
        .stderr(
            "pgbench: error: some of the specified options cannot be used in benchmarking mode\n",
        )
        .check("bench_rejects_foreign_keys");
}

#[test]
fn bench_rejects_unlogged_tables() {
    Case::new(["-n", "--unlogged-tables"])
        .status(1)
        .stderr(
            "pgbench: error: some of the specified options cannot be used in benchmarking mode\n",
        )
        .check("bench_rejects_unlogged_tables");
}

#[test]
fn bench_rejects_tablespace() {
    Case::new(["-n", "--tablespace=x"])
        .status(1)
        .stderr(
            "pgbench: error: some of the specified options cannot be used in benchmarking mode\n",
        )
        .check("bench_rejects_tablespace");
}

#[test]
fn bench_rejects_index_tablespace() {
    Case::new(["-n", "--index-tablespace=x"])
        .status(1)
        .stderr(
            "pgbench: error: some of the specified options cannot be used in benchmarking mode\n",
        )
        .check("bench_rejects_index_tablespace");
}

#[test]
fn bench_rejects_partitions() {
    Case::new(["-n", "--partitions=2"])
        .status(1)
        .stderr(
            "pgbench: error: some of the specified options cannot be used in benchmarking mode\n",
        )
        .check("bench_rejects_partitions");
}

#[test]
fn bench_rejects_partition_method() {
    Case::new(["-n", "--partition-method=hash"])
        .status(1)
        .stderr(
            "pgbench: error: some of the specified options cannot be used in benchmarking mode\n",
        )
        .check("bench_rejects_partition_method");
}

#[test]
fn init_neutral_options_reach_connection() {
    Case::new(["-i", "-n", "-q", "-s", "2", "--debug", "-U", "postgres", "-p", "5432"])
        .status(1)
        .stderr(concat!(
            "pgbench: error: connection to server on socket \"{PGHOST}/.s.PGSQL.{PGPORT}\" failed: No such file or directory\n",
            "\tIs the server running locally and accepting connections on that socket?\n",
            "pgbench: error: could not create connection for initialization\n",
        ))
        .check("init_neutral_options_reach_connection");
}

#[test]
fn bench_neutral_options_reach_connection() {
    Case::new(["-n", "-s", "2", "--debug", "-U", "postgres"])
        .status(1)
        .stderr(concat!(
            "pgbench: error: connection to server on socket \"{PGHOST}/.s.PGSQL.{PGPORT}\" failed: No such file or directory\n",
            "\tIs the server running locally and accepting connections on that socket?\n",
            "pgbench: error: could not create connection for setup\n",
        ))
        .check("bench_neutral_options_reach_connection");
}

#[test]
fn sampling_rate_too_big() {
    Case::new(["--sampling-rate=1.5"])
        .status(1)
        .stderr("pgbench: error: invalid sampling rate: \"1.5\"\n")
        .check("sampling_rate_too_big");
}

#[test]
fn sampling_rate_not_a_number() {
    Case::new(["--sampling-rate=abc"])
        .status(1)
        .stderr("pgbench: error: invalid sampling rate: \"abc\"\n")
        .check("sampling_rate_not_a_number");
}

#[test]
fn sampling_rate_numeric_prefix() {
    Case::new(["--sampling-rate=0.5x"])
        .status(1)
        .stderr("pgbench: error: log sampling (--sampling-rate) is allowed only when logging transactions (-l)\n")
        .check("sampling_rate_numeric_prefix");
}

#[test]
fn sampling_rate_one_is_allowed() {
    Case::new(["-l", "--sampling-rate=1", "--aggregate-interval=1"])
        .status(1)
        .stderr("pgbench: error: log sampling (--sampling-rate) and aggregation (--aggregate-interval) cannot be used at the same time\n")
        .check("sampling_rate_one_is_allowed");
}

#[test]
fn rate_not_a_number() {
    Case::new(["-R", "abc"])
        .status(1)
        .stderr("pgbench: error: invalid rate limit: \"abc\"\n")
        .check("rate_not_a_number");
}

#[test]
fn rate_numeric_prefix() {
    Case::new(["-R", "10abc", "--progress-timestamp"])
        .status(1)
        .stderr("pgbench: error: --progress-timestamp is allowed only under --progress\n")
        .check("rate_numeric_prefix");
}

#[test]
fn latency_limit_not_a_number() {
    Case::new(["-L", "xyz"])
        .status(1)
        .stderr("pgbench: error: invalid latency limit: \"xyz\"\n")
        .check("latency_limit_not_a_number");
}

#[test]
fn latency_limit_negative() {
    Case::new(["-L", "-1"])
        .status(1)
        .stderr("pgbench: error: invalid latency limit: \"-1\"\n")
        .check("latency_limit_negative");
}

#[test]
fn max_tries_not_a_number_is_unlimited() {
    Case::new(["--max-tries=abc"])
        .status(1)
        .stderr("pgbench: error: an unlimited number of transaction tries can only be used with --latency-limit or a duration (-T)\n")
        .check("max_tries_not_a_number_is_unlimited");
}

#[test]
fn max_tries_zero_with_latency_limit() {
    Case::new(["--max-tries=0", "-L", "5", "--progress-timestamp"])
        .status(1)
        .stderr("pgbench: error: --progress-timestamp is allowed only under --progress\n")
        .check("max_tries_zero_with_latency_limit");
}

#[test]
fn query_mode_case_sensitive() {
    Case::new(["-M", "Simple"])
        .status(1)
        .stderr("pgbench: error: invalid query mode (-M): \"Simple\"\n")
        .check("query_mode_case_sensitive");
}

#[test]
fn aggregate_equal_to_duration_is_allowed() {
    Case::new(["-l", "-T", "3", "--aggregate-interval=3", "--progress-timestamp"])
        .status(1)
        .stderr("pgbench: error: --progress-timestamp is allowed only under --progress\n")
        .check("aggregate_equal_to_duration_is_allowed");
}

#[test]
fn progress_timestamp_with_progress() {
    Case::new(["-P", "1", "--progress-timestamp", "-t", "1", "-T", "1"])
        .status(1)
        .stderr("pgbench: error: specify either a number of transactions (-t) or a duration (-T), not both\n")
        .check("progress_timestamp_with_progress");
}

#[test]
fn weight_empty() {
    Case::new(["-b", "se@"])
        .status(1)
        .stderr("pgbench: error: invalid weight specification: @\n")
        .check("weight_empty");
}

#[test]
fn weight_out_of_range() {
    Case::new(["-b", "se@2147483648"])
        .status(1)
        .stderr("pgbench: error: weight specification out of range (0 .. 2147483647): 2147483648\n")
        .check("weight_out_of_range");
}

#[test]
fn weight_trailing_garbage() {
    Case::new(["-b", "se@1x"])
        .status(1)
        .stderr("pgbench: error: invalid weight specification: @1x\n")
        .check("weight_trailing_garbage");
}

#[test]
fn weight_max_is_allowed() {
    Case::new(["-b", "se@2147483647", "-x"])
        .status(1)
        .stderr(concat!(
            "pgbench: invalid option -- 'x'\n",
            "pgbench: hint: Try \"pgbench --help\" for more information.\n",
        ))
        .check("weight_max_is_allowed");
}

#[test]
fn weight_split_at_last_at() {
    Case::new(["-f", "a@b@3"])
        .status(1)
        .stderr("pgbench: error: could not open file \"a@b\": No such file or directory\n")
        .check("weight_split_at_last_at");
}

#[test]
fn weight_file_invalid() {
    Case::new(["-f", "ok.sql@x"])
        .file("ok.sql", "select 1;\n")
        .status(1)
        .stderr("pgbench: error: invalid weight specification: @x\n")
        .check("weight_file_invalid");
}

#[test]
fn builtin_list_with_weight_is_a_name() {
    Case::new(["-b", "list@1"])
        .status(1)
        .stderr(concat!(
            "pgbench: error: no builtin script found for name \"list\"\n",
            "Available builtin scripts:\n",
            "      tpcb-like: <builtin: TPC-B (sort of)>\n",
            "  simple-update: <builtin: simple update>\n",
            "    select-only: <builtin: select only>\n",
            "\n",
        ))
        .ours_after_stderr(BUILTINS_EXTENSIONS)
        .check("builtin_list_with_weight_is_a_name");
}

#[test]
fn builtin_empty_prefix_is_ambiguous() {
    Case::new(["-b", ""])
        .status(1)
        .stderr(concat!(
            "pgbench: error: ambiguous builtin name: 3 builtin scripts found for prefix \"\"\n",
            "Available builtin scripts:\n",
            "      tpcb-like: <builtin: TPC-B (sort of)>\n",
            "  simple-update: <builtin: simple update>\n",
            "    select-only: <builtin: select only>\n",
            "\n",
        ))
        .ours_after_stderr(BUILTINS_EXTENSIONS)
        .check("builtin_empty_prefix_is_ambiguous");
}

#[test]
fn builtin_unique_prefix() {
    Case::new(["-b", "si", "-b", "t@2", "-x"])
        .status(1)
        .stderr(concat!(
            "pgbench: invalid option -- 'x'\n",
            "pgbench: hint: Try \"pgbench --help\" for more information.\n",
        ))
        .check("builtin_unique_prefix");
}

#[test]
fn builtin_128_scripts_are_allowed() {
    Case::new(repeat("-S", 128).chain(["-x"]))
        .status(1)
        .stderr(concat!(
            "pgbench: invalid option -- 'x'\n",
            "pgbench: hint: Try \"pgbench --help\" for more information.\n",
        ))
        .check("builtin_128_scripts_are_allowed");
}

#[test]
fn file_is_a_directory() {
    Case::new(["-f", "adir"])
        .file("adir/keep", "")
        .status(1)
        .stderr("pgbench: error: could not read file \"adir\": Is a directory\n")
        .check("file_is_a_directory");
}

#[test]
fn file_from_stdin_empty() {
    Case::new(["-f", "-"])
        .status(1)
        .stderr("pgbench: error: empty command list for script \"-\"\n")
        .check("file_from_stdin_empty");
}

#[test]
fn file_from_stdin_syntax_error() {
    Case::new(["-f", "-"])
        .stdin("\\set x 1 +\n")
        .status(1)
        .stderr(concat!(
            "pgbench: error: -:1: syntax error in command \"set\"\n",
            "\\set x 1 +\n",
            "          ^ error found here\n",
        ))
        .check("file_from_stdin_syntax_error");
}

#[test]
fn file_parsed_before_later_errors() {
    Case::new(["-f", "bad.sql", "-c", "zero"])
        .file("bad.sql", "\\set x 1 +\n")
        .status(1)
        .stderr(concat!(
            "pgbench: error: bad.sql:1: syntax error in command \"set\"\n",
            "\\set x 1 +\n",
            "          ^ error found here\n",
        ))
        .check("file_parsed_before_later_errors");
}

#[test]
fn file_empty_script() {
    Case::new(["-f", "empty.sql"])
        .file("empty.sql", "-- nothing\n")
        .status(1)
        .stderr("pgbench: error: empty command list for script \"empty.sql\"\n")
        .check("file_empty_script");
}

#[test]
fn dash_d_requires_an_argument() {
    Case::new(["-d"])
        .status(1)
        .stderr(concat!(
            "pgbench: option requires an argument -- 'd'\n",
            "pgbench: hint: Try \"pgbench --help\" for more information.\n",
        ))
        .check("dash_d_requires_an_argument");
}

#[test]
fn dash_d_sets_the_database() {
    Case::new(["db0", "-d", "db1"])
        .status(1)
        .stderr(concat!(
            "pgbench: error: too many command-line arguments (first is \"db0\")\n",
            "pgbench: hint: Try \"pgbench --help\" for more information.\n",
        ))
        .check("dash_d_sets_the_database");
}

#[test]
fn dash_d_takes_an_option_like_value() {
    Case::new(["-d", "-x"])
        .status(1)
        .stderr(concat!(
            "pgbench: error: connection to server on socket \"{PGHOST}/.s.PGSQL.{PGPORT}\" failed: No such file or directory\n",
            "\tIs the server running locally and accepting connections on that socket?\n",
            "pgbench: error: could not create connection for setup\n",
        ))
        .check("dash_d_takes_an_option_like_value");
}

#[test]
fn dash_d_is_neutral_in_init_mode() {
    Case::new(["-i", "-d", "db1", "db2"])
        .status(1)
        .stderr(concat!(
            "pgbench: error: too many command-line arguments (first is \"db2\")\n",
            "pgbench: hint: Try \"pgbench --help\" for more information.\n",
        ))
        .check("dash_d_is_neutral_in_init_mode");
}

#[test]
fn debug_is_long_only() {
    Case::new(["--debug", "-d"])
        .status(1)
        .stderr(concat!(
            "pgbench: option requires an argument -- 'd'\n",
            "pgbench: hint: Try \"pgbench --help\" for more information.\n",
        ))
        .check("debug_is_long_only");
}

#[test]
fn dbname_long_option() {
    Case::new(["--dbname=x", "y"])
        .status(1)
        .stderr(concat!(
            "pgbench: error: too many command-line arguments (first is \"y\")\n",
            "pgbench: hint: Try \"pgbench --help\" for more information.\n",
        ))
        .check("dbname_long_option");
}

#[test]
fn dbname_prefix() {
    Case::new(["--db=x", "y"])
        .status(1)
        .stderr(concat!(
            "pgbench: error: too many command-line arguments (first is \"y\")\n",
            "pgbench: hint: Try \"pgbench --help\" for more information.\n",
        ))
        .check("dbname_prefix");
}

#[test]
fn exit_on_abort_is_a_benchmarking_option() {
    Case::new(["-i", "--exit-on-abort"])
        .status(1)
        .stderr("pgbench: error: some of the specified options cannot be used in initialization (-i) mode\n")
        .check("exit_on_abort_is_a_benchmarking_option");
}

#[test]
fn exit_on_abort_prefix() {
    Case::new(["-i", "--e"])
        .status(1)
        .stderr("pgbench: error: some of the specified options cannot be used in initialization (-i) mode\n")
        .check("exit_on_abort_prefix");
}

#[test]
fn exit_on_abort_takes_no_argument() {
    Case::new(["--exit-on-abort=1"])
        .status(1)
        .stderr(concat!(
            "pgbench: option '--exit-on-abort' doesn't allow an argument\n",
            "pgbench: hint: Try \"pgbench --help\" for more information.\n",
        ))
        .check("exit_on_abort_takes_no_argument");
}

/// `select :a0, ..., :a<n-1>;`
fn many_variables(n: usize) -> String {
    let vars: Vec<String> = (0..n).map(|i| format!(":a{i}")).collect();
    format!("select {};\n", vars.join(", "))
}

#[test]
fn too_many_sql_arguments_extended() {
    let sql = many_variables(256);
    Case::new(["-M", "extended", "-f", "many.sql"])
        .file("many.sql", &sql)
        .status(1)
        .stderr(&format!(
            "pgbench: error: statement has too many arguments (maximum is 255): {}",
            sql
        ))
        .check("too_many_sql_arguments_extended");
}

#[test]
fn too_many_sql_arguments_prepared() {
    let sql = many_variables(256);
    Case::new(["-f", "many.sql", "-M", "prepared"])
        .file("many.sql", &sql)
        .status(1)
        .stderr(&format!(
            "pgbench: error: statement has too many arguments (maximum is 255): {}",
            sql
        ))
        .check("too_many_sql_arguments_prepared");
}

#[test]
fn sql_255_arguments_are_allowed() {
    Case::new(["-M", "extended", "-f", "many.sql"])
        .file("many.sql", &many_variables(255))
        .status(1)
        .stderr(concat!(
            "pgbench: error: connection to server on socket \"{PGHOST}/.s.PGSQL.{PGPORT}\" failed: No such file or directory\n",
            "\tIs the server running locally and accepting connections on that socket?\n",
            "pgbench: error: could not create connection for setup\n",
        ))
        .check("sql_255_arguments_are_allowed");
}

#[test]
fn sql_arguments_are_not_counted_in_simple_mode() {
    Case::new(["-M", "simple", "-f", "many.sql"])
        .file("many.sql", &many_variables(256))
        .status(1)
        .stderr(concat!(
            "pgbench: error: connection to server on socket \"{PGHOST}/.s.PGSQL.{PGPORT}\" failed: No such file or directory\n",
            "\tIs the server running locally and accepting connections on that socket?\n",
            "pgbench: error: could not create connection for setup\n",
        ))
        .check("sql_arguments_are_not_counted_in_simple_mode");
}

/// 17 only compares with the soft limit and never raises it (18 and 19,
/// which report the hard limit: tests/versions.rs).
#[test]
fn clients_exceed_open_files_limit() {
    Case::new(["-c", "2147483640"])
        .in_versions(&[17])
        .status(1)
        .stderr(concat!(
            "pgbench: error: need at least 2147483643 open files, but system limit is {NOFILE}\n",
            "pgbench: hint: Reduce number of clients, or use limit/ulimit to increase the system limit.\n",
        ))
        .check("clients_exceed_open_files_limit");
}

/// A case C pgbench does not have (an extension): checked for the binary
/// under test only, as C rejects the option.
fn ours_only(name: &str, args: &[&str], status: i32, stderr: &str) {
    let run = Pgbench::no_server(args).label(name);
    let out = run.run_under_test();
    let mut check = Check::new(name);
    let expected = Expected { status, stdout: String::new(), stderr: run.expand(stderr) };
    check.expected("pgbench-rs", &out, &expected);
    check.finish();
}

#[test]
fn latency_percentiles_bad_values() {
    ours_only(
        "latency_percentiles_not_a_number",
        &["--latency-percentiles=50,abc"],
        1,
        "pgbench: error: invalid value \"50,abc\" for option --latency-percentiles\n",
    );
    ours_only(
        "latency_percentiles_out_of_range",
        &["--latency-percentiles=99,100"],
        1,
        "pgbench: error: --latency-percentiles values must be greater than 0 and less than 100 (not \"100\")\n",
    );
    ours_only(
        "latency_percentiles_empty",
        &["--latency-percentiles="],
        1,
        "pgbench: error: invalid value \"\" for option --latency-percentiles\n",
    );
}

#[test]
fn report_json_needs_a_file() {
    ours_only(
        "report_json_missing",
        &["--report-json"],
        1,
        "pgbench: option '--report-json' requires an argument\n\
         pgbench: hint: Try \"pgbench --help\" for more information.\n",
    );
}

#[test]
fn extensions_are_benchmarking_options() {
    for (name, opt) in [
        ("extensions_not_with_init", "--report-json=r.json"),
        ("warmup_not_with_init", "--warmup=1"),
        ("continue_on_error_not_with_init", "--continue-on-error"),
    ] {
        ours_only(
            name,
            &["-i", opt],
            1,
            "pgbench: error: some of the specified options cannot be used in initialization (-i) mode\n",
        );
    }
}

#[test]
fn shard_start_at_and_merge_values() {
    let cases: [(&str, &[&str], &str); 8] = [
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
    ];
    for (name, args, stderr) in cases {
        ours_only(name, args, 1, stderr);
    }
    ours_only(
        "merge_missing_file",
        &["--merge", "none.json"],
        1,
        "pgbench: error: could not read report file \"none.json\": No such file or directory\n",
    );
}

#[test]
fn warmup_and_continue_on_error_values() {
    ours_only(
        "warmup_not_a_number",
        &["--warmup=1s"],
        1,
        "pgbench: error: invalid value \"1s\" for option --warmup\n",
    );
    ours_only(
        "warmup_negative",
        &["--warmup", "-1"],
        1,
        "pgbench: error: --warmup must be in range 0..2147483647\n",
    );
    ours_only(
        "warmup_missing",
        &["--warmup"],
        1,
        "pgbench: option '--warmup' requires an argument\n\
         pgbench: hint: Try \"pgbench --help\" for more information.\n",
    );
    ours_only(
        "continue_on_error_takes_no_value",
        &["--continue-on-error=yes"],
        1,
        "pgbench: option '--continue-on-error' doesn't allow an argument\n\
         pgbench: hint: Try \"pgbench --help\" for more information.\n",
    );
}

/// An extension's name does not change what C's abbreviations mean, and
/// its own prefixes are unknown, as in C.
#[test]
fn extensions_leave_abbreviations_alone() {
    Case::new(["--latency=abc"])
        .status(1)
        .stderr("pgbench: error: invalid latency limit: \"abc\"\n")
        .check("abbreviation_latency_is_latency_limit");
    Case::new(["--latency-p=50"])
        .status(1)
        .stderr(concat!(
            "pgbench: unrecognized option '--latency-p=50'\n",
            "pgbench: hint: Try \"pgbench --help\" for more information.\n",
        ))
        .check("extension_prefix_is_unknown");
    Case::new(["--warm=1"])
        .status(1)
        .stderr(concat!(
            "pgbench: unrecognized option '--warm=1'\n",
            "pgbench: hint: Try \"pgbench --help\" for more information.\n",
        ))
        .check("warmup_prefix_is_unknown");
    // (In 19 it is --continue-on-error: tests/versions.rs.)
    Case::new(["--continue"])
        .in_versions(&[17, 18])
        .status(1)
        .stderr(concat!(
            "pgbench: unrecognized option '--continue'\n",
            "pgbench: hint: Try \"pgbench --help\" for more information.\n",
        ))
        .check("continue_on_error_prefix_is_unknown");
    Case::new(["--report-j=x"])
        .status(1)
        .stderr(concat!(
            "pgbench: unrecognized option '--report-j=x'\n",
            "pgbench: hint: Try \"pgbench --help\" for more information.\n",
        ))
        .check("report_json_prefix_is_unknown");
}
