"""Shared fixtures (the shipped ruleset), and the record of finding codes the suite produces.

Every validation a test runs is recorded (the codes of its findings). At the end of a
full run (the whole ``tests`` folder, no ``-k``), every code of the catalogue
(:data:`horizon_builder.checks.CODES`, made from the declared rules) must have been produced
by some test, or the run fails and names the codes no test reaches. Under pytest-xdist each worker
sends its codes to the controller, which checks their union.
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

# Record before any test module binds ``validate``: patch the module function first.
import horizon_builder.checks as _checks  # noqa: E402

PRODUCED: set[str] = set()
_real_validate = _checks.validate


def _recording_validate(roster, ruleset):  # type: ignore[no-untyped-def]
    report = _real_validate(roster, ruleset)
    PRODUCED.update(f.code for f in report.all_findings)
    return report


_checks.validate = _recording_validate

from hygiene import release_dead_apps  # noqa: E402

from horizon_builder.checks import CODES  # noqa: E402
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


#: a test of the collection was left out (by -k, -m, --lf, --deselect, ...): not a full run
DESELECTED: list[bool] = []
_PARTIAL_OPTIONS = ("keyword", "markexpr", "lf", "deselect", "ignore", "ignore_glob", "stepwise",
                    "collectonly")


def _full_run(config: pytest.Config) -> bool:
    if any(config.getoption(name, default=None) for name in _PARTIAL_OPTIONS) or DESELECTED:
        return False
    args = [Path(a.split("::")[0]).resolve() for a in config.args] or [TESTS]
    return all(a == TESTS for a in args)


def pytest_deselected(items: list[pytest.Item]) -> None:
    if items:
        DESELECTED.append(True)


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    # What the tests left is collected now, with pytest's hook for unraisable exceptions in
    # place, and the survivors (they live until the process ends) are frozen: pytest's five
    # closing collections then skip them. Under xdist this runs before the worker says it
    # has finished, so its stop after that is quick (issue 24 item 14: see
    # hygiene.release_dead_apps).
    gc.collect()
    gc.freeze()
    config = session.config
    workeroutput = getattr(config, "workeroutput", None)
    if workeroutput is not None:  # an xdist worker: hand the codes to the controller
        workeroutput["finding_codes"] = sorted(PRODUCED)
        workeroutput["deselected"] = bool(DESELECTED)
        return
    if not _full_run(config) or exitstatus != 0:
        return
    missing = sorted(set(CODES) - PRODUCED)
    if missing:
        reporter = config.pluginmanager.get_plugin("terminalreporter")
        if reporter is not None:
            reporter.ensure_newline()
            reporter.write_line(f"finding codes no test produced: {', '.join(missing)}", red=True)
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


def pytest_testnodedown(node, error) -> None:  # type: ignore[no-untyped-def]
    """xdist controller: collect a finished worker's codes (and whether it left tests out)."""
    output = getattr(node, "workeroutput", {})
    PRODUCED.update(output.get("finding_codes", []))
    if output.get("deselected"):
        DESELECTED.append(True)


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
