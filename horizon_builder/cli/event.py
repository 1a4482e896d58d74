"""``horizon-builder event new|pair|result|standings|slips|sheet``: run a tournament's rounds
(OtH p.45-48) and print its slips and sheets."""

from __future__ import annotations

import argparse
import contextlib
import sys
from pathlib import Path

from horizon_builder.problems import LoadError
from horizon_builder.safetext import printable

#: ``event standings --format`` (as event.report.FORMATS, which is imported only to run)
FORMATS = ("text", "markdown", "html", "csv")


def add_parser(sub: argparse._SubParsersAction) -> None:
    event = sub.add_parser("event", help="run a tournament: commanders, pairings, results, "
                           "standings (OtH p.45-48)")
    actions = event.add_subparsers(dest="action", required=True)
    new = actions.add_parser("new", help="start an event file from the commanders' Task Forces")
    new.add_argument("file", metavar="EVENT", help="the event file to write (TOML)")
    new.add_argument("lists", nargs="+", metavar="LIST",
                     help="each commander's Task Force file (the commander's name comes from its "
                     "`commander` key, else the file name)")
    new.add_argument("--preset", required=True, help="event preset: a shipped one by name "
                     "(horizon-builder presets) or a file")
    new.add_argument("--name", help="the event's name (default: the preset's)")
    new.add_argument("--seed", type=int, default=0, help="seed of round 1's random pairing")
    new.add_argument("--campaign", action="store_true", help="campaign format: fixed sides "
                     "(alternately red and blue in the order given; edit the file to change)")
    pair = actions.add_parser("pair", help="pair the next round and write it to the event file")
    pair.add_argument("file", metavar="EVENT", help="the event file (TOML)")
    result = actions.add_parser("result", help="enter one commander's result in a round")
    result.add_argument("file", metavar="EVENT", help="the event file (TOML)")
    result.add_argument("commander", help="the commander's name, as in the event file")
    result.add_argument("victory_points", type=int, metavar="VP",
                        help="momentum at the start of a sixth turn (OtH p.47)")
    result.add_argument("tie_break", type=int, metavar="TIE_BREAK",
                        help="Presence of the enemy elements destroyed (OtH p.47)")
    result.add_argument("--destroyed", nargs="*", default=[], metavar="ID",
                        help="ids of the commander's own elements destroyed: benched later")
    result.add_argument("--round", type=int, metavar="N", help="round number (default: the last)")
    standings = actions.add_parser("standings", help="print the standings and rounds")
    standings.add_argument("file", metavar="EVENT", help="the event file (TOML)")
    standings.add_argument("--format", choices=FORMATS, default="text",
                           help="how to print the standings (default: text)")
    standings.add_argument("-o", "--output", metavar="OUT", help="write here instead of stdout")
    standings.add_argument("--final", action="store_true", help="the final standings as text, "
                           "with the tie-break that placed each commander (OtH p.48)")
    for action, help_ in (("slips", "print a round's pairing slips: table, commanders, their "
                           "lists' pins, blanks for the result"),
                          ("sheet", "print a round's results sheet: a line per table")):
        sheet = actions.add_parser(action, help=help_)
        sheet.add_argument("file", metavar="EVENT", help="the event file (TOML)")
        sheet.add_argument("--round", type=int, metavar="N",
                           help="round number (default: the last paired)")
        sheet.add_argument("-o", "--output", metavar="OUT", help="write here instead of stdout "
                           "(never half-written)")
        sheet.add_argument("--format", choices=("text", "html"), default="text",
                           help="text (default), or a page to print from a browser")
    event.set_defaults(func=event_main)


def event_main(args: argparse.Namespace) -> int:
    # imported here, not at the top: every command builds this parser (``check`` among them)
    from horizon_builder.event.pairing import PairingError
    from horizon_builder.event.sheets import SheetError

    try:
        return {"new": _new, "pair": _pair, "result": _result, "standings": _standings,
                "slips": _sheets, "sheet": _sheets}[args.action](args)
    except LoadError as exc:
        for problem in exc.problems:
            print(f"error: {printable(str(problem))}", file=sys.stderr)
        return 2
    except (PairingError, SheetError) as exc:
        print(f"error: {printable(str(exc))}", file=sys.stderr)
        return 2


def _new(args: argparse.Namespace) -> int:
    from horizon_builder.event.io import load_event, save_event
    from horizon_builder.event.models import Commander, Event
    from horizon_builder.resources import find_preset
    from horizon_builder.roster.io import read_roster

    path = Path(args.file)
    if path.exists():
        print(f"error: {path} exists: choose another name (an event file is never overwritten "
              "by `event new`)", file=sys.stderr)
        return 2
    preset = find_preset(args.preset)
    commanders = []
    for index, name in enumerate(args.lists):
        roster = read_roster(name)
        relative = Path(name).resolve()
        with contextlib.suppress(ValueError):  # elsewhere: keep the absolute path
            relative = relative.relative_to(path.resolve().parent)
        side = ("red" if index % 2 == 0 else "blue") if args.campaign else None
        commanders.append(Commander(name=roster.commander or Path(name).stem,
                                    list=str(relative), side=side))
    shipped = preset.parent == find_preset("oth-tournament").parent
    from horizon_builder.event.batch import read_preset

    event_options = read_preset(preset)
    preset_name = preset.stem if shipped else str(preset.resolve())
    if not shipped:
        with contextlib.suppress(ValueError):
            preset_name = str(preset.resolve().relative_to(path.resolve().parent))
    event = Event(name=args.name or event_options.name or path.stem, preset=preset_name,
                  pairing="campaign" if args.campaign else "swiss", seed=args.seed,
                  commanders=tuple(commanders))
    save_event(path, event)
    load_event(path)  # every list must be readable with the preset
    print(f"wrote {path}: {event.name}, {len(commanders)} commanders; next: "
          f"horizon-builder event pair {path}")
    return 0


def _pair(args: argparse.Namespace) -> int:
    from horizon_builder.event.edits import with_next_round
    from horizon_builder.event.io import load_event, save_event
    from horizon_builder.event.report import battle_text

    loaded = load_event(args.file)
    event = with_next_round(loaded.event)
    save_event(loaded.path, event)
    print(f"Round {len(event.rounds)}:")
    for battle in event.rounds[-1].battles:
        print("  " + printable(battle_text(battle)))
    return 0


def _result(args: argparse.Namespace) -> int:
    from horizon_builder.event.edits import with_result
    from horizon_builder.event.io import load_event, save_event
    from horizon_builder.event.report import battle_text

    loaded = load_event(args.file)
    event = with_result(loaded, args.commander, args.victory_points, args.tie_break,
                        args.destroyed, args.round)
    save_event(loaded.path, event)
    number = args.round or len(event.rounds)
    battle = next(b for b in event.rounds[number - 1].battles if args.commander in b.players)
    print(printable(f"Round {number}: {battle_text(battle)}"))
    return 0


def _standings(args: argparse.Namespace) -> int:
    from horizon_builder.event.io import load_event
    from horizon_builder.event.report import render

    if args.final:
        return _final(args)
    loaded = load_event(args.file)
    return _emit(render(loaded, args.format), args.output)



def _final(args: argparse.Namespace) -> int:
    from horizon_builder.event.io import load_event
    from horizon_builder.event.sheets import final_standings

    if args.format != "text":
        print("error: --final prints text: leave out --format", file=sys.stderr)
        return 2
    return _emit(final_standings(load_event(args.file)), args.output)


def _sheets(args: argparse.Namespace) -> int:
    from horizon_builder.event.io import load_event
    from horizon_builder.event.sheets import html_page, results_sheet, slips

    loaded = load_event(args.file)
    if args.action == "slips":
        return _emit(slips(loaded, args.round, args.format), args.output)
    text = results_sheet(loaded, args.round)
    if args.format == "html":
        text = html_page(f"{loaded.event.name}: results sheet", [text])
    return _emit(text, args.output)


def _emit(text: str, output: str | None) -> int:
    """To stdout, or to ``output`` through a temporary file (never half-written)."""
    from horizon_builder.tomlfile import write_text_atomic

    if not output or output == "-":
        sys.stdout.write(text)
        return 0
    try:
        write_text_atomic(output, text)
    except OSError as exc:
        print(f"error: {printable(output)}: cannot write: {printable(exc.strerror or str(exc))}",
              file=sys.stderr)
        return 2
    return 0
