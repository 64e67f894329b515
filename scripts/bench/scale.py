#!/usr/bin/env python3
"""The benchmarks of pgbench-rs at scale, C pgbench side by side (called by
memory.sh, connect.sh and scaling.sh, which set up the tools, the build and
the server; `scale.py COMMAND --help` lists options).

  memory    peak RSS of a run with --report-json (distributions on) at a
            short and a long -T, without -P and with it, at many threads
            and at few: what a second of run costs, and that it does not
            depend on -j.
  connect   connections that never stall a thread: -C's tps, and the
            initial connection time of many clients on one thread.
  scaling   -j from 1 up to the usable cores, SELECT 1 and -S under
            -M prepared, and -C: tps, client CPU µs and system calls per
            transaction, throughput per thread relative to -j 1.
"""

import argparse
import os
import re
import statistics
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench import (  # noqa: E402
    BenchError,
    C,
    RS,
    Variant,
    check_connections,
    fmt,
    fmt_ratio,
    init_db,
    log,
    machine_facts,
    median,
    print_facts,
    print_table,
    ratio,
    run_perf,
    run_plain,
)


def ensure_ok(r, v):
    if not r.ok:
        raise BenchError(r, v)
    return r


# ---------------------------------------------------------------- memory


def cmd_memory(argv):
    ap = argparse.ArgumentParser(prog="memory.sh", description="Peak RSS against the run's length and -j.")
    ap.add_argument("-c", "--clients", type=int, default=32)
    ap.add_argument("--jobs", default="32,4", help="-j values (each at most -c)")
    ap.add_argument("--short", type=int, default=10, help="-T of the short run")
    ap.add_argument("--long", type=int, default=120, help="-T of the long run")
    ap.add_argument("--scale", type=int, default=10)
    ap.add_argument("--no-init", action="store_true")
    ap.add_argument("--rounds", type=int, default=1, help="runs of each, alternated; the median RSS is kept")
    ap.add_argument("--rate", type=int, help="-R for every run: at a rate every -j reaches, their seconds hold alike")
    ap.add_argument("--quick", action="store_true", help="-T 3 and 13, scale 1")
    ap.add_argument("--markdown", action="store_true")
    a = ap.parse_args(argv)
    if a.quick:
        a.short, a.long, a.scale = 3, 13, 1
    facts = machine_facts()
    if not check_connections(a.clients):
        sys.exit(f"the server's max_connections is too small for -c {a.clients}")
    if not a.no_init:
        init_db(a.scale)
    jobs = [int(j) for j in a.jobs.split(",") if j.strip()]
    rows = []
    growth = {}
    within = {}  # per -j, the growth within each long run
    in_run = {}  # its median
    report = {}
    with tempfile.TemporaryDirectory() as cwd:
        for progress in (False, True):
            # Each -j's short and long runs, alternated over the rounds.
            seen = {}
            sizes = {}
            for _ in range(max(a.rounds, 1)):
                for j in jobs:
                    base = ["-n", "-S", "-M", "prepared", "-c", str(a.clients), "-j", str(j)]
                    base += ["-R", str(a.rate)] if a.rate else []
                    base += ["-P", "1"] if progress else []
                    for t in (a.short, a.long):
                        args = base + ["-T", str(t), "--report-json=r.json"]
                        log(f"pgbench-rs {' '.join(args)}")
                        # The long run's RSS after as long as the short one ran,
                        # and a second before its end (before the report's work).
                        at = (a.short, a.long - 1) if t == a.long else ()
                        r = ensure_ok(run_plain(RS, args, cwd=cwd, timeout=t + 600, rss_at=at), RS)
                        seen.setdefault((j, t), []).append(r.maxrss_kb)
                        sizes.setdefault((j, t), []).append(os.path.getsize(os.path.join(cwd, "r.json")) / 1024)
                        if at and all(x in r.rss_at for x in at):
                            within.setdefault((progress, j), []).append((r.rss_at[at[1]] - r.rss_at[at[0]]) / (at[1] - at[0]))
            for j in jobs:
                rss = {t: statistics.median(seen[(j, t)]) for t in (a.short, a.long)}
                g = (rss[a.long] - rss[a.short]) / (a.long - a.short)
                growth[(progress, j)] = g
                w = within.get((progress, j))
                w = statistics.median(w) if w else None
                if w is not None:
                    in_run[(progress, j)] = w
                size = {t: statistics.median(sizes[(j, t)]) for t in (a.short, a.long)}
                report[(progress, j)] = (size[a.long] - size[a.short]) / (a.long - a.short)
                label = f"-c {a.clients} -j {j}" + (f" -R {a.rate}" if a.rate else "") + (" -P 1" if progress else "")
                rows.append([label, "pgbench-rs --report-json", fmt(rss[a.short] / 1024, 1), fmt(rss[a.long] / 1024, 1), fmt(g, 1), "-" if w is None else fmt(w, 1), fmt(report[(progress, j)], 1)])
            # C pgbench, which keeps no distributions, for reference.
            j = jobs[0]
            base = ["-n", "-S", "-M", "prepared", "-c", str(a.clients), "-j", str(j)]
            base += (["-R", str(a.rate)] if a.rate else []) + (["-P", "1"] if progress else [])
            rss = {}
            for t in (a.short, a.long):
                log(f"C pgbench {' '.join(base)} -T {t}")
                r = ensure_ok(run_plain(C, base + ["-T", str(t)], cwd=cwd, timeout=t + 600), C)
                rss[t] = r.maxrss_kb
            label = f"-c {a.clients} -j {j}" + (f" -R {a.rate}" if a.rate else "") + (" -P 1" if progress else "")
            rows.append([label, "C pgbench", fmt(rss[a.short] / 1024, 1), fmt(rss[a.long] / 1024, 1), fmt((rss[a.long] - rss[a.short]) / (a.long - a.short), 1), "-", "-"])
    rate = f", -R {a.rate}" if a.rate else ""
    print(f"# Peak RSS against the run's length: -S -M prepared{rate}, -T {a.short} and -T {a.long}")
    print_facts(facts, a.markdown)
    headers = ["run", "binary", f"RSS -T {a.short} MB", f"RSS -T {a.long} MB", "growth kB/s", "in the run kB/s", "JSON kB/s"]
    print_table(headers, rows, a.markdown, ["l", "l", "r", "r", "r", "r", "r"])
    print()
    for progress in (False, True):
        what = "with -P 1" if progress else "without -P"
        for name, of in (("growth", growth), ("in the run", in_run), ("JSON", report)):
            gs = [of[(progress, j)] for j in jobs if (progress, j) in of]
            if not gs:
                continue
            lo, hi = min(gs), max(gs)
            spread = ratio(hi, lo) if lo > 0 else None
            print(f"{what}: {name} {', '.join(f'-j {j} {of[(progress, j)]:.1f} kB/s' for j in jobs if (progress, j) in of)} (largest/smallest {fmt_ratio(spread)})")
        per = {j: in_run[(progress, j)] / report[(progress, j)] for j in jobs if (progress, j) in in_run and report[(progress, j)] > 0}
        if per:
            lo, hi = min(per.values()), max(per.values())
            spread = ratio(hi, lo) if lo > 0 else None
            print(f"{what}: in the run per kB of JSON {', '.join(f'-j {j} {v:.2f} kB' for j, v in per.items())} (largest/smallest {fmt_ratio(spread)})")
    print("growth = (peak RSS of the long run - of the short run) / the seconds between them: what a second of run costs,")
    print("the per-second series of the report (one merged interval per second, whatever -j) and the report document written from it;")
    print("in the run = (the long run's RSS a second before its end - when it had run as long as the short one) / the seconds")
    print("between: the same within one process, without the spread between processes (0.1 to 0.3 MB: the code pages a run touched) or the report's work;")
    print("JSON = (the long run's --report-json size - the short run's) / the seconds between: how much a second of the series")
    print("holds, which depends on how spread that second's latencies are (wider at -j 32 than at -j 4 on a small machine);")
    print("in the run per kB of JSON = the two divided: what a second costs for what it holds, which -j should not move.")


# ---------------------------------------------------------------- connect


def any_tps(run):
    """The tps line, with or without -C's reconnection times."""
    m = re.search(r"^tps = ([0-9.]+) \((?:without initial connection time|including reconnection times)\)", run.out, re.M)
    return float(m.group(1)) if m else None


def avg_conn_ms(run):
    """-C's `average connection time = X ms`."""
    m = re.search(r"^average connection time = ([0-9.]+) ms", run.out, re.M)
    return float(m.group(1)) if m else None


def cmd_connect(argv):
    ap = argparse.ArgumentParser(prog="connect.sh", description="-C's tps and the initial connection time of many clients on one thread, C pgbench side by side.")
    ap.add_argument("-T", "--duration", type=int, default=10, help="-T of the -C runs")
    ap.add_argument("-c", "--clients", type=int, default=8, help="-c of the -C runs")
    ap.add_argument("--many", type=int, default=500, help="-c of the initial-connection runs")
    ap.add_argument("--rounds", type=int, default=3, help="runs of each binary (alternating), the median kept")
    ap.add_argument("--scale", type=int, default=1)
    ap.add_argument("--no-init", action="store_true")
    ap.add_argument("--markdown", action="store_true")
    a = ap.parse_args(argv)
    facts = machine_facts()
    if not check_connections(a.many):
        sys.exit(f"the server's max_connections is too small for -c {a.many}")
    if not a.no_init:
        init_db(a.scale)
    rows = []
    with tempfile.TemporaryDirectory() as cwd:
        for mode in ("simple", "prepared"):
            args = ["-n", "-S", "-C", "-M", mode, "-c", str(a.clients), "-j", "1", "-T", str(a.duration)]
            tps, conn = {C.key: [], RS.key: []}, {C.key: [], RS.key: []}
            for _ in range(a.rounds):
                for v in (C, RS):
                    log(f"{v.label} {' '.join(args)}")
                    r = ensure_ok(run_plain(v, args, cwd=cwd, timeout=a.duration + 300), v)
                    tps[v.key].append(any_tps(r))
                    conn[v.key].append(avg_conn_ms(r))
            tc, tr = median(tps[C.key]), median(tps[RS.key])
            cc, cr = median(conn[C.key]), median(conn[RS.key])
            rows.append([" ".join(args), "tps", fmt(tc, 1), fmt(tr, 1), fmt_ratio(ratio(tr, tc))])
            rows.append(["", "average connection time ms", fmt(cc, 3), fmt(cr, 3), fmt_ratio(ratio(cr, cc))])
        args = ["-n", "-S", "-c", str(a.many), "-j", "1", "-t", "1"]
        ms = {C.key: [], RS.key: []}
        for _ in range(a.rounds + 2):
            for v in (C, RS):
                log(f"{v.label} {' '.join(args)}")
                r = ensure_ok(run_plain(v, args, cwd=cwd, timeout=600), v)
                ms[v.key].append(r.conn_ms())
        mc, mr = median(ms[C.key]), median(ms[RS.key])
        rows.append([" ".join(args), "initial connection time ms", fmt(mc, 1), fmt(mr, 1), fmt_ratio(ratio(mr, mc))])
    print(f"# Connections: -C and the initial connections of -c {a.many} on one thread (median of {a.rounds} and {a.rounds + 2} runs each, alternating)")
    print_facts(facts, a.markdown)
    print_table(["run", "measure", "C pgbench", "pgbench-rs", "rs/C"], rows, a.markdown, ["l", "l", "r", "r", "r"])
    print()
    print("-C: a connection per transaction; pgbench-rs makes it without blocking, its other clients running meanwhile.")
    print("average connection time: from starting a connection to its being ready, during which pgbench-rs's thread")
    print("serves its other clients: longer per connection, with more connections made per second.")
    print("initial connection time: pgbench-rs connects a thread's clients at once (32 at a time), C one after another.")


# ---------------------------------------------------------------- scaling


def cpu_list(text):
    """A taskset CPU list (0-3,8,10-11) as a sorted list of CPU numbers."""
    out = set()
    for part in text.split(","):
        part = part.strip()
        if not part:
            continue
        lo, _, hi = part.partition("-")
        out.update(range(int(lo), int(hi or lo) + 1))
    return sorted(out)


def pinned(v, cpus, extra_args=(), label=None):
    """Variant v run by `taskset -c cpus` (and perf stat counts it: taskset
    execs it in the same process)."""
    return Variant(v.key, label or v.label, "taskset", dict(v.env), ["-c", cpus, v.binary] + v.args + list(extra_args))


def cmd_scaling(argv):
    ap = argparse.ArgumentParser(prog="scaling.sh", description="Throughput against -j, C pgbench side by side.")
    ap.add_argument("--client-cpus", required=True, help="the CPUs the clients run on (taskset list)")
    ap.add_argument("--server-cpus", default="", help="the CPUs of the server this script started (empty: PGHOST's server, elsewhere)")
    ap.add_argument("--jobs", default="", help="-j values (default: 1, 2, 4, ... and the number of client CPUs)")
    ap.add_argument("--clients-per-thread", type=int, default=4, help="-c = this times -j")
    ap.add_argument("-T", "--duration", type=int, default=10)
    ap.add_argument("--rounds", type=int, default=1, help="alternating runs of each binary, the median kept")
    ap.add_argument("--scale", type=int, default=10)
    ap.add_argument("--pin-variants", default="all", help="';'-separated --pin values (all: --pin alone) to run pgbench-rs with as well; '' for none")
    ap.add_argument("--no-perf", action="store_true", help="perf cannot count system calls here: CPU from rusage, no system calls")
    ap.add_argument("--no-init", action="store_true")
    ap.add_argument("--markdown", action="store_true")
    a = ap.parse_args(argv)
    cpus = cpu_list(a.client_cpus)
    n = len(cpus)
    if a.jobs:
        jobs = [int(j) for j in a.jobs.split(",") if j.strip()]
    else:
        jobs, j = [], 1
        while j < n:
            jobs.append(j)
            j *= 2
        jobs.append(n)
    if n < 2:
        jobs = sorted(set(jobs) | {1, 2})
    facts = machine_facts()
    facts.append(("CPUs", f"clients on {a.client_cpus}" + (f", server on {a.server_cpus}" if a.server_cpus else "")))
    top = max(jobs) * a.clients_per_thread
    if not check_connections(top):
        sys.exit(f"the server's max_connections is too small for -c {top}")
    if not a.no_init:
        init_db(a.scale)
    variants = [pinned(C, a.client_cpus), pinned(RS, a.client_cpus)]
    for p in [p.strip() for p in a.pin_variants.split(";") if p.strip()]:
        opt = "--pin" if p == "all" else f"--pin={p}"
        variants.append(pinned(RS, a.client_cpus, [opt], f"pgbench-rs {opt}"))
    workloads = [
        ("SELECT 1", ["-f", "select1.sql"]),
        ("-S", ["-S"]),
        ("SELECT 1 -C", ["-f", "select1.sql", "-C"]),
        ("-S -C", ["-S", "-C"]),
    ]
    run = (lambda v, args, cwd, timeout: run_plain(v, args, cwd, timeout)) if a.no_perf else run_perf
    rows = []
    with tempfile.TemporaryDirectory() as cwd:
        with open(os.path.join(cwd, "select1.sql"), "w") as f:
            f.write("SELECT 1;\n")
        for wname, wargs in workloads:
            first = {}
            for j in jobs:
                c = j * a.clients_per_thread
                args = ["-n", "-M", "prepared", "-c", str(c), "-j", str(j), "-T", str(a.duration)] + wargs
                got = {v.label: [] for v in variants}
                for _ in range(a.rounds):
                    for v in variants:
                        log(f"{v.label} {' '.join(args)}")
                        r = ensure_ok(run(v, args, cwd=cwd, timeout=a.duration + 600), v)
                        txns = r.txns() or 0
                        cpu = r.task_clock if r.task_clock is not None else r.cpu
                        got[v.label].append((any_tps(r), cpu * 1e6 / txns if txns else None, r.syscalls / txns if txns and r.syscalls is not None else None))
                c_tps = median([g[0] for g in got[C.label]])
                for v in variants:
                    tps = median([g[0] for g in got[v.label]])
                    us = median([g[1] for g in got[v.label]])
                    sc = median([g[2] for g in got[v.label]])
                    if j == jobs[0]:
                        first[v.label] = (tps, j)
                    base = first.get(v.label)
                    per_thread = ratio(tps / j, base[0] / base[1]) if tps and base and base[0] else None
                    rows.append([wname, str(j), str(c), v.label, fmt(tps, 0), "" if v is variants[0] else fmt_ratio(ratio(tps, c_tps)), fmt(us, 1), fmt(sc, 2), fmt_ratio(per_thread)])
            rows.append(None)
    print(f"# Scaling: -M prepared, -c {a.clients_per_thread} x -j, -T {a.duration}" + (f", median of {a.rounds}" if a.rounds > 1 else ""))
    print_facts(facts, a.markdown)
    headers = ["workload", "-j", "-c", "binary", "tps", "vs C", "CPU µs/txn", "syscalls/txn", "tps/thread vs -j 1"]
    print_table(headers, [r for r in rows if r is not None] if a.markdown else rows, a.markdown, ["l", "r", "r", "l", "r", "r", "r", "r", "r"])
    print()
    print("CPU µs/txn: the client's CPU time (perf task-clock, else user+sys) over the transactions; syscalls/txn: perf raw_syscalls:sys_enter.")
    print("tps/thread vs -j 1: (tps / -j) / (tps at the first -j / that -j): 1.00 is perfect scaling.")
    if a.server_cpus and set(cpu_list(a.server_cpus)) & set(cpus):
        print(f"This box is too small to see scaling: {n} usable CPU(s), shared by the server and the clients (the table shows -j {', '.join(map(str, jobs))} only).")
        print("Run scripts/bench/scaling.sh on a machine with 8 or more cores, or with PGHOST pointing at a server on another host.")


# ---------------------------------------------------------------- main


def main():
    cmds = {"memory": cmd_memory, "connect": cmd_connect, "scaling": cmd_scaling}
    if len(sys.argv) < 2 or sys.argv[1] not in cmds:
        sys.exit("usage: scale.py " + "|".join(cmds) + " [options]")
    try:
        cmds[sys.argv[1]](sys.argv[2:])
    except BenchError as e:
        print(f"{e.variant.label} failed:\n{e}", file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
