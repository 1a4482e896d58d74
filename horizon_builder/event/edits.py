"""Pure edits of an event: pair the next round, enter a result (used by the CLI and the app)."""

from __future__ import annotations

from collections.abc import Sequence

from horizon_builder.event.io import LoadedEvent, round_problems
from horizon_builder.event.models import Event, EventRound, Result
from horizon_builder.event.pairing import PairingError, next_round


def with_next_round(event: Event) -> Event:
    """The event with its next round paired (PairingError says why it cannot be)."""
    return event.model_copy(update={"rounds": (*event.rounds, EventRound(battles=next_round(event)))})


def with_result(loaded: LoadedEvent, name: str, victory_points: int, tie_break: int,
                destroyed: Sequence[str] = (), number: int | None = None) -> Event:
    """The event with one commander's result of round ``number`` (default: the last), checked:
    the commander must be paired that round, and each element destroyed must be one of its
    Task Force not benched already (OtH p.46). PairingError says what is wrong."""
    event = loaded.event
    if not event.rounds:
        raise PairingError("no round is paired yet: pair one first")
    number = number or len(event.rounds)
    if not 1 <= number <= len(event.rounds):
        raise PairingError(f"round {number} does not exist: rounds 1-{len(event.rounds)} are paired")
    round_ = event.rounds[number - 1]
    battle = next((b for b in round_.battles if name in b.players), None)
    if battle is None:
        paired = ", ".join(n for b in round_.battles for n in b.players)
        raise PairingError(f"{name!r} is not paired in round {number} (paired: {paired}): "
                           "check the name")
    if battle.blue is None:
        raise PairingError(f"{name} has a bye in round {number}: nothing to enter")
    result = Result(victory_points=victory_points, tie_break=tie_break, destroyed=tuple(destroyed))
    key = "red_result" if battle.red == name else "blue_result"
    new_battle = battle.model_copy(update={key: result})
    rounds = list(event.rounds)
    rounds[number - 1] = round_.model_copy(update={"battles": tuple(
        new_battle if b is battle else b for b in round_.battles)})
    new_event = event.model_copy(update={"rounds": tuple(rounds)})
    problems = round_problems(LoadedEvent(loaded.path, new_event, loaded.preset,
                                          lists=loaded.lists))
    if problems:
        raise PairingError("; ".join(message for _loc, message in problems))
    return new_event
