//! Initialization mode (`-i`): runs the steps d (drop), t (create tables),
//! g (client-side generation with COPY), G (server-side generation), v
//! (vacuum), p (primary keys) and f (foreign keys) over one connection,
//! with the SQL, DDL, progress lines and messages of the C pgbench
//! reproduced (`--compat`); or, with `--sysbench-tables`, sysbench's
//! tables ([`sysbench`]).

use crate::error::Error;
use std::ffi::CString;

use crate::compat::fmt::{Fixed, push_i64};
use crate::config::{InitConfig, PartitionMethod};
use crate::log;
use crate::pq::{Conn, ExecStatus};
use crate::sys::clock::monotonic_us;
use crate::version::{Freeze, Unlogged};

mod sysbench;

pub(crate) use sysbench::RECORD as SYSBENCH_RECORD;

/// Rows per unit of scale.
const NBRANCHES: i64 = 1;
const NTELLERS: i64 = 10;
const NACCOUNTS: i64 = 100_000;
/// From this scale on, account ids are bigint.
const SCALE_32BIT_THRESHOLD: i32 = 20_000;
/// `-q` reports at most every this many seconds.
const LOG_STEP_SECONDS: f64 = 5.0;
/// COPY data is handed to libpq in chunks of about this size.
const COPY_CHUNK: usize = 256 * 1024;

/// Runs the initialization steps (`runInitSteps`).
pub(crate) fn run(cfg: &InitConfig) -> Result<(), Error> {
    let mut con = Conn::connect(&cfg.conn).map_err(|e| {
        Error::new(e.to_string()).and_error("could not create connection for initialization")
    })?;
    let _cancel = crate::pq::CancelOnSigint::arm(&con);
    if let Some(sb) = cfg.sysbench {
        return sysbench::run(&mut con, cfg, sb);
    }
    let mut steps = StepTimes::default();
    for step in cfg.steps.chars() {
        let start = monotonic_us();
        let op = match step {
            'd' => {
                drop_tables(&mut con)?;
                "drop tables"
            }
            't' => {
                create_tables(&mut con, cfg)?;
                "create tables"
            }
            'g' => {
                generate_client_side(&mut con, cfg)?;
                "client-side generate"
            }
            'G' => {
                generate_server_side(&mut con, cfg)?;
                "server-side generate"
            }
            'v' => {
                vacuum(&mut con)?;
                "vacuum"
            }
            'p' => {
                create_primary_keys(&mut con, cfg)?;
                "primary keys"
            }
            'f' => {
                create_foreign_keys(&mut con)?;
                "foreign keys"
            }
            ' ' => continue,
            other => {
                return Err(Error::new(format!("unrecognized initialization step \"{other}\"")));
            }
        };
        steps.record(op, start);
    }
    steps.done();
    Ok(())
}

/// The time each step took, for the last line (`done in ... s (...)`).
#[derive(Debug, Default)]
struct StepTimes {
    stats: String,
    run_time: f64,
}

impl StepTimes {
    /// Step `op` started at `start` and has ended.
    fn record(&mut self, op: &str, start: i64) {
        let elapsed = seconds_since(start);
        if !self.stats.is_empty() {
            self.stats.push_str(", ");
        }
        self.stats.push_str(&format!("{op} {} s", Fixed(elapsed, 2)));
        self.run_time += elapsed;
    }

    /// Prints the last line.
    fn done(&self) {
        log::raw(format!("done in {} s ({}).\n", Fixed(self.run_time, 2), self.stats).as_bytes());
    }
}

/// Seconds since a [`monotonic_us`] instant, as C's `PG_TIME_GET_DOUBLE`.
fn seconds_since(start_us: i64) -> f64 {
    (monotonic_us() - start_us) as f64 / 1e6
}

/// `executeStatement`: runs a command that must return `PGRES_COMMAND_OK`.
fn execute(con: &mut Conn, sql: &str) -> Result<(), Error> {
    let Ok(c_sql) = CString::new(sql) else {
        return Err(Error::new("query failed: invalid query text"));
    };
    let ok = con.exec(&c_sql).is_some_and(|r| r.status() == ExecStatus::CommandOk);
    if !ok {
        return Err(Error::new(format!("query failed: {}", con.error_message()))
            .detail(format!("Query was: {sql}")));
    }
    Ok(())
}

fn drop_tables(con: &mut Conn) -> Result<(), Error> {
    log::raw(b"dropping old tables...\n");
    execute(
        con,
        "drop table if exists pgbench_accounts, pgbench_branches, pgbench_history, pgbench_tellers",
    )
}

/// A table of the standard scenario, as `initCreateTables` declares it.
struct Ddl {
    table: &'static str,
    /// Columns when account ids fit in 32 bits.
    small_cols: &'static str,
    /// Columns from scale 20000 on.
    big_cols: &'static str,
    declare_fillfactor: bool,
}

const DDLS: [Ddl; 4] = [
    Ddl {
        table: "pgbench_history",
        small_cols: "tid int,bid int,aid    int,delta int,mtime timestamp,filler char(22)",
        big_cols: "tid int,bid int,aid bigint,delta int,mtime timestamp,filler char(22)",
        declare_fillfactor: false,
    },
    Ddl {
        table: "pgbench_tellers",
        small_cols: "tid int not null,bid int,tbalance int,filler char(84)",
        big_cols: "tid int not null,bid int,tbalance int,filler char(84)",
        declare_fillfactor: true,
    },
    Ddl {
        table: "pgbench_accounts",
        small_cols: "aid    int not null,bid int,abalance int,filler char(84)",
        big_cols: "aid bigint not null,bid int,abalance int,filler char(84)",
        declare_fillfactor: true,
    },
    Ddl {
        table: "pgbench_branches",
        small_cols: "bid int not null,bbalance int,filler char(88)",
        big_cols: "bid int not null,bbalance int,filler char(88)",
        declare_fillfactor: true,
    },
];

/// `PQescapeIdentifier`, or a fatal error when libpq cannot escape it.
fn quote_ident(con: &Conn, name: &str) -> Result<String, Error> {
    con.escape_identifier(name).ok_or_else(|| Error::new(con.error_message()))
}

fn unlogged(cfg: &InitConfig) -> &'static str {
    if cfg.unlogged_tables { " unlogged" } else { "" }
}

/// First server version that refuses `create unlogged table ... partition by`.
const NO_UNLOGGED_PARTITIONED: i32 = 180_000;

/// The persistence keyword of the four main tables. pgbench 17 makes all
/// four unlogged; pgbench 18, with partitions, all four logged and only the
/// account partitions unlogged. A PostgreSQL 18 server refuses an unlogged
/// partitioned table, so there the tables are made as pgbench 18 makes
/// them whatever the pgbench reproduced (pgbench 17 fails there).
fn main_table_unlogged(cfg: &InitConfig, server_version: i32) -> &'static str {
    let partitioned = cfg.partition_method != PartitionMethod::None;
    let as_18 = match cfg.pgbench.unlogged {
        Unlogged::PartitionsOnly => true,
        Unlogged::AllTables => server_version >= NO_UNLOGGED_PARTITIONED,
    };
    if partitioned && as_18 { "" } else { unlogged(cfg) }
}

fn create_tables(con: &mut Conn, cfg: &InitConfig) -> Result<(), Error> {
    log::raw(b"creating tables...\n");
    for ddl in &DDLS {
        let cols = if cfg.scale >= SCALE_32BIT_THRESHOLD { ddl.big_cols } else { ddl.small_cols };
        let persistence = main_table_unlogged(cfg, con.server_version());
        let mut sql = format!("create{persistence} table {}({cols})", ddl.table);
        if cfg.partition_method != PartitionMethod::None && ddl.table == "pgbench_accounts" {
            sql.push_str(&format!(" partition by {} (aid)", cfg.partition_method.name()));
        } else if ddl.declare_fillfactor {
            sql.push_str(&format!(" with (fillfactor={})", cfg.fillfactor));
        }
        if let Some(ts) = &cfg.tablespace {
            sql.push_str(&format!(" tablespace {}", quote_ident(con, ts)?));
        }
        execute(con, &sql)?;
    }
    if cfg.partition_method != PartitionMethod::None {
        create_partitions(con, cfg)?;
    }
    Ok(())
}

/// The DDL of partition `p` (1-based) of `pgbench_accounts`.
fn partition_ddl(cfg: &InitConfig, p: i32) -> String {
    let mut sql = format!(
        "create{} table pgbench_accounts_{p}\n  partition of pgbench_accounts\n  for values ",
        unlogged(cfg)
    );
    let parts = i64::from(cfg.partitions);
    match cfg.partition_method {
        PartitionMethod::Hash => {
            sql.push_str(&format!("with (modulus {}, remainder {})", cfg.partitions, p - 1));
        }
        PartitionMethod::Range | PartitionMethod::None => {
            let part_size = (NACCOUNTS * i64::from(cfg.scale) + parts - 1) / parts;
            let lo = if p == 1 {
                "minvalue".to_string()
            } else {
                (i64::from(p - 1) * part_size + 1).to_string()
            };
            let hi = if p < cfg.partitions {
                (i64::from(p) * part_size + 1).to_string()
            } else {
                "maxvalue".to_string()
            };
            sql.push_str(&format!("from ({lo}) to ({hi})"));
        }
    }
    sql.push_str(&format!(" with (fillfactor={})", cfg.fillfactor));
    sql
}

fn create_partitions(con: &mut Conn, cfg: &InitConfig) -> Result<(), Error> {
    log::raw(format!("creating {} partitions...\n", cfg.partitions).as_bytes());
    for p in 1..=cfg.partitions {
        execute(con, &partition_ddl(cfg, p))?;
    }
    Ok(())
}

fn truncate_tables(con: &mut Conn) -> Result<(), Error> {
    execute(
        con,
        "truncate table pgbench_accounts, pgbench_branches, pgbench_history, pgbench_tellers",
    )
}

fn generate_client_side(con: &mut Conn, cfg: &InitConfig) -> Result<(), Error> {
    log::raw(b"generating data (client-side)...\n");
    execute(con, "begin")?;
    truncate_tables(con)?;
    populate(con, cfg, Table::Branches)?;
    populate(con, cfg, Table::Tellers)?;
    populate(con, cfg, Table::Accounts)?;
    execute(con, "commit")
}

/// The three tables client-side generation fills.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Table {
    Branches,
    Tellers,
    Accounts,
}

impl Table {
    fn name(self) -> &'static str {
        match self {
            Self::Branches => "pgbench_branches",
            Self::Tellers => "pgbench_tellers",
            Self::Accounts => "pgbench_accounts",
        }
    }

    /// Rows per unit of scale.
    fn base(self) -> i64 {
        match self {
            Self::Branches => NBRANCHES,
            Self::Tellers => NTELLERS,
            Self::Accounts => NACCOUNTS,
        }
    }

    /// Appends the COPY text line of row `k` (0-based): `initBranch`,
    /// `initTeller`, `initAccount`.
    fn push_row(self, out: &mut Vec<u8>, k: i64) {
        push_i64(out, k + 1);
        out.push(b'\t');
        match self {
            Self::Branches => out.extend_from_slice(b"0\t\\N\n"),
            Self::Tellers => {
                push_i64(out, k / NTELLERS + 1);
                out.extend_from_slice(b"\t0\t\\N\n");
            }
            Self::Accounts => {
                push_i64(out, k / NACCOUNTS + 1);
                out.extend_from_slice(b"\t0\t\n");
            }
        }
    }
}

/// Progress reporting of `initPopulateTable`.
struct Progress {
    quiet: bool,
    eol: u8,
    start: i64,
    log_interval: f64,
    chars: usize,
    prev_chars: usize,
}

impl Progress {
    fn new(quiet: bool) -> Self {
        let eol = if crate::sys::tty::stderr_is_tty() { b'\r' } else { b'\n' };
        Progress { quiet, eol, start: monotonic_us(), log_interval: 1.0, chars: 0, prev_chars: 0 }
    }

    /// Called after row `j` (1-based) of `total` has been queued.
    fn row_done(&mut self, j: i64, total: i64, table: &str) {
        if !self.quiet {
            if j % 100_000 == 0 {
                self.print(j, total, table, seconds_since(self.start));
            }
        } else if j % 100 == 0 {
            let elapsed = seconds_since(self.start);
            if j == total || elapsed >= self.log_interval * LOG_STEP_SECONDS {
                self.print(j, total, table, elapsed);
                self.log_interval = (elapsed / LOG_STEP_SECONDS).ceil();
            }
        }
    }

    fn print(&mut self, j: i64, total: i64, table: &str, elapsed: f64) {
        let remaining = (total - j) as f64 * elapsed / j as f64;
        // COMPAT: C computes the percentage in int64 and prints it as int.
        let pct = j * 100 / total;
        let mut line = format!(
            "{j} of {total} tuples ({pct}%) of {table} done (elapsed {} s, remaining {} s)",
            Fixed(elapsed, 2),
            Fixed(remaining, 2)
        );
        self.chars = line.len();
        if self.prev_chars > self.chars {
            line.push_str(&" ".repeat(self.prev_chars - self.chars));
        }
        line.push(char::from(self.eol));
        self.prev_chars = self.chars;
        log::raw(line.as_bytes());
    }

    /// Blanks the progress line when it was drawn with carriage returns.
    fn finish(&self) {
        if self.chars != 0 && self.eol != b'\n' {
            log::raw(format!("{}\r", " ".repeat(self.chars)).as_bytes());
        }
    }
}

/// `initPopulateTable`: fills one table with COPY, FREEZE where C uses it.
fn populate(con: &mut Conn, cfg: &InitConfig, table: Table) -> Result<(), Error> {
    let total = table.base() * i64::from(cfg.scale);
    let freeze = con.server_version() >= 140_000
        && match cfg.pgbench.freeze {
            Freeze::UnlessPartitionsGiven => table != Table::Accounts || cfg.partitions == 0,
            Freeze::PlainTables => relkind(con, table.name())? == b'r',
        };
    let sql = if freeze {
        format!("copy {} from stdin with (freeze on)", table.name())
    } else {
        format!("copy {} from stdin", table.name())
    };
    let Ok(c_sql) = CString::new(sql) else {
        return Err(Error::new("invalid format string"));
    };
    let status = con.exec(&c_sql).map(|r| r.status());
    if status != Some(ExecStatus::CopyIn) {
        return Err(Error::new(format!("unexpected copy in result: {}", con.error_message())));
    }
    let mut progress = Progress::new(cfg.quiet);
    let mut buf = Vec::with_capacity(COPY_CHUNK + 128);
    for k in 0..total {
        table.push_row(&mut buf, k);
        if buf.len() >= COPY_CHUNK {
            if !con.put_copy_data(&buf) {
                return Err(Error::new("PQputline failed"));
            }
            buf.clear();
        }
        if crate::pq::cancel_requested() {
            break;
        }
        progress.row_done(k + 1, total, table.name());
    }
    progress.finish();
    end_copy(con, &buf)
}

/// `get_table_relkind`: the kind of the table `name` (`r` for a plain
/// table, `p` for a partitioned one).
fn relkind(con: &mut Conn, name: &str) -> Result<u8, Error> {
    const SQL: &std::ffi::CStr =
        c"SELECT relkind FROM pg_catalog.pg_class WHERE oid=$1::pg_catalog.regclass";
    let Ok(c_name) = CString::new(name) else {
        return Err(Error::new("query failed: invalid query text"));
    };
    match con.exec_params(SQL, &[&c_name]) {
        Some(r) if r.status() == ExecStatus::TuplesOk && r.ntuples() > 0 => {
            Ok(r.value(0, 0).first().copied().unwrap_or(0))
        }
        _ => Err(Error::new(format!("query failed: {}", con.error_message()))
            .detail(format!("Query was: {}", SQL.to_string_lossy()))),
    }
}

/// Sends the last COPY data and ends the COPY, with C's messages.
fn end_copy(con: &mut Conn, buf: &[u8]) -> Result<(), Error> {
    if !buf.is_empty() && !con.put_copy_data(buf) {
        return Err(Error::new("PQputline failed"));
    }
    if !con.put_copy_end() {
        return Err(Error::new("very last PQputline failed"));
    }
    let ok = con.get_result().is_some_and(|r| r.status() == ExecStatus::CommandOk);
    // Drain to the end of the command, as PQendcopy does.
    while con.get_result().is_some() {}
    if !ok {
        log::raw(con.error_message().as_bytes());
        {
            return Err(Error::new("PQendcopy failed"));
        };
    }
    Ok(())
}

fn generate_server_side(con: &mut Conn, cfg: &InitConfig) -> Result<(), Error> {
    log::raw(b"generating data (server-side)...\n");
    execute(con, "begin")?;
    truncate_tables(con)?;
    // COMPAT: C multiplies these two counts in int.
    let nbranches = 1i32.wrapping_mul(cfg.scale);
    let ntellers = 10i32.wrapping_mul(cfg.scale);
    execute(
        con,
        &format!(
            "insert into pgbench_branches(bid,bbalance) select bid, 0 from generate_series(1, {nbranches}) as bid"
        ),
    )?;
    execute(
        con,
        &format!(
            "insert into pgbench_tellers(tid,bid,tbalance) select tid, (tid - 1) / {NTELLERS} + 1, 0 from generate_series(1, {ntellers}) as tid"
        ),
    )?;
    execute(
        con,
        &format!(
            "insert into pgbench_accounts(aid,bid,abalance,filler) select aid, (aid - 1) / {NACCOUNTS} + 1, 0, '' from generate_series(1, {}) as aid",
            NACCOUNTS * i64::from(cfg.scale)
        ),
    )?;
    execute(con, "commit")
}

fn vacuum(con: &mut Conn) -> Result<(), Error> {
    log::raw(b"vacuuming...\n");
    for t in ["pgbench_branches", "pgbench_tellers", "pgbench_accounts", "pgbench_history"] {
        execute(con, &format!("vacuum analyze {t}"))?;
    }
    Ok(())
}

fn create_primary_keys(con: &mut Conn, cfg: &InitConfig) -> Result<(), Error> {
    log::raw(b"creating primary keys...\n");
    for ddl in [
        "alter table pgbench_branches add primary key (bid)",
        "alter table pgbench_tellers add primary key (tid)",
        "alter table pgbench_accounts add primary key (aid)",
    ] {
        let mut sql = ddl.to_string();
        if let Some(ts) = &cfg.index_tablespace {
            sql.push_str(&format!(" using index tablespace {}", quote_ident(con, ts)?));
        }
        execute(con, &sql)?;
    }
    Ok(())
}

fn create_foreign_keys(con: &mut Conn) -> Result<(), Error> {
    log::raw(b"creating foreign keys...\n");
    for ddl in [
        "alter table pgbench_tellers add constraint pgbench_tellers_bid_fkey foreign key (bid) references pgbench_branches",
        "alter table pgbench_accounts add constraint pgbench_accounts_bid_fkey foreign key (bid) references pgbench_branches",
        "alter table pgbench_history add constraint pgbench_history_bid_fkey foreign key (bid) references pgbench_branches",
        "alter table pgbench_history add constraint pgbench_history_tid_fkey foreign key (tid) references pgbench_tellers",
        "alter table pgbench_history add constraint pgbench_history_aid_fkey foreign key (aid) references pgbench_accounts",
    ] {
        execute(con, ddl)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pq::ConnParams;

    fn cfg(partitions: i32, method: PartitionMethod, unlogged: bool) -> InitConfig {
        InitConfig {
            pgbench: &crate::version::PGBENCH_17,
            conn: ConnParams::default(),
            steps: "dtgvp".into(),
            scale: 3,
            fillfactor: 90,
            quiet: false,
            unlogged_tables: unlogged,
            tablespace: None,
            index_tablespace: None,
            partitions,
            partition_method: method,
            sysbench: None,
        }
    }

    #[test]
    fn copy_rows_are_c_pgbench_rows() {
        let mut out = Vec::new();
        Table::Branches.push_row(&mut out, 0);
        Table::Tellers.push_row(&mut out, 19);
        Table::Accounts.push_row(&mut out, 100_000);
        assert_eq!(out, b"1\t0\t\\N\n20\t2\t0\t\\N\n100001\t2\t0\t\n");
    }

    #[test]
    fn range_partitions_split_the_accounts_evenly() {
        let c = cfg(4, PartitionMethod::Range, false);
        assert_eq!(
            partition_ddl(&c, 1),
            "create table pgbench_accounts_1\n  partition of pgbench_accounts\n  for values from (minvalue) to (75001) with (fillfactor=90)"
        );
        assert_eq!(
            partition_ddl(&c, 2),
            "create table pgbench_accounts_2\n  partition of pgbench_accounts\n  for values from (75001) to (150001) with (fillfactor=90)"
        );
        assert_eq!(
            partition_ddl(&c, 4),
            "create table pgbench_accounts_4\n  partition of pgbench_accounts\n  for values from (225001) to (maxvalue) with (fillfactor=90)"
        );
    }

    /// pgbench 17 makes every table unlogged, but on servers that refuse
    /// an unlogged partitioned table; pgbench 18 only the partitions.
    #[test]
    fn main_tables_stay_logged_with_partitions_from_18_on() {
        let part = cfg(2, PartitionMethod::Range, true);
        assert_eq!(main_table_unlogged(&part, 170_012), " unlogged");
        assert_eq!(main_table_unlogged(&part, 180_000), "");
        let plain = cfg(0, PartitionMethod::None, true);
        assert_eq!(main_table_unlogged(&plain, 180_006), " unlogged");
        assert_eq!(main_table_unlogged(&cfg(2, PartitionMethod::Hash, false), 150_018), "");
        for v in [&crate::version::PGBENCH_18, &crate::version::PGBENCH_19] {
            let part = InitConfig { pgbench: v, ..cfg(2, PartitionMethod::Range, true) };
            assert_eq!(main_table_unlogged(&part, 150_018), "");
            assert_eq!(main_table_unlogged(&part, 170_012), "");
            let plain = InitConfig { pgbench: v, ..cfg(0, PartitionMethod::None, true) };
            assert_eq!(main_table_unlogged(&plain, 170_012), " unlogged");
            assert!(partition_ddl(&part, 1).starts_with("create unlogged table"));
        }
    }

    #[test]
    fn hash_partitions_are_unlogged_with_unlogged_tables() {
        let c = cfg(3, PartitionMethod::Hash, true);
        assert_eq!(
            partition_ddl(&c, 3),
            "create unlogged table pgbench_accounts_3\n  partition of pgbench_accounts\n  for values with (modulus 3, remainder 2) with (fillfactor=90)"
        );
    }
}
