"""The organiser's printouts (OtH p.45-48): a round's pairing slips and results sheet, and
the final standings with the tie-breaks that placed each commander.

- A slip per table: the event, round and table, each commander with side (Red or
  Blue, OtH p.47), list file and the list's pin (so both players can see the list
  registered is the list on the table), the elements benched for that commander
  (destroyed in an earlier round, OtH p.46), and blanks for the result: victory
  points and tie-break points (OtH p.47) and the elements destroyed.
- The results sheet: one line per table, with the results entered so far.
- The final standings: victory points, then tie-break points, then the Force Cost
  left in the Task Force, else drawn (OtH p.48), each commander with the criterion
  that placed him or her below the one above.

Plain text, one line per row, names shown with control and invisible characters escaped.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from dataclasses import dataclass

from horizon_builder.event.batch import read_preset
from horizon_builder.event.errors import EventError
from horizon_builder.event.io import LoadedEvent
from horizon_builder.event.models import Battle, EventRound
from horizon_builder.event.names import shown as escaped
from horizon_builder.event.pairing import Standing, side_totals
from horizon_builder.event.report import (
    NO_OPPONENT,
    NO_TABLE,
    bye_text,
    byes,
    cells,
    columns,
    csv_tables,
    html_document,
    html_escape,
    html_table,
    md_escape,
    md_table,
    standing_tables,
)
from horizon_builder.files.problems import LoadError
from horizon_builder.roster.pin import pin, short_pin
from horizon_builder.text.safetext import printable
from horizon_builder.text.words import plural

#: Between two slips: where to cut the printed page.
CUT = "- " * 36
BLANK = "____"
#: The standings' order (OtH p.48), as the final table names each criterion.
CRITERIA = ("victory points", "tie-break points", "FC left")


class SheetError(EventError):
    """There is no such round to print (says which rounds there are, naming the file)."""


def pins(loaded: LoadedEvent) -> dict[str, str | None]:
    """Each commander's list pin: the one the event file holds (if it holds one), else the
    pin of the list file as it is now (None: the list could not be read)."""
    out: dict[str, str | None] = {}
    for commander in loaded.event.commanders:
        list_ = loaded.lists.get(commander.name)
        out[commander.name] = commander.pin or (
            pin(list_.roster) if list_ is not None else None)
    return out


def round_of(loaded: LoadedEvent, number: int | None) -> tuple[int, EventRound]:
    """Round ``number`` (1-based; None: the last paired)."""
    rounds = loaded.event.rounds
    if not rounds:
        raise SheetError(f"{loaded.path}: no round is paired yet: pair one first "
                         f"(horizon-builder event pair {loaded.path})")
    number = len(rounds) if number is None else number
    if not 1 <= number <= len(rounds):
        raise SheetError(f"{loaded.path}: no round {number}: rounds 1 to {len(rounds)} are "
                         "paired")
    return number, rounds[number - 1]


def slips(loaded: LoadedEvent, number: int | None = None, fmt: str = "text") -> str:
    """The round's pairing slips, one per table: cut lines between them (text), or each
    kept whole on a printed page (``fmt`` "html")."""
    number, round_ = round_of(loaded, number)
    shown = {name: short_pin(p) if p else "?" for name, p in pins(loaded).items()}
    blocks = [_slip(loaded, number, battle, shown) for battle in round_.battles]
    if fmt == "html":
        return html_page(f"{loaded.event.name}: slips, round {number}", blocks)
    return "\n".join(f"{block}\n{CUT.rstrip()}" for block in blocks) + "\n"


def html_page(title: str, blocks: Sequence[str]) -> str:
    """Text blocks as a page to print from a browser: each block kept on one sheet of paper,
    a dashed line to cut along between them."""
    style = ("body{margin:1em}pre{font-size:11pt;break-inside:avoid;page-break-inside:avoid;"
             "border-bottom:1px dashed #888;padding:0 0 1em;margin:0 0 1em}")
    body = "".join(f"<pre>{html.escape(block)}</pre>" for block in blocks)
    return (f"<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>"
            f"{html.escape(printable(title))}</title><style>{style}</style></head><body>{body}"
            "</body></html>\n")


def _slip(loaded: LoadedEvent, number: int, battle: Battle, shown: dict[str, str]) -> str:
    if battle.blue is None:  # a bye is played at no table
        return (printable(f"{loaded.event.name}: round {number}, {NO_TABLE}") +
                f"\n  {bye_text(escaped(battle.red), loaded.bye)} this round")
    head = printable(f"{loaded.event.name}: round {number}, table {battle.table}")
    changed = set(loaded.changed())
    lines = [head]
    players = [("Red", battle.red), ("Blue", battle.blue)]
    width = max(len(escaped(n)) for _, n in players)
    for side, name in players:
        commander = loaded.event.commander(name)
        file = commander.list if commander is not None else "?"
        lines.append(f"  {side:<5} {escaped(name):<{width}}  pin {shown.get(name, '?')}  "
                     f"({printable(file)})")
        if name in changed:
            now = loaded.pin_now(name)
            lines.append(f"        changed since registration: the file's pin is now "
                         f"{short_pin(now) if now else '?'}")
        if loaded.playing_registered(name):
            state = ("the file cannot be read" if name in loaded.unreadable else
                     "change refused" if commander is not None and commander.refused ==
                     loaded.pin_now(name) else "change not accepted")
            lines.append(f"        {state}: the registered list is played")
        benched = loaded.element_names(name, loaded.benched(name, number - 1))
        if benched:
            lines.append(f"        benched (destroyed in an earlier round, OtH p.46): "
                         f"{printable(', '.join(benched))}")
    minutes = _round_minutes(loaded)
    if minutes is not None:
        lines += [f"  Time: {plural(minutes, 'minute')} (OtH p.45). Ten minutes before the end, a "
                  "battle not", "  through its five turns finishes the turn it is in and stops."]
    lines.append("  Result (OtH p.47)     VP     Tie-break   Own elements destroyed")
    for side, name in players:
        label = f"{escaped(name)} ({side})"
        lines.append(f"  {label:<20}  {BLANK:<5}  {BLANK:<10}  {'_' * 24}")
    lines.append(f"  Signed  Red {'_' * 18}  Blue {'_' * 18}")
    return "\n".join(lines)


def results_sheet(loaded: LoadedEvent, number: int | None = None) -> str:
    """The round's results sheet: a line per table, results filled in where entered."""
    number, round_ = round_of(loaded, number)
    shown = {name: short_pin(p) if p else "?" for name, p in pins(loaded).items()}
    head = ["Table", "Red", "Pin", "VP", "TB", "Blue", "Pin", "VP", "TB"]
    rows = [head]
    for battle in round_.battles:
        row = [str(battle.table) if battle.blue is not None else NO_TABLE]
        for name, result in ((battle.red, battle.red_result), (battle.blue, battle.blue_result)):
            if name is None:
                row += [f"({NO_OPPONENT}: the bye)", "", "", ""]
                continue
            score = ((str(result.victory_points), str(result.tie_break)) if result is not None
                     else ("-", "-") if battle.blue is None else (BLANK, BLANK))
            row += [escaped(name), shown.get(name, "?"), *score]
        rows.append(row)
    state = "complete" if round_.done else "results to come"
    title = printable(f"{loaded.event.name}: results sheet, round {number} ({state})")
    notes = ["VP: momentum at the start of a sixth turn (OtH p.47)",
             "TB: tie-break points, the Presence of the enemy elements destroyed (OtH p.47)"]
    lost = [f"  table {battle.table}, {escaped(name)} ({side}): "
            + printable(", ".join(loaded.element_names(name, result.destroyed)))
            for battle in round_.battles if battle.blue is not None
            for side, name, result in (("Red", battle.red, battle.red_result),
                                       ("Blue", battle.blue, battle.blue_result))
            if result is not None and result.destroyed]
    if lost:
        lost[:0] = ["", "Own elements destroyed (benched from the next round, OtH p.46):"]
    return "\n".join([title, *notes, "", *_columns(rows), *lost]) + "\n"


@dataclass(frozen=True)
class FinalTable:
    """One table of the final standings (overall; in a campaign also each side's)."""

    title: str
    headings: tuple[str, ...]
    rows: list[list[str]]  #: cells as shown, names escaped; the last: what placed each
    notes: list[str]  #: the tie-breaks used, and each rank drawn


@dataclass(frozen=True)
class Final:
    """The final standings (OtH p.48): a title, what orders them, and the tables."""

    title: str
    lines: list[str]
    tables: list[FinalTable]


def final(loaded: LoadedEvent, one_shape: bool = False) -> Final:
    """The standings with, for each commander, what placed him or her below the one above
    (OtH p.48), and whether the event is over (the preset's rounds, every result in).
    In a campaign the overall table has a Side column, each side's table none (its title
    says the side), unless ``one_shape``: every table the same columns (a CSV's)."""
    event = loaded.event
    planned = _planned_rounds(loaded)
    played = sum(1 for r in event.rounds if r.done)
    over = played >= planned and all(r.done for r in event.rounds)
    title = (f"Final standings after {plural(played, 'round')}" if over else
             f"Standings after {played} of {plural(planned, 'round')} (not final: "
             f"{'results to come' if event.rounds and not event.rounds[-1].done else 'rounds to play'})")
    lines = ["Order: victory points, then tie-break points, then the FC left in the Task "
             "Force, else drawn (OtH p.48)"]
    if event.pairing == "campaign":
        totals = side_totals(event, loaded.bye)
        verb = "wins" if over else "leads"
        winner = ("drawn" if totals["red"] == totals["blue"] else
                  f"Red {verb}" if totals["red"] > totals["blue"] else f"Blue {verb}")
        lines.append(f"Sides: Red {totals['red']} VP, Blue {totals['blue']} VP: {winner}")
    had_bye = byes(loaded)
    dropped = {c.name for c in event.commanders if c.dropped}
    tables = []
    for table_title, rows in standing_tables(loaded):
        sides = event.pairing == "campaign" and (table_title == "Overall" or one_shape)
        headings = (*(columns(event.pairing) if sides else columns("swiss")), "Placed by")
        cells_ = [[*cells(row, had_bye, dropped, sides),
                   placed_by(rows[index - 1], row) if index else ""]
                  for index, row in enumerate(rows)]
        used = [c for c in CRITERIA[1:] if any(cell[-1] == c for cell in cells_)]
        notes = ["Tie-breaks used: " + (", ".join(used) if used else "none")]
        for rank in sorted({r.rank for r in rows if r.drawn}):
            names = ", ".join(escaped(r.name) for r in rows if r.rank == rank)
            notes.append(f"Drawn at rank {rank}: {names} (equal on every criterion)")
        tables.append(FinalTable(table_title, headings, cells_, notes))
    return Final(f"{event.name}: {title}", lines, tables)


def final_standings(loaded: LoadedEvent, fmt: str = "text") -> str:
    """:func:`final` as text, markdown, HTML (a page to print) or CSV (``fmt``: one of
    :data:`horizon_builder.event.report.FORMATS`)."""
    standing = final(loaded, one_shape=fmt == "csv")
    if fmt == "markdown":
        out = [f"# {md_escape(standing.title)}", "", *(md_escape(x) for x in standing.lines)]
        for table in standing.tables:
            out += ["", f"## {table.title}", "", *md_table(table.headings, table.rows), ""]
            out += [f"- {md_escape(note)}" for note in table.notes]
        return "\n".join(out) + "\n"
    if fmt == "html":
        body = [f"<h1>{html_escape(standing.title)}</h1>",
                *(f"<p>{html_escape(x)}</p>" for x in standing.lines)]
        for table in standing.tables:
            body.append(f"<h2>{html_escape(table.title)}</h2>"
                        f"{html_table(table.headings, table.rows)}"
                        + "".join(f"<p>{html_escape(note)}</p>" for note in table.notes))
        return html_document(standing.title, body)
    if fmt == "csv":
        return csv_tables(standing.tables[0].headings,
                          [(t.title, t.rows) for t in standing.tables])
    out = [printable(standing.title), *standing.lines]
    for table in standing.tables:
        out += ["", table.title, *_columns([list(table.headings), *table.rows]), *table.notes]
    return "\n".join(out) + "\n"


def placed_by(above: Standing, row: Standing) -> str:
    """The first criterion of the standings (OtH p.48) that puts ``row`` below ``above``."""
    if above.rank == row.rank:
        return "drawn"
    if above.victory_points != row.victory_points:
        return CRITERIA[0]
    if above.tie_break != row.tie_break:
        return CRITERIA[1]
    return CRITERIA[2]


def _round_minutes(loaded: LoadedEvent) -> int | None:
    """The round's length: the preset's, else 4 x the event's FC up to the next five
    minutes (OtH p.45); None when the preset names no FC."""
    from horizon_builder.engine.tournament import round_length_minutes

    options = loaded.options
    if options is None or options.force_cost is None:
        return None
    return options.round_minutes or round_length_minutes(options.force_cost)


def _planned_rounds(loaded: LoadedEvent) -> int:
    """The preset's number of rounds (three when it says none, OtH p.45)."""
    try:
        return read_preset(loaded.preset).rounds or 3
    except LoadError:
        return 3


def _columns(rows: Sequence[Sequence[str]]) -> list[str]:
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    return ["  ".join(c.ljust(widths[i]) for i, c in enumerate(row)).rstrip() for row in rows]
