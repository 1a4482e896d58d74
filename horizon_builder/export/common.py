"""Wording shared by the text, markdown and html renderers (plain strings, not escaped)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from horizon_builder.engine.findings import plural
from horizon_builder.engine.totals import Totals
from horizon_builder.export.models import (
    CommandExport,
    ElementExport,
    ExportDocument,
    FindingExport,
    RoundExport,
    RuleLine,
    SpendingExport,
    StatlineExport,
    TournamentExport,
)
from horizon_builder.rules.models import EVENT_CHOICES

#: Boxes in the printed damage track. Damage is a running total per element
#: (OtH FAQ); a metaformer has one track for all its forms (OtH p.19).
DAMAGE_BOXES = 12

Escape = Callable[[str], str]


def plain(text: str) -> str:
    """No escaping (plain text output)."""
    return text


def signed(value: int | None) -> str:
    if value is None:
        return "–"
    return f"{value:+d}" if value else "0"


def rules_text(rules: list[RuleLine], esc: Escape = plain) -> str:
    return ", ".join(esc(r.name) for r in rules)


def totals_items(t: Totals, task_force_list: bool = False, esc: Escape = plain
                 ) -> list[tuple[str, str]]:
    """(label, value) pairs for the summary line of a force; values escaped with ``esc``."""
    if task_force_list:
        return [
            ("Tournament FC", str(t.force_cost_limit)),
            ("Task Force FP", f"{t.force_presence}/{t.force_presence_limit}"),
            ("Elements", str(t.element_count)),
        ]
    items = [
        ("FC", f"{t.force_cost}/{t.force_cost_limit}"),
        ("FP", str(t.force_presence)),
        ("CR", f"{t.command_resources_spent}/{t.command_resources}"),
        ("IR", signed(t.intelligence_rating)
         + (f" {esc(t.intelligence_quality)}" if t.intelligence_quality else "")),
        ("Momentum", str(t.starting_momentum)),
        ("Deployment spaces", str(t.deployment_spaces)),
    ]
    return items


def totals_line(t: Totals, task_force_list: bool = False) -> str:
    return " · ".join(f"{label} {value}" for label, value in totals_items(t, task_force_list))


def cr_lines(spending: SpendingExport, esc: Escape = plain) -> list[str]:
    """How CR were spent: type-wide purchases, then per element."""
    lines = [esc(p.text) for p in spending.type_wide]
    for item in spending.per_element:
        lines.append(f"{esc(item.element_name)}: {', '.join(esc(u) for u in item.upgrades)} "
                     f"({item.cost} CR)")
    return lines


def cr_summary(spending: SpendingExport) -> str:
    return (f"{spending.spent} of {spending.available} spent "
            f"({plural(spending.counted_elements, 'conventional element')} counted)")


def element_title(e: ElementExport) -> str:
    kind = e.type_name + (" metaformer" if e.metaformer else "")
    return f"{e.name} — {kind}"


def element_costs(e: ElementExport) -> str:
    text = f"FC {e.fc} · FP {e.fp}"
    if e.momentum != e.fp:
        text += f" · momentum {e.momentum}"
    return text


def pool_text(line: StatlineExport) -> str:
    """'pool 16/18' for types that spend a stat-point pool; '' for fixed types."""
    if line.pool is None or line.points_spent is None:
        return ""
    unknown = "+?" if line.unknown_costs else ""  # an upgrade of unknown cost is not counted
    return f"pool {line.points_spent}{unknown}/{line.pool}"


def finding_counts(findings: list[FindingExport], element_id: str) -> tuple[int, int]:
    """(errors, warnings) about one element."""
    return count_findings(findings).get(element_id, (0, 0))


def count_findings(findings: list[FindingExport]) -> dict[str | None, tuple[int, int]]:
    """(errors, warnings) about each element, in one pass over the findings (an export asks
    for every element's: linear in elements and findings, not their product)."""
    counts: dict[str | None, list[int]] = {}
    for f in findings:
        if f.severity != "info":
            pair = counts.setdefault(f.element, [0, 0])
            pair[f.severity != "error"] += 1
    return {element: (pair[0], pair[1]) for element, pair in counts.items()}


def upgrades_text(line: StatlineExport, esc: Escape = plain) -> str:
    return ", ".join(esc(u.text) for u in line.upgrades)


def form_count(e: ElementExport) -> str:
    n = len(e.forms) + 1
    return f"{n} forms, one element, one damage track (OtH p.19)"


def finding_text(f: FindingExport, esc: Escape = plain) -> str:
    mark = " [provisional]" if f.provisional else ""
    about = ""
    if f.element_name and not f.message.startswith(f.element_name):
        about = f"{esc(f.element_name)}: "  # checks usually name the element; say it when not
    return f"{about}{esc(f.message)} ({esc(f.rule)}){mark}"


@dataclass
class Group:
    """Identical elements shown once in compact output ("3× Hvy Inf")."""

    first: ElementExport
    names: list[str] = field(default_factory=list)

    @property
    def count(self) -> int:
        return len(self.names)


def _group_key(e: ElementExport) -> object:
    def line_key(line: StatlineExport) -> object:
        return (line.type, line.presence, tuple(line.stats.items()),
                tuple((u.id, u.count, u.option, u.currency) for u in line.upgrades))

    return (e.type, line_key(e.base), tuple(line_key(f) for f in e.forms),
            tuple(u.id for u in e.type_upgrades), e.fc, e.fp, e.notes, e.benched)


def group_elements(elements: list[ElementExport]) -> list[Group]:
    """Group identical elements (same type, stats, upgrades, forms, cost); the CHQ stays alone."""
    groups: list[Group] = []
    by_key: dict[object, Group] = {}
    for e in elements:
        key = None if e.is_command else _group_key(e)
        group = by_key.get(key) if key is not None else None
        if group is None:
            group = Group(e)
            groups.append(group)
            if key is not None:
                by_key[key] = group
        group.names.append(e.name)
    return groups


def compact_line(group: Group, esc: Escape = plain) -> str:
    """One line for a group of identical elements, e.g. '2× Hvy Inf P2 M3 F4 A3 D3 …'."""
    e = group.first
    prefix = f"{group.count}× " if group.count > 1 else ""
    parts = [f"{prefix}{esc(e.type_short)}"]
    if e.is_command:
        parts.append(f"[{esc(e.command_label or 'CHQ')}]")
    if e.benched:
        parts.append("[benched]")
    parts.append(esc(e.base.statline))
    extras = [esc(u.text) for u in e.base.upgrades] + [esc(u.text) for u in e.type_upgrades]
    if extras:
        parts.append("+ " + ", ".join(extras))
    for form in e.forms:
        form_part = f"/ {esc(form.label)} {esc(form.statline)}"
        if form.upgrades:
            form_part += " + " + upgrades_text(form, esc)
        parts.append(form_part)
    names = ", ".join(esc(n) for n in group.names)
    fc_each = f"FC {e.fc}" + (" each" if group.count > 1 else "")
    return f"{' '.join(parts)} — {names} ({fc_each})"


def kind_line(doc: ExportDocument, esc: Escape = plain) -> str:
    parts = [doc.kind_label]
    if doc.event:
        parts.append(f"Event: {esc(doc.event)}")
    if doc.era_name:
        parts.append(f"Era: {esc(doc.era_name)}")
    if doc.ruleset.supplements:
        parts.append("Supplements: " + ", ".join(esc(s) for s in doc.ruleset.supplements))
    return " · ".join(parts)


def command_line(cmd: CommandExport, esc: Escape = plain, rules: bool = True) -> str:
    text = esc(cmd.name)
    if cmd.element_name:
        text += f": {esc(cmd.element_name)}"
    if rules and cmd.special_rules:
        text += f" ({rules_text(cmd.special_rules, esc)})"
    if cmd.weird:
        text += "; weird command: " + ", ".join(esc(w) for w in cmd.weird)
    return text


@dataclass(frozen=True)
class Fact:
    """One labelled line of what the text and markdown exports say of a force before its
    elements, and of each round ("Command: ..."): ``aside`` follows the label in brackets,
    ``items`` are the lines listed under it. Values are escaped with the renderer's ``esc``."""

    label: str
    value: str
    aside: str = ""
    items: tuple[str, ...] = ()


def _spending_fact(spending: SpendingExport, esc: Escape) -> Fact:
    return Fact("Command Resources", cr_summary(spending), items=tuple(cr_lines(spending, esc)))


def force_facts(doc: ExportDocument, esc: Escape = plain) -> list[Fact]:
    """A battlegroup's Intelligence effect (if any), command and CR spending (a Task Force
    list has none of its own: its rounds do)."""
    effect = doc.totals.intelligence_effect
    facts = [Fact("Intelligence", esc(effect))] if effect else []
    return [*facts, Fact("Command", command_line(doc.command, esc)),
            _spending_fact(doc.command_resources, esc)]


def round_facts(round_: RoundExport, esc: Escape = plain) -> list[Fact]:
    """A round's battlegroup, command, CR spending, and the elements benched and destroyed."""
    def names(items: list[str]) -> str:
        return ", ".join(esc(n) for n in items)

    facts = [Fact("Battlegroup", names(round_.element_names) or "none"),
             Fact("Command", command_line(round_.command, esc, rules=False)),
             _spending_fact(round_.command_resources, esc)]
    if round_.benched_names:
        facts.append(Fact("Benched", names(round_.benched_names), aside="destroyed earlier"))
    if round_.destroyed_names:
        facts.append(Fact("Destroyed this round", names(round_.destroyed_names)))
    return facts


def tournament_line(t: TournamentExport, esc: Escape = plain) -> str:
    """Round length and the tie-break value (OtH p.45-47)."""
    text = f"Round length {t.round_length_minutes} min · Value remaining {t.value_remaining} FC"
    if t.benched_names:
        text += " · Benched: " + ", ".join(esc(n) for n in t.benched_names)
    return text


def layers_text(doc: ExportDocument, esc: Escape = plain) -> str:
    return ", ".join(esc(layer.name) for layer in doc.ruleset.layers if layer.origin == "shipped")


def beyond_book_lines(doc: ExportDocument, esc: Escape = plain) -> list[str]:
    """One line per rules file beyond the book data the verdict rests on, then the values they
    changed that this roster used (every export names them)."""
    lines = [(f"Beyond the book: {esc(layer.name)}, {esc(layer.role or 'override')}: "
              if layer.beyond_book else
              f"{EVENT_CHOICES[:1].upper()}{esc(EVENT_CHOICES[1:])}: {esc(layer.name)}, "
              f"{esc(layer.role or 'override')}: " if layer.event_choices else
              f"Core values entered from your rulebook: {len(layer.entered)} ({esc(layer.name)}): ")
             + esc(layer.path) for layer in doc.ruleset.layers if layer.origin == "override"]
    if doc.ruleset.changed_values:
        lines.append("Values they changed used here: "
                     + "; ".join(esc(v) for v in doc.ruleset.changed_values))
    if doc.ruleset.entered_values:
        lines.append("Values entered from your rulebook used here: "
                     + "; ".join(esc(v) for v in doc.ruleset.entered_values))
    return lines


#: Where a share code goes, said under it in every export.
SHARE_HINT = "one line to paste in a chat; `horizon-builder import` or the app's Open reads it back"


def pin_line(doc: ExportDocument) -> str:
    """The list's pin as people read it (the same in every export, share code and event)."""
    from horizon_builder.roster.pin import short_pin

    return f"Pin {short_pin(doc.pin)}"


def share_line(doc: ExportDocument) -> str | None:
    """What to say of the share code when the list has none (too large for a chat)."""
    return None if doc.share_code else "Share code: none (the list is too large for a chat: share the file)"
