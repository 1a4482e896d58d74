"""Ask for a whole number in a range (how many copies ...)."""

from __future__ import annotations

from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Footer, Input, Label

from horizon_builder.tui.plain import plain


class CountDialog(ModalScreen[int | None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "Cancel", key_display="esc"),
    ]

    def __init__(self, title: str, initial: int, low: int, high: int) -> None:
        super().__init__(classes="dialog")
        self._title, self._initial, self.low, self.high = title, initial, low, high

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box") as box:
            box.border_title = plain(self._title)
            yield Input(str(self._initial), id="count", type="integer", max_length=3)
            yield Label("", id="count-problem", classes="field-error")
            with Horizontal(classes="dialog-buttons"):
                yield Button("OK", id="ok", variant="primary")
                yield Button("Cancel", id="cancel")
        yield Footer(compact=True, show_command_palette=False)

    def on_mount(self) -> None:
        field = self.query_one("#count", Input)
        field.focus()
        field.action_select_all()

    @on(Input.Submitted)
    @on(Button.Pressed, "#ok")
    def _ok(self) -> None:
        text = self.query_one("#count", Input).value
        if text.isdigit() and self.low <= int(text) <= self.high:
            self.dismiss(int(text))
            return
        label = self.query_one("#count-problem", Label)
        label.update(plain(f"Type a number from {self.low} to {self.high}."))
        label.display = True

    @on(Button.Pressed, "#cancel")
    def action_cancel(self) -> None:
        self.dismiss(None)
