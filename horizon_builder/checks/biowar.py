"""BioWar (OtH p.29-35, Appendix 2 p.67-68): gun-beasts, gribblies, kaiju and their command.

The element types, mutations and command options are data
(``rulesets/40-biowar.toml``); the generic checks handle Presence, pools,
eligibility and repeats. Here are the rules data cannot say:

- a gun-beast loses rapid and vanguard, and no upgrade may give them back (OtH p.30);
- gribblies are always rapid and vanguard (OtH p.30);
- kaiju take mutations instead of upgrades unless they have mechakaiju (OtH p.31, p.67);
- a superheavy takes mutations, or flies, only as a kaiju (the Kaiju! upgrade, OtH p.66);
- a force of only gun-beasts, gribblies and kaiju is led by an Alpha or a Hivemind,
  and an Alpha is a kaiju or a gun-beast (OtH p.32-33).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from horizon_builder.checks.common import cite, is_superheavy
from horizon_builder.checks.datawar import type_bought, upgrade_name
from horizon_builder.engine.analysis import ElementInfo
from horizon_builder.engine.rule import (
    BATTLEGROUP_AND_ROUND,
    ElementView,
    Fault,
    ForceView,
    Rule,
    StatlineView,
    tagged,
)
from horizon_builder.text.words import with_article

CHAPTER = "BioWar"

#: The Appendix 1 upgrade that makes a supermech or superflyer a kaiju (OtH p.66).
KAIJU_UPGRADE = "kaiju"
MECHAKAIJU = "mechakaiju"
BIO_COMMANDS = ("alpha", "hivemind")


def has_tag(info: ElementInfo, tag: str) -> bool:
    return info.type is not None and info.type.has_tag(tag)


def is_kaiju(info: ElementInfo) -> bool:
    """A kaiju of P1-3 (the kaiju type) or a superheavy with the Kaiju! upgrade."""
    return has_tag(info, "kaiju") or info.has_upgrade(KAIJU_UPGRADE)


def is_bio(info: ElementInfo) -> bool:
    """A gun-beast, gribbly or kaiju (OtH p.32: what a bio-force is made of)."""
    return has_tag(info, "bio") or info.has_upgrade(KAIJU_UPGRADE)


def _granted_by(view: ElementView, rule: str) -> list[str]:
    """Names of the upgrades (own or bought for the type) that grant a special rule."""
    rs, info = view.ruleset, view.info
    ids = [c.choice.id for c in info.base.upgrades] + sorted(type_bought(info))
    return [upgrade_name(rs, i) for i in ids
            if i in rs.upgrades and rule in rs.upgrades[i].grants_rules]


# --- gun-beasts and gribblies (OtH p.30) -----------------------------------------------

#: Special rules a gun-beast never has and a gribbly always has (OtH p.30).
RAPID_VANGUARD = ("rapid", "vanguard")

GUN_BEAST_RAPID_VANGUARD = Rule(
    "gun-beast-rapid-vanguard", "error", CHAPTER, "OtH p.30",
    "a gun-beast made rapid or vanguard", "a gun-beast is never rapid or vanguard")


@GUN_BEAST_RAPID_VANGUARD.element(reads=("rules", "cr"), types=tagged("gun_beast"))
def gun_beast_rapid_vanguard(view: ElementView) -> Iterator[Fault]:
    """A gun-beast may not take an upgrade (its own or one CR bought for its type) that would
    make it rapid or vanguard (OtH p.30)."""
    info = view.info
    for rule in RAPID_VANGUARD:
        if rule in info.special_rules:
            culprits = _granted_by(view, rule)
            fix = f": remove {' and '.join(culprits)}" if culprits else ""
            yield Fault(f"a gun-beast is never {view.ruleset.rule_name(rule).lower()}{fix}",
                        field="upgrades")


GRIBBLY_RAPID_VANGUARD = Rule(
    "gribbly-rapid-vanguard", "error", CHAPTER, "OtH p.30",
    "a gribbly that lost rapid or vanguard", "a gribbly is always rapid and vanguard")


@GRIBBLY_RAPID_VANGUARD.element(reads=("rules", "cr"), types=tagged("gribbly"))
def gribbly_rapid_vanguard(view: ElementView) -> Iterator[Fault]:
    """Gribblies are always rapid and vanguard, and nothing may take either away (OtH p.30)."""
    info = view.info
    for rule in RAPID_VANGUARD:
        if rule not in info.special_rules:
            yield Fault(f"a gribbly is always {view.ruleset.rule_name(rule).lower()}; an "
                        "upgrade here takes that away", field="upgrades")


# --- kaiju (OtH p.31, p.66-67) ---------------------------------------------------------

KAIJU_MUTATIONS_ONLY = Rule(
    "kaiju-mutations-only", "error", CHAPTER, "OtH p.31, p.67",
    "an upgrade on a kaiju without mechakaiju", "a kaiju takes mutations (needs Mechakaiju)")


@KAIJU_MUTATIONS_ONLY.statline(reads=("rules", "cr"))
def kaiju_mutations_instead_of_upgrades(view: StatlineView) -> Iterator[Fault]:
    """Kaiju of any size take mutations instead of upgrades, unless they have mechakaiju
    (OtH p.31, p.67). Kaiju-only upgrades (flying, Kaiju! itself) are BioWar's own."""
    info = view.info
    if not view.is_base or not is_kaiju(info) or info.has_upgrade(MECHAKAIJU):
        return
    rs = view.ruleset
    for up_id in [c.choice.id for c in info.base.upgrades] + sorted(type_bought(info)):
        up = rs.upgrades.get(up_id)
        if up is None or up.kind == "mutation" or up.supplement == "biowar":
            continue
        yield Fault(f"a kaiju takes mutations instead of upgrades: {up.name} needs the "
                    "Mechakaiju mutation", field="upgrades", subject=up_id)


MUTATION_NEEDS_KAIJU = Rule(
    "mutation-needs-kaiju", "error", CHAPTER, "OtH p.31",
    "a mutation on a superheavy without Kaiju!", "for kaiju: needs Kaiju! first")


@MUTATION_NEEDS_KAIJU.statline(types=is_superheavy)
def superheavy_mutations_need_kaiju(view: StatlineView) -> Iterator[Fault]:
    """A superheavy may take mutations or flying only as a kaiju, with the Kaiju! upgrade
    (OtH p.31, p.66)."""
    info = view.info
    if not view.is_base or is_kaiju(info):
        return
    for cost in info.base.upgrades:
        up = cost.upgrade
        if up is None or not (up.kind == "mutation" or "kaiju" in up.eligible):
            continue
        yield Fault(f"{up.name} is for kaiju: "
                    f"{with_article(info.type.name if info.type else 'superheavy')} "
                    "needs the Kaiju! upgrade first", field="upgrades",
                    cite=cite(up, "OtH p.31"), subject=cost.choice.id)


# --- the command of a bio-force (OtH p.32-33) ------------------------------------------

def fighting_all_bio(elements: Sequence[ElementInfo]) -> bool | None:
    """Derivation (OtH p.32): whether the force's fighting elements are all gun-beasts,
    gribblies and kaiju (a bio-force); None when it has no fighting element. Our reading
    (docs/rules.md, Readings): strategic assets are support, not the force's fighting
    elements, so they neither make a bio-force "mixed" nor count as bio."""
    fighting = [info for info in elements
                if not (info.type and info.type.category == "asset")]
    return all(is_bio(info) for info in fighting) if fighting else None


BIO_FORCE_COMMAND = Rule(
    "bio-force-command", "error", CHAPTER, "OtH p.32",
    "an all-bio force without an alpha or hivemind", "needs an Alpha or a Hivemind")


@BIO_FORCE_COMMAND.force(modes=BATTLEGROUP_AND_ROUND, reads=("rules", "command", "elements"))
def bio_force_command(force: ForceView) -> Iterator[Fault]:
    """A force of only gun-beasts, gribblies and kaiju must choose an Alpha or a Hivemind
    (OtH p.32)."""
    kind = force.command.kind
    if kind not in BIO_COMMANDS and fighting_all_bio(force.elements):
        name = force.command_option.name if force.command_option is not None else kind
        chosen = "none is chosen" if kind == "none" else f"not {with_article(name)}"
        yield Fault(f"A force of only gun-beasts, gribblies and kaiju must choose an Alpha or "
                    f"a Hivemind: {chosen}", field="command")


BIO_COMMAND_MIXED_FORCE = Rule(
    "bio-command-mixed-force", "warning", CHAPTER, "OtH p.32",
    "an alpha or hivemind over a force that is not all bio", "for an all-bio force")


@BIO_COMMAND_MIXED_FORCE.force(modes=BATTLEGROUP_AND_ROUND, reads=("rules", "command", "elements"))
def bio_command_mixed_force(force: ForceView) -> Iterator[Fault]:
    """An Alpha or a Hivemind is for a force of only gun-beasts, gribblies and kaiju; a force
    with ordinary elements takes a normal CHQ (OtH p.32; our reading: the book does not say
    such a force may not take one, so a warning)."""
    kind = force.command.kind
    if kind in BIO_COMMANDS and fighting_all_bio(force.elements) is False:
        name = force.command_option.name if force.command_option is not None else kind
        yield Fault(f"{name} is for a force of only gun-beasts, gribblies and kaiju; with "
                    "ordinary elements, take a normal CHQ", field="command",
                    cite="OtH p.32 (our reading: the book offers mixed forces a normal CHQ and "
                    "does not say they may not take this)", provisional=True)


ALPHA_NOT_KAIJU = Rule(
    "alpha-not-kaiju", "error", CHAPTER, "OtH p.32",
    "an alpha that is not a kaiju or gun-beast", "an Alpha is a kaiju or a gun-beast")


@ALPHA_NOT_KAIJU.force(modes=BATTLEGROUP_AND_ROUND, reads=("rules", "command"))
def alpha_is_kaiju_or_gun_beast(force: ForceView) -> Iterator[Fault]:
    """An Alpha is a kaiju or a gun-beast: a superheavy only with the Kaiju! upgrade (OtH p.32)."""
    info = force.command_element
    if force.command.kind == "alpha" and info is not None and is_superheavy(info.type) \
            and not is_kaiju(info):
        yield Fault(f"an Alpha is a kaiju or a gun-beast: this "
                    f"{info.type.name if info.type else 'element'} needs the Kaiju! upgrade",
                    field="command", element=info)
