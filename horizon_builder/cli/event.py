"""``horizon-builder event new|pair|result|accept|refuse|drop|join|standings|slips|sheet``:
run a tournament's rounds (OtH p.45-48) and print its slips and sheets.

Every command reads the event file and names each list changed since registration and each
tie-break that disagrees with the losses recorded; a file that cannot be read or written is
``FILE: what is wrong``, exit 2, with nothing half-written.
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

from horizon_builder.files.problems import LoadError
from horizon_builder.text.safetext import printable
from horizon_builder.text.words import plural

if TYPE_CHECKING:
    from horizon_builder.event.io import LoadedEvent
    from horizon_builder.event.models import Event

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
                     help="each commander's Task Force file (the commander's name comes from its "
                     "`commander` key, else the file name)")
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
    result.add_argument("victory_points", type=int, metavar="VP",
                        help="momentum at the start of a sixth turn (OtH p.47)")
    result.add_argument("tie_break", type=int, metavar="TIE_BREAK",
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


def shown(name: str) -> str:
    from horizon_builder.event.names import shown as escaped

    return escaped(name)


def event_main(args: argparse.Namespace) -> int:
    # imported here, not at the top: every command builds this parser (``check`` among them)
    from horizon_builder.event.pairing import PairingError
    from horizon_builder.event.sheets import SheetError

    try:
        return int(COMMANDS[args.action](args))
    except LoadError as exc:
        for problem in exc.problems:
            print(f"error: {printable(str(problem))}", file=sys.stderr)
        return 2
    except PairingError as exc:  # about the event file: named, as every other problem is
        print(f"error: {printable(str(args.file))}: {printable(str(exc))}", file=sys.stderr)
        return 2
    except SheetError as exc:
        print(f"error: {printable(str(exc))}", file=sys.stderr)
        return 2
    except OutputError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except OSError as exc:  # a file that cannot be written (read-only, a folder, a full disk)
        where = exc.filename or args.file
        print(f"error: {printable(str(where))}: {printable(exc.strerror or str(exc))}",
              file=sys.stderr)
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


@contextlib.contextmanager
def written(path: Path, what: str) -> Iterator[None]:
    """Around a write of ``what`` to ``path``: refused first if the target cannot be one
    (:func:`writable`); a failed write is ``FILE: cannot write WHAT: why (the file is as it
    was)`` (OutputError)."""
    writable(path)
    try:
        yield
    except OSError as exc:
        raise OutputError(f"{printable(str(path))}: cannot write {what}: {os_reason(exc)} "
                          "(the file is as it was)") from None


def write_event(path: Path, event: Event, loaded: LoadedEvent | None = None) -> None:
    """Save the event (``loaded``: the event as read, to warn about the event as written)."""
    from horizon_builder.event.io import save_event

    with written(path, "the event file"):
        save_event(path, event)
    if loaded is not None:  # what the change brought (said once: the rest was said on reading)
        warn(dataclasses.replace(loaded, event=event), said=notes(loaded))


def notes(loaded: LoadedEvent) -> list[str]:
    """Each list changed since registration and each tie-break that disagrees with the
    losses recorded (OtH p.47)."""
    from horizon_builder.event.io import tie_break_notes

    return [*loaded.change_notes(), *tie_break_notes(loaded)]


def warn(loaded: LoadedEvent, said: list[str] | None = None) -> None:
    for note in notes(loaded):
        if note not in (said or ()):
            print(f"warning: {printable(note)}", file=sys.stderr)


def read(path: str) -> LoadedEvent:
    """The event, with a warning on stderr for each of its :func:`notes`."""
    from horizon_builder.event.io import load_event

    loaded = load_event(path)
    warn(loaded)
    return loaded


def _new(args: argparse.Namespace) -> int:
    from horizon_builder.event.batch import read_preset
    from horizon_builder.event.io import load_event
    from horizon_builder.event.models import Event
    from horizon_builder.event.register import register
    from horizon_builder.files.resources import find_preset

    path = Path(args.file)
    if path.exists() or path.is_symlink():
        print(f"error: {printable(str(path))} exists: choose another name (an event file is "
              "never overwritten by `event new`)", file=sys.stderr)
        return 2
    preset = find_preset(args.preset)
    event_options = read_preset(preset)
    commanders = register(args.lists, path, preset, args.campaign, args.admit_illegal)
    shipped = preset.parent == find_preset("oth-tournament").parent
    preset_name = preset.stem if shipped else str(preset.resolve())
    if not shipped:
        with contextlib.suppress(ValueError):  # elsewhere: keep the absolute path
            preset_name = str(preset.resolve().relative_to(path.resolve().parent))
    event = Event(name=args.name or event_options.name or path.stem, preset=preset_name,
                  pairing="campaign" if args.campaign else "swiss", seed=args.seed,
                  commanders=commanders)
    write_event(path, event)
    load_event(path)  # every list must be readable with the preset
    for commander in commanders:
        if commander.admitted:
            print(f"warning: {shown(commander.name)}'s list is admitted although NOT LEGAL: "
                  f"{printable(commander.admitted)}", file=sys.stderr)
    print(f"wrote {printable(str(path))}: {printable(event.name)}, {plural(len(commanders), 'commander')}"
          f", every list pinned; next: horizon-builder event pair {printable(str(path))}")
    return 0


def _pair(args: argparse.Namespace) -> int:
    from horizon_builder.event.edits import with_next_round
    from horizon_builder.event.report import battle_text

    loaded = read(args.file)
    event = with_next_round(loaded.event, loaded.last_round)
    write_event(loaded.path, event, loaded)
    print(f"Round {len(event.rounds)}:")
    for battle in event.rounds[-1].battles:
        print("  " + battle_text(battle))
    return 0


def _result(args: argparse.Namespace) -> int:
    from horizon_builder.event.edits import describe, with_result
    from horizon_builder.event.report import battle_text

    loaded = read(args.file)
    event = with_result(loaded, args.commander, args.victory_points, args.tie_break,
                        args.destroyed, args.round, correct=args.correct)
    write_event(loaded.path, event, loaded)
    number = args.round or len(event.rounds)
    battle = next(b for b in event.rounds[number - 1].battles if args.commander in b.players)
    if event.corrections != loaded.event.corrections:
        fix = event.corrections[-1]
        print(f"corrected {shown(args.commander)}'s round {number}: was "
              f"{describe(fix.old)}, now {describe(fix.new)}")
    print(f"Round {number}: {battle_text(battle)}")
    return 0


def _accept(args: argparse.Namespace) -> int:
    from horizon_builder.event.edits import with_change_accepted
    from horizon_builder.event.pairing import PairingError
    from horizon_builder.event.register import judge_list, refusal
    from horizon_builder.roster.pin import short_pin

    loaded = read(args.file)
    if args.commander not in loaded.changed():
        raise PairingError(f"{args.commander}'s list has not changed since registration: "
                           "nothing to accept")
    judged = judge_list(loaded.list_path(args.commander), loaded.preset)
    if judged.first_error is not None and not args.admit_illegal:
        raise LoadError([refusal(judged, loaded.preset)])
    write_event(loaded.path, with_change_accepted(loaded, args.commander, judged.pin,
                                                  judged.first_error, judged.roster), loaded)
    print(f"accepted {shown(args.commander)}'s changed list: "
          f"{'LEGAL' if judged.first_error is None else 'admitted although NOT LEGAL'}, "
          f"pinned {short_pin(judged.pin)}")
    return 0


def _refuse(args: argparse.Namespace) -> int:
    from horizon_builder.event.edits import with_change_refused, with_list_restored

    loaded = read(args.file)
    name = args.commander
    if args.restore:
        return _restore(loaded, name, with_list_restored(loaded, name))
    event = with_change_refused(loaded, name)
    write_event(loaded.path, event, loaded)
    commander = event.commander(name)
    hint = ("the list's file is as the player left it (--restore writes the registered "
            "list back)" if commander is not None and commander.registered is not None
            else "put its file back as registered")
    print(f"refused the change to {shown(name)}'s list: the registered list stands; {hint}")
    return 0


def _restore(loaded: LoadedEvent, name: str, event: Event) -> int:
    """Write the registered list back over the list's file, then the event."""
    from horizon_builder.event.io import restore_registered

    target = loaded.list_path(name)
    with written(target, "the registered list back"):
        restore_registered(loaded, name)
    write_event(loaded.path, event)
    backup = target.with_name(target.name + ".bak")
    kept = f" (the file as it was: {printable(str(backup))})" if backup.exists() else ""
    print(f"refused the change to {shown(name)}'s list: wrote the registered list back to "
          f"{printable(str(target))}{kept}")
    return 0


def _drop(args: argparse.Namespace) -> int:
    from horizon_builder.event.edits import with_dropped

    loaded = read(args.file)
    write_event(loaded.path, with_dropped(loaded.event, args.commander), loaded)
    print(f"{shown(args.commander)} dropped out: not paired from the next round; "
          "results kept")
    return 0


def _join(args: argparse.Namespace) -> int:
    from horizon_builder.event.edits import with_entrant
    from horizon_builder.event.register import register

    loaded = read(args.file)
    event = loaded.event
    (commander,) = register([args.list], loaded.path, loaded.preset, event.pairing == "campaign",
                            args.admit_illegal, taken=event.commanders)
    write_event(loaded.path, with_entrant(event, commander, loaded.last_round), loaded)
    print(f"{shown(commander.name)} joined: paired from round {len(event.rounds) + 1}")
    return 0


def _standings(args: argparse.Namespace) -> int:
    from horizon_builder.event.report import render

    if args.final:
        return _final(args)
    return _emit(render(read(args.file), args.format), args.output)


def _final(args: argparse.Namespace) -> int:
    from horizon_builder.event.sheets import final_standings

    if args.format != "text":
        print("error: --final prints text: leave out --format", file=sys.stderr)
        return 2
    return _emit(final_standings(read(args.file)), args.output)


def _sheets(args: argparse.Namespace) -> int:
    from horizon_builder.event.sheets import html_page, results_sheet, slips

    loaded = read(args.file)
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
