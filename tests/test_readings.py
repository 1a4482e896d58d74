"""The readings of the book the README writes down (README: "Readings"), pinned.

Where Over the Horizon is open to more than one reading the tool chooses; each test
here fixes one choice, cites the page, and names the README entry. Readings pinned
with their own rule elsewhere: the margin at exactly 25% (test_oth_new_adventures:
margin bands), the Situation 6 reserve of 0.075 (test_oth_new_adventures: row 6),
advance and reserve after losses (test_oth_new_adventures), the superflyer upgrade
limit (test_oth_superweapons), aircraft metaforms in a solo game (test_oth_solitaire),
stepping down in Swiss pairing (test_event: round three).
"""

from __future__ import annotations

import copy

import pytest
from helpers_oth import base, check, codes, example_data, find, ruleset

from horizon_builder.engine.totals import intelligence_band, intelligence_rating

STRIKE = {"id": "bs", "name": "Missile Allocation", "type": "ballistic_strike", "presence": 3}
RIFLES = {"type": "lt_inf", "presence": 1, "stats": {"M": 3, "F": 2, "A": 2, "D": 2}}


@pytest.mark.parametrize(("fc", "fp", "rating", "quality"), [
    (16, 20, -3, "Poor"),  # 10 × (1 − 20/16) = −2.5 exactly
    (4, 5, -3, "Poor"),
    (16, 12, 3, "Excellent"),  # +2.5 exactly
])
def test_reading_an_ir_of_exactly_a_half_rounds_away_from_zero(fc, fp, rating, quality):
    """IR is rounded to the nearest whole number (OtH p.50); the book does not say how a half
    goes. Away from zero, like every other rounding here: −2.5 is −3, Poor (poorly disposed),
    not −2, Good."""
    rs = ruleset()
    assert intelligence_rating(fc, fp) == rating
    assert intelligence_band(rs.intelligence, rating).quality == quality


def test_reading_a_ballistic_strike_is_no_element_for_deployment_spaces():
    """Deployment spaces come from elements on the table (OtH p.53); a ballistic strike is P0
    for everything but FC (OtH p.38): 19 elements and a strike make 1 space, not 2."""
    data = base()
    data["elements"] += [dict(copy.deepcopy(RIFLES), id=f"r{i}", name=f"Rifles {i}")
                         for i in range(14)]
    data["elements"].append(dict(STRIKE))
    totals = check(data).totals
    assert (totals.element_count, totals.deployment_spaces) == (19, 1)


def test_reading_two_ballistic_strikes_in_one_task_force_is_an_error():
    """One strategic ballistic strike per force (OtH p.38); a
    Task Force list is that commander's force for the event (OtH p.45-46), and no round could
    field a second: two in the list is an error, one in a round is fine."""
    data = example_data("tournament-task-force.toml")
    data["supplements"] = ["strategic_assets"]
    data["elements"] += [dict(STRIKE), dict(STRIKE, id="bs2", name="Second Allocation")]
    report = check(data)
    over = find(report, "type-over-limit")
    assert over and over[0].severity == "error" and over[0].round is None
    assert "2 × Strategic ballistic strike" in over[0].message
    data["elements"] = [e for e in data["elements"] if e["id"] != "bs2"]
    data["rounds"][1]["elements"].append("bs")
    assert "type-over-limit" not in codes(check(data))


def test_reading_situation_6_reserve_as_printed_can_be_read_as_075(tmp_path):
    """Row 6's reserve is used as printed, 0.075, with a warning (OtH p.52); an organiser who
    reads 0.75 sets it, and the warning, in a rules file (README)."""
    from horizon_builder.engine.adventures import situation
    from horizon_builder.rules.loader import load_ruleset

    shipped = situation(ruleset().adventures, 6, 20)
    assert shipped.reserve == 2 and shipped.warnings  # 20 × 0.075 = 1.5
    house = tmp_path / "row6.toml"
    house.write_text('[adventures.situations.6]\nreserve = 0.75\nwarning = ""\n', encoding="utf-8")
    read = situation(load_ruleset([house]).adventures, 6, 20)
    assert read.reserve == 15 and not read.warnings
