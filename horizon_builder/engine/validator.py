"""The evaluator: every building rule asked of a roster, turned into a report.

The rules are declared in :mod:`horizon_builder.checks` (one :class:`~horizon_builder.engine.rule.Rule`
per code, its predicates over plain views) and handed to :func:`evaluate` as a
:class:`~horizon_builder.engine.rule.Registry`: the engine never imports the checks (the layer
order is rules < roster < engine < checks), and ``horizon_builder.checks.validate`` is the
one-line call everyone else makes. Speed is this module's own business: rules, edits and
the session carry no hints for it. Today it asks every predicate every time (a 40-element
battlegroup from scratch in about a millisecond: docs/perf/issue-32.md).

A predicate that raises becomes an ``internal-check-error`` finding (a bug to report) after
whatever it said before it raised; the other rules are still asked.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from horizon_builder.engine import kept
from horizon_builder.engine.analysis import Analysis, ElementInfo, StatlineInfo, analyse
from horizon_builder.engine.findings import (
    SEVERITY_ORDER,
    Finding,
    FindingKey,
    Reason,
    finding_key,
    verdict_text,
)
from horizon_builder.engine.gcpause import gc_paused
from horizon_builder.engine.provenance import changed_values, entered_values, provisional_values
from horizon_builder.engine.rule import (
    INTERNAL_CHECK_ERROR,
    Check,
    ElementView,
    Fault,
    PurchaseView,
    Registry,
    RoundView,
    StatlineView,
    UpgradeView,
)
from horizon_builder.engine.totals import Totals, compute_totals
from horizon_builder.roster.models import Element, Roster
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
                            sum(len(layer.entered) for layer in layers if not layer.beyond_book),
                            [layer.label for layer in layers if layer.event_choices])

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



def evaluate(roster: Roster, ruleset: Ruleset, rules: Registry) -> Report:
    """Ask every rule of ``rules`` about a roster; a Task Force also gets one report per
    round (each round a battlegroup chosen from the list, OtH p.46)."""
    with gc_paused():
        analysis = analyse(roster, ruleset, info_of=_info_of)
        findings = _run(rules, analysis, roster.kind)
        rounds: list[Report] = []
        if roster.kind == "task_force":
            # an element's own faults are said once, for the Task Force, not again each round
            said = set(map(finding_key, findings))
            for index, round_ in enumerate(roster.rounds):
                fielded = set(round_.elements)
                sub = analyse(roster, ruleset,
                              elements=[e for e in roster.elements if e.id in fielded],
                              command=round_.command, cr_purchases=round_.cr_purchases,
                              mode="round", round_name=round_.name, info_of=_info_of)
                view = RoundView(analysis, sub, round_, index)
                rounds.append(Report(sub, compute_totals(sub), _run(rules, sub, "round", said, view),
                                     []))
        return Report(analysis, compute_totals(analysis), findings, rounds)


def _run(rules: Registry, force: Analysis, mode: str, said: set[FindingKey] | None = None,
         round_view: RoundView | None = None) -> list[Finding]:
    """Every predicate that judges in ``mode``, in the registry's order: errors, then
    warnings, then notes. In a round: the round's own rules first, what the Task Force
    ``said`` already left out, and every finding named after the round. A predicate that
    raises is asked no more: what it said before stays, and an internal-check-error follows."""
    parts: tuple[list[Finding], list[Finding], list[Finding]] = ([], [], [])
    checks: Sequence[Check] = rules.in_mode(mode)
    if round_view is not None:
        checks = sorted(checks, key=lambda c: c.scope != "round")
    name = force.round_name
    targets = _Targets(force, round_view)
    for block in _blocks(checks):
        failed: dict[int, tuple[Check, Exception]] = {}
        found = _ask(block, targets, failed)
        for check, error in failed.values():
            found.append(Finding(INTERNAL_CHECK_ERROR.severity, INTERNAL_CHECK_ERROR.code,
                                 f"check {check.name} failed: {error!r}; please report this",
                                 INTERNAL_CHECK_ERROR.page))
        for f in found:
            if said and finding_key(f) in said:
                continue
            if name:
                f = Finding(f.severity, f.code, f"{name}: {f.message}", f.rule, f.element,
                            f.element_name, f.field, f.provisional, name)
            parts[SEVERITY_ORDER[f.severity]].append(f)
    errors, warnings, notes = parts
    return [*errors, *warnings, *notes]


def _blocks(checks: Sequence[Check]) -> list[list[Check]]:
    """The checks in order, those of one topic (``together``) next to each other as one block."""
    blocks: list[list[Check]] = []
    for check in checks:
        if check.together is not None and blocks and blocks[-1][-1].together == check.together:
            blocks[-1].append(check)
        else:
            blocks.append([check])
    return blocks


class _Targets:
    """What a force's predicates are asked about, each view made once per force: its
    elements (each with its statlines, each with its upgrades), its CR purchases, its rounds."""

    def __init__(self, force: Analysis, round_view: RoundView | None):
        self.force = force
        self.round_view = round_view
        self._views: dict[int, tuple[ElementView,
                                     list[tuple[StatlineView, list[UpgradeView]]]]] = {}

    def views_of(self, info: ElementInfo) -> tuple[ElementView,
                                                   list[tuple[StatlineView, list[UpgradeView]]]]:
        """The element's view, and each of its statlines with the upgrades on it."""
        views = self._views.get(id(info))
        if views is None:
            views = self._views[id(info)] = (
                ElementView(self.force, info),
                [(view, [UpgradeView(view, cost) for cost in view.line.upgrades])
                 for view in statline_views(self.force, info)])
        return views

    def said_of(self, info: ElementInfo) -> dict[Hashable, tuple[Finding, ...]]:
        """What blocks of element-level predicates said of an info, by block and read
        context (see :mod:`horizon_builder.engine.kept`): one entry per info."""
        memo: dict[Hashable, tuple[Finding, ...]] | None = kept.SAID.get(id(info))
        if memo is None:
            memo = {}
            kept.SAID.put(id(info), (info,), memo)
        return memo

    @cached_property
    def purchases(self) -> list[PurchaseView]:
        return [PurchaseView(self.force, purchase) for purchase in self.force.cr_purchases]

    @cached_property
    def rounds(self) -> list[RoundView]:
        """The round a round's report is about, or each round of a Task Force list."""
        force = self.force
        if self.round_view is not None:
            return [self.round_view]
        if force.mode != "task_force":
            return []
        return [RoundView(force, force, round_, index)
                for index, round_ in enumerate(force.roster.rounds)]


def _ask(block: Sequence[Check], targets: _Targets,
         failed: dict[int, tuple[Check, Exception]]) -> list[Finding]:
    """What the predicates of one block say, as findings: round by round (a Task Force's
    rounds), purchase by purchase (CR purchases), the force's, then element by element: each
    element's own, then per statline each upgrade's, then the statline's (one predicate
    alone is simply asked of each of its views in turn). A predicate that raises is noted in
    ``failed`` and asked no more."""
    out: list[Finding] = []
    add = out.append

    def ask(check: Check, view: object, info: ElementInfo | None) -> None:
        if check.order in failed:
            return
        try:
            for fault in check.predicate(view):
                if not fault.duplicate:
                    add(_finding(check, fault, info if info is not None else fault.element))
        except Exception as exc:  # a bug in one rule must not hide the others
            failed[check.order] = (check, exc)

    by_scope: dict[str, list[Check]] = {}
    for check in block:
        by_scope.setdefault(check.scope, []).append(check)
    for view in targets.rounds if "round" in by_scope else ():
        for check in by_scope["round"]:
            ask(check, view, None)
    for purchase in targets.purchases if "purchase" in by_scope else ():
        for check in by_scope["purchase"]:
            ask(check, purchase, None)
    for check in by_scope.get("force", ()):
        ask(check, targets.force, None)
    element_checks = by_scope.get("element", ())
    upgrade_checks = by_scope.get("upgrade", ())
    statline_checks = by_scope.get("statline", ())
    if not (element_checks or upgrade_checks or statline_checks):
        return out
    block_key = tuple(check.order for check in block)
    context = _read_context(block, targets.force)
    key = (block_key, context)
    for info in targets.force.elements:
        memo = targets.said_of(info) if not failed else None
        said = memo.get(key) if memo is not None else None
        if said is not None:
            out.extend(said)
            continue
        start, failures = len(out), len(failed)
        element_view, lines = targets.views_of(info)
        for check in element_checks:
            ask(check, element_view, info)
        if upgrade_checks or statline_checks:
            for statline_view, upgrade_views in lines:
                for upgrade_view in upgrade_views if upgrade_checks else ():
                    for check in upgrade_checks:
                        ask(check, upgrade_view, info)
                for check in statline_checks:
                    ask(check, statline_view, info)
        if memo is not None and len(failed) == failures:
            memo[key] = tuple(out[start:])
    return out


def _info_of(ruleset: Ruleset, element: Element, context: tuple[object, ...],
             make: Callable[[], ElementInfo]) -> ElementInfo:
    """An element's info, found again when the same element comes back in the same context
    (see :mod:`horizon_builder.engine.kept`)."""
    key = (id(ruleset), id(element), context)
    info: ElementInfo | None = kept.INFOS.get(key)
    if info is None:
        info = make()
        kept.INFOS.put(key, (ruleset, element), info)
    return info


def _read_context(block: Sequence[Check], force: Analysis) -> tuple[object, ...]:
    """What the force gives the element-level predicates of a block beyond the element's info,
    as they declare it (:data:`~horizon_builder.engine.rule.READS`): the key under which what
    they say of an info is kept."""
    reads: set[str] = set()
    for check in block:
        reads |= check.reads
    roster = force.roster
    return (id(force.ruleset), force.mode,
            (roster.kind, roster.era, roster.event, roster.supplements, roster.solitaire,
             roster.force_cost, roster.overrides) if "settings" in reads else None,
            force.command if "command" in reads else None,
            tuple(force.cr_purchases) if "cr" in reads else None)


def _finding(check: Check, fault: Fault, info: ElementInfo | None) -> Finding:
    rule = check.rule
    finding = _about(info, rule.severity, rule.code, fault.message, fault.cite or rule.page,
                     fault.field, fault.provisional)
    if info is None and fault.element_id is not None:
        finding = Finding(finding.severity, finding.code, finding.message, finding.rule,
                          fault.element_id, fault.element_name, fault.field, fault.provisional)
    if fault.round is not None:
        finding = Finding(finding.severity, finding.code, finding.message, finding.rule,
                          finding.element, finding.element_name, finding.field,
                          finding.provisional, fault.round)
    return finding


def _about(info: ElementInfo | None, severity: str, code: str, message: str, rule: str,
           field: str | None, provisional: bool) -> Finding:
    """A finding about one element (its name in front of the message), or about the force."""
    if info is None:
        return Finding(severity, code, message, rule, field=field,  # type: ignore[arg-type]
                       provisional=provisional)
    return Finding(severity, code, f"{info.element.name}: {message}", rule, info.id,  # type: ignore[arg-type]
                   info.element.name, field, provisional)


def statline_views(force: Analysis, info: ElementInfo) -> Iterator[StatlineView]:
    """The baseform and each metaform of an element, with its label and field prefix."""
    yield StatlineView(force, info, info.base)
    for index, form in enumerate(info.forms):
        label = info.element.forms[index].name or (form.type.name if form.type else form.type_id)
        yield StatlineView(force, info, form, f"{label} form: ", f"forms[{index + 1}].")


def statline_reasons(rules: Registry, force: Analysis, element: Element,
                     line_of: Callable[[ElementInfo], StatlineInfo]) -> list[Reason]:
    """What every statline rule judging in ``force``'s mode says about one statline of
    ``element`` (``line_of`` picks it from the element's info), asked with the element on
    its own under the force's command and CR purchases: the editors' pickers ask this, the
    validator asks the same predicates."""
    alone = analyse(force.roster, force.ruleset, elements=[element], command=force.command,
                    cr_purchases=force.cr_purchases, mode=force.mode)
    info = alone.elements[0]
    line = line_of(info)
    view = next(v for v in statline_views(force, info) if v.line is line)
    out: list[Reason] = []
    for check in rules.in_mode(force.mode):
        if check.scope == "upgrade":
            faults: Iterable[Any] = (f for cost in line.upgrades
                                     for f in check.predicate(UpgradeView(view, cost)))
        elif check.scope == "statline":
            faults = check.predicate(view)
        else:
            continue
        rule = check.rule
        for fault in faults:
            out.append(Reason(rule.code, fault.message, fault.short or rule.short,
                              fault.cite or rule.page, fault.field, fault.provisional,
                              rule.severity, fault.subject, fault.duplicate))
    return out
