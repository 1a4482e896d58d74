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


# --- issue 33 item 6: plurals and signs in findings ------------------------------------

def test_a_change_has_one_sign() -> None:
    """The cut-to-fit list showed "−-2 FC" for a cut that costs more: one sign, always."""
    from horizon_builder.text.words import signed
    assert (signed(3), signed(-2), signed(0)) == ("+3", "\u22122", "0")
    assert "-" not in signed(-2) and signed(-2).count("\u2212") == 1


def test_a_verb_agrees_with_its_count() -> None:
    """"the CHQ's Guide Fire moves", "Guide Fire and Chain of Command move"."""
    from horizon_builder.text.words import verb
    assert (verb(1, "moves", "move"), verb(2, "moves", "move")) == ("moves", "move")


#: count nouns a message may put right after a number it works out
_COUNT_NOUNS = ("upgrades|times|elements|commands|abilities|rounds|purchases|forms|lists|errors"
                "|warnings|findings|values|options|minutes|characters|points|bays|stats|copies"
                "|pieces|spaces|commanders|battles|players|notes|mutations|metaforms|slots|dice"
                "|cuts|rules|files|problems|lines|results|byes|entries")
#: templates where the value before the noun is not a count that may be 1, or a sign whose
#: value is never negative: (module, the expression), each with why
_NOT_A_COUNT = {
    ("checks/metaformers.py", "et.name"): "a type's name: 'Hvy Cav metaforms'",
    ("export/document.py", "name"): "a type's name",
    ("export/markdown.py", "prefix"): "a form's label: 'Form 2 upgrades'",
    ("tui/rounds/screen.py", "strip"): "a round's label",
    ("export/cards.py", "len(e.forms) + 1"): "a metaformer has a form besides its baseform",
    ("export/html.py", "len(e.forms) + 1"): "a metaformer has a form besides its baseform",
    ("export/common.py", "n"): "len(e.forms) + 1: two or more",
    ("tui/roster/home.py", "count"): "only when count > 1 (one copy has its own words)",
    ("event/io.py", "rescued"): "'aircraft' is its own plural",
    ("engine/adventures.py", "SIGN extra"): "only when extra > 0",
    ("export/document.py", "SIGN stats[folded]"): "a folded stat is never negative",
    ("text/words.py", "SIGN n"): "signed() itself, n > 0",
    ("cli/serve.py", "MIN_TOKEN"): "a fixed minimum of 16",
}


def _templates() -> list[tuple[str, str]]:
    """Every f-string of the package with a number put right before a count noun, or a sign
    written right before a value: (module, expression)."""
    import ast
    import re
    root = Path(__file__).parent.parent / "horizon_builder"
    found = []
    for path in sorted(root.rglob("*.py")):
        module = path.relative_to(root).as_posix()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.JoinedStr):
                continue
            for a, b in zip(node.values, node.values[1:], strict=False):
                if isinstance(a, ast.FormattedValue) and isinstance(b, ast.Constant) \
                        and re.match(rf" ({_COUNT_NOUNS})\b", str(b.value)):
                    found.append((module, ast.unparse(a.value)))
                if isinstance(a, ast.Constant) and re.search(r"[\u2212+]$", str(a.value)) \
                        and isinstance(b, ast.FormattedValue):
                    found.append((module, "SIGN " + ast.unparse(b.value)))
    return found


def test_every_message_template_counts_with_the_words_helper() -> None:
    """Over every message template of the package: a count goes through ``plural`` and a
    change through ``signed`` (text/words.py), so no message says "at most 1 upgrades" or
    "−-2 FC"; what is left is listed above with why."""
    left = [t for t in _templates() if t not in _NOT_A_COUNT]
    assert left == [], left
