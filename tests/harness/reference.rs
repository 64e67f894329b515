//! The reference builds the tests compare with: the real C pgbench 17, and
//! PostgreSQL 17 and 18 servers with their client programs, as
//! `scripts/pgref.sh` installs them (`$PGBENCH_RS_REF`, default
//! `/opt/pgbench-rs-ref`, one `<major>/bin` directory per version).
//!
//! Where they are missing, the comparisons that need them are skipped
//! visibly, unless `PGBENCH_TEST_REQUIRE_REFERENCE=1` (set by `.ci/run`)
//! makes a missing reference a failure.

use std::path::PathBuf;

use super::compare::skipped;

/// Where `scripts/pgref.sh` installs the reference builds.
pub(crate) fn root() -> PathBuf {
    match std::env::var_os("PGBENCH_RS_REF") {
        Some(p) if !p.is_empty() => PathBuf::from(p),
        _ => PathBuf::from("/opt/pgbench-rs-ref"),
    }
}

/// The bindir of reference version `major`, if installed.
pub(crate) fn bindir(major: u32) -> Option<PathBuf> {
    let bin = root().join(major.to_string()).join("bin");
    ["pgbench", "postgres", "initdb", "pg_ctl", "psql"]
        .iter()
        .all(|p| bin.join(p).is_file())
        .then_some(bin)
}

/// Whether a missing reference must fail the run.
pub(crate) fn required() -> bool {
    std::env::var_os("PGBENCH_TEST_REQUIRE_REFERENCE").is_some_and(|v| v == "1")
}

/// Report that `what` is missing for `case`: a failure when the reference
/// is required, a visible skip otherwise.
pub(crate) fn missing(case: &str, what: &str) {
    let why = format!("{what} not found (install it with scripts/pgref.sh as root)");
    assert!(!required(), "{why} [{case}], and PGBENCH_TEST_REQUIRE_REFERENCE=1");
    skipped(case, &why);
}

/// The Python packages of `tests/tools/requirements.txt`, installed by
/// `scripts/pytools.sh` into `target/pytools` (the PYTHONPATH for
/// `tests/tools/check_report.py`); None (after a visible skip, or a
/// failure when the reference is required) when they are not there.
pub(crate) fn pytools(case: &str) -> Option<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target").join("pytools");
    if dir.join(".installed").is_file() {
        return Some(dir);
    }
    let why = "the Python tools of tests/tools (install them with scripts/pytools.sh)";
    assert!(!required(), "{why} not found [{case}], and PGBENCH_TEST_REQUIRE_REFERENCE=1");
    skipped(case, &format!("{why} not found"));
    None
}
