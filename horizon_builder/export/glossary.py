"""The special rules a roster uses, each once, in our own words with its page: printed with
the roster so a player need not open the book mid-game (issue 24 item 12).

The words are the ruleset's own summaries (``[special_rules.*] summary``, written for the
project, never the book's sentences) and its citation (``source``, e.g. "OtH p.20"; "core"
where the core rulebook, not available, is the only source).
"""

from __future__ import annotations

from collections.abc import Iterable

from horizon_builder.export.common import Escape
from horizon_builder.export.models import CommandExport, ElementExport, GlossaryEntry, RuleLine
from horizon_builder.rules.models import Ruleset


def glossary(ruleset: Ruleset, elements: Iterable[ElementExport],
             command: CommandExport) -> list[GlossaryEntry]:
    """Every special rule the elements (each form too) and the command have, once, by name."""
    seen: dict[str, RuleLine] = {}
    for e in elements:
        for line in (e.base, *e.forms):
            for rule in line.special_rules:
                seen.setdefault(rule.id, rule)
        for rule in e.command_rules:
            seen.setdefault(rule.id, rule)
    for rule in command.special_rules:
        seen.setdefault(rule.id, rule)
    out = []
    for rule_id, rule in seen.items():
        known = ruleset.special_rules.get(rule_id)
        out.append(GlossaryEntry.make(id=rule_id, name=rule.name, summary=rule.summary,
                                      source=known.source if known is not None else None))
    return sorted(out, key=lambda entry: entry.name.casefold())


#: The heading of the glossary in every printout.
TITLE = "Special rules"


def glossary_line(entry: GlossaryEntry, esc: Escape = str, name: Escape = str) -> str:
    """One entry: "Vanguard [OtH p.20]: cannot make Recover actions" (``esc`` escapes the
    words for the format; ``name`` sets the rule's name off, bold in markdown and HTML)."""
    where = f" [{esc(entry.source)}]" if entry.source else ""
    summary = entry.summary or ""
    if summary[1:2].islower():  # "May make ..." reads on after the colon; "CHQ ..." stays
        summary = summary[:1].lower() + summary[1:]
    what = f": {esc(summary)}" if summary else ""
    return f"{name(esc(entry.name))}{where}{what}"


def glossary_html(entries: list[GlossaryEntry], esc: Escape) -> str:
    """The glossary as an HTML section (the list and the card layouts)."""
    if not entries:
        return ""
    items = "".join(f"<li>{glossary_line(e, esc, lambda n: f'<strong>{n}</strong>')}</li>"
                    for e in entries)
    return f'<section class="glossary"><h2>{TITLE}</h2><ul>{items}</ul></section>'
