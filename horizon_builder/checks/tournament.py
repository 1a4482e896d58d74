"""Tournament Task Forces (OtH p.45-48): the list, and each round's battlegroup.

Each rule below is one code: the :class:`~horizon_builder.engine.rule.Rule` constant, then
its predicate, documented there. The tournament's numbers (the FP limit, the FC every list
is built to) are derivations of :mod:`horizon_builder.engine.tournament`.
"""

from __future__ import annotations

from collections.abc import Iterator

from horizon_builder.checks.common import cite
from horizon_builder.engine.rule import Fault, ForceView, RoundView, Rule
from horizon_builder.engine.tournament import benched, fp_multiple, tournament_fc
from horizon_builder.text.words import plural

CHAPTER = "Tournament rules"
TASK_FORCE = ("task_force",)
#: an event preset's rules judge a list as entered: a battlegroup, or a Task Force list
AS_ENTERED = ("battlegroup", "task_force")

TF_PRESENCE_OVER_LIMIT = Rule("tf-presence-over-limit", "error", CHAPTER, "OtH p.46",
                              "Task Force FP over its limit")


@TF_PRESENCE_OVER_LIMIT.force(modes=TASK_FORCE, reads=("rules", "settings", "elements"))
def task_force_presence(force: ForceView) -> Iterator[Fault]:
    """A Task Force's total FP may be at most twice the tournament FC (OtH p.46; data:
    ``[tournament] fp_per_fc``): the event's FC when a preset announces one, whatever FC
    the list says it was built to."""
    multiple = fp_multiple(force.ruleset)
    if multiple is None:
        return
    event = force.ruleset.event
    rules = event if event.fp_per_fc is not None else force.ruleset.tournament
    fc = tournament_fc(force.ruleset, force.roster)
    limit = multiple * fc
    times = "twice" if multiple == 2 else plural(multiple, "time")
    if force.fp > limit:
        yield Fault(f"Task Force FP {force.fp} is over {times} the tournament FC {fc} ({limit}, "
                    "OtH p.46)", field="elements", cite=cite(rules, "OtH p.46"),
                    provisional=rules is not None and rules.is_provisional)


# --- an event preset (a ruleset layer with an ``[event]`` table) fixes the tournament FC
# every list is built to (OtH p.46), the supplements and era lists may use, and whether a
# list may bring its own rules file (organiser's choices, OtH p.45-48)
def _event(force: ForceView) -> tuple[str, str] | None:
    """(the event's name, its citation) when an event preset is in force."""
    event = force.ruleset.event
    if event.force_cost is None:
        return None
    return event.name or "this event", cite(event, "OtH p.46")


EVENT_BATTLEGROUP = Rule("event-battlegroup", "error", CHAPTER, "OtH p.46",
                         "a battlegroup entered in a tournament, not a Task Force")


@EVENT_BATTLEGROUP.force(modes=AS_ENTERED, reads=("rules", "settings"))
def event_battlegroup(force: ForceView) -> Iterator[Fault]:
    """An event takes Task Force lists, from which each round's battlegroup is chosen."""
    said = _event(force)
    if said is not None and force.kind == "battlegroup":
        yield Fault(f"a battlegroup, not a Task Force: {said[0]} takes Task Force lists, from "
                    "which each round's battlegroup is chosen", field="kind", cite=said[1])


EVENT_FORCE_COST = Rule("event-force-cost", "error", CHAPTER, "OtH p.46",
                        "a list not built to the event's FC")


@EVENT_FORCE_COST.force(modes=AS_ENTERED, reads=("rules", "settings"))
def event_force_cost(force: ForceView) -> Iterator[Fault]:
    """Every list is built to the event's FC (OtH p.46)."""
    said, fc = _event(force), force.ruleset.event.force_cost
    if said is not None and force.budget != fc:
        yield Fault(f"built to FC {force.budget}; {said[0]} is played at FC {fc}",
                    field="force_cost", cite=said[1])


EVENT_SUPPLEMENT = Rule("event-supplement", "error", CHAPTER, "OtH p.45",
                        "a supplement the event does not allow")


@EVENT_SUPPLEMENT.force(modes=AS_ENTERED, reads=("rules", "settings"))
def event_supplement(force: ForceView) -> Iterator[Fault]:
    """A list uses only the supplements the event allows."""
    said, allowed = _event(force), force.ruleset.event.supplements
    if said is None or allowed is None:
        return
    for supplement in force.supplements:
        if supplement not in allowed:
            label = force.ruleset.supplements[supplement].name \
                if supplement in force.ruleset.supplements else supplement
            yield Fault(f"uses {label}, which {said[0]} does not allow", field="supplements",
                        cite=said[1])


EVENT_ERA = Rule("event-era", "error", CHAPTER, "OtH p.45", "a list not set in the event's era")


@EVENT_ERA.force(modes=AS_ENTERED, reads=("rules", "settings"))
def event_era(force: ForceView) -> Iterator[Fault]:
    """A list is set in the event's era, when the event names one."""
    said, era_id = _event(force), force.ruleset.event.era
    if said is not None and era_id is not None and force.era != era_id:
        era = force.ruleset.eras[era_id].name if era_id in force.ruleset.eras else era_id
        yield Fault(f"{said[0]} is set in {era}: set the list's era to it", field="era",
                    cite=said[1])


EVENT_HOUSE_RULES = Rule("event-house-rules", "error", CHAPTER, "OtH p.45",
                         "a list that brings its own rules file")


@EVENT_HOUSE_RULES.force(modes=AS_ENTERED, reads=("rules", "settings"))
def event_house_rules(force: ForceView) -> Iterator[Fault]:
    """A list brings no rules file of its own unless the event allows house rules."""
    said, overrides = _event(force), force.roster.overrides
    if said is not None and overrides and not force.ruleset.event.house_rules_allowed:
        yield Fault(f"brings its own rules file ({overrides}), and {said[0]} does not allow "
                    "house rules: the list is judged without it", field="overrides",
                    cite=said[1])


TF_COMMAND_PER_ROUND = Rule("tf-command-per-round", "warning", CHAPTER, "OtH p.46",
                            "a Task Force list choosing command or CR")


@TF_COMMAND_PER_ROUND.force(modes=TASK_FORCE, reads=("command", "cr"))
def task_force_no_command(force: ForceView) -> Iterator[Fault]:
    """The Task Force fixes stats and upgrades, not the CHQ or CR: those are chosen per round."""
    if force.roster.command.kind != "none" or force.roster.cr_purchases:
        yield Fault("A Task Force list does not choose the CHQ or spend CR: set them in "
                    "each round", field="command")


# --- the rounds, as the Task Force list records them
TF_ROUND_EMPTY = Rule("tf-round-empty", "warning", CHAPTER, "OtH p.46, p.47",
                      "a round fielding nothing")
TF_ROUND_DUPLICATE = Rule("tf-round-duplicate", "error", CHAPTER, "OtH p.46",
                          "an element fielded twice in a round")
TF_DESTROYED_NOT_FIELDED = Rule("tf-destroyed-not-fielded", "warning", CHAPTER, "OtH p.46",
                                "destroyed in a round it was not fielded in")


@TF_ROUND_EMPTY.round(modes=TASK_FORCE, together="rounds")
def round_empty(view: RoundView) -> Iterator[Fault]:
    """A round that fields no element has no battlegroup to play yet. A warning, not an
    error: each round's battlegroup is chosen from the Task Force at the start of that round
    (OtH p.46), so a list may leave the rounds to come unchosen; but a round played as it
    stands would start at 0 momentum and end at once (OtH p.47), so every list of rounds
    marks it ✗ "empty" (engine.tournament.round_ready)."""
    if not view.round.elements:
        yield Fault(f"{view.round.name}: no elements chosen yet: a round's battlegroup fields "
                    "at least one element", field="rounds", round=view.round.name)


@TF_ROUND_DUPLICATE.round(modes=TASK_FORCE, together="rounds")
def round_duplicate(view: RoundView) -> Iterator[Fault]:
    """A round that lists an element twice."""
    if len(set(view.round.elements)) != len(view.round.elements):
        yield Fault(f"{view.round.name}: an element is listed twice", field="rounds",
                    round=view.round.name)


@TF_DESTROYED_NOT_FIELDED.round(modes=TASK_FORCE, together="rounds")
def destroyed_not_fielded(view: RoundView) -> Iterator[Fault]:
    """An element marked destroyed in a round that did not field it."""
    fielded = set(view.round.elements)
    for element_id in view.round.destroyed:
        if element_id not in fielded:
            info = view.task_force.by_id.get(element_id)
            name = info.element.name if info else element_id
            yield Fault(f"{view.round.name}: {name} is marked destroyed but was not fielded",
                        field="rounds", round=view.round.name, element_id=element_id,
                        element_name=name)


TF_BENCHED_ELEMENT = Rule(
    "tf-benched-element", "error", CHAPTER, "OtH p.46", "a benched element fielded again",
    "benched")


@TF_BENCHED_ELEMENT.round()
def benched_element_fielded(view: RoundView) -> Iterator[Fault]:
    """An element destroyed in an earlier round is benched: it may not be fielded again in
    a later round of the tournament (OtH p.46)."""
    earlier = set(benched(view.task_force.roster, view.place))
    for element_id in reversed(view.round.elements):  # the order the reports have always had
        if element_id in earlier:
            info = view.force.by_id.get(element_id)
            name = info.element.name if info else element_id
            yield Fault(f"{name} was destroyed in an earlier round and is benched",
                        element_id=element_id, element_name=info.element.name if info else None)
