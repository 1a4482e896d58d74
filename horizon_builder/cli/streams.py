"""The command line's two streams: stderr with control characters escaped (messages quote file
text), and a subcommand's stdout whose write errors say they are stdout's (issue 36 item 6).

Neither ever fails for a reason of its own: a stream Python could not open (``2>&-``, ``>&-``:
``sys.stderr`` or ``sys.stdout`` is None) or one whose ``write`` returns nothing (a capture)
is taken as it is, so that the internal-error path, which prints through them, never fails
itself (issue 44 item 3)."""

from __future__ import annotations

import errno
import os
import sys
from typing import Any

from horizon_builder.text.safetext import printable


class SafeStream:
    """stderr with control characters escaped: messages quote file text (keys, names, paths)."""

    def __init__(self, stream: Any):
        self._stream = stream

    def write(self, text: str) -> int:
        """Write ``text`` escaped; the count of characters taken. A closed stderr (None)
        takes everything and writes nothing; a write that returns no count (a capture's,
        Textual's inside a running app) counts ``text`` (``int(None)`` was a TypeError that
        made the internal-error message fail itself)."""
        if not isinstance(text, str):
            text = str(text)
        if self._stream is None:
            return len(text)
        written = self._stream.write(printable(text, multiline=True))
        return written if isinstance(written, int) else len(text)

    def flush(self) -> None:
        if self._stream is not None:
            self._stream.flush()

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


class ClosedStdout:
    """What stdout is when the process started with it closed (``>&-``, ``sys.stdout`` None):
    every write fails as a write to a closed file does (EBADF), so a command that prints
    says so and exits 2 (:class:`GuardedStdout`), and one that prints nothing (``-o FILE``)
    runs as ever."""

    encoding = "utf-8"
    errors = "strict"

    def write(self, data: Any) -> int:
        raise OSError(errno.EBADF, "it is closed")

    def flush(self) -> None:
        pass

    def isatty(self) -> bool:
        return False

    def fileno(self) -> int:
        raise OSError(errno.EBADF, "it is closed")

    @property
    def buffer(self) -> ClosedStdout:
        return self


def quiet_stdout() -> None:
    """Point stdout at /dev/null so the interpreter's last flush does not fail again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):
        pass


class StdoutFailed(Exception):
    """Writing standard output failed (not a closed pipe: that ends quietly)."""

    def __init__(self, error: OSError):
        super().__init__(str(error))
        self.error = error


class GuardedStdout:
    """stdout (or its ``buffer``) whose write and flush errors say they are stdout's."""

    def __init__(self, stream: Any):
        self._stream = stream

    def write(self, data: Any) -> Any:
        try:
            return self._stream.write(data)  # what the stream returns (a capture may give None)
        except BrokenPipeError:
            raise
        except OSError as exc:
            raise StdoutFailed(exc) from exc

    def flush(self) -> None:
        try:
            self._stream.flush()
        except BrokenPipeError:
            raise
        except OSError as exc:
            raise StdoutFailed(exc) from exc

    @property
    def buffer(self) -> GuardedStdout:
        return GuardedStdout(self._stream.buffer)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)
