"""The catalogue of finding codes is the set of codes the checks can produce.

(That every catalogued code is produced by some test is checked at the end of a
full run: see ``tests/conftest.py``.)
"""

from __future__ import annotations

import ast
from pathlib import Path

import horizon_builder
from horizon_builder.checks import CODES, RULES
from horizon_builder.engine.codes import CODES as LEGACY_CODES

PACKAGE = Path(horizon_builder.__file__).resolve().parent
SEVERITIES = ("error", "warning", "info")


def _codes_in_source() -> set[str]:
    """String codes passed to Finding(severity, code, ...), about(info, severity, code, ...)
    and Reason(code, ...) or one_note(by_type, code, ...) anywhere in the core."""
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
            if name in ("Finding", "about") and len(args) >= 2 and args[0] in SEVERITIES:
                found.add(args[1])
            elif name in ("Reason", "one_note") and args:  # code first
                found.add(args[0])
    return found


def test_catalogue_lists_every_code_the_checks_produce() -> None:
    """The catalogue is the declared rules' codes and, for modules not yet declared as rules,
    the legacy table's: each code declared once."""
    source = _codes_in_source() | {rule.code for rule in RULES}
    assert len(source) > 100
    assert sorted(source - set(CODES)) == [], "declare these codes as rules"
    assert sorted(set(CODES) - source) == [], "these catalogued codes are produced nowhere"
    assert sorted(set(LEGACY_CODES) & {rule.code for rule in RULES}) == [], \
        "declared as rules: remove them from the legacy table (engine/codes.py)"


def test_every_declared_rule_has_a_predicate() -> None:
    assert [rule.code for rule in RULES if not rule.checks
            and rule.code != "internal-check-error"] == []


def test_every_code_has_a_chapter_and_a_meaning() -> None:
    for code, (chapter, meaning) in CODES.items():
        assert code == code.lower() and " " not in code
        assert chapter and meaning and not meaning.endswith(".")
