"""Editing helpers behind the editor screens: what may be added, sensible defaults, pure edits.

Nothing here imports Textual: the screens call these functions and show what
they return, so the rules about what a player may pick live in one place and
are tested without a terminal.

Whether an upgrade (or a command element, or a CR purchase) is *allowed* is
judged the way the validator judges it. Plain reasons come from the rules
data (eligibility, caps, needs/excludes, supplements, era ...); then the edit
is tried on a copy of the roster and validated, and any new error the
validator raises becomes the reason. So the picker and the findings cannot
disagree, even about checks that supplement modules add in code.

Form indexes here are 0-based list indexes into ``element.forms``; finding
fields name them 1-based (``forms[1].stats.M`` is ``form_index=0``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, get_args

from horizon_builder.analysis import Analysis, StatlineInfo, analyse, statline_info
from horizon_builder.checks.supplements import era_bans
from horizon_builder.findings import Finding
from horizon_builder.roster import (
    Command,
    CrPurchase,
    Element,
    Form,
    Roster,
    Round,
    UpgradeChoice,
    WeirdCommandChoice,
    WeirdReplaces,
)
from horizon_builder.ruleset import CATEGORIES, ElementType, Ruleset, Upgrade
from horizon_builder.tournament import benched
from horizon_builder.validator import validate

if TYPE_CHECKING:
    from horizon_builder.session import Session

#: Highest stat and Presence a roster file accepts (see :mod:`horizon_builder.roster`).
STAT_MAX = 40
PRESENCE_MAX = 30

CATEGORY_LABELS = {
    "mech": "Mechs",
    "aircraft": "Aircraft",
    "conventional": "Conventional",
    "superheavy": "Superheavies",
    "bio": "Bio",
    "asset": "Strategic assets",
}

KIND_LABELS = {
    "upgrade": "Upgrades",
    "mutation": "Mutations",
    "weird_upgrade": "Weird upgrades",
    "drone": "Drones",
    "program_upgrade": "Program upgrades",
    "electronic_warfare": "Electronic warfare",
    "superweapon": "Superweapon upgrades",
    "asset_option": "Asset options",
    "weird_command": "Weird command",
}

#: Upgrade kinds taken by the command as a whole, never by one element.
COMMAND_KINDS = frozenset({"weird_command"})

#: Upgrades that make an element a metaformer (it may then have forms).
FORM_UPGRADE_IDS = ("metaform",)

#: The CHQ abilities a weird command may replace (OtH p.42), in display order.
COMMAND_ABILITIES: tuple[str, ...] = get_args(WeirdReplaces)


def kind_label(kind: str) -> str:
    return KIND_LABELS.get(kind, kind.replace("_", " ").capitalize())


def _enabled(roster: Roster, supplement: str | None) -> bool:
    return supplement is None or supplement in roster.supplements


def _supplement_name(ruleset: Ruleset, supplement: str) -> str:
    entry = ruleset.supplements.get(supplement)
    return entry.name if entry else supplement


def _era_bars(ruleset: Ruleset, roster: Roster, item_id: str) -> str | None:
    """Why the roster's era bars a type, upgrade or command option (as checks/supplements says)."""
    era = ruleset.eras.get(roster.era) if roster.era else None
    if era is None:
        return None
    ban = era_bans(ruleset, era).get(item_id)
    if ban is None:
        return None
    _, _, note = ban
    return f"not available in {era.name}" + (f" ({note})" if note else "")


def _type_label(et: ElementType) -> str:
    return et.short or et.name


def p_range_text(low: int, high: int | None) -> str:
    if high is None:
        return f"P{low}+"
    return f"P{low}" if low == high else f"P{low}-{high}"


# --- adding elements -----------------------------------------------------------
@dataclass(frozen=True)
class AddableType:
    """An element type the player may add, with its Presence range and why not when barred."""

    id: str
    name: str
    short: str | None
    category: str
    summary: str
    p_min: int
    p_max: int | None
    p_top: int  #: highest P offered by a picker (the max, or a little beyond the table)
    provisional: bool
    supplement: str | None = None
    reason: str | None = None

    @property
    def allowed(self) -> bool:
        return self.reason is None

    @property
    def p_range(self) -> str:
        return p_range_text(self.p_min, self.p_max)

    @property
    def presences(self) -> list[int]:
        return list(range(self.p_min, self.p_top + 1))

    def clamp(self, presence: int) -> int:
        return max(self.p_min, min(self.p_top, presence))


def _p_top(et: ElementType, cap: int | None) -> int:
    if et.presence.max is not None:
        top = et.presence.max
    else:
        listed = max(et.pool.points) if et.pool and et.pool.points else et.presence.min
        top = min(PRESENCE_MAX, max(et.presence.min, et.presence.table_max or 0, listed) + 4)
    if cap is not None:
        top = min(top, cap)
    return max(top, et.presence.min)


def addable_types(ruleset: Ruleset, roster: Roster) -> dict[str, list[AddableType]]:
    """Element types the enabled supplements allow, grouped by category (book order).

    Types barred by the era, an event option or a per-force limit are listed
    with the reason; types of a disabled supplement are left out.
    """
    counts = Counter(e.type for e in roster.elements)
    groups: dict[str, list[AddableType]] = {c: [] for c in CATEGORIES}
    event = ruleset.event
    for type_id, et in ruleset.element_types.items():
        if not _enabled(roster, et.supplement):
            continue
        cap = event.superheavy_max_presence if et.category == "superheavy" else None
        reason = _era_bars(ruleset, roster, type_id)
        if reason is None and et.category == "superheavy" and not event.superheavies_allowed:
            reason = "superheavies are barred by the event"
        if reason is None and et.max_per_force is not None and counts[type_id] >= et.max_per_force:
            reason = f"at most {et.max_per_force} per force"
        groups.setdefault(et.category, []).append(AddableType(
            type_id, et.name, et.short, et.category, et.summary or "", et.presence.min,
            et.presence.max if cap is None or et.presence.max is None else min(et.presence.max, cap),
            _p_top(et, cap), et.is_provisional or et.presence.is_provisional, et.supplement, reason))
    return {c: types for c, types in groups.items() if types}


def _unique_name(roster: Roster, base: str, taken: Iterable[str] = ()) -> str:
    names = {e.name for e in roster.elements} | set(taken)
    n = 1
    while f"{base} {n}" in names:
        n += 1
    return f"{base} {n}"


def _upgrade_available(ruleset: Ruleset, roster: Roster, type_id: str, presence: int,
                       upgrade_id: str) -> bool:
    up = ruleset.upgrades.get(upgrade_id)
    if up is None or not _enabled(roster, up.supplement) or _era_bars(ruleset, roster, upgrade_id):
        return False
    names = [n for n in up.eligible if n != "chq"]
    if names and not ruleset.matches(type_id, names):
        return False
    if up.ineligible and ruleset.matches(type_id, up.ineligible):
        return False
    if up.min_presence is not None and presence < up.min_presence:
        return False
    et = ruleset.element_types[type_id]
    return not any(presence >= r.from_presence and upgrade_id in r.forbids for r in et.upgrade_rules)


def _sort_cheapest(ruleset: Ruleset, ids: Iterable[str]) -> list[str]:
    def key(up_id: str) -> tuple[int, int]:
        cost = ruleset.upgrades[up_id].cost
        return (1, 0) if cost is None else (0, cost)

    return sorted(ids, key=key)


def _required_upgrades(ruleset: Ruleset, roster: Roster, type_id: str, presence: int,
                       have: list[UpgradeChoice]) -> list[UpgradeChoice]:
    """Choices to add so the type's 'must have one of' rules hold (cheapest available first)."""
    et = ruleset.element_types[type_id]
    out = list(have)
    for rule in et.upgrade_rules:
        if presence < rule.from_presence or not rule.requires_any:
            continue
        if {c.id for c in out} & set(rule.requires_any):
            continue
        for up_id in _sort_cheapest(ruleset, rule.requires_any):
            if _upgrade_available(ruleset, roster, type_id, presence, up_id):
                up = ruleset.upgrades[up_id]
                out.append(UpgradeChoice(id=up_id, option=up.options[0] if up.options else None))
                break
    return out


def stat_bounds(ruleset: Ruleset, type_id: str, presence: int) -> dict[str, tuple[int, int | None]]:
    """Lowest and highest value each stat of a type may have at a Presence (None: no maximum)."""
    et = ruleset.element_types[type_id]
    bounds: dict[str, tuple[int, int | None]] = {}
    for stat in [*et.stats, *et.optional_stats]:
        low, high = 0, None
        for limit in et.stat_limits:
            if limit.stat != stat or not limit.applies(presence):
                continue
            if limit.min is not None:
                low = max(low, limit.min)
            if limit.max is not None:
                high = limit.max if high is None else min(high, limit.max)
        bounds[stat] = (low, high)
    return bounds


def balanced_stats(ruleset: Ruleset, type_id: str, presence: int, budget: int) -> dict[str, int]:
    """Spend ``budget`` points as evenly as the type's limits allow (lowest stat first, M F A D order)."""
    et = ruleset.element_types[type_id]
    bounds = stat_bounds(ruleset, type_id, presence)
    stats = {s: bounds[s][0] for s in et.stats}
    paid = [s for s in et.stats if s not in et.unpaid_stats]
    left = budget - sum(stats[s] for s in paid)
    while left > 0:
        room = [s for s in paid if bounds[s][1] is None or stats[s] < bounds[s][1]]  # type: ignore[operator]
        if not room:
            break
        lowest = min(room, key=lambda s: stats[s])
        stats[lowest] += 1
        left -= 1
    return stats


def default_stats(ruleset: Ruleset, type_id: str, presence: int,
                  upgrades: list[UpgradeChoice]) -> dict[str, int]:
    """The published statline, or a balanced spend of the pool left after ``upgrades``.

    A type with neither (a conventional type whose statline the core book holds)
    gets no stats: the player enters them, and the findings say so.
    """
    et = ruleset.element_types[type_id]
    known = et.statlines.get(presence)
    if known is not None:
        return dict(known.stats)
    if et.pool is None:
        return {}
    pool, _ = et.pool.points_for(presence)
    if pool is None:
        return {}
    spent = statline_info(ruleset, type_id, presence, {}, upgrades).points_spent
    return balanced_stats(ruleset, type_id, presence, pool - spent)


def default_element(ruleset: Ruleset, roster: Roster, type_id: str, presence: int) -> Element:
    """A new element that is valid straight away where the rules we hold allow it."""
    et = ruleset.element_types[type_id]
    upgrades = _required_upgrades(ruleset, roster, type_id, presence, [])
    return Element(
        id=roster.new_element_id(),
        name=_unique_name(roster, _type_label(et)),
        type=type_id,
        presence=presence,
        stats=default_stats(ruleset, type_id, presence, upgrades),
        upgrades=upgrades,
    )


# --- upgrades ----------------------------------------------------------------------
@dataclass(frozen=True)
class UpgradeOption:
    """One row of the upgrade picker for one statline."""

    id: str
    name: str
    kind: str
    summary: str
    cost_text: str  #: "2 pts", "1 CR", "free", "cost unknown (provisional)"
    currency: str  #: "points", "cr", "free" or "unknown"
    unit_cost: int | None  #: cost of one copy on this element (None: not known)
    count: int  #: copies taken
    cap: int | None  #: most copies allowed (None: no cap)
    eligible_type: bool  #: this kind of element may take it at all
    reason: str | None  #: why another copy may not be added (None: it may)
    options: tuple[str, ...] = ()
    option: str | None = None
    provisional: bool = False
    source: str | None = None
    budget: bool = False  #: barred only because the pool or CR left is too small

    @property
    def allowed(self) -> bool:
        return self.reason is None

    @property
    def taken(self) -> bool:
        return self.count > 0

    @property
    def repeatable(self) -> bool:
        return self.cap is None or self.cap > 1


def _choices(element: Element, form_index: int | None) -> list[UpgradeChoice]:
    return element.upgrades if form_index is None else element.forms[form_index].upgrades


def _line(element: Element, form_index: int | None) -> tuple[str, int]:
    if form_index is None:
        return element.type, element.presence
    form = element.forms[form_index]
    return form.type, form.presence


def _cost(ruleset: Ruleset, type_id: str, presence: int, up_id: str) -> tuple[str, int | None, str]:
    cost = statline_info(ruleset, type_id, presence, {}, [UpgradeChoice(id=up_id)]).upgrades[0]
    up = ruleset.upgrades[up_id]
    if cost.currency == "free":
        return "free", 0, "free"
    if cost.amount is None:
        return cost.currency, None, "cost unknown (provisional)"
    unit = "pt" if cost.currency == "points" else "CR"
    text = f"{cost.amount} {unit}" + ("s" if unit == "pt" and cost.amount != 1 else "")
    if up.per_presence:
        text += f" ({cost.amount // presence if presence else 0}/P)"
    return cost.currency, cost.amount, text


def _error_keys(findings: Iterable[Finding]) -> Counter[tuple[str, str | None, str | None, str]]:
    return Counter((f.code, f.element, f.field, f.message) for f in findings if f.severity == "error")


def _strip_name(message: str, name: str | None) -> str:
    prefix = f"{name}: " if name else ""
    return message[len(prefix):] if prefix and message.startswith(prefix) else message


def new_errors(before: Roster, after: Roster, ruleset: Ruleset,
               baseline: Counter | None = None) -> list[Finding]:
    """Errors the validator raises on ``after`` that it did not raise on ``before``."""
    base = baseline if baseline is not None else _error_keys(validate(before, ruleset).all_findings)
    found = validate(after, ruleset).all_findings
    fresh = _error_keys(found) - base
    out = []
    for f in found:
        key = (f.code, f.element, f.field, f.message)
        if f.severity == "error" and fresh[key] > 0:
            fresh[key] -= 1
            out.append(f)
    return out


def _with_element(roster: Roster, element: Element) -> Roster:
    elements = [element if e.id == element.id else e for e in roster.elements]
    return roster.model_copy(update={"elements": elements})


def _direct_reason(ruleset: Ruleset, analysis: Analysis, element: Element,
                   form_index: int | None, up_id: str, up: Upgrade, count: int,
                   currency: str, amount: int | None) -> str | None:
    """Why another copy may not be taken, read from the rules data (mirrors checks/mustering)."""
    roster = analysis.roster
    info = analysis.by_id[element.id]
    line = info.base if form_index is None else info.forms[form_index]
    et = line.type
    assert et is not None
    type_id, presence = line.type_id, line.presence
    names = [n for n in up.eligible if n != "chq"]
    if (names and not ruleset.matches(type_id, names)) or (
            up.ineligible and ruleset.matches(type_id, up.ineligible)):
        return f"not for a {et.name}"
    if not _enabled(roster, up.supplement):
        return f"needs the {_supplement_name(ruleset, up.supplement or '')} supplement (off)"
    barred = _era_bars(ruleset, roster, up_id)
    if barred:
        return barred
    for rule in et.upgrade_rules:
        if presence >= rule.from_presence and up_id in rule.forbids:
            return f"a P{presence} {et.name} may not have it"
    if "chq" in up.eligible and not info.is_command:
        return "CHQ only"
    if up.min_presence is not None and presence < up.min_presence:
        return f"needs P{up.min_presence} or more"
    taken = line.upgrade_ids()
    if up.requires_any and not taken & set(up.requires_any):
        return "needs " + " or ".join(ruleset.upgrades[r].name for r in up.requires_any)
    clash = taken & set(up.excludes)
    if clash:
        return "not with " + ", ".join(ruleset.upgrades[c].name for c in sorted(clash))
    cap = up.cap(presence)
    if cap is not None and count >= cap:
        if cap == 0:
            return f"none allowed at P{presence}"
        return "taken" if cap == 1 else f"at most {cap}" + (
            f" at P{presence}" if up.max_per_full_presence else "")
    if et.max_upgrades is not None and up.kind != "asset_option":
        most = presence if et.max_upgrades == "presence" else et.max_upgrades
        total = sum(c.choice.count for c in line.upgrades
                    if c.upgrade is None or c.upgrade.kind != "asset_option")
        if total >= most:
            return f"a P{presence} {et.name} may have at most {most} upgrades"
    if currency == "points" and et.pool is None and et.upgrade_currency == "cr":
        return f"paid in stat points, which a {et.name} does not have"
    if up.scope == "type" and currency == "cr" and et.upgrade_currency == "cr":
        return f"bought with CR for every {_type_label(et)}: see Command"
    return None


#: Findings that only say the budget is short (the picker words them itself).
_BUDGET_CODES = frozenset({"pool-overspent", "cr-overspent"})


def _budget_reason(analysis: Analysis, line: StatlineInfo, currency: str,
                   amount: int | None) -> str | None:
    """Not enough pool points or CR left for one more copy."""
    if currency == "points" and amount is not None and line.pool is not None:
        left = line.pool - line.points_spent
        if amount > left:
            return f"needs {amount} pt{'s' if amount != 1 else ''}, {max(left, 0)} left"
    if currency == "cr" and amount is not None:
        left = analysis.cr_available - analysis.cr_spent
        if amount > left:
            return f"needs {amount} CR, {max(left, 0)} left"
    return None


def upgrade_options(ruleset: Ruleset, analysis: Analysis, element_id: str,
                    form_index: int | None = None) -> list[UpgradeOption]:
    """Every element upgrade in the rules, as the picker for one statline shows it.

    Rows are grouped by kind (ruleset order within a kind). ``eligible_type`` is
    False for upgrades this kind of element can never take (a picker may hide them).
    """
    info = analysis.by_id[element_id]
    element = info.element
    line = info.base if form_index is None else info.forms[form_index]
    type_id, presence = _line(element, form_index)
    if type_id not in ruleset.element_types:
        return []
    choices = _choices(element, form_index)
    baseline = _error_keys(validate(analysis.roster, ruleset).all_findings)
    rows: list[UpgradeOption] = []
    for up_id, up in ruleset.upgrades.items():
        if up.kind in COMMAND_KINDS:
            continue
        count = sum(c.count for c in choices if c.id == up_id)
        option = next((c.option for c in choices if c.id == up_id), None)
        currency, amount, text = _cost(ruleset, type_id, presence, up_id)
        names = [n for n in up.eligible if n != "chq"]
        eligible_type = not (names and not ruleset.matches(type_id, names)) and not (
            up.ineligible and ruleset.matches(type_id, up.ineligible))
        reason = _direct_reason(ruleset, analysis, element, form_index, up_id, up, count,
                                currency, amount)
        budget = False
        if reason is None:
            # what the validator says (rules in code too), then whether the budget allows it
            trial = add_upgrade(ruleset, element, up_id, form_index)
            errors = new_errors(analysis.roster, _with_element(analysis.roster, trial), ruleset,
                                baseline)
            rules = [f for f in errors if f.code not in _BUDGET_CODES]
            if rules:
                reason = _strip_name(rules[0].message, element.name)
            else:
                reason = _budget_reason(analysis, line, currency, amount)
                if reason is None and errors:
                    reason = _strip_name(errors[0].message, element.name)
                budget = reason is not None
        rows.append(UpgradeOption(
            up_id, up.name, up.kind, up.summary or "", text, currency, amount, count,
            up.cap(presence), eligible_type, reason, tuple(up.options), option,
            up.is_provisional, up.source, budget))
    # the kinds with most this element can use (now or with points freed) first, then book order
    usable = Counter(r.kind for r in rows if r.allowed or r.budget or r.taken)
    order = {k: i for i, k in enumerate(KIND_LABELS)}
    rows.sort(key=lambda r: (-usable[r.kind], order.get(r.kind, len(order))))
    return rows


# --- pure edits on one element -----------------------------------------------------
def _copy(element: Element) -> Element:
    return element.model_copy(deep=True)


def set_name(element: Element, name: str) -> Element:
    new = _copy(element)
    new.name = name.strip() or element.name
    return new


def set_presence(ruleset: Ruleset, element: Element, presence: int,
                 form_index: int | None = None) -> Element:
    """Change P; a published statline follows the new P when the stats were the old one's."""
    new = _copy(element)
    target: Element | Form = new if form_index is None else new.forms[form_index]
    presence = max(0, min(PRESENCE_MAX, presence))
    et = ruleset.element_types.get(target.type)
    if et is not None:
        old_line = et.statlines.get(target.presence)
        new_line = et.statlines.get(presence)
        if new_line is not None and (not target.stats or (
                old_line is not None and target.stats == old_line.stats)):
            target.stats = dict(new_line.stats)
    target.presence = presence
    return new


def set_stat(element: Element, stat: str, value: int | None,
             form_index: int | None = None) -> Element:
    """Set one stat (clamped to what a roster holds); None clears an optional stat."""
    new = _copy(element)
    target: Element | Form = new if form_index is None else new.forms[form_index]
    if value is None:
        target.stats.pop(stat, None)
    else:
        target.stats[stat] = max(0, min(STAT_MAX, value))
    return new


def add_upgrade(ruleset: Ruleset, element: Element, upgrade_id: str,
                form_index: int | None = None, option: str | None = None) -> Element:
    """Take one more copy (a new choice gets ``option`` or the upgrade's first option)."""
    new = _copy(element)
    choices = _choices(new, form_index)
    for choice in choices:
        if choice.id == upgrade_id:
            choice.count += 1
            return new
    up = ruleset.upgrades.get(upgrade_id)
    if option is None and up is not None and up.options:
        option = up.options[0]
    choices.append(UpgradeChoice(id=upgrade_id, option=option))
    return new


def remove_upgrade(element: Element, upgrade_id: str, form_index: int | None = None,
                   every: bool = False) -> Element:
    """Drop one copy (or every copy) of an upgrade."""
    new = _copy(element)
    choices = _choices(new, form_index)
    for index, choice in enumerate(choices):
        if choice.id == upgrade_id:
            if choice.count > 1 and not every:
                choice.count -= 1
            else:
                del choices[index]
            break
    return new


def set_upgrade_option(element: Element, upgrade_id: str, option: str | None,
                       form_index: int | None = None) -> Element:
    new = _copy(element)
    for choice in _choices(new, form_index):
        if choice.id == upgrade_id:
            choice.option = option
    return new


def can_have_forms(ruleset: Ruleset, element: Element) -> bool:
    """A metaformer (it has taken a metaform upgrade) or an element that already has forms."""
    return bool(element.forms) or any(
        c.id in FORM_UPGRADE_IDS for c in element.upgrades)


def form_types(ruleset: Ruleset, roster: Roster, element: Element,
               form_index: int | None = None) -> list[str]:
    """Types a metaform of ``element`` may be (as the validator judges a form's type).

    Enabled, on-table types that the checks accept as form ``form_index`` (a new
    form when None): a type the validator would flag on the form's ``type`` is left out.
    """
    candidates = [t for t, et in ruleset.element_types.items()
                  if t != element.type and et.category != "asset" and _enabled(roster, et.supplement)
                  and et.presence.min <= element.presence]
    index = len(element.forms) if form_index is None else form_index
    field = f"forms[{index + 1}].type"
    if roster.element(element.id) is None:
        return candidates
    baseline = _error_keys(validate(roster, ruleset).all_findings)
    out = []
    for type_id in candidates:
        if form_index is None:
            trial = _copy(element)
            trial.forms.append(default_form(ruleset, roster, element, type_id))
        else:
            trial = set_form_type(ruleset, roster, element, form_index, type_id)
        errors = new_errors(roster, _with_element(roster, trial), ruleset, baseline)
        if not any(f.field == field for f in errors):
            out.append(type_id)
    return out


def default_form(ruleset: Ruleset, roster: Roster, element: Element, type_id: str,
                 presence: int | None = None) -> Form:
    et = ruleset.element_types[type_id]
    top = et.presence.max if et.presence.max is not None else element.presence
    p = presence if presence is not None else min(element.presence, top)
    p = max(et.presence.min, p)
    upgrades = _required_upgrades(ruleset, roster, type_id, p, [])
    return Form(name=None, type=type_id, presence=p,
                stats=default_stats(ruleset, type_id, p, upgrades), upgrades=upgrades)


def add_form(ruleset: Ruleset, roster: Roster, element: Element,
             type_id: str | None = None, presence: int | None = None) -> Element:
    """Add a metaform (by default the first type a metaform may be, at the baseform's P or less)."""
    new = _copy(element)
    if type_id is None:
        candidates = form_types(ruleset, roster, element)
        if not candidates:
            raise ValueError("no element type may be a metaform of this element")
        type_id = candidates[0]
    new.forms.append(default_form(ruleset, roster, element, type_id, presence))
    return new


def remove_form(element: Element, form_index: int) -> Element:
    new = _copy(element)
    del new.forms[form_index]
    return new


def set_form_type(ruleset: Ruleset, roster: Roster, element: Element, form_index: int,
                  type_id: str) -> Element:
    """Make a metaform another type: fresh defaults of that type, keeping its name and P if it fits."""
    new = _copy(element)
    old = new.forms[form_index]
    form = default_form(ruleset, roster, element, type_id, None)
    et = ruleset.element_types[type_id]
    if et.presence.min <= old.presence and (et.presence.max is None or old.presence <= et.presence.max):
        form = default_form(ruleset, roster, element, type_id, old.presence)
    form.name = old.name
    new.forms[form_index] = form
    return new


def commit(session: Session, element_id: str, change: Callable[[Element], Element],
           label: str) -> None:
    """Record ``change`` (a pure function of the element) as one undo step."""

    def apply(copy: Element) -> None:
        new = change(copy)
        for name in type(copy).model_fields:
            setattr(copy, name, getattr(new, name))

    session.edit_element(element_id, apply, label)


# --- command -----------------------------------------------------------------------
@dataclass(frozen=True)
class CommandChoice:
    id: str
    name: str
    summary: str
    needs_element: bool
    weird_slots: int
    reason: str | None = None

    @property
    def allowed(self) -> bool:
        return self.reason is None


def command_options(ruleset: Ruleset, roster: Roster) -> list[CommandChoice]:
    """The ways to command the force; a disabled supplement's options carry the reason."""
    out = []
    for cmd_id, cmd in ruleset.commands.items():
        reason = None
        if not _enabled(roster, cmd.supplement):
            reason = f"needs the {_supplement_name(ruleset, cmd.supplement or '')} supplement (off)"
        reason = reason or _era_bars(ruleset, roster, cmd_id)
        out.append(CommandChoice(cmd_id, cmd.name, cmd.summary or "", cmd.needs_element,
                                 cmd.weird_slots, reason))
    return out


@dataclass(frozen=True)
class CommandCandidate:
    element_id: str
    name: str
    type_name: str
    presence: int
    reason: str | None = None  #: why it may not lead (a command rule)
    note: str | None = None  #: what choosing it would cause elsewhere (FC over budget ...)

    @property
    def allowed(self) -> bool:
        return self.reason is None


def _with_command(roster: Roster, command: Command) -> Roster:
    return roster.model_copy(update={"command": command})


def command_candidates(ruleset: Ruleset, roster: Roster, kind: str) -> list[CommandCandidate]:
    """Every element, and whether it may be the element of command option ``kind`` (with why not)."""
    option = ruleset.commands.get(kind)
    if option is None or not option.needs_element:
        return []
    empty = _with_command(roster, Command(kind=kind, element=None, weird=roster.command.weird))
    baseline = _error_keys(validate(empty, ruleset).all_findings)
    out = []
    for element in roster.elements:
        et = ruleset.element_types.get(element.type)
        trial = _with_command(roster, Command(kind=kind, element=element.id,
                                              weird=roster.command.weird))
        errors = [f for f in new_errors(empty, trial, ruleset, baseline)
                  if f.code != "command-element-missing"]
        rule = [f for f in errors if f.field == "command"]
        other = [f for f in errors if f.field != "command"]
        reason = _strip_name(rule[0].message, element.name) if rule else None
        note = _strip_name(other[0].message, element.name) if other else None
        out.append(CommandCandidate(element.id, element.name, et.name if et else element.type,
                                    element.presence, reason, note))
    return out


def command_abilities(ruleset: Ruleset, kind: str) -> list[str]:
    """The command abilities a weird command may replace under option ``kind``."""
    option = ruleset.commands.get(kind)
    if option is None or option.weird_slots == 0:
        return []
    own = [a for a in COMMAND_ABILITIES if a in option.special_rules]
    return own or list(COMMAND_ABILITIES)


def set_command(ruleset: Ruleset, roster: Roster, kind: str, element_id: str | None) -> Roster:
    """Choose the command; weird commands the new option cannot hold are dropped."""
    option = ruleset.commands.get(kind)
    abilities = command_abilities(ruleset, kind)
    weird = [w for w in roster.command.weird if w.replaces in abilities]
    weird = weird[: option.weird_slots if option else 0]
    if option is not None and not option.needs_element:
        element_id = None
    return _with_command(roster, Command(kind=kind, element=element_id, weird=weird))


@dataclass(frozen=True)
class WeirdRow:
    id: str
    name: str
    summary: str
    replaces: str | None
    free_abilities: tuple[str, ...]  #: abilities it could replace now (its own included)
    reason: str | None = None


def weird_command_rows(ruleset: Ruleset, roster: Roster) -> list[WeirdRow]:
    """Weird command upgrades, each with what it replaces and which abilities are still free."""
    kind = roster.command.kind
    option = ruleset.commands.get(kind)
    abilities = command_abilities(ruleset, kind)
    used = {w.replaces: w.id for w in roster.command.weird}
    rows = []
    for up_id, up in ruleset.upgrades.items():
        if up.kind not in COMMAND_KINDS:
            continue
        mine = next((w.replaces for w in roster.command.weird if w.id == up_id), None)
        free = tuple(a for a in abilities if used.get(a) in (None, up_id))
        reason = None
        if not _enabled(roster, up.supplement):
            reason = f"needs the {_supplement_name(ruleset, up.supplement or '')} supplement (off)"
        elif option is None or option.weird_slots == 0:
            reason = f"not for {option.name if option else 'this command'}"
        elif mine is None and len(roster.command.weird) >= option.weird_slots:
            reason = f"{option.name}: at most {option.weird_slots} weird commands"
        elif mine is None and not free:
            reason = "every command ability is already replaced"
        rows.append(WeirdRow(up_id, up.name, up.summary or "", mine, free, reason))
    return rows


def set_weird(roster: Roster, upgrade_id: str, replaces: str | None) -> Roster:
    """Take weird command ``upgrade_id`` in place of ``replaces`` (None: drop it)."""
    weird = [w for w in roster.command.weird if w.id != upgrade_id]
    if replaces is not None:
        weird = [w for w in weird if w.replaces != replaces]
        weird.append(WeirdCommandChoice(id=upgrade_id, replaces=replaces))  # type: ignore[arg-type]
    return _with_command(roster, roster.command.model_copy(update={"weird": weird}))


# --- Command Resources ------------------------------------------------------------
@dataclass(frozen=True)
class CrRow:
    """A CR upgrade one element type may buy (for every element of the type)."""

    type_id: str
    form_type: bool
    upgrade_id: str
    name: str
    summary: str
    holders: int
    unit_cost: int | None
    bought: bool
    options: tuple[str, ...] = ()
    option: str | None = None
    reason: str | None = None

    @property
    def total(self) -> int | None:
        return None if self.unit_cost is None else self.unit_cost * self.holders

    @property
    def cost_text(self) -> str:
        if self.unit_cost is None:
            return "cost unknown (provisional)"
        return f"{self.unit_cost} CR × {self.holders} = {self.total} CR"

    @property
    def allowed(self) -> bool:
        return self.reason is None


@dataclass(frozen=True)
class CrGroup:
    type_id: str
    label: str
    form_type: bool
    holders: int
    rows: list[CrRow]


def cr_left(analysis: Analysis) -> int:
    return analysis.cr_available - analysis.cr_spent


def _cr_unit(up: Upgrade) -> int | None:
    return up.cost_cr if up.cost_cr is not None else up.cost


def cr_groups(ruleset: Ruleset, analysis: Analysis) -> list[CrGroup]:
    """For each type paying upgrades in CR present (and each such metaform type), its CR upgrades."""
    roster = analysis.roster
    keys: list[tuple[str, bool]] = []
    for e in roster.elements:
        keys.append((e.type, False))
        keys.extend((f.type, True) for f in e.forms)
    keys.extend((p.type, p.form_type) for p in roster.cr_purchases)
    seen: list[tuple[str, bool]] = []
    for key in keys:
        et = ruleset.element_types.get(key[0])
        if key not in seen and et is not None and et.upgrade_currency == "cr":
            seen.append(key)
    baseline = _error_keys(validate(roster, ruleset).all_findings)
    left = cr_left(analysis)
    groups = []
    for type_id, form_type in seen:
        et = ruleset.element_types[type_id]
        if form_type:
            holders = sum(1 for e in roster.elements for f in e.forms if f.type == type_id)
        else:
            holders = sum(1 for e in roster.elements if e.type == type_id)
        rows = []
        for up_id, up in ruleset.upgrades.items():
            bought = next((p for p in roster.cr_purchases if p.type == type_id
                           and p.upgrade == up_id and p.form_type == form_type), None)
            if bought is None and (
                    up.kind in COMMAND_KINDS or up.scope != "type"
                    or up.currency not in ("cr", "points_or_cr") or "chq" in up.eligible
                    or not _enabled(roster, up.supplement)):
                continue
            names = up.eligible
            if bought is None and ((names and not ruleset.matches(type_id, names)) or (
                    up.ineligible and ruleset.matches(type_id, up.ineligible))):
                continue
            unit = _cr_unit(up)
            reason = None
            if bought is None:
                reason = _era_bars(ruleset, roster, up_id)
                total = None if unit is None else unit * holders
                if reason is None and total is not None and total > left:
                    reason = f"needs {total} CR, {max(left, 0)} left"
                if reason is None:
                    trial = toggle_cr_purchase(ruleset, roster, type_id, up_id, form_type)
                    errors = new_errors(roster, trial, ruleset, baseline)
                    if errors:
                        reason = errors[0].message
            rows.append(CrRow(type_id, form_type, up_id, up.name, up.summary or "", holders, unit,
                              bought is not None, tuple(up.options),
                              bought.option if bought else None, reason))
        label = f"{et.name} (metaforms)" if form_type else et.name
        groups.append(CrGroup(type_id, label, form_type, holders, rows))
    return groups


def toggle_cr_purchase(ruleset: Ruleset, roster: Roster, type_id: str, upgrade_id: str,
                       form_type: bool = False, option: str | None = None) -> Roster:
    """Buy a CR upgrade for a whole type, or give it back when already bought."""
    purchases = [p for p in roster.cr_purchases
                 if not (p.type == type_id and p.upgrade == upgrade_id and p.form_type == form_type)]
    if len(purchases) == len(roster.cr_purchases):
        up = ruleset.upgrades.get(upgrade_id)
        if option is None and up is not None and up.options:
            option = up.options[0]
        purchases.append(CrPurchase(type=type_id, upgrade=upgrade_id, option=option,
                                    form_type=form_type))
    return roster.model_copy(update={"cr_purchases": purchases})


def set_cr_option(roster: Roster, type_id: str, upgrade_id: str, form_type: bool,
                  option: str | None) -> Roster:
    purchases = [p.model_copy(update={"option": option})
                 if p.type == type_id and p.upgrade == upgrade_id and p.form_type == form_type
                 else p for p in roster.cr_purchases]
    return roster.model_copy(update={"cr_purchases": purchases})


def element_findings(findings: Iterable[Finding], element_id: str) -> list[Finding]:
    return [f for f in findings if f.element == element_id]



# --- tournament rounds (OtH p.45-48) ------------------------------------------------
# A Task Force lists its elements once; each round fields some of them as a
# battlegroup with its own command and CR spending (OtH p.46), and an element
# destroyed in a round is benched for the rounds after it (OtH p.46). The command
# and CR helpers above work on a round through :func:`round_view`, a battlegroup
# made of the round's elements, command and CR purchases: it is validated by the
# same checks the validator runs on the round (OtH p.46: a round's battlegroup is
# built up to the tournament FC), so a picker and the round's findings agree.
def _with_round(roster: Roster, index: int, round_: Round) -> Roster:
    rounds = list(roster.rounds)
    rounds[index] = round_
    return roster.model_copy(update={"rounds": rounds})


def new_round_name(roster: Roster) -> str:
    """'Round N' for the next round, N the first number from the count up not yet taken."""
    names = {r.name for r in roster.rounds}
    n = len(roster.rounds) + 1
    while f"Round {n}" in names:
        n += 1
    return f"Round {n}"


def add_round(roster: Roster) -> Roster:
    """Add an empty round named 'Round N' (OtH p.46).

    It takes the previous round's kind of command, not its CHQ: each round chooses
    its CHQ again from the elements it fields (OtH p.46).
    """
    kind = roster.rounds[-1].command.kind if roster.rounds else "none"
    round_ = Round(name=new_round_name(roster), command=Command(kind=kind))
    return roster.model_copy(update={"rounds": [*roster.rounds, round_]})


def repeat_round(roster: Roster, index: int) -> Roster:
    """Add a round after the last that fields round ``index``'s battlegroup again, less every
    element benched by then (destroyed in any round so far, OtH p.46).

    Its command and CR purchases are kept; a CHQ that is benched leaves the command
    without its element, to choose again.
    """
    source = roster.rounds[index]
    gone = set(benched(roster))
    command = source.command.model_copy(deep=True)
    if command.element in gone:
        command.element = None
    round_ = Round(name=new_round_name(roster), command=command,
                   elements=[e for e in source.elements if e not in gone],
                   cr_purchases=[p.model_copy() for p in source.cr_purchases])
    return roster.model_copy(update={"rounds": [*roster.rounds, round_]})


def rename_round(roster: Roster, index: int, name: str) -> Roster:
    """Rename a round; a blank name keeps the old one, a name another round has is refused."""
    name = name.strip()
    if not name or name == roster.rounds[index].name:
        return roster
    if any(r.name == name for i, r in enumerate(roster.rounds) if i != index):
        raise ValueError(f"another round is already called {name!r}")
    return _with_round(roster, index, roster.rounds[index].model_copy(update={"name": name}))


def delete_round(roster: Roster, index: int) -> Roster:
    """Remove a round; its losses no longer bench anything in the rounds after it."""
    rounds = list(roster.rounds)
    del rounds[index]
    return roster.model_copy(update={"rounds": rounds})


def move_round(roster: Roster, index: int, offset: int) -> Roster:
    """Move a round earlier (offset < 0) or later; raises IndexError past either end.

    Benching follows the order (OtH p.46): a round moved before the round where an
    element it fields was destroyed may field it again.
    """
    target = index + offset
    if not 0 <= target < len(roster.rounds) or not 0 <= index < len(roster.rounds):
        raise IndexError(f"no round {target + 1}")
    rounds = list(roster.rounds)
    rounds.insert(target, rounds.pop(index))
    return roster.model_copy(update={"rounds": rounds})


def toggle_round_element(roster: Roster, index: int, element_id: str) -> Roster:
    """Field a Task Force element in round ``index``, or take it out (OtH p.46).

    Fielded ids keep the Task Force's order. An element taken out is no longer
    destroyed in that round, nor its CHQ (the command option is kept).
    """
    if roster.element(element_id) is None:
        raise KeyError(element_id)
    round_ = roster.rounds[index]
    if element_id in round_.elements:
        command = round_.command
        if command.element == element_id:
            command = command.model_copy(update={"element": None})
        round_ = round_.model_copy(update={
            "elements": [e for e in round_.elements if e != element_id],
            "destroyed": [e for e in round_.destroyed if e != element_id],
            "command": command})
    else:
        order = {e.id: i for i, e in enumerate(roster.elements)}
        fielded = sorted([*round_.elements, element_id], key=lambda e: order.get(e, len(order)))
        round_ = round_.model_copy(update={"elements": fielded})
    return _with_round(roster, index, round_)


def toggle_round_destroyed(roster: Roster, index: int, element_id: str) -> Roster:
    """Mark a fielded element destroyed in round ``index`` (benched later, OtH p.46), or unmark it."""
    round_ = roster.rounds[index]
    if element_id in round_.destroyed:
        destroyed = [e for e in round_.destroyed if e != element_id]
    elif element_id not in round_.elements:
        raise ValueError("only an element fielded in the round can be destroyed in it")
    else:
        destroyed = [*round_.destroyed, element_id]
    return _with_round(roster, index, round_.model_copy(update={"destroyed": destroyed}))


def benched_before(roster: Roster, index: int) -> dict[str, str]:
    """Element id → name of the earlier round it was destroyed in: benched in round ``index`` (OtH p.46)."""
    out: dict[str, str] = {}
    for round_ in roster.rounds[:index]:
        for element_id in round_.destroyed:
            out.setdefault(element_id, round_.name)
    return out


@dataclass(frozen=True)
class RoundElementRow:
    """One Task Force element as round ``index`` sees it."""

    element_id: str
    name: str
    type_name: str
    presence: int
    fc: int  #: its FC in this round (under the round's CHQ), fielded or not
    fielded: bool
    leads: bool  #: it is the round's CHQ / alpha
    destroyed: bool  #: destroyed in this round
    benched_in: str | None = None  #: the earlier round it was destroyed in (OtH p.46)

    @property
    def benched(self) -> bool:
        return self.benched_in is not None


def round_element_rows(ruleset: Ruleset, roster: Roster, index: int) -> list[RoundElementRow]:
    """Every Task Force element, in Task Force order, as round ``index`` fields it.

    ``fc`` is what the element costs in this round: a conventional CHQ changes the
    FC of other conventional types, so it is read from an analysis of the whole
    Task Force under the round's command.
    """
    round_ = roster.rounds[index]
    command = round_.command
    if command.element not in round_.elements:  # a CHQ the round does not field leads nobody
        command = command.model_copy(update={"element": None})
    analysis = analyse(roster, ruleset, command=command, cr_purchases=round_.cr_purchases,
                       mode="round")
    benched = benched_before(roster, index)
    rows = []
    for info in analysis.elements:
        element = info.element
        et = info.type
        rows.append(RoundElementRow(
            element.id, element.name, _type_label(et) if et else element.type, element.presence,
            info.fc, element.id in round_.elements, info.is_command,
            element.id in round_.destroyed, benched.get(element.id)))
    return rows


def round_view(roster: Roster, index: int) -> Roster:
    """Round ``index`` as a battlegroup of its own, for the command and CR helpers above.

    Its elements are the Task Force elements the round fields (Task Force order),
    its command and CR purchases the round's, its budget the tournament FC
    (OtH p.46). Elements are shared with ``roster``: treat the view as read-only
    and write changes back with :func:`from_round_view`.
    """
    round_ = roster.rounds[index]
    fielded = set(round_.elements)
    return roster.model_copy(update={
        "kind": "battlegroup", "elements": [e for e in roster.elements if e.id in fielded],
        "command": round_.command, "cr_purchases": list(round_.cr_purchases), "rounds": [],
        "solitaire": None})


def from_round_view(roster: Roster, index: int, view: Roster) -> Roster:
    """Write an edited round view's command and CR purchases back into round ``index``."""
    round_ = roster.rounds[index].model_copy(update={
        "command": view.command, "cr_purchases": list(view.cr_purchases)})
    return _with_round(roster, index, round_)
