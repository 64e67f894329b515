//! The `--help` text: pgbench 17's, with the program name filled in,
//! followed by one section on pgbench-rs's own options, and pgbench-rs's
//! place for bug reports and home page where 17 names PostgreSQL's.

/// Returns the usage text `--help` prints on stdout.
pub(crate) fn usage(progname: &str) -> String {
    let mut text = USAGE.replace("{progname}", progname);
    text.push_str(EXTENSIONS);
    text.push('\n');
    text.push_str(REPORT_BUGS);
    text.push_str(HOME_PAGE);
    text
}

/// Where to report bugs (the project's issue tracker, from Cargo.toml's
/// `repository`): the end of `--help`, and `-V`'s second line.
pub(crate) const REPORT_BUGS: &str =
    concat!("Report bugs to <", env!("CARGO_PKG_REPOSITORY"), "/issues>.\n");

/// The project's home page (Cargo.toml's `homepage`), `--help`'s last line.
const HOME_PAGE: &str = concat!("pgbench-rs home page: <", env!("CARGO_PKG_HOMEPAGE"), ">\n");

/// pgbench-rs's options (long options that match only their full name),
/// after an empty line.
const EXTENSIONS: &str = "
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

/// 17's text up to its last option; 17 then names PostgreSQL's places
/// ("Report bugs to <pgsql-bugs@lists.postgresql.org>.", "PostgreSQL home
/// page: <https://www.postgresql.org/>"), for which pgbench-rs prints its
/// own after its options.
const USAGE: &str = "\
{progname} is a benchmarking tool for PostgreSQL.

Usage:
  {progname} [OPTION]... [DBNAME]

Initialization options:
  -i, --initialize         invokes initialization mode
  -I, --init-steps=[dtgGvpf]+ (default \"dtgvp\")
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
                           (use \"-b list\" to list available scripts)
  -f, --file=FILENAME[@W]  add script FILENAME weighted at W (default: 1)
  -N, --skip-some-updates  skip updates of pgbench_tellers and pgbench_branches
                           (same as \"-b simple-update\")
  -S, --select-only        perform SELECT-only transactions
                           (same as \"-b select-only\")

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
                           (default: \"pgbench_log\")
  --max-tries=NUM          max number of tries to run transaction (default: 1)
  --progress-timestamp     use Unix epoch timestamps for progress
  --random-seed=SEED       set random seed (\"time\", \"rand\", integer)
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
";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn usage_is_17s_text_then_the_extensions() {
        let u = usage("pgbench");
        assert!(u.starts_with("pgbench is a benchmarking tool for PostgreSQL.\n\nUsage:\n  pgbench [OPTION]... [DBNAME]\n"));
        let (c17, ours) = u.split_once(EXTENSIONS).map(|(a, _)| (a, EXTENSIONS)).unwrap();
        assert!(c17.ends_with("  -?, --help               show this help, then exit\n"));
        assert_eq!(c17.lines().count(), 76);
        assert!(!c17.contains("continue-on-error"));
        assert!(u.ends_with(
            "\n\nReport bugs to <https://github.com/pgbench-rs/pgbench-rs/issues>.\n\
             pgbench-rs home page: <https://github.com/pgbench-rs/pgbench-rs>\n"
        ));
        // Every extension is listed.
        for name in super::super::getopt::extension_names() {
            assert!(ours.contains(&format!("  --{name}")), "--{name} is not in --help");
        }
    }
}
