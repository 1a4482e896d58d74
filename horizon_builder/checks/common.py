"""Helpers the rule modules share: citations, element families, eligibility words.

(Legacy, until every check module is declared as rules: ``statline_rule`` and the plain
per-element helpers below, kept so the modules not yet converted run unchanged. A declared
rule (:mod:`horizon_builder.engine.rule`) needs none of them.)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from itertools import chain, compress
from typing import Any, TypeVar

from horizon_builder.engine.analysis import Analysis, ElementInfo
from horizon_builder.engine.findings import Finding, Reason, Severity, plural
from horizon_builder.engine.registry import statline_check
from horizon_builder.engine.rule import ALL_MODES, StatlineView
from horizon_builder.engine.validator import statline_views
from horizon_builder.rules.models import ElementType, RuleModel, Ruleset
from horizon_builder.rules.personal import ENTERED_FROM

__all__ = ["StatlineAsk", "about", "cite", "cite_within", "derived", "each_element",
           "element_findings", "eligible_names", "finding", "first_places", "indices",
           "is_aircraft", "is_superheavy", "one_note", "per_element", "per_element_total",
           "per_element_value", "plural", "present", "selected", "statline_rule", "statlines"]

T = TypeVar("T")
#: legacy name of :class:`~horizon_builder.engine.rule.StatlineView`
StatlineAsk = StatlineView
StatlineRule = Callable[[StatlineView], Iterable[Reason]]


def statlines(a: Analysis, info: ElementInfo) -> Iterator[StatlineView]:
    """The baseform and each metaform of an element, with its label and field prefix."""
    return statline_views(a, info)


def statline_rule(chapter: str, applies_to: Iterable[str] = ALL_MODES
                  ) -> Callable[[StatlineRule], StatlineRule]:
    """Legacy: register a function of one statline yielding :class:`Reason` s."""

    def register(rule: StatlineRule) -> StatlineRule:
        statline_check(applies_to, rule)
        return rule

    return register


# --- legacy per-element helpers, plain (no caching): for modules not yet converted
def per_element(a: Analysis, part: Callable[[Analysis, ElementInfo], T]) -> list[T]:
    return [part(a, info) for info in a.elements]


def per_element_total(a: Analysis, part: Callable[[Analysis, ElementInfo], int]) -> int:
    return sum(per_element(a, part))


def per_element_value(a: Analysis, info: ElementInfo, part: Callable[[Analysis, ElementInfo], T]) -> T:
    return part(a, info)


def present(a: Analysis, part: Callable[[Analysis, ElementInfo], T]) -> tuple[list[int], list[T]]:
    places, values = [], []
    for place, info in enumerate(a.elements):
        value = part(a, info)
        if value:
            places.append(place)
            values.append(value)
    return places, values


def derived(a: Analysis, column: list[Any], make: Callable[[list[Any]], T]) -> T:
    return make(column)


def first_places(column: list[tuple[str, ...]]) -> dict[str, int]:
    """Each name a column of names holds, in order, with the place of its first element."""
    return {t: next(n for n, ts in enumerate(column) if t in ts)
            for t in dict.fromkeys(chain.from_iterable(column))}


def each_element(a: Analysis, part: Callable[[Analysis, ElementInfo], T]) -> Iterator[tuple[ElementInfo, T]]:
    return zip(a.elements, per_element(a, part), strict=True)


def element_findings(a: Analysis, part: Callable[[Analysis, ElementInfo], Sequence[Finding]]
                     ) -> Iterator[Finding]:
    for info in a.elements:
        yield from part(a, info)


def selected(a: Analysis, test: Callable[[ElementInfo], object]) -> list[ElementInfo]:
    return [info for info in a.elements if test(info)]


def indices(flags: Sequence[object]) -> list[int]:
    return list(compress(range(len(flags)), flags))


def one_note(by_type: dict[str, ElementInfo], code: str, message: str, rule: str,
              field: str) -> Finding:
    """One provisional note for the force naming every type it concerns (one note per type
    was noise); it points at the element when there is only one."""
    only = next(iter(by_type.values())) if len(by_type) == 1 else None
    return Finding("info", code, message, rule, only.id if only else None,
                   only.element.name if only else None, field, True)


def finding(info: ElementInfo | None, reason: Reason) -> Finding:
    """The validator's finding for a reason about ``info`` (the force when None)."""
    return about(info, reason.severity, reason.code, reason.message, reason.rule, reason.field,
                 reason.provisional)


def about(info: ElementInfo | None, severity: Severity, code: str, message: str, rule: str,
          field: str | None = None, provisional: bool = False) -> Finding:
    """A finding concerning one element (or the force when ``info`` is None)."""
    if info is None:
        return Finding(severity, code, message, rule, field=field, provisional=provisional)
    return Finding(severity, code, f"{info.element.name}: {message}", rule, info.id,
                   info.element.name, field, provisional)


def cite(item: RuleModel | None, fallback: str) -> str:
    """The rule citation of a data item; a value a layer beyond the book data changed (house
    rules, --ruleset, an event preset) says which layer."""
    text = fallback if item is None or not item.source else item.source
    if item is not None and item.changed_by:
        entered = item.changed_by.startswith(f"{ENTERED_FROM} ")  # a core value, not a house rule
        text += f"; {'entered from' if entered else 'changed by'} {item.changed_by}"
    return text


def cite_within(owner: RuleModel, part: RuleModel | None, fallback: str) -> tuple[str, bool]:
    """The citation and provisional flag of one part of a rule table: the part's own citation
    where the data gives one (the errata's CHQ table for who may lead a CHQ, its list of mech
    upgrades for who may take agile frame ...), else the owner's; a layer that changed the
    owner is named either way."""
    source = part if part is not None else owner
    rule = cite(source, fallback)
    if source is not owner and owner.changed_by:
        rule += f"; changed by {owner.changed_by}"
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
