"""The app's roster-file actions: save (and save as), open (a file, a pasted share code, a
copy from the library), new, and the question asked before the current roster is lost.

Mixed into :class:`~horizon_builder.tui.app.HorizonApp`, which holds the session; kept apart
so the app module stays the app's wiring.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from textual import work
from textual.app import App

from horizon_builder.files.problems import LoadError
from horizon_builder.tui.common.paths import display_path, keep_overrides_reachable
from horizon_builder.userfiles.prefs import recent_rosters, remember_recent

if TYPE_CHECKING:
    from horizon_builder.roster.models import Roster
    from horizon_builder.session.core import Session


class FileActions(App[int]):
    """Mixed into the app (which has ``session``, ``overrides``, ``refused_paths`` and the
    methods below that raise NotImplementedError)."""

    session: Session
    overrides: tuple[str, ...]
    refused_paths: set[Path]

    def replace_session(self, session: Session) -> None:  # the app's
        raise NotImplementedError

    def new_session(self, path: Path | None) -> Session:  # the app's
        raise NotImplementedError

    def file_label(self) -> str:  # the app's
        raise NotImplementedError

    def keep_home_view(self) -> None:  # HomeViewActions'
        raise NotImplementedError

    def open_shared(self, roster: Roster) -> bool:  # SharingActions'
        raise NotImplementedError

    @property
    def unsaved(self) -> bool:  # the app's
        raise NotImplementedError

    async def settle_unsaved(self, doing: str) -> bool:
        """Before losing the current roster: save / discard / cancel. True to go on.

        Must run in a worker (it waits for the dialog).
        """
        from horizon_builder.tui.common.dialogs import UnsavedChangesDialog

        if not self.unsaved:
            return True
        answer = await self.push_screen_wait(UnsavedChangesDialog(self.file_label(), doing))
        if answer == "save":
            return await self.save_roster()
        return answer == "discard"

    def _suggested_path(self) -> str:
        path = self.session.path
        if path is not None and path.resolve() not in self.refused_paths:
            return display_path(path)
        from horizon_builder.files.names import file_stem

        slug = file_stem(self.session.roster.name)
        known = path or self.session.origin or self.session.source  # a copy or a JSON export:
        folder = known.parent if known is not None else Path()  # its roster beside it
        return display_path(folder / f"{slug}.toml")

    async def save_roster(self, ask: bool = False) -> bool:
        """Save (asking for a file name when there is none, or when ``ask``). True when saved."""
        from horizon_builder.tui.common.dialogs import ConfirmDialog, FileChangedDialog, PathPrompt
        from horizon_builder.tui.common.paths import refuse_outside

        session = self.session
        path = session.path
        if not ask and path is not None and session.changed_on_disk():
            answer = await self.push_screen_wait(FileChangedDialog(self.file_label()))
            if answer == "cancel":
                return False
            if answer == "reload":
                self.open_roster(path)
                return False
            ask = answer == "save_as"
        if ask or path is None or path.resolve() in self.refused_paths:
            title = "Save roster as" if ask or path is None else \
                f"Save as: {path.name} failed to load and is kept as it is"
            path = await self.push_screen_wait(
                PathPrompt(title, "save", self._suggested_path(), refuse=self.refused_paths))
            if path is None:
                return False
            same = session.path is not None and path.resolve() == session.path.resolve()
            if path.exists() and not same:
                replace = await self.push_screen_wait(ConfirmDialog(
                    "Replace file?", f"{path} already exists. Replace it?\n"
                    f"(The old file is kept as {path.name}.bak.)", "Replace", danger=True))
                if not replace:
                    return False
        if refuse_outside(self, path, "Not saved"):  # served: only inside the served folder
            return False
        if path.resolve() in self.refused_paths:  # never overwrite a file that failed to load
            self.notify(f"{path.name} failed to load, so it is not overwritten.", severity="error")
            return False
        keep_overrides_reachable(self.session, path)
        try:
            saved = session.save(path)
        except OSError as exc:  # a read-only file is refused, never replaced
            self.notify(f"Could not save {path}: {exc.strerror or exc}", title="Not saved",
                        severity="error", timeout=8)
            return False
        self.call_after_refresh(self.keep_home_view)
        remember_recent(saved)
        self.notify(f"Saved {display_path(saved)}", timeout=3)
        return True

    @work(group="files")
    async def action_save(self) -> None:
        await self.save_roster()

    @work(group="files")
    async def action_save_as(self) -> None:
        await self.save_roster(ask=True)

    @work(group="files")
    async def action_open(self) -> None:
        from horizon_builder.tui.sharing.open_dialog import OpenRosterDialog

        if not await self.settle_unsaved("open another roster"):
            return
        folder = self.session.path.parent if self.session.path is not None else Path.cwd()
        shown = display_path(folder)
        initial = "" if shown == "." else shown + "/"
        dialog = OpenRosterDialog(initial, recent_rosters(), folder, extra_overrides=self.overrides)
        path = await self.push_screen_wait(dialog)
        if dialog.pasted is not None:  # a share code pasted in the path
            self.open_shared(dialog.pasted)
        elif path is not None:
            self.open_roster(path, as_copy=dialog.as_copy)

    def open_roster(self, path: Path, as_copy: bool = False) -> bool:
        """Open a roster file (``as_copy``: as a new list, unsaved, the file left alone); on
        problems show them and keep the current roster."""
        from horizon_builder.session.core import Session
        from horizon_builder.tui.common.dialogs import LoadErrorDialog
        from horizon_builder.tui.common.paths import refuse_outside
        from horizon_builder.userfiles.library import open_as_new_list

        if refuse_outside(self, path, "Not opened"):  # served: only inside the served folder
            return False
        try:
            session = (open_as_new_list if as_copy else Session.open)(path, self.overrides)
        except LoadError as exc:
            self.refused_paths.add(path.resolve())
            self.push_screen(LoadErrorDialog(
                f"Could not open {path.name}", exc.problems,
                f"The roster you had open stays open. {path.name} will not be overwritten."))
            return False
        self.refused_paths.discard(path.resolve())
        self.replace_session(session)
        remember_recent(path)
        if as_copy:
            self.notify(f"A new list from {display_path(path)}: save it under its own name (S)",
                        timeout=4)
        else:
            self.notify(f"Opened {display_path(path)}" + (
                "" if session.source is None else ": an export, kept as it is; saving writes a "
                "roster file (.toml)"), timeout=3 if session.source is None else 6)
        return True

    @work(group="files")
    async def action_new(self) -> None:
        if await self.settle_unsaved("start a new roster"):
            self.replace_session(self.new_session(None))

