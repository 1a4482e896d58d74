"""Printable roster: one self-contained HTML file for A4 and US Letter paper.

No external assets: CSS inline, system fonts, no scripts. Page breaks never
split an element (``break-inside: avoid``); every element has a damage track
to tick during play, a metaformer one track for all its forms (OtH p.19).
Every string from a file goes through :func:`html.escape`.
"""

from __future__ import annotations

import html as _html
import re

from horizon_builder.engine.findings import plural
from horizon_builder.engine.totals import Totals
from horizon_builder.export.common import (
    DAMAGE_BOXES,
    SHARE_HINT,
    beyond_book_lines,
    command_line,
    count_findings,
    cr_lines,
    cr_summary,
    group_elements,
    kind_line,
    pin_line,
    pool_text,
    rules_text,
    share_line,
    signed,
    tournament_line,
)
from horizon_builder.export.glossary import glossary_html
from horizon_builder.export.models import (
    ElementExport,
    ExportDocument,
    FindingExport,
    RoundExport,
    SpendingExport,
    StatlineExport,
)
from horizon_builder.text.safetext import UNSAFE_CHARS, printable
from horizon_builder.text.words import noun

#: What :func:`h` changes; most strings (stat values, names, rules) hold none.
_CHANGED = re.compile(f"[&<>\"'{UNSAFE_CHARS}]")


def h(text: object) -> str:
    """Escape for HTML text and attribute values; control, C1 and bidi characters are shown as
    visible escapes (``\\u202e``): a character reference would still reorder or hide text."""
    value = "" if text is None else str(text)
    if _CHANGED.search(value) is None:
        return value
    return _html.escape(printable(value, multiline=True), quote=True)


CSS = """
:root {
  --ink: #1b1f24; --muted: #5b6570; --line: #c9ced4; --soft: #f1f3f5;
  --accent: #24476b; --ok: #1f6b3a; --ok-bg: #e4f3e8; --bad: #a3261b; --bad-bg: #fbe6e3;
  --warn: #8a5a00; --warn-bg: #fff3d6; --info: #3d5a80;
}
* { box-sizing: border-box; }
html { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
body {
  margin: 0; background: #e3e6ea; color: var(--ink);
  font: 9.5pt/1.35 "DejaVu Sans", "Helvetica Neue", Arial, "Liberation Sans", sans-serif;
}
/* on screen: an A4 sheet with the print margins, so the preview matches the paper */
.sheet { width: 210mm; min-height: 297mm; margin: 8mm auto; padding: 11mm; background: #fff;
         box-shadow: 0 1px 4px rgba(0,0,0,.25); }
h1, h2, h3 { margin: 0; line-height: 1.2; }
h1 { font-size: 19pt; letter-spacing: .01em; }
h2 { font-size: 11pt; text-transform: uppercase; letter-spacing: .08em; color: var(--accent);
     border-bottom: 1.5pt solid var(--accent); padding-bottom: 1mm; margin: 5mm 0 2.5mm;
     break-after: avoid; }
h3 { font-size: 11pt; }
.muted { color: var(--muted); }
.head { display: flex; justify-content: space-between; align-items: flex-start; gap: 6mm;
        border-bottom: 2.5pt solid var(--ink); padding-bottom: 2.5mm; }
.head .kind { margin: 1mm 0 0; color: var(--muted); }
.verdict { border-radius: 2mm; padding: 1.5mm 3.5mm; text-align: right; font-weight: 700;
           font-size: 11pt; white-space: nowrap; border: 1pt solid; }
.verdict small { display: block; font-weight: 400; font-size: 8pt; white-space: normal;
                 max-width: 60mm; }
.verdict.legal { color: var(--ok); background: var(--ok-bg); }
.verdict.illegal { color: var(--bad); background: var(--bad-bg); }
.totals { display: grid; grid-template-columns: repeat(6, 1fr); gap: 0; margin: 3mm 0 0;
          border: 1pt solid var(--line); border-radius: 1.5mm; overflow: hidden; }
.totals.tf { grid-template-columns: repeat(3, 1fr); }
.totals div { padding: 1.5mm 2mm; border-right: 1pt solid var(--line); }
.totals div:last-child { border-right: 0; }
.totals dt { font-size: 6.5pt; text-transform: uppercase; letter-spacing: .03em; color: var(--muted);
             white-space: nowrap; }
.totals dd { margin: 0; font-size: 14pt; font-weight: 700; }
.totals dd small { font-size: 9pt; font-weight: 400; color: var(--muted); }
.totals .over dd { color: var(--bad); }
.facts { margin: 2.5mm 0 0; display: grid; grid-template-columns: 30mm 1fr; gap: .8mm 3mm; }
.facts dt { font-weight: 700; }
.facts dd { margin: 0; }
.facts ul { margin: .5mm 0 0; padding-left: 4mm; }
.element { border: 1pt solid var(--line); border-radius: 1.5mm; margin: 0 0 2.5mm;
           break-inside: avoid; page-break-inside: avoid; }
.element > header { display: flex; align-items: baseline; gap: 2.5mm; padding: 1.5mm 2.5mm;
                    background: var(--soft); border-bottom: 1pt solid var(--line); }
.element > header .type { color: var(--muted); }
.element > header .cost { margin-left: auto; white-space: nowrap; font-weight: 700; }
.element.chq { border-color: var(--accent); border-width: 1.5pt; }
.element.chq > header { background: #e3ebf4; }
.badge { display: inline-block; font-size: 7.5pt; font-weight: 700; letter-spacing: .06em;
         padding: .2mm 1.6mm; border-radius: 1mm; color: #fff; background: var(--accent);
         text-transform: uppercase; }
.badge.meta { background: #5b3f8c; }
.badge.err { background: var(--bad); }
.badge.bench { background: var(--muted); }
.element.benched { opacity: .6; }
.badge.warn { background: var(--warn); }
.element.has-error { border-color: var(--bad); border-left-width: 3pt; }
.pool { white-space: nowrap; color: var(--muted); font-size: 7.5pt; margin-left: 1mm; }
.pool.over { color: var(--bad); font-weight: 700; }
.badge.prov { background: var(--warn-bg); color: var(--warn); border: .5pt solid var(--warn); }
table { border-collapse: collapse; width: 100%; }
.stats { table-layout: fixed; }
.stats th.stat { width: 11.5mm; }
.stats td.stat small { font-size: 8pt; font-weight: 400; }
.stats th.form { width: 30mm; }
.stats th { font-size: 7.5pt; color: var(--muted); font-weight: 700; text-align: center;
            padding: 1mm 1mm .3mm; }
.stats th.text, .stats td.text { text-align: left; }
.stats td { padding: .6mm 1mm 1mm; vertical-align: top; }
.stats td.stat { text-align: center; font-size: 13pt; font-weight: 700; width: 11mm;
                 font-variant-numeric: tabular-nums; }
.stats td.stat.p { color: var(--accent); }
.stats td.form { width: 30mm; font-weight: 700; }
.stats td.form span { display: block; font-weight: 400; color: var(--muted); font-size: 8pt; }
.stats tbody tr + tr td { border-top: .5pt dashed var(--line); }
.stats td.text { font-size: 8.5pt; }
.stats td.text em { font-style: normal; color: var(--muted); }
.derived { border-bottom: 1pt dotted var(--muted); }
.extras { padding: 0 2.5mm 1mm; font-size: 8.5pt; }
.extras p { margin: .3mm 0; }
.damage { display: flex; align-items: center; gap: 1.2mm; padding: 1mm 2.5mm 1.8mm; }
.damage .label { font-size: 7.5pt; text-transform: uppercase; letter-spacing: .06em;
                 color: var(--muted); margin-right: 1mm; white-space: nowrap; }
.damage .box { width: 5.2mm; height: 5.2mm; border: 1pt solid var(--ink); border-radius: .6mm;
               font-size: 5.5pt; color: var(--muted); padding: .2mm .5mm; line-height: 1; }
.damage .box:nth-child(4n+1) { margin-right: 1mm; }
.damage .track-note { font-size: 7pt; color: var(--muted); margin-left: auto; }
.compact th, .compact td { border-bottom: .5pt solid var(--line); padding: 1mm; text-align: left;
                           vertical-align: top; }
.compact th { font-size: 7.5pt; color: var(--muted); }
.compact tr { break-inside: avoid; page-break-inside: avoid; }
.compact { table-layout: fixed; }
.compact th.qty { width: 8mm; } .compact th.type { width: 22mm; } .compact th.stat { width: 9mm; }
.compact th.fc { width: 8mm; } .compact th.track { width: 57mm; }
.compact td.stat, .compact th.stat { text-align: center; }
.compact td.stat { font-weight: 700; font-size: 11pt; }
.compact td.stat small { font-size: 7pt; font-weight: 400; }
.compact td.detail { font-size: 8.5pt; }
.compact .damage { padding: .3mm 0 .8mm; gap: .8mm; }
.compact .damage .box { width: 3.8mm; height: 3.8mm; font-size: 5pt; }
.compact .damage .label { display: none; }
.round { border: 1pt solid var(--line); border-radius: 1.5mm; padding: 2mm 2.5mm; margin: 0 0 2.5mm;
         break-inside: avoid; page-break-inside: avoid; }
.round h3 { margin-bottom: 1mm; }
.round p { margin: .5mm 0; }
.findings th, .findings td { border-bottom: .5pt solid var(--line); padding: 1mm; text-align: left;
                             vertical-align: top; font-size: 8.5pt; }
.findings th { color: var(--muted); font-size: 7.5pt; }
.findings tr { break-inside: avoid; page-break-inside: avoid; }
.sev { font-weight: 700; font-size: 7.5pt; letter-spacing: .04em; }
.sev.error { color: var(--bad); } .sev.warning { color: var(--warn); } .sev.info { color: var(--info); }
.rule { color: var(--muted); }
.tournament { margin: 2mm 0 0; }
.verdict-line { font-weight: 700; margin: 0 0 1.5mm; }
.verdict-line.legal { color: var(--ok); } .verdict-line.illegal { color: var(--bad); }
.legend { font-size: 7.5pt; color: var(--muted); margin: 0; }
.note { margin: 2mm 0; padding: 1.5mm 2.5mm; border-left: 2pt solid var(--warn);
        background: var(--warn-bg); font-size: 8.5pt; }
.glossary ul { margin: .5mm 0; padding-left: 4mm; font-size: 8pt; columns: 2; column-gap: 6mm; }
.glossary li { break-inside: avoid; margin-bottom: .4mm; }
.rules-used { font-size: 8.5pt; }
.rules-used ul { margin: .5mm 0; padding-left: 4mm; }
footer.generator { margin-top: 4mm; font-size: 7pt; color: var(--muted); text-align: right; }
@page { margin: 11mm 11mm 13mm;
        @bottom-right { content: "Page " counter(page) " of " counter(pages);
                        font: 7pt "DejaVu Sans", Arial, sans-serif; color: #5b6570; } }
@media print {
  body { background: #fff; }
  .sheet { width: auto; min-height: 0; margin: 0; padding: 0; box-shadow: none; }
  section { break-inside: auto; }
}
"""


LEGEND = (
    '<p class="legend">Stats run P M F A D (OtH p.60 errata); M(+n) is an aircraft\'s boost. '
    '<span class="derived">Underlined</span> rules are derived from Presence or upgrades. '
    "Tick one damage box per point of damage taken.</p>"
)


def _stat_columns(e: ElementExport) -> list[str]:
    columns = [c.stat for c in e.base.cells]
    for line in e.forms:
        columns += [c.stat for c in line.cells if c.stat not in columns]
    return columns


def _cell(text: str) -> str:
    """A stat cell; an aircraft boost "(+5)" is set smaller beside M so the column stays narrow."""
    value, paren, rest = text.partition("(")
    return h(value) + (f"<small>({h(rest)}</small>" if paren else "")


def _rules(line: StatlineExport) -> str:
    parts = []
    for rule in line.special_rules:
        title = rule.summary or ""
        if rule.derived:
            title = (title + " — " if title else "") + "derived from Presence or upgrades"
            parts.append(f'<span class="derived" title="{h(title)}">{h(rule.name)}</span>')
        else:
            parts.append(f'<span title="{h(title)}">{h(rule.name)}</span>')
    return ", ".join(parts) or '<em>—</em>'


def _upgrades(line: StatlineExport, extra: list[str] | None = None) -> str:
    items = [h(u.text) for u in line.upgrades] + (extra or [])
    pool = pool_text(line)
    text = ", ".join(items) or "<em>—</em>"
    over = line.pool_left is not None and line.pool_left < 0
    return text + (f' <span class="pool{" over" if over else ""}">{h(pool)}</span>' if pool else "")


def _damage_track(label: str = "Damage", note: str | None = None) -> str:
    boxes = "".join(f'<span class="box">{n}</span>' for n in range(1, DAMAGE_BOXES + 1))
    extra = f'<span class="track-note">{h(note)}</span>' if note else ""
    return f'<div class="damage"><span class="label">{h(label)}</span>{boxes}{extra}</div>'


def _element(e: ElementExport, counts: dict[str | None, tuple[int, int]]) -> str:
    classes = ["element"] + (["chq"] if e.is_command else []) + (["metaformer"] if e.metaformer else [])
    errors, warnings = counts.get(e.id, (0, 0))
    badges = ""
    if errors:
        classes.append("has-error")
        badges += f' <span class="badge err">{plural(errors, "error")}</span>'
    elif warnings:
        badges += f' <span class="badge warn">{plural(warnings, "warning")}</span>'
    if e.is_command:
        badges += f' <span class="badge">{h(e.command_label or "CHQ")}</span>'
    if e.benched:
        classes.append("benched")
        badges += ' <span class="badge bench" title="destroyed in a round (OtH p.46)">Benched</span>'
    if e.metaformer:
        badges += f' <span class="badge meta">Metaformer · {len(e.forms) + 1} forms</span>'
    cost = f"FC {e.fc} · FP {e.fp}" + (f" · Mom {e.momentum}" if e.momentum != e.fp else "")
    type_text = h(e.type_name)
    columns = _stat_columns(e)
    head = ('<th class="text form">Form</th>' if e.metaformer else "")
    head += "".join(f'<th class="stat">{h(c)}</th>' for c in columns)
    head += '<th class="text">Upgrades</th><th class="text">Special rules</th>'
    rows = []
    type_wide = [h(u.text) for u in e.type_upgrades]
    for index, line in enumerate([e.base, *e.forms]):
        cells = {c.stat: c.text for c in line.cells}
        row = ""
        if e.metaformer:
            row += f'<td class="form">{h(line.label)}<span>{h(line.type_name)}</span></td>'
        row += "".join(
            f'<td class="stat{" p" if c == "P" else ""}">{_cell(cells.get(c, ""))}</td>' for c in columns)
        row += f'<td class="text">{_upgrades(line, type_wide if index == 0 else None)}</td>'
        row += f'<td class="text">{_rules(line)}</td>'
        rows.append(f"<tr>{row}</tr>")
    extras = []
    if e.command_rules:
        extras.append(f"<p><b>As {h(e.command_label or 'CHQ')}:</b> "
                      f"{rules_text(e.command_rules, h)}</p>")
    for note in e.fc_notes:
        prov = ' <span class="badge prov">provisional</span>' if e.fc_provisional else ""
        extras.append(f"<p><b>FC:</b> {h(note)}{prov}</p>")
    if e.carried_by:
        extras.append(f"<p><b>Starts aboard:</b> {h(e.carried_by)}</p>")
    if e.notes:
        extras.append(f"<p><b>Notes:</b> {h(e.notes)}</p>")
    extras_html = f'<div class="extras">{"".join(extras)}</div>' if extras else ""
    note = "one track for every form (OtH p.19)" if e.metaformer else "running total"
    track = "" if e.asset else _damage_track(note=note)  # off-table assets take no damage
    return (
        f'<article class="{" ".join(classes)}" id="el-{h(e.id)}">'
        f'<header><h3>{h(e.name)}</h3><span class="type">{type_text}</span>{badges}'
        f'<span class="cost">{cost}</span></header>'
        f'<table class="stats"><thead><tr>{head}</tr></thead><tbody>{"".join(rows)}</tbody></table>'
        f"{extras_html}{track}</article>"
    )


def _compact(elements: list[ElementExport]) -> str:
    columns: list[str] = []
    for e in elements:
        columns += [c for c in _stat_columns(e) if c not in columns]
    head = '<th class="qty">Qty</th><th class="type">Type</th>'
    head += "".join(f'<th class="stat">{h(c)}</th>' for c in columns)
    head += '<th>Upgrades · rules</th><th class="fc">FC</th><th class="track">Elements · damage</th>'
    rows = []
    for group in group_elements(elements):
        e = group.first
        for index, line in enumerate([e.base, *e.forms]):
            cells = {c.stat: c.text for c in line.cells}
            first = index == 0
            span = f' rowspan="{len(e.forms) + 1}"' if first and e.forms else ""
            row = ""
            if first:
                row += f"<td{span}><b>{group.count}×</b></td>"
            label = h(e.type_short) if first else f"↳ {h(line.label)}"
            if first and e.is_command:
                label += f' <span class="badge">{h(e.command_label or "CHQ")}</span>'
            row += f"<td>{label}</td>"
            row += "".join(f'<td class="stat">{_cell(cells.get(c, ""))}</td>' for c in columns)
            extra = [h(u.text) for u in e.type_upgrades] if first else []
            detail = ", ".join([h(u.text) for u in line.upgrades] + extra
                               + [h(r.name) for r in line.special_rules])
            row += f'<td class="detail">{detail or "—"}</td>'
            if first:
                track = "" if e.asset else _damage_track(label="")
                tracks = "".join(f"<div><b>{h(name)}</b>{track}</div>" for name in group.names)
                row += f"<td{span}>{e.fc}</td><td{span}>{tracks}</td>"
            rows.append(f"<tr>{row}</tr>")
    return f'<table class="compact"><thead><tr>{head}</tr></thead><tbody>{"".join(rows)}</tbody></table>'


def _elements(elements: list[ElementExport], compact: bool, findings: list[FindingExport]) -> str:
    if compact:
        return _compact(elements)
    counts = count_findings(findings)
    return "".join(_element(e, counts) for e in elements)


def _totals(t: Totals, task_force_list: bool = False) -> str:
    if task_force_list:
        items = [("Tournament FC", str(t.force_cost_limit), "", False),
                 ("Task Force FP", str(t.force_presence), f"/{t.force_presence_limit}",
                  t.force_presence_limit is not None and t.force_presence > t.force_presence_limit),
                 ("Elements", str(t.element_count), "", False)]
    else:
        quality = f" {t.intelligence_quality}" if t.intelligence_quality else ""
        items = [
            ("Force Cost", str(t.force_cost), f"/{t.force_cost_limit}", t.force_cost > t.force_cost_limit),
            ("Force Presence", str(t.force_presence), "", False),
            ("Command Res.", str(t.command_resources_spent), f"/{t.command_resources}",
             t.command_resources_spent > t.command_resources),
            ("Intelligence", signed(t.intelligence_rating), quality, False),
            ("Momentum", str(t.starting_momentum), "", False),
            ("Deployment", str(t.deployment_spaces),
             " " + noun(t.deployment_spaces, "space"), False),
        ]
    cells = "".join(
        f'<div{" class=over" if over else ""}><dt>{h(label)}</dt><dd>{h(value)}'
        f"<small>{h(small)}</small></dd></div>"
        for label, value, small, over in items)
    return f'<dl class="totals{" tf" if task_force_list else ""}">{cells}</dl>'


def _spending(spending: SpendingExport) -> str:
    items = cr_lines(spending, h)
    listing = f"<ul>{''.join(f'<li>{item}</li>' for item in items)}</ul>" if items else ""
    return f"{h(cr_summary(spending))}{listing}"


def _round(round_: RoundExport) -> str:
    parts = [f"<h3>{h(round_.name)}</h3>", _totals(round_.totals),
             '<dl class="facts">',
             f"<dt>Battlegroup</dt><dd>{', '.join(h(n) for n in round_.element_names) or '—'}</dd>",
             f"<dt>Command</dt><dd>{command_line(round_.command, h)}</dd>",
             f"<dt>Command Res.</dt><dd>{_spending(round_.command_resources)}</dd>"]
    if round_.benched_names:
        parts.append(f"<dt>Benched</dt><dd>{', '.join(h(n) for n in round_.benched_names)} "
                     '<span class="muted">(destroyed in an earlier round, OtH p.46)</span></dd>')
    if round_.destroyed_names:
        parts.append(f"<dt>Destroyed</dt><dd>{', '.join(h(n) for n in round_.destroyed_names)}</dd>")
    parts.append("</dl>")
    return f'<div class="round">{"".join(parts)}</div>'


def _findings(findings: list[FindingExport], with_round: bool) -> str:
    if not findings:
        return '<p class="muted">No findings.</p>'
    head = "<th>Severity</th>" + ("<th>Round</th>" if with_round else "")
    head += "<th>Element</th><th>Finding</th><th>Rule</th>"
    rows = []
    for f in findings:
        prov = ' <span class="badge prov">provisional</span>' if f.provisional else ""
        row = f'<td class="sev {h(f.severity)}">{h(f.severity.upper())}</td>'
        if with_round:
            row += f"<td>{h(f.round or '')}</td>"
        row += (f"<td>{h(f.element_name or '—')}</td><td>{h(f.message)}{prov}</td>"
                f'<td class="rule">{h(f.rule)}</td>')
        rows.append(f"<tr>{row}</tr>")
    return f'<table class="findings"><thead><tr>{head}</tr></thead><tbody>{"".join(rows)}</tbody></table>'


def render_html(doc: ExportDocument, compact: bool = False) -> str:
    task_force = doc.kind == "task_force"
    t = doc.totals
    verdict_class = "legal" if doc.verdict.legal else "illegal"
    verdict_word = "LEGAL" if doc.verdict.legal else "NOT LEGAL"
    detail = doc.verdict.text.removeprefix(verdict_word).lstrip(":, ")
    body = [
        '<header class="head"><div>',
        f"<h1>{h(doc.name)}</h1>",
        f'<p class="kind">{kind_line(doc, h)}</p></div>',
        f'<div class="verdict {verdict_class}">{verdict_word}'
        + (f"<small>{h(detail)}</small>" if detail else "") + "</div></header>",
        _totals(t, task_force),
    ]
    if not task_force:
        facts = ['<dl class="facts">']
        if t.intelligence_effect:
            facts.append(f"<dt>Intelligence</dt><dd>{h(t.intelligence_quality or '')}: "
                         f"{h(t.intelligence_effect)}</dd>")
        facts.append(f"<dt>Command</dt><dd>{command_line(doc.command, h)}</dd>")
        facts.append(f"<dt>Command Res.</dt><dd>{_spending(doc.command_resources)}</dd>")
        facts.append("</dl>")
        body += facts
    if doc.tournament is not None:
        body.append(f'<p class="tournament">{tournament_line(doc.tournament, h)}</p>')
    title = "Task Force list" if task_force else "Elements"
    body.append(f"<section><h2>{title} ({len(doc.elements)})</h2>"
                f"{_elements(doc.elements, compact, doc.findings)}{LEGEND}</section>")
    if doc.assets:
        body.append(f"<section><h2>Strategic assets ({len(doc.assets)})</h2>"
                    f"{_elements(doc.assets, compact, doc.findings)}</section>")
    if doc.rounds:
        body.append("<section><h2>Rounds</h2>" + "".join(_round(r) for r in doc.rounds) + "</section>")
    body.append(glossary_html(doc.glossary, h))
    body.append(f'<section><h2>Verdict and findings</h2><p class="verdict-line {verdict_class}">'
                f"{h(doc.verdict.text)}</p>{_findings(doc.findings, task_force)}</section>")
    rules = [f"<li>{h(doc.ruleset.name)} ({h(doc.ruleset.id)})</li>"]
    rules += [f"<li>{h(layer.name)}</li>" for layer in doc.ruleset.layers
              if layer.origin == "shipped"]
    rules += [f"<li><strong>{line}</strong></li>" for line in beyond_book_lines(doc, h)]
    body.append(f'<section class="rules-used"><h2>Rules used</h2><ul>{"".join(rules)}</ul>')
    if doc.provisional_note:
        body.append(f'<p class="note">{h(doc.provisional_note)}</p>')
    body.append("</section>")
    if doc.notes:
        paragraphs = "".join(f"<p>{h(p)}</p>" for p in doc.notes.split("\n\n") if p.strip())
        body.append(f"<section><h2>Notes</h2>{paragraphs}</section>")
    share = (f'<p>Share code ({h(SHARE_HINT)}):</p><p><code style="word-break: break-all">'
             f"{h(doc.share_code)}</code></p>" if doc.share_code else f"<p>{h(share_line(doc) or '')}</p>")
    body.append(f'<section class="share"><h2>Share</h2><p><strong>{h(pin_line(doc))}</strong></p>'
                f"{share}</section>")
    body.append(f'<footer class="generator">Exported by {h(doc.generator)} · '
                f"{h(doc.kind_label)} “{h(doc.name)}” · {h(pin_line(doc))}</footer>")
    return (
        "<!DOCTYPE html>\n"
        '<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{h(doc.name)} — {h(doc.kind_label)} roster</title>"
        f"<style>{CSS}</style></head>"
        f'<body><main class="sheet">{"".join(body)}</main></body></html>\n'
    )


#: The findings table, for the card layout too (export/cards.py).
findings_table = _findings
