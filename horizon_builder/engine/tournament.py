"""Tournament figures an organiser needs (OtH p.45-48), as pure functions."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from horizon_builder.engine.analysis import Analysis
from horizon_builder.roster.models import Roster
from horizon_builder.rules.models import Ruleset

if TYPE_CHECKING:
    from horizon_builder.engine.validator import Report

#: How a round that fields nothing is said wherever rounds are listed: no battlegroup chosen
#: yet (OtH p.46: each round's is built from the Task Force at that round's start), so it
#: cannot be played as it stands (rule tf-round-empty, a warning).
EMPTY_ROUND = "empty"


def fp_multiple(ruleset: Ruleset) -> int | None:
    """A Task Force's FP is at most this × the tournament FC: the event preset's, else the
    book's (OtH p.46: twice); None when the rules hold no tournament limit."""
    if ruleset.event.fp_per_fc is not None:
        return ruleset.event.fp_per_fc
    return ruleset.tournament.fp_per_fc if ruleset.tournament is not None else None


def tournament_fc(ruleset: Ruleset, roster: Roster) -> int:
    """The FC a Task Force's limits come from: the event's when a preset announces one
    (OtH p.46), else the FC the list says it was built to."""
    return ruleset.event.force_cost if ruleset.event.force_cost is not None else roster.force_cost


def task_force_cost(analysis: Analysis, force_cost: int) -> str:
    """A Task Force's FC said for what it is: not a budget (what bounds a Task Force is its
    FP, OtH p.46) but the total its elements cost, with the FC each round's battlegroup is
    built to (the event's, OtH p.46): "FC 34, each round FC 16"."""
    return (f"FC {force_cost}, each round FC "
            f"{tournament_fc(analysis.ruleset, analysis.roster)}")


def round_ready(report: Report, index: int) -> tuple[bool, str]:
    """Whether tournament round ``index`` may be played, and the word that says why not when
    its figures do not (:data:`EMPTY_ROUND`, else ""). Every list of rounds marks a round
    ✓ or ✗ from here, from all that is said about it (its own findings and the Task Force's
    that name it), so no two lists disagree."""
    if not report.analysis.roster.rounds[index].elements:
        return False, EMPTY_ROUND
    return not any(f.severity == "error" for f in report.round_findings(index)), ""


def round_minutes(ruleset: Ruleset, force_cost: int) -> int:
    """The event's round length if its preset sets one, else the book's rule of thumb."""
    return ruleset.event.round_minutes or round_length_minutes(force_cost)


def round_length_minutes(force_cost: int) -> int:
    """Suggested round length: 4 × FC minutes, rounded up to the next 5 (OtH p.45: FC 16 → 65)."""
    return math.ceil(4 * force_cost / 5) * 5


def benched(roster: Roster, before_round: int | None = None) -> list[str]:
    """Ids destroyed in the rounds before ``before_round`` (all rounds when None): benched (OtH p.46)."""
    rounds = roster.rounds if before_round is None else roster.rounds[:before_round]
    out: list[str] = []
    for round_ in rounds:
        out.extend(e for e in round_.destroyed if e not in out)
    return out


def remaining_value(analysis: Analysis) -> int:
    """Force Cost of the Task Force elements never destroyed: the final tie-break (OtH p.48, Winners)."""
    gone = set(benched(analysis.roster))
    return sum(info.fc for info in analysis.elements if info.id not in gone)
