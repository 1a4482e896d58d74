"""``diff``'s comparison in game terms (issue "Lists leave the terminal" item 5)."""

from __future__ import annotations

from horizon_builder.checks import validate
from horizon_builder.engine.diff import diff_reports, diff_text
from horizon_builder.files.resources import examples_dir
from horizon_builder.roster.io import read_roster
from horizon_builder.roster.models import UpgradeChoice
from horizon_builder.rules.loader import load_ruleset

LEGAL = examples_dir() / "hvy-cav-battlegroup.toml"


def _diff(before, after):  # type: ignore[no-untyped-def]
    rules = load_ruleset([])
    return diff_reports(validate(before, rules), validate(after, rules))


def test_a_list_typed_again_pairs_its_elements_by_name_when_ids_differ():
    before = read_roster(LEGAL)
    retyped = before.model_copy(update={"elements": tuple(
        e.model_copy(update={"id": f"new-{e.id}"}) for e in before.elements),
        "command": before.command.model_copy(update={"element": "new-chq"})})
    diff = _diff(before, retyped)
    assert not diff.added and not diff.removed and not diff.changed
    assert not diff.same  # the ids (references) did change: another pin


def test_upgrades_stats_and_command_changes_are_named():
    before = read_roster(LEGAL)
    elements = list(before.elements)
    warden = next(i for i, e in enumerate(elements) if e.name == "Warden")
    elements[warden] = elements[warden].model_copy(update={
        "stats": {**elements[warden].stats, "F": 6, "A": 4},
        "upgrades": (UpgradeChoice(id="engineer"),)})
    after = before.model_copy(update={"elements": tuple(elements), "command": before.command.model_copy(
        update={"element": "m1"})})
    diff = _diff(before, after)
    changed = next(line for line in diff.changed if line.startswith("Warden (Mech): "))
    assert "F 5 → 6" in changed and "A 5 → 4" in changed
    assert "+ Engineer" in changed
    assert diff.settings == ["command: Conventional CHQ Lancer Command → Conventional CHQ Warden"]
    # the old CHQ is no longer free (OtH p.17, p.62): each element whose FC moved says so
    assert any(line.startswith("Lancer Command (Heavy Cavalry): FC ") for line in diff.changed)
    text = diff_text(diff, "a.toml", "b.toml")
    assert "elements changed:" in text and "verdict: " in text.splitlines()[-1]
