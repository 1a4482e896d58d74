"""Small modal dialogs: confirm, unsaved changes, file path prompt, load errors.

Each is a :class:`~horizon_builder.tui.common.dialog.Dialog` returning its answer through
``dismiss``: use them with ``push_screen(dialog, callback)`` or, inside a
worker, ``await app.push_screen_wait(dialog)``.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import ClassVar, Literal

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.suggester import Suggester
from textual.validation import ValidationResult, Validator
from textual.widgets import Input, Label, Static

from horizon_builder.files.problems import Problem
from horizon_builder.files.served import outside_root
from horizon_builder.files.tomlfile import reason_of
from horizon_builder.text.words import plural
from horizon_builder.tui.common.dialog import CANCEL, Dialog, DialogButton
from horizon_builder.tui.common.paths import refused_to_visitor, visitor_root
from horizon_builder.tui.common.plain import plain

UnsavedAnswer = Literal["save", "discard", "cancel"]


class ConfirmDialog(Dialog[bool]):
    """Ask a yes/no question; dismisses with True when confirmed."""

    KEYS = (("y", "confirm", "Yes"),)
    ESCAPE = ("escape,n", "Cancel")
    FOCUS = "#confirm"

    def __init__(self, title: str, message: str, confirm: str = "OK", cancel: str = "Cancel",
                 danger: bool = False) -> None:
        super().__init__(title, False)
        self._message = message
        self._confirm = confirm
        self._cancel = cancel
        self._danger = danger

    def compose_body(self) -> ComposeResult:
        yield Static(Text(self._message), classes="dialog-message")

    def buttons(self) -> Sequence[DialogButton[bool]]:
        return (DialogButton(self._confirm, "confirm", True, "error" if self._danger else "primary"),
                DialogButton(self._cancel, "cancel", CANCEL))


class UnsavedChangesDialog(Dialog[UnsavedAnswer]):
    """Save, discard or cancel before an action that would lose unsaved changes."""

    KEYS = (("s", "save", "Save"), ("d", "discard", "Don't save"))
    ESCAPE = ("escape,c", "Cancel")
    FOCUS = "#save"

    def __init__(self, file_label: str, doing: str) -> None:
        super().__init__("Unsaved changes", "cancel")
        self._file_label = file_label
        self._doing = doing

    def compose_body(self) -> ComposeResult:
        yield Static(Text(f"{self._file_label} has changes that are not saved.\n"
                          f"Save them before you {self._doing}?"), classes="dialog-message")

    def buttons(self) -> Sequence[DialogButton[UnsavedAnswer]]:
        return (DialogButton("Save", "save", "save", "primary"),
                DialogButton("Don't save", "discard", "discard", "error"),
                DialogButton("Cancel", "cancel", CANCEL))


class FileChangedDialog(Dialog[str]):
    """The file changed on disk since it was opened: overwrite, save as, reload or cancel."""

    KEYS = (("o", "overwrite", "Overwrite"), ("a", "save_as", "Save as"), ("r", "reload", "Reload"))
    ESCAPE = ("escape,c", "Cancel")
    FOCUS = "#save_as"

    def __init__(self, file_label: str) -> None:
        super().__init__("File changed on disk", "cancel", box="four-buttons")
        self._file_label = file_label

    def compose_body(self) -> ComposeResult:
        yield Static(plain(f"{self._file_label} was changed by another program (or another "
                           "window of this app) since you opened it.").append(
            "\nOverwrite it with your roster, save yours under another name, or reload "
            "it and lose your changes?"), classes="dialog-message")

    def buttons(self) -> Sequence[DialogButton[str]]:
        return (DialogButton("Save as", "save_as", "save_as", "primary"),
                DialogButton("Overwrite", "overwrite", "overwrite", "error"),
                DialogButton("Reload", "reload", "reload"),
                DialogButton("Cancel", "cancel", CANCEL))


class PathSuggester(Suggester):
    """Completes file and folder names as you type a path (→ accepts)."""

    def __init__(self, base: Path | None = None, root: Path | None = None) -> None:
        super().__init__(use_cache=False, case_sensitive=True)
        self.base = base  #: folder relative paths start from (default: the working folder)
        self.root = root  #: served: names outside this folder are never suggested

    def _hidden(self, path: Path) -> bool:
        return path.name.startswith(".") or outside_root(path, self.root) is not None

    async def get_suggestion(self, value: str) -> str | None:
        if not value:
            return None
        path = Path(value).expanduser()
        if self.base is not None and not path.is_absolute():
            path = self.base / path
        folder, stem = (path, "") if value.endswith(os.sep) else (path.parent, path.name)
        if outside_root(folder, self.root) is not None:
            return None
        try:
            names = sorted(entry.name for entry in folder.iterdir())
        except OSError:
            return None
        for name in names:
            if name.startswith(stem) and name != stem and not self._hidden(folder / name):
                completed = value[: len(value) - len(stem)] + name
                if (folder / name).is_dir():
                    completed += os.sep
                return completed
        return None


def resolve(value: str) -> Path:
    path = Path(value.strip())
    try:
        return path.expanduser()
    except RuntimeError:  # "~someone" unknown: the path is used as typed
        return path


class _PathValidator(Validator):
    def __init__(self, prompt: PathPrompt) -> None:
        super().__init__()
        self.prompt = prompt

    def validate(self, value: str) -> ValidationResult:
        problem = self.prompt.problem(value)
        return self.success() if problem is None else self.failure(problem)


class PathPrompt(Dialog[Path | None]):
    """Ask for a roster file path, checking it as you type.

    ``purpose="open"``: the file must exist. ``purpose="save"``: its folder must
    exist, ``.toml`` is added when missing, and paths in ``refuse`` (files that
    failed to load, which we never overwrite) are refused.
    """

    DEFAULT_CSS = "PathPrompt .field-error { margin-bottom: 1; }"
    DEFAULT = "ok"
    #: The path field's class (the Open dialog's takes a share code pasted over lines).
    INPUT: ClassVar[type[Input]] = Input

    def __init__(self, title: str, purpose: Literal["open", "save"], initial: str = "",
                 refuse: Iterable[Path] = ()) -> None:
        super().__init__(title, None, box=f"path-box {purpose}-box")
        self.purpose = purpose
        self._initial = initial
        self._refuse = {p.resolve() for p in refuse}

    def compose_body(self) -> ComposeResult:
        yield Label(Text(self.hint()), classes="dialog-hint")
        yield self.INPUT(self._initial, id="path", suggester=PathSuggester(root=visitor_root(self.app)),
                    validators=[_PathValidator(self)], validate_on=["changed", "submitted"],
                    placeholder="path/to/roster.toml")
        problem = Label("", id="path-problem", classes="field-error")
        problem.display = False  # shown with its message (see say)
        yield problem
        yield from self.compose_browser()

    def buttons(self) -> Sequence[DialogButton[Path | None]]:
        return self.submit_buttons("Open" if self.purpose == "open" else "Save")

    def hint(self) -> str:
        """The line above the path: what to type (served: the host's folders are not the
        visitor's, so the served folder is not named)."""
        if visitor_root(self.app) is not None:
            return "Roster file (.toml), in the served folder"
        return f"Roster file (.toml), relative to {Path.cwd()}"

    def compose_browser(self) -> ComposeResult:
        """Widgets between the path and the buttons (the Open dialog's recent list and folders)."""
        yield from ()

    def ready(self) -> None:
        field = self.query_one("#path", Input)
        field.focus()
        field.cursor_position = len(field.value)

    def target(self, value: str) -> Path:
        path = resolve(value)
        if self.purpose == "save" and path.suffix.lower() != ".toml" and not value.endswith(os.sep) \
                and path.name not in ("", ".", ".."):  # "./" and "../" name folders (with_name fails)
            path = path.with_name(path.name + ".toml")
        return path

    def problem(self, value: str) -> str | None:
        """Why this path cannot be used, or None."""
        try:
            return self._problem(value)
        except (OSError, ValueError) as exc:  # a name too long, a NUL byte ...
            return f"This path cannot be used: {reason_of(exc)}."

    def _problem(self, value: str) -> str | None:
        if not value.strip():
            return "Type a file name."
        path = self.target(value)
        outside = refused_to_visitor(self.app, path)
        if outside is not None:
            return outside
        if self.purpose == "open":
            if not path.exists():
                return f"No such file: {path}"
            if path.is_dir():
                return "That is a folder: type a file name in it, or choose one in the folders."
            return None
        if value.endswith(os.sep) or path.is_dir():
            return "That is a folder: type a file name in it."
        if not path.parent.is_dir():
            return f"No such folder: {path.parent}"
        if path.resolve() in self._refuse:
            return ("This file could not be loaded, so it is kept as it is: "
                    "choose another name.")
        return None

    @on(Input.Changed, "#path")
    def _changed(self, event: Input.Changed) -> None:
        result = event.validation_result
        self.say(None if result is None or result.is_valid else result.failure_descriptions[0])

    def submit(self) -> None:
        field = self.query_one("#path", Input)
        problem = self.problem(field.value)
        if problem is not None:
            self.say(problem)
            field.focus()
            return
        self.finish(field.value)

    def finish(self, value: str) -> None:
        """Close with the path typed (checked); the Open dialog also takes a share code."""
        self.dismiss(self.target(value))


def problem_lines(problems: Iterable[Problem]) -> Text:
    """Problems grouped by file: each with its line and key, then the message."""
    text = Text()
    by_file: dict[str, list[Problem]] = {}
    for problem in problems:
        by_file.setdefault(problem.path, []).append(problem)
    for path, items in by_file.items():
        if text:
            text.append("\n")
        text.append(path, style="bold")
        text.append("\n")
        for problem in items:
            place = []
            if problem.line is not None:
                place.append(f"line {problem.line}")
            if problem.key:
                place.append(problem.key)
            text.append("  • ")
            if place:
                text.append(", ".join(place) + ": ", style="bold yellow")
            text.append(problem.message + "\n")
    return text


class LoadErrorDialog(Dialog[None]):
    """A file that cannot be used: every problem with its file, line and key."""

    DEFAULT_CSS = """
    LoadErrorDialog .load-error-box { width: 90; border: thick $error; }
    LoadErrorDialog .problem-list { height: auto; max-height: 16; margin-bottom: 1; }
    """
    ESCAPE = ("escape", "Close")
    DEFAULT = "ok"
    FOCUS = "#ok"

    def __init__(self, title: str, problems: Iterable[Problem], note: str = "") -> None:
        super().__init__(title, None, box="load-error-box")
        self._problems = list(problems)
        self._note = note

    def compose_body(self) -> ComposeResult:
        count = len(self._problems)
        yield Label(f"{plural(count, 'problem')} found:", classes="dialog-hint")
        with VerticalScroll(classes="problem-list"):
            yield Static(problem_lines(self._problems), id="problems")
        if self._note:
            yield Static(Text(self._note), classes="dialog-message", id="load-note")

    def buttons(self) -> Sequence[DialogButton[None]]:
        return (DialogButton("OK", "ok", CANCEL, "primary"),)
