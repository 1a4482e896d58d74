"""Enter one value from your rulebook (the core book's statlines and costs, RULES.md §0).

Used by the Rules screen (Enter on a value) and asked once at the moment it matters:
adding an element whose statline nobody has entered, or taking an upgrade whose cost
is unknown. The value is checked by the same models before it is written; a refused
value stays in the box with the reason. Dismisses with True when written.
"""

from __future__ import annotations

from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Footer, Input, Label

from horizon_builder.files.problems import LoadError
from horizon_builder.rules.entry import enter_value
from horizon_builder.rules.personal import ENTERED
from horizon_builder.rules.values import RuleValue
from horizon_builder.tui.plain import plain
from horizon_builder.tui.screens.base import MORE_CSS


class EnterValueDialog(ModalScreen[bool]):
    """Type a value (empty: back to the book data's), and where it comes from."""

    CSS_PATH = MORE_CSS

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "skip", "Skip", key_display="esc"),
    ]

    def __init__(self, value: RuleValue, note: str = "", ask_once: bool = False) -> None:
        super().__init__(classes="dialog")
        self.value, self.note, self.ask_once = value, note, ask_once

    def compose(self) -> ComposeResult:
        v = self.value
        with Vertical(classes="dialog-box", id="enter-box") as box:
            box.border_title = plain(("Enter once from your rulebook: " if self.ask_once else "")
                                     + f"{v.item}, {v.label}")
            if self.note:
                yield Label(plain(self.note), classes="dialog-hint")
            hint = (f"Stats in order {' '.join(v.stats)}, e.g. "
                    f"{' '.join(f'{s}3' for s in v.stats)}" if v.kind == "statline"
                    else "A whole number")
            yield Label(plain(f"{hint}. Now: {v.value or 'unknown'} ({v.status}; "
                              f"{v.source or 'no source'}). Empty: back to the book data."),
                        classes="dialog-hint")
            yield Input(v.value if v.status == "entered" else "", id="enter-value",
                        placeholder=" ".join(f"{s}?" for s in v.stats) or "?")
            with Horizontal(id="enter-source-row"):
                yield Label("Source")
                yield Input(v.source if v.status == "entered" else ENTERED, id="enter-source",
                            placeholder=ENTERED)
            yield Label("", id="enter-problem", classes="field-error")
            with Horizontal(classes="dialog-buttons"):
                yield Button("Enter" if not self.ask_once else "Enter for every one",
                             id="ok", variant="primary")
                yield Button("Skip" if self.ask_once else "Cancel", id="cancel")
        yield Footer(compact=True, show_command_palette=False)

    def on_mount(self) -> None:
        self.query_one("#enter-value", Input).focus()

    @on(Input.Submitted)
    @on(Button.Pressed, "#ok")
    def _ok(self) -> None:
        text = self.query_one("#enter-value", Input).value
        source = self.query_one("#enter-source", Input).value.strip() or ENTERED
        try:
            enter_value(self.value, text, source)
        except (ValueError, LoadError) as exc:
            problems = getattr(exc, "problems", None)
            label = self.query_one("#enter-problem", Label)
            label.update(plain(f"Not entered: {problems[0] if problems else exc}"))
            label.display = True
            return
        self.dismiss(True)

    @on(Button.Pressed, "#cancel")
    def action_skip(self) -> None:
        self.dismiss(False)
