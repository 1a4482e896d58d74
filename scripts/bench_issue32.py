"""The speeds and the memory issue 32 names, each printed beside its target.

- a 40-element battlegroup validated from scratch <= 2 ms, a 40-element Task Force <= 4 ms;
- full validation linear: t(1000) / t(100) <= 11 (battlegroups and Task Forces);
- re-validation after an edit: <= 2 ms at 40 elements, <= 16 ms at 200;
- the upgrade picker for one element <= 2 ms;
- the organiser's ``check --event`` over a folder of 1,000 different 40-element Task
  Forces peaks under 300 MB (``--event-lists N``: a smaller folder; 0 skips it).

Medians of ``--repeats`` runs, wall clock (``--cpu``: the process's CPU clock). Run it with
the Python of the environment whose ``horizon_builder`` you time (it says which)::

    python scripts/bench_issue32.py [--repeats N] [--event-lists N]

"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from benchpath import TIMED

from horizon_builder.editing import change_element, set_stat, upgrade_options
from horizon_builder.engine.analysis import analyse
from horizon_builder.roster.io import save_roster
from horizon_builder.roster.models import Roster
from horizon_builder.roster.samples import make_roster, make_task_force
from horizon_builder.rules.loader import load_ruleset

try:  # issue 32: the one call lives with the rules
    from horizon_builder.checks import validate
except ImportError:  # before it
    from horizon_builder.engine.validator import validate  # type: ignore[no-redef]

clock = time.perf_counter


def _median_ms(samples: list[float]) -> float:
    return statistics.median(samples) * 1000


def from_scratch(ruleset, roster: Roster, repeats: int) -> float:  # type: ignore[no-untyped-def]
    copies = [Roster.model_validate(roster.model_dump()) for _ in range(repeats)]
    validate(copies[0], ruleset)  # warm the imports
    samples = []
    for copy in copies:
        start = clock()
        validate(copy, ruleset)
        samples.append(clock() - start)
    return _median_ms(samples)


def after_edit(ruleset, roster: Roster, repeats: int) -> float:  # type: ignore[no-untyped-def]
    validate(roster, ruleset)
    samples = []
    for n in range(repeats):
        element = roster.elements[(n * 7919) % len(roster.elements)]
        stat = next(iter(element.stats))
        step = 1 if element.stats[stat] == 0 else -1
        roster = change_element(roster, element.id,
                                lambda e, s=stat, d=step: set_stat(e, s, e.stats[s] + d))
        start = clock()
        validate(roster, ruleset)
        samples.append(clock() - start)
    return _median_ms(samples)


def picker(ruleset, roster: Roster, repeats: int) -> float:  # type: ignore[no-untyped-def]
    """The upgrade picker for one element (a mech of the list: a pool, many upgrades)."""
    report = validate(roster, ruleset)
    analysis = report.analysis if hasattr(report, "analysis") else analyse(roster, ruleset)
    element = next((i.element for i in analysis.elements if i.element.type == "mech"),
                   analysis.elements[0].element)
    samples = []
    for _ in range(repeats):
        start = clock()
        upgrade_options(ruleset, analysis, element.id)
        samples.append(clock() - start)
    return _median_ms(samples)


def event_memory(ruleset, lists: int) -> tuple[float, float]:  # type: ignore[no-untyped-def]
    """(peak MB, seconds) of ``check --event oth-tournament FOLDER`` over ``lists`` different
    40-element Task Forces (each element renamed and one stat changed per list)."""
    with tempfile.TemporaryDirectory() as folder:
        base = make_task_force(ruleset, 40)
        for n in range(lists):
            roster = base.model_copy(update={"name": f"List {n}", "elements": tuple(
                e.model_copy(update={"name": f"{e.name} {n}"}) for e in base.elements)})
            first = roster.elements[n % len(roster.elements)]
            if first.stats:
                stat = next(iter(first.stats))
                roster = change_element(roster, first.id,
                                        lambda e, s=stat: set_stat(e, s, max(0, e.stats[s] - 1)))
            save_roster(Path(folder) / f"list-{n:04d}.toml", roster)
        start = time.perf_counter()  # wall: the work is another process's
        done = subprocess.run(["/usr/bin/time", "-v", sys.executable, "-m", "horizon_builder",
                               "check", "--event", "oth-tournament", folder],
                              capture_output=True, text=True, env={**os.environ})
        seconds = time.perf_counter() - start
        peak = re.search(r"Maximum resident set size \(kbytes\): (\d+)", done.stderr)
        return (int(peak.group(1)) / 1024 if peak else float("nan")), seconds


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=31)
    parser.add_argument("--event-lists", type=int, default=1000)
    parser.add_argument("--cpu", action="store_true",
                        help="time with the process's CPU clock (a busy machine's time slices "
                             "given to others then do not count)")
    args = parser.parse_args()
    print(TIMED)
    global clock
    if args.cpu:
        clock = time.process_time
    rs = load_ruleset()
    r = args.repeats

    def line(what: str, value: float, target: float | None, unit: str = "ms") -> None:
        note = "" if target is None else f"   target <= {target:g}: " + (
            "met" if value <= target else "MISSED")
        print(f"  {what:52} {value:9.3f} {unit}{note}")

    print("validation from scratch (median)")
    line("40-element battlegroup", from_scratch(rs, make_roster(rs, 40), r), 2)
    line("40-element Task Force", from_scratch(rs, make_task_force(rs, 40), r), 4)
    for kind, make in (("battlegroup", make_roster), ("Task Force", make_task_force)):
        small = from_scratch(rs, make(rs, 100), r)
        big = from_scratch(rs, make(rs, 1000), max(5, r // 4))
        line(f"{kind} 100", small, None)
        line(f"{kind} 1000", big, None)
        line(f"{kind} t(1000)/t(100)", big / small, 11, "x")
    print("re-validation after one edit (median)")
    line("40-element battlegroup", after_edit(rs, make_roster(rs, 40), r), 2)
    line("40-element Task Force", after_edit(rs, make_task_force(rs, 40), r), 2)
    line("200-element battlegroup", after_edit(rs, make_roster(rs, 200), r), 16)
    line("200-element Task Force", after_edit(rs, make_task_force(rs, 200), r), 16)
    print("the upgrade picker for one element (median)")
    line("a mech of an 8-element battlegroup", picker(rs, make_roster(rs, 8), r), 2)
    line("a mech of a 40-element battlegroup", picker(rs, make_roster(rs, 40), r), 2)
    line("a mech of a 40-element Task Force (3 rounds)", picker(rs, make_task_force(rs, 40), r), 2)
    if args.event_lists:
        peak, seconds = event_memory(rs, args.event_lists)
        line(f"check --event over {args.event_lists} 40-element Task Forces: peak", peak,
             300 if args.event_lists >= 1000 else None, "MB")
        line("  ... wall time", seconds, None, "s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
