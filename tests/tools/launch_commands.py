"""The command lines the launch files of deploy/ run for each shard, as
JSON: {"kubernetes": [argv of shard 0, ...], "slurm": [...]}, with
START_AT set to 1796131239.5.

Usage: launch_commands.py KUBERNETES_YAML SLURM_SBATCH
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


def slurm(path):
    text = open(path).read()
    lo, hi = map(int, re.search(r"^#SBATCH --array=(\d+)-(\d+)$", text, re.M).groups())
    joined = text.replace("\\\n", " ")
    line = next(l for l in joined.splitlines() if re.match(r"\s*(exec\s+)?pgbench-rs\s", l))
    out = []
    for k in range(lo, hi + 1):
        values = {"SLURM_ARRAY_TASK_ID": str(k), "SLURM_ARRAY_TASK_COUNT": str(hi - lo + 1), "START_AT": START_AT}
        expanded = re.sub(r"\$\{(\w+)\}", lambda m: values[m.group(1)], line)
        argv = shlex.split(expanded)
        out.append(argv[1:] if argv[0] == "exec" else argv)
    return out


print(json.dumps({"kubernetes": kubernetes(sys.argv[1]), "slurm": slurm(sys.argv[2])}))
