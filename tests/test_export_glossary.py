"""The printed roster's glossary (issue 24 item 12): every special rule the roster uses, once,
in our own words (the ruleset's summaries: tests/test_no_book_text.py guards them) with its
page, so a player need not open the book mid-game."""

from __future__ import annotations

import json
from pathlib import Path

from helpers_export import write_demo

from horizon_builder.checks import validate
from horizon_builder.export import render
from horizon_builder.export.document import build_document
from horizon_builder.roster.io import load

EXAMPLES = Path(__file__).parent.parent / "examples"


def _report(path: Path):  # type: ignore[no-untyped-def]
    loaded = load(path)
    return validate(loaded.roster, loaded.ruleset)


def test_every_rule_used_is_in_the_glossary_once_with_its_page() -> None:
    """A BioWar brood led by a kaiju Alpha (OtH p.32): its elements' rules and the Alpha's, each
    once, by name, with the ruleset's summary and source; no rule it does not use."""
    report = _report(EXAMPLES / "oth-biowar.toml")
    doc = build_document(report)
    used = {r.id for e in doc.elements for line in (e.base, *e.forms) for r in line.special_rules}
    used |= {r.id for r in doc.command.special_rules}
    names = [entry.name for entry in doc.glossary]
    assert {entry.id for entry in doc.glossary} == used and len(names) == len(set(names))
    assert names == sorted(names, key=str.casefold)
    rs = report.analysis.ruleset
    for entry in doc.glossary:
        assert (entry.summary, entry.source) == (rs.special_rules[entry.id].summary,
                                                 rs.special_rules[entry.id].source)
    vanguard = next(e for e in doc.glossary if e.id == "vanguard")
    assert vanguard.source == "OtH p.20"
    assert "stealth" not in used  # a rule no element has is not printed


def test_text_markdown_and_html_print_the_glossary() -> None:
    report = _report(EXAMPLES / "oth-biowar.toml")
    text = render(report, "text")
    assert "\nSPECIAL RULES\n" in text
    assert "Vanguard [OtH p.20]: cannot make Recover actions" in text
    assert "Alpha [OtH p.32]: " in text
    markdown = render(report, "markdown")
    assert "## Special rules" in markdown
    assert "- **Vanguard** [OtH p.20]: cannot make Recover actions" in markdown
    html = render(report, "html")
    assert '<section class="glossary"><h2>Special rules</h2>' in html
    assert "<li><strong>Vanguard</strong> [OtH p.20]: cannot make Recover actions</li>" in html
    data = json.loads(render(report, "json"))
    assert any(entry["id"] == "vanguard" for entry in data["glossary"])


def test_a_metaformers_forms_bring_their_rules(tmp_path: Path) -> None:
    """A metaformer's forms (OtH p.19-20) bring their own rules to the glossary; a rule from a
    house layer is printed with what that layer says, escaped in HTML."""
    report = _report(write_demo(tmp_path))
    doc = build_document(report)
    forms = {r.id for e in doc.elements for line in e.forms for r in line.special_rules}
    assert forms and forms <= {entry.id for entry in doc.glossary}
    assert "<script>" not in render(report, "html").split('class="glossary"')[1]
