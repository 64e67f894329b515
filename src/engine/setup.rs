//! The run's set-up on one connection, before any worker starts: the
//! version banner, the scale and partitioning of the pgbench tables
//! (`GetTableInfo`), the number and size of sysbench's tables, the SQL
//! some builtin scripts need, and the vacuum before the run.

use std::ffi::CStr;

use crate::config::{BenchConfig, PartitionMethod};
use crate::log;
use crate::pq::{Conn, ExecStatus, SQLSTATE_UNDEFINED_TABLE};
use crate::report;
use crate::script::builtin::Tables;
use crate::script::{Value, Vars};
use crate::version::{PG_VERSION, PG_VERSION_NUM};

/// What `GetTableInfo` found in the database.
#[derive(Debug, Clone, Copy)]
pub(crate) struct TableInfo {
    /// The scale: the number of branches.
    pub(crate) scale: i32,
    /// How `pgbench_accounts` is partitioned.
    pub(crate) partition_method: PartitionMethod,
    /// Into how many partitions.
    pub(crate) partitions: i32,
}

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

/// `printVersion`: the version banner on stdout.
/// Returns the server's version as it names itself.
pub(crate) fn print_version(con: &Conn) -> String {
    let ours = format!("{PG_VERSION} (pgbench-rs {})", env!("CARGO_PKG_VERSION"));
    let server = con.parameter_status(c"server_version").unwrap_or_else(|| {
        let v = con.server_version();
        format!("{}.{}", v / 10000, v % 10000)
    });
    let line = if con.server_version() == PG_VERSION_NUM {
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
/// of `pgbench_accounts`. None after C's fatal messages.
pub(crate) fn table_info(con: &mut Conn, scale_given: bool) -> Option<TableInfo> {
    let res = match con.exec(c"select count(*) from pgbench_branches") {
        Some(r) if r.status() == ExecStatus::TuplesOk => r,
        other => {
            let sqlstate = other.as_ref().and_then(crate::pq::PgResult::sqlstate);
            log::error!("could not count number of branches: {}", con.error_message());
            if sqlstate == Some(SQLSTATE_UNDEFINED_TABLE) {
                log::hint!(
                    "Perhaps you need to do initialization (\"pgbench -i\") in database \"{}\".",
                    con.db()
                );
            }
            return None;
        }
    };
    let text = String::from_utf8_lossy(res.value(0, 0)).into_owned();
    let scale = crate::compat::num::atoi(text.as_bytes());
    if scale < 0 {
        log::error!("invalid count(*) from pgbench_branches: \"{text}\"");
        return None;
    }
    if scale_given {
        log::warning!("scale option ignored, using count from pgbench_branches table ({scale})");
    }
    let mut info = TableInfo { scale, partition_method: PartitionMethod::None, partitions: 0 };
    let Some(res) = con.exec(PARTITION_QUERY) else { return Some(info) };
    if res.status() != ExecStatus::TuplesOk {
        return Some(info);
    }
    if res.ntuples() == 0 {
        log::error!("no pgbench_accounts table found in \"search_path\"");
        log::hint!(
            "Perhaps you need to do initialization (\"pgbench -i\") in database \"{}\".",
            con.db()
        );
        return None;
    }
    if !res.is_null(0, 1) {
        info.partition_method = match res.value(0, 1) {
            b"r" => PartitionMethod::Range,
            b"h" => PartitionMethod::Hash,
            other => {
                log::error!("unexpected partition method: \"{}\"", String::from_utf8_lossy(other));
                return None;
            }
        };
    }
    info.partitions = crate::compat::num::atoi(res.value(0, 2));
    Some(info)
}

/// The sysbench tables a run of sysbench's builtins finds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct SysbenchInfo {
    /// `sbtest1`..`sbtestN`: N.
    pub(crate) tables: i64,
    /// The rows of each: the largest id of `sbtest1`.
    pub(crate) table_size: i64,
}

/// How many tables `sbtest1`, `sbtest2`, ... in a row the search path
/// shows: the smallest N (0 when there is no `sbtest1`) for which no
/// `sbtestN+1` is visible, from the catalog alone.
const CONSECUTIVE_TABLES: &CStr = c"with t as (select pg_catalog.substr(c.relname, 7)::int as n from pg_catalog.pg_class c where c.relname ~ '^sbtest[1-9][0-9]{0,8}$' and c.relkind in ('r', 'p', 'v', 'm', 'f') and pg_catalog.pg_table_is_visible(c.oid)) select min(s.n) from (select 0 as n union all select n from t) s where not exists (select 1 from t where t.n = s.n + 1)";

/// The number of `sbtest1`, `sbtest2`, ... tables in a row visible in the
/// search path, and the largest id of `sbtest1` (its primary key answers
/// at once; sysbench's prepare numbers the rows 1..table_size). None
/// after a message in C's style.
pub(crate) fn sysbench_info(con: &mut Conn) -> Option<SysbenchInfo> {
    let hint = |con: &Conn| {
        log::hint!(
            "Perhaps you need to do initialization (\"{} -i --sysbench-tables=N\") in database \"{}\".",
            log::progname(),
            con.db()
        );
    };
    let tables = match con.exec(CONSECUTIVE_TABLES) {
        Some(r) if r.status() == ExecStatus::TuplesOk => {
            i64::from(crate::compat::num::atoi(r.value(0, 0)))
        }
        _ => {
            log::error!("could not count the sysbench tables: {}", con.error_message());
            return None;
        }
    };
    if tables < 1 {
        log::error!("no sysbench table sbtest1 found in \"search_path\"");
        hint(con);
        return None;
    }
    let table_size = match con.exec(c"select coalesce(max(id), 0) from sbtest1") {
        Some(r) if r.status() == ExecStatus::TuplesOk => {
            String::from_utf8_lossy(r.value(0, 0)).parse::<i64>().unwrap_or(0)
        }
        _ => {
            log::error!("could not find the size of table sbtest1: {}", con.error_message());
            return None;
        }
    };
    if table_size < 1 {
        log::error!("sysbench table sbtest1 is empty");
        hint(con);
        return None;
    }
    Some(SysbenchInfo { tables, table_size })
}

/// What the builtin scripts of the run need before it starts: for
/// sysbench's, `:tables`, `:table_size` and `:clients` (unless `-D` set
/// them); for some, SQL to run (once each). None after the messages.
pub(crate) fn builtin_facts(con: &mut Conn, cfg: &BenchConfig, proto: &mut Vars) -> Option<()> {
    if cfg.builtins.iter().any(|b| b.tables == Tables::Sysbench) {
        let sb = sysbench_info(con)?;
        let clients = i64::from(cfg.nclients);
        for (name, value) in
            [("tables", sb.tables), ("table_size", sb.table_size), ("clients", clients)]
        {
            match cfg.registry.lookup(name) {
                Some(slot) if !proto.is_defined(slot) => proto.set_value(slot, Value::Int(value)),
                _ => {}
            }
        }
    }
    let mut done: Vec<&str> = Vec::new();
    for b in &cfg.builtins {
        let Some(sql) = b.setup else { continue };
        if done.contains(&b.name) {
            continue;
        }
        done.push(b.name);
        if !builtin_setup(con, b.name, sql) {
            return None;
        }
    }
    Some(())
}

/// Runs the SQL a builtin script needs before the run (the function of
/// tpcb-like-plfunc). False after the server's message.
fn builtin_setup(con: &mut Conn, name: &str, sql: &str) -> bool {
    let Ok(text) = std::ffi::CString::new(sql) else { return false };
    let ok = con.exec(&text).is_some_and(|r| r.status() == ExecStatus::CommandOk);
    if !ok {
        log::error!("could not prepare builtin script \"{name}\": {}", con.error_message());
        // Leave a transaction the failure left open.
        let _ = con.exec(c"rollback");
    }
    ok
}
