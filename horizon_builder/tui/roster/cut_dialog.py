"""Over budget: the elements to cut, each with the total it leaves (issue 15 item 11).

Enter on a finding that the force is over its FC budget (or a Task Force over its FP
limit) opens this list instead of only the budget field: each element with what cutting
it saves and the total after, a ✓ where the force then fits (judged by the validator,
:func:`horizon_builder.editing.cuts.cuts`). Enter cuts the element (ctrl+z undoes it);
``b`` goes to the budget in Settings instead.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.widgets import Label, OptionList
from textual.widgets.option_list import Option

from horizon_builder.editing.cuts import Cut
from horizon_builder.text.safetext import printable
from horizon_builder.text.words import signed
from horizon_builder.tui.common.dialog import CANCEL, Dialog, DialogButton

#: what the dialog answers: an element id to cut, "budget" for the settings, or None
CutAnswer = str | None


class CutDialog(Dialog[CutAnswer]):
    KEYS = (("b", "budget", "Change the budget"),)

    def __init__(self, title: str, measure: str, limit: int, found: list[Cut]) -> None:
        super().__init__(title, None, box="cut-box")
        self._measure, self._limit, self._cuts = measure, limit, found

    def compose_body(self) -> ComposeResult:
        yield Label(Text(f"Enter cuts one (ctrl+z undoes) · ✓ then within {self._limit} "
                         f"{self._measure}"), classes="dialog-hint")
        yield OptionList(*(Option(self._line(cut), id=cut.element) for cut in self._cuts),
                         id="cut-list")

    def buttons(self) -> Sequence[DialogButton[CutAnswer]]:
        return DialogButton("Change the budget", "budget", "budget"), DialogButton("Cancel", "cancel", CANCEL)

    def _line(self, cut: Cut) -> Text:
        width = min(30, max((len(printable(c.name)) + 2 * c.is_command for c in self._cuts),
                            default=0))
        line = Text("✓ " if cut.fits else "  ", style="bold green" if cut.fits else "")
        name = printable(("★ " if cut.is_command else "") + cut.name)
        line.append(name[:width].ljust(width))
        line.append(f"  {signed(-cut.saves):<3} {self._measure} → {cut.total_after}/{self._limit}",
                    style="" if cut.fits else "dim")
        if not cut.fits:
            line.append(f" ({cut.total_after - self._limit} over)", style="dim")
        if cut.is_command:
            line.append("  the CHQ: choose another", style="italic dim")
        return line

    def ready(self) -> None:
        listing = self.query_one("#cut-list", OptionList)
        listing.focus()
        if self._cuts:
            listing.highlighted = 0

    @on(OptionList.OptionSelected, "#cut-list")
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(event.option.id)
