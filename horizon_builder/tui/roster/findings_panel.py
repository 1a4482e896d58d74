"""The findings panel: what is wrong, with which element, and which rule says so.

Enter (or a click) on a finding posts :class:`FindingsPanel.Jump`; the home
screen then opens the editor on that element and field.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual.message import Message
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from horizon_builder.tui.common.guard import Guarded
from horizon_builder.tui.roster.format import SEVERITY_ICON, SEVERITY_WORD, plural

if TYPE_CHECKING:
    from horizon_builder.engine.findings import Finding
    from horizon_builder.engine.validator import Report

SEVERITY_STYLE = {"error": "bold red", "warning": "bold yellow", "info": "bold cyan"}


def finding_text(finding: Finding) -> Text:
    """One finding as two lines: severity and message, then rule and provisional mark."""
    severity = f"{SEVERITY_ICON[finding.severity]} {SEVERITY_WORD[finding.severity]:5}"
    text = Text.assemble((severity, SEVERITY_STYLE[finding.severity]), " ", finding.message)
    where = f"      {finding.rule}"
    if finding.provisional:
        where += "  ≈ provisional"
    text.append("\n")
    text.append(where, style="dim")
    return text


class FindingsPanel(Guarded, OptionList):
    """The validator's findings, errors first."""

    class Jump(Message):
        """The player asked to fix a finding."""

        def __init__(self, finding: Finding) -> None:
            super().__init__()
            self.finding = finding

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.findings: list[Finding] = []
        self._provisional: list[str] = []

    def show(self, report: Report) -> None:
        self.show_findings(report.all_findings, report.provisional_values)

    def show_findings(self, findings: list[Finding], provisional: list[str]) -> None:
        """Show findings (a report's, or kept from the last run) and the provisional values."""
        if (findings, provisional) == (self.findings, self._provisional) and self.option_count:
            return
        highlighted = self.highlighted
        self.findings = list(findings)
        self._provisional = list(provisional)
        options = [Option(finding_text(f), id=str(i)) for i, f in enumerate(findings)]
        if not findings:
            options.append(Option(Text("✓ Nothing to fix: no findings.", style="green"), disabled=True))
        if provisional:
            names = [value.split(" (")[0] for value in provisional]  # sources: header tooltip
            note = Text("≈ Rests on provisional values: ", style="dim italic")
            note.append(", ".join(names), style="dim")
            note.append(". Check them in your rulebook and enter them once: Rules (R).",
                        style="dim italic")
            options.append(Option(note, id="provisional", disabled=True))
        self.set_options(options)
        if findings:
            self.highlighted = 0 if highlighted is None else min(highlighted, len(findings) - 1)
        errors = sum(1 for f in findings if f.severity == "error")
        warnings = sum(1 for f in findings if f.severity == "warning")
        notes = len(findings) - errors - warnings
        parts = [plural(errors, "error"), plural(warnings, "warning")]
        if notes:
            parts.append(plural(notes, "note"))
        self.border_title = "Findings: " + ", ".join(parts)
        self.border_subtitle = "Enter: fix" if findings else ""

    @property
    def provisional(self) -> list[str]:
        return list(self._provisional)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option.id is None or not event.option.id.isdigit():
            return
        self.post_message(self.Jump(self.findings[int(event.option.id)]))

    @property
    def selected_finding(self) -> Finding | None:
        if self.highlighted is None or not self.findings:
            return None
        return self.findings[self.highlighted]
