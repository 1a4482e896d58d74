"""The merged, validated ruleset kept on disk between runs, keyed by what it was made from.

Parsing the eight shipped TOML layers, merging them and validating the result is
most of what a new process spends before it can judge a roster. The result is a
frozen :class:`~horizon_builder.rules.models.Ruleset`, so it is kept once as JSON and
read back by every later process whose key matches: the package version, every layer's
path and SHA-256, the layers' roles, and the size and time of the rules modules (a
changed model never reads an older file). A load that fails is never stored: errors are
always found and located afresh.

It is data, never code (it was a pickle: anyone who could write the folder ran code as
the user). It is read by pydantic-core's JSON reader and built into the models by their own field types
(:func:`_builder`), without pydantic's validation, whose first use costs a new process
a tenth of a second, the time the cache saves; so the file carries the SHA-256 of its
ruleset, and is stored only when it reads back as the very same ruleset. A file that is
not one of ours is not used; one of the right shape with other values makes a wrong
ruleset, as anyone who can write the folder could make by writing the user's rulebook.

The folder is ``$HORIZON_BUILDER_CACHE_DIR`` (empty: no disk cache), else the user's cache
folder (:func:`~horizon_builder.files.resources.cache_dir`). It keeps the :data:`KEEP`
rulesets used last (each read or write touches its file); older ones are removed. Anything
wrong with it (unwritable, a damaged file) only means the ruleset is loaded the ordinary way.
"""

from __future__ import annotations

import contextlib
import copy
import hashlib
import os
import tempfile
import types
import typing
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

from pydantic import BaseModel
from pydantic_core import from_json

from horizon_builder.files.resources import cache_dir, keep_newest
from horizon_builder.files.tomlfile import read_regular_file
from horizon_builder.rules.models import Ruleset

_RULES_CODE = Path(__file__).resolve().parent
#: Rulesets kept (each distinct set of layers is one: the shipped, with a rulebook, with
#: an event's preset, with a roster's house rules ...).
KEEP = 8
_PATTERN = "ruleset-*.json"

#: far above any merged ruleset's JSON (about 100 kB): a larger file is not ours
_MAX_BYTES = 16 * 1024 * 1024


def _file(key: object) -> Path | None:
    folder = cache_dir()
    if folder is None:
        return None
    code = sorted((p.name, st.st_size, st.st_mtime_ns)
                  for p in _RULES_CODE.glob("*.py") for st in [p.stat()])
    digest = hashlib.sha256(repr((key, code)).encode()).hexdigest()[:32]
    return folder / f"ruleset-{digest}.json"


def read(key: object) -> tuple[Ruleset, bytes] | None:
    """The ruleset stored for ``key`` and the JSON it was read from, or None."""
    with contextlib.suppress(Exception):  # a missing or damaged file: load it afresh
        path = _file(key)
        if path is not None and path.is_file():  # read with a cap (a pipe or device never)
            data = read_regular_file(path, limit=_MAX_BYTES)
            ruleset = loads(data)
            if ruleset is not None:
                with contextlib.suppress(OSError):
                    os.utime(path)  # used last: kept longest
                return ruleset, data
    return None


def dumps(ruleset: Ruleset) -> bytes:
    """The file's bytes: the ruleset as JSON (every field: no default is made again), and
    its SHA-256."""
    body = ruleset.model_dump_json()
    digest = hashlib.sha256(body.encode("utf-8")).hexdigest()
    return f'{{"sha256":"{digest}","ruleset":{body}}}'.encode()


def loads(data: bytes) -> Ruleset | None:
    """The ruleset of a file :func:`dumps` wrote, or None for anything else."""
    text = data.decode("utf-8")
    head = '{"sha256":"'
    body = text[len(head) + 64 + len('","ruleset":'):-1]
    if not text.startswith(head) or hashlib.sha256(body.encode("utf-8")).hexdigest() \
            != text[len(head):len(head) + 64]:
        return None
    ruleset = _model_builder(Ruleset)(from_json(body))  # (``json`` is not imported for check)
    return ruleset if isinstance(ruleset, Ruleset) else None


@cache
def _builder(annotation: Any) -> Callable[[Any], Any] | None:
    """How to make a value of ``annotation`` from its JSON (a model from its fields, a
    tuple from a list, an int key from its string; None: as JSON has it), trusting its
    shape: the file's digest and the check before it is stored are what stand behind it."""
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return _model_builder(annotation)
    origin, args = typing.get_origin(annotation), typing.get_args(annotation)
    if origin is typing.Annotated:
        return _builder(args[0])
    if origin in (typing.Union, types.UnionType):
        arms = [a for a in args if a is not type(None)]
        inner = _builder(arms[0]) if len(arms) == 1 else None
        if inner is None:
            return None
        return lambda value: None if value is None else inner(value)
    if origin is dict:
        key, item = _key_builder(args[0]), _builder(args[1])
        if key is None and item is None:
            return None
        keys, items = key or _same, item or _same
        return lambda value: {keys(k): items(v) for k, v in value.items()}
    if origin is list:
        item = _builder(args[0])
        return None if item is None else (lambda value: [item(v) for v in value])
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            each = _builder(args[0]) or _same
            return lambda value: tuple(each(v) for v in value)
        members = [_builder(a) or _same for a in args]
        return lambda value: tuple(build(v) for build, v in zip(members, value, strict=True))
    return None


def _key_builder(annotation: Any) -> Callable[[Any], Any] | None:
    """A dict key from JSON (always a string there): an int key made an int again."""
    while typing.get_origin(annotation) is typing.Annotated:
        annotation = typing.get_args(annotation)[0]
    return int if annotation is int else None


def _model_builder(model: type[BaseModel]) -> Callable[[Any], Any]:
    built = [(name, build) for name, field in model.model_fields.items()
             if (build := _builder(typing.cast(Any, field.annotation))) is not None]
    private = dict(model.__private_attributes__)

    def build_model(value: dict[str, Any]) -> BaseModel:
        # what unpickling a model does (BaseModel.__setstate__), its fields built first
        made = model.__new__(model)
        fields = dict(value)
        for name, build in built:
            if name in fields:
                fields[name] = build(fields[name])
        _set(made, "__dict__", fields)
        _set(made, "__pydantic_fields_set__", set(value))
        _set(made, "__pydantic_extra__", None)
        _set(made, "__pydantic_private__", {name: _private_default(attr)
                                             for name, attr in private.items()} or None)
        return made
    return build_model


_set = object.__setattr__


def _private_default(attr: Any) -> Any:
    """A private attribute's default, as a new model gets it (no factory needs any data)."""
    factory = getattr(attr, "default_factory", None)
    return factory() if factory is not None else copy.deepcopy(attr.default)


def _same(value: Any) -> Any:
    return value


def write(key: object, ruleset: Ruleset) -> None:
    """Store a ruleset for ``key`` (atomically; silently not at all if that fails, or if
    it would not read back as the same ruleset), then remove all but the newest :data:`KEEP`."""
    with contextlib.suppress(Exception):
        path = _file(key)
        if path is None:
            return
        data = dumps(ruleset)
        if loads(data) != ruleset:
            return
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".ruleset-", suffix=".tmp")
        try:
            with os.fdopen(fd, "wb") as out:
                out.write(data)
            os.replace(tmp, path)
        finally:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
        keep_newest(path.parent, _PATTERN, KEEP)
        # the pickles of earlier versions (read by nothing now)
        keep_newest(path.parent, "ruleset-*.pickle", 0)
