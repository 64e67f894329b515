#!/usr/bin/env bash
# What -l (the per-transaction log) adds to the client's cost, C pgbench vs
# pgbench-rs: `-S -M prepared -c 8 -j 2 -t N` with and without -l, alternating.
# Prints CPU µs, instructions and syscalls per transaction without and with
# -l, the added amount for each binary and the ratio (pgbench-rs added / C
# added).
#
#   scripts/bench/log-overhead.sh [-t N] [-c N] [-j N] [--rounds N]
#                                 [--callgrind-t N] [--ppoll] [--quick] [--markdown]
#
# Needs perf (syscalls, CPU) and valgrind (instructions); as root it installs
# them. Starts a throwaway server unless PGHOST/PGPORT point at one.
. "$(dirname "$0")/lib.sh"
bench_help log "$@"
bench_setup perf valgrind
python3 "$BENCH_PY" log "$@"
