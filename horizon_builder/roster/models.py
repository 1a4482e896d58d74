"""Roster models: a battlegroup or a tournament Task Force, as saved in TOML.

These models describe only what the player chose. Everything derived (costs,
totals, special rules, findings) is computed from them by :mod:`horizon_builder.engine`,
never stored.

Every model is frozen and its collections are tuples: a roster is a value. An
edit is a pure function that returns a new roster (see :mod:`horizon_builder.editing`),
sharing every unchanged element with the old one, and the session records it
with :meth:`~horizon_builder.session.core.Session.commit`. ``stats`` stays a plain
dict for TOML and JSON; nothing in the project writes into one (edits build a
new dict), and a test guards that.
"""

import re
from collections.abc import Iterable
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictInt, field_validator, model_validator

FORMAT_VERSION = 1

#: How a statline is written: the book's order, M F A D (OtH p.9, p.60), an aircraft's
#: boosted move Mb beside its M (as the examples write it); any other stat after them.
STAT_ORDER = ("M", "Mb", "F", "A", "D")


def in_stat_order(stats: dict[str, Any]) -> dict[str, Any]:
    """``stats`` in :data:`STAT_ORDER` (what is not in it after, by name): a list written
    from a share code, whose stats come sorted by name, reads as the book prints them."""
    rank = {name: index for index, name in enumerate(STAT_ORDER)}
    return dict(sorted(stats.items(), key=lambda kv: (rank.get(kv[0], len(rank)), kv[0])))

WeirdReplaces = Literal["command_resources", "chain_of_command", "guide_fire"]

#: A name and the number after it ("Mech 3"), and any "(copy)" marks an older version added.
_NUMBERED = re.compile(r"^(.*?)(?: (\d+))?(?: \(copy\))*$", re.S)


class RosterModel(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


def no_repeats(values: Iterable[str], message: str) -> None:
    """A model validator's check that ``values`` (the ids or names that tell its items apart)
    hold none twice: else ``ValueError(message.format(value))`` for the first repeated, e.g.
    ``no_repeats(ids, "element id {!r} is used twice")``. The roster's and the event's
    models both say it so."""
    seen: set[str] = set()
    for value in values:
        if value in seen:
            raise ValueError(message.format(value))
        seen.add(value)


Stat = Annotated[StrictInt, Field(ge=0, le=40)]


class UpgradeChoice(RosterModel):
    """One upgrade (or mutation, drone mark ...) taken by an element."""

    id: str = Field(min_length=1, description="Upgrade id from the ruleset.")
    count: StrictInt = Field(default=1, ge=1, le=20)
    option: str | None = Field(default=None, description="Choice the upgrade needs (robot program).")
    paid: Literal["points", "cr", "free"] | None = Field(
        default=None, description="How it is paid when the element could pay either way.",
    )

    @model_validator(mode="before")
    @classmethod
    def _from_string(cls, value: Any) -> Any:
        # "vertical_thrusters" is shorthand for {id = "vertical_thrusters"}
        return {"id": value} if isinstance(value, str) else value


class Form(RosterModel):
    """A metaform of a metaformer: its own type, Presence, stats and upgrades."""

    name: str | None = None
    type: str = Field(min_length=1)
    presence: StrictInt = Field(ge=0, le=30)
    stats: dict[str, Stat] = Field(default_factory=dict)
    upgrades: tuple[UpgradeChoice, ...] = Field(default=())


class Element(RosterModel):
    """An element of the force."""

    id: str = Field(default="", description="Stable id used by references; assigned if missing.")
    name: str = Field(min_length=1, max_length=120)
    type: str = Field(min_length=1, description="Element type id from the ruleset.")
    presence: StrictInt = Field(ge=0, le=30)
    stats: dict[str, Stat] = Field(default_factory=dict)
    upgrades: tuple[UpgradeChoice, ...] = Field(default=())
    forms: tuple[Form, ...] = Field(default=(), description="Metaforms (metaformers only).")
    carried_by: str | None = Field(default=None, description="Id of the carrier it starts aboard.")
    notes: str = ""

    def upgrade_count(self, upgrade_id: str) -> int:
        return sum(u.count for u in self.upgrades if u.id == upgrade_id)


class WeirdCommandChoice(RosterModel):
    id: str
    replaces: WeirdReplaces


class Command(RosterModel):
    """Who commands: a CHQ element, an AI Command, an alpha, a hivemind, or nobody yet."""

    kind: str = Field(default="none", description="Command option id from the ruleset.")
    element: str | None = Field(default=None, description="Id of the element that is the CHQ/alpha.")
    weird: tuple[WeirdCommandChoice, ...] = Field(default=())


class CrPurchase(RosterModel):
    """Command Resources spent on an upgrade for a whole element type."""

    type: str
    upgrade: str
    option: str | None = None
    form_type: bool = Field(default=False,
                            description="For the metaforms of this type, which count as their own type.")


class Round(RosterModel):
    """One tournament round: the battlegroup picked from the Task Force."""

    name: str
    elements: tuple[str, ...] = Field(default=(), description="Ids of the Task Force elements used.")
    command: Command = Field(default_factory=Command)
    cr_purchases: tuple[CrPurchase, ...] = Field(default=())
    destroyed: tuple[str, ...] = Field(default=(),
                                 description="Ids destroyed this round: benched for later rounds.")


class Roster(RosterModel):
    """A battlegroup, or a tournament Task Force with its rounds."""

    format: StrictInt = Field(default=FORMAT_VERSION, ge=1, le=FORMAT_VERSION)
    kind: Literal["battlegroup", "task_force"] = "battlegroup"
    name: str = Field(min_length=1, max_length=200)
    force_cost: StrictInt = Field(ge=1, le=1000, description="FC budget agreed for the game or event.")
    era: str | None = None
    event: str | None = None
    commander: str | None = Field(default=None, max_length=120,
                                  description="The player who brings the list (tournaments).")
    supplements: tuple[str, ...] = Field(default=())
    overrides: str | None = Field(default=None, description="Ruleset overrides file, relative to this file.")
    command: Command = Field(default_factory=Command)
    cr_purchases: tuple[CrPurchase, ...] = Field(default=())
    elements: tuple[Element, ...] = Field(default=())
    rounds: tuple[Round, ...] = Field(default=())
    notes: str = ""
    solitaire: Literal["solo", "hot_exfiltration"] | None = Field(
        default=None,
        description="Built as the friendly force of a solo game (OtH p.55), or for its Hot "
        "Exfiltration mission (OtH p.57-58): the builder checks the force rules they set.",
    )

    @field_validator("supplements")
    @classmethod
    def _unique_supplements(cls, value: tuple[str, ...]) -> tuple[str, ...]:
        no_repeats(value, "supplement {!r} is listed twice")
        return value

    @model_validator(mode="before")
    @classmethod
    def _assign_ids(cls, data: Any) -> Any:
        """Give every element without an id a unique one, so references survive reordering
        and renaming (before validation: a frozen element is never changed afterwards)."""
        if not isinstance(data, dict) or not isinstance(data.get("elements"), list | tuple):
            return data
        items = list(data["elements"])

        def given(item: Any) -> str:
            value = item.id if isinstance(item, Element) else (
                item.get("id") if isinstance(item, dict) else None)
            return value if isinstance(value, str) else ""

        used = {given(item) for item in items}
        if all(used_id for used_id in map(given, items)):
            return data
        counter = 1
        for index, item in enumerate(items):
            if given(item) or not isinstance(item, dict | Element):
                continue
            while f"e{counter}" in used:
                counter += 1
            new_id = f"e{counter}"
            used.add(new_id)
            items[index] = (item.model_copy(update={"id": new_id}) if isinstance(item, Element)
                            else {**item, "id": new_id})
        return {**data, "elements": items}

    @model_validator(mode="after")
    def _unique_ids(self) -> "Roster":
        no_repeats((element.id for element in self.elements), "element id {!r} is used twice")
        return self

    def element(self, element_id: str | None) -> Element | None:
        if element_id is None:
            return None
        for element in self.elements:
            if element.id == element_id:
                return element
        return None

    def new_element_id(self) -> str:
        used = {e.id for e in self.elements}
        n = len(self.elements) + 1
        while f"e{n}" in used:
            n += 1
        return f"e{n}"

    def next_copy_name(self, name: str) -> str:
        """The name with the next number no element of the roster has yet (as a player numbers
        copies: "Mech 3", not "Mech 2 (copy) (copy)")."""
        match = _NUMBERED.match(name)
        base = (match.group(1) if match else name).rstrip() or name
        numbers = [1]
        for element in self.elements:
            other = _NUMBERED.match(element.name)
            if other and other.group(1).rstrip() == base:
                numbers.append(int(other.group(2) or 1))
        suffix = f" {max(numbers) + 1}"
        return base[: 120 - len(suffix)] + suffix
