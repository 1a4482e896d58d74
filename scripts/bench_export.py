"""Export scaling: every format, full and compact, of generated rosters of 1,000 and 10,000
elements (with their findings), from the validated report to the text written.

Target (issue 13): every export linear in elements and findings; printed as
t(10,000) / t(1,000) against 11 (the bench_validate ratio bound), with each size's
finding count. Run::

    python scripts/bench_export.py [--repeats N] [--cpu]

``--cpu`` times with the process's CPU clock (a time slice given to another process on a
busy machine then does not count); the 1,000-element exports are timed three times as
often as the 10,000 ones (they are short, so noise weighs more on them).
"""

from __future__ import annotations

import argparse
import statistics
import time

from benchpath import TIMED

from horizon_builder.engine.validator import validate
from horizon_builder.export import FORMATS, render
from horizon_builder.roster.samples import make_roster
from horizon_builder.rules.loader import load_ruleset

SIZES = (1000, 10000)
RATIO_TARGET = 11.0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--cpu", action="store_true", help="time with the process's CPU clock")
    args = parser.parse_args()
    print(TIMED)
    clock = time.process_time if args.cpu else time.perf_counter
    ruleset = load_ruleset()
    reports = {size: validate(make_roster(ruleset, size), ruleset) for size in SIZES}
    for size, report in reports.items():
        print(f"{size:6d} elements, {len(report.all_findings):6d} findings")
    for fmt in FORMATS:
        for compact in (False, True):
            times = {}
            for size, report in reports.items():
                samples = []
                for _ in range(args.repeats * (3 if size == SIZES[0] else 1)):
                    start = clock()
                    render(report, fmt, compact)
                    samples.append((clock() - start) * 1000)
                times[size] = statistics.median(samples)
            ratio = times[SIZES[1]] / times[SIZES[0]]
            name = f"{fmt}{' compact' if compact else ''}"
            print(f"  {name:17} {times[SIZES[0]]:8.1f} ms  {times[SIZES[1]]:9.1f} ms"
                  f"   ratio {ratio:5.2f}  target <= {RATIO_TARGET:g}: "
                  f"{'met' if ratio <= RATIO_TARGET else 'MISSED'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
