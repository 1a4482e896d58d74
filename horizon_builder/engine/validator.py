"""Run every building check over a roster: small check functions, grouped by book chapter.

A check is a function ``(Analysis) -> Iterable[Finding]`` registered with
:func:`check`. Checks never raise on a roster that loaded: a check that
crashes becomes an internal-error finding rather than a traceback.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cached_property
from itertools import compress
from operator import attrgetter, not_

from horizon_builder.engine.analysis import Analysis, ElementInfo, analyse
from horizon_builder.engine.columns import Identity, element_id_of
from horizon_builder.engine.findings import Finding, sort_findings, verdict_text
from horizon_builder.engine.provenance import changed_values, provisional_values
from horizon_builder.engine.totals import Totals, compute_totals
from horizon_builder.gcpause import gc_paused
from horizon_builder.roster.models import Element, Roster, Round
from horizon_builder.rules.models import Ruleset, RulesLayer

CheckFn = Callable[[Analysis], Iterable[Finding]]


@dataclass(frozen=True)
class Check:
    name: str
    chapter: str
    applies_to: frozenset[str]  # "battlegroup", "task_force", "round"
    run: CheckFn


CHECKS: list[Check] = []


def check(chapter: str, applies_to: Iterable[str] = ("battlegroup", "round", "task_force")
          ) -> Callable[[CheckFn], CheckFn]:
    """Register a check function under a book chapter."""

    def register(fn: CheckFn) -> CheckFn:
        CHECKS.append(Check(fn.__name__, chapter, frozenset(applies_to), fn))
        return fn

    return register


@dataclass(frozen=True)
class Report:
    """Validation result for one roster: findings and totals, from one analysis."""

    analysis: Analysis
    totals: Totals
    findings: list[Finding]
    round_reports: list[Report]

    @property
    def errors(self) -> list[Finding]:
        return [f for f in self.all_findings if f.severity == "error"]

    @property
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

    @property
    def provisional(self) -> bool:
        """True when the verdict or the totals rest on a value not read from a book we hold."""
        return bool(self.provisional_values) or self.totals.provisional or any(
            f.provisional and f.severity != "info" for f in self.all_findings
        )

    @property
    def verdict(self) -> str:
        """The verdict in words, naming the rules files beyond the book data it rests on."""
        return verdict_text(len(self.errors), len(self.warnings), self.provisional,
                            [layer.label for layer in self.rules_layers])

    @cached_property
    def changed_values(self) -> list[str]:
        """Values used that a layer beyond the book data changed, each naming that layer."""
        used = set(changed_values(self.analysis))
        for report in self.round_reports:
            used.update(changed_values(report.analysis))
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


#: What makes two findings the same: (code, element, field, message).
_key = attrgetter("code", "element", "field", "message")


def _run(analysis: Analysis, context: str,
         already: frozenset[tuple[str, str | None, str | None, str]] = frozenset()) -> list[Finding]:
    """Run the checks that apply to ``context``, leaving out findings already reported."""
    load_checks()
    findings: list[Finding] = []
    for item in CHECKS:
        if context not in item.applies_to:
            continue
        try:
            findings.extend(item.run(analysis))
        except Exception as exc:  # a bug in one check must not hide the others
            findings.append(Finding("error", "internal-check-error",
                                    f"check {item.name} failed: {exc!r}; please report this",
                                    "horizon-builder"))
    if already:  # (in C: a Task Force's rounds have thousands)
        findings = list(compress(findings, map(not_, map(already.__contains__,
                                                         map(_key, findings)))))
    if analysis.round_name:
        name = analysis.round_name
        findings = [_in_round(f, name) for f in findings]
    return sort_findings(findings)


def _in_round(finding: Finding, round_name: str) -> Finding:
    """A round's copy of a finding, kept with the finding object (those about one element
    are kept across edits with the element's info), so an edit does not copy them all again.
    (Kept outside the dataclass's fields: equality, hashing and output never see it.)"""
    copies: dict[str, Finding] = finding.__dict__.setdefault("_round_copies", {})
    copy = copies.get(round_name)
    if copy is None:
        f = finding
        copy = copies[round_name] = Finding(
            f.severity, f.code, f"{round_name}: {f.message}", f.rule, f.element, f.element_name,
            f.field, f.provisional, round_name)
    return copy


def validate(roster: Roster, ruleset: Ruleset) -> Report:
    """Analyse and check a roster; a Task Force also gets one report per round."""
    with gc_paused():
        return _validate(roster, ruleset)


def _validate(roster: Roster, ruleset: Ruleset) -> Report:
    analysis = analyse(roster, ruleset)
    findings = _run(analysis, roster.kind)
    rounds: list[Report] = []
    if roster.kind == "task_force":
        # an element's own faults are said once, for the Task Force, not again in every round
        reported = frozenset(map(_key, findings))
        benched: set[str] = set()
        for round_ in roster.rounds:
            chosen = _fielded(analysis, round_)
            sub = analyse(roster, ruleset, elements=chosen, command=round_.command,
                          cr_purchases=round_.cr_purchases, mode="round", round_name=round_.name)
            sub_findings = _run(sub, "round", reported)
            for element_id in filter(benched.__contains__, round_.elements):
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
    """``analysis.by_id.get(element_id)``, found in the column of ids (ids are unique)."""
    ids = analysis.column(element_id_of)
    return analysis.elements[ids.index(element_id)] if element_id in ids else None


def _fielded(analysis: Analysis, round_: Round) -> list[Element]:
    """The Task Force's elements a round fields, in list order: a column of the Task Force's
    analysis kept for the round object (an edit of the list keeps its rounds)."""
    fielded = set(round_.elements)
    flags = analysis.columns.get(("fielded", Identity(round_)),
                                 lambda info: info.element.id in fielded)
    return list(compress(analysis.roster.elements, flags))


_loaded = False


def load_checks() -> None:
    """Import every check module (which registers its checks) once."""
    global _loaded
    if not _loaded:
        import horizon_builder.checks  # noqa: F401  (registers every check)

        _loaded = True
