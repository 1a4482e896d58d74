"""Every verdict names the rules it rests on beyond the shipped book data: a roster's own
house rules (its ``overrides`` file), a ``--ruleset`` file or an event preset, each with its
path and a short content hash; values they changed say so (issue: verdicts an organiser can
trust). A house-rules file cannot pass itself off as the book with a fake ``source``."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest
from helpers_tui import until

from horizon_builder.cli.main import main
from horizon_builder.files.problems import LoadError
from horizon_builder.rules.loader import load_ruleset
from horizon_builder.tui.app import HorizonApp
from horizon_builder.tui.roster.totals_strip import TotalsStrip

EXAMPLES = Path(__file__).parent.parent / "examples"
# A house rule dressed up as the book: a fake source, marked not provisional.
HOUSE = """\
[element_types.mech.pool.points]
2 = 30

[command_resources]
per_elements = 1
source = "OtH p.1"
provisional = false
"""


@pytest.fixture
def cheat(tmp_path: Path) -> Path:
    """The example battlegroup with its own house-rules file."""
    (tmp_path / "house.toml").write_text(HOUSE)
    roster = tmp_path / "list.toml"
    text = (EXAMPLES / "hvy-cav-battlegroup.toml").read_text()
    roster.write_text('overrides = "house.toml"\n' + text)
    return roster


def _short(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()[:8]


def test_check_text_names_the_rosters_own_rules_file(cheat: Path, capsys) -> None:
    main(["check", str(cheat)])
    out = capsys.readouterr().out
    label = f"house.toml #{_short(cheat.parent / 'house.toml')}"
    assert f"verdict: LEGAL under rules beyond the book: {label}" in out
    assert f"rules beyond the book: {label}, the roster's own house rules (overrides)" in out
    assert "Mech stat pool (inferred: OtH p.9" in out and f"changed by {label})" in out
    assert f"Command Resources rate (OtH p.1; changed by {label})" in out  # fake source, named


def test_check_json_has_rules_layers(cheat: Path, capsys) -> None:
    main(["check", "--format", "json", str(cheat)])
    data = json.loads(capsys.readouterr().out)[0]
    [layer] = data["rules_layers"]
    assert layer["name"] == "house.toml" and layer["path"].endswith("house.toml")
    assert layer["sha256"] == hashlib.sha256((cheat.parent / "house.toml").read_bytes()).hexdigest()
    assert layer["role"] == "the roster's own house rules (overrides)"
    assert "element_types.mech.pool.points.2" in layer["changed"]
    assert any(v.startswith("Mech stat pool (") and "changed by house.toml #" in v
               for v in data["changed_values"])


def test_book_only_roster_names_no_layer(capsys) -> None:
    main(["check", "--format", "json", str(EXAMPLES / "hvy-cav-battlegroup.toml")])
    data = json.loads(capsys.readouterr().out)[0]
    assert data["rules_layers"] == [] and data["changed_values"] == []


def test_ruleset_option_is_named_as_such(tmp_path: Path, capsys) -> None:
    (tmp_path / "club.toml").write_text(HOUSE)
    main(["check", "--format", "json", str(EXAMPLES / "hvy-cav-battlegroup.toml"),
          "--ruleset", str(tmp_path / "club.toml")])
    data = json.loads(capsys.readouterr().out)[0]
    assert [la["role"] for la in data["rules_layers"]] == ["--ruleset"]


def test_a_finding_on_a_changed_value_says_so(cheat: Path, capsys) -> None:
    """The mech pool the house rules raised: its finding cites the layer with its source."""
    main(["check", "--format", "json", str(cheat)])
    data = json.loads(capsys.readouterr().out)[0]
    unspent = [f for f in data["findings"] if f["code"] == "pool-unspent"]
    assert unspent and "changed by house.toml #" in unspent[0]["rule"]


@pytest.mark.parametrize("fmt", ["text", "markdown", "html", "json"])
def test_every_export_names_the_rosters_rules_file(cheat: Path, fmt: str, tmp_path: Path) -> None:
    out = tmp_path / f"out.{fmt}"
    assert main(["export", str(cheat), "--format", fmt, "-o", str(out)]) == 0
    text = out.read_text()
    label = f"house.toml #{_short(cheat.parent / 'house.toml')}"
    assert label in text.replace("\\#", "#")  # markdown escapes the #
    if fmt == "json":
        data = json.loads(text)
        override = [la for la in data["ruleset"]["layers"] if la["origin"] == "override"]
        assert override[0]["role"] == "the roster's own house rules (overrides)"
        assert data["ruleset"]["changed_values"]
    else:
        assert "the roster's own house rules" in text.replace("&#x27;", "'")


def test_filled_in_keys_cannot_be_forged(tmp_path: Path) -> None:
    """``changed_by`` (and the layer lists) are the loader's: a file writing them is refused
    with its file and line."""
    bad = tmp_path / "forged.toml"
    bad.write_text('[upgrades.engineer]\ncost = 0\nchanged_by = "the book"\n')
    with pytest.raises(LoadError) as caught:
        load_ruleset([bad])
    assert "forged.toml:3" in str(caught.value) and "changed_by" in str(caught.value)


def test_shipped_data_is_never_marked() -> None:
    rs = load_ruleset()
    assert rs.rules_layers == []
    assert all(et.changed_by is None for et in rs.element_types.values())


async def test_app_header_names_the_rosters_rules_file(cheat: Path) -> None:
    app = HorizonApp(cheat)
    async with app.run_test(size=(120, 30)) as pilot:
        label = f"house.toml #{_short(cheat.parent / 'house.toml')}"
        strip = app.screen.query_one(TotalsStrip)
        await until(pilot, lambda: f"rules + {label}" in strip.plain(), "the rules in the header")
        assert "Rules beyond the book" in str(strip.tooltip)


async def test_verdict_stays_on_screen_at_80_columns(cheat: Path) -> None:
    """The rules label lengthens the header's second line; the verdict still shows at 80×24."""
    app = HorizonApp(cheat)
    async with app.run_test(size=(80, 24)) as pilot:
        strip = app.screen.query_one(TotalsStrip)
        await until(pilot, lambda: "rules +" in strip.plain(), "the rules in the header")
        await pilot.pause()
        lines = strip.render().plain.splitlines()
        assert lines[1].rstrip().endswith(strip.figures.verdict)


# --- an event's choices are the book's (issue 33 item 10) ---------------------------------

PRESETS = Path(__file__).parent.parent / "presets"


@pytest.mark.parametrize("preset", ["oth-tournament.toml", "competitive.toml"])
@pytest.mark.parametrize("how", ["--event", "--ruleset"])
def test_a_preset_of_the_books_tournament_is_not_beyond_the_book(preset, how, capsys) -> None:
    """A preset that only makes the choices the book's tournament rules leave to the organiser
    (the FC, rounds, table, superheavy options: OtH p.9, p.17, p.45-48) is the book: its
    verdicts name it as the event's, never as "rules beyond the book"."""
    path = PRESETS / preset
    label = f"{preset} #{_short(path)}"
    main(["check", "--format", "json", how, str(path), str(EXAMPLES / "tournament-task-force.toml")])
    data = json.loads(capsys.readouterr().out)[0]
    layer = next(la for la in data["rules_layers"] if la["name"] == preset)
    assert layer["event_choices"] and not layer["beyond_book"]
    assert data["changed_values"] == []  # an event's choices change nothing the book says
    main(["check", "--ruleset", str(path), str(EXAMPLES / "tournament-task-force.toml")])
    out = capsys.readouterr().out
    assert "beyond the book" not in out and "changed by" not in out, out
    assert f"verdict: NOT LEGAL: 1 error for the event {label}" in out
    assert f"set by the event {label})" in out
    assert f"the event's choices under the book's tournament rules (OtH p.45-48): {label}" in out


@pytest.mark.parametrize("beyond", ["[event]\nforce_cost = 16\nfp_per_fc = 3\n",
                                    "[event]\nforce_cost = 16\n\n[upgrades.engineer]\ncost = 0\n",
                                    "[tournament]\nfp_per_fc = 2\n"])
def test_a_preset_that_changes_the_book_is_beyond_it(beyond, tmp_path, capsys) -> None:
    """A Task Force FP limit other than twice the FC (OtH p.46), or any table beyond the
    event's, is beyond the book, whatever file brings it."""
    path = tmp_path / "my-event.toml"
    path.write_text(beyond)
    main(["check", "--ruleset", str(path), str(EXAMPLES / "tournament-task-force.toml")])
    out = capsys.readouterr().out
    assert f"under rules beyond the book: my-event.toml #{_short(path)}" in out


async def test_app_header_does_not_call_the_books_tournament_rules_beyond_it() -> None:
    app = HorizonApp(EXAMPLES / "tournament-task-force.toml", [str(PRESETS / "oth-tournament.toml")])
    async with app.run_test(size=(120, 30)) as pilot:
        await until(pilot, lambda: app.loaded, "the roster")
        strip = app.screen.query_one(TotalsStrip)
        assert "rules +" not in strip.plain()
        assert "beyond the book" not in str(strip.tooltip).lower()
        assert "The event's choices under the book's tournament rules" in str(strip.tooltip)
