#!/usr/bin/env bash
# Regenerates src/hot-text.ld, the linker script that puts the code a
# benchmark run executes ahead of the rest (see the file's comment).
#
#   scripts/hot-text.sh
#
# Builds pgbench-rs with a link map, runs a few typical benchmarks under
# callgrind against a throwaway server (or PGHOST/PGPORT, with pgbench
# tables at scale 1 or more), and lists every function that ran. Rerun it
# after large changes to the engine, and with each new rustc release: the
# file records the release (`rustc -V`), and build.rs leaves the file out,
# with a warning, when another rustc builds; a stale list only costs memory.
. "$(dirname "$0")/bench/lib.sh"
bench_need_tools python3 valgrind
bench_start_server

target="$ROOT/target/hot-text"
map="$target/link.map"
mkdir -p "$target"
bench_log "building with a link map ..."
RUSTFLAGS="-C link-arg=-Wl,-Map=$map" cargo build --release --offline --locked \
    --target-dir "$target" --manifest-path "$ROOT/Cargo.toml" >&2
bin="$target/release/pgbench-rs"

if [ -n "$BENCH_SERVER_DIR" ]; then
    "$bin" -i -q -s 1 >/dev/null 2>&1
fi

work=$(mktemp -d)
trap 'rm -rf "$work"; bench_stop_server' EXIT
# The suite's workloads and the common options.
printf 'SELECT 1;\n' >"$work/select1.sql"
{
    echo '\startpipeline'
    for _ in 1 2 3 4 5 6 7 8 9 10; do echo 'SELECT 1;'; done
    echo '\endpipeline'
} >"$work/pipeline.sql"
runs=(
    "-S -M prepared -c 8 -j 2 -T 2"
    "-M simple -r -P 1 -c 4 -j 2 -T 2"
    "-S -M extended -l -R 500 -c 2 -T 2"
    "-S -C -c 2 -t 30"
    "-b simple-update -M prepared -c 2 -t 50"
    "-n -f select1.sql -M prepared -c 4 -j 2 -t 200"
    "-n -f pipeline.sql -M extended -c 4 -j 2 -t 50"
)
i=0
for args in "${runs[@]}"; do
    i=$((i + 1))
    bench_log "callgrind: pgbench-rs $args"
    # shellcheck disable=SC2086 # the arguments are words
    (cd "$work" && valgrind --tool=callgrind --dump-instr=yes \
        --callgrind-out-file="$work/cg.$i" "$bin" $args >"$work/out" 2>&1) ||
        { cat "$work/out" >&2; exit 1; }
done
python3 "$ROOT/scripts/hot-text.py" "$("${RUSTC:-rustc}" -V)" "$map" "$ROOT/src/hot-text.ld" "$work"/cg.*
bench_log "wrote src/hot-text.ld"
