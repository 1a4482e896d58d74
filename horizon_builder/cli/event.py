"""``horizon-builder event new|pair|result|accept|refuse|drop|join|standings|slips|sheet``:
run a tournament's rounds (OtH p.45-48) and print its slips and sheets.

Every command reads the event file and names each list changed since registration and each
tie-break that disagrees with the losses recorded; a file that cannot be read or written is
``FILE: what is wrong``, exit 2, with nothing half-written.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from horizon_builder.text.safetext import printable
from horizon_builder.text.words import plural

if TYPE_CHECKING:
    from horizon_builder.event.session import Change, EventSession

#: ``event standings --format`` (as event.report.FORMATS, which is imported only to run)
FORMATS = ("text", "markdown", "html", "csv")
ADMIT_HELP = ("register the list although it is not legal for the preset (recorded in the "
              "event file with its first error)")


class OutputError(Exception):
    """A file the command must write cannot be: ``FILE: what is wrong``."""


def add_parser(sub: argparse._SubParsersAction) -> None:
    event = sub.add_parser("event", help="run a tournament: commanders, pairings, results, "
                           "standings (OtH p.45-48)")
    actions = event.add_subparsers(dest="action", required=True)
    new = actions.add_parser("new", help="start an event file from the commanders' Task Forces "
                             "(each judged against the preset and pinned)")
    new.add_argument("file", metavar="EVENT", help="the event file to write (TOML)")
    new.add_argument("lists", nargs="+", metavar="LIST",
                     help="each commander's Task Force file, or a folder of them (the "
                     "commander's name comes from its `commander` key, else the file name; a "
                     "list's own house rules file among them is skipped with a note)")
    new.add_argument("--preset", required=True, help="event preset: a shipped one by name "
                     "(horizon-builder presets) or a file")
    new.add_argument("--name", help="the event's name (default: the preset's)")
    new.add_argument("--seed", type=int, default=0, help="seed of round 1's random pairing")
    new.add_argument("--campaign", action="store_true", help="campaign format: fixed sides "
                     "(alternately red and blue in the order given; edit the file to change)")
    new.add_argument("--admit-illegal", action="store_true", help=ADMIT_HELP)
    pair = actions.add_parser("pair", help="pair the next round and write it to the event file")
    pair.add_argument("file", metavar="EVENT", help="the event file (TOML)")
    result = actions.add_parser("result", help="enter one commander's result in a round")
    result.add_argument("file", metavar="EVENT", help="the event file (TOML)")
    result.add_argument("commander", help="the commander's name, as in the event file")
    result.add_argument("victory_points", metavar="VP",
                        help="momentum at the start of a sixth turn (OtH p.47)")
    result.add_argument("tie_break", metavar="TIE_BREAK",
                        help="Presence of the enemy elements destroyed (OtH p.47)")
    result.add_argument("--destroyed", nargs="*", metavar="ID",
                        help="ids of the commander's own elements destroyed: benched later "
                        "(a correction without it keeps those entered; with no ids: none)")
    result.add_argument("--round", type=int, metavar="N", help="round number (default: the last)")
    result.add_argument("--correct", action="store_true", help="replace the result already "
                        "entered (the event file keeps the replaced one: who, when, old, new)")
    for verb, text in (("accept", "accept a list changed since registration: judge it again "
                        "and pin it anew"),
                       ("refuse", "refuse a list changed since registration: the registered "
                        "list stands"),
                       ("drop", "a commander drops out: no more pairings, results kept")):
        action = actions.add_parser(verb, help=text)
        action.add_argument("file", metavar="EVENT", help="the event file (TOML)")
        action.add_argument("commander", help="the commander's name, as in the event file")
        if verb == "accept":
            action.add_argument("--admit-illegal", action="store_true", help=ADMIT_HELP)
        if verb == "refuse":
            action.add_argument("--restore", action="store_true", help="also write the "
                                "registered list (kept in the event file) back over the "
                                "list's file; the file as it was is kept as FILE.bak")
    join = actions.add_parser("join", help="a late entrant joins (paired from the next round)")
    join.add_argument("file", metavar="EVENT", help="the event file (TOML)")
    join.add_argument("list", metavar="LIST", help="the entrant's Task Force file")
    join.add_argument("--admit-illegal", action="store_true", help=ADMIT_HELP)
    standings = actions.add_parser("standings", help="print the standings and rounds")
    standings.add_argument("file", metavar="EVENT", help="the event file (TOML)")
    standings.add_argument("--format", choices=FORMATS, default="text",
                           help="how to print the standings (default: text)")
    standings.add_argument("-o", "--output", metavar="OUT", help="write here instead of stdout")
    standings.add_argument("--final", action="store_true", help="the final standings, with "
                           "the tie-break that placed each commander (OtH p.48), in any "
                           "--format (html: a page to print)")
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


def shown(name: str) -> str:
    from horizon_builder.event.names import shown as escaped

    return escaped(name)


def event_main(args: argparse.Namespace) -> int:
    # imported here, not at the top: every command builds this parser (``check`` among them)
    from horizon_builder.event.errors import EventError

    try:
        return int(COMMANDS[args.action](args))
    except EventError as exc:  # each line names its file (and line and key where it has them)
        for line in exc.lines():
            print(f"error: {printable(line)}", file=sys.stderr)
        return 2
    except OutputError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except OSError as exc:  # a file the system refuses in a way not foreseen: still named
        where = exc.filename or args.file
        print(f"error: {printable(str(where))}: {printable(os_reason(exc))}", file=sys.stderr)
        return 2


def os_reason(exc: OSError) -> str:
    return exc.strerror or str(exc) or type(exc).__name__


def writable(path: Path) -> None:
    """Refuse, before anything is written, a target that is not a regular file or whose
    folder is not there (OutputError: ``FILE: what is wrong``)."""
    shown = printable(str(path))
    if path.exists() and not path.is_file():
        raise OutputError(f"{shown}: cannot write: not a regular file (a folder, a FIFO or a device): "
                          "name a file to write")
    if not path.parent.is_dir():
        raise OutputError(f"{shown}: cannot write: the folder {printable(str(path.parent))} does not exist")


def warn(notes: Sequence[str]) -> None:
    """Each note (a list changed since registration, a tie-break that disagrees with the
    losses recorded) as a warning on stderr."""
    for note in notes:
        print(f"warning: {printable(note)}", file=sys.stderr)


def read(path: str) -> EventSession:
    """The event, with a warning on stderr for each of its notes."""
    from horizon_builder.event.session import EventSession

    session = EventSession.open(path)
    warn(session.notes())
    return session


#: How many times a change is made when other writers change the event file meanwhile
#: (each time lost to a write of another: commands started together, one each, all succeed).
ATTEMPTS = 5


def change(path: str, make: Callable[[EventSession], Change]) -> EventSession:
    """Read the event and make one change through its session; say what it did (stdout)
    and the notes it brought (stderr: the rest were said on reading). When another writer
    (the Event screen, another command) changes the file between the reading and the
    writing, nothing is written, the file is read again and the change made on it, said as
    a warning; after :data:`ATTEMPTS` the command gives up (exit 2, nothing written)."""
    from horizon_builder.event.session import ChangedElsewhere

    session = read(path)
    for attempt in range(1, ATTEMPTS + 1):
        try:
            made = make(session)
        except ChangedElsewhere:
            if attempt == ATTEMPTS:
                raise
            print(f"warning: {printable(path)} was changed by another writer meanwhile: read "
                  "again, and the change made on it as it is now", file=sys.stderr)
            continue
        print(printable(made.said))
        warn(made.notes)
        break
    return session


def _new(args: argparse.Namespace) -> int:
    from horizon_builder.event.session import EventSession

    session = EventSession.create(args.file, args.lists, args.preset, args.name, args.seed,
                                  args.campaign, args.admit_illegal)
    for note in session.skipped:
        print(f"note: {printable(note)}", file=sys.stderr)
    for commander in session.event.commanders:
        if commander.admitted:
            print(f"warning: {shown(commander.name)}'s list is admitted although NOT LEGAL: "
                  f"{printable(commander.admitted)}", file=sys.stderr)
    path = printable(str(args.file))
    commanders = plural(len(session.event.commanders), "commander")
    print(f"wrote {path}: {printable(session.event.name)}, {commanders}, every list pinned; "
          f"next: horizon-builder event pair {path}")
    return 0


def _pair(args: argparse.Namespace) -> int:
    from horizon_builder.event.report import battle_text

    session = change(args.file, lambda session: session.pair())
    for battle in session.event.rounds[-1].battles:
        print("  " + battle_text(battle, session.loaded.bye))
    return 0


def _result(args: argparse.Namespace) -> int:
    from horizon_builder.event.report import battle_text

    session = change(args.file, lambda session: session.enter_result(
        args.commander, args.victory_points, args.tie_break, args.destroyed, args.round,
        correct=args.correct))
    number = args.round or len(session.event.rounds)
    battle = next(b for b in session.event.rounds[number - 1].battles
                  if args.commander in b.players)
    print(f"Round {number}: {battle_text(battle, session.loaded.bye)}")
    return 0


def _accept(args: argparse.Namespace) -> int:
    change(args.file, lambda session: session.accept(args.commander, args.admit_illegal))
    return 0


def _refuse(args: argparse.Namespace) -> int:
    change(args.file, lambda session: session.restore(args.commander) if args.restore
           else session.refuse(args.commander))
    return 0


def _drop(args: argparse.Namespace) -> int:
    change(args.file, lambda session: session.drop(args.commander))
    return 0


def _join(args: argparse.Namespace) -> int:
    change(args.file, lambda session: session.join(args.list, args.admit_illegal))
    return 0


def _standings(args: argparse.Namespace) -> int:
    from horizon_builder.event.report import render

    if args.final:
        return _final(args)
    return _emit(render(read(args.file).loaded, args.format), args.output)


def _final(args: argparse.Namespace) -> int:
    from horizon_builder.event.sheets import final_standings

    return _emit(final_standings(read(args.file).loaded, args.format), args.output)


def _sheets(args: argparse.Namespace) -> int:
    from horizon_builder.event.sheets import html_page, results_sheet, slips

    loaded = read(args.file).loaded
    if args.action == "slips":
        return _emit(slips(loaded, args.round, args.format), args.output)
    text = results_sheet(loaded, args.round)
    if args.format == "html":
        text = html_page(f"{loaded.event.name}: results sheet", [text])
    return _emit(text, args.output)


def _emit(text: str, output: str | None) -> int:
    """To stdout, or to ``output`` through a temporary file (never half-written)."""
    from horizon_builder.files.tomlfile import write_text_atomic

    if not output or output == "-":
        sys.stdout.write(text)
        return 0
    target = Path(output)
    writable(target)
    try:
        write_text_atomic(target, text)
    except OSError as exc:
        raise OutputError(f"{printable(output)}: cannot write: {os_reason(exc)}") from None
    return 0


COMMANDS = {"new": _new, "pair": _pair, "result": _result, "accept": _accept,
            "refuse": _refuse, "drop": _drop, "join": _join, "standings": _standings,
            "slips": _sheets, "sheet": _sheets}
