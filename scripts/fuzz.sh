#!/usr/bin/env bash
# A short run of the script fuzzer (fuzz/fuzz_targets/script.rs, which
# calls the library's pgbench_rs::fuzzing::script): parses arbitrary bytes
# as a pgbench script, prepares it for every query mode, renders its SQL
# and evaluates its expressions; any panic, hang or abort is a failure.
# Needs cargo-fuzz (installed with cargo if missing).
#
#   scripts/fuzz.sh [SECONDS]
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
secs=${1:-60}

if ! command -v cargo-fuzz >/dev/null 2>&1; then
    cargo install cargo-fuzz --locked
fi
# The fuzzer's lock file follows the library's dependencies: a stale one
# would be rewritten by the build (and the tree left changed) unnoticed.
cargo metadata --locked --format-version 1 --manifest-path "$repo/fuzz/Cargo.toml" >/dev/null ||
    { echo "fuzz: fuzz/Cargo.lock is out of date (cargo update --manifest-path fuzz/Cargo.toml -w)" >&2; exit 1; }
# cargo-fuzz passes nightly-only flags; the stable toolchain accepts them
# with RUSTC_BOOTSTRAP. libfuzzer-sys comes from the registry (vendor/
# holds only the program's dependencies).
RUSTC_BOOTSTRAP=1 cargo fuzz run --fuzz-dir "$repo/fuzz" -s none -a script -- \
    -max_total_time="$secs" -max_len=32768
