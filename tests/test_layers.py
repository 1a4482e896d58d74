"""The core never reaches up into the command line or the app: rules, roster, engine,
checks, editing and export import neither ``horizon_builder.cli`` nor ``horizon_builder.tui``
(the verdict's words live in the engine, used by both the CLI and the exports)."""

from __future__ import annotations

import ast
from pathlib import Path

import horizon_builder

PACKAGE = Path(horizon_builder.__file__).resolve().parent
UPPER = ("horizon_builder.cli", "horizon_builder.tui")


def _imports(path: Path) -> set[str]:
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            out.add(node.module)
        elif isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
    return out


def test_core_never_imports_the_cli_or_the_app() -> None:
    offenders = []
    for path in sorted(PACKAGE.rglob("*.py")):
        part = path.relative_to(PACKAGE).parts[0]
        if part in ("cli", "tui", "__main__.py"):
            continue
        for module in _imports(path):
            if module.startswith(UPPER):
                offenders.append(f"{path.relative_to(PACKAGE)} imports {module}")
    assert offenders == []


def test_plural_has_one_definition() -> None:
    """One ``plural`` (text/words.py, with the articles: issue 24 item 11) for messages, reports,
    exports and the app; engine/findings.py imports it."""
    defined = [str(path.relative_to(PACKAGE)) for path in PACKAGE.rglob("*.py")
               for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
               if isinstance(node, ast.FunctionDef) and node.name == "plural"]
    assert defined == ["text/words.py"]
