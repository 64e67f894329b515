#!/usr/bin/env bash
# Connections that never stall a thread, C pgbench side by side:
# `-n -S -C -c 8 -j 1 -T 10` (simple and -M prepared): tps and -C's
# average connection time; and the initial connection time of
# `-n -S -c 500 -j 1 -t 1`. Medians of alternating runs, with the
# pgbench-rs / C ratio of each. About 3 minutes.
#
#   scripts/bench/connect.sh [-T S] [-c N] [--many N] [--rounds R]
#                            [--scale N] [--no-init] [--markdown]
#
# Starts a throwaway server unless PGHOST/PGPORT point at one.
. "$(dirname "$0")/lib.sh"
case " $* " in *" --help "* | *" -h "*) exec python3 "$ROOT/scripts/bench/scale.py" connect --help ;; esac
bench_setup
python3 "$ROOT/scripts/bench/scale.py" connect "$@"
