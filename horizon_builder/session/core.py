"""An open roster: immutable snapshots for undo/redo, its file, its rules and its report.

There is one way to change a roster: build a new one with a pure edit function
(:mod:`horizon_builder.editing`) and hand it to :meth:`Session.commit`. Commit
checks the new roster against the roster models, keeps every element that did
not change as the very object the previous snapshot holds (so an edit on a
200-element roster copies one element), re-validates, enforces the history
limit, and knows whether the roster differs from the saved one. Undo and redo
are then moves along the list of snapshots, and "modified" is simply "this
snapshot is not the one last saved (or opened)".

Whoever shows the roster listens (:meth:`Session.listen`): the session announces each
change (an edit, undo, redo, its rules read again, a save) and knows nothing of screens.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from horizon_builder.checks import validate
from horizon_builder.engine.validator import Report
from horizon_builder.files.problems import LoadError, Problem
from horizon_builder.files.tomlfile import file_stamp
from horizon_builder.roster.io import PERSONAL_ROLE, load, load_rules, rules_layers, save_roster
from horizon_builder.roster.models import Roster
from horizon_builder.roster.sources import TOML
from horizon_builder.rules.models import Ruleset
from horizon_builder.rules.personal import personal_layers

#: How many snapshots undo keeps.
HISTORY_LIMIT = 500


def _share(new: Roster, old: Roster) -> Roster:
    """``new`` with every element equal to one of ``old`` (same id) replaced by that object,
    and every round equal to ``old``'s round at its place: the history's snapshots share what
    did not change (500 snapshots of a 200-element roster hold little more than one)."""
    before = {e.id: e for e in old.elements}
    elements = tuple(
        kept if (kept := before.get(e.id)) is not None and kept == e else e for e in new.elements)
    rounds = tuple(was if n < len(old.rounds) and (was := old.rounds[n]) == r else r
                   for n, r in enumerate(new.rounds))
    if all(a is b for a, b in zip(elements, new.elements, strict=True)) \
            and all(a is b for a, b in zip(rounds, new.rounds, strict=True)):
        return new
    return new.model_copy(update={"elements": elements, "rounds": rounds})


def _checked(roster: Roster, current: Roster) -> Roster:
    """``roster`` checked against the models; an element or round that is the very object of
    the current snapshot passed them when it was committed, so only the others are checked
    again (an edit of one element of a 1,000-element roster checks one) and those objects
    are kept."""
    known = {id(e) for e in current.elements}
    rounds = {id(r) for r in current.rounds}
    data = roster.model_dump(exclude={"elements", "rounds"})
    data["elements"] = [e if id(e) in known else e.model_dump() for e in roster.elements]
    data["rounds"] = [r if id(r) in rounds else r.model_dump() for r in roster.rounds]
    return Roster.model_validate(data)


def copy_name(name: str) -> str:
    """The name of a list duplicated as a new one (within the roster's name limit)."""
    return f"{name[:193]} (copy)"


@dataclass(frozen=True)
class Snapshot:
    roster: Roster
    label: str


@dataclass(frozen=True)
class Change:
    """What the session announces to its listeners after it changed."""

    #: an edit committed, undone or redone; the rules read again; the roster saved
    kind: Literal["edit", "undo", "redo", "rules", "saved"]
    #: the edit's label (undo and redo: the step's)
    label: str = ""


class Session:
    """The roster being edited, with history, file path and validation report."""

    def __init__(self, roster: Roster, ruleset: Ruleset, path: Path | None = None,
                 extra_overrides: tuple[str, ...] = ()):
        self._history: list[Snapshot] = [Snapshot(roster, "open")]
        self._index = 0
        #: The snapshot matching the file on disk (or the untouched new roster).
        self._saved: Roster | None = roster
        self.path = path
        self.ruleset = ruleset
        self.extra_overrides = tuple(str(p) for p in extra_overrides)
        self._report: Report | None = None
        self._report_for: Roster | None = None  #: the snapshot ``_report`` judges
        #: The file as it was when opened or last saved (time, size, digest; None: no file then).
        self.disk_stamp: tuple[int, int, str] | None = None
        #: your rulebook could not be used (left out, never overwritten): its problems
        self.personal_problems: list[Problem] = []
        self._rules_overrides = roster.overrides  #: the roster's rules file ``ruleset`` has
        #: the file it was read from when that is not the file it saves to (a JSON export)
        self.source: Path | None = None
        #: a new list copied from a file: that file (saving suggests its folder)
        self.origin: Path | None = None
        self._listeners: list[Callable[[Change], None]] = []

    # --- construction ----------------------------------------------------
    @classmethod
    def open(cls, path: str | Path, extra_overrides: tuple[str, ...] = ()) -> Session:
        """Open a roster file; raises :class:`LoadError` (file, line, key) if it cannot be used."""
        stamp = file_stamp(path)
        loaded = load(path, extra_overrides=list(extra_overrides))
        session = cls(loaded.roster, loaded.ruleset, loaded.path, extra_overrides)
        session.disk_stamp = stamp
        if loaded.kind != TOML:  # the JSON export: never written over; saving asks for a .toml
            session.source, session.path, session.disk_stamp = loaded.path, None, None
        session.personal_problems = loaded.personal_problems
        return session

    @classmethod
    def shared(cls, roster: Roster, extra_overrides: tuple[str, ...] = ()) -> Session:
        """A list that came without its file (a share code): its rules as a file's (its own
        house rules looked for in the current folder), unsaved until saved as a roster file.
        Raises :class:`LoadError` for a name the rules do not know."""
        from horizon_builder.roster.sources import CODE, loaded_from

        loaded = loaded_from(roster, CODE, None, list(extra_overrides))
        session = cls(loaded.roster, loaded.ruleset, None, extra_overrides)
        session.personal_problems = loaded.personal_problems
        session._saved = None  # nothing on disk holds it yet: leaving asks to save
        return session

    @classmethod
    def open_as_new_list(cls, path: Path, extra_overrides: tuple[str, ...] = ()) -> Session:
        """The roster of ``path`` as a new, unsaved list named "NAME (copy)" (the Open dialog's
        library): saving asks for a file name, the original is never written, and undo gives
        back the old name. Its rules file (``overrides``) is kept by its full path, so the copy
        finds it from any folder. Raises :class:`LoadError` as opening the file would."""
        session = cls.open(path, tuple(extra_overrides))
        session.path, session.origin = None, path
        roster = session.roster
        update: dict[str, object] = {"name": copy_name(roster.name)}
        if roster.overrides and not Path(roster.overrides).expanduser().is_absolute():
            update["overrides"] = str((path.resolve().parent / roster.overrides).resolve())
        session.commit(roster.model_copy(update=update), "duplicate as a new list")
        session.disk_stamp = None
        return session

    @classmethod
    def new(cls, name: str = "New battlegroup", force_cost: int = 15,
            supplements: list[str] | None = None, path: Path | None = None,
            extra_overrides: tuple[str, ...] = ()) -> Session:
        mine = personal_layers()
        ruleset, problems = load_rules([*mine, *(Path(p) for p in extra_overrides)],
                                       [*(PERSONAL_ROLE for _ in mine),
                                        *("--ruleset" for _ in extra_overrides)])
        roster = Roster(name=name, force_cost=force_cost,
                        supplements=tuple(ruleset.supplements) if supplements is None else supplements)
        session = cls(roster, ruleset, None, extra_overrides)
        session.path = path
        session.personal_problems = problems
        return session

    # --- state -------------------------------------------------------------
    @property
    def roster(self) -> Roster:
        return self._history[self._index].roster

    @property
    def report(self) -> Report:
        """Validation of the current snapshot (computed once per snapshot)."""
        if self._report is None or self._report_for is not self.roster:
            self._report = validate(self.roster, self.ruleset)
            self._report_for = self.roster
        return self._report

    @property
    def dirty(self) -> bool:
        """True when the roster differs from the one saved (or opened, or started new)."""
        return self.roster is not self._saved

    @property
    def history_length(self) -> int:
        return len(self._history)

    @property
    def can_undo(self) -> bool:
        return self._index > 0

    @property
    def can_redo(self) -> bool:
        return self._index < len(self._history) - 1

    @property
    def undo_label(self) -> str | None:
        return self._history[self._index].label if self.can_undo else None

    @property
    def redo_label(self) -> str | None:
        return self._history[self._index + 1].label if self.can_redo else None

    # --- listeners -----------------------------------------------------------
    def listen(self, listener: Callable[[Change], None]) -> None:
        """Call ``listener`` after every change of this session (until it is closed)."""
        self._listeners.append(listener)

    def _announce(self, change: Change) -> None:
        for listener in self._listeners:
            listener(change)

    # --- edits -------------------------------------------------------------
    def commit(self, roster: Roster, label: str) -> bool:
        """Make ``roster`` the current snapshot, dropping any redo history; False if unchanged.

        The roster is checked against the models first (raises
        ``pydantic.ValidationError``), so a bad edit never enters the history.
        Elements equal to the current snapshot's keep its objects.
        """
        current = self.roster
        if roster is current:
            return False
        checked = _share(_checked(roster, current), current)
        if checked == current:
            return False
        if current.overrides != checked.overrides:
            self._reload_rules(checked)
        del self._history[self._index + 1:]
        self._history.append(Snapshot(checked, label))
        if len(self._history) > HISTORY_LIMIT:
            del self._history[:len(self._history) - HISTORY_LIMIT]
        self._index = len(self._history) - 1
        self._announce(Change("edit", label))
        return True

    def undo(self) -> bool:
        if not self.can_undo:
            return False
        label = self._history[self._index].label
        self._index -= 1
        self._sync_rules()
        self._announce(Change("undo", label))
        return True

    def redo(self) -> bool:
        if not self.can_redo:
            return False
        self._index += 1
        self._sync_rules()
        self._announce(Change("redo", self._history[self._index].label))
        return True

    def _sync_rules(self) -> None:
        # undo/redo across a change of rules file reloads them (the same rules otherwise)
        if self.roster.overrides == self._rules_overrides:
            return
        # keep the rules we have if the file went bad; the settings screen reports it
        with contextlib.suppress(LoadError):
            self._reload_rules(self.roster)

    def close(self, successor: Session | None = None) -> None:
        """This session is done with (the app shows another): it tells no one of its changes
        any more."""
        self._listeners.clear()

    def reload_rules(self) -> None:
        """Read the rules again (your rulebook changed); the report follows at once."""
        self._reload_rules(self.roster)
        self._announce(Change("rules"))

    def _reload_rules(self, roster: Roster) -> None:
        paths, roles = rules_layers(roster, self.path or self.source, self.extra_overrides)
        self.ruleset, self.personal_problems = load_rules(paths, roles)
        self._rules_overrides = roster.overrides
        self._report = None

    # --- files ---------------------------------------------------------------
    def save(self, path: str | Path | None = None) -> Path:
        """Save atomically (previous file kept as NAME.toml.bak) and mark clean."""
        target = Path(path) if path is not None else self.path
        if target is None:
            raise ValueError("no file name: use save as")
        save_roster(target, self.roster)
        self.path = target
        self._saved = self.roster
        self.disk_stamp = file_stamp(target)
        self._announce(Change("saved"))
        return target

    def changed_on_disk(self) -> bool:
        """True when the file was changed (or created, or removed) by someone else since we
        opened or last saved it: saving now would overwrite their work."""
        if self.path is None:
            return False
        now = file_stamp(self.path)
        if now is None or self.disk_stamp is None:
            return now != self.disk_stamp
        return now[1:] != self.disk_stamp[1:]  # same content with a new time: nothing lost
