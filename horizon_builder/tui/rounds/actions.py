"""The rounds screen's actions on the list of rounds: add, repeat, rename, delete, move.

Each is one pure edit of :mod:`horizon_builder.editing.rounds` recorded as one undo
step; mixed into :class:`~horizon_builder.tui.rounds.screen.RoundsScreen`.
"""

from __future__ import annotations

from collections.abc import Callable

from textual.screen import Screen

from horizon_builder import editing as ed
from horizon_builder.roster.models import Roster
from horizon_builder.text.words import plural
from horizon_builder.tui.common.views import SessionView
from horizon_builder.tui.rounds.name_dialog import RoundNameDialog


class RoundListActions(SessionView, Screen[None]):
    """Keys of the rounds list (a, d, e, del, [ ]); the screen provides what is declared here."""

    index: int  #: the round shown

    def _apply(self, change: Callable[[Roster], Roster], label: str) -> bool:
        raise NotImplementedError

    @property
    def round_count(self) -> int:
        return len(self.session.roster.rounds)

    @property
    def _round_name(self) -> str:
        return self.session.roster.rounds[self.index].name

    def _added(self, note: str) -> None:
        """Show the round just added, its elements list focused."""
        self.index = self.round_count - 1
        self.refresh_view()
        self.query_one("#round-elements").focus()
        self.notify(note, timeout=3)

    def action_add_round(self) -> None:
        name = ed.new_round_name(self.session.roster)
        if self._apply(ed.add_round, f"add {name}"):
            self._added(f"Added {name}: tick the elements it fields (space).")

    def action_repeat_round(self) -> None:
        if not self.round_count:
            self.action_add_round()
            return
        index, source = self.index, self._round_name
        name = ed.new_round_name(self.session.roster)
        if self._apply(lambda r: ed.repeat_round(r, index), f"add {name} as {source}"):
            self._added(f"Added {name}: {source}'s battlegroup, less the benched.")

    def action_rename_round(self) -> None:
        if not self.round_count:
            return
        index, old = self.index, self._round_name
        taken = {r.name for r in self.session.roster.rounds}

        def renamed(name: str | None) -> None:
            if name and name != old:
                self._apply(lambda r: ed.rename_round(r, index, name), f"rename {old} to {name}")

        self.app.push_screen(RoundNameDialog(old, taken), renamed)

    def action_delete_round(self) -> None:
        from horizon_builder.tui.common.dialogs import ConfirmDialog

        if not self.round_count:
            return
        index, name = self.index, self._round_name
        round_ = self.session.roster.rounds[index]
        message = f"Delete {name} ({plural(len(round_.elements), 'element')} fielded)?"
        if round_.destroyed and index < self.round_count - 1:
            message += "\nIts losses will no longer be benched in the rounds after it."
        message += "\n(ctrl+z undoes this.)"

        def confirmed(yes: bool | None) -> None:
            if yes and self._apply(lambda r: ed.delete_round(r, index), f"delete {name}"):
                self.notify(f"Deleted {name}.", timeout=3)

        self.app.push_screen(ConfirmDialog("Delete round", message, "Delete", danger=True),
                             confirmed)

    def action_suggest(self) -> None:
        """The best legal battlegroups for this round; Enter on one fields it (OtH p.46)."""
        from horizon_builder.editing.suggest import Suggestion
        from horizon_builder.tui.rounds.suggest_dialog import SuggestDialog

        if not self.round_count:
            self.notify("Add a round first (a).", timeout=3)
            return
        index, name = self.index, self._round_name

        def taken(choice: Suggestion | None) -> None:
            if choice is None:
                return
            if self._apply(lambda r: ed.set_round_battlegroup(r, index, choice.elements,
                                                               choice.command),
                           f"{name}: take a suggested battlegroup"):
                self.notify(f"{name}: fielding the suggested battlegroup (FC {choice.force_cost},"
                            f" FP {choice.force_presence}); spend its CR below.", timeout=4)

        self.app.push_screen(SuggestDialog(self.session.ruleset, self.session.roster, index),
                             taken)

    def action_move_round(self, offset: int) -> None:
        if not self.round_count:
            return
        index, name = self.index, self._round_name
        if not 0 <= index + offset < self.round_count:
            self.app.bell()
            return
        if self._apply(lambda r: ed.move_round(r, index, offset),
                       f"move {name} {'earlier' if offset < 0 else 'later'}"):
            self.index = index + offset
            self.refresh_view()
