"""Small helpers shared by the check modules."""

from __future__ import annotations

from horizon_builder.engine.analysis import ElementInfo
from horizon_builder.engine.findings import Finding, Severity, plural
from horizon_builder.rules.models import ElementType, RuleModel, Ruleset

__all__ = ["about", "cite", "eligible_names", "is_aircraft", "is_superheavy", "plural"]


def about(info: ElementInfo | None, severity: Severity, code: str, message: str, rule: str,
          field: str | None = None, provisional: bool = False) -> Finding:
    """A finding concerning one element (or the force when ``info`` is None)."""
    if info is None:
        return Finding(severity, code, message, rule, field=field, provisional=provisional)
    return Finding(severity, code, f"{info.element.name}: {message}", rule, info.id,
                   info.element.name, field, provisional)


def cite(item: RuleModel | None, fallback: str) -> str:
    """The rule citation of a data item, marked when it is provisional."""
    if item is None or not item.source:
        return fallback
    return item.source


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
