#!/usr/bin/env bash
# What --metrics-listen costs a run: the suite's -S -M prepared cells at 1
# and 8 clients, C pgbench, pgbench-rs, pgbench-rs with --report-json
# (the per-second data, which the endpoint turns on too), and pgbench-rs
# with its endpoint up and scraped every second (OpenMetrics, as
# Prometheus asks), alternating in one run: tps, client CPU µs, syscalls and instructions per
# transaction. (Without the option nothing of the endpoint exists: no
# thread, no socket; scripts/bench/instructions.sh shows the instructions
# per transaction of a build against an earlier one.)
#
#   scripts/bench/metrics.sh [suite options, e.g. --clients 8 --rounds 3 --quick --markdown]
. "$(dirname "$0")/lib.sh"
bench_help suite "$@"
bench_setup perf valgrind
python3 "$BENCH_PY" suite --workloads select-prepared --clients 1,8 --metrics-clients 1,8 \
    --ext-clients '' --alt-clients '' "$@"
