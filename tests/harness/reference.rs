//! The reference builds the tests compare with: the real C pgbench 17, 18
//! and 19 with their servers and client programs, as
//! `scripts/pgref.sh` installs them (`$PGBENCH_RS_REF`, default
//! `/opt/pgbench-rs-ref`, one `<major>/bin` directory per version).
//!
//! Where they are missing, the comparisons that need them are skipped as
//! `require` says (`Need::Reference`).

use std::path::PathBuf;

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
