//! `pgbench -i` compared with C pgbench: for each option set (at scales 1
//! and 3 on the shared server as pgbench 17, at scale 1 on PostgreSQL 17,
//! 18 and 19 servers as the pgbench of the server's version) both
//! implementations initialize their own fresh database, and the results
//! are compared with the real pgbench's: exit status, stdout, the stderr
//! messages (progress
//! and timing numbers masked), the schema as the catalogs describe it, the
//! vacuum/analyze counts, row counts and table contents. Independently of C,
//! the database pgbench-rs initialized is checked against the stored facts
//! of the pgbench data (row counts and contents per scale). Also: tablespaces,
//! re-initialization over existing tables, and the error paths (no such
//! database, bad -I step, no CREATE permission).

use crate::harness::cluster::{self as clusters, Cluster, create_db_on};
use crate::harness::needs;
use crate::harness::runner::{CPgbench, c_pgbench_of};
use crate::harness::{
    Check, Db, Expected, Output, Pgbench, c_output, cluster, create_db, normalize,
};
use crate::harness::{Need, require};

/// Catalog queries whose rows describe everything pgbench -i creates.
const SCHEMA_QUERIES: &[(&str, &str)] = &[
    (
        "relations",
        "select c.relname, c.relkind, c.relpersistence, \
                coalesce(array_to_string(c.reloptions, ','), ''), coalesce(t.spcname, ''), \
                c.relispartition, coalesce(pg_get_expr(c.relpartbound, c.oid), ''), \
                case when c.relkind = 'p' then pg_get_partkeydef(c.oid) else '' end, \
                coalesce((select string_agg(i.inhparent::regclass::text, ',' order by 1) \
                          from pg_inherits i where i.inhrelid = c.oid), '') \
         from pg_class c join pg_namespace n on n.oid = c.relnamespace \
              left join pg_tablespace t on t.oid = c.reltablespace \
         where n.nspname = 'public' order by c.relname",
    ),
    (
        "columns",
        "select c.relname, a.attnum, a.attname, format_type(a.atttypid, a.atttypmod), a.attnotnull, \
                coalesce(pg_get_expr(d.adbin, d.adrelid), ''), a.attidentity, a.attgenerated \
         from pg_attribute a join pg_class c on c.oid = a.attrelid \
              join pg_namespace n on n.oid = c.relnamespace \
              left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum \
         where n.nspname = 'public' and a.attnum > 0 and not a.attisdropped and c.relkind in ('r', 'p') \
         order by 1, 2",
    ),
    (
        "indexes",
        "select c.relname, pg_get_indexdef(i.indexrelid), i.indisprimary, i.indisunique \
         from pg_index i join pg_class c on c.oid = i.indexrelid \
              join pg_namespace n on n.oid = c.relnamespace \
         where n.nspname = 'public' order by 1",
    ),
    (
        "constraints",
        "select conrelid::regclass::text, conname, contype, pg_get_constraintdef(oid), \
                condeferrable, condeferred, convalidated \
         from pg_constraint where connamespace = 'public'::regnamespace order by 1, 2",
    ),
    (
        "maintenance",
        "select relname, vacuum_count, analyze_count from pg_stat_user_tables \
         where schemaname = 'public' order by 1",
    ),
];

/// Row counts and content fingerprints of the four tables. The small tables
/// are hashed row by row; pgbench_accounts (up to 300000 rows here) is
/// summarised by aggregates that pin down every row of the pgbench data:
/// aid = 1..N once each, bid = (aid-1)/100000+1, abalance = 0, filler = ''.
const CONTENT_QUERY: &str = "\
    select 'pgbench_branches', count(*)::text, \
           md5(coalesce(string_agg(t::text, E'\\n' order by bid), '')) from pgbench_branches t \
    union all select 'pgbench_tellers', count(*)::text, \
           md5(coalesce(string_agg(t::text, E'\\n' order by tid), '')) from pgbench_tellers t \
    union all select 'pgbench_history', count(*)::text, \
           md5(coalesce(string_agg(t::text, E'\\n' order by t::text), '')) from pgbench_history t \
    union all select 'pgbench_accounts', count(*)::text, \
           concat_ws(' ', 'distinct', count(distinct aid), 'min', min(aid), 'max', max(aid), \
                     'sum', sum(aid::int8), \
                     'badbid', count(*) filter (where bid is distinct from (aid - 1) / 100000 + 1), \
                     'badbalance', count(*) filter (where abalance is distinct from 0), \
                     'nullfiller', count(*) filter (where filler is null), \
                     'badfiller', count(*) filter (where filler <> '')) \
           from pgbench_accounts";

/// The content rows every correct initialization at `scale` produces.
fn expected_content(scale: u64) -> Vec<Vec<String>> {
    let (branches_md5, tellers_md5) = match scale {
        1 => ("59e4bf876f83adb08e0d24774f8a6e3a", "fdb6f2078008f5c9d66f1c3924537582"),
        3 => ("350b6f5bf1dce7ae28fe921a94ee33f2", "c44df40d16b0c27ebeea218ed905b533"),
        _ => panic!("no stored contents for scale {scale}"),
    };
    let n = 100_000 * scale;
    let row = |a: &str, b: String, c: String| vec![a.to_string(), b, c];
    vec![
        row("pgbench_branches", scale.to_string(), branches_md5.to_string()),
        row("pgbench_tellers", (10 * scale).to_string(), tellers_md5.to_string()),
        row("pgbench_history", "0".to_string(), "d41d8cd98f00b204e9800998ecf8427e".to_string()),
        row(
            "pgbench_accounts",
            n.to_string(),
            format!(
                "distinct {n} min 1 max {n} sum {} badbid 0 badbalance 0 nullfiller 0 badfiller 0",
                n * (n + 1) / 2
            ),
        ),
    ]
}

/// The checks of the upstream TAP test `check_data_state`.
fn check_data_state(check: &mut Check, db: &Db, scale: u64) {
    let facts = [
        ("select count(*) from pgbench_accounts where filler is null", "0".to_string()),
        ("select count(*) from pgbench_branches where filler is null", scale.to_string()),
        ("select count(*) from pgbench_tellers where filler is null", (10 * scale).to_string()),
        ("select count(*) from pgbench_history", "0".to_string()),
    ];
    let sqls: Vec<&str> = facts.iter().map(|(sql, _)| *sql).collect();
    for ((sql, want), rows) in facts.iter().zip(db.query_each(&sqls)) {
        let got = rows.first().and_then(|r| r.first()).cloned().unwrap_or_default();
        check.eq(sql, "expected", want, "pgbench-rs database", &got);
    }
}

fn render(rows: &[Vec<String>]) -> String {
    rows.iter().map(|r| r.join(" | ") + "\n").collect()
}

/// The content fingerprint of `db` (or the SQL error, e.g. missing tables).
fn content(db: &Db) -> String {
    match db.try_query(CONTENT_QUERY) {
        Ok(rows) => render(&rows),
        Err(e) => format!("<cannot read the tables: {e}>\n"),
    }
}

/// The schema of `db` as text, one section per catalog query.
fn schema(db: &Db) -> String {
    let sqls: Vec<&str> = SCHEMA_QUERIES.iter().map(|(_, sql)| *sql).collect();
    SCHEMA_QUERIES
        .iter()
        .zip(db.query_each(&sqls))
        .map(|((name, _), rows)| format!("## {name}\n{}", render(&rows)))
        .collect::<Vec<_>>()
        .concat()
}

/// Mask an init stderr, recording a broken padding rule as a failure.
fn masked_stderr(check: &mut Check, who: &str, out: &Output) -> String {
    match normalize::mask_init_stderr(&out.stderr) {
        Ok(s) => s,
        Err(e) => {
            check.fail(format!("{who}: {e}\n"));
            out.stderr.clone()
        }
    }
}

/// The server an init comparison runs on.
#[derive(Debug, Clone, Copy)]
enum On {
    /// The shared test server (the host's PostgreSQL).
    Shared,
    /// A server of the reference build of this major version.
    Version(u32),
}

/// The server of `on` and the C pgbench to compare pgbench-rs reproducing
/// pgbench `compat` with there: that version's, except where pgbench-rs
/// does what the server's version does (17 on a server that refuses 17's
/// unlogged partitioned table, which README's differences list; a host
/// whose PostgreSQL is 18, as Debian unstable's, or newer). None (after a
/// visible skip) when one of them is not installed.
fn server_and_reference(on: On, compat: u32) -> Option<(&'static Cluster, &'static CPgbench)> {
    let server = match on {
        On::Shared if require(Need::Server) => cluster(),
        On::Shared => return None,
        On::Version(v) => clusters::server(v)?,
    };
    let major = server.server_version_num / 10_000;
    let reference = if compat == 17 && major >= 18 { major.min(19) } else { compat };
    let Some(c) = c_pgbench_of(reference) else {
        require(Need::Reference(reference));
        return None;
    };
    Some((server, c))
}

/// Run `pgbench -i -s <scale> <opts>` with both implementations into fresh
/// databases of the server of `on` and compare everything: as pgbench 17
/// on the shared server, as the server's version on a reference one.
fn compare_init(name: &str, scale: u64, opts: &[&str], on: On) {
    let compat = match on {
        On::Shared => 17,
        On::Version(v) => v,
    };
    compare_init_as(name, scale, opts, on, compat);
}

/// [`compare_init`] of pgbench-rs reproducing pgbench `compat`.
fn compare_init_as(name: &str, scale: u64, opts: &[&str], on: On, compat: u32) {
    let Some((server, c_pgbench)) = server_and_reference(on, compat) else { return };
    let db_rs = create_db_on(server, &format!("{name}_rs"));
    let db_c = create_db_on(server, &format!("{name}_c"));
    let scale_arg = scale.to_string();
    let args = |db: &Db| {
        let mut a = vec!["-i", "-s", &scale_arg];
        a.extend_from_slice(opts);
        a.push(&db.name);
        a.into_iter().map(str::to_string).collect::<Vec<_>>()
    };
    let mut check = Check::new(name);

    let rs = Pgbench::new(args(&db_rs)).on(server).compat(compat).label(name).run_under_test();
    let rs_stderr = masked_stderr(&mut check, "pgbench-rs", &rs);
    check.eq("exit status", "expected", &crate::harness::Status::Exit(0), "pgbench-rs", &rs.status);
    check.text("stdout", "expected", "", "pgbench-rs", &rs.stdout);
    // Stored facts, whatever C does.
    if check.ok() {
        check.text(
            "table contents",
            "expected",
            &render(&expected_content(scale)),
            "pgbench-rs database",
            &content(&db_rs),
        );
        if check.ok() {
            check_data_state(&mut check, &db_rs, scale);
        }
    }

    let c = Pgbench::new(args(&db_c)).on(server).compat(compat).label(name).run_c_as(c_pgbench);
    let who = format!("C pgbench {}", c_pgbench.major);
    let c_stderr = masked_stderr(&mut check, &who, &c);
    check.eq("exit status", &who, &c.status, "pgbench-rs", &rs.status);
    check.text("stdout", &who, &c.stdout, "pgbench-rs", &rs.stdout);
    check.text("stderr (numbers masked)", &who, &c_stderr, "pgbench-rs", &rs_stderr);
    check.text(
        "schema",
        &format!("{who} database"),
        &schema(&db_c),
        "pgbench-rs database",
        &schema(&db_rs),
    );
    check.text(
        "table contents",
        &format!("{who} database"),
        &content(&db_c),
        "pgbench-rs database",
        &content(&db_rs),
    );
    check.finish();
}

macro_rules! init_cases {
    ($($name:ident: [$($opt:expr),*];)*) => {
        $(
            mod $name {
                use super::*;

                #[test]
                fn scale_1() {
                    compare_init(concat!(stringify!($name), "_s1"), 1, &[$($opt),*], On::Shared);
                }

                #[test]
                fn scale_3() {
                    compare_init(concat!(stringify!($name), "_s3"), 3, &[$($opt),*], On::Shared);
                }

                #[test]
                fn server_17() {
                    compare_init(concat!(stringify!($name), "_v17"), 1, &[$($opt),*], On::Version(17));
                }

                #[test]
                fn server_18() {
                    compare_init(concat!(stringify!($name), "_v18"), 1, &[$($opt),*], On::Version(18));
                }

                #[test]
                fn server_19() {
                    compare_init(concat!(stringify!($name), "_v19"), 1, &[$($opt),*], On::Version(19));
                }
            }
        )*
    };
}

init_cases! {
    default: [];
    fillfactor_80: ["-F", "80"];
    range_partitions_4: ["--partitions", "4"];
    hash_partitions_3: ["--partitions", "3", "--partition-method", "hash"];
    foreign_keys: ["--foreign-keys"];
    unlogged_tables: ["--unlogged-tables"];
    unlogged_partitions: ["--unlogged-tables", "--partitions", "2"];
    unlogged_hash_partitions_fillfactor: ["--unlogged-tables", "--partitions", "3", "--partition-method", "hash", "-F", "70"];
    steps_server_side: ["-I", "dtGvp"];
    steps_no_vacuum_no_keys: ["-I", "dtg"];
    no_vacuum: ["-n"];
    quiet: ["-q"];
}

/// Unlogged partitions as pgbench 18 (and 19) makes them, on every server:
/// the host's, and 17's, whose 17 makes the partitioned table unlogged.
#[test]
fn unlogged_partitions_as_18_and_19_on_other_servers() {
    let opts = ["--unlogged-tables", "--partitions", "2"];
    for compat in [18, 19] {
        compare_init_as(&format!("unlogged_partitions_{compat}_s"), 1, &opts, On::Shared, compat);
        let name = format!("unlogged_partitions_{compat}_v17");
        compare_init_as(&name, 1, &opts, On::Version(17), compat);
    }
}

/// pgbench-rs reproducing 17 makes unlogged partitions as 18 does on the
/// servers that refuse 17's DDL (README's differences say so).
#[test]
fn unlogged_partitions_as_17_on_18_and_19_servers() {
    let opts = ["--unlogged-tables", "--partitions", "2"];
    for v in [18, 19] {
        compare_init_as(&format!("unlogged_partitions_17_v{v}"), 1, &opts, On::Version(v), 17);
    }
}

/// `-i -I g` into a partitioned `pgbench_accounts` without `--partitions`
/// (the tables of an earlier `-i --partitions=2`): pgbench 17 asks COPY
/// FREEZE of it, which the server refuses; 18 and 19 ask the server the
/// table's kind first, and freeze only plain tables.
#[test]
fn generate_into_partitioned_accounts() {
    for v in crate::harness::runner::VERSIONS {
        let name = format!("generate_partitioned_v{v}");
        let Some(server) = clusters::server(v) else { return };
        let mut check = Check::new(&name);
        let mut outputs = Vec::new();
        for who in ["rs", "c"] {
            let db = create_db_on(server, &format!("{name}_{who}"));
            let setup = Pgbench::new(["-i", "-q", "--partitions=2", &db.name])
                .on(server)
                .compat(v)
                .label(&format!("{name}-setup"));
            let out = setup.run_c().unwrap_or_else(|| setup.run_under_test());
            assert_eq!(out.status, crate::harness::Status::Exit(0), "setup: {}", out.stderr);
            let run =
                Pgbench::new(["-i", "-I", "g", "-q", &db.name]).on(server).compat(v).label(&name);
            let out = if who == "rs" { Some(run.run_under_test()) } else { c_output(&run) };
            if let Some(o) = out {
                let stderr = masked_stderr(&mut check, who, &o);
                outputs.push((who, o.status, stderr, content(&db)));
            }
        }
        let generated = "generating data (client-side)...\n\
            100000 of 100000 tuples (100%) of pgbench_accounts done (elapsed <t> s, remaining <t> s)\n";
        let (status, want) = if v == 17 {
            let refused = "ERROR:  cannot perform COPY FREEZE on a partitioned table\n\
                           pgbench: error: PQendcopy failed\n";
            (1, format!("{generated}{refused}"))
        } else {
            (0, format!("{generated}done in <t> s (client-side generate <t> s).\n"))
        };
        for (who, got_status, stderr, _) in &outputs {
            check.eq(
                "exit status",
                "expected",
                &crate::harness::Status::Exit(status),
                who,
                got_status,
            );
            check.text("stderr (masked)", "expected", &want, who, stderr);
        }
        if let [(_, _, _, rs), (_, _, _, c)] = &outputs[..] {
            check.text("table contents", "C pgbench database", c, "pgbench-rs database", rs);
        }
        check.finish();
    }
}

/// pgbench 17's DDL for unlogged partitions is what a PostgreSQL 18 server
/// refuses (which is why pgbench-rs does what pgbench 18 does there).
#[test]
fn unlogged_partitions_pgbench_17_on_18_server() {
    let name = needs!(Server);
    let Some(server) = clusters::server(18) else { return };
    let db = create_db_on(server, name);
    let run = Pgbench::new(["-i", "--unlogged-tables", "--partitions=2", &db.name])
        .on(server)
        .compat(17)
        .label(name);
    let Some(c) = c_output(&run) else { return };
    let mut check = Check::new(name);
    check.eq(
        "exit status",
        "expected",
        &crate::harness::Status::Exit(1),
        "C pgbench 17",
        &c.status,
    );
    let refusal = "pgbench: error: query failed: ERROR:  partitioned tables cannot be unlogged\n";
    if !c.stderr.contains(refusal) {
        check.fail(format!("C pgbench 17's stderr lacks {refusal:?}:\n{}", c.stderr));
    }
    check.finish();
}

/// Tables and primary-key indexes in a tablespace (pgbench quotes the name
/// as an identifier), with partitions as in the upstream TAP test.
#[test]
fn tablespaces() {
    needs!(Server);
    let ts = cluster().create_tablespace(&format!("pgbench ts {}", crate::harness::tmp::unique()));
    let table = format!("--tablespace={ts}");
    let index = format!("--index-tablespace={ts}");
    compare_init(
        "tablespaces",
        1,
        &[&table, &index, "--partitions=2", "--partition-method=hash", "--foreign-keys"],
        On::Shared,
    );
}

/// A second `-i` over existing (partitioned, foreign-keyed) tables: no
/// NOTICEs from the drop step, same result.
#[test]
fn reinitialize_over_existing_tables() {
    let name = needs!(Server);
    let db_rs = create_db(&format!("{name}_rs"));
    let db_c = create_db(&format!("{name}_c"));
    let first = |db: &Db| {
        let c = crate::harness::c_pgbench();
        // Set the stage with C if available (the state is the same either way).
        let run = Pgbench::new(["-i", "-q", "--partitions=2", "--foreign-keys", &db.name])
            .label("reinit-setup");
        let out = match c {
            Some(_) => run.run_c().expect("C pgbench is installed"),
            None => run.run_under_test(),
        };
        assert_eq!(out.status, crate::harness::Status::Exit(0), "setup failed: {}", out.stderr);
    };
    first(&db_rs);
    first(&db_c);
    let mut check = Check::new(name);
    let rs = Pgbench::new(["-i", &db_rs.name]).label(name).run_under_test();
    let rs_stderr = masked_stderr(&mut check, "pgbench-rs", &rs);
    check.eq("exit status", "expected", &crate::harness::Status::Exit(0), "pgbench-rs", &rs.status);
    if check.ok() {
        check.text(
            "table contents",
            "expected",
            &render(&expected_content(1)),
            "pgbench-rs database",
            &content(&db_rs),
        );
    }
    if let Some(c) = c_output(&Pgbench::new(["-i", &db_c.name]).label(name)) {
        let c_stderr = masked_stderr(&mut check, "C pgbench", &c);
        check.eq("exit status", "C pgbench", &c.status, "pgbench-rs", &rs.status);
        check.text("stdout", "C pgbench", &c.stdout, "pgbench-rs", &rs.stdout);
        check.text("stderr (numbers masked)", "C pgbench", &c_stderr, "pgbench-rs", &rs_stderr);
        check.text(
            "schema",
            "C pgbench database",
            &schema(&db_c),
            "pgbench-rs database",
            &schema(&db_rs),
        );
    }
    check.finish();
}

/// Run an init error case: the stored 17 output is checked for pgbench-rs
/// and, if installed, for C pgbench.
fn error_case(name: &str, run: &Pgbench, expected: &Expected) {
    let expected = Expected {
        status: expected.status,
        stdout: run.expand(&expected.stdout),
        stderr: run.expand(&expected.stderr),
    };
    let mut check = Check::new(name);
    check.expected("pgbench-rs", &run.run_under_test(), &expected);
    if let Some(c) = c_output(run) {
        check.expected("C pgbench", &c, &expected);
    }
    check.finish();
}

#[test]
fn no_such_database() {
    needs!(Server);
    let run = Pgbench::new(["-i", "no_such_database"]).label("no-such-database");
    error_case(
        "no_such_database",
        &run,
        &Expected {
            status: 1,
            stdout: String::new(),
            stderr: concat!(
                "pgbench: error: connection to server on socket \"{PGHOST}/.s.PGSQL.{PGPORT}\" failed: ",
                "FATAL:  database \"no_such_database\" does not exist\n",
                "pgbench: error: could not create connection for initialization\n",
            )
            .to_string(),
        },
    );
}

#[test]
fn bad_init_step() {
    needs!(Server);
    let db = create_db("bad_step");
    let run = Pgbench::new(["-i", "-I", "dtyg", &db.name]).label("bad-step");
    error_case(
        "bad_init_step",
        &run,
        &Expected {
            status: 1,
            stdout: String::new(),
            stderr: concat!(
                "pgbench: error: unrecognized initialization step \"y\"\n",
                "pgbench: detail: Allowed step characters are: \"dtgGvpf\".\n",
            )
            .to_string(),
        },
    );
    // Nothing was done to the database.
    assert_eq!(db.query_one("select count(*) from pg_class where relname like 'pgbench%'"), "0");
}

/// A role that may connect but not create tables in the public schema: the
/// first CREATE TABLE fails with the server's error, the query, exit 1.
#[test]
fn permission_denied() {
    needs!(Server);
    let db = create_db("no_create");
    let role =
        cluster().create_role(&format!("pgbench_nocreate_{}", crate::harness::tmp::unique()), "");
    db.exec(&format!(
        "revoke create on schema public from public, {}",
        crate::harness::cluster::ident(&role)
    ));
    let run = Pgbench::new(["-i", "-U", &role, &db.name]).label("permission-denied");
    error_case(
        "permission_denied",
        &run,
        &Expected {
            status: 1,
            stdout: String::new(),
            stderr: concat!(
                "dropping old tables...\n",
                "NOTICE:  table \"pgbench_accounts\" does not exist, skipping\n",
                "NOTICE:  table \"pgbench_branches\" does not exist, skipping\n",
                "NOTICE:  table \"pgbench_history\" does not exist, skipping\n",
                "NOTICE:  table \"pgbench_tellers\" does not exist, skipping\n",
                "creating tables...\n",
                "pgbench: error: query failed: ERROR:  permission denied for schema public\n",
                "LINE 1: create table pgbench_history(tid int,bid int,aid    int,delt...\n",
                "                     ^\n",
                "pgbench: detail: Query was: create table pgbench_history(tid int,bid int,aid    int,delta int,mtime timestamp,filler char(22))\n",
            )
            .to_string(),
        },
    );
}

fn no_database(db: &str, context: &str) -> Expected {
    Expected {
        status: 1,
        stdout: String::new(),
        stderr: format!(
            "pgbench: error: connection to server on socket \"{{PGHOST}}/.s.PGSQL.{{PGPORT}}\" failed: \
             FATAL:  database \"{db}\" does not exist\n\
             pgbench: error: could not create connection for {context}\n"
        ),
    }
}

/// The benchmarking mode reports the failed setup connection.
#[test]
fn no_such_database_benchmark() {
    needs!(Server);
    let run = Pgbench::new(["-n", "-S", "no_such_database"]).label("no-such-database-bench");
    error_case("no_such_database_benchmark", &run, &no_database("no_such_database", "setup"));
}

/// Without a database argument, PGDATABASE names the database.
#[test]
fn database_from_pgdatabase() {
    needs!(Server);
    let run = Pgbench::new(["-i"]).env("PGDATABASE", "no_such_db_from_env").label("pgdatabase");
    error_case(
        "database_from_pgdatabase",
        &run,
        &no_database("no_such_db_from_env", "initialization"),
    );
}

/// Without a database argument or PGDATABASE, the user name is the
/// database name.
#[test]
fn database_from_pguser() {
    needs!(Server);
    let role =
        cluster().create_role(&format!("pgbench_nodb_{}", crate::harness::tmp::unique()), "");
    let run = Pgbench::new(["-i"]).env("PGUSER", &role).label("pguser");
    error_case("database_from_pguser", &run, &no_database(&role, "initialization"));
}

/// `-d` names the database in 17 (and an empty PGDATABASE is ignored).
#[test]
fn database_from_dash_d() {
    needs!(Server);
    let run =
        Pgbench::new(["-i", "-d", "no_such_db_from_option"]).env("PGDATABASE", "").label("dash-d");
    error_case(
        "database_from_dash_d",
        &run,
        &no_database("no_such_db_from_option", "initialization"),
    );
}
