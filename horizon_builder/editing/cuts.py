"""Which elements to cut when a force is over its budget (issue 15 item 11).

For a force over its Force Cost budget (``fc-over-budget``) or a Task Force over its
Force Presence limit (``tf-presence-over-limit``, OtH p.46), every element is tried
removed (as the editor's delete does, with every reference to it) and the result judged
by the validator itself: an element "fits" when the finding is gone afterwards, so this
asks the same rule the verdict does. Cutting the CHQ changes other elements' FC (the
CHQ's modifiers): the total after is the validator's, not a subtraction.
"""

from __future__ import annotations

from dataclasses import dataclass

from horizon_builder.checks import validate
from horizon_builder.editing import delete_element
from horizon_builder.engine.tournament import fp_multiple
from horizon_builder.engine.validator import Report
from horizon_builder.roster.models import Roster
from horizon_builder.rules.models import Ruleset

#: the findings a cut can answer, and the total each is about
CUTTABLE: dict[str, str] = {"fc-over-budget": "FC", "tf-presence-over-limit": "FP"}


@dataclass(frozen=True)
class Cut:
    element: str  #: the element's id
    name: str
    saves: int  #: how much the total drops when it is cut
    total_after: int
    fits: bool  #: the finding is gone once it is cut
    is_command: bool


def total(report: Report, measure: str) -> int:
    elements = report.analysis.elements
    return sum(info.fc if measure == "FC" else info.fp for info in elements)


def limit(roster: Roster, ruleset: Ruleset, code: str) -> int:
    """The budget the finding compares against: the FC budget, or the Task Force's FP limit
    (the tournament's FP multiple × its FC, OtH p.46)."""
    if CUTTABLE[code] == "FC":
        return roster.force_cost
    return (fp_multiple(ruleset) or 0) * roster.force_cost


def cuts(roster: Roster, ruleset: Ruleset, code: str) -> list[Cut]:
    """Each element's cut, those that end the finding first (the smallest such cut first),
    then the rest by how much they save."""
    measure = CUTTABLE[code]
    before = validate(roster, ruleset)
    now = total(before, measure)
    found: list[Cut] = []
    for info in before.analysis.elements:
        element = info.element
        after = validate(delete_element(roster, element.id), ruleset)
        left = total(after, measure)
        found.append(Cut(element.id, element.name, now - left, left,
                         all(f.code != code for f in after.errors), info.is_command))
    return sorted(found, key=lambda c: (not c.fits, c.saves if c.fits else -c.saves, c.name))
