//! pgbench scripts: reading, checking and evaluating them. Pure: no I/O
//! beyond what the caller hands in, no threads, no network.
