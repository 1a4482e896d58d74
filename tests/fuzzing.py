"""Hostile roster and ruleset files, generated from a seed, and the properties every one must keep.

Shared by the property tests (``tests/test_fuzz.py``, a small count under hypothesis)
and ``scripts/fuzz.py`` (the full count). Each file starts from a shipped example
or ruleset layer and is broken one or more ways: wrong types, huge and negative
numbers, booleans, unicode and control characters, markup, deep nesting,
duplicate ids, deleted keys, byte-level damage, binary junk, empty files.

The properties: loading succeeds or every problem is located (file, and a line or
key, or a message about the whole file); validation never raises on what loaded;
every export renders and text/markdown carry no control character; the command
line exits 0, 1 or 2 and never prints a traceback.
"""

from __future__ import annotations

import contextlib
import copy
import io
import random
import tomllib
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path
from typing import Any

import tomli_w

from horizon_builder.checks import validate
from horizon_builder.cli.main import main
from horizon_builder.export import FORMATS, render
from horizon_builder.files.problems import LoadError
from horizon_builder.files.resources import example_rosters
from horizon_builder.roster.io import load
from horizon_builder.rules.loader import base_layer_paths
from horizon_builder.text.safetext import is_printable

HOSTILE_STRINGS = [
    "", " ", "[/]", "[link=https://x.example]x[/link]", "[bold]", "<script>alert(1)</script>",
    "\x1b]0;pwned\x07", "\x1b[2J", "\u202eevil", "\x9b31m", "line\nverdict: LEGAL", "\r\x08\x00",
    "Ünïcødé 🚀", "\ud7ff\ue000", "x" * 300, '"quoted" \\ back', "# not a comment", "a.b.c",
]
HOSTILE_NUMBERS = [0, -1, 1, 2**31, 2**63 - 1, -(2**63), 10**6, 40, 41, 999]
HOSTILE_VALUES: list[Any] = [
    *HOSTILE_STRINGS, *HOSTILE_NUMBERS, True, False, 1.5, float("inf"), float("nan"), [], {},
    [1, "a"], {"x": 1}, [[[[1]]]], {"id": "x"},
]
#: problems about a whole file carry neither line nor key
FILE_LEVEL = ("file not found", "is a folder", "not a regular file", "too large", "not UTF-8",
              "file is empty", "file has no settings", "cannot read", "not a ruleset file",
              "no ruleset files found")


@lru_cache(maxsize=1)
def roster_seeds() -> list[dict[str, Any]]:
    return [tomllib.loads(p.read_text(encoding="utf-8")) for p in example_rosters()]


@lru_cache(maxsize=1)
def ruleset_seeds() -> list[dict[str, Any]]:
    return [tomllib.loads(p.read_text(encoding="utf-8")) for p in base_layer_paths()]


def _paths(data: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix] if prefix else []
    if isinstance(data, dict):
        for key, value in data.items():
            out += _paths(value, (*prefix, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            out += _paths(value, (*prefix, index))
    return out


def _set(data: Any, path: tuple[Any, ...], value: Any) -> None:
    for part in path[:-1]:
        data = data[part]
    data[path[-1]] = value


def _delete(data: Any, path: tuple[Any, ...]) -> None:
    for part in path[:-1]:
        data = data[part]
    del data[path[-1]]


def _copy(data: Any) -> Any:
    return tomllib.loads(tomli_w.dumps(data))


def _structural(rng: random.Random, data: dict[str, Any]) -> bytes:
    data = _copy(data)
    for _ in range(rng.randint(1, 4)):
        paths = _paths(data)
        if not paths:
            break
        path = rng.choice(paths)
        action = rng.random()
        with contextlib.suppress(KeyError, IndexError, TypeError):
            if action < 0.6:  # a copy: a later change inside it must not reach HOSTILE_VALUES
                _set(data, path, copy.deepcopy(rng.choice(HOSTILE_VALUES)))
            elif action < 0.8:
                _delete(data, path)
            else:
                _set(data, path, _deep(rng.randint(5, 60)))
    elements = data.get("elements")
    if isinstance(elements, list) and len(elements) > 1 and rng.random() < 0.2:
        first, second = rng.sample(range(len(elements)), 2)
        if isinstance(elements[first], dict) and isinstance(elements[second], dict):
            elements[second]["id"] = elements[first].get("id", "e1")
    try:
        return tomli_w.dumps(data).encode("utf-8")
    except (TypeError, ValueError, UnicodeEncodeError):  # nan keys, lone surrogates ...
        return tomli_w.dumps({"name": "fallback"}).encode("utf-8")


def _renamed(rng: random.Random, data: dict[str, Any]) -> bytes:
    """A valid file whose names and notes are hostile strings (what loads must export safely)."""
    data = _copy(data)
    for path in _paths(data):
        if path[-1] in ("name", "notes", "event") and rng.random() < 0.5:
            value = "".join(rng.choice(HOSTILE_STRINGS[1:]) for _ in range(rng.randint(1, 3)))[:120]
            _set(data, path, value)
    try:
        return tomli_w.dumps(data).encode("utf-8")
    except (TypeError, ValueError, UnicodeEncodeError):
        return tomli_w.dumps({"name": "fallback"}).encode("utf-8")


def _deep(depth: int) -> Any:
    value: Any = 1
    for _ in range(depth):
        value = [value]
    return value


def _costly_shape(rng: random.Random, raw: bytes) -> bytes:
    """A file with a shape that costs a TOML parser the square of its size (issue 36 item 1):
    a long dotted key, a deep header, many keys of many parts, many tables, dotted keys in
    nested inline tables, a long run of escapes; before, in or after the file's own text."""
    parts = rng.choice([31, 32, 33, 600, 20_000])
    key = ".".join(rng.choice(["a", '"q.t"', "'l'", "elements"]) for _ in range(parts)).encode()
    shape = rng.choice([
        key + b" = 1\n",
        b"[" + key + b"]\nk = 1\n",
        b"".join(b"%s.k%d = 1\n" % (b".".join([b"a"] * 31), i) for i in range(rng.randint(10, 3000))),
        b"".join(b"[t%d]\nx = 1\n" % i for i in range(rng.randint(10, 40_000))),
        b"x = " + b"{ a.a.a.a.a.a.a.a.a.a = " * 30 + b"1" + b" }" * 30 + b"\n",
        b'notes = "' + b"\\u0041" * rng.randint(10, 40_000) + b'"\n',
    ])
    lines = raw.split(b"\n")
    at = rng.choice([0, len(lines) // 2, len(lines)])
    return b"\n".join([*lines[:at], shape, *lines[at:]])


def _bytes_damage(rng: random.Random, raw: bytes) -> bytes:
    raw = bytearray(raw)
    for _ in range(rng.randint(1, 8)):
        if not raw:
            break
        at = rng.randrange(len(raw))
        action = rng.random()
        if action < 0.3:
            del raw[at:at + rng.randint(1, 20)]
        elif action < 0.6:
            raw[at:at] = rng.choice([b"[", b"{", b'"', b"'''", b'"""', b"=", b"\n", b"\x00", b"\xff",
                                     b"[[", b"]]", b'"" = 1\n', b"\x1b"])
        else:
            raw[at] = rng.randrange(256)
    return bytes(raw)


def hostile_file(rng: random.Random, seeds: list[dict[str, Any]]) -> bytes:
    """One generated file: valid-but-odd, structurally broken, damaged or junk."""
    seed = rng.choice(seeds)
    mode = rng.random()
    if mode < 0.05:
        return rng.choice([b"", b"   \n", b"\n\n# only a comment\n"])
    if mode < 0.10:
        return bytes(rng.randrange(256) for _ in range(rng.randint(1, 400)))
    if mode < 0.13:
        depth = rng.randint(100, 3000)
        return b"x = " + b"[" * depth + b"]" * depth + b"\n"
    if mode < 0.18:
        return _costly_shape(rng, tomli_w.dumps(seed).encode("utf-8"))
    if mode < 0.30:
        return _renamed(rng, seed)
    if mode < 0.75:
        return _structural(rng, seed)
    return _bytes_damage(rng, tomli_w.dumps(seed).encode("utf-8"))


def override_file(rng: random.Random) -> bytes:
    """A ruleset overrides layer: a few sections of a shipped layer, then broken."""
    seed = rng.choice(ruleset_seeds())
    sections = [k for k in seed if k != "ruleset"]
    picked = {k: seed[k] for k in rng.sample(sections, min(len(sections), rng.randint(1, 3)))}
    if rng.random() < 0.3:
        picked["ruleset"] = {"supplement": rng.choice(["x", "weird", 1])}
    return hostile_file(rng, [picked])


class Failure(Exception):
    """A property did not hold (a crash, an unlocated problem, a raw control character)."""


def check_loaded(path: Path, overrides: list[Path]) -> str:
    """Load, validate and export; returns "loaded" or "refused"; raises on any broken property."""
    try:
        loaded = load(path, extra_overrides=list(overrides))
    except LoadError as exc:
        for problem in exc.problems:
            if problem.line is None and problem.key is None and \
                    not any(part in problem.message for part in FILE_LEVEL):
                raise Failure(f"unlocated problem: {problem}") from None
        return "refused"
    report = validate(loaded.roster, loaded.ruleset)
    for fmt in FORMATS:
        text = render(report, fmt)
        if fmt in ("text", "markdown") and not is_printable(text, multiline=True):
            raise Failure(f"{fmt} export holds a control character")
        if fmt == "html" and "<script>alert" in text:
            raise Failure("html export holds a raw script tag")
    return "loaded"


def check_cli(args: list[str]) -> int:
    """Run the command line in-process; raises when it crashes or prints a traceback."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(args)
    printed = out.getvalue() + err.getvalue()
    if status not in (0, 1, 2) or "Traceback" in printed or "internal error" in printed:
        raise Failure(f"check exited {status}: {err.getvalue()[-500:]}")
    if not is_printable(printed, multiline=True):
        raise Failure("check printed a control character")
    return status


def run_case(folder: Path, rng: random.Random, kind: str,
             record: Callable[[str], None] = lambda _outcome: None) -> None:
    """One generated case: a roster (``kind="roster"``) or an overrides layer (``"ruleset"``)."""
    roster = folder / "roster.toml"
    overrides: list[Path] = []
    if kind == "roster":
        roster.write_bytes(hostile_file(rng, roster_seeds()))
    else:
        roster.write_bytes(tomli_w.dumps(rng.choice(roster_seeds())).encode("utf-8"))
        layer = folder / "house.toml"
        layer.write_bytes(override_file(rng))
        overrides = [layer]
    record(check_loaded(roster, overrides))
    args = ["check", str(roster)]
    for layer in overrides:
        args += ["--ruleset", str(layer)]
    check_cli(args)
