"""An event's standings and rounds as text, markdown, HTML and CSV (OtH p.45-48)."""

from __future__ import annotations

import csv
import html
import io
from collections.abc import Callable

from horizon_builder.event.io import LoadedEvent
from horizon_builder.event.models import Battle
from horizon_builder.event.names import shown
from horizon_builder.event.pairing import Standing, side_totals, standings
from horizon_builder.rules.event import ByeRule
from horizon_builder.text.safetext import printable
from horizon_builder.text.words import plural

FORMATS = ("text", "markdown", "html", "csv")
COLUMNS = ("Rank", "Commander", "Side", "VP", "Tie-break", "FC left", "Bye")


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


def cells(row: Standing, had_bye: dict[str, list[int]], dropped: set[str]) -> list[str]:
    """A standings row's cells, as every format and the Event screen show them."""
    rank = f"{row.rank}=" if row.drawn else str(row.rank)
    name = shown(row.name) + (" (dropped out)" if row.name in dropped else "")
    return [rank, name, row.side or "", str(row.victory_points), str(row.tie_break),
            "?" if row.remaining is None else str(row.remaining),
            " ".join(f"R{n}" for n in had_bye.get(row.name, []))]


def standing_rows(loaded: LoadedEvent) -> list[tuple[str, list[list[str]]]]:
    had_bye = byes(loaded)
    dropped = {c.name for c in loaded.event.commanders if c.dropped}
    return [(title, [cells(r, had_bye, dropped) for r in rows])
            for title, rows in standing_tables(loaded)]


#: Where a battle line says its table, a bye says it has none; a bye never takes a name's
#: place: a commander named "Bye" reads as a commander, the bye as a sentence (issue 36 item 6).
NO_TABLE, NO_OPPONENT = "no table", "no opponent"


def bye_scores(rule: ByeRule) -> str:
    """What a bye scores, by the event's bye rule: "scores nothing", "scores 3 VP,
    tie-break 2"."""
    if rule.victory_points == 0 and rule.tie_break == 0:
        return "scores nothing"
    return f"scores {rule.victory_points} VP, tie-break {rule.tie_break}"


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
    for title, rows in standing_rows(loaded):
        table = [list(COLUMNS), *rows]
        widths = [max(len(row[i]) for row in table) for i in range(len(COLUMNS))]
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
    from horizon_builder.event.edits import describe

    return [f"round {c.round}, {shown(c.commander)}, {c.when}: was {describe(c.old)}, now "
            f"{describe(c.new)}" for c in loaded.event.corrections]


def _markdown(loaded: LoadedEvent) -> str:
    def esc(text: str) -> str:
        return printable(text).replace("|", "\\|").replace("*", "\\*").replace("_", "\\_")

    out = [f"# {esc(loaded.event.name)}", ""] + [f"- {esc(x)}" for x in _summary(loaded)[1:]]
    for title, rows in standing_rows(loaded):
        out += ["", f"## {title}", "", "| " + " | ".join(COLUMNS) + " |",
                "|" + "---|" * len(COLUMNS)]
        out += ["| " + " | ".join(esc(c) for c in r) + " |" for r in rows]
    for index, round_ in enumerate(loaded.event.rounds, start=1):
        out += ["", f"## Round {index}", ""] + [f"- {esc(battle_text(b, loaded.bye))}"
                                                for b in round_.battles]
    if loaded.event.corrections:
        out += ["", "## Corrections", ""] + [f"- {esc(c)}" for c in correction_lines(loaded)]
    return "\n".join(out) + "\n"


def _html(loaded: LoadedEvent) -> str:
    h: Callable[[str], str] = lambda text: html.escape(printable(text))  # noqa: E731
    body = [f"<h1>{h(loaded.event.name)}</h1>"] + [f"<p>{h(x)}</p>" for x in _summary(loaded)[1:]]
    for title, rows in standing_rows(loaded):
        head = "".join(f"<th>{c}</th>" for c in COLUMNS)
        trs = "".join("<tr>" + "".join(f"<td>{h(c)}</td>" for c in r) + "</tr>" for r in rows)
        body.append(f"<h2>{title}</h2><table><thead><tr>{head}</tr></thead><tbody>{trs}</tbody>"
                    "</table>")
    for index, round_ in enumerate(loaded.event.rounds, start=1):
        items = "".join(f"<li>{h(battle_text(b, loaded.bye))}</li>" for b in round_.battles)
        body.append(f"<h2>Round {index}</h2><ul>{items}</ul>")
    style = ("body{font-family:sans-serif;max-width:60em;margin:2em auto}"
             "table{border-collapse:collapse}td,th{border:1px solid #999;padding:.2em .6em}")
    return (f"<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>"
            f"{h(loaded.event.name)}</title><style>{style}</style></head><body>"
            + "".join(body) + "</body></html>\n")


def _csv(loaded: LoadedEvent) -> str:
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(["table", *COLUMNS])
    for title, rows in standing_rows(loaded):
        for row in rows:
            row[1] = "'" + row[1] if row[1][:1] in ("=", "+", "-", "@") else row[1]
            writer.writerow([title, *row])
    return buffer.getvalue()
