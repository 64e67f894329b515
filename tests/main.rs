//! Integration tests: run pgbench-rs (and C pgbench, where installed)
//! against a throwaway PostgreSQL server that the harness starts itself.
//!
//! Every module is `cfg(test)` (this crate is only ever built as a test), so
//! the test-only lint relaxations of clippy.toml apply to helpers too.

#[cfg(test)]
mod harness;

/// Command-line errors, help, version, builtin listing (no server).
#[cfg(test)]
mod cli;

/// `pgbench -i` compared with C pgbench (schema, data, messages).
#[cfg(test)]
mod init;

/// Benchmark runs (builtins, modes, threads, -C, -R/-L, retries, lost
/// server) compared with C pgbench.
#[cfg(test)]
mod bench;

/// The script catalogue of C pgbench's own tests, compared with C pgbench.
#[cfg(test)]
mod scripts;

/// Progress lines, per-command and per-script reports, transaction and
/// aggregate logs, compared with C pgbench.
#[cfg(test)]
mod logs;

/// Benchmark runs against PostgreSQL 17 and 18 servers compared with C.
#[cfg(test)]
mod servers;

/// Latency percentiles and the JSON report against a real server.
#[cfg(test)]
mod report;

/// `--server-stats` against servers 15, 17 and 18.
#[cfg(test)]
mod server_stats;

/// Script syntax errors (C's cases and many more) through both binaries.
#[cfg(test)]
mod syntax_errors;

/// SIGINT and SIGTERM during runs and initialization.
#[cfg(test)]
mod interrupt;

/// When a run starts and ends: `--start-at` in the past, the last `-P`
/// line.
#[cfg(test)]
mod start;

/// `--warmup`: what the warm-up did is not measured.
#[cfg(test)]
mod warmup;

/// `--continue-on-error` (PostgreSQL 19's) against a real server.
#[cfg(test)]
mod continue_on_error;

/// One run split over machines: --shard, --start-at, --merge.
#[cfg(test)]
mod shards;

/// The shards under Slurm and under ssh with GNU parallel, on simulated
/// hosts.
#[cfg(test)]
mod schedulers;

/// tpcb-like-plfunc, table names from variables, sysbench's tables and
/// tests compared with Debian's sysbench.
#[cfg(test)]
mod workloads;

/// The HTML report, rendered in headless Chromium.
#[cfg(test)]
mod html;

/// --repeat, --sweep-clients and --compare (statistics, gates, refusals).
#[cfg(test)]
mod comparisons;

/// Each way of waiting for sockets (io_uring, epoll, ppoll) through the
/// cases that stress it, compared with C pgbench.
#[cfg(test)]
mod wait;

/// Rules of the source tree (module cycles, unsafe, exits, file sizes).
#[cfg(test)]
mod source;

/// The manual page: it renders without warnings, and follows README.md.
#[cfg(test)]
mod docs;

/// The password prompt, on a terminal, against a server that wants one.
#[cfg(test)]
mod auth;

/// `--reconnect` through a server restart, against a real server.
#[cfg(test)]
mod reconnect;

/// `--rate-profile`'s steps, against a real server.
#[cfg(test)]
mod profiles;
