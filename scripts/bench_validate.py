"""Time re-validation after one edit (and full validation) of generated rosters.

Targets (issue 32, which replaced issue 13's), at the sizes players build:

- re-validation after one edit (a stat change on one element, the roster before it
  validated, as in the app): <= 2 ms at 40 elements, <= 16 ms at 200, battlegroups and
  Task Forces;
- full validation (every element new, nothing reused: what ``check`` does) linear:
  t(1,000) / t(100) <= 11.

10,000 elements are timed too, with no target: no player builds such a list, and the
evaluator's private memo is bounded, so an edit there costs about a full validation.
The 40-element figures from scratch are ``scripts/bench_issue32.py``'s. Run::

    python scripts/bench_validate.py [--repeats N] [--cpu]

``--cpu`` times with the process's CPU clock instead of the wall clock: on a busy
machine a time slice given to another process then does not count (cache misses
it causes still do).

The rosters mix every element type the shipped rules hold, with upgrades and a
CHQ where the rules have them, so every check does real work; a Task Force has
three rounds, each fielding half the list under its own CHQ.
"""

from __future__ import annotations

import argparse
import statistics
import time

from benchpath import TIMED

from horizon_builder.checks import validate
from horizon_builder.editing import change_element, set_stat
from horizon_builder.roster.models import Roster
from horizon_builder.roster.samples import make_roster, make_task_force
from horizon_builder.rules.loader import load_ruleset
from horizon_builder.rules.models import Ruleset

SIZES = (40, 100, 200, 1000, 10000)
#: (kind, size) → target in ms for re-validation after one edit (issue 32)
TARGETS_MS = {("battlegroup", 40): 2.0, ("task force", 40): 2.0,
              ("battlegroup", 200): 16.0, ("task force", 200): 16.0}
RATIO_TARGET = 11.0
clock = time.perf_counter


def _edits(roster: Roster, count: int) -> list[Roster]:
    """``count`` successive one-stat edits of elements spread over the list."""
    out = []
    for n in range(count):
        element = roster.elements[(n * 7919) % len(roster.elements)]
        stat = next(iter(element.stats))
        step = 1 if element.stats[stat] == 0 else -1
        roster = change_element(roster, element.id,
                                lambda e, s=stat, d=step: set_stat(e, s, e.stats[s] + d))
        out.append(roster)
    return out


def time_revalidation(ruleset: Ruleset, roster: Roster, repeats: int) -> float:
    """Median ms to validate a roster after one edit of the (validated) roster before it."""
    validate(roster, ruleset)
    samples = []
    for edited in _edits(roster, repeats):
        start = clock()
        validate(edited, ruleset)
        samples.append((clock() - start) * 1000)
    return statistics.median(samples)


def time_full(ruleset: Ruleset, roster: Roster, repeats: int) -> float:
    """Median ms to validate a roster none of whose elements was seen before."""
    copies = [Roster.model_validate(roster.model_dump()) for _ in range(repeats)]
    samples = []
    for copy in copies:
        start = clock()
        validate(copy, ruleset)
        samples.append((clock() - start) * 1000)
    return statistics.median(samples)


def verdict(met: bool) -> str:
    return "met" if met else "MISSED"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=21)
    parser.add_argument("--max-size", type=int, default=max(SIZES))
    parser.add_argument("--cpu", action="store_true", help="time with the process's CPU clock")
    args = parser.parse_args()
    print(TIMED)
    global clock
    clock = time.process_time if args.cpu else time.perf_counter
    ruleset = load_ruleset()
    makers = {"battlegroup": make_roster, "task force": make_task_force}
    sizes = [s for s in SIZES if s <= args.max_size]
    print(f"re-validation after one edit (ms, median, {'CPU' if args.cpu else 'wall'} clock); "
          "full validation alongside")
    edit: dict[tuple[str, int], float] = {}
    whole: dict[tuple[str, int], float] = {}
    for kind, make in makers.items():
        for size in sizes:
            roster = make(ruleset, size)
            repeats = args.repeats if size <= 1000 else max(9, args.repeats // 2)
            edit[kind, size] = time_revalidation(ruleset, roster, repeats)
            full = whole[kind, size] = time_full(ruleset, roster, max(3, repeats // 3))
            target = TARGETS_MS.get((kind, size))
            note = "" if target is None else (
                f"  target < {target:g} ms: {verdict(edit[kind, size] < target)}")
            print(f"  {kind:11} {size:6d} elements: after an edit {edit[kind, size]:9.3f}"
                  f"   full {full:9.2f}{note}")
    for kind in makers:
        if (kind, 1000) not in whole:
            continue
        ratio = whole[kind, 1000] / whole[kind, 100]
        print(f"  {kind:11} full validation t(1000)/t(100) = {ratio:5.2f}"
              f"  target <= {RATIO_TARGET:g}: {verdict(ratio <= RATIO_TARGET)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
