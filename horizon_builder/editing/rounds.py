"""Tournament rounds of a Task Force (OtH p.45-48): pure edits and the rows a round shows."""

from __future__ import annotations

from dataclasses import dataclass

from horizon_builder.editing.common import _type_label
from horizon_builder.engine.analysis import analyse
from horizon_builder.engine.tournament import benched
from horizon_builder.roster.models import (
    Command,
    Roster,
    Round,
)
from horizon_builder.rules.models import Ruleset


# --- tournament rounds (OtH p.45-48) ------------------------------------------------
# A Task Force lists its elements once; each round fields some of them as a
# battlegroup with its own command and CR spending (OtH p.46), and an element
# destroyed in a round is benched for the rounds after it (OtH p.46). The command
# and CR helpers above work on a round through :func:`round_view`, a battlegroup
# made of the round's elements, command and CR purchases: it is validated by the
# same checks the validator runs on the round (OtH p.46: a round's battlegroup is
# built up to the tournament FC), so a picker and the round's findings agree.
def _with_round(roster: Roster, index: int, round_: Round) -> Roster:
    rounds = list(roster.rounds)
    rounds[index] = round_
    return roster.model_copy(update={"rounds": tuple(rounds)})


def new_round_name(roster: Roster) -> str:
    """'Round N' for the next round, N the first number from the count up not yet taken."""
    names = {r.name for r in roster.rounds}
    n = len(roster.rounds) + 1
    while f"Round {n}" in names:
        n += 1
    return f"Round {n}"


def add_round(roster: Roster) -> Roster:
    """Add an empty round named 'Round N' (OtH p.46).

    It takes the previous round's kind of command, not its CHQ: each round chooses
    its CHQ again from the elements it fields (OtH p.46).
    """
    kind = roster.rounds[-1].command.kind if roster.rounds else "none"
    round_ = Round(name=new_round_name(roster), command=Command(kind=kind))
    return roster.model_copy(update={"rounds": (*roster.rounds, round_)})


def repeat_round(roster: Roster, index: int) -> Roster:
    """Add a round after the last that fields round ``index``'s battlegroup again, less every
    element benched by then (destroyed in any round so far, OtH p.46).

    Its command and CR purchases are kept; a CHQ that is benched leaves the command
    without its element, to choose again.
    """
    source = roster.rounds[index]
    gone = set(benched(roster))
    command = source.command
    if command.element in gone:
        command = command.model_copy(update={"element": None})
    round_ = Round(name=new_round_name(roster), command=command,
                   elements=tuple(e for e in source.elements if e not in gone),
                   cr_purchases=source.cr_purchases)
    return roster.model_copy(update={"rounds": (*roster.rounds, round_)})


def rename_round(roster: Roster, index: int, name: str) -> Roster:
    """Rename a round; a blank name keeps the old one, a name another round has is refused."""
    name = name.strip()
    if not name or name == roster.rounds[index].name:
        return roster
    if any(r.name == name for i, r in enumerate(roster.rounds) if i != index):
        raise ValueError(f"another round is already called {name!r}")
    return _with_round(roster, index, roster.rounds[index].model_copy(update={"name": name}))


def delete_round(roster: Roster, index: int) -> Roster:
    """Remove a round; its losses no longer bench anything in the rounds after it."""
    rounds = tuple(r for i, r in enumerate(roster.rounds) if i != index)
    return roster.model_copy(update={"rounds": rounds})


def move_round(roster: Roster, index: int, offset: int) -> Roster:
    """Move a round earlier (offset < 0) or later; raises IndexError past either end.

    Benching follows the order (OtH p.46): a round moved before the round where an
    element it fields was destroyed may field it again.
    """
    target = index + offset
    if not 0 <= target < len(roster.rounds) or not 0 <= index < len(roster.rounds):
        raise IndexError(f"no round {target + 1}")
    rounds = list(roster.rounds)
    rounds.insert(target, rounds.pop(index))
    return roster.model_copy(update={"rounds": tuple(rounds)})


def toggle_round_element(roster: Roster, index: int, element_id: str) -> Roster:
    """Field a Task Force element in round ``index``, or take it out (OtH p.46).

    Fielded ids keep the Task Force's order. An element taken out is no longer
    destroyed in that round, nor its CHQ (the command option is kept).
    """
    if roster.element(element_id) is None:
        raise KeyError(element_id)
    round_ = roster.rounds[index]
    if element_id in round_.elements:
        command = round_.command
        if command.element == element_id:
            command = command.model_copy(update={"element": None})
        round_ = round_.model_copy(update={
            "elements": tuple(e for e in round_.elements if e != element_id),
            "destroyed": tuple(e for e in round_.destroyed if e != element_id),
            "command": command})
    else:
        order = {e.id: i for i, e in enumerate(roster.elements)}
        fielded = tuple(sorted([*round_.elements, element_id],
                               key=lambda e: order.get(e, len(order))))
        round_ = round_.model_copy(update={"elements": fielded})
    return _with_round(roster, index, round_)


def toggle_round_destroyed(roster: Roster, index: int, element_id: str) -> Roster:
    """Mark a fielded element destroyed in round ``index`` (benched later, OtH p.46), or unmark it."""
    round_ = roster.rounds[index]
    if element_id in round_.destroyed:
        destroyed = tuple(e for e in round_.destroyed if e != element_id)
    elif element_id not in round_.elements:
        raise ValueError("only an element fielded in the round can be destroyed in it")
    else:
        destroyed = (*round_.destroyed, element_id)
    return _with_round(roster, index, round_.model_copy(update={"destroyed": destroyed}))


def benched_before(roster: Roster, index: int) -> dict[str, str]:
    """Element id → name of the earlier round it was destroyed in: benched in round ``index`` (OtH p.46)."""
    out: dict[str, str] = {}
    for round_ in roster.rounds[:index]:
        for element_id in round_.destroyed:
            out.setdefault(element_id, round_.name)
    return out


@dataclass(frozen=True)
class RoundElementRow:
    """One Task Force element as round ``index`` sees it."""

    element_id: str
    name: str
    type_name: str
    presence: int
    fc: int  #: its FC in this round (under the round's CHQ), fielded or not
    fielded: bool
    leads: bool  #: it is the round's CHQ / alpha
    destroyed: bool  #: destroyed in this round
    benched_in: str | None = None  #: the earlier round it was destroyed in (OtH p.46)

    @property
    def benched(self) -> bool:
        return self.benched_in is not None


def round_element_rows(ruleset: Ruleset, roster: Roster, index: int) -> list[RoundElementRow]:
    """Every Task Force element, in Task Force order, as round ``index`` fields it.

    ``fc`` is what the element costs in this round: a conventional CHQ changes the
    FC of other conventional types, so it is read from an analysis of the whole
    Task Force under the round's command.
    """
    round_ = roster.rounds[index]
    command = round_.command
    if command.element not in round_.elements:  # a CHQ the round does not field leads nobody
        command = command.model_copy(update={"element": None})
    analysis = analyse(roster, ruleset, command=command, cr_purchases=round_.cr_purchases,
                       mode="round")
    benched = benched_before(roster, index)
    rows = []
    for info in analysis.elements:
        element = info.element
        et = info.type
        rows.append(RoundElementRow(
            element.id, element.name, _type_label(et) if et else element.type, element.presence,
            info.fc, element.id in round_.elements, info.is_command,
            element.id in round_.destroyed, benched.get(element.id)))
    return rows


def round_view(roster: Roster, index: int) -> Roster:
    """Round ``index`` as a battlegroup of its own, for the command and CR helpers above.

    Its elements are the Task Force elements the round fields (Task Force order),
    its command and CR purchases the round's, its budget the tournament FC
    (OtH p.46). Elements are shared with ``roster``: treat the view as read-only
    and write changes back with :func:`from_round_view`.
    """
    round_ = roster.rounds[index]
    fielded = set(round_.elements)
    return roster.model_copy(update={
        "kind": "battlegroup", "elements": tuple(e for e in roster.elements if e.id in fielded),
        "command": round_.command, "cr_purchases": round_.cr_purchases, "rounds": (),
        "solitaire": None})


def from_round_view(roster: Roster, index: int, view: Roster) -> Roster:
    """Write an edited round view's command and CR purchases back into round ``index``."""
    round_ = roster.rounds[index].model_copy(update={
        "command": view.command, "cr_purchases": tuple(view.cr_purchases)})
    return _with_round(roster, index, round_)


def set_round_battlegroup(roster: Roster, index: int, elements: tuple[str, ...],
                          command: Command) -> Roster:
    """Field exactly ``elements`` in round ``index`` under ``command`` (a suggestion taken):
    its losses and CR purchases for elements no longer fielded are dropped (OtH p.46)."""
    known = {e.id for e in roster.elements}
    missing = [e for e in elements if e not in known]
    if missing:
        raise KeyError(missing[0])
    order = {e.id: i for i, e in enumerate(roster.elements)}
    fielded = tuple(sorted(set(elements), key=lambda e: order[e]))
    round_ = roster.rounds[index]
    types = {e.type for e in roster.elements if e.id in set(fielded)}
    round_ = round_.model_copy(update={
        "elements": fielded, "command": command,
        "destroyed": tuple(e for e in round_.destroyed if e in set(fielded)),
        "cr_purchases": tuple(p for p in round_.cr_purchases if p.type in types)})
    return _with_round(roster, index, round_)
