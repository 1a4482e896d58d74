"""Rule fixtures (issue 32 item 5), in the manner of pylint's functional tests.

``tests/rules/<code>/`` holds, for one finding code, small roster files as a user writes
them (``<name>.toml``, each citing the book's page in a comment) and, beside each, what
``horizon-builder check`` finds in it (``<name>.expected.toml``)::

    # optional: --ruleset files (an event preset, house rules), relative to the folder
    ruleset = ["event.toml"]
    # every finding of the roster, in any order; page is every "p.N" its citation names
    # (left out when it cites none), element and round only when the finding names one
    findings = [
      { code = "too-many-upgrades", severity = "error", element = "Hornet", page = "p.61" },
    ]

A roster the loader refuses (an id the rules do not know) says so instead of findings:
``load_error = "elements[1].upgrades[1]"`` (the key the message names, counted from 1;
``check`` exits 2).

A roster whose name starts with ``limit`` is legal at the rule's limit (one step short of
breaking it: exactly P upgrades where at most P are allowed) and must not produce the
folder's code; another roster of the folder (``produces.toml``) must produce it. Where a
code has no limit to stand at (a note that reports, a bug), an expected file of its folder
says why in ``reason``; a folder with a reason may also go without a producing roster when
no file can produce the code (the loader refuses it first, or only a bug would).

The roster is judged the way ``horizon-builder check --format json`` judges a file (your
rulebook left out), never through the engine's internals, so the fixtures hold across a
reshaping of the engine. Messages are not compared: their wording may change freely.

To write the expected file of a new roster (then read it against the book)::

    .venv/bin/python tests/test_rule_fixtures.py tests/rules/CODE/NAME.toml
"""

from __future__ import annotations

import io
import json
import re
import sys
import tomllib
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path
from typing import Any

import pytest

from horizon_builder.checks import CODES  # the catalogue made from the declared rules
from horizon_builder.cli.main import main

RULES = Path(__file__).resolve().parent / "rules"
EXPECTED = ".expected.toml"
#: what a roster file must say of its source: the book's page, or the digest (core values)
CITATION = re.compile(r"^#.*(OtH p\.\s?\d+|RULES\.md)", re.MULTILINE)
PAGE = re.compile(r"\bp\.\s?\d+(?:-\d+)?")
KEYS = ("code", "severity", "element", "page", "round")


def _rosters() -> list[Path]:
    return sorted(p for p in RULES.glob("*/*.toml") if not p.name.endswith(EXPECTED)
                  and p.with_name(p.stem + EXPECTED).exists())


def _expected_path(roster: Path) -> Path:
    return roster.with_name(roster.stem + EXPECTED)


def _expected(roster: Path) -> dict[str, Any]:
    return tomllib.loads(_expected_path(roster).read_text(encoding="utf-8"))


def _entry(finding: dict[str, Any]) -> dict[str, str]:
    """A finding as an expected file lists it: code, severity, element, page, round."""
    entry = {"code": finding["code"], "severity": finding["severity"]}
    if finding.get("element"):
        entry["element"] = finding["element"]
    pages = PAGE.findall(finding.get("rule") or "")
    if pages:
        entry["page"] = ", ".join(p.replace(" ", "") for p in pages)
    if finding.get("round"):
        entry["round"] = finding["round"]
    return entry


def run_check(roster: Path, rulesets: list[str]) -> tuple[int, dict[str, Any]]:
    """``horizon-builder check --format json --no-personal-rules [--ruleset F]... ROSTER``:
    its exit status and its report of the roster."""
    args = ["check", "--format", "json", "--no-personal-rules"]
    for name in rulesets:
        args += ["--ruleset", str(roster.parent / name)]
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        status = main([*args, str(roster)])
    [result] = json.loads(out.getvalue())
    return status, result


def check(roster: Path, rulesets: list[str]) -> list[dict[str, str]]:
    """The findings of ``roster``, as an expected file lists them."""
    status, result = run_check(roster, rulesets)
    assert "load_errors" not in result, f"{roster} does not load: {result['load_errors']}"
    assert status in (0, 1)
    return [_entry(f) for f in result["findings"]]


def _sort_key(entry: dict[str, str]) -> tuple[str, ...]:
    return tuple(entry.get(k, "") for k in KEYS)


def _normal(entries: list[dict[str, Any]]) -> list[dict[str, str]]:
    return sorted(({k: str(v) for k, v in e.items()} for e in entries), key=_sort_key)


def _is_limit(roster: Path) -> bool:
    return roster.stem.startswith("limit")


@pytest.mark.parametrize("roster", _rosters(), ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_roster_gives_its_expected_findings(roster: Path) -> None:
    expected = _expected(roster)
    assert CITATION.search(roster.read_text(encoding="utf-8")), \
        f"{roster}: cite the page in a comment (# OtH p.N: ...)"
    if "load_error" in expected:  # refused before any rule is asked: exit 2, the key named
        status, result = run_check(roster, expected.get("ruleset", []))
        assert status == 2 and any(expected["load_error"] in e for e in result["load_errors"]), \
            result.get("load_errors")
        return
    found = _normal(check(roster, expected.get("ruleset", [])))
    assert found == _normal(expected.get("findings", [])), (
        f"{roster.relative_to(RULES.parent)}: found\n"
        + "\n".join(map(str, found)))
    code = roster.parent.name
    if _is_limit(roster):
        assert code not in {f["code"] for f in found}, f"{roster} is at the limit of {code}"


def test_every_code_has_a_producing_and_a_limit_fixture() -> None:
    folders = {p.name for p in RULES.iterdir() if p.is_dir()}
    assert sorted(folders - set(CODES)) == [], "fixture folders for codes the catalogue lacks"
    by_code: dict[str, dict[Path, dict[str, Any]]] = {}
    for roster in _rosters():
        by_code.setdefault(roster.parent.name, {})[roster] = _expected(roster)
    missing_produce, missing_limit = [], []
    for code in CODES:
        expectations = by_code.get(code, {})
        reason = any(e.get("reason") for e in expectations.values())
        others = [e for p, e in expectations.items() if not _is_limit(p)]
        produced = any(code in {f["code"] for f in e.get("findings", [])} for e in others)
        # a folder with a reason may lack a producing roster only when no file can produce
        # the code: its other rosters are all refused by the loader (or there are none)
        if not produced and not (reason and all("load_error" in e for e in others)):
            missing_produce.append(code)
        if not any(_is_limit(p) for p in expectations) and not reason:
            missing_limit.append(code)
    assert missing_produce == [], f"no fixture produces: {', '.join(missing_produce)}"
    assert missing_limit == [], f"no legal-at-limit fixture (nor a reason): {', '.join(missing_limit)}"


def test_every_file_of_a_folder_has_its_part() -> None:
    """A roster has its expected file and the other way round; a rules file is named by a
    roster's ``overrides`` or an expected file's ``ruleset``: nothing is left lying about."""
    rosters = _rosters()
    named: set[Path] = set()
    for roster in rosters:
        overrides = tomllib.loads(roster.read_text(encoding="utf-8")).get("overrides")
        named.update(roster.parent / n for n in [*_expected(roster).get("ruleset", []),
                                                 *([overrides] if overrides else [])])
    loose = [p.relative_to(RULES).as_posix() for p in sorted(RULES.glob("*/*"))
             if p not in named and p not in rosters
             and not (p.name.endswith(EXPECTED)
                      and p.with_name(p.name.removesuffix(EXPECTED) + ".toml").exists())]
    assert loose == [], "files no fixture uses"


def _write(roster: Path) -> None:
    """Write (or rewrite) the expected file of ``roster`` from what check finds today."""
    path = _expected_path(roster)
    old = tomllib.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
    rulesets = old.get("ruleset", [])
    if "load_error" in old:
        return
    options = "".join(f" --ruleset {name}" for name in rulesets)
    lines = [f"# what `horizon-builder check --no-personal-rules{options} {roster.name}` finds"]
    if rulesets:
        lines.append(f"ruleset = {json.dumps(rulesets)}")
    if old.get("reason"):
        lines.append(f"reason = {json.dumps(old['reason'])}")
    found = sorted(check(roster, rulesets), key=_sort_key)
    if found:
        lines.append("findings = [")
        for entry in found:
            fields = ", ".join(f"{k} = {json.dumps(entry[k])}" for k in KEYS if k in entry)
            lines.append(f"  {{ {fields} }},")
        lines.append("]")
    else:
        lines.append("findings = []")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


if __name__ == "__main__":
    for name in sys.argv[1:]:
        if name.endswith(EXPECTED):
            continue
        try:
            _write(Path(name).resolve())
        except AssertionError as exc:  # a rules file, or a roster that does not load
            print(f"{name}: left alone: {exc}", file=sys.stderr)
            continue
        print(_expected_path(Path(name)).read_text(encoding="utf-8"))
