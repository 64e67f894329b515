//! pgbench's random distributions, hash functions and permute().
