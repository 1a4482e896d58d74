"""The upgrade picker of one statline, and the pure edits that take or drop upgrades."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator
from typing import NamedTuple

from horizon_builder.checks import RULES, statline_reasons, upgrade_reasons
from horizon_builder.checks.supplements import era_bars, supplement_off
from horizon_builder.editing.common import (
    COMMAND_KINDS,
    KIND_LABELS,
    _choices,
    _line,
    _update_line,
)
from horizon_builder.engine.analysis import (
    Analysis,
    ElementInfo,
    StatlineInfo,
    UpgradeCost,
    analyse,
    free_upgrades_granted,
    upgrade_cost,
)
from horizon_builder.engine.findings import Reason
from horizon_builder.engine.payment import ACCEPTS, FREE_KIND, Payment, payment_options
from horizon_builder.roster.models import (
    Element,
    UpgradeChoice,
)
from horizon_builder.rules.models import Ruleset
from horizon_builder.text.words import plural


# --- upgrades ----------------------------------------------------------------------
class UpgradeOption(NamedTuple):
    """One row of the upgrade picker for one statline (immutable; a named tuple: a picker
    makes one per upgrade in the rules, each time it is shown)."""

    id: str
    name: str
    kind: str
    summary: str
    cost_text: str  #: "2 pts", "1 CR", "free", "cost unknown (provisional)"
    currency: str  #: "points", "cr", "free" or "unknown"
    unit_cost: int | None  #: cost of one copy on this element (None: not known)
    copies: int  #: copies taken
    cap: int | None  #: most copies allowed (None: no cap)
    eligible_type: bool  #: this kind of element may take it at all
    reason: str | None  #: why another copy may not be added (None: it may)
    options: tuple[str, ...] = ()
    option: str | None = None
    provisional: bool = False
    source: str | None = None
    budget: bool = False  #: barred only because the pool or CR left is too small
    code: str | None = None  #: the finding code of the rule behind ``reason``
    payments: tuple[str, ...] = ()  #: every way the rules let this element pay (default first)
    paid: str | None = None  #: how the copies taken are paid ("points", "cr", "free")
    #: before it is taken: every way the rules allow to pay for it here, with why that way
    #: cannot pay for one more now (None: it can); ``paid`` is then the first that can
    ways: tuple[tuple[str, str | None], ...] = ()

    @property
    def payment_choice(self) -> bool:
        """The rules offer this element more than one way to pay for the copies it took."""
        return self.taken and len(self.payments) > 1

    @property
    def allowed(self) -> bool:
        return self.reason is None

    @property
    def taken(self) -> bool:
        return self.copies > 0

    @property
    def repeatable(self) -> bool:
        return self.cap is None or self.cap > 1


def _cost(cost: UpgradeCost, presence: int) -> tuple[str, int | None, str]:
    up = cost.upgrade
    assert up is not None
    if cost.currency == "free":
        return "free", 0, "free"
    if cost.amount is None:
        return cost.currency, None, "cost unknown (provisional)"
    text = plural(cost.amount, "pt" if cost.currency == "points" else "CR")
    if up.per_presence:
        text += f" ({cost.amount // presence if presence else 0}/P)"
    return cost.currency, cost.amount, text


def _contexts(analysis: Analysis, element_id: str) -> list[Analysis]:
    """Where an element's statline rules are asked: the force; for a Task Force also each
    round that fields it, with that round's command and CR (a round fields its elements as a
    battlegroup, OtH p.46). A statline rule reads the force's settings and command, never the
    other elements: a round is analysed with its CHQ alone, and rounds fielding it under the
    same CHQ, command and CR purchases are one context (they give the same answers)."""
    out = [analysis]
    roster = analysis.roster
    if analysis.mode == "task_force":
        seen: list[tuple[object, ...]] = []
        for round_ in roster.rounds:
            if element_id not in round_.elements:
                continue
            chq = [e for e in roster.elements
                   if e.id == round_.command.element and e.id in round_.elements]
            same = (chq, round_.command, round_.cr_purchases)
            if same in seen:
                continue
            seen.append(same)
            out.append(analyse(roster, analysis.ruleset, elements=chq, command=round_.command,
                               cr_purchases=round_.cr_purchases, mode="round",
                               round_name=round_.name))
    return out


def _differs(first: Analysis, context: Analysis, element_id: str) -> frozenset[str] | None:
    """What ``context`` gives the statline rules about an element that ``first`` does not,
    by what rules declare they read (:data:`~horizon_builder.engine.rule.READS`): its mode,
    its command (and the element that leads, if fielded). A rule that reads neither answers
    alike in both (``tests/test_rule_reads.py``) and is asked once. None when the element's
    own info may differ (it leads in either, or the CR bought differ): every rule is asked
    again."""
    if element_id in (first.command.element, context.command.element) \
            or tuple(first.cr_purchases) != tuple(context.cr_purchases):
        return None
    command_differs = first.command != context.command or first.leader != context.leader
    return frozenset(read for read, differs in (("mode", first.mode != context.mode),
                                               ("command", command_differs))
                     if differs)


def _asked(contexts: list[Analysis],
           element_id: str) -> Iterator[tuple[Analysis, frozenset[str] | None]]:
    """Each context with the reads of the rules to ask in it: every rule in the first, after
    it those reading what differs (:func:`_differs`)."""
    first = contexts[0]
    for context in contexts:
        yield context, None if context is first else _differs(first, context, element_id)


def _reasons(contexts: list[Analysis], element: Element,
             form_index: int | None) -> set[tuple[str, str, str | None]]:
    """What the rules a picker weighs (:data:`REFUSING`) say about one statline of
    ``element``, in each context that fields it (its command, its type's CR purchases, the
    mode)."""
    return {_key(reason) for context in contexts
            for reason in statline_reasons(context, element, _line_of(form_index),
                                           codes=REFUSING)}


def _line_of(form_index: int | None) -> Callable[[ElementInfo], StatlineInfo]:
    return (lambda info: info.base) if form_index is None else (
        lambda info: info.forms[form_index])


def _key(reason: Reason) -> tuple[str, str, str | None]:
    return reason.code, reason.message, reason.subject


def _offered(contexts: list[Analysis], trial: Element, form_index: int | None, up_id: str,
             before: set[tuple[str, str, str | None]],
             for_type: bool = False) -> tuple[Reason | None, bool]:
    """Why one more ``up_id`` may not be taken (``trial``: the element with it), and whether
    this type may take it at all: the first error the rules that bear on it give (every
    statline rule and the upgrade rules of the upgrade offered, :func:`statline_reasons`;
    of those, the ones that may refuse it: :data:`REFUSING`) that the statline did not have
    ``before``, its own upgrade's first. Asked context by context (after the first, only the
    rules that read what differs: :func:`_differs`), rule by rule, it stops at its own
    upgrade's first new error once whether the type may take it is known (``for_type``: it
    may; else once a rule says it may not): nothing later can change the answer."""
    seen: set[tuple[str, str, str | None]] = set()
    own = other = None
    eligible = True
    for context, reading in _asked(contexts, trial.id):
        for reason in statline_reasons(context, trial, _line_of(form_index), up_id, REFUSING,
                                       reading):
            key = _key(reason)
            if key in seen:
                continue
            seen.add(key)
            if reason.code == NOT_ELIGIBLE and reason.subject == up_id:
                eligible = False
            if key in before:
                pass
            elif reason.subject == up_id:
                own = own or reason
            else:
                other = other or reason
            if own is not None and (for_type or not eligible):
                return own, eligible
    return own or other, eligible


def _not_for_type(contexts: list[Analysis], info: ElementInfo, line: StatlineInfo,
                  offered: UpgradeCost) -> Reason | None:
    """Why this type may not take ``offered`` at all (:data:`NOT_ELIGIBLE`, asked of the
    statline as it stands, in each context that fields it: after the first, if it reads
    what differs, :func:`_differs`)."""
    for context, reading in _asked(contexts, info.id):
        for reason in upgrade_reasons(context, info, line, offered, NOT_FOR_TYPE, reading):
            return reason
    return None


#: the rule that says a type may never take an upgrade (the picker may hide those rows)
NOT_ELIGIBLE = "upgrade-not-eligible"
NOT_FOR_TYPE = frozenset({NOT_ELIGIBLE})


#: Reasons that only say the pool or the CR is short: a picker words those itself, as budget.
BUDGET_CODES = frozenset({"pool-overspent", "cr-overspent"})
#: The rules whose new error refuses an upgrade in the picker: every error but the budget's
#: (a warning or a note never refuses; the pool and the CR left are worded as budget).
REFUSING = frozenset(rule.code for rule in RULES if rule.severity == "error") - BUDGET_CODES


def _budget_reason(analysis: Analysis, line: StatlineInfo, currency: str,
                   amount: int | None) -> str | None:
    """Not enough pool points or CR left for one more copy (the stat pool and CR rules:
    checks.mustering ``stat_pool`` and ``command_resources`` on the statline with it)."""
    if currency == "points" and amount is not None and line.pool is not None:
        left = line.pool - line.points_spent
        if amount > left:
            return f"needs {plural(amount, 'pt')}, {max(left, 0)} left"
    if currency == "cr" and amount is not None:
        left = analysis.cr_available - analysis.cr_spent
        if amount > left:
            return f"needs {amount} CR, {max(left, 0)} left"
    return None


def _free_left(ruleset: Ruleset, analysis: Analysis, info: ElementInfo) -> int:
    """The free weird upgrades the command still gives this CHQ (OtH p.69: a mad scientist
    gives one): granted less those the element already marks free."""
    used = sum(c.choice.count for line in (info.base, *info.forms) for c in line.upgrades
               if c.currency == "free" and c.upgrade is not None and c.upgrade.kind == FREE_KIND)
    return free_upgrades_granted(ruleset, analysis.command) - used


def _ways(ruleset: Ruleset, analysis: Analysis, info: ElementInfo, line: StatlineInfo,
          payments: tuple[str, ...], type_id: str, presence: int,
          up_id: str) -> tuple[tuple[str, str | None], ...]:
    """Each way to pay for one more copy, with the budget reason it cannot now (None: it
    can): points from the pool, CR from the force's, the mad scientist's free one."""
    out: list[tuple[str, str | None]] = []
    for way in payments:
        if way == "free":
            out.append((way, None if ACCEPTS[ruleset.upgrades[up_id].currency] == ("free",)
                        or _free_left(ruleset, analysis, info) > 0
                        else "the free one is taken"))
            continue
        amount = _amount(ruleset, type_id, presence, up_id, way)
        out.append((way, _budget_reason(analysis, line, way, amount)))
    return tuple(out)


def _amount(ruleset: Ruleset, type_id: str, presence: int, up_id: str, way: str) -> int | None:
    """What one copy costs this statline when paid ``way``."""
    choice = UpgradeChoice(id=up_id, paid=way)
    return upgrade_cost(ruleset, type_id, presence, choice, free_granted=True).amount


def upgrade_options(ruleset: Ruleset, analysis: Analysis, element_id: str,
                    form_index: int | None = None) -> list[UpgradeOption]:
    """Every element upgrade in the rules, as the picker for one statline shows it.

    Whether one more copy may be taken is asked of the same predicates the
    validator reports: the supplement and era rules (:mod:`checks.supplements`)
    and the rules that bear on that upgrade (:func:`checks.statline_reasons`):
    every upgrade rule of the upgrade offered, then every statline rule, on the
    statline as it would be with that copy; the first error they give that the
    statline did not have before is the row's reason. An upgrade this type may not
    take at all is told so first (:data:`NOT_ELIGIBLE`, asked of the statline as it
    stands: the player learns it is not for this element). Then the pool and the CR left.

    Rows are grouped by kind (ruleset order within a kind). ``eligible_type`` is
    False for upgrades this kind of element can never take (a picker may hide them).
    """
    info = analysis.by_id[element_id]
    element = info.element
    line = info.base if form_index is None else info.forms[form_index]
    type_id, presence = _line(element, form_index)
    et = ruleset.element_types.get(type_id)
    if et is None:
        return []
    roster = analysis.roster
    choices = _choices(element, form_index)
    contexts = _contexts(analysis, element_id)
    free_granted = info.is_command and free_upgrades_granted(ruleset, analysis.command) > 0
    before = _reasons(contexts, element, form_index)
    rows: list[UpgradeOption] = []
    for up_id, up in ruleset.upgrades.items():
        if up.kind in COMMAND_KINDS:
            continue
        count = sum(c.count for c in choices if c.id == up_id)
        option = next((c.option for c in choices if c.id == up_id), None)
        offered = upgrade_cost(ruleset, type_id, presence, UpgradeChoice(id=up_id))
        currency, amount, text = _cost(offered, presence)
        held = next((c for c in line.upgrades if c.choice.id == up_id), None)
        paid: str | None
        if held is not None:  # priced as the roster pays it (the one payment predicate)
            payments, paid = held.options, held.currency
            if paid == "free":
                text = "free"
            ways: tuple[tuple[str, str | None], ...] = ()
        else:
            payments = payment_options(et, up, free_granted=free_granted)
            ways = _ways(ruleset, analysis, info, line, payments, type_id, presence, up_id) \
                if len(payments) > 1 else ()
            paid = next((w for w, why in ways if why is None), payments[0] if payments else None)
            if paid != (payments[0] if payments else None):  # taken the way that can pay now
                currency, amount = str(paid), _amount(ruleset, type_id, presence, up_id, str(paid))
                text = "free" if paid == "free" else text
        # a refused row that is not for this type says so first (the player learns the
        # upgrade is not for this element at all), and needs no trial
        not_for = _not_for_type(contexts, info, line, offered)
        new: Reason | None
        if not_for is not None and _key(not_for) not in before:
            new, eligible_type = not_for, False
        else:  # for this type, or held already: the trial says whether one more is refused
            trial = add_upgrade(ruleset, element, up_id, form_index)
            new, eligible_type = _offered(contexts, trial, form_index, up_id, before,
                                          for_type=not_for is None)
            new = not_for if new is not None and not_for is not None else new
        off = supplement_off(ruleset, roster, up.supplement)
        barred = era_bars(ruleset, roster, up_id)
        reason, code = (new.short, new.code) if new is not None else (None, None)
        if off is not None and eligible_type:
            reason, code = f"needs the {off} supplement (off)", "supplement-disabled"
        elif barred is not None and eligible_type:
            reason, code = barred, "era-forbids"
        budget = False
        if reason is None:
            reason = _budget_reason(analysis, line, currency, amount)
            budget = reason is not None
            code = ("pool-overspent" if currency == "points" else "cr-overspent") if budget else None
        rows.append(UpgradeOption(
            up_id, up.name, up.kind, up.summary or "", text, currency, amount, count,
            up.cap(presence), eligible_type, reason, tuple(up.options), option,
            up.is_provisional, up.source, budget, code, payments, paid, ways))
    # the kinds with most this element can use (now or with points freed) first, then book order
    usable = Counter(r.kind for r in rows if r.allowed or r.budget or r.taken)
    order = {k: i for i, k in enumerate(KIND_LABELS)}
    rows.sort(key=lambda r: (-usable[r.kind], order.get(r.kind, len(order))))
    return rows


def add_upgrade(ruleset: Ruleset, element: Element, upgrade_id: str,
                form_index: int | None = None, option: str | None = None,
                paid: Payment | None = None) -> Element:
    """Take one more copy (a new choice gets ``option`` or the upgrade's first option, and is
    paid ``paid`` when given: a way :func:`upgrade_options` offered, e.g. the mad
    scientist's free weird upgrade once the CR are spent, OtH p.69)."""
    choices = _choices(element, form_index)
    if paid is not None and not any(c.id == upgrade_id for c in choices):
        element = add_upgrade(ruleset, element, upgrade_id, form_index, option)
        return set_upgrade_payment(ruleset, element, upgrade_id, paid, form_index)
    if any(c.id == upgrade_id for c in choices):
        choices = tuple(c.model_copy(update={"count": c.count + 1}) if c.id == upgrade_id else c
                        for c in choices)
    else:
        up = ruleset.upgrades.get(upgrade_id)
        if option is None and up is not None and up.options:
            option = up.options[0]
        choices = (*choices, UpgradeChoice(id=upgrade_id, option=option))
    return _update_line(element, form_index, upgrades=choices)


def remove_upgrade(element: Element, upgrade_id: str, form_index: int | None = None,
                   every: bool = False) -> Element:
    """Drop one copy (or every copy) of an upgrade."""
    out: list[UpgradeChoice] = []
    done = False
    for choice in _choices(element, form_index):
        if choice.id == upgrade_id and not done:
            done = True
            if choice.count > 1 and not every:
                out.append(choice.model_copy(update={"count": choice.count - 1}))
            continue
        out.append(choice)
    return _update_line(element, form_index, upgrades=tuple(out))


def set_upgrade_option(element: Element, upgrade_id: str, option: str | None,
                       form_index: int | None = None) -> Element:
    """Choose the option (robot program ...) of an upgrade taken."""
    choices = tuple(c.model_copy(update={"option": option}) if c.id == upgrade_id else c
                    for c in _choices(element, form_index))
    return _update_line(element, form_index, upgrades=choices)


def set_upgrade_payment(ruleset: Ruleset, element: Element, upgrade_id: str, paid: Payment | None,
                        form_index: int | None = None) -> Element:
    """Choose how an upgrade taken is paid, among the ways the rules allow (the editor offers
    only those; the validator judges any other). The default way is stored as no choice."""
    type_id, _presence = _line(element, form_index)
    up = ruleset.upgrades.get(upgrade_id)
    if up is not None and paid is not None:
        options = payment_options(ruleset.element_types.get(type_id), up, free_granted=True)
        if paid not in options:
            raise ValueError(f"{up.name} cannot be paid {paid!r} here")
        if paid == options[0]:
            paid = None
    choices = tuple(c.model_copy(update={"paid": paid}) if c.id == upgrade_id else c
                    for c in _choices(element, form_index))
    return _update_line(element, form_index, upgrades=choices)
