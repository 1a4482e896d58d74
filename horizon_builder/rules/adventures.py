"""The New Adventures tables (OtH p.49-54) as ruleset models: situation, mission, victory.

Read by :mod:`horizon_builder.engine.adventures`; data in ``rulesets/70-new-adventures.toml``.
"""

from typing import Literal

from pydantic import Field, StrictInt

from horizon_builder.rules.base import Rounding, RuleModel


class SituationRow(RuleModel):
    """One row of the Situation table (OtH p.52); roll 12 lets the player pick a row."""

    name: str
    summary: str | None = None
    pick: bool = Field(default=False, description="The player picks one of the other rows.")
    loss: StrictInt | None = Field(default=None, le=0, description="FP lost before the battle (0 to -3).")
    disposition: Literal["well", "poor"] | None = None
    advance: float | None = Field(default=None, ge=0, description="Most of the FP deployed at the start.")
    reserve: float | None = Field(default=None, ge=0, description="Most of the FP held in reserve.")
    terrain: StrictInt | None = Field(default=None, ge=0, description="Terrain pieces each side places.")
    warning: str | None = Field(default=None, description="Shown with the row (suspected misprint ...).")


class MissionAction(RuleModel):
    """Action table row (OtH p.53): what the battlegroup was doing; sets the deployment space."""

    name: str
    rolls: list[StrictInt] = Field(min_length=1)
    summary: str | None = None
    effect: str | None = None
    deployment: tuple[StrictInt, StrictInt] = Field(
        description="Deployment space in inches, as printed (the book does not say which side "
        "lies along the table edge).")


class MissionPurpose(RuleModel):
    """Purpose table row (OtH p.53): why; sustains the battlegroup's own momentum."""

    name: str
    rolls: list[StrictInt] = Field(min_length=1)
    summary: str | None = None
    effect: str | None = None


class DispositionEffect(RuleModel):
    """From which turn each kind of reserve is available, well or poorly disposed (OtH p.51)."""

    reserve: str
    well: StrictInt = Field(ge=1)
    poor: StrictInt = Field(ge=1)


class VictoryBand(RuleModel):
    """Margin of victory from momentum left as a share of starting momentum (OtH p.49)."""

    name: str
    min_percent: float | None = Field(default=None, description="Lowest share in the band.")
    min_inclusive: bool = Field(default=True, description="Whether exactly min_percent is in this band.")
    summary: str | None = None


class Adventures(RuleModel):
    """The New Adventures tables (OtH p.49-54)."""

    situation_die: StrictInt = Field(default=12, ge=1, description="Sides of the die rolled on the "
                               "Situation, Action and Purpose tables (a d12, OtH p.52-53).")
    situations: dict[int, SituationRow] = Field(default_factory=dict)
    actions: dict[str, MissionAction] = Field(default_factory=dict)
    purposes: dict[str, MissionPurpose] = Field(default_factory=dict)
    disposition_effects: list[DispositionEffect] = Field(default_factory=list)
    victory_bands: list[VictoryBand] = Field(
        default_factory=list, description="Lowest first; a share falls in the last band it reaches.")
    intelligence_disposition: dict[str, Literal["well", "poor"]] = Field(
        default_factory=dict,
        description="Intelligence quality → the disposition it imposes (it takes priority, OtH p.51).")
    rounding: Rounding = Field(default="half_away_from_zero",
                               description="How an exact half of an allowance rounds.")
    allowance_fp: Literal["after_loss", "as_mustered"] = Field(
        default="after_loss", description="The FP the advance and reserve shares are taken of: "
        "after the Situation's loss (our reading of OtH p.47, p.51) or as mustered.")
    momentum_to_win: StrictInt = Field(
        default=1, description="Momentum a commander needs to have won when the other has less "
        "(OtH p.49: at least 1; on 0 or less a commander has not won).")
