"""Weird Horizons (OtH p.41-43, Appendix 3 p.69-71): weird command, weird upgrades, airships.

Generic upgrade rules (who may take one, how many copies, support weapons
needing another weird upgrade) are data in ``rulesets/60-weird.toml`` and
checked by :mod:`mustering`; this module holds what data cannot say.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from horizon_builder.checks.common import cite, cite_within
from horizon_builder.engine.analysis import ElementInfo
from horizon_builder.engine.rule import Fault, ForceView, Rule, StatlineView
from horizon_builder.roster.models import WeirdCommandChoice
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
#: What the weird command rules read beyond the ruleset.
COMMAND = ("rules", "command")


def _weird_commands(force: ForceView) -> list[str]:
    return [w.id for w in force.command.weird]


def command_rules(force: ForceView) -> list[str]:
    """Derivation (OtH p.42, p.69): the command's special rules after weird command replaced
    some (ids, book order): each weird command takes away the ability it replaces and adds
    the rules it grants.

    For rosters and exports: e.g. ``["guide_fire", "dark_priest", "no_reserve_start"]``.
    """
    option = force.command_option
    if option is None:
        return []
    replaced = {w.replaces for w in force.command.weird}
    rules = [r for r in option.special_rules if r not in replaced]
    for weird in force.command.weird:
        up = force.ruleset.upgrades.get(weird.id)
        if up is not None:
            rules += [r for r in up.grants_rules if r not in rules]
    return rules


# --- weird command: how many, which, replacing what (OtH p.42, p.69) -----------------

WEIRD_COMMAND_NO_CHQ = Rule(
    "weird-command-no-chq", "error", CHAPTER, "OtH p.42",
    "weird command with no CHQ", "needs a CHQ")


@WEIRD_COMMAND_NO_CHQ.force(reads=COMMAND)
def weird_command_no_chq(force: ForceView) -> Iterator[Fault]:
    """Weird command replaces a CHQ's ability, so it needs a command chosen (OtH p.42)."""
    if force.command.weird and force.command_option is None:
        yield Fault("Weird command needs a CHQ: choose the command first", field="command.weird")


WEIRD_COMMAND_NOT_ALLOWED = Rule(
    "weird-command-not-allowed", "error", CHAPTER, "OtH p.42",
    "weird command under a command that has none", "not for this command")


@WEIRD_COMMAND_NOT_ALLOWED.force(reads=COMMAND)
def weird_command_not_allowed(force: ForceView) -> Iterator[Fault]:
    """An AI Command, an Alpha or a Hivemind takes no weird command (OtH p.42: ``weird_slots``
    0 on the command option)."""
    option = force.command_option
    if force.command.weird and option is not None and option.weird_slots == 0:
        yield Fault(f"{option.name} may not take weird command", field="command.weird")


def weird_choices(force: ForceView) -> Sequence[WeirdCommandChoice]:
    """The weird commands chosen, when the command may take any (else nothing: the two rules
    above say why not)."""
    option = force.command_option
    if option is None or option.weird_slots == 0:
        return ()
    return force.command.weird


WEIRD_COMMAND_TOO_MANY = Rule(
    "weird-command-too-many", "error", CHAPTER, "OtH p.42",
    "more weird commands than the command allows", "too many weird commands")


@WEIRD_COMMAND_TOO_MANY.force(reads=COMMAND)
def weird_command_too_many(force: ForceView) -> Iterator[Fault]:
    """Each weird command replaces one CHQ ability: conventional CHQ up to 3, mech CHQ up to 2
    (OtH p.42: ``weird_slots`` on each command option)."""
    weird, option = weird_choices(force), force.command_option
    if option is not None and len(weird) > option.weird_slots:
        rule, provisional = cite_within(option, option.cited.get("weird_slots"), "OtH p.42")
        yield Fault(f"{len(weird)} weird commands; {with_article(option.name)} may have at most "
                    f"{option.weird_slots}", field="command.weird", cite=rule,
                    provisional=provisional)


WEIRD_COMMAND_UNKNOWN = Rule(
    "weird-command-unknown", "error", CHAPTER, "OtH p.69",
    "a weird command the rules do not know", "unknown weird command")


@WEIRD_COMMAND_UNKNOWN.force(reads=COMMAND)
def weird_command_unknown(force: ForceView) -> Iterator[Fault]:
    """A weird command is one of Appendix 3's (OtH p.69)."""
    for choice in weird_choices(force):
        if choice.id not in force.ruleset.upgrades:
            yield Fault(f"Unknown weird command {choice.id!r}", field="command.weird")


WEIRD_COMMAND_NOT_COMMAND = Rule(
    "weird-command-not-command", "error", CHAPTER, "OtH p.69",
    "an upgrade that is not weird command", "not weird command")


@WEIRD_COMMAND_NOT_COMMAND.force(reads=COMMAND)
def weird_command_not_command(force: ForceView) -> Iterator[Fault]:
    """Only weird command goes under the command; a weird upgrade is an element's (OtH p.69)."""
    for choice in weird_choices(force):
        up = force.ruleset.upgrades.get(choice.id)
        if up is not None and up.kind != "weird_command":
            yield Fault(f"{up.name} is not a weird command (a weird upgrade goes on an "
                        "element's upgrades)", field="command.weird")


def _weird_name(force: ForceView, choice: WeirdCommandChoice) -> str:
    up = force.ruleset.upgrades.get(choice.id)
    return up.name if up is not None else choice.id


def _seen_before(choices: Sequence[WeirdCommandChoice], what: str
                 ) -> Iterator[tuple[WeirdCommandChoice, bool]]:
    """Each choice, and whether a choice before it had the same ``what`` (its id, or the
    ability it replaces)."""
    seen: set[str] = set()
    for choice in choices:
        value = getattr(choice, what)
        yield choice, value in seen
        seen.add(value)


WEIRD_COMMAND_REPEATED = Rule(
    "weird-command-repeated", "error", CHAPTER, "OtH p.42",
    "the same weird command twice", "taken already")


@WEIRD_COMMAND_REPEATED.force(reads=COMMAND)
def weird_command_repeated(force: ForceView) -> Iterator[Fault]:
    """A weird command is taken once (OtH p.42)."""
    for choice, again in _seen_before(weird_choices(force), "id"):
        if again:
            yield Fault(f"{_weird_name(force, choice)} is taken twice", field="command.weird")


WEIRD_COMMAND_SAME_ABILITY = Rule(
    "weird-command-same-ability", "error", CHAPTER, "OtH p.42",
    "two weird commands replacing one ability", "ability replaced already")


@WEIRD_COMMAND_SAME_ABILITY.force(reads=COMMAND)
def weird_command_same_ability(force: ForceView) -> Iterator[Fault]:
    """Each weird command replaces a different CHQ ability (OtH p.42)."""
    for choice, again in _seen_before(weird_choices(force), "replaces"):
        if again:
            yield Fault(f"{_weird_name(force, choice)} replaces {ABILITIES[choice.replaces]}, "
                        "which another weird command already replaced: each replaces a "
                        "different ability", field="command.weird")


WEIRD_COMMAND_NOTHING_TO_REPLACE = Rule(
    "weird-command-nothing-to-replace", "error", CHAPTER, "OtH p.42",
    "an ability the command does not have", "nothing to replace")


@WEIRD_COMMAND_NOTHING_TO_REPLACE.force(reads=COMMAND)
def weird_command_nothing_to_replace(force: ForceView) -> Iterator[Fault]:
    """A weird command replaces an ability the command has (OtH p.42: the command option's
    ``special_rules``)."""
    option = force.command_option
    for choice, again in _seen_before(weird_choices(force), "replaces"):
        if option is not None and not again and choice.replaces not in option.special_rules:
            rule, provisional = cite_within(option, option.cited.get("special_rules"), "OtH p.42")
            yield Fault(f"{_weird_name(force, choice)} replaces {ABILITIES[choice.replaces]}, "
                        f"which {with_article(option.name)} does not have", field="command.weird",
                        cite=rule, provisional=provisional)


WEIRD_COMMAND_REPLACES = Rule(
    "weird-command-replaces", "info", CHAPTER, "OtH p.42",
    "what each weird command replaced")


@WEIRD_COMMAND_REPLACES.force(reads=COMMAND)
def weird_command_summary(force: ForceView) -> Iterator[Fault]:
    """Show what weird command replaced, and that replacing command resources leaves no CR
    (OtH p.42)."""
    weird = weird_choices(force)
    if not weird:
        return
    parts = [f"{_weird_name(force, choice)} replaces {ABILITIES[choice.replaces]}"
             for choice in weird]
    # The dark priest's reserve ban has its own note (dark-priest-no-reserve): not repeated here.
    rules = ", ".join(force.ruleset.rule_name(r) for r in command_rules(force)
                      if r != "no_reserve_start")
    message = f"weird command: {'; '.join(parts)}. Command rules now: {rules or 'none'}"
    if any(c.replaces == "command_resources" for c in weird):
        message += ". No Command Resources: the force has 0 CR"
    yield Fault(message, field="command.weird", element=force.command_element)


# --- dark priest (OtH p.69) ------------------------------------------------------------

def _dark_priest_chq(force: ForceView) -> ElementInfo | None:
    """The CHQ of a dark priest (None without one)."""
    return force.command_element if DARK_PRIEST in _weird_commands(force) else None


DARK_PRIEST_IN_RESERVE = Rule(
    "dark-priest-in-reserve", "error", CHAPTER, "OtH p.69, p.65",
    "a dark priest's CHQ starts aboard a carrier (reserve)", "not aboard a carrier")


@DARK_PRIEST_IN_RESERVE.force(reads=COMMAND)
def dark_priest_in_reserve(force: ForceView) -> Iterator[Fault]:
    """Dark priest: its CHQ is never held back in reserve (OtH p.69). An element aboard a
    carrier counts as in reserve (OtH p.65), so a dark priest's CHQ may not start aboard one."""
    chq = _dark_priest_chq(force)
    if chq is not None and chq.element.carried_by is not None:
        yield Fault("a dark priest's CHQ may not start in reserve, and starting aboard a carrier "
                    "counts as reserve (OtH p.65): take it off the carrier", field="carried_by",
                    element=chq)


DARK_PRIEST_NO_RESERVE = Rule(
    "dark-priest-no-reserve", "info", CHAPTER, "OtH p.69",
    "a dark priest's CHQ deploys on the table")


@DARK_PRIEST_NO_RESERVE.force(reads=COMMAND)
def dark_priest_no_reserve(force: ForceView) -> Iterator[Fault]:
    """Dark priest: its CHQ is never held back in reserve (OtH p.69); deployment is not in the
    roster, so a note reminds the player (one aboard a carrier is dark-priest-in-reserve)."""
    chq = _dark_priest_chq(force)
    if chq is not None and chq.element.carried_by is None:
        yield Fault("Dark priest: deploy this CHQ on the table, not in reserve", field="command",
                    element=chq)


# --- weird upgrades on elements (OtH p.42, p.69-71) ------------------------------------

WEIRD_COMMAND_ON_ELEMENT = Rule(
    "weird-command-on-element", "error", CHAPTER, "OtH p.42",
    "weird command taken as an element's upgrade", "weird command: see Command")


@WEIRD_COMMAND_ON_ELEMENT.statline()
def weird_upgrade_placement(view: StatlineView) -> Iterator[Fault]:
    """Weird command belongs to the command, not on an element's upgrades (OtH p.42, p.69)."""
    for cost in view.line.upgrades:
        if cost.upgrade is not None and cost.upgrade.kind == "weird_command":
            yield Fault(f"{view.label}{cost.upgrade.name} is weird command: choose it under the "
                        "command (and say which CHQ ability it replaces), not as an upgrade",
                        field=f"{view.prefix}upgrades", subject=cost.choice.id)


def free_weird_upgrades(elements: Sequence[ElementInfo]) -> int:
    """Derivation (OtH p.69, mad scientist): how many weird upgrades the force marks free,
    copies counted, on every statline (baseform and metaforms)."""
    return sum(cost.choice.count for info in elements for line in (info.base, *info.forms)
               for cost in line.upgrades
               if cost.upgrade is not None and cost.upgrade.kind == "weird_upgrade"
               and cost.currency == "free")


WEIRD_FREE_TOO_MANY = Rule(
    "weird-free-too-many", "error", CHAPTER, "OtH p.69",
    "more than one free weird upgrade", "one free weird upgrade")


@WEIRD_FREE_TOO_MANY.force(reads=("rules", "command", "elements"))
def weird_free_too_many(force: ForceView) -> Iterator[Fault]:
    """A mad scientist gives the CHQ one weird upgrade free (OtH p.69; data: ``grants_free`` of
    ``[upgrades.mad_scientist]``). Whether an element may mark one free at all is the payment
    rule's (``upgrade_payment`` in mustering); this counts them."""
    mad = force.ruleset.upgrades.get(MAD_SCIENTIST)
    if mad is None or MAD_SCIENTIST not in _weird_commands(force):
        return
    free = free_weird_upgrades(force.elements)
    if free > mad.grants_free:
        yield Fault(f"{free} weird upgrades are marked free; a mad scientist gives "
                    f"{'one' if mad.grants_free == 1 else mad.grants_free}", field="upgrades",
                    cite=cite(mad, "OtH p.69"), provisional=mad.is_provisional)


WEIRD_FREE_UNUSED = Rule(
    "weird-free-unused", "warning", CHAPTER, "OtH p.69",
    "the mad scientist's free weird upgrade not taken")


@WEIRD_FREE_UNUSED.force(reads=("rules", "command", "elements"))
def weird_free_unused(force: ForceView) -> Iterator[Fault]:
    """A mad scientist's free weird upgrade (OtH p.69) not taken: the player meant to take it."""
    if (MAD_SCIENTIST in force.ruleset.upgrades and MAD_SCIENTIST in _weird_commands(force)
            and force.command_element is not None and free_weird_upgrades(force.elements) == 0):
        yield Fault("the mad scientist's free weird upgrade is not taken: choose Free as the "
                    "payment of one weird upgrade on the CHQ (or paid = \"free\" in the file)",
                    field="upgrades", element=force.command_element)


def weird_payment(info: ElementInfo) -> str | None:
    """How an element's weird upgrades are paid, in words; None when it has none."""
    parts = []
    for cost in info.base.upgrades:
        if cost.upgrade is None or cost.upgrade.kind != "weird_upgrade":
            continue
        if cost.currency == "free":
            how = "free"
        elif cost.amount is None:
            how = "cost unknown"
        else:
            how = f"{cost.amount} {'CR' if cost.currency == 'cr' else 'stat point'}"
            how += "" if cost.amount == 1 or cost.currency == "cr" else "s"
        parts.append(f"{cost.upgrade.name} ({how})")
    return f"{info.element.name}: {', '.join(parts)}" if parts else None


WEIRD_UPGRADES = Rule(
    "weird-upgrades", "info", CHAPTER, "OtH p.42, p.69-71",
    "how each weird upgrade is paid")


@WEIRD_UPGRADES.force()
def weird_upgrade_summary(force: ForceView) -> Iterator[Fault]:
    """Weird upgrades are bought per element, not for the whole type (OtH p.42): one note for
    the force saying how each is paid (the roster lists the upgrades, not the payment)."""
    paid = [(info, text) for info in force.elements if (text := weird_payment(info))]
    if paid:
        only = paid[0][0] if len(paid) == 1 else None
        yield Fault("Weird upgrades, paid per element: " + "; ".join(text for _, text in paid),
                    field="upgrades", element_id=only.id if only else None,
                    element_name=only.element.name if only else None)


# --- airships (OtH p.43) ---------------------------------------------------------------

AIRSHIP_RULES = Rule(
    "airship-rules", "info", CHAPTER, "OtH p.43",
    "what an airship is and may not do")


@AIRSHIP_RULES.force()
def airship_rules(force: ForceView) -> Iterator[Fault]:
    """Airships are aircraft with Mb +0, hover, bank/veer only, alert and a 360° arc (OtH p.43):
    one note naming every airship (their rules are the same)."""
    airships = [info for info in force.elements
                if info.type is not None and "airship" in info.type.tags]
    if not airships:
        return
    rules = ", ".join(force.ruleset.rule_name(r) for r in airships[0].special_rules)
    names = ", ".join(info.element.name for info in airships)
    only = airships[0] if len(airships) == 1 else None
    yield Fault(f"Airship rules for {names}: Mb +0; {rules}", field="type",
                element_id=only.id if only else None,
                element_name=only.element.name if only else None)
