"""A commander's IR with the campaign's adjustment applied (OtH p.50): the base IR from FC
and FP, the handicap and bonuses added, and the band the sum falls in, whose effects then
set disposition, terrain and deployment as for any IR."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from horizon_builder.engine.totals import intelligence_band
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


def adjuster(path: str, commander: str | None
             ) -> Callable[[Intelligence | None, int, str],
                           tuple[str, int, IntelligenceBand | None, int] | str]:
    """For ``adventure --campaign``: the commander's IR in the campaign file ``path``
    (``commander`` None: the list's own commander name), or what is wrong (one line per
    problem, each naming the file)."""
    def adjust(intelligence: Intelligence | None, base: int, listed: str
               ) -> tuple[str, int, IntelligenceBand | None, int] | str:
        from horizon_builder.campaign.errors import CampaignError
        from horizon_builder.campaign.session import CampaignSession
        from horizon_builder.event.names import shown

        name = commander or listed
        try:
            session = CampaignSession.open(path)
            standing = session.standing(name)
        except CampaignError as exc:
            return "\n".join(exc.lines())
        ir = adjusted(intelligence, base, standing.adjustment)
        return (ir.text(shown(session.campaign.name), shown(name)), ir.rating, ir.band,
                ir.spaces(0))

    return adjust
