"""Over budget: the elements to cut, each with the total it leaves (issue 15 item 11).

Enter on a finding that the force is over its FC budget (or a Task Force over its FP
limit) opens this list instead of only the budget field: each element with what cutting
it saves and the total after, a ✓ where the force then fits (judged by the validator,
:func:`horizon_builder.engine.cuts.cuts`). Enter cuts the element (ctrl+z undoes it);
``b`` goes to the budget in Settings instead.
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Footer, Label, OptionList
from textual.widgets.option_list import Option

from horizon_builder.engine.cuts import Cut
from horizon_builder.text.safetext import printable
from horizon_builder.tui.plain import plain

#: what the dialog answers: an element id to cut, "budget" for the settings, or None
CutAnswer = str | None


class CutDialog(ModalScreen[CutAnswer]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("b", "budget", "Change the budget"),
        Binding("escape", "cancel", "Cancel", key_display="esc"),
    ]

    def __init__(self, title: str, measure: str, limit: int, found: list[Cut]) -> None:
        super().__init__(classes="dialog")
        self._title, self._measure, self._limit, self._cuts = title, measure, limit, found

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box cut-box") as box:
            box.border_title = plain(self._title)
            yield Label(Text(f"Enter cuts one (ctrl+z undoes) · ✓ then within {self._limit} "
                             f"{self._measure}"), classes="dialog-hint")
            yield OptionList(*(Option(self._line(cut), id=cut.element) for cut in self._cuts),
                             id="cut-list")
            with Horizontal(classes="dialog-buttons"):
                yield Button("Change the budget", id="budget")
                yield Button("Cancel", id="cancel")
        yield Footer(compact=True, show_command_palette=False)

    def _line(self, cut: Cut) -> Text:
        width = min(30, max((len(printable(c.name)) + 2 * c.is_command for c in self._cuts),
                            default=0))
        line = Text("✓ " if cut.fits else "  ", style="bold green" if cut.fits else "")
        name = printable(("★ " if cut.is_command else "") + cut.name)
        line.append(name[:width].ljust(width))
        line.append(f"  −{cut.saves:<2} {self._measure} → {cut.total_after}/{self._limit}",
                    style="" if cut.fits else "dim")
        if not cut.fits:
            line.append(f" ({cut.total_after - self._limit} over)", style="dim")
        if cut.is_command:
            line.append("  the CHQ: choose another", style="italic dim")
        return line

    def on_mount(self) -> None:
        listing = self.query_one("#cut-list", OptionList)
        listing.focus()
        if self._cuts:
            listing.highlighted = 0

    @on(OptionList.OptionSelected, "#cut-list")
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(event.option.id)

    @on(Button.Pressed, "#budget")
    def action_budget(self) -> None:
        self.dismiss("budget")

    @on(Button.Pressed, "#cancel")
    def action_cancel(self) -> None:
        self.dismiss(None)
