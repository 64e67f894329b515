//! Random numbers exactly as PostgreSQL draws them: pg_prng (xoroshiro128**)
//! and pgbench's distributions, hashes and permute. Pure: no I/O, no threads.

pub(crate) mod dist;
pub(crate) mod prng;
