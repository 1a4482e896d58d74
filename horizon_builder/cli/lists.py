"""``share``, ``import`` and ``diff``: lists leave the terminal and come back.

- ``share FILE``: the list's share code, one line to paste in a chat;
- ``import CODE|FILE [-o OUT] [--force]``: a roster file from a share code, the JSON export,
  a text holding a code (the markdown export) or a roster; never writes over a file
  without ``--force``, and writes atomically;
- ``diff A B``: what changed between two versions of a list (files or codes).

Exit statuses as ``check``: 0 done (diff: the same list), 1 (diff) the lists differ,
2 a source or output cannot be used (nothing is written).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from horizon_builder.files.problems import LoadError
from horizon_builder.text.safetext import printable

if TYPE_CHECKING:
    from horizon_builder.roster.models import Roster

SOURCE_HELP = ("a share code, or a file: a roster (.toml), the JSON export, or a text "
               "holding a share code (the markdown export)")


def _errors(exc: LoadError) -> int:
    for problem in exc.problems:
        print(f"error: {printable(str(problem))}", file=sys.stderr)
    return 2


def share_main(args: argparse.Namespace) -> int:
    from horizon_builder.roster.sharecode import encode
    from horizon_builder.roster.sources import roster_from

    try:
        roster, _kind = roster_from(args.file)
    except LoadError as exc:
        return _errors(exc)
    print(encode(roster))
    return 0


def _default_output(name: str) -> Path:
    from horizon_builder.files.names import file_stem

    return Path(file_stem(name) + ".toml")


def import_main(args: argparse.Namespace) -> int:
    from horizon_builder.files.tomledit import update_text
    from horizon_builder.files.tomlfile import write_text_atomic
    from horizon_builder.roster.io import roster_to_data
    from horizon_builder.roster.pin import pin, short_pin
    from horizon_builder.roster.sources import roster_from

    try:
        roster, kind = roster_from(args.source)
    except LoadError as exc:
        return _errors(exc)
    text = update_text(None, roster_to_data(roster), None)
    if args.output == "-":
        sys.stdout.write(text)
        return 0
    out = Path(args.output) if args.output else _default_output(roster.name)
    try:
        exists = out.exists() or out.is_symlink()
        folder = out.is_dir()
    except (OSError, ValueError) as exc:
        print(f"error: {printable(out)}: cannot be used: {printable(exc)}", file=sys.stderr)
        return 2
    if folder:
        print(f"error: {printable(out)} is a folder: give a file name with -o", file=sys.stderr)
        return 2
    if exists and not args.force:
        print(f"error: {printable(out)} already exists: nothing written (--force replaces it, "
              "keeping the old file as .bak; or choose another name with -o)", file=sys.stderr)
        return 2
    try:
        write_text_atomic(out, text, keep_backup=exists)
    except OSError as exc:
        print(f"error: {printable(out)}: cannot write: {printable(exc.strerror or exc)}",
              file=sys.stderr)
        return 2
    print(f"wrote {printable(out)}: {printable(roster.name)} ({roster.kind.replace('_', ' ')}, "
          f"{_elements(roster)}) from the {kind}, pin {short_pin(pin(roster))}")
    if roster.overrides:
        print(f"note: it names a house rules file ({printable(roster.overrides)}) that is not "
              "carried with it: put that file beside it, or check it without", file=sys.stderr)
    return 0


def _elements(roster: Roster) -> str:
    """"7 elements + 1 asset": a strategic asset is no element (OtH p.36); told by the shipped
    rules (a type only house rules know, which do not come with a list, counts as an element)."""
    from horizon_builder.engine.totals import elements_said
    from horizon_builder.rules.loader import load_ruleset

    types = load_ruleset().element_types
    return elements_said(types.get(element.type) for element in roster.elements)


def diff_main(args: argparse.Namespace) -> int:
    from horizon_builder.checks import validate
    from horizon_builder.engine.diff import diff_reports, diff_text
    from horizon_builder.roster.sources import load_any

    loaded = []
    for source in (args.before, args.after):
        try:
            loaded.append(load_any(source, extra_overrides=list(args.ruleset),
                                   personal=not args.no_personal_rules))
        except LoadError as exc:
            return _errors(exc)
    reports = [validate(item.roster, item.ruleset) for item in loaded]
    diff = diff_reports(*reports)
    print(diff_text(diff, _label(args.before), _label(args.after)))
    return 0 if diff.same else 1


def _label(source: str) -> str:
    from horizon_builder.roster.sharecode import looks_like_code
    from horizon_builder.roster.sources import is_file

    return "share code" if looks_like_code(source) and not is_file(Path(source)) else source


def add_parsers(sub: Any, name: str | None = None) -> None:
    """Add ``share``, ``import`` and ``diff`` (or only ``name``) to the subcommands."""
    if name in (None, "share"):
        share = sub.add_parser("share", help="print a list's share code: one line to paste in a chat")
        share.add_argument("file", metavar="FILE", help="the roster (or JSON export) to share")
        share.set_defaults(func=share_main)
    if name in (None, "import"):
        imp = sub.add_parser("import", help="write a roster file from a share code, the JSON "
                             "export or a text holding a code")
        imp.add_argument("source", metavar="SOURCE", help=SOURCE_HELP)
        imp.add_argument("-o", "--output", metavar="OUT",
                         help="the roster file to write (default: named after the list, here; "
                         "- prints it)")
        imp.add_argument("--force", action="store_true",
                         help="replace OUT if it exists (the old file is kept as .bak)")
        imp.set_defaults(func=import_main)
    if name in (None, "diff"):
        from horizon_builder.cli.helptext import RULESET_HELP

        diff = sub.add_parser("diff", help="what changed between two versions of a list "
                              "(files or share codes): exit 0 same, 1 different")
        diff.add_argument("before", metavar="A", help=SOURCE_HELP)
        diff.add_argument("after", metavar="B", help="the other version (the same kinds)")
        diff.add_argument("--ruleset", action="append", default=[], metavar="FILE", help=RULESET_HELP)
        diff.add_argument("--no-personal-rules", action="store_true",
                          help="leave out your rulebook (values you entered; see `rules`)")
        diff.set_defaults(func=diff_main)
