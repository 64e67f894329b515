//! The run's set-up on one connection, before any worker starts: the
//! version banner, the scale and partitioning of the pgbench tables
//! (`GetTableInfo`), and the vacuum before the run.

use std::ffi::CStr;

use crate::config::PartitionMethod;
use crate::log;
use crate::pq::{Conn, ExecStatus, SQLSTATE_UNDEFINED_TABLE};
use crate::report;
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
