//! The workloads pgbench lacks, against real servers: tpcb-like-plfunc
//! keeps tpcb-like's invariants; table names from variables in every
//! protocol (seed script of sysbench's port to pgbench, compared with C
//! in simple mode); sysbench's tables as Debian's sysbench 1.0.20 makes
//! them, and per builtin the statements per transaction by kind that
//! sysbench's test of that name issues, counted by pg_stat_statements.

use std::collections::BTreeMap;
use std::process::Command;
use std::time::{Duration, Instant};

use crate::harness::bench::pgbench_db;
use crate::harness::cluster::{Cluster, create_db_on, stats_cluster};
use crate::harness::needs;
use crate::harness::{Db, Output, Pgbench, Status, c_pgbench, cluster};

fn ok(out: &Output, what: &str) {
    assert_eq!(out.status, Status::Exit(0), "{what}:\n{}\n{}", out.stdout, out.stderr);
}

fn processed(out: &Output) -> String {
    out.stdout
        .lines()
        .find_map(|l| l.strip_prefix("number of transactions actually processed: "))
        .unwrap_or_else(|| panic!("no report:\n{}\n{}", out.stdout, out.stderr))
        .to_string()
}

#[test]
fn tpcb_like_plfunc_keeps_the_balances_and_the_history() {
    needs!(Server);
    let db = pgbench_db("plfunc");
    let args = "-b tpcb-like-plfunc -M prepared -c 2 -j 2 -t 25";
    let first = Pgbench::new(args.split_whitespace().chain([db.name.as_str()]))
        .label("plfunc-prepared")
        .run_under_test();
    ok(&first, "plfunc, prepared");
    assert!(
        first
            .stdout
            .contains("transaction type: <builtin: TPC-B (sort of) in one PL/pgSQL function>\n"),
        "{}",
        first.stdout
    );
    assert_eq!(processed(&first), "50/50");
    // Again on the same tables (the function is replaced), without the
    // vacuum that empties the history.
    let second =
        Pgbench::new(["-n", "-b", "tpcb-like-plfunc", "-M", "extended", "-t", "10", &db.name])
            .label("plfunc-again")
            .run_under_test();
    ok(&second, "plfunc, again");
    let row = db.query(
        "select (select sum(abalance) from pgbench_accounts), \
                (select sum(bbalance) from pgbench_branches), \
                (select sum(tbalance) from pgbench_tellers), \
                (select sum(delta) from pgbench_history), \
                (select count(*) from pgbench_history), \
                (select count(*) from pg_proc where proname = 'pgbench_tpcb_like_plfunc')",
    );
    let r = &row[0];
    assert_eq!((&r[0], &r[1], &r[2]), (&r[3], &r[3], &r[3]), "sums: {r:?}");
    assert_eq!(r[4], "60", "one history row per transaction");
    assert_eq!(r[5], "1");
}

/// The tables `sbtest0`..`sbtestN-1`, 1000 rows each.
fn client_tables(db: &Db, n: usize) {
    for i in 0..n {
        db.exec(&format!(
            "create table sbtest{i} (id int primary key, k int, c text, pad text); \
             insert into sbtest{i} select g, g, 'c', 'pad' from generate_series(1, 1000) g"
        ));
    }
}

/// The index scans of `sbtest0`..`sbtestN-1`, once they reach `want`
/// (statistics arrive when the backends exit), or as they are after
/// `PATIENCE`.
fn index_scans(db: &Db, n: usize, want: &[i64]) -> Vec<i64> {
    let deadline = Instant::now() + crate::harness::PATIENCE;
    loop {
        let got: Vec<i64> = (0..n)
            .map(|i| {
                db.query_one(&format!(
                    "select coalesce(idx_scan, 0) from pg_stat_user_tables where relname = 'sbtest{i}'"
                ))
                .parse()
                .expect("a count")
            })
            .collect();
        if got == want || Instant::now() > deadline {
            return got;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// The script of the sysbench port that pgbench could not run prepared.
const CLIENT_TABLE_SCRIPT: &str =
    "\\set id1 random(1, 10000000)\nSELECT pad FROM \"sbtest:client_id\" WHERE id = :id1;\n";

/// A run of [`CLIENT_TABLE_SCRIPT`] (`what` for messages) that ended
/// well: it processed `per_client` transactions of each of 3 clients, each
/// an index scan of its client's own table, added to `expected`.
fn each_client_its_table(db: &Db, out: &Output, what: &str, per_client: i64, expected: &mut [i64]) {
    ok(out, what);
    let n = 3 * per_client;
    assert_eq!(processed(out), format!("{n}/{n}"), "{what}");
    for e in expected.iter_mut() {
        *e += per_client;
    }
    assert_eq!(index_scans(db, 3, expected), expected, "{what}: each client its own table");
}

#[test]
fn table_names_from_variables_in_every_protocol() {
    needs!(Server);
    let db = crate::harness::create_db("client_tables");
    client_tables(&db, 3);
    let mut expected = vec![0i64; 3];
    for mode in ["simple", "extended", "prepared"] {
        let args = ["-n", "-M", mode, "-c", "3", "-j", "3", "-t", "20", "--debug", "-f", "t.sql"];
        let mut all = args.to_vec();
        all.push(&db.name);
        let out = Pgbench::new(all)
            .label(&format!("dyn-{mode}"))
            .file("t.sql", CLIENT_TABLE_SCRIPT)
            .run_under_test();
        each_client_its_table(&db, &out, mode, 20, &mut expected);
        let prepares = out.stderr.lines().filter(|l| l.contains(" preparing ")).count();
        if mode == "prepared" {
            // One statement per connection: the text is the same for all
            // of a client's transactions.
            assert_eq!(prepares, 3, "{}", out.stderr);
            for c in 0..3 {
                assert!(
                    out.stderr.contains(&format!("client {c} preparing PD_0")),
                    "{}",
                    out.stderr
                );
            }
        } else {
            assert_eq!(prepares, 0, "{mode}");
        }
    }
    // Inside a pipeline, in prepared mode, such statements are sent
    // unnamed; and -C prepares them again on each connection.
    let pipeline = format!("\\startpipeline\n{CLIENT_TABLE_SCRIPT}SELECT 1;\n\\endpipeline\n");
    for (script, extra) in [(pipeline.as_str(), "-n"), (CLIENT_TABLE_SCRIPT, "-C")] {
        let out = Pgbench::new([
            "-n", extra, "-M", "prepared", "-c", "3", "-t", "5", "-f", "t.sql", &db.name,
        ])
        .label("dyn-pipeline")
        .file("t.sql", script)
        .run_under_test();
        each_client_its_table(&db, &out, extra, 5, &mut expected);
    }
    // C pgbench 17 reads the same tables in simple mode, and fails as the
    // seed says with -M prepared.
    let Some(c) = c_pgbench() else { return };
    let run = |mode: &str| {
        Pgbench::new(["-n", "-M", mode, "-c", "3", "-j", "3", "-t", "20", "-f", "t.sql", &db.name])
            .label(&format!("dyn-c-{mode}"))
            .file("t.sql", CLIENT_TABLE_SCRIPT)
            .run_c_as(c)
    };
    let simple = run("simple");
    ok(&simple, "C, simple");
    for e in &mut expected {
        *e += 20;
    }
    assert_eq!(index_scans(&db, 3, &expected), expected, "C in simple mode");
    let prepared = run("prepared");
    assert_eq!(prepared.status, Status::Exit(2), "{}", prepared.stderr);
    assert!(
        prepared.stderr.contains("relation \"sbtest$1\" does not exist"),
        "{}",
        prepared.stderr
    );
}

/// Debian's sysbench (a test that runs it says `needs!(Server, Sysbench)`).
const SYSBENCH: &str = "sysbench";

/// Runs sysbench's `test` with `args` against `db`.
fn run_sysbench(prog: &str, c: &Cluster, db: &Db, test: &str, args: &[&str]) {
    let out = Command::new(prog)
        .arg(test)
        .args([
            "--db-driver=pgsql",
            &format!("--pgsql-host={}", c.host().display()),
            &format!("--pgsql-port={}", c.port),
            "--pgsql-user=postgres",
            &format!("--pgsql-db={}", db.name),
        ])
        .args(args)
        .output()
        .expect("run sysbench");
    assert!(
        out.status.success(),
        "sysbench {test} {args:?}:\n{}\n{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

/// What a database's sysbench tables look like: columns, indexes,
/// sequences, rows, the shape of `c` and `pad`, and the share of `k` on
/// the 1 % of the range the special distribution favours.
fn describe(db: &Db) -> (Vec<Vec<String>>, Vec<Vec<String>>, f64) {
    let schema = db.query(
        "select table_name, column_name, data_type, character_maximum_length, column_default, is_nullable \
         from information_schema.columns where table_name like 'sbtest%' order by 1, 2",
    );
    let mut facts = db.query(
        "select indexname, indexdef from pg_indexes where tablename like 'sbtest%' \
         union all select sequencename, last_value::text from pg_sequences where sequencename like 'sbtest%' \
         union all select conname, pg_get_constraintdef(oid) from pg_constraint where conrelid::regclass::text like 'sbtest%' \
         order by 1",
    );
    for t in ["sbtest1", "sbtest2"] {
        facts.extend(db.query(&format!(
            "select count(*), min(id), max(id), min(k) >= 1 and max(k) <= 5000, \
                    bool_and(c ~ '^[0-9]{{11}}(-[0-9]{{11}}){{9}} $'), \
                    bool_and(pad ~ '^[0-9]{{11}}(-[0-9]{{11}}){{4}} $') from {t}"
        )));
    }
    // t = 4999: [1 + 0.25 * 50.99 + 2474.5, 1 + 50.99 + 2474.5).
    let hot: f64 = db
        .query_one(
            "select avg(case when k between 2488 and 2526 then 1.0 else 0.0 end) from sbtest1",
        )
        .parse()
        .expect("a share");
    (schema, facts, hot)
}

#[test]
fn sysbench_tables_are_the_ones_sysbench_prepares() {
    needs!(Server, Sysbench);
    let c = cluster();
    let theirs = create_db_on(c, "sb_theirs");
    run_sysbench(
        SYSBENCH,
        c,
        &theirs,
        "oltp_read_write",
        &["--tables=2", "--table-size=5000", "prepare"],
    );
    let ours = create_db_on(c, "sb_ours");
    let out = Pgbench::new(["-i", "--sysbench-tables=2", "--sysbench-table-size=5000", &ours.name])
        .label("sysbench-init")
        .run_under_test();
    ok(&out, "-i --sysbench-tables");
    let lines: Vec<&str> = out.stderr.lines().filter(|l| !l.starts_with("NOTICE")).collect();
    assert_eq!(
        lines[..4],
        [
            "dropping old tables...",
            "creating tables...",
            "generating data (client-side)...",
            "creating secondary indexes..."
        ],
        "{}",
        out.stderr
    );
    assert!(lines[4].starts_with("done in "), "{}", out.stderr);
    let (schema_t, facts_t, hot_t) = describe(&theirs);
    let (schema_o, facts_o, hot_o) = describe(&ours);
    assert_eq!(schema_o, schema_t, "columns");
    assert_eq!(schema_o.len(), 8);
    assert_eq!(facts_o, facts_t, "indexes, sequences, keys, rows and values");
    assert!((hot_o - hot_t).abs() < 0.04 && hot_o > 0.7, "k's hot share: {hot_o} against {hot_t}");
}

#[test]
fn sysbench_options_are_checked() {
    needs!(Server);
    let cases: [(&[&str], &str); 4] = [
        (&["-i", "--sysbench-tables=0"], "--sysbench-tables must be in range 1..100000"),
        (
            &["-i", "--sysbench-table-size=x"],
            "invalid value \"x\" for option --sysbench-table-size",
        ),
        (
            &["--sysbench-tables=2"],
            "some of the specified options cannot be used in benchmarking mode",
        ),
        (
            &["-i", "--sysbench-tables=2", "--partitions=2"],
            "--partitions cannot be used with --sysbench-tables or --sysbench-table-size",
        ),
    ];
    for (args, msg) in cases {
        let out =
            Pgbench::no_server(args.iter().copied()).label("sysbench-options").run_under_test();
        assert_eq!(out.status, Status::Exit(1), "{args:?}");
        assert_eq!(out.stderr, format!("pgbench: error: {msg}\n"), "{args:?}");
    }
    // No sysbench tables: the run stops before it starts, as without
    // pgbench's tables.
    let db = crate::harness::create_db("no_sbtest");
    let out =
        Pgbench::new(["-b", "oltp-point-select", &db.name]).label("no-sbtest").run_under_test();
    assert_eq!(out.status, Status::Exit(1));
    assert!(
        out.stderr.contains("pgbench: error: no sysbench table sbtest1 found in \"search_path\"\n"),
        "{}",
        out.stderr
    );
}

/// A statement's kind, from its text as pg_stat_statements keeps it.
fn kind(query: &str) -> Option<&'static str> {
    let q = query.to_lowercase().replace('"', "");
    let q = q.split_whitespace().collect::<Vec<_>>().join(" ");
    let on_sbtest = |prefix: &str| {
        q.strip_prefix(prefix).is_some_and(|r| r.starts_with(|c: char| c.is_ascii_digit()))
    };
    Some(match () {
        _ if q == "begin" || q == "begin;" => "begin",
        _ if q == "commit" || q == "commit;" => "commit",
        _ if on_sbtest("select c from sbtest")
            && q.contains("between")
            && q.contains("order by") =>
        {
            "order range"
        }
        _ if on_sbtest("select c from sbtest") && q.contains("between") => "simple range",
        _ if on_sbtest("select c from sbtest") => "point select",
        _ if on_sbtest("select sum(k) from sbtest") => "sum range",
        _ if on_sbtest("select distinct c from sbtest") => "distinct range",
        _ if on_sbtest("update sbtest") && q.contains("set k=k+") => "index update",
        _ if on_sbtest("update sbtest") && q.contains("set c=") => "non-index update",
        _ if on_sbtest("delete from sbtest") => "delete",
        _ if on_sbtest("insert into sbtest") => "insert",
        _ if q.starts_with("select id, k, c, pad from sbtest1 where k in") => "random points",
        _ if q.starts_with("select count(k) from sbtest1 where k between") => "random ranges",
        _ => return None,
    })
}

/// Statements by kind that pg_stat_statements counted in `db` since its
/// last reset.
fn counted(db: &Db) -> BTreeMap<&'static str, i64> {
    let mut by_kind = BTreeMap::new();
    for row in db.query(
        "select query, calls from pg_stat_statements \
         where dbid = (select oid from pg_database where datname = current_database())",
    ) {
        if let Some(k) = kind(&row[0]) {
            *by_kind.entry(k).or_insert(0) += row[1].parse::<i64>().expect("calls");
        }
    }
    by_kind
}

#[test]
fn each_sysbench_builtin_issues_what_sysbenchs_test_issues() {
    needs!(Server, Sysbench);
    let c = stats_cluster();
    let two = create_db_on(c, "sb_two");
    let one = create_db_on(c, "sb_one");
    for db in [&two, &one] {
        db.exec("create extension pg_stat_statements");
    }
    run_sysbench(SYSBENCH, c, &two, "oltp_common", &["--tables=2", "--table-size=1000", "prepare"]);
    run_sysbench(SYSBENCH, c, &one, "oltp_common", &["--tables=1", "--table-size=1000", "prepare"]);
    let events = 20;
    for (test, builtin) in [
        ("oltp_read_write", "oltp-read-write"),
        ("oltp_read_only", "oltp-read-only"),
        ("oltp_write_only", "oltp-write-only"),
        ("oltp_point_select", "oltp-point-select"),
        ("oltp_update_index", "oltp-update-index"),
        ("oltp_update_non_index", "oltp-update-non-index"),
        ("oltp_delete", "oltp-delete"),
        ("oltp_insert", "oltp-insert"),
        ("select_random_points", "select-random-points"),
        ("select_random_ranges", "select-random-ranges"),
    ] {
        let db = if test.starts_with("select_random") { &one } else { &two };
        let tables = if test.starts_with("select_random") { "--tables=1" } else { "--tables=2" };
        db.query("select pg_stat_statements_reset()");
        run_sysbench(
            SYSBENCH,
            c,
            db,
            test,
            &[
                tables,
                "--table-size=1000",
                "--threads=1",
                &format!("--events={events}"),
                "--time=0",
                "run",
            ],
        );
        let theirs = counted(db);
        db.query("select pg_stat_statements_reset()");
        let out = Pgbench::new(["-b", builtin, "-M", "prepared", "-c", "1", "-t", "20", &db.name])
            .on(c)
            .label(&format!("sysbench-{builtin}"))
            .run_under_test();
        ok(&out, builtin);
        let ours = counted(db);
        assert!(!theirs.is_empty(), "{test}: nothing counted");
        assert_eq!(ours, theirs, "{builtin} against sysbench's {test}, {events} transactions each");
    }
}

#[test]
fn statements_prepared_per_text_are_bounded() {
    needs!(Server);
    let db = crate::harness::create_db("dyn_bound");
    // Each transaction a new text: the 10001st finds the bound.
    let script = "\\set i :i + 1\nSELECT 1 AS \"c:i\";\n";
    let out =
        Pgbench::new(["-n", "-M", "prepared", "-t", "10001", "-D", "i=0", "-f", "t.sql", &db.name])
            .label("dyn-bound")
            .file("t.sql", script)
            .run_under_test();
    assert_eq!(out.status, Status::Exit(2), "{}", out.stderr);
    assert!(
        out.stderr.contains(
            "pgbench: error: client 0 cannot prepare more than 10000 statements on one connection (variables in quoted identifiers take too many values): SELECT 1 AS \"c10001\";\n"
        ),
        "{}",
        out.stderr
    );
    assert_eq!(processed(&out), "10000/10001");
}

/// `:tables`, `:table_size` and `:clients` come from the database and
/// `-c` at the start of the run (unless `-D` sets them), and the builtins
/// use every table.
#[test]
fn sysbench_builtins_find_the_tables_at_the_start() {
    needs!(Server);
    let db = crate::harness::create_db("sb_facts");
    let init = Pgbench::new(["-i", "--sysbench-tables=3", "--sysbench-table-size=500", &db.name])
        .label("sb-facts-init")
        .run_under_test();
    ok(&init, "-i --sysbench-tables=3");
    db.exec("create table facts (tables int, table_size int, clients int)");
    let script = "INSERT INTO facts VALUES (:tables, :table_size, :clients);\n";
    for extra in [None, Some("tables=1")] {
        let mut args = vec!["-n", "-b", "oltp-point-select@0", "-f", "f.sql", "-c", "2", "-t", "1"];
        if let Some(d) = extra {
            args.extend(["-D", d]);
        }
        args.push(&db.name);
        let out = Pgbench::new(args).label("sb-facts").file("f.sql", script).run_under_test();
        ok(&out, "facts");
    }
    assert_eq!(
        db.query(
            "select tables, table_size, clients, count(*) from facts group by 1, 2, 3 order by 1"
        ),
        [["1", "500", "2", "2"], ["3", "500", "2", "2"]]
    );
    let out =
        Pgbench::new(["-n", "-b", "oltp-point-select", "-M", "prepared", "-t", "100", &db.name])
            .label("sb-facts-run")
            .run_under_test();
    ok(&out, "point selects");
    assert_eq!(processed(&out), "100/100");
    // 100 point selects (the table size comes from the record of -i,
    // not from sbtest1's key).
    assert_eq!(index_scans_of(&db, &["sbtest1", "sbtest2", "sbtest3"], 100), 100);
}

/// The index scans of `tables` together once they reach `want`, or after
/// `PATIENCE`.
fn index_scans_of(db: &Db, tables: &[&str], want: i64) -> i64 {
    let list = tables.iter().map(|t| format!("'{t}'")).collect::<Vec<_>>().join(", ");
    let deadline = Instant::now() + crate::harness::PATIENCE;
    loop {
        let rows = db.query(&format!(
            "select coalesce(idx_scan, 0) from pg_stat_user_tables where relname in ({list})"
        ));
        let each: Vec<i64> = rows.iter().map(|r| r[0].parse().expect("a count")).collect();
        let total = each.iter().sum::<i64>();
        if (total == want && each.len() == tables.len() && each.iter().all(|&n| n > 0))
            || Instant::now() > deadline
        {
            assert!(each.len() == tables.len() && each.iter().all(|&n| n > 0), "{each:?}");
            return total;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// The tables the last `-i --sysbench-tables` made are the ones a run uses
/// (not stale ones of an earlier -i with more), the report and the JSON
/// say how many; sysbench's own tables (no record) are counted; an empty
/// table is an error.
#[test]
fn sysbench_builtins_use_the_tables_made_last_and_refuse_empty_ones() {
    needs!(Server);
    let db = crate::harness::create_db("sb_stale");
    for tables in ["--sysbench-tables=3", "--sysbench-tables=1"] {
        let init = Pgbench::new(["-i", tables, "--sysbench-table-size=200", &db.name])
            .label("sb-stale-init")
            .run_under_test();
        ok(&init, tables);
    }
    assert_eq!(db.query("select * from pgbench_rs_sysbench"), [["1", "200"]]);
    db.exec("create table facts (tables int, table_size int)");
    let facts = |label: &str| {
        Pgbench::new([
            "-n",
            "-b",
            "oltp-point-select@0",
            "-f",
            "f.sql",
            "-t",
            "1",
            "--report-json=r.json",
            &db.name,
        ])
        .label(label)
        .file("f.sql", "INSERT INTO facts VALUES (:tables, :table_size);\n")
        .run_under_test()
    };
    let out = facts("sb-stale-run");
    ok(&out, "after -i with 1 table");
    assert!(out.stdout.contains("\nsysbench tables: 1 of 200 rows\n"), "{}", out.stdout);
    let doc: serde_json::Value = serde_json::from_str(&out.read_file("r.json")).expect("JSON");
    assert_eq!(doc["configuration"]["sysbench_tables"], 1);
    assert_eq!(doc["configuration"]["sysbench_table_size"], 200);
    // Without the record (tables from sysbench's prepare), the three in
    // a row and the size of sbtest1.
    db.exec("drop table pgbench_rs_sysbench");
    ok(&facts("sb-stale-norecord"), "without the record");
    assert_eq!(
        db.query("select tables, table_size from facts order by 1"),
        [["1", "200"], ["3", "200"]]
    );
    // What an interrupted -i leaves: no record, and tables without rows.
    db.exec("truncate sbtest2, sbtest3");
    let out = facts("sb-stale-empty");
    assert_eq!(out.status, Status::Exit(1), "{}\n{}", out.stdout, out.stderr);
    assert_eq!(
        out.stderr,
        format!(
            "pgbench: error: sysbench table sbtest2 is empty\n\
             pgbench: hint: Perhaps you need to do initialization (\"pgbench -i --sysbench-tables=N\") in database \"{}\".\n",
            db.name
        )
    );
    assert_eq!(db.query_one("select count(*) from facts"), "2", "the empty tables were not run");
}

/// `tpcb-like-plfunc` needs no CREATE where the function is there as it
/// should be: a role that may only use the tables and execute it runs
/// the builtin; where it is missing or another, such a role is told why.
#[test]
fn tpcb_like_plfunc_runs_for_a_role_that_may_not_create_it() {
    needs!(Server);
    let db = pgbench_db("plfunc_role");
    let c = db.cluster;
    let role = c.create_role(&format!("{}_user", db.name), "");
    db.exec(&format!(
        "revoke create on schema public from public; \
         grant select, update, insert on pgbench_accounts, pgbench_tellers, pgbench_branches, pgbench_history to {role}"
    ));
    let run = |label: &str, user: &str| {
        Pgbench::new(["-n", "-b", "tpcb-like-plfunc", "-t", "5", &db.name])
            .label(label)
            .env("PGUSER", user)
            .run_under_test()
    };
    // Missing: the role cannot make it.
    let out = run("plfunc-role-missing", &role);
    assert_eq!(out.status, Status::Exit(1), "{}\n{}", out.stdout, out.stderr);
    let hint = "pgbench: hint: A role that may create functions in the schema can make it with a first run of \"tpcb-like-plfunc\"; other roles then need only EXECUTE on it.\n";
    assert_eq!(
        out.stderr,
        format!(
            "pgbench: error: could not create function pgbench_tpcb_like_plfunc, which builtin script \"tpcb-like-plfunc\" calls: ERROR:  permission denied for schema public\n{hint}"
        )
    );
    // Made by the owner, it serves the role as it is.
    ok(&run("plfunc-role-owner", "postgres"), "the owner's run");
    let out = run("plfunc-role-uses", &role);
    ok(&out, "the role's run");
    assert_eq!(processed(&out), "5/5");
    // Another body: the role cannot replace it; the owner's run does.
    db.exec(
        "create or replace function pgbench_tpcb_like_plfunc(p_aid bigint, p_bid integer, p_tid integer, p_delta integer) \
         returns integer language plpgsql as $$ begin return 0; end; $$",
    );
    let out = run("plfunc-role-other", &role);
    assert_eq!(out.status, Status::Exit(1), "{}\n{}", out.stdout, out.stderr);
    assert_eq!(
        out.stderr,
        format!(
            "pgbench: error: could not replace function pgbench_tpcb_like_plfunc, which builtin script \"tpcb-like-plfunc\" calls: ERROR:  permission denied for schema public\n\
             pgbench: detail: A function pgbench_tpcb_like_plfunc(p_aid bigint, p_bid integer, p_tid integer, p_delta integer) exists with another body.\n{hint}"
        )
    );
    ok(&run("plfunc-role-replace", "postgres"), "the owner replaces it");
    ok(&run("plfunc-role-again", &role), "the role's run on the replaced function");
    assert_eq!(db.query_one("select count(*) from pgbench_history"), "20");
}
