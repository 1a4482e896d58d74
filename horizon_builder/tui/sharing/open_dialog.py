"""The Open dialog: a path typed with completion, the rosters opened lately, and a folder
browser showing only folders and ``.toml`` files.

Keys: ↓ from the path goes to the recent list (when there is one), Tab to the folders;
Enter on a recent roster or a file opens it; Enter on a folder opens or closes it;
Backspace in the folders goes up one folder; typing a folder (ending in ``/``) in the path
shows it in the browser. The typed path is checked as you type (:class:`PathPrompt`).
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path
from typing import ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.events import Key, Paste
from textual.widgets import ContentSwitcher, DirectoryTree, Input, Label, OptionList

from horizon_builder.files.problems import LoadError
from horizon_builder.files.served import outside_root
from horizon_builder.roster.models import Roster
from horizon_builder.roster.sharecode import decode, find_code, pasted_code
from horizon_builder.roster.sources import is_file
from horizon_builder.tui.common.dialogs import PathPrompt, resolve
from horizon_builder.tui.common.guard import Guarded
from horizon_builder.tui.common.paths import display_path, visitor_root
from horizon_builder.tui.sharing.library import LibraryPane


class RosterTree(Guarded, DirectoryTree):
    """Folders and roster files (``.toml``), hidden entries left out."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("backspace", "up_folder", "Up a folder"),
    ]

    #: Served: the folder the tree never leaves (nor shows a link out of). None: anywhere.
    confined_to: Path | None = None

    def filter_paths(self, paths: Iterable[Path]) -> Iterable[Path]:
        shown = []
        for path in paths:
            if path.name.startswith(".") or outside_root(path, self.confined_to) is not None:
                continue
            try:
                if path.is_dir() or path.suffix.lower() == ".toml":
                    shown.append(path)
            except OSError:
                continue
        return shown

    def action_up_folder(self) -> None:
        here = Path(self.path).resolve()
        if here.parent != here and outside_root(here.parent, self.confined_to) is None:
            self.path = here.parent


class CodePathInput(Guarded, Input):
    """The path field, which takes a share code pasted over several lines (the text export
    breaks one over indented lines) whole: an input keeps only a paste's first line."""

    def on_paste(self, event: Paste) -> None:
        # Textual dispatches the subclass's handler first; prevent_default() (documented:
        # base classes' handlers do not run) then keeps Input's own from taking the paste.
        text = event.text.replace("\r\n", "\n").replace("\r", "\n")  # a terminal pastes CRs
        code = find_code(text) if "\n" in text.strip() else None
        if code is None:
            return  # Input's own handler takes it
        event.prevent_default()  # not Input's: it would insert the first line only
        event.stop()
        if self.selection.is_empty:
            self.insert_text_at_cursor(code)
        else:
            self.replace(code, *self.selection)


class OpenRosterDialog(PathPrompt):
    """Choose a roster to open: typed, from the recent list, from the folders, or from the
    library of the folder shown (ctrl+l), where a roster can also be duplicated as a new list
    (then :attr:`as_copy` is True)."""

    DEFAULT_CSS = """
    OpenRosterDialog #open-views { height: 1fr; margin-bottom: 1; }
    OpenRosterDialog #open-browser { margin-bottom: 0; }
    OpenRosterDialog.-library .dialog-hint, OpenRosterDialog.-library #path { display: none; }
    /* the library's rows first: at 80x24 no blank lines around them */
    OpenRosterDialog.-library .dialog-box { padding: 0 2; }
    OpenRosterDialog.-library #open-views { margin-bottom: 0; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+l", "library", "Library", id="open.library",
                tooltip="The rosters of this folder: name, kind, FC, verdict, date; searchable"),
    ]

    INPUT = CodePathInput

    def __init__(self, initial: str = "", recent: Iterable[Path] = (), folder: Path | None = None,
                 title: str = "Open roster", extra_overrides: tuple[str, ...] = ()) -> None:
        super().__init__(title, "open", initial)
        self._recent = list(recent)  #: rosters opened or saved lately, newest first
        #: the list of a share code pasted in the path (the dialog then closes with None)
        self.pasted: Roster | None = None
        self._folder = (folder or Path.cwd()).resolve()
        self._extra_overrides = extra_overrides
        #: True when the roster chosen is to be duplicated as a new list, not opened
        self.as_copy = False

    async def action_library(self) -> None:
        """Between the folders and the library of the folder they show."""
        switcher = self.query_one("#open-views", ContentSwitcher)
        folder = Path(self.query_one("#open-tree", RosterTree).path).resolve()
        if switcher.current == "open-library":
            switcher.current = "open-browser"
            self.remove_class("-library")  # the typed path again
            self.query_one("#open-tree", RosterTree).focus()
            return
        self.add_class("-library")  # the library's own search instead of the typed path
        self.say(None)
        panes = self.query(LibraryPane)
        if panes:
            if panes.first().folder != folder:
                panes.first().load(folder)
        else:
            await switcher.mount(LibraryPane(folder, self._extra_overrides, id="open-library"))
        switcher.current = "open-library"
        self.call_after_refresh(lambda: self.query_one("#library-search", Input).focus())

    def submit(self) -> None:
        """Open, in the library: the roster highlighted there (not the hidden typed path)."""
        if self.has_class("-library"):
            self.query_one(LibraryPane).choose(as_copy=False)
        else:
            super().submit()

    @on(LibraryPane.Chosen)
    def _library_chosen(self, event: LibraryPane.Chosen) -> None:
        event.stop()
        self.as_copy = event.as_copy
        self.dismiss(event.path)

    def on_load(self) -> None:
        """Served: the recent list and the folders keep to the served folder."""
        root = visitor_root(self.app)
        self._recent = [p for p in self._recent if outside_root(p, root) is None]
        if outside_root(self._folder, root) is not None and root is not None:
            self._folder = root

    def hint(self) -> str:
        return super().hint().replace("Roster file (.toml)", "Roster (.toml, JSON export) or share code")

    def _code(self, value: str) -> str | None:
        """The share code pasted (as ``import`` reads one), unless the value names a file."""
        return None if is_file(resolve(value)) else pasted_code(value)

    def _problem(self, value: str) -> str | None:
        code = self._code(value)
        if code is None:
            return super()._problem(value)
        try:
            decode(code)
        except LoadError as exc:
            return f"This share code {exc.problems[0].message}."
        return None

    def finish(self, value: str) -> None:
        code = self._code(value)
        if code is not None:
            self.pasted = decode(code)  # checked by _problem
            self.dismiss(None)
        else:
            super().finish(value)

    def compose_browser(self) -> ComposeResult:
        with ContentSwitcher(initial="open-browser", id="open-views"), Horizontal(id="open-browser"):
            if self._recent:
                with Vertical(id="open-recent-pane"):
                    yield Label("Recent (↓)", classes="pane-title")
                    yield OptionList(*(self._recent_label(p) for p in self._recent), id="path-recent")
            with Vertical(id="open-tree-pane"):
                yield Label(self._folder_title(self._folder), id="open-tree-title",
                            classes="pane-title")
                tree = RosterTree(self._folder, id="open-tree")
                tree.confined_to = visitor_root(self.app)
                yield tree

    @staticmethod
    def _recent_label(path: Path) -> Text:
        label = Text(path.name, style="bold")
        folder, home = str(path.parent), str(Path.home())
        if folder == home or folder.startswith(home + os.sep):
            folder = "~" + folder[len(home):]
        label.append(f"\n  {folder}", style="dim")
        return label

    @on(OptionList.OptionSelected, "#path-recent")
    def _recent_chosen(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(self._recent[event.option_index])

    @on(OptionList.OptionHighlighted, "#path-recent")
    def _recent_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if self.focused is event.option_list:
            self._fill(self._recent[event.option_index])

    @on(DirectoryTree.FileSelected, "#open-tree")
    def _file_chosen(self, event: DirectoryTree.FileSelected) -> None:
        event.stop()
        self._fill(event.path)
        self.submit()

    @on(RosterTree.NodeHighlighted, "#open-tree")
    def _file_highlighted(self, event: RosterTree.NodeHighlighted) -> None:
        entry = event.node.data
        tree = self.query_one("#open-tree", RosterTree)
        if entry is not None and self.focused is tree and entry.path.suffix.lower() == ".toml":
            self._fill(entry.path)

    @on(Input.Changed, "#path")
    def _follow_folder(self, event: Input.Changed) -> None:
        """A folder typed in the path (ending in /) is shown in the browser."""
        if not event.value.endswith(os.sep):
            return
        folder = resolve(event.value)
        try:
            is_folder = folder.is_dir()
        except (OSError, ValueError):
            return
        tree = self.query_one("#open-tree", RosterTree)
        if is_folder and folder.resolve() != Path(tree.path).resolve() \
                and outside_root(folder, tree.confined_to) is None:
            tree.path = folder.resolve()

    def ready(self) -> None:
        super().ready()
        tree = self.query_one("#open-tree", RosterTree)
        self.watch(tree, "path", self._show_folder, init=False)

    def _show_folder(self, folder: str | Path) -> None:
        self.query_one("#open-tree-title", Label).update(self._folder_title(Path(folder)))

    @staticmethod
    def _folder_title(folder: Path) -> Text:
        shown = display_path(folder)
        return Text(f"Folders (Tab · ⌫ up): {'' if shown == '.' else shown}{os.sep}")

    def on_key(self, event: Key) -> None:
        if event.key == "down" and self.query("#path-recent") and self.focused is self.query_one(
                "#path", Input):
            self.query_one("#path-recent").focus()  # from the path down into the recent list
            event.stop()

    def _fill(self, path: Path) -> None:
        field = self.query_one("#path", Input)
        field.value = display_path(path)
        field.cursor_position = len(field.value)
