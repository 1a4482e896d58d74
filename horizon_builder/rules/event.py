"""Organised play in the rules: the tournament limits of the book (OtH p.45-48) and the options
an event preset sets."""

from typing import Any, Literal

from pydantic import Field, StrictInt

from horizon_builder.rules.base import RuleModel


class TournamentRules(RuleModel):
    """Organised play with a Task Force (OtH p.45-48)."""

    fp_per_fc: StrictInt = Field(ge=1, description="A Task Force's FP is at most this × the tournament FC.")


class ByeRule(RuleModel):
    """With an odd number of commanders one sits out the round: who, and what it scores.
    The book is silent (OtH p.45-48); the defaults are our reading, the usual practice
    (docs/rules.md, Readings): the lowest placed commander who has not had a bye (rounds
    before a late entrant joined are not byes), scoring nothing. A preset's ``[event.bye]``
    or the event file's ``[bye]`` says otherwise."""

    goes_to: Literal["lowest_placed", "random"] = Field(
        default="lowest_placed", description="Who has the bye, among the commanders with "
        "the fewest byes so far: the lowest placed, or one drawn at random (from the event's "
        "seed and the round, so it can be reproduced); either way one whose leaving lets the "
        "rest pair without a rematch where one does.")
    victory_points: StrictInt = Field(
        default=0, ge=0, le=1000, description="Victory points a bye scores (0: nothing).")
    tie_break: StrictInt = Field(
        default=0, ge=0, le=1000, description="Tie-break points a bye scores (0: none).")



class EventOptions(RuleModel):
    """Organiser choices an event preset sets (OtH p.9, p.17, p.45-48). Without a preset
    none is set and no event check runs beyond the superheavy defaults."""

    name: str | None = Field(default=None, description="The event's name, shown in verdicts.")
    force_cost: StrictInt | None = Field(
        default=None, ge=1, le=1000,
        description="The tournament FC every list is built to (announced in advance, OtH p.46).")
    fp_per_fc: StrictInt | None = Field(
        default=None, ge=1, le=10,
        description="A Task Force's FP is at most this × the FC (the book: 2, OtH p.46).")
    supplements: list[str] | None = Field(
        default=None, description="Supplements lists may use (none listed: any).")
    era: str | None = Field(default=None, description="The era every list must be set in.")
    superheavies_allowed: bool = Field(default=True, description="OtH p.17: organisers may bar them.")
    superheavy_max_presence: StrictInt | None = Field(
        default=None, ge=4, description="OtH p.17: or cap their Presence.")
    supertank_min_stat: StrictInt | None = Field(default=None, ge=0,
                                           description="OtH p.9: competitive play suggests 2.")
    table: Literal["4x4", "4x6"] | None = Field(
        default=None, description="Table size in feet; one size for the event (OtH p.45).")
    rounds: StrictInt | None = Field(default=None, ge=3, le=20,
                               description="Number of rounds: at least three (OtH p.45).")
    round_minutes: StrictInt | None = Field(
        default=None, ge=10, le=600,
        description="Round length; unset: 4 × FC minutes rounded up to the next 5 (OtH p.45).")
    house_rules_allowed: bool = Field(
        default=False, description="Whether a list may bring its own rules file (overrides).")
    personal_rules_allowed: bool = Field(
        default=False, description="Whether the organiser's own rulebook (personal rules on "
        "this machine) applies to the lists judged.")
    bye: ByeRule = Field(default_factory=ByeRule, description="The bye with an odd number "
                         "of commanders: who has it and what it scores (the book is silent).")
    notes: str | None = None


#: How a value set by an event's own choices names its layer (``changed_by``): "set by the
#: event oth-tournament.toml #1a2b3c4d", not "changed by": the book's tournament rules leave
#: these to the organiser (OtH p.45-48), so choosing them changes nothing the book says.
CHOSEN_BY = "the event"


def within_the_book(locs: list[tuple[str | int, ...]], data: dict[str, Any],
                    book_fp_per_fc: int | None) -> bool:
    """Does a rules layer only make the choices the book's tournament rules leave to an
    organiser (its ``[event]`` table: the FC, the rounds, the table, the supplements, the
    superheavy options of OtH p.9 and p.17 ...)? A Task Force FP limit other than the
    book's (``fp_per_fc``, OtH p.46: twice the FC) and any other table are beyond the book;
    so is a layer that sets nothing."""
    event = data.get("event")
    if not locs or not isinstance(event, dict):
        return False
    if any(loc[0] != "event" for loc in locs):
        return False
    return event.get("fp_per_fc", book_fp_per_fc) == book_fp_per_fc
