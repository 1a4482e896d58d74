"""A campaign file: linked battles in which one battle shapes the next (OtH p.50).

It holds the campaign's name, the preset its verdicts rest on (optional), its settings
(the handicap and the objectives' bonuses: numbers the book gives are cited, the others are
our defaults, docs/rules.md "Campaigns"), its commanders with the list each plays (pinned
when they join), and the games played, in order. A game replaced keeps the old record in
``corrections``. Like a roster it is TOML a player can read and edit by hand.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, StrictInt, field_validator, model_validator

from horizon_builder.files.names import no_nul
from horizon_builder.roster.models import no_repeats

CAMPAIGN_FORMAT = 1

#: bounds of the numbers a game record holds (momentum may end below zero, OtH p.49)
MOMENTUM = (-1000, 1000)


class CampaignModel(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Settings(CampaignModel):
    """How a commander's IR adjustment is worked out (OtH p.50 gives the +3 and the scratch 0;
    the rest are our defaults, every one a setting)."""

    new_handicap: StrictInt = Field(default=3, ge=0, le=20, description="A new commander's "
                                    "starting IR handicap (OtH p.50: +3 for example).")
    scratch: StrictInt = Field(default=0, ge=-20, le=20, description="The handicap never "
                               "shrinks below this (OtH p.50: scratch, 0).")
    victories_per_step: StrictInt = Field(default=1, ge=0, le=100, description="The handicap "
                                          "shrinks by 1 for every this many victories (0: "
                                          "victories do not shrink it). Our default: 1.")
    games_per_step: StrictInt = Field(default=3, ge=0, le=100, description="And by 1 for every "
                                      "this many games played (0: games alone do not shrink "
                                      "it). Our default: 3.")
    objectives: dict[str, StrictInt] = Field(default_factory=dict, description="Objectives a "
                                             "commander may secure and the IR bonus each earns "
                                             "(OtH p.50 names no objective nor amount).")
    bonus_to: Literal["winner", "any"] = Field(default="winner", description="Who earns an "
                                               "objective's bonus: the winner only (OtH p.50: "
                                               "winners gain bonuses) or either side.")
    bonus_lasts: Literal["next_battle", "campaign"] = Field(
        default="next_battle", description="An objective's bonus counts in the commander's "
        "next battle only, or for the rest of the campaign. Our default: the next battle.")

    @field_validator("objectives")
    @classmethod
    def _bonuses(cls, value: dict[str, int]) -> dict[str, int]:
        for name, bonus in value.items():
            if not name.strip() or len(name) > 120:
                raise ValueError("an objective needs a name of 1-120 characters")
            if not -10 <= bonus <= 10:
                raise ValueError(f"the bonus of {name!r} must be from -10 to 10, not {bonus}")
        return value


class Commander(CampaignModel):
    name: str = Field(min_length=1, max_length=120)
    list: str = Field(min_length=1, max_length=4096, description="The commander's list, "
                      "relative to the campaign file.")
    new: bool = Field(default=False, description="A new player: starts with the settings' "
                      "new_handicap (OtH p.50).")
    handicap: StrictInt | None = Field(default=None, ge=-20, le=20, description="The starting "
                                       "handicap, when it is neither new_handicap nor scratch.")
    pin: str | None = Field(default=None, pattern="^[0-9a-f]{64}$", description="SHA-256 of "
                            "the list when it joined (or its change was accepted).")
    refused: str | None = Field(default=None, pattern="^[0-9a-f]{64}$", description="Pin of a "
                                "changed list refused: the pinned list stands.")

    _a_path = field_validator("list")(no_nul)


class Side(CampaignModel):
    """One commander's side of a game."""

    commander: str = Field(min_length=1, max_length=120)
    starting_momentum: StrictInt = Field(ge=1, le=1000, description="Momentum at the start "
                                         "(FP less the Situation's losses, OtH p.51).")
    momentum_left: StrictInt = Field(ge=MOMENTUM[0], le=MOMENTUM[1], description="Momentum at "
                                     "the end (OtH p.49).")
    situation: StrictInt | None = Field(default=None, ge=1, le=12, description="The Situation "
                                        "roll, if one was rolled (OtH p.52).")
    lost: tuple[str, ...] = Field(default=(), description="Ids (or names) of the elements this "
                                  "side lost.")
    objectives: tuple[str, ...] = Field(default=(), description="Objectives this side secured.")


class Game(CampaignModel):
    first: Side
    second: Side
    note: str = Field(default="", max_length=2000)

    @model_validator(mode="after")
    def _two_commanders(self) -> Game:
        if self.first.commander == self.second.commander:
            raise ValueError(f"{self.first.commander!r} cannot play against themself")
        return self

    def side_of(self, name: str) -> Side | None:
        return self.first if self.first.commander == name else (
            self.second if self.second.commander == name else None)

    def opponent_of(self, name: str) -> Side | None:
        return self.second if self.first.commander == name else (
            self.first if self.second.commander == name else None)


class Correction(CampaignModel):
    """A game record replaced: which game, when, the old record (the new one is in games)."""

    game: StrictInt = Field(ge=1, le=10000)
    when: str = Field(min_length=1, description="UTC time of the correction (ISO 8601).")
    old: Game


class Campaign(CampaignModel):
    format: StrictInt = Field(default=CAMPAIGN_FORMAT, ge=1, le=CAMPAIGN_FORMAT)
    name: str = Field(min_length=1, max_length=200)
    preset: str | None = Field(default=None, description="The layers the verdicts rest on: an "
                               "event preset by name or a file next to the campaign; none: "
                               "each list's own ruleset.")
    settings: Settings = Field(default_factory=Settings)
    commanders: tuple[Commander, ...] = ()
    games: tuple[Game, ...] = ()
    corrections: tuple[Correction, ...] = ()

    @model_validator(mode="after")
    def _names_unique(self) -> Campaign:
        no_repeats((c.name for c in self.commanders), "commander {!r} is listed twice")
        return self

    def commander(self, name: str) -> Commander | None:
        return next((c for c in self.commanders if c.name == name), None)
