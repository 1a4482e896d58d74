"""Command Resources bought for a whole element type (OtH p.24): picker rows and pure edits."""

from __future__ import annotations

from dataclasses import dataclass

from horizon_builder.checks import validate
from horizon_builder.editing.common import COMMAND_KINDS, _enabled, _era_bars, _error_keys, new_errors
from horizon_builder.engine.analysis import Analysis
from horizon_builder.roster.models import (
    CrPurchase,
    Roster,
)
from horizon_builder.rules.models import Ruleset, Upgrade


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
    return roster.model_copy(update={"cr_purchases": tuple(purchases)})


def set_cr_option(roster: Roster, type_id: str, upgrade_id: str, form_type: bool,
                  option: str | None) -> Roster:
    purchases = [p.model_copy(update={"option": option})
                 if p.type == type_id and p.upgrade == upgrade_id and p.form_type == form_type
                 else p for p in roster.cr_purchases]
    return roster.model_copy(update={"cr_purchases": tuple(purchases)})


