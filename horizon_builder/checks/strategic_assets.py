"""Strategic assets (OtH p.36-40): ballistic strike, naval support, field hospital, special ops.

Assets are elements of category ``asset`` (never on the table). One-per-force
limits, FC/FP and who may take which option are data in
``rulesets/50-strategic-assets.toml``; this module checks what data cannot say.
"""

from __future__ import annotations

from collections.abc import Iterator

from horizon_builder.checks.common import about, cite, eligible_names, is_aircraft, plural, selected
from horizon_builder.checks.weird import command_rules
from horizon_builder.engine.analysis import Analysis, ElementInfo
from horizon_builder.engine.findings import Finding
from horizon_builder.engine.registry import check

CHAPTER = "Strategic assets"

BALLISTIC_STRIKE = "ballistic_strike"
NAVAL_SUPPORT = "naval_support"
FIELD_HOSPITAL = "field_hospital"
HOSPITAL_CR = "hospital_cr"
SPECIAL_OPERATION = "special_operation"


def _of_type(a: Analysis, type_id: str) -> list[ElementInfo]:
    """The elements of one type, in order (from the column of types: several checks ask)."""
    if type_id not in a.type_counts:
        return []
    types = [info.element.type for info in a.elements]
    return [a.elements[n] for n, t in enumerate(types) if t == type_id]


def _reaches_none(a: Analysis, ability: str) -> tuple[str, str, bool] | None:
    """When an ability's data says whom it reaches (``reaches``) and the force has none of
    them: (whom, in words; citation; provisional). None when it reaches someone."""
    up = a.ruleset.upgrades.get(ability)
    reach = up.reaches if up is not None else None
    if reach is None or any(
            a.ruleset.matches(info.element.type, reach.names)
            and (reach.max_presence is None or info.element.presence <= reach.max_presence)
            for info in a.elements):
        return None
    whom = eligible_names(a.ruleset, reach.names)
    if reach.max_presence is not None:
        whom += f" of P{reach.max_presence} or less"
    return whom, cite(reach, "OtH p.39"), reach.is_provisional


@check(CHAPTER)
def ballistic_strike_summary(a: Analysis) -> Iterator[Finding]:
    """A strategic ballistic strike is P3 for Force Cost and P0 for everything else (OtH p.38)."""
    # One note is enough: a second strike is already an error (type-over-limit).
    for info in _of_type(a, BALLISTIC_STRIKE)[:1]:
        yield about(info, "info", "ballistic-strike-costs",
                    f"ballistic strike: FC {info.fc}, FP {info.fp}, no deployment space; "
                    "called in by an element with guide fire", "OtH p.38", "type")
    if _of_type(a, BALLISTIC_STRIKE) and (
        a.command_element is None or "guide_fire" not in command_rules(a)
    ):
        yield Finding("warning", "ballistic-strike-no-guide-fire",
                      "No element has guide fire (a CHQ's), so the ballistic strike cannot be "
                      "called in", "OtH p.38", field="command")


@check(CHAPTER)
def naval_support_abilities(a: Analysis) -> Iterator[Finding]:
    """Naval support: each point of its Presence buys one force ability (OtH p.39). The
    abilities are the upgrades naval support may take; whom each reaches is data (``reaches``)."""
    rs = a.ruleset
    abilities = {up_id for up_id, up in rs.upgrades.items() if NAVAL_SUPPORT in up.eligible}
    for info in _of_type(a, NAVAL_SUPPORT):
        chosen = [c.choice.id for c in info.base.upgrades if c.choice.id in abilities]
        count = sum(c.choice.count for c in info.base.upgrades if c.choice.id in abilities)
        p = info.element.presence
        if count > p:
            yield about(info, "error", "naval-support-too-many-abilities",
                        f"{count} abilities chosen; P{p} naval support buys {p}: drop one or raise its P",
                        "OtH p.39", "upgrades")
        elif count < p:
            yield about(info, "warning", "naval-support-unused-points",
                        f"P{p} naval support buys {p} abilities but only {count} chosen "
                        f"({plural(p - count, 'point')} of FP bought nothing)", "OtH p.39",
                        "upgrades")
        if "gunnery_priority" in chosen and (none := _reaches_none(a, "gunnery_priority")):
            whom, rule, provisional = none
            yield about(info, "warning", "gunnery-priority-without-strike",
                        f"gunnery priority only helps {whom}, and this force has none", rule,
                        "upgrades", provisional)
        if "marines" in chosen and (none := _reaches_none(a, "marines")):
            whom, rule, provisional = none
            yield about(info, "warning", "marines-without-lt-inf",
                        f"marines affect {whom}, and this force has none", rule, "upgrades",
                        provisional)
        if "aircraft_carrier" in chosen and (none := _reaches_none(a, "aircraft_carrier")):
            whom, rule, provisional = none
            yield about(info, "warning", "carrier-without-aircraft",
                        f"aircraft carrier helps {whom}, and this force has none", rule,
                        "upgrades", provisional)


@check(CHAPTER)
def field_hospital_needs_chq(a: Analysis) -> Iterator[Finding]:
    """A field hospital is paid with the CHQ's Command Resources, any amount (OtH p.40)."""
    for info in _of_type(a, FIELD_HOSPITAL):
        spent = info.cr_spent
        option = a.command_option
        if a.command_element is None or option is None or not option.needs_element:
            yield about(info, "error", "field-hospital-needs-chq",
                        "a field hospital is paid from a CHQ's Command Resources, and this force "
                        "has no CHQ", "OtH p.40", "command")
        elif not option.command_resources or any(
            w.replaces == "command_resources" for w in a.command.weird
        ):
            yield about(info, "error", "field-hospital-needs-cr",
                        f"a field hospital is paid from the CHQ's Command Resources, and a "
                        f"{option.name} here has none", "OtH p.40", "command")
        if spent == 0:
            up = a.ruleset.upgrades.get(HOSPITAL_CR)  # named as the player sees it, never its id
            yield about(info, "warning", "field-hospital-empty",
                        "no CR spent on the field hospital: it does nothing (take "
                        f"\"{up.name if up else HOSPITAL_CR}\", once per CR)", "OtH p.40", "upgrades")
        else:
            yield about(info, "info", "field-hospital-dice",
                        f"{spent} CR spent: roll {spent}d12 before the battle for Defence and "
                        "Recover re-rolls",
                        "OtH p.40", "upgrades")


def _on_special_operation(info: ElementInfo) -> bool:
    return info.has_upgrade(SPECIAL_OPERATION) or any(
        c.choice.id == SPECIAL_OPERATION for f in info.forms for c in f.upgrades)


@check(CHAPTER)
def special_operation_one(a: Analysis) -> Iterator[Finding]:
    """One SF element may be sent on a special operation before the first turn (OtH p.38)."""
    sent = selected(a, _on_special_operation)
    if len(sent) > 1:
        names = ", ".join(info.element.name for info in sent)
        yield Finding("error", "special-operation-too-many",
                      f"{len(sent)} elements on special operations ({names}); at most one",
                      "OtH p.38", field="upgrades")
    for info in sent:
        option = next((c.choice.option for c in info.base.upgrades
                       if c.choice.id == SPECIAL_OPERATION), None)
        what = option.replace("_", " ") if option else "no operation chosen"
        note = " (only matters under the New Adventures rules)" if option == "deep_recon" else ""
        yield about(info, "info", "special-operation-sent",
                    f"on a special operation: {what}{note}; rolls 3d12 before turn 1 and takes "
                    "no other part in the battle", "OtH p.38", "upgrades")
        if info.is_command:
            yield about(info, "warning", "special-operation-chq",
                        "the CHQ is sent on a special operation, so it takes no part in the "
                        "battle", "OtH p.38", "command")


def _air_war_aircraft(info: ElementInfo) -> bool:
    return is_aircraft(info.type) and not info.has_upgrade("rotary")


def _air_war_presence(info: ElementInfo) -> int:
    return info.element.presence if _air_war_aircraft(info) else 0


@check(CHAPTER)
def air_war_presence(a: Analysis) -> Iterator[Finding]:
    """Air war: aircraft other than rotary ones roll 1d12 per P for air superiority (OtH p.36-37)."""
    if "strategic_assets" not in a.enabled_supplements:
        return
    fighting = a.tally(_air_war_aircraft)[True]
    if fighting:
        total = a.total(_air_war_presence)
        yield Finding("info", "air-war-presence",
                      f"air war: {plural(fighting, 'aircraft')} (rotary excluded) roll "
                      f"{total}d12", "OtH p.36-37", field="elements")
