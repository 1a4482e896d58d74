"""The next round's pairing (OtH p.46-48) on adversarial histories: the worst time per size.

Target (issue 23, item 7): any event up to 128 commanders, whatever has been played,
pairs in under 100 ms: ``next_round`` from the event in memory (totals, who met whom and
the pairing), measured in CPU time (best of ``--repeats``), so that other work on a busy
machine does not count. Each history is an event file's rounds (built in memory) whose
pairs met; everyone has scored 0, so the book's order is the names' order. Run with the
Python of the environment the package is installed in::

    /path/to/venv/bin/python scripts/bench_pairing.py [--repeats N] [--sizes 8 16 ...]

Histories, for N commanders (and N-1, an odd number: someone gets a bye):

- ``split``: two score groups of odd size, everyone has played everyone in their own
  group: no rematch-free pairing exists (the old search tried for minutes).
- ``groups-K`` (K = 3, 4, 5, 7, 15, 33): groups of K in the book's order, everyone has played everyone in the
  group: each commander must float to another group.
- ``one-left``: everyone has played everyone but one pairing, the reverse of the book's
  order (the last against the first).
- ``random-D``: each pair played with probability D (seeds 0-4).
- ``campaign-hall``: the campaign format (OtH p.48), sides of N/2; the first reds have
  all met the same blues but one (no rematch-free pairing exists).
"""

from __future__ import annotations

import argparse
import itertools
import random
import sys
import time
from collections.abc import Callable, Iterator, Sequence

from horizon_builder.event.models import Battle, Commander, Event, EventRound, Result
from horizon_builder.event.pairing import next_round
from horizon_builder.rules.event import ByeRule

TARGET_MS = 100.0
Pairs = set[frozenset[str]]


def rounds_for(pairs: Sequence[frozenset[str]]) -> tuple[EventRound, ...]:
    """Rounds in which exactly ``pairs`` met, everyone scoring 0."""
    rounds: list[list[tuple[str, str]]] = []
    busy: list[set[str]] = []
    for pair in pairs:
        a, b = sorted(pair)
        for battles, names in zip(rounds, busy, strict=True):
            if a not in names and b not in names:
                battles.append((a, b))
                names.update((a, b))
                break
        else:
            rounds.append([(a, b)])
            busy.append({a, b})
    zero = Result(victory_points=0)
    return tuple(EventRound(battles=tuple(
        Battle(table=i + 1, red=a, blue=b, red_result=zero, blue_result=zero)
        for i, (a, b) in enumerate(battles))) for battles in rounds)


def event(names: Sequence[str], played: Pairs, sides: Sequence[str] | None = None) -> Event:
    commanders = tuple(Commander(name=n, list=f"{n}.toml",
                                 side=None if sides is None else sides[i])  # type: ignore[arg-type]
                       for i, n in enumerate(names))
    return Event(name="bench", preset="oth-tournament", commanders=commanders,
                 pairing="swiss" if sides is None else "campaign",
                 rounds=rounds_for(sorted(played, key=sorted)))


def histories(size: int) -> Iterator[tuple[str, Event]]:
    for n in (size, size - 1):
        names = [f"c{i:03}" for i in range(n)]
        pairs = [frozenset(p) for p in itertools.combinations(names, 2)]
        cut = n // 2 - 1 if (n // 2) % 2 == 0 else n // 2
        low = set(names[:cut])
        yield f"split/{n}", event(names, {p for p in pairs if p <= low or not p & low})
        for k in (3, 4, 5, 7, 15, 33):
            group = {name: i // k for i, name in enumerate(names)}
            yield f"groups-{k}/{n}", event(names, {p for p in pairs
                                                  if len({group[x] for x in p}) == 1})
        last = {frozenset((names[i], names[n - 1 - i])) for i in range(n // 2)}
        yield f"one-left/{n}", event(names, set(pairs) - last)
        for density in (0.5, 0.9, 0.97):
            for seed in range(5):
                rng = random.Random(seed)
                played = {p for p in pairs if rng.random() < density}
                yield f"random-{density}/{n}#{seed}", event(names, played)
    half = size // 2
    red = [f"r{i:03}" for i in range(half)]
    blue = [f"b{i:03}" for i in range(half)]
    crowd = red[: half // 2 + 1]
    played = {frozenset((r, b)) for r in crowd for b in blue[1:]}
    played |= {frozenset((r, b)) for r in red[half // 2 + 1:] for b in blue[: half // 3]}
    yield f"campaign-hall/{size}", event(red + blue, played, ["red"] * half + ["blue"] * half)


def timed(run: Callable[[], object], repeats: int) -> float:
    best = float("inf")
    for _ in range(repeats):
        start = time.process_time()
        run()
        best = min(best, time.process_time() - start)
    return best * 1000


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeats", type=int, default=3, help="runs per history (best kept)")
    parser.add_argument("--sizes", type=int, nargs="+", default=[8, 16, 32, 64, 128])
    args = parser.parse_args(argv)
    worst_all = 0.0
    print(f"{'commanders':>10}  {'worst ms':>9}  {'history':<24} histories")
    for size in args.sizes:
        results = [(timed(lambda e=e: next_round(e, ByeRule()), args.repeats), name)  # type: ignore[misc]
                   for name, e in histories(size)]
        worst, name = max(results)
        worst_all = max(worst_all, worst)
        print(f"{size:>10}  {worst:>9.1f}  {name:<24} {len(results)}")
    verdict = "within" if worst_all < TARGET_MS else "OVER"
    print(f"worst {worst_all:.1f} ms: {verdict} the target of {TARGET_MS:.0f} ms")
    return 0 if worst_all < TARGET_MS else 1


if __name__ == "__main__":
    sys.exit(main())
