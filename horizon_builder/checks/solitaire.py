"""Solitaire (OtH p.55-58): the friendly force of a solo game, checked when a roster says so.

A roster sets ``solitaire = "solo"`` (any solo game) or ``"hot_exfiltration"`` (the solo
mission, which adds its own force rule). Nothing here applies to other rosters.
"""

from __future__ import annotations

from collections.abc import Iterator

from horizon_builder.checks.common import about
from horizon_builder.engine.analysis import Analysis, ElementInfo
from horizon_builder.engine.findings import Finding
from horizon_builder.engine.validator import check

CHAPTER = "Solitaire"

#: The solo rules are written for a friendly battlegroup of this FC (OtH p.55).
SOLO_FORCE_COST = 12
#: Hot Exfiltration: at least half the friendly FP from elements of this P or less (OtH p.57-58).
EXFIL_MAX_PRESENCE = 2


def _is_aircraft(info: ElementInfo) -> bool:
    et = info.type
    return et is not None and (et.category == "aircraft" or et.family == "aircraft"
                               or "aircraft" in et.tags)


@check(CHAPTER, applies_to=("battlegroup",))
def solo_force(a: Analysis) -> Iterator[Finding]:
    """Solo game: the friendly force is built to FC 12 and may not include aircraft (OtH p.55)."""
    if a.roster.solitaire is None:
        return
    if a.roster.force_cost != SOLO_FORCE_COST:
        yield Finding("warning", "solo-force-cost",
                      f"The solo rules are written for FC {SOLO_FORCE_COST}, not "
                      f"FC {a.roster.force_cost}: set the budget to {SOLO_FORCE_COST} for a "
                      "balanced game", "OtH p.55", field="force_cost")
    for info in a.elements:
        if _is_aircraft(info):
            yield about(info, "error", "solo-no-aircraft",
                        "no aircraft in a solo game: remove it", "OtH p.55",
                        "type")


@check(CHAPTER, applies_to=("battlegroup",))
def hot_exfiltration_small_elements(a: Analysis) -> Iterator[Finding]:
    """Hot Exfiltration: at least half the friendly FP must be in elements of P2 or less
    (OtH p.57-58)."""
    if a.roster.solitaire != "hot_exfiltration":
        return
    total = sum(info.fp for info in a.elements)
    small = sum(info.fp for info in a.elements if info.element.presence <= EXFIL_MAX_PRESENCE)
    if total and 2 * small < total:
        yield Finding("error", "exfil-small-elements",
                      f"Hot Exfiltration needs at least half the FP in elements of "
                      f"P{EXFIL_MAX_PRESENCE} or less: {small} of {total} FP is; swap in "
                      "smaller elements", "OtH p.57-58", field="elements")
