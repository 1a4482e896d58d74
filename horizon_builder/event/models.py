"""An event file: a tournament run from the tool (OtH p.45-48, "Tournament rules").

It holds the preset, the commanders with their Task Force files, and per round
the battles: who met whom on which table (Red and Blue sides, OtH p.47), and,
once played, each side's victory points (momentum at the start of a sixth turn,
OtH p.47), tie-break points (the Presence of enemy elements it destroyed,
OtH p.47) and the ids of its own elements destroyed (benched for its later
rounds, OtH p.46). Like a roster it is TOML a player can edit by hand.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, StrictInt, field_validator, model_validator

from horizon_builder.files.names import no_nul
from horizon_builder.roster.models import Roster, no_repeats
from horizon_builder.rules.event import ByeRule

EVENT_FORMAT = 1

Side = Literal["red", "blue"]

#: The victory points a result may hold (momentum may fall below zero: docs/rules.md,
#: Readings) and its tie-break points (a Presence destroyed), each as (lowest, highest).
VICTORY_POINTS = (-1000, 1000)
TIE_BREAK = (0, 1000)


class EventModel(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Commander(EventModel):
    name: str = Field(min_length=1, max_length=120)
    list: str = Field(min_length=1, max_length=4096, description="The commander's Task Force "
                      "file, relative to the event file.")
    side: Side | None = Field(default=None, description="Campaign format: the side kept all "
                              "event (OtH p.48).")
    pin: str | None = Field(default=None, pattern="^[0-9a-f]{64}$", description="SHA-256 of "
                            "the list's content when registered (roster/pin.py): a list whose "
                            "pin differs has changed since registration.")
    admitted: str | None = Field(default=None, max_length=2000, description="Registered "
                                 "although not legal: the list's first error then (the "
                                 "organiser's explicit choice).")
    refused: str | None = Field(default=None, pattern="^[0-9a-f]{64}$", description="Pin of a "
                                "changed content the organiser refused: the registered list "
                                "stands.")
    registered: Roster | None = Field(default=None, description="The list's content when "
                                      "registered (or its change accepted), whose pin is "
                                      "`pin`: the list the event goes on with while a change "
                                      "is not accepted (user guide: docs/rules.md, Readings).")
    dropped: bool = Field(default=False, description="Dropped out: not paired any more; "
                          "results kept.")

    _a_path = field_validator("list")(no_nul)


class Result(EventModel):
    """One side's result of a battle."""

    victory_points: StrictInt = Field(ge=VICTORY_POINTS[0], le=VICTORY_POINTS[1],
                                      description="Momentum at the start of a sixth turn, or "
                                      "at the end (OtH p.47).")
    tie_break: StrictInt = Field(default=0, ge=TIE_BREAK[0], le=TIE_BREAK[1],
                                 description="Presence of the enemy elements it destroyed "
                                 "(OtH p.47).")
    destroyed: tuple[str, ...] = Field(default=(), description="Ids of its own Task Force "
                                       "elements destroyed: benched in later rounds (OtH p.46).")


class Correction(EventModel):
    """A result replaced by the organiser: who, when, the old result and the new."""

    round: StrictInt = Field(ge=1, le=1000)
    commander: str = Field(min_length=1)
    when: str = Field(min_length=1, description="UTC time of the correction (ISO 8601).")
    old: Result
    new: Result


class Battle(EventModel):
    table: StrictInt = Field(ge=1, le=1000)
    red: str = Field(min_length=1, description="Commander playing the Red Force.")
    blue: str | None = Field(default=None, description="Commander playing the Blue Force; "
                             "none: the Red commander has a bye.")
    red_result: Result | None = None
    blue_result: Result | None = None

    @property
    def players(self) -> tuple[str, ...]:
        return (self.red,) if self.blue is None else (self.red, self.blue)

    def result_of(self, name: str) -> Result | None:
        return self.red_result if name == self.red else (
            self.blue_result if name == self.blue else None)

    def opponent_of(self, name: str) -> str | None:
        return self.blue if name == self.red else (self.red if name == self.blue else None)


class EventRound(EventModel):
    battles: tuple[Battle, ...] = ()

    @property
    def done(self) -> bool:
        """Every battle has both results; a bye is complete once paired (it scores nothing:
        docs/rules.md, Readings)."""
        return all(b.blue is None or (b.red_result is not None and b.blue_result is not None)
                   for b in self.battles)

    def bye(self) -> str | None:
        """The commander with the bye this round, if any."""
        return next((b.red for b in self.battles if b.blue is None), None)


class Event(EventModel):
    """A tournament: Swiss pairing by victory points (OtH p.46), or the campaign format with
    fixed sides (OtH p.48)."""

    format: StrictInt = Field(default=EVENT_FORMAT, ge=1, le=EVENT_FORMAT)
    name: str = Field(min_length=1, max_length=200)
    preset: str = Field(min_length=1, description="Event preset: a shipped one by name, or a "
                        "file relative to the event file.")
    pairing: Literal["swiss", "campaign"] = "swiss"
    seed: StrictInt = Field(default=0, description="Seed of round 1's random pairing, so it "
                            "can be reproduced.")
    commanders: tuple[Commander, ...] = ()
    rounds: tuple[EventRound, ...] = ()
    corrections: tuple[Correction, ...] = Field(default=(), description="Results replaced, "
                                                "oldest first (never silently).")
    bye: ByeRule | None = Field(default=None, description="The event's own bye rule: its keys "
                                "replace the preset's (`[event.bye]`), the others are the "
                                "preset's (docs/rules.md, Readings: the book is silent).")

    @model_validator(mode="after")
    def _names_unique(self) -> Event:
        no_repeats((c.name for c in self.commanders), "commander {!r} is listed twice")
        return self

    def commander(self, name: str) -> Commander | None:
        return next((c for c in self.commanders if c.name == name), None)

    def bye_rule(self, preset: ByeRule) -> ByeRule:
        """The bye rule this event plays by: the preset's, with the keys the event file's
        own ``[bye]`` sets in place of the preset's."""
        if self.bye is None:
            return preset
        return preset.model_copy(update=self.bye.model_dump(exclude_unset=True))

    @property
    def active(self) -> tuple[Commander, ...]:
        """The commanders still playing (not dropped out)."""
        return tuple(c for c in self.commanders if not c.dropped)
