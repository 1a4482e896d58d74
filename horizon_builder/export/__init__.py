"""Printed and shared rosters: text, markdown, html (a list, or cards) and json exports.

Every format renders one :class:`~horizon_builder.export.document.ExportDocument`
built from a validation report, so they all say the same thing. No Textual here:
the app's preview screen (``tui/screens/export.py``) calls :func:`render` and
:func:`write_atomic`.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from horizon_builder.engine.gcpause import gc_paused

if TYPE_CHECKING:
    import argparse

    from horizon_builder.engine.validator import Report
    from horizon_builder.export.document import build_document, export_schema
    from horizon_builder.export.models import ExportDocument


def __getattr__(name: str) -> Any:
    """The document and its models on first use: ``check`` imports this package (for
    export.check) and renders no document, and building the models takes time."""
    if name in ("build_document", "export_schema"):
        from horizon_builder.export import document

        return getattr(document, name)
    if name == "ExportDocument":
        from horizon_builder.export.models import ExportDocument

        return ExportDocument
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


Format = Literal["text", "markdown", "html", "cards", "json"]
#: "cards": the HTML card layout, one card per element (export/cards.py).
FORMATS: tuple[Format, ...] = ("text", "markdown", "html", "cards", "json")
SUFFIXES: dict[str, str] = {"text": ".txt", "markdown": ".md", "html": ".html", "cards": ".html",
                            "json": ".json"}

__all__ = [
    "FORMATS",
    "SUFFIXES",
    "ExportDocument",
    "build_document",
    "export_main",
    "export_schema",
    "render",
    "render_document",
    "write_atomic",
]


def render_document(doc: ExportDocument, fmt: str, compact: bool = False) -> str:
    """Render an export document in one format."""
    if fmt == "text":
        from horizon_builder.export.text import render_text

        return render_text(doc, compact)
    if fmt == "markdown":
        from horizon_builder.export.markdown import render_markdown

        return render_markdown(doc, compact)
    if fmt == "html":
        from horizon_builder.export.html import render_html

        return render_html(doc, compact)
    if fmt == "cards":
        from horizon_builder.export.cards import render_cards

        return render_cards(doc, compact)
    if fmt == "json":
        from horizon_builder.text.safetext import json_safe

        # pydantic's serializer writes what json.dumps(..., ensure_ascii=False) writes of
        # model_dump(mode="json") (same separators, escapes and key order) without building
        # the intermediate dicts, and indented without the json module's Python-level encoder.
        return json_safe(doc.model_dump_json(indent=None if compact else 2)) + "\n"
    raise ValueError(f"unknown export format {fmt!r} (known: {', '.join(FORMATS)})")


def render(report: Report, fmt: str, compact: bool = False) -> str:
    """Render a validation report's roster in one format."""
    from horizon_builder.export.document import build_document

    with gc_paused():
        return render_document(build_document(report), fmt, compact)


def write_atomic(path: str | Path, text: str) -> Path:
    """Write an export without ever leaving a half-written file."""
    from horizon_builder.files.tomlfile import write_text_atomic

    return write_text_atomic(path, text)


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
