"""What the evaluator and the upgrade picker find again is what asking every rule anew
says, in the cases a second reading of issue 32's reuse found wrong (and fixed):

1. A predicate that reads the command reads the element that leads too, if the force fields
   it (``force.command_element``): a round whose command names an element it does not field
   has no CHQ, unlike a round (or the Task Force list) with the same command that fields it,
   so nothing said there is found again in it (rebro-node-on-chq, field-hospital-needs-chq).
2. A rule judged in some modes only (rebro-node-on-chq: battlegroups and rounds) is asked
   by the picker in a round even when the round's command is the Task Force list's: it reads
   the mode.
"""

from __future__ import annotations

import tomllib

import pytest
from test_revalidation import _fresh, _said, _with_nothing_kept

from horizon_builder.checks import validate
from horizon_builder.editing import upgrades as picker
from horizon_builder.engine.analysis import analyse
from horizon_builder.roster.io import parse_roster
from horizon_builder.roster.models import Roster

TANKS = """
[[elements]]
id = "hc1"
name = "Command Tank"
type = "hvy_cav"
presence = 3
stats = { M = 4, F = 5, A = 5, D = 1 }

[[elements]]
id = "hc2"
name = "Relay Tank"
type = "hvy_cav"
presence = 3
stats = { M = 4, F = 5, A = 5, D = 1 }
"""

#: the CHQ fielded in Round 1, named but not fielded in Round 2 (command-element-missing)
REBRO = """
format = 1
kind = "task_force"
name = "TF"
force_cost = 20
supplements = ["datawar"]
""" + TANKS + """upgrades = ["rebro_node"]

[[rounds]]
name = "Round 1"
elements = ["hc1", "hc2"]
command = { kind = "chq", element = "hc1" }

[[rounds]]
name = "Round 2"
elements = ["hc2"]
command = { kind = "chq", element = "hc1" }
"""

#: the list names the CHQ (tf-command-per-round); Round 2 does not field it
HOSPITAL = """
format = 1
kind = "task_force"
name = "TF"
force_cost = 20
supplements = ["strategic_assets"]
command = { kind = "chq", element = "hc1" }

[[elements]]
id = "hc1"
name = "Command Tank"
type = "hvy_cav"
presence = 3
stats = { M = 4, F = 5, A = 5, D = 1 }

[[elements]]
id = "fh"
name = "Field Surgeons"
type = "field_hospital"
presence = 0
upgrades = ["hospital_cr"]

[[rounds]]
name = "Round 1"
elements = ["hc1", "fh"]
command = { kind = "chq", element = "hc1" }

[[rounds]]
name = "Round 2"
elements = ["fh"]
command = { kind = "chq", element = "hc1" }
"""

#: the list names the same CHQ as its round (tf-command-per-round, a warning)
PICKER = """
format = 1
kind = "task_force"
name = "TF"
force_cost = 20
supplements = ["datawar"]
command = { kind = "chq", element = "hc1" }
""" + TANKS + """
[[rounds]]
name = "Round 1"
elements = ["hc1", "hc2"]
command = { kind = "chq", element = "hc1" }
"""


def _roster(text: str) -> Roster:
    return parse_roster(tomllib.loads(text))


@pytest.mark.parametrize("text", [REBRO, HOSPITAL], ids=["rebro", "hospital"])
def test_a_round_without_its_named_chq_is_judged_as_anew(ruleset, text):
    roster = _roster(text)
    assert _said(validate(roster, ruleset)) == \
        _said(_with_nothing_kept(_fresh(roster), ruleset))


def test_the_picker_asks_a_round_only_rule_in_a_round(ruleset, monkeypatch):
    roster = _roster(PICKER)
    analysis = analyse(roster, ruleset)
    fast = {row.id: row for row in picker.upgrade_options(ruleset, analysis, "hc2")}
    monkeypatch.setattr(picker, "_differs", lambda first, context, element_id: None)
    every = {row.id: row for row in picker.upgrade_options(ruleset, analysis, "hc2")}
    assert every["rebro_node"].code == "rebro-node-on-chq"
    assert fast["rebro_node"] == every["rebro_node"]
