"""A list's pin (issue "Event night" item 4; "Lists leave the terminal" item 4)."""

from horizon_builder.files.resources import example_rosters
from horizon_builder.roster.io import read_roster
from horizon_builder.roster.pin import pin, short_pin


def _example():
    return read_roster(next(p for p in example_rosters() if p.name == "hvy-cav-battlegroup.toml"))


def test_pin_is_sha256_hex_and_stable():
    roster = _example()
    value = pin(roster)
    assert len(value) == 64 and all(c in "0123456789abcdef" for c in value)
    assert pin(_example()) == value
    shown = short_pin(value)  # 140 bits in seven groups of four (issue 36 item 3; 48 bits before)
    assert len(shown) == 34 and shown.count("-") == 6
    assert short_pin(value[:35] + "0" * 29) == shown and short_pin("f" * 64) == "-".join(["zzzz"] * 7)


def test_pin_changes_with_content_not_with_layout():
    roster = _example()
    renamed = roster.model_copy(update={"name": roster.name + " II"})
    assert pin(renamed) != pin(roster)
    cheaper = roster.model_copy(update={"force_cost": roster.force_cost + 1})
    assert pin(cheaper) != pin(roster)
