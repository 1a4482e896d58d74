"""The validator as a whole: never raises on a roster that loaded, findings are well formed."""

from __future__ import annotations

import pytest

from horizon_builder.checks import CODES, RULES, validate
from horizon_builder.engine.rule import Fault, Registry, Rule
from horizon_builder.engine.validator import evaluate
from horizon_builder.files.resources import example_rosters
from horizon_builder.roster.io import load
from horizon_builder.roster.samples import make_roster


@pytest.mark.parametrize("size", [0, 1, 40, 300])
def test_generated_rosters_validate_without_internal_errors(ruleset, size):
    report = validate(make_roster(ruleset, size), ruleset)
    assert "internal-check-error" not in [f.code for f in report.all_findings]
    assert report.totals.element_count == size


@pytest.mark.parametrize("path", example_rosters(), ids=lambda p: p.name)
def test_every_finding_is_complete(path):
    """Each finding says severity, a stable code, a message and the rule that applies."""
    loaded = load(path)
    for finding in validate(loaded.roster, loaded.ruleset).all_findings:
        assert finding.severity in ("error", "warning", "info")
        assert finding.code and finding.code == finding.code.lower()
        assert finding.message and finding.rule
        if finding.element is not None:
            assert loaded.roster.element(finding.element) is not None


def test_a_crashing_check_becomes_a_finding(ruleset):
    boom = Rule("test-boom", "error", "test chapter", "test", "never said")

    @boom.force()
    def exploding(_force):
        raise RuntimeError("boom")
        yield Fault("never")  # pragma: no cover

    rules = Registry([*RULES.rules, boom])
    report = evaluate(make_roster(ruleset, 3), ruleset, rules)
    internal = [f for f in report.all_findings if f.code == "internal-check-error"]
    assert internal and "exploding" in internal[0].message
    # the other rules still said theirs
    assert {f.code for f in validate(make_roster(ruleset, 3), ruleset).all_findings} \
        <= {f.code for f in report.all_findings}


def test_rules_are_grouped_by_chapter():
    chapters = {chapter for chapter, _ in CODES.values()}
    assert "Mustering (core)" in chapters
    assert "Tournament rules" in chapters


def test_findings_sorted_errors_first(ruleset):
    from horizon_builder.files.resources import examples_dir

    loaded = load(examples_dir() / "needs-fixing.toml")
    severities = [f.severity for f in validate(loaded.roster, loaded.ruleset).all_findings]
    order = {"error": 0, "warning": 1, "info": 2}
    assert severities == sorted(severities, key=order.__getitem__)
