"""Type-ahead: keys pressed faster than the screen settles are held, then given in order.

Textual hands each key to the widget focused *when the app reads it*. A key that
opens a screen, or moves the focus (Enter in a filter focuses the next field),
does its work later, in the screen's and widgets' own message queues, and a
screen sets its first focus in a callback after it is mounted. A key typed
before that work is done goes to the old widget, or to a screen with nothing
focused, and is lost or acts on a stale value.

So the app holds a key while the current screen is still busy (being mounted,
messages waiting in its widgets' queues, focus or callbacks pending) and gives
the held keys one at a time as the screen settles. A key pressed while all is
quiet goes through at once; a held key is never kept longer than
:data:`MAX_HOLD` seconds.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Awaitable, Callable
from time import monotonic

from textual import events
from textual.app import App
from textual.widget import Widget
from textual.widgets import Footer, Header

from horizon_builder.tui.common.textual_internals import screen_callbacks_waiting

#: The longest a key waits for the screen to settle (then it is given anyway).
MAX_HOLD = 10.0
#: Seconds between checks once the first quick check found the screen still busy.
RETRY = 0.005
#: Widgets that never take a key (nor hold one back while they are rebuilt); the screen's
#: toast rack too, found by its CSS type (Textual has no public class for it).
_NEVER_TAKE_KEYS = (Footer, Header)
_TOASTS = "ToastRack"


def _busy(node: Widget) -> bool:
    """Not mounted yet, or messages waiting in its queue (a repaint's as well: those pass
    in a moment, and a key waits no longer than the next check)."""
    return not node.is_mounted or node.message_queue_size > 0


def _busy_below(widget: Widget, skip: set[Widget]) -> bool:
    """The widget or one of its children busy (the footer, header and toasts never take a
    key: they are left out, so a footer rebuilt as the bindings change holds nothing)."""
    if _busy(widget):
        return True
    return any(_busy_below(child, skip) for child in widget.children
               if not isinstance(child, _NEVER_TAKE_KEYS) and child not in skip)


class TypeAhead:
    """The app's keys held while a screen is opening: none is lost, or misdirected. The app
    asks :meth:`hold` of every event first; a held key is given later through ``give`` (the
    app's own event handling)."""

    def __init__(self, app: App[int], give: Callable[[events.Event], Awaitable[None]]) -> None:
        self.app = app
        self._give = give
        self._held: deque[events.Key] = deque()
        self._held_since = 0.0
        self._release_due = False
        #: keys given before the screen settled (held :data:`MAX_HOLD` seconds): for tests
        self.keys_forced = 0

    def screen_settled(self) -> bool:
        """True when the current screen has done the work the keys so far asked for."""
        try:
            screen = self.app.screen
        except Exception:  # no screen yet (starting) or any more (closing)
            return True
        if screen_callbacks_waiting(screen):  # after-refresh callbacks (a first focus ...)
            return False
        # messages the app has yet to handle (``focus()`` sets the focus in a callback)
        if self.app.message_queue_size:
            return False
        return not _busy_below(screen, set(screen.query_children(_TOASTS)))

    def hold(self, event: events.Event) -> bool:
        """True when ``event`` is a key held for later (the app gives it nothing now)."""
        if (isinstance(event, events.Key) and not event.is_forwarded and self.app.is_running
                and (self._held or not self.screen_settled())):
            if not self._held:
                self._held_since = monotonic()
            self._held.append(event)
            self._release_soon(quick=True)
            return True
        return False

    def _release_soon(self, quick: bool = False) -> None:
        if self._release_due:
            return
        self._release_due = True
        if quick:  # after what is already in the app's queue
            self.app.call_later(self._release)
        else:
            self.app.set_timer(RETRY, self._release)

    async def _release(self) -> None:
        self._release_due = False
        if not self._held:
            return
        if not self.screen_settled():
            if monotonic() - self._held_since < MAX_HOLD:
                self._release_soon()
                return
            self.keys_forced += 1
        event = self._held.popleft()
        self._held_since = monotonic()
        try:
            await self._give(event)
        finally:  # (a key whose handling failed still lets the next ones go: none is stuck)
            if self._held:
                self._release_soon(quick=True)
