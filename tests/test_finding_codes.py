"""The catalogue of finding codes is the set of codes the checks can produce.

(That every catalogued code is produced by some test is checked at the end of a
full run: see ``tests/conftest.py``.)
"""

from __future__ import annotations

import ast
from pathlib import Path

import horizon_builder
from horizon_builder.checks import CODES, RULES

PACKAGE = Path(horizon_builder.__file__).resolve().parent
SEVERITIES = ("error", "warning", "info")


def _codes_in_source() -> set[str]:
    """String codes passed to Finding(severity, code, ...) or Reason(code, ...) anywhere in the
    core: a finding made by hand rather than by a declared rule."""
    found: set[str] = set()
    for path in PACKAGE.rglob("*.py"):
        if "tui" in path.relative_to(PACKAGE).parts:
            continue
        for call in ast.walk(ast.parse(path.read_text())):
            if not isinstance(call, ast.Call):
                continue
            name = getattr(call.func, "id", None) or getattr(call.func, "attr", None)
            args = [a.value for a in call.args
                    if isinstance(a, ast.Constant) and isinstance(a.value, str)]
            if name == "Finding" and len(args) >= 2 and args[0] in SEVERITIES:
                found.add(args[1])
            elif name == "Reason" and args:  # code first
                found.add(args[0])
    return found


def test_catalogue_is_the_declared_rules() -> None:
    """The catalogue is the declared rules' codes, each declared once; no finding is made by
    hand with a code of its own."""
    declared = {rule.code for rule in RULES}
    assert len(declared) > 100
    assert set(CODES) == declared
    assert sorted(_codes_in_source() - declared) == [], "declare these codes as rules"


def test_every_declared_rule_has_a_predicate() -> None:
    assert [rule.code for rule in RULES if not rule.checks
            and rule.code != "internal-check-error"] == []


def test_every_code_has_a_chapter_and_a_meaning() -> None:
    for code, (chapter, meaning) in CODES.items():
        assert code == code.lower() and " " not in code
        assert chapter and meaning and not meaning.endswith(".")
