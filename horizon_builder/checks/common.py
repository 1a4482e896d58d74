"""Helpers the rule modules share: citations, element families, eligibility words."""

from __future__ import annotations

from horizon_builder.engine.findings import plural
from horizon_builder.rules.event import CHOSEN_BY
from horizon_builder.rules.models import ElementType, RuleModel, Ruleset
from horizon_builder.rules.personal import ENTERED_FROM

__all__ = ["cite", "cite_within", "eligible_names", "is_aircraft", "is_superheavy", "plural"]


def cite(item: RuleModel | None, fallback: str) -> str:
    """The rule citation of a data item; a value a layer beyond the book data changed (house
    rules, --ruleset, an event preset) says which layer, as does an event's choice ("set by
    the event ...")."""
    text = fallback if item is None or not item.source else item.source
    if item is not None and item.changed_by:
        text += f"; {_by(item.changed_by)}"
    return text


def _by(layer: str) -> str:
    """Who set a value, as a citation says it: your rulebook entered a core value, an event
    chose what the book leaves to its organiser, anything else changed the book."""
    how = ("entered from" if layer.startswith(f"{ENTERED_FROM} ")
           else "set by" if layer.startswith(f"{CHOSEN_BY} ") else "changed by")
    return f"{how} {layer}"


def cite_within(owner: RuleModel, part: RuleModel | None, fallback: str) -> tuple[str, bool]:
    """The citation and provisional flag of one part of a rule table: the part's own citation
    where the data gives one (the errata's CHQ table for who may lead a CHQ, its list of mech
    upgrades for who may take agile frame ...), else the owner's; a layer that changed the
    owner is named either way."""
    source = part if part is not None else owner
    rule = cite(source, fallback)
    if source is not owner and owner.changed_by:
        rule += f"; {_by(owner.changed_by)}"
    return rule, source.is_provisional


def is_aircraft(et: ElementType | None) -> bool:
    """An aircraft or a variant of one (airship, superflyer): by category, family or tag."""
    return et is not None and et.is_a("aircraft")


def is_superheavy(et: ElementType | None) -> bool:
    """A supermech, supertank or superflyer (or anything tagged superheavy)."""
    return et is not None and et.is_a("superheavy")


#: How eligibility words that are not element types read in a message.
_GROUP_WORDS = {"conventional": "conventional elements", "superheavy": "superheavies",
                "infantry": "infantry", "gribbly": "gribblies", "gun_beast": "gun-beasts",
                "bio": "bio elements", "chq": "the CHQ"}


def eligible_names(rs: Ruleset, names: list[str]) -> str:
    """An eligibility list in a player's words: type names, not ids ("Light Infantry, SF")."""
    words = []
    for name in names:
        et = rs.element_types.get(name)
        words.append(et.name if et is not None else _GROUP_WORDS.get(name, name.replace("_", " ")))
    return ", ".join(words)
