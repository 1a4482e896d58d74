"""An event's standings and rounds as text, markdown, HTML and CSV (OtH p.45-48)."""

from __future__ import annotations

import csv
import html
import io
from collections.abc import Sequence

from horizon_builder.event.edits import bye_scores, describe
from horizon_builder.event.io import LoadedEvent
from horizon_builder.event.models import Battle, Result
from horizon_builder.event.names import shown
from horizon_builder.event.pairing import Standing, side_totals, standings
from horizon_builder.rules.event import ByeRule
from horizon_builder.text.safetext import printable
from horizon_builder.text.words import plural

FORMATS = ("text", "markdown", "html", "csv")
COLUMNS = ("Rank", "Commander", "Side", "VP", "Tie-break", "FC left", "Bye")


def columns(pairing: str) -> tuple[str, ...]:
    """The standings' columns for an event's ``pairing``: a Side only in the campaign
    format (OtH p.48); a Swiss event has no sides, so no empty column."""
    return COLUMNS if pairing == "campaign" else tuple(c for c in COLUMNS if c != "Side")


def byes(loaded: LoadedEvent) -> dict[str, list[int]]:
    """The rounds in which each commander had the bye (what it scores: the event's bye rule,
    docs/rules.md, Readings)."""
    out: dict[str, list[int]] = {}
    for number, round_ in enumerate(loaded.event.rounds, start=1):
        name = round_.bye()
        if name is not None:
            out.setdefault(name, []).append(number)
    return out


def standing_tables(loaded: LoadedEvent) -> list[tuple[str, list[Standing]]]:
    """The overall table, and in the campaign format one per side (OtH p.48)."""
    remaining = loaded.remaining()
    tables = [("Overall", standings(loaded.event, remaining, loaded.bye))]
    if loaded.event.pairing == "campaign":
        tables += [(f"{side.title()} side", standings(loaded.event, remaining, loaded.bye, side))
                   for side in ("red", "blue")]
    return tables


def cells(row: Standing, had_bye: dict[str, list[int]], dropped: set[str],
          sides: bool = True) -> list[str]:
    """A standings row's cells, as every format and the Event screen show them (``sides``:
    with the Side column, as :func:`columns` has it)."""
    rank = f"{row.rank}=" if row.drawn else str(row.rank)
    name = shown(row.name) + (" (dropped out)" if row.name in dropped else "")
    return [rank, name, *([row.side or ""] if sides else []), str(row.victory_points),
            str(row.tie_break), "?" if row.remaining is None else str(row.remaining),
            " ".join(f"R{n}" for n in had_bye.get(row.name, []))]


def standing_rows(loaded: LoadedEvent) -> list[tuple[str, list[list[str]]]]:
    """Each table's rows, in the :func:`columns` of the event."""
    had_bye = byes(loaded)
    dropped = {c.name for c in loaded.event.commanders if c.dropped}
    sides = "Side" in columns(loaded.event.pairing)
    return [(title, [cells(r, had_bye, dropped, sides) for r in rows])
            for title, rows in standing_tables(loaded)]


#: Where a battle line says its table, a bye says it has none; a bye never takes a name's
#: place: a commander named "Bye" reads as a commander, the bye as a sentence (issue 36 item 6).
NO_TABLE, NO_OPPONENT = "no table", "no opponent"


def bye_text(name: str, rule: ByeRule) -> str:
    """The bye, said of the commander who has it (``name`` as shown)."""
    return f"{name} has the bye ({NO_OPPONENT}; {bye_scores(rule)})"


def battle_text(battle: Battle, rule: ByeRule) -> str:
    """A battle in a line (``rule``: what a bye scores)."""
    if battle.blue is None:
        return f"{NO_TABLE}: {bye_text(shown(battle.red), rule)}"
    score = ""
    if battle.red_result is not None and battle.blue_result is not None:
        score = (f"  {battle.red_result.victory_points}-{battle.blue_result.victory_points} VP"
                 f" (tie-break {battle.red_result.tie_break}-{battle.blue_result.tie_break})")
    return f"table {battle.table}: {shown(battle.red)} (Red) v {shown(battle.blue)} (Blue){score}"


def _summary(loaded: LoadedEvent) -> list[str]:
    event = loaded.event
    paired = len(event.rounds)
    of = f" of {loaded.last_round}" if loaded.last_round else ""
    lines = [f"{event.name}: {plural(len(event.commanders), 'commander')}, {paired}{of} "
             f"round{'' if paired == 1 and not of else 's'} paired, {event.pairing} pairing, "
             f"preset {loaded.preset.name}"]
    if event.pairing == "campaign":
        totals = side_totals(event, loaded.bye)
        leader = ("drawn" if totals["red"] == totals["blue"]
                  else "Red" if totals["red"] > totals["blue"] else "Blue")
        lines.append(f"Sides: Red {totals['red']} VP, Blue {totals['blue']} VP: {leader} "
                     f"{'leads' if leader != 'drawn' else ''}".rstrip())
    return lines


def render(loaded: LoadedEvent, fmt: str) -> str:
    return {"text": _text, "markdown": _markdown, "html": _html, "csv": _csv}[fmt](loaded)


def _text(loaded: LoadedEvent) -> str:
    out = [printable(line) for line in _summary(loaded)]
    heads = columns(loaded.event.pairing)
    for title, rows in standing_rows(loaded):
        table = [list(heads), *rows]
        widths = [max(len(row[i]) for row in table) for i in range(len(heads))]
        out += ["", title]
        out += ["  ".join(c.ljust(widths[i]) for i, c in enumerate(row)).rstrip() for row in table]
    for index, round_ in enumerate(loaded.event.rounds, start=1):
        out += ["", f"Round {index}" + ("" if round_.done else " (results to come)")]
        out += ["  " + printable(battle_text(b, loaded.bye)) for b in round_.battles]
    if loaded.event.corrections:
        out += ["", "Corrections"] + ["  " + c for c in correction_lines(loaded)]
    return "\n".join(out) + "\n"


def correction_lines(loaded: LoadedEvent) -> list[str]:
    """Each result replaced: round, commander, when, old and new."""
    def said(name: str, result: Result) -> str:
        return describe(result, loaded.element_names(name, result.destroyed))

    return [f"round {c.round}, {shown(c.commander)}, {c.when}: was {said(c.commander, c.old)}, "
            f"now {said(c.commander, c.new)}" for c in loaded.event.corrections]


def md_escape(text: str) -> str:
    """Text from a file in markdown: control characters escaped, no table or emphasis
    marks taken for markup."""
    return printable(text).replace("|", "\\|").replace("*", "\\*").replace("_", "\\_")


def md_table(headings: Sequence[str], rows: Sequence[Sequence[str]]) -> list[str]:
    return ["| " + " | ".join(headings) + " |", "|" + "---|" * len(headings),
            *("| " + " | ".join(md_escape(c) for c in r) + " |" for r in rows)]


def html_escape(text: str) -> str:
    return html.escape(printable(text))


def html_table(headings: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    head = "".join(f"<th>{html_escape(c)}</th>" for c in headings)
    trs = "".join("<tr>" + "".join(f"<td>{html_escape(c)}</td>" for c in r) + "</tr>"
                  for r in rows)
    return f"<table><thead><tr>{head}</tr></thead><tbody>{trs}</tbody></table>"


#: A page of standings, to read on screen or print from a browser (no table split across
#: two sheets of paper where it fits on one).
HTML_STYLE = ("body{font-family:sans-serif;max-width:60em;margin:2em auto}"
              "table{border-collapse:collapse}td,th{border:1px solid #999;padding:.2em .6em}"
              "@media print{body{margin:0;max-width:none}table{break-inside:avoid}}")


def html_document(title: str, body: Sequence[str]) -> str:
    """A whole page: ``title`` (text from a file, escaped here) and ``body`` (HTML)."""
    return (f"<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>"
            f"{html_escape(title)}</title><style>{HTML_STYLE}</style></head><body>"
            + "".join(body) + "</body></html>\n")


def csv_tables(headings: Sequence[str], tables: Sequence[tuple[str, Sequence[Sequence[str]]]],
               name_column: int = 1) -> str:
    """Tables as one CSV, each row led by its table's title; a name that starts like a
    formula (= + - @) kept from being run as one by a spreadsheet."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(["table", *headings])
    for title, rows in tables:
        for row in rows:
            cells = list(row)
            name = cells[name_column]
            cells[name_column] = "'" + name if name[:1] in ("=", "+", "-", "@") else name
            writer.writerow([title, *cells])
    return buffer.getvalue()


def _markdown(loaded: LoadedEvent) -> str:
    out = [f"# {md_escape(loaded.event.name)}", ""] + [f"- {md_escape(x)}"
                                                      for x in _summary(loaded)[1:]]
    heads = columns(loaded.event.pairing)
    for title, rows in standing_rows(loaded):
        out += ["", f"## {title}", "", *md_table(heads, rows)]
    for index, round_ in enumerate(loaded.event.rounds, start=1):
        out += ["", f"## Round {index}", ""] + [f"- {md_escape(battle_text(b, loaded.bye))}"
                                                for b in round_.battles]
    if loaded.event.corrections:
        out += ["", "## Corrections", ""] + [f"- {md_escape(c)}"
                                             for c in correction_lines(loaded)]
    return "\n".join(out) + "\n"


def _html(loaded: LoadedEvent) -> str:
    body = [f"<h1>{html_escape(loaded.event.name)}</h1>"] + [
        f"<p>{html_escape(x)}</p>" for x in _summary(loaded)[1:]]
    for title, rows in standing_rows(loaded):
        body.append(f"<h2>{title}</h2>{html_table(columns(loaded.event.pairing), rows)}")
    for index, round_ in enumerate(loaded.event.rounds, start=1):
        items = "".join(f"<li>{html_escape(battle_text(b, loaded.bye))}</li>"
                        for b in round_.battles)
        body.append(f"<h2>Round {index}</h2><ul>{items}</ul>")
    return html_document(loaded.event.name, body)


def _csv(loaded: LoadedEvent) -> str:
    return csv_tables(columns(loaded.event.pairing), standing_rows(loaded))
