//! The `--help` text: that of the pgbench reproduced (17's, with the
//! lines a later version added), with the program name filled in,
//! followed by one section on pgbench-rs's own options (made from their
//! table, [`super::options`]; those the pgbench reproduced has are in its
//! text), and pgbench-rs's place for bug reports and home page where
//! pgbench names PostgreSQL's.

use crate::version::Pgbench;

/// Returns the usage text `--help` prints on stdout, as `pgbench` has it.
pub(crate) fn usage(progname: &str, pgbench: &Pgbench) -> String {
    let mut text = String::with_capacity(USAGE.len() + 2048);
    for line in USAGE.split_inclusive('\n') {
        text.push_str(&line.replace("{progname}", progname));
        for (after, added) in pgbench.help_lines {
            if line.starts_with(after) {
                text.push_str(added);
                text.push('\n');
            }
        }
    }
    text.push_str(&super::options::help_section(pgbench.major));
    text.push_str(BUILTINS);
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

/// What `--help` says after the extensions: pgbench-rs's builtin scripts
/// and variables in quoted identifiers.
const BUILTINS: &str = "  Builtin scripts of pgbench-rs (-b list): tpcb-like-plfunc and sysbench's
  OLTP tests (oltp-read-write, ...); a :variable inside a double-quoted
  identifier is replaced by its value in every protocol.
";

/// 17's text up to its last option (a later version's lines are its
/// `help_lines`); 17 then names PostgreSQL's places
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

    use crate::version::{PGBENCH_17, PGBENCH_18, PGBENCH_19};

    #[test]
    fn usage_is_17s_text_then_the_extensions() {
        let u = usage("pgbench", &PGBENCH_17);
        assert!(u.starts_with("pgbench is a benchmarking tool for PostgreSQL.\n\nUsage:\n  pgbench [OPTION]... [DBNAME]\n"));
        let ours = super::super::options::help_section(17);
        let (c17, rest) = u.split_once(&ours).unwrap();
        assert!(c17.ends_with("  -?, --help               show this help, then exit\n"));
        assert_eq!(c17.lines().count(), 76);
        assert!(!c17.contains("continue-on-error"));
        assert!(rest.starts_with(BUILTINS));
        assert_eq!(usage("pgbench", &PGBENCH_18), u);
        assert!(u.ends_with(
            "\n\nReport bugs to <https://github.com/pgbench-rs/pgbench-rs/issues>.\n\
             pgbench-rs home page: <https://github.com/pgbench-rs/pgbench-rs>\n"
        ));
        // Every extension is listed.
        for name in super::super::options::EXTENSIONS.iter().map(|e| e.long) {
            assert!(ours.contains(&format!("  --{name}")), "--{name} is not in --help");
        }
    }

    /// 19's text has `--continue-on-error` among pgbench's options, with
    /// the description the extension had, and not among the extensions.
    #[test]
    fn usage_of_19_has_continue_on_error_among_pgbenchs_options() {
        let u = usage("pgbench", &PGBENCH_19);
        let ours = super::super::options::help_section(19);
        let (c19, _) = u.split_once(&ours).unwrap();
        assert_eq!(c19.lines().count(), 77);
        let c17 = usage("pgbench", &PGBENCH_17);
        let line = "  --continue-on-error      continue running after an SQL error\n";
        assert_eq!(
            c19.replacen(line, "", 1),
            c17.split_once(&super::super::options::help_section(17)).unwrap().0
        );
        assert!(c19.contains(&format!(
            "  --aggregate-interval=NUM aggregate data over NUM seconds\n{line}"
        )));
        assert!(!ours.contains("continue-on-error"));
        let e = super::super::options::find("continue-on-error").unwrap();
        assert!(line.ends_with(&format!("{}\n", e.help.join(" "))));
    }
}
