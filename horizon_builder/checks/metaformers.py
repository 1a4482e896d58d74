"""Metaformers (OtH p.18-22): elements with a baseform and metaforms.

The ``metaform`` upgrade (``rulesets/20-metaformers.toml``) says who may be a
metaformer; each form's own statline, pool and upgrades are checked by the
generic checks in :mod:`mustering`, and :mod:`analysis` counts FC (baseform P
plus every form's P), FP (baseform P + 1 per form) and momentum (baseform P).
Here: the number, Presence and type of the forms, the aircraft-baseform CHQ
bar and CR on conventional forms. The Operation Plantagenet bar is data
(``[eras.era1_plantagenet.bans.metaform]``), read by the era check in :mod:`supplements`.
"""

from __future__ import annotations

from collections.abc import Iterator

from horizon_builder.checks.common import eligible_names, plural
from horizon_builder.engine.analysis import ElementInfo
from horizon_builder.engine.rule import (
    BATTLEGROUP_AND_ROUND,
    ElementView,
    Fault,
    ForceView,
    Rule,
    StatlineView,
)
from horizon_builder.rules.models import ElementType
from horizon_builder.text.words import with_article

CHAPTER = "Metaformers"

METAFORM = "metaform"


def _family(type_id: str, et: ElementType | None) -> str:
    return (et.family if et is not None and et.family else None) or type_id


def _form_label(info: ElementInfo, index: int) -> str:
    """'Tank form', named as the roster names it (as the mustering checks do)."""
    form = info.element.forms[index]
    line = info.forms[index]
    return f"{form.name or (line.type.name if line.type else form.type)} form"


# --- the metaform upgrade (OtH p.19) -------------------------------------------------

METAFORM_UPGRADE_MISSING = Rule(
    "metaform-upgrade-missing", "error", CHAPTER, "OtH p.19",
    "metaforms without the metaform upgrade", "needs the Metaform upgrade")


@METAFORM_UPGRADE_MISSING.element(metaforms=True)
def metaform_upgrade_missing(view: ElementView) -> Iterator[Fault]:
    """Only an element with the metaform upgrade (its own) may have metaforms (OtH p.19)."""
    forms = view.info.element.forms
    if METAFORM not in view.info.base.upgrade_ids():
        yield Fault(f"has {plural(len(forms), 'metaform')} but not the Metaform upgrade",
                    field="upgrades")


METAFORM_NO_FORMS = Rule(
    "metaform-no-forms", "warning", CHAPTER, "OtH p.19",
    "the metaform upgrade without any metaform", "no metaforms")


@METAFORM_NO_FORMS.element()
def metaform_no_forms(view: ElementView) -> Iterator[Fault]:
    """An element with the metaform upgrade should have a metaform (OtH p.19)."""
    if METAFORM in view.info.base.upgrade_ids() and not view.info.element.forms:
        yield Fault("has the Metaform upgrade but no metaforms: add its forms", field="forms")


METAFORM_NESTED = Rule(
    "metaform-nested", "error", CHAPTER, "OtH p.19",
    "a metaform that is itself a metaformer", "not on a metaform")


@METAFORM_NESTED.statline(metaforms=True)
def metaform_not_nested(view: StatlineView) -> Iterator[Fault]:
    """A metaform cannot itself be a metaformer (OtH p.19)."""
    if METAFORM in view.line.upgrade_ids():
        yield Fault(f"{view.label.removesuffix(': ')}: a metaform cannot itself be a metaformer",
                    field=f"{view.prefix}upgrades", subject=METAFORM)


# --- the forms: how many, how big, of which type (OtH p.19-20) -------------------------

METAFORM_TOO_MANY = Rule(
    "metaform-too-many", "error", CHAPTER, "OtH p.19",
    "more metaforms than the baseform's P", "too many metaforms")


@METAFORM_TOO_MANY.element(metaforms=True)
def metaform_count(view: ElementView) -> Iterator[Fault]:
    """A metaformer has at most as many metaforms as its baseform's P (OtH p.19)."""
    count, presence = len(view.info.element.forms), view.info.element.presence
    if count > presence:
        yield Fault(f"{plural(count, 'metaform')}; a P{presence} metaformer may have at "
                    f"most {presence}", field="forms")


METAFORM_PRESENCE_TOO_HIGH = Rule(
    "metaform-presence-too-high", "error", CHAPTER, "OtH p.19",
    "a metaform bigger than its baseform", "above the baseform's P")


@METAFORM_PRESENCE_TOO_HIGH.element(metaforms=True)
def metaform_presence(view: ElementView) -> Iterator[Fault]:
    """Each metaform's P is at most the baseform's P (OtH p.19)."""
    info = view.info
    for index, form in enumerate(info.element.forms):
        if form.presence > info.element.presence:
            yield Fault(f"{_form_label(info, index)} is P{form.presence}, above its "
                        f"baseform's P{info.element.presence}",
                        field=f"forms[{index + 1}].presence")


METAFORM_TYPE_UNKNOWN = Rule(
    "metaform-type-unknown", "error", CHAPTER, "OtH p.19-20",
    "a metaform of a type the rules do not know", "unknown type")


@METAFORM_TYPE_UNKNOWN.element(metaforms=True)
def metaform_type_unknown(view: ElementView) -> Iterator[Fault]:
    """A metaform's type is one the rules know (OtH p.19-20)."""
    for index, form in enumerate(view.info.element.forms):
        if form.type not in view.ruleset.element_types:
            yield Fault(f"metaform {index + 1} has unknown type {form.type!r}",
                        field=f"forms[{index + 1}].type")


def form_type_allowed(type_id: str, et: ElementType, form_types: list[str]) -> bool:
    """A metaform may be one of the types the metaform upgrade lists (``form_types``, nine:
    OtH p.19-20), or a variant of one of them that is not a superheavy."""
    return type_id in form_types or (et.family in form_types and et.category != "superheavy")


METAFORM_TYPE_NOT_ALLOWED = Rule(
    "metaform-type-not-allowed", "error", CHAPTER, "OtH p.19-20",
    "a type a metaform may not be", "not a metaform type")


@METAFORM_TYPE_NOT_ALLOWED.element(metaforms=True)
def metaform_type_not_allowed(view: ElementView) -> Iterator[Fault]:
    """A metaform is one of nine types (OtH p.19-20; data: ``form_types`` of
    ``[upgrades.metaform]``)."""
    types = view.ruleset.element_types
    upgrade = view.ruleset.upgrades.get(METAFORM)
    form_types = upgrade.form_types if upgrade is not None else []
    for index, form in enumerate(view.info.element.forms):
        et = types.get(form.type)
        if et is not None and not form_type_allowed(form.type, et, form_types):
            allowed = ", ".join(types[t].short or types[t].name for t in form_types if t in types)
            yield Fault(f"{_form_label(view.info, index)}: {with_article(et.name)} cannot be a "
                        f"metaform (only {allowed})", field=f"forms[{index + 1}].type",
                        provisional=upgrade is not None and upgrade.is_provisional)


METAFORM_SAME_TYPE = Rule(
    "metaform-same-type", "error", CHAPTER, "OtH p.19",
    "a metaform of the baseform's own type", "the baseform's type")


@METAFORM_SAME_TYPE.element(metaforms=True)
def metaform_same_type(view: ElementView) -> Iterator[Fault]:
    """A metaform is never of its baseform's type (its family); repeats among the forms are
    fine (OtH p.19)."""
    info, types = view.info, view.ruleset.element_types
    upgrade = view.ruleset.upgrades.get(METAFORM)
    form_types = upgrade.form_types if upgrade is not None else []
    base_family = _family(info.element.type, info.type)
    for index, form in enumerate(info.element.forms):
        et = types.get(form.type)
        if et is not None and form_type_allowed(form.type, et, form_types) \
                and _family(form.type, et) == base_family:
            base_name = info.type.name if info.type else info.element.type
            yield Fault(f"{_form_label(info, index)}: a metaform cannot be of its "
                        f"baseform's type ({base_name})", field=f"forms[{index + 1}].type")


# --- command and CR (OtH p.20) ---------------------------------------------------------

METAFORMER_AIRCRAFT_CHQ = Rule(
    "metaformer-aircraft-chq", "error", CHAPTER, "OtH p.20",
    "an aircraft-baseform metaformer as the CHQ", "never the CHQ")


@METAFORMER_AIRCRAFT_CHQ.force(modes=BATTLEGROUP_AND_ROUND, reads=("rules", "command"))
def metaformer_aircraft_chq(force: ForceView) -> Iterator[Fault]:
    """A metaformer whose baseform is an aircraft may never be the CHQ (OtH p.20; data:
    ``chq_barred_base`` of ``[upgrades.metaform]``)."""
    info = force.command_element
    upgrade = force.ruleset.upgrades.get(METAFORM)
    if info is None or not info.element.forms or upgrade is None:
        return
    if upgrade.chq_barred_base and force.ruleset.matches(info.element.type, upgrade.chq_barred_base):
        what = eligible_names(force.ruleset, upgrade.chq_barred_base)
        yield Fault(f"a metaformer whose baseform is {what} may not be the CHQ, whatever "
                    "form it starts in", field="command", provisional=upgrade.is_provisional,
                    element=info)


METAFORM_CR_NOT_CONVENTIONAL = Rule(
    "metaform-cr-not-conventional", "error", CHAPTER, "OtH p.20",
    "CR bought for non-conventional metaforms", "conventional metaforms only")


@METAFORM_CR_NOT_CONVENTIONAL.force(reads=("rules", "cr"))
def metaform_cr_not_conventional(force: ForceView) -> Iterator[Fault]:
    """CR may be spent on conventional metaforms only (OtH p.20)."""
    rs = force.ruleset
    for purchase in force.cr_purchases:
        et = rs.element_types.get(purchase.type)
        up = rs.upgrades.get(purchase.upgrade)
        if et is not None and up is not None and purchase.form_type \
                and et.category != "conventional":
            yield Fault(f"CR bought {up.name} for {et.name} metaforms: CR may be spent only on "
                        "conventional metaforms", field="cr_purchases")


METAFORM_CR_SEPARATE_TYPE = Rule(
    "metaform-cr-separate-type", "info", CHAPTER, "OtH p.20",
    "CR bought for a type does not reach its metaforms")


@METAFORM_CR_SEPARATE_TYPE.force(reads=("rules", "cr", "elements"))
def metaform_cr_separate_type(force: ForceView) -> Iterator[Fault]:
    """A metaform is its own type for CR (OtH p.20): CR bought for a type does not reach the
    metaforms of that type unless bought for them (``form_type``)."""
    rs = force.ruleset
    form_holders: dict[str, set[str]] = {}
    for info in force.elements:
        for line in info.forms:
            form_holders.setdefault(line.type_id, set()).add(info.element.name)
    bought_for_forms = {(p.type, p.upgrade) for p in force.cr_purchases if p.form_type}
    for purchase in force.cr_purchases:
        et = rs.element_types.get(purchase.type)
        up = rs.upgrades.get(purchase.upgrade)
        if (et is not None and up is not None and not purchase.form_type
                and purchase.type in form_holders
                and (purchase.type, purchase.upgrade) not in bought_for_forms):
            holders = ", ".join(sorted(form_holders[purchase.type]))
            yield Fault(f"{up.name} bought for {et.name} does not reach the {et.name} metaform "
                        f"of {holders}: a metaform is its own type for CR (buy it with "
                        "form_type = true)", field="cr_purchases")
