"""Shared helpers of the editing modules: supplements, eras, labels, trial validation."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any, get_args

from horizon_builder.checks import validate
from horizon_builder.checks.supplements import era_bars, supplement_on
from horizon_builder.engine.findings import Finding
from horizon_builder.roster.models import (
    Element,
    Roster,
    UpgradeChoice,
    WeirdReplaces,
)
from horizon_builder.rules.models import ElementType, Ruleset

STAT_MAX = 40
PRESENCE_MAX = 30

CATEGORY_LABELS = {
    "mech": "Mechs",
    "aircraft": "Aircraft",
    "conventional": "Conventional",
    "superheavy": "Superheavies",
    "bio": "Bio",
    "asset": "Strategic assets",
}

KIND_LABELS = {
    "upgrade": "Upgrades",
    "mutation": "Mutations",
    "weird_upgrade": "Weird upgrades",
    "drone": "Drones",
    "program_upgrade": "Program upgrades",
    "electronic_warfare": "Electronic warfare",
    "superweapon": "Superweapon upgrades",
    "asset_option": "Asset options",
    "weird_command": "Weird command",
}

#: Upgrade kinds taken by the command as a whole, never by one element.
COMMAND_KINDS = frozenset({"weird_command"})

#: The CHQ abilities a weird command may replace (OtH p.42), in display order.
COMMAND_ABILITIES: tuple[str, ...] = get_args(WeirdReplaces)


def kind_label(kind: str) -> str:
    return KIND_LABELS.get(kind, kind.replace("_", " ").capitalize())


_enabled = supplement_on
_era_bars = era_bars


def _supplement_name(ruleset: Ruleset, supplement: str) -> str:
    entry = ruleset.supplements.get(supplement)
    return entry.name if entry else supplement


def _type_label(et: ElementType) -> str:
    return et.short or et.name


def p_range_text(low: int, high: int | None) -> str:
    if high is None:
        return f"P{low}+"
    return f"P{low}" if low == high else f"P{low}-{high}"


def _choices(element: Element, form_index: int | None) -> tuple[UpgradeChoice, ...]:
    return element.upgrades if form_index is None else element.forms[form_index].upgrades


def _update_line(element: Element, form_index: int | None, **changes: Any) -> Element:
    """A new element whose baseform (``form_index`` None) or metaform has ``changes``."""
    if form_index is None:
        return element.model_copy(update=changes)
    forms = list(element.forms)
    forms[form_index] = forms[form_index].model_copy(update=changes)
    return element.model_copy(update={"forms": tuple(forms)})


def _line(element: Element, form_index: int | None) -> tuple[str, int]:
    if form_index is None:
        return element.type, element.presence
    form = element.forms[form_index]
    return form.type, form.presence


def _error_keys(findings: Iterable[Finding]) -> Counter[tuple[str, str | None, str | None, str]]:
    return Counter((f.code, f.element, f.field, f.message) for f in findings if f.severity == "error")


def _strip_name(message: str, name: str | None) -> str:
    prefix = f"{name}: " if name else ""
    return message[len(prefix):] if prefix and message.startswith(prefix) else message


def new_errors(before: Roster, after: Roster, ruleset: Ruleset,
               baseline: Counter | None = None) -> list[Finding]:
    """Errors the validator raises on ``after`` that it did not raise on ``before``."""
    base = baseline if baseline is not None else _error_keys(validate(before, ruleset).all_findings)
    found = validate(after, ruleset).all_findings
    fresh = _error_keys(found) - base
    out = []
    for f in found:
        key = (f.code, f.element, f.field, f.message)
        if f.severity == "error" and fresh[key] > 0:
            fresh[key] -= 1
            out.append(f)
    return out


def replace_element(roster: Roster, element: Element) -> Roster:
    """``roster`` with the element of the same id replaced by ``element`` (the others shared)."""
    elements = tuple(element if e.id == element.id else e for e in roster.elements)
    return roster.model_copy(update={"elements": elements})


