"""The upgrade picker of one statline, and the pure edits that take or drop upgrades."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from horizon_builder.editing.common import (
    COMMAND_KINDS,
    KIND_LABELS,
    _choices,
    _enabled,
    _era_bars,
    _error_keys,
    _line,
    _strip_name,
    _supplement_name,
    _type_label,
    _update_line,
    _with_element,
    new_errors,
)
from horizon_builder.engine.analysis import Analysis, StatlineInfo, statline_info
from horizon_builder.engine.validator import validate
from horizon_builder.roster.models import (
    Element,
    UpgradeChoice,
)
from horizon_builder.rules.models import Ruleset, Upgrade


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


def add_upgrade(ruleset: Ruleset, element: Element, upgrade_id: str,
                form_index: int | None = None, option: str | None = None) -> Element:
    """Take one more copy (a new choice gets ``option`` or the upgrade's first option)."""
    choices = _choices(element, form_index)
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
