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

from horizon_builder.checks.common import StatlineAsk, about, eligible_names, plural, selected, statline_rule
from horizon_builder.engine.analysis import Analysis, ElementInfo
from horizon_builder.engine.findings import Finding, Reason
from horizon_builder.engine.registry import check
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


def _metaformers(a: Analysis) -> list[ElementInfo]:
    """The elements with metaforms or the metaform upgrade (found once per analysis: four
    checks ask)."""
    found: list[ElementInfo] | None = a.once.get(_metaformers)
    if found is None:
        found = a.once[_metaformers] = selected(a, _is_metaformer)
    return found


def _is_metaformer(info: ElementInfo) -> bool:
    return bool(info.element.forms) or info.has_upgrade(METAFORM)


@check(CHAPTER)
def metaform_upgrade(a: Analysis) -> Iterator[Finding]:
    """Only an element with the metaform upgrade may have metaforms, and it should have one (OtH p.19)."""
    for info in _metaformers(a):
        has_upgrade = METAFORM in info.base.upgrade_ids()
        if info.element.forms and not has_upgrade:
            yield about(info, "error", "metaform-upgrade-missing",
                        f"has {plural(len(info.element.forms), 'metaform')} but not the "
                        "Metaform upgrade", "OtH p.19", "upgrades")
        elif has_upgrade and not info.element.forms:
            yield about(info, "warning", "metaform-no-forms",
                        "has the Metaform upgrade but no metaforms: add its forms",
                        "OtH p.19", "forms")


@statline_rule(CHAPTER)
def metaform_not_nested(ask: StatlineAsk) -> Iterator[Reason]:
    """A metaform cannot itself be a metaformer (OtH p.19)."""
    if not ask.is_base and METAFORM in ask.line.upgrade_ids():
        yield Reason("metaform-nested",
                     f"{ask.label.removesuffix(': ')}: a metaform cannot itself be a metaformer",
                     "not on a metaform", "OtH p.19", f"{ask.prefix}upgrades", subject=METAFORM)


@check(CHAPTER)
def metaform_count(a: Analysis) -> Iterator[Finding]:
    """A metaformer has at most as many metaforms as its baseform's P (OtH p.19)."""
    for info in _metaformers(a):
        count, presence = len(info.element.forms), info.element.presence
        if count > presence:
            yield about(info, "error", "metaform-too-many",
                        f"{plural(count, 'metaform')}; a P{presence} metaformer may have at "
                        f"most {presence}", "OtH p.19", "forms")


@check(CHAPTER)
def metaform_presence(a: Analysis) -> Iterator[Finding]:
    """Each metaform's P is at most the baseform's P (OtH p.19)."""
    for info in _metaformers(a):
        for index, form in enumerate(info.element.forms):
            if form.presence > info.element.presence:
                yield about(info, "error", "metaform-presence-too-high",
                            f"{_form_label(info, index)} is P{form.presence}, above its "
                            f"baseform's P{info.element.presence}", "OtH p.19",
                            f"forms[{index + 1}].presence")


@check(CHAPTER)
def metaform_type(a: Analysis) -> Iterator[Finding]:
    """A metaform is one of nine types and never the baseform's type; repeats are fine
    (OtH p.19-20; data: ``form_types`` of ``[upgrades.metaform]``)."""
    types = a.ruleset.element_types
    upgrade = a.ruleset.upgrades.get(METAFORM)
    form_types = upgrade.form_types if upgrade is not None else []
    provisional = upgrade is not None and upgrade.is_provisional
    for info in _metaformers(a):
        base_family = _family(info.element.type, info.type)
        for index, form in enumerate(info.element.forms):
            field = f"forms[{index + 1}].type"
            et = types.get(form.type)
            if et is None:
                yield about(info, "error", "metaform-type-unknown",
                            f"metaform {index + 1} has unknown type {form.type!r}",
                            "OtH p.19-20", field)
                continue
            variant = et.family in form_types and et.category != "superheavy"
            if form.type not in form_types and not variant:
                allowed = ", ".join(types[t].short or types[t].name for t in form_types
                                    if t in types)
                yield about(info, "error", "metaform-type-not-allowed",
                            f"{_form_label(info, index)}: {with_article(et.name)} cannot be a metaform "
                            f"(only {allowed})", "OtH p.19-20", field, provisional)
            elif _family(form.type, et) == base_family:
                base_name = info.type.name if info.type else info.element.type
                yield about(info, "error", "metaform-same-type",
                            f"{_form_label(info, index)}: a metaform cannot be of its "
                            f"baseform's type ({base_name})", "OtH p.19", field)


@check(CHAPTER, applies_to=("battlegroup", "round"))
def metaformer_aircraft_chq(a: Analysis) -> Iterator[Finding]:
    """A metaformer whose baseform is an aircraft may never be the CHQ (OtH p.20; data:
    ``chq_barred_base`` of ``[upgrades.metaform]``)."""
    info = a.command_element
    upgrade = a.ruleset.upgrades.get(METAFORM)
    if info is None or not info.element.forms or upgrade is None:
        return
    if upgrade.chq_barred_base and a.ruleset.matches(info.element.type, upgrade.chq_barred_base):
        what = eligible_names(a.ruleset, upgrade.chq_barred_base)
        yield about(info, "error", "metaformer-aircraft-chq",
                    f"a metaformer whose baseform is {what} may not be the CHQ, whatever "
                    "form it starts in", "OtH p.20", "command", upgrade.is_provisional)


def _has_forms(info: ElementInfo) -> bool:
    return bool(info.forms)


@check(CHAPTER)
def metaform_command_resources(a: Analysis) -> Iterator[Finding]:
    """CR may be spent on conventional metaforms, which are their own type for CR (OtH p.20)."""
    rs = a.ruleset
    if not a.cr_purchases:
        return
    form_types: dict[str, list[ElementInfo]] = {}
    for info in selected(a, _has_forms):
        for line in info.forms:
            form_types.setdefault(line.type_id, []).append(info)
    bought_for_forms = {(p.type, p.upgrade) for p in a.cr_purchases if p.form_type}
    for purchase in a.cr_purchases:
        et = rs.element_types.get(purchase.type)
        up = rs.upgrades.get(purchase.upgrade)
        if et is None or up is None:
            continue
        if purchase.form_type and et.category != "conventional":
            yield Finding("error", "metaform-cr-not-conventional",
                          f"CR bought {up.name} for {et.name} metaforms: CR may be spent only "
                          "on conventional metaforms", "OtH p.20", field="cr_purchases")
        if (not purchase.form_type and purchase.type in form_types
                and (purchase.type, purchase.upgrade) not in bought_for_forms):
            holders = ", ".join(sorted({i.element.name for i in form_types[purchase.type]}))
            yield Finding("info", "metaform-cr-separate-type",
                          f"{up.name} bought for {et.name} does not reach the {et.name} "
                          f"metaform of {holders}: a metaform is its own type for CR "
                          "(buy it with form_type = true)", "OtH p.20", field="cr_purchases")
