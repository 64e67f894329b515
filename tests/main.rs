//! Integration tests: run pgbench-rs (and C pgbench, where installed)
//! against a throwaway PostgreSQL server that the harness starts itself.
//! They may run in parallel; the tests whose verdict depends on when
//! things happen are in the `timing` target (tests/timing.rs), which runs
//! them one at a time.
//!
//! Every module is `cfg(test)` (this crate is only ever built as a test), so
//! the test-only lint relaxations of clippy.toml apply to helpers too.

/// (Shared with the `timing` target; each uses a part of it.)
#[cfg(test)]
#[allow(dead_code, unused_imports)]
mod harness;

/// The harness's own tests.
#[cfg(test)]
mod selftest;

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

/// Benchmark runs against PostgreSQL 17, 18 and 19 servers compared with
/// the C pgbench of each.
#[cfg(test)]
mod servers;

/// What pgbench 17, 18 and 19 print differently, each compared with its C
/// pgbench (`--compat`).
#[cfg(test)]
mod versions;

/// Latency percentiles and the JSON report against a real server.
#[cfg(test)]
mod report;

/// Script syntax errors (C's cases and many more) through both binaries.
#[cfg(test)]
mod syntax_errors;

/// `--continue-on-error` (PostgreSQL 19's) against a real server.
#[cfg(test)]
mod continue_on_error;

/// tpcb-like-plfunc, table names from variables, sysbench's tables and
/// tests compared with Debian's sysbench.
#[cfg(test)]
mod workloads;

/// --repeat, --sweep-clients and --compare (statistics, gates, refusals).
#[cfg(test)]
mod comparisons;

/// The HTML report, rendered in headless Chromium.
#[cfg(test)]
mod html;

/// `--report-csv` read back and compared with the JSON, cell by cell.
#[cfg(test)]
mod csv_reports;

/// Each way of waiting for sockets (io_uring, epoll, ppoll) through the
/// cases that stress it, compared with C pgbench.
#[cfg(test)]
mod wait;

/// Rules of the source tree (module cycles, unsafe, exits, file sizes).
#[cfg(test)]
mod source;

/// The documents: the manual page renders without warnings and is made
/// from docs/extensions.md and README.md's list; every extension has its
/// section; the links between the documents hold; the module map names
/// every module.
#[cfg(test)]
mod docs;

/// The packaging follows the sources: the RPM spec's version, Rust and
/// generated block of bundled crates.
#[cfg(test)]
mod packaging;

/// The password prompt, on a terminal, against a server that wants one.
#[cfg(test)]
mod auth;

/// At scale: every descriptor counted before a run connects, connections
/// that never stall a thread.
#[cfg(test)]
mod scale;

/// Passwords never reach a report, a log, a page or the output.
#[cfg(test)]
mod secrets;

/// Hostile documents given to `--merge`, `--compare` and the CSV
/// conversion: exit 1 and a message, under a 2 GB address-space limit.
#[cfg(test)]
mod hostile;

/// The documents kept byte for byte, and what the program makes of them.
#[cfg(test)]
mod golden;
