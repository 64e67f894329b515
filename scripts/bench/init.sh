#!/usr/bin/env bash
# Client-side data generation, C pgbench vs pgbench-rs: `-i -s 20 -I dtg` and
# the default steps (dtgvp), alternating, N rounds. Prints each run's wall
# time, the medians, client CPU and peak RSS, and the pgbench-rs/C ratios.
#
#   scripts/bench/init.sh [--scale N] [--rounds N] [--quick] [--markdown]
#
# Starts a throwaway server unless PGHOST/PGPORT point at one (whose pgbench
# tables it then overwrites). Results go to stdout, progress to stderr.
. "$(dirname "$0")/lib.sh"
bench_help init "$@"
bench_setup
python3 "$BENCH_PY" init "$@"
