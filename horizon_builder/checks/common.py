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
own). What it says about an element is kept for the element's info and reused
while the same element object comes back in the same context (see
:mod:`horizon_builder.engine.incremental`: :meth:`~horizon_builder.engine.incremental.Reuse.of_info`).
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Hashable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from itertools import chain, compress
from typing import Any, TypeVar

from horizon_builder.engine.analysis import Analysis, ElementInfo, StatlineInfo
from horizon_builder.engine.findings import (
    Finding,
    FindingKey,
    Reason,
    Severity,
    Sorted,
    finding_key,
    plural,
)
from horizon_builder.engine.incremental import round_copy
from horizon_builder.engine.registry import check
from horizon_builder.rules.models import ElementType, RuleModel, Ruleset
from horizon_builder.rules.personal import ENTERED_FROM

__all__ = ["STATLINE_RULES", "StatlineAsk", "about", "cite", "cite_within", "derived", "each_element",
           "element_findings", "element_told", "eligible_names", "finding", "first_places", "indices",
           "is_aircraft", "is_superheavy", "one_note",
           "per_element", "per_element_total", "per_element_value", "plural", "present", "selected",
           "statline_rule", "statlines"]


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
    cached: list[StatlineAsk] | None = a.once.get(all_statlines)
    if cached is None:
        cached = a.once[all_statlines] = [ask for info in a.elements for ask in statlines(a, info)]
    return cached


def statline_rule(chapter: str, applies_to: Iterable[str] = ("battlegroup", "round", "task_force")
                  ) -> Callable[[StatlineRule], StatlineRule]:
    """Register a statline rule, and a validator check that asks it of every statline."""
    scope = frozenset(applies_to)

    def register(rule: StatlineRule) -> StatlineRule:
        number = len(STATLINE_RULES)
        STATLINE_RULES.append(RegisteredRule(rule.__name__, scope, rule))

        def run(a: Analysis) -> Iterable[Finding]:
            return statline_sorted(a, number)

        run.__name__ = rule.__name__
        check(chapter, scope)(run)
        return rule

    return register


#: What every statline rule says about one element: (rule number, findings, the exception
#: the rule raised or None), for the rules that said something.
_ElementFindings = tuple[tuple[int, tuple[Finding, ...], Exception | None], ...]


def _element_findings(a: Analysis, info: ElementInfo) -> _ElementFindings:
    """Every statline rule asked of each statline of one element, kept for its info: an
    info is made for one element object in one force context (mode, command, CR bought,
    the roster's settings) and shared by the analyses that meet both again, and a statline
    rule reads nothing else (see the module docstring)."""
    kept = a.reuse.of_info(info)
    cached: tuple[int, _ElementFindings] | None = kept.get(_element_findings)
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
    kept[_element_findings] = (len(STATLINE_RULES), result)
    return result


#: Where a rule's exception is kept in :func:`_split` (beside its findings by severity).
_FAILED = "failed"
_SEVERITIES = ("error", "warning", "info")
_Split = dict[tuple[int, str], tuple[Any, ...]]


def _split(a: Analysis, info: ElementInfo) -> _Split:
    """What each statline rule says about one element, by (rule number, severity), and under
    (number, "failed") the exception that stopped the rule. Kept for the info, as
    :func:`_element_findings` is."""
    kept = a.reuse.of_info(info)
    cached: tuple[int, _Split] | None = kept.get(_split)
    if cached is not None and cached[0] == len(STATLINE_RULES):
        return cached[1]
    out: dict[tuple[int, str], list[Any]] = {}
    for number, findings, error in _element_findings(a, info):
        for f in findings:
            out.setdefault((number, f.severity), []).append(f)
        if error is not None:
            out[number, _FAILED] = [error]
    result = {key: tuple(value) for key, value in out.items()}
    kept[_split] = (len(STATLINE_RULES), result)
    return result


def element_told(a: Analysis, info: ElementInfo) -> frozenset[FindingKey]:
    """The keys of what the statline rules that judge a Task Force say about its element
    (the validator asks it: ``validator.element_told``)."""
    kept = a.reuse.of_info(info)
    cached: tuple[int, frozenset[FindingKey]] | None = kept.get(element_told)
    if cached is None or cached[0] != len(STATLINE_RULES):
        cached = kept[element_told] = (len(STATLINE_RULES), frozenset(
            finding_key(f) for number, findings, _ in _element_findings(a, info)
            if "task_force" in STATLINE_RULES[number].applies_to for f in findings))
    return cached[1]


def _round_split(a: Analysis, info: ElementInfo, partner: ElementInfo | None) -> _Split:
    """:func:`_split` for a tournament round: its copies of the findings, with the keys of
    the findings they copy under (number, "keys " + severity), less those whose key the
    Task Force's info ``partner`` of the same element was told (see :func:`element_told`)."""
    name = a.round_name
    kept: dict[str | None, tuple[int, ElementInfo | None, _Split]] = \
        a.reuse.of_info(info).setdefault(_round_split, {})
    cached = kept.get(name)
    if cached is not None and cached[0] == len(STATLINE_RULES) and cached[1] is partner:
        return cached[2]
    told = element_told(a.parent, partner) if a.parent is not None and partner is not None \
        else frozenset()
    out: dict[tuple[int, str], list[Any]] = {}
    for number, findings, error in _element_findings(a, info):
        for f in findings:
            key = finding_key(f)
            if key not in told:
                out.setdefault((number, "keys " + f.severity), []).append(key)
                out.setdefault((number, f.severity), []).append(round_copy(f, name or ""))
        if error is not None:
            out[number, _FAILED] = [error]
    result = {key: tuple(value) for key, value in out.items()}
    kept[name] = (len(STATLINE_RULES), partner, result)
    return result


def _statline_runs(a: Analysis) -> tuple[Hashable, Callable[[int], _Split]]:
    """The key of the force's statline findings lists and what each element adds to them."""
    infos, count = a.elements, len(STATLINE_RULES)  # a rule registered since is asked again
    if a.round_name is None:
        return ("statline", count), lambda index: _split(a, infos[index])
    partners = a.parent_infos
    if a.parent is None or not partners:
        return ("statline round", a.round_name, count), \
            lambda index: _round_split(a, infos[index], None)
    # less what the Task Force told each element: the same while the Task Force's context is
    return ("statline round", a.round_name, count, a.parent.context), \
        lambda index: _round_split(a, infos[index], partners[index])


def statline_sorted(a: Analysis, number: int) -> Sorted:
    """What statline rule ``number`` says over the force, by severity in element order: lists
    kept across edits (see :meth:`~horizon_builder.engine.columns.Columns.flats`), made
    from each element's own. A rule that raised stops at the first element it raised on."""
    key, runs = _statline_runs(a)
    flats = a.columns.flats(key, runs)
    failed = flats.get((number, _FAILED))
    last = None if failed is None else failed[1][0]
    found = _until(flats, number, last, _SEVERITIES)
    failure = None if failed is None else failed[0][0]
    if a.round_name is None:
        return Sorted(found, failure=failure)
    return Sorted(found, _until(flats, number, last, _KEYS), failure,
                  by_element=a.parent is not None,
                  owners=_until(flats, number, last, _KEYS, owners=True))


_KEYS = tuple("keys " + s for s in _SEVERITIES)


def _until(flats: dict[Any, list[Any]], number: int, last: int | None, parts: tuple[str, ...],
           owners: bool = False) -> tuple[list[Any], ...]:
    """A rule's ``parts`` (its findings by severity, or their keys: a round's), up to and with
    element ``last`` (all when None); with ``owners``, the element of each instead."""
    def part(what: str) -> list[Any]:
        pair = flats.get((number, what))
        if pair is None:
            return []
        items = pair[1] if owners else pair[0]
        return items if last is None else items[:bisect_right(pair[1], last)]

    return tuple(part(s) for s in parts)


def per_element(a: Analysis, part: Callable[[Analysis, ElementInfo], T]) -> list[T]:
    """``part(a, info)`` for each element of the force in order, as a column (see
    :mod:`horizon_builder.engine.columns`): made for the elements an edit changed only, and
    kept with each element's info as the statline rules' findings are. ``part`` (a module
    level function: it names the column) may read what a statline rule may (the element,
    the ruleset, the force's context), never the other elements."""

    return a.columns.get(part, _part_of(a, part))


def per_element_total(a: Analysis, part: Callable[[Analysis, ElementInfo], int]) -> int:
    """``sum(per_element(a, part))``, from a tally kept across edits (see
    :meth:`~horizon_builder.engine.columns.Columns.tally`)."""
    return a.columns.total(part, _part_of(a, part))


def per_element_value(a: Analysis, info: ElementInfo, part: Callable[[Analysis, ElementInfo], T]) -> T:
    """``part(a, info)``, kept for the info (see :func:`per_element`)."""
    return _part_of(a, part)(info)


def _part_of(a: Analysis, part: Callable[[Analysis, ElementInfo], T]) -> Callable[[ElementInfo], T]:
    """:func:`per_element_value` of ``part`` as a function of the info alone, asked for each
    element an edit changed: it takes :meth:`Reuse.of_info
    <horizon_builder.engine.incremental.Reuse.of_info>`'s first step itself (a dict's lookup
    bound once)."""
    def value(info: ElementInfo) -> T:
        kept = info.checked  # Reuse.of_info(info), read directly: the hottest caller
        try:
            result: T = kept[part]
        except KeyError:
            result = kept[part] = part(a, info)
        return result

    return value


def present(a: Analysis, part: Callable[[Analysis, ElementInfo], T]) -> tuple[list[int], list[T]]:
    """(places, values): ``part(a, info)`` (see :func:`per_element`) where it is not empty,
    in element order, with the place of each element. Kept across edits as the statline
    findings lists are (see :meth:`~horizon_builder.engine.columns.Columns.flats`): an edit
    asks the changed elements only, and nothing walks every element."""
    infos, value_of = a.elements, _part_of(a, part)

    def runs(index: int) -> dict[int, tuple[T]]:
        value = value_of(infos[index])
        return {0: (value,)} if value else _NOTHING

    pair = a.columns.flats(("present", part), runs).get(0)
    return (pair[1], pair[0]) if pair is not None else ([], [])


_NOTHING: dict[int, Any] = {}  # never changed


def derived(a: Analysis, column: list[Any], make: Callable[[list[Any]], T]) -> T:
    """``make(column)``, kept while the very column list comes back (see
    :meth:`~horizon_builder.engine.incremental.Reuse.derived`). ``make``: a module level
    function of the column alone (the values, not the elements, which an edit may have
    replaced)."""
    return a.reuse.derived(column, make)


def first_places(column: list[tuple[str, ...]]) -> dict[str, int]:
    """Each name a column of names holds, in order, with the place of its first element."""
    return {t: next(n for n, ts in enumerate(column) if t in ts)
            for t in dict.fromkeys(chain.from_iterable(column))}


def each_element(a: Analysis, part: Callable[[Analysis, ElementInfo], T]) -> Iterator[tuple[ElementInfo, T]]:
    """``(info, part(a, info))`` for each element of the force in order (see :func:`per_element`).
    A force-wide check runs its per-element work through this, so an edit re-runs it for
    the changed elements only."""
    return zip(a.elements, per_element(a, part), strict=True)


def element_findings(a: Analysis, part: Callable[[Analysis, ElementInfo], Sequence[Finding]]
                     ) -> Iterator[Finding]:
    """What ``part`` says about each element, in element order (see :func:`per_element`)."""
    for found in present(a, part)[1]:
        yield from found


def selected(a: Analysis, test: Callable[[ElementInfo], object]) -> list[ElementInfo]:
    """The elements for which ``test(info)`` holds, in order (``test``: a module level function
    of the info alone; its answers are a column, see :meth:`Analysis.column`)."""
    return list(compress(a.elements, a.column(test))) if any(a.tally(test)) else []


def indices(flags: Sequence[object]) -> list[int]:
    """Where a column is true."""
    return list(compress(range(len(flags)), flags)) if any(flags) else []


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
