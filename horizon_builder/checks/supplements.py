"""Supplement toggles and eras: content from a disabled supplement, or barred by the era."""

from __future__ import annotations

from collections.abc import Iterator

from horizon_builder.analysis import Analysis
from horizon_builder.checks.common import about, cite
from horizon_builder.findings import Finding
from horizon_builder.validator import check

CHAPTER = "Supplements and eras"


def _supplement_name(a: Analysis, supplement: str) -> str:
    entry = a.ruleset.supplements.get(supplement)
    return entry.name if entry else supplement


@check(CHAPTER)
def supplement_enabled(a: Analysis) -> Iterator[Finding]:
    """Anything from a supplement the roster has not enabled is an error naming the supplement."""
    enabled = a.enabled_supplements
    rs = a.ruleset
    for info in a.elements:
        used: list[tuple[str, str | None, str]] = []
        if info.type is not None:
            used.append((info.type.name, info.type.supplement, "type"))
        for form, line in zip(info.element.forms, info.forms, strict=True):
            if line.type is not None:
                used.append((f"{line.type.name} form", line.type.supplement, "forms"))
            used.extend((c.upgrade.name, c.upgrade.supplement, "forms")
                        for c in line.upgrades if c.upgrade is not None)
            del form
        used.extend((c.upgrade.name, c.upgrade.supplement, "upgrades")
                    for c in info.base.upgrades if c.upgrade is not None)
        for name, supplement, field in used:
            if supplement and supplement not in enabled:
                yield about(info, "error", "supplement-disabled",
                            f"{name} needs the {_supplement_name(a, supplement)} supplement, "
                            "which this roster does not enable",
                            f"roster supplements ({_supplement_name(a, supplement)})", field)
    option = a.command_option
    if option is not None and option.supplement and option.supplement not in enabled:
        yield Finding("error", "supplement-disabled",
                      f"{option.name} needs the {_supplement_name(a, option.supplement)} "
                      "supplement, which this roster does not enable",
                      f"roster supplements ({_supplement_name(a, option.supplement)})",
                      field="command")
    for weird in a.command.weird:
        up = rs.upgrades.get(weird.id)
        if up is not None and up.supplement and up.supplement not in enabled:
            yield Finding("error", "supplement-disabled",
                          f"{up.name} needs the {_supplement_name(a, up.supplement)} supplement, "
                          "which this roster does not enable",
                          f"roster supplements ({_supplement_name(a, up.supplement)})",
                          field="command")
    for purchase in a.cr_purchases:
        up = rs.upgrades.get(purchase.upgrade)
        if up is not None and up.supplement and up.supplement not in enabled:
            yield Finding("error", "supplement-disabled",
                          f"{up.name} needs the {_supplement_name(a, up.supplement)} supplement, "
                          "which this roster does not enable",
                          f"roster supplements ({_supplement_name(a, up.supplement)})",
                          field="cr_purchases")


@check(CHAPTER)
def era_forbids(a: Analysis) -> Iterator[Finding]:
    """An era set on the roster bars what did not exist then (data: ``eras.*.forbids``)."""
    era_id = a.roster.era
    era = a.ruleset.eras.get(era_id) if era_id else None
    if era is None or not era.forbids:
        return
    barred = set(era.forbids)
    for info in a.elements:
        names = {info.element.type} | info.all_upgrade_ids
        for form in info.element.forms:
            names.add(form.type)
            names.update(u.id for u in form.upgrades)
        for item in sorted(names & barred):
            thing = a.ruleset.upgrades.get(item) or a.ruleset.element_types.get(item)
            label = thing.name if thing is not None else item
            yield about(info, "error", "era-forbids",
                        f"{label} is not available in {era.name}", cite(era, "era"), "upgrades")
