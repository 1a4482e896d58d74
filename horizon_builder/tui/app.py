"""The horizon-builder app: one :class:`Session`, a home screen, and the editors.

The session is the single source of truth. A screen builds the new roster
with a pure edit from :mod:`horizon_builder.editing` and records it with
``session.commit(new_roster, label)``. The session announces the change; the app turns
the announcement into a :class:`~horizon_builder.tui.common.views.SessionChanged` message
and, on it, asks every screen on view to show the new state (``refresh_view``): messages
up, attributes down. Nothing is patched by hand, so undo and redo are just moves.

Start-up paints the home screen first and opens the roster right after the
first refresh: the rules engine (pydantic models, the ruleset files) is only
imported then, so the window appears as quickly as a bare Textual app's. The
first frame shows the roster as the last run did when nothing it rests on has
changed (tui/roster/homeview.py). Screens other than home, and the dialogs, are
imported when first opened.
"""

from __future__ import annotations

import contextlib
import io
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from textual import events, work
from textual.app import App
from textual.binding import BindingType
from textual.content import Content
from textual.notifications import SeverityLevel
from textual.screen import ModalScreen, Screen

from horizon_builder.text.safetext import printable
from horizon_builder.tui.campaign.known import (
    LOOK_SECONDS,
    CampaignKnown,
    KnownCampaign,
    PlayList,
    ReadsCampaign,
)
from horizon_builder.tui.commands import HorizonCommands
from horizon_builder.tui.common.guard import Guarded
from horizon_builder.tui.common.keys_footer import APP_BINDINGS
from horizon_builder.tui.common.textual_internals import install_control_filter
from horizon_builder.tui.common.titles import show_titles
from horizon_builder.tui.common.views import SessionChanged, SessionView
from horizon_builder.tui.event.organising import ROSTER_ACTIONS
from horizon_builder.tui.keymap import Keys
from horizon_builder.tui.roster.firstview import title_texts
from horizon_builder.tui.roster.home import RosterScreen
from horizon_builder.tui.roster.homeview import KeptView
from horizon_builder.tui.rules.rulebook import AskRuleValue, EnterRuleValue, Rulebook, UndoRuleEntry
from horizon_builder.tui.sharing.files import RosterFiles
from horizon_builder.tui.sidefiles import clean_at_start, remembered_theme
from horizon_builder.tui.typeahead import TypeAhead
from horizon_builder.userfiles.pages import TempPages
from horizon_builder.userfiles.prefs import load_prefs, save_pref, take_problems

if TYPE_CHECKING:
    from horizon_builder.session.core import Change, Session
    from horizon_builder.tui.common.failure import FailureReported
    from horizon_builder.userfiles.autosave import Autosaver

#: Actions that make no sense while one of our dialogs waits for an answer.
_BLOCKED_IN_DIALOG = frozenset({
    "undo", "redo", "save", "save_as", "open", "new", "quit", "add_element", "settings",
    "command", "export", "rounds", "copy_list",
})


#: the class of the screen on top (the one that takes keys): app.tcss marks the focus only there
ON_TOP = "-on-top"


class HorizonApp(Guarded, App[int]):
    """Build, check and save a Horizon Wars roster: the session, start-up, and the app's keys;
    what each part does is its own object's (files, the kept view, your rulebook, the keys,
    type-ahead) or its screen's.

    No error ends it: its actions, handlers, callbacks and workers, and those of every
    screen, dialog and widget, are guarded (:class:`Guarded`), and an error one of them
    catches comes to :meth:`report_failure`."""

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
        self._initial_path = path
        #: a screen to open first: ("organiser", folder, preset), ("event", event file, None),
        #: ("campaign", campaign file, None); or ("played", campaign file, None): the roster
        #: at ``path`` as that campaign plays it
        self._start = start
        self._binding_state: tuple[object, ...] = ()
        #: Writes unsaved work to the data folder (made after the first paint; see userfiles/autosave.py).
        self.autosaver: Autosaver | None = None
        #: a SessionChanged message is on its way (several changes in one handler: one redraw)
        self._change_posted = False
        #: the app's parts, plain objects
        self.typeahead = TypeAhead(self, super().on_event)  # keys held while a screen opens
        self.kept = KeptView(self)  # the home view of the last run, until the session is in
        self.rulebook = Rulebook(self, lambda: self.session)  # your rulebook's entries
        self.files = RosterFiles(self)  # save, open, new
        self.campaign = KnownCampaign()  # a commander's list shown as the campaign plays it
        #: Open in browser's pages: removed when the app quits (a killed run's: at a start)
        self.browser_pages = TempPages()
        if session is not None:
            self._use(session)
        prefs = load_prefs()  # read once at the start: the theme and the keymap
        self.theme, self._prefs_messages = remembered_theme(self.available_themes, prefs)
        self.keys = Keys(self, prefs)  # prefs.toml: [keymap]

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
    def get_default_screen(self) -> Screen[Any]:
        return RosterScreen(self.kept, self.rulebook, self.campaign)

    @property
    def home(self) -> RosterScreen:
        """The home screen (always at the bottom of the stack)."""
        home = self.screen_stack[0]
        assert isinstance(home, RosterScreen)
        return home

    async def on_event(self, event: events.Event) -> None:
        if not self.typeahead.hold(event):
            await super().on_event(event)

    async def run_action(self, action: Any, default_namespace: Any = None,
                         namespaces: Any = None) -> bool:
        if self.kept.hold_action(action, default_namespace, namespaces):
            return True  # the kept view is on screen: the action runs once the session is in
        return await super().run_action(action, default_namespace, namespaces)

    def roster_painted(self, source: str) -> None:
        """The first frame with the roster on screen is out: ``source`` is "kept" (the view
        from the last run) or "session" (the session's own). Nothing here: a hook."""

    def on_mount(self) -> None:
        self.keys.remember_theme()
        self.screen_change_signal.subscribe(self, self._mark_the_screen_on_top)
        self._mark_the_screen_on_top(self.screen)
        if self.loaded:
            self._opened()
        else:
            self.title = f"Opening {self.opening_label}…"
            self.call_after_refresh(self._open_initial)

    def _mark_the_screen_on_top(self, top: Screen[Any]) -> None:
        """Only the screen on top takes keys, so app.tcss marks the focus only there: Textual
        keeps a widget focused on a screen under a dialog, and its marker would show too."""
        for screen in self.screen_stack:
            screen.set_class(screen is top, ON_TOP)

    def _open_initial(self) -> None:
        self.kept.kept_view_painted()
        self._use(self.files.first_session(self._initial_path))
        self._opened()

    def _opened(self) -> None:
        from horizon_builder.engine.gcpause import resume_after_startup
        from horizon_builder.tui.sharing.recovery import offer_recovery
        from horizon_builder.userfiles.autosave import EVERY_SECONDS, Autosaver, AutosaveStore

        self.autosaver = Autosaver(AutosaveStore())
        self.set_interval(EVERY_SECONDS, self.autosave_soon, name="autosave")
        self.set_interval(LOOK_SECONDS, self.look_at_campaign, name="campaign")
        self._show_session()
        self.kept.paint_once("session")
        self.call_after_refresh(resume_after_startup)  # the roster is on screen
        self.call_after_refresh(self.kept.keep)  # for the next start (homeview.py)
        self.call_after_refresh(clean_at_start, self._initial_path)
        self.call_after_refresh(self.browser_pages.sweep_stale)  # a killed run's pages
        self.kept.run_held_actions()
        for message in [*take_problems(), *self._prefs_messages]:  # what was wrong with prefs.toml
            self.notify(message, title="Preferences not read", severity="warning", timeout=10)
        self._prefs_messages = []
        self.files.say_start_problems()
        self.keys.say_problems()
        if self._start is not None and self._start[0] == "played":  # LIST --campaign FILE
            self._play_in(self._start[1])
            self._start = None
        if self._start is not None:
            from horizon_builder.tui.event.organising import open_event, open_organiser

            kind, path, preset = self._start
            self._start = None
            if kind == "organiser" and preset is not None:
                open_organiser(self, (path, preset), alone=True)
            elif kind == "event":
                open_event(self, (path, path), alone=True)
            elif kind == "campaign":
                from horizon_builder.tui.campaign.opening import open_campaign

                open_campaign(self, path, alone=True)
            return
        offer_recovery(self)

    def _play_in(self, campaign: Path) -> None:
        """The roster opened is shown as the campaign file ``campaign`` plays it."""
        problems = self.campaign.read(campaign)
        if problems:
            self.notify("\n".join(problems), title="Campaign not read", severity="error",
                        timeout=10)
            return
        self._show_session()
        if self.home.playing() is None:
            self.notify(f"{self.file_label()} is no commander's list in {campaign.name}: "
                        "shown as it is.", severity="warning", timeout=8)

    # --- the campaign file the app knows, changed elsewhere ----------------------------------
    def look_at_campaign(self) -> None:
        """A game recorded on the command line while a commander's list is open: the campaign
        is read again (a stat of its file first) and the list shown as it plays it now. A
        file that cannot be read is said once; the figures stay as last read, marked so.
        (A screen that reads the campaign itself, the Campaign screen, looks meanwhile.)"""
        if self.campaign.session is None or any(
                isinstance(screen, ReadsCampaign) for screen in self.screen_stack):
            return
        looked = self.campaign.look()
        if looked.problems:
            self.notify("\n".join(looked.problems) + "\nThe figures shown are the campaign's "
                        "as it was last read.", title="Campaign not read again",
                        severity="warning", timeout=10)
        if looked.changed and self.loaded:
            self.home.campaign_read()

    def on_app_focus(self, event: events.AppFocus) -> None:
        """Back in the app (from a shell that may have changed the campaign file)."""
        if self.autosaver is not None:  # (started: the roster is in)
            self.look_at_campaign()

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
        self.run_worker(self.autosave_now, name="Autosaving the list", thread=True,
                        group="autosave", exit_on_error=False)

    # --- an error nobody foresaw: reported, the list kept, the app goes on --------------------
    def report_failure(self, error: BaseException, what: str) -> None:
        """An error a guard caught (tui/common/guard.py) in ``what`` (an action, a handler, a
        worker): its traceback and the versions go to a report file (userfiles/reports.py),
        then, on the app's own loop, the list is autosaved and a dialog says it all. Safe
        from any thread (a worker's); never raises."""
        from horizon_builder.tui.common.failure import FailureReported
        from horizon_builder.userfiles.reports import one_line, write_report

        line = f"{what} failed: {one_line(error)}"
        report, problem = None, None
        try:
            report = write_report(what, error)
        except Exception as exc:  # a full disk: the dialog says so
            problem = one_line(exc)
        self.log.error(line, report)  # Textual's log (devtools), never the terminal
        self.post_message(FailureReported(line, report, problem))

    def on_failure_reported(self, message: FailureReported) -> None:
        """The list autosaved now, and the dialog (one at a time: a failure while it is
        open is counted in it). Never fails itself: at worst a notification."""
        from horizon_builder.tui.common.failure import FailureDialog  # (imported when needed)

        try:
            kept = self._keep_the_list()
            top = self.screen
            if isinstance(top, FailureDialog):
                top.another(message.report)
            else:
                self.push_screen(FailureDialog(message.what, kept, message.report, message.problem))
        except Exception as exc:
            from horizon_builder.userfiles.reports import one_line

            self.log.error("the failure dialog failed", exc)
            with contextlib.suppress(Exception):
                self.notify(f"{message.what}\n(and showing it failed: {one_line(exc)})",
                            title="Something went wrong", severity="error", timeout=30)

    def _keep_the_list(self) -> str:
        """Autosave the list now; what became of it, for the failure dialog."""
        from horizon_builder.userfiles.reports import one_line

        if not self.loaded or self.autosaver is None:
            return "No list was open yet: nothing is lost."
        try:
            self.autosave_now()
        except Exception as exc:
            return (f"Your unsaved changes could NOT be autosaved ({one_line(exc)}): save the "
                    "list now (Save, or Save as elsewhere).")
        autosaver = self.autosaver
        if not self.session.dirty:
            return "Your list is as it was, with nothing unsaved."
        if autosaver.error is not None or autosaver.owned is None:
            why = autosaver.error or "the autosave is off"
            return (f"Your unsaved changes could NOT be autosaved ({why}): save the list now "
                    "(Save, or Save as elsewhere).")
        return f"Your list is as it was, and its unsaved changes are autosaved in {autosaver.owned}."

    # --- the session's changes, as messages ------------------------------------------------
    def _use(self, session: Session) -> None:
        """Show ``session`` from now on: its announcements come back as messages."""
        self.session = session
        session.listen(self._announced)

    def _announced(self, change: Change) -> None:
        if not self._change_posted:
            self._change_posted = True
            self.post_message(SessionChanged(change))

    def on_session_changed(self, message: SessionChanged) -> None:
        self._change_posted = False
        self._show_session()

    def _show_session(self) -> None:
        """Every screen that shows the session redraws from it."""
        if not self.loaded:
            return
        # a screen another (full) screen covers is redrawn when it is shown again
        covered = False
        shown: list[SessionView] = []
        for screen in reversed(self.screen_stack):
            # (a screen pushed but not yet mounted shows the session as it mounts)
            if screen.is_mounted and isinstance(screen, SessionView):
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
        self._use(session)
        self._show_session()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ROSTER_ACTIONS and not getattr(self.screen, "ROSTER_KEYS", True):
            return False  # an organiser's screen: no roster to save or undo there
        if action in _BLOCKED_IN_DIALOG and (self.screen.has_class("dialog") or (not self.loaded
                                             and self.kept.early_view() is None)):
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
            self.call_after_refresh(self.notify, f"Undone: {label}", timeout=2)

    def action_redo(self) -> None:
        label = self.session.redo_label
        if self.session.redo():
            self.call_after_refresh(self.notify, f"Redone: {label}", timeout=2)

    # --- the app's keys: each the work of a screen or of a part -----------------------------
    def action_add_element(self) -> None:
        self.home.add_element()

    def action_command(self) -> None:
        self.home.open_command()

    def action_rounds(self, round_name: str | None = None) -> None:
        self.home.open_rounds(round_name)

    def action_settings(self, focus_field: str | None = None) -> None:
        self.home.open_settings(focus_field)

    def action_export(self) -> None:
        from horizon_builder.tui.sharing.export import ExportScreen

        self.push_screen(ExportScreen(self.session.report, path=self.session.path,
                                      pages=self.browser_pages))

    def action_copy_list(self) -> None:
        from horizon_builder.tui.sharing.share import ask_copy_list

        ask_copy_list(self, self.session)

    def action_help(self) -> None:
        from horizon_builder.tui.help import HelpScreen

        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen(self.keys.user_keymap))

    def action_rules(self) -> None:
        from horizon_builder.tui.rules.screen import RulesScreen

        if not isinstance(self.screen, RulesScreen):
            self.push_screen(RulesScreen())

    def action_organiser(self) -> None:
        from horizon_builder.tui.event.organising import ask_organiser

        ask_organiser(self)

    def action_event(self) -> None:
        from horizon_builder.tui.event.organising import ask_event

        ask_event(self)

    def action_campaign(self) -> None:
        """The Campaign screen on a campaign file (linked battles, OtH p.50)."""
        from horizon_builder.tui.campaign.opening import ask_and_open

        ask_and_open(self)

    def action_toggle_theme(self) -> None:
        self.theme = "textual-light" if self.current_theme.dark else "textual-dark"
        save_pref("theme", self.theme)

    def action_save(self) -> None:
        self.run_worker(self.files.save_roster(), name="Saving the list", group="files")

    def action_save_as(self) -> None:
        self.run_worker(self.files.save_roster(ask=True), name="Saving the list as",
                        group="files")

    def action_open(self) -> None:
        self.run_worker(self.files.open(), name="Opening a list", group="files")

    def action_new(self) -> None:
        self.run_worker(self.files.new(), name="Starting a new list", group="files")

    # --- what the screens ask by message --------------------------------------------------
    def on_enter_rule_value(self, message: EnterRuleValue) -> None:
        self.rulebook.enter(message.value)

    def on_ask_rule_value(self, message: AskRuleValue) -> None:
        self.rulebook.ask_once(message.item, message.label, message.note)

    def on_undo_rule_entry(self, message: UndoRuleEntry) -> None:
        self.rulebook.undo()

    def on_campaign_known(self, message: CampaignKnown) -> None:
        self.campaign.know(message.session)

    def on_play_list(self, message: PlayList) -> None:
        """A commander's list on the home screen, as the campaign plays it (asks first
        about unsaved changes to the roster open now)."""
        self.campaign.know(message.session)

        async def play() -> None:
            if await self.files.settle_unsaved("open the commander's list"):
                self.files.open_roster(message.path)

        self.run_worker(play(), name="Opening the commander's list", group="files")

    @work(group="files")
    async def action_quit(self) -> None:  # type: ignore[override]  # a worker: asks first
        if await self.files.settle_unsaved("quit"):
            if self.autosaver is not None:
                self.autosaver.stop()  # saved, or thrown away on purpose
            self.exit(0)

    def on_unmount(self) -> None:
        self.autosave_now()  # leaving another way (an error, a signal): keep the work
        self.browser_pages.remove_all()  # however it leaves (a page just opened: read first)


def run_app(path: Path | None, overrides: list[str],
            start: tuple[str, Path, Path | None] | None = None) -> int:
    """Open the app on ``path`` (a new roster that saves there if it does not exist), or on
    the organiser's or an event's screen (``start``)."""
    from horizon_builder.tui.sharing.recovery import autosave_on_hangup

    app = HorizonApp(None if start and start[0] != "played" else path, overrides, start=start)
    autosave_on_hangup(app)
    ended = keep_fatal_errors(app)
    app.run()
    say_fatal_error(ended.getvalue(), app.return_code)
    return app.return_code or 0


def keep_fatal_errors(app: App[Any]) -> io.StringIO:
    """The last net, under the guards (tui/common/guard.py): an error in something no guard
    holds (a screen's ``compose``, Textual's own code) still ends the app, and Textual prints
    its traceback on the app's ``error_console``; that console writes here instead, for
    :func:`say_fatal_error`."""
    from rich.console import Console

    kept = io.StringIO()
    app.error_console = Console(file=kept, markup=False, highlight=False, width=100,
                                color_system=None, soft_wrap=False)
    return kept


def say_fatal_error(printed: str, return_code: int | None) -> None:
    """After the app: what Textual printed on its error console, if anything. An error that
    ended the app (status 1) goes to a report file and the terminal gets one line (the
    autosave kept the list: the app writes it as it leaves, and the next start offers it);
    anything else is printed as Textual would have."""
    import sys

    from horizon_builder.userfiles.reports import write_report

    if not printed.strip():
        return
    if return_code != 1:
        sys.stderr.write(printed)
        return
    try:
        report = write_report("The app, which stopped on this error", printed)
        where = f"the details for a bug report are in {report}"
    except OSError as exc:
        last = printed.strip().splitlines()[-1].strip(" │")
        where = f"no report could be written ({exc.strerror or exc}); the error: {last}"
    sys.stderr.write("horizon-builder stopped on an error it did not foresee. Your unsaved "
                     f"changes are autosaved (the next start offers them back); {where}\n")
