"""``horizon-builder export FILE``: a roster printed or shared, to standard output or a file
(the formats are :mod:`horizon_builder.export`'s)."""

from __future__ import annotations

import argparse
import sys

from horizon_builder.export import render, write_atomic


def export_main(args: argparse.Namespace) -> int:
    """``horizon-builder export FILE --format F [--compact] [-o OUT] [--ruleset FILE]``.

    Exit 0 when written (an illegal roster still exports: the verdict is inside),
    2 when the roster cannot be loaded or the output cannot be written (nothing is written).
    """
    from horizon_builder.checks import validate
    from horizon_builder.files.problems import LoadError
    from horizon_builder.roster.io import load
    from horizon_builder.text.safetext import printable

    try:
        loaded = load(args.file, extra_overrides=list(getattr(args, "ruleset", None) or []),
                      personal=not getattr(args, "no_personal_rules", False))
    except LoadError as exc:
        for problem in exc.problems:  # one line each: a line break in a key must not forge another
            print(f"error: {printable(str(problem))}", file=sys.stderr)
        return 2
    text = render(validate(loaded.roster, loaded.ruleset), args.format, bool(args.compact))
    if not args.output or args.output == "-":
        try:
            sys.stdout.write(text)
        except UnicodeEncodeError:  # a non-UTF-8 terminal: the export is UTF-8 anyway
            sys.stdout.flush()
            sys.stdout.buffer.write(text.encode("utf-8"))
        sys.stdout.flush()
        return 0
    try:
        write_atomic(args.output, text)
    except OSError as exc:
        print(f"error: {printable(args.output)}: cannot write: {printable(exc.strerror or exc)}",
              file=sys.stderr)
        return 2
    return 0
