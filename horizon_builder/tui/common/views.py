"""The contract between the app and the screens that show or edit the open roster.

A screen that shows the session mixes in :class:`SessionView` and implements
:meth:`SessionView.refresh_view`. The session announces each commit, undo or redo; the app
posts it as a :class:`SessionChanged` message and, on it, calls ``refresh_view`` on every
such screen on view (a screen covered by another is redrawn when it is shown again). A
screen changes the roster only through :meth:`SessionView.commit`, which records one
undo step with ``Session.commit``: the redraw follows from the session's announcement.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, Protocol, cast

from textual.binding import Binding
from textual.message import Message
from textual.screen import Screen

from horizon_builder.tui.common.guard import Guarded

#: The CSS of the editors, and of the screens opened from the palette or the rounds screen:
#: loaded with the first such screen (``CSS_PATH``), not parsed for the first frame.
EDITORS_CSS = Path(__file__).with_name("editors.tcss")
MORE_CSS = Path(__file__).with_name("more.tcss")

if TYPE_CHECKING:
    from horizon_builder.roster.models import Roster
    from horizon_builder.session.core import Change, Session


class SessionChanged(Message):
    """The open roster changed (an edit, undo, redo, its rules read again, a save), as the
    session announced it: the app redraws every screen that shows the session."""

    def __init__(self, change: Change) -> None:
        super().__init__()
        self.change = change


class _HoldsSession(Protocol):
    """The one thing a screen reads of the app: the session it holds (screens never import
    the app, not even for its type; they ask for more by message)."""

    session: Session


class SessionView(Guarded):
    """Mixed into a :class:`~textual.screen.Screen` that shows the open roster."""

    #: The session changed while another screen covered this one: redraw when shown again.
    stale = False

    def on_screen_resume(self) -> None:
        # (Textual calls the handler of each class of the screen's MRO: a screen's own
        # on_screen_resume runs too)
        if self.stale:
            self.stale = False
            self.refresh_view()

    @property
    def session(self) -> Session:
        """The open roster's session, the app's (``Screen.app`` is any ``App``)."""
        return cast("_HoldsSession", cast(Screen, self).app).session

    def notify_after_frame(self, message: str, **kwargs: Any) -> None:
        """A notification shown once the frame with the edit is painted (a toast is a new
        widget: mounting it would hold that frame back)."""
        app = cast(Screen, self).app
        app.call_after_refresh(app.notify, message, **kwargs)

    def refresh_view(self) -> None:
        """Show the session's current roster and report (called after every change)."""
        raise NotImplementedError

    def commit(self, roster: Roster, label: str) -> bool:
        """Record ``roster`` as one undo step (the session announces it: every screen
        redraws); False when refused.

        A roster the models refuse is never recorded: the reason is shown as an
        error notification instead.
        """
        from pydantic import ValidationError

        try:
            self.session.commit(roster, label)
        except (ValidationError, ValueError) as exc:
            cast(Screen, self).notify(f"Not changed: {exc}", severity="error", markup=False)
            return False
        return True


def arrow_keys(action: str) -> list[Binding]:
    """↓ and ↑ as ``action(1)`` and ``action(-1)``, not shown in the footer (an editor's
    move through its list or its rows)."""
    return [Binding("down", f"{action}(1)", "Down", show=False),
            Binding("up", f"{action}(-1)", "Up", show=False)]


class EditorView(SessionView):
    """The setup the roster's editors share (adding an element, editing one, the command):
    the editors' CSS, and on mount the session shown, then the focus put where the work
    starts (:meth:`focus_at_start`)."""

    #: (Any: Screen types it with a private alias of Textual's, textual._path.CSSPathType)
    CSS_PATH: ClassVar[Any] = EDITORS_CSS

    def on_mount(self) -> None:
        self.refresh_view()
        self.focus_at_start()

    def focus_at_start(self) -> None:
        """Focus the control the editor opens on (its first view is shown)."""
        raise NotImplementedError
