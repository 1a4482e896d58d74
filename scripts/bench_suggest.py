"""Time the battlegroup suggestion for 10-, 25- and 40-element Task Forces (target: exact
within 2 s for up to 40 elements).

Run from the repository root (on an installed package for figures to report)::

    python scripts/bench_suggest.py [--repeats N]

Each Task Force mixes Heavy Cavalry, Heavy Infantry, mechs and aircraft of every Presence
(types whose statlines we know), for a tournament FC of 20. Prints, per size and goal, the
median time, whether the answer is proven exact, and how many battlegroups were judged.
"""

from __future__ import annotations

import argparse
import statistics
import time

from benchpath import TIMED

from horizon_builder.editing.suggest import GOALS, suggest
from horizon_builder.roster.models import Element, Roster
from horizon_builder.rules.loader import load_ruleset

KINDS = [
    ("hvy_cav", 3, {"M": 4, "F": 5, "A": 5, "D": 1}),
    ("hvy_inf", 2, {"M": 3, "F": 4, "A": 3, "D": 3}),
    ("mech", 1, {"M": 4, "F": 4, "A": 3, "D": 3}),
    ("mech", 2, {"M": 5, "F": 5, "A": 3, "D": 3}),
    ("mech", 3, {"M": 5, "F": 6, "A": 4, "D": 3}),
    ("aircraft", 1, {"M": 4, "F": 3, "A": 1, "D": 1}),
    ("aircraft", 2, {"M": 5, "F": 4, "A": 2, "D": 1}),
]
TARGET_S = 2.0


def task_force(size: int) -> Roster:
    elements = []
    for n in range(size):
        type_id, presence, stats = KINDS[n % len(KINDS)]
        elements.append(Element(id=f"e{n}", name=f"{type_id} {n}", type=type_id,
                                presence=presence, stats=stats))
    return Roster(kind="task_force", name=f"Bench {size}", force_cost=20,
                  elements=tuple(elements))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    print(TIMED)
    ruleset = load_ruleset()
    print(f"suggestion: median of {args.repeats}, target exact within {TARGET_S:.0f} s")
    for size in (10, 25, 40):
        roster = task_force(size)
        for goal in GOALS:
            times, result = [], None
            for _ in range(args.repeats):
                start = time.perf_counter()
                result = suggest(ruleset, roster, 0, goal, target_ir=0, time_limit=TARGET_S)  # type: ignore[arg-type]
                times.append(time.perf_counter() - start)
            assert result is not None
            median = statistics.median(times)
            met = "met" if result.exact and median < TARGET_S else "NOT met"
            best = result.suggestions[0].force_presence if result.suggestions else "-"
            print(f"  {size:2} elements  {goal:9} {median * 1000:8.1f} ms  exact={result.exact}"
                  f"  judged={result.judged}  best FP {best}  [{met}]")


if __name__ == "__main__":
    main()
