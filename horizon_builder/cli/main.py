"""Command line: ``horizon-builder [FILE]`` opens the app; ``check``, ``schema`` and friends run headless."""

from __future__ import annotations

import argparse
import contextlib
import os
import shutil
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from horizon_builder import __version__
from horizon_builder.cli.helptext import RULESET_HELP
from horizon_builder.cli.streams import ClosedStdout, GuardedStdout, SafeStream, StdoutFailed, quiet_stdout
from horizon_builder.files.problems import LoadError
from horizon_builder.text.safetext import printable
from horizon_builder.text.words import plural

if TYPE_CHECKING:
    from horizon_builder.roster.listfiles import Found

SUBCOMMANDS = ("check", "schema", "export", "examples", "adventure", "presets", "event", "rules",
               "completion", "share", "import", "diff", "serve", "campaign")
#: How to open the app, shown by ``--help`` (the subcommands are listed above it).
OPEN_THE_APP = """\
open the app:
  horizon-builder                          the app, with a new roster
  horizon-builder ROSTER.toml              the app on ROSTER.toml (created on save if new)
  horizon-builder --event PRESET FOLDER    the organiser's screen on a folder of lists
  horizon-builder --tournament EVENT.toml  the event screen (pairings, results, standings)
  horizon-builder --campaign FILE.toml     the Campaign screen (ladder, games, IR adjustments)
  horizon-builder LIST --campaign FILE     a commander's list as the campaign plays it
  horizon-builder serve [FILE]             the app in a web browser (see serve --help)
  python -m horizon_builder ...            the same, without the script on PATH
options of the app: --ruleset FILE (house rules), --no-personal-rules (leave out your
rulebook). Shell completion: horizon-builder completion bash|zsh|fish|powershell.
"""


def _check(args: argparse.Namespace) -> int:
    if args.event is not None:
        return _check_event(args)
    if args.format == "csv":
        print("error: --format csv is the organiser's table: use it with --event PRESET",
              file=sys.stderr)
        return 2
    from horizon_builder.checks import validate
    from horizon_builder.export.check import json_report, text_report
    from horizon_builder.roster.io import load
    from horizon_builder.roster.listfiles import find_lists

    status = 0
    results = []
    texts = []
    if args.files.count("-") > 1:
        print("error: - (standard input) is named more than once: it holds one roster",
              file=sys.stderr)
        return 2
    found = find_lists(args.files)
    if not _said(found):
        return 2
    if found.empty:
        status = 2
    for path, _shown in found.lists:
        name, raw = str(path), None
        if name == "-":  # one roster from standard input, named <stdin> in messages
            name = STDIN_NAME
        try:
            if name == STDIN_NAME:
                raw = _read_stdin()
            loaded = load(name, extra_overrides=args.ruleset,
                          personal=not args.no_personal_rules, raw=raw)
        except LoadError as exc:
            status = 2
            for problem in exc.problems:
                print(f"error: {printable(str(problem))}", file=sys.stderr)
            results.append({"path": name, "legal": False, "load_errors": [str(p) for p in exc.problems]})
            continue
        for problem in loaded.personal_problems:
            print(f"warning: your rulebook is left out: {printable(str(problem))}",
                  file=sys.stderr)
        report = validate(loaded.roster, loaded.ruleset)
        if not report.legal and status == 0:
            status = 1
        results.append(json_report(name, report))
        texts.append(text_report(name, report))
    if args.format == "json":
        import json

        print(json.dumps(results, indent=2))
    else:
        print("\n\n".join(texts))
    return status


#: How messages name a roster read from standard input (``check -``); its ``overrides`` is
#: relative to the current folder.
STDIN_NAME = "<stdin>"


def _read_stdin() -> bytes:
    """Standard input's bytes, within the same size limit as a file (LoadError past it)."""
    from horizon_builder.files.tomlfile import MAX_FILE_BYTES

    raw = sys.stdin.buffer.read(MAX_FILE_BYTES + 1)
    if len(raw) > MAX_FILE_BYTES:
        raise LoadError.single(STDIN_NAME, f"is too large (over {MAX_FILE_BYTES // (1024 * 1024)} "
                               "MB): not read")
    return raw


def _check_event(args: argparse.Namespace) -> int:
    """The organiser's batch check (OtH p.45-48): one row per list, judged by the preset."""
    from horizon_builder.event import batch
    from horizon_builder.export.check import json_report
    from horizon_builder.files.resources import find_preset
    from horizon_builder.roster.listfiles import find_lists

    if "-" in args.files:
        print("error: - (standard input) is one roster: --event judges the lists of files and "
              "folders (name them)", file=sys.stderr)
        return 2
    preset = find_preset(args.event)
    try:
        event = batch.read_preset(preset)
    except LoadError as exc:
        for problem in exc.problems:
            print(f"error: {printable(str(problem))}", file=sys.stderr)
        return 2
    found = find_lists(args.files)
    if not _said(found):
        return 2
    judged = batch.judge_files(found.lists, preset, args.ruleset,
                               personal=False if args.no_personal_rules else None,
                               as_json=json_report)
    rows = [row for row, _ in judged]
    if args.format == "json":
        print(batch.table_json([result for _, result in judged]))
    elif args.format == "csv":
        print(batch.table_csv(rows), end="")
    else:
        width = shutil.get_terminal_size().columns if sys.stdout.isatty() else None
        print(batch.table_text(rows, event, preset, width))
    for name, lists in batch.shared_commanders(judged):
        print(f"warning: {printable(repr(name))} is the commander of {plural(len(lists), 'list')} "
              f"({', '.join(printable(f) for f in lists)}): event new takes one list per "
              "commander (set `commander` in the others)", file=sys.stderr)
    return 2 if found.empty else batch.exit_status(rows)


def _said(found: Found) -> bool:
    """Say the rules files left out (notes) and each folder with no list (errors) on stderr;
    False: there is no list to judge at all (exit 2)."""
    for line in found.notes():
        print(f"note: {printable(line)}", file=sys.stderr)
    for line in found.empty_lines():
        print(f"error: {printable(line)}", file=sys.stderr)
    if not found.lists and not found.empty:
        print("error: no lists among the files named (only rules files)", file=sys.stderr)
    return bool(found.lists)


def _presets(args: argparse.Namespace) -> int:
    from horizon_builder.event.batch import read_preset
    from horizon_builder.files.resources import event_presets

    for path in event_presets():
        try:
            event = read_preset(path)
        except LoadError as exc:
            print(f"{path.stem}: cannot be read: {exc.problems[0]}")
            continue
        extras = [f"FC {event.force_cost}", plural(event.rounds or 3, "round")]
        extras += [f"table {event.table}"] if event.table else []
        extras += ["house rules allowed"] if event.house_rules_allowed else []
        print(f"{path.stem:16} {event.name or ''}: {', '.join(extras)}\n{'':16} {path}")
    return 0


def _schema(args: argparse.Namespace) -> int:
    import json

    from horizon_builder.roster.schema import roster_schema, ruleset_schema

    if getattr(args, "export_schema", False):
        from horizon_builder.export import export_schema

        print(json.dumps(export_schema(), indent=2))
        return 0
    print(json.dumps(ruleset_schema() if args.ruleset_schema else roster_schema(), indent=2))
    return 0


def _examples(args: argparse.Namespace) -> int:
    from horizon_builder.files.resources import example_rosters

    for path in example_rosters():
        print(path)
    return 0


def _export(args: argparse.Namespace) -> int:
    from horizon_builder.cli.export import export_main

    return export_main(args)


def _adventure(args: argparse.Namespace) -> int:
    from horizon_builder.cli.adventure import adventure_main

    if args.campaign:  # linked battles: the commander's IR adjustment (OtH p.50)
        from horizon_builder.campaign.session import adjuster

        return adventure_main(args, adjuster(args.campaign, args.commander))
    return adventure_main(args)


#: The shells ``completion`` writes a script for (shtab's; PowerShell from shtab 1.12).
COMPLETION_SHELLS = ("bash", "zsh", "fish", "powershell")


def _completion(args: argparse.Namespace) -> int:
    import shtab

    parser = build_parser()
    _complete_files(parser, shtab.FILE)
    print(shtab.complete(parser, args.shell))
    return 0


#: Positional arguments that name files or folders: completed as paths by the shell.
_PATH_METAVARS = ("FILE", "PATH", "EVENT", "LIST", "OUT", "SOURCE", "A", "B")


def _complete_files(parser: argparse.ArgumentParser, how: Any) -> None:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for child in action.choices.values():
                _complete_files(child, how)
        elif action.metavar in _PATH_METAVARS:
            action.complete = how  # type: ignore[attr-defined]


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The whole command line; with ``only`` (a subcommand), just that subcommand's parser
    under the top-level one: a command builds only what it parses (start-up, issue 13)."""
    parser = argparse.ArgumentParser(
        prog="horizon-builder",
        usage="horizon-builder [FILE] [--ruleset FILE] [--event PRESET] [--tournament EVENT]\n"
        "       horizon-builder COMMAND ...",
        description="Build, check and print Horizon Wars battlegroups and Task Forces. "
        "With no command, opens the app (on FILE if given).",
        epilog=OPEN_THE_APP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"horizon-builder {__version__}")
    # prog: each subcommand's usage and error lines name it alone ("horizon-builder check"),
    # not the whole top-level usage (argparse's default when the top level has its own usage)
    sub = parser.add_subparsers(dest="command", prog="horizon-builder")
    for name, add in _SUBPARSERS.items():
        if only is None or only == name:
            add(sub)
    return parser


def _add_check(sub: Any) -> None:
    check = sub.add_parser("check", help="validate roster files and report totals and findings")
    check.add_argument("files", nargs="+", metavar="PATH",
                       help="roster files, or folders searched for *.toml; - reads one roster "
                       "(TOML or the JSON export) from standard input")
    check.add_argument("--format", choices=("text", "json", "csv"), default="text",
                       help="csv: the organiser's table (with --event)")
    check.add_argument("--event", metavar="PRESET",
                       help="judge every list against an event preset (a shipped one by name: "
                       "see `horizon-builder presets`, or a file) and print one row per list")
    check.add_argument("--no-personal-rules", action="store_true",
                       help="leave out your rulebook (values you entered; see `rules`)")
    check.add_argument("--ruleset", action="append", default=[], metavar="FILE",
                       help=RULESET_HELP)
    check.set_defaults(func=_check)


def _add_schema(sub: Any) -> None:
    schema = sub.add_parser("schema", help="print the JSON Schema of the roster file format")
    schema.add_argument("--ruleset", dest="ruleset_schema", action="store_true",
                        help="print the ruleset file schema instead")
    schema.add_argument("--export", dest="export_schema", action="store_true",
                        help="print the schema of the JSON export document instead")
    schema.set_defaults(func=_schema)


def _add_presets(sub: Any) -> None:
    presets = sub.add_parser("presets", help="list the event presets shipped with the app")
    presets.set_defaults(func=_presets)


def _add_event(sub: Any) -> None:
    from horizon_builder.cli.event import add_parser

    add_parser(sub)


def _add_campaign(sub: Any) -> None:
    from horizon_builder.cli.campaign import add_parser

    add_parser(sub)


def _add_rules(sub: Any) -> None:
    from horizon_builder.cli.rules import add_parser

    add_parser(sub)


def _add_examples(sub: Any) -> None:
    examples = sub.add_parser("examples", help="list the example rosters shipped with the app")
    examples.set_defaults(func=_examples)


def _add_export(sub: Any) -> None:
    export = sub.add_parser("export", help="export a roster as text, markdown, html (a list or "
                            "cards) or json")
    export.add_argument("file", metavar="FILE", help="the roster file to export")
    export.add_argument("--format", choices=("text", "markdown", "html", "cards", "json"),
                        default="text",
                        help="text for print (default), markdown for forums, html (a list), "
                        "cards (html, one card per element, several to a page), or json "
                        "(the roster and its totals; loads back as a roster)")
    export.add_argument("--compact", action="store_true", help="one line per element")
    export.add_argument("-o", "--output", metavar="OUT", help="write here instead of stdout")
    export.add_argument("--ruleset", action="append", default=[], metavar="FILE", help=RULESET_HELP)
    export.add_argument("--no-personal-rules", action="store_true",
                        help="leave out your rulebook (values you entered; see `rules`)")
    export.set_defaults(func=_export)


def _add_adventure(sub: Any) -> None:
    adventure = sub.add_parser("adventure", help="New Adventures set-up for a roster (OtH p.49-54)")
    adventure.add_argument("file", metavar="FILE", help="the roster file")
    adventure.add_argument("--situation", type=int, required=True, metavar="N",
                           help="Situation roll, 1-12 (12: pick; show every row)")
    adventure.add_argument("--action", type=int, metavar="N", help="Action roll, 1-12")
    adventure.add_argument("--purpose", type=int, metavar="N", help="Purpose roll, 1-12")
    adventure.add_argument("--lost", action="append", metavar="NAME|P",
                           help="an element you removed for the Situation's loss (repeat for "
                           "each), or the FP removed as a number (at least the loss): the "
                           "allowances, momentum and margin from the force that remains")
    adventure.add_argument("--momentum-left", type=int, metavar="N",
                           help="momentum left at the end: prints the outcome (a winner's "
                           "margin of victory; on 0 or less, not won)")
    adventure.add_argument("--opponent-momentum-left", type=int, metavar="N",
                           help="the opponent's momentum left: tells victory, defeat, stalemate")
    adventure.add_argument("--campaign", metavar="CAMPAIGN", help="a campaign file: add the "
                           "commander's IR adjustment (handicap and bonuses, OtH p.50)")
    adventure.add_argument("--commander", metavar="NAME", help="with --campaign: the commander "
                           "(default: the list's `commander`, else its file name)")
    adventure.add_argument("--ruleset", action="append", default=[], metavar="FILE", help=RULESET_HELP)
    adventure.set_defaults(func=_adventure)


def _add_serve(sub: Any) -> None:
    from horizon_builder.cli.serve import add_parser

    add_parser(sub)


def _add_completion(sub: Any) -> None:
    completion = sub.add_parser("completion", help="print the shell completion script (bash, zsh, "
                                "fish or powershell); see the user guide, docs/player.md, for "
                                "where to put it")
    completion.add_argument("shell", choices=COMPLETION_SHELLS, help="your shell")
    completion.set_defaults(func=_completion)


def _add_lists(name: str) -> Callable[[Any], None]:
    def add(sub: Any) -> None:
        from horizon_builder.cli.lists import add_parsers

        add_parsers(sub, name)

    return add


#: Each subcommand's parser, in the order ``--help`` lists them.
_SUBPARSERS: dict[str, Callable[[Any], None]] = {
    "check": _add_check, "schema": _add_schema, "presets": _add_presets, "event": _add_event,
    "campaign": _add_campaign,
    "rules": _add_rules, "examples": _add_examples, "export": _add_export,
    "adventure": _add_adventure, "share": _add_lists("share"), "import": _add_lists("import"),
    "diff": _add_lists("diff"), "serve": _add_serve, "completion": _add_completion,
}


#: Exit statuses: 0 legal / done, 1 illegal list, 2 a file cannot be used, 3 a bug of ours.
EXIT_INTERNAL = 3
#: The reader of our output went away (``check ... | head``): what a shell reports for SIGPIPE.
EXIT_BROKEN_PIPE = 141


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; never lets a traceback reach the user.

    A closed pipe ends quietly; any error we did not foresee prints one short
    message asking for a report (set ``HORIZON_BUILDER_DEBUG=1`` for the traceback)
    and exits with status 3, never 1, which means "illegal list".
    """
    real_stderr = sys.stderr
    sys.stderr = SafeStream(real_stderr)
    try:
        return _main(argv)
    except BrokenPipeError:
        quiet_stdout()
        return EXIT_BROKEN_PIPE
    except KeyboardInterrupt:
        return 130
    except Exception as exc:  # a bug of ours: a short message, not a traceback
        if os.environ.get("HORIZON_BUILDER_DEBUG"):
            raise
        with contextlib.suppress(Exception):  # the last word: it never fails itself
            print(f"internal error: {type(exc).__name__}: {printable(str(exc))[:300]}\n"
                  f"This is a bug in horizon-builder {__version__}: please report it with the "
                  "command and the file that caused it (HORIZON_BUILDER_DEBUG=1 shows the details).",
                  file=sys.stderr)
        return EXIT_INTERNAL
    finally:
        sys.stderr = real_stderr


def _mistyped_command(word: str) -> str | None:
    """The command a bare word (no .toml, no folder, no such file) most likely meant, or None."""
    if word.startswith("-") or word.lower().endswith(".toml") or "/" in word or os.sep in word \
            or (os.altsep and os.altsep in word) or Path(word).exists():
        return None
    import difflib

    close = difflib.get_close_matches(word.lower(), SUBCOMMANDS, n=1, cutoff=0.6)
    return close[0] if close else None


def _run_command(argv: list[str]) -> int:
    """A subcommand (or --help, --version), its standard output guarded: a full disk or an I/O
    error there is said as ``-o`` says it of a file (exit 2), not taken for a bug of ours."""
    real_stdout = sys.stdout
    sys.stdout = GuardedStdout(ClosedStdout() if real_stdout is None else real_stdout)
    try:
        try:
            args = build_parser(argv[0] if argv[0] in SUBCOMMANDS else None).parse_args(argv)
            status = int(args.func(args))
        except SystemExit as exc:  # --help, --version, a usage error: printed, then flushed
            sys.stdout.flush()
            raise exc from None
        sys.stdout.flush()  # what is still buffered is written now, its error said here
        return status
    except StdoutFailed as failed:
        quiet_stdout()
        reason = failed.error.strerror or failed.error
        print(f"error: standard output: cannot write: {printable(reason)}", file=sys.stderr)
        return 2
    finally:
        sys.stdout = real_stdout


def _main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if (argv and argv[0] in SUBCOMMANDS) or any(a in ("-h", "--help", "--version") for a in argv[:1]):
        return _run_command(argv)
    mistyped = _mistyped_command(argv[0]) if argv else None
    if mistyped:
        print(f"horizon-builder: error: unknown command {argv[0]!r}: did you mean {mistyped}?\n"
              f"(to open a roster file of that name, write it with .toml: {argv[0]}.toml)",
              file=sys.stderr)
        return 2
    app_parser = argparse.ArgumentParser(prog="horizon-builder",
                                         description="Open the horizon-builder app.")
    app_parser.add_argument("file", nargs="?", metavar="FILE",
                            help="roster to open (or create); with --event, a folder of lists")
    app_parser.add_argument("--ruleset", action="append", default=[], metavar="FILE", help=RULESET_HELP)
    app_parser.add_argument("--event", metavar="PRESET",
                            help="open the organiser's screen: every list in the FILE folder "
                            "judged against this event preset")
    app_parser.add_argument("--no-personal-rules", action="store_true",
                            help="leave out your rulebook (values you entered; see `rules`)")
    app_parser.add_argument("--tournament", metavar="EVENT",
                            help="open the event screen on an event file (pairings, results, "
                            "standings)")
    app_parser.add_argument("--campaign", metavar="CAMPAIGN",
                            help="open the Campaign screen on a campaign file (ladder, games, "
                            "IR adjustments); with FILE, open that commander's list as the "
                            "campaign plays it (IR with the adjustment, service records)")
    args = app_parser.parse_args(argv)
    from horizon_builder.files.served import served_root

    if served_root() is not None:  # a visitor's app, started by serve
        from horizon_builder.cli.serve import keep_visitor_apart

        keep_visitor_apart()
    if args.no_personal_rules:
        from horizon_builder.rules.personal import ENV_OFF

        os.environ[ENV_OFF] = "1"
    if not (args.event or args.tournament or args.campaign):
        from horizon_builder.tui.roster.firstview import prepare

        # before Textual is imported: see firstview.py
        prepare(Path(args.file) if args.file else None, args.ruleset)
    from horizon_builder.tui.app import run_app

    start: tuple[str, Path, Path | None] | None = None
    if args.event:
        from horizon_builder.files.resources import find_preset

        start = ("organiser", Path(args.file or "."), find_preset(args.event))
    elif args.tournament:
        start = ("event", Path(args.tournament), None)
    elif args.campaign:
        start = ("played" if args.file else "campaign", Path(args.campaign), None)
    return run_app(Path(args.file) if args.file else None, overrides=args.ruleset, start=start)
