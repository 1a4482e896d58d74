"""Pairings and standings of an event, as pure functions of the event file.

- Round 1 is random (OtH p.46), from the event's seed, so it can be reproduced.
- Later rounds, the book's modified Swiss system (OtH p.46): commanders ordered
  by victory points, then tie-break points, then name; the first is matched with
  the next highest he or she has not played, and so on. Where taking the next
  highest would leave the last commanders only rematches, the next choice down is
  taken (the least change to the book's order that avoids a rematch).
- Campaign format (OtH p.48): sides kept all event; each commander meets the one
  of the other side with the closest victory points, not played before if
  possible.
- Standings (OtH p.48): victory points, then tie-break points, then the Force
  Cost left in the Task Force (elements never destroyed), else drawn.

Our readings (README, Readings): an odd number of commanders gives the lowest
placed commander without a bye yet a bye that round, scoring nothing; victory
points may be negative (momentum can fall below zero).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from horizon_builder.event.models import Battle, Event, Side


class PairingError(ValueError):
    """The next round cannot be paired (say why and what to do)."""


@dataclass(frozen=True)
class Score:
    name: str
    victory_points: int = 0
    tie_break: int = 0
    side: Side | None = None
    played: int = 0
    byes: int = 0


def scores(event: Event) -> dict[str, Score]:
    """Each commander's totals over the results entered so far."""
    totals = {c.name: Score(c.name, side=c.side) for c in event.commanders}
    for round_ in event.rounds:
        for battle in round_.battles:
            for name in battle.players:
                result = battle.result_of(name)
                old = totals.get(name)
                if old is None:
                    continue
                bye = battle.blue is None
                totals[name] = Score(
                    name, old.victory_points + (result.victory_points if result else 0),
                    old.tie_break + (result.tie_break if result else 0), old.side,
                    old.played + (0 if bye or result is None else 1), old.byes + bye)
    return totals


def opponents(event: Event) -> set[frozenset[str]]:
    """Every pair that has met (a rematch is avoided, OtH p.46)."""
    return {frozenset(b.players) for r in event.rounds for b in r.battles if b.blue is not None}


def placing(score: Score) -> tuple[int, int, str]:
    """Order for pairing: most victory points, then tie-break points, then name (OtH p.46)."""
    return (-score.victory_points, -score.tie_break, score.name.casefold())


def next_round(event: Event) -> tuple[Battle, ...]:
    """The battles of the next round (Red: the higher placed, or the campaign's red side)."""
    if event.rounds and not event.rounds[-1].done:
        raise PairingError(f"round {len(event.rounds)} has battles without results: enter them "
                           "first (horizon-builder event result)")
    if len(event.commanders) < 2:
        raise PairingError("an event needs at least two commanders")
    if event.pairing == "campaign":
        return _campaign(event)
    return _swiss(event)


def _swiss(event: Event) -> tuple[Battle, ...]:
    totals = scores(event)
    if not event.rounds:
        names = sorted(totals, key=str.casefold)
        random.Random(event.seed).shuffle(names)
    else:
        names = [s.name for s in sorted(totals.values(), key=placing)]
    bye: str | None = None
    if len(names) % 2:
        bye = _bye(names, totals, opponents(event))
        names.remove(bye)
    pairs = _match(names, opponents(event)) or _match(names, set())
    assert pairs is not None  # an even list always pairs when rematches are allowed
    battles = [Battle(table=i + 1, red=a, blue=b) for i, (a, b) in enumerate(pairs)]
    if bye is not None:
        battles.append(Battle(table=len(battles) + 1, red=bye))
    return tuple(battles)


def _bye(names: list[str], totals: Mapping[str, Score], played: set[frozenset[str]]) -> str:
    """The lowest placed commander with the fewest byes whose leaving lets the rest pair."""
    fewest = min(totals[n].byes for n in names)
    for name in reversed(names):
        if totals[name].byes == fewest and _match([n for n in names if n != name], played):
            return name
    return next(n for n in reversed(names) if totals[n].byes == fewest)


def _match(names: Sequence[str], played: set[frozenset[str]],
           dead: set[frozenset[str]] | None = None) -> list[tuple[str, str]] | None:
    """Pair in order: the first with the next highest not yet met, backtracking only when a
    choice would leave the rest unpairable (None: no pairing without a rematch). ``dead``
    remembers groups that cannot pair, so the search stays quick for a large event."""
    if not names:
        return []
    dead = set() if dead is None else dead
    if frozenset(names) in dead:
        return None
    first, rest = names[0], list(names[1:])
    for index, other in enumerate(rest):
        if frozenset((first, other)) in played:
            continue
        tail = _match(rest[:index] + rest[index + 1:], played, dead)
        if tail is not None:
            return [(first, other), *tail]
    dead.add(frozenset(names))
    return None


def _campaign(event: Event) -> tuple[Battle, ...]:
    red = [c.name for c in event.commanders if c.side == "red"]
    blue = [c.name for c in event.commanders if c.side == "blue"]
    unsided = [c.name for c in event.commanders if c.side is None]
    if unsided:
        raise PairingError(f"campaign format: give every commander a side (red or blue); "
                           f"none for {', '.join(unsided)}")
    if len(event.commanders) < 6:
        raise PairingError("the campaign format needs at least six commanders (OtH p.48)")
    if len(red) != len(blue):
        raise PairingError(f"campaign format: {len(red)} red and {len(blue)} blue commanders; "
                           "make the sides equal")
    totals = scores(event)
    if not event.rounds:
        rng = random.Random(event.seed)
        red, blue = sorted(red, key=str.casefold), sorted(blue, key=str.casefold)
        rng.shuffle(red)
        rng.shuffle(blue)
        pairs = list(zip(red, blue, strict=True))
    else:
        red.sort(key=lambda n: placing(totals[n]))
        pairs = (_closest(red, blue, totals, opponents(event))
                 or _closest(red, blue, totals, set()) or [])
    return tuple(Battle(table=i + 1, red=a, blue=b) for i, (a, b) in enumerate(pairs))


def _closest(red: Sequence[str], blue: Sequence[str], totals: Mapping[str, Score],
             played: set[frozenset[str]]) -> list[tuple[str, str]] | None:
    """Each red commander (highest placed first) meets the blue one with the closest victory
    points not yet met (ties: the higher placed); backtracking as in :func:`_match`."""
    if not red:
        return []
    first = red[0]
    vp = totals[first].victory_points
    for other in sorted(blue, key=lambda n: (abs(totals[n].victory_points - vp),
                                             placing(totals[n]))):
        if frozenset((first, other)) in played:
            continue
        tail = _closest(red[1:], [b for b in blue if b != other], totals, played)
        if tail is not None:
            return [(first, other), *tail]
    return None


@dataclass(frozen=True)
class Standing:
    rank: int
    name: str
    victory_points: int
    tie_break: int
    remaining: int | None  #: FC left in the Task Force (None: the list could not be read)
    side: Side | None = None
    drawn: bool = False  #: shares its rank with another commander


def standings(event: Event, remaining: Mapping[str, int | None],
              side: Side | None = None) -> list[Standing]:
    """Ranked: victory points, tie-break points, FC left in the Task Force, else drawn
    (OtH p.48); ``side``: one side's own ranking in the campaign format."""
    rows = [s for s in scores(event).values() if side is None or s.side == side]

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


def side_totals(event: Event) -> dict[Side, int]:
    """Victory points per side in the campaign format: the side with more wins (OtH p.48)."""
    totals: dict[Side, int] = {"red": 0, "blue": 0}
    for s in scores(event).values():
        if s.side is not None:
            totals[s.side] += s.victory_points
    return totals
