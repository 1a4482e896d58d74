"""Export scaling: every format, full and compact, of generated rosters of 1,000 and 10,000
elements (with their findings), from the validated report to the text written.

Target (issue 13): every export linear in elements and findings; printed as
t(10,000) / t(1,000) against 11 (the bench_validate ratio bound), with each size's
finding count. Run::

    python scripts/bench_export.py [--repeats N] [--cpu] [--beyond]

``--cpu`` times with the process's CPU clock (a time slice given to another process on a
busy machine then does not count); the 1,000-element exports are timed three times as
often as the 10,000 ones (they are short, so noise weighs more on them). ``--beyond``
also times 20,000 elements and prints t(20,000) / t(10,000) beside the growth of elements
and findings: both sizes' data are far past the CPU caches, so what that ratio shows is
the work's own growth (from 1,000 to 10,000 the data outgrow the caches on the way).
"""

from __future__ import annotations

import argparse
import statistics
import time

from benchpath import TIMED

from horizon_builder.checks import validate
from horizon_builder.export import FORMATS, render
from horizon_builder.roster.samples import make_roster
from horizon_builder.rules.loader import load_ruleset

SIZES = (1000, 10000)
RATIO_TARGET = 11.0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--cpu", action="store_true", help="time with the process's CPU clock")
    parser.add_argument("--beyond", action="store_true", help="also 20,000 elements (see above)")
    args = parser.parse_args()
    print(TIMED)
    clock = time.process_time if args.cpu else time.perf_counter
    ruleset = load_ruleset()
    sizes = (*SIZES, 2 * SIZES[1]) if args.beyond else SIZES
    reports = {size: validate(make_roster(ruleset, size), ruleset) for size in sizes}
    items = {size: size + len(report.all_findings) for size, report in reports.items()}
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
            beyond = ""
            if args.beyond:
                big = sizes[-1]
                beyond = (f"   | {times[big]:9.1f} ms at {big:,}: t({big:,})/t({SIZES[1]:,})"
                          f" {times[big] / times[SIZES[1]]:4.2f}, elements + findings"
                          f" x{items[big] / items[SIZES[1]]:4.2f}")
            print(f"  {name:17} {times[SIZES[0]]:8.1f} ms  {times[SIZES[1]]:9.1f} ms"
                  f"   ratio {ratio:5.2f}  target <= {RATIO_TARGET:g}: "
                  f"{'met' if ratio <= RATIO_TARGET else 'MISSED'}{beyond}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
