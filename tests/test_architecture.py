"""The shape of the code: the core never reaches the UI, and no module grows into a grab-bag.

The core is every module of ``horizon_builder`` but ``tui`` and ``cli``: the rules
models and loader, the roster, the engine, the checks, the editing helpers, the
session and the exports. It must work (and be tested) without a terminal, so
importing it loads neither Textual nor Rich.
"""

from __future__ import annotations

import json
import pkgutil
import subprocess
import sys
from pathlib import Path

import horizon_builder

PACKAGE = Path(horizon_builder.__file__).resolve().parent
UI = ("horizon_builder.tui", "horizon_builder.cli")


def _modules() -> list[str]:
    names = ["horizon_builder"]
    for info in pkgutil.walk_packages([str(PACKAGE)], prefix="horizon_builder."):
        names.append(info.name)
    return names


def _ui_libraries_loaded(code: str) -> list[str]:
    """The Textual and Rich modules a fresh interpreter has loaded after running ``code``."""
    script = (
        f"import json, sys\n{code}"
        "print(json.dumps(sorted(m for m in sys.modules\n"
        "                        if m.split('.')[0] in ('textual', 'rich'))))\n"
    )
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                            check=True, cwd=PACKAGE.parent)
    loaded: list[str] = json.loads(result.stdout)
    return loaded


def test_core_imports_neither_textual_nor_rich() -> None:
    core = [m for m in _modules() if not m.startswith(UI) and m != "horizon_builder.__main__"]
    assert "horizon_builder.engine.validator" in core and "horizon_builder.editing" in core
    code = (
        "import importlib\n"
        f"for name in {core!r}:\n"
        "    importlib.import_module(name)\n"
    )
    assert _ui_libraries_loaded(code) == [], "the core must not load the UI libraries"


def test_the_first_view_is_worked_out_without_textual() -> None:
    """The command line looks for a kept home view and starts the second process of a first
    start before it imports Textual, and that process never imports it (tui/firstview.py)."""
    code = (
        "import horizon_builder.tui.firstview, horizon_builder.tui.homecache\n"
        "from horizon_builder.session import Session\n"
        "from horizon_builder.tui.firstview import home_view\n"
        "from horizon_builder.resources import examples_dir\n"
        "home_view(Session.open(examples_dir() / 'oth-metaformers.toml'), 100)\n"
    )
    assert _ui_libraries_loaded(code) == [], "the first view must not wait for Textual"


def test_no_module_over_500_lines() -> None:
    sizes = {path.relative_to(PACKAGE).as_posix(): len(path.read_text().splitlines())
             for path in PACKAGE.rglob("*.py")}
    assert not {name: n for name, n in sizes.items() if n > 500}


def test_screens_reach_the_session_through_the_typed_contract() -> None:
    """No duck typing between the app and its screens (``getattr(screen, ...)``)."""
    offenders = [path.relative_to(PACKAGE).as_posix() for path in (PACKAGE / "tui").rglob("*.py")
                 if "getattr(screen" in path.read_text() or "getattr(self, \"_" in path.read_text()]
    assert offenders == []
