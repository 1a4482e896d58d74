"""The horizon-builder app: one :class:`Session`, a home screen, and the editors.

The session is the single source of truth. A screen builds the new roster
with a pure edit from :mod:`horizon_builder.editing`, records it with
``session.commit(new_roster, label)`` and then calls
:meth:`HorizonApp.session_changed`, which asks every screen on the stack to show
the new state (``refresh_view``). Nothing is patched by hand, so undo and redo are just moves.

Start-up paints the home screen first and opens the roster right after the
first refresh: the rules engine (pydantic models, the ruleset files) is only
imported then, so the window appears as quickly as a bare Textual app's. The
first frame shows the roster as the last run did when nothing it rests on has
changed (tui/roster/homeview.py). Screens other than home, and the dialogs, are
imported when first opened.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from textual import work
from textual.app import App
from textual.binding import BindingType
from textual.content import Content
from textual.notifications import SeverityLevel
from textual.screen import ModalScreen, Screen

from horizon_builder.files.problems import LoadError, Problem
from horizon_builder.text.safetext import printable
from horizon_builder.tui.commands import HorizonCommands
from horizon_builder.tui.common.keys_footer import APP_BINDINGS
from horizon_builder.tui.common.paths import exists, only_in
from horizon_builder.tui.common.textual_internals import install_control_filter
from horizon_builder.tui.common.titles import show_titles
from horizon_builder.tui.common.views import SessionView
from horizon_builder.tui.event.organising import ROSTER_ACTIONS, OrganiserActions
from horizon_builder.tui.keymap import ThemeAndKeys
from horizon_builder.tui.roster.firstview import title_texts
from horizon_builder.tui.roster.home import RosterScreen
from horizon_builder.tui.roster.homeview import HomeViewActions
from horizon_builder.tui.rules.rulebook import RulebookActions
from horizon_builder.tui.sharing.files import FileActions
from horizon_builder.tui.sharing.share import SharingActions
from horizon_builder.tui.sidefiles import clean_at_start, remembered_theme
from horizon_builder.tui.typeahead import TypeAhead
from horizon_builder.userfiles.prefs import load_prefs, save_pref, take_problems

if TYPE_CHECKING:
    from horizon_builder.session.core import Session
    from horizon_builder.tui.common.views import SessionApp
    from horizon_builder.userfiles.autosave import Autosaver

#: Actions that make no sense while one of our dialogs waits for an answer.
_BLOCKED_IN_DIALOG = frozenset({
    "undo", "redo", "save", "save_as", "open", "new", "quit", "add_element", "settings",
    "command", "export", "rounds", "copy_list",
})


class HorizonApp(TypeAhead, HomeViewActions, RulebookActions, OrganiserActions, SharingActions,
                 ThemeAndKeys, FileActions):
    """Build, check and save a Horizon Wars roster."""

    CSS_PATH = Path(__file__).with_name("app.tcss")
    TITLE = "horizon-builder"
    COMMANDS = App.COMMANDS | {HorizonCommands}

    #: The roster being edited: the single source of truth for every screen. Set right
    #: after the first paint (see :attr:`loaded`), or at once when passed in.
    session: Session

    BINDINGS: ClassVar[list[BindingType]] = APP_BINDINGS

    def __init__(self, path: Path | None = None, overrides: Sequence[str] = (), *,
                 session: Session | None = None, start: tuple[str, Path, Path | None] | None = None
                 ) -> None:
        install_control_filter()
        super().__init__()
        self.overrides: tuple[str, ...] = tuple(str(p) for p in overrides)
        #: Files that failed to load: never overwritten (save there is refused).
        self.refused_paths: set[Path] = set()
        self._startup_problems: list[tuple[str, list[Problem], str]] = []
        self._initial_path = path
        self.rulebook_history = []
        self.rulebook_asked = set()
        #: a screen to open first: ("organiser", folder, preset) or ("event", event file, None)
        self._start = start
        self._binding_state: tuple[object, ...] = ()
        #: Writes unsaved work to the data folder (made after the first paint; see userfiles/autosave.py).
        self.autosaver: Autosaver | None = None
        if session is not None:
            self.session = session
        prefs = load_prefs()  # read once at the start: the theme and the keymap
        self.theme, self._prefs_messages = remembered_theme(self.available_themes, prefs)
        self._keymap_problems = self.load_keys(prefs)  # prefs.toml: [keymap]

    def notify(self, message: str, *, title: str = "", severity: SeverityLevel = "information",
               timeout: float | None = None, markup: bool = False) -> None:
        """Every notification is plain text (names from files are never parsed as markup)."""
        super().notify(printable(message, multiline=True), title=printable(title), severity=severity,
                       timeout=timeout, markup=False)

    def action_help_quit(self) -> None:
        """ctrl+c: Textual's hint of the quit key, without its ``[b]`` markup (every
        notification here is plain text, so Textual's own showed the tags)."""
        for active in self.active_bindings.values():
            if active.binding.action in ("quit", "app.quit"):
                self.notify(f"Press {self.get_key_display(active.binding)} to quit the app",
                            title="Do you want to quit?")
                return

    def format_title(self, title: str, sub_title: str) -> Content:
        return super().format_title(printable(title), printable(sub_title))

    @property
    def loaded(self) -> bool:
        """True once the session exists (right after the first paint)."""
        return "session" in self.__dict__

    @property
    def initial_path(self) -> Path | None:
        """The file the app was started on (None: none)."""
        return self._initial_path

    @property
    def opening_label(self) -> str:
        return self._initial_path.name if self._initial_path is not None else "a new roster"

    # --- start-up ------------------------------------------------------------------------
    def _startup_session(self, path: Path | None) -> Session:
        from horizon_builder.session.core import Session

        if path is not None and exists(path):
            try:
                return Session.open(path, self.overrides)
            except LoadError as exc:
                if self.overrides and only_in(exc.problems, self.overrides):
                    # the roster is fine: the --ruleset files are not; open it without them
                    self._startup_problems.append((
                        "Ruleset overrides not loaded", exc.problems,
                        "The roster is opened with the shipped rules only until the overrides "
                        "file is fixed.",
                    ))
                    self.overrides = ()
                    return self._startup_session(path)
                self.refused_paths.add(path.resolve())
                self._startup_problems.append((
                    f"Could not open {path.name}", exc.problems,
                    f"Started a new roster instead. {path.name} is kept as it is and will not be "
                    "overwritten: fix it in a text editor, or use Save as for this roster.",
                ))
                path = None
        return self.new_session(path)

    def new_session(self, path: Path | None) -> Session:
        from horizon_builder.session.core import Session

        try:
            return Session.new(path=path, extra_overrides=self.overrides)
        except LoadError as exc:
            self._startup_problems.append((
                "Ruleset overrides not loaded", exc.problems,
                "The app uses the shipped rules only until the overrides file is fixed.",
            ))
            self.overrides = ()
            return Session.new(path=path)

    def get_default_screen(self) -> Screen[Any]:
        return RosterScreen()

    def on_mount(self) -> None:
        self.remember_theme()
        if self.loaded:
            self._opened()
        else:
            self.title = f"Opening {self.opening_label}…"
            self.call_after_refresh(self._open_initial)

    def _open_initial(self) -> None:
        self.kept_view_painted()
        self.session = self._startup_session(self._initial_path)
        self._opened()

    def _opened(self) -> None:
        from horizon_builder.engine.gcpause import resume_after_startup
        from horizon_builder.tui.sharing.recovery import offer_recovery
        from horizon_builder.userfiles.autosave import EVERY_SECONDS, Autosaver, AutosaveStore

        self.autosaver = Autosaver(AutosaveStore())
        self.set_interval(EVERY_SECONDS, self.autosave_soon, name="autosave")
        self.session_changed()
        self.paint_roster_once("session")
        self.call_after_refresh(resume_after_startup)  # the roster is on screen
        self.call_after_refresh(self.keep_home_view)  # for the next start (homeview.py)
        self.call_after_refresh(clean_at_start, self._initial_path)
        self.run_early_actions()
        for message in [*take_problems(), *self._prefs_messages]:  # what was wrong with prefs.toml
            self.notify(message, title="Preferences not read", severity="warning", timeout=10)
        self._prefs_messages = []
        if self.session.personal_problems:  # never blocks the roster; said, and where to fix it
            self._startup_problems.append((
                "Your rulebook is left out", self.session.personal_problems,
                "The roster uses the book data until the file is fixed; it is never overwritten "
                "without you. R opens the Rules screen."))
        if self._startup_problems:
            from horizon_builder.tui.common.dialogs import LoadErrorDialog

            for title, problems, note in self._startup_problems:  # after the roster screen
                # has settled (its focus is given after a refresh), so the screen under the dim
                # is the one the player returns to
                self.call_after_refresh(self.push_screen, LoadErrorDialog(title, problems, note))
        self._startup_problems.clear()
        self.say_keymap_problems()
        if self._start is not None:
            kind, path, preset = self._start
            self._start = None
            if kind == "organiser" and preset is not None:
                self.open_organiser((path, preset), alone=True)
            elif kind == "event":
                self.open_event((path, path), alone=True)
            return
        offer_recovery(self)

    # --- autosave and recovery (the files: horizon_builder/userfiles/autosave.py) -------------------------
    def autosave_now(self) -> None:
        """Write unsaved work to its autosave file (or remove the file once saved)."""
        if self.autosaver is not None and self.loaded:
            self.autosaver.sync(self.session.roster, self.session.path, self.session.dirty)
            news = self.autosaver.take_news()
            if news is not None:  # notify is safe from the autosave thread
                self.notify(news.message, title="Autosave", timeout=30 if news.why else 5,
                            severity="error" if news.why else "information")

    def autosave_soon(self) -> None:
        """:meth:`autosave_now` in a thread: a slow disk never delays the next key."""
        self.run_worker(self.autosave_now, thread=True, group="autosave", exit_on_error=False)

    # --- the contract with every screen ---------------------------------------------------
    def session_changed(self) -> None:
        """The session changed: every screen that shows it redraws from it."""
        if not self.loaded:
            return
        # a screen another (full) screen covers is redrawn when it is shown again
        covered = False
        shown: list[SessionView] = []
        for screen in reversed(self.screen_stack):
            if isinstance(screen, SessionView):
                if covered:
                    screen.stale = True
                else:
                    shown.append(screen)
            covered = covered or not isinstance(screen, ModalScreen)
        for view in reversed(shown):
            view.stale = False
            view.refresh_view()
        self._update_title()
        # enabled actions depend on these only; refreshing bindings rebuilds the footer
        state = (self.session.can_undo, self.session.can_redo, bool(self.session.roster.elements),
                 self.session.roster.kind)
        if state != self._binding_state:
            self._binding_state = state
            # the footer is rebuilt after the frame that shows the edit, not before it
            self.call_after_refresh(self.refresh_bindings)
        if self.autosaver is not None and (not self.session.dirty or self.autosaver.changed()):
            self.autosave_soon()

    def notify_after_frame(self, message: str, **kwargs: Any) -> None:
        """A notification shown once the frame with the edit is painted (a toast is a new
        widget: mounting it would hold that frame back)."""
        self.call_after_refresh(self.notify, message, **kwargs)

    @property
    def unsaved(self) -> bool:
        """True when leaving now would lose work."""
        if not self.loaded:
            return False
        return self.session.dirty

    def file_label(self) -> str:
        path = self.session.path
        return path.name if path is not None else "This roster"

    def _update_title(self) -> None:
        show_titles(self, *title_texts(self.session.path, self.unsaved, self.session.roster.name))

    def replace_session(self, session: Session) -> None:
        """Show another roster: close the editors of the old one first."""
        while len(self.screen_stack) > 1:
            self.pop_screen()
        if self.loaded and self.session is not session:
            self.session.close(session)
        self.session = session
        self.session_changed()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ROSTER_ACTIONS and not getattr(self.screen, "ROSTER_KEYS", True):
            return False  # an organiser's screen: no roster to save or undo there
        if action in _BLOCKED_IN_DIALOG and (self.screen.has_class("dialog") or (not self.loaded
                                             and self.early_view() is None)):
            return False
        if not self.loaded:  # the kept view: as once loaded (run_action waits until then)
            return None if action in ("undo", "redo") else True
        if action == "undo":
            return True if self.session.can_undo else None
        if action == "redo":
            return True if self.session.can_redo else None
        return True

    # --- undo / redo -------------------------------------------------------------------------
    def action_undo(self) -> None:
        label = self.session.undo_label
        if self.session.undo():
            self.session_changed()
            self.notify_after_frame(f"Undone: {label}", timeout=2)

    def action_redo(self) -> None:
        label = self.session.redo_label
        if self.session.redo():
            self.session_changed()
            self.notify_after_frame(f"Redone: {label}", timeout=2)

    # --- screens -----------------------------------------------------------------------------
    def open_element_editor(self, element_id: str, focus_field: str | None = None) -> None:
        from horizon_builder.tui.roster.element_editor import ElementEditorScreen

        self.push_screen(ElementEditorScreen(element_id, focus_field=focus_field))

    def action_add_element(self) -> None:
        from horizon_builder.tui.roster.add_element import AddElementScreen

        self.push_screen(AddElementScreen(), self._element_added)

    def _element_added(self, element_id: str | None) -> None:
        if not element_id:
            return
        self.session_changed()
        home = self.screen_stack[0]
        if isinstance(home, RosterScreen):
            home.select_element(element_id)
        element = self.session.roster.element(element_id)
        if element is None:
            return
        if self.ask_statline(element_id):  # its statline is asked first: Enter answers that
            self.notify(f"Added {element.name}.", timeout=3)
        else:
            self.notify(f"Added {element.name}. Enter edits it; a adds another.", timeout=3)

    def action_command(self) -> None:
        from horizon_builder.tui.roster.command import CommandScreen

        self.push_screen(CommandScreen())

    def action_rounds(self, round_name: str | None = None) -> None:
        from horizon_builder.tui.rounds.screen import open_rounds

        open_rounds(self, self.session, round_name)

    def action_settings(self, focus_field: str | None = None) -> None:
        from horizon_builder.tui.roster.settings import SettingsScreen

        if not isinstance(self.screen, SettingsScreen):
            self.push_screen(SettingsScreen(focus_field))

    def action_export(self) -> None:
        from horizon_builder.tui.sharing.export import ExportScreen

        self.push_screen(ExportScreen(self.session.report, path=self.session.path))

    def action_help(self) -> None:
        from horizon_builder.tui.help import HelpScreen

        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen())

    def action_rules(self) -> None:
        from horizon_builder.tui.rules.screen import RulesScreen

        if not isinstance(self.screen, RulesScreen):
            self.push_screen(RulesScreen())

    def action_toggle_theme(self) -> None:
        self.theme = "textual-light" if self.current_theme.dark else "textual-dark"
        save_pref("theme", self.theme)

    @work(group="files")
    async def action_quit(self) -> None:  # type: ignore[override]  # a worker: asks first
        if await self.settle_unsaved("quit"):
            if self.autosaver is not None:
                self.autosaver.stop()  # saved, or thrown away on purpose
            self.exit(0)

    def on_unmount(self) -> None:
        self.autosave_now()  # leaving another way (an error, a signal): keep the work


if TYPE_CHECKING:  # the app meets what the screens ask of it (mypy checks this line)
    _MEETS: type[SessionApp] = HorizonApp


def run_app(path: Path | None, overrides: list[str],
            start: tuple[str, Path, Path | None] | None = None) -> int:
    """Open the app on ``path`` (a new roster that saves there if it does not exist), or on
    the organiser's or an event's screen (``start``)."""
    from horizon_builder.tui.sharing.recovery import autosave_on_hangup

    app = HorizonApp(None if start else path, overrides, start=start)
    autosave_on_hangup(app)
    app.run()
    return app.return_code or 0
