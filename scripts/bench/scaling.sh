#!/usr/bin/env bash
# Throughput against the number of threads, C pgbench side by side: for
# -j from 1 up to the CPUs the clients may use (1, 2, 4, ... and all),
# -c 4 x -j, -M prepared, `SELECT 1` and -S, then the same with -C: tps,
# the client's CPU µs and system calls per transaction (perf stat, when
# it can count raw_syscalls:sys_enter), and the throughput per thread
# relative to the first -j.
#
#   scripts/bench/scaling.sh [--jobs J,...] [-T S] [--clients-per-thread N]
#                            [--rounds R] [--scale N] [--pin-variants 'P;...']
#                            [--no-init] [--markdown]
#
# With PGHOST/PGPORT set, the clients run against that server (best on
# another host) on every CPU this process may use. Otherwise it starts a
# throwaway server: on a machine with 4 or more usable CPUs the server is
# pinned (taskset) to the upper half and the clients to the lower half;
# on a smaller one both share every CPU and the table says the box is too
# small to see scaling.
. "$(dirname "$0")/lib.sh"
case " $* " in *" --help "* | *" -h "*) exec python3 "$ROOT/scripts/bench/scale.py" scaling --help ;; esac
bench_need_tools python3 time
command -v taskset >/dev/null 2>&1 || { bench_log "scaling.sh needs taskset (util-linux)"; exit 1; }
bench_build
bench_find_c
ulimit -n "$(ulimit -Hn)" 2>/dev/null || true

mapfile -t cpus < <(python3 -c 'import os; print("\n".join(map(str, sorted(os.sched_getaffinity(0)))))')
n=${#cpus[@]}
join() { local IFS=,; echo "$*"; }
server_cpus=""
if [ -n "${PGHOST:-}" ] || [ -n "${PGPORT:-}" ]; then
    client_cpus=$(join "${cpus[@]}")
    bench_log "using the server at PGHOST=${PGHOST:-} PGPORT=${PGPORT:-}; clients on CPUs $client_cpus"
else
    if [ "$n" -ge 4 ]; then
        half=$((n / 2))
        client_cpus=$(join "${cpus[@]:0:half}")
        server_cpus=$(join "${cpus[@]:half}")
    else
        client_cpus=$(join "${cpus[@]}")
        server_cpus=$client_cpus
    fi
    "$ROOT/scripts/deps.sh" >&2
    BENCH_SERVER_DIR=$(mktemp -d /tmp/pgbench-bench.XXXXXX)
    trap bench_stop_server EXIT
    trap 'exit 130' INT TERM
    envline=$(taskset -c "$server_cpus" "$ROOT/scripts/pgtmp.sh" start "$BENCH_SERVER_DIR" 5432 | grep '^export ')
    eval "$envline"
    bench_log "started a server in $BENCH_SERVER_DIR on CPUs $server_cpus; clients on CPUs $client_cpus"
fi
perf_arg=()
if ! perf stat -e raw_syscalls:sys_enter -x, -o /dev/null -- true >/dev/null 2>&1; then
    bench_log "perf cannot count raw_syscalls:sys_enter here: no system call counts, CPU time from rusage"
    perf_arg=(--no-perf)
fi
python3 "$ROOT/scripts/bench/scale.py" scaling --client-cpus "$client_cpus" --server-cpus "$server_cpus" "${perf_arg[@]}" "$@"
