"""The export document's models: everything a printed roster shows, ready to render.

Built by :func:`horizon_builder.export.document.build_document`; the JSON export is
this document and ``horizon-builder schema --export`` prints its JSON Schema.
"""

from __future__ import annotations

from typing import Any, ClassVar, Literal, Self

from pydantic import BaseModel, ConfigDict, Field

from horizon_builder import __version__
from horizon_builder.engine.totals import Totals

EXPORT_VERSION = 1
GENERATOR = f"horizon-builder {__version__}"

#: Stat column order on a roster (errata, OtH p.60); other stats follow in type order.
STAT_ORDER = ("M", "F", "A", "D")
#: Stats shown inside another one's cell: the aircraft boost rides with M ("M3(+5)").
FOLDED_STATS = {"Mb": "M"}

PROVISIONAL_NOTE = (
    "Some values used here are provisional: the core rulebook's tables are not available to "
    "horizon-builder, so they come from reports or inference (see each rule's source). "
    "Findings that rest on them are marked provisional; enter the values once from your rulebook "
    "(the app's Rules screen, or horizon-builder rules import)."
)


_set = object.__setattr__


class ExportModel(BaseModel):
    # Every key is always written, so the schema marks every key required. Frozen: a
    # document shares some parts (every "M 3" stat cell is one object), and none changes.
    model_config = ConfigDict(extra="forbid", json_schema_serialization_defaults_required=True,
                              frozen=True)

    #: Every field's name: the fields set of each instance :meth:`make` builds, shared.
    every_field: ClassVar[set[str]] = set()

    @classmethod
    def __pydantic_init_subclass__(cls, **kwargs: Any) -> None:
        super().__pydantic_init_subclass__(**kwargs)
        cls.every_field = set(cls.model_fields)

    @classmethod
    def make(cls, **fields: Any) -> Self:
        """An instance of values the document builder gives already typed, every field
        given: what validation would build, without validating.

        A 10,000-element export builds some 140,000 of these; validating each one (or
        ``model_construct``, slower still) and giving each its own fields set cost more
        than the rest of the document. The set is shared: every field is set (and the
        models are frozen). tests/test_export_document.py checks that strict validation of
        a built document gives the same document.
        """
        model = cls.__new__(cls)
        _set(model, "__dict__", fields)
        _set(model, "__pydantic_fields_set__", cls.every_field)
        _set(model, "__pydantic_extra__", None)
        _set(model, "__pydantic_private__", None)
        return model


class StatCell(ExportModel):
    """One column of a statline, ready to print."""

    stat: str = Field(description="Column name: P, M, F, A, D or another stat of the type.")
    value: int | None = Field(description="The stat's value; None when it is not set.")
    text: str = Field(description="As printed: '3', '3(+5)' for M with an aircraft boost, '–' if unset.")


class UpgradeLine(ExportModel):
    id: str
    name: str
    kind: str = Field(description="upgrade, mutation, drone, weird_upgrade ... (ruleset kind).")
    count: int = 1
    option: str | None = None
    currency: Literal["points", "cr", "free", "unknown"]
    cost: int | None = Field(
        description="Total cost in the currency; None when the ruleset does not know it.")
    provisional: bool = False
    text: str = Field(description="As printed, e.g. 'Heavy transport ×2 (4 pts)'.")


class RuleLine(ExportModel):
    id: str
    name: str
    summary: str | None = None
    derived: bool = Field(
        description="Not one of the type's own rules: gained from Presence or an upgrade "
        "(cumbersome, alert ...) or lost by one.",
    )


class StatlineExport(ExportModel):
    """The baseform of an element, or one metaform of a metaformer."""

    label: str = Field(description="'Baseform' or the form's name.")
    type: str
    type_name: str
    presence: int
    stats: dict[str, int] = Field(description="Stats as entered, in roster column order.")
    cells: list[StatCell] = Field(description="P M F A D (errata OtH p.60) and any other stats.")
    statline: str = Field(description="One-line statline, e.g. 'P3 M3(+5) F6 A3 D2'.")
    upgrades: list[UpgradeLine] = Field(default_factory=list)
    special_rules: list[RuleLine] = Field(default_factory=list)
    pool: int | None = Field(default=None, description="Stat points for its P; None for fixed types.")
    points_spent: int | None = None
    pool_left: int | None = None
    unknown_costs: list[str] = Field(
        default_factory=list, description="Upgrades whose cost is unknown: left out of points_spent.")


class GlossaryEntry(ExportModel):
    """A special rule the roster uses, in our own words, with its page (the printed glossary)."""

    id: str
    name: str
    summary: str | None = Field(default=None, description="What it does, in our own words.")
    source: str | None = Field(default=None, description="Where the book says it, e.g. 'OtH p.20'.")


class ElementExport(ExportModel):
    id: str
    name: str
    type: str
    type_name: str
    type_short: str
    category: str
    asset: bool = Field(description="A strategic asset (category 'asset'), printed apart.")
    is_command: bool = Field(description="This element is the CHQ (or alpha).")
    command_label: str | None = Field(default=None, description="'CHQ', or the command option's name.")
    command_rules: list[RuleLine] = Field(default_factory=list,
                                          description="Rules the element has as the command element.")
    metaformer: bool
    base: StatlineExport
    forms: list[StatlineExport] = Field(default_factory=list,
                                        description="Metaforms, shown together with the baseform (OtH p.19).")
    type_upgrades: list[UpgradeLine] = Field(
        default_factory=list, description="Upgrades bought with CR for its whole type.")
    fc: int
    fp: int
    momentum: int
    fc_notes: list[str] = Field(default_factory=list)
    fc_provisional: bool = False
    cr_spent: int = Field(description="CR spent on this element alone (type-wide purchases excluded).")
    carried_by: str | None = None
    notes: str = ""
    benched: bool = Field(default=False,
                          description="Task Force: destroyed in a round, so benched (OtH p.46).")
    service: str | None = Field(default=None, description="A campaign's service record: "
                                "battles fought, times destroyed (OtH p.50, linked battles).")


class CrPurchaseExport(ExportModel):
    type: str
    type_name: str
    upgrade: str
    upgrade_name: str
    option: str | None = None
    form_type: bool = False
    holders: int = Field(description="Elements (or metaforms) of the type that receive it.")
    cost_each: int | None
    cost_total: int | None
    text: str


class ElementCrExport(ExportModel):
    element: str
    element_name: str
    cost: int
    upgrades: list[str]


class CommandExport(ExportModel):
    kind: str
    name: str
    element: str | None = None
    element_name: str | None = None
    special_rules: list[RuleLine] = Field(default_factory=list)
    weird: list[str] = Field(default_factory=list, description="Weird command and what each replaced.")


class SpendingExport(ExportModel):
    """How the Command Resources were spent."""

    available: int
    spent: int
    counted_elements: int
    type_wide: list[CrPurchaseExport] = Field(default_factory=list)
    per_element: list[ElementCrExport] = Field(default_factory=list)


class FindingExport(ExportModel):
    severity: Literal["error", "warning", "info"]
    code: str
    message: str
    rule: str
    element: str | None = None
    element_name: str | None = None
    field: str | None = None
    provisional: bool = False
    round: str | None = None


class VerdictExport(ExportModel):
    legal: bool
    provisional: bool
    errors: int
    warnings: int
    text: str


class RoundExport(ExportModel):
    """One tournament round's battlegroup, picked from the Task Force (OtH p.45-48)."""

    name: str
    elements: list[str] = Field(description="Ids of the Task Force elements fielded.")
    element_names: list[str]
    benched: list[str] = Field(description="Ids destroyed in an earlier round: benched (OtH p.46).")
    benched_names: list[str]
    destroyed: list[str] = Field(description="Ids destroyed in this round.")
    destroyed_names: list[str]
    command: CommandExport
    totals: Totals
    command_resources: SpendingExport
    findings: list[FindingExport]


class TournamentExport(ExportModel):
    """Organiser's figures for a Task Force (OtH p.45-48)."""

    round_length_minutes: int = Field(description="4 × FC minutes, rounded up to the next 5 (OtH p.45).")
    benched: list[str] = Field(description="Ids destroyed in any round so far (OtH p.46).")
    benched_names: list[str]
    value_remaining: int = Field(description="FC of elements never destroyed: final tie-break (OtH p.48).")


class LayerExport(ExportModel):
    path: str
    name: str
    origin: Literal["shipped", "override"]
    sha256: str | None = Field(default=None, description="Beyond the book data: content hash.")
    role: str | None = Field(default=None, description="Beyond the book data: what it is to "
                             "this roster (its own house rules, --ruleset, event preset).")
    changed: list[str] = Field(default_factory=list, description="Keys it sets, dotted.")
    entered: list[str] = Field(
        default_factory=list, description="Your rulebook: the core values it fills that the book "
        "data does not know, dotted.")
    beyond_book: bool = Field(default=True, description="Beyond the book data: it changes a "
                              "value the book data holds (False: your rulebook only fills "
                              "core values, or an event's choices).")
    event_choices: bool = Field(default=False, description="It only makes the choices the "
                                "book's tournament rules leave to an organiser (OtH p.45-48).")


class RulesetExport(ExportModel):
    id: str
    name: str
    layers: list[LayerExport] = Field(description="Ruleset files merged, in order.")
    overrides: list[str] = Field(description="Override layers (house rules, event presets) used.")
    changed_values: list[str] = Field(
        default_factory=list,
        description="Values this roster's totals and checks used that an override changed.")
    entered_values: list[str] = Field(
        default_factory=list,
        description="Core values this roster's totals and checks used that your rulebook "
        "entered (the book data does not know them).")
    supplements: list[str] = Field(description="Supplements the roster enables (names).")


class ExportDocument(ExportModel):
    """A roster as exported: the roster itself plus everything derived from it."""

    export_version: int = EXPORT_VERSION
    generator: str = GENERATOR
    roster: dict[str, Any] = Field(
        description="The roster exactly as saved (roster_io.roster_to_data); "
        "Roster.model_validate(roster) rebuilds it. Its schema: `horizon-builder schema`.")
    pin: str = Field(description="The list's pin: SHA-256 of the roster's canonical JSON, in hex "
                     "(people read its first 12 digits). The same list has the same pin in every "
                     "export, share code and event registration.")
    share_code: str | None = Field(
        description="The list as one line to paste in a chat (`horizon-builder import` reads it "
        "back); None when the list is too large for a chat message.")
    name: str
    kind: Literal["battlegroup", "task_force"]
    kind_label: str
    event: str | None = None
    era: str | None = None
    era_name: str | None = None
    totals: Totals
    command: CommandExport
    command_resources: SpendingExport
    elements: list[ElementExport] = Field(description="Elements on the table (assets excluded).")
    assets: list[ElementExport] = Field(default_factory=list, description="Strategic assets.")
    rounds: list[RoundExport] = Field(default_factory=list)
    tournament: TournamentExport | None = Field(default=None, description="Task Force only.")
    verdict: VerdictExport
    findings: list[FindingExport]
    glossary: list[GlossaryEntry] = Field(
        default_factory=list, description="The special rules the roster uses, each once, by name: "
        "what each does in our own words, and its page.")
    ruleset: RulesetExport
    provisional_note: str | None = None
    notes: str = ""
