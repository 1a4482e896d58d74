"""Dialogs of the organiser's side: open a folder of lists with a preset, name a file to write."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Input, Label, Select

from horizon_builder.files.resources import event_presets, find_preset
from horizon_builder.files.tomlfile import is_file, reason_of
from horizon_builder.tui.common.dialog import Dialog, DialogButton
from horizon_builder.tui.common.dialogs import PathSuggester, resolve
from horizon_builder.tui.common.paths import refused_to_visitor, visitor_root
from horizon_builder.tui.common.plain import plain
from horizon_builder.tui.common.views import MORE_CSS


class FolderAndPresetDialog(Dialog[tuple[Path, Path] | None]):
    """Ask for a folder (or an event file) and an event preset."""

    CSS_PATH = MORE_CSS
    DEFAULT = "ok"

    def __init__(self, title: str, what: str, initial: str = "", need_preset: bool = True) -> None:
        super().__init__(title, None, box="path-box")
        self._what, self._initial = what, initial
        self._need_preset = need_preset

    def compose_body(self) -> ComposeResult:
        yield Label(plain(f"{self._what}, relative to {Path.cwd()}"), classes="dialog-hint")
        yield Input(self._initial, id="org-path", suggester=PathSuggester(root=visitor_root(self.app)),
                    placeholder="lists/")
        with Horizontal(id="org-preset-row"):
            yield Label("Event preset")
            yield Select[str]([(p.stem, str(p)) for p in event_presets()],
                              prompt="or type a file below", id="org-preset", compact=True)
        yield Input("", id="org-preset-file", placeholder="my-event.toml (optional)")
        yield Label("", id="org-problem", classes="field-error")

    def buttons(self) -> Sequence[DialogButton[tuple[Path, Path] | None]]:
        return self.submit_buttons("Open")

    def ready(self) -> None:
        self.query_one("#org-preset-row").display = self._need_preset
        self.query_one("#org-preset-file").display = self._need_preset
        book = find_preset("oth-tournament")  # the book's plain tournament by default
        if book.is_file():
            self.query_one("#org-preset", Select).value = str(book)
        self.query_one("#org-path", Input).focus()

    def answer(self) -> tuple[Path, Path] | str:
        """The folder and preset chosen, or what is wrong (a name the system refuses, too
        long or with a NUL in it, is said so)."""
        try:
            return self._answer()
        except (OSError, ValueError) as exc:
            return f"This path cannot be used: {reason_of(exc)}."

    def _answer(self) -> tuple[Path, Path] | str:
        value = self.query_one("#org-path", Input).value
        if not value.strip():
            return f"Type the {self._what.lower()}."
        path = resolve(value)
        typed = self.query_one("#org-preset-file", Input).value.strip()
        outside = refused_to_visitor(self.app, path) or (
            refused_to_visitor(self.app, resolve(typed)) if typed else None)
        if outside is not None:
            return outside
        if not path.exists():
            return f"No such {'folder' if self._need_preset else 'file'}: {path}"
        chosen = self.query_one("#org-preset", Select).value
        preset = find_preset(typed) if typed else (Path(str(chosen)) if chosen != Select.NULL
                                                   else None)
        if self._need_preset and (preset is None or not is_file(preset)):
            return "Choose a shipped preset or type a preset file."
        return path, preset or path

    def submit(self) -> None:
        answer = self.answer()
        if isinstance(answer, str):
            self.say(answer)
            return
        self.dismiss(answer)


class WriteFileDialog(Dialog[Path | None]):
    """Ask for a file to write (its folder must exist); the suffix picks the format."""

    CSS_PATH = MORE_CSS
    DEFAULT = "ok"
    FOCUS = "#write-path"

    def __init__(self, title: str, hint: str, initial: str) -> None:
        super().__init__(title, None, box="path-box")
        self._hint, self._initial = hint, initial

    def compose_body(self) -> ComposeResult:
        yield Label(plain(self._hint), classes="dialog-hint")
        yield Input(self._initial, id="write-path",
                    suggester=PathSuggester(root=visitor_root(self.app)))
        yield Label("", id="write-problem", classes="field-error")

    def buttons(self) -> Sequence[DialogButton[Path | None]]:
        return self.submit_buttons("Write")

    def submit(self) -> None:
        value = self.query_one("#write-path", Input).value
        path = resolve(value) if value.strip() else None
        try:
            problem = ("Type a file name." if path is None else
                       refused_to_visitor(self.app, path) or
                       (f"No such folder: {path.parent}" if not path.parent.is_dir() else
                       "That is a folder: type a file name in it." if path.is_dir() else None))
        except (OSError, ValueError) as exc:  # a name too long, a NUL in it
            problem = f"This path cannot be used: {reason_of(exc)}."
        if problem:
            self.say(problem)
            return
        self.dismiss(path)
