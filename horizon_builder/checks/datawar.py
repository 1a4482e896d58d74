"""DataWar (OtH p.23-28): drones, robots, AI Command and electronic warfare.

Most of the chapter is data (``rulesets/30-datawar.toml``) checked by the
generic upgrade checks in :mod:`horizon_builder.checks.mustering`. Here are the
rules data cannot say, chiefly those about upgrades bought with CR for a whole
element type (``cr_purchases``), which the generic checks see only one at a
time:

- one drone mark per element, and no combat hacker on a robot, whether the
  upgrades are the element's own or bought for its type (OtH p.24-26);
- a type-wide purchase is made once, only for types that pay in CR, and never
  for the strategic net, which goes to the CHQ alone (OtH p.24, p.27);
- the rebro node never on the CHQ nor its conventional type, and of no use without
  a chain of command to boost (OtH p.27);
- an option (robot program) must be one the upgrade offers (OtH p.25).

The shared helpers here also serve :mod:`horizon_builder.checks.biowar`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import TypeGuard

from horizon_builder.checks.common import StatlineAsk, about, cite, element_findings, selected, statline_rule
from horizon_builder.engine.analysis import Analysis, ElementInfo
from horizon_builder.engine.findings import Finding, Reason
from horizon_builder.engine.registry import check
from horizon_builder.rules.models import Ruleset, Upgrade

CHAPTER = "DataWar"

#: The relay upgrade that may not sit on the CHQ (OtH p.27).
REBRO = "rebro_node"

#: Supplements whose upgrades the checks in this module and in biowar look after.
OWN_SUPPLEMENTS = frozenset({"datawar", "biowar"})


def own(upgrade: Upgrade | None) -> TypeGuard[Upgrade]:
    """True for an upgrade of DataWar or BioWar (the rules these modules answer for)."""
    return upgrade is not None and upgrade.supplement in OWN_SUPPLEMENTS


def type_bought(info: ElementInfo) -> set[str]:
    """Upgrades bought with CR for the element's whole type (not for metaforms)."""
    return {p.upgrade for p in info.type_upgrades if not p.form_type}


def upgrade_name(rs: Ruleset, upgrade_id: str) -> str:
    up = rs.upgrades.get(upgrade_id)
    return up.name if up is not None else upgrade_id


def type_name(rs: Ruleset, type_id: str) -> str:
    et = rs.element_types.get(type_id)
    return (et.short or et.name) if et is not None else type_id


@check(CHAPTER)
def exclusive_upgrades(a: Analysis) -> Iterator[Finding]:
    """One drone mark per element (OtH p.24-25); no combat hacker on a robot (OtH p.26).

    Covers clashes involving upgrades bought for the whole type; clashes between an
    element's own upgrades are reported by the generic upgrade check.
    """
    yield from element_findings(a, _exclusive)


def _exclusive(a: Analysis, info: ElementInfo) -> list[Finding]:
    rs = a.ruleset
    found: list[Finding] = []
    bought = type_bought(info)
    if not bought:
        return found
    taken = info.base.upgrade_ids() | bought
    reported: set[frozenset[str]] = set()
    for up_id in sorted(taken):
        up = rs.upgrades.get(up_id)
        if not own(up):
            continue
        for other in up.excludes:
            pair = frozenset((up_id, other))
            if other not in taken or pair in reported or not pair & bought:
                continue
            reported.add(pair)
            other_up = rs.upgrades.get(other)
            if up.kind == "drone" and other_up is not None and other_up.kind == "drone":
                found.append(about(info, "error", "drone-one-mark",
                                   f"{up.name} and {upgrade_name(rs, other)}: an element may be "
                                   "drones of one mark only", cite(up, "OtH p.24"), "cr_purchases"))
            else:
                found.append(about(info, "error", "upgrade-excludes",
                                   f"{up.name} cannot be combined with {upgrade_name(rs, other)}",
                                   cite(up, "OtH p.26"), "cr_purchases"))
    return found


@check(CHAPTER, applies_to=("battlegroup", "round"))
def type_purchase_rules(a: Analysis) -> Iterator[Finding]:
    """CR bought for a whole type (OtH p.24): once per type, never the CHQ-only strategic net
    (OtH p.27)."""
    rs = a.ruleset
    counts = Counter((p.type, p.upgrade, p.form_type) for p in a.cr_purchases)
    for (type_id, up_id, _form), count in counts.items():
        up = rs.upgrades.get(up_id)
        if own(up) and up.max_count is not None and count > up.max_count:
            yield Finding("error", "upgrade-over-cap",
                          f"{up.name} is bought for {type_name(rs, type_id)} {count} times; "
                          f"at most {up.max_count}", cite(up, "OtH p.24"), field="cr_purchases")
    for purchase in a.cr_purchases:
        up = rs.upgrades.get(purchase.upgrade)
        et = rs.element_types.get(purchase.type)
        if not own(up) or et is None:
            continue
        if up.scope != "type":
            where = "the CHQ alone" if "chq" in up.eligible else "each element on its own"
            yield Finding("error", "cr-purchase-not-type-wide",
                          f"{up.name} is not bought for a whole type ({type_name(rs, purchase.type)}):"
                          f" it is given to {where}; list it in that element's upgrades",
                          cite(up, "OtH p.27"), field="cr_purchases")
        # (whether the type pays with CR at all is the generic CR check's, in mustering)


def _options_unknown(a: Analysis, info: ElementInfo) -> list[Finding]:
    found = []
    for cost in info.base.upgrades:
        up, option = cost.upgrade, cost.choice.option
        if own(up) and option is not None and option not in up.options:
            found.append(about(info, "error", "upgrade-option-unknown",
                               f"{up.name}: {option!r} is not one of its choices "
                               f"({', '.join(up.options) or 'it has none'})",
                               cite(up, "OtH p.25"), "upgrades"))
    return found


@check(CHAPTER)
def upgrade_option_known(a: Analysis) -> Iterator[Finding]:
    """An option must be one the upgrade offers: a robot's program is destroy, disrupt or hold
    (OtH p.25)."""
    rs = a.ruleset
    yield from element_findings(a, _options_unknown)
    for purchase in a.cr_purchases:
        up = rs.upgrades.get(purchase.upgrade)
        if own(up) and purchase.option is not None and purchase.option not in up.options:
            yield Finding("error", "upgrade-option-unknown",
                          f"{up.name} for {type_name(rs, purchase.type)}: {purchase.option!r} is not "
                          f"one of its choices ({', '.join(up.options) or 'it has none'})",
                          cite(up, "OtH p.25"), field="cr_purchases")


@statline_rule(CHAPTER, applies_to=("battlegroup", "round"))
def rebro_node_not_on_chq(ask: StatlineAsk) -> Iterator[Reason]:
    """The rebro node may not go on the CHQ, hence nor on a conventional element of the CHQ's
    type (OtH p.27). Our reading: a metaform of a conventional CHQ's type is such an element
    too, though it is its own type for CR (OtH p.20): a strict organiser's reading, written
    in docs/rules.md. Reported against the element that carries it, at the statline that does
    (the metaform, or the CR purchase that gave it)."""
    info, rs = ask.info, ask.ruleset
    chq = ask.analysis.command_element
    if chq is None or REBRO not in rs.upgrades or REBRO not in info.line_upgrade_ids(ask.line):
        return
    rule = cite(rs.upgrades[REBRO], "OtH p.27")
    field = f"{ask.prefix}upgrades" if REBRO in ask.line.upgrade_ids() else "cr_purchases"
    conventional = chq.type is not None and chq.type.chq == "conventional"
    if info.is_command:
        yield Reason("rebro-node-on-chq",
                     f"{ask.label}the CHQ may not have a rebro node"
                     + (", in any form" if info.forms else "") + ": give it to another element",
                     "not on the CHQ", rule, field, subject=REBRO)
    elif ask.is_base and conventional and info.element.type == chq.element.type:
        yield Reason("rebro-node-on-chq",
                     f"no rebro node on the CHQ's type ({type_name(rs, chq.element.type)}): "
                     "it would be the CHQ's too", "not on the CHQ's type", rule, "cr_purchases",
                     subject=REBRO)
    elif not ask.is_base and conventional and ask.line.type_id == chq.element.type:
        yield Reason("rebro-node-on-chq",
                     f"{ask.label}no rebro node on a metaform of the CHQ's type "
                     f"({type_name(rs, chq.element.type)}): it is a conventional element of "
                     "that type (our reading)", "not on the CHQ's type", rule, field,
                     subject=REBRO)


def _has_rebro(info: ElementInfo) -> bool:
    """A rebro node on any statline: the baseform's (own or its type's) or a metaform's."""
    return any(REBRO in info.line_upgrade_ids(line) for line in (info.base, *info.forms))


@check(CHAPTER, applies_to=("battlegroup", "round"))
def rebro_node_needs_chain_of_command(a: Analysis) -> Iterator[Finding]:
    """A rebro node lets a CHQ use chain of command twice (OtH p.27): with no command that has
    chain of command (an AI Command, a Hivemind, or weird command in its place) it does nothing."""
    option = a.command_option
    if option is None or "rebro_node" not in a.ruleset.upgrades:
        return
    chain = "chain_of_command" in option.special_rules and not any(
        w.replaces == "chain_of_command" for w in a.command.weird)
    if chain:
        return
    holders = selected(a, _has_rebro)
    if holders:
        names = ", ".join(info.element.name for info in holders)
        yield Finding("warning", "rebro-node-no-chain-of-command",
                      f"Rebro node ({names}) does nothing here: {option.name} has no chain of "
                      "command to boost", cite(a.ruleset.upgrades["rebro_node"], "OtH p.27"),
                      holders[0].id, holders[0].element.name, "upgrades")
