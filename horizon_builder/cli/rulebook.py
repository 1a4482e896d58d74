"""``horizon-builder rules``, run: every value in force with its provenance; share your rulebook.

``rules [--unknown] [--format text|json|toml]`` lists; ``rules export FILE`` copies your
rulebook to share it; ``rules import FILE`` shows what would change, and writes it with
``--yes`` (your current file is kept as ``my-rules.toml.bak``).
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import asdict
from pathlib import Path
from typing import Any

import tomli_w

from horizon_builder.files.problems import LoadError
from horizon_builder.files.tomlfile import link_target, read_regular_file, write_text_atomic
from horizon_builder.rules.entry import write_personal
from horizon_builder.rules.loader import load_ruleset
from horizon_builder.rules.personal import (
    ROLE,
    personal_layers,
    personal_rules_path,
    read_personal,
)
from horizon_builder.rules.values import RuleValue, changes, rule_values
from horizon_builder.text.safetext import printable
from horizon_builder.text.words import plural


def rules_main(args: argparse.Namespace) -> int:
    try:
        if args.action == "export":
            return _export(args)
        if args.action == "import":
            return _import(args)
        return _list(args)
    except LoadError as exc:
        for problem in exc.problems:
            print(f"error: {printable(str(problem))}", file=sys.stderr)
        return 2
    except (OSError, UnicodeDecodeError) as exc:  # a file that cannot be written or read
        where = getattr(exc, "filename", None) or args.file or personal_rules_path()
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else "not UTF-8 text"
        print(f"error: {printable(str(where))}: {printable(reason)}", file=sys.stderr)
        return 2


def _values(personal: bool) -> list[RuleValue]:
    mine = personal_layers(personal)
    return rule_values(load_ruleset(mine, roles=[ROLE for _ in mine]))


def _list(args: argparse.Namespace) -> int:
    values = [v for v in _values(not args.no_personal_rules) if not args.unknown or v.needs_entry]
    if args.format == "json":
        print(json.dumps([_row(v) for v in values], indent=2))
    elif args.format == "toml":
        print(tomli_w.dumps({"values": [_row(v) for v in values]}), end="")
    else:
        group = None
        for v in values:
            if v.group != group:
                group = v.group
                print(f"\n{group}")
            shown = v.value or "?"
            print(printable(f"  {v.item}: {v.label} = {shown}  [{v.status}; {v.source or '-'}"
                            f"{'; ' + v.layer if v.layer != 'book data' else ''}]"))
        print(f"\n{plural(len(values), 'value')}; your rulebook: {personal_rules_path()}"
              + ("" if personal_layers() else " (none yet)"))
    return 0


def _row(v: RuleValue) -> dict[str, object]:
    row = asdict(v)
    row["key"] = ".".join(v.key) if v.key else None
    row.pop("stats")
    row.pop("source_at")
    return {k: val for k, val in row.items() if val is not None}


def _export(args: argparse.Namespace) -> int:
    if not args.file:
        print("error: rules export FILE: name the file to write", file=sys.stderr)
        return 2
    source = personal_rules_path()
    if not source.is_file():
        print(f"error: you have no rulebook yet ({source}): enter values in the app's Rules "
              "screen first", file=sys.stderr)
        return 2
    read_personal(source)  # a broken file is reported, not shared
    write_text_atomic(args.file, read_regular_file(source).decode("utf-8"))
    print(f"wrote {args.file} from {source}")
    return 0


def _import(args: argparse.Namespace) -> int:
    if not args.file:
        print("error: rules import FILE: name the file to read", file=sys.stderr)
        return 2
    incoming = read_personal(Path(args.file))
    merged = read_personal()
    _merge(merged, incoming)
    load_ruleset([Path(args.file)], roles=[ROLE])  # the file alone must load: located errors
    before = _values(True)
    target = personal_rules_path()
    trial = target.with_name(f".{target.name}.import.toml")
    trial.parent.mkdir(parents=True, exist_ok=True)
    try:
        trial.write_text(tomli_w.dumps(merged), encoding="utf-8")
        after = rule_values(load_ruleset([trial], roles=[ROLE]))
    finally:
        trial.unlink(missing_ok=True)
    diff = changes(before, after)
    for old, new in diff:
        print(printable(f"  {new.group} · {new.item}: {new.label}: {old.value or '?'} -> "
                        f"{new.value or '?'} ({new.source})"))
    if not diff:
        print("nothing would change")
        return 0
    if not args.yes:
        print(f"{plural(len(diff), 'value')} would change in {target}; run again with --yes to write them")
        return 0
    if target.is_file():  # the backup beside the file itself (a link is written through)
        real = link_target(target)
        write_text_atomic(real.with_name(real.name + ".bak"),
                          read_regular_file(target).decode("utf-8"))
    write_personal(merged)
    print(f"wrote {len(diff)} changes to {target}")
    return 0


def _merge(into: dict[str, Any], layer: dict[str, Any]) -> None:
    for key, value in layer.items():
        if isinstance(value, dict) and isinstance(into.get(key), dict):
            _merge(into[key], value)
        else:
            into[key] = value
