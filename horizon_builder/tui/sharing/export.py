"""Export preview: pick a format, read the roster as it will print, save it.

Push it from anywhere in the app::

    self.app.push_screen(ExportScreen(roster, ruleset, path=roster_path))

or with a validation report already at hand: ``ExportScreen(report)``. The
rendering and the atomic write are the export package's (the same as
``horizon-builder export``); this screen only shows and saves.
"""

from __future__ import annotations

import io
from pathlib import Path
from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Checkbox, Input, Label, Select, Static, TextArea

from horizon_builder.checks import validate
from horizon_builder.engine.validator import Report
from horizon_builder.export import FORMATS, SUFFIXES, build_document, render_document, write_atomic
from horizon_builder.export.document import ExportDocument
from horizon_builder.files.names import file_stem
from horizon_builder.files.tomlfile import reason_of
from horizon_builder.roster.models import Roster
from horizon_builder.rules.models import Ruleset
from horizon_builder.tui.common.guard import Guarded
from horizon_builder.tui.common.keys_footer import KeysFooter
from horizon_builder.tui.common.paths import visitor_root
from horizon_builder.tui.common.toggles import ShapeCheckbox
from horizon_builder.userfiles.pages import TempPages

FORMAT_LABELS = {"text": "Plain text", "markdown": "Markdown (forums, chat)",
                 "html": "HTML (print)", "cards": "HTML cards (print)", "json": "JSON (data)"}

#: What a browser is told each export is (served: the download's type).
MIME_TYPES = {".txt": "text/plain", ".md": "text/markdown", ".html": "text/html",
              ".json": "application/json"}


def default_filename(name: str, fmt: str) -> str:
    """A file name from the roster name: 'Red Meridian TF' → 'red-meridian-tf.html'."""
    return file_stem(name) + SUFFIXES[fmt]


class ExportScreen(Guarded, ModalScreen[None]):
    """Preview a roster in every export format and save it to a file."""

    DEFAULT_CSS = """
    ExportScreen { align: center middle; }
    ExportScreen #export-dialog {
        width: 96%; height: 94%; padding: 0 1; border: thick $primary; background: $surface;
    }
    /* at 80x24 the preview keeps its lines: one line each for the choices and the hint */
    ExportScreen #export-title {
        text-style: bold; width: 1fr; min-width: 20; height: 1;
        text-wrap: nowrap; text-overflow: ellipsis;
    }
    ExportScreen #export-verdict { width: auto; max-width: 60%; height: auto; margin-left: 2; }
    ExportScreen #export-verdict.-illegal { color: $error; }
    ExportScreen #export-verdict.-legal { color: $success; }
    ExportScreen .export-row { height: auto; }
    ExportScreen #export-format { width: 34; }
    ExportScreen #export-compact { width: auto; margin-left: 2; }
    ExportScreen #export-preview { height: 1fr; min-height: 8; margin: 1 0 0 0; }
    ExportScreen #export-path { width: 1fr; }
    ExportScreen .export-label { padding: 1 1 0 0; }
    ExportScreen #export-hint {
        color: $text-muted; height: 1; text-wrap: nowrap; text-overflow: ellipsis;
    }
    ExportScreen #export-save, ExportScreen #export-close { margin-left: 1; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", "Close"),
        Binding("ctrl+s", "save", "Save", id="export.save", priority=True),
        Binding("ctrl+k", "copy", "Copy", id="export.copy", priority=True,
                tooltip="Copy the export shown to the clipboard (to paste in a chat or e-mail)"),
        Binding("ctrl+b", "browser", "Open in browser", id="export.browser", priority=True,
                tooltip="Open the HTML export in your web browser, to print it"),
    ]

    def __init__(self, roster: Roster | Report, ruleset: Ruleset | None = None, *,
                 path: Path | None = None, fmt: str | None = None, compact: bool = False,
                 pages: TempPages | None = None,
                 name: str | None = None, id: str | None = None) -> None:
        super().__init__(name=name, id=id)
        if pages is None:  # no app keeps them (a host of its own): removed when Python exits
            import atexit

            pages = TempPages()
            atexit.register(pages.remove_all)
        #: where Open in browser writes its pages: the app removes them when it quits
        self.pages = pages
        if isinstance(roster, Report):
            report = roster
        else:
            if ruleset is None:
                raise TypeError("ExportScreen needs a ruleset with a roster (or pass a Report)")
            report = validate(roster, ruleset)
        self.report = report
        self.document: ExportDocument = build_document(report)
        self.roster_path = path
        if fmt is None:  # the format chosen last time (remembered between runs)
            from horizon_builder.userfiles.prefs import pref

            fmt = pref("export_format", "text")
        self.format = fmt if fmt in FORMATS else "text"
        self.compact = compact
        self.saved: list[Path] = []

    # --- layout ----------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        doc = self.document
        legal = "-legal" if doc.verdict.legal else "-illegal"
        with Vertical(id="export-dialog"):
            # a long name is cut (…) and a long verdict wraps: both leave the rest on screen
            with Horizontal(classes="export-row", id="export-head"):
                yield Label(f"Export “{doc.name}”", id="export-title", markup=False)
                yield Static(doc.verdict.text, id="export-verdict", classes=legal, markup=False)
            with Horizontal(classes="export-row"):
                yield Select([(FORMAT_LABELS[f], f) for f in FORMATS], value=self.format,
                             allow_blank=False, id="export-format", compact=True)
                yield ShapeCheckbox("Compact (one line per element)", self.compact,
                                    id="export-compact", compact=True)
            yield TextArea(self._rendered(), read_only=True, soft_wrap=True, id="export-preview")
            yield Static("ctrl+s download · ctrl+k copy to the clipboard · ctrl+b open the HTML "
                         "in a new tab (to print) · esc close" if self.served else
                         "ctrl+s save · ctrl+k copy to the clipboard · ctrl+b open the HTML in "
                         "your browser (to print) · esc close", id="export-hint")
            with Horizontal(classes="export-row"):
                yield Label("Download as" if self.served else "Save to", classes="export-label")
                yield Input(self._suggested_path(), placeholder="File to write", id="export-path")
                yield Button("Download" if self.served else "Save as...", variant="primary",
                             id="export-save")
                yield Button("Close", id="export-close")
        yield KeysFooter()  # this screen's own keys

    # --- rendering -------------------------------------------------------------------

    def _rendered(self) -> str:
        return render_document(self.document, self.format, self.compact)

    @property
    def preview_text(self) -> str:
        return self.query_one("#export-preview", TextArea).text

    @property
    def served(self) -> bool:
        """True in a browser (``horizon-builder serve``): exports go to the visitor's browser."""
        return visitor_root(self.app) is not None

    def _deliver(self, text: str, filename: str, *, to_open: bool = False) -> None:
        """Send an export to the visitor's browser: a download, or a page to open and print."""
        self.app.deliver_text(io.StringIO(text), save_filename=filename, encoding="utf-8",
                              open_method="browser" if to_open else "download",
                              mime_type=MIME_TYPES.get(Path(filename).suffix.lower(), "text/plain"))
        self.notify(f"Sent {filename} to your browser" + ("" if to_open else " (your downloads)"),
                    title="Exported", timeout=4)

    def _suggested_path(self) -> str:
        filename = default_filename(self.document.name, self.format)
        if self.served:
            return filename
        folder = self.roster_path.parent if self.roster_path is not None else None
        return str(folder / filename) if folder is not None else filename

    def _refresh_preview(self) -> None:
        self.query_one("#export-preview", TextArea).load_text(self._rendered())

    @on(Select.Changed, "#export-format")
    def _format_changed(self, event: Select.Changed) -> None:
        if event.value not in FORMATS or event.value == self.format:
            return
        self.format = event.value  # one of FORMATS (checked above)
        from horizon_builder.userfiles.prefs import save_pref

        save_pref("export_format", self.format)
        path_input = self.query_one("#export-path", Input)
        current = Path(path_input.value)
        if current.suffix in SUFFIXES.values():  # follow the format unless the user chose otherwise
            path_input.value = str(current.with_suffix(SUFFIXES[self.format]))
        self._refresh_preview()

    @on(Checkbox.Changed, "#export-compact")
    def _compact_changed(self, event: Checkbox.Changed) -> None:
        self.compact = event.value
        self._refresh_preview()

    # --- actions ---------------------------------------------------------------------

    @on(Button.Pressed, "#export-save")
    @on(Input.Submitted, "#export-path")
    def _save_requested(self) -> None:
        self.action_save()

    @on(Button.Pressed, "#export-close")
    def action_close(self) -> None:
        self.dismiss(None)

    def action_copy(self) -> None:
        """The export shown, on the clipboard (the terminal's, through OSC 52)."""
        self.app.copy_to_clipboard(self._rendered())
        self.notify(f"Copied the {FORMAT_LABELS[self.format].lower()} export to the clipboard "
                    "(if your terminal allows it: else save it)", timeout=4)

    def action_browser(self) -> None:
        """The HTML export, in the default web browser, ready to print: a page in a temporary
        folder, removed when the app quits (:mod:`horizon_builder.userfiles.pages`)."""
        import webbrowser

        fmt = "cards" if self.format == "cards" else "html"  # the layout chosen, else the list
        html = render_document(self.document, fmt, self.compact)
        if self.served:  # the visitor's browser, not the host's
            self._deliver(html, default_filename(self.document.name, fmt), to_open=True)
            return
        target = self.pages.write(default_filename(self.document.name, fmt), html)
        opened = webbrowser.open(target.resolve().as_uri())
        self.notify(f"Opened {target} in your browser" if opened else
                    f"No browser found: the page is at {target} until the app quits", timeout=5)

    def action_save(self) -> None:
        """Write the previewed export atomically to the path in the input; say how it went."""
        raw = self.query_one("#export-path", Input).value.strip()
        if not raw:
            self.notify("Type a file name to save to", severity="warning")
            return
        if self.served:
            self._deliver(self._rendered(), Path(raw).name or default_filename(
                self.document.name, self.format))
            return
        target = Path(raw).expanduser()
        if not target.is_absolute() and self.roster_path is not None:
            target = self.roster_path.parent / target
        try:
            existed = target.exists()
            folder = target.is_dir()
        except (OSError, ValueError) as exc:  # too long a name, a NUL in it
            self.notify(f"This path cannot be used: {reason_of(exc)}",
                        title="Export failed", severity="error")
            return
        if folder:
            self.notify(f"{target} is a folder: add a file name", severity="error")
            return
        try:
            write_atomic(target, self._rendered())
        except (OSError, ValueError) as exc:  # (ValueError: a NUL in the name)
            self.notify(f"Could not save {target}: {reason_of(exc)}",
                        title="Export failed", severity="error")
            return
        self.saved.append(target)
        self.notify(f"{'Replaced' if existed else 'Saved'} {target}", title="Exported")
