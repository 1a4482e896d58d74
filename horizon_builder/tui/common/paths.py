"""Small path helpers of the app shell (kept apart so the shell stays short)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from horizon_builder.files.problems import Problem
from horizon_builder.files.served import outside_root, served_root

if TYPE_CHECKING:
    from textual.app import App

    from horizon_builder.session.core import Session


def visitor_root(app: App[Any]) -> Path | None:
    """The folder a visitor of the served app is confined to; None when the app runs in
    a terminal. Served by ``horizon-builder serve`` (its ``--root``), or by any other web
    driver (then the working folder)."""
    root = served_root()
    if root is None and app.is_web:
        root = Path.cwd().resolve()
    return root


def refused_to_visitor(app: App[Any], path: Path | str) -> str | None:
    """Why the served app's visitor may not open or write ``path`` (None: they may)."""
    return outside_root(path, visitor_root(app))


def write_or_deliver(app: App[Any], path: Path, text: str, what: str) -> str:
    """Write ``text`` to ``path`` (atomically), or, served, send it to the visitor's browser
    as a download of that name instead of the host's disk. Returns what was done, to say."""
    if visitor_root(app) is None:
        from horizon_builder.files.tomlfile import write_text_atomic

        write_text_atomic(path, text)
        return f"Wrote {what} to {path}"
    import io

    app.deliver_text(io.StringIO(text), save_filename=path.name, encoding="utf-8")
    return f"Sent {what} to your browser as {path.name} (your downloads)"


def write_and_say(app: App[Any], path: Path, text: str, what: str) -> None:
    """:func:`write_or_deliver`, and say what was done; a file that cannot be written
    (read-only, a FIFO, a full disk) is said as ``-o`` says it, never a traceback."""
    from horizon_builder.text.safetext import printable

    try:
        done = write_or_deliver(app, path, text, what)
    except OSError as exc:
        app.notify(printable(f"{path}: cannot write: {exc.strerror or exc}"),
                   title="Not written", severity="error", timeout=8, markup=False)
        return
    app.notify(done, timeout=3)


def refuse_outside(app: App[Any], path: Path, title: str) -> bool:
    """Served, ``path`` outside the served folder: say so (``title``) and return True."""
    outside = refused_to_visitor(app, path)
    if outside is not None:
        app.notify(outside, title=title, severity="error")
    return outside is not None


def only_in(problems: list[Problem], files: Sequence[str]) -> bool:
    """True when every problem is in one of ``files``."""
    wanted = {Path(f).resolve() for f in files}
    return all(Path(p.path).resolve() in wanted for p in problems)


def exists(path: Path) -> bool:
    """True unless the path surely names nothing (a name the system refuses is opened, to say why)."""
    try:
        return path.exists()
    except (OSError, ValueError):
        return True


def display_path(path: Path) -> str:
    """A path relative to the working folder when it is inside it."""
    try:
        return str(path.resolve().relative_to(Path.cwd()))
    except ValueError:
        return str(path)


def keep_overrides_reachable(session: Session, target: Path) -> None:
    """Saving to another folder: a relative overrides path would point elsewhere, so the
    saved file would not open. Store the overrides file's full path instead (undoable)."""
    roster = session.roster
    if not roster.overrides or Path(roster.overrides).expanduser().is_absolute():
        return
    here = session.path.resolve().parent if session.path is not None else Path.cwd()
    if target.resolve().parent == here:
        return
    absolute = (here / Path(roster.overrides).expanduser()).resolve()
    session.commit(roster.model_copy(update={"overrides": str(absolute)}),
                   "keep the overrides file path")
