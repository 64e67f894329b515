//! `--continue-on-error` against a real server, as PostgreSQL 19's pgbench
//! has it: its TAP case, a script whose unique violations fail some
//! transactions while every client runs to its end, the log and aggregate
//! columns, `-r`, pipelines, rollback of a failed block, `--verbose-errors`,
//! and the errors that still abort a client.

use crate::harness::Pgbench;
use crate::harness::cluster::{Db, create_db};
use crate::harness::needs;
use crate::harness::runner::{Output, Status};
use crate::harness::shapes::messages;

/// A new database (`prefix` and a number) with the tables `ddl` makes.
fn db_with(prefix: &str, ddl: &str) -> Db {
    let db = create_db(prefix);
    db.exec(ddl);
    db
}

fn run(db: &Db, label: &str, args: &[&str], script: &str) -> Output {
    let mut all = args.to_vec();
    all.extend(["-f", "s.sql", db.name.as_str()]);
    Pgbench::new(all).label(label).file("s.sql", script).run_under_test()
}

/// The report without its banner and measured lines (latency, tps,
/// connection time).
fn report(out: &Output) -> String {
    out.stdout
        .lines()
        .filter(|l| {
            !["pgbench (", "latency average", "latency stddev", "initial connection", "tps = "]
                .iter()
                .any(|p| l.starts_with(p))
        })
        .flat_map(|l| [l, "\n"])
        .collect()
}

/// Upstream's TAP case (001_pgbench_with_server.pl, "test
/// --continue-on-error"), with its script file as the TAP harness writes
/// it.
#[test]
fn upstream_tap_case() {
    needs!(Server);
    let db = db_with("coe-tap", "CREATE TABLE unique_table(i int unique);");
    let script = "\n\t\tINSERT INTO unique_table VALUES(0);\n\t\t";
    let args = ["-n", "-t", "10", "--continue-on-error", "--failures-detailed"];
    let out = Pgbench::new(args.iter().copied().chain([
        "--file",
        "001_continue_on_error",
        db.name.as_str(),
    ]))
    .file("001_continue_on_error", script)
    .label("coe-tap")
    .run_under_test();
    assert_eq!(out.status, Status::Exit(0), "{}\n{}", out.stdout, out.stderr);
    assert!(out.stdout.contains("processed: 1/10\n"), "{}", out.stdout);
    assert!(out.stdout.contains("other failures: 9 "), "{}", out.stdout);
    assert_eq!(out.stderr, "");
    assert_eq!(
        report(&out),
        "transaction type: 001_continue_on_error\n\
         scaling factor: 1\n\
         query mode: simple\n\
         number of clients: 1\n\
         number of threads: 1\n\
         maximum number of tries: 1\n\
         number of transactions per client: 10\n\
         number of transactions actually processed: 1/10\n\
         number of failed transactions: 9 (90.000%)\n\
         number of serialization failures: 0 (0.000%)\n\
         number of deadlock failures: 0 (0.000%)\n\
         number of other failures: 9 (90.000%)\n"
    );
    assert!(out.stdout.contains("\nlatency average = "), "{}", out.stdout);
    assert!(out.stdout.lines().any(|l| l.starts_with("latency average = ")
        && l.ends_with(" ms (including failures)")));
}

/// Unique violations on some transactions of four clients: every client
/// runs to its end, each failure is counted once (report, log, `-r`),
/// and what succeeded is in the table.
#[test]
fn unique_violations_fail_transactions_not_clients() {
    needs!(Server);
    let db = db_with("coe-unique", "CREATE TABLE u(k int primary key);");
    let script = "\\set k random(1, 60)\nINSERT INTO u VALUES (:k);\n";
    let args = "-n -c 4 -j 2 -t 40 --continue-on-error --failures-detailed -l -r";
    let args: Vec<&str> = args.split_whitespace().collect();
    let out = run(&db, "coe-unique", &args, script);
    assert_eq!(out.status, Status::Exit(0), "{}\n{}", out.stdout, out.stderr);
    assert_eq!(out.stderr, "", "no client aborted and no message");
    let rows: u64 = db.query("select count(*) from u")[0][0].parse().expect("a count");
    let failed = 160 - rows;
    assert!(failed > 0, "no transaction failed");
    let r = report(&out);
    assert!(r.contains(&format!("processed: {rows}/160\n")), "{r}");
    assert!(r.contains(&format!("number of failed transactions: {failed} (")), "{r}");
    assert!(r.contains(&format!("number of other failures: {failed} (")), "{r}");
    // -r: the failures are the INSERT's.
    let insert =
        out.stdout.lines().find(|l| l.ends_with("INSERT INTO u VALUES (:k);")).expect("-r line");
    let cols: Vec<&str> = insert.split_whitespace().collect();
    assert_eq!(cols[1], failed.to_string(), "{insert}");
    // The log: one line per transaction, the failed ones as "other".
    let mut words = (0u64, 0u64);
    for f in out.files().iter().filter(|f| f.starts_with("pgbench_log.")) {
        for line in out.read_file(f).lines() {
            match line.split(' ').nth(2) {
                Some("other") => words.1 += 1,
                Some(w) if w.bytes().all(|b| b.is_ascii_digit()) => words.0 += 1,
                _ => panic!("unexpected log line {line:?}"),
            }
        }
    }
    assert_eq!(words, (rows, failed));
}

/// Without `--failures-detailed` a failed transaction is logged `failed`
/// and the report has no line per kind; aggregates end with the
/// other-failures column (0 then, as PostgreSQL 19 prints it).
#[test]
fn failures_without_detail_and_aggregates() {
    needs!(Server);
    let db = db_with("coe-agg", "CREATE TABLE unique_table(i int unique);");
    let script = "INSERT INTO unique_table VALUES(0);\n";
    let out = run(&db, "coe-failed", &["-n", "-t", "5", "--continue-on-error", "-l"], script);
    assert_eq!(out.status, Status::Exit(0), "{}", out.stderr);
    assert!(!out.stdout.contains("other failures"), "{}", out.stdout);
    let log = out.read_file(
        &out.files().into_iter().find(|f| f.starts_with("pgbench_log.")).expect("a log"),
    );
    let third: Vec<&str> = log.lines().map(|l| l.split(' ').nth(2).unwrap_or("")).collect();
    assert_eq!(&third[1..], ["failed"; 4]);
    // Aggregates: interrupted, the run writes its last interval too, so
    // that they add up to the report exactly.
    for detailed in [false, true] {
        db.exec("TRUNCATE unique_table;");
        let mut args =
            vec!["-n", "-T", "30", "--continue-on-error", "-l", "--aggregate-interval=1"];
        if detailed {
            args.push("--failures-detailed");
        }
        args.extend(["-f", "s.sql", db.name.as_str()]);
        let mut run = Pgbench::new(args).label("coe-agg").file("s.sql", script).spawn_under_test();
        // Into its second second of measurement, so that the last
        // interval is not the first.
        let origin = run.measuring();
        crate::harness::live::Running::sleep_until(origin + 1.5);
        run.signal(libc::SIGINT);
        let out = run.finish();
        assert_eq!(out.status, Status::Signal(2), "{}", out.stderr);
        let failed: u64 = out
            .stdout
            .lines()
            .find_map(|l| l.strip_prefix("number of failed transactions: "))
            .and_then(|l| l.split(' ').next())
            .and_then(|n| n.parse().ok())
            .expect("failed count");
        let log = out.read_file(
            &out.files().into_iter().find(|f| f.starts_with("pgbench_log.")).expect("a log"),
        );
        let mut sums = (0u64, 0u64);
        for line in log.lines() {
            let f: Vec<&str> = line.split(' ').collect();
            assert_eq!(f.len(), 16, "{line}");
            sums.0 += f[1].parse::<u64>().expect("cnt");
            sums.1 += f[15].parse::<u64>().expect("other");
        }
        assert_eq!(sums, (1, if detailed { failed } else { 0 }), "{log}");
    }
}

/// A failed explicit block is rolled back; in a pipeline the failure is
/// the `\endpipeline`'s, and the implicit transaction is rolled back too.
#[test]
fn failed_blocks_and_pipelines_roll_back() {
    needs!(Server);
    let db =
        db_with("coe-block", "CREATE TABLE unique_table(i int unique); CREATE TABLE t2(x int);");
    let block = "\\set x 5\nBEGIN;\nINSERT INTO t2 VALUES (:x);\nINSERT INTO unique_table VALUES(0);\nINSERT INTO t2 VALUES (:x + 1);\nEND;\n";
    let out = run(
        &db,
        "coe-block",
        &["-n", "-t", "5", "--continue-on-error", "--failures-detailed", "-r"],
        block,
    );
    assert_eq!(out.status, Status::Exit(0), "{}", out.stderr);
    assert!(report(&out).contains("processed: 1/5\nnumber of failed transactions: 4 (80.000%)\n"));
    assert_eq!(db.query("select count(*) from t2")[0][0], "2");
    let failures: Vec<String> = out
        .stdout
        .lines()
        .skip_while(|l| !l.starts_with("statement latencies"))
        .skip(1)
        .map(|l| l.split_whitespace().nth(1).unwrap_or("").to_string())
        .collect();
    assert_eq!(failures, ["0", "0", "0", "4", "0", "0"]);

    db.exec("TRUNCATE unique_table; TRUNCATE t2;");
    let pipeline = "\\startpipeline\nINSERT INTO t2 VALUES (1);\nINSERT INTO unique_table VALUES(0);\nINSERT INTO t2 VALUES (2);\n\\endpipeline\n";
    let args = [
        "-n",
        "-M",
        "extended",
        "-t",
        "3",
        "--continue-on-error",
        "--failures-detailed",
        "--verbose-errors",
        "-r",
    ];
    let out = run(&db, "coe-pipeline", &args, pipeline);
    assert_eq!(out.status, Status::Exit(0), "{}", out.stderr);
    assert!(report(&out).contains("processed: 1/3\n"));
    assert_eq!(db.query("select count(*) from t2")[0][0], "2");
    let last = out.stdout.lines().last().unwrap_or("");
    assert!(
        last.ends_with("\\endpipeline") && last.split_whitespace().nth(1) == Some("2"),
        "{last}"
    );
    let expected = [
        "pgbench: client 0 got an error in command 4 (SQL) of script 0; ERROR:  duplicate key value violates unique constraint \"unique_table_i_key\"\nDETAIL:  Key (i)=(0) already exists.\n",
        "pgbench: client 0 ends the failed transaction (try 1/1)\n",
    ];
    assert_eq!(messages(&out.stderr), [expected, expected].concat());
}

/// Meta-command errors, `\gset` shape errors and a lost connection still
/// abort the client (status 2); an SQL error in a `\gset` query does not.
#[test]
fn errors_that_still_abort() {
    needs!(Server);
    let db = create_db("coe-abort");
    let cases = [
        (
            "gset-rows",
            "SELECT 1 AS one WHERE false \\gset\n",
            "pgbench: error: client 0 script 0 command 0 query 0: expected one row, got 0\n",
        ),
        (
            "meta",
            "\\set x 1 / 0\n",
            "pgbench: error: division by zero\npgbench: error: client 0 aborted in command 0 (set) of script 0; evaluation of meta-command failed\n",
        ),
        (
            "terminated",
            "SELECT pg_terminate_backend(pg_backend_pid());\n",
            "pgbench: error: client 0 script 0 aborted in command 0 query 0: FATAL:  terminating connection due to administrator command\n",
        ),
    ];
    for (label, script, first) in cases {
        let out =
            run(&db, &format!("coe-{label}"), &["-n", "-t", "3", "--continue-on-error"], script);
        assert_eq!(out.status, Status::Exit(2), "{label}: {}", out.stderr);
        assert!(out.stderr.starts_with(first), "{label}: {}", out.stderr);
        assert!(
            out.stderr
                .ends_with("pgbench: error: Run was aborted; the above results are incomplete.\n"),
            "{label}: {}",
            out.stderr
        );
    }
    let out = run(
        &db,
        "coe-gset-sql",
        &["-n", "-t", "3", "--continue-on-error", "--failures-detailed"],
        "SELECT 1/0 AS one \\gset\nSELECT :one;\n",
    );
    assert_eq!(out.status, Status::Exit(0), "{}", out.stderr);
    assert!(report(&out).ends_with("processed: 0/3\nnumber of failed transactions: 3 (100.000%)\nnumber of serialization failures: 0 (0.000%)\nnumber of deadlock failures: 0 (0.000%)\nnumber of other failures: 3 (100.000%)\n"), "{}", out.stdout);
}
