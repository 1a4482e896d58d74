"""Copy the list (ctrl+k): as text to read, or as a share code to paste in a chat, which
``horizon-builder import`` and the Open dialog read back."""

from __future__ import annotations

from typing import ClassVar, Literal

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Footer, Static

from horizon_builder.tui.plain import plain

CopyChoice = Literal["text", "code", ""]


class CopyListDialog(ModalScreen[CopyChoice]):
    """Which copy of the list: its text, or its share code ("" when cancelled)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("t", "choose('text')", "List text"),
        Binding("c", "choose('code')", "Share code"),
        Binding("escape", "choose('')", "Cancel", key_display="esc"),
    ]

    def __init__(self, name: str, short_pin: str, code_length: int | None) -> None:
        super().__init__(classes="dialog")
        self._name = name
        self._pin = short_pin
        self._code_length = code_length

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box") as box:
            box.border_title = plain(f"Copy “{self._name}”")
            code = (f"The share code is one line of {self._code_length} characters: "
                    "horizon-builder import, or the Open dialog (ctrl+o), reads it back."
                    if self._code_length is not None else
                    "This list is too large for a share code: copy its text, or share the file.")
            yield Static(Text(f"Copy the list as text to read, or as a share code to paste in "
                              f"a chat.\n{code}\nPin {self._pin}: the same list has the same pin "
                              "in every export and code."), classes="dialog-message")
            with Horizontal(classes="dialog-buttons"):
                yield Button("List text (t)", id="text", variant="primary")
                code_button = Button("Share code (c)", id="code")
                code_button.disabled = self._code_length is None
                yield code_button
                yield Button("Cancel", id="cancel")
        yield Footer(compact=True, show_command_palette=False)

    def on_mount(self) -> None:
        self.query_one("#code" if self._code_length is not None else "#text", Button).focus()

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_choose(event.button.id or "")

    def action_choose(self, choice: str) -> None:
        if choice == "code" and self._code_length is None:
            return
        self.dismiss("text" if choice == "text" else "code" if choice == "code" else "")
