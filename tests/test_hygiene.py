"""The test run stays light and stops on time (issue 24 item 14): Textual's cache of styles
caches (each with its widget's rendered lines) is emptied after each test. (The end of a
session, conftest.pytest_sessionfinish, collects and freezes what is left, so pytest's closing
collections no longer outlast the five seconds xdist gives a worker to stop.)"""

from __future__ import annotations

import asyncio
import weakref

from helpers_tui import example, until
from hygiene import release_dead_apps
from textual._styles_cache import StylesCache

from horizon_builder.tui.app import HorizonApp


async def _run_an_app() -> list[weakref.ref[StylesCache]]:
    app = HorizonApp(example("hvy-cav-battlegroup.toml"))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app.loaded, "the roster")
        await pilot.pause()
        return [weakref.ref(w._styles_cache) for w in app.screen.walk_children()]


async def test_textuals_cache_of_styles_caches_is_emptied_after_a_test() -> None:
    """Textual's lru_cache on StylesCache.get_inner_outer holds the styles cache (and the
    rendered lines) of every widget it met, long after its app ended; between tests it is
    emptied, so it keeps none of them."""
    caches = await asyncio.create_task(_run_an_app())
    assert caches and StylesCache.get_inner_outer.cache_info().currsize > 0
    release_dead_apps()
    assert StylesCache.get_inner_outer.cache_info().currsize == 0


def test_n_auto_starts_two_test_processes_a_core(monkeypatch, pytestconfig) -> None:
    """Issue 28 item 6: ``-n auto`` (the README's command) means two processes a core, as the
    Pilot tests sleep in Textual's idle checks most of their time; the variable pytest-xdist
    reads still says the number outright (the hook then leaves it to pytest-xdist)."""
    import os

    import conftest

    monkeypatch.delenv("PYTEST_XDIST_AUTO_NUM_WORKERS", raising=False)
    cores = len(os.sched_getaffinity(0))
    assert pytestconfig.hook.pytest_xdist_auto_num_workers(config=pytestconfig) == 2 * cores
    monkeypatch.setenv("PYTEST_XDIST_AUTO_NUM_WORKERS", "3")
    assert conftest.pytest_xdist_auto_num_workers(pytestconfig) is None
    assert pytestconfig.hook.pytest_xdist_auto_num_workers(config=pytestconfig) == 3
