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

from collections.abc import Iterator, Sequence
from typing import NamedTuple

from horizon_builder.checks.common import cite, is_aircraft, is_superheavy
from horizon_builder.engine.analysis import ElementInfo
from horizon_builder.engine.rule import (
    BATTLEGROUP_AND_ROUND,
    ElementView,
    Fault,
    ForceView,
    Rule,
    StatlineView,
)
from horizon_builder.rules.models import Ruleset
from horizon_builder.text.words import verb, with_article

CHAPTER = "Superweapons"

#: Superheavy kinds that can never be rapid, whatever an upgrade or mutation grants.
NEVER_RAPID = {"supermech": "OtH p.9", "supertank": "OtH p.10"}

#: Upgrades that let an element start the battle with others aboard (OtH p.65).
LAUNCH_BAYS = "launch_bays"
TRANSPORT_BAYS = "transport_bays"
#: Core transport upgrades whose capacity we cannot read (core rulebook).
CORE_TRANSPORTS = ("light_transport", "heavy_transport")


# --- superheavies (OtH p.9-17) ---------------------------------------------------------

SUPERHEAVY_RAPID = Rule(
    "superheavy-rapid", "error", CHAPTER, "OtH p.9-10",
    "a supermech or supertank made rapid", "cannot be rapid")


@SUPERHEAVY_RAPID.statline(reads=("rules", "cr"), types=NEVER_RAPID.keys())
def superheavy_never_rapid(view: StatlineView) -> Iterator[Fault]:
    """Supermechs (OtH p.9) and supertanks (OtH p.10) cannot be rapid, whatever grants it (an
    upgrade of its own or one CR bought for its type)."""
    info = view.info
    if view.is_base and "rapid" in info.special_rules:
        name = info.type.name if info.type else info.element.type
        yield Fault(f"{with_article(name)} cannot be rapid; remove what makes it rapid",
                    short=f"{with_article(name)} cannot be rapid", field="upgrades",
                    cite=NEVER_RAPID[info.element.type])


SUPERHEAVY_FREE_CHQ = Rule(
    "superheavy-free-chq", "error", CHAPTER, "OtH p.17",
    "a superheavy as the free conventional CHQ", "never the free CHQ")


@SUPERHEAVY_FREE_CHQ.force(modes=BATTLEGROUP_AND_ROUND, reads=("rules", "command"))
def superheavy_not_free_chq(force: ForceView) -> Iterator[Fault]:
    """A superheavy can never be the CHQ that makes a conventional element free (OtH p.17)."""
    option, info = force.command_option, force.command_element
    if option is not None and info is not None and is_superheavy(info.type) \
            and option.element_chq == "conventional":
        yield Fault(f"a superheavy can never be the free conventional CHQ ({option.name})",
                    field="command", element=info)


SUPERHEAVY_TAKES_COMMAND = Rule(
    "superheavy-takes-command", "info", CHAPTER, "OtH p.17",
    "a superheavy takes over guide fire and chain of command")


@SUPERHEAVY_TAKES_COMMAND.force(modes=BATTLEGROUP_AND_ROUND, reads=("rules", "command", "elements"))
def superheavy_takes_command(force: ForceView) -> Iterator[Fault]:
    """With a CHQ, Guide Fire and Chain of Command pass to a superheavy at the start (OtH p.17)."""
    option = force.command_option
    if option is None or not option.needs_element or force.command_element is None:
        return
    replaced = {w.replaces for w in force.command.weird}
    passed = [r for r in ("guide_fire", "chain_of_command")
              if r in option.special_rules and r not in replaced]
    if not passed:
        return  # nothing to pass on
    supers = [info for info in force.elements if is_superheavy(info.type)]
    if all(s is force.command_element for s in supers):
        return  # no superheavy, or the CHQ is the only superheavy
    names = " and ".join(force.ruleset.rule_name(r) for r in passed)
    who = supers[0].element.name if len(supers) == 1 else "a superheavy of your choice"
    yield Fault(f"When play begins, the CHQ's {names} {verb(len(passed), 'moves', 'move')} to {who} "
                "(no effect on mustering or CR)", field="command")


# --- carried elements (OtH p.64-65) ----------------------------------------------------

CARRIED_BY_ITSELF = Rule(
    "carried-by-itself", "error", CHAPTER, "OtH p.65",
    "an element aboard itself", "not aboard itself")


@CARRIED_BY_ITSELF.element()
def carried_by_itself(view: ElementView) -> Iterator[Fault]:
    """An element cannot start aboard itself (OtH p.65)."""
    if view.info.element.carried_by == view.info.id:
        yield Fault("cannot start aboard itself", field="carried_by")


CARRIER_MISSING = Rule(
    "carrier-missing", "warning", CHAPTER, "OtH p.65",
    "aboard an element that is not in the force", "carrier not in the force")


@CARRIER_MISSING.force()
def carrier_missing(force: ForceView) -> Iterator[Fault]:
    """An element starts aboard another of the force (a round may leave its carrier out:
    OtH p.65, p.46)."""
    for info in force.elements:
        carrier_id = info.element.carried_by
        if carrier_id is not None and carrier_id != info.id and carrier_id not in force.by_id:
            yield Fault(f"starts aboard {carrier_id!r}, which is not in this battlegroup",
                        field="carried_by", element=info)


CARRIED_BY_CYCLE = Rule(
    "carried-by-cycle", "error", CHAPTER, "OtH p.65",
    "elements aboard each other in a loop", "carriers in a loop")


@CARRIED_BY_CYCLE.force()
def carried_by_cycle(force: ForceView) -> Iterator[Fault]:
    """Carriers may nest, never in a loop (OtH p.65)."""
    by_id = force.by_id
    for info in force.elements:
        carrier_id = info.element.carried_by
        if carrier_id is None or carrier_id == info.id or carrier_id not in by_id:
            continue
        seen, step = {info.id}, by_id.get(carrier_id)
        while step is not None and step.element.carried_by is not None:
            if step.id in seen:
                yield Fault("carriers aboard each other in a loop", field="carried_by",
                            element=info)
                break
            seen.add(step.id)
            step = by_id.get(step.element.carried_by)


def cargoes(force: ForceView) -> dict[str, list[ElementInfo]]:
    """Each carrier of the force (by id, in the order its first cargo comes) with the elements
    that start aboard it (one aboard itself or aboard one not in the force is left out)."""
    aboard: dict[str, list[ElementInfo]] = {}
    for info in force.elements:
        carrier_id = info.element.carried_by
        if carrier_id is not None and carrier_id != info.id and carrier_id in force.by_id:
            aboard.setdefault(carrier_id, []).append(info)
    return aboard


def _core_transports(carrier: ElementInfo) -> list[str]:
    """The core transport upgrades a carrier has (their capacity is not known)."""
    return [u for u in CORE_TRANSPORTS if carrier.element.upgrade_count(u)]


def _names(cargo: Sequence[ElementInfo]) -> str:
    return ", ".join(i.element.name for i in cargo)


CARRIER_CAPACITY_UNKNOWN = Rule(
    "carrier-capacity-unknown", "info", CHAPTER, "core",
    "a carrier whose capacity is not known")


@CARRIER_CAPACITY_UNKNOWN.force()
def carrier_capacity_unknown(force: ForceView) -> Iterator[Fault]:
    """A core transport upgrade carries elements (core rulebook), but its capacity is not in
    the data: the load is not checked, and a note says so."""
    rs = force.ruleset
    for carrier_id, cargo in cargoes(force).items():
        carrier = force.by_id[carrier_id]
        core = _core_transports(carrier)
        if core:
            yield Fault(f"carries {_names(cargo)}; the capacity of "
                        f"{' and '.join(rs.upgrades[u].name for u in core if u in rs.upgrades)} "
                        "is not known (core rulebook), so it is not checked", field="upgrades",
                        cite=cite(rs.upgrades.get(core[0]), "core"), provisional=True,
                        element=carrier)


class Passenger(NamedTuple):
    """What the holds ask of one element aboard (OtH p.65): its FP, its P, and whether it is
    an aircraft (only aircraft may ride in launch bays)."""

    fp: int
    presence: int
    aircraft: bool


def holds_take(passengers: Sequence[Passenger], launch_room: int, transport_room: int) -> bool:
    """Whether every passenger can ride whole in one hold that may take it (OtH p.65): the
    launch bays take aircraft up to a total FP of ``launch_room``, the transport bays any
    element up to a total P of ``transport_room``.

    An exact search, small because the numbers are: of the aircraft, put in the launch bays
    the ones whose P is most worth keeping out of the transport bays (a 0/1 knapsack: weight
    FP, value P, capacity ``launch_room``); everything else must fit the transport bays."""
    best = [0] * (max(launch_room, 0) + 1)  # best[c]: most P of aircraft in launch FP <= c
    for p in passengers:
        if not p.aircraft or p.fp > launch_room:
            continue
        for room in range(launch_room, p.fp - 1, -1):
            best[room] = max(best[room], best[room - p.fp] + p.presence)
    return sum(p.presence for p in passengers) - best[-1] <= transport_room


def left_out(passengers: Sequence[Passenger], launch_room: int,
             transport_room: int) -> list[int]:
    """Which passengers do not fit (their positions), boarding in the roster's order: each
    boards if the holds can still take everyone aboard with it (:func:`holds_take`), so the
    first ones listed are placed and the one that breaks the load is named."""
    aboard: list[Passenger] = []
    out = []
    for index, passenger in enumerate(passengers):
        if holds_take([*aboard, passenger], launch_room, transport_room):
            aboard.append(passenger)
        else:
            out.append(index)
    return out


class BayLoad(NamedTuple):
    """A carrier's two holds and what starts aboard it (OtH p.65), see :func:`bay_load`."""

    launch: bool  #: it has launch bays
    launch_room: int  #: FP of aircraft the launch bays carry
    launch_less: int | None  #: the launch bays' room is the carrier's P less this
    transport_room: int  #: P of elements the transport bays carry
    aircraft_fp: int  #: FP of the aircraft aboard
    other_p: int  #: P of the other elements aboard
    left_out: tuple[ElementInfo, ...] = ()  #: passengers no hold can take, in roster order

    @property
    def fits(self) -> bool:
        """Every passenger rides whole in one hold that may take it."""
        return not self.left_out


def bay_load(rs: Ruleset, carrier: ElementInfo, cargo: Sequence[ElementInfo]) -> BayLoad:
    """Derivation (OtH p.64-65): two holds, never added together. Launch bays carry aircraft
    of total FP up to the carrier's P-3 (data: ``bays`` of ``[upgrades.launch_bays]``);
    transport bays carry elements of total P up to the copies taken (``bays`` of
    ``[upgrades.transport_bays]``). Each passenger rides whole in one of them
    (:func:`left_out`). Carried aircraft are paid for as elements of their own."""
    element = carrier.element
    launch = LAUNCH_BAYS in carrier.base.upgrade_ids()
    launch_bays = rs.upgrades[LAUNCH_BAYS].bays if launch and LAUNCH_BAYS in rs.upgrades else None
    transport_room = element.upgrade_count(TRANSPORT_BAYS)
    transport = rs.upgrades.get(TRANSPORT_BAYS)
    if transport is not None and transport.bays is not None:
        transport_room = transport.bays.room(element.presence, transport_room)
    launch_room = launch_bays.room(element.presence, 1) if launch_bays is not None else 0
    passengers = [Passenger(i.fp, i.element.presence, is_aircraft(i.type)) for i in cargo]
    return BayLoad(
        launch=launch,
        launch_room=launch_room,
        launch_less=launch_bays.presence_less if launch_bays is not None else None,
        transport_room=transport_room,
        aircraft_fp=sum(i.fp for i in cargo if is_aircraft(i.type)),
        other_p=sum(i.element.presence for i in cargo if not is_aircraft(i.type)),
        left_out=tuple(cargo[i] for i in left_out(passengers, launch_room, transport_room)))


def _has_bays(carrier: ElementInfo) -> bool:
    """Launch bays or transport bays (room the rules measure)."""
    return LAUNCH_BAYS in carrier.base.upgrade_ids() \
        or bool(carrier.element.upgrade_count(TRANSPORT_BAYS))


CARRIER_NO_BAYS = Rule(
    "carrier-no-bays", "error", CHAPTER, "OtH p.65",
    "aboard an element without bays", "no bays")


@CARRIER_NO_BAYS.force()
def carrier_no_bays(force: ForceView) -> Iterator[Fault]:
    """Only an element with room may carry others into battle: any element, not only a
    superheavy, named as a carrier without bays or a transport upgrade is refused (OtH p.65)."""
    for carrier_id, cargo in cargoes(force).items():
        carrier = force.by_id[carrier_id]
        if not _core_transports(carrier) and not _has_bays(carrier):
            yield Fault(f"{_names(cargo)} start{'s' if len(cargo) == 1 else ''} aboard, but it "
                        "cannot carry anything: it has no launch bays, transport bays or "
                        "transport upgrade", field="upgrades", element=carrier)


CARRIER_OVER_CAPACITY = Rule(
    "carrier-over-capacity", "error", CHAPTER, "OtH p.65",
    "more aboard than the bays hold", "over its bays' room")


@CARRIER_OVER_CAPACITY.force()
def carrier_over_capacity(force: ForceView) -> Iterator[Fault]:
    """Elements starting aboard another must fit its bays (OtH p.64-65: :func:`bay_load`):
    each passenger whole in one hold that may take it; the finding names the ones that do
    not fit."""
    for carrier_id, cargo in cargoes(force).items():
        carrier = force.by_id[carrier_id]
        if _core_transports(carrier) or not _has_bays(carrier):
            continue  # not measured (carrier-capacity-unknown), or no room (carrier-no-bays)
        load = bay_load(force.ruleset, carrier, cargo)
        if load.fits:
            continue
        room = []
        if load.launch:
            room.append(f"launch bays for aircraft of FP {load.launch_room}"
                        + (f" (P{carrier.element.presence} - {load.launch_less})"
                           if load.launch_less is not None else ""))
        room.append(f"transport bays for P {load.transport_room}" if load.transport_room
                    else "no transport bays")
        what = []
        if load.aircraft_fp:
            what.append(f"aircraft of FP {load.aircraft_fp}")
        if load.other_p:
            what.append(f"other elements of P {load.other_p}")
        out = load.left_out
        yield Fault(f"starts carrying {' and '.join(what)} ({_names(cargo)}) but has "
                    f"{' and '.join(room)}; each rides whole in one hold, and "
                    f"{_names(out)} {'does' if len(out) == 1 else 'do'} not fit",
                    field="upgrades", element=carrier)


# --- event options (organiser's choices; set in an event preset / overrides file) ------

EVENT_SUPERHEAVIES_BARRED = Rule(
    "event-superheavies-barred", "error", CHAPTER, "OtH p.17 (event option)",
    "superheavies barred by the event", "barred by the event")


@EVENT_SUPERHEAVIES_BARRED.element(types=is_superheavy)
def event_superheavies_barred(view: ElementView) -> Iterator[Fault]:
    """Organisers may bar superheavies (OtH p.17; data: ``[event] superheavies_allowed``)."""
    event, info = view.ruleset.event, view.info
    if not event.superheavies_allowed:
        name = info.type.name if info.type else info.element.type
        yield Fault(f"this event bars superheavies ({name})", field="type",
                    cite=cite(event, "OtH p.17 (event option)"))


EVENT_SUPERHEAVY_PRESENCE = Rule(
    "event-superheavy-presence", "error", CHAPTER, "OtH p.17 (event option)",
    "a superheavy over the event's P cap", "over the event's P cap")


@EVENT_SUPERHEAVY_PRESENCE.element(types=is_superheavy)
def event_superheavy_presence(view: ElementView) -> Iterator[Fault]:
    """Organisers may cap superheavies' Presence (OtH p.17; data: ``[event]
    superheavy_max_presence``)."""
    event, info = view.ruleset.event, view.info
    cap = event.superheavy_max_presence
    if event.superheavies_allowed and cap is not None and info.element.presence > cap:
        yield Fault(f"this event allows superheavies up to P{cap}, not P{info.element.presence}",
                    field="presence", cite=cite(event, "OtH p.17 (event option)"))


EVENT_SUPERTANK_MIN_STAT = Rule(
    "event-supertank-min-stat", "error", CHAPTER, "OtH p.9 (event option)",
    "a supertank stat under the event's minimum", "under the event's minimum")


@EVENT_SUPERTANK_MIN_STAT.element(types={"supertank"})
def event_supertank_minimum_stats(view: ElementView) -> Iterator[Fault]:
    """Competitive events may require every supertank stat to be at least 2 (OtH p.9-10;
    data: ``[event] supertank_min_stat``)."""
    minimum, info = view.ruleset.event.supertank_min_stat, view.info
    if minimum is None or info.type is None:
        return
    low = [s for s in info.type.stats if info.element.stats.get(s, 0) < minimum]
    if low:
        values = ", ".join(f"{s}{info.element.stats.get(s, 0)}" for s in low)
        yield Fault(f"this event requires every supertank stat to be at least {minimum} "
                    f"({values})", field=f"stats.{low[0]}")
