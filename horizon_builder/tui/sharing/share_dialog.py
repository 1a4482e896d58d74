"""Copy the list (ctrl+k): as text to read, or as a share code to paste in a chat, which
``horizon-builder import`` and the Open dialog read back."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from rich.text import Text
from textual.app import ComposeResult
from textual.widgets import Button, Static

from horizon_builder.text.words import plural
from horizon_builder.tui.common.dialog import CANCEL, Dialog, DialogButton

CopyChoice = Literal["text", "code", ""]


class CopyListDialog(Dialog[CopyChoice]):
    """Which copy of the list: its text, or its share code ("" when cancelled)."""

    KEYS = (("t", "text", "List text"), ("c", "code", "Share code"))

    def __init__(self, name: str, short_pin: str, code_length: int | None) -> None:
        super().__init__(f"Copy “{name}”", "")
        self._pin = short_pin
        self._code_length = code_length

    def compose_body(self) -> ComposeResult:
        code = (f"The share code is one line of {plural(self._code_length, 'character')}: "
                "horizon-builder import, or the Open dialog (ctrl+o), reads it back."
                if self._code_length is not None else
                "This list is too large for a share code: copy its text, or share the file.")
        yield Static(Text(f"Copy the list as text to read, or as a share code to paste in "
                          f"a chat.\n{code}\nPin {self._pin}: the same list has the same pin "
                          "in every export and code."), classes="dialog-message")

    def buttons(self) -> Sequence[DialogButton[CopyChoice]]:
        return (DialogButton("List text (t)", "text", "text", "primary"),
                DialogButton("Share code (c)", "code", "code", disabled=self._code_length is None),
                DialogButton("Cancel", "cancel", CANCEL))

    def ready(self) -> None:
        self.query_one("#code" if self._code_length is not None else "#text", Button).focus()
