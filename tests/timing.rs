//! Integration tests whose verdict depends on when things happen: a
//! signal during a run, a server restarted or a link cut in its middle,
//! `--start-at`, a warm-up, samples a second apart, rates and latencies
//! compared. They run one at a time (each takes [`harness::serial`]), so
//! that they do not load each other (two servers restarted at once, two
//! sweeps), in a process of their own that `make test` runs beside the
//! parallel tests, whose load they bear as they bear four busy loops:
//! each waits on the program's own events (see `harness::live`), and each
//! bound it asserts on a time says what it allows for.
//!
//! Every module is `cfg(test)` (this crate is only ever built as a test), so
//! the test-only lint relaxations of clippy.toml apply to helpers too.

/// (Shared with the `integration` target; each uses a part of it.)
#[cfg(test)]
#[allow(dead_code, unused_imports)]
mod harness;

/// `--server-stats` against servers 15, 17 and 18.
#[cfg(test)]
mod server_stats;

/// `--client-stats`: runs the client set, and one the server set.
#[cfg(test)]
mod client_stats;

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

/// One run split over machines: --shard, --start-at, --merge.
#[cfg(test)]
mod shards;

/// `--reconnect` through a server restart, against a real server.
#[cfg(test)]
mod reconnect;

/// `--metrics-listen`'s endpoint scraped by Prometheus, flooded, refused.
#[cfg(test)]
mod metrics;

/// `--rate-profile`'s steps, against a real server.
#[cfg(test)]
mod profiles;

/// The shards under Slurm and under ssh with GNU parallel, on simulated
/// hosts.
#[cfg(test)]
mod schedulers;

/// PostgreSQL 18's own pgbench TAP suite, with pgbench-rs as `pgbench`.
#[cfg(test)]
mod tap;
