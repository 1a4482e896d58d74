"""Solitaire (OtH p.55-58): the friendly force of a solo game, checked when a roster says so.

A roster sets ``solitaire = "solo"`` (any solo game) or ``"hot_exfiltration"`` (the solo
mission, which adds its own force rule). Nothing here applies to other rosters.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from horizon_builder.checks.common import cite, is_aircraft
from horizon_builder.engine.analysis import ElementInfo
from horizon_builder.engine.rule import ElementView, Fault, ForceView, Rule
from horizon_builder.rules.models import Solitaire

CHAPTER = "Solitaire"
#: A solo game is a battlegroup's (a Task Force is a tournament's).
SOLO_MODES = ("battlegroup",)


def solo_rules(force: ForceView) -> Solitaire | None:
    """The solo rules (data: ``[solitaire]``) when the roster is a solo game's, else None."""
    return force.ruleset.solitaire if force.roster.solitaire is not None else None


# --- the solo force ------------------------------------------------------------------

SOLO_FORCE_COST = Rule(
    "solo-force-cost", "warning", CHAPTER, "OtH p.55",
    "a solo force not built to the solo FC", "not the solo FC")


@SOLO_FORCE_COST.force(modes=SOLO_MODES, reads=("rules", "settings"))
def solo_force_cost(force: ForceView) -> Iterator[Fault]:
    """Solo game: the friendly force is built to the solo FC (12; OtH p.55, data:
    ``[solitaire] force_cost``); another FC plays, unbalanced."""
    solo = solo_rules(force)
    if solo is not None and force.budget != solo.force_cost:
        yield Fault(f"The solo rules are written for FC {solo.force_cost}, not "
                    f"FC {force.budget}: set the budget to {solo.force_cost} for a "
                    "balanced game", field="force_cost", cite=cite(solo, "OtH p.55"),
                    provisional=solo.is_provisional)


SOLO_NO_AIRCRAFT = Rule(
    "solo-no-aircraft", "error", CHAPTER, "OtH p.55",
    "an aircraft in a solo force", "no aircraft in a solo game")


@SOLO_NO_AIRCRAFT.element(modes=SOLO_MODES, reads=("rules", "settings"), types=is_aircraft)
def solo_no_aircraft(view: ElementView) -> Iterator[Fault]:
    """Solo game: no aircraft in the friendly force unless the data allows them (OtH p.55;
    data: ``[solitaire] aircraft_allowed``). A metaformer whose baseform is an aircraft is
    one (as for the CHQ, OtH p.20)."""
    solo = solo_rules(view.force)
    if solo is not None and not solo.aircraft_allowed:
        yield Fault("no aircraft in a solo game: remove it", field="type",
                    cite=cite(solo, "OtH p.55"), provisional=solo.is_provisional)


SOLO_AIRCRAFT_FORM = Rule(
    "solo-aircraft-form", "warning", CHAPTER, "OtH p.55",
    "an aircraft metaform, which cannot be used in a solo game", "no aircraft form solo")


@SOLO_AIRCRAFT_FORM.element(modes=SOLO_MODES, reads=("rules", "settings"), metaforms=True)
def solo_aircraft_form(view: ElementView) -> Iterator[Fault]:
    """Solo game: an aircraft metaform of an element that is not an aircraft is a warning:
    the element plays, the form cannot (our reading, docs/rules.md; OtH p.55)."""
    solo, info = solo_rules(view.force), view.info
    if solo is None or solo.aircraft_allowed or is_aircraft(info.type):
        return  # an aircraft baseform is solo-no-aircraft's
    for index, form in enumerate(info.forms):
        if is_aircraft(form.type):
            name = info.element.forms[index].name or (form.type.name if form.type else "")
            yield Fault(f"its {name} form is an aircraft: it may not take that form in a "
                        f"solo game, and the form's FC {form.presence} buys nothing there",
                        field=f"forms[{index + 1}].type", cite=cite(solo, "OtH p.55"),
                        provisional=solo.is_provisional)


# --- Hot Exfiltration ----------------------------------------------------------------

def small_element_fp(elements: Sequence[ElementInfo], max_presence: int) -> tuple[int, int]:
    """Derivation (OtH p.57-58, Hot Exfiltration): (FP in elements of P ``max_presence`` or
    less, FP of the whole force). An element's FP (with its metaforms') counts whole, by its
    baseform's P."""
    total = sum(info.fp for info in elements)
    small = sum(info.fp for info in elements if info.element.presence <= max_presence)
    return small, total


EXFIL_SMALL_ELEMENTS = Rule(
    "exfil-small-elements", "error", CHAPTER, "OtH p.57-58",
    "Hot Exfiltration without enough small elements", "too few small elements")


@EXFIL_SMALL_ELEMENTS.force(modes=SOLO_MODES, reads=("rules", "settings", "elements"))
def hot_exfiltration_small_elements(force: ForceView) -> Iterator[Fault]:
    """Hot Exfiltration: at least half the friendly FP must be in elements of P2 or less
    (OtH p.57-58; data: ``[solitaire.exfiltration]``)."""
    solo = force.ruleset.solitaire
    exfil = solo.exfiltration if solo is not None else None
    if force.roster.solitaire != "hot_exfiltration" or exfil is None:
        return
    small, total = small_element_fp(force.elements, exfil.max_presence)
    if total and 100 * small < exfil.min_fp_percent * total:
        share = "half" if exfil.min_fp_percent == 50 else f"{exfil.min_fp_percent}%"
        yield Fault(f"Hot Exfiltration needs at least {share} of the FP in elements of "
                    f"P{exfil.max_presence} or less: {small} of {total} FP is; swap in "
                    "smaller elements", field="elements", cite=cite(exfil, "OtH p.57-58"),
                    provisional=exfil.is_provisional)
