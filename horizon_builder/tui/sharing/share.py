"""The app's sharing actions: copy the list as text or as a share code (ctrl+k), and open a
list from a share code pasted in the Open dialog."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.app import App

from horizon_builder.files.problems import LoadError

if TYPE_CHECKING:
    from horizon_builder.roster.models import Roster
    from horizon_builder.session.core import Session
    from horizon_builder.tui.sharing.share_dialog import CopyChoice


class SharingActions(App[int]):
    """Mixed into the app (which has ``session``, ``overrides`` and ``replace_session``)."""

    session: Session
    overrides: tuple[str, ...]

    def replace_session(self, session: Session) -> None:  # the app's
        raise NotImplementedError

    def action_copy_list(self) -> None:
        """Ask which copy (text or share code), then put it on the clipboard."""
        from horizon_builder.export.document import build_document
        from horizon_builder.roster.pin import short_pin
        from horizon_builder.tui.sharing.share_dialog import CopyListDialog

        document = build_document(self.session.report)
        code = document.share_code
        self.push_screen(CopyListDialog(document.name, short_pin(document.pin),
                                        len(code) if code else None),
                         lambda choice: self.copy_list(choice or ""))

    def copy_list(self, choice: CopyChoice) -> None:
        """Copy the list's text (the compact text export) or its share code."""
        from horizon_builder.export import render
        from horizon_builder.roster.pin import pin, short_pin
        from horizon_builder.roster.sharecode import encode

        roster = self.session.roster
        if choice == "code":
            text, what = encode(roster), "share code"
        elif choice == "text":
            text, what = render(self.session.report, "text", compact=True), "list as text"
        else:
            return
        self.copy_to_clipboard(text)
        self.notify(f"Copied the {what} (pin {short_pin(pin(roster))}) to the clipboard, if your "
                    "terminal allows it (else export it: x)", timeout=5)

    def open_shared(self, roster: Roster) -> bool:
        """Open a list read from a share code, as a new unsaved roster."""
        from horizon_builder.roster.pin import pin, short_pin
        from horizon_builder.session.core import Session
        from horizon_builder.tui.common.dialogs import LoadErrorDialog

        try:
            session = Session.shared(roster, self.overrides)
        except LoadError as exc:
            self.push_screen(LoadErrorDialog("Could not open the share code", exc.problems,
                                             "The roster you had open stays open."))
            return False
        self.replace_session(session)
        self.notify(f"Opened “{roster.name}” from a share code (pin {short_pin(pin(roster))}): "
                    "save it to keep it (ctrl+s)", timeout=6)
        return True
