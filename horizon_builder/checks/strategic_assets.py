"""Strategic assets (OtH p.36-40): ballistic strike, naval support, field hospital, special ops.

Assets are elements of category ``asset`` (never on the table). One-per-force
limits, FC/FP and who may take which option are data in
``rulesets/50-strategic-assets.toml``; this module checks what data cannot say.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from horizon_builder.checks.common import cite, eligible_names, is_aircraft, plural
from horizon_builder.checks.weird import command_rules
from horizon_builder.engine.analysis import ElementInfo
from horizon_builder.engine.rule import ElementView, Fault, ForceView, Rule
from horizon_builder.rules.models import Ruleset

CHAPTER = "Strategic assets"

BALLISTIC_STRIKE = "ballistic_strike"
NAVAL_SUPPORT = "naval_support"
FIELD_HOSPITAL = "field_hospital"
HOSPITAL_CR = "hospital_cr"
SPECIAL_OPERATION = "special_operation"


def _of_type(force: ForceView, type_id: str) -> list[ElementInfo]:
    """The elements of one type, in order."""
    return [info for info in force.elements if info.element.type == type_id]


# --- ballistic strike (OtH p.38) -------------------------------------------------------

BALLISTIC_STRIKE_COSTS = Rule(
    "ballistic-strike-costs", "info", CHAPTER, "OtH p.38",
    "what a ballistic strike counts as")


@BALLISTIC_STRIKE_COSTS.force()
def ballistic_strike_costs(force: ForceView) -> Iterator[Fault]:
    """A strategic ballistic strike is P3 for Force Cost and P0 for everything else (OtH p.38)."""
    # One note is enough: a second strike is already an error (type-over-limit).
    for info in _of_type(force, BALLISTIC_STRIKE)[:1]:
        yield Fault(f"ballistic strike: FC {info.fc}, FP {info.fp}, no deployment space; "
                    "called in by an element with guide fire", field="type", element=info)


BALLISTIC_STRIKE_NO_GUIDE_FIRE = Rule(
    "ballistic-strike-no-guide-fire", "warning", CHAPTER, "OtH p.38",
    "guide fire on a ballistic strike", "no guide fire")


@BALLISTIC_STRIKE_NO_GUIDE_FIRE.force(reads=("rules", "command", "elements"))
def ballistic_strike_no_guide_fire(force: ForceView) -> Iterator[Fault]:
    """A ballistic strike is called in by an element with guide fire, a CHQ's (OtH p.38)."""
    if _of_type(force, BALLISTIC_STRIKE) and (
        force.command_element is None or "guide_fire" not in command_rules(force)
    ):
        yield Fault("No element has guide fire (a CHQ's), so the ballistic strike cannot be "
                    "called in", field="command")


# --- naval support (OtH p.39) ----------------------------------------------------------

def naval_abilities(rs: Ruleset, info: ElementInfo) -> tuple[list[str], int]:
    """Derivation (OtH p.39): the force abilities a naval support bought (the upgrades naval
    support may take), and how many, copies counted; each costs one point of its P."""
    abilities = {up_id for up_id, up in rs.upgrades.items() if NAVAL_SUPPORT in up.eligible}
    chosen = [c.choice.id for c in info.base.upgrades if c.choice.id in abilities]
    count = sum(c.choice.count for c in info.base.upgrades if c.choice.id in abilities)
    return chosen, count


def _naval_support(view: ElementView) -> tuple[int, int]:
    """(abilities bought, P) of a naval support."""
    info = view.info
    return naval_abilities(view.ruleset, info)[1], info.element.presence


NAVAL_SUPPORT_TOO_MANY_ABILITIES = Rule(
    "naval-support-too-many-abilities", "error", CHAPTER, "OtH p.39",
    "more naval abilities than its P", "one ability per P")


@NAVAL_SUPPORT_TOO_MANY_ABILITIES.element(types={NAVAL_SUPPORT})
def naval_support_too_many(view: ElementView) -> Iterator[Fault]:
    """Naval support: each point of its Presence buys one force ability, no more (OtH p.39)."""
    count, p = _naval_support(view)
    if count > p:
        yield Fault(f"{plural(count, 'ability')} chosen; P{p} naval support buys {p}: drop one or raise "
                    "its P", field="upgrades")


NAVAL_SUPPORT_UNUSED_POINTS = Rule(
    "naval-support-unused-points", "warning", CHAPTER, "OtH p.39",
    "naval support points not spent", "points unspent")


@NAVAL_SUPPORT_UNUSED_POINTS.element(types={NAVAL_SUPPORT})
def naval_support_unused(view: ElementView) -> Iterator[Fault]:
    """Naval support: a point of its Presence that buys no ability is FP for nothing (OtH p.39)."""
    count, p = _naval_support(view)
    if count < p:
        yield Fault(f"P{p} naval support buys {plural(p, 'ability')} but only {count} chosen "
                    f"({plural(p - count, 'point')} of FP bought nothing)", field="upgrades")


def _reaches_none(force: ForceView, ability: str) -> tuple[str, str, bool] | None:
    """When an ability's data says whom it reaches (``reaches``) and the force has none of
    them: (whom, in words; citation; provisional). None when it reaches someone."""
    up = force.ruleset.upgrades.get(ability)
    reach = up.reaches if up is not None else None
    if reach is None or any(
            force.ruleset.matches(info.element.type, reach.names)
            and (reach.max_presence is None or info.element.presence <= reach.max_presence)
            for info in force.elements):
        return None
    whom = eligible_names(force.ruleset, reach.names)
    if reach.max_presence is not None:
        whom += f" of P{reach.max_presence} or less"
    return whom, cite(reach, "OtH p.39"), reach.is_provisional


def _reaching_no_one(force: ForceView, ability: str, says: str) -> Iterator[Fault]:
    """A fault on each naval support that bought ``ability`` when whom it reaches (data:
    ``reaches``) is not in the force (OtH p.39). ``says``: the message, with {whom}."""
    for info in _of_type(force, NAVAL_SUPPORT):
        if ability in naval_abilities(force.ruleset, info)[0] \
                and (none := _reaches_none(force, ability)):
            whom, rule, provisional = none
            yield Fault(says.format(whom=whom), field="upgrades", cite=rule,
                        provisional=provisional, element=info)


GUNNERY_PRIORITY_WITHOUT_STRIKE = Rule(
    "gunnery-priority-without-strike", "warning", CHAPTER, "OtH p.39",
    "gunnery priority with nothing to strike", "nothing to strike")


@GUNNERY_PRIORITY_WITHOUT_STRIKE.force()
def gunnery_priority_without_strike(force: ForceView) -> Iterator[Fault]:
    """Gunnery priority helps a ballistic strike (OtH p.39; data: ``reaches``)."""
    yield from _reaching_no_one(force, "gunnery_priority",
                                "gunnery priority only helps {whom}, and this force has none")


MARINES_WITHOUT_LT_INF = Rule(
    "marines-without-lt-inf", "warning", CHAPTER, "OtH p.39",
    "marines with no light infantry", "no light infantry")


@MARINES_WITHOUT_LT_INF.force()
def marines_without_lt_inf(force: ForceView) -> Iterator[Fault]:
    """Marines affect light infantry of small Presence (OtH p.39; data: ``reaches``)."""
    yield from _reaching_no_one(force, "marines",
                                "marines affect {whom}, and this force has none")


CARRIER_WITHOUT_AIRCRAFT = Rule(
    "carrier-without-aircraft", "warning", CHAPTER, "OtH p.39",
    "a carrier ability with no aircraft to use it", "no aircraft")


@CARRIER_WITHOUT_AIRCRAFT.force()
def carrier_without_aircraft(force: ForceView) -> Iterator[Fault]:
    """An aircraft carrier helps the force's aircraft (OtH p.39; data: ``reaches``)."""
    yield from _reaching_no_one(force, "aircraft_carrier",
                                "aircraft carrier helps {whom}, and this force has none")


# --- field hospital (OtH p.40) ---------------------------------------------------------

FIELD_HOSPITAL_NEEDS_CHQ = Rule(
    "field-hospital-needs-chq", "error", CHAPTER, "OtH p.40",
    "a field hospital with no CHQ to pay it", "needs a CHQ")


@FIELD_HOSPITAL_NEEDS_CHQ.element(reads=("rules", "command"), types={FIELD_HOSPITAL})
def field_hospital_needs_chq(view: ElementView) -> Iterator[Fault]:
    """A field hospital is paid with a CHQ's Command Resources (OtH p.40)."""
    force, option = view.force, view.force.command_option
    if force.command_element is None or option is None or not option.needs_element:
        yield Fault("a field hospital is paid from a CHQ's Command Resources, and this force "
                    "has no CHQ", field="command")


FIELD_HOSPITAL_NEEDS_CR = Rule(
    "field-hospital-needs-cr", "error", CHAPTER, "OtH p.40",
    "a field hospital with no CR spent on it", "needs CR")


@FIELD_HOSPITAL_NEEDS_CR.element(reads=("rules", "command"), types={FIELD_HOSPITAL})
def field_hospital_needs_cr(view: ElementView) -> Iterator[Fault]:
    """A field hospital is paid with the CHQ's Command Resources: a CHQ without them (its
    command has none, or weird command replaced them) cannot pay it (OtH p.40)."""
    force, option = view.force, view.force.command_option
    if force.command_element is None or option is None or not option.needs_element:
        return  # no CHQ: field-hospital-needs-chq
    if not option.command_resources or any(
            w.replaces == "command_resources" for w in force.command.weird):
        yield Fault(f"a field hospital is paid from the CHQ's Command Resources, and a "
                    f"{option.name} here has none", field="command")


FIELD_HOSPITAL_EMPTY = Rule(
    "field-hospital-empty", "warning", CHAPTER, "OtH p.40",
    "a field hospital with nothing to heal", "no CR spent")


@FIELD_HOSPITAL_EMPTY.element(types={FIELD_HOSPITAL})
def field_hospital_empty(view: ElementView) -> Iterator[Fault]:
    """A field hospital with no CR spent on it does nothing (OtH p.40)."""
    if view.info.cr_spent == 0:
        up = view.ruleset.upgrades.get(HOSPITAL_CR)  # named as the player sees it, never its id
        yield Fault("no CR spent on the field hospital: it does nothing (take "
                    f"\"{up.name if up else HOSPITAL_CR}\", once per CR)", field="upgrades")


FIELD_HOSPITAL_DICE = Rule(
    "field-hospital-dice", "info", CHAPTER, "OtH p.40",
    "the dice a field hospital rolls")


@FIELD_HOSPITAL_DICE.element(types={FIELD_HOSPITAL})
def field_hospital_dice(view: ElementView) -> Iterator[Fault]:
    """A field hospital rolls a d12 for each CR spent on it, any amount (OtH p.40)."""
    spent = view.info.cr_spent
    if spent:
        yield Fault(f"{spent} CR spent: roll {spent}d12 before the battle for Defence and "
                    "Recover re-rolls", field="upgrades")


# --- special operation (OtH p.38) ------------------------------------------------------

def _on_special_operation(info: ElementInfo) -> bool:
    if info.has_upgrade(SPECIAL_OPERATION):
        return True
    return bool(info.forms) and any(
        c.choice.id == SPECIAL_OPERATION for f in info.forms for c in f.upgrades)


SPECIAL_OPERATION_TOO_MANY = Rule(
    "special-operation-too-many", "error", CHAPTER, "OtH p.38",
    "more than one special operation", "one special operation")


@SPECIAL_OPERATION_TOO_MANY.force()
def special_operation_one(force: ForceView) -> Iterator[Fault]:
    """One SF element may be sent on a special operation before the first turn (OtH p.38)."""
    sent = [info for info in force.elements if _on_special_operation(info)]
    if len(sent) > 1:
        names = ", ".join(info.element.name for info in sent)
        yield Fault(f"{plural(len(sent), 'element')} on special operations ({names}); at most one",
                    field="upgrades")


SPECIAL_OPERATION_SENT = Rule(
    "special-operation-sent", "info", CHAPTER, "OtH p.38",
    "the element sent on a special operation")


@SPECIAL_OPERATION_SENT.element()
def special_operation_sent(view: ElementView) -> Iterator[Fault]:
    """An element on a special operation rolls 3d12 before turn 1 and takes no other part in
    the battle (OtH p.38)."""
    info = view.info
    if not _on_special_operation(info):
        return
    option = next((c.choice.option for c in info.base.upgrades
                   if c.choice.id == SPECIAL_OPERATION), None)
    what = option.replace("_", " ") if option else "no operation chosen"
    note = " (only matters under the New Adventures rules)" if option == "deep_recon" else ""
    yield Fault(f"on a special operation: {what}{note}; rolls 3d12 before turn 1 and takes "
                "no other part in the battle", field="upgrades")


SPECIAL_OPERATION_CHQ = Rule(
    "special-operation-chq", "warning", CHAPTER, "OtH p.38",
    "the CHQ sent on a special operation", "the CHQ")


@SPECIAL_OPERATION_CHQ.element(reads=("rules", "command"))
def special_operation_chq(view: ElementView) -> Iterator[Fault]:
    """The CHQ sent on a special operation takes no part in the battle (OtH p.38)."""
    if view.info.is_command and _on_special_operation(view.info):
        yield Fault("the CHQ is sent on a special operation, so it takes no part in the "
                    "battle", field="command")


# --- air war (OtH p.36-37) -------------------------------------------------------------

def air_war_dice(elements: Sequence[ElementInfo]) -> tuple[int, int]:
    """Derivation (OtH p.36-37): (how many aircraft fight the air war, the d12s they roll):
    every aircraft but rotary ones, one die per point of P."""
    fighting = [info for info in elements
                if is_aircraft(info.type) and not info.has_upgrade("rotary")]
    return len(fighting), sum(info.element.presence for info in fighting)


AIR_WAR_PRESENCE = Rule(
    "air-war-presence", "info", CHAPTER, "OtH p.36-37",
    "the dice each side rolls for the air war")


@AIR_WAR_PRESENCE.force(reads=("rules", "settings", "elements"))
def air_war_presence(force: ForceView) -> Iterator[Fault]:
    """Air war: aircraft other than rotary ones roll 1d12 per P for air superiority
    (OtH p.36-37), with the strategic assets supplement on."""
    if "strategic_assets" not in force.supplements:
        return
    fighting, dice = air_war_dice(force.elements)
    if fighting:
        yield Fault(f"air war: {plural(fighting, 'aircraft')} (rotary excluded) roll "
                    f"{dice}d12", field="elements")
