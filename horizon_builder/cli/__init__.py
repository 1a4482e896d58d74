"""The ``horizon-builder`` command line: subcommands and the text/JSON reports of ``check``."""

from __future__ import annotations

from collections.abc import Sequence

from horizon_builder.cli import main as _commands
from horizon_builder.engine.gcpause import leave_to_exit, pause_for_startup


def main(argv: Sequence[str] | None = None) -> int:
    """The console entry point: garbage collection paused for a command's whole (short)
    run, and for the app's start-up (it turns collection back on once the roster shows);
    what the run made is left to the process's end (:func:`leave_to_exit`)."""
    pause_for_startup()
    try:
        return _commands.main(argv)
    finally:
        leave_to_exit()


__all__ = ["main"]
