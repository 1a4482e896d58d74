"""Your rulebook: values entered once from the core book (unknown to the project, RULES.md §0),
kept in a personal layer apart from the book data, named in every verdict."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from horizon_builder.cli.main import main
from horizon_builder.files.problems import LoadError
from horizon_builder.roster.io import load
from horizon_builder.rules.entry import enter_value
from horizon_builder.rules.loader import load_ruleset
from horizon_builder.rules.personal import ENTERED, personal_rules_path
from horizon_builder.rules.values import parse_entry, rule_values
from horizon_builder.session.core import Session

EXAMPLES = Path(__file__).parent.parent / "examples"


@pytest.fixture(autouse=True)
def config(tmp_path: Path, monkeypatch) -> Path:
    folder = tmp_path / "config"
    monkeypatch.setenv("HORIZON_BUILDER_CONFIG_DIR", str(folder))
    monkeypatch.delenv("HORIZON_BUILDER_NO_PERSONAL_RULES", raising=False)
    return folder


def _value(item: str, label: str, rs=None):
    return next(v for v in rule_values(rs or _rules()) if v.item == item and v.label == label)


def _rules():
    from horizon_builder.rules.personal import personal_layers

    return load_ruleset(personal_layers(), roles=["your rulebook (personal rules)"])


def test_unknown_values_are_listed_as_unknown():
    """Without your rulebook, a Light Cavalry's statline and most mech upgrade costs are
    unknown (the core book's tables are not available, RULES.md §0)."""
    assert _value("Light Cavalry", "P2 statline").status == "unknown"
    assert _value("Agile frame", "cost").status == "unknown"
    assert _value("Engineer", "cost").value == "1"


def test_entered_values_apply_everywhere_and_say_so(tmp_path):
    """Entered once: every roster on this machine uses them, marked "entered by you"."""
    enter_value(_value("Light Cavalry", "P2 statline"), "M6 F3 A2 D2")
    enter_value(_value("Agile frame", "cost"), "2")
    entered = _value("Light Cavalry", "P2 statline")
    assert (entered.value, entered.status, entered.source) == ("M6 F3 A2 D2", "entered", ENTERED)
    assert entered.layer.startswith("your rulebook my-rules.toml #")
    roster = tmp_path / "r.toml"
    roster.write_text((EXAMPLES / "hvy-cav-battlegroup.toml").read_text())
    loaded = load(roster)
    assert loaded.ruleset.element_types["lt_cav"].statlines[2].stats == {"M": 6, "F": 3, "A": 2,
                                                                           "D": 2}
    [layer] = loaded.ruleset.rules_layers
    assert layer.role == "your rulebook (personal rules)"
    assert load(roster, personal=False).ruleset.rules_layers == []


def test_a_bad_value_is_refused_with_the_reason():
    with pytest.raises(LoadError, match="greater than or equal to 0"):
        enter_value(_value("Agile frame", "cost"), "-3")
    with pytest.raises(ValueError, match="whole number"):
        parse_entry(_value("Agile frame", "cost"), "two")
    with pytest.raises(ValueError, match="4 numbers"):
        parse_entry(_value("Light Cavalry", "P2 statline"), "6 3 2")
    assert not personal_rules_path().exists()  # nothing written


def test_a_broken_rulebook_never_blocks_a_roster(tmp_path):
    personal_rules_path().parent.mkdir(parents=True)
    personal_rules_path().write_text("[upgrades.agile_frame]\ncost = -1\n")
    session = Session.open(EXAMPLES / "hvy-cav-battlegroup.toml")
    assert session.roster.name and session.personal_problems
    assert "my-rules.toml:2" in str(session.personal_problems[0])
    assert personal_rules_path().read_text() == "[upgrades.agile_frame]\ncost = -1\n"


def test_statline_not_entered_is_a_warning_then_gone_once_entered(tmp_path, capsys):
    roster = tmp_path / "r.toml"
    roster.write_text('name = "Scouts"\nforce_cost = 10\n\n[[elements]]\nname = "Buggies"\n'
                      'type = "lt_cav"\npresence = 2\n')
    main(["check", "--format", "json", str(roster)])
    findings = {f["code"]: f["severity"] for f in json.loads(capsys.readouterr().out)[0]["findings"]}
    assert findings["stat-not-entered"] == "warning" and "stat-missing" not in findings
    enter_value(_value("Light Cavalry", "P2 statline"), "6 3 2 2")
    from horizon_builder.editing import add_element, default_element

    session = Session.open(roster)
    element = default_element(session.ruleset, session.roster, "lt_cav", 2)
    assert element.stats == {"M": 6, "F": 3, "A": 2, "D": 2}  # new ones take it at once
    session.commit(add_element(session.roster, element), "add")
    codes = {(f.code, f.element) for f in session.report.all_findings}
    old = session.roster.elements[0].id
    assert ("stat-missing", old) in codes  # known now: the blank one is told to set it
    assert not any(c[1] == element.id and c[0].startswith("stat-") for c in codes)


def test_cli_lists_exports_and_imports(tmp_path, capsys):
    assert main(["rules", "--unknown", "--format", "json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert any(r["item"] == "Light Cavalry" and r["status"] == "unknown" for r in rows)
    assert all(r["status"] in ("unknown", "provisional") for r in rows)
    club = tmp_path / "club.toml"
    club.write_text('[upgrades.agile_frame]\ncost = 2\nsource = "club: core p.62"\n')
    assert main(["rules", "import", str(club)]) == 0
    out = capsys.readouterr().out
    assert "Agile frame: cost: ? -> 2" in out and "--yes" in out
    assert not personal_rules_path().exists()  # shown, not written
    assert main(["rules", "import", str(club), "--yes"]) == 0
    assert _value("Agile frame", "cost").value == "2"
    assert _value("Agile frame", "cost").source == "club: core p.62"
    shared = tmp_path / "shared.toml"
    assert main(["rules", "export", str(shared)]) == 0
    assert "agile_frame" in shared.read_text()
    capsys.readouterr()
    assert main(["rules", "--no-personal-rules", "--format", "json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert next(r for r in rows if r["item"] == "Agile frame" and r["label"] == "cost")[
        "status"] == "unknown"


def test_event_preset_decides_for_the_organiser(tmp_path, capsys):
    """The organiser's batch check leaves the organiser's own rulebook out unless the preset
    says personal_rules_allowed."""
    enter_value(_value("Agile frame", "cost"), "2")
    main(["check", "--event", "oth-tournament", "--format", "json",
          str(EXAMPLES / "hvy-cav-battlegroup.toml")])
    layers = json.loads(capsys.readouterr().out)[0]["rules_layers"]
    assert [la["role"] for la in layers] == ["event preset"]
    preset = tmp_path / "p.toml"
    preset.write_text("[event]\nforce_cost = 15\npersonal_rules_allowed = true\n")
    main(["check", "--event", str(preset), "--format", "json",
          str(EXAMPLES / "hvy-cav-battlegroup.toml")])
    layers = json.loads(capsys.readouterr().out)[0]["rules_layers"]
    assert [la["role"] for la in layers] == ["your rulebook (personal rules)", "event preset"]


def test_an_ordinary_list_needs_no_text_editor():
    """Every conventional statline and every core mech upgrade cost entered (as the Rules
    screen does), an ordinary list is legal with no unknown-value warning, and each value
    used says it was entered by you."""
    for v in rule_values(_rules()):
        if v.group == "Element types" and v.label.endswith("statline") and v.status == "unknown" \
                and not v.item.startswith(("Gun-beast", "Gribbly")):
            enter_value(v, " ".join(["3"] * len(v.stats)))
        elif v.group == "Upgrades" and v.label == "cost" and v.status == "unknown":
            enter_value(v, "1")
    assert not [v for v in rule_values(_rules()) if v.status == "unknown"
                and v.group in ("Upgrades",) and v.label == "cost"]
    from horizon_builder.editing import add_element, default_element, set_command

    session = Session.new(force_cost=15, supplements=[])
    for type_id, presence in (("lt_cav", 2), ("lt_inf", 1), ("recon", 2), ("mech", 2)):
        element = default_element(session.ruleset, session.roster, type_id, presence)
        session.commit(add_element(session.roster, element), f"add {type_id}")
    mech = session.roster.elements[-1]
    session.commit(set_command(session.ruleset, session.roster, "chq",
                               session.roster.elements[0].id), "chq")
    report = session.report
    assert report.legal, [f.message for f in report.errors]
    unknown = {"stat-not-entered", "statline-unchecked", "pool-unknown", "upgrade-cost-unknown"}
    assert not {f.code for f in report.all_findings} & unknown
    assert any("entered by you" in v for v in report.entered_values)
    assert not report.changed_values  # entered core values are not house rules
    assert mech.stats  # a mech still spends its pool as before


def test_a_value_entered_with_its_own_source_is_entered_not_provisional(tmp_path, capsys):
    """Issue 24 item 1: whatever the player writes as the source ("my core book p.34"), a
    value from your rulebook has the status "entered" (the Rules screen, ``rules``, exports)
    and is no longer provisional: the verdict does not rest on it (RULES.md §0)."""
    enter_value(_value("Light Cavalry", "P2 statline"), "M5 F2 A2 D1", "my core book p.34")
    entered = _value("Light Cavalry", "P2 statline")
    assert (entered.status, entered.source) == ("entered", "my core book p.34")
    assert main(["rules"]) == 0
    assert "P2 statline = M5 F2 A2 D1  [entered; my core book p.34" in capsys.readouterr().out
    roster = tmp_path / "r.toml"
    roster.write_text('name = "Scouts"\nforce_cost = 10\n\n[[elements]]\nname = "Buggies"\n'
                      'type = "lt_cav"\npresence = 2\n[elements.stats]\nM = 4\nF = 2\nA = 2\n'
                      'D = 1\n')
    loaded = load(roster)
    assert not loaded.ruleset.element_types["lt_cav"].statlines[2].is_provisional
    from horizon_builder.checks import validate

    report = validate(loaded.roster, loaded.ruleset)
    differs = next(f for f in report.all_findings if f.code == "statline-differs")
    assert not differs.provisional  # the published line it is held against is yours, entered
    assert "entered from your rulebook my-rules.toml #" in differs.rule  # cited as entered,
    assert "changed by" not in differs.rule  # not as a house rule (issue 24 item 2)


def _roster(tmp_path: Path) -> Path:
    roster = tmp_path / "r.toml"
    roster.write_text((EXAMPLES / "hvy-cav-battlegroup.toml").read_text())
    return roster


def test_a_rulebook_that_only_fills_gaps_is_not_beyond_the_book(tmp_path, capsys):
    """Issue 24 item 2: a rulebook that only fills values the book data does not know is not a
    house rule: verdicts and printouts say how many core values it entered, and "beyond the
    book" is never said of it (RULES.md §0)."""
    enter_value(_value("Light Cavalry", "P2 statline"), "M5 F2 A2 D1")
    enter_value(_value("Agile frame", "cost"), "2")
    enter_value(_value("Light Cavalry", "P2 statline"), "M5 F2 A2 D1")  # again: one value
    assert _value("Engineer", "cost").status == "provisional"
    enter_value(_value("Engineer", "cost"), "1")  # a provisional value confirmed: entered too
    roster = _roster(tmp_path)
    [layer] = load(roster).ruleset.rules_layers
    assert not layer.beyond_book
    assert layer.entered == ["element_types.lt_cav.statlines.2.stats",
                             "upgrades.agile_frame.cost", "upgrades.engineer.cost"]
    assert main(["check", str(roster)]) == 0
    out = capsys.readouterr().out
    assert "core values entered from your rulebook: 3" in out
    assert "beyond the book" not in out
    for fmt in ("text", "markdown", "html"):
        assert main(["export", str(roster), "--format", fmt, "-o", str(tmp_path / f"r.{fmt}")]) == 0
        printed = (tmp_path / f"r.{fmt}").read_text()
        assert "core values entered from your rulebook: 3" in printed.replace("\n  ", " ")
        assert "beyond the book" not in printed.lower().replace("\n  ", " ")


def test_a_rulebook_that_changes_a_book_value_is_beyond_the_book(tmp_path, capsys):
    """Issue 24 item 2: a value the book data holds (Heavy Cavalry P3, OtH p.21) changed in your
    rulebook is a house rule: the verdict says "beyond the book" and names the file."""
    heavy = _value("Heavy Cavalry", "P3 statline")
    assert heavy.status == "book"
    personal_rules_path().parent.mkdir(parents=True)
    personal_rules_path().write_text('[element_types.hvy_cav.statlines.3]\nsource = "mine"\n'
                                     "[element_types.hvy_cav.statlines.3.stats]\n"
                                     "M = 5\nF = 5\nA = 4\nD = 1\n")
    roster = _roster(tmp_path)
    [layer] = load(roster).ruleset.rules_layers
    assert layer.beyond_book
    main(["check", str(roster)])
    assert "under rules beyond the book: my-rules.toml #" in capsys.readouterr().out


def test_the_organisers_check_still_names_the_rulebook(tmp_path, capsys):
    """Issue 24 item 2: under a preset that lets the organiser's rulebook apply, the event's
    check names it (file and path) even when it only enters core values."""
    enter_value(_value("Agile frame", "cost"), "2")
    preset = tmp_path / "p.toml"
    preset.write_text("[event]\nforce_cost = 15\npersonal_rules_allowed = true\n")
    main(["check", "--event", str(preset), "--format", "json",
          str(EXAMPLES / "hvy-cav-battlegroup.toml")])
    [checked] = json.loads(capsys.readouterr().out)
    mine = checked["rules_layers"][0]
    assert (mine["path"], mine["role"]) == (str(personal_rules_path()),
                                            "your rulebook (personal rules)")
    assert mine["entered"] == ["upgrades.agile_frame.cost"] and not mine["beyond_book"]


def test_the_app_strip_says_entered_not_rules_beyond(tmp_path):
    """Issue 24 item 2, on screen: the totals strip says "rulebook: 1 entered" (80 columns),
    not "rules + my-rules.toml", for a rulebook that only fills core values."""
    from horizon_builder.checks import validate
    from horizon_builder.tui.roster.figures import report_figures

    enter_value(_value("Agile frame", "cost"), "2")
    loaded = load(_roster(tmp_path))
    figures, tooltip = report_figures(validate(loaded.roster, loaded.ruleset))
    assert "rulebook: 1 entered" in figures.line2
    assert not any(part.startswith("rules +") for part in figures.line2)
    assert "Core values entered from your rulebook: 1 (my-rules.toml #" in tooltip


def test_a_table_stays_provisional_until_every_gap_of_it_is_entered():
    """Issue 24 item 1: a value entered stops counting as provisional, not its neighbours the
    book data inferred: a Mech pool with one Presence entered keeps the others provisional
    (OtH p.9, pools inferred), and the pool as a whole rests on them until all are entered."""
    pools = [v for v in rule_values(_rules()) if v.item == "Mech" and v.label.startswith("pool")]
    assert pools and all(v.status == "provisional" for v in pools)
    enter_value(pools[0], "14")
    after = {v.label: v.status for v in rule_values(_rules())
             if v.item == "Mech" and v.label.startswith("pool")}
    assert after[pools[0].label] == "entered"
    assert all(status == "provisional" for label, status in after.items()
               if label != pools[0].label)
    assert _rules().element_types["mech"].pool.is_provisional
    for v in pools[1:]:
        enter_value(_value("Mech", v.label), v.value)
    assert not _rules().element_types["mech"].pool.is_provisional
