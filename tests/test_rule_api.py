"""The shape issue 32 asks of the rules (item 1-4 and 8 inside the engine): each code declared
once as a Rule; rule modules free of caching vocabulary; edits and the session carrying no
hints for the validator; the engine importing neither the checks nor the editors."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import horizon_builder
from horizon_builder.checks import CODES, MODULES, RULES
from horizon_builder.engine.rule import ALL_MODES, Fault, Registry, Rule

PACKAGE = Path(horizon_builder.__file__).resolve().parent

#: What rule code must never need to know: how the evaluator keeps work between validations.
CACHING_WORDS = re.compile(
    r"\bper_element(_total|_value)?\b|\bpresent\(|\bderived\(|\bselected\(|\beach_element\b"
    r"|\belement_findings\b|\bcolumns?\b|\btally\b|\.total\(|\.column\(|\bfirst_places\b"
    r"|\bSorted\b|\breuse|\.once\b|\bmemo|\bEdited\b|\bincremental\b")


def _source(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def _declared_modules() -> list[Path]:
    """The rule modules wholly declared as rules (no legacy ``@check`` / ``@statline_rule``)."""
    out = []
    for module in MODULES:
        path = Path(module.__file__ or "")
        text = _source(path)
        if "@check(" not in text and "@statline_rule(" not in text:
            out.append(path)
    return out


def test_the_converted_rule_modules_are_declared() -> None:
    names = {path.stem for path in _declared_modules()}
    assert names == {module.__name__.rsplit(".", 1)[-1] for module in MODULES}


@pytest.mark.parametrize("path", _declared_modules(), ids=lambda p: p.stem)
def test_no_rule_module_holds_caching_vocabulary(path: Path) -> None:
    text = _source(path)
    assert [m.group(0) for m in CACHING_WORDS.finditer(text)] == []


def test_the_engine_holds_no_caching_machinery() -> None:
    for gone in ("incremental.py", "columns.py", "memo.py"):
        assert not (PACKAGE / "engine" / gone).exists()


@pytest.mark.parametrize("folder", ["editing", "session"])
def test_no_edit_or_session_code_carries_hints_for_the_validator(folder: str) -> None:
    """An edit is a plain Roster -> Roster function and the session a plain holder: neither
    knows how the validator works (it may ask for a verdict: ``checks.validate``)."""
    for path in sorted((PACKAGE / folder).rglob("*.py")):
        text = _source(path)
        assert not re.search(r"\bEdited\b|\breuse|incremental|engine\.columns|ends_from", text), path
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.ImportFrom) and node.module == "horizon_builder.engine.validator":
                assert {alias.name for alias in node.names} <= {"Report"}, path


def _imports(path: Path) -> set[str]:
    """Every module a file imports, deferred imports included."""
    found = set()
    for node in ast.walk(ast.parse(_source(path))):
        if isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return found


#: engine -> a layer above it, each named with why (none, once h32layers moves the CLI's
#: ``adventure_main`` into cli/: it judges a roster for the command line)
ENGINE_UPWARD_EXCEPTIONS = {("adventures.py", "horizon_builder.checks")}


def test_the_engine_imports_neither_the_checks_nor_the_editors() -> None:
    """Layers: rules < roster < engine < checks < editing < session. The rules are handed to
    the evaluator (``evaluate(roster, ruleset, checks.RULES)``), never imported by it."""
    upward = sorted((path.name, module) for path in (PACKAGE / "engine").glob("*.py")
                    for module in _imports(path)
                    if module.startswith(("horizon_builder.checks", "horizon_builder.editing",
                                          "horizon_builder.session")))
    assert [pair for pair in upward if pair not in ENGINE_UPWARD_EXCEPTIONS] == []


def _declared_codes_in_source() -> list[str]:
    """The code of every ``Rule(...)`` written anywhere in the package."""
    codes = []
    for path in PACKAGE.rglob("*.py"):
        for node in ast.walk(ast.parse(_source(path))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "Rule" \
                    and node.args and isinstance(node.args[0], ast.Constant):
                codes.append(node.args[0].value)
    return codes


def test_every_code_is_declared_once() -> None:
    codes = _declared_codes_in_source()
    assert sorted(c for c in set(codes) if codes.count(c) > 1) == []
    assert set(codes) == {rule.code for rule in RULES}
    assert set(codes) <= set(CODES)


def test_a_code_declared_twice_is_refused() -> None:
    with pytest.raises(ValueError, match="declared twice"):
        Registry([Rule("x-twice", "error", "test", "test", "one"),
                  Rule("x-twice", "error", "test", "test", "two")])


def test_a_statline_predicate_may_not_read_the_other_elements() -> None:
    rule = Rule("x-reads", "error", "test", "test", "reads")
    with pytest.raises(ValueError, match="other elements"):
        rule.statline(reads=("elements",))
    with pytest.raises(ValueError, match="unknown modes"):
        rule.force(modes=("campaign",))
    assert rule.statline(modes=ALL_MODES)(lambda view: iter(())) is not None


def test_every_declared_rule_has_its_catalogue_entry() -> None:
    """The catalogue (docs, ``rules codes``) is made from the rules: chapter and meaning."""
    for rule in RULES:
        assert CODES[rule.code] == (rule.chapter, rule.message)
        assert rule.severity in ("error", "warning", "info")
        assert rule.page and rule.message and not rule.message.endswith(".")


def test_a_fault_names_no_code() -> None:
    """A predicate says where a rule is broken; the rule it belongs to says the code."""
    assert "code" not in Fault._fields


def test_what_the_evaluator_keeps_is_its_own_and_bounded() -> None:
    """Speed is the evaluator's private business: only engine/validator.py reads engine/kept.py,
    and what it keeps stays within its generations however many lists are judged: three of
    entries made and not found again, two of those found again."""
    from horizon_builder.engine.kept import Kept

    users = sorted(path.relative_to(PACKAGE).as_posix() for path in PACKAGE.rglob("*.py")
                   if "horizon_builder.engine.kept" in _imports(path)
                   or any(m == "horizon_builder.engine" and "kept" in _source(path)
                          for m in _imports(path)))
    assert users == ["engine/validator.py"]
    memo = Kept(limit=10)
    anchors = [object() for _ in range(35)]
    for n, anchor in enumerate(anchors):
        memo.put((id(anchor), n), (anchor,), n)
    assert len(memo) <= 30
    assert memo.get((id(anchors[-1]), 34)) == 34 and memo.get((id(anchors[0]), 0)) is None
    memo.clear()
    for n, anchor in enumerate(anchors):  # each found again after the validation it was made in
        memo.put((id(anchor), n), (anchor,), n)
        memo.next_generation()
        assert memo.get((id(anchor), n)) == n
    assert len(memo) <= 20
    key = (id(anchors[-1]), 34)  # kept long; put again (its ruleset gone, r42): the new one
    memo.put(key, (anchors[-1],), "again")
    memo.next_generation()
    assert memo.get(key) == "again"


def test_the_docs_table_of_codes_is_made_from_the_rules() -> None:
    from horizon_builder.checks import codes_markdown

    docs = Path(__file__).resolve().parent.parent / "docs" / "codes.md"  # the checkout, not the install
    assert docs.read_text(encoding="utf-8") == codes_markdown(), (
        "docs/codes.md is stale: python -c \"from horizon_builder.checks import codes_markdown "
        "as m; print(m(), end='')\" > docs/codes.md")


def test_the_export_schema_lists_every_code() -> None:
    from horizon_builder.export.document import export_schema

    enum = export_schema()["$defs"]["FindingExport"]["properties"]["code"]["enum"]
    assert enum == sorted(CODES)


# --- arithmetic that is a rule: named derivations beside the rules that use them ----------
def test_the_chq_cost_table_derivation(ruleset) -> None:
    """The CHQ cost table (core, reported; OtH p.62): a light infantry CHQ makes heavy infantry
    cost 1 more and airborne infantry 1 less, never its own type; a cell the table lacks is
    unknown (counted at P, and the chq-cost-unknown rule says so from the info, not a note)."""
    from horizon_builder.engine.analysis import analyse, chq_modifier
    from horizon_builder.roster.models import Roster

    assert chq_modifier(ruleset, "lt_inf", "hvy_inf") == (1, True)
    assert chq_modifier(ruleset, "lt_inf", "ab_inf") == (-1, True)
    assert chq_modifier(ruleset, "lt_inf", "lt_inf") == (0, True)
    assert chq_modifier(ruleset, "lt_inf", "sf") == (0, False)
    roster = Roster.model_validate({
        "name": "t", "force_cost": 20, "command": {"kind": "chq", "element": "c"},
        "elements": [{"id": "c", "name": "C", "type": "lt_inf", "presence": 1},
                     {"id": "s", "name": "S", "type": "sf", "presence": 1}]})
    info = analyse(roster, ruleset).by_id["s"]
    assert info.chq_cost_unknown and info.fc == 1


def test_the_command_resources_derivations(ruleset) -> None:
    """CR available: one per ``per_elements`` counted elements, rounded down, none without a
    command that gives CR (core, provisional); CR spent: per element, and per element of the
    type for a purchase for a whole type (OtH p.24)."""
    from horizon_builder.engine.analysis import cr_available

    option = ruleset.commands["chq"]
    per = ruleset.command_resources.per_elements
    from horizon_builder.roster.models import Command

    assert cr_available(ruleset, option, Command(kind="chq"), 2 * per + 1) == 2
    assert cr_available(ruleset, None, Command(), 10) == 0
