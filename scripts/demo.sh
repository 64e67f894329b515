#!/usr/bin/env bash
# The demonstration: build pgbench-rs, start a throwaway PostgreSQL server
# (Unix socket in a temporary directory), initialize it with `pgbench-rs -i`,
# run a short benchmark and print its report, then stop the server.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/deps.sh
make --no-print-directory release  # offline, from vendor/ (see the Makefile)
bin=$PWD/target/release/pgbench-rs

dir=$(mktemp -d /tmp/pgbench-rs-demo.XXXXXX)
port=${PGBENCH_RS_DEMO_PORT:-54329}
cleanup() {
    scripts/pgtmp.sh stop "$dir" >/dev/null 2>&1 || true
    rm -rf "$dir"
}
trap cleanup EXIT
eval "$(scripts/pgtmp.sh start "$dir" "$port")"

echo "== pgbench-rs -i -s 1"
"$bin" -i -s 1
echo
echo "== pgbench-rs -c 4 -j 2 -T 5 -P 1 -S -M prepared"
"$bin" -c 4 -j 2 -T 5 -P 1 -S -M prepared
echo
echo "== pgbench-rs -c 4 -j 2 -t 200 (TPC-B like)"
"$bin" -c 4 -j 2 -t 200
