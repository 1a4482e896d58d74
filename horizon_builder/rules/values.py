"""Every value in force, as a player thinks of them, with where it comes from.

Grouped as the Rules screen and ``horizon-builder rules`` show them: element types
(Presence, statline by P, pool by P, stat limits, special rules), upgrades (cost,
currency, who may take it), the CHQ cost table, the Command Resources rate and the
Intelligence Rating bands. Each says its value (empty: unknown), its source, whether
it is from a book we hold, provisional, unknown or entered by you, and the layer that
set it. A value with a ``key`` can be entered into your rulebook
(:mod:`horizon_builder.rules.personal`); :func:`parse_entry` reads what was typed.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, replace
from typing import Any, Literal

from horizon_builder.files.tomlscan import INT_RANGE, out_of_range
from horizon_builder.rules.base import RuleModel
from horizon_builder.rules.models import ElementType, Ruleset
from horizon_builder.rules.personal import ENTERED, ENTERED_FROM, ROLE
from horizon_builder.rules.walk import table_at

Kind = Literal["int", "statline", "text"]
Status = Literal["book", "provisional", "unknown", "entered"]
GROUPS = ("Element types", "Upgrades", "CHQ cost table", "Command Resources",
          "Intelligence Rating")


@dataclass(frozen=True)
class RuleValue:
    group: str
    item: str  #: "Light Cavalry", "Agile frame", "Hvy Cav CHQ"
    label: str  #: "P2 statline", "cost", "Light Infantry"
    value: str  #: as shown; "" when unknown
    source: str
    status: Status
    layer: str  #: "book data", or the layer that set it ("my-rules.toml #1a2b3c4d")
    key: tuple[str, ...] | None = None  #: where your rulebook writes it (None: view only)
    kind: Kind = "text"
    stats: tuple[str, ...] = ()  #: a statline's stats, in order
    source_at: int | None = None  #: the table whose ``source`` an entry sets (key[:n])

    @property
    def editable(self) -> bool:
        return self.key is not None

    @property
    def needs_entry(self) -> bool:
        return self.status in ("unknown", "provisional")


def _personal(rs: Ruleset) -> frozenset[str]:
    """The labels of your rulebook's layers: a value one of them set is entered by you."""
    labels = [layer.label for layer in rs.rules_layers if layer.role == ROLE]
    return frozenset([*labels, *(f"{ENTERED_FROM} {label}" for label in labels)])


def _status(item: RuleModel | None, unknown: bool, mine: frozenset[str] = frozenset()
            ) -> tuple[Status, str, str]:
    if unknown:
        status: Status = "unknown"
    elif item is not None and (item.changed_by in mine
                               or (item.source or "").startswith(ENTERED)):
        status = "entered"
    elif item is not None and item.is_provisional:
        status = "provisional"
    else:
        status = "book"
    source = (item.source or "") if item is not None else ""
    layer = (item.changed_by or "book data") if item is not None else "book data"
    return status, source or ("not available" if unknown else ""), layer


def rule_values(ruleset: Ruleset) -> list[RuleValue]:
    """Every value in force, grouped (see :data:`GROUPS`)."""
    values = [*_element_types(ruleset), *_upgrades(ruleset), *_chq_table(ruleset),
              *_command_resources(ruleset), *_intelligence(ruleset)]
    if not any(layer.role == ROLE for layer in ruleset.rules_layers):
        return values
    entered = {key for layer in ruleset.rules_layers if layer.role == ROLE
               for key in layer.entered}
    return [_entered_or_not(ruleset, v, entered) for v in values]


def _entered_or_not(ruleset: Ruleset, v: RuleValue, entered: set[str]) -> RuleValue:
    """A value that can be entered is "entered" when your rulebook entered it, not because
    its table's source says so (a pool with one Presence entered: the others are what the
    book data says)."""
    if v.key is None:
        return v
    if ".".join(v.key) in entered:
        return replace(v, status="entered")
    if v.status != "entered":
        return v
    table = table_at(ruleset, v.key)
    return replace(v, status="provisional" if table is not None and table.is_provisional
                   else "book")


def _element_types(rs: Ruleset) -> Iterator[RuleValue]:
    mine = _personal(rs)
    group = "Element types"
    for type_id, et in rs.element_types.items():
        name = et.name
        presences = _presences(et)
        status, source, layer = _status(et.presence, False, mine)
        top = "+" if et.presence.max is None else f"-{et.presence.max}"
        yield RuleValue(group, name, "Presence", f"P{et.presence.min}{top}", source, status, layer)
        if et.pool is not None:
            for p in sorted(set(et.pool.points) | set(presences)):
                points, beyond = et.pool.points_for(p)
                status, source, layer = _status(et.pool, points is None, mine)
                yield RuleValue(group, name, f"pool P{p}" + (" (beyond the table)" if beyond else ""),
                                "" if points is None else str(points), source, status, layer,
                                ("element_types", type_id, "pool", "points", str(p)), "int",
                                source_at=3)
        elif et.stats:  # a fixed statline (an asset has none)
            for p in presences:
                line = et.statlines.get(p)
                status, source, layer = _status(line if line is not None else et, line is None, mine)
                text = " ".join(f"{s}{line.stats[s]}" for s in et.stats if s in line.stats) \
                    if line is not None else ""
                yield RuleValue(group, name, f"P{p} statline", text, source, status, layer,
                                ("element_types", type_id, "statlines", str(p), "stats"),
                                "statline", tuple(et.stats), source_at=4)
        for limit in et.stat_limits:
            bounds = " ".join(x for x in (f"min {limit.min}" if limit.min is not None else "",
                                          f"max {limit.max}" if limit.max is not None else "") if x)
            status, source, layer = _status(limit, False, mine)
            yield RuleValue(group, name, f"{limit.stat} limit from P{limit.from_presence}", bounds,
                            source, status, layer)
        if et.special_rules:
            status, source, layer = _status(et, False, mine)
            yield RuleValue(group, name, "special rules",
                            ", ".join(rs.rule_name(r) for r in et.special_rules), source, status,
                            layer)


def _presences(et: ElementType) -> list[int]:
    top = et.presence.max if et.presence.max is not None else (et.presence.table_max or et.presence.min)
    return list(range(et.presence.min, max(top, et.presence.min) + 1))


def _upgrades(rs: Ruleset) -> Iterator[RuleValue]:
    mine = _personal(rs)
    group = "Upgrades"
    for up_id, up in rs.upgrades.items():
        if up.kind in ("weird_command", "asset_option"):
            continue
        status, source, layer = _status(up, up.cost is None and up.currency != "free", mine)
        yield RuleValue(group, up.name, "cost", "" if up.cost is None else str(up.cost), source,
                        status, layer, ("upgrades", up_id, "cost"), "int", source_at=2)
        if up.currency == "points_or_cr":
            status, source, layer = _status(up, up.cost_cr is None, mine)
            yield RuleValue(group, up.name, "cost in CR", "" if up.cost_cr is None
                            else str(up.cost_cr), source, status, layer,
                            ("upgrades", up_id, "cost_cr"), "int", source_at=2)
        status, source, layer = _status(up, False, mine)
        who = ", ".join(up.eligible) if up.eligible else "any element"
        yield RuleValue(group, up.name, "paid with / who may take it",
                        f"{up.currency.replace('_', ' ')}; {who}", source, status, layer)


def _chq_table(rs: Ruleset) -> Iterator[RuleValue]:
    mine = _personal(rs)
    conventional = [t for t, et in rs.element_types.items() if et.category == "conventional"]
    for chq, et in rs.element_types.items():
        if et.chq != "conventional" or et.category != "conventional":
            continue
        row = rs.chq_cost_table.get(chq)
        for other in conventional:
            if other == chq:
                continue
            known = row is not None and (other in row.modifiers or row.complete)
            change = row.modifiers.get(other, 0) if row is not None else 0
            status, source, layer = _status(row, not known, mine)
            yield RuleValue("CHQ cost table", f"{et.short or et.name} CHQ",
                            rs.element_types[other].name, f"{change:+d}" if known else "",
                            source, status, layer, ("chq_cost_table", chq, "modifiers", other),
                            "int", source_at=2)


def _command_resources(rs: Ruleset) -> Iterator[RuleValue]:
    mine = _personal(rs)
    rule = rs.command_resources
    status, source, layer = _status(rule, False, mine)
    yield RuleValue("Command Resources", "Command Resources", "conventional elements per CR",
                    str(rule.per_elements), source, status, layer,
                    ("command_resources", "per_elements"), "int", source_at=1)


def _intelligence(rs: Ruleset) -> Iterator[RuleValue]:
    mine = _personal(rs)
    if rs.intelligence is None:
        return
    for band in rs.intelligence.bands:
        status, source, layer = _status(band, False, mine)
        top = "and above" if band.max is None else f"up to {band.max:+d}"
        yield RuleValue("Intelligence Rating", band.quality, top, band.effect, source, status,
                        layer)


_STAT = re.compile(r"([A-Za-z]+)\s*=?\s*(-?\d+)")


def parse_entry(value: RuleValue, text: str) -> Any:
    """What was typed for ``value``, as the rules file holds it; ValueError says what is wrong.
    Empty text removes an entry (the value goes back to what the book data says)."""
    text = text.strip()
    if not text:
        return None
    if value.kind == "int":
        if not re.fullmatch(r"[+-]?[0-9]+", text):
            shown = text if len(text) <= 20 else text[:20] + "..."
            raise ValueError(f"{value.label}: type a whole number, not {shown!r}")
        return _whole(text)
    if value.kind == "statline":
        named = _STAT.findall(text)
        if named and all(s in value.stats for s, _ in named):
            stats = {s: _whole(n) for s, n in named}
        else:
            numbers = re.findall(r"-?\d+", text)
            if len(numbers) != len(value.stats):
                raise ValueError(f"type {len(value.stats)} numbers ({' '.join(value.stats)}), "
                                 f"or e.g. {' '.join(f'{s}3' for s in value.stats)}")
            stats = dict(zip(value.stats, map(_whole, numbers), strict=True))
        missing = [s for s in value.stats if s not in stats]
        if missing:
            raise ValueError(f"{', '.join(missing)} missing")
        return stats
    raise ValueError(f"{value.label} is shown, not entered here")


def _whole(text: str) -> int:
    """Digits typed as a whole number a rules file can hold (ValueError: too many digits)."""
    digits = len(text.lstrip("+-").lstrip("0"))
    number = int(text) if digits <= 19 else None  # never Python's limit of 4,300 digits
    if number is None or not INT_RANGE[0] <= number <= INT_RANGE[1]:
        raise ValueError(out_of_range(digits))
    return number


def changes(before: list[RuleValue], after: list[RuleValue]) -> list[tuple[RuleValue, RuleValue]]:
    """The values that differ (value or source), old and new, for a preview."""
    old = {(v.group, v.item, v.label): v for v in before}
    out = []
    for new in after:
        was = old.get((new.group, new.item, new.label))
        if was is not None and (was.value, was.source) != (new.value, new.source):
            out.append((was, new))
    return out
