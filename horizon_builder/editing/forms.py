"""Metaforms (OtH p.19-21): which types a form may be, defaults, and pure edits."""

from __future__ import annotations

from horizon_builder.checks import validate
from horizon_builder.editing.common import _enabled, _error_keys, new_errors, replace_element
from horizon_builder.editing.elements import _required_upgrades, default_stats
from horizon_builder.roster.models import (
    Element,
    Form,
    Roster,
)
from horizon_builder.rules.models import Ruleset


def can_have_forms(ruleset: Ruleset, element: Element) -> bool:
    """A metaformer (it has taken a metaform upgrade) or an element that already has forms."""
    form_upgrades = ruleset.form_upgrade_ids()  # data: upgrades with form_types (metaform)
    return bool(element.forms) or any(c.id in form_upgrades for c in element.upgrades)


def form_types(ruleset: Ruleset, roster: Roster, element: Element,
               form_index: int | None = None) -> list[str]:
    """Types a metaform of ``element`` may be (as the validator judges a form's type).

    Enabled, on-table types that the checks accept as form ``form_index`` (a new
    form when None): a type the validator would flag on the form's ``type`` is left out.
    """
    candidates = [t for t, et in ruleset.element_types.items()
                  if t != element.type and et.category != "asset" and _enabled(roster, et.supplement)
                  and et.presence.min <= element.presence]
    index = len(element.forms) if form_index is None else form_index
    field = f"forms[{index + 1}].type"
    if roster.element(element.id) is None:
        return candidates
    baseline = _error_keys(validate(roster, ruleset).all_findings)
    out = []
    for type_id in candidates:
        if form_index is None:
            trial = element.model_copy(update={
                "forms": (*element.forms, default_form(ruleset, roster, element, type_id))})
        else:
            trial = set_form_type(ruleset, roster, element, form_index, type_id)
        errors = new_errors(roster, replace_element(roster, trial), ruleset, baseline)
        if not any(f.field == field for f in errors):
            out.append(type_id)
    return out


def default_form(ruleset: Ruleset, roster: Roster, element: Element, type_id: str,
                 presence: int | None = None) -> Form:
    et = ruleset.element_types[type_id]
    top = et.presence.max if et.presence.max is not None else element.presence
    p = presence if presence is not None else min(element.presence, top)
    p = max(et.presence.min, p)
    upgrades = _required_upgrades(ruleset, roster, type_id, p, [])
    return Form(name=None, type=type_id, presence=p,
                stats=default_stats(ruleset, type_id, p, upgrades), upgrades=upgrades)


def add_form(ruleset: Ruleset, roster: Roster, element: Element,
             type_id: str | None = None, presence: int | None = None) -> Element:
    """Add a metaform (by default the first type a metaform may be, at the baseform's P or less)."""
    if type_id is None:
        candidates = form_types(ruleset, roster, element)
        if not candidates:
            raise ValueError("no element type may be a metaform of this element")
        type_id = candidates[0]
    form = default_form(ruleset, roster, element, type_id, presence)
    return element.model_copy(update={"forms": (*element.forms, form)})


def remove_form(element: Element, form_index: int) -> Element:
    """Drop metaform ``form_index``."""
    forms = tuple(f for i, f in enumerate(element.forms) if i != form_index)
    return element.model_copy(update={"forms": forms})


def set_form_type(ruleset: Ruleset, roster: Roster, element: Element, form_index: int,
                  type_id: str) -> Element:
    """Make a metaform another type: fresh defaults of that type, keeping its name and P if it fits."""
    old = element.forms[form_index]
    form = default_form(ruleset, roster, element, type_id, None)
    et = ruleset.element_types[type_id]
    if et.presence.min <= old.presence and (et.presence.max is None or old.presence <= et.presence.max):
        form = default_form(ruleset, roster, element, type_id, old.presence)
    forms = list(element.forms)
    forms[form_index] = form.model_copy(update={"name": old.name})
    return element.model_copy(update={"forms": tuple(forms)})


