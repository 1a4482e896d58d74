"""Solitaire (OtH p.55-58): the friendly force of a solo game, checked when a roster says so.

A roster sets ``solitaire = "solo"`` (any solo game) or ``"hot_exfiltration"`` (the solo
mission, which adds its own force rule). Nothing here applies to other rosters.
"""

from __future__ import annotations

from collections.abc import Iterator

from horizon_builder.checks.common import about, cite, is_aircraft
from horizon_builder.engine.analysis import Analysis
from horizon_builder.engine.findings import Finding
from horizon_builder.engine.registry import check

CHAPTER = "Solitaire"


@check(CHAPTER, applies_to=("battlegroup",))
def solo_force(a: Analysis) -> Iterator[Finding]:
    """Solo game: the friendly force is built to the solo FC (12) and, unless the data
    allows them, has no aircraft (OtH p.55; data: ``[solitaire]``). A metaformer whose
    baseform is an aircraft is one (as for the CHQ, OtH p.20); another's aircraft metaform
    is a warning: the element plays, the form cannot (our reading, docs/rules.md)."""
    solo = a.ruleset.solitaire
    if a.roster.solitaire is None or solo is None:
        return
    rule = cite(solo, "OtH p.55")
    if a.roster.force_cost != solo.force_cost:
        yield Finding("warning", "solo-force-cost",
                      f"The solo rules are written for FC {solo.force_cost}, not "
                      f"FC {a.roster.force_cost}: set the budget to {solo.force_cost} for a "
                      "balanced game", rule, field="force_cost", provisional=solo.is_provisional)
    if solo.aircraft_allowed:
        return
    for info in a.elements:
        if is_aircraft(info.type):
            yield about(info, "error", "solo-no-aircraft",
                        "no aircraft in a solo game: remove it", rule, "type",
                        solo.is_provisional)
            continue
        for index, form in enumerate(info.forms):  # our reading: the element may play, not the form
            if is_aircraft(form.type):
                name = info.element.forms[index].name or (form.type.name if form.type else "")
                yield about(info, "warning", "solo-aircraft-form",
                            f"its {name} form is an aircraft: it may not take that form in a "
                            f"solo game, and the form's FC {form.presence} buys nothing there",
                            rule, f"forms[{index + 1}].type", solo.is_provisional)


@check(CHAPTER, applies_to=("battlegroup",))
def hot_exfiltration_small_elements(a: Analysis) -> Iterator[Finding]:
    """Hot Exfiltration: at least half the friendly FP must be in elements of P2 or less
    (OtH p.57-58; data: ``[solitaire.exfiltration]``)."""
    solo = a.ruleset.solitaire
    exfil = solo.exfiltration if solo is not None else None
    if a.roster.solitaire != "hot_exfiltration" or exfil is None:
        return
    total = sum(info.fp for info in a.elements)
    small = sum(info.fp for info in a.elements if info.element.presence <= exfil.max_presence)
    if total and 100 * small < exfil.min_fp_percent * total:
        share = "half" if exfil.min_fp_percent == 50 else f"{exfil.min_fp_percent}%"
        yield Finding("error", "exfil-small-elements",
                      f"Hot Exfiltration needs at least {share} of the FP in elements of "
                      f"P{exfil.max_presence} or less: {small} of {total} FP is; swap in "
                      "smaller elements", cite(exfil, "OtH p.57-58"), field="elements",
                      provisional=exfil.is_provisional)
