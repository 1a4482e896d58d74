"""Printable roster as cards: one card per element, several to an A4 or US Letter page.

Beside the list layout (:mod:`horizon_builder.export.html`), for a table-side deck: each
card has the element's statline (a metaformer one card with every form, OtH p.19), its
upgrades, its special rules and a damage track to tick (an off-table strategic asset has
none). Cards sit two across; a page break falls only between cards (they are monolithic
inline blocks, with ``break-inside: avoid`` as well). The page ends with the glossary of
the special rules used, the verdict with every finding, and the rules it rests on. One
self-contained file: inline CSS, no scripts, every string from a file escaped
(:func:`~horizon_builder.export.html.h`).
"""

from __future__ import annotations

from horizon_builder.export.common import (
    DAMAGE_BOXES,
    beyond_book_lines,
    command_line,
    count_findings,
    kind_line,
    pool_text,
    rules_text,
    totals_items,
)
from horizon_builder.export.glossary import glossary_html
from horizon_builder.export.html import CSS, findings_table, h
from horizon_builder.export.models import ElementExport, ExportDocument, StatlineExport
from horizon_builder.text.words import plural

CARD_CSS = """
.sheet { padding: 8mm; }
.cards { font-size: 0; margin: 3mm -1.5mm 0; }
.card { display: inline-block; vertical-align: top; width: calc(50% - 3mm); margin: 0 1.5mm 3mm;
        font-size: 9pt; border: 1pt solid var(--line); border-radius: 2mm; overflow: hidden;
        break-inside: avoid; page-break-inside: avoid; background: #fff; }
.card > header { padding: 1.5mm 2.5mm; background: var(--soft); border-bottom: 1pt solid var(--line); }
.card > header h3 { font-size: 11.5pt; display: inline; margin-right: 1.5mm; }
.card > header .type { color: var(--muted); }
.card > header .cost { float: right; font-weight: 700; white-space: nowrap; }
.card.chq { border-color: var(--accent); border-width: 1.5pt; }
.card.chq > header { background: #e3ebf4; }
.card.has-error { border-color: var(--bad); border-left-width: 3pt; }
.card.benched { opacity: .6; }
.card .stats { margin: .5mm 0; }
.card .stats th.form, .card .stats td.form { width: 24mm; }
.card dl { margin: 0; padding: .5mm 2.5mm 1mm; display: grid; grid-template-columns: 19mm 1fr;
           gap: .4mm 2mm; font-size: 8.5pt; }
.card dt { font-weight: 700; color: var(--muted); }
.card dd { margin: 0; }
.card dd em { font-style: normal; color: var(--muted); }
.card dd .k { font-size: 7.5pt; color: var(--muted); text-transform: uppercase; }
.card .damage { flex-wrap: wrap; padding-top: .5mm; }
.card .damage .box { width: 4.8mm; height: 4.8mm; }
.summary { margin: 2mm 0 0; font-size: 9pt; }
"""


def _cell(text: str) -> str:
    value, paren, rest = text.partition("(")
    return h(value) + (f"<small>({h(rest)}</small>" if paren else "")


def _stats(e: ElementExport) -> str:
    """The statline, one row per form of a metaformer (OtH p.19)."""
    columns: list[str] = []
    for line in (e.base, *e.forms):
        columns += [c.stat for c in line.cells if c.stat not in columns]
    head = ('<th class="text form">Form</th>' if e.metaformer else "")
    head += "".join(f'<th class="stat">{h(c)}</th>' for c in columns)
    rows = []
    for line in (e.base, *e.forms):
        cells = {c.stat: c.text for c in line.cells}
        row = (f'<td class="form">{h(line.label)}<span>{h(line.type_name)}</span></td>'
               if e.metaformer else "")
        row += "".join(f'<td class="stat{" p" if c == "P" else ""}">{_cell(cells.get(c, ""))}</td>'
                       for c in columns)
        rows.append(f"<tr>{row}</tr>")
    return (f'<table class="stats"><thead><tr>{head}</tr></thead>'
            f'<tbody>{"".join(rows)}</tbody></table>')


def _line_facts(line: StatlineExport, form: str | None, extra: list[str]) -> list[str]:
    """Upgrades and special rules of one statline; of a metaformer's form under its name."""
    ups = ", ".join([h(u.text) for u in line.upgrades] + extra) or "<em>none</em>"
    pool = pool_text(line)
    if pool:
        ups += f' <span class="pool{" over" if (line.pool_left or 0) < 0 else ""}">{h(pool)}</span>'
    rules = rules_text(line.special_rules, h) or "<em>none</em>"
    if form is not None:
        return [f'<dt>{h(form)}</dt><dd><span class="k">Upgrades</span> {ups}<br>'
                f'<span class="k">Rules</span> {rules}</dd>']
    return [f"<dt>Upgrades</dt><dd>{ups}</dd>", f"<dt>Rules</dt><dd>{rules}</dd>"]


def _damage() -> str:
    boxes = "".join(f'<span class="box">{n}</span>' for n in range(1, DAMAGE_BOXES + 1))
    return f'<div class="damage"><span class="label">Damage</span>{boxes}</div>'


def card(e: ElementExport, counts: dict[str | None, tuple[int, int]]) -> str:
    """One element as a card: statline, upgrades, rules, damage track."""
    classes = ["card"] + (["chq"] if e.is_command else []) + (["benched"] if e.benched else [])
    errors, warnings = counts.get(e.id, (0, 0))
    badges = ""
    if e.is_command:
        badges += f' <span class="badge">{h(e.command_label or "CHQ")}</span>'
    if e.metaformer:
        badges += f' <span class="badge meta">Metaformer · {len(e.forms) + 1} forms</span>'
    if e.benched:
        badges += ' <span class="badge bench">Benched</span>'
    if errors:
        classes.append("has-error")
        badges += f' <span class="badge err">{plural(errors, "error")}</span>'
    elif warnings:
        badges += f' <span class="badge warn">{plural(warnings, "warning")}</span>'
    facts: list[str] = []
    type_wide = [h(u.text) for u in e.type_upgrades]
    for index, line in enumerate((e.base, *e.forms)):
        facts += _line_facts(line, line.label if e.metaformer else None,
                             type_wide if index == 0 else [])
    if e.command_rules:
        facts.append(f"<dt>As {h(e.command_label or 'CHQ')}</dt>"
                     f"<dd>{rules_text(e.command_rules, h)}</dd>")
    if e.carried_by:
        facts.append(f"<dt>Aboard</dt><dd>{h(e.carried_by)}</dd>")
    if e.notes:
        facts.append(f"<dt>Notes</dt><dd>{h(e.notes)}</dd>")
    if e.service:
        facts.append(f"<dt>Service</dt><dd>{h(e.service)}</dd>")
    return (f'<article class="{" ".join(classes)}" id="card-{h(e.id)}"><header>'
            f'<span class="cost">FC {e.fc} · FP {e.fp}</span><h3>{h(e.name)}</h3>'
            f'<span class="type">{h(e.type_name)}</span>{badges}</header>'
            f'{_stats(e)}<dl>{"".join(facts)}</dl>{"" if e.asset else _damage()}</article>')


def render_cards(doc: ExportDocument, compact: bool = False) -> str:
    """The roster as cards (``compact`` is the same: a card is already one element)."""
    counts = count_findings(doc.findings)
    verdict_class = "legal" if doc.verdict.legal else "illegal"
    totals = " · ".join(f"<b>{label}</b> {value}" for label, value
                        in totals_items(doc.totals, doc.kind == "task_force", h))
    body = [f'<header class="head"><div><h1>{h(doc.name)}</h1>'
            f'<p class="kind">{kind_line(doc, h)}</p></div></header>',
            f'<p class="summary">{totals}<br><b>Command</b> {command_line(doc.command, h)}<br>'
            f'<span class="verdict-line {verdict_class}">{h(doc.verdict.text)}</span></p>',
            '<div class="cards">', *(card(e, counts) for e in [*doc.elements, *doc.assets]),
            "</div>", glossary_html(doc.glossary, h),
            f'<section><h2>Verdict and findings</h2><p class="verdict-line {verdict_class}">'
            f'{h(doc.verdict.text)}</p>{findings_table(doc.findings, doc.kind == "task_force")}'
            "</section>"]
    notes = [f"<li>{line}</li>" for line in beyond_book_lines(doc, h)]
    if doc.provisional_note:
        notes.append(f"<li>{h(doc.provisional_note)}</li>")
    if notes:
        body.append(f'<section class="rules-used"><h2>Rules used</h2><ul>{"".join(notes)}</ul>'
                    "</section>")
    body.append(f'<footer class="generator">Exported by {h(doc.generator)} · '
                f"{h(doc.kind_label)} “{h(doc.name)}” · cards</footer>")
    return ("<!DOCTYPE html>\n"
            '<html lang="en"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            f"<title>{h(doc.name)} — {h(doc.kind_label)} cards</title>"
            f"<style>{CSS}{CARD_CSS}</style></head>"
            f'<body><main class="sheet">{"".join(body)}</main></body></html>\n')
