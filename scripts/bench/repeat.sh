#!/usr/bin/env bash
# What --repeat (and so --sweep-clients, whose points run the same way)
# costs the client, against the same runs made as separate processes of
# pgbench-rs (with --report-json, which a repeat's runs also record) and
# of C pgbench: `-S -M prepared -c 8 -j 2 -t N`, ten runs a group, the
# groups alternating. Prints tps (median of the runs) and the client's CPU
# µs per transaction (user + system of the process, connections and
# set-up included), and how long --compare takes on ten runs against ten.
# A repeat adds nothing to a transaction's path: the runs are the same
# engine::run calls; between runs it keeps each run's JSON document.
#
#   scripts/bench/repeat.sh [-t N] [--runs N] [--rounds N]
#
# Starts a throwaway server unless PGHOST/PGPORT point at one.
case " $* " in
*" --help "* | *" -h "*) sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
esac
. "$(dirname "$0")/lib.sh"
bench_setup
"$RS_BIN" -i -q -s 1 >/dev/null 2>&1
python3 - "$RS_BIN" "$C_BIN" "$@" <<'PY'
import os, re, statistics, subprocess, sys, tempfile, time

rs, c = sys.argv[1], sys.argv[2]
args = sys.argv[3:]
opt = lambda name, default: int(args[args.index(name) + 1]) if name in args else default
t, runs, rounds = opt("-t", 2000), opt("--runs", 10), opt("--rounds", 3)
common = ["-n", "-S", "-M", "prepared", "-c", "8", "-j", "2", "-t", str(t)]
tmp = tempfile.mkdtemp(prefix="bench-repeat-")

def run(cmd):
    """Runs cmd: its stdout and the CPU seconds (user + system) it used."""
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, cwd=tmp)
    out = p.stdout.read().decode()
    _, status, ru = os.wait4(p.pid, 0)
    if status != 0:
        sys.exit(f"{cmd[0]} failed ({status})")
    return out, ru.ru_utime + ru.ru_stime

groups = {"C pgbench, a process a run": [], "pgbench-rs --report-json, a process a run": [],
          f"pgbench-rs --repeat={runs} --report-json, one process": []}
cpu = {k: 0.0 for k in groups}
names = list(groups)
files = []
for r in range(rounds):
    for i in range(runs):
        out, s = run([c] + common)
        groups[names[0]] += re.findall(r"^tps = ([0-9.]+)", out, re.M)
        cpu[names[0]] += s
        f = f"single-{r}-{i}.json"
        out, s = run([rs] + common + [f"--report-json={f}"])
        files.append(f)
        groups[names[1]] += re.findall(r"^tps = ([0-9.]+)", out, re.M)
        cpu[names[1]] += s
    out, s = run([rs] + common + [f"--repeat={runs}", f"--report-json=repeat-{r}.json"])
    groups[names[2]] += re.findall(r"^tps = ([0-9.]+)", out, re.M)
    cpu[names[2]] += s

txns = 8 * t * runs * rounds
print(f"-S -M prepared -c 8 -j 2 -t {t}: {runs} runs a group, {rounds} rounds")
print(f"{'':48} {'tps (median)':>14} {'CPU us/txn':>11} {'vs C':>6}")
base = cpu[names[0]] / txns * 1e6
for k in names:
    us = cpu[k] / txns * 1e6
    tps = statistics.median(float(v) for v in groups[k])
    print(f"{k:48} {tps:14.1f} {us:11.2f} {us / base:6.3f}")
a, b = ",".join(files[:10]), ",".join(files[-10:])
start = time.perf_counter()
for _ in range(10):
    subprocess.run([rs, "--compare", a, b], cwd=tmp, stdout=subprocess.DEVNULL, check=True)
print(f"--compare of 10 runs against 10: {(time.perf_counter() - start) * 100:.1f} ms a comparison")
PY
