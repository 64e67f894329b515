//! Stored expectations of pgbench 17, and of what 18 and 19 changed, that
//! tests check the binary under test against (and C pgbench too, when it
//! runs): the `--help` text, the long-option table that getopt's ambiguity
//! messages follow, the versions and the masked forms of version lines.

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

/// The end of 17's `--help`: PostgreSQL's place for bug reports and home
/// page, which pgbench-rs replaces by its own ([`HELP_OURS_END`]).
pub(crate) const HELP_17_END: &str = "
Report bugs to <pgsql-bugs@lists.postgresql.org>.
PostgreSQL home page: <https://www.postgresql.org/>
";

/// pgbench-rs's place for bug reports: the end of its `--help`, and the
/// second line of `-V`.
pub(crate) const REPORT_BUGS_OURS: &str =
    "Report bugs to <https://github.com/pgbench-rs/pgbench-rs/issues>.\n";

/// How pgbench-rs's `--help` ends, after its own options.
pub(crate) const HELP_OURS_END: &str = "
Report bugs to <https://github.com/pgbench-rs/pgbench-rs/issues>.
pgbench-rs home page: <https://github.com/pgbench-rs/pgbench-rs>
";

/// The line 19's `--help` adds, after `--aggregate-interval`'s.
const HELP_19_LINE: &str = "  --continue-on-error      continue running after an SQL error\n";

/// The `--help` of pgbench `major` (progname `pgbench`): 17's text, to
/// which 19 adds `--continue-on-error`'s line (18's is 17's).
pub(crate) fn help_of(major: u32) -> String {
    if major < 19 {
        return HELP_17.to_string();
    }
    let after = "  --aggregate-interval=NUM aggregate data over NUM seconds\n";
    HELP_17.replacen(after, &format!("{after}{HELP_19_LINE}"), 1)
}

/// The options that pgbench `major` has as its own among those
/// docs/extensions.md documents.
fn own_options(major: u32) -> &'static [&'static str] {
    if major >= 19 { &["--continue-on-error"] } else { &[] }
}

/// pgbench-rs's `--help` with its own options' section cut to their
/// names ([`extension_section_names`]): 17's text without its end, the
/// names of the options docs/extensions.md documents, and pgbench-rs's
/// own place for bug reports and home page. (The options' help text is
/// the program's alone; the tests compare names.)
pub(crate) fn help_ours() -> String {
    help_ours_of(17)
}

/// [`help_ours`] as pgbench-rs reproducing pgbench `major` prints it: that
/// version's text, and the documented options it does not have.
pub(crate) fn help_ours_of(major: u32) -> String {
    let help = help_of(major);
    let options = help.strip_suffix(HELP_17_END).unwrap_or(&help);
    let mut names = documented_extensions();
    names.retain(|n| !own_options(major).contains(&n.as_str()));
    names.sort();
    format!("{options}\n[extensions: {}]\n{HELP_OURS_END}", names.join(" "))
}

/// The options docs/extensions.md has a section on (its `### --name`
/// headings), by name.
pub(crate) fn documented_extensions() -> Vec<String> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/extensions.md");
    let doc = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    doc.lines()
        .filter_map(|l| l.strip_prefix("### --"))
        .filter_map(|rest| rest.split(['=', '[', ' ']).next())
        .map(|n| format!("--{n}"))
        .collect()
}

/// A mask for `--help`: the section of pgbench-rs's own options (from its
/// heading to the end of its text, before "Report bugs") becomes the list
/// of the options it names, sorted (`[extensions: --a --b]`). Other text
/// is left as it is.
pub(crate) fn extension_section_names(stdout: &str) -> String {
    let Some(start) = stdout.find("\npgbench-rs extensions") else { return stdout.to_string() };
    let Some(len) = stdout[start..].find("\nReport bugs to <") else { return stdout.to_string() };
    let end = start + len;
    let mut names: Vec<&str> = stdout[start..end]
        .lines()
        .filter_map(|l| l.strip_prefix("  --"))
        .filter_map(|rest| rest.split(['=', '[', ' ']).next())
        .collect();
    names.sort_unstable();
    let list: Vec<String> = names.iter().map(|n| format!("--{n}")).collect();
    format!("{}\n[extensions: {}]\n{}", &stdout[..start], list.join(" "), &stdout[end..])
}

/// What pgbench-rs's builtin listing (`-b list`, a failed `-b`) prints
/// after C's: its own builtin scripts.
pub(crate) const BUILTINS_EXTENSIONS: &str = "\
pgbench-rs's own builtin scripts:
       tpcb-like-plfunc: <builtin: TPC-B (sort of) in one PL/pgSQL function>
        oltp-read-write: <builtin: sysbench oltp_read_write>
         oltp-read-only: <builtin: sysbench oltp_read_only>
        oltp-write-only: <builtin: sysbench oltp_write_only>
      oltp-point-select: <builtin: sysbench oltp_point_select>
      oltp-update-index: <builtin: sysbench oltp_update_index>
  oltp-update-non-index: <builtin: sysbench oltp_update_non_index>
            oltp-delete: <builtin: sysbench oltp_delete>
            oltp-insert: <builtin: sysbench oltp_insert>
   select-random-points: <builtin: sysbench select_random_points>
   select-random-ranges: <builtin: sysbench select_random_ranges>

";

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

/// 19's long-option table: 17's and `--continue-on-error`.
pub(crate) fn long_options_of(major: u32) -> Vec<&'static str> {
    let mut v = LONG_OPTIONS_17.to_vec();
    if major >= 19 {
        v.push("continue-on-error");
    }
    v
}

/// The pgbench version pgbench-rs reproduces under `--compat=17` (`-V`,
/// the banner): the reference C pgbench 17's.
pub(crate) const PG_VERSION: &str = "17.12";

/// `PG_VERSION_NUM` of [`PG_VERSION`].
pub(crate) const PG_VERSION_NUM: u32 = 170_012;

/// `PG_VERSION` of pgbench `major` as the reference prints it.
pub(crate) fn pg_version(major: u32) -> &'static str {
    match major {
        17 => PG_VERSION,
        18 => "18.6",
        19 => "19rc1",
        _ => panic!("no pgbench {major} here"),
    }
}

/// `PG_VERSION_NUM` of pgbench `major` (19rc1's is 190000).
pub(crate) fn version_num(major: u32) -> u32 {
    match major {
        17 => PG_VERSION_NUM,
        18 => 180_006,
        19 => 190_000,
        _ => panic!("no pgbench {major} here"),
    }
}

/// The text `-V` of pgbench `major` is compared as (minor version masked).
pub(crate) fn version_masked(major: u32) -> String {
    format!("pgbench (PostgreSQL) {major}.<minor>")
}

/// The text 17's version line is compared as (minor version masked).
pub(crate) const VERSION_17_MASKED: &str = "pgbench (PostgreSQL) 17.<minor>";

/// The getopt ambiguity line for `prefix` (text after `--`, up to any `=`)
/// as 17 prints it.
pub(crate) fn ambiguous_line_17(shown: &str) -> String {
    ambiguous_line_of(17, shown)
}

/// [`ambiguous_line_17`] as pgbench `major` prints it.
pub(crate) fn ambiguous_line_of(major: u32, shown: &str) -> String {
    let name = shown.split('=').next().unwrap_or(shown);
    let mut line = format!("pgbench: option '--{shown}' is ambiguous; possibilities:");
    for o in long_options_of(major).iter().filter(|o| o.starts_with(name)) {
        line.push_str(&format!(" '--{o}'"));
    }
    line
}
