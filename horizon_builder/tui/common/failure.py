"""The dialog that says something failed: what, in one line; that the list is kept (or how
to keep it); and where the report with the details is. The app goes on when it is closed.

The app opens it (``report_failure``, on an error a guard caught: tui/common/guard.py); the
report file is ``userfiles/reports.py``'s.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.content import Content
from textual.message import Message
from textual.widgets import Static

from horizon_builder.tui.common.dialog import Dialog, DialogButton
from horizon_builder.tui.common.plain import plain


class FailureDialog(Dialog[None]):
    """Something failed; the app goes on (OK, Enter or Esc closes it)."""

    DEFAULT_CSS = """
    FailureDialog .dialog-box { border: thick $error; }
    FailureDialog #failure-what { text-style: bold; }
    """
    DEFAULT = "ok"
    FOCUS = "#ok"
    ESCAPE = ("escape", "Close")

    def __init__(self, what: str, kept: str, report: Path | None, report_problem: str | None = None,
                 more: int = 0) -> None:
        super().__init__("Something went wrong", None, box="failure-box")
        self.what = what  #: what failed, in one line ("Saving the list failed: ...")
        self.kept = kept  #: what became of the list (autosaved, saved, or how to keep it)
        self.report = report  #: the report file (None: it could not be written)
        self.report_problem = report_problem  #: why it could not be written
        self.more = more  #: further failures since this one was first shown

    def compose_body(self) -> ComposeResult:
        yield Static(plain(self.what), id="failure-what", classes="dialog-message")
        yield Static(plain(self.kept), id="failure-kept", classes="dialog-message")
        yield Static(self._report_text(), id="failure-report", classes="dialog-message")
        yield Static(Text("The app goes on: close this and carry on. What you were doing "
                          "may not have finished: look at the list (ctrl+z undoes an edit "
                          "that was made)."), classes="dialog-hint")

    def _report_text(self) -> Content:
        if self.report is None:
            return plain(f"No report could be written ({self.report_problem or 'unknown reason'}).")
        more = f" ({self.more} more since)" if self.more else ""
        # (the path on a line of its own: plain() keeps a text on one line, "\n" escaped)
        return Content.assemble(f"The details for a bug report{more} are in:\n", plain(self.report))

    def buttons(self) -> Sequence[DialogButton[None]]:
        return (DialogButton("OK", "ok", None, "primary"),)

    def another(self, report: Path | None) -> None:
        """One more failure while this dialog is open: counted, its report named."""
        self.more += 1
        if report is not None:
            self.report = report
        if self.is_mounted:
            self.query_one("#failure-report", Static).update(self._report_text())


class FailureReported(Message):
    """A guard caught an error (the app's ``report_failure``, from any thread): the app
    autosaves and shows :class:`FailureDialog` on its own loop."""

    def __init__(self, what: str, report: Path | None, problem: str | None) -> None:
        super().__init__()
        self.what = what  #: "… failed: TypeError: …"
        self.report = report  #: the report file (None: not written)
        self.problem = problem  #: why it was not written
