"""The evaluator: every building rule asked of a roster, turned into a report.

The rules are declared in :mod:`horizon_builder.checks` (one :class:`~horizon_builder.engine.rule.Rule`
per code, its predicates over plain views) and handed to :func:`evaluate` as a
:class:`~horizon_builder.engine.rule.Registry`: the engine never imports the checks (the layer
order is rules < roster < engine < checks), and ``horizon_builder.checks.validate`` is the
one-line call everyone else makes. Speed is this module's own business: rules, edits and
the session carry no hints for it. The predicates of a mode are laid out once in blocks (a
:class:`_Plan`); the element-level ones are asked element by element, view by view, each
of the views it concerns (its declared ``types``, ``upgrades``, ``metaforms``:
:meth:`Check.asks`), and what they said of an element is kept
(:mod:`horizon_builder.engine.kept`, from one validation to the next) in groups by
what they declare they read while that is the same: after an edit only the changed element
is asked again, and a Task Force's round asks only the predicates that read its command, CR
or mode (figures: docs/perf/issue-32.md).

A predicate that raises becomes an ``internal-check-error`` finding (a bug to report) after
whatever it said before it raised; the other rules are still asked.
"""

from __future__ import annotations

import itertools
import weakref
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from typing import NamedTuple

from horizon_builder.engine import kept
from horizon_builder.engine.analysis import (
    Analysis,
    ElementInfo,
    StatlineInfo,
    UpgradeCost,
    analyse,
    element_alone,
)
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
    ALL_MODES,
    INTERNAL_CHECK_ERROR,
    Check,
    ElementView,
    Fault,
    Predicate,
    PurchaseView,
    Registry,
    RoundView,
    StatlineView,
    UpgradeView,
)
from horizon_builder.engine.totals import Totals, compute_totals
from horizon_builder.roster.models import Element, Roster
from horizon_builder.rules.models import ElementType, Ruleset, RulesLayer, Upgrade


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
        kept.next_validation()
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
    raises is asked no more: what it said before stays, and an internal-check-error follows
    its block."""
    plan = _plan(rules, mode, round_view is not None)
    failed: _Failed = {}
    of_force = {block.place: _ask_force(block, force, round_view, failed)
                for block in plan.of_force}
    of_elements = _ask_elements(plan, force, failed)
    parts: tuple[list[Finding], list[Finding], list[Finding]] = ([], [], [])
    name = force.round_name
    for block, of_element in enumerate(of_elements):  # each block's: the force's first
        found = of_force.get(block)
        if found is None:
            found = of_element
        elif of_element:
            found.extend(of_element)
        for check, error, index in failed.values():
            if index != block:
                continue
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


class _Block(NamedTuple):
    """The checks of one topic (``together``), or one check alone (its ``place`` among the
    blocks), by the scope they judge."""

    place: int
    rounds: tuple[Check, ...]
    purchases: tuple[Check, ...]
    forces: tuple[Check, ...]
    elements: tuple[Check, ...]
    upgrades: tuple[Check, ...]
    statlines: tuple[Check, ...]


@dataclass(frozen=True, eq=False)
class _Group:
    """The element-level predicates that declare they read the same of the force, by scope,
    each in the registry's order: what they say of one element is asked, and kept,
    together. ``checks`` names the group: the same predicates are the same group in every
    mode's plan (what they said of an element in a Task Force's report is found again in
    its rounds' when nothing they read differs)."""

    reads: frozenset[str]
    elements: tuple[Check, ...]
    upgrades: tuple[Check, ...]
    statlines: tuple[Check, ...]
    checks: tuple[Check, ...]

    @cached_property
    def by_scope(self) -> tuple[tuple[Check, ...], ...]:
        """Its predicates of each scope, in the order :data:`_ELEMENT`, :data:`_UPGRADE`,
        :data:`_STATLINE`."""
        return self.elements, self.upgrades, self.statlines


@dataclass(frozen=True, eq=False)
class _Plan:
    """How the predicates judging in one mode are asked: in blocks, in the order reported;
    the element-level ones in groups by what they read; ``block_of``: the block of each
    element-level predicate (by its order)."""

    blocks: tuple[_Block, ...]
    groups: tuple[_Group, ...]
    block_of: dict[int, int]
    #: the blocks with predicates of the force as a whole (round, purchase or force scope)
    of_force: tuple[_Block, ...]
    #: what :meth:`asked` found: by the groups asked, the scope, the type id, the ids of the
    #: type and upgrade objects and whether it is a metaform's, each entry holding those
    #: objects (their ids stay theirs)
    _asked: dict[tuple[int, int, str, int, int, bool], tuple[object, object, _Asking]] = field(
        default_factory=dict, repr=False)

    def asked(self, groups: int, scope: int, type_id: str, type_: ElementType | None,
              upgrade: Upgrade | None, metaform: bool) -> _Asking:
        """The predicates of ``scope`` of the ``groups`` asked (a bit for each, by its place)
        that concern a view of type ``type_id`` (``type_``), ``upgrade`` and ``metaform``
        (:meth:`Check.asks`), in order: each as its predicate, its check and its group's
        place."""
        key = (groups, scope, type_id, id(type_), id(upgrade), metaform)
        hit = self._asked.get(key)
        if hit is None:
            if len(self._asked) >= _ASKED_LIMIT:  # rulesets come and go: stay bounded
                self._asked.clear()
            asking = tuple(sorted(
                ((check.predicate, check, place) for place, group in enumerate(self.groups)
                 if groups >> place & 1
                 for check in group.by_scope[scope]
                 if check.asks(type_id, type_, upgrade, metaform)),
                key=lambda asked: asked[1].order))
            hit = self._asked[key] = (type_, upgrade, asking)
        return hit[2]


#: the element-level predicates asked of one view: each as its predicate, its check and the
#: place of its group
_Asking = tuple[tuple[Predicate, Check, int], ...]
#: the most entries a plan keeps of what it asks of which views
_ASKED_LIMIT = 4_096


#: what of the force an element-level predicate may read beyond its element
_FORCE_READS = frozenset({"settings", "command", "cr", "mode"})


@lru_cache(maxsize=64)
def _plan(rules: Registry, mode: str, in_round: bool) -> _Plan:
    """The blocks of the checks judging in ``mode`` (in a round's report, the round's own
    rules first); those of one topic (``together``) next to each other are one block."""
    checks: Sequence[Check] = rules.in_mode(mode)
    if in_round:
        checks = sorted(checks, key=lambda c: c.scope != "round")
    runs: list[list[Check]] = []
    for check in checks:
        if check.together is not None and runs and runs[-1][-1].together == check.together:
            runs[-1].append(check)
        else:
            runs.append([check])
    blocks = []
    for index, run in enumerate(runs):
        def of(scope: str, run: list[Check] = run) -> tuple[Check, ...]:
            return tuple(c for c in run if c.scope == scope)
        blocks.append(_Block(index, of("round"), of("purchase"), of("force"), of("element"),
                             of("upgrade"), of("statline")))
    block_of = {c.order: b.place for b in blocks
                for c in (*b.elements, *b.upgrades, *b.statlines)}
    by_reads: dict[frozenset[str], list[Check]] = {}
    for check in sorted((c for c in checks if c.order in block_of), key=lambda c: c.order):
        by_reads.setdefault(check.reads & _FORCE_READS, []).append(check)
    groups = []
    for reads, group in by_reads.items():
        def in_scope(scope: str, group: list[Check] = group) -> tuple[Check, ...]:
            return tuple(c for c in group if c.scope == scope)
        groups.append(_Group(reads, in_scope("element"), in_scope("upgrade"),
                             in_scope("statline"), tuple(group)))
    return _Plan(tuple(blocks), tuple(groups), block_of,
                 tuple(b for b in blocks if b.rounds or b.purchases or b.forces))


#: the predicates that raised in one run: check order -> (check, what it raised, its block)
_Failed = dict[int, tuple[Check, Exception, int]]


def _say(index: int, check: Check, view: object, info: ElementInfo | None,
         out: list[tuple[int, Finding]], failed: _Failed) -> None:
    """What one predicate (of block ``index``) says of one view, as findings; one that
    raises is noted in ``failed`` and asked no more."""
    if failed and check.order in failed:
        return
    try:
        for fault in check.predicate(view):
            if not fault.duplicate:
                out.append((index, _finding(check, fault,
                                            info if info is not None else fault.element)))
    except Exception as exc:  # a bug in one rule must not hide the others
        failed[check.order] = (check, exc, index)


def _ask_force(block: _Block, force: Analysis, round_view: RoundView | None,
               failed: _Failed) -> list[Finding]:
    """What a block's predicates of the force as a whole say: round by round (a Task
    Force's rounds, or the round a round's report is about), purchase by purchase, the force's."""
    out: list[tuple[int, Finding]] = []
    place = block.place
    if block.rounds:
        if round_view is not None:
            rounds = [round_view]
        elif force.mode == "task_force":
            rounds = [RoundView(force, force, round_, number)
                      for number, round_ in enumerate(force.roster.rounds)]
        else:
            rounds = []
        for view in rounds:
            for check in block.rounds:
                _say(place, check, view, None, out, failed)
    if block.purchases:
        for purchase in force.cr_purchases:
            bought = PurchaseView(force, purchase)
            for check in block.purchases:
                _say(place, check, bought, None, out, failed)
    for check in block.forces:
        _say(place, check, force, None, out, failed)
    return [finding for _, finding in out]


def _ask_elements(plan: _Plan, force: Analysis, failed: _Failed) -> list[list[Finding]]:
    """What the element-level predicates say, block by block, element by element in list
    order. What a group of them said of an element is kept under what they read of the force
    (:func:`_context_token`) and of the element's info (:func:`_info_context`), and found
    again while both are the same; once a predicate failed, nothing more is found again or
    kept in this run."""
    out: list[list[Finding]] = [[] for _ in plan.blocks]
    if not plan.groups:
        return out
    tokens = [_context_token(group, force) for group in plan.groups]
    every = (1 << len(tokens)) - 1
    ruleset, block_of = force.ruleset, plan.block_of
    # the ruleset by a weak reference: what is kept never keeps a list's rules alive (an
    # event's check judges many lists, each with its own), and is never found again under
    # another ruleset made where a freed one was
    rules_ref = weakref.ref(ruleset)
    for info in force.elements:
        element = info.element
        key = (id(element), id(ruleset), _info_context(info))
        entry: tuple[weakref.ref[Ruleset], dict[int, _Said]] | None = kept.SAID.get(key)
        found: list[_Saying] = []  # what the groups kept said
        if entry is None or entry[0]() is not ruleset:
            entry = (rules_ref, {})
            kept.SAID.put(key, (element,), entry)
            missing = every  # the groups to ask (a bit for each, by its place): all of them
        elif failed:
            missing = every
        else:
            missing = 0
            for place, token in enumerate(tokens):
                said = entry[1].get(token)
                if said is None:
                    missing |= 1 << place
                elif said:
                    found.extend(said)
        if missing:
            memo = entry[1]
            in_order, answers = _ask_element(plan, missing, _views(force, info), info, failed)
            if not failed:
                for place, token in enumerate(tokens):
                    if missing >> place & 1:
                        answer = answers.get(place)
                        memo[token] = tuple(answer) if answer else ()
            if not found:  # asked now only: in the order asked, each block's part in its order
                found = in_order
            else:  # some kept, some asked now: put back in the order asked
                found.extend(in_order)
                found.sort(key=_in_order(block_of))
        elif len(found) > 1:  # several kept groups' findings: put back in the order asked
            found.sort(key=_in_order(block_of))
        for order, _, _, finding in found:
            out[block_of[order]].append(finding)
    return out


def _in_order(block_of: dict[int, int]) -> Callable[[_Saying], tuple[int, int, int, int]]:
    """The order findings of one element are reported in: by block, statline, upgrade and
    predicate (as one pass over its views asks them, block by block)."""
    return lambda saying: (block_of[saying[0]], saying[1], saying[2], saying[0])


def _info_context(info: ElementInfo) -> tuple[object, ...]:
    """What an element's info is made from beside the element, as element-level predicates
    may see it: whether it is the CHQ (and given a free weird upgrade), the CR bought for its
    type. Not the CHQ's type: under the CHQ cost table (OtH p.62) it changes only the
    element's Force Cost and its notes, and a predicate reading those declares it reads the
    command (``tests/test_rule_reads.py``)."""
    return (info.is_command, info.free_granted, *info.type_upgrades)


#: the scopes of element-level predicates, as :attr:`_Group.by_scope` orders them
_ELEMENT, _UPGRADE, _STATLINE = 0, 1, 2
#: a statline's own predicates come after those of every upgrade on it
_AFTER_UPGRADES = 1 << 30
#: one view of an element a predicate is asked about: its scope, the view, the statline (0:
#: the element's own; 1: the baseform; 2 on: a metaform), the upgrade on it (an upgrade's
#: place; :data:`_AFTER_UPGRADES` for the statline's own), the type and upgrade it is of and
#: whether it is of metaforms (which predicates concern it: :meth:`Check.asks`)
_Asked = tuple[int, object, int, int, str, "ElementType | None", "Upgrade | None", bool]
#: one finding a group's predicate said of an element: the predicate's order, the statline
#: and the upgrade it was said of (as :data:`_Asked`), the finding
_Saying = tuple[int, int, int, Finding]
#: what a group said of one element, in the order asked
_Said = tuple[_Saying, ...]


def _views(force: Analysis, info: ElementInfo) -> list[_Asked]:
    """Every view of an element, in the order its predicates are asked: the element's, then
    per statline each upgrade's, then the statline's."""
    out: list[_Asked] = [(_ELEMENT, ElementView(force, info), 0, 0, info.element.type,
                          info.type, None, bool(info.forms))]
    for line, view in enumerate(statline_views(force, info), 1):
        statline, metaform = view.line, not view.is_base
        type_id, type_ = statline.type_id, statline.type
        for place, cost in enumerate(statline.upgrades):
            out.append((_UPGRADE, UpgradeView(view, cost), line, place, type_id, type_,
                        cost.upgrade, metaform))
        out.append((_STATLINE, view, line, _AFTER_UPGRADES, type_id, type_, None, metaform))
    return out


def _ask_element(plan: _Plan, groups: int, views: list[_Asked], info: ElementInfo,
                 failed: _Failed) -> tuple[list[_Saying], dict[int, list[_Saying]]]:
    """What the predicates of the ``groups`` asked (a bit for each) say of one element
    (``views``: :func:`_views`): all of it in the order asked (by statline, upgrade and
    predicate: each block's part in its order), and by the place of their group. One that
    raises is noted in ``failed`` (with its block) and asked no more, as :func:`_say` does:
    written out here, as this loop asks every predicate of every element."""
    in_order: list[_Saying] = []
    said: dict[int, list[_Saying]] = {}
    asked = plan.asked
    for scope, view, line, place, type_id, type_, upgrade, metaform in views:
        for predicate, check, group in asked(groups, scope, type_id, type_, upgrade, metaform):
            if failed and check.order in failed:
                continue
            try:
                for fault in predicate(view):
                    if not fault.duplicate:
                        saying = (check.order, line, place, _finding(check, fault, info))
                        in_order.append(saying)
                        of_group = said.get(group)
                        if of_group is None:
                            said[group] = [saying]
                        else:
                            of_group.append(saying)
            except Exception as exc:  # a bug in one rule must not hide the others
                failed[check.order] = (check, exc, plan.block_of[check.order])
    return in_order, said


_TOKENS = itertools.count()


def _context_token(group: _Group, force: Analysis) -> int:
    """What the force gives a group's predicates beyond the element's info, as they declare
    it (:data:`~horizon_builder.engine.rule.READS`), as one number: the key under which what
    they say of an info is kept (equal contexts, the same number). The ruleset is not part of
    it: an info is made under one ruleset (:func:`_info_of`), and a context holds none (what
    is kept stays small however many rulesets the lists of an event bring)."""
    reads = group.reads
    roster = force.roster
    context = (group.checks, force.mode if "mode" in reads else None,
               (roster.kind, roster.era, roster.event, roster.supplements, roster.solitaire,
                roster.force_cost, roster.overrides) if "settings" in reads else None,
               (force.command, force.leader) if "command" in reads else None,
               tuple(force.cr_purchases) if "cr" in reads else None)
    token: int | None = kept.TOKENS.get(context)
    if token is None:
        token = next(_TOKENS)
        kept.TOKENS.put(context, (), token)
    return token


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


def _finding(check: Check, fault: Fault, info: ElementInfo | None) -> Finding:
    """A fault as a finding: about one element (its name in front of the message), one a
    force predicate names by id, or the force; in the round it names, if any."""
    rule = check.rule
    message, element = fault.message, fault.element_id
    name = fault.element_name if element is not None else None
    if info is not None:
        name = info.element.name
        message, element = f"{name}: {message}", info.id
    return Finding(rule.severity, rule.code, message, fault.cite or rule.page, element, name,
                   fault.field, fault.provisional, fault.round)


def statline_views(force: Analysis, info: ElementInfo) -> Iterator[StatlineView]:
    """The baseform and each metaform of an element, with its label and field prefix."""
    yield StatlineView(force, info, info.base)
    for index in range(len(info.forms)):
        yield _form_view(force, info, index)


def _form_view(force: Analysis, info: ElementInfo, index: int) -> StatlineView:
    form = info.forms[index]
    label = info.element.forms[index].name or (form.type.name if form.type else form.type_id)
    return StatlineView(force, info, form, f"{label} form: ", f"forms[{index + 1}].")


def _statline_view(force: Analysis, info: ElementInfo, line: StatlineInfo) -> StatlineView:
    """The view of one statline of an element (as :func:`statline_views` gives it)."""
    if line is info.base:
        return StatlineView(force, info, line)
    return _form_view(force, info, next(n for n, form in enumerate(info.forms) if form is line))


def statline_reasons(rules: Registry, force: Analysis, element: Element,
                     line_of: Callable[[ElementInfo], StatlineInfo],
                     about: str | None = None,
                     codes: frozenset[str] | None = None,
                     reading: frozenset[str] | None = None) -> Iterator[Reason]:
    """What every statline rule judging in ``force``'s mode says about one statline of
    ``element`` (``line_of`` picks it from the element's info), asked with the element on
    its own under the force's command and CR purchases, rule by rule in the registry's order
    (a picker may stop when it has its answer): the editors' pickers ask this, the validator
    asks the same predicates. ``about``: the upgrade a picker offers: the upgrade rules are
    asked of that upgrade alone (each judges its own upgrade against the statline around
    it), the statline rules of the whole statline. ``codes``: only the rules of these codes
    (those whose answer the asker uses); ``reading``: only those that declare they read one
    of these (:data:`~horizon_builder.engine.rule.READS`)."""
    info = element_alone(force.ruleset, element, force.command, force.cr_purchases, _info_of)
    line = line_of(info)
    view = _statline_view(force, info, line)
    upgrades = [UpgradeView(view, cost) for cost in line.upgrades
                if about is None or cost.choice.id == about]
    type_id, type_, metaform = line.type_id, line.type, not view.is_base
    for check in _statline_checks(rules, force.mode, codes, reading):
        if check.scope == "upgrade":
            for asked in upgrades:
                if check.asks(type_id, type_, asked.cost.upgrade, metaform):
                    yield from _reasons(check, asked)
        elif check.asks(type_id, type_, metaform=metaform):
            yield from _reasons(check, view)


def upgrade_reasons(rules: Registry, force: Analysis, info: ElementInfo, line: StatlineInfo,
                    offered: UpgradeCost, codes: frozenset[str],
                    reading: frozenset[str] | None = None) -> Iterator[Reason]:
    """What the upgrade rules of ``codes`` judging in ``force``'s mode say about the upgrade
    ``offered`` to ``line`` (a statline of ``info``) as that statline stands, without it: a
    picker asks a rule that reads only the upgrade and the statline's type (who may take
    it at all) this way before building the statline with it. ``reading``: as for
    :func:`statline_reasons`."""
    metaform = line is not info.base
    checks = [c for c in _statline_checks(rules, force.mode, codes, reading)
              if c.scope == "upgrade" and c.asks(line.type_id, line.type, offered.upgrade, metaform)]
    if not checks:
        return
    asked = UpgradeView(_statline_view(force, info, line), offered)
    for check in checks:
        yield from _reasons(check, asked)


def _reasons(check: Check, asked: object) -> Iterator[Reason]:
    """A predicate's faults on one view, as reasons of its rule."""
    rule = check.rule
    for fault in check.predicate(asked):
        yield Reason(rule.code, fault.message, fault.short or rule.short,
                     fault.cite or rule.page, fault.field, fault.provisional,
                     rule.severity, fault.subject, fault.duplicate)


@lru_cache(maxsize=256)
def _statline_checks(rules: Registry, mode: str, codes: frozenset[str] | None,
                     reading: frozenset[str] | None = None) -> tuple[Check, ...]:
    """The upgrade and statline predicates judging in ``mode`` (of rules of ``codes``, and
    declaring they read one of ``reading``, when given: one judged in some modes only reads
    the mode), in order."""
    return tuple(c for c in rules.in_mode(mode) if c.scope in ("upgrade", "statline")
                 and (codes is None or c.rule.code in codes)
                 and (reading is None or c.reads & reading
                      or ("mode" in reading and c.modes != ALL_MODES)))
