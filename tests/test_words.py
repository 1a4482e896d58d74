"""Counts and articles (issue 24 item 11): one helper, horizon_builder.text.words, used wherever
such words are built: "an Airship", "1 round paired", a kaiju Alpha shown as Alpha."""

from __future__ import annotations

from pathlib import Path

import pytest
from builders import check, element, roster

from horizon_builder.export import render
from horizon_builder.roster.io import load
from horizon_builder.text.words import article, noun, plural, plural_of, with_article
from horizon_builder.tui.roster.rows import report_rows

EXAMPLES = Path(__file__).parent.parent / "examples"


@pytest.mark.parametrize(("n", "word", "said"), [
    (1, "round", "1 round"), (2, "round", "2 rounds"), (0, "round", "0 rounds"),
    (2, "gribbly", "2 gribblies"), (3, "aircraft", "3 aircraft"), (2, "stat point", "2 stat points"),
    (2, "box", "2 boxes"), (1, "more pt", "1 more pt"), (2, "CR", "2 CR"),
    (2, "battery", "2 batteries"), (2, "day", "2 days"),
])
def test_a_count_takes_the_right_form(n: int, word: str, said: str) -> None:
    assert plural(n, word) == said
    assert noun(n, word) == said.split(" ", 1)[1]


def test_an_irregular_plural_can_be_given() -> None:
    assert plural(2, "gun-beast") == "2 gun-beasts" and plural(2, "kaiju") == "2 kaiju"
    assert plural(2, "mouse", "mice") == "2 mice" and plural_of("Hivemind") == "Hiveminds"


@pytest.mark.parametrize(("word", "said"), [
    ("Airship", "an Airship"), ("Armoured Artillery", "an Armoured Artillery"),
    ("Alpha", "an Alpha"), ("Infantry", "an Infantry"), ("AI Command (AIC)", "an AI Command (AIC)"),
    ("Mech", "a Mech"), ("Light Cavalry", "a Light Cavalry"), ("Hvy Cav", "a Hvy Cav"),
    ("SF team", "an SF team"), ("P3 Mech", "a P3 Mech"), ("F2", "an F2"), ("FC", "an FC"),
    ("unit", "a unit"), ("Utility drone", "a Utility drone"), ("hour", "an hour"),
    ("8", "an 8"), ("11", "an 11"), ("3", "a 3"), ("Hivemind", "a Hivemind"),
])
def test_the_article_follows_the_sound(word: str, said: str) -> None:
    assert with_article(word) == said
    assert article(word) == said.split(" ", 1)[0]


def test_messages_say_an_before_a_vowel(ruleset) -> None:  # type: ignore[no-untyped-def]
    """A message built round a type name: "an Armoured Artillery must have P 3" (core P range,
    reported), never "a Armoured Artillery"."""
    report = check(roster(element("armd_art", 2)), ruleset)
    [message] = [f.message for f in report.all_findings if f.code == "presence-out-of-range"]
    assert "an Armoured Artillery must have P 3, not P2" in message


def test_a_kaiju_alpha_is_shown_as_alpha(tmp_path: Path) -> None:
    """A kaiju leading as Alpha (OtH p.32) is an Alpha on the element table and in every
    printout, not a "Kaiju CHQ"."""
    loaded = load(EXAMPLES / "oth-biowar.toml")
    report = check(loaded.roster, loaded.ruleset)
    assert report.analysis.command.kind == "alpha"
    [lead] = [row for row in report_rows(report, (30, 30)) if row.chq]
    assert lead.type == "Kaiju Alpha"
    text = render(report, "text")
    assert "Old Gnasher — Kaiju [Alpha]" in text and "[CHQ]" not in text
    assert "**Alpha**" in render(report, "markdown")
    assert '<span class="badge">Alpha</span>' in render(report, "html")
