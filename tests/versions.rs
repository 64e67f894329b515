//! Each pgbench version pgbench-rs reproduces, compared with the real C
//! pgbench of that version: `--compat=17`, `--compat=18` (the default: the
//! harness gives pgbench-rs no `--compat` for it) and `--compat=19`,
//! against a server of that version and against the host's. The cases are
//! those where the versions differ, each also checked against the stored
//! text of each version (what `src/version.rs` says each one changed), so
//! that they fail where C is not installed too: the report when
//! transactions fail and retry, when none succeeded, when none ran (an
//! aborted client, a rate that schedules nothing), the per-script sections
//! (of a script that ran nothing too), the `-r` columns, the aggregate
//! log's columns, 19's other failures and its `--continue-on-error` (its
//! abbreviations, `--help`, the log's `other`; the extension under 17 and
//! 18), `-V`, `--help`, the open-files limit, the JSON report's version,
//! and `-P` lines (the same in all). (`-i`'s differences are in `init`,
//! every builtin on each version's server in `servers`, the command-line
//! errors in `cli`, the scripts' errors in `syntax_errors` and `scripts`
//! as each version; the other modules compare with 17.)

use crate::harness::bench::{Bench, RATE_END, report_head_of};
use crate::harness::cluster::{self, Cluster, create_db_on};
use crate::harness::expected::{
    ambiguous_line_of, extension_section_names, help_of, help_ours_of, pg_version, version_masked,
};
use crate::harness::needs;
use crate::harness::runner::VERSIONS;
use crate::harness::{Check, Output, Pgbench, Status, c_output, normalize, shapes};

const OK: &str = "SELECT 1;\n";
const BAD: &str = "SELECT * FROM no_such_table;\n";
const SER_TEXT: &str = "DO $$ BEGIN RAISE EXCEPTION 'ser' USING ERRCODE = '40001'; END $$;";
const DL_TEXT: &str = "DO $$ BEGIN RAISE EXCEPTION 'dl' USING ERRCODE = '40P01'; END $$;";
/// A serialization failure or a deadlock a quarter of the time each
/// (SQLSTATE raised by hand: C classifies failures by it alone).
const MAYBE: &str = "\\set r random(1, 4)\nBEGIN;\nSELECT 1;\n\\if :r = 1\n\
    DO $$ BEGIN RAISE EXCEPTION 'ser' USING ERRCODE = '40001'; END $$;\n\\elif :r = 2\n\
    DO $$ BEGIN RAISE EXCEPTION 'dl' USING ERRCODE = '40P01'; END $$;\n\\endif\nEND;\n";
/// A division by zero a third of the time.
const OTHER: &str = "\\set r random(1, 3)\nSELECT 1 / (:r - 1);\n";

/// The masked `-r` line of a command (`   %11.3f  %10ld`, then the
/// retries with `--max-tries`, then the text): two spaces before the text
/// and between the failures and the retries in 17, one from 18 on.
fn cmd(v: u32, failures: u64, retries: Option<u64>, text: &str) -> String {
    let gap = if v >= 18 { " " } else { "  " };
    let mut line = format!("   {:>11}  {failures:>10}{gap}", "<t>");
    if let Some(r) = retries {
        line.push_str(&format!("{r:>10}{gap}"));
    }
    format!("{line}{text}\n")
}

/// 19's `number of other failures` line (with `--failures-detailed`).
fn other(v: u32, prefix: &str, count: &str) -> String {
    if v >= 19 { format!("{prefix}number of other failures: {count}\n") } else { String::new() }
}

/// A script section's counts: 17's one line of the successful ones, or
/// 18's line of them all and its `actually processed` line (`processed`
/// None: none ran, no more lines).
fn counts(v: u32, succeeded: u64, all: u64, pct17: &str, pct: &str) -> String {
    if v == 17 {
        format!(" - {succeeded} transactions ({pct17}% of total, tps = <t>)\n")
    } else if all == 0 {
        format!(" - 0 transactions ({pct}% of total)\n")
    } else {
        format!(
            " - {all} transactions ({pct}% of total)\n \
             - number of transactions actually processed: {succeeded} (tps = <t>)\n"
        )
    }
}

/// The servers a version's cases run on: the host's, and that version's.
fn servers_of(v: u32) -> Vec<&'static Cluster> {
    let mut servers = vec![crate::harness::cluster()];
    servers.extend(cluster::server(v));
    servers
}

/// Each of `versions` with the server of its reference build, up to the
/// first that is not installed (its `skipped:` line says so).
fn with_servers(
    versions: impl IntoIterator<Item = u32>,
) -> impl Iterator<Item = (u32, &'static Cluster)> {
    versions.into_iter().map_while(|v| Some((v, cluster::server(v)?)))
}

/// One run of both implementations as pgbench `v` on `server` of the
/// command line `args` (a database of its own added), the default masks
/// and `extra`.
fn bench(
    name: &str,
    v: u32,
    server: &'static Cluster,
    args: &str,
    files: &[(&str, &str)],
) -> Bench {
    let db = create_db_on(server, name);
    let mut run =
        Pgbench::new(args.split_whitespace()).arg(&db.name).on(server).compat(v).label(name);
    for (f, text) in files {
        run = run.file(f, *text);
    }
    Bench::new(name, run)
}

/// Failures and retries of two scripts, with their sections and `-r`:
/// the main report, 18's per-script counts, `-r`'s columns, 19's other
/// failures (also without `--continue-on-error`). On each version's
/// server and the host's.
#[test]
fn failures_retries_sections_and_commands() {
    needs!(Server);
    for v in VERSIONS {
        for server in servers_of(v) {
            let name = format!("sections_v{v}_on_{}", server.server_version_num / 10_000);
            let args = "-n -t 10 -c 1 --random-seed=7 -f maybe.sql@1 -f ok.sql@1 \
                        --failures-detailed --max-tries=2 -r";
            let files = [("maybe.sql", MAYBE), ("ok.sql", OK)];
            let mut r = bench(&name, v, server, args, &files).run();
            let mut want = report_head_of(v, server, "multiple scripts", "simple", 1, 1, "2");
            want.push_str(
                "number of transactions per client: 10\n\
                 number of transactions actually processed: 8/10\n\
                 number of failed transactions: 2 (20.000%)\n\
                 number of serialization failures: 1 (10.000%)\n\
                 number of deadlock failures: 1 (10.000%)\n",
            );
            want.push_str(&other(v, "", "0 (0.000%)"));
            want.push_str(
                "number of transactions retried: 2 (20.000%)\n\
                 total number of retries: 2\n\
                 latency average = <t> ms (including failures)\n\
                 initial connection time = <t> ms\n\
                 tps = <t> (without initial connection time)\n\
                 SQL script 1: maybe.sql\n \
                 - weight: 1 (targets 50.0% of total)\n",
            );
            want.push_str(&counts(v, 3, 5, "37.5", "50.0"));
            want.push_str(
                " - number of failed transactions: 2 (40.000%)\n \
                 - number of serialization failures: 1 (20.000%)\n \
                 - number of deadlock failures: 1 (20.000%)\n",
            );
            want.push_str(&other(v, " - ", "0 (0.000%)"));
            want.push_str(
                " - number of transactions retried: 2 (40.000%)\n \
                 - total number of retries: 2\n \
                 - latency average = <t> ms\n \
                 - latency stddev = <t> ms\n \
                 - statement latencies in milliseconds, failures and retries:\n",
            );
            for (text, failed) in [
                ("\\set r random(1, 4)", 0),
                ("BEGIN;", 0),
                ("SELECT 1;", 0),
                ("\\if :r = 1", 0),
                (SER_TEXT, 1),
                ("\\elif :r = 2", 0),
                (DL_TEXT, 1),
                ("\\endif", 0),
                ("END;", 0),
            ] {
                want.push_str(&cmd(v, failed, Some(failed), text));
            }
            want.push_str("SQL script 2: ok.sql\n - weight: 1 (targets 50.0% of total)\n");
            want.push_str(&counts(v, 5, 5, "62.5", "50.0"));
            want.push_str(
                " - number of failed transactions: 0 (0.000%)\n \
                 - number of serialization failures: 0 (0.000%)\n \
                 - number of deadlock failures: 0 (0.000%)\n",
            );
            want.push_str(&other(v, " - ", "0 (0.000%)"));
            want.push_str(
                " - number of transactions retried: 0 (0.000%)\n \
                 - total number of retries: 0\n \
                 - latency average = <t> ms\n \
                 - latency stddev = <t> ms\n \
                 - statement latencies in milliseconds, failures and retries:\n",
            );
            want.push_str(&cmd(v, 0, Some(0), "SELECT 1;"));
            r.same().status(0).stderr_is("pgbench: setting random seed to 7\n").stdout_is(&want);
            r.finish();
        }
    }
}

/// No transaction succeeded, every one failed: 17 stops after the failure
/// lines; 18 prints the rest, the sections of a script whose transactions
/// all failed and of one that ran nothing, and `-r`'s lines.
#[test]
fn none_succeeded() {
    needs!(Server);
    for (v, server) in with_servers(VERSIONS) {
        let name = format!("none_succeeded_v{v}");
        let args = "-n -t 3 -c 1 --random-seed=7 -f ser.sql -f ok.sql@0 -r --failures-detailed";
        let ser = format!("{SER_TEXT}\n");
        let files = [("ser.sql", ser.as_str()), ("ok.sql", OK)];
        let mut r = bench(&name, v, server, args, &files).run();
        let mut want = report_head_of(v, server, "multiple scripts", "simple", 1, 1, "1");
        want.push_str(
            "number of transactions per client: 3\n\
             number of transactions actually processed: 0/3\n\
             number of failed transactions: 3 (100.000%)\n\
             number of serialization failures: 3 (100.000%)\n\
             number of deadlock failures: 0 (0.000%)\n",
        );
        if v >= 18 {
            want.push_str(&other(v, "", "0 (0.000%)"));
            want.push_str(
                "latency average = <t> ms (including failures)\n\
                 initial connection time = <t> ms\n\
                 tps = <t> (without initial connection time)\n\
                 SQL script 1: ser.sql\n \
                 - weight: 1 (targets 100.0% of total)\n",
            );
            want.push_str(&counts(v, 0, 3, "", "100.0"));
            want.push_str(
                " - number of failed transactions: 3 (100.000%)\n \
                 - number of serialization failures: 3 (100.000%)\n \
                 - number of deadlock failures: 0 (0.000%)\n",
            );
            want.push_str(&other(v, " - ", "0 (0.000%)"));
            want.push_str(" - statement latencies in milliseconds and failures:\n");
            want.push_str(&cmd(v, 3, None, SER_TEXT));
            want.push_str("SQL script 2: ok.sql\n - weight: 0 (targets 0.0% of total)\n");
            want.push_str(&counts(v, 0, 0, "", "0.0"));
            want.push_str(" - statement latencies in milliseconds and failures:\n");
            want.push_str(&cmd(v, 0, None, "SELECT 1;"));
        }
        r.same().status(0).stderr_is("pgbench: setting random seed to 7\n").stdout_is(&want);
        r.finish();
    }
}

/// No transaction ran at all, the client aborted at its first command:
/// 17 prints the failure and retry lines with `NaN%`, 18 nothing after
/// the processed line.
#[test]
fn none_ran_client_aborted() {
    needs!(Server);
    for (v, server) in with_servers(VERSIONS) {
        let name = format!("none_ran_aborted_v{v}");
        let args = "-n -t 3 -c 1 -f bad.sql --failures-detailed --max-tries=2";
        let mut r = bench(&name, v, server, args, &[("bad.sql", BAD)]).run();
        let mut want = report_head_of(v, server, "bad.sql", "simple", 1, 1, "2");
        want.push_str(
            "number of transactions per client: 3\n\
             number of transactions actually processed: 0/3\n",
        );
        if v == 17 {
            want.push_str(
                "number of failed transactions: 0 (NaN%)\n\
                 number of serialization failures: 0 (NaN%)\n\
                 number of deadlock failures: 0 (NaN%)\n\
                 number of transactions retried: 0 (NaN%)\n\
                 total number of retries: 0\n",
            );
        }
        r.same().status(2).stdout_is(&want).stderr_is(
            "pgbench: error: client 0 script 0 aborted in command 0 query 0: ERROR:  relation \"no_such_table\" does not exist\n\
             LINE 1: SELECT * FROM no_such_table;\n                      \
             ^\n\
             pgbench: error: Run was aborted; the above results are incomplete.\n",
        );
        r.finish();
    }
}

/// No transaction ran at all, the rate scheduled none in the run's second
/// (with this seed the first start is far beyond it): 17's `NaN%` line.
#[test]
fn none_ran_none_scheduled() {
    needs!(Server);
    for (v, server) in with_servers(VERSIONS) {
        let name = format!("none_scheduled_v{v}");
        let args = "-n -T 1 -c 1 -R 0.001 --random-seed=1 -f ok.sql";
        let mut r = bench(&name, v, server, args, &[("ok.sql", OK)]).run();
        let mut want = report_head_of(v, server, "ok.sql", "simple", 1, 1, "1");
        want.push_str("duration: 1 s\nnumber of transactions actually processed: 0\n");
        if v == 17 {
            want.push_str("number of failed transactions: 0 (NaN%)\n");
        }
        r.same().status(0).stderr_is("pgbench: setting random seed to 1\n").stdout_is(&want);
        r.finish();
    }
}

/// A script of weight 0 under `-R` and `-L`: 17's section of it has the
/// failure lines with `NaN%`, 18's its count alone; the skipped lines.
/// (`-L` is ten seconds: no transaction is skipped or late unless the
/// machine stalls that long.)
#[test]
fn zero_weight_script_under_rate_and_limit() {
    needs!(Server);
    for (v, server) in with_servers(VERSIONS) {
        let name = format!("zero_weight_v{v}");
        let args = "-n -t 3 -c 1 --random-seed=7 -f ok.sql -f ser.sql@0 --failures-detailed \
                    --max-tries=3 -R 1000 -L 10000";
        let ser = format!("{SER_TEXT}\n");
        let files = [("ok.sql", OK), ("ser.sql", ser.as_str())];
        let mut r = bench(&name, v, server, args, &files).run();
        let zero = |prefix: &str| {
            format!(
                "{prefix}number of failed transactions: 0 (0.000%)\n\
                 {prefix}number of serialization failures: 0 (0.000%)\n\
                 {prefix}number of deadlock failures: 0 (0.000%)\n{}\
                 {prefix}number of transactions retried: 0 (0.000%)\n\
                 {prefix}total number of retries: 0\n",
                other(v, prefix, "0 (0.000%)")
            )
        };
        let mut want = report_head_of(v, server, "multiple scripts", "simple", 1, 1, "3");
        want.push_str(
            "number of transactions per client: 3\n\
             number of transactions actually processed: 3/3\n",
        );
        want.push_str(&zero(""));
        want.push_str(
            "number of transactions skipped: 0 (0.000%)\n\
             number of transactions above the 10000.0 ms latency limit: 0/3 (0.000%)\n",
        );
        want.push_str(RATE_END);
        want.push_str("SQL script 1: ok.sql\n - weight: 1 (targets 100.0% of total)\n");
        want.push_str(&counts(v, 3, 3, "100.0", "100.0"));
        want.push_str(&zero(" - "));
        want.push_str(
            " - number of transactions skipped: 0 (0.000%)\n \
             - latency average = <t> ms\n \
             - latency stddev = <t> ms\n\
             SQL script 2: ser.sql\n \
             - weight: 0 (targets 0.0% of total)\n",
        );
        if v == 17 {
            want.push_str(
                " - 0 transactions (0.0% of total, tps = <t>)\n \
                 - number of failed transactions: 0 (NaN%)\n \
                 - number of serialization failures: 0 (NaN%)\n \
                 - number of deadlock failures: 0 (NaN%)\n \
                 - number of transactions retried: 0 (NaN%)\n \
                 - total number of retries: 0\n",
            );
        } else {
            want.push_str(&counts(v, 0, 0, "", "0.0"));
        }
        r.same().status(0).stderr_is("pgbench: setting random seed to 7\n").stdout_is(&want);
        r.finish();
    }
}

/// The aggregate log's lines have 15 columns in 17 and 18, 16 in 19 (its
/// other failures, 0 without `--continue-on-error`), with the failures
/// and retries counted as each version counts them.
#[test]
fn aggregate_log_columns() {
    needs!(Server);
    for (v, server) in with_servers(VERSIONS) {
        let name = format!("aggregate_v{v}");
        let args = "-n -T 2 -c 1 --random-seed=7 -f maybe.sql -l --aggregate-interval=1 \
                    --failures-detailed --max-tries=2";
        let mut r =
            bench(&name, v, server, args, &[("maybe.sql", MAYBE)]).mask_stdout(digits).run();
        r.same().status(0).stderr_is("pgbench: setting random seed to 7\n");
        let columns = if v >= 19 { 16 } else { 15 };
        r.each_raw(|o| {
            let logs: Vec<String> =
                o.files().into_iter().filter(|f| f.starts_with("pgbench_log.")).collect();
            let [log] = &logs[..] else { return Err(format!("log files: {logs:?}")) };
            let text = o.read_file(log);
            if text.lines().count() == 0 {
                return Err(format!("{log} is empty"));
            }
            for line in text.lines() {
                let a = shapes::parse_agg_line_of(line, columns)?;
                if columns == 16 && a.fields[15] != 0 {
                    return Err(format!("other failures without --continue-on-error: {line}"));
                }
            }
            Ok(())
        });
        r.finish();
    }
}

/// `text` with every number a `#` (the counts of a `-T` run vary).
fn digits(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut in_number = false;
    for c in text.chars() {
        let digit = c.is_ascii_digit() || (in_number && c == '.');
        if !digit {
            out.push(c);
        } else if !in_number {
            out.push('#');
        }
        in_number = digit;
    }
    out
}

/// The report and `-r` of 19's `--continue-on-error`, given by an
/// abbreviation (`--cont`), and its failures logged as `other`.
#[test]
fn continue_on_error_as_19s_own_option() {
    needs!(Server);
    let Some(server) = cluster::server(19) else { return };
    let name = "continue_on_error_v19";
    let args = "-n -t 6 -c 1 --random-seed=3 -f other.sql --cont -r --failures-detailed -l \
                --verbose-errors";
    let mut r = bench(name, 19, server, args, &[("other.sql", OTHER)]).run();
    let mut want = report_head_of(19, server, "other.sql", "simple", 1, 1, "1");
    want.push_str(&continue_on_error_report(19));
    r.same().status(0).stdout_is(&want).stderr_is(
        "pgbench: setting random seed to 3\n\
         pgbench: client 0 got an error in command 1 (SQL) of script 0; ERROR:  division by zero\n\
         pgbench: client 0 ends the failed transaction (try 1/1)\n",
    );
    r.each_raw(|o| {
        let logs: Vec<String> =
            o.files().into_iter().filter(|f| f.starts_with("pgbench_log.")).collect();
        let [log] = &logs[..] else { return Err(format!("log files: {logs:?}")) };
        let words: Vec<String> = o
            .read_file(log)
            .lines()
            .map(|l| l.split(' ').nth(2).unwrap_or_default().to_string())
            .map(|w| if w.bytes().all(|b| b.is_ascii_digit()) { "<t>".into() } else { w })
            .collect();
        let want = ["<t>", "<t>", "<t>", "<t>", "<t>", "other"];
        if words == want { Ok(()) } else { Err(format!("{log}'s results: {words:?}")) }
    });
    r.finish();
}

/// The report of the run of [`continue_on_error_as_19s_own_option`] after
/// its head, as pgbench `v` prints it (pgbench-rs's extension under 17
/// and 18 adds the other failures' line too).
fn continue_on_error_report(v: u32) -> String {
    format!(
        "number of transactions per client: 6\n\
         number of transactions actually processed: 5/6\n\
         number of failed transactions: 1 (16.667%)\n\
         number of serialization failures: 0 (0.000%)\n\
         number of deadlock failures: 0 (0.000%)\n\
         number of other failures: 1 (16.667%)\n\
         latency average = <t> ms (including failures)\n\
         initial connection time = <t> ms\n\
         tps = <t> (without initial connection time)\n\
         statement latencies in milliseconds and failures:\n{}{}",
        cmd(v, 0, None, "\\set r random(1, 3)"),
        cmd(v, 1, None, "SELECT 1 / (:r - 1);")
    )
}

/// Under 17 and 18 `--continue-on-error` is pgbench-rs's own option (C
/// rejects it): the same run, in that version's `-r` columns.
#[test]
fn continue_on_error_as_the_extension_of_17_and_18() {
    needs!(Server);
    for (v, server) in with_servers([17, 18]) {
        let name = format!("continue_on_error_v{v}");
        let db = create_db_on(server, &name);
        let run = Pgbench::new([
            "-n",
            "-t",
            "6",
            "-c",
            "1",
            "--random-seed=3",
            "-f",
            "other.sql",
            "--continue-on-error",
            "-r",
            "--failures-detailed",
            &db.name,
        ])
        .file("other.sql", OTHER)
        .on(server)
        .compat(v)
        .label(&name);
        let out = run.run_under_test();
        let mut check = Check::new(&name);
        let want = format!(
            "{}{}",
            report_head_of(v, server, "other.sql", "simple", 1, 1, "1"),
            continue_on_error_report(v)
        );
        let stdout = normalize::mask_report(&normalize::mask_banner_version(&out.stdout));
        check.eq("exit status", "expected", &Status::Exit(0), "pgbench-rs", &out.status);
        check.text("stdout (masked)", "expected", &want, "pgbench-rs", &stdout);
        check.text(
            "stderr",
            "expected",
            "pgbench: setting random seed to 3\n",
            "pgbench-rs",
            &out.stderr,
        );
        check.finish();
    }
}

/// Compares `run` (no server) with the stored outcome, and with C.
fn no_server_case(
    name: &str,
    run: &Pgbench,
    status: i32,
    stdout: &str,
    stderr: &str,
    mask: fn(&str) -> String,
) {
    let mut check = Check::new(name);
    let masked = |mut o: Output| {
        o.stdout = mask(&o.stdout);
        o.stderr = mask(&o.stderr);
        o
    };
    let want =
        crate::harness::Expected { status, stdout: run.expand(stdout), stderr: run.expand(stderr) };
    check.expected("pgbench-rs", &masked(run.run_under_test()), &want);
    if let Some(c) = c_output(run) {
        check.expected(&format!("C pgbench {}", run.version()), &masked(c), &want);
    }
    check.finish();
}

/// `--help`: 17's text, 18's (the same), 19's (with `--continue-on-error`
/// after `--aggregate-interval`), and pgbench-rs's extensions but those
/// of that version.
#[test]
fn help_of_each_version() {
    for v in VERSIONS {
        let run = Pgbench::no_server(["--help"]).compat(v).label(&format!("help_v{v}"));
        let mut check = Check::new(&format!("help_v{v}"));
        let ours = extension_section_names(&run.run_under_test().stdout);
        check.text(
            "stdout (extensions by name)",
            "expected",
            &help_ours_of(v),
            "pgbench-rs",
            &ours,
        );
        if let Some(c) = c_output(&run) {
            check.text("stdout", "expected", &help_of(v), &format!("C pgbench {v}"), &c.stdout);
        }
        check.finish();
    }
}

/// `-V` names the version reproduced (and this program's).
#[test]
fn version_of_each_version() {
    for v in VERSIONS {
        let name = format!("version_v{v}");
        let run = Pgbench::no_server(["-V"]).compat(v).label(&name);
        no_server_case(
            &name,
            &run,
            0,
            &format!("{}\n", version_masked(v)),
            "",
            normalize::mask_version,
        );
        let ours = run.run_under_test().stdout;
        let want = format!(
            "pgbench (PostgreSQL) {} (pgbench-rs {})\n",
            pg_version(v),
            env!("CARGO_PKG_VERSION")
        );
        assert_eq!(ours, want, "pgbench-rs -V as pgbench {v}");
    }
}

/// The messages of a run that gets as far as connecting, to no server.
const NO_SERVER: &str = "pgbench: error: connection to server on socket \"{PGHOST}/.s.PGSQL.{PGPORT}\" failed: No such file or directory\n\
    \tIs the server running locally and accepting connections on that socket?\n\
    pgbench: error: could not create connection for setup\n";

const HINT: &str = "pgbench: hint: Try \"pgbench --help\" for more information.\n";

/// 19's `--continue-on-error` is one of its long options: `--co` and
/// `--con`, `--connect` in 17 and 18, are ambiguous, and `--cont` and
/// `--continue` are it. (No server: a run that gets as far as connecting
/// fails there.)
#[test]
fn option_abbreviations_of_each_version() {
    for v in VERSIONS {
        for typed in ["co", "con", "conn", "cont", "continue"] {
            let name = format!("abbreviation_{typed}_v{v}");
            let run = Pgbench::no_server(["-n", "-t", "1", "-S", &format!("--{typed}")])
                .compat(v)
                .label(&name);
            let stderr = match (v, typed) {
                (19, "co" | "con") => format!("{}\n{HINT}", ambiguous_line_of(19, typed)),
                (17 | 18, "cont" | "continue") => {
                    format!("pgbench: unrecognized option '--{typed}'\n{HINT}")
                }
                _ => NO_SERVER.to_string(),
            };
            no_server_case(&name, &run, 1, "", &stderr, |s| s.to_string());
        }
        // -i with it: an option of the benchmark in 19 (and pgbench-rs's),
        // unknown to C 17 and 18.
        let name = format!("init_continue_on_error_v{v}");
        let run = Pgbench::no_server(["-i", "--continue-on-error"]).compat(v).label(&name);
        let ours = run.run_under_test();
        let refused = "pgbench: error: some of the specified options cannot be used in initialization (-i) mode\n";
        assert_eq!((ours.status, ours.stderr.as_str()), (Status::Exit(1), refused), "{name}");
        if let Some(c) = c_output(&run) {
            let c_says = if v >= 19 {
                refused.to_string()
            } else {
                format!("pgbench: unrecognized option '--continue-on-error'\n{HINT}")
            };
            assert_eq!((c.status, c.stderr), (Status::Exit(1), c_says), "{name}: C pgbench {v}");
        }
    }
}

/// `-c` beyond the open-files limit: 17 compares with the soft limit and
/// names it; 18 and 19 raise the soft limit up to the hard one, and name
/// that above it. The runs get a soft limit half the hard one (a shell
/// lowers it and starts the program as `pgbench`), so that `-c` equal to
/// it fails in 17 and gets as far as connecting in 18 and 19.
#[test]
fn open_files_limit_of_each_version() {
    let hard: u64 = crate::harness::runner::open_files_hard_limit().parse().unwrap_or(0);
    assert!(hard >= 64, "the hard limit on open files is {hard}");
    let soft = hard / 2;
    let lowered = format!("ulimit -Sn {soft} && exec -a pgbench \"$0\" \"$@\"");
    let hint = "pgbench: hint: Reduce number of clients, or use limit/ulimit to increase the system limit.\n";
    for v in VERSIONS {
        let name = format!("open_files_v{v}");
        let run = Pgbench::no_server(["-c", &soft.to_string(), "-S"])
            .wrapped_in(&["bash", "-c", &lowered])
            .compat(v)
            .label(&name);
        let stderr = if v == 17 {
            format!(
                "pgbench: error: need at least {} open files, but system limit is {soft}\n{hint}",
                soft + 3
            )
        } else {
            NO_SERVER.to_string()
        };
        no_server_case(&name, &run, 1, "", &stderr, |s| s.to_string());
        let name = format!("open_files_beyond_hard_v{v}");
        let run = Pgbench::no_server(["-c", "2147483640"]).compat(v).label(&name);
        let limit = if v == 17 { "{NOFILE}" } else { "{NOFILE_HARD}" };
        let stderr = format!(
            "pgbench: error: need at least 2147483643 open files, but system limit is {limit}\n{hint}"
        );
        no_server_case(&name, &run, 1, "", &stderr, |s| s.to_string());
    }
}

/// The JSON report names the version reproduced (`pgbench_version`) and
/// records it in its configuration (`compat`).
#[test]
fn the_json_report_records_the_version() {
    needs!(Server);
    for v in VERSIONS {
        let name = format!("json_v{v}");
        let db = create_db_on(crate::harness::cluster(), &name);
        let run = Pgbench::new(["-n", "-t", "2", "-f", "ok.sql", "--report-json=r.json", &db.name])
            .file("ok.sql", OK)
            .compat(v)
            .label(&name);
        let out = run.run_under_test();
        assert_eq!(out.status, Status::Exit(0), "{name}: {}", out.stderr);
        let doc: serde_json::Value =
            serde_json::from_str(&out.read_file("r.json")).expect("a JSON document");
        assert_eq!(doc["pgbench_version"], serde_json::json!(pg_version(v)), "{name}");
        assert_eq!(doc["configuration"]["compat"], serde_json::json!(v), "{name}");
    }
}

/// `-P` lines under `-R`, `-L` and `--max-tries` (the same in every
/// version: lag, skipped, retried and retries), and the report's shape.
#[test]
fn progress_lines() {
    needs!(Server);
    for (v, server) in with_servers(VERSIONS) {
        let name = format!("progress_v{v}");
        let args = "-n -T 2 -c 1 -P 1 -R 100 -L 5000 --max-tries=2 -f ok.sql";
        let mut r = bench(&name, v, server, args, &[("ok.sql", OK)]).mask_stdout(digits).run();
        r.same_status().same_stdout().status(0);
        let opts =
            shapes::ProgressOpts { lag: true, skipped: true, retries: true, timestamp: false };
        r.each_raw(|o| {
            let lines: Vec<&str> = o.stderr.lines().collect();
            if !(1..=2).contains(&lines.len()) {
                return Err(format!("{} lines on stderr, not 1 or 2 progress lines", lines.len()));
            }
            lines.iter().try_for_each(|l| shapes::parse_progress_line(l, opts).map(|_| ()))
        });
        r.finish();
    }
}
