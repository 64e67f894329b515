//! The run's set-up on one connection, before any worker starts: the
//! version banner, the scale and partitioning of the pgbench tables
//! (`GetTableInfo`), the number and size of sysbench's tables, the SQL
//! some builtin scripts need, and the vacuum before the run.

use crate::error::Error;
use std::ffi::CStr;

use crate::config::{BenchConfig, PartitionMethod};
use crate::log;
use crate::pq::{Conn, ExecStatus, SQLSTATE_UNDEFINED_TABLE};
use crate::report;
use crate::result::SysbenchTables;
use crate::script::builtin::{Function, Tables};
use crate::script::{Value, Vars};
use crate::version::Pgbench;

pub(crate) use crate::result::TableInfo;

/// The vacuum before a run (C's `doVacuum` parts of `main`): the small
/// tables, truncating the history, and with `-v` the accounts.
pub(crate) fn vacuum(con: &mut Conn, accounts: bool) {
    log::raw(b"starting vacuum...");
    for sql in [c"vacuum pgbench_branches", c"vacuum pgbench_tellers", c"truncate pgbench_history"]
    {
        try_execute(con, sql);
    }
    log::raw(b"end.\n");
    if accounts {
        log::raw(b"starting vacuum pgbench_accounts...");
        try_execute(con, c"vacuum analyze pgbench_accounts");
        log::raw(b"end.\n");
    }
}

/// `printVersion` of `pgbench`: the version banner on stdout.
/// Returns the server's version as it names itself.
pub(crate) fn print_version(con: &Conn, pgbench: &Pgbench) -> String {
    let ours = pgbench.banner_version();
    let server = con.parameter_status(c"server_version").unwrap_or_else(|| {
        let v = con.server_version();
        format!("{}.{}", v / 10000, v % 10000)
    });
    let line = if con.server_version() == pgbench.version_num {
        format!("pgbench ({ours})\n")
    } else {
        format!("pgbench ({ours}, server {server})\n")
    };
    report::write_stdout(&line);
    server
}

/// `tryExecuteStatement`: runs a command, reporting but ignoring errors.
fn try_execute(con: &mut Conn, sql: &CStr) {
    let ok = con.exec(sql).is_some_and(|r| r.status() == ExecStatus::CommandOk);
    if !ok {
        log::error!("{}", con.error_message());
        log::detail!("(ignoring this error and continuing anyway)");
    }
}

/// The query C uses to find the first `pgbench_accounts` in the search
/// path and how it is partitioned.
const PARTITION_QUERY: &CStr = c"select o.n, p.partstrat, pg_catalog.count(i.inhparent) from pg_catalog.pg_class as c join pg_catalog.pg_namespace as n on (n.oid = c.relnamespace) cross join lateral (select pg_catalog.array_position(pg_catalog.current_schemas(true), n.nspname)) as o(n) left join pg_catalog.pg_partitioned_table as p on (p.partrelid = c.oid) left join pg_catalog.pg_inherits as i on (c.oid = i.inhparent) where c.relname = 'pgbench_accounts' and o.n is not null group by 1, 2 order by 1 asc limit 1";

/// `GetTableInfo`: the scale from `pgbench_branches` and the partitioning
/// of `pgbench_accounts`, or C's fatal messages.
pub(crate) fn table_info(con: &mut Conn, scale_given: bool) -> Result<TableInfo, Error> {
    let res = match con.exec(c"select count(*) from pgbench_branches") {
        Some(r) if r.status() == ExecStatus::TuplesOk => r,
        other => {
            let sqlstate = other.as_ref().and_then(crate::pq::PgResult::sqlstate);
            let e =
                Error::new(format!("could not count number of branches: {}", con.error_message()));
            if sqlstate == Some(SQLSTATE_UNDEFINED_TABLE) {
                return Err(e.hint(format!(
                    "Perhaps you need to do initialization (\"pgbench -i\") in database \"{}\".",
                    con.db()
                )));
            }
            return Err(e);
        }
    };
    let text = String::from_utf8_lossy(res.value(0, 0)).into_owned();
    let scale = crate::compat::num::atoi(text.as_bytes());
    if scale < 0 {
        return Err(Error::new(format!("invalid count(*) from pgbench_branches: \"{text}\"")));
    }
    if scale_given {
        log::warning!("scale option ignored, using count from pgbench_branches table ({scale})");
    }
    let mut info = TableInfo { scale, partition_method: PartitionMethod::None, partitions: 0 };
    let Some(res) = con.exec(PARTITION_QUERY) else { return Ok(info) };
    if res.status() != ExecStatus::TuplesOk {
        return Ok(info);
    }
    if res.ntuples() == 0 {
        return Err(Error::new("no pgbench_accounts table found in \"search_path\"").hint(
            format!(
                "Perhaps you need to do initialization (\"pgbench -i\") in database \"{}\".",
                con.db()
            ),
        ));
    }
    if !res.is_null(0, 1) {
        info.partition_method = match res.value(0, 1) {
            b"r" => PartitionMethod::Range,
            b"h" => PartitionMethod::Hash,
            other => {
                return Err(Error::new(format!(
                    "unexpected partition method: \"{}\"",
                    String::from_utf8_lossy(other)
                )));
            }
        };
    }
    info.partitions = crate::compat::num::atoi(res.value(0, 2));
    Ok(info)
}

/// How many tables `sbtest1`, `sbtest2`, ... in a row the search path
/// shows: the smallest N (0 when there is no `sbtest1`) for which no
/// `sbtestN+1` is visible, from the catalog alone.
const CONSECUTIVE_TABLES: &CStr = c"with t as (select pg_catalog.substr(c.relname, 7)::int as n from pg_catalog.pg_class c where c.relname ~ '^sbtest[1-9][0-9]{0,8}$' and c.relkind in ('r', 'p', 'v', 'm', 'f') and pg_catalog.pg_table_is_visible(c.oid)) select min(s.n) from (select 0 as n union all select n from t) s where not exists (select 1 from t where t.n = s.n + 1)";

/// Whether each of `sbtest1`..`sbtestN` has a row: the first one that has
/// none (0: all have), through `query_to_xml`, which runs a query per
/// table without a function of our own.
fn first_empty_table(n: i64) -> String {
    format!(
        "select coalesce(min(n), 0) from pg_catalog.generate_series(1, {n}) n where pg_catalog.query_to_xml(pg_catalog.format('select 1 from %I limit 1', 'sbtest' || n), false, true, '')::text = ''"
    )
}

/// The sysbench tables of the run: those the last `-i --sysbench-tables`
/// recorded (its record table), or else (tables from sysbench's own
/// prepare) the `sbtest1`, `sbtest2`, ... in a row visible in the search
/// path, with the largest id of `sbtest1` (its primary key answers at
/// once; sysbench's prepare numbers the rows 1..table_size). Each must
/// have rows. Else a message in C's style.
pub(crate) fn sysbench_info(con: &mut Conn) -> Result<SysbenchTables, Error> {
    let hint = |con: &Conn, e: Error| {
        e.hint(format!(
            "Perhaps you need to do initialization (\"{} -i --sysbench-tables=N\") in database \"{}\".",
            log::progname(),
            con.db()
        ))
    };
    let found = match recorded_tables(con)? {
        Some(sb) => sb,
        None => {
            let tables = match con.exec(CONSECUTIVE_TABLES) {
                Some(r) if r.status() == ExecStatus::TuplesOk => {
                    i64::from(crate::compat::num::atoi(r.value(0, 0)))
                }
                _ => {
                    return Err(Error::new(format!(
                        "could not count the sysbench tables: {}",
                        con.error_message()
                    )));
                }
            };
            if tables < 1 {
                let e = Error::new("no sysbench table sbtest1 found in \"search_path\"");
                return Err(hint(con, e));
            }
            let table_size = match con.exec(c"select coalesce(max(id), 0) from sbtest1") {
                Some(r) if r.status() == ExecStatus::TuplesOk => {
                    String::from_utf8_lossy(r.value(0, 0)).parse::<i64>().unwrap_or(0)
                }
                _ => {
                    return Err(Error::new(format!(
                        "could not find the size of table sbtest1: {}",
                        con.error_message()
                    )));
                }
            };
            SysbenchTables { tables, table_size }
        }
    };
    let empty = match con.exec(&sql_text(first_empty_table(found.tables))) {
        Some(r) if r.status() == ExecStatus::TuplesOk => crate::compat::num::atoi(r.value(0, 0)),
        _ => {
            return Err(Error::new(format!(
                "could not read the sysbench tables: {}",
                con.error_message()
            )));
        }
    };
    if empty > 0 || found.table_size < 1 {
        let e = Error::new(format!("sysbench table sbtest{} is empty", empty.max(1)));
        return Err(hint(con, e));
    }
    Ok(found)
}

/// What the record table of `-i --sysbench-tables` says (None: there is
/// none, as after sysbench's own prepare), or a message.
fn recorded_tables(con: &mut Conn) -> Result<Option<SysbenchTables>, Error> {
    let record = crate::init::SYSBENCH_RECORD;
    // (A query on a table that is not there would fail: ask first.)
    let probe = sql_text(format!("select pg_catalog.to_regclass('{record}') is not null"));
    let visible = con
        .exec(&probe)
        .is_some_and(|r| r.status() == ExecStatus::TuplesOk && r.value(0, 0) == b"t");
    if !visible {
        return Ok(None);
    }
    match con.exec(&sql_text(format!("select tables, table_size from {record}"))) {
        Some(r) if r.status() == ExecStatus::TuplesOk && r.ntuples() == 1 => {
            let num = |col| String::from_utf8_lossy(r.value(0, col)).parse::<i64>().unwrap_or(0);
            Ok(Some(SysbenchTables { tables: num(0), table_size: num(1) }))
        }
        Some(r) if r.status() == ExecStatus::TuplesOk => Ok(None),
        _ => Err(Error::new(format!("could not read table {record}: {}", con.error_message()))),
    }
}

/// What the builtin scripts of the run need before it starts: for
/// sysbench's, `:tables`, `:table_size` and `:clients` (unless `-D` set
/// them); for some, SQL to run (once each). The sysbench tables used
/// (`-D` may have set them); or the messages.
pub(crate) fn builtin_facts(
    con: &mut Conn,
    cfg: &BenchConfig,
    proto: &mut Vars,
) -> Result<Option<SysbenchTables>, Error> {
    let mut used = None;
    if cfg.builtins.iter().any(|b| b.tables == Tables::Sysbench) {
        let sb = sysbench_info(con)?;
        let clients = i64::from(cfg.nclients);
        let mut values = [sb.tables, sb.table_size, clients];
        for (name, value) in ["tables", "table_size", "clients"].into_iter().zip(&mut values) {
            match cfg.registry.lookup(name) {
                Some(slot) if !proto.is_defined(slot) => proto.set_value(slot, Value::Int(*value)),
                Some(slot) => {
                    if let Ok(Value::Int(v)) = proto.value(slot) {
                        *value = v;
                    }
                }
                None => {}
            }
        }
        used = Some(SysbenchTables { tables: values[0], table_size: values[1] });
    }
    let mut done: Vec<&str> = Vec::new();
    for b in &cfg.builtins {
        let Some(f) = b.setup else { continue };
        if done.contains(&f.name) {
            continue;
        }
        done.push(f.name);
        ensure_function(con, b.name, &f)?;
    }
    Ok(used)
}

/// Makes sure the database has the function a builtin script calls: when
/// one of that name and arguments is visible with the same body it is used
/// as it is (the run's role needs only EXECUTE on it); otherwise it is
/// made. Else the messages.
fn ensure_function(con: &mut Conn, builtin: &str, f: &Function) -> Result<(), Error> {
    let name = f.name;
    let probe = format!(
        "select p.prosrc from pg_catalog.pg_proc p where p.proname = '{name}' and pg_catalog.pg_function_is_visible(p.oid) and pg_catalog.pg_get_function_identity_arguments(p.oid) = '{}'",
        f.args
    );
    let existing = match con.exec(&sql_text(probe)) {
        Some(r) if r.status() == ExecStatus::TuplesOk => {
            (r.ntuples() > 0).then(|| String::from_utf8_lossy(r.value(0, 0)).into_owned())
        }
        _ => {
            return Err(Error::new(format!(
                "could not look for function {name}: {}",
                con.error_message()
            )));
        }
    };
    if existing.as_deref() == Some(f.body) {
        return Ok(());
    }
    if con.exec(&sql_text(f.create_sql())).is_some_and(|r| r.status() == ExecStatus::CommandOk) {
        return Ok(());
    }
    let what = if existing.is_some() { "replace" } else { "create" };
    let mut e = Error::new(format!(
        "could not {what} function {name}, which builtin script \"{builtin}\" calls: {}",
        con.error_message().trim_end()
    ));
    if existing.is_some() {
        e = e.detail(format!("A function {name}({}) exists with another body.", f.args));
    }
    // Leave the transaction the failure left open.
    let _ = con.exec(c"rollback");
    Err(e.hint(format!(
        "A role that may create functions in the schema can make it with a first run of \"{builtin}\"; other roles then need only EXECUTE on it."
    )))
}

/// A query of pgbench-rs's own as C text: its parts are SQL and names
/// of our own, which hold no NUL byte.
fn sql_text(sql: String) -> std::ffi::CString {
    #[expect(clippy::expect_used, reason = "the text is ours and holds no NUL byte")]
    std::ffi::CString::new(sql).expect("invariant: our own SQL holds no NUL byte")
}
