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

from collections.abc import Iterator

from horizon_builder.checks.common import (
    StatlineAsk,
    about,
    cite,
    element_findings,
    is_superheavy,
    statline_rule,
)
from horizon_builder.checks.datawar import type_bought, upgrade_name
from horizon_builder.engine.analysis import Analysis, ElementInfo
from horizon_builder.engine.findings import Finding, Reason
from horizon_builder.engine.registry import check
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


ASSET, BIO, OTHER = 0, 1, 2


def _bio_kind(info: ElementInfo) -> int:
    """A strategic asset (not a fighting element), a bio element or another."""
    if info.type and info.type.category == "asset":
        return ASSET
    return BIO if is_bio(info) else OTHER


def _granted_by(a: Analysis, info: ElementInfo, rule: str) -> list[str]:
    """Names of the upgrades (own or bought for the type) that grant a special rule."""
    rs = a.ruleset
    ids = [c.choice.id for c in info.base.upgrades] + sorted(type_bought(info))
    return [upgrade_name(rs, i) for i in ids
            if i in rs.upgrades and rule in rs.upgrades[i].grants_rules]


#: Special rules a gun-beast never has and a gribbly always has (OtH p.30).
RAPID_VANGUARD = ("rapid", "vanguard")


@check(CHAPTER)
def rapid_and_vanguard_of_bio_swarms(a: Analysis) -> Iterator[Finding]:
    """A gun-beast may not take an upgrade that would make it rapid or vanguard; gribblies are
    always both, and nothing may take either away (OtH p.30)."""
    yield from element_findings(a, _rapid_vanguard)


def _rapid_vanguard(a: Analysis, info: ElementInfo) -> list[Finding]:
    found = []
    beast, gribbly = has_tag(info, "gun_beast"), has_tag(info, "gribbly")
    for rule in RAPID_VANGUARD if beast or gribbly else ():
        name = a.ruleset.rule_name(rule).lower()
        if beast and rule in info.special_rules:
            culprits = _granted_by(a, info, rule)
            fix = f": remove {' and '.join(culprits)}" if culprits else ""
            found.append(about(info, "error", "gun-beast-rapid-vanguard",
                               f"a gun-beast is never {name}{fix}", "OtH p.30", "upgrades"))
        elif gribbly and rule not in info.special_rules:
            found.append(about(info, "error", "gribbly-rapid-vanguard",
                               f"a gribbly is always {name}; an upgrade here takes that away",
                               "OtH p.30", "upgrades"))
    return found


@statline_rule(CHAPTER)
def kaiju_mutations_instead_of_upgrades(ask: StatlineAsk) -> Iterator[Reason]:
    """Kaiju of any size take mutations instead of upgrades, unless they have mechakaiju
    (OtH p.31, p.67). Kaiju-only upgrades (flying, Kaiju! itself) are BioWar's own."""
    info, rs = ask.info, ask.ruleset
    if not ask.is_base or not is_kaiju(info) or info.has_upgrade(MECHAKAIJU):
        return
    for up_id in [c.choice.id for c in info.base.upgrades] + sorted(type_bought(info)):
        up = rs.upgrades.get(up_id)
        if up is None or up.kind == "mutation" or up.supplement == "biowar":
            continue
        yield Reason("kaiju-mutations-only",
                     f"a kaiju takes mutations instead of upgrades: {up.name} needs the "
                     "Mechakaiju mutation", "a kaiju takes mutations (needs Mechakaiju)",
                     "OtH p.31, p.67", "upgrades", subject=up_id)


@statline_rule(CHAPTER)
def superheavy_mutations_need_kaiju(ask: StatlineAsk) -> Iterator[Reason]:
    """A superheavy may take mutations or flying only as a kaiju, with the Kaiju! upgrade
    (OtH p.31, p.66)."""
    info = ask.info
    if not ask.is_base or not is_superheavy(info.type) or is_kaiju(info):
        return
    for cost in info.base.upgrades:
        up = cost.upgrade
        if up is None or not (up.kind == "mutation" or "kaiju" in up.eligible):
            continue
        yield Reason("mutation-needs-kaiju",
                     f"{up.name} is for kaiju: {with_article(info.type.name if info.type else 'superheavy')} "
                     "needs the Kaiju! upgrade first", "for kaiju: needs Kaiju! first",
                     cite(up, "OtH p.31"), "upgrades", subject=cost.choice.id)


@check(CHAPTER, applies_to=("battlegroup", "round"))
def bio_force_command(a: Analysis) -> Iterator[Finding]:
    """A force of only gun-beasts, gribblies and kaiju must choose an Alpha or a Hivemind; those
    two are for such forces (a force with ordinary elements takes a normal CHQ) (OtH p.32)."""
    # Our reading (docs/rules.md, Readings): strategic assets are support, not the force's fighting
    # elements, so they neither make a bio-force "mixed" nor count as bio.
    kinds = a.tally(_bio_kind)
    if kinds[ASSET] == len(a.elements):
        return  # no fighting element
    all_bio = OTHER not in kinds
    kind = a.command.kind
    name = a.command_option.name if a.command_option is not None else kind
    if all_bio and kind not in BIO_COMMANDS:
        chosen = "none is chosen" if kind == "none" else f"not {with_article(name)}"
        yield Finding("error", "bio-force-command",
                      f"A force of only gun-beasts, gribblies and kaiju must choose an Alpha or "
                      f"a Hivemind: {chosen}", "OtH p.32", field="command")
    elif not all_bio and kind in BIO_COMMANDS:
        yield Finding("warning", "bio-command-mixed-force",
                      f"{name} is for a force of only gun-beasts, gribblies and kaiju; with "
                      "ordinary elements, take a normal CHQ",
                      "OtH p.32 (our reading: the book offers mixed forces a normal CHQ and does "
                      "not say they may not take this)", field="command", provisional=True)


@check(CHAPTER, applies_to=("battlegroup", "round"))
def alpha_is_kaiju_or_gun_beast(a: Analysis) -> Iterator[Finding]:
    """An Alpha is a kaiju or a gun-beast: a superheavy only with the Kaiju! upgrade (OtH p.32)."""
    info = a.command_element
    if a.command.kind != "alpha" or info is None:
        return
    if is_superheavy(info.type) and not is_kaiju(info):
        yield about(info, "error", "alpha-not-kaiju",
                    f"an Alpha is a kaiju or a gun-beast: this {info.type.name if info.type else 'element'}"
                    " needs the Kaiju! upgrade", "OtH p.32", "command")
