"""Markdown roster for forum posts and chats (CommonMark / GitHub flavoured).

Every string that comes from a file (roster or ruleset) goes through
:func:`md_escape`, so a roster named ``<script>alert(1)</script>`` prints as
that text and never as HTML or markup; our own punctuation is left alone so
the raw text still reads well where markdown is not rendered.
"""

from __future__ import annotations

import re

from horizon_builder.export.common import (
    SHARE_HINT,
    Fact,
    beyond_book_lines,
    compact_line,
    element_costs,
    finding_text,
    force_facts,
    form_count,
    group_elements,
    kind_line,
    layers_text,
    pin_line,
    round_facts,
    rules_text,
    share_line,
    totals_items,
    tournament_line,
)
from horizon_builder.export.glossary import TITLE as GLOSSARY_TITLE
from horizon_builder.export.glossary import glossary_line
from horizon_builder.export.models import (
    ElementExport,
    ExportDocument,
    StatlineExport,
)
from horizon_builder.text.safetext import printable

# Punctuation that can start markup or raw HTML anywhere in a line (CommonMark
# lets a backslash escape any ASCII punctuation, so an escape never shows).
_INLINE = re.compile(r"([\\`*_{}\[\]<>#|~&!])")
# Characters that start a block (list, thematic break, setext underline) at a line start,
# and an ordered list's number (escaped after the digits: "1\." shows as "1.", where a
# backslash before a digit would show).
_LINE_START = re.compile(r"^(\s*)([-+=])")
_LINE_START_NUMBER = re.compile(r"^(\s*\d{1,9})([.)])")


def _block_safe(text: str) -> str:
    """Text (already escaped inline) that starts a line or a list item's content: never
    read as a list, a thematic break or a heading's underline."""
    return _LINE_START_NUMBER.sub(r"\1\\\2", _LINE_START.sub(r"\1\\\2", text))


def md_item(text: str, indent: str = "") -> str:
    """A list item whose content is ``text`` (already escaped inline): an element named
    "1. Foo", "- Foo" or "+ Foo" stays the words, not a list nested in the item."""
    return f"{indent}- {_block_safe(text)}"


def md_escape(text: str | None, line_start: bool = False) -> str:
    """Escape a file-provided string for inline markdown (collapsed to one line).

    ``line_start``: the string begins a line, so block markers are escaped too.
    """
    if text is None:
        return ""
    text = " ".join(str(text).split())
    if _INLINE.search(text):  # most strings (stat values, names, rules) hold no punctuation
        text = _INLINE.sub(r"\\\1", text)
    return _block_safe(text) if line_start else text


def md_block(text: str) -> str:
    """Escape multi-line user text (notes) as paragraphs."""
    paragraphs = [p for p in re.split(r"\n\s*\n", text.strip()) if p.strip()]
    return "\n\n".join(md_escape(p, line_start=True) for p in paragraphs)


def _stat_table(e: ElementExport) -> list[str]:
    lines: list[StatlineExport] = [e.base, *e.forms]
    columns = [c.stat for c in e.base.cells]
    for line in e.forms:
        columns += [c.stat for c in line.cells if c.stat not in columns]
    head = (["Form"] if e.metaformer else []) + [md_escape(c) for c in columns]
    align = ([":--"] if e.metaformer else []) + [":-:"] * len(columns)
    out = ["| " + " | ".join(head) + " |", "|" + "|".join(align) + "|"]
    for line in lines:
        cells = {c.stat: c.text for c in line.cells}
        row = [f"{md_escape(line.label)} ({md_escape(line.type_name)})"] if e.metaformer else []
        row += [md_escape(cells.get(col, "")) for col in columns]
        out.append("| " + " | ".join(row) + " |")
    return out


def _statline_bullets(line: StatlineExport, prefix: str = "") -> list[str]:
    out = []
    upgrades, rules = (f"{prefix} upgrades", f"{prefix} rules") if prefix else ("Upgrades", "Rules")
    if line.upgrades:
        out.append(f"- **{upgrades}:** " + ", ".join(md_escape(u.text) for u in line.upgrades))
    if line.special_rules:
        out.append(f"- **{rules}:** " + rules_text(line.special_rules, md_escape))
    return out


def _element(e: ElementExport) -> list[str]:
    badge = f" · **{md_escape(e.command_label or 'CHQ')}**" if e.is_command else ""
    badge += " · *benched*" if e.benched else ""
    kind = md_escape(e.type_name) + (" metaformer" if e.metaformer else "")
    out = [f"### {md_escape(e.name)} — {kind}{badge}", "", element_costs(e), ""]
    out += _stat_table(e)
    bullets: list[str] = []
    if e.metaformer:
        bullets.append(f"- *Metaformer: {form_count(e)}*")
        bullets += _statline_bullets(e.base, "Baseform")
        for form in e.forms:
            bullets += _statline_bullets(form, md_escape(form.label))
    else:
        bullets += _statline_bullets(e.base)
    if e.type_upgrades:
        bullets.append("- **Type-wide CR:** " + ", ".join(md_escape(u.text) for u in e.type_upgrades))
    if e.command_rules:
        bullets.append(f"- **As {md_escape(e.command_label or 'CHQ')}:** "
                       + rules_text(e.command_rules, md_escape))
    for note in e.fc_notes:
        bullets.append(f"- FC: {md_escape(note)}" + (" *(provisional)*" if e.fc_provisional else ""))
    if e.carried_by:
        bullets.append(f"- Starts aboard: {md_escape(e.carried_by)}")
    if e.notes:
        bullets.append(f"- Notes: {md_escape(e.notes)}")
    if bullets:
        out += ["", *bullets]
    return [*out, ""]


def _elements(elements: list[ElementExport], compact: bool) -> list[str]:
    if compact:
        return [*(md_item(compact_line(g, md_escape)) for g in group_elements(elements)), ""]
    return [line for e in elements for line in _element(e)]


def _facts(facts: list[Fact]) -> list[str]:
    """A bullet each, "**Label:** value" (or "**Label** (aside): value"), its items under it."""
    out: list[str] = []
    for fact in facts:
        out.append(f"- **{fact.label}** ({fact.aside}): {fact.value}" if fact.aside
                   else f"- **{fact.label}:** {fact.value}")
        out += [md_item(item, "  ") for item in fact.items]
    return out


def _totals(items: list[tuple[str, str]]) -> str:
    return " · ".join(f"**{label}** {value}" for label, value in items)


def render_markdown(doc: ExportDocument, compact: bool = False) -> str:
    task_force = doc.kind == "task_force"
    t = doc.totals
    legal = "✅" if doc.verdict.legal else "❌"
    out = [f"# {md_escape(doc.name)}", "", f"*{kind_line(doc, md_escape)}*", "",
           _totals(totals_items(t, task_force, md_escape)), ""]
    if not task_force:
        out += _facts(force_facts(doc, md_escape))
    if doc.tournament is not None:
        out.append(md_item(tournament_line(doc.tournament, md_escape)))
    out += [f"- **Verdict:** {legal} {md_escape(doc.verdict.text)}", ""]

    title = "Task Force list" if task_force else "Elements"
    out += [f"## {title} ({len(doc.elements)})", ""]
    out += _elements(doc.elements, compact)
    if doc.assets:
        out += [f"## Strategic assets ({len(doc.assets)})", ""]
        out += _elements(doc.assets, compact)

    for round_ in doc.rounds:
        out += [f"## {md_escape(round_.name)}", "", _totals(totals_items(round_.totals, esc=md_escape)), ""]
        out += [*_facts(round_facts(round_, md_escape)), ""]

    if doc.glossary:
        out += [f"## {GLOSSARY_TITLE}", ""]
        out += [md_item(glossary_line(e, md_escape, lambda n: f'**{n}**')) for e in doc.glossary]
        out.append("")

    out += ["## Verdict", "", f"{legal} **{md_escape(doc.verdict.text)}**", ""]
    for f in doc.findings:
        out.append(f"- **{f.severity.upper()}** {finding_text(f, md_escape)}")
    if not doc.findings:
        out.append("No findings.")
    out += ["", "## Rules used", "",
            md_item(f"{md_escape(doc.ruleset.name)} ({md_escape(doc.ruleset.id)})"),
            f"- Layers: {layers_text(doc, md_escape)}"]
    out += [f"- **{line}**" for line in beyond_book_lines(doc, md_escape)]
    if doc.provisional_note:
        out.append(f"- *{doc.provisional_note}*")
    if doc.notes:
        out += ["", "## Notes", "", md_block(doc.notes)]
    out += ["", "## Share", "", f"- **{pin_line(doc)}**"]
    out += [f"- Share code ({md_escape(SHARE_HINT)}):", "", f"`{doc.share_code}`"] \
        if doc.share_code else [f"- {share_line(doc)}"]
    out += ["", f"*Exported by {md_escape(doc.generator)}*", ""]
    return printable("\n".join(out), multiline=True)  # names are one line each already (md_escape)
