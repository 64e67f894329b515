#!/usr/bin/env bash
# What --server-stats costs a run: the suite's -S -M prepared cells at 1 and
# 8 clients, C pgbench, pgbench-rs, and pgbench-rs with --latency-percentiles,
# --report-json and --server-stats, alternating in one run (tps, client CPU
# µs, syscalls per transaction; the sampler's thread is part of the client's
# CPU, its queries part of the server's load and so of the tps).
#
#   scripts/bench/server-stats.sh [suite options, e.g. --clients 8 --rounds 3 --quick --markdown]
. "$(dirname "$0")/lib.sh"
bench_help suite "$@"
bench_setup perf valgrind
python3 "$BENCH_PY" suite --workloads select-prepared --clients 1,8 --ext-clients 1,8 \
    --alt-clients '' --callgrind-clients '' "$@"
