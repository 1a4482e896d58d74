"""Tournament Task Forces (OtH p.45-48): the list, and each round's battlegroup."""

from __future__ import annotations

from collections.abc import Iterator

from horizon_builder.checks.common import cite
from horizon_builder.engine.analysis import Analysis
from horizon_builder.engine.findings import Finding
from horizon_builder.engine.registry import check
from horizon_builder.engine.rule import Fault, RoundView, Rule
from horizon_builder.engine.tournament import benched, fp_multiple, tournament_fc

CHAPTER = "Tournament rules"


@check(CHAPTER, applies_to=("task_force",))
def task_force_presence(a: Analysis) -> Iterator[Finding]:
    """A Task Force's total FP may be at most twice the tournament FC (OtH p.46; data:
    ``[tournament] fp_per_fc``): the event's FC when a preset announces one, whatever FC
    the list says it was built to."""
    multiple = fp_multiple(a.ruleset)
    if multiple is None:
        return
    event = a.ruleset.event
    rules = event if event.fp_per_fc is not None else a.ruleset.tournament
    fp = a.fp
    fc = tournament_fc(a.ruleset, a.roster)
    limit = multiple * fc
    times = "twice" if multiple == 2 else f"{multiple} times"
    if fp > limit:
        yield Finding("error", "tf-presence-over-limit",
                      f"Task Force FP {fp} is over {times} the tournament FC {fc} ({limit}, "
                      "OtH p.46)",
                      cite(rules, "OtH p.46"), field="elements",
                      provisional=rules is not None and rules.is_provisional)


@check(CHAPTER, applies_to=("battlegroup", "task_force"))
def event_preset_rules(a: Analysis) -> Iterator[Finding]:
    """An event preset (a ruleset layer with an ``[event]`` table) fixes the tournament FC every
    list is built to (OtH p.46), the supplements and era lists may use, and whether a list may
    bring its own rules file (organiser's choices, OtH p.45-48)."""
    event, roster = a.ruleset.event, a.roster
    if event.force_cost is None:  # no event preset in force
        return
    name = event.name or "this event"
    rule = cite(event, "OtH p.46")
    if roster.kind == "battlegroup":
        yield Finding("error", "event-battlegroup",
                      f"a battlegroup, not a Task Force: {name} takes Task Force lists, from "
                      "which each round's battlegroup is chosen", rule, field="kind")
    if roster.force_cost != event.force_cost:
        yield Finding("error", "event-force-cost",
                      f"built to FC {roster.force_cost}; {name} is played at FC {event.force_cost}",
                      rule, field="force_cost")
    if event.supplements is not None:
        for supplement in roster.supplements:
            if supplement not in event.supplements:
                label = a.ruleset.supplements[supplement].name \
                    if supplement in a.ruleset.supplements else supplement
                yield Finding("error", "event-supplement",
                              f"uses {label}, which {name} does not allow", rule,
                              field="supplements")
    if event.era is not None and roster.era != event.era:
        era = a.ruleset.eras[event.era].name if event.era in a.ruleset.eras else event.era
        yield Finding("error", "event-era", f"{name} is set in {era}: set the list's era to it",
                      rule, field="era")
    if roster.overrides and not event.house_rules_allowed:
        yield Finding("error", "event-house-rules",
                      f"brings its own rules file ({roster.overrides}), and {name} does not allow "
                      "house rules: the list is judged without it", rule, field="overrides")


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
            if element_id not in set(round_.elements):
                info = a.by_id.get(element_id)
                name = info.element.name if info else element_id
                yield Finding("warning", "tf-destroyed-not-fielded",
                              f"{round_.name}: {name} is marked destroyed but was not fielded",
                              "OtH p.46", element_id, name, "rounds", round=round_.name)


TF_BENCHED_ELEMENT = Rule(
    "tf-benched-element", "error", CHAPTER, "OtH p.46", "a benched element fielded again",
    "benched")


@TF_BENCHED_ELEMENT.round()
def benched_element_fielded(view: RoundView) -> Iterator[Fault]:
    """An element destroyed in an earlier round is benched: it may not be fielded again in
    a later round of the tournament (OtH p.46)."""
    earlier = set(benched(view.task_force.roster, view.index))
    for element_id in reversed(view.round.elements):  # the order the reports have always had
        if element_id in earlier:
            info = view.force.by_id.get(element_id)
            name = info.element.name if info else element_id
            yield Fault(f"{name} was destroyed in an earlier round and is benched",
                        element_id=element_id, element_name=info.element.name if info else None)
