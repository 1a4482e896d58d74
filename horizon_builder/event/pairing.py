"""Pairings and standings of an event, as pure functions of the event file.

- Round 1 is random (OtH p.46), from the event's seed, so it can be reproduced.
- Later rounds, the book's modified Swiss system (OtH p.46): commanders ordered
  by victory points, then tie-break points, then name; the first is matched with
  the next highest he or she has not played, and so on. Where taking the next
  highest would leave the last commanders only rematches, the next choice down is
  taken (the least change to the book's order that avoids a rematch). A maximum
  matching of the pairs not yet played decides at each step which choices still
  let the rest pair (:mod:`.matching`): polynomial time, any size, any history.
  Where no pairing avoids every rematch, the book's order stands (1 v 2, 3 v 4...).
- Campaign format (OtH p.48): sides kept all event; each commander meets the one
  of the other side with the closest victory points, not played before if
  possible. Our reading: commanders choose from the top of the standings,
  whichever side they are on (pairing one side first would let the top of the
  other side meet whoever that side left over). The book asks for six or more
  and no equal sides: with one more on one side, that side's bye goes by the
  event's bye rule below.
- Standings (OtH p.48): victory points, then tie-break points, then the Force
  Cost left in the Task Force (elements never destroyed), else drawn.

Our readings (docs/rules.md, Readings): the book is silent on byes. With an odd number of
commanders one has the bye, by the event's bye rule (:class:`ByeRule`, from the preset's
``[event.bye]`` and the event file's ``[bye]``): by default the lowest placed commander
among those with the fewest byes (rounds before a late entrant joined are not byes),
scoring nothing; the rule may draw the bye at random instead, and give it a set number of
victory and tie-break points. Victory points may be negative (momentum can fall below zero).
"""

from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from horizon_builder.event.errors import EventError
from horizon_builder.event.matching import free_vertices, ordered_pairing
from horizon_builder.event.models import Battle, Event, Side
from horizon_builder.rules.event import ByeRule


class PairingError(EventError):
    """The next round cannot be paired, or a change to the event cannot be made (says why
    and what to do)."""


@dataclass(frozen=True)
class Score:
    name: str
    victory_points: int = 0
    tie_break: int = 0
    side: Side | None = None
    played: int = 0
    byes: int = 0


def scores(event: Event, bye: ByeRule) -> dict[str, Score]:
    """Each commander's totals over the results entered so far, a bye scoring what the
    event's bye rule gives it."""
    sums = {c.name: [0, 0, 0, 0] for c in event.commanders}  # VP, tie-break, battles, byes
    for round_ in event.rounds:
        for battle in round_.battles:
            for name in battle.players:
                total = sums.get(name)
                if total is None:
                    continue
                if battle.blue is None:
                    total[0] += bye.victory_points
                    total[1] += bye.tie_break
                    total[3] += 1
                    continue
                result = battle.result_of(name)
                if result is not None:
                    total[0] += result.victory_points
                    total[1] += result.tie_break
                    total[2] += 1
    return {c.name: Score(c.name, victory_points=vp, tie_break=tb, side=c.side, played=n, byes=b)
            for c in event.commanders for vp, tb, n, b in [sums[c.name]]}


def opponents(event: Event) -> set[frozenset[str]]:
    """Every pair that has met (a rematch is avoided, OtH p.46)."""
    return {frozenset(b.players) for r in event.rounds for b in r.battles if b.blue is not None}


def placing(score: Score) -> tuple[int, int, str]:
    """Order for pairing: most victory points, then tie-break points, then name (OtH p.46)."""
    return (-score.victory_points, -score.tie_break, score.name.casefold())


def next_round(event: Event, bye: ByeRule) -> tuple[Battle, ...]:
    """The battles of the next round (Red: the higher placed, or the campaign's red side);
    with an odd number, the bye by ``bye``."""
    if event.rounds and not event.rounds[-1].done:
        raise PairingError(f"round {len(event.rounds)} has battles without results: enter them "
                           "first (horizon-builder event result)")
    if len(event.commanders) < 2:
        raise PairingError("an event needs at least two commanders")
    if event.pairing == "campaign":
        return _campaign(event, bye)
    return _swiss(event, bye)


def _swiss(event: Event, rule: ByeRule) -> tuple[Battle, ...]:
    totals, played = scores(event, rule), opponents(event)
    if not event.rounds:
        names = sorted(totals, key=str.casefold)
        random.Random(event.seed).shuffle(names)
    else:
        names = [s.name for s in sorted(totals.values(), key=placing)]
    bye: str | None = None
    if len(names) % 2:
        met = _met(played)
        free = free_vertices(names, lambda a, b: b not in met[a])
        bye = _bye(names, totals, rule, _draw(event), lambda name: name in free)
        names.remove(bye)
    pairs = _match(names, played) or _match(names, set())
    assert pairs is not None  # an even list always pairs when rematches are allowed
    battles = [Battle(table=i + 1, red=a, blue=b) for i, (a, b) in enumerate(pairs)]
    if bye is not None:
        battles.append(Battle(table=len(battles) + 1, red=bye))
    return tuple(battles)


def _bye(order: Sequence[str], totals: Mapping[str, Score], rule: ByeRule,
         draw: random.Random, pairs_without: Callable[[str], bool]) -> str:
    """Who has the bye (docs/rules.md, Readings): among the commanders of ``order`` (best
    placed first) with the fewest byes so far, the lowest placed (or, by the rule, one drawn
    at random) whose leaving lets the rest pair without a rematch (``pairs_without``); if
    none does, the first of them. Rounds before a late entrant joined are not byes: they
    count for nothing here."""
    fewest = min(totals[n].byes for n in order)
    candidates = [n for n in reversed(order) if totals[n].byes == fewest]
    if rule.goes_to == "random":
        draw.shuffle(candidates)
    return next((n for n in candidates if pairs_without(n)), candidates[0])


def _draw(event: Event) -> random.Random:
    """The random draw of the round being paired: from the event's seed and the round, so
    the same event file pairs the same way again."""
    return random.Random(f"{event.seed}:bye:{len(event.rounds) + 1}")


def _match(names: Sequence[str], played: set[frozenset[str]]) -> list[tuple[str, str]] | None:
    """Pair in order: the first with the next highest not yet met, stepping down to the next
    choice only when a choice would leave the rest no pairing without a rematch (None: no
    pairing without a rematch). A maximum matching decides what the rest can do, so this
    takes polynomial time, not a search of every pairing (:mod:`.matching`)."""
    if not played:  # rematches allowed: the book's order as it stands
        return list(zip(names[::2], names[1::2], strict=True))
    met = _met(played)
    return ordered_pairing(names, (), lambda _name: names, lambda a, b: b not in met[a])


def _met(played: set[frozenset[str]]) -> defaultdict[str, set[str]]:
    """Whom each commander has played."""
    met: defaultdict[str, set[str]] = defaultdict(set)
    for pair in played:
        a, b = pair
        met[a].add(b)
        met[b].add(a)
    return met


def _campaign(event: Event, rule: ByeRule) -> tuple[Battle, ...]:
    red = [c.name for c in event.commanders if c.side == "red"]
    blue = [c.name for c in event.commanders if c.side == "blue"]
    unsided = [c.name for c in event.commanders if c.side is None]
    if unsided:
        raise PairingError(f"campaign format: give every commander a side (red or blue); "
                           f"none for {', '.join(unsided)}")
    if len(event.commanders) < 6:
        raise PairingError("the campaign format needs at least six commanders (OtH p.48)")
    if abs(len(red) - len(blue)) > 1:
        raise PairingError(f"campaign format: {len(red)} red and {len(blue)} blue commanders; "
                           "the sides may differ by one at most (one bye a round)")
    totals, played = scores(event, rule), opponents(event)
    sides = {n: "red" for n in red} | {n: "blue" for n in blue}
    if not event.rounds:
        rng = random.Random(event.seed)
        red, blue = sorted(red, key=str.casefold), sorted(blue, key=str.casefold)
        rng.shuffle(red)
        rng.shuffle(blue)
        bye = (red if len(red) > len(blue) else blue).pop() if len(red) != len(blue) else None
        pairs = list(zip(red, blue, strict=True))
    else:
        order = [s.name for s in sorted(totals.values(), key=placing)]
        bye = None
        if len(red) != len(blue):
            larger = "red" if len(red) > len(blue) else "blue"
            side = [n for n in order if sides[n] == larger]
            bye = _bye(side, totals, rule, _draw(event), lambda name: _closest(
                [n for n in order if n != name], sides, totals, played) is not None)
            order.remove(bye)
        pairs = (_closest(order, sides, totals, played) or _closest(order, sides, totals, set())
                 or [])
        pairs = [(a, b) if sides[a] == "red" else (b, a) for a, b in pairs]
    battles = [Battle(table=i + 1, red=a, blue=b) for i, (a, b) in enumerate(pairs)]
    if bye is not None:
        battles.append(Battle(table=len(battles) + 1, red=bye))
    return tuple(battles)


def _closest(order: Sequence[str], sides: Mapping[str, str], totals: Mapping[str, Score],
             played: set[frozenset[str]]) -> list[tuple[str, str]] | None:
    """From the top of the standings, whichever side: each commander meets the one of the
    other side with the closest victory points not yet met (ties: the higher placed),
    stepping down as in :func:`_match`."""
    def nearest(name: str) -> list[str]:
        vp = totals[name].victory_points
        return sorted((n for n in order if sides[n] != sides[name]),
                      key=lambda n: (abs(totals[n].victory_points - vp), placing(totals[n])))

    met = _met(played)
    return ordered_pairing(order, (), nearest,
                           lambda a, b: sides[a] != sides[b] and b not in met[a])


@dataclass(frozen=True)
class Standing:
    rank: int
    name: str
    victory_points: int
    tie_break: int
    remaining: int | None  #: FC left in the Task Force (None: the list could not be read)
    side: Side | None = None
    drawn: bool = False  #: shares its rank with another commander


def standings(event: Event, remaining: Mapping[str, int | None], bye: ByeRule,
              side: Side | None = None) -> list[Standing]:
    """Ranked: victory points, tie-break points, FC left in the Task Force, else drawn
    (OtH p.48), a bye counting what ``bye`` gives it; ``side``: one side's own ranking in
    the campaign format."""
    rows = [s for s in scores(event, bye).values() if side is None or s.side == side]

    def key(s: Score) -> tuple[int, int, int]:
        return (-s.victory_points, -s.tie_break, -(remaining.get(s.name) or 0))

    rows.sort(key=lambda s: (key(s), s.name.casefold()))
    out: list[Standing] = []
    for index, s in enumerate(rows):
        rank = out[-1].rank if out and key(rows[index - 1]) == key(s) else index + 1
        drawn = any(key(o) == key(s) for o in rows if o is not s)
        out.append(Standing(rank, s.name, s.victory_points, s.tie_break,
                            remaining.get(s.name), s.side, drawn))
    return out


def side_totals(event: Event, bye: ByeRule) -> dict[Side, int]:
    """Victory points per side in the campaign format: the side with more wins (OtH p.48)."""
    totals: dict[Side, int] = {"red": 0, "blue": 0}
    for s in scores(event, bye).values():
        if s.side is not None:
            totals[s.side] += s.victory_points
    return totals
