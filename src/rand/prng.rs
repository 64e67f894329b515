//! PostgreSQL pg_prng: xoroshiro128** seeded through splitmix64.
