"""Tournament Task Forces (OtH p.45-48): the list, and each round's battlegroup."""

from __future__ import annotations

from collections.abc import Iterator

from horizon_builder.checks.common import cite
from horizon_builder.engine.analysis import Analysis
from horizon_builder.engine.findings import Finding
from horizon_builder.engine.validator import check

CHAPTER = "Tournament rules"


@check(CHAPTER, applies_to=("task_force",))
def task_force_presence(a: Analysis) -> Iterator[Finding]:
    """A Task Force's total FP may be at most twice the tournament FC (OtH p.46; data:
    ``[tournament] fp_per_fc``)."""
    rules = a.ruleset.tournament
    if rules is None:
        return
    fp = sum(info.fp for info in a.elements)
    limit = rules.fp_per_fc * a.roster.force_cost
    times = "twice" if rules.fp_per_fc == 2 else f"{rules.fp_per_fc} times"
    if fp > limit:
        yield Finding("error", "tf-presence-over-limit",
                      f"Task Force FP {fp} is over {times} the tournament FC ({limit})",
                      cite(rules, "OtH p.46"), field="elements", provisional=rules.is_provisional)


@check(CHAPTER, applies_to=("task_force",))
def task_force_no_command(a: Analysis) -> Iterator[Finding]:
    """The Task Force fixes stats and upgrades, not the CHQ or CR: those are chosen per round."""
    if a.roster.command.kind != "none" or a.roster.cr_purchases:
        yield Finding("warning", "tf-command-per-round",
                      "A Task Force list does not choose the CHQ or spend CR: set them in "
                      "each round", "OtH p.46", field="command")


@check(CHAPTER, applies_to=("task_force",))
def task_force_rounds(a: Analysis) -> Iterator[Finding]:
    for round_ in a.roster.rounds:
        if not round_.elements:
            yield Finding("warning", "tf-round-empty", f"{round_.name}: no elements chosen",
                          "OtH p.46", field="rounds", round=round_.name)
        if len(set(round_.elements)) != len(round_.elements):
            yield Finding("error", "tf-round-duplicate",
                          f"{round_.name}: an element is listed twice", "OtH p.46",
                          field="rounds", round=round_.name)
        for element_id in round_.destroyed:
            if element_id not in round_.elements:
                info = a.by_id.get(element_id)
                name = info.element.name if info else element_id
                yield Finding("warning", "tf-destroyed-not-fielded",
                              f"{round_.name}: {name} is marked destroyed but was not fielded",
                              "OtH p.46", element_id, name, "rounds", round=round_.name)
