#!/usr/bin/env bash
# Peak RSS against the run's length: `-c 32 -S -M prepared --report-json`
# (distributions on) at -T 10 and -T 120, at -j 32 and -j 4, without -P
# and with -P 1; C pgbench's for reference. The growth per second of run
# is the report's per-second series (one merged interval per second,
# whatever -j: see src/stats/series.rs), the same at -j 32 and -j 4
# where their latencies spread alike.
# Beside the growth between the two runs, the growth within the long one
# (its RSS, from /proc, when it had run as long as the short one and a
# second before its end), which the spread of RSS between processes and
# the report's work at the end do not move; and the growth of the JSON
# report per second, which is what a second of the series holds. With
# --rate R every run is under -R R: at a rate every -j reaches, their
# seconds hold alike, and what is left between them is -j's. About 13
# minutes for one round, 9 more for each further one.
#
#   scripts/bench/memory.sh [-c N] [--jobs J,...] [--short S] [--long S]
#                           [--scale N] [--rounds N] [--rate R] [--no-init]
#                           [--quick] [--markdown]
#
# Starts a throwaway server unless PGHOST/PGPORT point at one.
. "$(dirname "$0")/lib.sh"
case " $* " in *" --help "* | *" -h "*) exec python3 "$ROOT/scripts/bench/scale.py" memory --help ;; esac
bench_setup
python3 "$ROOT/scripts/bench/scale.py" memory "$@"
