//! `-i --sysbench-tables=N --sysbench-table-size=ROWS`: sysbench 1.0.20's
//! `oltp_common.lua` prepare for PostgreSQL, `sbtest1`..`sbtestN` with the
//! same columns, keys and secondary index `k_N`, filled with COPY and with
//! values drawn as sysbench draws them (`k` from its default "special"
//! distribution, `c` and `pad` as random digits), the ids from each table's
//! sequence as sysbench's inserts take them.

use super::{Progress, execute};
use crate::compat::fmt::push_i64;
use crate::config::{InitConfig, SysbenchInit};
use crate::error::Error;
use crate::log;
use crate::pq::{Conn, ExecStatus};
use crate::rand::prng::PgPrng;
use crate::rand::sysbench::special as sysbench_special;
use crate::sys::clock::monotonic_us;

/// The table that records how many sysbench tables of how many rows the
/// last `-i --sysbench-tables` made (one row), which a run of sysbench's
/// builtins reads; sysbench's own prepare makes none.
pub(crate) const RECORD: &str = "pgbench_rs_sysbench";

/// `c_value_template`: 10 groups of 11 digits, 119 characters.
const C_GROUPS: usize = 10;
/// `pad_value_template`: 5 groups, 59 characters.
const PAD_GROUPS: usize = 5;

/// Runs the four steps over every table, timing each as `-i` does.
pub(super) fn run(con: &mut Conn, cfg: &InitConfig, sb: SysbenchInit) -> Result<(), Error> {
    let mut timing = super::StepTimes::default();
    let steps: [(&str, &str); 4] = [
        ("dropping old tables...", "drop tables"),
        ("creating tables...", "create tables"),
        ("generating data (client-side)...", "client-side generate"),
        ("creating secondary indexes...", "secondary indexes"),
    ];
    let seed = crate::sys::clock::strong_random_u64()
        .unwrap_or_else(|| u64::from_ne_bytes(crate::sys::clock::monotonic_us().to_ne_bytes()));
    let mut rng = PgPrng::from_seed(seed);
    for (i, (say, op)) in steps.iter().enumerate() {
        let start = monotonic_us();
        log::raw(format!("{say}\n").as_bytes());
        // The record of the tables goes first and comes back last, so
        // that it never describes tables that are not all made.
        if i == 0 {
            execute(con, &format!("DROP TABLE IF EXISTS {RECORD}"))?;
        }
        for n in 1..=sb.tables {
            match i {
                0 => execute(con, &format!("DROP TABLE IF EXISTS sbtest{n}"))?,
                1 => execute(con, &create_table(n))?,
                2 => populate(con, cfg, sb, n, &mut rng)?,
                _ => execute(con, &format!("CREATE INDEX k_{n} ON sbtest{n}(k)"))?,
            }
        }
        if i == 3 {
            execute(
                con,
                &format!(
                    "CREATE TABLE {RECORD} (tables integer NOT NULL, table_size integer NOT NULL)"
                ),
            )?;
            execute(
                con,
                &format!("INSERT INTO {RECORD} VALUES ({}, {})", sb.tables, sb.table_size),
            )?;
        }
        timing.record(op, start);
    }
    timing.done();
    Ok(())
}

/// `create_table`'s statement for PostgreSQL with `--auto-inc` on.
fn create_table(n: i32) -> String {
    format!(
        "CREATE TABLE sbtest{n}(\n  id SERIAL,\n  k INTEGER DEFAULT '0' NOT NULL,\n  c CHAR(120) DEFAULT '' NOT NULL,\n  pad CHAR(60) DEFAULT '' NOT NULL,\n  PRIMARY KEY (id)\n)  "
    )
}

/// Fills `sbtestN` with `table_size` rows of `k`, `c` and `pad`.
fn populate(
    con: &mut Conn,
    cfg: &InitConfig,
    sb: SysbenchInit,
    n: i32,
    rng: &mut PgPrng,
) -> Result<(), Error> {
    let name = format!("sbtest{n}");
    let Ok(sql) = std::ffi::CString::new(format!("COPY {name} (k, c, pad) FROM STDIN")) else {
        return Err(Error::new("invalid format string"));
    };
    if con.exec(&sql).map(|r| r.status()) != Some(ExecStatus::CopyIn) {
        return Err(Error::new(format!("unexpected copy in result: {}", con.error_message())));
    }
    let total = i64::from(sb.table_size);
    let size = sb.table_size.unsigned_abs();
    let mut progress = Progress::new(cfg.quiet);
    let mut buf = Vec::with_capacity(super::COPY_CHUNK + 256);
    for j in 1..=total {
        push_i64(&mut buf, i64::from(sysbench_special(rng, 1, size)));
        buf.push(b'\t');
        push_digits(&mut buf, rng, C_GROUPS);
        buf.push(b'\t');
        push_digits(&mut buf, rng, PAD_GROUPS);
        buf.push(b'\n');
        if buf.len() >= super::COPY_CHUNK {
            if !con.put_copy_data(&buf) {
                return Err(Error::new("PQputline failed"));
            }
            buf.clear();
        }
        if crate::pq::cancel_requested() {
            break;
        }
        progress.row_done(j, total, &name);
    }
    progress.finish();
    super::end_copy(con, &buf)
}

/// `groups` groups of 11 random digits joined by dashes (`sb_rand_str`
/// of a `###########-...` template).
#[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
fn push_digits(out: &mut Vec<u8>, rng: &mut PgPrng, groups: usize) {
    for g in 0..groups {
        if g > 0 {
            out.push(b'-');
        }
        for _ in 0..11 {
            out.push(b'0' + (rng.double() * 10.0) as u8);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digits_are_sysbenchs_templates() {
        let mut rng = PgPrng::from_seed(7);
        let mut out = Vec::new();
        push_digits(&mut out, &mut rng, C_GROUPS);
        assert_eq!(out.len(), 119);
        let text = String::from_utf8(out).unwrap();
        for (i, g) in text.split('-').enumerate() {
            assert!(g.len() == 11 && g.bytes().all(|b| b.is_ascii_digit()), "{i}: {g}");
        }
        assert!(create_table(3).starts_with("CREATE TABLE sbtest3(\n  id SERIAL,\n"));
    }
}
