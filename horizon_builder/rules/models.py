"""The rules of Horizon Wars as data: pydantic models for the ``rulesets/*.toml`` files.

Every table may carry ``source`` ("OtH p.9", "core, reported", "inferred: ...")
and ``provisional``. A value whose source is not the supplement itself is
provisional unless the data says otherwise, so the app can say when a verdict
rests on a value we could not read in a book.

Nothing here knows about Textual or about any particular roster.
"""

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictInt

from horizon_builder.rules.adventures import (
    Adventures,
    DispositionEffect,
    MissionAction,
    MissionPurpose,
    SituationRow,
    VictoryBand,
)
from horizon_builder.rules.base import (
    TRUSTED_SOURCE_PREFIXES,
    Currency,
    Rounding,
    RuleModel,
    UpgradeKind,
)
from horizon_builder.rules.event import EventOptions, TournamentRules

__all__ = [
    "TRUSTED_SOURCE_PREFIXES",
    "Adventures",
    "Currency",
    "DispositionEffect",
    "EventOptions",
    "MissionAction",
    "MissionPurpose",
    "Rounding",
    "RuleModel",
    "SituationRow",
    "TournamentRules",
    "UpgradeKind",
    "VictoryBand",
]


class PresenceRange(RuleModel):
    """Which Presence values an element type may have."""

    min: StrictInt = Field(ge=0, le=50)
    max: StrictInt | None = Field(default=None, ge=0, le=50,
                            description="Highest allowed P; omit for no upper bound.")
    table_max: StrictInt | None = Field(
        default=None, ge=0, le=50,
        description="Highest P the published table covers; above it values follow the step "
        "and are flagged 'beyond the table'.",
    )


class Pool(RuleModel):
    """Stat points to spend on stats and upgrades, by Presence."""

    #: at least one Presence listed (an empty table leaves nothing to count from)
    points: dict[Annotated[int, Field(ge=0, le=50)], Annotated[StrictInt, Field(ge=0)]] = Field(
        min_length=1, description="Presence → points (at least one).")
    step: StrictInt | None = Field(
        default=None, ge=0,
        description="Points added per Presence above the highest listed value.",
    )

    def points_for(self, presence: int) -> tuple[int | None, bool]:
        """Return (points, beyond_table) for a Presence; None when not defined."""
        if presence in self.points:
            return self.points[presence], False
        top = max(self.points)
        if presence > top and self.step is not None:
            return self.points[top] + (presence - top) * self.step, True
        return None, False


class StatLimit(RuleModel):
    """A minimum or maximum on one stat, optionally only from some Presence on."""

    stat: str
    min: StrictInt | None = None
    max: StrictInt | None = None
    from_presence: StrictInt = 0
    to_presence: StrictInt | None = None

    def applies(self, presence: int) -> bool:
        return presence >= self.from_presence and (
            self.to_presence is None or presence <= self.to_presence
        )


class UpgradeRule(RuleModel):
    """Upgrades an element type must or must not have, from some Presence on."""

    from_presence: StrictInt = 0
    requires_any: list[str] = Field(default_factory=list,
                                    description="At least one of these upgrades is required.")
    forbids: list[str] = Field(default_factory=list, description="None of these upgrades.")
    note: str | None = None


class PresenceRules(RuleModel):
    """Special rules gained or lost from some Presence on (cumbersome at P4+ ...)."""

    from_presence: StrictInt
    add: list[str] = Field(default_factory=list)
    remove: list[str] = Field(default_factory=list)


class Statline(RuleModel):
    """A published fixed statline."""

    stats: dict[str, StrictInt]


class CitedRule(RuleModel):
    """A rule that is only a citation: where it comes from, and whether that is provisional."""

    summary: str | None = None


class ElementType(RuleModel):
    """A kind of element a battlegroup can hold."""

    name: str
    short: str | None = Field(default=None, description="Abbreviation used in tables, e.g. 'Hvy Cav'.")
    category: Literal[
        "mech", "aircraft", "conventional", "superheavy", "bio", "asset"
    ]
    family: str | None = Field(
        default=None,
        description="Broader type used by 'same type' rules (a supermech is of the mech family).",
    )
    supplement: str | None = Field(default=None, description="Supplement that introduces it.")
    summary: str | None = None
    tags: list[str] = Field(default_factory=list,
                            description="Words eligibility lists may name: infantry, vehicle ...")
    presence: PresenceRange
    stats: list[str] = Field(default_factory=lambda: ["M", "F", "A", "D"])
    optional_stats: list[str] = Field(
        default_factory=list, description="Stats an element may have but need not (aircraft Mb)."
    )
    unpaid_stats: list[str] = Field(
        default_factory=list, description="Stats that cost no pool points."
    )
    pool: Pool | None = Field(default=None, description="Stat points by Presence; none for fixed types.")
    statlines: dict[int, Statline] = Field(
        default_factory=dict, description="Known fixed statlines by Presence."
    )
    stat_limits: list[StatLimit] = Field(default_factory=list)
    special_rules: list[str] = Field(default_factory=list)
    presence_rules: list[PresenceRules] = Field(default_factory=list)
    upgrade_rules: list[UpgradeRule] = Field(default_factory=list)
    upgrade_currency: Currency = Field(
        default="points", description="How this type pays for upgrades by default."
    )
    max_upgrades: StrictInt | Literal["presence"] | None = Field(
        default=None, description="Most upgrades the element may have ('presence' = its P)."
    )
    max_upgrades_rule: CitedRule | None = Field(
        default=None, description="Where the upgrade limit comes from, when not the aircraft's "
        "own (OtH p.61): a superflyer's is our reading.")
    counts_for_cr: bool = Field(default=False, description="Counts as a conventional element for CR.")
    chq: Literal["conventional", "mech"] | None = Field(
        default=None, description="May be the CHQ, and which sort of CHQ it makes."
    )
    force_cost: StrictInt | None = Field(default=None, ge=0, description="Fixed FC instead of its P.")
    force_presence: StrictInt | None = Field(default=None, ge=0, description="Fixed FP instead of its P.")
    max_per_force: StrictInt | None = Field(default=None, ge=1)
    chq_cost_as: str | None = Field(
        default=None, description="Reads the CHQ cost table as this type, as CHQ or as an element "
        "(a gun-beast as the conventional type it replaces, OtH p.30, p.32).",
    )

    def has_tag(self, tag: str) -> bool:
        return tag in self.tags

    def is_a(self, word: str) -> bool:
        """True when ``word`` is this type's category, family or one of its tags."""
        return word in (self.category, self.family) or word in self.tags

    @property
    def is_asset(self) -> bool:
        """A strategic asset: off the table, not an element there (OtH p.36)."""
        return self.category == "asset"

    @property
    def has_statline(self) -> bool:
        """Whether it has stats at all (a strategic asset has none, OtH p.36-40): one never
        asks for or shows a statline."""
        return bool(self.stats or self.optional_stats)


class Reach(RuleModel):
    """Whom an upgrade's effect reaches (aircraft carrier: aircraft of P3 or less, OtH p.39)."""

    names: list[str] = Field(description="Element type ids, categories, families or tags.")
    max_presence: StrictInt | None = Field(default=None, ge=0,
                                     description="Only elements of this P or less.")


class Bays(RuleModel):
    """Room an upgrade gives to carry elements into battle (OtH p.65): the element's P less
    ``presence_less`` (launch bays), or ``per_copy`` for each copy taken (transport bays)."""

    presence_less: StrictInt | None = Field(default=None, ge=0,
                                      description="Room is the element's P minus this.")
    per_copy: StrictInt = Field(default=0, ge=0, description="Room for each copy taken.")

    def room(self, presence: int, copies: int) -> int:
        if self.presence_less is not None:
            return max(0, presence - self.presence_less)
        return self.per_copy * copies


class Upgrade(RuleModel):
    """Something an element may take: upgrade, mutation, drone mark, weird upgrade ..."""

    name: str
    summary: str | None = None
    kind: UpgradeKind = "upgrade"
    supplement: str | None = None
    cost: StrictInt | None = Field(
        default=None, ge=0, description="Cost in stat points (or CR when currency is 'cr'); "
        "omit when unknown.",
    )
    cost_cr: StrictInt | None = Field(default=None, ge=0,
                                      description="CR cost when currency is points_or_cr.")
    currency: Currency = "points"
    per_presence: bool = Field(default=False, description="Cost is multiplied by the element's P.")
    eligible: list[str] = Field(
        default_factory=list,
        description="Element type ids, categories or tags that may take it (empty: any).",
    )
    ineligible: list[str] = Field(default_factory=list)
    eligible_rule: CitedRule | None = Field(
        default=None, description="Where the list of eligible elements comes from, when another "
        "page than the upgrade's own gives it (the errata lists agile frame and stealth suite "
        "as mech upgrades, OtH p.59-60, while their costs are the core book's).")
    scope: Literal["type", "element", "chq"] = Field(
        default="type",
        description="CR bought for a whole type, per element, or the CHQ only.",
    )
    max_count: StrictInt | None = Field(default=1, ge=1, description="Copies allowed; omit for no cap.")
    max_per_full_presence: StrictInt | None = Field(
        default=None, ge=1, description="At most one copy per full N points of Presence."
    )
    min_presence: StrictInt | None = None
    grants_rules: list[str] = Field(default_factory=list)
    removes_rules: list[str] = Field(default_factory=list)
    grants_upgrades: list[str] = Field(default_factory=list)
    requires_any: list[str] = Field(default_factory=list)
    excludes: list[str] = Field(default_factory=list)
    options: list[str] = Field(default_factory=list,
                               description="Choices the element must make (robot program ...).")
    momentum_as: StrictInt | None = Field(
        default=None, ge=0, description="The element counts as this P for momentum (Mk 1 drones)."
    )
    repeatable: bool = Field(
        default=False, description="May be taken any number of times: max_count is ignored "
        "(TOML cannot write 'no cap'; max_per_full_presence still applies).",
    )
    presence_rules: list[PresenceRules] = Field(
        default_factory=list,
        description="Special rules the upgrade adds or removes from some Presence on "
        "(a Kaiju! superheavy is cumbersome at P4+, lumbering at P6+).",
    )
    option_rules: dict[str, list[str]] = Field(
        default_factory=dict,
        description="Special rules granted by the option chosen (robot program 'hold': dig in ...).",
    )
    form_types: list[str] = Field(
        default_factory=list,
        description="An upgrade that gives an element forms (metaform): the element types a form "
        "may be, by id; a variant whose family is listed counts too, a superheavy never "
        "(OtH p.19-20).",
    )
    chq_barred_base: list[str] = Field(
        default_factory=list,
        description="An upgrade that gives an element forms: an element with forms whose "
        "baseform is one of these (ids, categories, families or tags) may never be the CHQ "
        "(metaform: aircraft, OtH p.20).",
    )
    reaches: Reach | None = Field(
        default=None,
        description="The elements the upgrade's effect reaches; a force with none of them gains "
        "nothing from it (naval support's abilities, OtH p.39).",
    )
    bays: Bays | None = Field(
        default=None, description="Room to start the battle carrying elements (OtH p.65).")
    grants_free: StrictInt = Field(
        default=0, ge=0, description="Weird command: how many weird upgrades the CHQ takes free "
        "(mad scientist: one, OtH p.69).")

    @property
    def eligible_types(self) -> list[str]:
        """Who may take it by type, as ``eligible`` names them (type ids, categories, families
        or tags; empty: any type), less the word "chq" (the CHQ only: a rule of its own)."""
        if "chq" not in self.eligible:
            return self.eligible
        return [n for n in self.eligible if n != "chq"]

    def cap(self, presence: int) -> int | None:
        """The most copies a statline of this P may take (``max_count`` unless repeatable, and
        one per full ``max_per_full_presence`` of P); None: no cap."""
        cap = None if self.repeatable else self.max_count
        if self.max_per_full_presence:
            by_presence = presence // self.max_per_full_presence
            cap = by_presence if cap is None else min(cap, by_presence)
        return cap


class SpecialRule(RuleModel):
    name: str
    summary: str | None = None


class ChqCostRow(RuleModel):
    """How a conventional CHQ of one type changes the FC of other conventional types."""

    modifiers: dict[str, StrictInt] = Field(default_factory=dict,
                                            description="Known cells: type → FC change.")
    complete: bool = Field(
        default=False, description="True when every cell of the row is known; otherwise types "
        "not listed have an unknown change and are counted at their P (provisional).",
    )


#: The parts of a command option that may carry their own citation.
CommandPart = Literal["element", "weird_slots", "special_rules"]


class CommandOption(RuleModel):
    """A way to command a battlegroup: conventional CHQ, mech CHQ, AIC, alpha, hivemind ..."""

    name: str
    summary: str | None = None
    supplement: str | None = None
    needs_element: bool = True
    element_chq: Literal["conventional", "mech", "any"] | None = Field(
        default=None, description="Which element types may be this command's element."
    )
    eligible: list[str] = Field(default_factory=list,
                                description="Element types or tags that may be the command element.")
    cited: dict[CommandPart, CitedRule] = Field(
        default_factory=dict, description="Where one part of the option comes from, when another "
        "page than the option's own gives it: 'element' (which elements may lead: the "
        "conventional CHQ's types are the errata table's, OtH p.59), 'weird_slots', "
        "'special_rules' (a CHQ's three abilities and its weird slots, OtH p.42).")
    command_resources: bool = True
    special_rules: list[str] = Field(default_factory=list)
    free_upgrades: list[str] = Field(default_factory=list)
    weird_slots: StrictInt = Field(default=0, ge=0, description="Weird command upgrades it may replace.")
    leader: str = Field(default="CHQ", description="What its element is called on a roster: "
                        "'CHQ', or the option's own word ('Alpha', OtH p.32).")


class CommandResourceRule(RuleModel):
    per_elements: StrictInt = Field(default=2, ge=1, description="One CR per this many counted elements.")


class Supplement(RuleModel):
    name: str
    summary: str | None = None


class UpgradeNeed(RuleModel):
    """Elements that cannot exist without an upgrade: where an era bars the upgrade, they are
    barred too (antigrav: no aircraft of P7 or more, OtH p.10 note 6)."""

    names: list[str] = Field(description="Element type ids, categories, families or tags.")
    from_presence: StrictInt = Field(ge=0)


class EraBan(RuleModel):
    """One thing an era bars, with its own provenance (``[eras.era1.bans.metaform]``)."""

    note: str | None = None


class Era(RuleModel):
    name: str
    number: StrictInt
    forbids: list[str] = Field(default_factory=list,
                               description="Upgrades or element types not available in this era.")
    notes: str | None = None
    bans: dict[str, EraBan] = Field(
        default_factory=dict,
        description="Upgrades, element types or command options barred in this era, one table "
        "each (merges across layers, unlike the 'forbids' list, which a later layer replaces): "
        "[eras.era1.bans.metaform] source = \"OtH p.18\".",
    )
    includes: list[str] = Field(
        default_factory=list,
        description="Eras whose bans also apply (a period within an era: Operation Plantagenet "
        "battles are part of Era 1).",
    )


# --- the game's set-up: intelligence bands and deployment spaces (OtH p.50, p.53), and the
# friendly force of a solo game (OtH p.55-58)
class IntelligenceBand(RuleModel):
    max: StrictInt | None = Field(default=None, description="Highest IR in this band (none: no top).")
    quality: str
    effect: str
    extra_deployment_spaces: StrictInt = 0
    opponent_places_terrain: float | None = Field(
        default=None, ge=0, le=1,
        description="Share of your terrain pieces the opponent places, rounded up (OtH p.50).")
    opponent_places_deployment: bool = Field(
        default=False, description="The opponent places your deployment space(s) (OtH p.50).")


class Intelligence(RuleModel):
    scale: StrictInt = 10
    rounding: Rounding = Field(default="half_away_from_zero",
                               description="How an exact half of a rating rounds (the book is silent).")
    bands: list[IntelligenceBand]


class Deployment(RuleModel):
    elements_per_space: StrictInt = Field(default=10, ge=1)
    minimum: StrictInt = Field(default=1, ge=0)


class SolitaireExfiltration(RuleModel):
    """Hot Exfiltration: a share of the friendly FP must be in small elements (OtH p.57-58)."""

    max_presence: StrictInt = Field(ge=0, description="Highest P that counts as a small element.")
    min_fp_percent: StrictInt = Field(ge=0, le=100, description="Least share of the FP, in percent, "
                                "that must be in small elements.")


class Solitaire(RuleModel):
    """The friendly force of a solo game (OtH p.55) and the Hot Exfiltration mission (p.57-58)."""

    force_cost: StrictInt = Field(ge=1, description="The FC the solo rules are written for.")
    aircraft_allowed: bool = Field(default=False, description="Whether the friendly force may "
                                   "include aircraft.")
    exfiltration: SolitaireExfiltration | None = None


class RulesetInfo(RuleModel):
    id: str
    name: str
    supplement: str | None = Field(
        default=None, description="Supplement whose content this file adds."
    )


#: How a layer that only makes an event's choices is said (a verdict, an export).
EVENT_CHOICES = "the event's choices under the book's tournament rules (OtH p.45-48)"


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
        description="It changes a value the book data holds (house rules); False for your "
        "rulebook when it just fills core values the book data does not know, and for an "
        "event's choices (event_choices).")
    event_choices: bool = Field(
        default=False,
        description="It only makes the choices the book's tournament rules leave to an "
        "organiser (the [event] table: FC, rounds, table ..., OtH p.45-48): the book's own "
        "rules, said as the event's, not beyond the book.")

    @property
    def label(self) -> str:
        """Its name and a short content hash: ``house.toml #1a2b3c4d``."""
        return f"{self.name} #{self.sha256[:8]}"

    @property
    def said(self) -> str:
        """What it is, in words: "rules beyond the book: house.toml #1a2b3c4d, house rules", an
        event's choices within the book (:data:`EVENT_CHOICES`), or for your rulebook that only
        fills core values the book data does not know, "core values entered from your
        rulebook: 3 (my-rules.toml #1a2b3c4d)"."""
        if self.beyond_book:
            return f"rules beyond the book: {self.label}, {self.role}"
        if self.event_choices:
            return f"{EVENT_CHOICES}: {self.label}, {self.role}"
        return f"core values entered from your rulebook: {len(self.entered)} ({self.label})"


class Ruleset(RuleModel):
    """All the rules in force: the base, the enabled supplements and any overrides, merged."""

    ruleset: RulesetInfo
    supplements: dict[str, Supplement] = Field(default_factory=dict)
    eras: dict[str, Era] = Field(default_factory=dict)
    element_types: dict[str, ElementType] = Field(default_factory=dict)
    upgrades: dict[str, Upgrade] = Field(default_factory=dict)
    special_rules: dict[str, SpecialRule] = Field(default_factory=dict)
    commands: dict[str, CommandOption] = Field(default_factory=dict)
    chq_cost_table: dict[str, ChqCostRow] = Field(default_factory=dict)
    command_resources: CommandResourceRule = Field(default_factory=CommandResourceRule)
    intelligence: Intelligence | None = None
    deployment: Deployment = Field(default_factory=Deployment)
    tournament: TournamentRules | None = Field(
        default=None, description="Task Force limits; without it no Task Force FP limit applies.")
    event: EventOptions = Field(default_factory=EventOptions)
    layers: list[str] = Field(default_factory=list, description="Files merged, in order (filled in).")
    rules_layers: list[RulesLayer] = Field(
        default_factory=list,
        description="Filled in: each layer beyond the shipped book data, in merge order.")
    adventures: Adventures | None = Field(
        default=None, description="New Adventures tables (OtH p.49-54): situation, mission, victory.")
    solitaire: Solitaire | None = Field(
        default=None, description="Solo play (OtH p.55-58); without it no solo check runs.")
    needs_upgrade: dict[str, UpgradeNeed] = Field(
        default_factory=dict,
        description="Upgrade id → the elements that need it, barred where an era bars it.")
    def matches(self, element_type_id: str, names: list[str]) -> bool:
        """True when an element type is named in an eligibility list by id, category or tag."""
        if not names or element_type_id in names:
            return True
        et = self.element_types.get(element_type_id)
        if et is None:
            return False
        return (et.category in names or (et.family is not None and et.family in names)
                or any(tag in names for tag in et.tags))

    def form_upgrade_ids(self) -> set[str]:
        """Upgrades that give an element forms (those with ``form_types``: metaform)."""
        return {up_id for up_id, up in self.upgrades.items() if up.form_types}

    def rule_name(self, rule_id: str) -> str:
        rule = self.special_rules.get(rule_id)
        return rule.name if rule else rule_id.replace("_", " ")

    def names_known(self) -> set[str]:
        """Every word an eligibility list may use: type ids, categories, families, tags."""
        known = set(self.element_types) | set(CATEGORIES)
        for et in self.element_types.values():
            known.update(et.tags)
            if et.family:
                known.add(et.family)
        return known


CATEGORIES = ("mech", "aircraft", "conventional", "superheavy", "bio", "asset")
