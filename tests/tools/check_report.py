#!/usr/bin/env python3
"""Checks pgbench-rs JSON reports with other implementations.

    check_report.py SCHEMA REPORT...

For each REPORT: validates it against the JSON Schema SCHEMA (jsonschema),
decodes every histogram in it with HdrHistogram's Python library, and prints
one JSON object per report on stdout: {"file": ..., "errors": [...],
"histograms": {path: {"count": n, "max": us, "p50": us, "p99": us}}}, where
path is the place of the histogram in the document (totals.latency_ms, ...).
"""
import json
import sys

import jsonschema
from hdrh.histogram import HdrHistogram


def histograms(node, path=""):
    if isinstance(node, dict):
        for key, value in node.items():
            sub = f"{path}.{key}" if path else key
            if key == "histogram" and isinstance(value, str):
                yield path, value
            else:
                yield from histograms(value, sub)
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from histograms(value, f"{path}[{i}]")


def main():
    schema = json.load(open(sys.argv[1]))
    validator = jsonschema.Draft7Validator(schema)
    for report in sys.argv[2:]:
        doc = json.load(open(report))
        errors = [f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in validator.iter_errors(doc)]
        decoded = {}
        for path, text in histograms(doc):
            h = HdrHistogram.decode(text)
            decoded[path] = {
                "count": h.get_total_count(),
                "max": h.get_max_value(),
                "p50": h.get_value_at_percentile(50),
                "p99": h.get_value_at_percentile(99),
            }
        print(json.dumps({"file": report, "errors": errors, "histograms": decoded}))


if __name__ == "__main__":
    main()
