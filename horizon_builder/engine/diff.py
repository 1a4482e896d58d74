"""What changed between two versions of a list, in game terms: elements added, removed and
changed (name, type, Presence, stats, upgrades, metaforms, FC), the list's own settings
(budget, command, supplements, rounds ...), and its FC, FP and verdict before and after.

Elements are matched by id (the app keeps ids through every edit), then those left over by
name, so a list typed again by hand still pairs its elements. No Textual here:
``horizon-builder diff`` prints :func:`diff_text`.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from horizon_builder.engine.analysis import ElementInfo
from horizon_builder.engine.totals import Totals
from horizon_builder.engine.tournament import task_force_cost, tournament_fc
from horizon_builder.engine.validator import Report
from horizon_builder.roster.models import Element, Roster, UpgradeChoice
from horizon_builder.roster.pin import pin, short_pin
from horizon_builder.rules.models import Ruleset
from horizon_builder.text.safetext import printable
from horizon_builder.text.words import plural


@dataclass
class ListDiff:
    """Two versions of a list compared; empty lists mean nothing of that kind changed."""

    before: Report
    after: Report
    added: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    changed: list[str] = field(default_factory=list)
    settings: list[str] = field(default_factory=list)

    @property
    def same(self) -> bool:
        """The very same list (same pin): nothing a game would see differs."""
        return pin(self.before.analysis.roster) == pin(self.after.analysis.roster)


def diff_reports(before: Report, after: Report) -> ListDiff:
    """Compare two validated versions of a list."""
    out = ListDiff(before, after)
    old, new = before.analysis, after.analysis
    pairs, gone, came = _pairs(old.roster, new.roster)
    for element in gone:
        out.removed.append(_describe(old.by_id[element.id], old.ruleset))
    for element in came:
        out.added.append(_describe(new.by_id[element.id], new.ruleset))
    for a, b in pairs:
        changes = _element_changes(old.by_id[a.id], new.by_id[b.id], old.ruleset, new.ruleset)
        if changes:
            out.changed.append(f"{b.name} ({_type_name(b.type, new.ruleset)}): {'; '.join(changes)}")
    out.settings = _settings_changes(old.roster, new.roster, old.ruleset, new.ruleset)
    return out


def _pairs(a: Roster, b: Roster) -> tuple[list[tuple[Element, Element]], list[Element], list[Element]]:
    new_by_id = {e.id: e for e in b.elements}
    pairs = [(e, new_by_id[e.id]) for e in a.elements if e.id in new_by_id]
    taken = {e.id for e in a.elements if e.id in new_by_id}
    gone = [e for e in a.elements if e.id not in new_by_id]
    came = [e for e in b.elements if e.id not in taken]
    names = Counter(e.name for e in gone) + Counter(e.name for e in came)
    for element in list(gone):  # then by name, where a name is unique on both sides
        match = [c for c in came if c.name == element.name]
        if len(match) == 1 and names[element.name] == 2:
            pairs.append((element, match[0]))
            gone.remove(element)
            came.remove(match[0])
    return pairs, gone, came


def _type_name(type_id: str, ruleset: Ruleset) -> str:
    known = ruleset.element_types.get(type_id)
    return known.name if known is not None else type_id


def _upgrade_name(choice: UpgradeChoice, ruleset: Ruleset) -> str:
    known = ruleset.upgrades.get(choice.id)
    name = known.name if known is not None else choice.id
    name += f" ({choice.option})" if choice.option else ""
    return name + (f" ×{choice.count}" if choice.count > 1 else "")


def _describe(info: ElementInfo, ruleset: Ruleset) -> str:
    element = info.element
    stats = " ".join(f"{k}{v}" for k, v in element.stats.items())
    upgrades = ", ".join(_upgrade_name(u, ruleset) for u in element.upgrades)
    return (f"{element.name}: {_type_name(element.type, ruleset)} P{element.presence}"
            f"{' ' + stats if stats else ''}{'; ' + upgrades if upgrades else ''}; {info.fc} FC")


def _element_changes(a: ElementInfo, b: ElementInfo, ra: Ruleset, rb: Ruleset) -> list[str]:
    x, y = a.element, b.element
    out = []
    if x.name != y.name:
        out.append(f"renamed from {x.name!r}")
    if x.type != y.type:
        out.append(f"type {_type_name(x.type, ra)} → {_type_name(y.type, rb)}")
    if x.presence != y.presence:
        out.append(f"P {x.presence} → {y.presence}")
    for stat in [*x.stats, *(s for s in y.stats if s not in x.stats)]:
        if x.stats.get(stat) != y.stats.get(stat):
            out.append(f"{stat} {_value(x.stats.get(stat))} → {_value(y.stats.get(stat))}")
    out += _upgrade_changes(x.upgrades, y.upgrades, ra, rb)
    if x.forms != y.forms:
        out.append(f"metaforms changed ({len(x.forms)} → {len(y.forms)})")
    if x.carried_by != y.carried_by:
        out.append(f"starts aboard {x.carried_by or 'nothing'} → {y.carried_by or 'nothing'}")
    if x.notes != y.notes:
        out.append("notes changed")
    if a.fc != b.fc:
        out.append(f"FC {a.fc} → {b.fc}")
    return out


def _value(value: int | None) -> str:
    return "–" if value is None else str(value)


def _upgrade_changes(a: tuple[UpgradeChoice, ...], b: tuple[UpgradeChoice, ...],
                     ra: Ruleset, rb: Ruleset) -> list[str]:
    old = Counter(a)
    new = Counter(b)
    return ([f"+ {_upgrade_name(u, rb)}" for u in b if u in (new - old)]
            + [f"− {_upgrade_name(u, ra)}" for u in a if u in (old - new)])


def _settings_changes(a: Roster, b: Roster, ra: Ruleset, rb: Ruleset) -> list[str]:
    out = []
    for label, x, y in (("name", a.name, b.name), ("kind", a.kind, b.kind),
                        ("FC budget", a.force_cost, b.force_cost), ("era", a.era, b.era),
                        ("event", a.event, b.event), ("commander", a.commander, b.commander),
                        ("house rules file", a.overrides, b.overrides),
                        ("solo play", a.solitaire, b.solitaire)):
        if x != y:
            out.append(f"{label}: {_shown(x)} → {_shown(y)}")
    gone = [s for s in a.supplements if s not in b.supplements]
    came = [s for s in b.supplements if s not in a.supplements]
    if gone or came:
        out.append("supplements: " + ", ".join([*(f"+ {s}" for s in came), *(f"− {s}" for s in gone)]))
    if a.command != b.command:
        out.append(f"command: {_command(a, ra)} → {_command(b, rb)}")
    if a.cr_purchases != b.cr_purchases:
        out.append(f"Command Resources spent on types: {len(a.cr_purchases)} → "
                   f"{plural(len(b.cr_purchases), 'purchase')}")
    old_rounds = {r.name: r for r in a.rounds}
    new_rounds = {r.name: r for r in b.rounds}
    for name in old_rounds.keys() - new_rounds.keys():
        out.append(f"round {name!r} removed")
    for name in [r.name for r in b.rounds]:
        if name not in old_rounds:
            out.append(f"round {name!r} added")
        elif old_rounds[name] != new_rounds[name]:
            out.append(f"round {name!r} changed")
    if a.notes != b.notes:
        out.append("notes changed")
    return out


def _shown(value: object) -> str:
    return "none" if value is None else repr(value) if isinstance(value, str) else str(value)


def _command(roster: Roster, ruleset: Ruleset) -> str:
    command = roster.command
    option = ruleset.commands.get(command.kind)
    name = option.name if option is not None else ("none" if command.kind == "none" else command.kind)
    element = roster.element(command.element)
    return name + (f" {element.name}" if element is not None else "")


def diff_text(diff: ListDiff, before_label: str, after_label: str) -> str:
    """The comparison as printed by ``horizon-builder diff``: one line per change."""
    a, b = diff.before, diff.after
    lines = [f"before: {a.analysis.roster.name} · pin {short_pin(pin(a.analysis.roster))} "
             f"({before_label})",
             f"after:  {b.analysis.roster.name} · pin {short_pin(pin(b.analysis.roster))} "
             f"({after_label})"]
    if diff.same:
        lines.append("the same list: nothing changed")
    for title, items, mark in (("elements added", diff.added, "+"),
                               ("elements removed", diff.removed, "−"),
                               ("elements changed", diff.changed, "~"),
                               ("the list", diff.settings, "~")):
        if items:
            lines.append(f"{title}:")
            lines += [f"  {mark} {item}" for item in items]
    ta, tb = a.totals, b.totals
    lines += ["totals:",
              f"  {_costs(a, b)}   elements {ta.element_count} → {tb.element_count}",
              f"  verdict: {a.verdict} → {b.verdict}"]
    return "\n".join(printable(line) for line in lines)


def _costs(a: Report, b: Report) -> str:
    """FC and FP before and after: a battlegroup's FC against its budget; a Task Force's FC
    is no budget (its FP is what is bounded, OtH p.46), so it is said as its total with the FC
    each round's battlegroup is built to, and its FP against its limit."""
    ta, tb = a.totals, b.totals
    task_force = [r.analysis.roster.kind == "task_force" for r in (a, b)]
    if not any(task_force):
        return (f"FC {ta.force_cost}/{ta.force_cost_limit} → {tb.force_cost}/{tb.force_cost_limit}"
                f"   FP {ta.force_presence} → {tb.force_presence}")
    if all(task_force):
        ra, rb = (tournament_fc(r.analysis.ruleset, r.analysis.roster) for r in (a, b))
        return (f"Task Force FC {ta.force_cost} → {tb.force_cost}, each round FC "
                f"{ra if ra == rb else f'{ra} → {rb}'}   FP {_fp(ta)} → {_fp(tb)}")
    return " → ".join(f"Task Force {task_force_cost(r.analysis, r.totals.force_cost)}, "
                      f"FP {_fp(r.totals)}"
                      if r.analysis.roster.kind == "task_force"
                      else f"FC {r.totals.force_cost}/{r.totals.force_cost_limit}, FP {_fp(r.totals)}"
                      for r in (a, b))


def _fp(t: Totals) -> str:
    return (f"{t.force_presence}/{t.force_presence_limit}" if t.force_presence_limit is not None
            else str(t.force_presence))
