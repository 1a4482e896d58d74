"""The start-up question when unsaved work was autosaved: restore, discard or keep for later."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from textual.app import ComposeResult
from textual.widgets import Static

from horizon_builder.tui.common.dialog import CANCEL, Dialog, DialogButton
from horizon_builder.tui.common.plain import plain

RecoveryAnswer = Literal["restore", "discard", "later"]


class RecoveryDialog(Dialog[RecoveryAnswer]):
    """Unsaved changes of ``label`` were autosaved at ``when``: what to do with them."""

    KEYS = (("r", "restore", "Restore"), ("d", "discard", "Discard"))
    ESCAPE = ("escape,l", "Keep for later")
    FOCUS = "#restore"

    def __init__(self, label: str, roster_name: str, when: str, others: int = 0) -> None:
        super().__init__("Unsaved work found", "later")
        self._label = label
        self._roster_name = roster_name
        self._when = when
        self._others = others

    def compose_body(self) -> ComposeResult:
        message = plain(f"Changes to {self._label} (\u201c{self._roster_name}\u201d) were not "
                        f"saved. They were autosaved at {self._when}.")
        message = message.append("\nRestore them (the file itself stays as it is until you save), "
                                 "discard them, or keep them for later?")
        if self._others:
            message = message.append(f"\n{self._others} more autosaved roster"
                                     f"{'s are' if self._others != 1 else ' is'} kept for later.")
        yield Static(message, classes="dialog-message", id="recovery-message")

    def buttons(self) -> Sequence[DialogButton[RecoveryAnswer]]:
        return (DialogButton("Restore", "restore", "restore", "primary"),
                DialogButton("Discard", "discard", "discard", "error"),
                DialogButton("Keep for later", "later", CANCEL))
