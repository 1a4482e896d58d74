"""What an element-level predicate concerns (``types=``, ``upgrades=``, ``metaforms=``:
engine/rule.py), as ruff registers a rule for the kinds of node it checks: the validator and
the pickers ask it of those statlines, elements and upgrades only, and of no type or upgrade
the rules do not know."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from horizon_builder.engine.analysis import analyse
from horizon_builder.engine.rule import (
    ElementView,
    Fault,
    Registry,
    Rule,
    StatlineView,
    UpgradeView,
    tagged,
)
from horizon_builder.engine.validator import evaluate, statline_reasons
from horizon_builder.files.resources import examples_dir
from horizon_builder.roster.io import load
from horizon_builder.roster.models import Element
from horizon_builder.roster.samples import make_roster
from horizon_builder.rules.models import Ruleset


def test_only_element_level_predicates_declare_what_they_concern() -> None:
    rule = Rule("x-concerns", "error", "test", "test", "concerns")
    # (the decorators of other scopes take neither: their common ground refuses them too)
    with pytest.raises(ValueError, match="only an upgrade predicate concerns upgrades"):
        rule._attach("statline", ("battlegroup",), ("rules",), upgrades=lambda up: True)
    with pytest.raises(ValueError, match="only an element-level predicate concerns types"):
        rule._attach("force", ("battlegroup",), ("rules",), types={"mech"})
    assert rule.element(types={"mech"})(lambda view: iter(())) is not None


def test_what_a_check_asks(ruleset: Ruleset) -> None:
    by_id = Rule("x-by-id", "error", "test", "test", "by id")
    by_id.statline(types={"supertank"})(lambda view: iter(()))
    by_tag = Rule("x-by-tag", "error", "test", "test", "by tag")
    by_tag.element(types=tagged("gun_beast"))(lambda view: iter(()))
    by_upgrade = Rule("x-by-upgrade", "error", "test", "test", "by upgrade")
    by_upgrade.upgrade(upgrades=lambda up: bool(up.options))(lambda view: iter(()))
    anything = Rule("x-anything", "error", "test", "test", "anything")
    anything.upgrade()(lambda view: iter(()))
    types, upgrades = ruleset.element_types, ruleset.upgrades
    with_options = next(up for up in upgrades.values() if up.options)
    without = next(up for up in upgrades.values() if not up.options)
    gun_beast = next(t for t, et in types.items() if "gun_beast" in et.tags)

    [check] = by_id.checks
    assert check.asks("supertank", types["supertank"])
    assert not check.asks("supermech", types["supermech"])
    assert not check.asks("supertank", None)  # a type the rules do not know: never
    [check] = by_tag.checks
    assert check.asks(gun_beast, types[gun_beast])
    assert not check.asks("supertank", types["supertank"])
    [check] = by_upgrade.checks
    assert check.asks("supertank", types["supertank"], with_options)
    assert not check.asks("supertank", types["supertank"], without)
    assert not check.asks("supertank", types["supertank"], None)  # an unknown upgrade
    [check] = anything.checks
    assert check.asks("nothing-known", None, None)


def _recording() -> tuple[Registry, list[tuple[str, str, str | None]]]:
    """Two predicates that say nothing and note every view they are asked of: one about
    supertanks' statlines, one about upgrades with options."""
    asked: list[tuple[str, str, str | None]] = []
    supertanks = Rule("x-supertanks", "warning", "test", "test", "supertanks")
    options = Rule("x-options", "warning", "test", "test", "options")

    @supertanks.statline(types={"supertank"})
    def of_supertanks(view: StatlineView) -> Iterator[Fault]:
        asked.append(("statline", view.line.type_id, None))
        return iter(())

    @options.upgrade(upgrades=lambda up: bool(up.options))
    def of_options(view: UpgradeView) -> Iterator[Fault]:
        asked.append(("upgrade", view.statline.line.type_id, view.cost.choice.id))
        return iter(())

    return Registry([supertanks, options]), asked


def _expected(ruleset: Ruleset, elements: list[Element]) -> list[tuple[str, str, str | None]]:
    out: list[tuple[str, str, str | None]] = []
    for element in elements:
        for choice in element.upgrades:
            up = ruleset.upgrades.get(choice.id)
            if up is not None and up.options:
                out.append(("upgrade", element.type, choice.id))
        if element.type == "supertank":
            out.append(("statline", element.type, None))
    return out


def test_the_validator_asks_a_predicate_of_what_it_concerns_only(ruleset: Ruleset) -> None:
    registry, asked = _recording()
    roster = make_roster(ruleset, 40)
    evaluate(roster, ruleset, registry)
    expected = _expected(ruleset, list(roster.elements))
    assert ("statline", "supertank", None) in expected and any(
        what == "upgrade" for what, _, _ in expected)  # the list holds both
    assert asked == expected


def test_a_picker_asks_a_predicate_of_what_it_concerns_only(ruleset: Ruleset) -> None:
    registry, asked = _recording()
    roster = make_roster(ruleset, 40)
    force = analyse(roster, ruleset)
    for element in roster.elements:
        asked.clear()
        list(statline_reasons(registry, force, element, lambda info: info.base))
        assert asked == _expected(ruleset, [element]), element.type


def test_metaform_rules_are_asked_of_metaformers_and_their_metaforms_only(
        ruleset: Ruleset) -> None:
    """``metaforms=True`` (the metaformers' rules, OtH p.19-20): an element predicate is asked
    of an element with metaforms, a statline or upgrade predicate of a metaform's statline
    (and its upgrades), by the validator and the picker alike."""
    asked: list[tuple[str, str, str]] = []
    rule = Rule("x-metaforms", "warning", "test", "test", "metaforms")

    @rule.element(metaforms=True)
    def of_metaformers(view: ElementView) -> Iterator[Fault]:
        asked.append(("element", view.info.element.id, ""))
        return iter(())

    @rule.statline(metaforms=True)
    def of_metaforms(view: StatlineView) -> Iterator[Fault]:
        asked.append(("statline", view.info.element.id, view.prefix))
        return iter(())

    @rule.upgrade(metaforms=True)
    def of_their_upgrades(view: UpgradeView) -> Iterator[Fault]:
        asked.append(("upgrade", view.statline.info.element.id,
                      view.statline.prefix + view.cost.choice.id))
        return iter(())

    roster = load(examples_dir() / "oth-metaformers.toml", personal=False).roster
    expected: list[tuple[str, str, str]] = []
    for element in roster.elements:
        if element.forms:
            expected.append(("element", element.id, ""))
        for index, form in enumerate(element.forms, 1):
            expected += [("upgrade", element.id, f"forms[{index}].{c.id}") for c in form.upgrades]
            expected.append(("statline", element.id, f"forms[{index}]."))
    assert any(e.forms for e in roster.elements) and any(not e.forms for e in roster.elements)
    assert any(kind == "upgrade" for kind, _, _ in expected)
    evaluate(roster, ruleset, Registry([rule]))
    assert asked == expected

    force = analyse(roster, ruleset)
    for element in roster.elements:
        asked.clear()
        list(statline_reasons(Registry([rule]), force, element, lambda info: info.base))
        assert asked == []  # a baseform: none of them
        for index in range(len(element.forms)):
            asked.clear()
            list(statline_reasons(Registry([rule]), force, element,
                                  lambda info, n=index: info.forms[n]))
            assert sorted(asked) == sorted(  # (rule by rule: the statline's first here)
                [("upgrade", element.id, f"forms[{index + 1}].{c.id}")
                 for c in element.forms[index].upgrades]
                + [("statline", element.id, f"forms[{index + 1}].")])
    with pytest.raises(ValueError, match="only an element-level predicate concerns metaforms"):
        rule._attach("force", ("battlegroup",), ("rules",), metaforms=True)
