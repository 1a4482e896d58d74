"""What a test process does between tests and at its end, so a long run stays light and
stops on time (issue 24 item 14); used by conftest.py, checked by tests/test_hygiene.py."""

from __future__ import annotations

import sys


def release_dead_apps() -> None:
    """Let the apps a test ran go. Textual keeps the last 1,024 ``StylesCache`` objects it met
    (an ``lru_cache`` on the method ``StylesCache.get_inner_outer`` holds ``self``), and each
    holds its widget's rendered lines: over the suite that kept hundreds of thousands of
    objects alive in each process, so every full garbage collection took a second or more,
    and pytest's five closing collections outlasted the five seconds pytest-xdist gives a
    worker to stop: it was sent SIGINT, and the green run ended with a KeyboardInterrupt
    traceback."""
    styles = sys.modules.get("textual._styles_cache")  # (a core test never imports Textual)
    cached = getattr(getattr(styles, "StylesCache", None), "get_inner_outer", None)
    if hasattr(cached, "cache_clear"):  # (a Textual without it: nothing to let go here)
        cached.cache_clear()
