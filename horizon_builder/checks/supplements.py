"""Supplement toggles and eras: content from a disabled supplement, or barred by the era."""

from __future__ import annotations

from collections.abc import Iterator

from horizon_builder.checks.common import cite
from horizon_builder.engine.rule import ElementView, Fault, ForceView, Rule
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


SUPPLEMENT_DISABLED = Rule("supplement-disabled", "error", CHAPTER, "roster supplements",
                           "content of a supplement the roster has off")


def _disabled(force: ForceView, name: str, supplement: str | None, field: str) -> Iterator[Fault]:
    title = supplement_off(force.ruleset, force.roster, supplement)
    if title is not None:
        yield Fault(f"{name} needs the {title} supplement, which this roster does not enable",
                    field=field, cite=f"roster supplements ({title})")


@SUPPLEMENT_DISABLED.element(reads=("rules", "settings"))
def element_supplement_disabled(view: ElementView) -> Iterator[Fault]:
    """An element's type, metaforms or upgrades from a supplement the roster has not enabled
    (the editors' pickers grey such content out with the same test, :func:`supplement_on`)."""
    info, force = view.info, view.force
    roster = force.roster
    if info.type is not None and not supplement_on(roster, info.type.supplement):
        yield from _disabled(force, info.type.name, info.type.supplement, "type")
    for line in info.forms:
        if line.type is not None and not supplement_on(roster, line.type.supplement):
            yield from _disabled(force, f"{line.type.name} form", line.type.supplement, "forms")
        for c in line.upgrades:
            if c.upgrade is not None and not supplement_on(roster, c.upgrade.supplement):
                yield from _disabled(force, c.upgrade.name, c.upgrade.supplement, "forms")
    for c in info.base.upgrades:
        if c.upgrade is not None and not supplement_on(roster, c.upgrade.supplement):
            yield from _disabled(force, c.upgrade.name, c.upgrade.supplement, "upgrades")


@SUPPLEMENT_DISABLED.force(reads=("rules", "settings", "command", "cr"))
def force_supplement_disabled(force: ForceView) -> Iterator[Fault]:
    """The command option, weird commands and CR purchases from a supplement the roster has
    not enabled."""
    rs = force.ruleset
    option = force.command_option
    if option is not None:
        yield from _disabled(force, option.name, option.supplement, "command")
    for weird in force.command.weird:
        up = rs.upgrades.get(weird.id)
        if up is not None:
            yield from _disabled(force, up.name, up.supplement, "command")
    for purchase in force.cr_purchases:
        up = rs.upgrades.get(purchase.upgrade)
        if up is not None:
            yield from _disabled(force, up.name, up.supplement, "cr_purchases")


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


def _era(force: ForceView) -> Era | None:
    return force.ruleset.eras.get(force.era) if force.era else None


def _barred(force: ForceView, era: Era, item: str, bans: dict[str, tuple[str, bool, str | None]]
            ) -> Fault:
    rule, provisional, note = bans[item]
    return Fault(f"{_label(force.ruleset, item)} is not available in {era.name}"
                 + (f" ({note})" if note else ""), cite=rule, provisional=provisional,
                 field="upgrades")


ERA_FORBIDS = Rule("era-forbids", "error", CHAPTER, "era", "barred in the roster's era")


@ERA_FORBIDS.element(reads=("rules", "settings", "cr"))
def element_era_forbids(view: ElementView) -> Iterator[Fault]:
    """An era set on the roster bars what did not exist then (data: ``eras.*.forbids`` /
    ``bans``): element types, metaform types, upgrades (also those bought for a whole type
    with CR)."""
    era = _era(view.force)
    bans = era_bans(view.ruleset, era) if era is not None else {}
    if era is None or not bans:
        return
    info = view.info
    names = {info.element.type} | info.all_upgrade_ids
    for line in info.forms:
        names.add(line.type_id)
        names.update(info.line_upgrade_ids(line))  # its own and its metaform type's
    for item in sorted(names & set(bans)):
        yield _barred(view.force, era, item, bans)


@ERA_FORBIDS.force(reads=("rules", "settings", "command"))
def command_era_forbids(force: ForceView) -> Iterator[Fault]:
    """The era bars the command option or a weird command."""
    era = _era(force)
    bans = era_bans(force.ruleset, era) if era is not None else {}
    if era is None or not bans:
        return
    for item in [force.command.kind, *(w.id for w in force.command.weird)]:
        if item in bans:
            fault = _barred(force, era, item, bans)
            yield Fault(fault.message, field="command", cite=fault.cite,
                        provisional=fault.provisional)


ERA_NO_ANTIGRAV_AIRCRAFT = Rule("era-no-antigrav-aircraft", "error", CHAPTER, "OtH p.10 (note 6)",
                                "an aircraft too big for an era without antigrav")


@ERA_NO_ANTIGRAV_AIRCRAFT.force(reads=("rules", "settings", "elements"))
def era_antigrav_aircraft(force: ForceView) -> Iterator[Fault]:
    """Where the era excludes an upgrade some elements cannot do without, those elements are
    barred too: no aircraft of P7 or more without antigrav (OtH p.10 note 6; data:
    ``[needs_upgrade.antigrav]``)."""
    era = _era(force)
    if era is None:
        return
    rs = force.ruleset
    bans = era_bans(rs, era)
    for upgrade_id, need in rs.needs_upgrade.items():
        if upgrade_id not in bans:
            continue
        provisional = bans[upgrade_id][1] or need.is_provisional
        upgrade = _label(rs, upgrade_id)
        for info in force.elements:
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
                    yield Fault(f"{label}a P{presence} {name} needs {upgrade}, which "
                                f"{era.name} does not have: none of P{need.from_presence}+",
                                field=field, cite=cite(need, "OtH p.10 (note 6)"),
                                provisional=provisional, element=info)
