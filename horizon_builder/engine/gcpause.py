"""Garbage collection paused over one bounded piece of work.

Validating or exporting a large roster allocates many objects that live until it
ends (findings, the export document's models); each automatic collection of the
oldest generation then scans every one of them again, so with collection on the
work grows faster than the roster (an HTML export of 10,000 elements: 2.1 s with
it, 1.0 s without). Paused, the work is linear; the few reference cycles it
leaves are collected by the next automatic collection after it.

The console entry uses the same switch for a whole process: collection paused from its
start (:func:`pause_for_startup`; the app turns it back on once its roster shows,
:func:`resume_after_startup`), and what a command made left to the process's end
(:func:`leave_to_exit`).
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def gc_paused() -> Iterator[None]:
    """No automatic garbage collection inside the block (nested blocks are fine)."""
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


_started_paused = False


def pause_for_startup() -> None:
    """Start-up allocates a great many objects that live as long as the process (modules,
    classes, the ruleset, the roster): collecting while they are made only rescans them.
    The command line pauses collection from its entry; :func:`resume_after_startup`."""
    global _started_paused
    if gc.isenabled():
        gc.disable()
        _started_paused = True


def resume_after_startup() -> None:
    """Move everything made so far out of the collector's sight (``gc.freeze``) and turn
    collection back on: later collections scan only what the session makes after."""
    global _started_paused
    if _started_paused:
        _started_paused = False
        gc.freeze()
        gc.enable()


def leave_to_exit() -> None:
    """The process ends next: what it made is left for the system to take back. Python's
    exit collects and frees every object still alive, one by one (after a ``check``: the
    modules, pydantic's schemas, the rules; about 25 ms, a sixth of the command); frozen
    (``gc.freeze``), they are not looked at. Nothing is lost: the standard streams are
    flushed as ever, ``atexit`` handlers still run, and every file the app writes is closed
    where it is written. (The app's helper process ends with ``os._exit`` for the same reason.)"""
    gc.freeze()
