//! Integration tests: run pgbench-rs (and C pgbench, where installed)
//! against a throwaway PostgreSQL server that the harness starts itself.
