// Stub: no build of pgbench-rs compiles this crate (see scripts/vendor.sh).
