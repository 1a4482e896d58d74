"""The roster's files: save (and save as), open (a file, a pasted share code, a copy from
the library), new, and the question asked before the current roster is lost.

A plain part of the app (:class:`RosterFiles`), which holds the session; the app's actions
run these in its workers (a dialog is waited for).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from horizon_builder.files.problems import LoadError, Problem
from horizon_builder.tui.common.paths import display_path, exists, keep_overrides_reachable, only_in
from horizon_builder.userfiles.prefs import recent_rosters, remember_recent

if TYPE_CHECKING:
    from horizon_builder.roster.models import Roster
    from horizon_builder.session.core import Session
    from horizon_builder.tui.app import HorizonApp


class RosterFiles:
    """Save, open and new for the app's session."""

    def __init__(self, app: HorizonApp) -> None:
        self.app = app
        #: what went wrong opening the first roster: (title, problems, note), said once shown
        self.start_problems: list[tuple[str, list[Problem], str]] = []

    def first_session(self, path: Path | None) -> Session:
        """The session the app starts on: ``path`` (a new roster that saves there if it does
        not exist); a file that does not load leaves a new roster, and is never overwritten."""
        from horizon_builder.session.core import Session

        if path is not None and exists(path):
            try:
                return Session.open(path, self.app.overrides)
            except LoadError as exc:
                if self.app.overrides and only_in(exc.problems, self.app.overrides):
                    # the roster is fine: the --ruleset files are not; open it without them
                    self.start_problems.append((
                        "Ruleset overrides not loaded", exc.problems,
                        "The roster is opened with the shipped rules only until the overrides "
                        "file is fixed.",
                    ))
                    self.app.overrides = ()
                    return self.first_session(path)
                self.app.refused_paths.add(path.resolve())
                self.start_problems.append((
                    f"Could not open {path.name}", exc.problems,
                    f"Started a new roster instead. {path.name} is kept as it is and will not be "
                    "overwritten: fix it in a text editor, or use Save as for this roster.",
                ))
                path = None
        return self.new_session(path)

    def new_session(self, path: Path | None) -> Session:
        """A new roster (with the --ruleset overrides, left out when they do not load)."""
        from horizon_builder.session.core import Session

        try:
            return Session.new(path=path, extra_overrides=self.app.overrides)
        except LoadError as exc:
            self.start_problems.append((
                "Ruleset overrides not loaded", exc.problems,
                "The app uses the shipped rules only until the overrides file is fixed.",
            ))
            self.app.overrides = ()
            return Session.new(path=path)

    def say_start_problems(self) -> None:
        """Once the roster is shown: what went wrong opening it, each in a dialog."""
        from horizon_builder.tui.common.dialogs import LoadErrorDialog

        session = self.app.session
        if session.personal_problems:  # never blocks the roster; said, and where to fix it
            self.start_problems.append((
                "Your rulebook is left out", session.personal_problems,
                "The roster uses the book data until the file is fixed; it is never overwritten "
                "without you. R opens the Rules screen."))
        for title, problems, note in self.start_problems:  # after the roster screen has
            # settled (its focus is given after a refresh), so the screen under the dim is the
            # one the player returns to
            self.app.call_after_refresh(self.app.push_screen, LoadErrorDialog(title, problems, note))
        self.start_problems.clear()

    async def settle_unsaved(self, doing: str) -> bool:
        """Before losing the current roster: save / discard / cancel. True to go on.

        Must run in a worker (it waits for the dialog).
        """
        from horizon_builder.tui.common.dialogs import UnsavedChangesDialog

        app = self.app
        if not app.unsaved:
            return True
        answer = await app.push_screen_wait(UnsavedChangesDialog(app.file_label(), doing))
        if answer == "save":
            return await self.save_roster()
        return answer == "discard"

    def suggested_path(self) -> str:
        session = self.app.session
        path = session.path
        if path is not None and path.resolve() not in self.app.refused_paths:
            return display_path(path)
        from horizon_builder.files.names import file_stem

        slug = file_stem(session.roster.name)
        known = path or session.origin or session.source  # a copy or a JSON export:
        folder = known.parent if known is not None else Path()  # its roster beside it
        return display_path(folder / f"{slug}.toml")

    async def save_roster(self, ask: bool = False) -> bool:
        """Save (asking for a file name when there is none, or when ``ask``). True when saved."""
        from horizon_builder.tui.common.dialogs import ConfirmDialog, FileChangedDialog, PathPrompt
        from horizon_builder.tui.common.paths import refuse_outside

        app = self.app
        session = app.session
        path = session.path
        if not ask and path is not None and session.changed_on_disk():
            answer = await app.push_screen_wait(FileChangedDialog(app.file_label()))
            if answer == "cancel":
                return False
            if answer == "reload":
                self.open_roster(path)
                return False
            ask = answer == "save_as"
        if ask or path is None or path.resolve() in app.refused_paths:
            title = "Save roster as" if ask or path is None else \
                f"Save as: {path.name} failed to load and is kept as it is"
            path = await app.push_screen_wait(
                PathPrompt(title, "save", self.suggested_path(), refuse=app.refused_paths))
            if path is None:
                return False
            same = session.path is not None and path.resolve() == session.path.resolve()
            if path.exists() and not same:
                replace = await app.push_screen_wait(ConfirmDialog(
                    "Replace file?", f"{path} already exists. Replace it?\n"
                    f"(The old file is kept as {path.name}.bak.)", "Replace", danger=True))
                if not replace:
                    return False
        if refuse_outside(app, path, "Not saved"):  # served: only inside the served folder
            return False
        if path.resolve() in app.refused_paths:  # never overwrite a file that failed to load
            app.notify(f"{path.name} failed to load, so it is not overwritten.", severity="error")
            return False
        keep_overrides_reachable(session, path)
        try:
            saved = session.save(path)
        except OSError as exc:  # a read-only file is refused, never replaced
            app.notify(f"Could not save {path}: {exc.strerror or exc}", title="Not saved",
                       severity="error", timeout=8)
            return False
        app.call_after_refresh(app.kept.keep)
        remember_recent(saved)
        app.notify(f"Saved {display_path(saved)}", timeout=3)
        return True

    async def open(self) -> None:
        """Ask for a roster (a file, a share code, a copy from the library) and open it."""
        from horizon_builder.tui.sharing.open_dialog import OpenRosterDialog

        if not await self.settle_unsaved("open another roster"):
            return
        app = self.app
        session = app.session
        folder = session.path.parent if session.path is not None else Path.cwd()
        shown = display_path(folder)
        initial = "" if shown == "." else shown + "/"
        dialog = OpenRosterDialog(initial, recent_rosters(), folder, extra_overrides=app.overrides)
        path = await app.push_screen_wait(dialog)
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

        app = self.app
        if refuse_outside(app, path, "Not opened"):  # served: only inside the served folder
            return False
        try:
            session = (Session.open_as_new_list if as_copy else Session.open)(path, app.overrides)
        except LoadError as exc:
            app.refused_paths.add(path.resolve())
            app.push_screen(LoadErrorDialog(
                f"Could not open {path.name}", exc.problems,
                f"The roster you had open stays open. {path.name} will not be overwritten."))
            return False
        app.refused_paths.discard(path.resolve())
        app.replace_session(session)
        remember_recent(path)
        if as_copy:
            app.notify(f"A new list from {display_path(path)}: save it under its own name (S)",
                        timeout=4)
        else:
            app.notify(f"Opened {display_path(path)}" + (
                "" if session.source is None else ": an export, kept as it is; saving writes a "
                "roster file (.toml)"), timeout=3 if session.source is None else 6)
        return True

    def open_shared(self, roster: Roster) -> bool:
        """Open a list read from a share code, as a new unsaved roster."""
        from horizon_builder.tui.sharing.share import opened_note, shared_session

        session = shared_session(self.app, roster, self.app.overrides)
        if session is None:
            return False
        self.app.replace_session(session)
        self.app.notify(opened_note(roster), timeout=6)
        return True

    async def new(self) -> None:
        if await self.settle_unsaved("start a new roster"):
            self.app.replace_session(self.new_session(None))

