"""Plain-text roster: reads well printed, pasted into a chat or a forum post."""

from __future__ import annotations

import re
import textwrap

from horizon_builder.export.common import (
    SHARE_HINT,
    Fact,
    beyond_book_lines,
    compact_line,
    element_costs,
    element_title,
    finding_text,
    force_facts,
    form_count,
    group_elements,
    kind_line,
    layers_text,
    pin_line,
    pool_text,
    round_facts,
    rules_text,
    share_line,
    totals_line,
    tournament_line,
)
from horizon_builder.export.glossary import TITLE as GLOSSARY_TITLE
from horizon_builder.export.glossary import glossary_line
from horizon_builder.export.models import ElementExport, ExportDocument, StatlineExport
from horizon_builder.text.safetext import is_printable, printable

WIDTH = 78


#: Whitespace but the plain space: textwrap turns it into spaces, or (Unicode spaces) may
#: drop a word made of it; text holding any goes through textwrap itself.
_OTHER_SPACE = re.compile(r"[^\S ]")


def _wrap(text: str, indent: str = "  ", hang: str | None = None) -> list[str]:
    """``text`` wrapped at the width, words never broken: what textwrap.wrap gives (with
    break_on_hyphens and break_long_words off), cut with ``str.rfind`` at the last space
    that fits rather than word by word (an export wraps a line or more per element and per
    finding). Text that starts with a space or holds other whitespace goes to textwrap."""
    hang = indent + "  " if hang is None else hang
    if not text or text[0] == " " or _OTHER_SPACE.search(text):
        return textwrap.wrap(text, WIDTH, initial_indent=indent, subsequent_indent=hang,
                             break_on_hyphens=False, break_long_words=False) or [indent.rstrip()]
    lines = []
    lead = indent
    rest = text  # starts with a word: spaces before one are dropped at each break
    while rest:
        width = WIDTH - len(lead)
        if len(rest) <= width:
            lines.append(lead + rest.rstrip(" "))
            break
        if rest[width] == " ":  # a word ends at the width
            line = rest[:width].rstrip(" ")
        else:
            space = rest.rfind(" ", 0, width)
            if space < 0:  # one word longer than the width: alone on its line, whole
                space = rest.find(" ")
                line = rest if space < 0 else rest[:space]
            else:
                line = rest[:space].rstrip(" ")
        lines.append(lead + line)
        rest = rest[len(line):].lstrip(" ")
        lead = hang
    return lines


def _heading(title: str) -> list[str]:
    return ["", title.upper(), "-" * len(title)]


def _statline_lines(line: StatlineExport, indent: str) -> list[str]:
    pool = pool_text(line)
    out = [f"{indent}{line.statline}" + (f"   ({pool})" if pool else "")]
    if line.upgrades:
        out += _wrap("Upgrades: " + ", ".join(u.text for u in line.upgrades), indent)
    if line.special_rules:
        out += _wrap("Rules: " + rules_text(line.special_rules), indent)
    return out


def _element_lines(e: ElementExport) -> list[str]:
    title = element_title(e)
    if e.is_command:
        title += f" [{e.command_label or 'CHQ'}]"
    if e.benched:
        title += " [benched]"
    out = [f"{title} · {element_costs(e)}"]
    if e.metaformer:
        out.append(f"  Metaformer: {form_count(e)}")
        out.append(f"  Baseform ({e.base.type_name}):")
        out += _statline_lines(e.base, "    ")
        for form in e.forms:
            out.append(f"  {form.label} ({form.type_name}):")
            out += _statline_lines(form, "    ")
    else:
        out += _statline_lines(e.base, "  ")
    if e.type_upgrades:
        out += _wrap("Type-wide CR: " + ", ".join(u.text for u in e.type_upgrades))
    if e.command_rules:
        out += _wrap(f"As {e.command_label or 'CHQ'}: " + rules_text(e.command_rules))
    for note in e.fc_notes:
        out += _wrap(f"FC: {note}" + (" [provisional]" if e.fc_provisional else ""))
    if e.carried_by:
        out.append(f"  Starts aboard: {e.carried_by}")
    if e.notes:
        out += _wrap(f"Notes: {e.notes}")
    return out


def _facts(facts: list[Fact]) -> list[str]:
    """"Label (aside): value", wrapped, and its items listed under it."""
    lines: list[str] = []
    for fact in facts:
        aside = f" ({fact.aside})" if fact.aside else ""
        lines += _wrap(f"{fact.label}{aside}: {fact.value}", "", "  ")
        lines += [f"  - {item}" for item in fact.items]
    return lines


def _elements(elements: list[ElementExport], compact: bool) -> list[str]:
    if compact:
        return [compact_line(g) for g in group_elements(elements)]
    out: list[str] = []
    for e in elements:
        out += [*_element_lines(e), ""]
    return out[:-1]


def render_text(doc: ExportDocument, compact: bool = False) -> str:
    task_force = doc.kind == "task_force"
    lines = [doc.name, "=" * min(len(doc.name), WIDTH), kind_line(doc),
             totals_line(doc.totals, task_force)]
    if not task_force:
        lines += _facts(force_facts(doc))
    if doc.tournament is not None:
        lines.append(tournament_line(doc.tournament))
    lines.append(f"Verdict: {doc.verdict.text}")

    title = "Task Force list" if task_force else "Elements"
    lines += _heading(f"{title} ({len(doc.elements)})")
    lines += _elements(doc.elements, compact)
    if doc.assets:
        lines += _heading(f"Strategic assets ({len(doc.assets)})")
        lines += _elements(doc.assets, compact)

    for round_ in doc.rounds:
        lines += _heading(round_.name)
        lines.append(totals_line(round_.totals))
        lines += _facts(round_facts(round_))

    if doc.glossary:
        lines += _heading(GLOSSARY_TITLE)
        for entry in doc.glossary:
            lines += _wrap(glossary_line(entry), "", "  ")

    lines += _heading("Verdict")
    lines.append(doc.verdict.text)
    for f in doc.findings:
        lines += _wrap(f"{f.severity.upper():7} {finding_text(f)}", "  ", " " * 10)
    if not doc.findings:
        lines.append("  No findings.")

    lines += _heading("Rules used")
    lines += _wrap(f"{doc.ruleset.name} [{doc.ruleset.id}]", "", "  ")
    lines += _wrap(f"Layers: {layers_text(doc)}", "", "  ")
    for line in beyond_book_lines(doc):
        lines += _wrap(line, "", "  ")
    if doc.provisional_note:
        lines += _wrap(f"Note: {doc.provisional_note}", "", "  ")
    if doc.notes:
        lines += _heading("Notes")
        lines += _wrap(doc.notes, "", "")
    lines += _heading("Share")
    lines.append(pin_line(doc))
    if doc.share_code:  # broken to the width, each part indented: import joins them
        code = doc.share_code
        lines += _wrap(f"Share code ({SHARE_HINT}; its lines joined):", "", "  ")
        lines += ["  " + code[i:i + WIDTH - 2] for i in range(0, len(code), WIDTH - 2)]
    else:
        lines.append(share_line(doc) or "")
    lines += ["", f"Exported by {doc.generator}"]
    # One line each: a control character or a line break in a name is shown escaped (looked
    # for in the whole text first: there seldom is one); then every line fits the width
    # (docs/sharing.md: wrapped at 78 columns), continuing indented.
    text = "\n".join(lines)
    if text.count("\n") != len(lines) - 1 or not is_printable(text, multiline=True):
        lines = [printable(line) for line in lines]
    return "\n".join([line if len(line) <= WIDTH else "\n".join(_fit(line)) for line in lines]) + "\n"


def _fit(line: str) -> list[str]:
    """A line cut to the width at its last separator that fits (" · ", " / ", " — ", ", "
    or " + "), so a statline or a total is never split; else at a space. The rest continues
    indented under it."""
    if len(line) <= WIDTH:
        return [line]
    lead = line[: len(line) - len(line.lstrip())]
    hang = lead + "  "
    out: list[str] = []
    rest = line
    while len(rest) > WIDTH:
        cut = max((rest.rfind(sep, len(hang) + 1, WIDTH - len(sep.rstrip())) + len(sep.rstrip())
                   for sep in (" · ", " / ", " — ", ", ", " + ")), default=-1)
        if cut <= len(hang):
            cut = rest.rfind(" ", len(hang) + 1, WIDTH + 1)
        if cut <= len(hang):  # one long word: leave it whole
            break
        out.append(rest[:cut].rstrip())
        rest = hang + rest[cut:].lstrip(" ·/—+").lstrip()
    return [*out, rest]
