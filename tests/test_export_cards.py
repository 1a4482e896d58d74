"""The HTML card layout (issue 24 item 13): one card per element (statline, upgrades, rules,
damage boxes; a metaformer one card with all its forms, OtH p.19), several to a page, beside
the list layout. Chromium checks it prints in tests/test_export_browser.py."""

from __future__ import annotations

import re
from pathlib import Path

from helpers_export import XSS, write_demo
from textual.widgets import Input, Select

from horizon_builder.checks import validate
from horizon_builder.cli.main import main
from horizon_builder.export import FORMATS, SUFFIXES, render
from horizon_builder.export.common import DAMAGE_BOXES
from horizon_builder.roster.io import load

ROOT = Path(__file__).resolve().parent.parent
LANCERS = ROOT / "examples/hvy-cav-battlegroup.toml"


def _cards(path: Path) -> tuple[str, list[str]]:
    loaded = load(path)
    page = render(validate(loaded.roster, loaded.ruleset), "cards")
    return page, re.findall(r'<article class="card[ "].*?</article>', page)


def test_one_card_per_element_with_statline_upgrades_rules_and_damage() -> None:
    page, cards = _cards(LANCERS)
    assert page.startswith("<!DOCTYPE html>") and "<script" not in page
    assert len(cards) == 8
    lead = cards[0]
    assert "Lancer Command" in lead and '<span class="badge">CHQ</span>' in lead
    assert [m for m in re.findall(r'<td class="stat[^"]*">(\d+)', lead)] == ["3", "4", "5", "5", "1"]
    assert "<dt>Upgrades</dt>" in lead and "<dt>Rules</dt><dd>Rapid, Vanguard, Vehicle</dd>" in lead
    assert "<dt>As CHQ</dt>" in lead
    assert all(card.count('class="box"') == DAMAGE_BOXES for card in cards)
    assert "break-inside: avoid" in page and "display: inline-block" in page
    assert '<section class="glossary">' in page  # the rules it uses, after the cards


def test_a_metaformer_is_one_card_with_every_form_and_an_asset_has_no_damage(tmp_path: Path
                                                                               ) -> None:
    """A metaformer: one card, its three forms' statlines and rules, one damage track (OtH
    p.19). An off-table strategic asset takes no damage. Names from the file are escaped."""
    page, cards = _cards(write_demo(tmp_path))
    [meta] = [c for c in cards if "Metaformer" in c]
    for form in ("Baseform", "Tank form", "Aircraft form"):
        assert f"<dt>{form}</dt>" in meta
    assert meta.count('class="box"') == DAMAGE_BOXES
    [asset] = [c for c in cards if "Orbital Lance" in c]
    assert 'class="box"' not in asset
    assert XSS not in page and "&lt;script&gt;" in page


def test_cards_are_a_format_of_the_cli_and_the_export_screen(tmp_path: Path) -> None:
    assert "cards" in FORMATS and SUFFIXES["cards"] == ".html"
    out = tmp_path / "deck.html"
    assert main(["export", str(LANCERS), "--format", "cards", "-o", str(out)]) == 0
    assert out.read_text().count('<article class="card') == 8


async def test_the_export_screen_offers_cards(tmp_path: Path) -> None:
    from test_export_screen import ExportTestApp, _screen

    screen = _screen(roster_path=tmp_path / "lancers.toml")
    app = ExportTestApp(screen)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        select = screen.query_one("#export-format", Select)
        assert "HTML cards (print)" in [str(label) for label, _value in select._options]
        select.value = "cards"
        await pilot.pause()
        assert screen.preview_text.count('<article class="card') == 8
        assert screen.query_one("#export-path", Input).value.endswith(".html")
