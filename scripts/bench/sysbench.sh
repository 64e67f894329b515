#!/usr/bin/env bash
# sysbench 1.0.20 (Debian's package) and pgbench-rs on the same sysbench
# tables (prepared by sysbench), with the same clients: tps and client CPU
# per transaction of both (with perf: system calls and context switches
# per transaction too), with the pgbench-rs/sysbench ratios, for
# oltp_read_write, oltp_read_only and oltp_point_select at 1, 8 and 32
# clients (pgbench-rs with -j at most the number of cores).
# About 10 minutes by default.
#
#   scripts/bench/sysbench.sh [--tests T,...] [--clients N,...] [--tables N]
#                             [--table-size N] [--rounds N] [-T S]
#                             [--cpu-seconds S] [--no-prepare] [--no-perf]
#                             [--markdown]
. "$(dirname "$0")/lib.sh"
case " $* " in
*" --help "* | *" -h "*) exec python3 "$(dirname "$0")/sysbench.py" --help ;;
esac
bench_setup time perf
if ! command -v sysbench >/dev/null 2>&1; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends sysbench >&2
    else
        bench_log "this benchmark needs sysbench: sudo apt-get install sysbench"
        exit 1
    fi
fi
python3 "$(dirname "$0")/sysbench.py" "$@"
