"""Sharing a list: copy it as text or as a share code (ctrl+k), and open a list from a
share code pasted in the Open dialog."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from horizon_builder.files.problems import LoadError

if TYPE_CHECKING:
    from textual.app import App

    from horizon_builder.roster.models import Roster
    from horizon_builder.session.core import Session
    from horizon_builder.tui.sharing.share_dialog import CopyChoice


def ask_copy_list(app: App[Any], session: Session) -> None:
    """Ask which copy (text or share code), then put it on the clipboard."""
    from horizon_builder.export.document import build_document
    from horizon_builder.roster.pin import short_pin
    from horizon_builder.tui.sharing.share_dialog import CopyListDialog

    document = build_document(session.report)
    code = document.share_code
    app.push_screen(CopyListDialog(document.name, short_pin(document.pin),
                                   len(code) if code else None),
                    lambda choice: copy_list(app, session, choice or ""))


def copy_list(app: App[Any], session: Session, choice: CopyChoice) -> None:
    """Copy the list's text (the compact text export) or its share code."""
    from horizon_builder.export import render
    from horizon_builder.roster.pin import pin, short_pin
    from horizon_builder.roster.sharecode import encode

    roster = session.roster
    if choice == "code":
        text, what = encode(roster), "share code"
    elif choice == "text":
        text, what = render(session.report, "text", compact=True), "list as text"
    else:
        return
    app.copy_to_clipboard(text)
    app.notify(f"Copied the {what} (pin {short_pin(pin(roster))}) to the clipboard, if your "
               "terminal allows it (else export it: x)", timeout=5)


def shared_session(app: App[Any], roster: Roster, overrides: tuple[str, ...]) -> Session | None:
    """A new unsaved session of a list read from a share code (None: its rules could not be
    read; the problems are shown)."""
    from horizon_builder.session.core import Session
    from horizon_builder.tui.common.dialogs import LoadErrorDialog

    try:
        return Session.shared(roster, overrides)
    except LoadError as exc:
        app.push_screen(LoadErrorDialog("Could not open the share code", exc.problems,
                                        "The roster you had open stays open."))
        return None


def opened_note(roster: Roster) -> str:
    from horizon_builder.roster.pin import pin, short_pin

    return (f"Opened “{roster.name}” from a share code (pin {short_pin(pin(roster))}): "
            "save it to keep it (ctrl+s)")
