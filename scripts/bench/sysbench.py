#!/usr/bin/env python3
"""sysbench 1.0.20 and pgbench-rs side by side on the same sysbench tables.

For each test and client count, alternating runs of Debian's sysbench
(`--threads=N`) and of pgbench-rs's builtin of the same name (`-c N -M
prepared`, sysbench's statements are prepared too): tps from -T / --time
runs, and client CPU per transaction from two fixed-work runs (the same
number of transactions for both tools, the difference of a long and a short
run, so that start-up and connecting cancel out). Run by sysbench.sh, which
sets up the server and the environment."""

import argparse
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench import BenchError, Variant, execute, fmt, fmt_ratio, log, median, print_table, ratio, run_perf  # noqa: E402

TESTS = {
    "oltp_read_write": "oltp-read-write",
    "oltp_read_only": "oltp-read-only",
    "oltp_point_select": "oltp-point-select",
}


def sysbench_conn():
    return [
        "--db-driver=pgsql",
        f"--pgsql-host={os.environ.get('PGHOST', '/tmp')}",
        f"--pgsql-port={os.environ.get('PGPORT', '5432')}",
        f"--pgsql-user={os.environ.get('PGUSER', 'postgres')}",
        f"--pgsql-db={os.environ.get('PGDATABASE', 'postgres')}",
    ]


def sysbench_cmd(test, a, clients, extra):
    return ["sysbench", test, *sysbench_conn(), f"--tables={a.tables}", f"--table-size={a.table_size}", f"--threads={clients}", *extra]


def rs_cmd(test, clients, extra):
    jobs = min(clients, os.cpu_count() or 1)
    # sysbench rolls back and starts the event again on a unique violation
    # (two clients deleting and inserting the same id); pgbench-rs counts it
    # as a failed transaction and goes on.
    return [os.environ["RS_BIN"], "-n", "-b", TESTS[test], "-M", "prepared", "--continue-on-error", "-c", str(clients), "-j", str(jobs), *extra]


def sysbench_txns(out):
    m = re.search(r"^\s*transactions:\s+(\d+)\s+\(([\d.]+) per sec\.\)", out, re.M)
    return (int(m.group(1)), float(m.group(2))) if m else (None, None)


def rs_txns(out):
    n = re.search(r"^number of transactions actually processed: (\d+)", out, re.M)
    t = re.search(r"^tps = ([\d.]+)", out, re.M)
    return (int(n.group(1)), float(t.group(1))) if n and t else (None, None)


def run(tool, test, a, clients, extra, perf=False):
    """(transactions, tps, counts): counts has cpu (s) and, under perf,
    syscalls and context switches."""
    cmd = sysbench_cmd(test, a, clients, extra) if tool == "sysbench" else rs_cmd(test, clients, extra)
    v = Variant(tool, tool, cmd[0], args=cmd[1:])
    if perf:
        r = run_perf(v, [], timeout=600, extra_events=["context-switches"])
        counts = {"cpu": r.task_clock, "syscalls": r.syscalls, "cs": r.counts.get("context-switches")}
    else:
        r = execute(cmd, timeout=600)
        counts = {"cpu": r.cpu}
    n, tps = (sysbench_txns if tool == "sysbench" else rs_txns)(r.out)
    if r.rc != 0 or n is None:
        raise BenchError(r, v)
    return n, tps, counts


def prepare(a):
    execute(["sysbench", "oltp_common", *sysbench_conn(), f"--tables={a.tables}", "cleanup"], timeout=600)
    r = execute(["sysbench", "oltp_common", *sysbench_conn(), f"--tables={a.tables}", f"--table-size={a.table_size}", "--threads=2", "prepare"], timeout=3600)
    if r.rc != 0:
        raise BenchError(r, Variant("sysbench", "sysbench", "sysbench"))


def main(argv):
    ap = argparse.ArgumentParser(prog="sysbench.sh", description=__doc__.splitlines()[0])
    ap.add_argument("--tests", default=",".join(TESTS), help="comma list of: " + ", ".join(TESTS))
    ap.add_argument("--clients", default="1,8,32")
    ap.add_argument("--tables", type=int, default=4)
    ap.add_argument("--table-size", type=int, default=10000)
    ap.add_argument("--rounds", type=int, default=3, help="alternating rounds")
    ap.add_argument("-T", "--duration", type=int, default=3, help="seconds of each tps run")
    ap.add_argument("--cpu-seconds", type=float, default=1.0, help="aim of the long fixed runs, from sysbench's tps")
    ap.add_argument("--no-prepare", action="store_true")
    ap.add_argument("--no-perf", dest="perf", action="store_false", help="time the fixed runs from rusage, without perf's system-call and context-switch counts")
    ap.add_argument("--markdown", action="store_true")
    a = ap.parse_args(argv)
    if not a.no_prepare:
        log(f"sysbench prepare: {a.tables} tables of {a.table_size} rows")
        prepare(a)
    rows = []
    for test in a.tests.split(","):
        for clients in [int(c) for c in a.clients.split(",")]:
            tps = {"sysbench": [], "rs": []}
            cpu = {"sysbench": [], "rs": []}
            sysc = {"sysbench": [], "rs": []}
            cs = {"sysbench": [], "rs": []}
            total = None
            log(f"{test} at {clients} clients")
            for _ in range(a.rounds):
                for tool in ("sysbench", "rs"):
                    extra = ["--time=" + str(a.duration), "run"] if tool == "sysbench" else ["-T", str(a.duration)]
                    tps[tool].append(run(tool, test, a, clients, extra)[1])
                if total is None:
                    per_client = max(int(tps["sysbench"][0] * a.cpu_seconds / clients), 50)
                    total = per_client * clients
                for tool in ("sysbench", "rs"):
                    runs = []
                    for n in (total, total // 10):
                        if tool == "sysbench":
                            extra = [f"--events={n}", "--time=0", "run"]
                        else:
                            extra = ["-t", str(n // clients)]
                        runs.append(run(tool, test, a, clients, extra, perf=a.perf))
                    (n_long, _, c_long), (n_short, _, c_short) = runs

                    def per(key):
                        if c_long.get(key) is None or c_short.get(key) is None:
                            return None
                        return (c_long[key] - c_short[key]) / (n_long - n_short)

                    cpu[tool].append(per("cpu") * 1e6)
                    sysc[tool].append(per("syscalls"))
                    cs[tool].append(per("cs"))
            s_cpu, r_cpu = median(cpu["sysbench"]), median(cpu["rs"])
            s_tps, r_tps = median(tps["sysbench"]), median(tps["rs"])
            row = [test, str(clients), fmt(s_tps, 0), fmt(r_tps, 0), fmt_ratio(ratio(r_tps, s_tps)), fmt(s_cpu), fmt(r_cpu), fmt_ratio(ratio(r_cpu, s_cpu))]
            if a.perf:
                med = [median(d[t]) for d in (sysc, cs) for t in ("sysbench", "rs")]
                row += [fmt(med[0]), fmt(med[1]), fmt(med[2], 2), fmt(med[3], 2)]
            rows.append(row)
    print(f"sysbench 1.0.20 and pgbench-rs -M prepared, {a.tables} tables of {a.table_size} rows, median of {a.rounds} rounds")
    headers = ["test", "clients", "tps sysbench", "tps pgbench-rs", "rs/sysbench", "CPU µs/txn sysbench", "CPU µs/txn pgbench-rs", "rs/sysbench"]
    if a.perf:
        headers += ["syscalls/txn sysbench", "pgbench-rs", "context switches/txn sysbench", "pgbench-rs"]
    print_table(headers, rows, markdown=a.markdown)
    print("CPU: the client's user and system time (perf's task-clock with --perf), long fixed run minus short, per transaction.")


if __name__ == "__main__":
    try:
        main(sys.argv[1:])
    except BenchError as e:
        print(f"error: {e}", file=sys.stderr)
        sys.exit(1)
