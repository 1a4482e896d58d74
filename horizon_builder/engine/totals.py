"""Force totals as pure functions of an :class:`~horizon_builder.engine.analysis.Analysis`.

Force Cost, Force Presence, Command Resources, Intelligence Rating (OtH p.50),
deployment spaces (OtH p.53) and starting momentum (OtH p.51). :class:`Totals` is
the one totals model: the app shows it, the export document embeds it, and
``check --format json`` writes its keys.
"""

import math
from collections.abc import Iterable
from fractions import Fraction

from pydantic import BaseModel, ConfigDict, Field

from horizon_builder.engine.analysis import Analysis, ElementInfo
from horizon_builder.engine.tournament import fp_multiple, tournament_fc
from horizon_builder.rules.models import ElementType, Intelligence, IntelligenceBand, Rounding
from horizon_builder.text.words import plural


def force_cost(analysis: Analysis) -> int:
    return analysis.fc


def force_presence(analysis: Analysis) -> int:
    return analysis.fp


def starting_momentum(analysis: Analysis, losses: int = 0) -> int:
    """Momentum at the start: FP less the P of losses (OtH p.51), per-element exceptions applied."""
    return analysis.total(_momentum) - losses


def _momentum(info: ElementInfo) -> int:
    return info.momentum


def _on_table(info: ElementInfo) -> int:
    """1 for an element on the table, 0 for a strategic asset."""
    return 1 if info.type is None or not info.type.is_asset else 0


def elements_said(types: Iterable[ElementType | None]) -> str:
    """How many elements, the strategic assets apart ("7 elements + 2 assets"): an asset is
    off the table, not an element there (OtH p.36). ``types``: each element's type (None: one
    the rules do not know, counted as an element)."""
    kinds = [et is not None and et.is_asset for et in types]
    assets = sum(kinds)
    text = plural(len(kinds) - assets, "element")
    return text + (f" + {plural(assets, 'asset')}" if assets else "")


def round_half_away_from_zero(value: Fraction) -> int:
    """Round to the nearest whole number; an exact half goes away from zero (2.5 → 3, −2.5 → −3).

    The book (OtH p.50) asks for the nearest whole number and is silent on
    halves; this is the shipped rulesets' stated choice for them.
    """
    magnitude = math.floor(abs(value) + Fraction(1, 2))
    return magnitude if value >= 0 else -magnitude


def round_nearest(value: Fraction, mode: Rounding = "half_away_from_zero") -> int:
    """Round to the nearest whole number; an exact half goes as ``mode`` says (ruleset data):

    ``half_away_from_zero`` 2.5 → 3, −2.5 → −3; ``half_up`` 2.5 → 3, −2.5 → −2;
    ``half_even`` 2.5 → 2, 3.5 → 4, −2.5 → −2.
    """
    if mode == "half_up":
        return math.floor(value + Fraction(1, 2))
    if mode == "half_even":
        return round(value)  # Fraction.__round__ sends halves to the even neighbour
    return round_half_away_from_zero(value)


def intelligence_rating(fc: int, fp: int, scale: int = 10,
                        rounding: Rounding = "half_away_from_zero") -> int | None:
    """IR = scale × (1 − FP/FC), rounded to the nearest whole number (OtH p.50).

    Computed with exact fractions so 10 × (1 − 24/15) is exactly −6. None when FC is 0.
    An exact half rounds as ``rounding`` says (``[intelligence] rounding``).
    """
    if fc <= 0:
        return None
    return round_nearest(scale * (1 - Fraction(fp, fc)), rounding)


def intelligence_band(intelligence: Intelligence, rating: int) -> IntelligenceBand:
    """The quality band a rating falls in (bands are listed lowest first)."""
    for band in intelligence.bands:
        if band.max is None or rating <= band.max:
            return band
    return intelligence.bands[-1]


def deployment_spaces(element_count: int, per_space: int = 10, minimum: int = 1) -> int:
    """One deployment space per full 10 elements, at least one (OtH p.53)."""
    return max(minimum, element_count // per_space)


class Totals(BaseModel):
    """A force's totals (a battlegroup, a Task Force, or one tournament round)."""

    # Every key is always written (the export schema marks each required).
    model_config = ConfigDict(frozen=True, extra="forbid",
                              json_schema_serialization_defaults_required=True)

    force_cost: int
    force_cost_limit: int
    force_presence: int
    force_presence_limit: int | None = Field(
        default=None, description="Task Force only: twice the tournament FC (OtH p.46; data: "
        "[tournament] fp_per_fc).")
    command_resources: int
    command_resources_spent: int
    intelligence_rating: int | None
    intelligence_quality: str | None
    intelligence_effect: str | None
    deployment_spaces: int
    starting_momentum: int
    element_count: int = Field(description="Elements on the table (strategic assets excluded).")
    provisional: bool = Field(description="An element's FC rests on a provisional value.")

    @property
    def over_budget(self) -> bool:
        return self.force_cost > self.force_cost_limit


def compute_totals(analysis: Analysis) -> Totals:
    ruleset = analysis.ruleset
    fc = force_cost(analysis)
    fp = force_presence(analysis)
    intel = ruleset.intelligence
    rating = (intelligence_rating(fc, fp, intel.scale, intel.rounding) if intel is not None
              else intelligence_rating(fc, fp))
    quality = effect = None
    extra_spaces = 0
    if rating is not None and ruleset.intelligence is not None and ruleset.intelligence.bands:
        band = intelligence_band(ruleset.intelligence, rating)
        quality, effect, extra_spaces = band.quality, band.effect, band.extra_deployment_spaces
    on_table = analysis.total(_on_table)
    spaces = deployment_spaces(on_table, ruleset.deployment.elements_per_space,
                               ruleset.deployment.minimum) + extra_spaces
    provisional = any(info.fc_provisional for info in analysis.elements)
    roster = analysis.roster
    multiple = fp_multiple(ruleset)
    task_force_list = (roster.kind == "task_force" and analysis.round_name is None
                       and multiple is not None)
    return Totals(
        force_cost=fc,
        force_cost_limit=roster.force_cost,
        force_presence=fp,
        force_presence_limit=multiple * tournament_fc(ruleset, roster)
        if multiple is not None and task_force_list else None,
        command_resources=analysis.cr_available,
        command_resources_spent=analysis.cr_spent,
        intelligence_rating=rating,
        intelligence_quality=quality,
        intelligence_effect=effect,
        deployment_spaces=spaces,
        starting_momentum=starting_momentum(analysis),
        element_count=on_table,
        provisional=provisional,
    )
