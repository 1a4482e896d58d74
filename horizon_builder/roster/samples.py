"""Generated rosters of any size, for benchmarks and scaling tests.

Elements cycle through every element type the rules hold, at their lowest
Presence, with stats filling the pool and the first upgrades each may take,
so every check has real work to do.
"""

from __future__ import annotations

from horizon_builder.roster.models import Command, Element, Roster, Round, UpgradeChoice
from horizon_builder.rules.models import Ruleset


def _stats(ruleset: Ruleset, type_id: str, presence: int) -> dict[str, int]:
    et = ruleset.element_types[type_id]
    known = et.statlines.get(presence)
    if known is not None:
        return dict(known.stats)
    points = et.pool.points_for(presence)[0] if et.pool is not None else None
    if not points:
        return dict.fromkeys(et.stats, 2)
    share, extra = divmod(points, len(et.stats))
    return {stat: share + (1 if i < extra else 0) for i, stat in enumerate(et.stats)}


def make_roster(ruleset: Ruleset, size: int) -> Roster:
    types = [t for t, et in ruleset.element_types.items()
             if et.category != "asset" and et.max_per_force is None]
    elements: list[Element] = []
    for n in range(size):
        type_id = types[n % len(types)]
        et = ruleset.element_types[type_id]
        presence = et.presence.min
        upgrades = [
            UpgradeChoice(id=up_id) for up_id, up in ruleset.upgrades.items()
            if up.eligible and ruleset.matches(type_id, up.eligible) and up.currency != "cr"
        ][:2]
        elements.append(Element(id=f"g{n}", name=f"{et.name} {n}", type=type_id,
                                presence=presence, stats=_stats(ruleset, type_id, presence),
                                upgrades=upgrades))
    chq = next((e for e in elements if ruleset.element_types[e.type].chq == "conventional"), None)
    command = Command(kind="chq", element=chq.id) if chq is not None else Command()
    return Roster(name=f"Generated {size}", force_cost=min(1000, max(1, 2 * size)),
                  supplements=list(ruleset.supplements), command=command, elements=elements)


def make_task_force(ruleset: Ruleset, size: int, rounds: int = 3) -> Roster:
    """A Task Force of ``size`` elements with ``rounds`` rounds, each fielding a different
    half of the list under its own CHQ, with one element destroyed per round."""
    roster = make_roster(ruleset, size)
    ids = [e.id for e in roster.elements]
    chosen_rounds: list[Round] = []
    for number in range(rounds):
        fielded = tuple(i for n, i in enumerate(ids) if (n + number) % 2 == 0)
        chq = next((i for i in fielded
                    if ruleset.element_types[roster.elements[ids.index(i)].type].chq == "conventional"),
                   None)
        command = Command(kind="chq", element=chq) if chq is not None else Command()
        chosen_rounds.append(Round(name=f"Round {number + 1}", elements=fielded, command=command,
                                   destroyed=fielded[-1:]))
    return roster.model_copy(update={"kind": "task_force", "command": Command(),
                                     "rounds": tuple(chosen_rounds)})
