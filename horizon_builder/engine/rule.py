"""A building rule, declared once: its code, severity, chapter, page, what it means, and
the plain predicates that find where a roster breaks it.

One rule is one :class:`Rule` object, declared as a module constant beside its predicate
(as ruff declares a rule beside its check)::

    FC_OVER_BUDGET = Rule(
        "fc-over-budget", "error", MUSTERING, "core: FC budget",
        "Force Cost over the agreed budget", "over the FC budget")


    @FC_OVER_BUDGET.force(modes=BATTLEGROUP_AND_ROUND, reads=("elements",))
    def fc_over_budget(force: ForceView) -> Iterator[Fault]:
        \"\"\"A battlegroup's Force Cost may not exceed the agreed FC.\"\"\"
        if force.fc > force.budget:
            yield Fault(f"Force Cost {force.fc} is over the budget of {force.budget} ...",
                        field="force_cost")

A predicate reads a plain view and yields a :class:`Fault` for each place the rule is
broken; it never builds a :class:`~horizon_builder.engine.findings.Finding` and never
names a code: the rule it is attached to says the code and the severity. The evaluator
(:mod:`horizon_builder.engine.validator`) turns faults into findings; the editors'
pickers ask the same predicates (:func:`statline_reasons`).

What a predicate is asked about (its *scope*, the view it gets):

- ``upgrade``: :class:`UpgradeView`, one upgrade taken on one statline (with the
  statline around it), with the reach of a statline predicate.
- ``statline``: :class:`StatlineView`, one statline of one element (its baseform or one
  metaform); it may read that element and the force's settings (its command, CR bought
  for the element's type, era, supplements, kind, event), never the other elements: the
  upgrade picker asks it about an element on its own.
- ``element``: :class:`ElementView`, one element as a whole, with the same reach.
- ``purchase``: :class:`PurchaseView`, one CR purchase for a whole type, with the force.
- ``force``: the force (:data:`ForceView`): every element, FC, FP, CR available and
  spent, command, era, supplements.
- ``round``: :class:`RoundView`, one tournament round of a Task Force with the Task
  Force around it (what earlier rounds destroyed): asked in each round's report (mode
  ``round``), or for each round in the Task Force's own report (mode ``task_force``).

``modes``: where the predicate judges: a battlegroup, a Task Force list as a whole, and
each round of a Task Force (a battlegroup chosen from the list, OtH p.46).

``together``: predicates of one topic (the same word), declared one after the other, are
reported element by element rather than rule by rule: all that is wrong with one element's
upgrades reads together (per statline: each upgrade's rules in turn, then the statline's).

``types``, ``upgrades`` and ``metaforms``: what an element-level predicate concerns (as
ruff registers a rule for the kinds of node it checks). ``types``: the element types of the
statline (or the element) it is about, as their ids (``types={"supertank"}``) or as a test
of the type (``types=tagged("gun_beast")``, :func:`tagged`). ``upgrades``, for an upgrade
predicate: the upgrades it is about, as a test of the upgrade
(``upgrades=lambda up: bool(up.options)``). ``metaforms=True``: the metaformers' rules
(OtH p.19-20): an element predicate is asked only of an element with metaforms, a statline
or upgrade predicate only of a metaform's statline. The predicate is asked of nothing else,
nor of a statline whose type (an upgrade whose id) the rules do not know, and its body does
not test it again. The validator and the pickers ask the same :meth:`Check.asks`.

``reads``: what a predicate declares it reads beyond its view's own object, from
:data:`READS`. The evaluator may keep a predicate's answer while what it reads is the same
(its business, never the rule's); a statline or element predicate may not read
``elements`` (the other elements).

The registry (:class:`Registry`) is built by :mod:`horizon_builder.checks` from the rule
modules, and handed to the evaluator: the engine never imports the checks.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from types import ModuleType
from typing import TYPE_CHECKING, Any, Literal, NamedTuple

from horizon_builder.engine.analysis import Analysis, ElementInfo, StatlineInfo, UpgradeCost
from horizon_builder.engine.findings import Severity

if TYPE_CHECKING:
    from horizon_builder.roster.models import CrPurchase, Round
    from horizon_builder.rules.models import ElementType, Ruleset, Upgrade

#: The force as a force predicate sees it: its elements (:class:`ElementInfo`, in list
#: order), ``fc``, ``fp``, ``budget``, ``cr_available``, ``cr_spent``, ``command``,
#: ``command_element``, ``cr_purchases``, ``era``, ``supplements``, ``kind``, ``mode``,
#: ``ruleset``, ``roster``, ``round_name`` (plain attributes and properties, nothing cached).
ForceView = Analysis

Scope = Literal["upgrade", "statline", "element", "purchase", "force", "round"]
Mode = Literal["battlegroup", "task_force", "round"]

ALL_MODES: frozenset[str] = frozenset({"battlegroup", "task_force", "round"})
#: a battlegroup, and each round of a Task Force (not the Task Force list as a whole)
BATTLEGROUP_AND_ROUND: frozenset[str] = frozenset({"battlegroup", "round"})

#: What a predicate may declare it reads beyond its view's own object:
#: ``settings``: the roster's kind, era, event, supplements, solitaire, FC budget;
#: ``command``: the command chosen (its kind, its element, weird commands) and the element
#: that leads, if the force fields it (``force.command_element``: its id and type);
#: ``cr``: the CR purchases; ``elements``: the other elements of the force;
#: ``rounds``: a Task Force's rounds; ``mode``: where it is judged (a battlegroup, a Task
#: Force list or a round: ``view.mode``); ``rules``: the ruleset (always readable, declared
#: for documentation). An element, statline or upgrade predicate that reads an element's
#: Force Cost (which the CHQ's type changes, OtH p.62) declares ``command``.
READS: frozenset[str] = frozenset({"settings", "command", "cr", "elements", "rounds", "mode",
                                   "rules"})


class Fault(NamedTuple):
    """Where a rule is broken, as a predicate says it.

    ``message``: in a player's words; for a statline or element predicate without the
    element's name (the evaluator puts it in front, as every finding about an element
    reads "Name: ..."). ``short``: a picker's "why not" ("CHQ only"); the rule's own when
    empty. ``cite``: the citation when the data gives one (``cite(item, ...)``), else the
    rule's page. ``element``: for a force predicate, the element the fault is about (its
    :class:`~horizon_builder.engine.analysis.ElementInfo`), None for the force.
    ``subject``: the upgrade (or other choice) a statline fault is about, so a picker
    shows its own first. ``duplicate``: reported once under another fault (the validator
    leaves it out; a picker still shows it)."""

    message: str
    short: str = ""
    field: str | None = None
    cite: str | None = None
    provisional: bool = False
    subject: str | None = None
    duplicate: bool = False
    element: ElementInfo | None = None
    round: str | None = None
    #: an element named by id (and name) without its name in front of the message: one a
    #: round's rule names that may not be in the force at all
    element_id: str | None = None
    element_name: str | None = None


class StatlineView(NamedTuple):
    """One statline of one element, as a statline predicate sees it."""

    force: Analysis  #: for the ruleset, the roster's settings, the command and the mode
    info: ElementInfo  #: the element
    line: StatlineInfo  #: the statline asked about: ``info.base`` or one of ``info.forms``
    label: str = ""  #: "" for the baseform, "Jet form: " for a metaform
    prefix: str = ""  #: the field prefix to edit: "" or "forms[1]."

    @property
    def ruleset(self) -> Ruleset:
        return self.force.ruleset

    @property
    def is_base(self) -> bool:
        return not self.prefix

    @property
    def mode(self) -> str:
        return self.force.mode


class UpgradeView(NamedTuple):
    """One upgrade taken on one statline, as an upgrade predicate sees it."""

    statline: StatlineView
    cost: UpgradeCost  #: the choice, the upgrade (None: unknown id), how and what it is paid

    @property
    def force(self) -> Analysis:
        return self.statline.force

    @property
    def ruleset(self) -> Ruleset:
        return self.statline.force.ruleset


class PurchaseView(NamedTuple):
    """One CR purchase (an upgrade bought with CR for a whole type), with the force."""

    force: Analysis
    purchase: CrPurchase

    @property
    def upgrade(self) -> Upgrade | None:
        return self.force.ruleset.upgrades.get(self.purchase.upgrade)

    @property
    def type(self) -> ElementType | None:
        return self.force.ruleset.element_types.get(self.purchase.type)


class ElementView(NamedTuple):
    """One element of a force, as an element predicate sees it."""

    force: Analysis
    info: ElementInfo

    @property
    def ruleset(self) -> Ruleset:
        return self.force.ruleset


class RoundView(NamedTuple):
    """One round of a Task Force (``round``, its place among the rounds ``place``, from 0)
    and the Task Force;
    ``force``: the battlegroup being judged: the round's own in the round's report, the
    Task Force in the Task Force's."""

    task_force: Analysis
    force: Analysis
    round: Round
    place: int


Predicate = Callable[..., Iterable[Any]]
#: which element types a predicate concerns (``types``): their ids, or a test of a type's data
TypeTest = Callable[["ElementType"], bool]
Types = TypeTest | Iterable[str]
#: which upgrades an upgrade predicate concerns (``upgrades``), as a test of the upgrade's data
UpgradeTest = Callable[["Upgrade"], bool]
_ORDER = itertools.count()


def next_order() -> int:
    """The place of a predicate attached now, in the order findings are reported."""
    return next(_ORDER)


@dataclass(frozen=True, eq=False)
class Check:
    """One predicate of a rule: its scope, where it judges, what it reads."""

    rule: Rule
    scope: str
    modes: frozenset[str]
    reads: frozenset[str]
    predicate: Predicate
    order: int
    together: str | None = None
    types: TypeTest | frozenset[str] | None = None
    upgrades: UpgradeTest | None = None
    metaforms: bool = False

    @property
    def name(self) -> str:
        return self.predicate.__name__

    def asks(self, type_id: str, type_: ElementType | None,
             upgrade: Upgrade | None = None, metaform: bool = False) -> bool:
        """Whether the predicate is asked of a view of an element or statline of type
        ``type_id`` (``type_``: None when the rules do not know it) and, for an upgrade
        predicate, of ``upgrade`` (None: an id they do not know), as its ``types``,
        ``upgrades`` and ``metaforms`` declare. ``metaform``: the view is of an element with
        metaforms (element scope), or of a metaform's statline."""
        if self.metaforms and not metaform:
            return False
        types = self.types
        if types is not None:
            if type_ is None:
                return False
            if isinstance(types, frozenset):
                if type_id not in types:
                    return False
            elif not types(type_):
                return False
        return self.upgrades is None or (upgrade is not None and self.upgrades(upgrade))


def tagged(tag: str) -> TypeTest:
    """``types=``: the element types that carry ``tag`` (a gun-beast, a gribbly ...)."""
    def test(type_: ElementType) -> bool:
        return type_.has_tag(tag)
    test.__name__ = f"tagged({tag!r})"
    return test


@dataclass(eq=False)
class Rule:
    """One building rule: one finding code.

    ``page``: the citation a finding carries when its predicate names none; ``message``:
    what the rule means, for the catalogue of codes (docs, ``rules codes``);
    ``short``: what a picker says by default when the rule refuses a choice."""

    code: str
    severity: Severity
    chapter: str
    page: str
    message: str
    short: str = ""
    checks: list[Check] = field(default_factory=list, repr=False)

    def __post_init__(self) -> None:
        if not self.code or self.code != self.code.lower() or " " in self.code:
            raise ValueError(f"a rule's code is lower-case-with-dashes: {self.code!r}")

    def _attach(self, scope: Scope, modes: Iterable[str], reads: Iterable[str],
                together: str | None = None, types: Types | None = None,
                upgrades: UpgradeTest | None = None,
                metaforms: bool = False) -> Callable[[Predicate], Predicate]:
        modes, reads = frozenset(modes), frozenset(reads)
        concerns = types if types is None or callable(types) else frozenset(types)
        if not modes <= ALL_MODES:
            raise ValueError(f"{self.code}: unknown modes {sorted(modes - ALL_MODES)}")
        if not reads <= READS:
            raise ValueError(f"{self.code}: unknown reads {sorted(reads - READS)}")
        if scope in ("upgrade", "statline", "element") and "elements" in reads:
            raise ValueError(f"{self.code}: a {scope} predicate may not read the other elements")
        if types is not None and scope not in ("upgrade", "statline", "element"):
            raise ValueError(f"{self.code}: only an element-level predicate concerns types")
        if upgrades is not None and scope != "upgrade":
            raise ValueError(f"{self.code}: only an upgrade predicate concerns upgrades")
        if metaforms and scope not in ("upgrade", "statline", "element"):
            raise ValueError(f"{self.code}: only an element-level predicate concerns metaforms")

        def attach(predicate: Predicate) -> Predicate:
            self.checks.append(Check(self, scope, modes, reads, predicate, next_order(),
                                     together, concerns, upgrades, metaforms))
            return predicate

        return attach

    def upgrade(self, modes: Iterable[str] = ALL_MODES, reads: Iterable[str] = ("rules",),
                together: str | None = None, types: Types | None = None,
                upgrades: UpgradeTest | None = None,
                metaforms: bool = False) -> Callable[[Predicate], Predicate]:
        """Attach a predicate ``(UpgradeView) -> Iterable[Fault]``."""
        return self._attach("upgrade", modes, reads, together, types, upgrades, metaforms)

    def statline(self, modes: Iterable[str] = ALL_MODES, reads: Iterable[str] = ("rules",),
                 together: str | None = None, types: Types | None = None,
                 metaforms: bool = False) -> Callable[[Predicate], Predicate]:
        """Attach a predicate ``(StatlineView) -> Iterable[Fault]``."""
        return self._attach("statline", modes, reads, together, types, metaforms=metaforms)

    def element(self, modes: Iterable[str] = ALL_MODES, reads: Iterable[str] = ("rules",),
                together: str | None = None, types: Types | None = None,
                metaforms: bool = False) -> Callable[[Predicate], Predicate]:
        """Attach a predicate ``(ElementView) -> Iterable[Fault]``."""
        return self._attach("element", modes, reads, together, types, metaforms=metaforms)

    def purchase(self, modes: Iterable[str] = ALL_MODES, reads: Iterable[str] = ("rules", "cr"),
                 together: str | None = None) -> Callable[[Predicate], Predicate]:
        """Attach a predicate ``(PurchaseView) -> Iterable[Fault]``."""
        return self._attach("purchase", modes, reads, together)

    def force(self, modes: Iterable[str] = ALL_MODES,
              reads: Iterable[str] = ("rules", "elements")) -> Callable[[Predicate], Predicate]:
        """Attach a predicate ``(ForceView) -> Iterable[Fault]``."""
        return self._attach("force", modes, reads)

    def round(self, modes: Iterable[str] = ("round",),
              reads: Iterable[str] = ("rules", "elements", "rounds"),
              together: str | None = None) -> Callable[[Predicate], Predicate]:
        """Attach a predicate ``(RoundView) -> Iterable[Fault]``: by default judged in each
        round's report; with ``modes=("task_force",)``, for each round in the Task Force's."""
        modes = frozenset(modes)
        if not modes <= {"round", "task_force"}:
            raise ValueError(f"{self.code}: a round predicate judges in rounds or Task Forces")
        return self._attach("round", modes, reads, together)


#: The evaluator's own rule: a predicate that raised (a bug) becomes this finding, never a
#: traceback, and the other rules are still asked.
INTERNAL_CHECK_ERROR = Rule("internal-check-error", "error", "horizon-builder", "horizon-builder",
                            "a check failed: a bug to report")


class Registry:
    """Every rule, and every predicate in the order the validator reports them."""

    def __init__(self, rules: Iterable[Rule]):
        self.rules: tuple[Rule, ...] = tuple(dict.fromkeys((*rules, INTERNAL_CHECK_ERROR)))
        by_code: dict[str, Rule] = {}
        for rule in self.rules:
            if rule.code in by_code and by_code[rule.code] is not rule:
                raise ValueError(f"code {rule.code!r} declared twice")
            by_code[rule.code] = rule
        self.by_code = by_code
        self.checks: tuple[Check, ...] = tuple(sorted(
            (c for rule in self.rules for c in rule.checks), key=lambda c: c.order))
        self._by_mode = {mode: tuple(c for c in self.checks if mode in c.modes)
                         for mode in ALL_MODES}

    def in_mode(self, mode: str) -> tuple[Check, ...]:
        """The predicates that judge in ``mode``, in order."""
        return self._by_mode[mode]

    @classmethod
    def of_modules(cls, modules: Sequence[ModuleType]) -> Registry:
        """The rules the modules declare (module constants that are :class:`Rule` s)."""
        found: dict[int, Rule] = {}
        for module in modules:
            for value in vars(module).values():
                if isinstance(value, Rule):
                    found.setdefault(id(value), value)
        return cls(found.values())

    def __iter__(self) -> Iterator[Rule]:
        return iter(self.rules)

    def __getitem__(self, code: str) -> Rule:
        return self.by_code[code]

    def __contains__(self, code: object) -> bool:
        return code in self.by_code
