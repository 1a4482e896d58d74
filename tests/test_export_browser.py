"""The HTML export renders in a real browser: headless Chromium screenshot and PDF.

Chromium comes from Debian's ``chromium`` package (the fixture: tests/helpers_browser.py).
Where it is missing the test installs it only when running as root with apt available and
``CI`` set; otherwise it skips, saying how to get it.
"""

from __future__ import annotations

import re
import struct
import subprocess
from pathlib import Path

import pytest
from helpers_browser import FLAGS, chromium_fixture  # noqa: F401  (the chromium fixture)
from helpers_export import write_demo

from horizon_builder.checks import validate
from horizon_builder.export import render
from horizon_builder.roster.io import load

ROOT = Path(__file__).resolve().parent.parent


def _run(chromium: str, tmp_path: Path, *args: str) -> None:
    profile = tmp_path / f"profile-{len(list(tmp_path.iterdir()))}"
    profile.mkdir()
    result = subprocess.run([chromium, *FLAGS, f"--user-data-dir={profile}", *args],
                            capture_output=True, text=True, timeout=180)
    assert result.returncode == 0, result.stderr[-2000:]


def _png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def _pdf_pages(data: bytes) -> int:
    assert data[:5] == b"%PDF-", "not a PDF"
    return len(re.findall(rb"/Type\s*/Page(?![a-zA-Z])", data))


def _html(path: Path, compact: bool = False, fmt: str = "html") -> str:
    loaded = load(path)
    return render(validate(loaded.roster, loaded.ruleset), fmt, compact)


def _print(chromium: str, tmp_path: Path, page: str, name: str) -> tuple[bytes, bytes]:
    source = tmp_path / f"{name}.html"
    source.write_text(page, encoding="utf-8")
    png, pdf = tmp_path / f"{name}.png", tmp_path / f"{name}.pdf"
    _run(chromium, tmp_path, f"--screenshot={png}", "--window-size=1240,1754", source.as_uri())
    _run(chromium, tmp_path, "--no-pdf-header-footer", f"--print-to-pdf={pdf}", source.as_uri())
    return png.read_bytes(), pdf.read_bytes()


def test_html_export_renders_and_prints(chromium: str, tmp_path: Path) -> None:
    """Screenshot is a real A4-proportioned PNG; the 8-element roster prints on 3 pages (2
    before its glossary of special rules, issue 24 item 12)."""
    png, pdf = _print(chromium, tmp_path, _html(ROOT / "examples/hvy-cav-battlegroup.toml"), "lancers")
    assert _png_size(png) == (1240, 1754)
    assert len(png) > 50_000, "screenshot looks blank"
    assert _pdf_pages(pdf) == 3


@pytest.mark.parametrize("paper", ["A4", "letter"])
def test_metaformer_roster_prints_on_both_papers(chromium: str, tmp_path: Path, paper: str) -> None:
    """The same file prints on A4 and US Letter (the paper size is left to the printer)."""
    page = _html(write_demo(tmp_path, "Metatron Demo"))
    page = page.replace("</style>", f"@page {{ size: {paper}; }}</style>", 1)
    png, pdf = _print(chromium, tmp_path, page, f"demo-{paper}")
    assert len(png) > 50_000
    assert 1 <= _pdf_pages(pdf) <= 3


def test_small_roster_fits_one_page(chromium: str, tmp_path: Path) -> None:
    roster = tmp_path / "small.toml"
    roster.write_text('name = "Lone Mech"\nforce_cost = 3\n\n[[elements]]\nname = "Solo"\n'
                      'type = "mech"\npresence = 3\nstats = { M = 5, F = 5, A = 5, D = 3 }\n')
    _png, pdf = _print(chromium, tmp_path, _html(roster, compact=True), "small")
    assert _pdf_pages(pdf) == 1


@pytest.mark.parametrize("paper", ["A4", "letter"])
def test_cards_print_several_to_a_page(chromium: str, tmp_path: Path, paper: str) -> None:
    """The card layout (issue 24 item 13): the 8 cards of the Lancers print on one page with
    their glossary spilling at most onto a second, on A4 and on Letter."""
    page = _html(ROOT / "examples/hvy-cav-battlegroup.toml", fmt="cards")
    page = page.replace("</style>", f"@page {{ size: {paper}; }}</style>", 1)
    png, pdf = _print(chromium, tmp_path, page, f"cards-{paper}")
    assert len(png) > 50_000, "screenshot looks blank"
    assert 1 <= _pdf_pages(pdf) <= 2


def test_a_long_list_of_cards_breaks_between_cards(chromium: str, tmp_path: Path) -> None:
    """32 elements: several cards a page (two across, at least 8 a page), so at most 4 pages
    and one for the glossary; each card is one unbreakable block, so pages break between
    cards, never inside one."""
    roster = tmp_path / "many.toml"
    roster.write_text('name = "Many"\nforce_cost = 64\n' + "".join(
        f'\n[[elements]]\nname = "Section {n}"\ntype = "hvy_inf"\npresence = 2\n'
        'stats = { M = 3, F = 4, A = 3, D = 3 }\n' for n in range(32)))
    page = _html(roster, fmt="cards")
    assert page.count('<article class="card') == 32
    _png, pdf = _print(chromium, tmp_path, page, "many")
    assert 2 <= _pdf_pages(pdf) <= 5
