"""The shape of the code: the core never reaches the UI (the layers themselves are
import-linter's contracts in pyproject.toml, run by tests/test_layers.py).

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
    start before it imports Textual, and that process never imports it (tui/roster/firstview.py)."""
    code = (
        "import horizon_builder.tui.roster.firstview, horizon_builder.tui.roster.homecache\n"
        "from horizon_builder.session.core import Session\n"
        "from horizon_builder.tui.roster.firstview import home_view\n"
        "from horizon_builder.files.resources import examples_dir\n"
        "home_view(Session.open(examples_dir() / 'oth-metaformers.toml'), 100)\n"
    )
    assert _ui_libraries_loaded(code) == [], "the first view must not wait for Textual"


def test_screens_reach_the_session_through_the_typed_contract() -> None:
    """No duck typing between the app and its screens (``getattr(screen, ...)``)."""
    offenders = [path.relative_to(PACKAGE).as_posix() for path in (PACKAGE / "tui").rglob("*.py")
                 if "getattr(screen" in path.read_text() or "getattr(self, \"_" in path.read_text()]
    assert offenders == []


# --- the frameworks' insides: Textual's and Rich's in one module, tomlkit's nowhere ---------
# Textual and Rich may change their private names in any release: only
# tui/common/textual_internals.py may use them (issue 28 item 1), each with its fallback and
# its test (issue 44 item 2), so an upgrade is mended in one place; tomlkit's are used nowhere
# (issue 44 item 1: files/tomlkit_internals.py is gone). An AST walk: imports from a private
# module of a framework (textual.widgets._footer, textual._types ...) or of a private name
# from one, and the private names the app is known to have reached for (overrides and reads).
INTERNALS = {PACKAGE / "tui" / "common" / "textual_internals.py"}
FRAMEWORKS = ("textual", "tomlkit", "rich")
#: Textual's and Rich's private names this project has overridden or read (issues 28, 36 item
#: 11, 44), kept here after their use went, so that none comes back unnoticed.
KNOWN_PRIVATE = {
    "_render_line", "_render_cell", "_update_dimensions", "_clear_caches",
    "_compositor_refresh", "_button", "_pending_message", "_message_queue",
    "_next_callbacks", "_nodes", "_notifications", "_repaint_required",
    "_callbacks", "_bindings_ready", "_parse_action",
    "_divider", "_get_offsets", "_get_styles_to_render_cell", "_header_row_key",
    "_pseudo_class_state", "_refresh_region", "_row_locations", "_scroll_update",
    "_show_hover_cursor", "_update_count", "_require_update_dimensions", "_on_paste",
    "_CONTROL_STRIP_TRANSLATE", "_display", "_compositor", "_styles_cache", "_layout_cache",
    "_dirty_regions",
}
#: tomlkit's private names the project once called (Container's, in files/tomlkit_internals.py)
TOMLKIT_PRIVATE = {"_insert_at", "_insert_after"}


def _private(dotted: str) -> bool:
    return any(part.startswith("_") and not part.startswith("__") for part in dotted.split("."))


def framework_insides(tree: ast.AST, frameworks: tuple[str, ...] = FRAMEWORKS,
                      known: set[str] = KNOWN_PRIVATE | TOMLKIT_PRIVATE) -> list[tuple[int, str]]:
    """(line, what) for each private name of the frameworks that the module uses."""
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            if node.module.split(".")[0] in frameworks:
                if _private(node.module):
                    found.append((node.lineno, f"from {node.module} import ..."))
                found += [(node.lineno, f"from {node.module} import {a.name}")
                          for a in node.names if _private(a.name)]
        elif isinstance(node, ast.Import):
            found += [(node.lineno, f"import {a.name}") for a in node.names
                      if a.name.split(".")[0] in frameworks and _private(a.name)]
        elif isinstance(node, ast.Attribute) and node.attr in known:
            found.append((node.lineno, f".{node.attr}"))
        elif isinstance(node, ast.Constant) and node.value in known:  # getattr(x, "_name")
            found.append((node.lineno, f"{node.value!r}"))
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name in known:
            found.append((node.lineno, f"def {node.name}"))
    return found


def test_framework_insides_only_in_the_internals_module() -> None:
    offenders = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if path in INTERNALS:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        offenders += [f"{path.relative_to(PACKAGE.parent)}:{line}: {what}"
                      for line, what in framework_insides(tree)]
    assert not offenders, "framework insides outside the internals module:\n" + "\n".join(offenders)


def test_no_private_name_of_tomlkit_anywhere() -> None:
    """Not even in the internals module: tomlkit's public API does all the app needs."""
    offenders = []
    for path in sorted(PACKAGE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        offenders += [f"{path.relative_to(PACKAGE.parent)}:{line}: {what}"
                      for line, what in framework_insides(tree, ("tomlkit",), TOMLKIT_PRIVATE)]
    assert not offenders, "tomlkit's private names:\n" + "\n".join(offenders)


def test_the_check_finds_each_kind_of_use() -> None:
    """The walk sees what it guards against (so an empty result above means something)."""
    source = (
        "from textual.widgets._footer import FooterKey\n"
        "from textual._types import SegmentLines\n"
        "import tomlkit._compat\n"
        "from textual.widget import _private_helper\n"
        "class T:\n"
        "    def _render_line(self): return super()._render_line()\n"
        "    def f(self, c): c._insert_after(1, 2, 3); return self._message_queue\n"
        "import rich._loop\n"
        "getattr(rich.control, '_CONTROL_STRIP_TRANSLATE')\n"
    )
    kinds = {what for _, what in framework_insides(ast.parse(source))}
    assert kinds == {
        "from textual.widgets._footer import ...", "from textual._types import ...",
        "import tomlkit._compat", "from textual.widget import _private_helper",
        "def _render_line", "._render_line", "._insert_after", "._message_queue",
        "import rich._loop", "'_CONTROL_STRIP_TRANSLATE'",
    }


def test_the_internals_module_exists_and_holds_the_uses() -> None:
    for path in INTERNALS:
        assert framework_insides(ast.parse(path.read_text(encoding="utf-8"))), path
    assert not (PACKAGE / "files" / "tomlkit_internals.py").exists()


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
    """Screens, dialogs and widgets never import ``tui.app``, not even for its type: they
    read the session (a one-attribute Protocol in tui/common/views.py) and ask for more by
    message (issue 32 item 7). Only the app's own parts, plain objects it holds, name it."""
    offenders = [path.relative_to(PACKAGE).as_posix()
                 for folder in ("common", "roster", "rounds", "event", "rules", "sharing")
                 for path in (PACKAGE / "tui" / folder).rglob("*.py")
                 if "horizon_builder.tui.app" in _imports_anywhere(ast.parse(path.read_text()))]
    # the kept home view, the roster's files, the autosave offer: parts of the app
    assert sorted(offenders) == ["tui/roster/homeview.py", "tui/sharing/files.py",
                                 "tui/sharing/recovery.py"]


def test_the_app_is_one_class_of_its_parts() -> None:
    """No mixins: the app class derives from Textual's App alone, and what it holds are
    plain objects (issue 32 item 7); beside the guard every class of the app with handlers
    derives from (issue 44 item 3: no error ends the app, tui/common/guard.py)."""
    from textual.app import App

    from horizon_builder.tui.app import HorizonApp
    from horizon_builder.tui.common.guard import Guarded

    assert HorizonApp.__bases__ == (Guarded, App)


def test_package_faces_export_only_public_names() -> None:
    """A package's ``__init__`` re-exports only its public API (issue 28 item 4): a private
    helper stays in its module, where its callers inside the package import it."""
    offenders = []
    for init in sorted(PACKAGE.rglob("__init__.py")):
        for node in ast.walk(ast.parse(init.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                offenders += [f"{init.relative_to(PACKAGE)}: {alias.name}" for alias in node.names
                              if alias.name.startswith("_") and not alias.name.startswith("__")]
    assert offenders == []


def test_package_root_holds_only_packages() -> None:
    """The top level reads as the architecture (issue 28 item 4): beside the packages only the
    package's own ``__init__`` and ``__main__``."""
    loose = sorted(p.name for p in PACKAGE.glob("*.py") if p.name not in {"__init__.py", "__main__.py"})
    assert loose == []


def _dict_writes(tree: ast.AST) -> list[int]:
    """Lines that write into an object's ``__dict__`` behind its back: ``x.__dict__[k] = v``
    (or ``del``), ``x.__dict__.setdefault(...)``, ``.update``, ``.pop`` ..."""
    lines = []
    for node in ast.walk(tree):
        written = None  # what is written into, when it is an attribute
        if isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Store | ast.Del):
            written = node.value
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                and node.func.attr in {"setdefault", "update", "pop", "clear", "__setitem__"}:
            written = node.func.value
        if isinstance(written, ast.Attribute) and written.attr == "__dict__":
            lines.append(node.lineno)
    return lines


def test_the_check_finds_writes_into_a_dict_behind_an_objects_back() -> None:
    code = ("a.__dict__['x'] = 1\nb = a.__dict__.get('x')\ninfo.__dict__.setdefault('y', {})\n"
            "del c.__dict__['z']\nd['__dict__'] = 2\n")
    assert _dict_writes(ast.parse(code)) == [1, 3, 4]


def test_the_core_writes_nothing_into_a_models_dict() -> None:
    """What is derived from a frozen model, an element's info or a finding is kept in the
    validator's reuse (engine/incremental.py, keyed by identity), never stashed in the
    object's ``__dict__`` (issue 28 item 3). (The UI's widgets are no models: not looked at.)"""
    offenders = [f"{path.relative_to(PACKAGE).as_posix()}:{line}"
                 for path in sorted(PACKAGE.rglob("*.py"))
                 if not path.relative_to(PACKAGE).as_posix().startswith(("tui/", "cli/"))
                 for line in _dict_writes(ast.parse(path.read_text(encoding="utf-8")))]
    assert offenders == []
