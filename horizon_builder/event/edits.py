"""Pure edits of an event: pair the next round, enter or correct a result, drop a commander,
accept or refuse a changed list, or restore the registered one. The event session
(:mod:`horizon_builder.event.session`) makes every change with them: the CLI and the app
go through it."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime

from horizon_builder.event.io import LoadedEvent, round_problems
from horizon_builder.event.models import Commander, Correction, Event, EventRound, Result
from horizon_builder.event.pairing import PairingError, next_round
from horizon_builder.roster.models import Roster
from horizon_builder.rules.event import ByeRule
from horizon_builder.text.words import plural


def with_next_round(event: Event, bye: ByeRule, last_round: int | None = None) -> Event:
    """The event with its next round paired among the commanders still playing, the bye by
    ``bye`` (PairingError says why it cannot be: past the preset's last round, results
    missing...)."""
    if last_round is not None and len(event.rounds) >= last_round:
        raise PairingError(f"the event has {plural(last_round, 'round')} and round {len(event.rounds)} "
                           "is its last: there is no round to pair (the standings are final "
                           "once its results are in)")
    playing = event.model_copy(update={"commanders": event.active})
    return event.model_copy(update={"rounds": (*event.rounds,
                                               EventRound(battles=next_round(playing, bye)))})


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def with_result(loaded: LoadedEvent, name: str, victory_points: int, tie_break: int,
                destroyed: Sequence[str] | None = (), number: int | None = None,
                correct: bool = False, when: str | None = None) -> Event:
    """The event with one commander's result of round ``number`` (default: the last), checked:
    the commander must be paired that round, and each element destroyed must be one of its
    Task Force not benched already (OtH p.46); ``destroyed`` None: those of the result
    already entered (none for a first result). A result already entered is replaced only
    when ``correct`` says so, and the event keeps the replaced one (who, when, old, new).
    PairingError says what is wrong."""
    event = loaded.event
    if not event.rounds:
        raise PairingError("no round is paired yet: pair one first")
    number = len(event.rounds) if number is None else number
    if not 1 <= number <= len(event.rounds):
        raise PairingError(f"round {number} does not exist: rounds 1-{len(event.rounds)} are paired")
    round_ = event.rounds[number - 1]
    battle = next((b for b in round_.battles if name in b.players), None)
    if battle is None:
        paired = ", ".join(n for b in round_.battles for n in b.players)
        raise PairingError(f"{name!r} is not paired in round {number} (paired: {paired}): "
                           "check the name")
    if battle.blue is None:
        raise PairingError(f"{name} has a bye in round {number}: nothing to enter (a bye is "
                           f"complete when paired and {bye_scores(loaded.bye)})")
    old = battle.result_of(name)
    if destroyed is None:
        destroyed = old.destroyed if old is not None else ()
    result = Result(victory_points=victory_points, tie_break=tie_break, destroyed=tuple(destroyed))
    corrections = event.corrections
    if old is not None and old != result:
        if not correct:
            raise PairingError(
                f"{name} already has a result in round {number} ({describe(old)}): to replace "
                "it, say it is a correction (--correct; the replaced result is kept in the "
                "event file)")
        corrections = (*corrections, Correction(round=number, commander=name,
                                                when=when or _now(), old=old, new=result))
    key = "red_result" if battle.red == name else "blue_result"
    new_battle = battle.model_copy(update={key: result})
    rounds = list(event.rounds)
    rounds[number - 1] = round_.model_copy(update={"battles": tuple(
        new_battle if b is battle else b for b in round_.battles)})
    new_event = event.model_copy(update={"rounds": tuple(rounds), "corrections": corrections})
    problems = round_problems(LoadedEvent(loaded.path, new_event, loaded.preset,
                                          lists=loaded.lists))
    if problems:
        raise PairingError("; ".join(message for _loc, message in problems))
    return new_event


def bye_scores(rule: ByeRule) -> str:
    """What a bye scores, by the event's bye rule: "scores nothing", "scores 3 VP,
    tie-break 2"."""
    if rule.victory_points == 0 and rule.tie_break == 0:
        return "scores nothing"
    return f"scores {rule.victory_points} VP, tie-break {rule.tie_break}"


def describe(result: Result, names: Sequence[str] | None = None) -> str:
    """A result in words; ``names``: its elements destroyed by name (else their ids)."""
    lost = ", ".join(result.destroyed if names is None else names)
    return f"{result.victory_points} VP, tie-break {result.tie_break}" + (
        f", lost {lost}" if lost else "")


def _update(event: Event, name: str, **changes: object) -> Event:
    commander = event.commander(name)
    if commander is None:
        known = ", ".join(c.name for c in event.commanders)
        raise PairingError(f"no commander {name!r} in this event (commanders: {known})")
    return event.model_copy(update={"commanders": tuple(
        c.model_copy(update=changes) if c is commander else c for c in event.commanders)})


def with_dropped(event: Event, name: str) -> Event:
    """The commander drops out: never paired again; the results entered are kept."""
    commander = event.commander(name)
    if commander is not None and commander.dropped:
        raise PairingError(f"{name} has already dropped out")
    return _update(event, name, dropped=True)


def with_entrant(event: Event, commander: Commander, last_round: int | None = None) -> Event:
    """A late entrant joins: paired from the next round on (with no points before it)."""
    if event.commander(commander.name) is not None:
        raise PairingError(f"a commander named {commander.name!r} is already in the event: "
                           "give the list another `commander` name")
    if last_round is not None and len(event.rounds) >= last_round:
        raise PairingError(f"every round of the event ({last_round}) is paired: too late to join")
    return event.model_copy(update={"commanders": (*event.commanders, commander)})


def with_change_accepted(loaded: LoadedEvent, name: str, new_pin: str,
                         admitted: str | None = None, roster: Roster | None = None) -> Event:
    """The organiser accepts a changed list (already judged by the caller): it is pinned anew,
    and ``roster`` (its content) is kept as the registered list."""
    return _update(loaded.event, name, pin=new_pin, refused=None, admitted=admitted,
                   registered=roster)


def with_change_refused(loaded: LoadedEvent, name: str) -> Event:
    """The organiser refuses a changed list: the registered one (its pin) stands, and the
    change is named as refused until the file is put back or the change accepted."""
    commander = loaded.event.commander(name)
    if commander is not None and commander.pin is None:
        raise PairingError(f"{name}'s list was never pinned: nothing to refuse (accept pins it)")
    if name not in loaded.changed():
        raise PairingError(f"{name}'s list has not changed since registration: nothing to refuse")
    return _update(loaded.event, name, refused=loaded.pin_now(name))


def with_list_restored(loaded: LoadedEvent, name: str) -> Event:
    """The event once the commander's registered list is written back over the list file
    (changed or unreadable): nothing is refused any more. PairingError: there is no copy to
    write back, or nothing to restore."""
    commander = loaded.event.commander(name)
    if commander is None:
        return _update(loaded.event, name)  # says which commanders there are
    if commander.registered is None:
        raise PairingError(f"the event file keeps no copy of {name}'s registered list (it was "
                           "registered before copies were kept): put the file back by hand")
    if name not in loaded.changed() and name not in loaded.unreadable:
        raise PairingError(f"{name}'s list has not changed since registration: nothing to "
                           "write back")
    if loaded.list_path(name).suffix.lower() != ".toml":
        raise PairingError(f"{name}'s list {commander.list} is not a roster file (.toml): "
                           "writing the registered list back would change what the file is; "
                           "the registered list is in the event file under "
                           "[commanders.registered]")
    return _update(loaded.event, name, refused=None)
