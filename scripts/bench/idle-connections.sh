#!/usr/bin/env bash
# Does the cost of a wake-up grow with the number of idle connections?
# N clients on one thread, of which B run `SELECT 1;` as fast as they can
# while the others wait in a long `pg_sleep` on the server: their sockets
# are watched but never ready. With ppoll (C pgbench, and pgbench-rs with
# PGBENCH_RS_POLL=ppoll) every wake-up hands the kernel all N sockets; with
# epoll, or io_uring (pgbench-rs's default), it costs the same whatever N is.
#
#   scripts/bench/idle-connections.sh [N] [B] [SECONDS]    (defaults 1000 4 10)
#
# Prints, for C pgbench and pgbench-rs with ppoll, epoll and io_uring: the
# transactions of the busy clients and the client CPU per transaction
# (user+sys of the whole run, connecting included, over those transactions).
. "$(dirname "$0")/lib.sh"
n=${1:-1000}
busy=${2:-4}
secs=${3:-10}
bench_setup time
ulimit -n "$((n + 100))" 2>/dev/null || true
script=$(mktemp /tmp/pgbench-idle.XXXXXX.sql)
trap 'rm -f "$script"' RETURN EXIT
printf '\\if :client_id < %d\nSELECT 1;\n\\else\nSELECT pg_sleep(%d);\n\\endif\n' \
    "$busy" "$((secs + 2))" > "$script"

printf '%-22s %8s %12s %14s\n' "binary" "clients" "busy txns" "CPU µs/txn"
run() {
    local label=$1 bin=$2 poll=$3 out times txns
    out=$(mktemp)
    times=$(mktemp)
    PGBENCH_RS_POLL=$poll /usr/bin/time -f "%U %S" -o "$times" \
        "$bin" -n -f "$script" -c "$n" -j 1 -T "$secs" >"$out" 2>&1 || true
    txns=$(awk '/actually processed/ {print $NF}' "$out")
    python3 - "$label" "$n" "${txns:-0}" "$times" <<'PY'
import sys
label, n, txns, times = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
u, s = map(float, open(times).read().split()[:2])
per = f"{(u + s) * 1e6 / txns:.1f}" if txns else "n/a"
print(f"{label:<22} {n:>8} {txns:>12,} {per:>14}")
PY
    rm -f "$out" "$times"
}
run "C pgbench" "$C_BIN" ""
run "pgbench-rs (ppoll)" "$RS_BIN" ppoll
run "pgbench-rs (epoll)" "$RS_BIN" epoll
run "pgbench-rs (io_uring)" "$RS_BIN" io_uring
