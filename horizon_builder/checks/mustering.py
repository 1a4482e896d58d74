"""Core mustering rules: Presence, statlines and pools, upgrades, Force Cost, command, CR.

The core rulebook's tables are not available to us (shared/RULES.md §0): checks
that rest on its values cite the data's own source and are marked provisional.
"""

from __future__ import annotations

from collections.abc import Iterator

from horizon_builder.checks.common import about, cite, eligible_names, plural
from horizon_builder.engine.analysis import Analysis, ElementInfo, StatlineInfo
from horizon_builder.engine.findings import Finding
from horizon_builder.engine.validator import check

CHAPTER = "Mustering (core)"


def _statlines(info: ElementInfo) -> Iterator[tuple[StatlineInfo, str, str]]:
    """The baseform and each metaform, with a label and the field prefix to edit."""
    yield info.base, "", ""
    for index, form in enumerate(info.forms):
        label = info.element.forms[index].name or (form.type.name if form.type else form.type_id)
        yield form, f"{label} form: ", f"forms[{index + 1}]."


@check(CHAPTER)
def presence_in_range(a: Analysis) -> Iterator[Finding]:
    """Each element's P must be one its type allows; beyond the published table is flagged."""
    for info in a.elements:
        for line, label, prefix in _statlines(info):
            et = line.type
            if et is None:
                continue
            rng = et.presence
            p = line.presence
            if p < rng.min or (rng.max is not None and p > rng.max):
                allowed = f"{rng.min}" if rng.max == rng.min else (
                    f"{rng.min}-{rng.max}" if rng.max is not None else f"{rng.min} or more")
                yield about(info, "error", "presence-out-of-range",
                            f"{label}a {et.name} must have P {allowed}, not P{p}",
                            cite(rng, "core"), f"{prefix}presence", rng.is_provisional)
            elif rng.table_max is not None and p > rng.table_max:
                yield about(info, "warning", "presence-beyond-table",
                            f"{label}P{p} is beyond the published table (P{rng.table_max}); "
                            "its pool follows the book's pattern",
                            cite(rng, "OtH p.9"), f"{prefix}presence")


@check(CHAPTER)
def statline_complete(a: Analysis) -> Iterator[Finding]:
    """Every stat of the type must be set."""
    for info in a.elements:
        for line, label, prefix in _statlines(info):
            if line.type is None:
                continue
            missing = [s for s in line.type.stats if s not in line.stats]
            if missing:
                yield about(info, "error", "stat-missing",
                            f"{label}{', '.join(missing)} not set", cite(line.type, "core"),
                            f"{prefix}stats.{missing[0]}")


@check(CHAPTER)
def stat_limits(a: Analysis) -> Iterator[Finding]:
    """Per-type minimum and maximum stats (supermech M ≥ 4, superflyer F ≤ 10 ...)."""
    for info in a.elements:
        for line, label, prefix in _statlines(info):
            if line.type is None:
                continue
            for limit in line.type.stat_limits:
                if not limit.applies(line.presence) or limit.stat not in line.stats:
                    continue
                value = line.stats[limit.stat]
                if limit.min is not None and value < limit.min:
                    yield about(info, "error", "stat-below-minimum",
                                f"{label}{limit.stat} {value} is below the {line.type.name} "
                                f"minimum of {limit.min}", cite(limit, "core"),
                                f"{prefix}stats.{limit.stat}", limit.is_provisional)
                if limit.max is not None and value > limit.max:
                    yield about(info, "error", "stat-above-maximum",
                                f"{label}{limit.stat} {value} is above the {line.type.name} "
                                f"maximum of {limit.max}", cite(limit, "core"),
                                f"{prefix}stats.{limit.stat}", limit.is_provisional)


@check(CHAPTER)
def stat_pool(a: Analysis) -> Iterator[Finding]:
    """Stats and point-paid upgrades must fit the pool for the element's P."""
    for info in a.elements:
        for line, label, prefix in _statlines(info):
            et = line.type
            if et is None or et.pool is None:
                continue
            pool = et.pool
            rng = et.presence
            if line.pool is None and (line.presence < rng.min
                                      or (rng.max is not None and line.presence > rng.max)):
                continue  # the Presence itself is the error (presence_in_range)
            if line.pool is None:
                yield about(info, "warning", "pool-unknown",
                            f"{label}no stat pool is known for a P{line.presence} {et.name}",
                            cite(pool, "core"), f"{prefix}presence", True)
                continue
            if line.unknown_costs:
                unknown = ", ".join(a.ruleset.upgrades[u].name for u in line.unknown_costs)
                yield about(info, "warning", "upgrade-cost-unknown",
                            f"{label}cost of {unknown} is not known; "
                            "the pool check leaves it out",
                            "core (cost table not available)", f"{prefix}upgrades", True)
            spent, total = line.points_spent, line.pool
            if spent > total:
                yield about(info, "error", "pool-overspent",
                            f"{label}spends {spent} of {total} stat points "
                            f"({plural(spent - total, 'point')} over)",
                            cite(pool, "core"), f"{prefix}stats", pool.is_provisional)
            elif spent < total and not line.unknown_costs:
                yield about(info, "info", "pool-unspent",
                            f"{label}{plural(total - spent, 'stat point')} unspent "
                            f"({spent}/{total})", cite(pool, "core"), f"{prefix}stats",
                            pool.is_provisional)


@check(CHAPTER)
def fixed_statline(a: Analysis) -> Iterator[Finding]:
    """Types with a known fixed statline should match it; unknown ones are said to be unchecked."""
    unchecked: dict[str, ElementInfo] = {}
    for info in a.elements:
        for line, label, prefix in _statlines(info):
            et = line.type
            if et is None or et.pool is not None or not et.stats:
                continue
            known = et.statlines.get(line.presence)
            if known is None:
                unchecked.setdefault(line.type_id, info)
                continue
            differs = [s for s, v in known.stats.items() if line.stats.get(s, v) != v]
            if differs:
                expected = " ".join(f"{s}{v}" for s, v in known.stats.items())
                yield about(info, "warning", "statline-differs",
                            f"{label}{et.name} P{line.presence} is published as {expected}",
                            cite(known, "core"), f"{prefix}stats.{differs[0]}",
                            known.is_provisional)
    if unchecked:
        # One note for the force, naming every such type (one per type was noise).
        names = ", ".join(a.ruleset.element_types[t].name for t in unchecked)
        only = next(iter(unchecked.values())) if len(unchecked) == 1 else None
        yield Finding("info", "statline-unchecked",
                      f"Statlines not checked for {names}: the core mustering table is not "
                      "available to us (enter them from your rulebook in an overrides file)",
                      "core (not available)", only.id if only else None,
                      only.element.name if only else None, "stats", True)


@check(CHAPTER)
def type_limit_per_force(a: Analysis) -> Iterator[Finding]:
    for type_id, count in a.type_counts.items():
        et = a.ruleset.element_types.get(type_id)
        if et is not None and et.max_per_force is not None and count > et.max_per_force:
            yield Finding("error", "type-over-limit",
                          f"{count} × {et.name}; a force may have at most {et.max_per_force}",
                          cite(et, "core"), field="elements")


@check(CHAPTER, applies_to=("battlegroup", "round"))
def force_cost_budget(a: Analysis) -> Iterator[Finding]:
    """The battlegroup's Force Cost may not exceed the agreed FC."""
    fc = sum(info.fc for info in a.elements)
    if fc > a.roster.force_cost:
        provisional = any(info.fc_provisional for info in a.elements)
        yield Finding("error", "fc-over-budget",
                      f"Force Cost {fc} is over the budget of {a.roster.force_cost} "
                      f"by {fc - a.roster.force_cost}", "core: FC budget", field="force_cost",
                      provisional=provisional)


@check(CHAPTER, applies_to=("battlegroup", "round"))
def chq_cost_unknown(a: Analysis) -> Iterator[Finding]:
    """Say where a CHQ's effect on a type's FC is not known."""
    seen: dict[str, ElementInfo] = {}
    for info in a.elements:
        unknown = any("unknown" in note for note in info.fc_notes)
        if unknown and not info.is_command and info.element.type not in seen:
            seen[info.element.type] = info
    if seen:
        # One note for the force, naming every such type.
        names = ", ".join(i.type.name if i.type else t for t, i in seen.items())
        only = next(iter(seen.values())) if len(seen) == 1 else None
        yield Finding("info", "chq-cost-unknown",
                      f"How this CHQ changes the FC of {names} is not known (core CHQ table "
                      "not available): counted at P; check your rulebook",
                      "core, reported (OtH p.62)", only.id if only else None,
                      only.element.name if only else None, "presence", True)


@check(CHAPTER, applies_to=("battlegroup", "round"))
def command_choice(a: Analysis) -> Iterator[Finding]:
    """A battlegroup names its command; a CHQ must be an element of a type that may lead."""
    cmd, option = a.command, a.command_option
    if cmd.kind == "none":
        if a.elements:
            yield Finding("warning", "command-missing",
                          "No command chosen: pick a CHQ (or another command option)",
                          "core: CHQ", field="command")
        return
    if option is None:
        return  # unknown kinds are load errors; nothing more to say here
    if not option.needs_element:
        if cmd.element is not None:
            yield Finding("warning", "command-element-ignored",
                          f"{option.name} has no element; the chosen element is ignored",
                          cite(option, "core"), field="command")
        return
    if cmd.element is None:
        yield Finding("error", "command-element-missing",
                      f"{option.name}: choose which element it is", cite(option, "core"),
                      field="command")
        return
    info = a.by_id.get(cmd.element)
    if info is None:
        yield Finding("error", "command-element-missing",
                      f"{option.name}: element {cmd.element!r} is not in this battlegroup",
                      cite(option, "core"), field="command")
        return
    et = info.type
    if et is None:
        return
    wanted = option.element_chq
    ok = (
        (wanted in ("conventional", "mech") and et.chq == wanted)
        or (wanted == "any" and et.chq is not None)
        or (wanted is None and not option.eligible)
    )
    if option.eligible:
        ok = a.ruleset.matches(info.element.type, option.eligible)
    if not ok:
        yield about(info, "error", "command-element-ineligible",
                    f"a {et.name} cannot be the {option.name}"
                    + (" (choose a Mech CHQ)" if et.chq == "mech" and wanted == "conventional"
                       else ""), cite(option, "core"), "command",
                    option.is_provisional)


@check(CHAPTER, applies_to=("battlegroup", "round"))
def command_resources(a: Analysis) -> Iterator[Finding]:
    """CR spent may not exceed CR available; type-wide purchases apply to every element."""
    cr_rule = a.ruleset.command_resources
    if a.cr_spent > a.cr_available:
        yield Finding("error", "cr-overspent",
                      f"{a.cr_spent} Command Resources spent but only {a.cr_available} available "
                      f"({a.cr_counted_elements} conventional elements, 1 CR per "
                      f"{cr_rule.per_elements})",
                      cite(cr_rule, "core"), field="cr_purchases", provisional=cr_rule.is_provisional)
    present = {info.element.type for info in a.elements}
    form_types = {f.type for info in a.elements for f in info.element.forms}
    for purchase in a.cr_purchases:
        upgrade = a.ruleset.upgrades.get(purchase.upgrade)
        et = a.ruleset.element_types.get(purchase.type)
        if upgrade is None or et is None:
            continue
        pool = form_types if purchase.form_type else present
        if purchase.type not in pool:
            yield Finding("warning", "cr-purchase-unused",
                          f"CR bought {upgrade.name} for {et.name}, but there is none",
                          cite(upgrade, "core"), field="cr_purchases")
        names = [n for n in upgrade.eligible if n != "chq"]
        if names and not a.ruleset.matches(purchase.type, names):
            yield Finding("error", "upgrade-not-eligible",
                          f"CR purchase: {et.name} may not take {upgrade.name} (only "
                          f"{eligible_names(a.ruleset, names)}): remove the purchase",
                          cite(upgrade, "core"), field="cr_purchases")
        if upgrade.options and purchase.option is None:
            yield Finding("error", "upgrade-option-missing",
                          f"CR purchase: {upgrade.name} for {et.name}: choose one of "
                          f"{', '.join(upgrade.options)}", cite(upgrade, "core"),
                          field="cr_purchases")
