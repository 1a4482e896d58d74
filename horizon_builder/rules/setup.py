"""The game's set-up as data: intelligence bands and deployment spaces (OtH p.50, p.53),
and the friendly force of a solo game (OtH p.55-58). Part of the ruleset's models
(:mod:`horizon_builder.rules.models`, which re-exports them)."""

from pydantic import Field, StrictInt

from horizon_builder.rules.base import Rounding, RuleModel


class IntelligenceBand(RuleModel):
    max: StrictInt | None = Field(default=None, description="Highest IR in this band (none: no top).")
    quality: str
    effect: str
    extra_deployment_spaces: StrictInt = 0
    opponent_places_terrain: float | None = Field(
        default=None, ge=0, le=1,
        description="Share of your terrain pieces the opponent places, rounded up (OtH p.50).")
    opponent_places_deployment: bool = Field(
        default=False, description="The opponent places your deployment space(s) (OtH p.50).")


class Intelligence(RuleModel):
    scale: StrictInt = 10
    rounding: Rounding = Field(default="half_away_from_zero",
                               description="How an exact half of a rating rounds (the book is silent).")
    bands: list[IntelligenceBand]


class Deployment(RuleModel):
    elements_per_space: StrictInt = Field(default=10, ge=1)
    minimum: StrictInt = Field(default=1, ge=0)


class SolitaireExfiltration(RuleModel):
    """Hot Exfiltration: a share of the friendly FP must be in small elements (OtH p.57-58)."""

    max_presence: StrictInt = Field(ge=0, description="Highest P that counts as a small element.")
    min_fp_percent: StrictInt = Field(ge=0, le=100, description="Least share of the FP, in percent, "
                                "that must be in small elements.")


class Solitaire(RuleModel):
    """The friendly force of a solo game (OtH p.55) and the Hot Exfiltration mission (p.57-58)."""

    force_cost: StrictInt = Field(ge=1, description="The FC the solo rules are written for.")
    aircraft_allowed: bool = Field(default=False, description="Whether the friendly force may "
                                   "include aircraft.")
    exfiltration: SolitaireExfiltration | None = None
