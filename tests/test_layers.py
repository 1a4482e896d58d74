"""The layers of the package, as ``pyproject.toml`` states them ([tool.importlinter]): files,
text < rules < roster < engine < checks < editing < session < export, event, userfiles < tui <
cli, each exception named there with why; and the core (all but tui and cli) imports neither
Textual nor Rich. import-linter checks them here, with its report as the failure message."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
import tomllib
from pathlib import Path

import tomli_w

import horizon_builder

PACKAGE = Path(horizon_builder.__file__).resolve().parent
ROOT = Path(__file__).resolve().parent.parent
PYPROJECT = ROOT / "pyproject.toml"

#: import-linter's own command (lint-imports), run on the project's configuration, its cache off
#: (nothing written into the checkout).
LINT = ("import sys\n"
        "from importlinter.cli import lint_imports\n"
        "sys.exit(lint_imports(config_filename=sys.argv[1], no_cache=True, no_logo=True))\n")


def lint(config: Path) -> subprocess.CompletedProcess[str]:
    # wide enough that no line of the report is wrapped where a test reads it
    return subprocess.run([sys.executable, "-c", LINT, str(config)], capture_output=True,
                          text=True, cwd=ROOT, check=False, env={**os.environ, "COLUMNS": "200"})


def test_the_layers_and_the_core_without_ui_are_kept() -> None:
    result = lint(PYPROJECT)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "2 kept, 0 broken" in result.stdout


def test_the_contracts_name_every_layer_and_explain_each_exception() -> None:
    """The layers are the issue's (issue 32 item 8), and each ignored import has a comment
    above it in pyproject.toml saying why it is there."""
    contracts = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))["tool"]["importlinter"]["contracts"]
    layers = next(c for c in contracts if c["type"] == "layers")
    assert layers["layers"] == ["cli", "tui", "campaign", "export | event | userfiles", "session", "editing",
                                "checks", "engine", "roster", "rules", "files", "text"]
    lines = PYPROJECT.read_text(encoding="utf-8").splitlines()
    for ignored in layers.get("ignore_imports", []):
        at = next(i for i, line in enumerate(lines) if line.strip() == f'"{ignored}",')
        above = lines[at - 1].strip()
        assert above.startswith("#") or above.startswith('"horizon_builder.'), ignored


def test_the_contract_fails_on_an_upward_import(tmp_path: Path) -> None:
    """The check sees what it guards against: with the engine put under the roster, the
    engine's imports of the roster models are upward, and the report names one with its line."""
    data = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))
    layers = next(c for c in data["tool"]["importlinter"]["contracts"] if c["type"] == "layers")
    order = layers["layers"]
    engine, roster = order.index("engine"), order.index("roster")
    order[engine], order[roster] = order[roster], order[engine]
    (tmp_path / "pyproject.toml").write_text(tomli_w.dumps(data), encoding="utf-8")
    result = lint(tmp_path / "pyproject.toml")
    assert result.returncode == 1, result.stdout
    assert "horizon_builder.engine is not allowed to import horizon_builder.roster" in result.stdout
    assert "horizon_builder.engine.analysis -> horizon_builder.roster.models (l." in result.stdout


def test_plural_has_one_definition() -> None:
    """One ``plural`` (text/words.py, with the articles: issue 24 item 11) for messages, reports,
    exports and the app; engine/findings.py imports it."""
    defined = [str(path.relative_to(PACKAGE)) for path in PACKAGE.rglob("*.py")
               for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
               if isinstance(node, ast.FunctionDef) and node.name == "plural"]
    assert defined == ["text/words.py"]
