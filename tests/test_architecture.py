"""The shape of the code: the core never reaches the UI, and no module grows into a grab-bag.

The core is every module of ``horizon_builder`` but ``tui`` and ``cli``: the rules
models and loader, the roster, the engine, the checks, the editing helpers, the
session and the exports. It must work (and be tested) without a terminal, so
importing it loads neither Textual nor Rich.
"""

from __future__ import annotations

import ast
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


def _module_of(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _imported(tree: ast.AST, module: str, is_package: bool, known: set[str]) -> set[str]:
    """The package's modules that ``module`` imports anywhere in its body (top level, inside
    functions and classes alike), leaving out the ``if TYPE_CHECKING:`` blocks, which never run.

    ``from a.b import c`` points at the module ``a.b.c`` when there is one, else at ``a.b``.
    Importing ``a.b.c`` also runs the packages ``a`` and ``a.b``; those implied edges are left
    out (a package may gather its own modules in its ``__init__``)."""
    found: set[str] = set()
    base = module.split(".") if is_package else module.split(".")[:-1]

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            parent = base[:len(base) - node.level + 1] if node.level else []
            source = ".".join([*parent, *([node.module] if node.module else [])])
            for alias in node.names:
                name = f"{source}.{alias.name}"
                found.add(name if name in known else source)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    return {name for name in found if name in known and name != module}


def _import_graph() -> dict[str, set[str]]:
    paths = {_module_of(path): path for path in PACKAGE.rglob("*.py")}
    known = set(paths)
    return {module: _imported(ast.parse(path.read_text()), module, path.name == "__init__.py",
                              known)
            for module, path in paths.items()}


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, targets = work[-1]
            for target in targets:
                if target not in index:
                    index[target] = low[target] = len(index)
                    stack.append(target)
                    on_stack.add(target)
                    work.append((target, iter(sorted(graph[target]))))
                    break
                if target in on_stack:
                    low[node] = min(low[node], index[target])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    if len(component) > 1:
                        found.append(sorted(component))
    return found


def test_the_cycle_finder_finds_a_cycle_through_a_deferred_import() -> None:
    known = {"p", "p.a", "p.b", "p.c"}
    graph = {
        "p.a": _imported(ast.parse("from p import b\n"), "p.a", False, known),
        "p.b": _imported(ast.parse("def f():\n    from .c import g\n"), "p.b", False, known),
        "p.c": _imported(ast.parse("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
                                   "    import p.b\nelse:\n    import p.a\n"), "p.c", False, known),
        "p": set(),
    }
    assert graph["p.b"] == {"p.c"} and graph["p.c"] == {"p.a"}
    assert _cycles(graph) == [["p.a", "p.b", "p.c"]]
    graph["p.c"] = _imported(ast.parse("if TYPE_CHECKING:\n    import p.a\n"), "p.c", False, known)
    assert _cycles(graph) == []


def test_no_import_cycles() -> None:
    """No module of the package imports, however indirectly, one that imports it back, counting
    imports deferred into functions (they run too) but not ``if TYPE_CHECKING:`` ones."""
    cycles = _cycles(_import_graph())
    assert cycles == [], "import cycles:\n" + "\n".join(" <-> ".join(c) for c in cycles)


def _imports_anywhere(tree: ast.AST) -> set[str]:
    """Every module an ``import`` or ``from ... import`` names, ``TYPE_CHECKING`` blocks too."""
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return found


def test_screens_never_import_the_app() -> None:
    """Screens, dialogs and widgets ask the app through ``SessionApp`` (tui/screens/base.py),
    a Protocol the app meets, and never import ``tui.app``, not even for its type."""
    offenders = [path.relative_to(PACKAGE).as_posix()
                 for folder in ("screens", "dialogs", "widgets")
                 for path in (PACKAGE / "tui" / folder).rglob("*.py")
                 if "horizon_builder.tui.app" in _imports_anywhere(ast.parse(path.read_text()))]
    assert offenders == []
