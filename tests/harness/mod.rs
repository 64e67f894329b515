//! Test harness: a throwaway PostgreSQL server, a runner for pgbench-rs and
//! C pgbench, the list of known 15.18 → 17 differences, masks for measured
//! numbers, and comparison helpers that print both sides on mismatch.
//!
//! Environment:
//! * `PGBENCH_RS_UNDER_TEST=/path/to/binary` — test that binary instead of
//!   the `pgbench-rs` cargo built (point it at C pgbench to prove the
//!   expectations; only the cases that declare Δ15 differences then fail).
//! * `PGBENCH_C=/path/to/pgbench` — the C pgbench to compare with (default:
//!   `pgbench` in the server bindir).
//! * `PGBENCH_TEST_KEEP=1` — keep the scratch directory after the run.

pub(crate) mod cluster;
pub(crate) mod compare;
pub(crate) mod delta15;
pub(crate) mod normalize;
pub(crate) mod runner;
pub(crate) mod tmp;

pub(crate) use cluster::{Db, cluster, create_db};
pub(crate) use compare::{Check, Expected, c_output, note, skipped};
pub(crate) use delta15::Delta;
pub(crate) use runner::{Impl, Output, Pgbench, Status, c_pgbench};
