"""Dialogs of the organiser's side: open a folder of lists with a preset, name a file to write."""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Footer, Input, Label, Select

from horizon_builder.files.resources import event_presets, find_preset
from horizon_builder.tui.dialogs import PathSuggester, resolve
from horizon_builder.tui.paths import refused_to_visitor, visitor_root
from horizon_builder.tui.plain import plain
from horizon_builder.tui.screens.base import MORE_CSS


class FolderAndPresetDialog(ModalScreen[tuple[Path, Path] | None]):
    """Ask for a folder (or an event file) and an event preset."""

    CSS_PATH = MORE_CSS

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "Cancel", key_display="esc"),
    ]

    def __init__(self, title: str, what: str, initial: str = "", need_preset: bool = True) -> None:
        super().__init__(classes="dialog")
        self._title, self._what, self._initial = title, what, initial
        self._need_preset = need_preset

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box path-box") as box:
            box.border_title = plain(self._title)
            yield Label(plain(f"{self._what}, relative to {Path.cwd()}"), classes="dialog-hint")
            yield Input(self._initial, id="org-path", suggester=PathSuggester(root=visitor_root(self.app)),
                        placeholder="lists/")
            with Horizontal(id="org-preset-row"):
                yield Label("Event preset")
                yield Select[str]([(p.stem, str(p)) for p in event_presets()],
                                  prompt="or type a file below", id="org-preset", compact=True)
            yield Input("", id="org-preset-file", placeholder="my-event.toml (optional)")
            yield Label("", id="org-problem", classes="field-error")
            with Horizontal(classes="dialog-buttons"):
                yield Button("Open", id="ok", variant="primary")
                yield Button("Cancel", id="cancel")
        yield Footer(compact=True, show_command_palette=False)

    def on_mount(self) -> None:
        self.query_one("#org-preset-row").display = self._need_preset
        self.query_one("#org-preset-file").display = self._need_preset
        book = find_preset("oth-tournament")  # the book's plain tournament by default
        if book.is_file():
            self.query_one("#org-preset", Select).value = str(book)
        self.query_one("#org-path", Input).focus()

    def answer(self) -> tuple[Path, Path] | str:
        """The folder and preset chosen, or what is wrong."""
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
        if self._need_preset and (preset is None or not preset.is_file()):
            return "Choose a shipped preset or type a preset file."
        return path, preset or path

    @on(Input.Submitted)
    @on(Button.Pressed, "#ok")
    def _ok(self) -> None:
        answer = self.answer()
        label = self.query_one("#org-problem", Label)
        if isinstance(answer, str):
            label.update(plain(answer))
            label.display = True
            return
        self.dismiss(answer)

    @on(Button.Pressed, "#cancel")
    def action_cancel(self) -> None:
        self.dismiss(None)


class WriteFileDialog(ModalScreen[Path | None]):
    """Ask for a file to write (its folder must exist); the suffix picks the format."""

    CSS_PATH = MORE_CSS

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "Cancel", key_display="esc"),
    ]

    def __init__(self, title: str, hint: str, initial: str) -> None:
        super().__init__(classes="dialog")
        self._title, self._hint, self._initial = title, hint, initial

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box path-box") as box:
            box.border_title = plain(self._title)
            yield Label(plain(self._hint), classes="dialog-hint")
            yield Input(self._initial, id="write-path",
                        suggester=PathSuggester(root=visitor_root(self.app)))
            yield Label("", id="write-problem", classes="field-error")
            with Horizontal(classes="dialog-buttons"):
                yield Button("Write", id="ok", variant="primary")
                yield Button("Cancel", id="cancel")
        yield Footer(compact=True, show_command_palette=False)

    def on_mount(self) -> None:
        self.query_one("#write-path", Input).focus()

    @on(Input.Submitted)
    @on(Button.Pressed, "#ok")
    def _ok(self) -> None:
        value = self.query_one("#write-path", Input).value
        path = resolve(value) if value.strip() else None
        problem = ("Type a file name." if path is None else
                   refused_to_visitor(self.app, path) or
                   (f"No such folder: {path.parent}" if not path.parent.is_dir() else
                   "That is a folder: type a file name in it." if path.is_dir() else None))
        if problem:
            label = self.query_one("#write-problem", Label)
            label.update(plain(problem))
            label.display = True
            return
        self.dismiss(path)

    @on(Button.Pressed, "#cancel")
    def action_cancel(self) -> None:
        self.dismiss(None)
