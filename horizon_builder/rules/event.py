"""Organised play in the rules: the tournament limits of the book (OtH p.45-48), the options
an event preset sets, and the layers beyond the book data a verdict names."""

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, StrictInt

from horizon_builder.rules.base import RuleModel


class TournamentRules(RuleModel):
    """Organised play with a Task Force (OtH p.45-48)."""

    fp_per_fc: StrictInt = Field(ge=1, description="A Task Force's FP is at most this × the tournament FC.")


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
    notes: str | None = None


class RulesLayer(BaseModel):
    """A ruleset file beyond the shipped book data that a verdict rests on: a roster's own
    house rules, a ``--ruleset`` file or an event preset (named in every verdict)."""

    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)

    path: str
    name: str
    sha256: str = Field(description="SHA-256 of the file's content, in hex.")
    role: str = Field(description="What it is to this roster: house rules, --ruleset, event preset.")
    changed: list[str] = Field(default_factory=list, description="Keys it sets, dotted.")
    entered: list[str] = Field(
        default_factory=list,
        description="Your rulebook: the core values it fills that the book data does not know "
        "(unknown or provisional there), each as the Rules screen's key, dotted.")
    beyond_book: bool = Field(
        default=True,
        description="It changes a value the book data holds (house rules); False only for "
        "your rulebook when it just fills core values the book data does not know.")

    @property
    def label(self) -> str:
        """Its name and a short content hash: ``house.toml #1a2b3c4d``."""
        return f"{self.name} #{self.sha256[:8]}"

    @property
    def said(self) -> str:
        """What it is, in words: "rules beyond the book: house.toml #1a2b3c4d, house rules", or
        for your rulebook that only fills core values the book data does not know, "core
        values entered from your rulebook: 3 (my-rules.toml #1a2b3c4d)"."""
        if self.beyond_book:
            return f"rules beyond the book: {self.label}, {self.role}"
        return f"core values entered from your rulebook: {len(self.entered)} ({self.label})"
