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
//!
//! Here: a case (`Case`), the table that makes a test of each
//! (`cases!`) and the texts many cases share; the cases are in a module
//! per subject.

mod extensions;
mod getopt;
mod modes;
mod scripts;
mod tap;
mod values;

pub(super) use crate::harness::expected::{
    self, BUILTINS_EXTENSIONS, PG_VERSION, ambiguous_line_of, extension_section_names, help_of,
    help_ours_of,
};
pub(super) use crate::harness::runner::VERSIONS;
pub(super) use crate::harness::{Check, Expected, Pgbench, c_output, normalize, test_name};

/// One command-line case (by default: exit 0, nothing printed, checked
/// as every version).
#[derive(Debug, Clone, Default)]
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
            versions: VERSIONS.to_vec(),
            ..Case::default()
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

/// Tests of one [`Case`] each, written as a table: `name: case;` is the
/// test `name`, which checks `case` under its name (`Case::check`).
macro_rules! cases {
    ($($(#[$attr:meta])* $name:ident: $case:expr;)*) => {
        $(
            $(#[$attr])*
            #[test]
            fn $name() {
                $case.check(stringify!($name));
            }
        )*
    };
}
pub(super) use cases;

/// What an option of a benchmark given with `-i` gets.
const NOT_IN_INIT: &str =
    "pgbench: error: some of the specified options cannot be used in initialization (-i) mode\n";

/// What an option of `-i` given to a benchmark gets.
const NOT_IN_BENCH: &str =
    "pgbench: error: some of the specified options cannot be used in benchmarking mode\n";

/// C's refusal of an integer `option` out of its `range` (`1..2147483647`).
fn out_of_range(option: &str, range: &str) -> String {
    format!("pgbench: error: {option} must be in range {range}\n")
}

/// C's refusal of a `value` that is no number for `option`.
fn invalid_value(value: &str, option: &str) -> String {
    format!("pgbench: error: invalid value \"{value}\" for option {option}\n")
}

/// A command line refused: exit status 1, `stderr` and nothing on stdout.
fn error<I, S>(args: I, stderr: &str) -> Case
where
    I: IntoIterator<Item = S>,
    S: AsRef<str>,
{
    Case::new(args).status(1).stderr(stderr)
}

/// A command line refused as getopt refuses one: exit status 1, `stderr`
/// and the hint to try `--help`.
fn usage<I, S>(args: I, stderr: &str) -> Case
where
    I: IntoIterator<Item = S>,
    S: AsRef<str>,
{
    error(args, &format!("{stderr}{HINT}"))
}

/// The hint after a usage error.
const HINT: &str = "pgbench: hint: Try \"pgbench --help\" for more information.\n";

/// What both print when a benchmark gets as far as connecting (PGHOST is
/// an empty directory).
const NO_SERVER_SETUP: &str = concat!(
    "pgbench: error: connection to server on socket \"{PGHOST}/.s.PGSQL.{PGPORT}\" failed: No such file or directory\n",
    "\tIs the server running locally and accepting connections on that socket?\n",
    "pgbench: error: could not create connection for setup\n",
);

/// [`NO_SERVER_SETUP`] of `-i`.
const NO_SERVER_INIT: &str = concat!(
    "pgbench: error: connection to server on socket \"{PGHOST}/.s.PGSQL.{PGPORT}\" failed: No such file or directory\n",
    "\tIs the server running locally and accepting connections on that socket?\n",
    "pgbench: error: could not create connection for initialization\n",
);

/// C's list of the builtin scripts (`-b list`, and after a name that is
/// not one).
const BUILTIN_LIST: &str = concat!(
    "Available builtin scripts:\n",
    "      tpcb-like: <builtin: TPC-B (sort of)>\n",
    "  simple-update: <builtin: simple update>\n",
    "    select-only: <builtin: select only>\n",
    "\n",
);

/// Where a random seed comes from, as C's message names it.
const SEED_OPTION: &str = "--random-seed option";
/// [`SEED_OPTION`] of the environment.
const SEED_ENV: &str = "PGBENCH_RANDOM_SEED environment variable";

/// C's messages for a random seed `value` it cannot read, from `from`.
fn bad_seed(value: &str, from: &str) -> String {
    format!(
        "pgbench: error: unrecognized random seed option \"{value}\"\n\
         pgbench: detail: Expecting an unsigned integer, \"time\" or \"rand\".\n\
         pgbench: error: error while setting random seed from {from}\n"
    )
}

const NO_ARGS: [&str; 0] = [];

fn repeat(s: &str, n: usize) -> impl Iterator<Item = &str> {
    std::iter::repeat_n(s, n)
}
