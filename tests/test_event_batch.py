"""Event presets and the organiser's batch check (OtH p.45-48, "Tournament rules"):
``horizon-builder presets`` and ``horizon-builder check --event PRESET PATH...``."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest

from horizon_builder.cli.main import main
from horizon_builder.event.batch import read_preset
from horizon_builder.problems import LoadError
from horizon_builder.resources import event_presets, find_preset

EXAMPLES = Path(__file__).parent.parent / "examples"
# a Task Force (a battlegroup entered in a tournament is an error, OtH p.46)
LEGAL_AT_16 = (EXAMPLES / "oth-biowar.toml").read_text().replace('kind = "battlegroup"',
                                                                 'kind = "task_force"')  # FC 16, legal


def _list(folder: Path, name: str, commander: str, text: str = LEGAL_AT_16) -> Path:
    path = folder / f"{name.lower().replace(' ', '-')}.toml"
    text = text.replace('name = "Brood of Tesbury Vale"', f'name = "{name}"\ncommander = "{commander}"')
    path.write_text(text)
    return path


@pytest.fixture
def event_folder(tmp_path: Path) -> Path:
    """Twelve lists for a FC 16 event: eight legal (one in a sub-folder), one over budget, one
    built to the wrong FC, one with its own house rules, one that cannot be read."""
    lists = tmp_path / "lists"
    (lists / "late").mkdir(parents=True)
    for i in range(7):
        _list(lists, f"Brood {i + 1}", f"Player {i + 1}")
    _list(lists / "late", "Brood 8", "Player 8")
    _list(lists, "Greedy", "Player 9", LEGAL_AT_16.replace("presence = 1", "presence = 2", 1))
    _list(lists, "Wrong FC", "Player 10", LEGAL_AT_16.replace("force_cost = 16", "force_cost = 18"))
    (lists / "house.toml.rules").write_text("[command_resources]\nper_elements = 1\n")
    _list(lists, "House", "Player 11", 'overrides = "house.toml.rules"\n' + LEGAL_AT_16)
    (lists / "broken.toml").write_text('name = "Broken\nforce_cost = 16\n')
    return lists


def _run(capsys, *args: str) -> tuple[int, str]:
    status = main(["check", *args])
    return status, capsys.readouterr().out


def test_shipped_presets_are_listed_and_load(capsys):
    """At least the book's plain tournament and a stricter one ship (OtH p.45-48)."""
    names = [p.stem for p in event_presets()]
    assert {"oth-tournament", "competitive"} <= set(names)
    for path in event_presets():
        event = read_preset(path)
        assert event.force_cost and (event.rounds or 3) >= 3  # never fewer than three (p.45)
    main(["presets"])
    out = capsys.readouterr().out
    assert "oth-tournament" in out and "FC 16" in out and "competitive" in out


def test_competitive_preset_holds_the_books_organiser_options():
    event = read_preset(find_preset("competitive"))
    assert event.supertank_min_stat == 2  # OtH p.9
    assert event.superheavy_max_presence == 6  # OtH p.17
    assert event.table == "4x4" and not event.house_rules_allowed


@pytest.mark.parametrize(("text", "key"), [
    ("[event]\nforce_cost = 16\nbogus = 1\n", "event.bogus"),
    ("[event]\nforce_cost = 0\n", "event.force_cost"),
    ("[event]\nforce_cost = 16\nfp_per_fc = 0\n", "event.fp_per_fc"),
    ("[event]\nforce_cost = 16\nrounds = 2\n", "event.rounds"),  # at least three (OtH p.45)
    ("[event]\nname = \"No FC\"\n", "event.force_cost"),
])
def test_bad_preset_is_a_located_error(tmp_path, capsys, text, key):
    preset = tmp_path / "bad.toml"
    preset.write_text(text)
    with pytest.raises(LoadError) as caught:
        read_preset(preset)
    assert key in str(caught.value) and "bad.toml" in str(caught.value)
    assert main(["check", "--event", str(preset), str(EXAMPLES / "oth-biowar.toml")]) == 2


def test_batch_check_text_table(event_folder, capsys):
    status, out = _run(capsys, "--event", "oth-tournament", str(event_folder))
    assert status == 2  # some list unreadable
    assert "Over the Horizon tournament: FC 16, 12 lists" in out
    assert "8 legal, 3 not legal, 1 unreadable" in out
    rows = {line.split()[0].rsplit("/", 1)[-1]: line for line in out.splitlines()[2:-1]}
    assert "LEGAL" in rows["brood-8.toml"] and "Player 8" in rows["brood-8.toml"]
    assert "built to FC 18" in rows["wrong-fc.toml"]
    assert "NOT LEGAL" in rows["house.toml"] and "own rules file" in rows["house.toml"]
    assert "UNREADABLE" in rows["broken.toml"]


def test_batch_check_json_and_csv(event_folder, capsys):
    status, out = _run(capsys, "--event", "oth-tournament", "--format", "json", str(event_folder))
    data = json.loads(out)
    assert status == 2 and len(data) == 12
    broken = next(d for d in data if d["path"].endswith("broken.toml"))
    assert broken["legal"] is False and "broken.toml:1" in broken["load_errors"][0]
    house = next(d for d in data if d["path"].endswith("house.toml"))
    assert "event-house-rules" in {f["code"] for f in house["findings"]}
    # judged without its rules file: only the event preset is named
    assert [la["role"] for la in house["rules_layers"]] == ["event preset"]
    status, out = _run(capsys, "--event", "oth-tournament", "--format", "csv", str(event_folder))
    rows = list(csv.DictReader(io.StringIO(out)))
    assert len(rows) == 12 and rows[0].keys() >= {"file", "name", "commander", "verdict"}
    assert sum(r["verdict"] == "LEGAL" for r in rows) == 8


def test_exit_status_one_when_only_illegal(event_folder, capsys):
    (event_folder / "broken.toml").unlink()
    assert _run(capsys, "--event", "oth-tournament", str(event_folder))[0] == 1
    for name in ("greedy.toml", "wrong-fc.toml", "house.toml"):
        (event_folder / name).unlink()
    assert _run(capsys, "--event", "oth-tournament", str(event_folder))[0] == 0


def test_preset_may_allow_house_rules(event_folder, tmp_path, capsys):
    preset = tmp_path / "friendly.toml"
    preset.write_text('[event]\nname = "Friendly"\nforce_cost = 16\nhouse_rules_allowed = true\n')
    _status, out = _run(capsys, "--event", str(preset), "--format", "json",
                        str(event_folder / "house.toml"))
    [house] = json.loads(out)
    assert "event-house-rules" not in {f["code"] for f in house["findings"]}
    assert [la["role"] for la in house["rules_layers"]] == [
        "the roster's own house rules (overrides)", "event preset"]


def test_event_preset_rules_for_a_list(tmp_path, capsys):
    """Supplements and era the event allows (organiser's choices, OtH p.45-48)."""
    preset = tmp_path / "strict.toml"
    preset.write_text('[event]\nforce_cost = 16\nsupplements = ["superweapons"]\n'
                      'era = "era3"\n')
    status, out = _run(capsys, "--event", str(preset), "--format", "json",
                       str(EXAMPLES / "oth-biowar.toml"))
    codes = {f["code"] for f in json.loads(out)[0]["findings"]}
    assert {"event-supplement", "event-era"} <= codes and status == 1


def test_csv_needs_an_event(capsys):
    assert main(["check", "--format", "csv", str(EXAMPLES / "oth-biowar.toml")]) == 2


def test_hostile_names_stay_in_their_cells(tmp_path, capsys):
    """A name with control characters or a formula never breaks the table or a spreadsheet."""
    lists = tmp_path / "lists"
    lists.mkdir()
    text = LEGAL_AT_16.replace('name = "Brood of Tesbury Vale"',
                               'name = "=HYPERLINK(1)\\u001b]0;x\\u0007"\ncommander = "a\\nb"')
    (lists / "evil.toml").write_text(text)
    _status, out = _run(capsys, "--event", "oth-tournament", str(lists))
    assert "\x1b" not in out and "\x07" not in out
    assert len(out.splitlines()) == 4  # heading, column names, one row, summary
    _status, out = _run(capsys, "--event", "oth-tournament", "--format", "csv", str(lists))
    row = next(csv.DictReader(io.StringIO(out)))
    assert row["name"].startswith("'=HYPERLINK") and "\x1b" not in row["name"]


def test_task_force_check_reports_fp_against_its_limit(capsys):
    """A Task Force is judged by its FP against the limit (OtH p.46): check says that, with no
    FC-over-budget pair or Intelligence Rating, which mean something only per round."""
    main(["check", "--format", "json", str(EXAMPLES / "tournament-task-force.toml")])
    data = json.loads(capsys.readouterr().out)[0]
    assert (data["force_presence"], data["force_presence_limit"]) == (17, 24)
    assert data["tournament_force_cost"] == 12 and data["force_cost_limit"] is None
    assert data["intelligence_rating"] is None and data["rounds"][0]["intelligence_rating"] == -6
    main(["check", str(EXAMPLES / "tournament-task-force.toml")])
    out = capsys.readouterr().out
    assert "Task Force FP 17/24" in out and "IR" not in out.splitlines()[1]


def test_preset_round_length_and_fp_multiple_are_used(tmp_path, capsys):
    preset = tmp_path / "p.toml"
    preset.write_text("[event]\nforce_cost = 12\nfp_per_fc = 3\nround_minutes = 90\n")
    main(["check", "--event", str(preset), "--format", "json",
          str(EXAMPLES / "tournament-task-force.toml")])
    data = json.loads(capsys.readouterr().out)[0]
    assert data["force_presence_limit"] == 36 and data["round_length_minutes"] == 90
