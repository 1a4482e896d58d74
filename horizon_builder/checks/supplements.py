"""Supplement toggles and eras: content from a disabled supplement, or barred by the era."""

from __future__ import annotations

from collections.abc import Iterator

from horizon_builder.checks.common import about, cite, element_findings
from horizon_builder.engine.analysis import Analysis, ElementInfo
from horizon_builder.engine.findings import Finding
from horizon_builder.engine.registry import check
from horizon_builder.roster.models import Roster
from horizon_builder.rules.models import Era, Ruleset

CHAPTER = "Supplements and eras"


def supplement_on(roster: Roster, supplement: str | None) -> bool:
    """Content of ``supplement`` (None: the core game) may be used by this roster.

    The one test of "is this content's supplement on" (roster ``supplements``): the
    check below reports content whose supplement is off, and the editors' pickers
    grey such content out with the same test.
    """
    return not supplement or supplement in roster.supplements


def supplement_off(ruleset: Ruleset, roster: Roster, supplement: str | None) -> str | None:
    """The name of the supplement when the roster does not enable it, else None."""
    if supplement is None or supplement_on(roster, supplement):
        return None
    entry = ruleset.supplements.get(supplement)
    return entry.name if entry else supplement


def era_bars(ruleset: Ruleset, roster: Roster, item_id: str) -> str | None:
    """Why the roster's era bars a type, upgrade or command option (a picker's words), or None."""
    era = ruleset.eras.get(roster.era) if roster.era else None
    if era is None:
        return None
    ban = era_bans(ruleset, era).get(item_id)
    if ban is None:
        return None
    _, _, note = ban
    return f"not available in {era.name}" + (f" ({note})" if note else "")


def _disabled(a: Analysis, info: ElementInfo | None, name: str, supplement: str | None,
              field: str) -> Iterator[Finding]:
    title = supplement_off(a.ruleset, a.roster, supplement)
    if title is not None:
        yield about(info, "error", "supplement-disabled",
                    f"{name} needs the {title} supplement, which this roster does not enable",
                    f"roster supplements ({title})", field)


def _element_disabled(a: Analysis, info: ElementInfo) -> list[Finding]:
    found: list[Finding] = []
    if info.type is not None:
        found.extend(_disabled(a, info, info.type.name, info.type.supplement, "type"))
    for line in info.forms:
        if line.type is not None:
            found.extend(_disabled(a, info, f"{line.type.name} form", line.type.supplement, "forms"))
        for c in line.upgrades:
            if c.upgrade is not None:
                found.extend(_disabled(a, info, c.upgrade.name, c.upgrade.supplement, "forms"))
    for c in info.base.upgrades:
        if c.upgrade is not None:
            found.extend(_disabled(a, info, c.upgrade.name, c.upgrade.supplement, "upgrades"))
    return found


@check(CHAPTER)
def supplement_enabled(a: Analysis) -> Iterator[Finding]:
    """Anything from a supplement the roster has not enabled is an error naming the supplement."""
    rs = a.ruleset
    yield from element_findings(a, _element_disabled)
    option = a.command_option
    if option is not None:
        yield from _disabled(a, None, option.name, option.supplement, "command")
    for weird in a.command.weird:
        up = rs.upgrades.get(weird.id)
        if up is not None:
            yield from _disabled(a, None, up.name, up.supplement, "command")
    for purchase in a.cr_purchases:
        up = rs.upgrades.get(purchase.upgrade)
        if up is not None:
            yield from _disabled(a, None, up.name, up.supplement, "cr_purchases")


def era_bans(ruleset: Ruleset, era: Era) -> dict[str, tuple[str, bool, str | None]]:
    """Everything an era bars: id → (citation, provisional, note).

    Reads both the ``forbids`` list (cited with the era's own source) and the
    ``bans`` tables, which carry their own provenance and merge across layers.
    """
    out: dict[str, tuple[str, bool, str | None]] = {}
    for parent_id in era.includes:
        parent = ruleset.eras.get(parent_id)
        if parent is not None and parent is not era:
            out.update(era_bans(ruleset, parent))
    out.update({item: (cite(era, "era"), era.is_provisional, None) for item in era.forbids})
    for item, ban in era.bans.items():
        out[item] = (cite(ban, cite(era, "era")), ban.is_provisional, ban.note)
    return out


def _label(ruleset: Ruleset, item: str) -> str:
    thing = ruleset.upgrades.get(item) or ruleset.element_types.get(item) or ruleset.commands.get(item)
    return thing.name if thing is not None else item.replace("_", " ")


@check(CHAPTER)
def era_forbids(a: Analysis) -> Iterator[Finding]:
    """An era set on the roster bars what did not exist then (data: ``eras.*.forbids`` / ``bans``).

    Looks at element types, metaform types, upgrades (also those bought for a
    whole type with CR), the command option and weird command.
    """
    era_id = a.roster.era
    era = a.ruleset.eras.get(era_id) if era_id else None
    if era is None:
        return
    bans = era_bans(a.ruleset, era)
    if not bans:
        return
    for info in a.elements:
        names = {info.element.type} | info.all_upgrade_ids
        for line in info.forms:
            names.add(line.type_id)
            names.update(info.line_upgrade_ids(line))  # its own and its metaform type's
        for item in sorted(names & set(bans)):
            rule, provisional, note = bans[item]
            yield about(info, "error", "era-forbids",
                        f"{_label(a.ruleset, item)} is not available in {era.name}"
                        + (f" ({note})" if note else ""), rule, "upgrades", provisional)
    command_items = [a.command.kind, *(w.id for w in a.command.weird)]
    for item in command_items:
        if item in bans:
            rule, provisional, note = bans[item]
            yield Finding("error", "era-forbids",
                          f"{_label(a.ruleset, item)} is not available in {era.name}"
                          + (f" ({note})" if note else ""), rule, field="command",
                          provisional=provisional)


@check(CHAPTER)
def era_antigrav_aircraft(a: Analysis) -> Iterator[Finding]:
    """Where the era excludes an upgrade some elements cannot do without, those elements are
    barred too: no aircraft of P7 or more without antigrav (OtH p.10 note 6; data:
    ``[needs_upgrade.antigrav]``)."""
    era_id = a.roster.era
    era = a.ruleset.eras.get(era_id) if era_id else None
    if era is None:
        return
    rs = a.ruleset
    bans = era_bans(rs, era)
    for upgrade_id, need in rs.needs_upgrade.items():
        if upgrade_id not in bans:
            continue
        provisional = bans[upgrade_id][1] or need.is_provisional
        upgrade = _label(rs, upgrade_id)
        for info in a.elements:
            lines = [(info.element.type, info.element.presence, "", "presence")]
            lines += [(line.type_id, line.presence,  # named as the player sees it, not its id
                       f"{form.name or (line.type.name if line.type else line.type_id)} form: ",
                       f"forms[{index + 1}].presence")
                      for index, (form, line) in enumerate(zip(info.element.forms, info.forms,
                                                               strict=True))]
            for type_id, presence, label, field in lines:
                if presence >= need.from_presence and rs.matches(type_id, need.names):
                    name = rs.element_types[type_id].name if type_id in rs.element_types \
                        else type_id
                    yield about(info, "error", "era-no-antigrav-aircraft",
                                f"{label}a P{presence} {name} needs {upgrade}, which "
                                f"{era.name} does not have: none of P{need.from_presence}+",
                                cite(need, "OtH p.10 (note 6)"), field, provisional)
