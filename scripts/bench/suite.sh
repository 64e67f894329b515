#!/usr/bin/env bash
# The side-by-side suite, C pgbench vs pgbench-rs, alternating runs against
# one server. Workloads: -S -M simple, -S -M prepared, tpcb-like -M prepared,
# tpcb-like-plfunc -M prepared (C runs the builtin's script as a file),
# a `SELECT 1;` script -M prepared, a pipeline of ten `SELECT 1;` -M extended,
# at -c 1 -j 1, -c 8 -j 2, -c 64 -j 2 and -c 1000 -j 2; plus -S -M prepared
# with -r and with -l at -c 8; plus pgbench-rs with PGBENCH_RS_POLL=epoll and =ppoll for
# -S -M prepared at 1, 8 and 64 clients, and with --latency-percentiles, with
# --report-json, with --server-stats and with --reconnect for -S -M prepared at 1
# and 8 clients (what these options cost; scripts/bench/server-stats.sh runs
# the --server-stats cells alone).
# Columns: tps, client CPU µs/txn, instructions/txn (callgrind, -c 1 and 8),
# syscalls/txn and peak RSS, each with the pgbench-rs/C ratio. About 15
# minutes by default.
#
#   scripts/bench/suite.sh [--workloads W,...] [--clients N,...] [--rounds N]
#                          [--rounds-large N] [-T S] [--cpu-seconds S]
#                          [--alt-clients N,...] [--callgrind-clients N,...]
#                          [--ext-clients N,...]
#                          [--extra-clients N,...] [--scale N] [--no-init]
#                          [--quick] [--markdown]
#
# `--help` lists the workload names. Needs perf and valgrind (installed when
# run as root). -c 1000 needs max_connections >= 1100 (the throwaway server
# has it; with PGHOST/PGPORT a smaller server skips that column).
. "$(dirname "$0")/lib.sh"
bench_help suite "$@"
bench_setup perf valgrind
python3 "$BENCH_PY" suite "$@"
