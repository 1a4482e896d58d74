"""The app's side of autosave: offer the autosaved work at start, restore it, and keep the
work when the terminal closes. The files themselves are :mod:`horizon_builder.userfiles.autosave`'s."""

from __future__ import annotations

import asyncio
import os
import signal
from typing import TYPE_CHECKING

from horizon_builder.files.problems import LoadError

if TYPE_CHECKING:
    from horizon_builder.session.core import Session
    from horizon_builder.tui.app import HorizonApp
    from horizon_builder.userfiles.autosave import Autosave


def offer_recovery(app: HorizonApp) -> None:
    """At start: the newest autosave of the roster being opened (of any roster, when the app
    started without a file) is offered: restore, discard or keep for later."""
    from horizon_builder.files.served import outside_root
    from horizon_builder.tui.common.paths import display_path as _display_path
    from horizon_builder.tui.common.paths import visitor_root
    from horizon_builder.tui.sharing.recovery_dialog import RecoveryDialog

    autosaver = app.autosaver
    assert autosaver is not None
    store = autosaver.store
    entries, messages = store.entries()
    for message in messages:
        app.notify(message, title="Autosave not read", severity="warning", timeout=10)
    root = visitor_root(app)
    if root is not None:  # served: only the work on the served folder's rosters, never the host's
        entries = [e for e in entries
                   if e.roster_path is not None and outside_root(e.roster_path, root) is None]
    wanted = entries
    if app.initial_path is not None:
        key = store.key(app.initial_path)
        wanted = [e for e in entries if store.key(e.roster_path) == key]
    if not wanted:
        return
    entry = wanted[0]
    label = _display_path(entry.roster_path) if entry.roster_path is not None else "an untitled roster"

    def answered(answer: str | None) -> None:
        if answer == "restore":
            restore_autosave(app, entry)
        elif answer == "discard":
            store.delete(entry.file)
            app.notify("Autosaved changes discarded.", timeout=3)

    app.push_screen(RecoveryDialog(label, entry.roster.name, entry.when, len(entries) - 1), answered)


def restore_autosave(app: HorizonApp, entry: Autosave) -> bool:
    """Open the roster an autosave belongs to with the autosaved changes on top (unsaved and
    undoable): the roster file itself is untouched until the player saves."""
    from pydantic import ValidationError

    from horizon_builder.session.core import Session
    from horizon_builder.tui.common.paths import exists as _exists

    path = entry.roster_path
    session: Session | None = None
    if path is not None and _exists(path) and path.resolve() not in app.refused_paths:
        try:
            session = Session.open(path, app.overrides)
        except LoadError:  # the file went bad: restore onto a new roster that saves there
            app.refused_paths.add(path.resolve())
    if session is None:
        session = app.files.new_session(path)
    try:
        session.commit(entry.roster, "restore autosaved changes")
    except (LoadError, ValidationError) as exc:
        app.notify(f"Could not restore the autosave: {exc}", severity="error", timeout=10)
        return False
    assert app.autosaver is not None
    app.autosaver.adopt(entry)
    app.replace_session(session)
    app.notify(f"Restored the changes autosaved at {entry.when}. Save to keep them.", timeout=5)
    return True


#: After a hang-up, how long leaving politely may take before the process ends anyway (the
#: terminal is gone: restoring it may block on a write nobody reads).
HANGUP_GRACE_SECONDS = 3.0


def autosave_on_hangup(app: HorizonApp) -> None:
    """Closing the terminal (SIGHUP) or a polite kill (SIGTERM): autosave, then leave.

    The signal handler does no work of its own: it runs between any two steps of whatever
    the app is doing, and work done there (a write, an exit) can meet that work half done.
    Before anything is loaded there is nothing to keep, and a hang-up ends the process at
    once (a slow file at the start is not read on for nobody). Otherwise the handler asks
    the event loop to :func:`leave_now` as soon as the work in hand yields.
    """

    def on_signal(signum: int, _frame: object) -> None:
        hangup = signum == getattr(signal, "SIGHUP", None)
        if hangup and not app.loaded:
            end_now(app, 128 + signum)  # nothing to keep; the terminal to restore is gone
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # the app is not running (yet, or any more)
            if hangup:
                end_now(app, 128 + signum)
            raise SystemExit(128 + signum) from None
        loop.call_soon_threadsafe(leave_now, app, signum)

    for name in ("SIGHUP", "SIGTERM"):
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), on_signal)


def leave_now(app: HorizonApp, signum: int) -> None:
    """The app's answer to a hang-up or a polite kill: keep unsaved work, then leave. After a
    hang-up the process ends within :data:`HANGUP_GRACE_SECONDS` even if leaving stalls."""
    app.autosave_now()
    if signum == getattr(signal, "SIGHUP", None):
        import threading

        timer = threading.Timer(HANGUP_GRACE_SECONDS, end_now, (app, 128 + signum))
        timer.daemon = True
        timer.start()
    app.exit(return_code=128 + signum)


def end_now(app: HorizonApp, code: int) -> None:
    """End the process at once (no clean-up of Python's own runs): the temporary pages Open in
    browser wrote are removed first, without the wait a quit gives them."""
    app.browser_pages.remove_all(wait=False)
    os._exit(code)
