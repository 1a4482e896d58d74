"""Hostile files *beside* a roster (issue 25): preferences, your rulebook, autosaves, event
files and the recent list, generated from a seed, and the properties each must keep.

Shared by the property tests (``tests/test_fuzz_side_files.py``) and ``scripts/fuzz.py``.
Each case writes one file where the app looks for it (a config and a data folder of its
own), broken the ways :mod:`fuzzing` breaks rosters, or replaced by what is not a file
at all: a FIFO, a link to ``/dev/zero``, a folder, a file over the size cap, a BOM, deep
nesting, dates at the edge of the range, names too long to check.

The properties: reading never raises anything but a located :class:`LoadError` (where a
caller is told of problems), never blocks and never reads past the cap; a bad file is
named in the message about it; the command line exits 0, 1 or 2, never a traceback.
"""

from __future__ import annotations

import contextlib
import os
import random
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import tomli_w
from fuzzing import (
    FILE_LEVEL,
    HOSTILE_STRINGS,
    Failure,
    check_cli,
    hostile_file,
    override_file,
    roster_seeds,
)

from horizon_builder.files.problems import LoadError, Problem
from horizon_builder.files.resources import example_rosters

KINDS = ("prefs", "rulebook", "autosave", "event", "recent")
EDGE_TIMES = [
    datetime(9999, 12, 31, 23, 59, 59, tzinfo=timezone(-timedelta(hours=23, minutes=59))),
    datetime(1, 1, 1, 0, 0, 0, tzinfo=timezone(timedelta(hours=23, minutes=59))),
    datetime(9999, 12, 31, 23, 59, 59), datetime(1, 1, 1), datetime(2026, 11, 25, tzinfo=UTC),
]
EXAMPLE = "hvy-cav-battlegroup.toml"


def example_path() -> Path:
    return next(p for p in example_rosters() if p.name == EXAMPLE)


def hostile_paths(rng: random.Random) -> list[Any]:
    """What a recent list may hold: names too long, NULs, folders, real files, not strings."""
    pool: list[Any] = [*HOSTILE_STRINGS, "x" * 5000, "/" + "d/" * 3000 + "r.toml", "a\x00b",
                       "/proc/self/mem", "/dev/zero", "/", str(example_path()), 7, [], {"x": 1}]
    return [rng.choice(pool) for _ in range(rng.randint(0, 12))]


def seed(kind: str, rng: random.Random) -> dict[str, Any]:
    if kind == "prefs":
        return {"theme": rng.choice(["textual-dark", "textual-light", "gone-theme", ""]),
                "export_format": rng.choice(["text", "html", "nope"]),
                "recent": [str(example_path())]}
    if kind == "recent":
        return {"recent": hostile_paths(rng)}
    if kind == "autosave":
        header: dict[str, Any] = {"format": 1, "saved_at": rng.choice(EDGE_TIMES)}
        if rng.random() < 0.7:
            header["roster_file"] = rng.choice([str(example_path()), "/nowhere/r.toml", "x" * 5000])
        return {"autosave": header, "roster": rng.choice(roster_seeds())}
    if kind == "event":
        return {"name": "Club", "preset": rng.choice(["oth-tournament", "competitive", "nope"]),
                "commanders": [{"name": n, "list": f"{n}.toml"}
                               for n in "ABCD"[:rng.randint(0, 4)]]}
    raise ValueError(kind)


def side_file(rng: random.Random, kind: str) -> bytes:
    """One generated file of ``kind``: valid-but-odd, broken, damaged or junk."""
    if kind == "rulebook":
        return override_file(rng)
    data = seed(kind, rng)
    if rng.random() < 0.35:  # whole and valid TOML: the values are what is hostile
        try:
            return tomli_w.dumps(data).encode("utf-8")
        except (TypeError, ValueError):
            return b"x = 1\n"
    return hostile_file(rng, [data])


SPECIAL = ("fifo", "dev-zero", "folder", "too-large", "bom", "deep", "dangling")


def place(path: Path, rng: random.Random, kind: str) -> str:
    """Write a generated file at ``path``; one case in five is not a plain file at all."""
    path.parent.mkdir(parents=True, exist_ok=True)
    special = rng.choice(SPECIAL) if rng.random() < 0.2 else None
    if special == "fifo" and hasattr(os, "mkfifo"):
        os.mkfifo(path)
    elif special == "dev-zero" and Path("/dev/zero").exists():
        path.symlink_to("/dev/zero")
    elif special == "folder":
        path.mkdir()
    elif special == "too-large":
        with path.open("wb") as out:
            out.truncate(6 * 1024 * 1024)
    elif special == "bom":
        path.write_bytes(b"\xef\xbb\xbf" + side_file(rng, kind))
    elif special == "deep":
        depth = rng.randint(200, 3000)
        path.write_bytes(b"x = " + b"[" * depth + b"]" * depth + b"\n")
    elif special == "dangling":
        path.symlink_to(path.parent / "nowhere.toml")
    else:
        path.write_bytes(side_file(rng, kind))
        special = "file"
    return special or "file"


@contextlib.contextmanager
def folders(root: Path) -> Iterator[tuple[Path, Path]]:
    """The app's config and data folders under ``root`` for the time of one case."""
    config, data = root / "config", root / "data"
    names = ("HORIZON_BUILDER_CONFIG_DIR", "HORIZON_BUILDER_DATA_DIR")
    before = {name: os.environ.get(name) for name in names}
    os.environ["HORIZON_BUILDER_CONFIG_DIR"] = str(config)
    os.environ["HORIZON_BUILDER_DATA_DIR"] = str(data)
    try:
        yield config, data
    finally:
        for name, value in before.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value


def target(kind: str, root: Path) -> Path:
    """Where the app looks for a file of ``kind`` (in the folders of :func:`folders`)."""
    return {"prefs": root / "config" / "prefs.toml", "recent": root / "config" / "prefs.toml",
            "rulebook": root / "config" / "my-rules.toml",
            "autosave": root / "data" / "autosave" / "r-0123456789abcdef.toml",
            "event": root / "event.toml"}[kind]


def _located(problems: list[Problem], name: str) -> None:
    for problem in problems:
        if problem.line is None and problem.key is None and \
                not any(part in problem.message for part in FILE_LEVEL):
            raise Failure(f"unlocated problem: {problem}")
        if Path(problem.path).name != name and "rulesets" not in problem.path:
            raise Failure(f"problem blamed on {problem.path}, not {name}: {problem}")


def check_side(kind: str, root: Path) -> str:
    """Read the file the way the app does; "read" or "refused"; raises on a broken property."""
    from horizon_builder.event.io import load_event
    from horizon_builder.roster.io import load
    from horizon_builder.userfiles import prefs
    from horizon_builder.userfiles.autosave import AutosaveStore

    file = target(kind, root)
    if kind in ("prefs", "recent"):
        prefs.load_prefs()
        for key, default in (("theme", "textual-dark"), ("export_format", "text"), ("recent", [])):
            if not isinstance(prefs.pref(key, default), type(default)):
                raise Failure(f"pref {key} is not a {type(default).__name__}")
        recent = prefs.recent_rosters()
        if len(recent) > prefs.RECENT or not all(p.is_file() for p in recent):
            raise Failure("the recent list holds more than it may, or a missing file")
        messages = prefs.take_problems()
        if any(file.name not in message for message in messages):
            raise Failure(f"a message does not name {file.name}: {messages}")
        return "refused" if messages else "read"
    if kind == "rulebook":
        loaded = load(example_path())
        _located(loaded.personal_problems, file.name)
        check_cli(["check", str(example_path())])
        return "refused" if loaded.personal_problems else "read"
    if kind == "autosave":
        entries, messages = AutosaveStore(file.parent).entries()
        for entry in entries:
            _ = (entry.when, entry.label)
        if any(file.name not in message for message in messages):
            raise Failure(f"a message does not name {file.name}: {messages}")
        return "refused" if messages else "read"
    for name in "ABCD":
        (root / f"{name}.toml").write_bytes(example_path().read_bytes())
    try:
        load_event(file)
    except LoadError as exc:
        _located(exc.problems, file.name)
        outcome = "refused"
    else:
        outcome = "read"
    for args in (["event", "standings", str(file)], ["event", "pair", str(file)]):
        check_cli(args)
    return outcome


def run_side_case(root: Path, rng: random.Random, kind: str,
                  record: Callable[[str], None] = lambda _outcome: None) -> None:
    """One generated case of ``kind`` (see :data:`KINDS`) in the empty folder ``root``."""
    with folders(root):
        placed = place(target(kind, root), rng, kind)
        record(f"{placed} {check_side(kind, root)}")
