"""Adding elements and pure edits of one element: defaults, name, Presence, stats."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from horizon_builder.editing.common import (
    PRESENCE_MAX,
    STAT_MAX,
    _enabled,
    _era_bars,
    _type_label,
    _update_line,
    p_range_text,
    replace_element,
)
from horizon_builder.engine.analysis import statline_info
from horizon_builder.roster.models import (
    Command,
    Element,
    Form,
    Roster,
    UpgradeChoice,
)
from horizon_builder.rules.models import CATEGORIES, ElementType, Ruleset


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
    names = up.eligible_types
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
                       have: Sequence[UpgradeChoice]) -> list[UpgradeChoice]:
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
                  upgrades: Sequence[UpgradeChoice]) -> dict[str, int]:
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


# --- pure edits on one element -----------------------------------------------------
def set_name(element: Element, name: str) -> Element:
    """Rename; a blank name keeps the old one."""
    return element.model_copy(update={"name": name.strip() or element.name})


def set_presence(ruleset: Ruleset, element: Element, presence: int,
                 form_index: int | None = None) -> Element:
    """Change P; a published statline follows the new P when the stats were the old one's."""
    target: Element | Form = element if form_index is None else element.forms[form_index]
    presence = max(0, min(PRESENCE_MAX, presence))
    changes: dict[str, Any] = {"presence": presence}
    et = ruleset.element_types.get(target.type)
    if et is not None:
        old_line = et.statlines.get(target.presence)
        new_line = et.statlines.get(presence)
        if new_line is not None and (not target.stats or (
                old_line is not None and target.stats == old_line.stats)):
            changes["stats"] = dict(new_line.stats)
    return _update_line(element, form_index, **changes)


def set_stat(element: Element, stat: str, value: int | None,
             form_index: int | None = None) -> Element:
    """Set one stat (clamped to what a roster holds); None clears an optional stat."""
    target: Element | Form = element if form_index is None else element.forms[form_index]
    stats = {k: v for k, v in target.stats.items() if k != stat}
    if value is not None:
        stats[stat] = max(0, min(STAT_MAX, value))
        stats = {k: stats[k] for k in [*target.stats, stat] if k in stats}  # keep the order
    return _update_line(element, form_index, stats=stats)


# --- roster edits on whole elements -----------------------------------------------

def _index(roster: Roster, element_id: str) -> int:
    for index, element in enumerate(roster.elements):
        if element.id == element_id:
            return index
    raise KeyError(element_id)


def change_element(roster: Roster, element_id: str,
                   change: Callable[[Element], Element]) -> Roster:
    """``roster`` with one element replaced by ``change(element)``; raises KeyError if absent."""
    return replace_element(roster, change(roster.elements[_index(roster, element_id)]))


def fc_if_added(ruleset: Ruleset, roster: Roster, element: Element) -> int:
    """The element's FC once in this force: under its CHQ's cost table (OtH p.62)."""
    from horizon_builder.engine.analysis import analyse

    trial = add_element(roster, element)
    return analyse(trial, ruleset).by_id[element.id].fc


def add_element(roster: Roster, element: Element) -> Roster:
    """``roster`` with ``element`` added at the end."""
    return roster.model_copy(update={"elements": (*roster.elements, element)})


def duplicate_element(roster: Roster, element_id: str, count: int = 1) -> tuple[Roster, str]:
    """Insert ``count`` copies of an element just below it; returns the new roster and the
    last copy's id. Each copy has a new id, the next free number of the name ("Mech 2" →
    "Mech 3", "Warden" → "Warden 2"), and is not the CHQ."""
    if not 1 <= count <= 50:
        raise ValueError("make 1 to 50 copies at a time")
    index = _index(roster, element_id)
    original = roster.elements[index]
    copies: list[Element] = []
    for _ in range(count):
        taken = roster.model_copy(update={"elements": (*roster.elements, *copies)})
        copies.append(original.model_copy(update={"id": taken.new_element_id(),
                                                  "name": taken.next_copy_name(original.name)}))
    elements = (*roster.elements[: index + 1], *copies, *roster.elements[index + 1:])
    return roster.model_copy(update={"elements": elements}), copies[-1].id


def delete_element(roster: Roster, element_id: str) -> Roster:
    """Remove an element and every reference to it (command, carrier, rounds)."""
    index = _index(roster, element_id)

    def command(cmd: Command) -> Command:
        return cmd.model_copy(update={"element": None}) if cmd.element == element_id else cmd

    elements = tuple(
        e.model_copy(update={"carried_by": None}) if e.carried_by == element_id else e
        for i, e in enumerate(roster.elements) if i != index)
    rounds = tuple(r.model_copy(update={
        "command": command(r.command),
        "elements": tuple(e for e in r.elements if e != element_id),
        "destroyed": tuple(e for e in r.destroyed if e != element_id)}) for r in roster.rounds)
    return roster.model_copy(update={"elements": elements, "command": command(roster.command),
                                     "rounds": rounds})


def move_element(roster: Roster, element_id: str, offset: int) -> Roster:
    """Move an element up (offset < 0) or down; raises IndexError past either end."""
    index = _index(roster, element_id)
    target = index + offset
    if not 0 <= target < len(roster.elements):
        raise IndexError(f"no place {target + 1} in the list")
    elements = list(roster.elements)
    elements.insert(target, elements.pop(index))
    return roster.model_copy(update={"elements": tuple(elements)})
