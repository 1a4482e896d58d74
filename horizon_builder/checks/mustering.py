"""Core mustering rules: Presence, statlines and pools, upgrades, Force Cost, command, CR.

The core rulebook's tables are not available to us (shared/RULES.md §0): checks
that rest on its values cite the data's own source and are marked provisional.
The rules about upgrades on a statline are statline rules (see
:mod:`horizon_builder.checks.common`): the upgrade picker asks the same ones.
"""

from __future__ import annotations

from collections.abc import Iterator

from horizon_builder.checks.common import (
    StatlineAsk,
    about,
    cite,
    cite_within,
    derived,
    element_findings,
    eligible_names,
    first_places,
    one_note,
    per_element,
    plural,
    statline_rule,
)
from horizon_builder.checks.published import statline_differs, statline_unchecked
from horizon_builder.engine.analysis import (
    Analysis,
    ElementInfo,
    UpgradeCost,
    form_types_of,
    free_upgrades_granted,
)
from horizon_builder.engine.findings import Finding, Reason
from horizon_builder.engine.payment import (
    ACCEPTS,
    FREE_KIND,
    PAYMENT_RULES,
    PAYMENT_WORDS,
    payment_options,
    why_not,
)
from horizon_builder.engine.registry import check
from horizon_builder.text.words import with_article

CHAPTER = "Mustering (core)"


@statline_rule(CHAPTER)
def presence_in_range(ask: StatlineAsk) -> Iterator[Reason]:
    """Each statline's P must be one its type allows; beyond the published table is flagged."""
    et, p, label, prefix = ask.line.type, ask.line.presence, ask.label, ask.prefix
    if et is None:
        return
    rng = et.presence
    if p < rng.min or (rng.max is not None and p > rng.max):
        allowed = f"{rng.min}" if rng.max == rng.min else (
            f"{rng.min}-{rng.max}" if rng.max is not None else f"{rng.min} or more")
        yield Reason("presence-out-of-range",
                     f"{label}{with_article(et.name)} must have P {allowed}, not P{p}",
                     f"P {allowed} only", cite(rng, "core"), f"{prefix}presence",
                     rng.is_provisional)
    elif rng.table_max is not None and p > rng.table_max:
        yield Reason("presence-beyond-table",
                     f"{label}P{p} is beyond the published table (P{rng.table_max}); "
                     "its pool follows the book's pattern", "beyond the published table",
                     cite(rng, "OtH p.9"), f"{prefix}presence", severity="warning")


@statline_rule(CHAPTER)
def statline_complete(ask: StatlineAsk) -> Iterator[Reason]:
    """Every stat of the type must be set. A fixed statline nobody knows yet (the core book's
    tables are not available: RULES.md §0) is only "not entered": a warning, so a list's
    legality never rests on it; the player enters it once (Rules screen, or on the element)."""
    et = ask.line.type
    missing = [s for s in et.stats if s not in ask.line.stats] if et is not None else []
    if et is not None and missing and et.pool is None and ask.line.presence not in et.statlines:
        yield Reason("stat-not-entered",
                     f"{ask.label}{et.name} P{ask.line.presence} statline not entered "
                     f"({', '.join(missing)}): enter it once from your rulebook (Rules screen), "
                     "or on this element; printed rosters leave it blank",
                     "statline not entered", cite(et, "core (not available)"),
                     f"{ask.prefix}stats.{missing[0]}", True, severity="warning")
    elif et is not None and missing:
        yield Reason("stat-missing", f"{ask.label}{', '.join(missing)} not set",
                     f"{', '.join(missing)} not set", cite(et, "core"),
                     f"{ask.prefix}stats.{missing[0]}")


@statline_rule(CHAPTER)
def stat_limits(ask: StatlineAsk) -> Iterator[Reason]:
    """Per-type minimum and maximum stats (supermech M ≥ 4, superflyer F ≤ 10 ...)."""
    line, label, prefix = ask.line, ask.label, ask.prefix
    et = line.type
    if et is None:
        return
    for limit in et.stat_limits:
        if not limit.applies(line.presence) or limit.stat not in line.stats:
            continue
        value, field = line.stats[limit.stat], f"{prefix}stats.{limit.stat}"
        if limit.min is not None and value < limit.min:
            yield Reason("stat-below-minimum", f"{label}{limit.stat} {value} is below the "
                         f"{et.name} minimum of {limit.min}", f"{limit.stat} at least {limit.min}",
                         cite(limit, "core"), field, limit.is_provisional)
        if limit.max is not None and value > limit.max:
            yield Reason("stat-above-maximum", f"{label}{limit.stat} {value} is above the "
                         f"{et.name} maximum of {limit.max}", f"{limit.stat} at most {limit.max}",
                         cite(limit, "core"), field, limit.is_provisional)


@statline_rule(CHAPTER)
def stat_pool(ask: StatlineAsk) -> Iterator[Reason]:
    """Stats and point-paid upgrades must fit the pool for the statline's P."""
    line, label, prefix = ask.line, ask.label, ask.prefix
    et = line.type
    if et is None or et.pool is None:
        return
    pool, rng = et.pool, et.presence
    if line.pool is None and (line.presence < rng.min
                              or (rng.max is not None and line.presence > rng.max)):
        return  # the Presence itself is the error (presence_in_range)
    if line.pool is None:
        yield Reason("pool-unknown", f"{label}no stat pool is known for a P{line.presence} "
                     f"{et.name}", "pool unknown", cite(pool, "core"), f"{prefix}presence", True,
                     severity="warning")
        return
    if line.unknown_costs:
        unknown = ", ".join(ask.ruleset.upgrades[u].name for u in line.unknown_costs)
        yield Reason("upgrade-cost-unknown", f"{label}cost of {unknown} is not known; "
                     "the pool check leaves it out", "cost unknown",
                     "core (cost table not available)", f"{prefix}upgrades", True,
                     severity="warning")
    spent, total = line.points_spent, line.pool
    if spent > total:
        yield Reason("pool-overspent", f"{label}spends {spent} of {total} stat points "
                     f"({plural(spent - total, 'point')} over)",
                     f"needs {plural(spent - total, 'more pt')}",
                     cite(pool, "core"), f"{prefix}stats", pool.is_provisional)
    elif spent < total and not line.unknown_costs:
        yield Reason("pool-unspent", f"{label}{plural(total - spent, 'stat point')} unspent "
                     f"({spent}/{total})", "points unspent", cite(pool, "core"), f"{prefix}stats",
                     pool.is_provisional, severity="info")


@check(CHAPTER)
def fixed_statline(a: Analysis) -> Iterator[Finding]:
    """Types with a known fixed statline should match it; unknown ones are said to be unchecked."""
    yield from element_findings(a, statline_differs)
    unchecked = {t: a.elements[n]  # each type unchecked, with its first element
                 for t, n in derived(a, per_element(a, statline_unchecked), first_places).items()}
    if unchecked:
        names = ", ".join(a.ruleset.element_types[t].name for t in unchecked)
        yield one_note(unchecked, "statline-unchecked",
                        f"Statlines not checked for {names}: the core mustering table is not "
                        "available to us (enter them once from your rulebook: the app's Rules "
                        "screen, or horizon-builder rules import)",
                        "core (not available)", "stats")


# --- upgrades on a statline: statline rules, asked by the validator and the upgrade picker
def _excludes_reported_here(ask: StatlineAsk, up_id: str, other: str) -> bool:
    """A pair that excludes each other is reported once, by the first in id order."""
    rs = ask.ruleset
    return not (other < up_id and up_id in rs.upgrades[other].excludes)


@statline_rule(CHAPTER)
def upgrade_eligibility(ask: StatlineAsk) -> Iterator[Reason]:
    """Who may take an upgrade, how many times, what it needs or excludes, how it is paid
    (core mustering; aircraft and superheavy limits OtH p.9-10, p.61)."""
    rs, line, label, prefix = ask.ruleset, ask.line, ask.label, ask.prefix
    et = line.type
    if et is None:
        return
    taken = line.upgrade_ids()
    seen: dict[str, int] = {}
    field = f"{prefix}upgrades"
    for cost in line.upgrades:
        up = cost.upgrade
        if up is None:
            yield Reason("upgrade-unknown", f"{label}unknown upgrade {cost.choice.id!r}",
                         "unknown upgrade", "ruleset", field)
            continue
        up_id = cost.choice.id
        seen[up_id] = seen.get(up_id, 0) + cost.choice.count
        rule = cite(up, "core")
        # who may take it may be firm where the cost is not (the errata's mech upgrades)
        who_rule, who_provisional = cite_within(up, up.eligible_rule, "core")
        names = [n for n in up.eligible if n != "chq"]
        eligible = True
        if names and not rs.matches(line.type_id, names):
            eligible = False
            yield Reason("upgrade-not-eligible",
                         f"{label}{et.name} may not take {up.name} (only "
                         f"{eligible_names(rs, names)}): remove it",
                         f"not for {with_article(et.name)}", who_rule, field, who_provisional,
                         subject=up_id)
        elif up.ineligible and rs.matches(line.type_id, up.ineligible):
            eligible = False
            yield Reason("upgrade-not-eligible", f"{label}{et.name} may not take {up.name}: remove it",
                         f"not for {with_article(et.name)}", who_rule, field, who_provisional,
                         subject=up_id)
        # A Task Force list has no CHQ: each round's CHQ is checked in that round (OtH p.46).
        if "chq" in up.eligible and not ask.info.is_command and ask.analysis.mode != "task_force":
            yield Reason("upgrade-chq-only", f"{label}{up.name} may only be given to the CHQ",
                         "CHQ only", rule, field, subject=up_id)
        if up.min_presence is not None and line.presence < up.min_presence:
            yield Reason("upgrade-min-presence", f"{label}{up.name} needs P{up.min_presence} or more",
                         f"needs P{up.min_presence} or more", rule, field, subject=up_id)
        if up.requires_any and not (taken & set(up.requires_any)):
            options = [rs.upgrades[r].name for r in up.requires_any]
            needs = " or ".join(options) if len(options) <= 2 else "one of " + ", ".join(options)
            yield Reason("upgrade-requires",
                         f"{label}{up.name} needs {needs}: add it or remove {up.name}",
                         "needs " + " or ".join(options), rule, field, subject=up_id)
        clash = sorted(taken & set(up.excludes))
        if clash:
            other = ", ".join(rs.upgrades[c].name for c in clash)
            reported = [c for c in clash if _excludes_reported_here(ask, up_id, c)]
            if reported:
                yield Reason("upgrade-excludes",
                             f"{label}{up.name} and "
                             f"{', '.join(rs.upgrades[c].name for c in reported)} cannot be "
                             "taken together: keep one", f"not with {other}", rule, field,
                             subject=up_id)
            else:  # said by the other upgrade; the picker still needs the reason
                yield Reason("upgrade-excludes", f"{label}{up.name} and {other} cannot be taken "
                             "together: keep one", f"not with {other}", rule, field,
                             subject=up_id, duplicate=True)
        if up.options and cost.choice.option is None:
            yield Reason("upgrade-option-missing",
                         f"{label}{up.name}: choose one of {', '.join(up.options)}",
                         "choose an option", rule, field, subject=up_id)
        yield from _payment_reasons(ask, cost, field, eligible)
    for up_id, count in seen.items():
        maybe = rs.upgrades.get(up_id)
        if maybe is None:
            continue
        cap = maybe.cap(line.presence)
        if cap is not None and count > cap:
            at = f" at P{line.presence}" if maybe.max_per_full_presence else ""
            short = (f"none allowed at P{line.presence}" if cap == 0
                     else "taken" if cap == 1 else f"at most {cap}{at}")
            yield Reason("upgrade-over-cap",
                         f"{label}{maybe.name} taken {count} times; at most {cap}{at}",
                         short, cite(maybe, "core"), f"{prefix}upgrades", subject=up_id)


def _payment_reasons(ask: StatlineAsk, cost: UpgradeCost, field: str,
                     eligible: bool) -> Iterator[Reason]:
    """How an upgrade is paid comes from the rules (:func:`payment_options`); a roster's
    ``paid`` may only choose among those ways (OtH p.9-10, p.19, p.24-26, p.42, p.69)."""
    up, et, label = cost.upgrade, ask.line.type, ask.label
    if up is None or et is None:
        return
    up_id = cost.choice.id
    if not cost.options:
        if not eligible:  # said already: it may not take the upgrade at all
            return
        words = " or ".join(PAYMENT_WORDS[p] for p in ACCEPTS[up.currency])
        yield Reason("upgrade-currency",
                     f"{label}{up.name} is paid with {words}, which {with_article(et.name)} does not have",
                     f"paid with {words}, which {with_article(et.name)} does not have",
                     PAYMENT_RULES[ACCEPTS[up.currency][0]], field, subject=up_id)
        return
    claimed = cost.choice.paid
    if not cost.claim_refused or claimed is None:
        return
    allowed = " or ".join(PAYMENT_WORDS[p] for p in cost.options)
    why = why_not(et, up, claimed)
    text = (f"{label}{up.name} is marked paid = \"{claimed}\", but {why}: {with_article(et.name)} pays for "
            f"it with {allowed}")
    rule = PAYMENT_RULES[claimed]
    if claimed == "free" and up.kind == FREE_KIND:
        # The mad scientist's free weird upgrade: say where it goes wrong (OtH p.69).
        if free_upgrades_granted(ask.ruleset, ask.analysis.command) > 0:
            yield Reason("weird-free-not-chq", text, why, rule, field, subject=up_id)
        else:
            yield Reason("weird-free-without-mad-scientist", text, why, rule, field, subject=up_id)
        return
    yield Reason("upgrade-paid-not-allowed", text, why, rule, field, subject=up_id)


@statline_rule(CHAPTER)
def upgrade_count_limit(ask: StatlineAsk) -> Iterator[Reason]:
    """Some types may have at most a number of upgrades (aircraft: its P, OtH p.61);
    asset options are not upgrades."""
    line = ask.line
    et = line.type
    if et is None or et.max_upgrades is None:
        return
    cap = line.presence if et.max_upgrades == "presence" else et.max_upgrades
    count = sum(c.choice.count for c in line.upgrades
                if c.upgrade is None or c.upgrade.kind != "asset_option")
    if count > cap:
        source = et.max_upgrades_rule  # a superflyer's limit is our reading (data)
        yield Reason("too-many-upgrades",
                     f"{ask.label}{plural(count, 'upgrade')}; a P{line.presence} {et.name} "
                     f"may have at most {cap}",
                     f"a P{line.presence} {et.name} may have at most {cap} upgrades",
                     cite(source, "OtH p.61"), f"{ask.prefix}upgrades",
                     source is not None and source.is_provisional)


@statline_rule(CHAPTER)
def type_upgrade_rules(ask: StatlineAsk) -> Iterator[Reason]:
    """Upgrades a type must have, or may not have, from some Presence on (data:
    ``upgrade_rules`` of each element type; supermechs OtH p.9-10)."""
    rs, line = ask.ruleset, ask.line
    et = line.type
    if et is None:
        return
    # CR bought for the type reaches the baseform; bought for a metaform type, that metaform
    taken = (line.upgrade_ids() | {p.upgrade for p in ask.info.type_upgrades if not p.form_type}
             if ask.is_base else ask.info.line_upgrade_ids(line))
    for rule in et.upgrade_rules:
        if line.presence < rule.from_presence:
            continue
        if rule.requires_any and not taken & set(rule.requires_any):
            needs = " or ".join(rs.upgrades[r].name for r in rule.requires_any)
            yield Reason("type-requires-upgrade",
                         f"{ask.label}a P{line.presence} {et.name} must have {needs}",
                         f"needs {needs}", cite(rule, "core"), f"{ask.prefix}upgrades",
                         rule.is_provisional)
        for forbidden in sorted(taken & set(rule.forbids)):
            yield Reason("type-forbids-upgrade",
                         f"{ask.label}a P{line.presence} {et.name} may not have "
                         f"{rs.upgrades[forbidden].name}",
                         f"a P{line.presence} {et.name} may not have it", cite(rule, "core"),
                         f"{ask.prefix}upgrades", rule.is_provisional, subject=forbidden)


@check(CHAPTER)
def type_limit_per_force(a: Analysis) -> Iterator[Finding]:
    counts = a.type_counts  # the limited types over their limit, in list order:
    over = [([i.element.type for i in a.elements].index(t), n, et) for t, et in a.ruleset.element_types.items()
            if et.max_per_force is not None and (n := counts[t]) > et.max_per_force]
    for _, count, et in sorted(over, key=lambda item: item[0]):
        yield Finding("error", "type-over-limit", f"{count} × {et.name}; a force may have at most "
                      f"{et.max_per_force}", cite(et, "core"), field="elements")


@check(CHAPTER, applies_to=("battlegroup", "round"))
def force_cost_budget(a: Analysis) -> Iterator[Finding]:
    """The battlegroup's Force Cost may not exceed the agreed FC."""
    fc = a.fc
    if fc > a.roster.force_cost:
        provisional = any(i.fc_provisional for i in a.elements)
        yield Finding("error", "fc-over-budget",
                      f"Force Cost {fc} is over the budget of {a.roster.force_cost} "
                      f"by {fc - a.roster.force_cost}", "core: FC budget", field="force_cost",
                      provisional=provisional)


@check(CHAPTER, applies_to=("battlegroup", "round"))
def chq_cost_unknown(a: Analysis) -> Iterator[Finding]:
    """Say where a CHQ's effect on a type's FC is not known."""
    if not any(a.tally(_chq_cost_unknown)):
        return
    # the types, in list order, with the first of each (kept while the column is):
    firsts = derived(a, a.column(_chq_cost_unknown), _first_of_each)
    seen = {t: a.elements[n] for t, n in firsts.items()}
    if seen:
        names = ", ".join(i.type.name if i.type else t for t, i in seen.items())
        yield one_note(seen, "chq-cost-unknown",
                        f"How this CHQ changes the FC of {names} is not known (core CHQ table "
                        "not available): counted at P; check your rulebook",
                        "core, reported (OtH p.62)", "presence")


def _first_of_each(column: list[str | None]) -> dict[str, int]:
    """Each type a column names, in order, with the place of its first element."""
    return {t: column.index(t) for t in dict.fromkeys(column) if t is not None}


def _chq_cost_unknown(info: ElementInfo) -> str | None:
    unknown = not info.is_command and any("unknown" in note for note in info.fc_notes)
    return info.element.type if unknown else None


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
    info = a.command_element  # the element with that id (ids are unique in a roster)
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
        # which types may lead: the errata's CHQ table (data: cited.element)
        rule, provisional = cite_within(option, option.cited.get("element"), "core")
        yield about(info, "error", "command-element-ineligible",
                    f"{with_article(et.name)} cannot be the {option.name}"
                    + (" (choose a Mech CHQ)" if et.chq == "mech" and wanted == "conventional"
                       else ""), rule, "command", provisional)


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
    present = a.type_counts if a.cr_purchases else {}
    form_types = {t for ts in a.column(form_types_of) for t in ts} if a.cr_purchases else set()
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
        elif "cr" not in payment_options(et, upgrade):  # the one payment predicate
            fix = ("list it in each element's upgrades, paid from its pool"
                   if "points" in payment_options(et, upgrade) else "remove it")
            yield Finding("error", "cr-purchase-points-type",
                          f"CR bought {upgrade.name} for {et.name}, but "
                          f"{why_not(et, upgrade, 'cr')}: {fix}", PAYMENT_RULES["cr"],
                          field="cr_purchases")
        if upgrade.options and purchase.option is None:
            yield Finding("error", "upgrade-option-missing",
                          f"CR purchase: {upgrade.name} for {et.name}: choose one of "
                          f"{', '.join(upgrade.options)}", cite(upgrade, "core"),
                          field="cr_purchases")


@statline_rule(CHAPTER)
def cr_upgrade_whole_type(ask: StatlineAsk) -> Iterator[Reason]:
    """A CR upgrade is bought for the element's whole type, never for one element (OtH p.24);
    on a conventional metaform, for the whole metaform type, its own type for CR (OtH p.20).
    A Task Force's element is judged so in the rounds that field it (OtH p.46)."""
    et = ask.line.type
    if et is None or (ask.is_base and (et.upgrade_currency != "cr"
                                       or ask.analysis.mode == "task_force")):
        return
    for cost in ask.line.upgrades:
        up = cost.upgrade
        if up is None or up.scope != "type" or cost.currency != "cr":
            continue
        short = f"bought with CR for every {et.short or et.name}: see Command"
        if ask.is_base:
            yield Reason("cr-upgrade-whole-type",
                         f"{up.name} is bought with CR for the whole {et.name} type: "
                         "allocate it to the type, not one element", short,
                         cite(up, "core, reported"), "upgrades", subject=cost.choice.id)
        else:
            yield Reason("metaform-cr-whole-type",
                         f"{ask.label.removesuffix(': ')}: {up.name} is bought with CR for the "
                         "whole metaform type: add it to cr_purchases with form_type = true",
                         short, "OtH p.20", f"{ask.prefix}upgrades", subject=cost.choice.id)
