"""A campaign's ladder, story and service records as text, markdown, HTML (to print) and CSV.

One document of sections (a table, or lines) rendered in each format; every name shown
inert (control and invisible characters escaped; HTML and markdown escaped; a CSV cell
that a spreadsheet would take for a formula starts with a quote).
"""

from __future__ import annotations

import csv
import html
import io
from dataclasses import dataclass, field

from horizon_builder.campaign.io import LoadedCampaign
from horizon_builder.campaign.standing import GameWorked, SideWorked, Standing, service_records
from horizon_builder.event.names import shown
from horizon_builder.text.safetext import printable
from horizon_builder.text.words import plural

FORMATS = ("text", "markdown", "html", "csv")
#: a commander's list may also be printed as cards, each with its service record
ROSTER_FORMATS = (*FORMATS, "cards")
LADDER = ("Rank", "Commander", "IR adj.", "Handicap", "Bonus", "Games", "Won", "Lost",
          "Stalemate", "Tie-break", "Margins")
#: the ladder's headings where the full ones do not fit (the Campaign screen at 80 columns);
#: the margins are then said by their first three letters (Dec 1, Utt 2)
LADDER_SHORT = ("#", "Commander", "IR adj", "Hcap", "Bonus", "Games", "Won", "Lost", "Stale",
                "TB", "Margins")


@dataclass
class Section:
    title: str
    columns: tuple[str, ...] = ()
    rows: list[list[str]] = field(default_factory=list)
    lines: list[str] = field(default_factory=list)


def ranked(standings: dict[str, Standing]) -> list[Standing]:
    """Most victories first, then fewest defeats, then most tie-break points (OtH p.47)."""
    return sorted(standings.values(), key=lambda s: (-s.wins, s.defeats, -s.tie_break, s.name))


def ladder_rows(standings: dict[str, Standing], short: bool = False) -> list[list[str]]:
    """The ladder's rows in order (``short``: each margin by its first three letters)."""
    rows = []
    for rank, s in enumerate(ranked(standings), start=1):
        margins = ", ".join(f"{m[:3] if short else m} {s.margins.count(m)}"
                            for m in dict.fromkeys(s.margins))
        rows.append([str(rank), shown(s.name), f"{s.adjustment:+d}", f"{s.handicap:+d}",
                     f"{s.bonus:+d}", str(s.games), str(s.wins), str(s.defeats),
                     str(s.stalemates), str(s.tie_break), margins])
    return rows


def side_text(worked: SideWorked, loaded: LoadedCampaign) -> str:
    side = worked.side
    parts = [f"{shown(side.commander)} (IR adj. {worked.adjustment:+d}): "
             f"{side.momentum_left} of {side.starting_momentum} momentum left"]
    if side.situation is not None:
        parts.append(f"Situation {side.situation}")
    if side.lost:
        parts.append("lost " + ", ".join(shown(loaded.element_name(side.commander, x))
                                         for x in side.lost))
    if side.objectives:
        parts.append("secured " + ", ".join(shown(x) for x in side.objectives)
                     + (f" (bonus {worked.bonus:+d})" if worked.bonus else ""))
    if worked.tie_break is not None:
        parts.append(f"tie-break {worked.tie_break}")
    return "; ".join(parts)


def game_lines(worked: GameWorked, loaded: LoadedCampaign) -> list[str]:
    from horizon_builder.campaign.session import result_line

    lines = [f"Game {worked.number}: {result_line(worked)}",
             "  " + side_text(worked.first, loaded), "  " + side_text(worked.second, loaded)]
    if worked.game.note:
        lines.append("  note: " + printable(worked.game.note))
    return lines


GAME_COLUMNS = ("Game", "First", "Start", "Left", "Second", "Start", "Left", "Winner",
                "Margin", "Note")


def games_table(worked: list[GameWorked]) -> Section:
    """The games in order, one row each (for a spreadsheet)."""
    rows = []
    for game in worked:
        winner = next((s for s in (game.first, game.second) if s.margin), None)
        a, b = game.first.side, game.second.side
        rows.append([str(game.number), shown(a.commander), str(a.starting_momentum),
                     str(a.momentum_left), shown(b.commander), str(b.starting_momentum),
                     str(b.momentum_left), shown(winner.side.commander) if winner else "",
                     (winner.margin or "") if winner else "stalemate",
                     printable(game.game.note)])
    return Section("Games", GAME_COLUMNS, rows)


def document(loaded: LoadedCampaign, table: bool = False) -> list[Section]:
    """The ladder, then the games in order with their notes (``table``: one row each, for a
    spreadsheet), then the corrections."""
    worked, standings = loaded.worked()
    campaign = loaded.campaign
    settings = campaign.settings
    head = Section(shown(campaign.name), lines=[
        f"{plural(len(campaign.commanders), 'commander')}, {plural(len(campaign.games), 'game')}"
        + (f", preset {loaded.preset.name}" if loaded.preset is not None else ""),
        f"handicap: new commanders {settings.new_handicap:+d}, shrinking by 1 per "
        f"{settings.victories_per_step or '-'} victories and per {settings.games_per_step or '-'}"
        f" games, never below {settings.scratch:+d} (OtH p.50)"])
    out = [head, Section("Ladder", LADDER, ladder_rows(standings))]
    story = Section("Games")
    for game in worked:
        story.lines.extend(game_lines(game, loaded))
    out.append(games_table(worked) if table else story)
    if campaign.corrections:
        out.append(Section("Corrections", lines=[
            f"game {c.game}, {c.when}: was {c.old.first.commander} {c.old.first.momentum_left}"
            f"/{c.old.first.starting_momentum} v {c.old.second.commander} "
            f"{c.old.second.momentum_left}/{c.old.second.starting_momentum}"
            for c in campaign.corrections]))
    return out


def roster_document(loaded: LoadedCampaign, name: str) -> list[Section]:
    """One commander's list with each element's service record (battles, times destroyed)."""
    standing = loaded.worked()[1][name]
    records = service_records(loaded.campaign, loaded.elements, name)
    roster = loaded.lists[name].roster
    rows = [[e.id, shown(e.name), str(e.presence), str(records[e.id].battles),
             str(records[e.id].destroyed)] for e in roster.elements if e.id in records]
    return [Section(f"{shown(name)}: {shown(roster.name)}", lines=[
        f"IR adjustment for the next battle {standing.adjustment:+d} (handicap "
        f"{standing.handicap:+d}, bonus {standing.bonus:+d}; OtH p.50)"]),
        Section("Service record", ("Id", "Element", "P", "Battles", "Destroyed"), rows)]


def render(sections: list[Section], fmt: str) -> str:
    return {"text": _text, "markdown": _markdown, "html": _html, "csv": _csv}[fmt](sections)


def _text(sections: list[Section]) -> str:
    out: list[str] = []
    for section in sections:
        out += ["", printable(section.title)] if out else [printable(section.title)]
        if section.columns:
            table = [list(section.columns), *section.rows]
            widths = [max(len(r[i]) for r in table) for i in range(len(section.columns))]
            out += ["  ".join(c.ljust(widths[i]) for i, c in enumerate(r)).rstrip()
                    for r in table]
        out += [printable(x) for x in section.lines]
    return "\n".join(out) + "\n"


def _markdown(sections: list[Section]) -> str:
    def esc(text: str) -> str:
        return printable(text).replace("|", "\\|").replace("*", "\\*").replace("_", "\\_") \
            .replace("<", "&lt;")

    out: list[str] = []
    for index, section in enumerate(sections):
        out += [("# " if index == 0 else "## ") + esc(section.title), ""]
        if section.columns:
            out += ["| " + " | ".join(section.columns) + " |", "|" + "---|" * len(section.columns)]
            out += ["| " + " | ".join(esc(c) for c in r) + " |" for r in section.rows]
        out += [f"- {esc(x.strip())}" if not x.startswith("  ") else f"  - {esc(x.strip())}"
                for x in section.lines]
        out.append("")
    return "\n".join(out)


def _html(sections: list[Section]) -> str:
    def h(text: str) -> str:
        return html.escape(printable(text))

    body = []
    for index, section in enumerate(sections):
        tag = "h1" if index == 0 else "h2"
        body.append(f"<{tag}>{h(section.title)}</{tag}>")
        if section.columns:
            head = "".join(f"<th>{h(c)}</th>" for c in section.columns)
            trs = "".join("<tr>" + "".join(f"<td>{h(c)}</td>" for c in r) + "</tr>"
                          for r in section.rows)
            body.append(f"<table><thead><tr>{head}</tr></thead><tbody>{trs}</tbody></table>")
        body += [f"<p>{h(x)}</p>" for x in section.lines]
    style = ("body{font-family:sans-serif;max-width:60em;margin:2em auto}"
             "table{border-collapse:collapse}td,th{border:1px solid #999;padding:.2em .6em}"
             "p{margin:.2em 0}")
    return (f"<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>"
            f"{h(sections[0].title)}</title><style>{style}</style></head><body>"
            + "".join(body) + "</body></html>\n")


def _csv(sections: list[Section]) -> str:
    """Every table of the document, one row each, the table's title first."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    for section in sections:
        if not section.columns:
            continue
        writer.writerow(["table", *section.columns])
        for row in section.rows:
            writer.writerow([section.title, *(("'" + c) if c[:1] in ("=", "+", "-", "@") and
                                              not c[1:].isdigit() else c for c in row)])
    return buffer.getvalue()


def service_text(battles: int, destroyed: int) -> str:
    return f"{battles} battle{'' if battles == 1 else 's'}, destroyed {destroyed}"


def roster_cards(loaded: LoadedCampaign, name: str) -> str:
    """The commander's list as cards (export --format cards), each card with the element's
    service record."""
    from horizon_builder.checks import validate
    from horizon_builder.export.cards import render_cards
    from horizon_builder.export.document import build_document
    from horizon_builder.export.models import ElementExport

    listed = loaded.lists[name]
    doc = build_document(validate(listed.roster, listed.ruleset))
    records = service_records(loaded.campaign, loaded.elements, name)

    def with_service(elements: list[ElementExport]) -> list[ElementExport]:
        return [e.model_copy(update={"service": service_text(r.battles, r.destroyed)})
                if (r := records.get(e.id)) is not None else e for e in elements]

    return render_cards(doc.model_copy(update={"elements": with_service(doc.elements),
                                               "assets": with_service(doc.assets)}))
