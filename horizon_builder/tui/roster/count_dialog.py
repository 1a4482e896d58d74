"""Ask for a whole number in a range (how many copies ...)."""

from __future__ import annotations

from collections.abc import Sequence

from textual.app import ComposeResult
from textual.widgets import Input, Label

from horizon_builder.tui.common.dialog import Dialog, DialogButton


class CountDialog(Dialog[int | None]):
    DEFAULT = "ok"
    FOCUS = "#count"  # its number selected whole (an input selects on focus): typing replaces it

    def __init__(self, title: str, initial: int, low: int, high: int) -> None:
        super().__init__(title, None)
        self._initial, self.low, self.high = initial, low, high

    def compose_body(self) -> ComposeResult:
        yield Input(str(self._initial), id="count", type="integer", max_length=3)
        yield Label("", id="count-problem", classes="field-error")

    def buttons(self) -> Sequence[DialogButton[int | None]]:
        return self.submit_buttons("OK")

    def submit(self) -> None:
        text = self.query_one("#count", Input).value
        if text.isascii() and text.isdigit() and self.low <= int(text) <= self.high:
            self.dismiss(int(text))
            return
        self.say(f"Type a number from {self.low} to {self.high}.")
