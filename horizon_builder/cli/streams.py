"""The command line's two streams: stderr with control characters escaped (messages quote file
text), and a subcommand's stdout whose write errors say they are stdout's (issue 36 item 6)."""

from __future__ import annotations

import os
import sys
from typing import Any

from horizon_builder.text.safetext import printable


class SafeStream:
    """stderr with control characters escaped: messages quote file text (keys, names, paths)."""

    def __init__(self, stream: Any):
        self._stream = stream

    def write(self, text: str) -> int:
        return int(self._stream.write(printable(text, multiline=True)))

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


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
