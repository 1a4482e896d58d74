"""Suggest a tournament round's battlegroup from a Task Force (OtH p.46), best first.

Given the elements not benched, the tournament FC and a goal, the search finds
the legal battlegroups (a CHQ or other command included) that serve the goal
best. It is exact: every FC and FP a battlegroup can reach is worked out by
dynamic programming for each command choice (the CHQ changes FCs, OtH p.62),
the pairs are taken best first, and every battlegroup of a pair is judged by the
validator until legal ones are found, so a legal battlegroup is only passed over
for a better one. If the time runs out first, the result says so (``exact``
False, ``stopped_early`` True).

Goals (docs/rules.md, Readings): ``most_fp`` the most Force Presence; ``least_fp`` the
most FC spent with the least FP for it; ``ir`` the Intelligence Rating closest
to a wanted one (OtH p.50). CR are left for the player to spend.
"""

from __future__ import annotations

import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Literal

from horizon_builder.checks import validate
from horizon_builder.engine.analysis import analyse
from horizon_builder.engine.totals import intelligence_rating
from horizon_builder.engine.tournament import benched
from horizon_builder.roster.models import Command, Element, Roster
from horizon_builder.rules.models import Ruleset

Goal = Literal["most_fp", "least_fp", "ir"]
GOALS: dict[str, str] = {"most_fp": "most FP", "least_fp": "least FP for the FC",
                         "ir": "Intelligence Rating closest to a wanted one"}


@dataclass(frozen=True)
class Suggestion:
    elements: tuple[str, ...]
    command: Command
    force_cost: int
    force_presence: int
    intelligence_rating: int | None
    quality: str | None
    command_resources: int


@dataclass
class SuggestResult:
    suggestions: list[Suggestion] = field(default_factory=list)
    exact: bool = True  #: the order is proven (every better battlegroup was judged)
    stopped_early: bool = False  #: the time limit ended the search
    judged: int = 0  #: battlegroups the validator judged
    left_out: dict[str, str] = field(default_factory=dict)  #: element id → why


def suggest(ruleset: Ruleset, roster: Roster, round_index: int, goal: Goal = "most_fp",
            target_ir: int = 0, limit: int = 5, time_limit: float = 2.0) -> SuggestResult:
    """The best legal battlegroups for round ``round_index`` (0-based) of a Task Force."""
    start = time.perf_counter()
    out = SuggestResult()
    gone = set(benched(roster, round_index))
    pool = [e for e in roster.elements if e.id not in gone]
    for element_id in gone:
        out.left_out[element_id] = "benched: destroyed in an earlier round (OtH p.46)"
    pool = [e for e in pool if not _own_errors(ruleset, roster, e, out)]
    budget = roster.force_cost
    spaces = [_Space(ruleset, roster, pool, command, budget)
              for command in _commands(ruleset, roster, pool)]
    seen: set[tuple[object, ...]] = set()
    pairs = sorted(((fc, fp, space) for space in spaces for fc, fp in space.pairs()),
                   key=lambda c: _rank(goal, target_ir, c[0], c[1]))
    for fc, fp, space in pairs:
        for mask in space.ways(fc, fp):
            if time.perf_counter() - start > time_limit:
                out.stopped_early, out.exact = True, False
                return out
            ids = tuple(space.elements[i].id for i in range(len(space.elements)) if mask >> i & 1)
            shape = _shape(space, mask)
            if shape in seen:  # the same battlegroup but for which of two alike elements
                continue
            suggestion = _judge(ruleset, roster, pool, ids, space.command, out)
            if suggestion is not None:
                seen.add(shape)
                out.suggestions.append(suggestion)
                if len(out.suggestions) >= limit:
                    return out
    return out


def _shape(space: _Space, mask: int) -> tuple[object, ...]:
    """What a player sees of a battlegroup: its elements as statlines, and who leads."""
    def look(element: Element) -> tuple[object, ...]:
        return (element.type, element.presence, tuple(sorted(element.stats.items())),
                tuple((u.id, u.count, u.option) for u in element.upgrades),
                tuple((f.type, f.presence) for f in element.forms))

    chosen = sorted(look(e) for i, e in enumerate(space.elements) if mask >> i & 1)
    leader = next((look(e) for e in space.elements if e.id == space.command.element), None)
    return (space.command.kind, leader, tuple(chosen))


def _rank(goal: Goal, target: int, fc: int, fp: int) -> tuple[int, ...]:
    ir = intelligence_rating(fc, fp)
    ir_key = -(ir if ir is not None else -10_000)
    if goal == "most_fp":
        return (-fp, ir_key, -fc)
    if goal == "least_fp":
        return (-fc, fp)
    return (abs((ir if ir is not None else 10_000) - target), -fc, -fp)


def _own_errors(ruleset: Ruleset, roster: Roster, element: Element, out: SuggestResult) -> bool:
    """An element with an error of its own whatever it is fielded with is left out."""
    alone = roster.model_copy(update={"kind": "battlegroup", "elements": (element,),
                                      "rounds": (), "command": Command(), "cr_purchases": ()})
    errors = [f for f in validate(alone, ruleset).errors if f.element == element.id]
    if errors:
        out.left_out[element.id] = errors[0].message
    return bool(errors)


def _commands(ruleset: Ruleset, roster: Roster, pool: Sequence[Element]) -> Iterator[Command]:
    """Every command choice worth trying: each option without an element, and each element
    that could lead under an option that needs one (the validator has the last word)."""
    for kind, option in ruleset.commands.items():
        if option.supplement and option.supplement not in roster.supplements:
            continue
        if not option.needs_element:
            yield Command(kind=kind)
            continue
        for element in pool:
            et = ruleset.element_types.get(element.type)
            if et is None or et.chq is None:
                continue
            if option.element_chq not in (None, "any", et.chq):
                continue
            if option.eligible and not ruleset.matches(element.type, option.eligible):
                continue
            yield Command(kind=kind, element=element.id)


class _Space:
    """The battlegroups of one command choice: which (FC, FP) they reach within the budget,
    by dynamic programming over the elements (one bitmask of FPs per FC), and each way to
    reach one, found lazily (OtH p.46: built from the Task Force up to the tournament FC)."""

    def __init__(self, ruleset: Ruleset, roster: Roster, pool: Sequence[Element],
                 command: Command, budget: int):
        self.command = command
        analysis = analyse(roster, ruleset, elements=pool, command=command, cr_purchases=(),
                           mode="round")
        infos = analysis.elements
        self.elements = [info.element for info in infos]
        forced = [i for i, info in enumerate(infos) if info.id == command.element]
        self.forced = sum(1 << i for i in forced)
        self.fc0 = sum(infos[i].fc for i in forced)
        self.fp0 = sum(infos[i].fp for i in forced)
        self.budget = budget - self.fc0
        #: the free elements: (index, fc, fp); suffix[k][fc]: FPs items k.. reach with fc
        self.items = [(i, info.fc, info.fp) for i, info in enumerate(infos) if i not in forced]
        room = max(self.budget, -1) + 1
        suffix = [[0] * room for _ in range(len(self.items) + 1)]
        if room:
            suffix[-1][0] = 1
        for k in range(len(self.items) - 1, -1, -1):
            _, fc, fp = self.items[k]
            row = list(suffix[k + 1])
            for have in range(room - fc):
                if suffix[k + 1][have]:
                    row[have + fc] |= suffix[k + 1][have] << fp
            suffix[k] = row
        self.suffix = suffix

    def pairs(self) -> Iterator[tuple[int, int]]:
        if self.budget < 0:
            return
        for fc, bits in enumerate(self.suffix[0]):
            fp = 0
            while bits:
                if bits & 1 and fc + self.fc0 > 0:
                    yield fc + self.fc0, fp + self.fp0
                bits >>= 1
                fp += 1

    def ways(self, fc: int, fp: int) -> Iterator[int]:
        """Every battlegroup (a bitmask over the elements) reaching exactly (fc, fp)."""
        yield from self._ways(0, fc - self.fc0, fp - self.fp0, self.forced)

    def _ways(self, k: int, fc: int, fp: int, mask: int) -> Iterator[int]:
        if k == len(self.items):
            if fc == 0 and fp == 0:
                yield mask
            return
        index, cost, presence = self.items[k]
        nxt = self.suffix[k + 1]
        if fc >= cost and fp >= presence and nxt[fc - cost] >> (fp - presence) & 1:
            yield from self._ways(k + 1, fc - cost, fp - presence, mask | 1 << index)
        if nxt[fc] >> fp & 1:
            yield from self._ways(k + 1, fc, fp, mask)


def _judge(ruleset: Ruleset, roster: Roster, pool: Sequence[Element], ids: tuple[str, ...],
           command: Command, out: SuggestResult) -> Suggestion | None:
    chosen = set(ids)
    battlegroup = roster.model_copy(update={
        "kind": "battlegroup", "elements": tuple(e for e in pool if e.id in chosen),
        "rounds": (), "command": command, "cr_purchases": ()})
    report = validate(battlegroup, ruleset)
    out.judged += 1
    # a round's battlegroup under an event preset: that it is not a Task Force is no fault
    if any(f.code != "event-battlegroup" for f in report.errors):
        return None
    t = report.totals
    return Suggestion(ids, command, t.force_cost, t.force_presence, t.intelligence_rating,
                      t.intelligence_quality, t.command_resources)
