"""``horizon-builder campaign new|join|record|correct|accept|refuse|undo|ladder|roster``: linked
battles (OtH p.50), thin over :class:`horizon_builder.campaign.session.CampaignSession`.

Whatever cannot be read, checked or written is ``FILE[:LINE][: KEY]: what is wrong``, exit 2,
with nothing written.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from horizon_builder.text.safetext import printable

FORMATS = ("text", "markdown", "html", "csv")


def _side_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("first", metavar="FIRST", help="the first commander's name")
    parser.add_argument("first_start", metavar="START", help="their starting momentum "
                        "(FP less the Situation's losses, OtH p.51)")
    parser.add_argument("first_left", metavar="LEFT", help="their momentum left at the end")
    parser.add_argument("second", metavar="SECOND", help="the second commander's name")
    parser.add_argument("second_start", metavar="START", help="their starting momentum")
    parser.add_argument("second_left", metavar="LEFT", help="their momentum left at the end")
    for which in ("first", "second"):
        parser.add_argument(f"--{which}-lost", action="append", default=[], metavar="ELEMENT",
                            help=f"an element the {which} commander lost (id or name; "
                            "repeat, or separate with commas)")
        parser.add_argument(f"--{which}-secured", action="append", default=[],
                            metavar="OBJECTIVE", help=f"an objective the {which} commander "
                            "secured (as named in the settings)")
        parser.add_argument(f"--{which}-situation", metavar="N",
                            help=f"the {which} commander's Situation roll (1-12)")
    parser.add_argument("--note", default="", help="a short note on the game")


def add_parser(sub: argparse._SubParsersAction) -> None:
    campaign = sub.add_parser("campaign", help="linked battles: a campaign or league in which "
                              "one battle shapes the next (OtH p.50)")
    actions = campaign.add_subparsers(dest="action", required=True)
    new = actions.add_parser("new", help="start a campaign file (never over a file)")
    new.add_argument("file", metavar="CAMPAIGN", help="the campaign file to write (TOML)")
    new.add_argument("--name", help="the campaign's name (default: the file's)")
    new.add_argument("--preset", help="the layers its verdicts rest on: an event preset "
                     "(horizon-builder presets) or a file")
    join = actions.add_parser("join", help="a commander joins with a list (pinned)")
    join.add_argument("file", metavar="CAMPAIGN", help="the campaign file")
    join.add_argument("list", metavar="LIST", help="the commander's list")
    join.add_argument("--name", help="the commander's name (default: the list's `commander`, "
                      "else its file name)")
    join.add_argument("--new", action="store_true", help="a new player: starts with the "
                      "handicap (+3 by default, OtH p.50)")
    record = actions.add_parser("record", help="record a game, after the others")
    record.add_argument("file", metavar="CAMPAIGN", help="the campaign file")
    _side_options(record)
    correct = actions.add_parser("correct", help="replace a game's record (the old one is kept)")
    correct.add_argument("file", metavar="CAMPAIGN", help="the campaign file")
    correct.add_argument("game", type=int, metavar="GAME", help="the game's number")
    _side_options(correct)
    for verb, text in (("accept", "accept a commander's changed list (pinned anew)"),
                       ("refuse", "refuse a commander's changed list (the pinned one stands)")):
        parser = actions.add_parser(verb, help=text)
        parser.add_argument("file", metavar="CAMPAIGN", help="the campaign file")
        parser.add_argument("commander", help="the commander's name")
    undo = actions.add_parser("undo", help="take back the last change made to the campaign "
                              "(here or on the Campaign screen), while the file is as it left it")
    undo.add_argument("file", metavar="CAMPAIGN", help="the campaign file")
    ladder = actions.add_parser("ladder", help="the ladder and the games in order, with notes")
    ladder.add_argument("file", metavar="CAMPAIGN", help="the campaign file")
    roster = actions.add_parser("roster", help="a commander's list with each element's service "
                                "record and the IR adjustment")
    roster.add_argument("file", metavar="CAMPAIGN", help="the campaign file")
    roster.add_argument("commander", help="the commander's name")
    for parser, formats in ((ladder, FORMATS), (roster, (*FORMATS, "cards"))):
        parser.add_argument("--format", choices=formats, default="text",
                            help="text (default), markdown, html (to print) or csv"
                            + (", or cards (html, one card per element)"
                               if "cards" in formats else ""))
        parser.add_argument("-o", "--output", metavar="OUT", help="write here instead of stdout")
    campaign.set_defaults(func=main)


def _names(values: list[str]) -> list[str]:
    return [part for value in values for part in value.split(",")]


def _entries(args: argparse.Namespace) -> tuple[object, object]:
    from horizon_builder.campaign.session import SideEntry

    return tuple(SideEntry(getattr(args, w), getattr(args, f"{w}_start"), getattr(args, f"{w}_left"),
                           _names(getattr(args, f"{w}_lost")),
                           _names(getattr(args, f"{w}_secured")),
                           getattr(args, f"{w}_situation"))
                 for w in ("first", "second"))  # type: ignore[return-value]


def main(args: argparse.Namespace) -> int:
    from horizon_builder.campaign.errors import CampaignError
    from horizon_builder.campaign.session import CampaignSession

    try:
        if args.action == "new":
            session = CampaignSession.create(args.file, args.name, args.preset)
            print(f"wrote {printable(args.file)}: campaign {printable(session.campaign.name)!r}")
            return 0
        session = CampaignSession.open(args.file)
        for note in session.notes():
            print(f"note: {note}")
        if args.action in ("ladder", "roster"):
            return _report(session, args)
        if args.action == "join":
            change = session.join(args.list, new=args.new, name=args.name)
        elif args.action == "record":
            first, second = _entries(args)
            change = session.record(first, second, args.note)  # type: ignore[arg-type]
        elif args.action == "correct":
            first, second = _entries(args)
            change = session.correct(args.game, first, second, args.note)  # type: ignore[arg-type]
        elif args.action == "accept":
            change = session.accept(args.commander)
        elif args.action == "undo":
            change = session.undo()
        else:
            change = session.refuse(args.commander)
    except CampaignError as exc:
        for line in exc.lines():
            print(f"error: {printable(line)}", file=sys.stderr)
        return 2
    print(printable(change.said))
    for note in change.notes:
        print(f"note: {printable(note)}")
    return 0


def _report(session: object, args: argparse.Namespace) -> int:
    from horizon_builder.campaign.errors import CampaignError
    from horizon_builder.campaign.report import document, render, roster_document
    from horizon_builder.campaign.session import CampaignSession

    assert isinstance(session, CampaignSession)
    if args.action == "roster":
        session.list_path(args.commander)  # CampaignError: no such commander
        if args.commander not in session.loaded.lists:
            raise CampaignError.at(session.path, f"{args.commander}'s list cannot be read")
        if args.format == "cards":
            from horizon_builder.campaign.report import roster_cards

            text = roster_cards(session.loaded, args.commander)
        else:
            text = render(roster_document(session.loaded, args.commander), args.format)
    else:
        text = render(document(session.loaded, table=args.format == "csv"), args.format)
    if args.output:
        from horizon_builder.files.tomlfile import write_text_atomic

        try:
            write_text_atomic(Path(args.output), text)
        except OSError as exc:
            print(f"error: {printable(args.output)}: cannot write: "
                  f"{printable(exc.strerror or str(exc))}", file=sys.stderr)
            return 2
        print(f"wrote {printable(args.output)}")
    else:
        sys.stdout.write(text)
    return 0
