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

COMMAND_TANK = """
[[elements]]
id = "hc1"
name = "Command Tank"
type = "hvy_cav"
presence = 3
stats = { M = 4, F = 5, A = 5, D = 1 }
"""

RELAY_TANK = """
[[elements]]
id = "hc2"
name = "Relay Tank"
type = "hvy_cav"
presence = 3
stats = { M = 4, F = 5, A = 5, D = 1 }
"""
#: the relay tank with a rebro node (OtH p.27)
REBRO_NODE = 'upgrades = ["rebro_node"]\n'

SURGEONS = """
[[elements]]
id = "fh"
name = "Field Surgeons"
type = "field_hospital"
presence = 0
upgrades = ["hospital_cr"]
"""


def _task_force(supplement: str, elements: str, *rounds: tuple[str, ...],
                list_led: bool = False) -> str:
    """A Task Force with ``supplement`` on and these ``elements``, each round fielding the ids
    given under the command "chq, hc1" (fielded or not); ``list_led``: the list names it too
    (tf-command-per-round, a warning)."""
    text = (f'format = 1\nkind = "task_force"\nname = "TF"\nforce_cost = 20\n'
            f'supplements = ["{supplement}"]\n')
    if list_led:
        text += 'command = { kind = "chq", element = "hc1" }\n'
    text += elements
    for number, fielded in enumerate(rounds, 1):
        text += (f'\n[[rounds]]\nname = "Round {number}"\nelements = {list(fielded)!r}\n'
                 'command = { kind = "chq", element = "hc1" }\n').replace("'", '"')
    return text


#: the CHQ fielded in Round 1, named but not fielded in Round 2 (command-element-missing)
REBRO = _task_force("datawar", COMMAND_TANK + RELAY_TANK + REBRO_NODE, ("hc1", "hc2"),
                    ("hc2",))
#: the list names the CHQ; Round 2 does not field it
HOSPITAL = _task_force("strategic_assets", COMMAND_TANK + SURGEONS, ("hc1", "fh"), ("fh",),
                       list_led=True)
#: the list names the same CHQ as its round
PICKER = _task_force("datawar", COMMAND_TANK + RELAY_TANK, ("hc1", "hc2"), list_led=True)


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
