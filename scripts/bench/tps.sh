#!/usr/bin/env bash
# Throughput, C pgbench vs pgbench-rs against the same server, alternating:
# by default `-c 64 -j 2 -S -M prepared -T 10`, 3 rounds. Prints the tps of
# each run, the medians and their ratio (pgbench-rs / C).
#
#   scripts/bench/tps.sh [-c N] [-j N] [-T S] [-M MODE] [--builtin NAME]
#                        [--scale N] [--rounds N] [--ppoll] [--no-init]
#                        [--quick] [--markdown] [-- MORE PGBENCH OPTIONS]
#
# --ppoll adds pgbench-rs with PGBENCH_RS_POLL=ppoll as a third row.
# Starts a throwaway server unless PGHOST/PGPORT point at one.
. "$(dirname "$0")/lib.sh"
bench_help tps "$@"
bench_setup
python3 "$BENCH_PY" tps "$@"
