"""Time full validation (analysis + totals + every check) of generated rosters.

Targets (issue "Foundation"): 40 elements < 2 ms, 1,000 elements < 50 ms, and
time(1,000) / time(100) <= 11. Run:

    python scripts/bench_validate.py

The rosters mix every element type the shipped rules hold, with upgrades,
metaforms and a CHQ where the rules have them, so every check does real work.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from horizon_builder.engine.validator import validate
from horizon_builder.roster.samples import make_roster
from horizon_builder.rules.loader import load_ruleset

SIZES = (10, 40, 100, 1000)
TARGETS_MS = {40: 2.0, 1000: 50.0}


def time_validation(size: int, repeats: int) -> float:
    """Median milliseconds to validate a roster of ``size`` elements."""
    ruleset = load_ruleset()
    roster = make_roster(ruleset, size)
    validate(roster, ruleset)  # warm caches and imports
    samples = []
    for _ in range(repeats):
        start = time.perf_counter()
        validate(roster, ruleset)
        samples.append((time.perf_counter() - start) * 1000)
    return statistics.median(samples)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=30)
    args = parser.parse_args()
    results = {}
    for size in SIZES:
        repeats = args.repeats if size < 1000 else max(5, args.repeats // 3)
        results[size] = time_validation(size, repeats)
        target = TARGETS_MS.get(size)
        verdict = "" if target is None else (
            f"  target < {target:g} ms: {'met' if results[size] < target else 'MISSED'}")
        print(f"{size:5d} elements: {results[size]:8.3f} ms (median of {repeats}){verdict}")
    ratio = results[1000] / results[100]
    print(f"time(1000) / time(100) = {ratio:.2f}  target <= 11: {'met' if ratio <= 11 else 'MISSED'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
