"""Superweapons (OtH p.8-17, Appendix 1 p.64-66): what the ruleset data cannot say.

The data (``rulesets/10-superweapons.toml``) carries the pools, the stat
limits, the superflyer upgrade rules and the Appendix 1 upgrades with their
costs, kinds and repeat caps; the generic checks in :mod:`mustering` apply
them. Here: never rapid, no CR on a supertank, never the free conventional
CHQ, the command hand-over to a superheavy, bay capacities and the
organiser's event options. (No P7+ aircraft where the era excludes antigrav is
the era check in :mod:`supplements`.)
"""

from __future__ import annotations

from collections.abc import Iterator

from horizon_builder.checks.common import (
    StatlineAsk,
    about,
    cite,
    is_aircraft,
    is_superheavy,
    selected,
    statline_rule,
)
from horizon_builder.engine.analysis import Analysis, ElementInfo
from horizon_builder.engine.findings import Finding, Reason
from horizon_builder.engine.registry import check
from horizon_builder.text.words import with_article

CHAPTER = "Superweapons"

#: Superheavy kinds that can never be rapid, whatever an upgrade or mutation grants.
NEVER_RAPID = {"supermech": "OtH p.9", "supertank": "OtH p.10"}

#: Upgrades that let an element start the battle with others aboard (OtH p.65).
LAUNCH_BAYS = "launch_bays"
TRANSPORT_BAYS = "transport_bays"
#: Core transport upgrades whose capacity we cannot read (core rulebook).
CORE_TRANSPORTS = ("light_transport", "heavy_transport")


def _superheavies(a: Analysis) -> list[ElementInfo]:
    return selected(a, _is_superheavy)


def _is_superheavy(info: ElementInfo) -> bool:
    return is_superheavy(info.type)


def _carried_by(info: ElementInfo) -> str | None:
    return info.element.carried_by


@statline_rule(CHAPTER)
def superheavy_never_rapid(ask: StatlineAsk) -> Iterator[Reason]:
    """Supermechs (OtH p.9) and supertanks (OtH p.10) cannot be rapid."""
    info = ask.info
    source = NEVER_RAPID.get(info.element.type)
    if ask.is_base and source is not None and "rapid" in info.special_rules:
        name = info.type.name if info.type else info.element.type
        yield Reason("superheavy-rapid", f"{with_article(name)} cannot be rapid; remove what makes it rapid",
                     f"{with_article(name)} cannot be rapid", source, "upgrades")


@check(CHAPTER, applies_to=("battlegroup", "round"))
def superheavy_not_free_chq(a: Analysis) -> Iterator[Finding]:
    """A superheavy can never be the CHQ that makes a conventional element free (OtH p.17)."""
    option, info = a.command_option, a.command_element
    if option is None or info is None or not is_superheavy(info.type):
        return
    if option.element_chq == "conventional":
        yield about(info, "error", "superheavy-free-chq",
                    f"a superheavy can never be the free conventional CHQ ({option.name})",
                    "OtH p.17", "command")


@check(CHAPTER, applies_to=("battlegroup", "round"))
def superheavy_takes_command(a: Analysis) -> Iterator[Finding]:
    """With a CHQ, Guide Fire and Chain of Command pass to a superheavy at the start (OtH p.17)."""
    option = a.command_option
    if option is None or not option.needs_element or a.command_element is None:
        return
    replaced = {w.replaces for w in a.command.weird}
    passed = [r for r in ("guide_fire", "chain_of_command")
              if r in option.special_rules and r not in replaced]
    supers = list(_superheavies(a))
    if not passed or all(s is a.command_element for s in supers):
        return  # nothing to pass on, no superheavy, or the CHQ is the only superheavy
    names = " and ".join(a.ruleset.rule_name(r) for r in passed)
    who = supers[0].element.name if len(supers) == 1 else "a superheavy of your choice"
    yield Finding("info", "superheavy-takes-command",
                  f"When play begins, the CHQ's {names} move to {who} "
                  "(no effect on mustering or CR)", "OtH p.17", field="command")


@check(CHAPTER)
def carried_elements(a: Analysis) -> Iterator[Finding]:
    """Elements starting aboard another must fit its bays (OtH p.64-65).

    Launch bays carry aircraft of total FP up to the carrier's P-3; transport
    bays carry elements of total P up to the copies taken. Carriers may nest;
    carried aircraft are paid for as elements of their own.
    """
    if a.tally(_carried_by)[None] == len(a.elements):
        return  # nothing starts aboard another
    by_id = a.by_id
    for info in a.elements:
        carrier_id = info.element.carried_by
        if carrier_id is None:
            continue
        if carrier_id == info.id:
            yield about(info, "error", "carried-by-itself", "cannot start aboard itself",
                        "OtH p.65", "carried_by")
            continue
        if carrier_id not in by_id:
            yield about(info, "warning", "carrier-missing",
                        f"starts aboard {carrier_id!r}, which is not in this battlegroup",
                        "OtH p.65", "carried_by")
            continue
        seen, step = {info.id}, by_id.get(carrier_id)
        while step is not None and step.element.carried_by is not None:
            if step.id in seen:
                yield about(info, "error", "carried-by-cycle",
                            "carriers aboard each other in a loop", "OtH p.65", "carried_by")
                break
            seen.add(step.id)
            step = by_id.get(step.element.carried_by)
    aboard: dict[str, list[ElementInfo]] = {}
    for info in a.elements:
        carrier_id = info.element.carried_by
        if carrier_id is not None and carrier_id != info.id and carrier_id in by_id:
            aboard.setdefault(carrier_id, []).append(info)
    for carrier_id, cargo in aboard.items():
        yield from _bay_capacity(a, by_id[carrier_id], cargo)


def _bay_capacity(a: Analysis, carrier: ElementInfo, cargo: list[ElementInfo]) -> Iterator[Finding]:
    element = carrier.element
    launch = carrier.base.upgrade_ids() & {LAUNCH_BAYS}
    bays = element.upgrade_count(TRANSPORT_BAYS)
    core = [u for u in CORE_TRANSPORTS if element.upgrade_count(u)]
    names = ", ".join(i.element.name for i in cargo)
    if core:
        rs = a.ruleset
        yield about(carrier, "info", "carrier-capacity-unknown",
                    f"carries {names}; the capacity of "
                    f"{' and '.join(rs.upgrades[u].name for u in core if u in rs.upgrades)} "
                    "is not known (core rulebook), so it is not checked",
                    cite(a.ruleset.upgrades.get(core[0]), "core"), "upgrades", True)
        return
    if not launch and not bays:
        # Only an element with room may carry others into battle: any element, not only a
        # superheavy, named as a carrier without bays or a transport upgrade is refused.
        yield about(carrier, "error", "carrier-no-bays",
                    f"{names} start{'s' if len(cargo) == 1 else ''} aboard, but it cannot carry "
                    "anything: it has no launch bays, transport bays or transport upgrade",
                    "OtH p.65", "upgrades")
        return
    rs = a.ruleset
    launch_bays = rs.upgrades[LAUNCH_BAYS].bays if launch and LAUNCH_BAYS in rs.upgrades else None
    transport = rs.upgrades.get(TRANSPORT_BAYS)
    if transport is not None and transport.bays is not None:
        bays = transport.bays.room(element.presence, bays)
    launch_room = launch_bays.room(element.presence, 1) if launch_bays is not None else 0
    aircraft_fp = sum(i.fp for i in cargo if is_aircraft(i.type))
    other_p = sum(i.element.presence for i in cargo if not is_aircraft(i.type))
    # Aircraft fill the launch bays first (by FP); the rest must fit the transport bays (by P).
    overflow = max(0, aircraft_fp - launch_room)
    if other_p + overflow <= bays:
        return
    room = []
    if launch:
        less = launch_bays.presence_less if launch_bays is not None else None
        room.append(f"launch bays for aircraft of FP {launch_room}"
                    + (f" (P{element.presence} - {less})" if less is not None else ""))
    room.append(f"transport bays for P {bays}" if bays else "no transport bays")
    what = []
    if aircraft_fp:
        what.append(f"aircraft of FP {aircraft_fp}")
    if other_p:
        what.append(f"other elements of P {other_p}")
    yield about(carrier, "error", "carrier-over-capacity",
                f"starts carrying {' and '.join(what)} ({names}) but has "
                f"{' and '.join(room)}", "OtH p.65", "upgrades")


# --- event options (organiser's choices; set in an event preset / overrides file) ---

@check(CHAPTER)
def event_superheavies(a: Analysis) -> Iterator[Finding]:
    """Organisers may bar superheavies or cap their Presence (OtH p.17)."""
    event = a.ruleset.event
    if event.superheavies_allowed and event.superheavy_max_presence is None:
        return  # nothing to say of any superheavy
    rule = cite(event, "OtH p.17 (event option)")
    for info in _superheavies(a):
        name = info.type.name if info.type else info.element.type
        if not event.superheavies_allowed:
            yield about(info, "error", "event-superheavies-barred",
                        f"this event bars superheavies ({name})", rule, "type")
        elif (event.superheavy_max_presence is not None
              and info.element.presence > event.superheavy_max_presence):
            yield about(info, "error", "event-superheavy-presence",
                        f"this event allows superheavies up to P{event.superheavy_max_presence}, "
                        f"not P{info.element.presence}", rule, "presence")


@check(CHAPTER)
def event_supertank_minimum_stats(a: Analysis) -> Iterator[Finding]:
    """Competitive events may require every supertank stat to be at least 2 (OtH p.9-10)."""
    minimum = a.ruleset.event.supertank_min_stat
    if minimum is None:
        return
    for info in a.elements:
        if info.element.type != "supertank" or info.type is None:
            continue
        low = [s for s in info.type.stats if info.element.stats.get(s, 0) < minimum]
        if low:
            values = ", ".join(f"{s}{info.element.stats.get(s, 0)}" for s in low)
            yield about(info, "error", "event-supertank-min-stat",
                        f"this event requires every supertank stat to be at least {minimum} "
                        f"({values})", "OtH p.9 (event option)",
                        f"stats.{low[0]}")
