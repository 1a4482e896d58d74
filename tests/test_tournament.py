"""Tournament Task Forces and rounds (OtH p.45-48)."""

from __future__ import annotations

from builders import codes, element, roster

from horizon_builder.checks import validate
from horizon_builder.roster.models import Command

HVY_CAV = {"M": 4, "F": 5, "A": 5, "D": 1}
LT_INF = {"M": 3, "F": 2, "A": 2, "D": 2}


def task_force(*rounds, force_cost=6, elements=None):
    elements = elements or [
        element("hvy_cav", 3, "Command", id="c", stats=dict(HVY_CAV)),
        element("hvy_cav", 3, "Tank", id="t", stats=dict(HVY_CAV)),
        element("lt_inf", 1, "Rifles", id="r", stats=dict(LT_INF)),
        element("lt_inf", 1, "Scouts", id="s", stats=dict(LT_INF)),
    ]
    return roster(*elements, force_cost=force_cost, kind="task_force", rounds=list(rounds))


def test_task_force_presence_at_most_twice_fc(ruleset):
    """A Task Force's FP may not exceed twice the tournament FC (OtH p.46)."""
    ok = validate(task_force(force_cost=4), ruleset)
    assert "tf-presence-over-limit" not in codes(ok)
    over = validate(task_force(force_cost=3), ruleset)
    assert "tf-presence-over-limit" in codes(over, "error")


def test_task_force_has_no_fc_budget_check(ruleset):
    """The TF's total cost is not limited by the FC; each round's battlegroup is (OtH p.46)."""
    report = validate(task_force(force_cost=4), ruleset)
    assert "fc-over-budget" not in codes(report)


def test_round_battlegroup_limited_to_fc(ruleset):
    """Each round builds a battlegroup of TF elements up to the FC (OtH p.46)."""
    r = task_force({"name": "Round 1", "elements": ["c", "t", "r", "s"],
                    "command": {"kind": "chq", "element": "r"}}, force_cost=4)
    report = validate(r, ruleset)
    over = [f for f in report.errors if f.code == "fc-over-budget"]
    assert over and over[0].round == "Round 1" and over[0].message.startswith("Round 1:")


def test_round_chooses_its_own_chq_and_cr(ruleset):
    """CHQ and CR are chosen per round, not in the TF list (OtH p.46)."""
    r = task_force({"name": "R1", "elements": ["c", "r"], "command": {"kind": "chq", "element": "c"}},
                   {"name": "R2", "elements": ["t", "r", "s"],
                    "command": {"kind": "chq", "element": "t"}}, force_cost=4)
    report = validate(r, ruleset)
    assert report.legal
    fc = [sub.totals.force_cost for sub in report.round_reports]
    assert fc == [1, 2]  # the CHQ is free each round


def test_task_force_list_does_not_choose_chq(ruleset):
    r = task_force(force_cost=4)
    r = r.model_copy(update={"command": Command(kind="chq", element="c")})
    assert "tf-command-per-round" in codes(validate(r, ruleset), "warning")


def test_benched_element_cannot_return(ruleset):
    """An element destroyed in a round is benched for later rounds (OtH p.46)."""
    r = task_force({"name": "R1", "elements": ["c", "t"], "destroyed": ["t"],
                    "command": {"kind": "chq", "element": "c"}},
                   {"name": "R2", "elements": ["c", "t"], "command": {"kind": "chq", "element": "c"}},
                   force_cost=4)
    report = validate(r, ruleset)
    benched = [f for f in report.errors if f.code == "tf-benched-element"]
    assert len(benched) == 1 and benched[0].round == "R2" and benched[0].element == "t"


def test_round_element_listed_twice(ruleset):
    r = task_force({"name": "R1", "elements": ["c", "c"], "command": {"kind": "chq", "element": "c"}},
                   force_cost=4)
    assert "tf-round-duplicate" in codes(validate(r, ruleset), "error")


def test_element_faults_reported_once_for_the_task_force(ruleset):
    """A fault in a TF element is said once, not again in every round that fields it."""
    r = task_force({"name": "R1", "elements": ["c", "x"], "command": {"kind": "chq", "element": "c"}},
                   {"name": "R2", "elements": ["c", "x"], "command": {"kind": "chq", "element": "c"}},
                   force_cost=8,
                   elements=[element("hvy_cav", 3, "Command", id="c", stats=dict(HVY_CAV)),
                             element("mech", 2, "Overbuilt", id="x",
                                     stats={"M": 9, "F": 5, "A": 4, "D": 3})])
    overspent = [f for f in validate(r, ruleset).all_findings if f.code == "pool-overspent"]
    assert len(overspent) == 1 and overspent[0].round is None


def test_round_length_is_four_times_fc_rounded_up_to_five():
    """Round length ≈ 4 × FC minutes, rounded up to the next 5 (OtH p.45: FC 16 → 65)."""
    from horizon_builder.engine.tournament import round_length_minutes

    assert round_length_minutes(16) == 65
    assert round_length_minutes(15) == 60
    assert round_length_minutes(12) == 50


def test_tie_break_value_remaining_leaves_out_destroyed(ruleset):
    """Final tie-break: points value remaining in the TF, destroyed elements not counted (OtH p.48)."""
    from horizon_builder.engine.analysis import analyse
    from horizon_builder.engine.tournament import benched, remaining_value

    r = task_force({"name": "R1", "elements": ["c", "t"], "destroyed": ["t"],
                    "command": {"kind": "chq", "element": "c"}}, force_cost=4)
    assert benched(r) == ["t"]
    assert remaining_value(analyse(r, ruleset)) == 3 + 1 + 1


def test_task_force_report_shows_benched_and_round_length(capsys):
    from horizon_builder.cli.main import main
    from horizon_builder.files.resources import examples_dir

    main(["check", str(examples_dir() / "tournament-task-force.toml")])
    out = capsys.readouterr().out
    assert "round length 50 min" in out
    assert "benched: Meridian Strike Tank" in out


def test_destroyed_but_not_fielded_is_a_warning(ruleset):
    """Only an element a round fields can be destroyed in it (OtH p.46)."""
    r = task_force({"name": "R1", "elements": ["c"], "destroyed": ["t"],
                    "command": {"kind": "chq", "element": "c"}}, force_cost=4)
    assert "tf-destroyed-not-fielded" in codes(validate(r, ruleset), "warning")


def _event_rules():
    from horizon_builder.files.resources import find_preset
    from horizon_builder.rules.loader import load_ruleset

    return load_ruleset([find_preset("oth-tournament")])  # [event] force_cost = 16


def test_task_force_fp_limit_is_twice_the_events_fc_not_the_lists():
    """OtH p.46: a Task Force's FP is at most twice the tournament FC, the one the event
    announces (16 here: limit 32), whatever FC the list says it was built to (20: 40)."""
    big = [element("hvy_cav", 3, f"Tank {i}", id=f"t{i}", stats=dict(HVY_CAV)) for i in range(11)]
    report = validate(task_force(force_cost=20, elements=big), _event_rules())  # FP 33
    over = [f for f in report.errors if f.code == "tf-presence-over-limit"]
    assert over and "FC 16 (32, OtH p.46)" in over[0].message
    assert report.totals.force_presence_limit == 32
    assert "event-force-cost" in codes(report, "error")


def test_battlegroup_entered_in_a_tournament_is_an_error():
    """A tournament takes Task Force lists (OtH p.46): a battlegroup is not LEGAL there."""
    bg = roster(element("hvy_cav", 3, "Tank", id="t", stats=dict(HVY_CAV)), force_cost=16)
    report = validate(bg, _event_rules())
    assert "event-battlegroup" in codes(report, "error") and not report.legal
    assert "event-battlegroup" not in codes(validate(bg, ruleset_without_event()))


def ruleset_without_event():
    from horizon_builder.rules.loader import load_ruleset

    return load_ruleset()
