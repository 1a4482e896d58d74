"""Run every building check over a roster: small check functions, grouped by book chapter.

A check is a function ``(Analysis) -> Iterable[Finding]`` registered with
:func:`horizon_builder.engine.registry.check` (the registry sits below both the validator and
the checks, so the checks never import the validator). Checks never raise on a roster that
loaded: a check that crashes becomes an internal-error finding rather than a traceback.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Callable, Container, Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property
from itertools import compress
from operator import not_

from horizon_builder.engine.analysis import Analysis, ElementInfo, analyse
from horizon_builder.engine.columns import Identity, element_id_of
from horizon_builder.engine.findings import (
    SEVERITY_ORDER,
    Finding,
    FindingKey,
    Sorted,
    finding_key,
    verdict_text,
)
from horizon_builder.engine.gcpause import gc_paused
from horizon_builder.engine.incremental import Reuse, reuse_of
from horizon_builder.engine.provenance import changed_values, entered_values, provisional_values
from horizon_builder.engine.registry import CHECKS  # (Check, CheckFn, check: named here as before)
from horizon_builder.engine.registry import Check as Check
from horizon_builder.engine.registry import CheckFn as CheckFn
from horizon_builder.engine.registry import check as check
from horizon_builder.engine.totals import Totals, compute_totals
from horizon_builder.roster.models import Roster, Round
from horizon_builder.rules.models import Ruleset, RulesLayer


@dataclass(frozen=True)
class Report:
    """Validation result for one roster: findings and totals, from one analysis."""

    analysis: Analysis
    totals: Totals
    findings: list[Finding]
    round_reports: list[Report]

    # Cached, as all_findings: the verdict, its counts and an export each ask again, and on a
    # large roster every pass over the findings is a pass over memory the CPU cache lost.
    @cached_property
    def errors(self) -> list[Finding]:
        return [f for f in self.all_findings if f.severity == "error"]

    @cached_property
    def warnings(self) -> list[Finding]:
        return [f for f in self.all_findings if f.severity == "warning"]

    @cached_property
    def all_findings(self) -> list[Finding]:
        out = list(self.findings)
        for report in self.round_reports:
            out.extend(report.findings)
        return out

    def round_findings(self, index: int) -> list[Finding]:
        """What is said about tournament round ``index``: its own report, and the Task
        Force findings that name it (an empty round, a loss it did not field ...)."""
        roster = self.analysis.roster
        if not 0 <= index < len(roster.rounds) or index >= len(self.round_reports):
            return []
        name = roster.rounds[index].name
        own = [f for f in self.findings if f.round == name]
        return [*self.round_reports[index].findings, *own]

    @property
    def legal(self) -> bool:
        return not self.errors

    @cached_property
    def provisional(self) -> bool:
        """True when the verdict or the totals rest on a value not read from a book we hold."""
        return bool(self.provisional_values) or self.totals.provisional or any(
            f.provisional and f.severity != "info" for f in self.all_findings
        )

    @property
    def verdict(self) -> str:
        """The verdict in words, naming the rules files beyond the book data it rests on."""
        layers = self.rules_layers
        return verdict_text(len(self.errors), len(self.warnings), self.provisional,
                            [layer.label for layer in layers if layer.beyond_book],
                            sum(len(layer.entered) for layer in layers if not layer.beyond_book))

    @cached_property
    def changed_values(self) -> list[str]:
        """Values used that a layer beyond the book data changed, each naming that layer."""
        used = set(changed_values(self.analysis))
        for report in self.round_reports:
            used.update(changed_values(report.analysis))
        return sorted(used)

    @cached_property
    def entered_values(self) -> list[str]:
        """Core values used that your rulebook entered (the book data does not know them)."""
        used = set(entered_values(self.analysis))
        for report in self.round_reports:
            used.update(entered_values(report.analysis))
        return sorted(used)

    @property
    def rules_layers(self) -> list[RulesLayer]:
        """Every layer beyond the shipped book data the verdict rests on (named always, used
        or not: an organiser sees what a list brought)."""
        return list(self.analysis.ruleset.rules_layers)

    @cached_property
    def provisional_values(self) -> list[str]:
        used = set(provisional_values(self.analysis))
        for report in self.round_reports:
            used.update(provisional_values(report.analysis))
        return sorted(used)


_key = finding_key
#: In ``told`` (see :func:`_run`): a check handed over as :class:`Sorted` failed part way.
_INCOMPLETE: FindingKey = ("", None, None, "")
_ORDER = SEVERITY_ORDER


def _run(analysis: Analysis, context: str, already: Container[FindingKey] = frozenset(),
         told: list[FindingKey] | None = None) -> list[Finding]:
    """Run the checks that apply to ``context``, leaving out findings already reported:
    errors, then warnings, then notes, each in the checks' order. ``told``: gets the keys
    of the findings not handed over as :class:`Sorted`."""
    load_checks()
    parts: tuple[list[Finding], list[Finding], list[Finding]] = ([], [], [])
    name = analysis.round_name
    for item in CHECKS:
        if context not in item.applies_to:
            continue
        found: list[Finding] = []
        try:
            said = item.run(analysis)
            if isinstance(said, Sorted):
                _add_sorted(parts, said, already, name, analysis)
                if said.failure is not None:
                    if told is not None:  # its findings are not all each element's
                        told.append(_INCOMPLETE)
                    raise said.failure
            else:
                found.extend(said)
        except Exception as exc:  # a bug in one check must not hide the others
            found.append(Finding("error", "internal-check-error",
                                 f"check {item.name} failed: {exc!r}; please report this",
                                 "horizon-builder"))
        if found:
            if told is not None:
                told += map(_key, found)
            if already:
                found = _unreported(found, map(_key, found), already)
            if name:
                copy = analysis.reuse.round_copy
                found = [copy(f, name) for f in found]
            for f in found:
                parts[_ORDER[f.severity]].append(f)
    errors, warnings, notes = parts
    errors += warnings
    errors += notes
    return errors


def _add_sorted(parts: tuple[list[Finding], ...], said: Sorted,
                already: Container[FindingKey], name: str | None, analysis: Analysis) -> None:
    """Add a check's findings split by severity (see :class:`Sorted`)."""
    about: frozenset[FindingKey] | None = None
    if said.by_element and isinstance(already, _Reported):
        already = about = already.about_elements  # the rest was left out element by element
    for index, found in enumerate(said.parts):
        if not found:
            continue
        if said.keys is not None:  # a round's copies: the keys are the originals'
            if about is not None and said.owners is not None:
                if about:
                    found = _untold(found, said.keys[index], said.owners[index], about, analysis)
            elif already:
                found = _unreported(found, said.keys[index], already)
        else:
            if already:
                found = _unreported(found, map(_key, found), already)
            if name:
                found = [analysis.reuse.round_copy(f, name) for f in found]
        parts[index].extend(found)


def _unreported(found: Iterable[Finding], keys: Iterable[FindingKey],
                already: Container[FindingKey]) -> list[Finding]:
    """The findings whose key is not among those already reported (in C: a Task Force's
    rounds have thousands)."""
    return list(compress(found, map(not_, map(already.__contains__, keys))))


def _untold(found: Sequence[Finding], keys: Sequence[FindingKey], owners: Sequence[int],
            about: frozenset[FindingKey], analysis: Analysis) -> Sequence[Finding]:
    """:func:`_unreported` for a round's copies of findings about its elements (``owners``:
    the place of the element each is about, ascending), against a few keys about elements:
    a key names its element, so only the findings of the elements named are looked at."""
    drop = set()
    for element in {key[1] for key in about}:
        for place in _places(analysis, element):  # type: ignore[arg-type]
            for n in range(bisect_left(owners, place), bisect_right(owners, place)):
                if keys[n] in about:
                    drop.add(n)
    return [f for n, f in enumerate(found) if n not in drop] if drop else found


def _places(analysis: Analysis, element_id: str) -> list[int]:
    """Where the elements with this id are in the force (kept across edits: see
    :meth:`Columns.places`)."""
    return analysis.columns.places(element_id_of, element_id_of, element_id)


def validate(roster: Roster, ruleset: Ruleset, reuse: Reuse | None = None) -> Report:
    """Analyse and check a roster; a Task Force also gets one report per round. ``reuse``:
    what is kept between validations (by default the ruleset's; ``Reuse()`` for a validation
    from scratch: see :mod:`horizon_builder.engine.incremental`)."""
    with gc_paused():
        return _validate(roster, ruleset, reuse_of(ruleset) if reuse is None else reuse)


def _validate(roster: Roster, ruleset: Ruleset, reuse: Reuse) -> Report:
    reuse.next_validation()
    analysis = analyse(roster, ruleset, reuse=reuse)
    told: list[FindingKey] | None = [] if roster.kind == "task_force" else None
    findings = _run(analysis, roster.kind, told=told)
    rounds: list[Report] = []
    if roster.kind == "task_force":
        # an element's own faults are said once, for the Task Force, not again in every round
        told = told if told is not None and _INCOMPLETE not in told else None
        reported: Container[FindingKey] = (
            frozenset(map(_key, findings)) if told is None
            else _Reported(analysis, frozenset(told), element_told()))
        benched: set[str] = set()
        for round_ in roster.rounds:
            flags = _fielded(analysis, round_)
            sub = analyse(roster, ruleset, fielded=flags, command=round_.command,
                          cr_purchases=round_.cr_purchases, mode="round", round_name=round_.name,
                          reuse=reuse)
            if told is not None:
                sub.parent, sub.parent_infos = analysis, list(compress(analysis.elements, flags))
                sub.column(element_id_of)  # made each time, so an edit copies it (see _places)
            sub_findings = _run(sub, "round", reported)
            for element_id in (filter(benched.__contains__, round_.elements)
                               if not benched.isdisjoint(reuse.round_ids(round_)) else ()):
                info = _info_by_id(sub, element_id)
                sub_findings.insert(0, Finding(
                    "error", "tf-benched-element",
                    f"{round_.name}: {info.element.name if info else element_id} was destroyed "
                    "in an earlier round and is benched",
                    "OtH p.46", element_id, info.element.name if info else None,
                    round=round_.name))
            benched.update(round_.destroyed)
            rounds.append(Report(sub, compute_totals(sub), sub_findings, []))
    return Report(analysis, compute_totals(analysis), findings, rounds)


def _info_by_id(analysis: Analysis, element_id: str) -> ElementInfo | None:
    """``analysis.by_id.get(element_id)``, from where the id is (ids are unique)."""
    places = _places(analysis, element_id)
    return analysis.elements[places[0]] if places else None


def _fielded(analysis: Analysis, round_: Round) -> list[bool]:
    """Which of the Task Force's elements a round fields: a column of the Task Force's
    analysis kept for the round object (an edit of the list keeps its rounds)."""
    ids = analysis.reuse.round_ids(round_)
    return analysis.columns.get(("fielded", Identity(round_)), lambda info: info.element.id in ids)


#: What the statline rules told one element of a Task Force (see :func:`element_told`).
Told = Callable[[Analysis, ElementInfo], Container[FindingKey]]


class _Reported:
    """The keys of a Task Force's findings, as its rounds ask them: those of the findings
    handed over one by one (``others``), and what the statline rules told each element
    (``told``: kept for the element's info, so an edit does not gather them all again)."""

    def __init__(self, analysis: Analysis, others: frozenset[FindingKey], told: Told):
        self.analysis = analysis
        self.others = others
        self.told = told
        #: what a round's statline findings, already left out element by element, still meet
        self.about_elements = frozenset(k for k in others if k[1] is not None)
        self._by_id: dict[str, ElementInfo] | None = None

    def __bool__(self) -> bool:
        return True

    def __contains__(self, key: object) -> bool:
        if key in self.others:
            return True
        element = key[1]  # type: ignore[index]
        if element is None:
            return False
        if self._by_id is None:
            self._by_id = dict(zip(self.analysis.column(element_id_of), self.analysis.elements,
                                   strict=True))
        info = self._by_id.get(element)
        return info is not None and key in self.told(self.analysis, info)


def element_told() -> Told:
    """What the statline rules that judge a Task Force told one of its elements (the keys of
    their findings), as :mod:`horizon_builder.checks.common` works it out."""
    load_checks()
    from horizon_builder.checks.common import element_told as told

    return told


_loaded = False


def load_checks() -> None:
    """Import every check module (which registers its checks) once."""
    global _loaded
    if not _loaded:
        import horizon_builder.checks  # noqa: F401  (registers every check)

        _loaded = True
