"""Helpers shared by the check modules, and the registry of statline rules.

A *statline rule* is a pure predicate about one statline of one element (its
baseform or a metaform): given a :class:`StatlineAsk` it yields the
:class:`~horizon_builder.engine.findings.Reason` objects for what fails. It is
registered once with :func:`statline_rule`, and then asked by two callers:

- the validator, through the check the decorator registers, for every statline
  of every element of the force;
- the editors' upgrade picker (:mod:`horizon_builder.editing.upgrades`), for the
  statline as it would be with one more copy of an upgrade.

A statline rule may read the element, its statline, the ruleset, the roster's
settings (kind, era, event, supplements, solitaire) and the mode, command and CR
purchases; never the other elements (the picker asks it about an element on its
own). What it says about an element is kept with the element's info and reused
while the same element object comes back in the same context (see
:func:`horizon_builder.engine.analysis.analyse`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any, TypeVar

from horizon_builder.engine.analysis import Analysis, ElementInfo, StatlineInfo
from horizon_builder.engine.findings import Finding, Reason, Severity, plural
from horizon_builder.engine.validator import check
from horizon_builder.rules.models import ElementType, RuleModel, Ruleset

__all__ = ["STATLINE_RULES", "StatlineAsk", "about", "cite", "each_element", "eligible_names", "finding",
           "is_aircraft", "is_superheavy", "plural", "statline_rule", "statlines"]


@dataclass(frozen=True)
class StatlineAsk:
    """One statline of one element, as a statline rule sees it."""

    analysis: Analysis  #: for the ruleset, the roster's settings and the mode only
    info: ElementInfo
    line: StatlineInfo
    label: str = ""  #: "" for the baseform, "Jet form: " for a metaform
    prefix: str = ""  #: the field prefix to edit: "" or "forms[1]."

    @property
    def ruleset(self) -> Ruleset:
        return self.analysis.ruleset

    @property
    def is_base(self) -> bool:
        return not self.prefix


StatlineRule = Callable[[StatlineAsk], Iterable[Reason]]
T = TypeVar("T")


@dataclass(frozen=True)
class RegisteredRule:
    name: str
    applies_to: frozenset[str]
    run: StatlineRule


#: Every statline rule, in the order the validator reports them.
STATLINE_RULES: list[RegisteredRule] = []


def statlines(a: Analysis, info: ElementInfo) -> Iterator[StatlineAsk]:
    """The baseform and each metaform of an element, with its label and field prefix."""
    yield StatlineAsk(a, info, info.base)
    for index, form in enumerate(info.forms):
        label = info.element.forms[index].name or (form.type.name if form.type else form.type_id)
        yield StatlineAsk(a, info, form, f"{label} form: ", f"forms[{index + 1}].")


def all_statlines(a: Analysis) -> list[StatlineAsk]:
    """Every statline of the force, made once per analysis (each statline rule reads them)."""
    cached: list[StatlineAsk] | None = a.__dict__.get("_statline_asks")
    if cached is None:
        cached = [ask for info in a.elements for ask in statlines(a, info)]
        a.__dict__["_statline_asks"] = cached
    return cached


def statline_rule(chapter: str, applies_to: Iterable[str] = ("battlegroup", "round", "task_force")
                  ) -> Callable[[StatlineRule], StatlineRule]:
    """Register a statline rule, and a validator check that asks it of every statline."""
    scope = frozenset(applies_to)

    def register(rule: StatlineRule) -> StatlineRule:
        number = len(STATLINE_RULES)
        STATLINE_RULES.append(RegisteredRule(rule.__name__, scope, rule))

        def run(a: Analysis) -> Iterator[Finding]:
            found, error = statline_findings(a)[number]
            yield from found
            if error is not None:
                raise error

        run.__name__ = rule.__name__
        check(chapter, scope)(run)
        return rule

    return register


#: What every statline rule says about one element: (rule number, findings, the exception
#: the rule raised or None), for the rules that said something.
_ElementFindings = tuple[tuple[int, tuple[Finding, ...], Exception | None], ...]


def _element_findings(a: Analysis, info: ElementInfo) -> _ElementFindings:
    """Every statline rule asked of each statline of one element, kept on its info: an
    info is made for one element object in one force context (mode, command, CR bought,
    the roster's settings) and shared by the analyses that meet both again, and a statline
    rule reads nothing else (see the module docstring)."""
    cached: tuple[int, _ElementFindings] | None = info.__dict__.get("_statline_findings")
    if cached is not None and cached[0] == len(STATLINE_RULES):  # no rule registered since
        return cached[1]
    out: list[tuple[int, tuple[Finding, ...], Exception | None]] = []
    asks = list(statlines(a, info))
    for number, registered in enumerate(STATLINE_RULES):
        found: list[Finding] = []
        error: Exception | None = None
        try:
            for ask in asks:
                for reason in registered.run(ask):
                    if not reason.duplicate:
                        found.append(finding(info, reason))
        except Exception as exc:  # the validator reports it (see validator._run)
            error = exc
        if found or error is not None:
            out.append((number, tuple(found), error))
    result = tuple(out)
    info.__dict__["_statline_findings"] = (len(STATLINE_RULES), result)
    return result


def statline_findings(a: Analysis) -> list[tuple[list[Finding], Exception | None]]:
    """For each statline rule, its findings over the force in element order (and the
    exception that stopped it), made once per analysis from each element's own."""
    cached: list[tuple[list[Finding], Exception | None]] | None = a.__dict__.get(
        "_statline_findings")
    if cached is not None:
        return cached
    found: list[list[Finding]] = [[] for _ in STATLINE_RULES]
    errors: list[Exception | None] = [None] * len(STATLINE_RULES)
    for info in a.elements:
        for number, findings, error in _element_findings(a, info):
            if errors[number] is not None:
                continue  # the rule stopped at an earlier element
            found[number].extend(findings)
            errors[number] = error
    result = list(zip(found, errors, strict=True))
    a.__dict__["_statline_findings"] = result
    return result


def each_element(a: Analysis, part: Callable[[Analysis, ElementInfo], T]) -> Iterator[tuple[ElementInfo, T]]:
    """``part(a, info)`` for each element of the force in order, each made once and kept with
    the element's info, as the statline rules' findings are: ``part`` may read what a
    statline rule may (the element, the ruleset, the force's context), never the other
    elements. A force-wide check runs its per-element work through this, so an edit
    re-runs it for the changed elements only."""
    for info in a.elements:
        kept: dict[object, Any] = info.__dict__.setdefault("_parts", {})
        try:
            value = kept[part]
        except KeyError:
            value = kept[part] = part(a, info)
        yield info, value


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
        text += f"; changed by {item.changed_by}"
    return text


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
