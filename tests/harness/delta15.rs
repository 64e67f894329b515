//! Every known difference between C pgbench 15.18 (installed on the
//! development machines) and pgbench 17 (the target) that affects an output
//! the tests compare, each with its reason.
//!
//! A difference is either a *transform* (rewrites 15.18's output into what 17
//! prints; applied to the C output before comparing, and only when the C
//! binary is older than 17), a marker that a case uses something *only 17*
//! has (C 15.18 cannot run it; pgbench-rs is then checked against its stored
//! expectation only), or a marker that the 17 output *cannot be derived*
//! from 15.18's. Tests name the differences they depend on explicitly, so a
//! difference that is not declared makes the comparison fail.
//!
//! Nothing else may be normalized, except measured numbers (see `normalize`).
//!
//! Points that the C reference marks [Δ15] but where 17 behaves like 15.18,
//! so they are *not* differences here: `number of failed transactions: 0
//! (NaN%)` and the retry lines before the early return of the report; the
//! 15.18 per-script header ` - N transactions (x% of total, tps = t)`; two
//! spaces in per-command lines; 15 fields in aggregate log lines (no other
//! failures); ` unlogged` on all four tables with partitions; RLIMIT_NOFILE
//! only checked, never raised; no connection check when classifying errors;
//! the stale line number of `\gset must follow an SQL command`;
//! `-c/--clients` in messages; `COPY is not supported in pgbench, aborting`
//! (15.18 and 17.6+).
//!
//! When the suite runs with `PGBENCH_RS_UNDER_TEST` pointing at C pgbench
//! 15.18, exactly the cases that declare a transform or an only-17 marker
//! (and whose output the transform changes) fail; their failure message
//! names the difference.

use super::runner::{Output, c_pgbench};

/// What a difference means for a comparison.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Kind {
    /// Rewrite the C 15.18 output into the 17 output.
    Transform(fn(&mut Output)),
    /// The case uses an option, command or behaviour that exists only in 17.
    Only17,
    /// 17's output cannot be derived from 15.18's for this case.
    NotComparable,
}

/// One known 15.18 → 17 difference.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Delta {
    /// Short identifier used in messages and test names.
    pub(crate) id: &'static str,
    /// Why 15.18 and 17 differ here.
    pub(crate) reason: &'static str,
    /// How a comparison handles it.
    pub(crate) kind: Kind,
}

impl Delta {
    /// Whether the C binary in use needs this difference applied (it is
    /// older than 17).
    pub(crate) fn applies() -> bool {
        c_pgbench().is_some_and(|c| c.major < 17)
    }
}

/// `--help`: 17 lists the `-I` step letters, has `--exit-on-abort`, and
/// has `--debug` (long only) plus `-d, --dbname`.
pub(crate) const HELP_TEXT: Delta = Delta {
    id: "help-text",
    reason: "17's --help lists the -I step letters, adds --exit-on-abort, and replaces \
             `-d, --debug` by `--debug` and `-d, --dbname=DBNAME`",
    kind: Kind::Transform(help_15_to_17),
};

/// `-V`: the version number itself.
pub(crate) const VERSION: Delta = Delta {
    id: "version",
    reason: "the version number is 15.x vs 17.x; the line is compared with the minor \
             version masked (`normalize::mask_version`)",
    kind: Kind::Transform(version_15_to_17),
};

/// The banner printed after connecting: `pgbench (<client>[, server <server>])`.
pub(crate) const BANNER_VERSION: Delta = Delta {
    id: "banner-version",
    reason: "the banner shows the client version; a 17 client talking to a 15 server adds \
             `, server <server_version>` (compared with `normalize::mask_banner_version`)",
    kind: Kind::Transform(banner_15_to_17),
};

/// `-d` is `--dbname` (takes an argument) in 17, `--debug` in 15.18.
pub(crate) const DASH_D_IS_DBNAME: Delta = Delta {
    id: "dash-d-is-dbname",
    reason: "in 17 -d is --dbname and takes an argument; in 15.18 -d is --debug",
    kind: Kind::Only17,
};

/// `--dbname` exists only in 17.
pub(crate) const DBNAME_OPTION: Delta =
    Delta { id: "dbname-option", reason: "--dbname does not exist in 15.18", kind: Kind::Only17 };

/// `--exit-on-abort` exists only in 17.
pub(crate) const EXIT_ON_ABORT_OPTION: Delta = Delta {
    id: "exit-on-abort-option",
    reason: "--exit-on-abort does not exist in 15.18",
    kind: Kind::Only17,
};

/// Long-option abbreviations resolve against a different table in 17.
pub(crate) const GETOPT_AMBIGUOUS: Delta = Delta {
    id: "getopt-ambiguous",
    reason: "17's long-option table has --dbname (before --define), --exit-on-abort and \
             --debug (at the end); getopt's `is ambiguous; possibilities:` list follows \
             the table, so it is recomputed from 17's table",
    kind: Kind::Transform(ambiguous_15_to_17),
};

/// An abbreviation that is unknown in 15.18 but unique in 17 (`--e`, `--db`).
pub(crate) const GETOPT_NEW_PREFIX: Delta = Delta {
    id: "getopt-new-prefix",
    reason: "this long-option prefix only matches 17's --dbname/--exit-on-abort",
    kind: Kind::Only17,
};

/// Client-side data generation progress lines name the table in 17.
pub(crate) const INIT_PROGRESS_TABLE: Delta = Delta {
    id: "init-progress-table",
    reason: "17 prints `... tuples (N%) of <table> done ...`; 15.18 prints progress only \
             for pgbench_accounts (branches and tellers are INSERTed) and without \
             `of <table>`",
    kind: Kind::Transform(init_progress_15_to_17),
};

/// 17 COPYs all three tables; 15.18 INSERTs branches and tellers.
pub(crate) const INIT_COPY_ALL_TABLES: Delta = Delta {
    id: "init-copy-all-tables",
    reason: "17 COPYs branches and tellers too and can print progress lines for them \
             (tellers with -q at scale >= 10, any table at scale >= 10000 or more); \
             15.18 prints none, so such runs cannot be compared; on a terminal 17 also \
             blanks the line after each table",
    kind: Kind::NotComparable,
};

/// `no pgbench_accounts table found in "search_path"`.
pub(crate) const SEARCH_PATH_QUOTES: Delta = Delta {
    id: "search-path-quotes",
    reason: "17 quotes \"search_path\" in `no pgbench_accounts table found in ...`",
    kind: Kind::Transform(search_path_15_to_17),
};

/// `\setshell` pclose failure message.
pub(crate) const SHELL_PCLOSE_MESSAGE: Delta = Delta {
    id: "shell-pclose-message",
    reason: "17 reports a failed pclose as `could not run shell command: %m`; 15.18 says \
             `could not close shell command` (the errno text cannot be derived)",
    kind: Kind::NotComparable,
};

/// `--debug` line when a pipeline sync result arrives.
pub(crate) const PIPELINE_ENDING_DEBUG: Delta = Delta {
    id: "pipeline-ending-debug",
    reason: "17 prints `client N pipeline ending, ongoing syncs: K`; 15.18 prints \
             `client N pipeline ending`. Without \\syncpipeline (which 15.18 lacks) K is 1",
    kind: Kind::Transform(pipeline_ending_15_to_17),
};

/// `\syncpipeline` exists only in 17.
pub(crate) const SYNCPIPELINE: Delta = Delta {
    id: "syncpipeline",
    reason: "the \\syncpipeline meta-command does not exist in 15.18 (and 15.18 leaves \
             pipeline mode at every sync)",
    kind: Kind::Only17,
};

/// Every known difference, for listing.
pub(crate) const ALL: &[Delta] = &[
    HELP_TEXT,
    VERSION,
    BANNER_VERSION,
    DASH_D_IS_DBNAME,
    DBNAME_OPTION,
    EXIT_ON_ABORT_OPTION,
    GETOPT_AMBIGUOUS,
    GETOPT_NEW_PREFIX,
    INIT_PROGRESS_TABLE,
    INIT_COPY_ALL_TABLES,
    SEARCH_PATH_QUOTES,
    SHELL_PCLOSE_MESSAGE,
    PIPELINE_ENDING_DEBUG,
    SYNCPIPELINE,
];

/// 17's `--help` output (progname `pgbench`), verbatim.
pub(crate) const HELP_17: &str = r#"pgbench is a benchmarking tool for PostgreSQL.

Usage:
  pgbench [OPTION]... [DBNAME]

Initialization options:
  -i, --initialize         invokes initialization mode
  -I, --init-steps=[dtgGvpf]+ (default "dtgvp")
                           run selected initialization steps, in the specified order
                           d: drop any existing pgbench tables
                           t: create the tables used by the standard pgbench scenario
                           g: generate data, client-side
                           G: generate data, server-side
                           v: invoke VACUUM on the standard tables
                           p: create primary key indexes on the standard tables
                           f: create foreign keys between the standard tables
  -F, --fillfactor=NUM     set fill factor
  -n, --no-vacuum          do not run VACUUM during initialization
  -q, --quiet              quiet logging (one message each 5 seconds)
  -s, --scale=NUM          scaling factor
  --foreign-keys           create foreign key constraints between tables
  --index-tablespace=TABLESPACE
                           create indexes in the specified tablespace
  --partition-method=(range|hash)
                           partition pgbench_accounts with this method (default: range)
  --partitions=NUM         partition pgbench_accounts into NUM parts (default: 0)
  --tablespace=TABLESPACE  create tables in the specified tablespace
  --unlogged-tables        create tables as unlogged tables

Options to select what to run:
  -b, --builtin=NAME[@W]   add builtin script NAME weighted at W (default: 1)
                           (use "-b list" to list available scripts)
  -f, --file=FILENAME[@W]  add script FILENAME weighted at W (default: 1)
  -N, --skip-some-updates  skip updates of pgbench_tellers and pgbench_branches
                           (same as "-b simple-update")
  -S, --select-only        perform SELECT-only transactions
                           (same as "-b select-only")

Benchmarking options:
  -c, --client=NUM         number of concurrent database clients (default: 1)
  -C, --connect            establish new connection for each transaction
  -D, --define=VARNAME=VALUE
                           define variable for use by custom script
  -j, --jobs=NUM           number of threads (default: 1)
  -l, --log                write transaction times to log file
  -L, --latency-limit=NUM  count transactions lasting more than NUM ms as late
  -M, --protocol=simple|extended|prepared
                           protocol for submitting queries (default: simple)
  -n, --no-vacuum          do not run VACUUM before tests
  -P, --progress=NUM       show thread progress report every NUM seconds
  -r, --report-per-command report latencies, failures, and retries per command
  -R, --rate=NUM           target rate in transactions per second
  -s, --scale=NUM          report this scale factor in output
  -t, --transactions=NUM   number of transactions each client runs (default: 10)
  -T, --time=NUM           duration of benchmark test in seconds
  -v, --vacuum-all         vacuum all four standard tables before tests
  --aggregate-interval=NUM aggregate data over NUM seconds
  --exit-on-abort          exit when any client is aborted
  --failures-detailed      report the failures grouped by basic types
  --log-prefix=PREFIX      prefix for transaction time log file
                           (default: "pgbench_log")
  --max-tries=NUM          max number of tries to run transaction (default: 1)
  --progress-timestamp     use Unix epoch timestamps for progress
  --random-seed=SEED       set random seed ("time", "rand", integer)
  --sampling-rate=NUM      fraction of transactions to log (e.g., 0.01 for 1%)
  --show-script=NAME       show builtin script code, then exit
  --verbose-errors         print messages of all errors

Common options:
  --debug                  print debugging output
  -d, --dbname=DBNAME      database name to connect to
  -h, --host=HOSTNAME      database server host or socket directory
  -p, --port=PORT          database server port number
  -U, --username=USERNAME  connect as specified database user
  -V, --version            output version information, then exit
  -?, --help               show this help, then exit

Report bugs to <pgsql-bugs@lists.postgresql.org>.
PostgreSQL home page: <https://www.postgresql.org/>
"#;

/// 17's long-option table, in declaration order (getopt lists ambiguous
/// matches in this order).
pub(crate) const LONG_OPTIONS_17: &[&str] = &[
    "builtin",
    "client",
    "connect",
    "dbname",
    "define",
    "file",
    "fillfactor",
    "host",
    "initialize",
    "init-steps",
    "jobs",
    "log",
    "latency-limit",
    "no-vacuum",
    "port",
    "progress",
    "protocol",
    "quiet",
    "report-per-command",
    "rate",
    "scale",
    "select-only",
    "skip-some-updates",
    "time",
    "transactions",
    "username",
    "vacuum-all",
    "unlogged-tables",
    "tablespace",
    "index-tablespace",
    "sampling-rate",
    "aggregate-interval",
    "progress-timestamp",
    "log-prefix",
    "foreign-keys",
    "random-seed",
    "show-script",
    "partitions",
    "partition-method",
    "failures-detailed",
    "max-tries",
    "verbose-errors",
    "exit-on-abort",
    "debug",
];

/// Replace exactly one occurrence of `from` by `to`, panicking if `from`
/// does not occur exactly once (a transform must never silently miss).
fn replace_once(text: &mut String, from: &str, to: &str, what: &str) {
    let n = text.matches(from).count();
    assert!(
        n == 1,
        "Δ15 transform {what}: expected exactly one {from:?} in the C output, found {n}"
    );
    *text = text.replacen(from, to, 1);
}

fn help_15_to_17(out: &mut Output) {
    let s = &mut out.stdout;
    replace_once(
        s,
        "                           run selected initialization steps\n",
        "                           run selected initialization steps, in the specified order\n\
         \x20                          d: drop any existing pgbench tables\n\
         \x20                          t: create the tables used by the standard pgbench scenario\n\
         \x20                          g: generate data, client-side\n\
         \x20                          G: generate data, server-side\n\
         \x20                          v: invoke VACUUM on the standard tables\n\
         \x20                          p: create primary key indexes on the standard tables\n\
         \x20                          f: create foreign keys between the standard tables\n",
        "help-text",
    );
    replace_once(
        s,
        "  --aggregate-interval=NUM aggregate data over NUM seconds\n",
        "  --aggregate-interval=NUM aggregate data over NUM seconds\n\
         \x20 --exit-on-abort          exit when any client is aborted\n",
        "help-text",
    );
    replace_once(
        s,
        "  -d, --debug              print debugging output\n",
        "  --debug                  print debugging output\n\
         \x20 -d, --dbname=DBNAME      database name to connect to\n",
        "help-text",
    );
}

/// The text 17's version line is compared as (minor version masked).
pub(crate) const VERSION_17_MASKED: &str = "pgbench (PostgreSQL) 17.<minor>";

fn version_15_to_17(out: &mut Output) {
    let Some(v) = out.stdout.strip_prefix("pgbench (PostgreSQL) ") else {
        panic!("Δ15 transform version: no version line in {:?}", out.stdout);
    };
    assert!(
        v.starts_with("15."),
        "Δ15 transform version: not a 15.x version line: {:?}",
        out.stdout
    );
    let rest = v.split_once('\n').map_or("", |(_, r)| r);
    out.stdout = format!("{VERSION_17_MASKED}\n{rest}");
}

/// The text 17's banner client version is compared as.
pub(crate) const BANNER_17_MASKED: &str = "pgbench (17.<minor>, server ";

fn banner_15_to_17(out: &mut Output) {
    let server = &super::cluster::cluster().server_version;
    let mut n = 0;
    let lines: Vec<String> = out
        .stdout
        .split_inclusive('\n')
        .map(|l| {
            let Some(v) = l.strip_prefix("pgbench (15.") else { return l.to_string() };
            n += 1;
            match v.find(", server ") {
                // A 15 client talking to another server version.
                Some(i) => format!("{BANNER_17_MASKED}{}", &v[i + ", server ".len()..]),
                // Same version: 15 omits the server part, 17 would print it.
                None => format!("{BANNER_17_MASKED}{server})\n"),
            }
        })
        .collect();
    assert!(n == 1, "Δ15 transform banner-version: expected one banner line, found {n}");
    out.stdout = lines.concat();
}

/// The getopt ambiguity line for `prefix` (text after `--`, up to any `=`)
/// as 17 prints it.
pub(crate) fn ambiguous_line_17(shown: &str) -> String {
    let name = shown.split('=').next().unwrap_or(shown);
    let mut line = format!("pgbench: option '--{shown}' is ambiguous; possibilities:");
    for o in LONG_OPTIONS_17.iter().filter(|o| o.starts_with(name)) {
        line.push_str(&format!(" '--{o}'"));
    }
    line
}

fn ambiguous_15_to_17(out: &mut Output) {
    let mut changed = 0;
    let lines: Vec<String> = out
        .stderr
        .split_inclusive('\n')
        .map(|l| {
            let body = l.trim_end_matches('\n');
            let Some(rest) = body.strip_prefix("pgbench: option '--") else { return l.to_string() };
            let Some(end) = rest.find("' is ambiguous; possibilities:") else {
                return l.to_string();
            };
            changed += 1;
            let nl = if l.ends_with('\n') { "\n" } else { "" };
            format!("{}{nl}", ambiguous_line_17(&rest[..end]))
        })
        .collect();
    assert!(
        changed == 1,
        "Δ15 transform getopt-ambiguous: expected one ambiguity line, found {changed}"
    );
    out.stderr = lines.concat();
}

fn init_progress_15_to_17(out: &mut Output) {
    let lines: Vec<String> = out
        .stderr
        .split_inclusive('\n')
        .map(|l| {
            if super::normalize::is_progress_line_15(l) {
                l.replacen("%) done (elapsed ", "%) of pgbench_accounts done (elapsed ", 1)
            } else {
                l.to_string()
            }
        })
        .collect();
    out.stderr = lines.concat();
}

fn search_path_15_to_17(out: &mut Output) {
    replace_once(
        &mut out.stderr,
        "no pgbench_accounts table found in search_path\n",
        "no pgbench_accounts table found in \"search_path\"\n",
        "search-path-quotes",
    );
}

fn pipeline_ending_15_to_17(out: &mut Output) {
    let lines: Vec<String> = out
        .stderr
        .split_inclusive('\n')
        .map(|l| {
            let body = l.trim_end_matches('\n');
            if body.starts_with("pgbench: client ") && body.ends_with(" pipeline ending") {
                let nl = if l.ends_with('\n') { "\n" } else { "" };
                format!("{body}, ongoing syncs: 1{nl}")
            } else {
                l.to_string()
            }
        })
        .collect();
    out.stderr = lines.concat();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ambiguous_lines_follow_the_17_table() {
        assert_eq!(
            ambiguous_line_17("d"),
            "pgbench: option '--d' is ambiguous; possibilities: '--dbname' '--define' '--debug'"
        );
        assert_eq!(
            ambiguous_line_17("f=5"),
            "pgbench: option '--f=5' is ambiguous; possibilities: '--file' '--fillfactor' \
             '--foreign-keys' '--failures-detailed'"
        );
    }

    #[test]
    fn version_line_is_rewritten() {
        let mut out = Output {
            which: super::super::runner::Impl::C,
            status: super::super::runner::Status::Exit(0),
            stdout: "pgbench (PostgreSQL) 15.18 (Debian 15.18-0+deb12u1)\n".to_string(),
            stderr: String::new(),
            dir: std::path::PathBuf::new(),
        };
        version_15_to_17(&mut out);
        assert_eq!(out.stdout, "pgbench (PostgreSQL) 17.<minor>\n");
    }

    #[test]
    fn every_delta_has_a_reason() {
        let mut ids: Vec<&str> = ALL.iter().map(|d| d.id).collect();
        for d in ALL {
            assert!(!d.reason.is_empty(), "{} has no reason", d.id);
        }
        ids.sort_unstable();
        ids.dedup();
        assert_eq!(ids.len(), ALL.len(), "duplicate Δ15 ids");
    }
}
