"""Derived facts about a roster under a ruleset: costs, pools, special rules, CR.

Computed once per edit and shared by the totals, the validator, the exports
and the screens, so each of them reads the same numbers. Pure: never changes
the roster, never raises on a roster that loaded.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from functools import cached_property

from horizon_builder.engine.memo import IdentityMemo
from horizon_builder.engine.payment import ACCEPTS, Payment, payment_options
from horizon_builder.roster.models import Command, CrPurchase, Element, Form, Roster, UpgradeChoice
from horizon_builder.rules.base import RuleModel
from horizon_builder.rules.models import CommandOption, ElementType, PresenceRules, Ruleset, Upgrade


@dataclass
class UpgradeCost:
    """What one upgrade choice costs this element, and in which currency."""

    choice: UpgradeChoice
    upgrade: Upgrade | None
    currency: str  # "points", "cr", "free" or "unknown": how it is paid, by the rules
    amount: int | None  # None when the ruleset does not know the cost
    options: tuple[Payment, ...] = ()  # every way the rules let this element pay (default first)

    @property
    def claim_refused(self) -> bool:
        """The roster says ``paid`` = something the rules do not allow here."""
        paid = self.choice.paid
        return self.upgrade is not None and paid is not None and paid not in self.options


@dataclass
class StatlineInfo:
    """Pool accounting for one statline (an element's baseform, or one metaform)."""

    type_id: str
    type: ElementType | None
    presence: int
    stats: dict[str, int]
    upgrades: list[UpgradeCost]
    pool: int | None = None
    pool_beyond_table: bool = False
    points_spent: int = 0
    unknown_costs: list[str] = field(default_factory=list)
    special_rules: list[str] = field(default_factory=list)

    @property
    def pool_left(self) -> int | None:
        return None if self.pool is None else self.pool - self.points_spent

    def upgrade_ids(self) -> set[str]:
        return {u.choice.id for u in self.upgrades}


@dataclass
class ElementInfo:
    """Everything derived about one element (its place is its index in ``Analysis.elements``).

    Made once for an element object in a force context and shared by every analysis
    that meets the same object in the same context: never changed once made."""

    element: Element
    type: ElementType | None
    base: StatlineInfo
    forms: list[StatlineInfo]
    fc: int
    fp: int
    momentum: int
    is_command: bool
    fc_notes: list[str] = field(default_factory=list)
    fc_provisional: bool = False
    type_upgrades: list[CrPurchase] = field(default_factory=list)
    cr_spent: int = 0

    @property
    def id(self) -> str:
        return self.element.id

    @property
    def special_rules(self) -> list[str]:
        return self.base.special_rules

    @property
    def is_metaformer(self) -> bool:
        return bool(self.element.forms)

    def has_upgrade(self, upgrade_id: str) -> bool:
        return upgrade_id in self.all_upgrade_ids

    @cached_property
    def all_upgrade_ids(self) -> set[str]:
        ids = self.base.upgrade_ids() | {p.upgrade for p in self.type_upgrades}
        for cost in self.base.upgrades:
            if cost.upgrade:
                ids.update(cost.upgrade.grants_upgrades)
        return ids


@dataclass
class Analysis:
    """Derived facts for a whole battlegroup (or a Task Force seen as one list)."""

    roster: Roster
    ruleset: Ruleset
    mode: str  # "battlegroup" or "task_force"
    elements: list[ElementInfo]
    command: Command
    command_option: CommandOption | None
    command_element: ElementInfo | None
    cr_purchases: Sequence[CrPurchase]
    cr_available: int
    cr_counted_elements: int
    cr_spent: int
    round_name: str | None = None

    @cached_property
    def by_id(self) -> dict[str, ElementInfo]:
        return {info.id: info for info in self.elements}

    @cached_property
    def type_counts(self) -> Counter[str]:
        return Counter(info.element.type for info in self.elements)

    @property
    def enabled_supplements(self) -> set[str]:
        return set(self.roster.supplements)


def _choice_cost(choice: UpgradeChoice, upgrade: Upgrade | None, et: ElementType | None,
                 presence: int, free_granted: bool) -> UpgradeCost:
    if upgrade is None:
        return UpgradeCost(choice, None, "unknown", None)
    # How it is paid comes from the rules; the roster's ``paid`` only picks among
    # them, and a claim they refuse is priced as the default (and reported).
    options = payment_options(et, upgrade, free_granted=free_granted)
    if choice.paid is not None and choice.paid in options:
        currency: str = choice.paid
    else:
        currency = options[0] if options else ACCEPTS[upgrade.currency][0]
    if currency == "free":
        return UpgradeCost(choice, upgrade, "free", 0, options)
    unit = upgrade.cost_cr if currency == "cr" and upgrade.cost_cr is not None else upgrade.cost
    if unit is None:
        return UpgradeCost(choice, upgrade, currency, None, options)
    if upgrade.per_presence:
        unit *= presence
    return UpgradeCost(choice, upgrade, currency, unit * choice.count, options)


def statline_info(ruleset: Ruleset, type_id: str, presence: int, stats: dict[str, int],
                  upgrades: Sequence[UpgradeChoice], *, free_granted: bool = False) -> StatlineInfo:
    """Pool, points spent and special rules of one statline (``free_granted``: the CHQ of a
    weird command that gives a free weird upgrade, OtH p.69)."""
    et = ruleset.element_types.get(type_id)
    costs = [_choice_cost(c, ruleset.upgrades.get(c.id), et, presence, free_granted)
             for c in upgrades]
    info = StatlineInfo(type_id, et, presence, stats, costs)
    if et is None:
        return info
    if et.pool is not None:
        info.pool, info.pool_beyond_table = et.pool.points_for(presence)
        info.points_spent = sum(v for k, v in stats.items() if k not in et.unpaid_stats)
        for cost in costs:
            if cost.currency == "points":
                if cost.amount is None:
                    info.unknown_costs.append(cost.choice.id)
                else:
                    info.points_spent += cost.amount
    rules = presence_steps(list(et.special_rules), et.presence_rules, presence)
    for cost in costs:
        if cost.upgrade is not None:
            rules = upgrade_rules(rules, cost.upgrade, cost.choice.option, presence)
    info.special_rules = rules
    return info


def _form_info(ruleset: Ruleset, form: Form) -> StatlineInfo:
    return statline_info(ruleset, form.type, form.presence, form.stats, form.upgrades)


def chq_modifier(ruleset: Ruleset, chq_type: str, element_type: str) -> tuple[int, bool]:
    """FC change a conventional CHQ of ``chq_type`` makes to ``element_type``; (change, known)."""
    if chq_type == element_type:
        return 0, True  # never its own type (OtH p.62)
    row = ruleset.chq_cost_table.get(chq_type)
    if row is None:
        return 0, False
    if element_type in row.modifiers:
        return row.modifiers[element_type], True
    return 0, row.complete


_MEMO = IdentityMemo()
_CONTEXTS: dict[tuple[object, ...], int] = {}


def _context_id(context: tuple[object, ...]) -> int:
    """A small number for a force context, so element keys hash quickly."""
    return _CONTEXTS.setdefault(context, len(_CONTEXTS))


def _element_info(ruleset: Ruleset, element: Element, is_command: bool, free_granted: bool,
                  conventional_chq: bool, chq_type: ElementType | None, chq_key: str,
                  bought: Sequence[CrPurchase]) -> ElementInfo:
    """Everything derived about one element, given the force's command and CR purchases."""
    et = ruleset.element_types.get(element.type)
    base = statline_info(ruleset, element.type, element.presence, element.stats,
                         element.upgrades, free_granted=free_granted)
    forms = [_form_info(ruleset, form) for form in element.forms]
    fc = et.force_cost if et is not None and et.force_cost is not None else element.presence
    fp = et.force_presence if et is not None and et.force_presence is not None else element.presence
    momentum = fp
    notes: list[str] = []
    provisional = False
    if is_command and conventional_chq:
        fc = 0
        notes.append("free conventional CHQ")
        provisional = True
    elif conventional_chq and et is not None and (et.category == "conventional"
                                                  or et.chq_cost_as is not None):
        change, known = chq_modifier(ruleset, chq_key, et.chq_cost_as or element.type)
        fc += change
        if change:
            notes.append(f"{change:+d} under a {chq_type.short or chq_type.name} CHQ")  # type: ignore[union-attr]
        if not known:
            provisional = True
            notes.append("CHQ cost change unknown: counted at its P")
        elif change:
            row = ruleset.chq_cost_table[chq_key]
            provisional = provisional or row.is_provisional
    if forms:
        fc += sum(f.presence for f in forms)
        fp = element.presence + len(forms)
        momentum = element.presence
    for cost in base.upgrades:
        if cost.upgrade is not None and cost.upgrade.momentum_as is not None:
            momentum = cost.upgrade.momentum_as
    info = ElementInfo(element, et, base, forms, fc, fp, momentum, is_command, notes, provisional)
    info.type_upgrades = list(bought)
    _apply_type_upgrades(ruleset, info)
    info.cr_spent = sum(c.amount or 0 for c in base.upgrades if c.currency == "cr")
    for form in forms:
        info.cr_spent += sum(c.amount or 0 for c in form.upgrades if c.currency == "cr")
    return info


def analyse(roster: Roster, ruleset: Ruleset, *, elements: Sequence[Element] | None = None,
            command: Command | None = None, cr_purchases: Sequence[CrPurchase] | None = None,
            mode: str | None = None, round_name: str | None = None) -> Analysis:
    """Derive everything about a roster (or one tournament round of it)."""
    chosen: Sequence[Element] = roster.elements if elements is None else elements
    command = roster.command if command is None else command
    purchases: Sequence[CrPurchase] = roster.cr_purchases if cr_purchases is None else cr_purchases
    mode = mode or roster.kind
    option = ruleset.commands.get(command.kind)
    chq_id = command.element if option is not None and option.needs_element else None
    chq_element = next((e for e in chosen if e.id == chq_id), None) if chq_id else None
    chq_type = ruleset.element_types.get(chq_element.type) if chq_element else None
    conventional_chq = (
        chq_element is not None and chq_type is not None and chq_type.chq == "conventional"
        and option is not None and option.element_chq in ("conventional", "any")
    )
    # The CHQ's row of the cost table: a stand-in (gun-beast) reads its replaced type's.
    chq_key = (chq_type.chq_cost_as or chq_element.type) if chq_type and chq_element else ""

    free_granted = free_upgrades_granted(ruleset, command) > 0

    purchases_by_type: dict[str, list[CrPurchase]] = {}
    for purchase in purchases:
        purchases_by_type.setdefault(purchase.type, []).append(purchase)

    # Everything an element's info (and its statline findings, see checks.common) depends on
    # beyond the element itself: the memo finds it again while the element object is kept.
    force_context = _context_id((id(ruleset), mode, free_granted, command.kind,
                                 chq_element.type if chq_element is not None else None,
                                 roster.kind, roster.era, roster.event, roster.supplements,
                                 roster.solitaire))
    infos: list[ElementInfo] = []
    for element in chosen:
        is_command = element.id == chq_id and chq_id is not None
        bought = tuple(purchases_by_type.get(element.type, ()))
        context = (force_context, is_command, bought)
        info = _MEMO.get((element, ruleset), context)
        if info is None:
            info = _element_info(ruleset, element, is_command, free_granted and is_command,
                                 conventional_chq, chq_type, chq_key, bought)
            _MEMO.put((element, ruleset), context, info)
        infos.append(info)

    counted = sum(1 for info in infos if info.type is not None and info.type.counts_for_cr)
    cr_available = 0
    if option is not None and option.command_resources and not any(
        w.replaces == "command_resources" for w in command.weird
    ):
        cr_available = counted // ruleset.command_resources.per_elements
    cr_spent = sum(info.cr_spent for info in infos)
    for purchase in purchases:
        upgrade = ruleset.upgrades.get(purchase.upgrade)
        if upgrade is None:
            continue
        unit = upgrade.cost_cr if upgrade.cost_cr is not None else (upgrade.cost or 0)
        if purchase.form_type:
            holders = sum(1 for info in infos for f in info.element.forms if f.type == purchase.type)
        else:
            holders = sum(1 for info in infos if info.element.type == purchase.type)
        cr_spent += unit * holders
    return Analysis(roster, ruleset, mode, infos, command, option,
                    next((i for i in infos if i.is_command), None), purchases,
                    cr_available, counted, cr_spent, round_name)


def free_upgrades_granted(ruleset: Ruleset, command: Command) -> int:
    """How many free weird upgrades the CHQ's weird commands give (mad scientist: one, OtH p.69)."""
    total = 0
    for weird in command.weird:
        upgrade = ruleset.upgrades.get(weird.id)
        total += upgrade.grants_free if upgrade is not None else 0
    return total


def presence_steps(rules: list[str], steps: list[PresenceRules], presence: int) -> list[str]:
    """Special rules gained or lost from some Presence on (cumbersome at P4+, lumbering at P6+)."""
    for step in sorted(steps, key=lambda r: r.from_presence):
        if presence >= step.from_presence:
            rules = [r for r in rules if r not in step.remove]
            rules += [r for r in step.add if r not in rules]
    return rules


def upgrade_rules(rules: list[str], upgrade: Upgrade, option: str | None, presence: int) -> list[str]:
    """Special rules after an upgrade: removed, granted, by Presence, by the option chosen."""
    rules = [r for r in rules if r not in upgrade.removes_rules]
    rules += [r for r in upgrade.grants_rules if r not in rules]
    rules = presence_steps(rules, upgrade.presence_rules, presence)
    if option is not None:
        rules += [r for r in upgrade.option_rules.get(option, []) if r not in rules]
    return rules


def _apply_type_upgrades(ruleset: Ruleset, info: ElementInfo) -> None:
    """Upgrades bought with CR for the element's whole type act on it like its own (OtH p.24)."""
    for purchase in info.type_upgrades:
        upgrade = ruleset.upgrades.get(purchase.upgrade)
        if upgrade is None or purchase.form_type:
            continue
        info.base.special_rules = upgrade_rules(info.base.special_rules, upgrade, purchase.option,
                                                info.element.presence)
        if upgrade.momentum_as is not None:
            info.momentum = upgrade.momentum_as


def provisional_values(analysis: Analysis) -> list[str]:
    """What provisional (not book-read) values this force's totals and checks rested on.

    A verdict can rest on a provisional value without any finding saying so: a
    mech that fits an inferred pool is "legal" only as far as that pool is right.
    """
    used: set[str] = set()
    for info in analysis.elements:
        lines = [info.base, *info.forms]
        for line in lines:
            et = line.type
            if et is None:
                continue
            if et.pool is not None and et.pool.is_provisional:
                used.add(f"{et.name} stat pool ({et.pool.source})")
            if et.presence.is_provisional:
                used.add(f"{et.name} Presence ({et.presence.source})")
            for cost in line.upgrades:
                up = cost.upgrade
                if up is not None and (up.is_provisional or cost.amount is None):
                    used.add(f"{up.name} ({up.source or 'cost unknown'})")
        if info.fc_provisional:
            used.add("conventional CHQ cost table (core, reported)")
    option = analysis.command_option
    if option is not None and option.is_provisional:
        used.add(f"{option.name} ({option.source})")
    if analysis.cr_available or analysis.cr_spent:
        rule = analysis.ruleset.command_resources
        if rule.is_provisional:
            used.add(f"Command Resources rate ({rule.source})")
    return sorted(used)


def changed_values(analysis: Analysis) -> list[str]:
    """The values this force's totals and checks used that a layer beyond the shipped book
    data changed (a roster's house rules, ``--ruleset``, an event preset), each with that
    layer's name and short hash: a verdict says what it rests on."""
    return sorted({f"{label} ({item.source + '; ' if item.source else ''}changed by "
                   f"{item.changed_by})"
                   for label, item in _values_used(analysis) if item.changed_by})


def _values_used(analysis: Analysis) -> Iterator[tuple[str, RuleModel]]:
    """Every rule table the totals and checks of this force read, with a name for it."""
    rs = analysis.ruleset
    for info in analysis.elements:
        for line in (info.base, *info.forms):
            et = line.type
            if et is None:
                continue
            yield et.name, et
            yield f"{et.name} Presence", et.presence
            if et.pool is not None:
                yield f"{et.name} stat pool", et.pool
            if line.presence in et.statlines:
                yield f"{et.name} P{line.presence} statline", et.statlines[line.presence]
            for limit in et.stat_limits:
                yield f"{et.name} {limit.stat} limit", limit
            for cost in line.upgrades:
                if cost.upgrade is not None:
                    yield cost.upgrade.name, cost.upgrade
    chq = analysis.command_element
    if chq is not None:
        row = rs.chq_cost_table.get(chq.type.chq_cost_as or chq.element.type) if chq.type else None
        if row is not None:
            yield "conventional CHQ cost table", row
    if analysis.command_option is not None:
        yield analysis.command_option.name, analysis.command_option
    for weird in analysis.command.weird:
        if weird.id in rs.upgrades:
            yield rs.upgrades[weird.id].name, rs.upgrades[weird.id]
    for purchase in analysis.cr_purchases:
        if purchase.upgrade in rs.upgrades:
            yield rs.upgrades[purchase.upgrade].name, rs.upgrades[purchase.upgrade]
    yield "Command Resources rate", rs.command_resources
    yield "deployment spaces", rs.deployment
    yield "event options", rs.event
    if rs.intelligence is not None:
        yield "Intelligence Rating", rs.intelligence
        for band in rs.intelligence.bands:
            yield f"Intelligence band {band.quality}", band
    if rs.tournament is not None and analysis.mode != "battlegroup":
        yield "Task Force limits", rs.tournament
    roster = analysis.roster
    if roster.era in rs.eras:
        yield rs.eras[roster.era].name, rs.eras[roster.era]
    for supplement in roster.supplements:
        if supplement in rs.supplements:
            yield rs.supplements[supplement].name, rs.supplements[supplement]
