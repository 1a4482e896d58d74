"""Derived facts about a roster under a ruleset: costs, pools, special rules, CR.

Computed once per edit and shared by the totals, the validator, the exports
and the screens, so each of them reads the same numbers. Pure: never changes
the roster, never raises on a roster that loaded.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import TypeVar

from horizon_builder.engine.payment import ACCEPTS, Payment, payment_options
from horizon_builder.roster.models import Command, CrPurchase, Element, Form, Roster, UpgradeChoice
from horizon_builder.rules.models import CommandOption, ElementType, PresenceRules, Ruleset, Upgrade
from horizon_builder.text.words import with_article

T = TypeVar("T")
#: ``(ruleset, element, context, make) -> ElementInfo``: see :func:`analyse`
InfoOf = Callable[["Ruleset", "Element", tuple[object, ...], Callable[[], "ElementInfo"]],
                  "ElementInfo"]


@dataclass(slots=True)
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


@dataclass(slots=True)
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
    #: the ids of the upgrades taken (a statline is never changed once made; many rules ask)
    _upgrade_ids: frozenset[str] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        self._upgrade_ids = frozenset(u.choice.id for u in self.upgrades)

    @property
    def pool_left(self) -> int | None:
        return None if self.pool is None else self.pool - self.points_spent

    def upgrade_ids(self) -> frozenset[str]:
        """The ids of the upgrades taken."""
        return self._upgrade_ids


def granted_upgrades(ruleset: Ruleset,
                     line: StatlineInfo) -> list[tuple[str, Upgrade, Upgrade]]:
    """What a statline's upgrades give it besides themselves, as (id, granted, by) in the
    order taken: artificial intelligence gives a supertank gunnery controller and supergun
    (OtH p.64; data: ``grants_upgrades``). One it also took itself is not listed again."""
    own, seen = line.upgrade_ids(), set()
    out: list[tuple[str, Upgrade, Upgrade]] = []
    for cost in line.upgrades:
        if cost.upgrade is None:
            continue
        for granted_id in cost.upgrade.grants_upgrades:
            granted = ruleset.upgrades.get(granted_id)
            if granted is not None and granted_id not in own and granted_id not in seen:
                seen.add(granted_id)
                out.append((granted_id, granted, cost.upgrade))
    return out


def granted_rules(ruleset: Ruleset, line: StatlineInfo,
                  bought: Iterable[tuple[Upgrade, str | None]] = ()) -> list[tuple[str, Upgrade]]:
    """The special rules a statline's upgrades give it, as (rule id, by) in the order taken
    (data: ``grants_rules``, ``option_rules``, ``presence_rules``): artificial intelligence's
    never overkill (OtH p.64); ``bought``: upgrades bought with CR for its whole type, with
    their options (a Mk 1 drone's rapid, OtH p.24). Left out: a rule the type has of its own,
    one the statline lost again, and one the upgrade's name says (Flying by Flying, Rapid by
    Rapid (mutation))."""
    own = set(line.type.special_rules) if line.type is not None else set()
    out: list[tuple[str, Upgrade]] = []
    seen: set[str] = set()
    taken = [*bought, *((c.upgrade, c.choice.option) for c in line.upgrades
                        if c.upgrade is not None)]
    for upgrade, option in taken:
        for rule_id in upgrade_rules([], upgrade, option, line.presence):
            if (rule_id in line.special_rules and rule_id not in own and rule_id not in seen
                    and not upgrade.name.casefold().startswith(
                        ruleset.rule_name(rule_id).casefold())):
                seen.add(rule_id)
                out.append((rule_id, upgrade))
    return out


@dataclass(slots=True)
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
    #: how the CHQ changes this element's FC is not known (its cell of the CHQ cost table is
    #: empty: counted at P, :func:`chq_modifier`)
    chq_cost_unknown: bool = False
    #: CR bought for its type, and for its metaforms' types (``form_type``, OtH p.20)
    type_upgrades: list[CrPurchase] = field(default_factory=list)
    cr_spent: int = 0
    #: the CHQ of a weird command that gives a free weird upgrade (OtH p.69)
    free_granted: bool = False
    #: :attr:`all_upgrade_ids`, once worked out (an info is never changed once made)
    _all_upgrade_ids: frozenset[str] | None = field(default=None, init=False, repr=False,
                                                     compare=False)

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

    def line_upgrade_ids(self, line: StatlineInfo) -> frozenset[str]:
        """The upgrades one statline carries: the baseform's :attr:`all_upgrade_ids`; a
        metaform's own and those CR bought for its metaform type (OtH p.20)."""
        if line is self.base:
            return self.all_upgrade_ids
        return line.upgrade_ids() | {p.upgrade for p in self.type_upgrades
                                     if p.form_type and p.type == line.type_id}

    @property
    def all_upgrade_ids(self) -> frozenset[str]:
        """The baseform's upgrades: its own, those bought for its type, those they grant.

        CR bought for a metaform type (``form_type``) is not here: a metaform is its own
        type for CR (OtH p.20), so it reaches metaforms, never an element of that type."""
        ids = self._all_upgrade_ids
        if ids is None:
            more = [p.upgrade for p in self.type_upgrades if not p.form_type]
            more += [granted for cost in self.base.upgrades if cost.upgrade
                     for granted in cost.upgrade.grants_upgrades]
            ids = self._all_upgrade_ids = self.base.upgrade_ids().union(more) if more \
                else self.base.upgrade_ids()
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

    def column(self, value: Callable[[ElementInfo], T]) -> list[T]:
        """``[value(info) for info in self.elements]``."""
        return [value(info) for info in self.elements]

    @cached_property
    def by_id(self) -> dict[str, ElementInfo]:
        return {info.id: info for info in self.elements}

    def tally(self, value: Callable[[ElementInfo], T]) -> Counter[T]:
        """How often each value of :meth:`column` occurs."""
        return Counter(self.column(value))

    def total(self, value: Callable[[ElementInfo], int]) -> int:
        return sum(self.column(value))

    @property
    def leader(self) -> tuple[str, str] | None:
        """The element that leads the force, as rules reading the command see it (its id and
        type), None when the force does not field it (a round whose command names an element
        it does not field has no CHQ, OtH p.46)."""
        info = self.command_element
        return None if info is None else (info.element.id, info.element.type)

    @cached_property
    def type_counts(self) -> Counter[str]:
        return Counter(info.element.type for info in self.elements)

    @property
    def enabled_supplements(self) -> set[str]:
        return set(self.roster.supplements)

    # --- the force's plain attributes, as rules read them (engine.rule.ForceView)
    @property
    def fc(self) -> int:
        """The force's Force Cost: every element's, the CHQ's changes included."""
        return sum(info.fc for info in self.elements)

    @property
    def fp(self) -> int:
        """The force's Force Presence."""
        return sum(info.fp for info in self.elements)

    @property
    def budget(self) -> int:
        """The FC the force is built to (the roster's ``force_cost``)."""
        return self.roster.force_cost

    @property
    def kind(self) -> str:
        return self.roster.kind

    @property
    def era(self) -> str | None:
        return self.roster.era

    @property
    def supplements(self) -> list[str]:
        return list(self.roster.supplements)


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


def upgrade_cost(ruleset: Ruleset, type_id: str, presence: int, choice: UpgradeChoice, *,
                 free_granted: bool = False) -> UpgradeCost:
    """What one upgrade choice costs a statline of a type and Presence (as
    :func:`statline_info` prices each of its upgrades)."""
    return _choice_cost(choice, ruleset.upgrades.get(choice.id),
                        ruleset.element_types.get(type_id), presence, free_granted)


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
    """The CHQ cost table (core, reported; OtH p.62): the FC change a conventional CHQ of
    ``chq_type`` makes to an element of ``element_type``, and whether the table knows it
    (a row marked ``complete`` knows that a type it does not list is unchanged; an unknown
    change counts as none, and the ``chq-cost-unknown`` rule says so). Never its own type."""
    if chq_type == element_type:
        return 0, True  # never its own type (OtH p.62)
    row = ruleset.chq_cost_table.get(chq_type)
    if row is None:
        return 0, False
    if element_type in row.modifiers:
        return row.modifiers[element_type], True
    return 0, row.complete


def costed_by_chq(et: ElementType | None) -> bool:
    """The CHQ cost table (OtH p.62) can change this type's FC: a conventional type, or one
    costed as one (``chq_cost_as``)."""
    return et is not None and (et.category == "conventional" or et.chq_cost_as is not None)


def _element_info(ruleset: Ruleset, element: Element, is_command: bool, free_granted: bool,
                  conventional_chq: bool, chq_named: str, chq_key: str,
                  bought: Sequence[CrPurchase]) -> ElementInfo:
    """Everything derived about one element, given the force's command and CR purchases."""
    et = ruleset.element_types.get(element.type)
    base = statline_info(ruleset, element.type, element.presence, element.stats,
                         element.upgrades, free_granted=free_granted)
    forms = [_form_info(ruleset, form) for form in element.forms] if element.forms else []
    fc = et.force_cost if et is not None and et.force_cost is not None else element.presence
    fp = et.force_presence if et is not None and et.force_presence is not None else element.presence
    momentum = fp
    notes: list[str] = []
    provisional = chq_cost_unknown = False
    if is_command and conventional_chq:
        fc = 0
        notes.append("free conventional CHQ")
        provisional = True
    elif conventional_chq and costed_by_chq(et):
        assert et is not None
        change, known = chq_modifier(ruleset, chq_key, et.chq_cost_as or element.type)
        fc += change
        if change:
            notes.append(f"{change:+d} under {chq_named} CHQ")
        if not known:
            provisional = chq_cost_unknown = True
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
    info = ElementInfo(element, et, base, forms, fc, fp, momentum, is_command, notes, provisional,
                       chq_cost_unknown)
    info.type_upgrades = list(bought)
    info.free_granted = free_granted
    if bought:
        _apply_type_upgrades(ruleset, info)
    for line in (base, *forms):
        for cost in line.upgrades:
            if cost.currency == "cr":
                info.cr_spent += cost.amount or 0
    return info


def analyse(roster: Roster, ruleset: Ruleset, *, elements: Sequence[Element] | None = None,
            command: Command | None = None, cr_purchases: Sequence[CrPurchase] | None = None,
            mode: str | None = None, round_name: str | None = None,
            info_of: InfoOf | None = None) -> Analysis:
    """Derive everything about a roster (or one tournament round of it: its ``elements``,
    ``command`` and ``cr_purchases``). ``info_of``: how an element's info is had (the
    evaluator's: it may find one made before for the same element and ``context``)."""
    chosen: Sequence[Element] = roster.elements if elements is None else elements
    command = roster.command if command is None else command
    purchases: Sequence[CrPurchase] = roster.cr_purchases if cr_purchases is None else cr_purchases
    option = ruleset.commands.get(command.kind)
    infos, chq_index = _infos(ruleset, chosen, command, purchases, info_of)
    counted = sum(counts_for_cr(info) for info in infos)
    command_info = infos[chq_index] if chq_index is not None else None  # ids are unique
    return Analysis(roster, ruleset, mode or roster.kind, infos, command, option, command_info,
                    purchases, cr_available(ruleset, option, command, counted), counted,
                    cr_spent(ruleset, infos, purchases), round_name)


def element_alone(ruleset: Ruleset, element: Element, command: Command,
                  cr_purchases: Sequence[CrPurchase], info_of: InfoOf | None = None) -> ElementInfo:
    """The info of one element fielded on its own under a command and CR purchases (as
    ``analyse(..., elements=[element], ...)`` gives it, without the force's totals): what the
    editors' pickers ask the statline rules about. ``info_of``: as for :func:`analyse`."""
    return _infos(ruleset, [element], command, cr_purchases, info_of)[0][0]


def _infos(ruleset: Ruleset, chosen: Sequence[Element], command: Command,
           purchases: Sequence[CrPurchase],
           info_of: InfoOf | None) -> tuple[list[ElementInfo], int | None]:
    """Each chosen element's info under the command and CR purchases, and the CHQ's place."""
    option = ruleset.commands.get(command.kind)
    chq_id = command.element if option is not None and option.needs_element else None
    chq_index = next((n for n, e in enumerate(chosen) if e.id == chq_id), None) \
        if chq_id is not None else None
    chq_element = chosen[chq_index] if chq_index is not None else None
    chq_type = ruleset.element_types.get(chq_element.type) if chq_element else None
    conventional_chq = (
        chq_element is not None and chq_type is not None and chq_type.chq == "conventional"
        and option is not None and option.element_chq in ("conventional", "any")
    )
    # The CHQ's row of the cost table: a stand-in (gun-beast) reads its replaced type's.
    chq_key = (chq_type.chq_cost_as or chq_element.type) if chq_type and chq_element else ""
    # how the FC notes name it ("a heavy cavalry CHQ")
    chq_named = with_article(chq_type.short or chq_type.name) if chq_type else ""
    free_granted = free_upgrades_granted(ruleset, command) > 0

    purchases_by_type: dict[str, list[CrPurchase]] = {}
    for purchase in purchases:
        purchases_by_type.setdefault(purchase.type, []).append(purchase)

    infos: list[ElementInfo] = []
    for element in chosen:
        is_command = chq_id is not None and element.id == chq_id
        bought = list(purchases_by_type.get(element.type, ()))
        if element.forms:  # CR bought for its metaforms' types reaches them (OtH p.20)
            bought += [p for t in sorted({f.type for f in element.forms} - {element.type})
                       for p in purchases_by_type.get(t, ()) if p.form_type]
        # the CHQ's type changes the info of the CHQ itself and of the types its cost table
        # reaches (their FC), nothing else's: one it does not reach has one info under any CHQ
        reached = is_command or costed_by_chq(ruleset.element_types.get(element.type))
        chq = (conventional_chq, chq_named, chq_key) if reached else (False, "", "")

        def make(element: Element = element, is_command: bool = is_command,
                 bought: list[CrPurchase] = bought,
                 chq: tuple[bool, str, str] = chq) -> ElementInfo:
            return _element_info(ruleset, element, is_command, free_granted and is_command,
                                 *chq, bought)

        if info_of is None:
            infos.append(make())
        else:  # everything of the force an info is made from, beside the element
            context = (is_command, free_granted and is_command, chq[0],
                       chq_element.type if reached and chq_element is not None else None,
                       chq[2], *bought)
            infos.append(info_of(ruleset, element, context, make))
    return infos, chq_index


def counts_for_cr(info: ElementInfo) -> int:
    """1 when the element's type counts towards Command Resources (data: ``counts_for_cr``;
    core, provisional), else 0."""
    return int(info.type is not None and info.type.counts_for_cr)


def cr_available(ruleset: Ruleset, option: CommandOption | None, command: Command,
                 counted: int) -> int:
    """CR a command gives: 1 per ``per_elements`` counted elements (rounded down), none under
    a command without CR or a weird command that replaced them (core, provisional;
    OtH p.41-43)."""
    if option is None or not option.command_resources or any(
            w.replaces == "command_resources" for w in command.weird):
        return 0
    return counted // ruleset.command_resources.per_elements


def cr_spent(ruleset: Ruleset, infos: Sequence[ElementInfo],
             purchases: Sequence[CrPurchase]) -> int:
    """CR spent: every element's CR-paid upgrades, and each purchase for a whole type once
    per element of that type (or per metaform of it, ``form_type``: OtH p.20, p.24)."""
    spent = sum(info.cr_spent for info in infos)
    if not purchases:
        return spent
    types = Counter(info.element.type for info in infos)
    form_types = Counter(t for info in infos for t in form_types_of(info))
    for purchase in purchases:
        upgrade = ruleset.upgrades.get(purchase.upgrade)
        if upgrade is None:
            continue
        unit = upgrade.cost_cr if upgrade.cost_cr is not None else (upgrade.cost or 0)
        spent += unit * (form_types if purchase.form_type else types)[purchase.type]
    return spent


def form_types_of(info: ElementInfo) -> tuple[str, ...]:
    """The types of an element's metaforms."""
    return tuple(f.type for f in info.element.forms)


def free_upgrades_granted(ruleset: Ruleset, command: Command) -> int:
    """How many free weird upgrades the CHQ's weird commands give (mad scientist: one, OtH p.69)."""
    total = 0
    for weird in command.weird:
        upgrade = ruleset.upgrades.get(weird.id)
        total += upgrade.grants_free if upgrade is not None else 0
    return total


def presence_steps(rules: list[str], steps: list[PresenceRules], presence: int) -> list[str]:
    """Special rules gained or lost from some Presence on (cumbersome at P4+, lumbering at P6+)."""
    if not steps:
        return rules
    for step in sorted(steps, key=lambda r: r.from_presence):
        if presence >= step.from_presence:
            rules = [r for r in rules if r not in step.remove]
            rules += [r for r in step.add if r not in rules]
    return rules


def upgrade_rules(rules: list[str], upgrade: Upgrade, option: str | None, presence: int) -> list[str]:
    """Special rules after an upgrade: removed, granted, by Presence, by the option chosen."""
    if not (upgrade.removes_rules or upgrade.grants_rules or upgrade.presence_rules
            or (option is not None and upgrade.option_rules.get(option))):
        return rules  # (most upgrades change none)
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
