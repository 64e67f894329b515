#!/usr/bin/env python3
"""Measuring core of the benchmark scripts: runs C pgbench and pgbench-rs
alternately against one server and prints tables with pgbench-rs/C ratios.

Called by init.sh, tps.sh, log-overhead.sh and suite.sh (which set up the
tools, the build and the server); `bench.py COMMAND --help` lists options.

Measurements
  tps          from pgbench's own `tps = ... (without initial connection time)`
               of a -T run.
  client CPU   user+sys time of the pgbench process (all its threads), from
               wait4() on a plain run, or from `perf stat -e task-clock` (the
               same quantity, counted for the pgbench process tree only) on a
               counted run.
  syscalls     `perf stat -e raw_syscalls:sys_enter` on the pgbench process
               tree (perf's own calls are not counted: counting starts at exec).
  instructions `valgrind --tool=callgrind` total "Collected" Ir of the client
               process (user space, all threads; the server is not traced).
  peak RSS     ru_maxrss from wait4() of a plain run.
Per-transaction costs use two fixed -t runs of the same binary, a long and a
short one: (X_long - X_short) / (txns_long - txns_short). Start-up,
connection and teardown cost is the same in both and cancels out, so the
figure is the steady-state cost of one more transaction.
"""

import argparse
import math
import os
import platform
import re
import shlex
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field

C_BIN = os.environ.get("C_BIN", "pgbench")
RS_BIN = os.environ.get("RS_BIN", "pgbench-rs")
PSQL_BIN = os.environ.get("PSQL_BIN", "psql")


def log(msg):
    print(msg, file=sys.stderr, flush=True)


@dataclass
class Variant:
    """One binary (plus environment) to measure."""

    key: str
    label: str
    binary: str
    env: dict = field(default_factory=dict)
    args: list = field(default_factory=list)


C = Variant("c", "C pgbench", C_BIN)
RS = Variant("rs", "pgbench-rs", RS_BIN)
RS_PPOLL = Variant("rs-ppoll", "pgbench-rs ppoll", RS_BIN, {"PGBENCH_RS_POLL": "ppoll"})
RS_EPOLL = Variant("rs-epoll", "pgbench-rs epoll", RS_BIN, {"PGBENCH_RS_POLL": "epoll"})
RS_PCT = Variant("rs-pct", "pgbench-rs --latency-percentiles", RS_BIN, args=["--latency-percentiles"])
RS_JSON = Variant("rs-json", "pgbench-rs --report-json", RS_BIN, args=["--report-json=report.json"])
RS_RECONNECT = Variant("rs-reconnect", "pgbench-rs --reconnect", RS_BIN, args=["--reconnect"])
RS_STATS = Variant("rs-stats", "pgbench-rs --server-stats", RS_BIN, args=["--server-stats"])


def free_port():
    """A TCP port of the loopback nothing listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


METRICS_PORT = free_port()
RS_METRICS = Variant(
    "rs-metrics", "pgbench-rs --metrics-listen", RS_BIN, args=[f"--metrics-listen={METRICS_PORT}", "--metrics-linger=0"]
)


def scrape_metrics_forever(port, every=1.0):
    """Scrapes 127.0.0.1:port/metrics every `every` s, as Prometheus would
    (OpenMetrics asked for), for as long as this process runs: the
    endpoint's cost includes answering. Nothing listening is no error."""
    request = (
        b"GET /metrics HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        b"Accept: application/openmetrics-text;version=1.0.0,text/plain;version=0.0.4;q=0.5\r\n\r\n"
    )

    def loop():
        while True:
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=5) as s:
                    s.sendall(request)
                    while s.recv(65536):
                        pass
            except OSError:
                pass
            time.sleep(every)

    threading.Thread(target=loop, daemon=True).start()


@dataclass
class Run:
    """The outcome of one pgbench process."""

    cmd: list
    rc: int = 0
    out: str = ""
    err: str = ""
    wall: float = 0.0
    cpu: float = 0.0  # seconds, user+sys
    maxrss_kb: int = 0
    timed_out: bool = False
    syscalls: int = None
    task_clock: float = None  # seconds
    instructions: int = None
    counts: dict = field(default_factory=dict)  # perf events by name
    rss_at: dict = field(default_factory=dict)  # VmRSS kB by seconds after the start

    @property
    def ok(self):
        return self.rc == 0 and not self.timed_out

    def txns(self):
        m = re.search(r"^number of transactions actually processed: (\d+)", self.out, re.M)
        return int(m.group(1)) if m else None

    def failed(self):
        m = re.search(r"^number of failed transactions: (\d+)", self.out, re.M)
        return int(m.group(1)) if m else 0

    def conn_ms(self):
        m = re.search(r"^initial connection time = ([0-9.]+) ms", self.out, re.M)
        return float(m.group(1)) if m else None

    def tps(self):
        m = re.search(r"^tps = ([0-9.]+) \(without initial connection time\)", self.out, re.M)
        return float(m.group(1)) if m else None

    def describe(self, env=None):
        prefix = "".join(f"{k}={v} " for k, v in (env or {}).items())
        what = "timed out" if self.timed_out else f"exit status {self.rc}"
        text = f"$ {prefix}{shlex.join(self.cmd)}\n  -> {what}"
        for name, stream in (("stdout", self.out), ("stderr", self.err)):
            lines = stream.strip().splitlines()
            if lines:
                text += f"\n  {name} (last lines):\n    " + "\n    ".join(lines[-8:])
        return text


class BenchError(Exception):
    def __init__(self, run, variant):
        super().__init__(run.describe(variant.env))
        self.run = run
        self.variant = variant


def execute(cmd, env_extra=None, cwd=None, timeout=None, rss_at=()):
    """Runs cmd, returning a Run with its output, wall time and the rusage of
    exactly this child (wait4), killing its process group after timeout;
    with rss_at, also its resident memory (VmRSS, kB) that many seconds
    after its start, in run.rss_at.

    The command is started by /usr/bin/time, which only reports the peak RSS:
    a child forked by this (large) Python process would inherit Python's RSS
    high-water mark into its ru_maxrss. CPU time is wait4's on /usr/bin/time,
    which adds its own ~1 ms to the command's user+sys."""
    env = dict(os.environ)
    if env_extra:
        env.update(env_extra)
    run = Run(cmd=list(cmd))
    with tempfile.TemporaryFile("w+") as fo, tempfile.TemporaryFile("w+") as fe, tempfile.NamedTemporaryFile("r") as ft:
        full = ["/usr/bin/time", "-f", "%M", "-o", ft.name] + list(cmd)
        t0 = time.monotonic()
        p = subprocess.Popen(full, stdout=fo, stderr=fe, stdin=subprocess.DEVNULL, env=env, cwd=cwd, start_new_session=True)
        timer = None
        if timeout:

            def kill():
                run.timed_out = True
                try:
                    os.killpg(p.pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass

            timer = threading.Timer(timeout, kill)
            timer.start()
        samplers = [threading.Timer(t, sample_rss, (run, p.pid, t)) for t in rss_at]
        for s in samplers:
            s.start()
        _, status, ru = os.wait4(p.pid, 0)
        for s in samplers:
            s.cancel()
        run.wall = time.monotonic() - t0
        if timer:
            timer.cancel()
        p.returncode = os.waitstatus_to_exitcode(status)
        run.rc = p.returncode
        run.cpu = ru.ru_utime + ru.ru_stime
        try:
            run.maxrss_kb = int(ft.read().strip().splitlines()[-1])
        except (ValueError, IndexError):
            run.maxrss_kb = 0
        fo.seek(0)
        fe.seek(0)
        run.out = fo.read()
        run.err = fe.read()
    return run


def sample_rss(run, time_pid, t):
    """The VmRSS of /usr/bin/time's child, in run.rss_at[t]."""
    try:
        with open(f"/proc/{time_pid}/task/{time_pid}/children") as f:
            child = f.read().split()[0]
        with open(f"/proc/{child}/status") as f:
            kb = next(int(line.split()[1]) for line in f if line.startswith("VmRSS:"))
    except (OSError, IndexError, StopIteration, ValueError):
        return
    run.rss_at[t] = kb


def run_plain(variant, args, cwd=None, timeout=None, rss_at=()):
    return execute([variant.binary] + variant.args + args, variant.env, cwd, timeout, rss_at)


def run_perf(variant, args, cwd=None, timeout=None, extra_events=()):
    """Runs under perf stat, counting syscalls and CPU time of pgbench only.
    extra_events (e.g. user_time, syscalls:sys_enter_write) land in run.counts,
    times in seconds."""
    events = ["raw_syscalls:sys_enter", "task-clock"] + list(extra_events)
    with tempfile.NamedTemporaryFile("r", suffix=".perf") as pf:
        cmd = ["perf", "stat", "-x,", "-o", pf.name, "-e", ",".join(events), "--", variant.binary]
        run = execute(cmd + variant.args + args, variant.env, cwd, timeout)
        run.cmd = [variant.binary] + variant.args + args
        text = pf.read()
    for line in text.splitlines():
        parts = line.split(",")
        if len(parts) < 3 or line.startswith("#"):
            continue
        name = parts[2]
        try:
            value = float(parts[0])
        except ValueError:
            # perf says <not counted> for a tool event that stayed at zero
            value = 0.0 if name in ("user_time", "system_time") else None
        if value is None:
            continue
        if parts[1] == "msec":
            value /= 1000.0
        elif parts[1] == "ns":
            value /= 1e9
        run.counts[name] = value
    run.syscalls = None if "raw_syscalls:sys_enter" not in run.counts else int(run.counts["raw_syscalls:sys_enter"])
    run.task_clock = run.counts.get("task-clock")
    if run.ok and any(e not in run.counts for e in events):
        run.rc = 255
        run.err += "\nperf stat printed no counts:\n" + text
    return run


def run_callgrind(variant, args, cwd=None, timeout=None):
    """Runs under callgrind; the total instruction count of the client."""
    with tempfile.TemporaryDirectory() as d:
        logf = os.path.join(d, "vg.log")
        cmd = [
            "valgrind",
            "--tool=callgrind",
            f"--log-file={logf}",
            f"--callgrind-out-file={os.path.join(d, 'cg.out')}",
            variant.binary,
        ] + variant.args + args
        run = execute(cmd, variant.env, cwd, timeout)
        run.cmd = [variant.binary] + variant.args + args
        text = open(logf).read() if os.path.exists(logf) else ""
    m = re.search(r"Collected : (\d+)", text)
    if m:
        run.instructions = int(m.group(1))
    elif run.ok:
        run.rc = 255
        run.err += "\ncallgrind printed no count:\n" + text[-2000:]
    return run


def median(xs):
    xs = [x for x in xs if x is not None]
    return statistics.median(xs) if xs else None


def ratio(a, b):
    if a is None or b is None or b == 0:
        return None
    return a / b


def per_txn(long_run, short_run, attr):
    """(X_long - X_short) / (txns_long - txns_short) for metric attr."""
    a, b = getattr(long_run, attr), getattr(short_run, attr)
    n1, n0 = long_run.txns(), short_run.txns()
    if a is None or b is None or n1 is None or n0 is None or n1 <= n0:
        return None
    return (a - b) / (n1 - n0)


def fmt(x, digits=1):
    if x is None:
        return "n/a"
    if isinstance(x, str):
        return x
    if abs(x) >= 100000:
        return f"{x:,.0f}"
    return f"{x:,.{digits}f}"


def fmt_ratio(x):
    return "n/a" if x is None else f"{x:.2f}"


def print_table(headers, rows, markdown=False, align=None, out=sys.stdout):
    """A table as aligned text or as Markdown; align: 'l'/'r' per column."""
    align = align or ["l"] + ["r"] * (len(headers) - 1)
    if markdown:
        print("| " + " | ".join(headers) + " |", file=out)
        print("|" + "|".join(("---:" if a == "r" else ":---") for a in align) + "|", file=out)
        for r in rows:
            if r is None:
                continue
            print("| " + " | ".join(str(c) for c in r) + " |", file=out)
        return
    widths = [len(h) for h in headers]
    for r in rows:
        if r is None:
            continue
        for i, c in enumerate(r):
            widths[i] = max(widths[i], len(str(c)))

    def line(cells):
        return "  ".join((str(c).rjust(w) if a == "r" else str(c).ljust(w)) for c, w, a in zip(cells, widths, align)).rstrip()

    print(line(headers), file=out)
    print("  ".join("-" * w for w in widths), file=out)
    for r in rows:
        if r is None:
            print("", file=out)
        else:
            print(line(r), file=out)


def psql_value(sql):
    try:
        p = subprocess.run([PSQL_BIN, "-X", "-Atc", sql], capture_output=True, text=True, timeout=30)
        return p.stdout.strip() if p.returncode == 0 else None
    except (OSError, subprocess.TimeoutExpired):
        return None


def machine_facts():
    cpu = "?"
    try:
        for line in open("/proc/cpuinfo"):
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass

    def version(b):
        try:
            out = subprocess.run([b, "--version"], capture_output=True, text=True).stdout
            return out.strip().split("\n")[0]
        except OSError:
            return "?"

    load = "?"
    try:
        load = open("/proc/loadavg").read().split()[0]
    except OSError:
        pass
    return [
        ("CPU", f"{cpu}, {os.cpu_count()} cores (load average {load} at start)"),
        ("kernel", f"{platform.system()} {platform.release()}"),
        ("server", psql_value("SELECT version()") or "?"),
        ("C pgbench", f"{C_BIN}: {version(C_BIN)}"),
        ("pgbench-rs", f"{RS_BIN}: {version(RS_BIN)}"),
    ]


def print_facts(facts, markdown):
    for k, v in facts:
        print(f"- **{k}**: {v}" if markdown else f"{k + ':':12} {v}")
    print()


def init_db(scale, binary=None):
    log(f"initializing pgbench tables at scale {scale} ...")
    r = execute([binary or C_BIN, "-i", "-q", "-s", str(scale)], timeout=3600)
    if not r.ok:
        raise BenchError(r, C)


def check_connections(clients):
    mc = psql_value("SHOW max_connections")
    try:
        return int(mc) >= clients + 5
    except (TypeError, ValueError):
        return True


def mask(text):
    """pgbench output with numbers masked, for comparing the shapes."""
    lines = []
    for line in text.splitlines():
        if line.startswith("pgbench ("):
            continue  # the version banner differs by design
        lines.append(re.sub(r"-?\d+(\.\d+)?", "#", line))
    return lines


def shape_diff(a_text, b_text):
    a, b = mask(a_text), mask(b_text)
    if a == b:
        return None
    import difflib

    return "\n".join(difflib.unified_diff(a, b, "C pgbench", "pgbench-rs", n=0, lineterm=""))


# ---------------------------------------------------------------- init


def cmd_init(argv):
    ap = argparse.ArgumentParser(prog="init.sh", description="Client-side data generation, C pgbench vs pgbench-rs.")
    ap.add_argument("--scale", type=int, default=20)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--quick", action="store_true", help="scale 2, one round")
    ap.add_argument("--markdown", action="store_true")
    a = ap.parse_args(argv)
    if a.quick:
        a.scale, a.rounds = 2, 1
    facts = machine_facts()
    configs = [("-I dtg", ["-i", "-s", str(a.scale), "-I", "dtg"]), ("default (dtgvp)", ["-i", "-s", str(a.scale)])]
    variants = [C, RS]
    res = {(c, v.key): [] for c, _ in configs for v in variants}
    for rnd in range(a.rounds):
        for cname, args in configs:
            for v in variants:
                log(f"round {rnd + 1}/{a.rounds}: {v.label} {' '.join(args)}")
                r = run_plain(v, args, timeout=3600)
                if not r.ok:
                    raise BenchError(r, v)
                res[(cname, v.key)].append(r)

    def gen(r):
        m = re.search(r"client-side generate ([0-9.]+) s", r.err + r.out)
        return float(m.group(1)) if m else None

    headers = ["steps", "binary"] + [f"wall r{i + 1} s" for i in range(a.rounds)] + [
        "wall median s",
        "generate s",
        "client CPU s",
        "peak RSS MB",
    ]
    rows = []
    for cname, _ in configs:
        med = {}
        for v in variants:
            rs = res[(cname, v.key)]
            med[v.key] = (
                median([r.wall for r in rs]),
                median([gen(r) for r in rs]),
                median([r.cpu for r in rs]),
                median([r.maxrss_kb / 1024 for r in rs]),
            )
            rows.append([cname, v.label] + [f"{r.wall:.2f}" for r in rs] + [fmt(x, 2) for x in med[v.key]])
        rows.append(
            [cname, "ratio rs/C"]
            + [fmt_ratio(ratio(x.wall, y.wall)) for x, y in zip(res[(cname, "rs")], res[(cname, "c")])]
            + [fmt_ratio(ratio(x, y)) for x, y in zip(med["rs"], med["c"])]
        )
        rows.append(None)
    print(f"# Initialization, scale {a.scale}, {a.rounds} round(s), C and pgbench-rs alternating")
    print_facts(facts, a.markdown)
    print_table(headers, rows[:-1], a.markdown, ["l", "l"] + ["r"] * (len(headers) - 2))
    print()
    print("generate s = the 'client-side generate' time pgbench prints; client CPU = user+sys of the client process.")


# ---------------------------------------------------------------- tps


def cmd_tps(argv):
    ap = argparse.ArgumentParser(prog="tps.sh", description="Throughput, C pgbench vs pgbench-rs, alternating runs.")
    ap.add_argument("-c", "--clients", type=int, default=64)
    ap.add_argument("-j", "--jobs", type=int, default=2)
    ap.add_argument("-T", "--duration", type=int, default=10)
    ap.add_argument("-M", "--mode", default="prepared")
    ap.add_argument("--builtin", default="select-only", help="-b script (default select-only, i.e. -S)")
    ap.add_argument("--scale", type=int, default=10)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--ppoll", action="store_true", help="also run pgbench-rs with PGBENCH_RS_POLL=ppoll")
    ap.add_argument("--no-init", action="store_true", help="use the existing pgbench tables")
    ap.add_argument("--quick", action="store_true", help="-T 2, one round, scale 1, -c 8")
    ap.add_argument("--markdown", action="store_true")
    ap.add_argument("extra", nargs="*", help="more pgbench options (after --)")
    a = ap.parse_args(argv)
    if a.quick:
        a.duration, a.rounds, a.scale, a.clients = 2, 1, 1, min(a.clients, 8)
    facts = machine_facts()
    if not check_connections(a.clients):
        sys.exit(f"the server's max_connections is too small for -c {a.clients}")
    if not a.no_init:
        init_db(a.scale)
    args = ["-b", a.builtin, "-M", a.mode, "-c", str(a.clients), "-j", str(a.jobs), "-T", str(a.duration)] + a.extra
    variants = [C, RS] + ([RS_PPOLL] if a.ppoll else [])
    res = {v.key: [] for v in variants}
    with tempfile.TemporaryDirectory() as cwd:
        for rnd in range(a.rounds):
            for v in variants:
                log(f"round {rnd + 1}/{a.rounds}: {v.label} {' '.join(args)}")
                r = run_plain(v, args, cwd=cwd, timeout=a.duration + 600)
                if not r.ok or r.tps() is None:
                    raise BenchError(r, v)
                res[v.key].append(r)
    headers = ["binary"] + [f"tps r{i + 1}" for i in range(a.rounds)] + ["median tps", "tps rs/C", "CPU µs/txn", "CPU rs/C"]
    c_tps = median([r.tps() for r in res["c"]])
    c_cpu = median([r.cpu / r.txns() * 1e6 for r in res["c"]])
    rows = []
    for v in variants:
        rs = res[v.key]
        t = median([r.tps() for r in rs])
        cpu = median([r.cpu / r.txns() * 1e6 for r in rs])
        rows.append([v.label] + [fmt(r.tps(), 0) for r in rs] + [fmt(t, 0), fmt_ratio(ratio(t, c_tps)), fmt(cpu, 1), fmt_ratio(ratio(cpu, c_cpu))])
    print(f"# Throughput: pgbench {' '.join(args)} (scale {a.scale}), {a.rounds} round(s), alternating")
    print_facts(facts, a.markdown)
    print_table(headers, rows, a.markdown)
    print()
    print("tps rs/C = ratio of the medians; CPU µs/txn = client user+sys over the whole -T run / transactions (includes connecting).")
    diff = shape_diff(res["c"][0].out, res["rs"][0].out)
    if diff:
        print("\noutput differs from C pgbench's (numbers masked):\n" + diff)


# ---------------------------------------------------------------- log overhead


LOG_METRICS = [
    # (label, perf event or None for callgrind, scale to per-txn unit, digits)
    ("client CPU µs/txn (user+sys)", "task-clock", 1e6, 2),
    ("  user CPU µs/txn", "user_time", 1e6, 2),
    ("  sys CPU µs/txn", "system_time", 1e6, 2),
    ("instructions/txn (callgrind)", None, 1, 0),
    ("syscalls/txn", "raw_syscalls:sys_enter", 1, 3),
    ("  write() calls/txn", "syscalls:sys_enter_write", 1, 4),
]


def cmd_log(argv):
    ap = argparse.ArgumentParser(prog="log-overhead.sh", description="Added client cost of -l per transaction.")
    ap.add_argument("-t", "--transactions", type=int, default=5000, help="per client, for the CPU/syscall runs")
    ap.add_argument("-c", "--clients", type=int, default=8)
    ap.add_argument("-j", "--jobs", type=int, default=2)
    ap.add_argument("--callgrind-t", type=int, default=300, help="per client, for the callgrind runs (0: skip)")
    ap.add_argument("--scale", type=int, default=10)
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--ppoll", action="store_true", help="also run pgbench-rs with PGBENCH_RS_POLL=ppoll")
    ap.add_argument("--no-init", action="store_true")
    ap.add_argument("--quick", action="store_true", help="-t 500, callgrind -t 50, one round, scale 1")
    ap.add_argument("--markdown", action="store_true")
    a = ap.parse_args(argv)
    if a.quick:
        a.transactions, a.callgrind_t, a.rounds, a.scale = 500, 50, 1, 1
    facts = machine_facts()
    if not a.no_init:
        init_db(a.scale)
    base = ["-S", "-M", "prepared", "-c", str(a.clients), "-j", str(a.jobs)]
    variants = [C, RS] + ([RS_PPOLL] if a.ppoll else [])
    events = [m[1] for m in LOG_METRICS if m[1] and m[1] not in ("task-clock", "raw_syscalls:sys_enter")]
    # per (variant, with -l, event) the per-txn value of each round
    per = {}
    ir = {}
    logcheck = {}
    with tempfile.TemporaryDirectory() as cwd:

        def clean():
            for f in os.listdir(cwd):
                os.unlink(os.path.join(cwd, f))

        def loglines():
            n = 0
            fields = set()
            for f in os.listdir(cwd):
                if f.startswith("pgbench_log."):
                    for line in open(os.path.join(cwd, f)):
                        n += 1
                        fields.add(len(line.split()))
            return n, fields

        for rnd in range(a.rounds):
            for with_l in (False, True):
                for v in variants:
                    args = base + ["-t", str(a.transactions)] + (["-l"] if with_l else [])
                    log(f"round {rnd + 1}/{a.rounds}: {v.label} {' '.join(args)}")
                    r = run_perf(v, args, cwd=cwd, timeout=1800, extra_events=events)
                    if not r.ok:
                        raise BenchError(r, v)
                    if with_l and rnd == 0:
                        logcheck[v.key] = loglines()
                    clean()
                    n = r.txns()
                    for _, ev, unit, _ in LOG_METRICS:
                        if ev:
                            per.setdefault((v.key, with_l, ev), []).append(r.counts[ev] / n * unit)
        if a.callgrind_t:
            for v in variants:
                for with_l in (False, True):
                    pair = []
                    for t in (a.callgrind_t, max(1, a.callgrind_t // 10)):
                        args = base + ["-t", str(t)] + (["-l"] if with_l else [])
                        log(f"callgrind: {v.label} {' '.join(args)}")
                        r = run_callgrind(v, args, cwd=cwd, timeout=3600)
                        clean()
                        if not r.ok:
                            raise BenchError(r, v)
                        pair.append(r)
                    ir[(v.key, with_l)] = per_txn(pair[0], pair[1], "instructions")

    def cells(k, ev):
        """(without, with, added) for variant k and metric ev."""
        if ev is None:
            x, y = ir.get((k, False)), ir.get((k, True))
            return x, y, (None if x is None or y is None else y - x)
        xs, ys = per[(k, False, ev)], per[(k, True, ev)]
        # added: paired per round (runs next to each other), median over rounds
        return median(xs), median(ys), median([y - x for x, y in zip(xs, ys)])

    headers = ["metric"]
    for v in variants:
        short = "C" if v is C else v.key
        headers += [short, f"{short} -l", f"{short} added"]
    headers += [f"added {v.key}/C" for v in variants[1:]]
    rows = []
    for label, ev, _, digits in LOG_METRICS:
        row = [label]
        added = {}
        for v in variants:
            x, y, d = cells(v.key, ev)
            added[v.key] = d
            row += [fmt(x, digits), fmt(y, digits), fmt(d, digits)]
        # a ratio to a C figure that is not above zero says nothing
        row += [fmt_ratio(ratio(added[v.key], added["c"]) if (added["c"] or 0) > 0 else None) for v in variants[1:]]
        rows.append(row)
    print(f"# Cost of -l (per-transaction log): pgbench {' '.join(base)}, {a.rounds} round(s), alternating")
    print_facts(facts, a.markdown)
    print_table(headers, rows, a.markdown)
    print()
    print(
        f"perf stat counts over -t {a.transactions} runs (task-clock, user_time/system_time, raw_syscalls:sys_enter,\n"
        f"syscalls:sys_enter_write), divided by the {a.clients * a.transactions} transactions; 'added' = median over rounds of\n"
        f"(with -l - without -l) of the same round (connection cost cancels). instructions: callgrind,\n"
        f"(Ir at -t {a.callgrind_t} - Ir at -t {max(1, a.callgrind_t // 10)}) / transaction difference, one run each.\n"
        f"A ratio is only meaningful where the added amounts stand clear of the round-to-round spread:"
    )
    for v in variants:
        for label, ev, _, digits in LOG_METRICS:
            if ev in ("task-clock", "syscalls:sys_enter_write"):
                xs, ys = per[(v.key, False, ev)], per[(v.key, True, ev)]
                diffs = " ".join(fmt(y - x, digits) for x, y in zip(xs, ys))
                print(f"  {v.label}, {label.strip()} added per round: {diffs}")
    for v in variants:
        if v.key in logcheck:
            n, fields = logcheck[v.key]
            print(f"{v.label}: -l wrote {n} log lines (expected {a.clients * a.transactions}), fields per line {sorted(fields)}")


# ---------------------------------------------------------------- suite

WORKLOADS = {
    "select-simple": ("-S -M simple", ["-S", "-M", "simple"]),
    "select-prepared": ("-S -M prepared", ["-S", "-M", "prepared"]),
    "tpcb-prepared": ("tpcb-like -M prepared", ["-b", "tpcb-like", "-M", "prepared"]),
    # C runs the builtin's script as a file (the function made by a first run
    # of pgbench-rs); pgbench-rs runs the builtin.
    "plfunc-prepared": ("tpcb-like-plfunc -M prepared", ["-f", "{dir}/plfunc.sql", "-M", "prepared"], ["-b", "tpcb-like-plfunc", "-M", "prepared"]),
    "select1-prepared": ("SELECT 1; -M prepared", ["-f", "{dir}/select1.sql", "-M", "prepared"]),
    "pipeline10-extended": ("pipeline of 10 SELECT 1; -M extended", ["-f", "{dir}/pipeline10.sql", "-M", "extended"]),
    "select-prepared-r": ("-S -M prepared -r", ["-S", "-M", "prepared", "-r"]),
    "select-prepared-l": ("-S -M prepared -l", ["-S", "-M", "prepared", "-l"]),
}
MAIN_WORKLOADS = ["select-simple", "select-prepared", "tpcb-prepared", "plfunc-prepared", "select1-prepared", "pipeline10-extended"]
EXTRA_WORKLOADS = ["select-prepared-r", "select-prepared-l"]
JOBS = {1: 1}
CLIENTS_DEFAULT = "1,8,64,1000"


def jobs_for(c):
    return JOBS.get(c, 2)


@dataclass
class Cell:
    workload: str
    clients: int
    variants: list
    tps: dict = field(default_factory=dict)  # key -> [tps]
    rss: dict = field(default_factory=dict)  # key -> [MB]
    cpu: dict = field(default_factory=dict)  # key -> [µs/txn]
    sysc: dict = field(default_factory=dict)  # key -> [calls/txn]
    instr: dict = field(default_factory=dict)  # key -> instr/txn
    t_long: int = 0
    t_short: int = 0
    first_out: dict = field(default_factory=dict)
    error: str = None
    notes: list = field(default_factory=list)


def write_scripts(d):
    with open(os.path.join(d, "select1.sql"), "w") as f:
        f.write("SELECT 1;\n")
    with open(os.path.join(d, "pipeline10.sql"), "w") as f:
        f.write("\\startpipeline\n" + "SELECT 1;\n" * 10 + "\\endpipeline\n")
    # What --show-script prints (on stderr): a comment line, the script, an empty line.
    shown = subprocess.run([RS_BIN, "--show-script=tpcb-like-plfunc"], capture_output=True, text=True, check=True).stderr
    with open(os.path.join(d, "plfunc.sql"), "w") as f:
        f.write("".join(shown.splitlines(keepends=True)[1:-1]))


def csv_ints(s):
    return [int(x) for x in s.split(",") if x.strip()]


def cmd_suite(argv):
    ap = argparse.ArgumentParser(prog="suite.sh", description="Side-by-side suite, C pgbench vs pgbench-rs.")
    ap.add_argument("--workloads", default=",".join(MAIN_WORKLOADS + EXTRA_WORKLOADS), help="comma list of: " + ", ".join(WORKLOADS))
    ap.add_argument("--clients", default=CLIENTS_DEFAULT, help="client counts (-j 1 at 1 client, else -j 2)")
    ap.add_argument("--extra-clients", default="8", help="client counts for the -r and -l workloads")
    ap.add_argument("--alt-clients", default="1,8,64", help="client counts where -S -M prepared also runs pgbench-rs with epoll and with ppoll ('' for none)")
    ap.add_argument("--callgrind-clients", default="1,8", help="client counts with callgrind instruction counts ('' for none)")
    ap.add_argument("--ext-clients", default="1,8", help="client counts where -S -M prepared also runs pgbench-rs with --latency-percentiles, with --report-json, with --server-stats and with --reconnect ('' for none)")
    ap.add_argument("--metrics-clients", default="", help="client counts where -S -M prepared also runs pgbench-rs with --report-json and with --metrics-listen, scraped every second ('' for none)")
    ap.add_argument("--rounds", type=int, default=2, help="alternating rounds (below 500 clients)")
    ap.add_argument("--rounds-large", type=int, default=1, help="rounds at 500 clients or more (each connect costs seconds)")
    ap.add_argument("-T", "--duration", type=int, default=3, help="seconds of each tps run")
    ap.add_argument("--t-large", type=int, default=20, help="most -t per client of the long fixed runs at 500+ clients (sized from C's tps; short runs: -t 1)")
    ap.add_argument("--cpu-seconds", type=float, default=1.0, help="aim of the long fixed -t runs, from the measured tps")
    ap.add_argument("--scale", type=int, default=20)
    ap.add_argument("--no-init", action="store_true")
    ap.add_argument("--quick", action="store_true", help="smoke run: -c 8 only (unless --clients), -T 1, one round, small -t, scale 2")
    ap.add_argument("--markdown", action="store_true")
    a = ap.parse_args(argv)
    if a.quick:
        if a.clients == CLIENTS_DEFAULT:
            a.clients = "8"
        a.duration, a.rounds, a.rounds_large, a.cpu_seconds, a.scale = 1, 1, 1, 0.2, 2
    workloads = [w.strip() for w in a.workloads.split(",") if w.strip()]
    for w in workloads:
        if w not in WORKLOADS:
            sys.exit(f"unknown workload {w!r}; choose from {', '.join(WORKLOADS)}")
    clients = csv_ints(a.clients)
    extra_clients = set(csv_ints(a.extra_clients))
    alt_clients = set(csv_ints(a.alt_clients))
    cg_clients = set(csv_ints(a.callgrind_clients))
    ext_clients = set(csv_ints(a.ext_clients))
    metrics_clients = set(csv_ints(a.metrics_clients))

    facts = machine_facts()
    t_start = time.monotonic()
    cells = []
    for c in clients:
        for w in workloads:
            if w in EXTRA_WORKLOADS and c not in extra_clients:
                continue
            vs = [C, RS] + ([RS_EPOLL, RS_PPOLL] if (w == "select-prepared" and c in alt_clients) else [])
            vs += [RS_PCT, RS_JSON, RS_STATS, RS_RECONNECT] if (w == "select-prepared" and c in ext_clients) else []
            if w == "select-prepared" and c in metrics_clients:
                # (--report-json beside it: the per-second data both turn on.)
                vs += [v for v in (RS_JSON, RS_METRICS) if v not in vs]
            cells.append(Cell(w, c, vs))
    if metrics_clients:
        scrape_metrics_forever(METRICS_PORT)
    skipped = []
    if any(cell.clients >= 500 for cell in cells):
        big = max(cell.clients for cell in cells)
        if not check_connections(big):
            skipped = sorted({cell.clients for cell in cells if not check_connections(cell.clients)})
            cells = [cell for cell in cells if cell.clients not in skipped]
    if not a.no_init:
        init_db(a.scale)
    if any(cell.workload == "plfunc-prepared" for cell in cells):
        # Creates the function the C runs call.
        r = execute([RS_BIN, "-n", "-b", "tpcb-like-plfunc", "-t", "1"], timeout=300)
        if r.rc != 0:
            raise BenchError(r, RS)

    with tempfile.TemporaryDirectory() as sdir, tempfile.TemporaryDirectory() as cwd:
        write_scripts(sdir)

        def clean():
            for f in os.listdir(cwd):
                os.unlink(os.path.join(cwd, f))

        for n, cell in enumerate(cells):
            spec = WORKLOADS[cell.workload]
            common = ["-c", str(cell.clients), "-j", str(jobs_for(cell.clients))]
            c_base = [x.format(dir=sdir) for x in spec[1]] + common
            rs_base = [x.format(dir=sdir) for x in spec[2]] + common if len(spec) > 2 else c_base

            def base_of(v):
                return c_base if v.key == "c" else rs_base
            rounds = a.rounds_large if cell.clients >= 500 else a.rounds
            tmo = 900 if cell.clients >= 500 else 300
            log(f"[{n + 1}/{len(cells)}] {cell.workload} -c {cell.clients} ({time.monotonic() - t_start:.0f} s elapsed)")
            try:
                large = cell.clients >= 500

                def tps_phase(duration):
                    # tps: -T runs, alternating
                    for v in cell.variants:
                        args = base_of(v) + ["-T", str(duration)]
                        r = run_plain(v, args, cwd=cwd, timeout=duration + tmo)
                        clean()
                        if large and r.ok and r.txns() == 0:
                            # connecting took all of -T: once more with twice the time
                            log(f"{v.label}: no transaction within -T {duration}; again with -T {2 * duration}")
                            args = base_of(v) + ["-T", str(2 * duration)]
                            r = run_plain(v, args, cwd=cwd, timeout=2 * duration + tmo)
                            clean()
                        if not r.ok or r.tps() is None:
                            raise BenchError(r, v)
                        if r.failed():
                            cell.notes.append(f"{v.label}: {r.failed()} failed transactions in: {shlex.join(r.cmd)}")
                        cell.tps.setdefault(v.key, []).append(r.tps())
                        cell.rss.setdefault(v.key, []).append(r.maxrss_kb / 1024)
                        cell.first_out.setdefault(v.key, r.out)

                def fixed_runs(t):
                    # CPU and syscalls: fixed -t runs under perf stat, alternating
                    runs = {}
                    for v in cell.variants:
                        r = run_perf(v, base_of(v) + ["-t", str(t)], cwd=cwd, timeout=tmo)
                        clean()
                        if not r.ok:
                            raise BenchError(r, v)
                        runs[v.key] = r
                    return runs

                def record(long_runs, short_runs):
                    for v in cell.variants:
                        lr, sr = long_runs[v.key], short_runs[v.key]
                        c = per_txn(lr, sr, "task_clock")
                        cell.cpu.setdefault(v.key, []).append(None if c is None else c * 1e6)
                        cell.sysc.setdefault(v.key, []).append(per_txn(lr, sr, "syscalls"))

                for rnd in range(rounds):
                    if large:
                        # -T counts the connection phase, which takes seconds at
                        # this many clients: the short fixed runs measure it, the
                        # tps runs add it to -T, and their tps sizes the long runs.
                        cell.t_short = 1
                        short = fixed_runs(cell.t_short)
                        conn = max((r.conn_ms() or 0) for r in short.values())
                        tps_phase(a.duration + math.ceil(1.2 * conn / 1000) + 1)
                        if rnd == 0:
                            est = cell.tps["c"][-1] * 2 * a.cpu_seconds / cell.clients
                            cell.t_long = min(max(int(est), 4), a.t_large)
                        record(fixed_runs(cell.t_long), short)
                    else:
                        tps_phase(a.duration)
                        if rnd == 0:
                            # the same fixed work for every binary, sized from C's tps
                            total = cell.tps["c"][0] * a.cpu_seconds
                            cell.t_long = max(int(total / cell.clients), 50)
                            cell.t_short = max(1, cell.t_long // 10)
                        long_runs = fixed_runs(cell.t_long)
                        record(long_runs, fixed_runs(cell.t_short))
                if cell.clients in cg_clients:
                    cg_long = 1000 if cell.clients == 1 else max(20, 2000 // cell.clients)
                    if a.quick:
                        cg_long //= 10
                    for v in cell.variants:
                        pair = []
                        for t in (cg_long, cg_long // 10):
                            r = run_callgrind(v, base_of(v) + ["-t", str(t)], cwd=cwd, timeout=3600)
                            clean()
                            if not r.ok:
                                raise BenchError(r, v)
                            pair.append(r)
                        cell.instr[v.key] = per_txn(pair[0], pair[1], "instructions")
            except BenchError as e:
                cell.error = f"{e.variant.label} failed:\n{e}"
                log(cell.error)

    elapsed = time.monotonic() - t_start
    headers = [
        "workload",
        "-c/-j",
        "rs",
        "tps C",
        "tps rs",
        "rs/C",
        "CPU µs/txn C",
        "rs",
        "rs/C",
        "instr/txn C",
        "rs",
        "rs/C",
        "syscalls/txn C",
        "rs",
        "rs/C",
        "peak RSS MB C",
        "rs",
        "rs/C",
    ]
    rows = []
    for cell in cells:
        for v in cell.variants[1:]:
            row = [WORKLOADS[cell.workload][0], f"{cell.clients}/{jobs_for(cell.clients)}", {RS_PPOLL.key: "ppoll", RS_EPOLL.key: "epoll", RS_PCT.key: "percentiles", RS_JSON.key: "json", RS_STATS.key: "server-stats", RS_RECONNECT.key: "reconnect", RS_METRICS.key: "metrics"}.get(v.key, "default")]
            if cell.error:
                rows.append(row + ["FAILED"] + [""] * (len(headers) - 4))
                continue
            for d, digits in ((cell.tps, 0), (cell.cpu, 2), (cell.instr, 0), (cell.sysc, 2), (cell.rss, 1)):
                cv, rv = d.get("c"), d.get(v.key)
                if isinstance(cv, list):
                    cv, rv = median(cv), median(rv)
                row += [fmt(cv, digits), fmt(rv, digits), fmt_ratio(ratio(rv, cv))]
            rows.append(row)
    title = f"# pgbench-rs vs C pgbench: {len(cells)} cells in {elapsed / 60:.1f} min, scale {a.scale}"
    print(title)
    print_facts(facts, a.markdown)
    print_table(headers, rows, a.markdown, ["l", "l", "l"] + ["r"] * (len(headers) - 3))
    print()
    large_note = (
        f" At 500+ clients: {a.rounds_large} round(s), -T = {a.duration} s + 1.2 x the initial connection time"
        " of the short fixed run + 1 s (-T includes connecting)."
        if any(cell.clients >= 500 for cell in cells)
        else ""
    )
    notes = [
        f"tps: median of {a.rounds} alternating -T {a.duration} runs; rs/C = ratio of medians.{large_note}",
        "CPU (perf task-clock = user+sys of the client) and syscalls (perf raw_syscalls:sys_enter) per transaction:"
        " (long -t run - short -t run) / transaction difference, same -t for both binaries, median over rounds;"
        " the connection set-up cancels out.",
        "instr/txn: callgrind Ir of the client, same long-minus-short method, one run each (n/a: not measured at that -c); under valgrind pgbench-rs's default wait is epoll (valgrind stops every thread during a blocking io_uring wait).",
        "percentiles and json rows: besides their per-transaction work, pgbench-rs closes each second's histograms once a second per thread and the main thread merges them"
        " (about 1.2 million instructions a second per thread, and the JSON's per-second percentiles at the end); valgrind runs the client about 4 times slower,"
        " so the long-minus-short method spreads that over 4 times fewer transactions than at full speed, and these rows overstate the cost at full speed.",
        "server-stats rows: the sampler is a thread and a connection of its own that runs about twelve short queries a second whatever the tps (its CPU is in the client's, spread"
        " over the transactions; its queries load the server, which shows in the tps), so its cost per transaction falls as the tps grows.",
        "metrics rows: --metrics-listen turns on the per-second data as --report-json does (same note), and once a second the main thread renders it as OpenMetrics"
        " and the endpoint's thread answers a scrape (this script scrapes it every second); a time-driven cost, overstated under valgrind as above.",
        "peak RSS: ru_maxrss of the client in the -T run. Third column: pgbench-rs's wait loop (default: io_uring where the kernel allows it, else epoll; PGBENCH_RS_POLL=epoll or =ppoll).",
    ]
    if skipped:
        notes.append(f"skipped -c {skipped}: the server's max_connections is too small")
    ts = [f"{cell.workload} -c {cell.clients}: {cell.t_long}/{cell.t_short}" for cell in cells if cell.t_long]
    if ts:
        notes.append("fixed -t per client (long/short, sized from C's tps): " + "; ".join(ts))
    print("\n".join(("- " if a.markdown else "") + x for x in notes))
    problems = []
    for cell in cells:
        if cell.error:
            problems.append(f"{cell.workload} -c {cell.clients}: {cell.error}")
        problems += cell.notes
        if "c" in cell.first_out and "rs" in cell.first_out:
            d = shape_diff(cell.first_out["c"], cell.first_out["rs"])
            if d:
                problems.append(f"{cell.workload} -c {cell.clients}: output differs (numbers masked):\n{d}")
    if problems:
        print("\nProblems:" if not a.markdown else "\n**Problems:**\n\n```")
        print("\n".join(problems))
        if a.markdown:
            print("```")


def main():
    if len(sys.argv) < 2:
        sys.exit("usage: bench.py init|tps|log|suite [options]")
    cmd, argv = sys.argv[1], sys.argv[2:]
    fn = {"init": cmd_init, "tps": cmd_tps, "log": cmd_log, "suite": cmd_suite}.get(cmd)
    if not fn:
        sys.exit(f"unknown command {cmd}")
    try:
        fn(argv)
    except BenchError as e:
        print(f"{e.variant.label} failed:\n{e}", file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
