"""What the app told the player, as Textual got it (issue 44 item 2: public API only).

``run_test(message_hook=told)`` hands every message the app's pumps handle to ``told``, which
keeps each notification: the tests read them there instead of Textual's private
``app._notifications``, and a toast that left the screen (its time up, on a busy machine
before the test looked) is still there."""

from __future__ import annotations

from textual.message import Message
from textual.notifications import Notification, Notify


class Told(list[Notification]):
    """The notifications made so far, oldest first (a ``message_hook`` for ``run_test``)."""

    def __call__(self, message: Message) -> None:
        if isinstance(message, Notify):
            self.append(message.notification)
