"""A commander's IR with the campaign's adjustment applied (OtH p.50): the base IR from FC
and FP, the handicap and bonuses added, and the band the sum falls in, whose effects then
set disposition, terrain and deployment as for any IR."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from horizon_builder.campaign.standing import ServiceRecord, Standing
from horizon_builder.engine.totals import Totals, intelligence_band
from horizon_builder.rules.models import Intelligence, IntelligenceBand


@dataclass(frozen=True)
class AdjustedIR:
    base: int
    adjustment: int
    band: IntelligenceBand | None
    base_band: IntelligenceBand | None

    @property
    def rating(self) -> int:
        return self.base + self.adjustment

    def spaces(self, base_spaces: int) -> int:
        """Deployment spaces with the adjusted band's extra space instead of the base's."""
        before = self.base_band.extra_deployment_spaces if self.base_band is not None else 0
        after = self.band.extra_deployment_spaces if self.band is not None else 0
        return base_spaces - before + after

    @property
    def quality(self) -> str | None:
        return self.band.quality if self.band is not None else None

    @property
    def effect(self) -> str | None:
        return self.band.effect if self.band is not None else None

    def sum_text(self) -> str:
        """``-3 +3 = +0 Very good``: the base, the adjustment, the IR played with."""
        quality = f" {self.band.quality}" if self.band is not None else ""
        return f"{self.base:+d} {self.adjustment:+d} = {self.rating:+d}{quality}"

    def text(self, campaign: str, commander: str) -> str:
        quality = f" {self.band.quality}" if self.band is not None else ""
        return (f"Campaign {campaign}: {commander}'s IR {self.base:+d} "
                f"{self.adjustment:+d} (handicap and bonuses) = {self.rating:+d}{quality} "
                "(OtH p.50)")


def adjusted(intelligence: Intelligence | None, base: int, adjustment: int) -> AdjustedIR:
    if intelligence is None or not intelligence.bands:
        return AdjustedIR(base, adjustment, None, None)
    return AdjustedIR(base, adjustment, intelligence_band(intelligence, base + adjustment),
                      intelligence_band(intelligence, base))


def of_totals(intelligence: Intelligence | None, totals: Totals,
              adjustment: int) -> AdjustedIR | None:
    """A list's IR (from its totals) with a campaign's adjustment (None: the list has no IR,
    FC 0). What ``adventure --campaign``, the Campaign screen's list and the app's totals
    show."""
    if totals.intelligence_rating is None:
        return None
    return adjusted(intelligence, totals.intelligence_rating, adjustment)


@dataclass(frozen=True)
class Playing:
    """A commander's list as the campaign plays it: the IR adjustment for their next battle
    (OtH p.50) and each element's service record, by element id (a renamed element keeps
    its record; one added since the campaign read the list has none). ``unread``: the figures
    of the campaign file as last read, the file as it is now cannot be."""

    campaign: str
    commander: str
    standing: Standing
    records: Mapping[str, ServiceRecord]
    #: what is wrong with the campaign file now, when it was changed and cannot be read:
    #: these figures are as it was last read
    unread: tuple[str, ...] = ()

    def ir(self, intelligence: Intelligence | None, totals: Totals) -> AdjustedIR | None:
        return of_totals(intelligence, totals, self.standing.adjustment)

    def said(self) -> str:
        """``Ben in Harbour league: IR adjustment +3 (handicap +2, bonus +1; OtH p.50)``."""
        s = self.standing
        return (f"{self.commander} in {self.campaign}: IR adjustment {s.adjustment:+d} "
                f"(handicap {s.handicap:+d}, bonus {s.bonus:+d}; OtH p.50)")
