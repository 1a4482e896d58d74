"""Where the focus goes in the element editor: up and down between its rows, and to the
control a finding names."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import OptionList

from horizon_builder.tui.common.guard import Guarded
from horizon_builder.tui.roster.editor import NumberStepper, UpgradePicker

if TYPE_CHECKING:
    from horizon_builder.roster.models import Element

_FIELD = re.compile(r"^(?:forms\[(\d+)\]\.?)?(.*)$")


class EditorFocus(Guarded, Screen[None]):
    """Mixed into :class:`ElementEditorScreen` (which gives the statline shown)."""

    line: int | None

    if TYPE_CHECKING:  # given by the editor
        def _element(self) -> Element | None: ...
        def stat_stepper(self, stat: str) -> NumberStepper | None: ...
        def action_show_line(self, index: int) -> None: ...

    def action_focus_row(self, delta: int) -> None:
        """Up/down between the rows: name, P (and form type), stats, upgrades, findings."""
        rows: list[list[Widget]] = [[self.query_one("#ed-name")],
                [w for w in (self.query_one("#ed-form-type"), self.query_one("#ed-presence"))
                 if w.display],
                list(self.query_one("#ed-stats").query(NumberStepper)),
                [self.query_one(UpgradePicker)],
                [self.query_one("#ed-findings")]]
        rows = [r for r in rows if r]
        focused = self.focused
        current = next((i for i, r in enumerate(rows) if focused in r), None)
        if current is None:
            return
        target = max(0, min(len(rows) - 1, current + delta))
        if target != current:
            rows[target][0].focus()

    def action_focus_findings(self) -> None:
        self.query_one("#ed-findings", OptionList).focus()

    def focus_on_field(self, field: str | None) -> None:
        """Focus the control a finding's field names ("stats.M", "forms[2].upgrades" ...)."""
        if not field:
            self.query_one(UpgradePicker).focus()
            return
        match = _FIELD.match(field)
        assert match is not None
        form, rest = match.groups()
        element = self._element()
        if form is not None and element is not None and int(form) - 1 < len(element.forms):
            self.action_show_line(int(form) - 1)
        elif form is None and self.line is not None:
            self.action_show_line(-1)
        self.call_after_refresh(self._focus_rest, rest)

    def _focus_rest(self, rest: str) -> None:
        target = "#ed-upgrades"
        if rest.startswith("stats"):
            stepper = self.stat_stepper(rest.partition(".")[2])
            if stepper is not None:
                stepper.focus()
                return
            target = "#ed-stats NumberStepper"
        elif rest in ("presence", "force_cost"):
            target = "#ed-presence"
        elif rest == "name":
            target = "#ed-name"
        elif rest == "type" and self.line is not None:
            target = "#ed-form-type"
        found = self.query(target)
        (found.first() if found else self.query_one(UpgradePicker)).focus()
