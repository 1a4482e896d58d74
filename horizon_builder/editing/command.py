"""Command: the options, who may lead, weird command (OtH p.42), as pickers and pure edits."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from horizon_builder.checks import validate
from horizon_builder.editing.common import (
    COMMAND_ABILITIES,
    COMMAND_KINDS,
    _enabled,
    _era_bars,
    _error_keys,
    _strip_name,
    _supplement_name,
    new_errors,
)
from horizon_builder.editing.rounds import from_round_view, round_view
from horizon_builder.roster.models import (
    Command,
    Roster,
    WeirdCommandChoice,
)
from horizon_builder.rules.models import Ruleset


# --- command -----------------------------------------------------------------------
@dataclass(frozen=True)
class CommandChoice:
    id: str
    name: str
    summary: str
    needs_element: bool
    weird_slots: int
    reason: str | None = None

    @property
    def allowed(self) -> bool:
        return self.reason is None


def command_options(ruleset: Ruleset, roster: Roster) -> list[CommandChoice]:
    """The ways to command the force; a disabled supplement's options carry the reason."""
    out = []
    for cmd_id, cmd in ruleset.commands.items():
        reason = None
        if not _enabled(roster, cmd.supplement):
            reason = f"needs the {_supplement_name(ruleset, cmd.supplement or '')} supplement (off)"
        reason = reason or _era_bars(ruleset, roster, cmd_id)
        out.append(CommandChoice(cmd_id, cmd.name, cmd.summary or "", cmd.needs_element,
                                 cmd.weird_slots, reason))
    return out


@dataclass(frozen=True)
class CommandCandidate:
    element_id: str
    name: str
    type_name: str
    presence: int
    reason: str | None = None  #: why it may not lead (a command rule)
    note: str | None = None  #: what choosing it would cause elsewhere (FC over budget ...)

    @property
    def allowed(self) -> bool:
        return self.reason is None


def _with_command(roster: Roster, command: Command) -> Roster:
    return roster.model_copy(update={"command": command})


def command_candidates(ruleset: Ruleset, roster: Roster, kind: str) -> list[CommandCandidate]:
    """Every element, and whether it may be the element of command option ``kind`` (with why not)."""
    option = ruleset.commands.get(kind)
    if option is None or not option.needs_element:
        return []
    empty = _with_command(roster, Command(kind=kind, element=None, weird=roster.command.weird))
    baseline = _error_keys(validate(empty, ruleset).all_findings)
    out = []
    for element in roster.elements:
        et = ruleset.element_types.get(element.type)
        trial = _with_command(roster, Command(kind=kind, element=element.id,
                                              weird=roster.command.weird))
        errors = [f for f in new_errors(empty, trial, ruleset, baseline)
                  if f.code != "command-element-missing"]
        rule = [f for f in errors if f.field == "command"]
        other = [f for f in errors if f.field != "command"]
        reason = _strip_name(rule[0].message, element.name) if rule else None
        note = _strip_name(other[0].message, element.name) if other else None
        out.append(CommandCandidate(element.id, element.name, et.name if et else element.type,
                                    element.presence, reason, note))
    return out


def command_abilities(ruleset: Ruleset, kind: str) -> list[str]:
    """The command abilities a weird command may replace under option ``kind``."""
    option = ruleset.commands.get(kind)
    if option is None or option.weird_slots == 0:
        return []
    own = [a for a in COMMAND_ABILITIES if a in option.special_rules]
    return own or list(COMMAND_ABILITIES)


def set_command(ruleset: Ruleset, roster: Roster, kind: str, element_id: str | None) -> Roster:
    """Choose the command; weird commands the new option cannot hold are dropped."""
    option = ruleset.commands.get(kind)
    abilities = command_abilities(ruleset, kind)
    weird = [w for w in roster.command.weird if w.replaces in abilities]
    weird = weird[: option.weird_slots if option else 0]
    if option is not None and not option.needs_element:
        element_id = None
    return _with_command(roster, Command(kind=kind, element=element_id, weird=weird))


@dataclass(frozen=True)
class WeirdRow:
    id: str
    name: str
    summary: str
    replaces: str | None
    free_abilities: tuple[str, ...]  #: abilities it could replace now (its own included)
    reason: str | None = None


def weird_command_rows(ruleset: Ruleset, roster: Roster) -> list[WeirdRow]:
    """Weird command upgrades, each with what it replaces and which abilities are still free."""
    kind = roster.command.kind
    option = ruleset.commands.get(kind)
    abilities = command_abilities(ruleset, kind)
    used: dict[str, str] = {w.replaces: w.id for w in roster.command.weird}
    rows = []
    for up_id, up in ruleset.upgrades.items():
        if up.kind not in COMMAND_KINDS:
            continue
        mine = next((w.replaces for w in roster.command.weird if w.id == up_id), None)
        free = tuple(a for a in abilities if used.get(a) in (None, up_id))
        reason = None
        if not _enabled(roster, up.supplement):
            reason = f"needs the {_supplement_name(ruleset, up.supplement or '')} supplement (off)"
        elif option is None or option.weird_slots == 0:
            reason = f"not for {option.name if option else 'this command'}"
        elif mine is None and len(roster.command.weird) >= option.weird_slots:
            reason = f"{option.name}: at most {option.weird_slots} weird commands"
        elif mine is None and not free:
            reason = "every command ability is already replaced"
        rows.append(WeirdRow(up_id, up.name, up.summary or "", mine, free, reason))
    return rows


def set_weird(roster: Roster, upgrade_id: str, replaces: str | None) -> Roster:
    """Take weird command ``upgrade_id`` in place of ``replaces`` (None: drop it)."""
    weird = [w for w in roster.command.weird if w.id != upgrade_id]
    if replaces is not None:
        weird = [w for w in weird if w.replaces != replaces]
        weird.append(WeirdCommandChoice(id=upgrade_id, replaces=replaces))
    return _with_command(roster, roster.command.model_copy(update={"weird": tuple(weird)}))


# --- scope: the force, or one round of a Task Force (OtH p.46) ------------------------
@dataclass(frozen=True)
class CommandScope:
    """What a command picker edits: the force (``round`` None) or round N of a Task Force.

    A round is edited through :func:`~horizon_builder.editing.rounds.round_view`, a
    battlegroup of the elements it fields with its own command and CR (OtH p.46), so
    every command helper here works the same on either.
    """

    round: int | None = None

    def view(self, roster: Roster) -> Roster:
        return roster if self.round is None else round_view(roster, self.round)

    def apply(self, roster: Roster, change: Callable[[Roster], Roster]) -> Roster:
        """``roster`` with ``change`` made to this scope's command and CR."""
        if self.round is None:
            return change(roster)
        return from_round_view(roster, self.round, change(round_view(roster, self.round)))

    def label(self, roster: Roster, text: str) -> str:
        """An undo label, naming the round when there is one."""
        return text if self.round is None else f"{roster.rounds[self.round].name}: {text}"


def choose_command(ruleset: Ruleset, roster: Roster, kind: str) -> Roster:
    """Take command option ``kind``, keeping the element that leads when it may lead under
    it, else the one element that may (else none, to be chosen)."""
    element = roster.command.element
    allowed = [c.element_id for c in command_candidates(ruleset, roster, kind) if c.allowed]
    if element not in allowed:
        element = allowed[0] if len(allowed) == 1 else None
    return set_command(ruleset, roster, kind, element)


def lead(ruleset: Ruleset, roster: Roster, element_id: str) -> tuple[Roster, str]:
    """Make ``element_id`` the command element under the current option or, when that option
    cannot take it, under the first other one that can (a mech: Mech CHQ); returns the new
    roster and the option's name. Raises ValueError with the reason when none can."""
    current = roster.command.kind
    kinds = [current] + [c.id for c in command_options(ruleset, roster)
                         if c.allowed and c.needs_element and c.id != current]
    reason = None
    for kind in kinds:
        option = ruleset.commands.get(kind)
        if option is None or not option.needs_element:
            continue
        cand = next((c for c in command_candidates(ruleset, roster, kind)
                     if c.element_id == element_id), None)
        if cand is None:
            continue
        if not cand.allowed:
            reason = reason or cand.reason
            continue
        return set_command(ruleset, roster, kind, element_id), option.name
    raise ValueError(reason or "no command option takes it")
