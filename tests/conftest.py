"""Shared fixtures (the shipped ruleset, each test's own user folders) and the suite's
hooks. That every finding code is produced by some roster is the rule fixtures' own test
(``tests/test_rule_fixtures.py``: a producing roster and a legal one at its limit per code),
not a patch of ``validate`` here.
"""

from __future__ import annotations

import atexit
import gc
import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

# Never read or write the real user's folders: your rulebook (personal rules) and autosaves
# live in a fresh folder per test process, empty unless a test writes there.
# (all in one folder of this test process, removed when it ends)
_FOLDERS = tempfile.mkdtemp(prefix="hb-test-")
atexit.register(shutil.rmtree, _FOLDERS, ignore_errors=True)
os.environ["HORIZON_BUILDER_CONFIG_DIR"] = os.path.join(_FOLDERS, "config")
os.environ.setdefault("HORIZON_BUILDER_DATA_DIR", os.path.join(_FOLDERS, "data"))
# The ruleset disk cache (rules/diskcache.py) of this run: never the user's own.
os.environ.setdefault("HORIZON_BUILDER_CACHE_DIR", os.path.join(_FOLDERS, "cache"))

from hygiene import release_dead_apps  # noqa: E402

from horizon_builder.rules.loader import load_ruleset  # noqa: E402
from horizon_builder.rules.models import Ruleset  # noqa: E402
from horizon_builder.userfiles.autosave import DATA_DIR_ENV  # noqa: E402

TESTS = Path(__file__).resolve().parent


@pytest.fixture(scope="session")
def ruleset() -> Ruleset:
    return load_ruleset()


_DATA_DIRS = iter(range(1, 1 << 30))


@pytest.fixture(autouse=True)
def _own_data_folder(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every test has its own user data folder (autosaves): never the real home folder, and
    never what another test left behind. Made only when something is written there."""
    base = tmp_path_factory.getbasetemp() / "data"
    monkeypatch.setenv(DATA_DIR_ENV, str(base / str(next(_DATA_DIRS))))


#: test processes per core for ``-n auto`` (issue 28 item 6): a Pilot test spends most of its
#: time asleep in Textual's idle check (each key, each pause, sleeps 20 ms at least, until a
#: 20 ms slice passes with under 1 ms of work), so one process a core leaves the cores idle
#: more than half of the run. PYTEST_XDIST_AUTO_NUM_WORKERS still sets the number outright.
WORKERS_PER_CORE = 2


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int | None:
    if os.environ.get("PYTEST_XDIST_AUTO_NUM_WORKERS"):
        return None  # pytest-xdist's own reading of it
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return WORKERS_PER_CORE * (cores or 1)


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    # What the tests left is collected now, with pytest's hook for unraisable exceptions in
    # place, and the survivors (they live until the process ends) are frozen: pytest's five
    # closing collections then skip them. Under xdist this runs before the worker says it
    # has finished, so its stop after that is quick (issue 24 item 14: see
    # hygiene.release_dead_apps).
    gc.collect()
    gc.freeze()


@pytest.fixture(autouse=True)
def _release_dead_apps() -> Iterator[None]:
    """After each test, the apps it ran are let go (see hygiene.release_dead_apps)."""
    yield
    release_dead_apps()


@pytest.fixture(autouse=True)
def _own_preferences(tmp_path_factory, monkeypatch):
    """Each test starts with no preferences and no rulebook (a theme toggled, a roster opened
    or a value entered in one test is never seen by the next)."""
    monkeypatch.setenv("HORIZON_BUILDER_CONFIG_DIR", str(tmp_path_factory.mktemp("config")))
