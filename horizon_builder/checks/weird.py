"""Weird Horizons (OtH p.41-43, Appendix 3 p.69-71): weird command, weird upgrades, airships.

Generic upgrade rules (who may take one, how many copies, support weapons
needing another weird upgrade) are data in ``rulesets/60-weird.toml`` and
checked by :mod:`mustering`; this module holds what data cannot say.
"""

from __future__ import annotations

from collections.abc import Iterator

from horizon_builder.checks.common import (
    StatlineAsk,
    about,
    cite,
    cite_within,
    derived,
    indices,
    per_element,
    per_element_total,
    statline_rule,
)
from horizon_builder.engine.analysis import Analysis, ElementInfo
from horizon_builder.engine.findings import Finding, Reason
from horizon_builder.engine.registry import check
from horizon_builder.text.words import with_article

CHAPTER = "Weird Horizons"

#: Weird command that gives the CHQ one weird upgrade free (OtH p.69).
MAD_SCIENTIST = "mad_scientist"
#: Weird command that keeps its CHQ out of reserve at deployment (OtH p.69).
DARK_PRIEST = "dark_priest"
#: The CHQ abilities a weird command may replace (OtH p.42).
ABILITIES = {
    "command_resources": "command resources",
    "chain_of_command": "chain of command",
    "guide_fire": "guide fire",
}


def _weird_commands(a: Analysis) -> list[str]:
    return [w.id for w in a.command.weird]


def command_rules(a: Analysis) -> list[str]:
    """The command's special rules after weird command replaced some (ids, book order).

    For rosters and exports: e.g. ``["guide_fire", "dark_priest", "no_reserve_start"]``.
    """
    option = a.command_option
    if option is None:
        return []
    replaced = {w.replaces for w in a.command.weird}
    rules = [r for r in option.special_rules if r not in replaced]
    for weird in a.command.weird:
        up = a.ruleset.upgrades.get(weird.id)
        if up is not None:
            rules += [r for r in up.grants_rules if r not in rules]
    return rules


@check(CHAPTER)
def weird_command_slots(a: Analysis) -> Iterator[Finding]:
    """Each weird command replaces one CHQ ability: conventional CHQ up to 3, mech CHQ up to 2,
    none for an AI Command, Alpha or Hivemind (OtH p.42: ``weird_slots`` on each command option)."""
    weird = a.command.weird
    if not weird:
        return
    option = a.command_option
    if option is None:
        yield Finding("error", "weird-command-no-chq",
                      "Weird command needs a CHQ: choose the command first", "OtH p.42",
                      field="command.weird")
        return
    if option.weird_slots == 0:
        yield Finding("error", "weird-command-not-allowed",
                      f"{option.name} may not take weird command", "OtH p.42",
                      field="command.weird")
        return
    if len(weird) > option.weird_slots:
        rule, provisional = cite_within(option, option.cited.get("weird_slots"),
                                          "OtH p.42")
        yield Finding("error", "weird-command-too-many",
                      f"{len(weird)} weird commands; {with_article(option.name)} may have at most "
                      f"{option.weird_slots}", rule, field="command.weird", provisional=provisional)
    seen_ids: set[str] = set()
    seen_replaces: set[str] = set()
    for choice in weird:
        up = a.ruleset.upgrades.get(choice.id)
        name = up.name if up is not None else choice.id
        if up is None:
            yield Finding("error", "weird-command-unknown",
                          f"Unknown weird command {choice.id!r}", "OtH p.69",
                          field="command.weird")
        elif up.kind != "weird_command":
            yield Finding("error", "weird-command-not-command",
                          f"{up.name} is not a weird command (a weird upgrade goes on an "
                          "element's upgrades)", "OtH p.69", field="command.weird")
        if choice.id in seen_ids:
            yield Finding("error", "weird-command-repeated",
                          f"{name} is taken twice", "OtH p.42", field="command.weird")
        seen_ids.add(choice.id)
        ability = ABILITIES[choice.replaces]
        if choice.replaces in seen_replaces:
            yield Finding("error", "weird-command-same-ability",
                          f"{name} replaces {ability}, which another weird command already "
                          "replaced: each replaces a different ability", "OtH p.42",
                          field="command.weird")
        elif choice.replaces not in option.special_rules:
            rule, provisional = cite_within(option, option.cited.get("special_rules"),
                                              "OtH p.42")
            yield Finding("error", "weird-command-nothing-to-replace",
                          f"{name} replaces {ability}, which {with_article(option.name)} does not have",
                          rule, field="command.weird", provisional=provisional)
        seen_replaces.add(choice.replaces)


@check(CHAPTER)
def weird_command_summary(a: Analysis) -> Iterator[Finding]:
    """Show what weird command replaced, and that replacing command resources leaves no CR (OtH p.42)."""
    weird = a.command.weird
    if not weird or a.command_option is None or a.command_option.weird_slots == 0:
        return
    chq = a.command_element
    parts = []
    for choice in weird:
        up = a.ruleset.upgrades.get(choice.id)
        parts.append(f"{up.name if up else choice.id} replaces {ABILITIES[choice.replaces]}")
    # The dark priest's reserve ban has its own note (dark_priest_no_reserve): not repeated here.
    rules = ", ".join(a.ruleset.rule_name(r) for r in command_rules(a)
                      if r != "no_reserve_start")
    message = f"weird command: {'; '.join(parts)}. Command rules now: {rules or 'none'}"
    if any(c.replaces == "command_resources" for c in weird):
        message += ". No Command Resources: the force has 0 CR"
    yield about(chq, "info", "weird-command-replaces", message, "OtH p.42", "command.weird")


@check(CHAPTER)
def dark_priest_no_reserve(a: Analysis) -> Iterator[Finding]:
    """Dark priest: its CHQ is never held back in reserve (OtH p.69). An element aboard
    a carrier counts as in reserve (OtH p.65), so a dark priest's CHQ may not start aboard one;
    otherwise deployment is not in the roster, and a note reminds the player."""
    chq = a.command_element
    if DARK_PRIEST not in _weird_commands(a) or chq is None:
        return
    if chq.element.carried_by is not None:
        yield about(chq, "error", "dark-priest-in-reserve",
                    "a dark priest's CHQ may not start in reserve, and starting aboard a carrier "
                    "counts as reserve (OtH p.65): take it off the carrier", "OtH p.69, p.65",
                    "carried_by")
        return
    yield about(chq, "info", "dark-priest-no-reserve",
                "Dark priest: deploy this CHQ on the table, not in reserve", "OtH p.69", "command")


@statline_rule(CHAPTER)
def weird_upgrade_placement(ask: StatlineAsk) -> Iterator[Reason]:
    """Weird command belongs to the command, not on an element's upgrades (OtH p.42, p.69)."""
    weird = [c for c in ask.line.upgrades if c.upgrade and c.upgrade.kind == "weird_command"]
    for cost in weird:
        name = cost.upgrade.name if cost.upgrade else cost.choice.id
        yield Reason("weird-command-on-element", f"{ask.label}{name} is weird command: choose it "
                     "under the command (and say which CHQ ability it replaces), not as an upgrade",
                     "weird command: see Command", "OtH p.42", f"{ask.prefix}upgrades",
                     subject=cost.choice.id)


def _free_weird(a: Analysis, info: ElementInfo) -> int:
    """How many weird upgrades an element marks free."""
    return sum(cost.choice.count for line in (info.base, *info.forms) for cost in line.upgrades
               if cost.upgrade is not None and cost.upgrade.kind == "weird_upgrade"
               and cost.currency == "free")


@check(CHAPTER)
def mad_scientist_free_upgrade(a: Analysis) -> Iterator[Finding]:
    """A mad scientist gives the CHQ one weird upgrade free (OtH p.69; data: ``grants_free`` of
    ``[upgrades.mad_scientist]``). Whether an element may mark one free at all is the payment
    rule's (``upgrade_payment`` in mustering); this counts them."""
    mad = a.ruleset.upgrades.get(MAD_SCIENTIST)
    has_mad = mad is not None and MAD_SCIENTIST in _weird_commands(a)
    allowed = mad.grants_free if mad is not None else 0
    free_total = per_element_total(a, _free_weird)
    if has_mad and free_total > allowed:
        yield Finding("error", "weird-free-too-many",
                      f"{free_total} weird upgrades are marked free; a mad scientist gives "
                      f"{'one' if allowed == 1 else allowed}", cite(mad, "OtH p.69"),
                      field="upgrades", provisional=mad is not None and mad.is_provisional)
    if has_mad and free_total == 0 and a.command_element is not None:
        yield about(a.command_element, "warning", "weird-free-unused",
                    "the mad scientist's free weird upgrade is not taken: choose Free as the "
                    "payment of one weird upgrade on the CHQ (or paid = \"free\" in the file)",
                    "OtH p.69", "upgrades")


def _weird_paid(a: Analysis, info: ElementInfo) -> str | None:
    """How an element's weird upgrades are paid, in words; None when it has none."""
    taken = [c for c in info.base.upgrades
             if c.upgrade is not None and c.upgrade.kind == "weird_upgrade"]
    if not taken:
        return None
    parts = []
    for cost in taken:
        if cost.currency == "free":
            how = "free"
        elif cost.amount is None:
            how = "cost unknown"
        else:
            how = f"{cost.amount} {'CR' if cost.currency == 'cr' else 'stat point'}"
            how += "" if cost.amount == 1 or cost.currency == "cr" else "s"
        parts.append(f"{cost.upgrade.name} ({how})")  # type: ignore[union-attr]
    return f"{info.element.name}: {', '.join(parts)}"


def _weird_entries(texts: list[str | None]) -> tuple[list[int], str]:
    """Where the elements with weird upgrades are, and how each is paid, in one text."""
    places = [n for n in indices(texts) if texts[n] is not None]
    return places, "; ".join(texts[n] for n in places)  # type: ignore[misc]


@check(CHAPTER)
def weird_upgrade_summary(a: Analysis) -> Iterator[Finding]:
    """Weird upgrades are bought per element, not for the whole type (OtH p.42): one note for
    the force saying how each is paid (the roster lists the upgrades, not the payment)."""
    places, text = derived(a, per_element(a, _weird_paid), _weird_entries)
    if not places:
        return
    only = a.elements[places[0]] if len(places) == 1 else None
    yield Finding("info", "weird-upgrades", "Weird upgrades, paid per element: " + text,
                  "OtH p.42, p.69-71", only.id if only else None,
                  only.element.name if only else None, "upgrades")


def _is_airship(info: ElementInfo) -> bool:
    return info.type is not None and "airship" in info.type.tags


def _airship_name(info: ElementInfo) -> str | None:
    return info.element.name if _is_airship(info) else None


def _joined(names: list[str | None]) -> str:
    return ", ".join(name for name in names if name is not None)


@check(CHAPTER)
def airship_rules(a: Analysis) -> Iterator[Finding]:
    """Airships are aircraft with Mb +0, hover, bank/veer only, alert and a 360° arc (OtH p.43):
    one note naming every airship (their rules are the same)."""
    if not a.tally(_is_airship)[True]:
        return
    flags = a.column(_is_airship)
    first = a.elements[flags.index(True)]
    rules = ", ".join(a.ruleset.rule_name(r) for r in first.special_rules)
    names = derived(a, a.column(_airship_name), _joined)
    only = first if a.tally(_is_airship)[True] == 1 else None
    yield Finding("info", "airship-rules", f"Airship rules for {names}: Mb +0; {rules}",
                  "OtH p.43", only.id if only else None, only.element.name if only else None,
                  "type")
