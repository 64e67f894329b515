//! Test harness: throwaway PostgreSQL servers (the host's, and the
//! reference 17, 18 and 19), a runner for pgbench-rs and the real C pgbench
//! 17, 18 and 19 (pgbench-rs runs with the `--compat` of the version an
//! invocation is compared with: 17 unless the test says or
//! `PGBENCH_TEST_COMPAT` names another), stored 17
//! expectations and what 18 and 19 changed, masks for measured numbers,
//! and comparison helpers that print both sides on mismatch.
//!
//! Environment:
//! * `PGBENCH_RS_UNDER_TEST=/path/to/binary` — test that binary instead of
//!   the `pgbench-rs` cargo built (point it at C pgbench 17 to prove the
//!   stored expectations).
//! * `PGBENCH_C=/path/to/pgbench` — the C pgbench 17 to compare with
//!   (default: the reference build, see `reference`).
//! * `PGBENCH_RS_REF=/dir` — where `scripts/pgref.sh` installed the
//!   reference builds (default `/opt/pgbench-rs-ref`).
//! * `PGBENCH_TEST_REQUIRE_<NAME>=1`, `PGBENCH_TEST_REQUIRE_ALL=1` — what
//!   is missing fails the tests that need it instead of skipping them (see
//!   `require`).
//! * `PGBENCH_TEST_KEEP=1` — keep the scratch directory after the run.
//!
//! API for test files (see the modules for details):
//! * `needs!(Server, Reference(18), ...)` — what the test needs (a server,
//!   a reference build, a tool: `Need`'s variants), said once at its top:
//!   the test's name, taken from its function (for its databases, labels
//!   and messages), or, after one `skipped:` line for each missing one,
//!   the test returns. Every test that uses a server says so first.
//!   `require(Need::...)` — the same question for a part of a test (false
//!   after the `skipped:` line); `test_name!()` — the function's name.
//! * `serial()` — the guard every test of the `timing` target holds.
//! * `PATIENCE`, `wait_until(what, done)` — how long, and how, a test waits
//!   for a server or a program to do something (never a sleep-then-assert).
//! * `cluster()` — the shared server (the host's PostgreSQL, started on
//!   first use): `host()`, `port`, `bindir`, `server_version`,
//!   `server_version_num`, `query(db, sql)`, `exec(db, sql)`,
//!   `create_tablespace(name)`, `create_role(name, extra)`;
//!   `cluster::server(17 | 18 | 19)` — a server of the reference build of that
//!   version (None after a skip line when it is not installed).
//!   `create_db("prefix")` / `cluster::create_db_on(server, "prefix")` — a
//!   fresh database with a unique name (`Db`: `name`, `query`,
//!   `query_one`, `try_query`, `exec`).
//! * `Pgbench::new(args)` (against the shared server, or `.on(server)`) /
//!   `Pgbench::no_server(args)` (PGHOST is an empty directory; no server is
//!   started), with `.file(name, contents)`, `.stdin(bytes)`, `.env(k, v)`,
//!   `.label(l)`, `.timeout(d)`, `.compat(18 | 19)` (compare with that
//!   version: pgbench-rs gets `--compat=N`, but none for its default,
//!   18); `.run_under_test()`, `.run_c()` (the C pgbench of the version
//!   compared with), `.run_c_as(c)` → `Output { which, status, stdout,
//!   stderr, dir }` (`files()`, `read_file()`); `.spawn_under_test()` /
//!   `.spawn_c_as(c)` → `live::Running`, a run the test acts on: it waits
//!   for `measuring()` (the program's event), a stderr line or a progress
//!   line with transactions, then `signal(sig)` (kill(2), once caught),
//!   then `finish()`; `shards::run_together` starts a run's shards with one
//!   `--start-at`; `.expand(text)` fills
//!   `{PGHOST}`, `{PGPORT}`, `{NOFILE}` in expected texts.
//! * `c_output(&run)` — the output of the C pgbench `run` is compared with
//!   (None after a `skipped:` line when it is not installed);
//!   `runner::{c_pgbench_of(17 | 18 | 19), VERSIONS, DEFAULT_VERSION}`.
//! * `Check::new(case)` — collect mismatches with `.outputs()`,
//!   `.expected()`, `.text()`, `.eq()`, `.fail()`, then `.finish()` panics
//!   with every one of them, both sides between rulers.
//! * `expected::*` — stored 17 texts (help, long options) and 18's and
//!   19's (`help_of`, `long_options_of`, `pg_version`); `normalize::*`
//!   — the masks for measured numbers (`mask_init_stderr`, `mask_report`,
//!   `mask_version`, `mask_banner_version`, `mask_random_seed`,
//!   `mask_counts`).
//! * `bench::{pgbench_db, pgbench_db_on, banner_on, banner_of,
//!   report_head_of, Bench, Ran}` —
//!   benchmark runs of both implementations against one database, masked
//!   and compared; the report's lines many tests expect (`counts`, `TAIL`,
//!   `END`, `RATE_END`, `NONE_FAILED_DETAILED`, `retried`,
//!   `skipped_and_late`); `shapes::*` — exact formats of progress,
//!   transaction log and aggregate log lines, stderr messages grouped per
//!   client, and a report line's value (`report_value`).
//! * `cluster::extra_cluster(name)` — a separate server that a test may stop
//!   (`stop_immediate`) and restart (`pg_ctl_start`).
//! * `checks::{run_report, report_of, json_report}` — a run of pgbench-rs
//!   and the JSON report it wrote to `r.json` (exit 0, parsed, checked by
//!   `check_with_python`); `checks::{check_with_python, check_page}` —
//!   the JSON report against its schema and HdrHistogram's Python library;
//!   the HTML page in headless Chromium.
//! * `tables::{check_run_table, check_points_table,
//!   check_comparison_table}` — a CSV report read back (the `csv` crate)
//!   and compared cell by cell with the JSON document of the same run.
//! * `lan::Lan::new(n, names)` — simulated hosts on one network (network
//!   and UTS namespaces on a bridge), `lan::Daemon` — a daemon started on
//!   one, `lan::available(case, programs)` — the skip for missing
//!   programs; `slurm::Slurm::start` — a Slurm cluster on such hosts;
//!   `sshd::Sshd::start` — sshd on each, and a user whose ssh reaches them.

pub(crate) mod bench;
pub(crate) mod checks;
pub(crate) mod cluster;
pub(crate) mod compare;
pub(crate) mod expected;
pub(crate) mod lan;
pub(crate) mod live;
pub(crate) mod netns;
pub(crate) mod normalize;
pub(crate) mod prometheus;
pub(crate) mod reference;
pub(crate) mod require;
pub(crate) mod retries;
pub(crate) mod runner;
pub(crate) mod shapes;
pub(crate) mod shards;
pub(crate) mod slurm;
pub(crate) mod sshd;
pub(crate) mod standby;
pub(crate) mod tables;
pub(crate) mod tmp;

pub(crate) use cluster::{Db, cluster, create_db};
pub(crate) use compare::{Check, Expected, c_output, note};
pub(crate) use require::{Need, needs, require, require_all, test_name};
pub(crate) use runner::{Impl, Output, Pgbench, Status, c_pgbench};

/// How long a test waits for what a program or a server must do before
/// it gives up and fails: long, as PostgreSQL's own TAP suites wait (180
/// s), since a loaded machine may be slow and a wait that ends as soon
/// as the thing happens costs nothing more.
pub(crate) const PATIENCE: std::time::Duration = std::time::Duration::from_secs(180);

/// Polls `done` every 10 ms until it holds; fails, saying `what` it
/// waited for, after [`PATIENCE`].
pub(crate) fn wait_until(what: &str, mut done: impl FnMut() -> bool) {
    let deadline = std::time::Instant::now() + PATIENCE;
    while !done() {
        assert!(std::time::Instant::now() < deadline, "waited {PATIENCE:?} for {what}");
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
}

/// Held by each test of the `timing` target for its whole run, so that
/// they run one at a time even where the test runner was not told
/// `--test-threads=1` (a bare `cargo test`).
pub(crate) fn serial() -> std::sync::MutexGuard<'static, ()> {
    static ONE: std::sync::Mutex<()> = std::sync::Mutex::new(());
    ONE.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// The CPUs of a `Cpus_allowed_list` (`0-3,8`).
pub(crate) fn cpu_list(text: &str) -> Vec<usize> {
    let mut cpus = Vec::new();
    for part in text.trim().split(',').filter(|p| !p.is_empty()) {
        let (lo, hi) = part.split_once('-').unwrap_or((part, part));
        let (lo, hi): (usize, usize) = (lo.parse().expect("a CPU"), hi.parse().expect("a CPU"));
        cpus.extend(lo..=hi);
    }
    cpus
}

/// The CPUs this test process may run on, and their list as the kernel
/// writes it.
pub(crate) fn allowed_cpus() -> (Vec<usize>, String) {
    let status = std::fs::read_to_string("/proc/self/status").expect("/proc/self/status");
    let text = status
        .lines()
        .find_map(|l| l.strip_prefix("Cpus_allowed_list:"))
        .expect("a CPU list")
        .trim()
        .to_string();
    (cpu_list(&text), text)
}
