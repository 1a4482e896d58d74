"""The export document and the JSON export, against the slower ways they were first made.

Exports of large rosters take quick roads (pydantic's serializer for the JSON text, a
document built without validation, wrapping and escaping that skip what needs no work);
these tests pin that each gives what the plain road gives.
"""

from __future__ import annotations

import html
import json
import re
import textwrap
from pathlib import Path

import pytest
from helpers_export import XSS, write_demo
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import BaseModel

from horizon_builder.checks import validate
from horizon_builder.engine.validator import Report
from horizon_builder.export import build_document, render
from horizon_builder.export.html import h
from horizon_builder.export.markdown import md_escape
from horizon_builder.export.models import ExportDocument
from horizon_builder.export.text import WIDTH, _wrap
from horizon_builder.roster.io import load
from horizon_builder.text.safetext import json_safe, printable

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = [ROOT / "examples/tournament-task-force.toml", ROOT / "examples/oth-metaformers.toml",
            ROOT / "examples/oth-strategic-assets-needs-fixing.toml"]


def _reports(tmp_path: Path) -> list[Report]:
    paths = [*EXAMPLES, write_demo(tmp_path, XSS + " Ünï — ✅ \"q\" \\ /")]
    return [validate(loaded.roster, loaded.ruleset) for loaded in map(load, paths)]


@pytest.mark.parametrize("compact", [False, True])
def test_json_export_is_json_dumps_of_the_document(tmp_path: Path, compact: bool) -> None:
    for report in _reports(tmp_path):
        data = build_document(report).model_dump(mode="json")
        if compact:
            text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
        else:
            text = json.dumps(data, ensure_ascii=False, indent=2)
        assert render(report, "json", compact) == json_safe(text) + "\n"


def _models(value: object) -> list[BaseModel]:
    """Every model in a document, nested ones included."""
    if isinstance(value, BaseModel):
        return [value, *(m for v in value.__dict__.values() for m in _models(v))]
    if isinstance(value, list | tuple):
        return [m for v in value for m in _models(v)]
    if isinstance(value, dict):
        return [m for v in value.values() for m in _models(v)]
    return []


def test_document_built_without_validation_is_what_validation_builds(tmp_path: Path) -> None:
    """build_document skips validation (ExportModel.make): every field must be there, of its
    type exactly (strict: no 3.0 for 3, no "1" for 1), and nothing shared with the report."""
    for report in _reports(tmp_path):
        doc = build_document(report)
        models = _models(doc)
        assert len(models) > 10
        for model in models:
            assert set(model.__dict__) == set(type(model).model_fields), type(model).__name__
        assert ExportDocument.model_validate(doc.model_dump(), strict=True) == doc
        assert ExportDocument.model_validate_json(doc.model_dump_json(), strict=True) == doc


@settings(max_examples=400, deadline=None)
@given(text=st.text(st.sampled_from("ab é-·\xa0\t\n"), max_size=240)
       | st.lists(st.sampled_from(["a", "a" * 90, " ", "  ", "b-c", "é"]), max_size=60).map("".join),
       lead=st.sampled_from([("  ", None), ("", "  "), ("  ", " " * 10), ("    ", None), ("", "")]))
def test_text_wrap_is_textwrap(text: str, lead: tuple[str, str | None]) -> None:
    indent, hang = lead
    expected = textwrap.wrap(text, WIDTH, initial_indent=indent,
                             subsequent_indent=indent + "  " if hang is None else hang,
                             break_on_hyphens=False, break_long_words=False) or [indent.rstrip()]
    assert _wrap(text, indent, hang) == expected


ESCAPED = st.text(st.sampled_from("ab1 .-()\\`*_[]<>#|~&!'\"\t\n\xa0\x1b\u202e\u2028\x85é"), max_size=40)


@given(text=ESCAPED, line_start=st.booleans())
def test_md_escape_leaves_alone_only_what_it_would_not_change(text: str, line_start: bool) -> None:
    inline = re.sub(r"([\\`*_{}\[\]<>#|~&!])", r"\\\1", " ".join(text.split()))
    # a line's start: "-", "+", "=" escaped before, an ordered list's "1." or "1)" after the
    # digits (a backslash before a digit would show, issue 36 item 6)
    block = re.sub(r"^(\s*\d{1,9})([.)])", r"\1\\\2", re.sub(r"^(\s*)([-+=])", r"\1\\\2", inline))
    expected = block if line_start else inline
    assert md_escape(text, line_start) == expected


@given(text=ESCAPED)
def test_html_escape_leaves_alone_only_what_it_would_not_change(text: str) -> None:
    assert h(text) == html.escape(printable(text, multiline=True), quote=True)
