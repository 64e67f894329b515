//! What a run reports besides the summary, compared with C pgbench:
//! progress lines (`-P`, `progress`), per-command latencies (`-r`) and
//! per-script sections (`per_command`), and the transaction logs (`-l`,
//! `txlog`; their aggregates, `aggregate`).
//!
//! Progress lines and log lines carry measured numbers: they are checked
//! against C's exact format (`harness::shapes`) and counted; everything
//! else is compared byte for byte with measured numbers masked.

mod aggregate;
mod per_command;
mod progress;
mod txlog;
