//! PostgreSQL 18's own pgbench TAP suite (`src/bin/pgbench/t/*.pl` of the
//! postgresql-18 source, unmodified: 677 tests of options, scripts,
//! reports, logs and errors) with the binary under test as `pgbench`, run
//! by `scripts/tap18.sh` against PostgreSQL 18's server. In the timing
//! target: some of its cases bound what a run under `-T` or `-R` does.

use std::process::Command;

use crate::harness::needs;
use crate::harness::runner::under_test_path;
use crate::harness::serial;

#[test]
fn postgresql_18s_own_pgbench_suite_passes() {
    let _one = serial();
    needs!(Reference(18), Tap);
    let script = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts/tap18.sh");
    let out = Command::new(&script)
        .arg(under_test_path())
        .env("PROVE_FLAGS", "--verbose")
        .output()
        .unwrap_or_else(|e| panic!("cannot run {}: {e}", script.display()));
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    let failed: Vec<&str> = stdout.lines().filter(|l| l.starts_with("not ok")).collect();
    assert!(
        out.status.success() && stdout.contains("\nResult: PASS"),
        "scripts/tap18.sh: {}\nfailed: {failed:#?}\n(the suite's logs are in target/tap18/log)\n{stderr}\n{}",
        out.status,
        stdout
            .lines()
            .rev()
            .take(40)
            .collect::<Vec<_>>()
            .into_iter()
            .rev()
            .collect::<Vec<_>>()
            .join("\n")
    );
    // The whole suite ran.
    assert!(stdout.contains("Files=2, Tests=677"), "{stdout}");
}
