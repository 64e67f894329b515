"""The command lines the launch files of deploy/ run for each shard with
their own benchmark options, as JSON: {"kubernetes": [argv of shard 0,
...], "slurm": [...], "ssh": [...]} (two shards, START_AT 1796131239.5),
and "slurm-metrics" and "ssh-metrics", with METRICS_PORT=9187 set.

Usage: launch_commands.py KUBERNETES_YAML SLURM_SBATCH SSH_SCRIPT
"""
import json
import re
import shlex
import sys

import yaml

START_AT = "1796131239.5"


def kubernetes(path):
    job = next(d for d in yaml.safe_load_all(open(path)) if d and d.get("kind") == "Job")
    spec = job["spec"]
    if spec.get("completionMode") != "Indexed":
        raise SystemExit("the Job is not an Indexed Job")
    container = spec["template"]["spec"]["containers"][0]
    env = {e["name"]: e["value"].replace("${START_AT}", START_AT) for e in container.get("env", [])}
    out = []
    for k in range(spec["completions"]):
        values = dict(env, JOB_COMPLETION_INDEX=str(k))
        # Kubernetes expands $(NAME) in command and args.
        expand = lambda a: re.sub(r"\$\((\w+)\)", lambda m: values.get(m.group(1), m.group(0)), a)
        out.append([expand(a) for a in container.get("command", []) + container.get("args", [])])
    return out


def opts(text):
    """The words of the script's `opts=(...)` array."""
    return shlex.split(re.search(r"^opts=\(([^)]*)\)", text, re.M).group(1))


def expand(template, values):
    """The words of `template` as the shell expands it with `values`:
    $NAME, ${NAME}, ${NAME:-WORD}, ${NAME:+WORDS} and $((NAME + NAME))."""
    def add(m):
        a, b = values.get(m.group(1)), values.get(m.group(2))
        return str(int(a) + int(b)) if a and b else ""
    t = re.sub(r"\$\(\((\w+) \+ \$?(\w+)\)\)", add, template)
    t = re.sub(r"\$\{(\w+):-([^}]*)\}", lambda m: values.get(m.group(1)) or m.group(2), t)
    t = re.sub(r"\$\{(\w+):\+([^}]*)\}", lambda m: m.group(2) if values.get(m.group(1)) else "", t)
    return shlex.split(re.sub(r"\$\{?(\w+)\}?", lambda m: values[m.group(1)], t))


def slurm(path, metrics_port=""):
    text = open(path).read()
    nodes = int(re.search(r"^#SBATCH --nodes=(\d+)$", text, re.M).group(1))
    per_node = int(re.search(r"^#SBATCH --ntasks-per-node=(\d+)$", text, re.M).group(1))
    # srun ... bash -c 'exec pgbench-rs "$@" REST' pgbench-rs "${opts[@]}"
    rest = re.search(r"""^srun .*bash -c 'exec pgbench-rs "\$@" ([^']*)' pgbench-rs "\$\{opts\[@\]\}"$""", text, re.M).group(1)
    n = nodes * per_node
    values = lambda k: {"SLURM_PROCID": str(k), "SLURM_NTASKS": str(n), "START_AT": START_AT, "METRICS_PORT": metrics_port}
    return [["pgbench-rs"] + opts(text) + expand(rest, values(k)) for k in range(n)]


def ssh(path, metrics_port=""):
    text = open(path).read()
    # ssh -- "$1" "... && exec pgbench-rs$remote_opts REST"
    rest = re.search(r'exec pgbench-rs\$remote_opts ([^"]*)"$', text, re.M).group(1)
    values = lambda k: {"2": str(k), "n": "2", "start_at": START_AT, "metrics_port": metrics_port, "metrics_linger": "30"}
    return [["pgbench-rs"] + opts(text) + expand(rest, values(k)) for k in range(2)]


print(json.dumps({
    "kubernetes": kubernetes(sys.argv[1]),
    "slurm": slurm(sys.argv[2]),
    "ssh": ssh(sys.argv[3]),
    "slurm-metrics": slurm(sys.argv[2], "9187"),
    "ssh-metrics": ssh(sys.argv[3], "9187"),
}))
