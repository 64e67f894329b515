#!/usr/bin/env python3
"""Checks scrapes of pgbench-rs's --metrics-listen endpoint with the
Prometheus project's Python client library's parsers: FILE.om as
OpenMetrics, FILE.prom as the Prometheus text format (0.0.4), in the
order given (the order they were scraped in).

Every scrape must parse; in each, a histogram's buckets are cumulative
(never fewer at a higher bound), its +Inf bucket equals its _count and
its _sum is not negative; across the scrapes, no counter (nor a
histogram's buckets, _count or _sum) ever goes down. Prints one line,
"N scrapes, M series", and exits 0; else prints what is wrong and exits 1.

    check_metrics.py SCRAPE...
"""

import math
import sys

from prometheus_client.openmetrics.parser import (
    text_string_to_metric_families as openmetrics_families,
)
from prometheus_client.parser import (
    text_string_to_metric_families as prometheus_families,
)


def families(path):
    with open(path, encoding="utf-8") as f:
        text = f.read()
    if path.endswith(".om"):
        return list(openmetrics_families(text))
    if path.endswith(".prom"):
        return list(prometheus_families(text))
    raise ValueError(f"{path}: neither .om nor .prom")


def key(sample):
    return (sample.name, tuple(sorted(sample.labels.items())))


def check_histogram(path, family, errors):
    groups = {}
    for s in family.samples:
        labels = {k: v for k, v in s.labels.items() if k != "le"}
        g = groups.setdefault(tuple(sorted(labels.items())), {"buckets": []})
        if s.name.endswith("_bucket"):
            g["buckets"].append((float(s.labels["le"]), s.value))
        elif s.name.endswith("_count"):
            g["count"] = s.value
        elif s.name.endswith("_sum"):
            g["sum"] = s.value
    for labels, g in groups.items():
        where = f"{path}: {family.name}{dict(labels)}"
        buckets = sorted(g["buckets"])
        counts = [c for _, c in buckets]
        if counts != sorted(counts):
            errors.append(f"{where}: buckets not cumulative: {buckets}")
        if not buckets or not math.isinf(buckets[-1][0]):
            errors.append(f"{where}: no +Inf bucket: {buckets}")
        elif buckets[-1][1] != g.get("count"):
            errors.append(f"{where}: +Inf {buckets[-1][1]} != _count {g.get('count')}")
        if g.get("sum") is None or g["sum"] < 0:
            errors.append(f"{where}: _sum {g.get('sum')}")


def main(paths):
    errors = []
    last = {}
    for path in paths:
        try:
            fams = families(path)
        except Exception as e:  # the parsers raise ValueError and others
            errors.append(f"{path}: does not parse: {e!r}")
            continue
        for family in fams:
            if family.type == "histogram":
                check_histogram(path, family, errors)
            if family.type not in ("counter", "histogram"):
                continue
            for s in family.samples:
                k = key(s)
                if k in last and s.value < last[k]:
                    errors.append(f"{path}: {s.name}{s.labels} went down: {last[k]} -> {s.value}")
                last[k] = s.value
    if errors:
        print("\n".join(errors[:50]))
        return 1
    print(f"{len(paths)} scrapes, {len(last)} series")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
