#!/usr/bin/env python3
"""Writes the reference values of the Mann-Whitney U test that
src/stats/mannwhitney/tests.rs checks pgbench-rs's statistics against:
scipy.stats.mannwhitneyu(x, y, alternative='two-sided', method='auto').

Usage: mwu_reference.py > src/stats/mannwhitney/mwu_reference.txt
Each case is three lines: x values, y values, then "U1 p-value method".
"""
import random

import scipy
from scipy.stats import mannwhitneyu
from scipy.stats._mannwhitneyu import _mwu_choose_method

rng = random.Random(28)


def sample(n, ties):
    if ties:
        # Few distinct values: ties within and between the samples.
        return [float(rng.randint(1, max(2, n // 2))) for _ in range(n)]
    return [round(rng.uniform(100.0, 200.0), 6) for _ in range(n)]


cases = []
for n1, n2 in [(1, 1), (1, 5), (2, 2), (2, 3), (3, 3), (3, 5), (4, 4), (5, 5),
               (4, 9), (6, 7), (8, 8), (8, 30), (9, 9), (10, 12), (20, 15),
               (50, 40)]:
    for ties in (False, True):
        for shift in (0.0, 15.0):
            x = sample(n1, ties)
            y = [v + shift if not ties else v + (1.0 if shift else 0.0)
                 for v in sample(n2, ties)]
            cases.append((x, y))
# All values equal; one sample entirely above the other.
cases.append(([3.0] * 4, [3.0] * 5))
cases.append(([1.0, 2.0, 3.0, 4.0, 5.0], [6.0, 7.0, 8.0, 9.0, 10.0]))
cases.append(([float(i) for i in range(12)], [float(i) + 30 for i in range(11)]))

print(f"# scipy {scipy.__version__}: mannwhitneyu(x, y, alternative='two-sided', method='auto')")
for x, y in cases:
    r = mannwhitneyu(x, y, alternative="two-sided", method="auto")
    ties = len(set(x + y)) < len(x + y)
    method = _mwu_choose_method(len(x), len(y), ties)
    print(" ".join(repr(v) for v in x))
    print(" ".join(repr(v) for v in y))
    print(f"{float(r.statistic)!r} {float(r.pvalue)!r} {method}")
