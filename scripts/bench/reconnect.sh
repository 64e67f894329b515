#!/usr/bin/env bash
# What --reconnect and --rate-profile cost per transaction, in one run:
# instructions per transaction (callgrind, (Ir at -t N - Ir at -t N/10) /
# (0.9 N), which cancels start-up and connection) of `-n -S -M prepared
# -c 1` with and without --reconnect, and of the same under -R 1000000
# and under --rate-profile=0:1000000 (the same schedule, drawn by the
# profile), with C pgbench's for reference.
#
#   scripts/bench/reconnect.sh [-t N] [--markdown]
#
# Needs valgrind; starts a throwaway server unless PGHOST/PGPORT are set.
. "$(dirname "$0")/lib.sh"

T=2000
MARKDOWN=0
while [ $# -gt 0 ]; do
    case $1 in
    -t) T=$2; shift 2 ;;
    --markdown) MARKDOWN=1; shift ;;
    -h | --help) sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "reconnect.sh: unknown argument: $1" >&2; exit 1 ;;
    esac
done
case $T in '' | *[!0-9]*) echo "reconnect.sh: -t needs a number" >&2; exit 1 ;; esac
[ "$T" -ge 20 ] || { echo "reconnect.sh: -t must be at least 20" >&2; exit 1; }

bench_need_tools valgrind
(cd "$ROOT" && make release >&2)
bench_find_c
bench_start_server
trap bench_stop_server EXIT

db=pgbench_rs_reconnect
"$PSQL_BIN" -q -X -d postgres -c "drop database if exists $db" -c "create database $db" >/dev/null
"$RS_BIN" -i -s 1 -q "$db" >/dev/null 2>&1

bench_log "callgrind: -t $T and -t $((T / 10)) of each"
per_txn() { bench_ir_per_txn reconnect.sh "$T" "$1" "$db" "${@:2}"; }
c=$(per_txn "$C_BIN")
plain=$(per_txn "$RS_BIN")
reconnect=$(per_txn "$RS_BIN" --reconnect)
c_rate=$(per_txn "$C_BIN" -R 1000000)
rate=$(per_txn "$RS_BIN" -R 1000000)
profile=$(per_txn "$RS_BIN" --rate-profile=0:1000000)

row() {
    if [ "$MARKDOWN" = 1 ]; then
        printf '| %s | %s | %s | %s |\n' "$@"
    else
        printf '%-40s %12s %12s %10s\n' "$@"
    fi
}
echo "instructions per transaction, -n -S -M prepared -c 1 (callgrind)"
[ "$MARKDOWN" = 1 ] && echo
row run instr/txn "added" "vs C"
[ "$MARKDOWN" = 1 ] && row --- ---: ---: ---:
row "C pgbench" "$c" "" "1.0000"
row "pgbench-rs" "$plain" "" "$(bench_ratio "$plain" "$c")"
row "pgbench-rs --reconnect" "$reconnect" "$((reconnect - plain))" "$(bench_ratio "$reconnect" "$c")"
row "C pgbench -R 1000000" "$c_rate" "" "1.0000"
row "pgbench-rs -R 1000000" "$rate" "" "$(bench_ratio "$rate" "$c_rate")"
row "pgbench-rs --rate-profile=0:1000000" "$profile" "$((profile - rate))" "$(bench_ratio "$profile" "$c_rate")"
