"""An open roster: immutable snapshots for undo/redo, its file, its rules and its report.

The app never patches derived state by hand: every edit produces a new roster
snapshot, and the totals and findings are recomputed from it. Undo and redo
are then just moving along the list of snapshots.

Snapshots are shared structurally: editing one element copies that element
and the element list, not the whole roster, so an edit on a 200-element roster
stays cheap. Treat every snapshot as read-only.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from horizon_builder.engine.validator import Report, validate
from horizon_builder.problems import LoadError
from horizon_builder.roster.io import load, overrides_path, save_roster
from horizon_builder.roster.models import Element, Roster
from horizon_builder.rules.loader import load_ruleset
from horizon_builder.rules.models import Ruleset

#: How many snapshots undo keeps.
HISTORY_LIMIT = 500


@dataclass(frozen=True)
class Snapshot:
    roster: Roster
    label: str


class Session:
    """The roster being edited, with history, file path and validation report."""

    def __init__(self, roster: Roster, ruleset: Ruleset, path: Path | None = None,
                 extra_overrides: tuple[str, ...] = ()):
        self._history: list[Snapshot] = [Snapshot(roster, "open")]
        self._index = 0
        self._saved_index: int | None = 0 if path is not None else None
        self.path = path
        self.ruleset = ruleset
        self.extra_overrides = tuple(str(p) for p in extra_overrides)
        self._report: Report | None = None
        self._report_index = -1

    # --- construction ----------------------------------------------------
    @classmethod
    def open(cls, path: str | Path, extra_overrides: tuple[str, ...] = ()) -> Session:
        """Open a roster file; raises :class:`LoadError` (file, line, key) if it cannot be used."""
        loaded = load(path, extra_overrides=list(extra_overrides))
        return cls(loaded.roster, loaded.ruleset, loaded.path, extra_overrides)

    @classmethod
    def new(cls, name: str = "New battlegroup", force_cost: int = 15,
            supplements: list[str] | None = None, path: Path | None = None,
            extra_overrides: tuple[str, ...] = ()) -> Session:
        ruleset = load_ruleset(extra_overrides)
        roster = Roster(name=name, force_cost=force_cost,
                        supplements=list(ruleset.supplements) if supplements is None else supplements)
        session = cls(roster, ruleset, None, extra_overrides)
        session.path = path
        return session

    # --- state -------------------------------------------------------------
    @property
    def roster(self) -> Roster:
        return self._history[self._index].roster

    @property
    def report(self) -> Report:
        """Validation of the current snapshot (computed once per snapshot)."""
        if self._report is None or self._report_index != self._index:
            self._report = validate(self.roster, self.ruleset)
            self._report_index = self._index
        return self._report

    @property
    def dirty(self) -> bool:
        return self._saved_index != self._index

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

    # --- edits -------------------------------------------------------------
    def apply(self, roster: Roster, label: str) -> None:
        """Make ``roster`` the current snapshot (dropping any redo history).

        The roster is validated as a whole first, so a bad edit never enters
        the history; raises ``pydantic.ValidationError`` when it is not valid.
        """
        roster = Roster.model_validate(roster.model_dump())
        if self.roster.overrides != roster.overrides:
            self._reload_rules(roster)
        del self._history[self._index + 1:]
        self._history.append(Snapshot(roster, label))
        if len(self._history) > HISTORY_LIMIT:
            drop = len(self._history) - HISTORY_LIMIT
            del self._history[:drop]
            if self._saved_index is not None:
                self._saved_index -= drop
                if self._saved_index < 0:
                    self._saved_index = None
        self._index = len(self._history) - 1

    def edit(self, change: Callable[[Roster], None], label: str) -> None:
        """Apply ``change`` to a deep copy of the roster and record it."""
        copy = self.roster.model_copy(deep=True)
        change(copy)
        self.apply(copy, label)

    def edit_element(self, element_id: str, change: Callable[[Element], None], label: str) -> None:
        """Change one element, sharing every other element with the previous snapshot."""
        elements = list(self.roster.elements)
        for index, element in enumerate(elements):
            if element.id == element_id:
                copy = element.model_copy(deep=True)
                change(copy)
                elements[index] = Element.model_validate(copy.model_dump())
                break
        else:
            raise KeyError(element_id)
        self._push(self.roster.model_copy(update={"elements": elements}), label)

    def _push(self, roster: Roster, label: str) -> None:
        del self._history[self._index + 1:]
        self._history.append(Snapshot(roster, label))
        self._index = len(self._history) - 1

    def undo(self) -> bool:
        if not self.can_undo:
            return False
        self._index -= 1
        self._sync_rules()
        return True

    def redo(self) -> bool:
        if not self.can_redo:
            return False
        self._index += 1
        self._sync_rules()
        return True

    def _sync_rules(self) -> None:
        # keep the rules we have if the file went bad; the settings screen reports it
        with contextlib.suppress(LoadError):
            self._reload_rules(self.roster)

    def _reload_rules(self, roster: Roster) -> None:
        overrides = [*overrides_path(roster, self.path), *self.extra_overrides]
        self.ruleset = load_ruleset(overrides)
        self._report = None

    # --- files ---------------------------------------------------------------
    def save(self, path: str | Path | None = None) -> Path:
        """Save atomically (previous file kept as NAME.toml.bak) and mark clean."""
        target = Path(path) if path is not None else self.path
        if target is None:
            raise ValueError("no file name: use save as")
        save_roster(target, self.roster)
        self.path = target
        self._saved_index = self._index
        return target
