"""Printed rosters: ``horizon-builder export`` in text, markdown, html and json.

The book asks that a metaformer appear as one element with every form's
statline together (OtH p.19) and that roster columns run P M F A D (errata,
OtH p.60).
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest
from helpers_export import XSS, load_demo, write_demo
from markdown_it import MarkdownIt

from horizon_builder.checks import validate
from horizon_builder.cli.main import main
from horizon_builder.export import FORMATS, build_document, render, write_atomic
from horizon_builder.export.markdown import md_escape
from horizon_builder.export.models import ExportDocument
from horizon_builder.roster.io import load
from horizon_builder.roster.models import Roster

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = sorted((ROOT / "examples").glob("*.toml"))


def export(path: Path, fmt: str, compact: bool = False) -> str:
    loaded = load(path)
    return render(validate(loaded.roster, loaded.ruleset), fmt, compact)


def run_cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def demo(tmp_path: Path) -> Path:
    return write_demo(tmp_path, "Metatron Demo")


# --- every example in every format --------------------------------------------


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("example", EXAMPLES, ids=lambda p: p.stem)
def test_every_example_exports_in_every_format(example: Path, fmt: str, tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    """Each example roster writes a file in each format, exit 0 even when illegal (verdict inside)."""
    out = tmp_path / f"roster.{fmt}"
    code, _, err = run_cli(capsys, "export", str(example), "--format", fmt, "-o", str(out))
    assert code == 0, err
    text = out.read_text(encoding="utf-8")
    roster = load(example).roster
    name = roster.name if fmt in ("text", "json") else (
        html.escape(roster.name) if fmt in ("html", "cards") else md_escape(roster.name))
    assert name in text
    assert ("NOT LEGAL" in text) == (not validate(roster, load(example).ruleset).legal)
    assert not list(tmp_path.glob(".*.tmp")), "temporary file left behind"


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda p: p.stem)
def test_every_example_exports_compact(example: Path) -> None:
    for fmt in FORMATS:
        assert export(example, fmt, compact=True).strip()


def test_export_to_stdout(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(capsys, "export", str(ROOT / "examples/hvy-cav-battlegroup.toml"))
    assert code == 0
    assert out.startswith("3rd Lancers Battlegroup\n")


# --- totals, command resources, verdict and findings ------------------------------


TOTALS = ("FC 13/15", "FP 19", "CR 0/2", "IR -5 Very poor", "Momentum 19", "Deployment spaces 1")


def test_totals_appear_in_text_and_markdown() -> None:
    """FC spent/budget, FP, CR, IR with quality, momentum (OtH p.51), deployment spaces (OtH p.53)."""
    path = ROOT / "examples/hvy-cav-battlegroup.toml"
    text = export(path, "text")
    for item in TOTALS:
        assert item in text
    assert "Intelligence: Opponent places half your terrain" in text  # IR effect, OtH p.50
    markdown = export(path, "markdown")
    for label, value in (("FC", "13/15"), ("FP", "19"), ("CR", "0/2"), ("Momentum", "19")):
        assert f"**{label}** {value}" in markdown


def test_totals_appear_in_html() -> None:
    page = export(ROOT / "examples/hvy-cav-battlegroup.toml", "html")
    assert "<dt>Force Cost</dt><dd>13<small>/15</small>" in page
    assert "<dt>Intelligence</dt><dd>-5<small> Very poor</small>" in page
    assert "<dt>Momentum</dt><dd>19" in page


def test_json_totals_and_derived_values() -> None:
    data = json.loads(export(ROOT / "examples/hvy-cav-battlegroup.toml", "json"))
    assert data["totals"]["force_cost"] == 13
    assert data["totals"]["force_cost_limit"] == 15
    assert data["totals"]["intelligence_rating"] == -5
    chq = next(e for e in data["elements"] if e["is_command"])
    assert chq["name"] == "Lancer Command" and chq["fc"] == 0 and chq["command_label"] == "CHQ"
    assert [r["name"] for r in chq["command_rules"]] == ["Chain of Command", "Guide Fire",
                                                         "Command Resources"]


@pytest.mark.parametrize("fmt", FORMATS)
def test_every_finding_appears(fmt: str) -> None:
    """An illegal roster still exports, with the verdict and every finding (message and rule)."""
    path = ROOT / "examples/needs-fixing.toml"
    loaded = load(path)
    report = validate(loaded.roster, loaded.ruleset)
    assert report.all_findings
    text = render(report, fmt)
    if fmt == "json":
        data = json.loads(text)
        assert [f["message"] for f in data["findings"]] == [f.message for f in report.all_findings]
        assert data["verdict"]["legal"] is False
        return
    esc = {"html": html.escape, "cards": html.escape, "markdown": md_escape}.get(fmt, str)
    assert "NOT LEGAL: 4 errors, 2 warnings" in text
    flat = " ".join(text.split())  # the text export wraps long findings
    for finding in report.all_findings:
        assert esc(finding.message) in flat
        assert esc(finding.rule) in flat


def test_provisional_values_are_noted_and_marked() -> None:
    """Report.provisional adds a note; provisional findings are marked one by one."""
    text = export(ROOT / "examples/needs-fixing.toml", "text")
    assert "Note: Some values used here are provisional" in text
    assert re.search(r"spends 21 of 18 stat points .*\n.*\n.*\[provisional\]", text)
    page = export(ROOT / "examples/needs-fixing.toml", "html")
    assert 'class="badge prov">provisional' in page


def test_command_resources_spending(demo: Path) -> None:
    """CR bought for a whole type is paid per element of the type."""
    text = export(demo, "text")
    assert "Command Resources: 3 of 2 spent (4 conventional elements counted)" in text
    assert "Test drones for every Light Infantry (3 × 1 = 3 CR)" in text
    assert "Type-wide CR: Test drones (1 CR, whole type)" in text
    data = json.loads(export(demo, "json"))
    assert data["command_resources"]["type_wide"][0]["cost_total"] == 3


def test_ruleset_layers_and_overrides_listed(demo: Path) -> None:
    text = " ".join(export(demo, "text").split())
    assert "Layers: 00-core.toml" in text
    assert f"house rules (overrides): {demo.parent / 'house.toml'}" in text
    data = json.loads(export(demo, "json"))
    assert data["ruleset"]["overrides"] == [str(demo.parent / "house.toml")]


def test_event_and_era_shown(demo: Path) -> None:
    text = " ".join(export(demo, "text").split())  # wrapped at 78 columns
    assert "Event: Club night · Era: Era 3" in text


# --- elements ----------------------------------------------------------------------


def test_metaformer_forms_shown_together_as_one_element(demo: Path) -> None:
    """OtH p.19: a metaformer shows every form's statline together, as a single element."""
    text = export(demo, "text")
    block = text.split("Metatron — Mech metaformer", 1)[1].split("\n\n", 1)[0]
    assert "P3 M3 F3 A4 D5" in block
    assert "Tank form (Heavy Cavalry):\n    P3 M4 F5 A5 D1" in block
    assert "Aircraft form (Aircraft):\n    P3 M3(+5) F6 A3 D2" in block
    assert "one element, one damage track" in block
    data = json.loads(export(demo, "json"))
    meta = [e for e in data["elements"] if e["name"] == "Metatron"]
    assert len(meta) == 1 and meta[0]["metaformer"] and len(meta[0]["forms"]) == 2
    assert meta[0]["fc"] == 9 and meta[0]["fp"] == 5 and meta[0]["momentum"] == 3  # OtH p.19-20
    page = export(demo, "html")
    article = re.search(r'<article class="element metaformer[^"]*" id="el-meta">.*?</article>', page)
    assert article is not None
    assert article.group(0).count('class="damage"') == 1
    assert "Tank form" in article.group(0) and "Aircraft form" in article.group(0)
    compact = export(demo, "text", compact=True)  # one entry, wrapped at 78 columns
    entry = compact.split("Metatron (FC 9)")[0].rsplit("\n", 3)
    line = " ".join(" ".join(entry[-3:]).split())
    assert "P3 M3 F3 A4 D5" in line and "P3 M4 F5 A5 D1" in line and "P3 M3(+5) F6 A3 D2" in line


def test_stat_columns_run_p_m_f_a_d(demo: Path) -> None:
    """Errata OtH p.60: columns P M F A D; an aircraft's Mb rides with M as M3(+5)."""
    data = json.loads(export(demo, "json"))
    aircraft = data["elements"][0]["forms"][1]
    assert [c["stat"] for c in aircraft["cells"]] == ["P", "M", "F", "A", "D"]
    assert aircraft["statline"] == "P3 M3(+5) F6 A3 D2"
    page = export(demo, "html")
    assert re.search(r">P</th><th class=\"stat\">M</th><th class=\"stat\">F</th>"
                     r"<th class=\"stat\">A</th><th class=\"stat\">D</th>", page)
    assert "3<small>(+5)</small>" in page


def test_derived_special_rules_shown(demo: Path) -> None:
    """Rules gained from upgrades or Presence appear with the type's own rules."""
    data = json.loads(export(demo, "json"))
    base = data["elements"][0]["base"]
    assert {"id": "alert_test", "name": "Alert", "summary": "360 degree awareness (test)",
            "derived": True} in base["special_rules"]
    tank = data["elements"][0]["forms"][0]
    assert [r["name"] for r in tank["special_rules"]] == ["Rapid", "Vanguard", "Vehicle"]
    assert "Rules: Metaforming, Alert" in export(demo, "text")


def test_upgrade_costs_and_currency(demo: Path) -> None:
    text = export(demo, "text")
    assert "Upgrades: Metaform (free), Test panopticon (1 pt)" in text
    assert "Upgrades: Vertical thrusters (? pts)" in text  # unknown cost stays visible


def test_chq_marked(demo: Path) -> None:
    text = export(demo, "text")
    assert "Rifles One — Light Infantry [CHQ]" in text
    page = export(demo, "html")
    assert '<article class="element chq" id="el-li1">' in page


def test_strategic_assets_printed_apart(demo: Path) -> None:
    data = json.loads(export(demo, "json"))
    assert [a["name"] for a in data["assets"]] == ["Orbital Lance"]
    assert "Orbital Lance" not in [e["name"] for e in data["elements"]]
    text = export(demo, "text")
    assert "STRATEGIC ASSETS (1)" in text
    assert "Orbital Lance — Ballistic Strike (test) · FC 3 · FP 0" in text
    page = export(demo, "html")
    strike = re.search(r'<article class="element" id="el-strike">.*?</article>', page)
    assert strike is not None and 'class="damage"' not in strike.group(0)  # off table: no damage


def test_every_element_has_a_damage_track() -> None:
    page = export(ROOT / "examples/hvy-cav-battlegroup.toml", "html")
    assert page.count('<article class="element') == 8
    assert page.count('class="damage"') == 8
    assert "break-inside: avoid" in page


# --- task force ----------------------------------------------------------------------


@pytest.mark.parametrize("fmt", ["text", "markdown", "html"])
def test_task_force_rounds_and_benched(fmt: str) -> None:
    """OtH p.46: each round's battlegroup; an element destroyed earlier is benched."""
    text = export(ROOT / "examples/tournament-task-force.toml", fmt)
    assert "task force list (7)" in text.lower()
    round2 = re.split("round 2", text, maxsplit=1, flags=re.IGNORECASE)[1]
    assert "Benched" in round2 and "Meridian Strike Tank" in round2
    # Task Force FP against twice the tournament FC (OtH p.46)
    assert re.search(r"17(<small>)?/24", text)


def test_task_force_json_rounds() -> None:
    data = json.loads(export(ROOT / "examples/tournament-task-force.toml", "json"))
    r1, r2 = data["rounds"]
    assert r1["destroyed"] == ["hc2"] and r1["benched"] == []
    assert r2["benched"] == ["hc2"] and r2["benched_names"] == ["Meridian Strike Tank"]
    assert r1["command"]["element_name"] == "Meridian Command Tank"
    assert r1["totals"]["force_cost"] == 8 and r1["totals"]["force_cost_limit"] == 12
    assert data["totals"]["force_presence_limit"] == 24


# --- compact -----------------------------------------------------------------------------


def test_compact_groups_identical_elements() -> None:
    """Compact output: one line per element, identical elements grouped ("2× Hvy Inf")."""
    text = export(ROOT / "examples/hvy-cav-battlegroup.toml", "text", compact=True)
    lines = text.split("ELEMENTS (8)\n------------\n", 1)[1].split("\n\n", 1)[0].splitlines()
    assert len(lines) == 7
    assert "2× Hvy Inf P2 M3 F4 A3 D3 — Grenadier Section, Pioneer Section (FC 1 each)" in lines
    # the CHQ is never folded into a group, even with an identical statline
    assert "Hvy Cav [CHQ] P3 M4 F5 A5 D1 — Lancer Command (FC 0)" in lines
    assert "Hvy Cav P3 M4 F5 A5 D1 — Lancer Troop A (FC 3)" in lines
    markdown = export(ROOT / "examples/hvy-cav-battlegroup.toml", "markdown", compact=True)
    assert "- 2× Hvy Inf P2 M3 F4 A3 D3 — Grenadier Section, Pioneer Section (FC 1 each)" in markdown
    page = export(ROOT / "examples/hvy-cav-battlegroup.toml", "html", compact=True)
    assert "<td><b>2×</b></td><td>Hvy Inf</td>" in page


def test_compact_json_is_one_line() -> None:
    text = export(ROOT / "examples/hvy-cav-battlegroup.toml", "json", compact=True)
    assert text.count("\n") == 1


# --- escaping ---------------------------------------------------------------------------


def test_html_escapes_every_user_string(tmp_path: Path) -> None:
    """A roster named <script>alert(1)</script> exports harmlessly as HTML."""
    loaded = load_demo(tmp_path, XSS)
    first = loaded.roster.elements[0].model_copy(
        update={"name": XSS, "notes": '"><img src=x onerror=alert(1)>'})
    roster = loaded.roster.model_copy(update={"event": "<b>bold</b>",
                                              "elements": (first, *loaded.roster.elements[1:])})
    page = render(validate(roster, loaded.ruleset), "html")
    page_compact = render(validate(roster, loaded.ruleset), "html", compact=True)
    for text in (page, page_compact):
        assert "<script" not in text.lower()
        assert "<img" not in text and "<b>bold" not in text
        assert html.escape(XSS) in text
    assert "&quot;&gt;&lt;img src=x onerror=alert(1)&gt;" in page


def test_markdown_escapes_every_user_string(tmp_path: Path) -> None:
    """Rendered by a CommonMark engine, the markdown export never yields the user's HTML."""
    loaded = load_demo(tmp_path, XSS)
    first = loaded.roster.elements[0].model_copy(
        update={"name": "[click](javascript:alert(1)) <img src=x onerror=alert(1)>"})
    roster = loaded.roster.model_copy(update={
        "notes": "# not a heading\n\n- not a list\n\n<script>alert(2)</script>",
        "elements": (first, *loaded.roster.elements[1:])})
    report = validate(roster, loaded.ruleset)
    engine = MarkdownIt("commonmark")
    for compact in (False, True):
        rendered = engine.render(render(report, "markdown", compact))
        assert "<script" not in rendered
        assert "<img" not in rendered
        assert "<a href" not in rendered
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in rendered
    rendered = engine.render(render(report, "markdown"))
    assert "<h1>not a heading" not in rendered
    assert "<li>not a list" not in rendered


def test_cli_export_of_hostile_name(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write_demo(tmp_path, XSS)
    for fmt in ("html", "markdown"):
        out = tmp_path / f"out.{fmt}"
        code, _, _ = run_cli(capsys, "export", str(path), "--format", fmt, "-o", str(out))
        assert code == 0
        assert "<script>" not in out.read_text(encoding="utf-8")


# --- JSON rebuilds the roster ------------------------------------------------------------


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda p: p.stem)
def test_json_export_rebuilds_the_roster(example: Path) -> None:
    """The "roster" key holds roster_to_data: Roster.model_validate rebuilds an equal roster."""
    loaded = load(example)
    data = json.loads(export(example, "json"))
    assert Roster.model_validate(data["roster"]) == loaded.roster
    assert ExportDocument.model_validate(data) == build_document(validate(loaded.roster, loaded.ruleset))


def test_json_export_rebuilds_a_metaformer_roster(demo: Path) -> None:
    loaded = load(demo)
    data = json.loads(export(demo, "json"))
    assert Roster.model_validate(data["roster"]) == loaded.roster


def test_schema_export_command(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(capsys, "schema", "--export")
    assert code == 0
    schema = json.loads(out)
    assert schema["title"] == "horizon-builder roster export"
    assert {"roster", "totals", "elements", "findings", "verdict", "ruleset"} <= set(schema["required"])
    assert "ElementExport" in schema["$defs"]


def test_json_keys_match_the_schema() -> None:
    from horizon_builder.export import export_schema

    schema = export_schema()
    data = json.loads(export(ROOT / "examples/tournament-task-force.toml", "json"))
    assert set(data) == set(schema["properties"])
    element_keys = set(schema["$defs"]["ElementExport"]["properties"])
    assert all(set(e) == element_keys for e in data["elements"])


# --- errors and writing ---------------------------------------------------------------


def test_load_error_writes_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A roster that cannot be read: message with file and line on stderr, exit 2, no file."""
    bad = tmp_path / "bad.toml"
    bad.write_text('name = "X"\nforce_cost = 10\n[[elements]]\nname = "A"\ntype = "nope"\npresence = 1\n')
    out = tmp_path / "out.html"
    code, stdout, err = run_cli(capsys, "export", str(bad), "--format", "html", "-o", str(out))
    assert code == 2
    assert f"{bad}:5: elements[1].type: unknown element type 'nope'" in err
    assert not out.exists() and stdout == ""


def test_unwritable_output_is_an_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run_cli(capsys, "export", str(ROOT / "examples/needs-fixing.toml"),
                           "-o", str(tmp_path / "missing-folder" / "out.txt"))
    assert code == 2 and "cannot write" in err


def test_write_atomic_replaces_whole_file(tmp_path: Path) -> None:
    target = tmp_path / "roster.txt"
    target.write_text("old and much longer content\n")
    write_atomic(target, "new\n")
    assert target.read_text() == "new\n"
    assert [p.name for p in tmp_path.iterdir()] == ["roster.txt"]


def test_ruleset_option_adds_override(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    layer = tmp_path / "event.toml"
    layer.write_text('[ruleset]\nid = "event"\nname = "Event preset"\n\n[event]\nnotes = "x"\n')
    code, out, _ = run_cli(capsys, "export", str(ROOT / "examples/hvy-cav-battlegroup.toml"),
                           "--format", "json", "--ruleset", str(layer))
    assert code == 0
    assert json.loads(out)["ruleset"]["overrides"] == [str(layer)]


def test_pool_use_and_element_findings_shown() -> None:
    """Organisers see each pool's use; an upgrade of unknown cost shows as '+?'."""
    text = export(ROOT / "examples/needs-fixing.toml", "text")
    assert "P3 M6 F6 A5 D4   (pool 21/18)" in text
    assert "P1 M4 F3 A1 D1   (pool 9+?/9)" in text
    page = export(ROOT / "examples/needs-fixing.toml", "html")
    assert '<span class="pool over">pool 21/18</span>' in page
    bruiser = re.search(r'<article class="element chq has-error" id="el-m1">.*?</header>', page)
    assert bruiser is not None and "2 errors" in bruiser.group(0)


def test_task_force_organiser_figures() -> None:
    """OtH p.45-47: round length 4 × FC rounded up to 5; value remaining for the tie-break."""
    text = export(ROOT / "examples/tournament-task-force.toml", "text")
    assert "Round length 50 min · Value remaining 14 FC · Benched: Meridian Strike Tank" in text
    data = json.loads(export(ROOT / "examples/tournament-task-force.toml", "json"))
    assert data["tournament"] == {"round_length_minutes": 50, "benched": ["hc2"],
                                  "benched_names": ["Meridian Strike Tank"], "value_remaining": 14}
    assert json.loads(export(ROOT / "examples/hvy-cav-battlegroup.toml", "json"))["tournament"] is None
    assert [e["name"] for e in data["elements"] if e["benched"]] == ["Meridian Strike Tank"]
    assert "Meridian Strike Tank — Heavy Cavalry [benched] · FC 3 · FP 3" in text
    compact = export(ROOT / "examples/tournament-task-force.toml", "text", compact=True)
    assert "Hvy Cav [benched] P3 M4 F5 A5 D1 — Meridian Strike Tank (FC 3)" in compact


def test_weird_command_rules_on_the_chq() -> None:
    """OtH p.42: each weird command replaces one CHQ ability; the roster shows what is left."""
    text = export(ROOT / "examples/oth-weird.toml", "text")
    assert "As CHQ: Command Resources, Mad scientist, Dark priest, Not in reserve" in text
    assert "Mad scientist (replaces Chain of Command)" in " ".join(text.split())


def test_shipped_strategic_assets_printed_apart() -> None:
    """OtH p.36-40: ballistic strike, naval support and field hospital are assets, not table elements."""
    data = json.loads(export(ROOT / "examples/oth-strategic-assets.toml", "json"))
    assert [a["type"] for a in data["assets"]] and all(a["asset"] for a in data["assets"])
    assert not any(e["asset"] for e in data["elements"])
    assert all(a["type"] not in {e["type"] for e in data["elements"]} for a in data["assets"])


def test_docs_sample_is_real_output() -> None:
    """The compact sample in the guide (docs/sharing.md) is what the exporter prints for the example."""
    docs = (ROOT / "docs" / "sharing.md").read_text(encoding="utf-8")
    sample = docs.split("```text\n", 1)[1].split("```", 1)[0]
    element_lines = sample.split("------------\n", 1)[1].split("\n\n", 1)[0].splitlines()
    output = export(ROOT / "examples/hvy-cav-battlegroup.toml", "text", compact=True)
    assert element_lines and all(line in output.splitlines() for line in element_lines)
    assert sample.splitlines()[:4] == output.splitlines()[:4]


@pytest.mark.parametrize("compact", [False, True])
def test_text_export_wraps_at_78_columns(compact: bool) -> None:
    """The README promises text wrapped at 78 columns: every line of every example fits."""
    from horizon_builder.checks import validate
    from horizon_builder.export import render
    from horizon_builder.roster.io import load

    for path in sorted((Path(__file__).parent.parent / "examples").glob("*.toml")):
        loaded = load(path)
        text = render(validate(loaded.roster, loaded.ruleset), "text", compact)
        assert max(len(line) for line in text.splitlines()) <= 78, path.name
