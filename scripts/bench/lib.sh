# Shared set-up for the benchmark scripts in this directory (sourced, not run).
#
# bench_setup TOOL...   makes sure the tools are installed (apt-get as root,
#                       otherwise says what to install and fails), builds
#                       target/release/pgbench-rs if it is missing, finds the
#                       C pgbench, raises the open-files limit, and starts a
#                       throwaway server unless PGHOST or PGPORT is set.
# Afterwards: $ROOT, $RS_BIN, $C_BIN, $BENCH_PY are set, PG* are exported,
# and the server (if started here) is stopped on exit.
#
# Tools: perf (syscall counts), valgrind (instruction counts), time, strace.
#
# bench_ir_per_txn NAME T BIN DB ARGS...
#                       instructions per transaction of `BIN -n -S -M
#                       prepared -c 1 ARGS... DB` under callgrind: (Ir at -t T
#                       - Ir at -t T/10) / (T - T/10), which cancels start-up
#                       and connection; NAME is the script's, for messages.
# bench_ratio A B       A / B to four decimals.

set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
BENCH_PY="$ROOT/scripts/bench/bench.py"
RS_BIN="$ROOT/target/release/pgbench-rs"
BENCH_SERVER_DIR=""

bench_log() { echo "$*" >&2; }

bench_need_tools() {
    local missing=() tool
    for tool in "$@"; do
        case $tool in
        perf)
            # perf must run for this kernel and know the syscall tracepoint.
            if ! perf stat -e raw_syscalls:sys_enter -x, -o /dev/null -- true >/dev/null 2>&1; then
                missing+=(linux-perf)
            fi
            ;;
        valgrind) command -v valgrind >/dev/null 2>&1 || missing+=(valgrind) ;;
        time) [ -x /usr/bin/time ] || missing+=(time) ;;
        strace) command -v strace >/dev/null 2>&1 || missing+=(strace) ;;
        python3) command -v python3 >/dev/null 2>&1 || missing+=(python3) ;;
        esac
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
        bench_log "installing: ${missing[*]}"
        export DEBIAN_FRONTEND=noninteractive
        apt-get update -qq >&2
        apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
        if [[ " ${missing[*]} " == *" linux-perf "* ]] &&
            ! perf stat -e raw_syscalls:sys_enter -x, -o /dev/null -- true >/dev/null 2>&1; then
            bench_log "perf cannot count raw_syscalls:sys_enter here (kernel.perf_event_paranoid? tracefs?)"
            return 1
        fi
        return 0
    fi
    bench_log "these benchmarks need: ${missing[*]}"
    bench_log "install them, e.g.: sudo apt-get install ${missing[*]}"
    return 1
}

bench_build() {
    if [ ! -x "$RS_BIN" ]; then
        bench_log "building target/release/pgbench-rs ..."
        (cd "$ROOT" && cargo build --release --quiet) >&2
    fi
}

bench_find_c() {
    # The real C pgbench 17 (scripts/pgref.sh), else the installed one.
    local bindir=""
    bindir=$("$ROOT/scripts/pgref.sh" bindir 17 2>/dev/null || true)
    if [ -z "$bindir" ] && command -v pg_config >/dev/null 2>&1; then
        bindir=$(pg_config --bindir 2>/dev/null || true)
    fi
    if [ -z "$bindir" ] || [ ! -x "$bindir/pgbench" ]; then
        bindir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
    fi
    # Never /usr/bin/pgbench: on Debian it is a Perl wrapper that adds its own start-up cost.
    C_BIN="${C_PGBENCH:-$bindir/pgbench}"
    if [ ! -x "$C_BIN" ]; then
        bench_log "C pgbench not found (run scripts/pgref.sh as root, set C_PGBENCH, or install postgresql-client)"
        return 1
    fi
    bench_log "C pgbench: $C_BIN ($("$C_BIN" -V))"
    PSQL_BIN="$(dirname "$C_BIN")/psql"
    [ -x "$PSQL_BIN" ] || PSQL_BIN=psql
    export C_BIN RS_BIN PSQL_BIN
}

bench_stop_server() {
    if [ -n "$BENCH_SERVER_DIR" ]; then
        "$ROOT/scripts/pgtmp.sh" stop "$BENCH_SERVER_DIR" >/dev/null 2>&1 || true
        rm -rf "$BENCH_SERVER_DIR"
        BENCH_SERVER_DIR=""
    fi
}

bench_start_server() {
    if [ -n "${PGHOST:-}" ] || [ -n "${PGPORT:-}" ]; then
        bench_log "using the server at PGHOST=${PGHOST:-} PGPORT=${PGPORT:-}"
        return 0
    fi
    "$ROOT/scripts/deps.sh" >&2
    BENCH_SERVER_DIR=$(mktemp -d /tmp/pgbench-bench.XXXXXX)
    trap bench_stop_server EXIT
    trap 'exit 130' INT TERM
    local envline
    envline=$("$ROOT/scripts/pgtmp.sh" start "$BENCH_SERVER_DIR" 5432 | grep '^export ')
    eval "$envline"
    bench_log "started a server in $BENCH_SERVER_DIR"
}

# bench_help CMD ARGS...: with -h/--help among ARGS, print bench.py's help and exit.
bench_help() {
    local cmd=$1
    shift
    case " $* " in
    *" --help "* | *" -h "*) exec python3 "$BENCH_PY" "$cmd" --help ;;
    esac
}

bench_setup() {
    bench_need_tools python3 time "$@"
    bench_build
    bench_find_c
    # -c 1000 needs more than 1024 descriptors; take the hard limit.
    ulimit -n "$(ulimit -Hn)" 2>/dev/null || true
    bench_start_server
}

# bench_ir NAME N BIN DB ARGS...: the client's total instructions for -t N.
bench_ir() {
    local name=$1 n=$2 bin=$3 db=$4 d out
    shift 4
    d=$(mktemp -d)
    if ! valgrind --tool=callgrind --callgrind-out-file="$d/cg.out" --log-file="$d/vg.log" \
        "$bin" -n -S -M prepared -c 1 -t "$n" "$@" "$db" >"$d/out" 2>&1; then
        echo "$name: $bin $* failed under valgrind:" >&2
        cat "$d/out" "$d/vg.log" >&2
        rm -rf "$d"
        exit 1
    fi
    out=$(sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$d/vg.log")
    rm -rf "$d"
    echo "$out"
}

bench_ir_per_txn() {
    local name=$1 t=$2 bin=$3 db=$4 long short
    shift 4
    long=$(bench_ir "$name" "$t" "$bin" "$db" "$@")
    short=$(bench_ir "$name" $((t / 10)) "$bin" "$db" "$@")
    awk -v a="$long" -v b="$short" -v n=$((t - t / 10)) 'BEGIN { printf "%.0f", (a - b) / n }'
}

bench_ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.4f", a / b }'; }
