"""Upgrades on a statline: who may take one, how many, what it needs or excludes, how it is paid.

Each function here is one statline rule (see :mod:`horizon_builder.checks.common`):
the validator reports its reasons as findings, and the upgrade picker shows the
same reasons' short text beside the upgrades it refuses. Most of the numbers
are data (``eligible``, ``max_count``, ``requires_any`` ... of each upgrade in
``rulesets/*.toml``); the core rulebook's tables are not available to us
(shared/RULES.md §0), so rules resting on its values cite the data's own source.
"""

from __future__ import annotations

from collections.abc import Iterator

from horizon_builder.checks.common import StatlineAsk, cite, eligible_names, plural, statline_rule
from horizon_builder.engine.findings import Reason

CHAPTER = "Mustering (core)"


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
        names = [n for n in up.eligible if n != "chq"]
        eligible = True
        if names and not rs.matches(line.type_id, names):
            eligible = False
            yield Reason("upgrade-not-eligible",
                         f"{label}{et.name} may not take {up.name} (only "
                         f"{eligible_names(rs, names)}): remove it",
                         f"not for a {et.name}", rule, field, up.is_provisional, subject=up_id)
        elif up.ineligible and rs.matches(line.type_id, up.ineligible):
            eligible = False
            yield Reason("upgrade-not-eligible", f"{label}{et.name} may not take {up.name}: remove it",
                         f"not for a {et.name}", rule, field, up.is_provisional, subject=up_id)
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
        if eligible and cost.currency == "points" and et.pool is None and et.upgrade_currency == "cr":
            yield Reason("upgrade-currency",
                         f"{label}{up.name} is paid in stat points, which a {et.name} does not have",
                         f"paid in stat points, which a {et.name} does not have", rule, field,
                         subject=up_id)
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
        yield Reason("too-many-upgrades",
                     f"{ask.label}{plural(count, 'upgrade')}; a P{line.presence} {et.name} "
                     f"may have at most {cap}",
                     f"a P{line.presence} {et.name} may have at most {cap} upgrades",
                     "OtH p.61", f"{ask.prefix}upgrades")


@statline_rule(CHAPTER)
def type_upgrade_rules(ask: StatlineAsk) -> Iterator[Reason]:
    """Upgrades a type must have, or may not have, from some Presence on (data:
    ``upgrade_rules`` of each element type; supermechs OtH p.9-10)."""
    rs, line = ask.ruleset, ask.line
    et = line.type
    if et is None:
        return
    taken = line.upgrade_ids() | {p.upgrade for p in ask.info.type_upgrades}
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


@statline_rule(CHAPTER, applies_to=("battlegroup", "round"))
def cr_upgrade_whole_type(ask: StatlineAsk) -> Iterator[Reason]:
    """A CR upgrade is bought for the element's whole type, never for one element (OtH p.24)."""
    et = ask.info.type
    if not ask.is_base or et is None or et.upgrade_currency != "cr":
        return
    for cost in ask.line.upgrades:
        up = cost.upgrade
        if up is not None and up.scope == "type" and cost.currency == "cr":
            yield Reason("cr-upgrade-whole-type",
                         f"{up.name} is bought with CR for the whole {et.name} type: "
                         "allocate it to the type, not one element",
                         f"bought with CR for every {et.short or et.name}: see Command",
                         cite(up, "core, reported"), "upgrades", subject=cost.choice.id)
