"""Core mustering rules: Presence, statlines and pools, upgrades, Force Cost, command, CR.

The core rulebook's tables are not available to us (shared/RULES.md §0): rules that rest
on its values cite the data's own source and are marked provisional. The rules about
upgrades on a statline are upgrade and statline rules: the upgrade picker asks the same
ones (:func:`horizon_builder.checks.statline_reasons`).

Each rule below is one code: the :class:`~horizon_builder.engine.rule.Rule` constant, then
its predicate(s), documented there.
"""

from __future__ import annotations

from collections.abc import Iterator

from horizon_builder.checks.common import cite, cite_within, eligible_names, plural
from horizon_builder.checks.shared import UPGRADE_EXCLUDES, UPGRADE_OVER_CAP  # DataWar says them too
from horizon_builder.engine.analysis import (
    ElementInfo,
    StatlineInfo,
    UpgradeCost,
    form_types_of,
    free_upgrades_granted,
)
from horizon_builder.engine.payment import (
    ACCEPTS,
    FREE_KIND,
    PAYMENT_RULES,
    PAYMENT_WORDS,
    Payment,
    payment_options,
    why_not,
)
from horizon_builder.engine.rule import (
    BATTLEGROUP_AND_ROUND,
    ElementView,
    Fault,
    ForceView,
    PurchaseView,
    Rule,
    StatlineView,
    UpgradeView,
)
from horizon_builder.engine.validator import statline_views
from horizon_builder.rules.models import (
    ElementType,
    Pool,
    Ruleset,
    StatLimit,
    Statline,
    Upgrade,
    UpgradeRule,
)
from horizon_builder.text.words import with_article

CHAPTER = "Mustering (core)"
#: the topic of the rules about the upgrades on a statline: reported element by element
UPGRADES = "upgrades on a statline"


def _range_words(lo: int, hi: int | None) -> str:
    return f"{lo}" if hi == lo else (f"{lo}-{hi}" if hi is not None else f"{lo} or more")


# --- Presence -------------------------------------------------------------------------
PRESENCE_OUT_OF_RANGE = Rule(
    "presence-out-of-range", "error", CHAPTER, "core", "P outside the range its type allows")


@PRESENCE_OUT_OF_RANGE.statline()
def presence_out_of_range(view: StatlineView) -> Iterator[Fault]:
    """Each statline's P must be one its type allows (data: ``presence`` of the type)."""
    et, p = view.line.type, view.line.presence
    if et is None:
        return
    rng = et.presence
    if p < rng.min or (rng.max is not None and p > rng.max):
        allowed = _range_words(rng.min, rng.max)
        yield Fault(f"{view.label}{with_article(et.name)} must have P {allowed}, not P{p}",
                    f"P {allowed} only", f"{view.prefix}presence", cite(rng, "core"),
                    rng.is_provisional)


PRESENCE_BEYOND_TABLE = Rule(
    "presence-beyond-table", "warning", CHAPTER, "OtH p.9", "P beyond the published pool table")


@PRESENCE_BEYOND_TABLE.statline(types=lambda et: et.presence.table_max is not None)
def presence_beyond_table(view: StatlineView) -> Iterator[Fault]:
    """A P the type allows but the published pool table stops short of (its ``table_max``):
    its pool follows the book's pattern (OtH p.9)."""
    et, p = view.line.type, view.line.presence
    assert et is not None  # asked of known types only (its ``types``)
    rng = et.presence
    in_range = not (p < rng.min or (rng.max is not None and p > rng.max))
    if in_range and rng.table_max is not None and p > rng.table_max:
        yield Fault(f"{view.label}P{p} is beyond the published table (P{rng.table_max}); "
                    "its pool follows the book's pattern", "beyond the published table",
                    f"{view.prefix}presence", cite(rng, "OtH p.9"))


# --- statlines --------------------------------------------------------------------------
def _missing(view: StatlineView) -> list[str]:
    et = view.line.type
    return [s for s in et.stats if s not in view.line.stats] if et is not None else []


def _fixed_unknown(view: StatlineView) -> bool:
    """A fixed statline (no pool) whose values nobody has entered for this P."""
    et = view.line.type
    return et is not None and et.pool is None and view.line.presence not in et.statlines


STAT_NOT_ENTERED = Rule(
    "stat-not-entered", "warning", CHAPTER, "core (not available)",
    "a fixed statline nobody has entered yet")


@STAT_NOT_ENTERED.statline()
def stat_not_entered(view: StatlineView) -> Iterator[Fault]:
    """A fixed statline nobody knows yet (the core book's tables are not available: RULES.md
    §0) is only "not entered": a warning, so a list's legality never rests on it; the player
    enters it once (Rules screen, or on the element)."""
    et = view.line.type
    if et is None or not _fixed_unknown(view):
        return
    missing = _missing(view)
    if missing:
        yield Fault(f"{view.label}{et.name} P{view.line.presence} statline not entered "
                    f"({', '.join(missing)}): enter it once from your rulebook (Rules screen), "
                    "or on this element; printed rosters leave it blank",
                    "statline not entered", f"{view.prefix}stats.{missing[0]}",
                    cite(et, "core (not available)"), True)


STAT_MISSING = Rule("stat-missing", "error", CHAPTER, "core", "a stat of the type is not set")


@STAT_MISSING.statline()
def stat_missing(view: StatlineView) -> Iterator[Fault]:
    """Every stat of the type must be set (where the statline is known or pool-bought)."""
    et = view.line.type
    if et is None or _fixed_unknown(view):
        return
    missing = _missing(view)
    if missing:
        yield Fault(f"{view.label}{', '.join(missing)} not set", f"{', '.join(missing)} not set",
                    f"{view.prefix}stats.{missing[0]}", cite(et, "core"))


def _limits(view: StatlineView) -> Iterator[tuple[StatLimit, int, str, str]]:
    """Each stat limit of the type that applies at this P, with the stat's value and field
    (the rules asking it concern types with limits)."""
    et = view.line.type
    assert et is not None  # asked of known types only (the rules' ``types``)
    for limit in et.stat_limits:
        if limit.applies(view.line.presence) and limit.stat in view.line.stats:
            yield (limit, view.line.stats[limit.stat], f"{view.prefix}stats.{limit.stat}",
                   et.name)


STAT_BELOW_MINIMUM = Rule(
    "stat-below-minimum", "error", CHAPTER, "core", "a stat under its type's minimum")


@STAT_BELOW_MINIMUM.statline(together="stat limits", types=lambda et: bool(et.stat_limits))
def stat_below_minimum(view: StatlineView) -> Iterator[Fault]:
    """Per-type minimum stats (a supermech's M at least 4 ...; data: ``stat_limits``)."""
    for limit, value, field, name in _limits(view):
        if limit.min is not None and value < limit.min:
            yield Fault(f"{view.label}{limit.stat} {value} is below the {name} minimum of "
                        f"{limit.min}", f"{limit.stat} at least {limit.min}", field,
                        cite(limit, "core"), limit.is_provisional)


STAT_ABOVE_MAXIMUM = Rule(
    "stat-above-maximum", "error", CHAPTER, "core", "a stat over its type's maximum")


@STAT_ABOVE_MAXIMUM.statline(together="stat limits", types=lambda et: bool(et.stat_limits))
def stat_above_maximum(view: StatlineView) -> Iterator[Fault]:
    """Per-type maximum stats (a superflyer's F at most 10 ...; data: ``stat_limits``)."""
    for limit, value, field, name in _limits(view):
        if limit.max is not None and value > limit.max:
            yield Fault(f"{view.label}{limit.stat} {value} is above the {name} maximum of "
                        f"{limit.max}", f"{limit.stat} at most {limit.max}", field,
                        cite(limit, "core"), limit.is_provisional)


# --- the stat pool ----------------------------------------------------------------------
def _pooled(et: ElementType) -> bool:
    """A type that buys its stats from a pool (the stat pool's rules concern it)."""
    return et.pool is not None


def _pool_judged(view: StatlineView) -> Pool | None:
    """The pool table the statline pays from, when its P is one the type allows (else the
    Presence itself is the error: presence-out-of-range)."""
    et, line = view.line.type, view.line
    assert et is not None  # asked of known types only (the rules' ``types``)
    rng = et.presence
    if line.pool is None and (line.presence < rng.min
                              or (rng.max is not None and line.presence > rng.max)):
        return None
    return et.pool


POOL_UNKNOWN = Rule("pool-unknown", "warning", CHAPTER, "core", "no pool known for this P")


@POOL_UNKNOWN.statline(together="stat pool", types=_pooled)
def pool_unknown(view: StatlineView) -> Iterator[Fault]:
    """No stat pool is known for this P (data: the type's ``pool`` table)."""
    line = view.line
    if line.pool is not None:
        return
    pool = _pool_judged(view)
    if pool is not None:
        yield Fault(f"{view.label}no stat pool is known for a P{line.presence} {line.type.name}",  # type: ignore[union-attr]
                    "pool unknown", f"{view.prefix}presence", cite(pool, "core"), True)


UPGRADE_COST_UNKNOWN = Rule(
    "upgrade-cost-unknown", "warning", CHAPTER, "core (cost table not available)",
    "an upgrade's cost is not known, left out of the pool")


@UPGRADE_COST_UNKNOWN.statline(together="stat pool", types=_pooled)
def upgrade_cost_unknown(view: StatlineView) -> Iterator[Fault]:
    """A point-paid upgrade whose cost the data does not know is left out of the pool."""
    line = view.line
    if line.unknown_costs and line.pool is not None and _pool_judged(view):
        unknown = ", ".join(view.ruleset.upgrades[u].name for u in line.unknown_costs)
        yield Fault(f"{view.label}cost of {unknown} is not known; the pool check leaves it out",
                    "cost unknown", f"{view.prefix}upgrades", provisional=True)


POOL_OVERSPENT = Rule(
    "pool-overspent", "error", CHAPTER, "core", "stats and point-paid upgrades over the pool")


@POOL_OVERSPENT.statline(together="stat pool", types=_pooled)
def pool_overspent(view: StatlineView) -> Iterator[Fault]:
    """Stats and point-paid upgrades must fit the pool for the statline's P."""
    line = view.line
    if line.pool is None or line.points_spent <= line.pool:
        return
    pool = _pool_judged(view)
    if pool is not None:
        spent, total = line.points_spent, line.pool
        yield Fault(f"{view.label}spends {spent} of {total} stat points "
                    f"({plural(spent - total, 'point')} over)",
                    f"needs {plural(spent - total, 'more pt')}", f"{view.prefix}stats",
                    cite(pool, "core"), pool.is_provisional)


POOL_UNSPENT = Rule("pool-unspent", "info", CHAPTER, "core", "stat points left in the pool")


@POOL_UNSPENT.statline(together="stat pool", types=_pooled)
def pool_unspent(view: StatlineView) -> Iterator[Fault]:
    """Stat points left unspent (said only when every cost is known)."""
    line = view.line
    if line.pool is None or line.points_spent >= line.pool or line.unknown_costs:
        return
    pool = _pool_judged(view)
    if pool is not None:
        spent, total = line.points_spent, line.pool
        yield Fault(f"{view.label}{plural(total - spent, 'stat point')} unspent "
                    f"({spent}/{total})", "points unspent", f"{view.prefix}stats",
                    cite(pool, "core"), pool.is_provisional)


# --- fixed statlines against the published ones -----------------------------------------
STATLINE_DIFFERS = Rule(
    "statline-differs", "warning", CHAPTER, "core",
    "a fixed statline differs from the published one")


@STATLINE_DIFFERS.element()
def statline_differs(view: ElementView) -> Iterator[Fault]:
    """Types with a known fixed statline should match it (data: the type's ``statlines``)."""
    info = view.info
    said = [_published(line) for line in (info.base, *info.forms)]
    if not any(s is not None and s[1] for s in said):
        return  # nothing differs (the labelled views below are built only when one does)
    for line, published in zip(statline_views(view.force, info), said, strict=True):
        known, differs = published if published is not None else (None, [])
        if known is not None and differs:
            expected = " ".join(f"{s}{v}" for s, v in known.stats.items())
            yield Fault(f"{line.label}{line.line.type.name} P{line.line.presence} is published "  # type: ignore[union-attr]
                        f"as {expected}", field=f"{line.prefix}stats.{differs[0]}",
                        cite=cite(known, "core"), provisional=known.is_provisional)


STATLINE_UNCHECKED = Rule(
    "statline-unchecked", "info", CHAPTER, "core (not available)",
    "fixed statlines that cannot be checked (no table)")


@STATLINE_UNCHECKED.force()
def statline_unchecked(force: ForceView) -> Iterator[Fault]:
    """Types with a fixed statline but none published for their P are said, once for the
    force, to be unchecked (one note naming every type: one per type was noise)."""
    unchecked: dict[str, ElementInfo] = {}
    for info in force.elements:
        for line in (info.base, *info.forms):
            said = _published(line)
            if said is not None and said[0] is None:
                unchecked.setdefault(line.type_id, info)
    if unchecked:
        names = ", ".join(force.ruleset.element_types[t].name for t in unchecked)
        yield _one_note(unchecked,
                        f"Statlines not checked for {names}: the core mustering table is not "
                        "available to us (enter them once from your rulebook: the app's Rules "
                        "screen, or horizon-builder rules import)", "stats")


def _one_note(by_type: dict[str, ElementInfo], message: str, field: str) -> Fault:
    """One provisional note for the force naming every type it concerns; it points at the
    element when there is only one."""
    only = next(iter(by_type.values())) if len(by_type) == 1 else None
    return Fault(message, field=field, provisional=True, element_id=only.id if only else None,
                 element_name=only.element.name if only else None)


# --- upgrades on a statline (reported element by element: together=UPGRADES) ------------
UPGRADE_UNKNOWN = Rule("upgrade-unknown", "error", CHAPTER, "ruleset",
                       "an upgrade id the rules do not know", "unknown upgrade")


@UPGRADE_UNKNOWN.upgrade(together=UPGRADES)
def upgrade_unknown(view: UpgradeView) -> Iterator[Fault]:
    """An upgrade id the rules do not know."""
    if view.cost.upgrade is None and view.statline.line.type is not None:
        yield Fault(f"{view.statline.label}unknown upgrade {view.cost.choice.id!r}",
                    "unknown upgrade", f"{view.statline.prefix}upgrades")


def _not_named(rs: Ruleset, type_id: str, upgrade: Upgrade) -> list[str]:
    """The eligibility list (``eligible``, less the CHQ) a type is not on; empty: it is on
    it, or the list names every type."""
    names = upgrade.eligible_types
    return names if names and not rs.matches(type_id, names) else []


def _barred(rs: Ruleset, type_id: str, upgrade: Upgrade) -> bool:
    """The type is one the upgrade bars (its ``ineligible`` list)."""
    return bool(upgrade.ineligible) and rs.matches(type_id, upgrade.ineligible)


def _eligible(view: UpgradeView) -> bool:
    """The type may take the upgrade at all (its ``eligible`` and ``ineligible`` lists)."""
    up, rs, type_id = view.cost.upgrade, view.ruleset, view.statline.line.type_id
    assert up is not None
    return not _not_named(rs, type_id, up) and not _barred(rs, type_id, up)


UPGRADE_NOT_ELIGIBLE = Rule("upgrade-not-eligible", "error", CHAPTER, "core",
                            "this type may not take the upgrade")


@UPGRADE_NOT_ELIGIBLE.upgrade(together=UPGRADES)
def upgrade_not_eligible(view: UpgradeView) -> Iterator[Fault]:
    """Who may take an upgrade: the types, categories or tags it names, less those it bars
    (core mustering; who may take it may be firm where its cost is not: the errata's list
    of mech upgrades)."""
    up, et = view.cost.upgrade, view.statline.line.type
    if up is None or et is None:
        return
    rs, type_id = view.ruleset, view.statline.line.type_id
    not_on = _not_named(rs, type_id, up)
    if not not_on and not _barred(rs, type_id, up):
        return  # it may take it
    label = view.statline.label
    who_rule, who_provisional = cite_within(up, up.eligible_rule, "core")
    only = f" (only {eligible_names(rs, not_on)})" if not_on else ""
    yield Fault(f"{label}{et.name} may not take {up.name}{only}: remove it",
                f"not for {with_article(et.name)}", f"{view.statline.prefix}upgrades", who_rule,
                who_provisional, view.cost.choice.id)


UPGRADE_CHQ_ONLY = Rule("upgrade-chq-only", "error", CHAPTER, "core",
                        "a CHQ-only upgrade on another element", "CHQ only")


@UPGRADE_CHQ_ONLY.upgrade(together=UPGRADES, reads=("rules", "command", "mode"),
                          upgrades=lambda up: "chq" in up.eligible)
def upgrade_chq_only(view: UpgradeView) -> Iterator[Fault]:
    """An upgrade for the CHQ only (``chq`` among those it is for). A Task Force list has no
    CHQ: each round's CHQ is judged in that round (OtH p.46)."""
    up = view.cost.upgrade
    if (up is not None and view.statline.line.type is not None
            and not view.statline.info.is_command and view.force.mode != "task_force"):
        yield Fault(f"{view.statline.label}{up.name} may only be given to the CHQ", "CHQ only",
                    f"{view.statline.prefix}upgrades", cite(up, "core"),
                    subject=view.cost.choice.id)


UPGRADE_MIN_PRESENCE = Rule("upgrade-min-presence", "error", CHAPTER, "core",
                            "the upgrade needs a higher P")


@UPGRADE_MIN_PRESENCE.upgrade(together=UPGRADES, upgrades=lambda up: up.min_presence is not None)
def upgrade_min_presence(view: UpgradeView) -> Iterator[Fault]:
    """An upgrade that needs a P of at least its ``min_presence``."""
    up, line = view.cost.upgrade, view.statline.line
    if (up is not None and line.type is not None and up.min_presence is not None
            and line.presence < up.min_presence):
        yield Fault(f"{view.statline.label}{up.name} needs P{up.min_presence} or more",
                    f"needs P{up.min_presence} or more", f"{view.statline.prefix}upgrades",
                    cite(up, "core"), subject=view.cost.choice.id)


UPGRADE_REQUIRES = Rule("upgrade-requires", "error", CHAPTER, "core",
                        "the upgrade needs another one first")


@UPGRADE_REQUIRES.upgrade(together=UPGRADES, upgrades=lambda up: bool(up.requires_any))
def upgrade_requires(view: UpgradeView) -> Iterator[Fault]:
    """An upgrade that needs one of some others on the same statline (``requires_any``)."""
    up, line = view.cost.upgrade, view.statline.line
    if up is None or line.type is None or not line.upgrade_ids().isdisjoint(up.requires_any):
        return
    rs = view.ruleset
    options = [rs.upgrades[r].name for r in up.requires_any]
    needs = " or ".join(options) if len(options) <= 2 else "one of " + ", ".join(options)
    yield Fault(f"{view.statline.label}{up.name} needs {needs}: add it or remove {up.name}",
                "needs " + " or ".join(options), f"{view.statline.prefix}upgrades",
                cite(up, "core"), subject=view.cost.choice.id)


@UPGRADE_EXCLUDES.upgrade(together=UPGRADES)
def upgrade_excludes(view: UpgradeView) -> Iterator[Fault]:
    """Two upgrades that exclude each other (``excludes``, named on either): each says the
    clash (the picker asks the rules of the upgrade it offers); the validator says the pair
    once, under the first in id order; the picker still shows the other's reason."""
    up, line = view.cost.upgrade, view.statline.line
    if up is None or line.type is None:
        return
    up_id, excludes = view.cost.choice.id, up.excludes
    # the others on the statline it excludes, or that exclude it
    found = {cost.choice.id for cost in line.upgrades
             if cost.choice.id != up_id and (cost.choice.id in excludes or (
                 cost.upgrade is not None and up_id in cost.upgrade.excludes))}
    if not found:
        return
    rs, label, field = view.ruleset, view.statline.label, f"{view.statline.prefix}upgrades"
    clash = sorted(found)
    other = ", ".join(rs.upgrades[c].name for c in clash)
    reported = [c for c in clash if not (c < up_id and c in rs.upgrades)]
    if reported:
        yield Fault(f"{label}{up.name} and {', '.join(rs.upgrades[c].name for c in reported)} "
                    "cannot be taken together: keep one", f"not with {other}", field,
                    cite(up, "core"), subject=up_id)
    else:  # said by the other upgrade; the picker still needs the reason
        yield Fault(f"{label}{up.name} and {other} cannot be taken together: keep one",
                    f"not with {other}", field, cite(up, "core"), subject=up_id, duplicate=True)


UPGRADE_OPTION_MISSING = Rule("upgrade-option-missing", "error", CHAPTER, "core",
                              "an upgrade's choice (a program ...) not made", "choose an option")


@UPGRADE_OPTION_MISSING.upgrade(together=UPGRADES, upgrades=lambda up: bool(up.options))
def upgrade_option_missing(view: UpgradeView) -> Iterator[Fault]:
    """An upgrade with options (a program, a drone mark ...) needs one chosen."""
    up = view.cost.upgrade
    if up is not None and view.cost.choice.option is None and view.statline.line.type is not None:
        yield Fault(f"{view.statline.label}{up.name}: choose one of {', '.join(up.options)}",
                    "choose an option", f"{view.statline.prefix}upgrades", cite(up, "core"),
                    subject=view.cost.choice.id)


# How an upgrade is paid comes from the rules (engine.payment.payment_options); a roster's
# ``paid`` may only choose among those ways (OtH p.9-10, p.19, p.24-26, p.42, p.69).
UPGRADE_CURRENCY = Rule("upgrade-currency", "error", CHAPTER, "OtH p.9-10",
                        "an upgrade the element has nothing to pay with")


@UPGRADE_CURRENCY.upgrade(together=UPGRADES)
def upgrade_currency(view: UpgradeView) -> Iterator[Fault]:
    """An upgrade paid with something the element does not have (stat points, CR); not said
    when the element may not take it at all (upgrade-not-eligible says so)."""
    up, et = view.cost.upgrade, view.statline.line.type
    if up is None or et is None or view.cost.options or not _eligible(view):
        return
    words = " or ".join(PAYMENT_WORDS[p] for p in ACCEPTS[up.currency])
    yield Fault(f"{view.statline.label}{up.name} is paid with {words}, which "
                f"{with_article(et.name)} does not have",
                f"paid with {words}, which {with_article(et.name)} does not have",
                f"{view.statline.prefix}upgrades", PAYMENT_RULES[ACCEPTS[up.currency][0]],
                subject=view.cost.choice.id)


def _refused_claim(view: UpgradeView) -> tuple[Payment, str, str] | None:
    """(the claim, why not, the message) when the roster's ``paid`` is a way the rules do
    not allow this element (the upgrade otherwise payable)."""
    claimed = view.cost.choice.paid
    if claimed is None:  # (most upgrades: paid as the rules say)
        return None
    up, et = view.cost.upgrade, view.statline.line.type
    if up is None or et is None or not view.cost.options or not view.cost.claim_refused:
        return None
    allowed = " or ".join(PAYMENT_WORDS[p] for p in view.cost.options)
    why = why_not(et, up, claimed)
    return claimed, why, (f"{view.statline.label}{up.name} is marked paid = \"{claimed}\", but "
                          f"{why}: {with_article(et.name)} pays for it with {allowed}")


def _weird(up: Upgrade) -> bool:
    """An upgrade of the kind the mad scientist gives free (OtH p.69)."""
    return up.kind == FREE_KIND


def _free_weird(view: UpgradeView, claimed: str) -> bool:
    """A claim of the mad scientist's free weird upgrade (OtH p.69)."""
    up = view.cost.upgrade
    return claimed == "free" and up is not None and _weird(up)


WEIRD_FREE_NOT_CHQ = Rule("weird-free-not-chq", "error", "Weird Horizons", "OtH p.69",
                          "the free weird upgrade on an element not the CHQ")


@WEIRD_FREE_NOT_CHQ.upgrade(together=UPGRADES, reads=("rules", "command"), upgrades=_weird)
def weird_free_not_chq(view: UpgradeView) -> Iterator[Fault]:
    """The mad scientist's free weird upgrade claimed on an element that is not the CHQ."""
    refused = _refused_claim(view)
    if refused is not None and refused[0] == "free" \
            and free_upgrades_granted(view.ruleset, view.force.command) > 0:
        yield Fault(refused[2], refused[1], f"{view.statline.prefix}upgrades",
                    PAYMENT_RULES["free"], subject=view.cost.choice.id)


WEIRD_FREE_WITHOUT_MAD_SCIENTIST = Rule(
    "weird-free-without-mad-scientist", "error", "Weird Horizons", "OtH p.69",
    "a free weird upgrade with no mad scientist")


@WEIRD_FREE_WITHOUT_MAD_SCIENTIST.upgrade(together=UPGRADES, reads=("rules", "command"),
                                          upgrades=_weird)
def weird_free_without_mad_scientist(view: UpgradeView) -> Iterator[Fault]:
    """A weird upgrade claimed free with no mad scientist among the weird commands."""
    refused = _refused_claim(view)
    if refused is not None and refused[0] == "free" \
            and free_upgrades_granted(view.ruleset, view.force.command) == 0:
        yield Fault(refused[2], refused[1], f"{view.statline.prefix}upgrades",
                    PAYMENT_RULES["free"], subject=view.cost.choice.id)


UPGRADE_PAID_NOT_ALLOWED = Rule(
    "upgrade-paid-not-allowed", "error", CHAPTER, "OtH p.9-10",
    "a payment (paid =) the rules do not allow for that element")


@UPGRADE_PAID_NOT_ALLOWED.upgrade(together=UPGRADES)
def upgrade_paid_not_allowed(view: UpgradeView) -> Iterator[Fault]:
    """A roster's ``paid`` that is not among the ways the rules let this element pay."""
    refused = _refused_claim(view)
    if refused is not None and not _free_weird(view, refused[0]):
        claimed, why, text = refused
        yield Fault(text, why, f"{view.statline.prefix}upgrades",
                    PAYMENT_RULES[claimed], subject=view.cost.choice.id)


@UPGRADE_OVER_CAP.statline(together=UPGRADES)
def upgrade_over_cap(view: StatlineView) -> Iterator[Fault]:
    """More copies of an upgrade than its cap at this P (``max``, ``max_per_full_presence``)."""
    line, rs = view.line, view.ruleset
    if line.type is None:
        return
    seen: dict[str, int] = {}
    for cost in line.upgrades:
        if cost.upgrade is not None:
            seen[cost.choice.id] = seen.get(cost.choice.id, 0) + cost.choice.count
    for up_id, count in seen.items():
        up = rs.upgrades[up_id]
        cap = up.cap(line.presence)
        if cap is not None and count > cap:
            at = f" at P{line.presence}" if up.max_per_full_presence else ""
            short = (f"none allowed at P{line.presence}" if cap == 0
                     else "taken" if cap == 1 else f"at most {cap}{at}")
            yield Fault(f"{view.label}{up.name} taken {plural(count, 'time')}; at most {cap}{at}",
                        short, f"{view.prefix}upgrades", cite(up, "core"), subject=up_id)


TOO_MANY_UPGRADES = Rule("too-many-upgrades", "error", CHAPTER, "OtH p.61",
                         "more upgrades than the type may have")


@TOO_MANY_UPGRADES.statline(types=lambda et: et.max_upgrades is not None)
def too_many_upgrades(view: StatlineView) -> Iterator[Fault]:
    """Some types may have at most a number of upgrades (``max_upgrades``: an aircraft its P,
    OtH p.61; a superflyer's limit is our reading, in the data); asset options are not
    upgrades."""
    line = view.line
    et = line.type
    assert et is not None and et.max_upgrades is not None  # asked of those only (its ``types``)
    cap = line.presence if et.max_upgrades == "presence" else et.max_upgrades
    count = sum(c.choice.count for c in line.upgrades
                if c.upgrade is None or c.upgrade.kind != "asset_option")
    if count > cap:
        source = et.max_upgrades_rule
        yield Fault(f"{view.label}{plural(count, 'upgrade')}; a P{line.presence} {et.name} "
                    f"may have at most {cap}",
                    f"a P{line.presence} {et.name} may have at most {plural(cap, 'upgrade')}",
                    f"{view.prefix}upgrades", cite(source, "OtH p.61"),
                    source is not None and source.is_provisional)


def _type_rules(view: StatlineView) -> Iterator[tuple[UpgradeRule, frozenset[str], str]]:
    """The type's upgrade rules that apply at this P, with the upgrades the statline carries
    (CR bought for the type reaches the baseform; bought for a metaform type, that metaform)."""
    line = view.line
    et = line.type
    assert et is not None  # asked of known types only (the rules' ``types``)
    rules = [rule for rule in et.upgrade_rules if line.presence >= rule.from_presence]
    if not rules:
        return
    taken = (line.upgrade_ids() | {p.upgrade for p in view.info.type_upgrades if not p.form_type}
             if view.is_base else view.info.line_upgrade_ids(line))
    what = f"a P{line.presence} {et.name}"
    for rule in rules:
        yield rule, taken, what


TYPE_REQUIRES_UPGRADE = Rule("type-requires-upgrade", "error", CHAPTER, "OtH p.9-10",
                             "the type must have an upgrade at this P")


@TYPE_REQUIRES_UPGRADE.statline(together="type upgrade rules", reads=("rules", "cr"),
                                types=lambda et: bool(et.upgrade_rules))
def type_requires_upgrade(view: StatlineView) -> Iterator[Fault]:
    """Upgrades a type must have from some Presence on (data: ``upgrade_rules``; supermechs
    OtH p.9-10)."""
    for rule, taken, what in _type_rules(view):
        if rule.requires_any and taken.isdisjoint(rule.requires_any):
            needs = " or ".join(view.ruleset.upgrades[r].name for r in rule.requires_any)
            yield Fault(f"{view.label}{what} must have {needs}", f"needs {needs}",
                        f"{view.prefix}upgrades", cite(rule, "core"), rule.is_provisional)


TYPE_FORBIDS_UPGRADE = Rule("type-forbids-upgrade", "error", CHAPTER, "OtH p.9-10",
                            "the type may not have an upgrade at this P")


@TYPE_FORBIDS_UPGRADE.statline(together="type upgrade rules", reads=("rules", "cr"),
                               types=lambda et: bool(et.upgrade_rules))
def type_forbids_upgrade(view: StatlineView) -> Iterator[Fault]:
    """Upgrades a type may not have from some Presence on (data: ``upgrade_rules``)."""
    for rule, taken, what in _type_rules(view):
        if taken.isdisjoint(rule.forbids):
            continue
        for forbidden in sorted(taken & set(rule.forbids)):
            yield Fault(f"{view.label}{what} may not have {view.ruleset.upgrades[forbidden].name}",
                        f"{what} may not have it", f"{view.prefix}upgrades", cite(rule, "core"),
                        rule.is_provisional, forbidden)


# --- the force -------------------------------------------------------------------------
TYPE_OVER_LIMIT = Rule("type-over-limit", "error", CHAPTER, "core",
                       "more elements of a type than a force may have")


@TYPE_OVER_LIMIT.force()
def type_over_limit(force: ForceView) -> Iterator[Fault]:
    """A type limited per force (``max_per_force``): the types over their limit, in list order."""
    types = force.ruleset.element_types
    over = [(t, n) for t, n in force.type_counts.items()
            if (et := types.get(t)) is not None and et.max_per_force is not None
            and n > et.max_per_force]
    if not over:
        return
    first = {t: n for n, t in reversed(list(enumerate(info.element.type
                                                      for info in force.elements)))}
    for t, count in sorted(over, key=lambda item: first[item[0]]):
        et = types[t]
        yield Fault(f"{count} × {et.name}; a force may have at most {et.max_per_force}",
                    field="elements", cite=cite(et, "core"))


FC_OVER_BUDGET = Rule("fc-over-budget", "error", CHAPTER, "core: FC budget",
                      "Force Cost over the agreed budget")


@FC_OVER_BUDGET.force(modes=BATTLEGROUP_AND_ROUND)
def fc_over_budget(force: ForceView) -> Iterator[Fault]:
    """A battlegroup's Force Cost may not exceed the agreed FC (the CHQ's changes counted:
    :func:`~horizon_builder.engine.analysis.chq_modifier`)."""
    if force.fc > force.budget:
        yield Fault(f"Force Cost {force.fc} is over the budget of {force.budget} "
                    f"by {force.fc - force.budget}", field="force_cost",
                    provisional=any(info.fc_provisional for info in force.elements))


CHQ_COST_UNKNOWN = Rule("chq-cost-unknown", "info", CHAPTER, "core, reported (OtH p.62)",
                        "how the CHQ changes a type's FC is not known")


@CHQ_COST_UNKNOWN.force(modes=BATTLEGROUP_AND_ROUND)
def chq_cost_unknown(force: ForceView) -> Iterator[Fault]:
    """Where the CHQ cost table has no cell for a type (counted at its P: ``chq_modifier``),
    one note names every such type."""
    seen: dict[str, ElementInfo] = {}
    for info in force.elements:
        if info.chq_cost_unknown and not info.is_command:
            seen.setdefault(info.element.type, info)
    if seen:
        names = ", ".join(i.type.name if i.type else t for t, i in seen.items())
        yield _one_note(seen, f"How this CHQ changes the FC of {names} is not known (core CHQ "
                        "table not available): counted at P; check your rulebook", "presence")


# --- command -------------------------------------------------------------------------
COMMAND_MISSING = Rule("command-missing", "warning", CHAPTER, "core: CHQ", "no command chosen")


@COMMAND_MISSING.force(modes=BATTLEGROUP_AND_ROUND, reads=("rules", "command", "elements"))
def command_missing(force: ForceView) -> Iterator[Fault]:
    """A battlegroup names its command (a CHQ, or another command option)."""
    if force.command.kind == "none" and force.elements:
        yield Fault("No command chosen: pick a CHQ (or another command option)", field="command")


COMMAND_ELEMENT_IGNORED = Rule("command-element-ignored", "warning", CHAPTER, "core",
                               "an element named for a command that has none")


@COMMAND_ELEMENT_IGNORED.force(modes=BATTLEGROUP_AND_ROUND, reads=("rules", "command"))
def command_element_ignored(force: ForceView) -> Iterator[Fault]:
    """A command option without an element, with one named anyway."""
    option = force.command_option
    if force.command.kind != "none" and option is not None and not option.needs_element \
            and force.command.element is not None:
        yield Fault(f"{option.name} has no element; the chosen element is ignored",
                    field="command", cite=cite(option, "core"))


COMMAND_ELEMENT_MISSING = Rule("command-element-missing", "error", CHAPTER, "core",
                               "the command's element not chosen or not there")


@COMMAND_ELEMENT_MISSING.force(modes=BATTLEGROUP_AND_ROUND, reads=("rules", "command", "elements"))
def command_element_missing(force: ForceView) -> Iterator[Fault]:
    """A command that needs an element (a CHQ): chosen, and in the force."""
    option, chosen = force.command_option, force.command.element
    if force.command.kind == "none" or option is None or not option.needs_element:
        return
    if chosen is None:
        yield Fault(f"{option.name}: choose which element it is", field="command",
                    cite=cite(option, "core"))
    elif force.command_element is None:
        yield Fault(f"{option.name}: element {chosen!r} is not in this battlegroup",
                    field="command", cite=cite(option, "core"))


COMMAND_ELEMENT_INELIGIBLE = Rule(
    "command-element-ineligible", "error", CHAPTER, "OtH p.59",
    "this element may not be the command element (CHQ types: OtH p.59)")


@COMMAND_ELEMENT_INELIGIBLE.force(modes=BATTLEGROUP_AND_ROUND, reads=("rules", "command"))
def command_element_ineligible(force: ForceView) -> Iterator[Fault]:
    """A CHQ must be an element of a type that may lead (the errata's CHQ table, OtH p.59)."""
    option, info = force.command_option, force.command_element
    if force.command.kind == "none" or option is None or not option.needs_element \
            or info is None or info.type is None:
        return
    et, wanted = info.type, option.element_chq
    ok = (
        (wanted in ("conventional", "mech") and et.chq == wanted)
        or (wanted == "any" and et.chq is not None)
        or (wanted is None and not option.eligible)
    )
    if option.eligible:
        ok = force.ruleset.matches(info.element.type, option.eligible)
    if not ok:
        rule, provisional = cite_within(option, option.cited.get("element"), "core")
        yield Fault(f"{with_article(et.name)} cannot be the {option.name}"
                    + (" (choose a Mech CHQ)" if et.chq == "mech" and wanted == "conventional"
                       else ""), field="command", cite=rule, provisional=provisional,
                    element=info)


# --- Command Resources -----------------------------------------------------------------
CR_OVERSPENT = Rule("cr-overspent", "error", CHAPTER, "core",
                    "more CR spent than the command gives")


@CR_OVERSPENT.force(modes=BATTLEGROUP_AND_ROUND, reads=("rules", "command", "cr", "elements"))
def cr_overspent(force: ForceView) -> Iterator[Fault]:
    """CR spent may not exceed CR available (:func:`~horizon_builder.engine.analysis.cr_available`,
    :func:`~horizon_builder.engine.analysis.cr_spent`)."""
    cr_rule = force.ruleset.command_resources
    if force.cr_spent > force.cr_available:
        yield Fault(f"{force.cr_spent} Command Resources spent but only {force.cr_available} "
                    f"available ({force.cr_counted_elements} conventional elements, 1 CR per "
                    f"{cr_rule.per_elements})", field="cr_purchases", cite=cite(cr_rule, "core"),
                    provisional=cr_rule.is_provisional)


CR_PURCHASES = "CR purchases"


def _bought(view: PurchaseView) -> tuple[Upgrade, ElementType] | None:
    """The upgrade and the type of a CR purchase, when the rules know both."""
    upgrade, et = view.upgrade, view.type
    return (upgrade, et) if upgrade is not None and et is not None else None


CR_PURCHASE_UNUSED = Rule("cr-purchase-unused", "warning", CHAPTER, "core",
                          "CR bought for a type the force does not field")


@CR_PURCHASE_UNUSED.purchase(modes=BATTLEGROUP_AND_ROUND, reads=("rules", "cr", "elements"),
                             together=CR_PURCHASES)
def cr_purchase_unused(view: PurchaseView) -> Iterator[Fault]:
    """CR bought for a type (or metaform type) the force does not field."""
    bought, purchase, force = _bought(view), view.purchase, view.force
    if bought is None:
        return
    fielded = ({t for info in force.elements for t in form_types_of(info)} if purchase.form_type
               else force.type_counts)
    if purchase.type not in fielded:
        yield Fault(f"CR bought {bought[0].name} for {bought[1].name}, but there is none",
                    field="cr_purchases", cite=cite(bought[0], "core"))


def _not_eligible(view: PurchaseView, upgrade: Upgrade) -> list[str]:
    """The eligibility list a CR purchase's type is not on (empty: it may take it)."""
    return _not_named(view.force.ruleset, view.purchase.type, upgrade)


@UPGRADE_NOT_ELIGIBLE.purchase(modes=BATTLEGROUP_AND_ROUND, together=CR_PURCHASES)
def cr_purchase_not_eligible(view: PurchaseView) -> Iterator[Fault]:
    """CR bought an upgrade for a type that may not take it."""
    bought = _bought(view)
    names = _not_eligible(view, bought[0]) if bought is not None else []
    if bought is not None and names:
        upgrade, et = bought
        yield Fault(f"CR purchase: {et.name} may not take {upgrade.name} (only "
                    f"{eligible_names(view.force.ruleset, names)}): remove the purchase",
                    field="cr_purchases", cite=cite(upgrade, "core"))


CR_PURCHASE_POINTS_TYPE = Rule("cr-purchase-points-type", "error", "DataWar", "OtH p.24",
                               "CR bought for a type that pays in stat points")


@CR_PURCHASE_POINTS_TYPE.purchase(modes=BATTLEGROUP_AND_ROUND, together=CR_PURCHASES)
def cr_purchase_points_type(view: PurchaseView) -> Iterator[Fault]:
    """CR bought for a type that may not pay with CR (the one payment predicate,
    :func:`~horizon_builder.engine.payment.payment_options`); not said when the type may not
    take the upgrade at all."""
    bought = _bought(view)
    if bought is None or _not_eligible(view, bought[0]):
        return
    upgrade, et = bought
    if "cr" not in payment_options(et, upgrade):
        fix = ("list it in each element's upgrades, paid from its pool"
               if "points" in payment_options(et, upgrade) else "remove it")
        yield Fault(f"CR bought {upgrade.name} for {et.name}, but "
                    f"{why_not(et, upgrade, 'cr')}: {fix}", field="cr_purchases",
                    cite=PAYMENT_RULES["cr"])


@UPGRADE_OPTION_MISSING.purchase(modes=BATTLEGROUP_AND_ROUND, together=CR_PURCHASES)
def cr_purchase_option_missing(view: PurchaseView) -> Iterator[Fault]:
    """A CR purchase of an upgrade with options needs one chosen."""
    bought = _bought(view)
    if bought is not None and bought[0].options and view.purchase.option is None:
        upgrade, et = bought
        yield Fault(f"CR purchase: {upgrade.name} for {et.name}: choose one of "
                    f"{', '.join(upgrade.options)}", field="cr_purchases",
                    cite=cite(upgrade, "core"))


def _cr_bought_alone(view: StatlineView) -> Iterator[UpgradeCost]:
    """The upgrades on this statline that CR buys for a whole type, paid with CR here."""
    for cost in view.line.upgrades:
        up = cost.upgrade
        if up is not None and up.scope == "type" and cost.currency == "cr":
            yield cost


CR_UPGRADE_WHOLE_TYPE = Rule("cr-upgrade-whole-type", "error", CHAPTER, "OtH p.24",
                             "a CR upgrade bought for one element, not its type")


@CR_UPGRADE_WHOLE_TYPE.statline(together="CR for a whole type", reads=("rules", "mode"),
                                types=lambda et: et.upgrade_currency == "cr")
def cr_upgrade_whole_type(view: StatlineView) -> Iterator[Fault]:
    """A CR upgrade is bought for the element's whole type, never for one element (OtH p.24):
    an element of a type that pays for upgrades with CR. A Task Force's element is judged so
    in the rounds that field it (OtH p.46)."""
    if not view.is_base or view.mode == "task_force":
        return
    et = view.line.type
    for cost in _cr_bought_alone(view):
        up = cost.upgrade
        assert up is not None and et is not None
        yield Fault(f"{up.name} is bought with CR for the whole {et.name} type: "
                    "allocate it to the type, not one element",
                    f"bought with CR for every {et.short or et.name}: see Command", "upgrades",
                    cite(up, "core, reported"), subject=cost.choice.id)


METAFORM_CR_WHOLE_TYPE = Rule("metaform-cr-whole-type", "error", "Metaformers", "OtH p.20",
                              "a CR upgrade on one metaform, not its type")


@METAFORM_CR_WHOLE_TYPE.statline(together="CR for a whole type", metaforms=True)
def metaform_cr_whole_type(view: StatlineView) -> Iterator[Fault]:
    """On a conventional metaform, a CR upgrade is bought for the whole metaform type, its
    own type for CR (OtH p.20)."""
    if view.line.type is None:
        return
    et = view.line.type
    for cost in _cr_bought_alone(view):
        up = cost.upgrade
        assert up is not None and et is not None
        yield Fault(f"{view.label.removesuffix(': ')}: {up.name} is bought with CR for the "
                    "whole metaform type: add it to cr_purchases with form_type = true",
                    f"bought with CR for every {et.short or et.name}: see Command",
                    f"{view.prefix}upgrades", "OtH p.20", subject=cost.choice.id)


def _published(line: StatlineInfo) -> tuple[Statline | None, list[str]] | None:
    """A fixed statline against the published one of its type and P: (the published statline
    or None when none is, the stats that differ); None when the type is not fixed."""
    et = line.type
    if et is None or et.pool is not None or not et.stats:
        return None
    known = et.statlines.get(line.presence)
    if known is None:
        return None, []
    return known, [s for s, v in known.stats.items() if line.stats.get(s, v) != v]
