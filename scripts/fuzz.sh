#!/usr/bin/env bash
# Short runs of the fuzz targets (fuzz/fuzz_targets/, each calling an
# entry point of the library's pgbench_rs::fuzzing), SECONDS each:
#   script   parses arbitrary bytes as a pgbench script, prepares it for
#            every query mode, renders its SQL and evaluates its
#            expressions;
#   merge, compare, csv
#            documents from elsewhere (bytes, or edits of the real
#            documents in tests/data/documents/) given to --merge (two
#            shards), --compare and --merge FILE --report-csv, with every
#            report file.
# Any panic, hang or abort is a failure, and so is an input that takes
# more than MEMORY_MB of memory (-rss_limit_mb) or TIMEOUT seconds
# (-timeout): a reader's work must stay in proportion to its input.
# The targets are built first, then run side by side, as many at a time
# as there are cores (each fuzzer is one process on one core); each one's
# output is printed when it ends. Needs cargo-fuzz (installed with cargo
# if missing).
#
#   scripts/fuzz.sh [SECONDS [TARGET...]]
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
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(script merge compare csv)
memory_mb=2048
timeout=10
RUSTC_BOOTSTRAP=1 cargo fuzz build --fuzz-dir "$repo/fuzz" -s none -a
logs=$(mktemp -d "${TMPDIR:-/tmp}/pgbench-rs-fuzz.XXXXXX")
status=0
# finish TARGET PID: waits for one fuzzer and prints what it said.
finish() {
    local rc=0
    wait "$2" || rc=$?
    echo "fuzz: == $1 (exit $rc)" >&2
    cat "$logs/$1.log" >&2
    [ $rc = 0 ] || status=1
}
at_once=$(nproc)
running=()
for target in "${targets[@]}"; do
    if [ ${#running[@]} -ge $((at_once * 2)) ]; then
        finish "${running[0]}" "${running[1]}"
        running=("${running[@]:2}")
    fi
    echo "fuzz: $target for $secs s" >&2
    # (-close_fd_mask=3: the targets print reports; libFuzzer keeps its
    # own copy of stderr for what it says.)
    RUSTC_BOOTSTRAP=1 cargo fuzz run --fuzz-dir "$repo/fuzz" -s none -a "$target" -- \
        -max_total_time="$secs" -max_len=65536 -rss_limit_mb="$memory_mb" \
        -timeout="$timeout" -close_fd_mask=3 -len_control=0 >"$logs/$target.log" 2>&1 &
    running+=("$target" $!)
done
while [ ${#running[@]} -gt 0 ]; do
    finish "${running[0]}" "${running[1]}"
    running=("${running[@]:2}")
done
rm -rf "$logs"
exit $status
