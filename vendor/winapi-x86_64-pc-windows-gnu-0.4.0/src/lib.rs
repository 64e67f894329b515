// Stub: this crate is only used on platforms pgbench-rs does not build on.
