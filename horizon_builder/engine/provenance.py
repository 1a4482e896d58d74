"""What a force's verdict rests on: provisional values and values changed by a layer beyond
the book data, read off its analysis (for :class:`~horizon_builder.engine.validator.Report`)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from horizon_builder.engine.analysis import Analysis, ElementInfo
from horizon_builder.rules.base import RuleModel
from horizon_builder.rules.event import CHOSEN_BY
from horizon_builder.rules.personal import ENTERED_FROM


def provisional_values(analysis: Analysis) -> list[str]:
    """What provisional (not book-read) values this force's totals and checks rested on.

    A verdict can rest on a provisional value without any finding saying so: a
    mech that fits an inferred pool is "legal" only as far as that pool is right.
    """
    used = {v for info in analysis.elements for v in _element_provisional(analysis, info)}
    option = analysis.command_option
    if option is not None and option.is_provisional:
        used.add(f"{option.name} ({option.source})")
    if analysis.cr_available or analysis.cr_spent:
        rule = analysis.ruleset.command_resources
        if rule.is_provisional:
            used.add(f"Command Resources rate ({rule.source})")
    return sorted(used)


def _element_provisional(analysis: Analysis, info: ElementInfo) -> frozenset[str]:
    """The provisional values one element rests on ."""
    used: set[str] = set()
    for line in (info.base, *info.forms):
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
    return frozenset(used)


def changed_values(analysis: Analysis) -> list[str]:
    """The values this force's totals and checks used that a layer beyond the shipped book
    data changed (a roster's house rules, ``--ruleset``, an event preset), each with that
    layer's name and short hash: a verdict says what it rests on."""
    used = {v for info in analysis.elements for v in _element_changed(analysis, info)}
    used.update(_changed(_force_values_used(analysis), _entered_only(analysis), False))
    return sorted(used)


def entered_values(analysis: Analysis) -> list[str]:
    """The core values this force's totals and checks used that your rulebook entered (values
    the book data does not know: not house rules), each with its source."""
    used = {v for info in analysis.elements for v in _element_entered(analysis, info)}
    used.update(_changed(_force_values_used(analysis), _entered_only(analysis), True))
    return sorted(used)


def _entered_only(analysis: Analysis) -> frozenset[str]:
    """The labels of the layers that only enter core values (your rulebook, not beyond the
    book)."""
    return frozenset(f"{ENTERED_FROM} {layer.label}" for layer in analysis.ruleset.rules_layers
                     if not layer.beyond_book)


def _changed(values: Iterable[tuple[str, RuleModel]], entered: frozenset[str],
             want_entered: bool) -> Iterator[str]:
    for label, item in values:
        if (not item.changed_by or (item.changed_by in entered) != want_entered
                or item.changed_by.startswith(f"{CHOSEN_BY} ")):  # an event's choice: the book's
            continue
        how = "entered from" if want_entered else "changed by"
        yield f"{label} ({item.source + '; ' if item.source else ''}{how} {item.changed_by})"


def _element_changed(analysis: Analysis, info: ElementInfo) -> frozenset[str]:
    """The changed values one element's statlines read ."""
    return frozenset(_changed(_element_values_used(info), _entered_only(analysis), False))


def _element_entered(analysis: Analysis, info: ElementInfo) -> frozenset[str]:
    """The entered values one element's statlines read ."""
    return frozenset(_changed(_element_values_used(info), _entered_only(analysis), True))


def _element_values_used(info: ElementInfo) -> Iterator[tuple[str, RuleModel]]:
    """Every rule table one element's statlines read, with a name for it."""
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


def _force_values_used(analysis: Analysis) -> Iterator[tuple[str, RuleModel]]:
    """Every rule table the force-wide totals and checks read, with a name for it."""
    rs = analysis.ruleset
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
