//! Stored expectations of pgbench 17 that tests check the binary under test
//! against (and C pgbench too, when it runs): the `--help` text, the
//! long-option table that getopt's ambiguity messages follow, and the masked
//! forms of version lines.

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

/// pgbench-rs's `--help`: 17's text without its end, its own options, and
/// its own place for bug reports and home page.
pub(crate) fn help_ours() -> String {
    let options = HELP_17.strip_suffix(HELP_17_END).unwrap_or(HELP_17);
    format!("{options}{HELP_EXTENSIONS}{HELP_OURS_END}")
}

/// What pgbench-rs's `--help` prints after 17's options: its own options.
pub(crate) const HELP_EXTENSIONS: &str = "
pgbench-rs extensions (long options, matched only by their full name):
  --latency-percentiles[=LIST]
                           report latency percentiles, a comma-separated list
                           (default: 50,90,95,99,99.9,99.99; the maximum too)
  --report-json=FILE       write the results to FILE as a JSON document
  --report-html=FILE       write a report with charts to FILE as an HTML page
  --warmup=NUM             run NUM seconds before the measurement starts
                           (not counted anywhere)
  --continue-on-error      continue running after an SQL error
  --shard=K/N              run part K (from 0) of N of the run the options describe
  --start-at=TIME          start measuring at TIME (Unix epoch seconds or RFC 3339)
  --merge FILE...          print the report of one run from its shards' --report-json
                           files (with --latency-percentiles and --report-* only)
  --server-stats[=SECONDS]
                           sample the server's statistics and wait events every
                           SECONDS (default: 1) and report them
  --sysbench-tables=NUM    with -i: create sysbench's tables sbtest1..sbtestNUM
                           instead of pgbench's (default: 1)
  --sysbench-table-size=NUM
                           with -i: rows of each sysbench table (default: 10000)
  --repeat=NUM             run the benchmark NUM times, then summarize the runs
  --sweep-clients=LIST     run the benchmark at each client count of LIST
                           (comma-separated), then summarize the runs
  --compare BASE NEW       compare the runs of two --report-json files or
                           comma-separated lists of them (medians, change, 95%
                           interval, Mann-Whitney U p-value)
  --force                  with --compare: compare runs that differ in what they ran
  --fail-if=CONDITIONS     with --compare: exit with status 3 when a significant
                           change breaks a condition (e.g. tps<-5%,p99>+10%)
  --reconnect              a lost connection fails the transaction, and the
                           client connects again instead of aborting
  --reconnect-backoff=MIN[,MAX]
                           milliseconds between attempts to connect again,
                           doubling from MIN to MAX (default: 10,50)
  --reconnect-timeout=NUM  abort a client that could not connect again in NUM
                           seconds (default: 60; 0: until the run ends)
  --rate-profile=T:RATE[~],...
                           from second T the rate is RATE tps (as -R); a ~
                           ramps linearly to the next point's rate
  Builtin scripts of pgbench-rs (-b list): tpcb-like-plfunc and sysbench's
  OLTP tests (oltp-read-write, ...); a :variable inside a double-quoted
  identifier is replaced by its value in every protocol.
";

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

/// The pgbench version pgbench-rs reproduces (`-V`, the banner): the
/// reference C pgbench's.
pub(crate) const PG_VERSION: &str = "17.12";

/// `PG_VERSION_NUM` of [`PG_VERSION`].
pub(crate) const PG_VERSION_NUM: u32 = 170_012;

/// The text 17's version line is compared as (minor version masked).
pub(crate) const VERSION_17_MASKED: &str = "pgbench (PostgreSQL) 17.<minor>";

/// The start of a banner line as compared (client minor version masked).
pub(crate) const BANNER_17_MASKED: &str = "pgbench (17.<minor>";

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
