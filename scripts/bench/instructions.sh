#!/usr/bin/env bash
# Instructions per transaction of this build against an earlier revision's
# build and C pgbench, in one run: `-n -S -M prepared -c 1` under callgrind,
# (Ir at -t N - Ir at -t N/10) / (0.9 N), which cancels start-up and
# connection. Instruction counts do not move with the machine's load, so
# one run of each is enough to see a change of well under 1%.
#
#   scripts/bench/instructions.sh [--base REV] [-t N] [--markdown]
#
# REV (default: the last commit before the code took its current shape, a
# library with typed times and errors and a client generic over its
# connection) is built with `make release` in a temporary git worktree,
# into target/bench-base (kept, so that the next run reuses it). Needs
# valgrind and git; starts a throwaway server unless PGHOST/PGPORT are set.
. "$(dirname "$0")/lib.sh"

BASE=712d61e^
T=2000
MARKDOWN=0
while [ $# -gt 0 ]; do
    case $1 in
    --base) BASE=$2; shift 2 ;;
    -t) T=$2; shift 2 ;;
    --markdown) MARKDOWN=1; shift ;;
    -h | --help) sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "instructions.sh: unknown argument: $1" >&2; exit 1 ;;
    esac
done
case $T in '' | *[!0-9]*) echo "instructions.sh: -t needs a number" >&2; exit 1 ;; esac
if [ "$T" -lt 20 ]; then
    echo "instructions.sh: -t must be at least 20" >&2
    exit 1
fi

bench_need_tools valgrind
(cd "$ROOT" && make release >&2)
bench_find_c
bench_start_server

# The base revision's binary.
base_rev=$(git -C "$ROOT" rev-parse --verify --quiet "$BASE^{commit}") || {
    echo "instructions.sh: no such revision: $BASE" >&2
    exit 1
}
base_dir="$ROOT/target/bench-base"
base_bin="$base_dir/$base_rev/pgbench-rs"
if [ ! -x "$base_bin" ]; then
    tree=$(mktemp -d /tmp/pgbench-rs-base.XXXXXX)
    git -C "$ROOT" worktree add --detach --quiet "$tree" "$base_rev" >&2
    trap 'git -C "$ROOT" worktree remove --force "$tree"; bench_stop_server' EXIT
    bench_log "building $base_rev ..."
    # (Revisions before the build tricks became opt-in had them on by
    # default; this build has none, so neither has the base.)
    if ! (cd "$tree" && PGBENCH_RS_BUILD_TRICKS=off CARGO_TARGET_DIR="$base_dir/target" make release >&2); then
        echo "instructions.sh: $base_rev does not build" >&2
        exit 1
    fi
    mkdir -p "$(dirname "$base_bin")"
    cp "$base_dir/target/release/pgbench-rs" "$base_bin"
    git -C "$ROOT" worktree remove --force "$tree"
    trap bench_stop_server EXIT
fi

db=pgbench_rs_instructions
"$PSQL_BIN" -q -X -d postgres -c "drop database if exists $db" -c "create database $db" >/dev/null
"$RS_BIN" -i -s 1 -q "$db" >/dev/null 2>&1

bench_log "callgrind: C pgbench, $base_rev, this build (-t $T and -t $((T / 10)) each)"
per_txn() { bench_ir_per_txn instructions.sh "$T" "$1" "$db"; }
c=$(per_txn "$C_BIN")
base=$(per_txn "$base_bin")
this=$(per_txn "$RS_BIN")

row() {
    if [ "$MARKDOWN" = 1 ]; then
        printf '| %s | %s | %s | %s |\n' "$@"
    else
        printf '%-24s %16s %14s %12s\n' "$@"
    fi
}
echo "instructions per transaction, -n -S -M prepared -c 1 (callgrind)"
[ "$MARKDOWN" = 1 ] && echo
row build instr/txn "vs $(git -C "$ROOT" rev-parse --short "$base_rev")" "vs C"
[ "$MARKDOWN" = 1 ] && row --- ---: ---: ---:
row "C pgbench" "$c" "$(bench_ratio "$c" "$base")" "1.0000"
row "pgbench-rs $(git -C "$ROOT" rev-parse --short "$base_rev")" "$base" "1.0000" "$(bench_ratio "$base" "$c")"
row "pgbench-rs (this build)" "$this" "$(bench_ratio "$this" "$base")" "$(bench_ratio "$this" "$c")"
