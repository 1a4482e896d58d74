"""New Adventures (OtH p.49-54): situation, mission, disposition, margin of victory."""

from __future__ import annotations

from fractions import Fraction

import pytest
from helpers_oth import EXAMPLES, example_data, ruleset, run_cli

from horizon_builder.cli.main import main
from horizon_builder.engine.adventures import (
    AdventureError,
    allowance,
    battle_outcome,
    effective_disposition,
    format_fraction,
    margin_of_victory,
    mission_action,
    mission_purpose,
    opponent_terrain,
    reserve_turns,
    situation,
)

#: The printed Situation table (OtH p.52): loss, disposition, advance, reserve, terrain.
SITUATIONS = {
    1: (0, "poor", 0.50, 0.75, 6), 2: (0, "poor", 0.75, 0.50, 5), 3: (0, "poor", 0.40, 0.85, 4),
    4: (-1, "well", 0.55, 0.70, 3), 5: (-2, "well", 0.40, 0.85, 2), 6: (0, "well", 0.50, 0.075, 2),
    7: (-1, "well", 0.75, 0.50, 3), 8: (-1, "poor", 0.85, 0.40, 4), 9: (-2, "poor", 0.90, 0.35, 5),
    10: (-3, "poor", 1.00, 0.25, 6), 11: (-2, "well", 0.25, 1.00, 7),
}


@pytest.fixture(scope="module")
def tables():
    return ruleset().adventures


def test_situation_table_as_printed(tables):
    """Every Situation row 1-11 holds the book's numbers (OtH p.52)."""
    for roll, (loss, disp, adv, res, terrain) in SITUATIONS.items():
        row = tables.situations[roll]
        assert (row.loss, row.disposition, row.advance, row.reserve, row.terrain) == (
            loss, disp, adv, res, terrain), roll


def test_situation_12_is_a_pick(tables):
    """Roll 12: the player picks a row (OtH p.52)."""
    result = situation(tables, 12, 20)
    assert result.row.pick and result.advance is None and result.loss is None


def test_situation_loss_and_momentum(tables):
    """Loss reduces FP before the battle; momentum starts at FP less the P lost (OtH p.51)."""
    result = situation(tables, 10, 22, starting_momentum=22)
    assert result.loss == 3 and result.momentum_after_loss == 19


def test_situation_allowances_round_to_nearest(tables):
    """Advance and reserve: FP × fraction, rounded to the nearest point (OtH p.51)."""
    result = situation(tables, 4, 22)  # 22 × 0.55 = 12.1, 22 × 0.70 = 15.4
    assert (result.advance, result.reserve) == (12, 15)
    result = situation(tables, 3, 22)  # 22 × 0.40 = 8.8, 22 × 0.85 = 18.7
    assert (result.advance, result.reserve) == (9, 19)


def test_situation_allowances_are_shares_of_the_fp_after_the_loss(tables):
    """Advance and reserve are shares of the FP left after the Situation's loss: the loss is a
    reduction in FP (OtH p.51) and only the IR is said to use FP before losses (OtH p.50); a
    tournament applies losses before dividing the force (OtH p.47). Our reading (README)."""
    result = situation(tables, 10, 22)  # Beaten: loss 3, 19 × 1.00 and 19 × 0.25 = 4.75
    assert (result.allowance_fp, result.advance, result.reserve) == (19, 19, 5)
    result = situation(tables, 9, 20)  # Full retreat: loss 2, 18 × 0.90 = 16.2, 18 × 0.35 = 6.3
    assert (result.advance, result.reserve) == (16, 6)
    as_mustered = tables.model_copy(update={"allowance_fp": "as_mustered"})
    result = situation(as_mustered, 10, 22)  # 22 × 1.00, 22 × 0.25 = 5.5
    assert (result.allowance_fp, result.advance, result.reserve) == (22, 22, 6)


def test_situation_allowance_halves_round_away_from_zero():
    """Our stated rule for an exact half: away from zero (book silent, OtH p.51): 11 × 0.5 → 6."""
    assert allowance(11, 0.50) == 6
    assert allowance(10, 0.55) == 6  # exactly 5.5, not float 5.500000000000001 luck
    assert allowance(10, 0.85) == 9  # exactly 8.5
    assert allowance(10, 0.25) == 3  # exactly 2.5
    assert allowance(0, 0.75) == 0


def test_situation_row6_reserve_shown_as_printed_with_warning(tables):
    """Row 6's reserve is 0.075 as printed, with a warning that 0.75 was likely meant (OtH p.52)."""
    row = tables.situations[6]
    assert row.reserve == 0.075 and format_fraction(row.reserve) == "0.075"
    result = situation(tables, 6, 20)
    assert result.reserve == 2  # 20 × 0.075 = 1.5 → 2
    assert result.warnings and "0.75" in result.warnings[0]
    sums = {Fraction(repr(r.advance)) + Fraction(repr(r.reserve))
            for n, r in tables.situations.items() if n not in (6, 12)}
    assert sums == {Fraction(5, 4)}


def test_situation_roll_out_of_range(tables):
    """Only rolls 1-12 exist (OtH p.52)."""
    with pytest.raises(AdventureError):
        situation(tables, 13, 20)


def test_disposition_effects_table(tables):
    """Reserves arrive from turn ... well or poorly disposed (OtH p.51)."""
    well = {e.reserve: t for e, t in reserve_turns(tables, "well")}
    poor = {e.reserve: t for e, t in reserve_turns(tables, "poor")}
    assert well == {"Air reserves": 1, "Deep deployment reserves": 2, "Other reserves": 2,
                    "Indirect fire from reserves": 1}
    assert poor == {"Air reserves": 3, "Deep deployment reserves": 4, "Other reserves": 3,
                    "Indirect fire from reserves": 2}


def test_intelligence_takes_priority_over_situation_disposition(tables):
    """Intelligence effects take priority over the Situation (OtH p.50-51)."""
    assert effective_disposition(tables, "poor", "Excellent") == "well"
    assert effective_disposition(tables, "well", "Very poor") == "poor"
    assert effective_disposition(tables, "poor", "Good") == "poor"
    assert situation(tables, 4, 20, intelligence_quality="Poor").disposition == "poor"


@pytest.mark.parametrize(("roll", "name", "size"), [
    (1, "Advance", (6, 6)), (3, "Advance", (6, 6)), (4, "Hold", (6, 18)), (6, "Hold", (6, 18)),
    (7, "Patrol", (6, 12)), (9, "Patrol", (6, 12)), (10, "Withdraw", (12, 12)),
    (12, "Withdraw", (12, 12)),
])
def test_mission_action_deployment_space(tables, roll, name, size):
    """The Action roll sets the deployment space size (OtH p.53)."""
    action = mission_action(tables, roll)
    assert (action.name, action.deployment) == (name, size)


@pytest.mark.parametrize(("roll", "name"), [
    (1, "Destroy"), (5, "Protect"), (8, "Fix"), (12, "Disrupt"),
])
def test_mission_purpose(tables, roll, name):
    """The Purpose roll (OtH p.53)."""
    assert mission_purpose(tables, roll).name == name


def test_mission_roll_out_of_range(tables):
    """Action and Purpose are d12 rolls (OtH p.53)."""
    with pytest.raises(AdventureError):
        mission_action(tables, 0)
    with pytest.raises(AdventureError):
        mission_purpose(tables, 13)


@pytest.mark.parametrize(("left", "start", "band"), [
    (1, 20, "Pyrrhic"), (2, 20, "Pyrrhic"),  # exactly 10%: pyrrhic (the book says ≤10%)
    (3, 20, "Marginal"), (4, 20, "Marginal"),
    (5, 20, "Decisive"),  # exactly 25%: our choice, decisive
    (9, 20, "Decisive"),
    (10, 20, "Utter"),  # exactly 50%: utter (≥50%)
    (20, 20, "Utter"),
])
def test_margin_of_victory_bands(tables, left, start, band):
    """Margin of victory from momentum left as a share of the start (OtH p.49)."""
    assert margin_of_victory(tables, left, start).name == band


def test_margin_of_victory_needs_starting_momentum(tables):
    """A share of nothing is undefined (OtH p.49)."""
    with pytest.raises(AdventureError):
        margin_of_victory(tables, 1, 0)


# --- CLI ------------------------------------------------------------------------------------


def test_adventure_cli_prints_the_setup(capsys):
    """`horizon-builder adventure FILE --situation N --action N --purpose N` (OtH p.49-54)."""
    path = EXAMPLES / "oth-strategic-assets.toml"
    status = main(["adventure", str(path), "--situation", "4", "--action", "8", "--purpose", "2",
                   "--momentum-left", "10"])
    out = capsys.readouterr().out
    assert status == 0
    assert "Situation 4: Open warfare" in out
    assert "loss: 1 FP" in out
    assert "advance force: up to 12 FP (21 × 0.55: FP 22 less the 1 lost)" in out
    assert "reserve force: up to 15 FP (21 × 0.70: FP 22 less the 1 lost)" in out
    assert "terrain pieces: 3" in out
    assert "Action 8: Patrol" in out and '6" x 12"' in out
    assert "Purpose 2: Destroy" in out
    assert "Margin of victory: Decisive" in out  # 10 of 21 = 48%


def test_adventure_cli_row6_warning(capsys):
    """The CLI shows row 6's reserve as printed, with the misprint warning (OtH p.52)."""
    status = main(["adventure", str(EXAMPLES / "oth-weird.toml"), "--situation", "6"])
    out = capsys.readouterr().out
    assert status == 0
    assert "× 0.075)" in out and "WARNING" in out and "0.75" in out


def test_adventure_cli_pick_lists_every_row(capsys):
    """Situation 12 lists every row to pick from (OtH p.52)."""
    main(["adventure", str(EXAMPLES / "oth-weird.toml"), "--situation", "12"])
    out = capsys.readouterr().out
    for roll in range(1, 12):
        assert f"\n  {roll:>2}" in out


def test_adventure_cli_bad_roll(tmp_path):
    """A roll outside the table is an error message with exit status 2, not a traceback."""
    status, _, err = run_cli(tmp_path, example_data("oth-weird.toml"), "--situation", "13",
                             command="adventure")
    assert status == 2 and "no Situation row" in err


def test_adventure_cli_intelligence_overrides_disposition(capsys):
    """The CLI shows the Intelligence effect, which takes priority over the Situation (OtH p.50-51)."""
    main(["adventure", str(EXAMPLES / "oth-weird.toml"), "--situation", "4"])  # IR -3: Poor
    out = capsys.readouterr().out
    assert "Intelligence: Poorly disposed" in out
    assert "disposition: poorly disposed (Intelligence Poor overrides the Situation's well disposed)" in out


# --- who has won (OtH p.49) -------------------------------------------------------------


@pytest.mark.parametrize("left", [0, -1, -7])
def test_margin_of_victory_only_for_a_winner(tables, left):
    """A commander on 0 momentum or less has not won (OtH p.49): no margin, never a share."""
    with pytest.raises(AdventureError, match="has not won"):
        margin_of_victory(tables, left, 20)


@pytest.mark.parametrize(("left", "other", "result"), [
    (0, 3, "defeat"), (-2, 1, "defeat"),  # the other still has momentum: they won
    (0, 0, "stalemate"), (-1, -3, "stalemate"),  # both out of momentum
    (4, 0, "victory"), (1, -2, "victory"),  # at least 1 while the other has none
    (4, 2, "undecided"),  # both still have momentum: nobody has won yet
    (0, None, "not won"), (-3, None, "not won"), (6, None, "victory"),
])
def test_battle_outcome_from_both_commanders_momentum(tables, left, other, result):
    """Win with at least 1 momentum when the other has 0 or less; both on 0 is a stalemate
    (OtH p.49)."""
    outcome = battle_outcome(tables, left, 20, other)
    assert outcome.result == result
    assert (outcome.band is not None) == (result == "victory")


@pytest.mark.parametrize("left", ["0", "-3"])
def test_adventure_cli_out_of_momentum_has_no_margin(capsys, left):
    """`--momentum-left 0` (or less) prints that the commander has not won, no margin and no
    percentage (OtH p.49)."""
    status = main(["adventure", str(EXAMPLES / "oth-strategic-assets.toml"), "--situation", "4",
                   "--momentum-left", left])
    out = capsys.readouterr().out
    assert status == 0
    assert "Margin of victory" not in out and "Pyrrhic" not in out and "%" not in out
    assert f"not won ({left} of 21 momentum left" in out


@pytest.mark.parametrize(("left", "other", "says"), [
    ("0", "4", "Outcome: defeat"), ("0", "0", "Outcome: stalemate"), ("-1", "-2", "Outcome: stalemate"),
    ("5", "0", "Margin of victory: Marginal (5 of 21 momentum left, 24%; the opponent on 0)"),
    ("5", "2", "Outcome: no result yet"),
])
def test_adventure_cli_outcome_with_the_opponents_momentum(capsys, left, other, says):
    """With both commanders' momentum the CLI says victory, defeat or stalemate (OtH p.49)."""
    status = main(["adventure", str(EXAMPLES / "oth-strategic-assets.toml"), "--situation", "4",
                   "--momentum-left", left, "--opponent-momentum-left", other])
    assert status == 0 and says in capsys.readouterr().out


def test_margin_of_exactly_25_percent_says_it_is_our_reading(tables):
    """The book's bands share 25% (10-25%, 25-50%, OtH p.49): exactly 25% is Decisive by our
    reading (README), and the line says so; 10% and 50% are printed edges and say nothing."""
    text = battle_outcome(tables, 5, 20).text()
    assert text.startswith("Margin of victory: Decisive (5 of 20 momentum left, 25%; exactly 25% "
                           "is Decisive by our reading)")
    for left in (2, 10, 6):
        assert "our reading" not in battle_outcome(tables, left, 20).text()


def test_adventure_cli_opponent_momentum_needs_own(tmp_path):
    """The opponent's momentum alone decides nothing: an error, exit 2."""
    status, _, err = run_cli(tmp_path, example_data("oth-weird.toml"), "--situation", "4",
                             "--opponent-momentum-left", "3", command="adventure")
    assert status == 2 and "--momentum-left" in err


# --- numbers a player acts on (OtH p.50, p.52-53) ------------------------------------------


@pytest.mark.parametrize(("terrain", "theirs"), [(2, 1), (3, 2), (5, 3), (6, 3), (7, 4)])
def test_very_poor_intelligence_opponent_places_half_the_terrain_rounded_up(terrain, theirs):
    """Very poor intelligence: the opponent places half your terrain, rounded up (OtH p.50)."""
    rs = ruleset()
    very_poor, good = rs.intelligence.bands[0], rs.intelligence.bands[2]
    assert very_poor.quality == "Very poor" and very_poor.opponent_places_deployment
    assert opponent_terrain(very_poor, terrain) == theirs
    assert opponent_terrain(good, terrain) is None


def test_adventure_cli_prints_how_many_terrain_pieces_the_opponent_places(capsys):
    """The CLI prints the number, not only the rule: IR -5 (Very poor), Situation 2's 5 terrain
    pieces: the opponent places 3, and the deployment space (OtH p.50, p.52)."""
    status = main(["adventure", str(EXAMPLES / "hvy-cav-battlegroup.toml"), "--situation", "2"])
    out = capsys.readouterr().out
    assert status == 0 and "IR -5 Very poor" in out
    assert "terrain pieces: 5 (your opponent places 3 of them: half, rounded up" in out
    assert "Deployment: 1 space (1 for 8 elements on the table, OtH p.53); your opponent places it" in out


def test_adventure_cli_pick_list_counts_the_opponents_terrain(capsys):
    """Situation 12's list gives each row's pieces the opponent places too (OtH p.50, p.52)."""
    main(["adventure", str(EXAMPLES / "hvy-cav-battlegroup.toml"), "--situation", "12"])
    out = capsys.readouterr().out
    assert "terrain 7 (4 placed by your opponent)" in out  # row 11
    assert "terrain 2 (1 placed by your opponent)" in out  # rows 5, 6


def test_situation_with_the_p_actually_lost(tables):
    """Losing a P3 element for a loss of 2 (OtH p.51): momentum and the allowances follow the P
    actually lost; less than the loss, or more than the FP, is an error."""
    result = situation(tables, 5, 22, starting_momentum=22, lost=3)  # High intensity: loss 2
    assert (result.momentum_after_loss, result.allowance_fp, result.advance) == (19, 19, 8)
    for lost in (1, 23):
        with pytest.raises(AdventureError, match="at least the Situation's loss of 2"):
            situation(tables, 5, 22, lost=lost)


def test_adventure_cli_lost(capsys, tmp_path):
    """`adventure --lost P` works the set-up and the margin from the P actually lost (OtH p.49,
    p.51); a P under the loss is an error with exit status 2."""
    status = main(["adventure", str(EXAMPLES / "oth-strategic-assets.toml"), "--situation", "5",
                   "--lost", "3", "--momentum-left", "5"])
    out = capsys.readouterr().out
    assert status == 0
    assert "loss: 2 FP before the battle; P 3 lost (momentum 22 less 3: 19)" in out
    assert "advance force: up to 8 FP (19 × 0.40: FP 22 less the 3 lost)" in out
    assert "(5 of 19 momentum left, 26%)" in out
    status, _, err = run_cli(tmp_path, example_data("oth-strategic-assets.toml"), "--situation",
                             "5", "--lost", "1", command="adventure")
    assert status == 2 and "at least the Situation's loss of 2" in err


def test_adventure_cli_lost_by_name_momentum_from_what_remains(capsys, tmp_path):
    """Issue 33 item 2 (OtH p.20, p.24, p.49-52): name the elements lost and momentum and the
    margin come from the force that remains. Bluestreak is a P2 metaformer with one metaform:
    FP 3, but it counts only its baseform's P2 for momentum, so 13 less 2 leaves 11, not 10;
    the allowances take its FP 3."""
    status = main(["adventure", str(EXAMPLES / "oth-metaformers.toml"), "--situation", "5",
                   "--lost", "bluestreak", "--momentum-left", "5"])
    out = capsys.readouterr().out
    assert status == 0, out
    assert "loss: 2 FP before the battle; Bluestreak lost (FP 3) (momentum 13 less 2: 11)" in out
    assert "(5 of 11 momentum left" in out
    assert "advance force: up to 6 FP (15 × 0.40: FP 18 less the 3 lost)" in out
    # only a number: which momentum it allows is said, the FP-for-momentum reading kept
    main(["adventure", str(EXAMPLES / "oth-metaformers.toml"), "--situation", "5", "--lost", "3"])
    out = capsys.readouterr().out
    assert "P 3 lost (momentum 13 less 3: 10)" in out
    assert "could leave momentum 10 or 11" in out and "--lost NAME" in out
    status, _, err = run_cli(tmp_path, example_data("oth-metaformers.toml"), "--situation", "5",
                             "--lost", "Nobody", command="adventure")
    assert status == 2 and "no such element" in err and "Bluestreak" in err


def test_momentum_readings_are_an_exact_search() -> None:
    """Every momentum elements of exactly that FP could carry (OtH p.20, p.24)."""
    from types import SimpleNamespace

    from horizon_builder.engine.adventures import momentum_readings
    meta = SimpleNamespace(fp=3, momentum=2)  # a P2 metaformer with one metaform
    tank = SimpleNamespace(fp=3, momentum=3)
    drone = SimpleNamespace(fp=2, momentum=1)  # a P2 element carrying Mk 1 drones
    rifles = SimpleNamespace(fp=1, momentum=1)
    found = momentum_readings([meta, tank, drone, rifles], 3)  # type: ignore[list-item]
    assert found == (2, 3)  # (drone + rifles also loses 2)
    assert momentum_readings([tank], 2) == ()  # type: ignore[list-item]


def test_adventure_cli_no_loss_says_none(capsys):
    """A Situation with no loss (OtH p.52, row 1) says so, with the starting momentum: no
    arithmetic on 0 (OtH p.51)."""
    main(["adventure", str(EXAMPLES / "oth-weird.toml"), "--situation", "1"])
    assert "  loss: none (starting momentum 17)" in capsys.readouterr().out


def test_adventure_cli_counts_the_deployment_spaces(capsys):
    """Deployment spaces are printed with what they come from, without an Action roll: one per
    full 10 elements (at least 1), +1 for Excellent intelligence (OtH p.50, p.53)."""
    main(["adventure", str(EXAMPLES / "oth-metaformers.toml"), "--situation", "1"])
    out = capsys.readouterr().out
    assert ("Deployment: 2 spaces (1 for 5 elements on the table, OtH p.53; +1 for Excellent "
            "intelligence, OtH p.50)") in out
    assert "terrain pieces: 6\n" in out  # Excellent: you place your own
