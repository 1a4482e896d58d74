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

from horizon_builder.checks.common import cite
from horizon_builder.checks.shared import UPGRADE_EXCLUDES, UPGRADE_OVER_CAP
from horizon_builder.engine.analysis import ElementInfo
from horizon_builder.engine.rule import (
    BATTLEGROUP_AND_ROUND,
    ElementView,
    Fault,
    ForceView,
    PurchaseView,
    Rule,
    StatlineView,
)
from horizon_builder.rules.models import Ruleset, Upgrade
from horizon_builder.text.words import plural

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


# --- upgrades that exclude each other, bought for a whole type (OtH p.24-26) -------------

def type_clashes(rs: Ruleset, info: ElementInfo) -> list[tuple[Upgrade, str, bool]]:
    """The pairs of an element's upgrades that exclude each other where one of the two was
    bought with CR for its whole type (a clash of its own upgrades alone is the generic
    check's): (the upgrade, the other's id, whether both are drone marks), each pair once,
    under the first of the two in id order that is DataWar's or BioWar's."""
    if not info.type_upgrades:  # nothing bought for its type (most elements)
        return []
    bought = type_bought(info)
    if not bought:
        return []
    taken = info.base.upgrade_ids() | bought
    found: list[tuple[Upgrade, str, bool]] = []
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
            found.append((up, other, up.kind == "drone" and other_up is not None
                          and other_up.kind == "drone"))
    return found


#: the topic of the two rules about type-bought clashes: reported element by element
TYPE_CLASHES = "upgrades bought for the type that clash"


@UPGRADE_EXCLUDES.element(reads=("rules", "cr"), together=TYPE_CLASHES)
def type_upgrade_excludes(view: ElementView) -> Iterator[Fault]:
    """No combat hacker on a robot (OtH p.26), nor any other pair of DataWar's or BioWar's
    upgrades that exclude each other, where one was bought for the whole type. (A pair of
    the element's own upgrades is mustering's upgrade-excludes.)"""
    rs = view.ruleset
    for up, other, drones in type_clashes(rs, view.info):
        if not drones:
            yield Fault(f"{up.name} cannot be combined with {upgrade_name(rs, other)}",
                        field="cr_purchases", cite=cite(up, "OtH p.26"))


DRONE_ONE_MARK = Rule(
    "drone-one-mark", "error", CHAPTER, "OtH p.24",
    "drones of two marks on one element", "one drone mark only")


@DRONE_ONE_MARK.element(reads=("rules", "cr"), together=TYPE_CLASHES)
def drone_one_mark(view: ElementView) -> Iterator[Fault]:
    """One drone mark per element (OtH p.24-25), the element's own drones or those bought for
    its type. (Two marks among its own upgrades is the generic check's upgrade-excludes.)"""
    rs = view.ruleset
    for up, other, drones in type_clashes(rs, view.info):
        if drones:
            yield Fault(f"{up.name} and {upgrade_name(rs, other)}: an element may be drones "
                        "of one mark only", field="cr_purchases", cite=cite(up, "OtH p.24"))


# --- CR bought for a whole type (OtH p.24, p.27) ----------------------------------------

@UPGRADE_OVER_CAP.force(modes=BATTLEGROUP_AND_ROUND, reads=("rules", "cr"))
def type_purchase_over_cap(force: ForceView) -> Iterator[Fault]:
    """CR bought for a whole type (OtH p.24): at most the upgrade's cap of copies (``max``)."""
    rs = force.ruleset
    counts = Counter((p.type, p.upgrade, p.form_type) for p in force.cr_purchases)
    for (type_id, up_id, _form), count in counts.items():
        up = rs.upgrades.get(up_id)
        if own(up) and up.max_count is not None and count > up.max_count:
            yield Fault(f"{up.name} is bought for {type_name(rs, type_id)} {plural(count, 'time')}; "
                        f"at most {up.max_count}", field="cr_purchases", cite=cite(up, "OtH p.24"))


CR_PURCHASE_NOT_TYPE_WIDE = Rule(
    "cr-purchase-not-type-wide", "error", CHAPTER, "OtH p.27",
    "a per-element upgrade bought for a whole type", "not for a whole type")


@CR_PURCHASE_NOT_TYPE_WIDE.purchase(modes=BATTLEGROUP_AND_ROUND)
def cr_purchase_not_type_wide(view: PurchaseView) -> Iterator[Fault]:
    """CR buys for a whole type only the upgrades given to a type (OtH p.24); never, for one,
    the strategic net, which goes to the CHQ alone (OtH p.27). (Whether the type pays with CR
    at all is cr-purchase-points-type's, in mustering.)"""
    up = view.upgrade
    if own(up) and view.type is not None and up.scope != "type":
        where = "the CHQ alone" if "chq" in up.eligible else "each element on its own"
        yield Fault(f"{up.name} is not bought for a whole type "
                    f"({type_name(view.force.ruleset, view.purchase.type)}): it is given to "
                    f"{where}; list it in that element's upgrades", field="cr_purchases",
                    cite=cite(up, "OtH p.27"))


# --- robot programs and other options (OtH p.25) ----------------------------------------

def _choices(up: Upgrade) -> str:
    return ", ".join(up.options) or "it has none"


UPGRADE_OPTION_UNKNOWN = Rule(
    "upgrade-option-unknown", "error", CHAPTER, "OtH p.25",
    "a choice the upgrade does not offer", "not one of its choices")


@UPGRADE_OPTION_UNKNOWN.element()
def upgrade_option_unknown(view: ElementView) -> Iterator[Fault]:
    """An option must be one the upgrade offers: a robot's program is destroy, disrupt or hold
    (OtH p.25)."""
    for cost in view.info.base.upgrades:
        up, option = cost.upgrade, cost.choice.option
        if option is not None and own(up) and option not in up.options:
            yield Fault(f"{up.name}: {option!r} is not one of its choices ({_choices(up)})",
                        field="upgrades", cite=cite(up, "OtH p.25"))


@UPGRADE_OPTION_UNKNOWN.purchase()
def purchase_option_unknown(view: PurchaseView) -> Iterator[Fault]:
    """The same of an upgrade bought with CR for a whole type (OtH p.25)."""
    up, option = view.upgrade, view.purchase.option
    if own(up) and option is not None and option not in up.options:
        yield Fault(f"{up.name} for {type_name(view.force.ruleset, view.purchase.type)}: "
                    f"{option!r} is not one of its choices ({_choices(up)})",
                    field="cr_purchases", cite=cite(up, "OtH p.25"))


# --- the rebro node (OtH p.27) ----------------------------------------------------------

REBRO_NODE_ON_CHQ = Rule(
    "rebro-node-on-chq", "error", CHAPTER, "OtH p.27",
    "a rebro node on the CHQ (any form) or on an element of its type", "not on the CHQ")


@REBRO_NODE_ON_CHQ.statline(modes=BATTLEGROUP_AND_ROUND, reads=("rules", "command", "cr"))
def rebro_node_not_on_chq(view: StatlineView) -> Iterator[Fault]:
    """The rebro node may not go on the CHQ, hence nor on a conventional element of the CHQ's
    type (OtH p.27). Our reading: a metaform of a conventional CHQ's type is such an element
    too, though it is its own type for CR (OtH p.20): a strict organiser's reading, written
    in docs/rules.md. Reported against the element that carries it, at the statline that does
    (the metaform, or the CR purchase that gave it)."""
    info, rs = view.info, view.ruleset
    chq = view.force.command_element
    if chq is None or REBRO not in rs.upgrades or REBRO not in info.line_upgrade_ids(view.line):
        return
    rule = cite(rs.upgrades[REBRO], "OtH p.27")
    field = f"{view.prefix}upgrades" if REBRO in view.line.upgrade_ids() else "cr_purchases"
    conventional = chq.type is not None and chq.type.chq == "conventional"
    if info.is_command:
        yield Fault(f"{view.label}the CHQ may not have a rebro node"
                    + (", in any form" if info.forms else "") + ": give it to another element",
                    field=field, cite=rule, subject=REBRO)
    elif view.is_base and conventional and info.element.type == chq.element.type:
        yield Fault(f"no rebro node on the CHQ's type ({type_name(rs, chq.element.type)}): "
                    "it would be the CHQ's too", short="not on the CHQ's type",
                    field="cr_purchases", cite=rule, subject=REBRO)
    elif not view.is_base and conventional and view.line.type_id == chq.element.type:
        yield Fault(f"{view.label}no rebro node on a metaform of the CHQ's type "
                    f"({type_name(rs, chq.element.type)}): it is a conventional element of "
                    "that type (our reading)", short="not on the CHQ's type", field=field,
                    cite=rule, subject=REBRO)


def _has_rebro(info: ElementInfo) -> bool:
    """A rebro node on any statline: the baseform's (own or its type's) or a metaform's."""
    return any(REBRO in info.line_upgrade_ids(line) for line in (info.base, *info.forms))


REBRO_NODE_NO_CHAIN_OF_COMMAND = Rule(
    "rebro-node-no-chain-of-command", "warning", CHAPTER, "OtH p.27",
    "a rebro node with no chain of command to relay", "no chain of command to boost")


@REBRO_NODE_NO_CHAIN_OF_COMMAND.force(modes=BATTLEGROUP_AND_ROUND,
                                      reads=("rules", "command", "cr", "elements"))
def rebro_node_needs_chain_of_command(force: ForceView) -> Iterator[Fault]:
    """A rebro node lets a CHQ use chain of command twice (OtH p.27): with no command that has
    chain of command (an AI Command, a Hivemind, or weird command in its place) it does nothing."""
    option = force.command_option
    if option is None or REBRO not in force.ruleset.upgrades:
        return
    if "chain_of_command" in option.special_rules and not any(
            w.replaces == "chain_of_command" for w in force.command.weird):
        return
    holders = [info for info in force.elements if _has_rebro(info)]
    if holders:
        names = ", ".join(info.element.name for info in holders)
        yield Fault(f"Rebro node ({names}) does nothing here: {option.name} has no chain of "
                    "command to boost", field="upgrades",
                    cite=cite(force.ruleset.upgrades[REBRO], "OtH p.27"),
                    element_id=holders[0].id, element_name=holders[0].element.name)
