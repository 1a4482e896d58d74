"""The building rules, one module per chapter, and the one call that judges a roster.

Each module declares its rules (:class:`horizon_builder.engine.rule.Rule` constants with
their predicates); :data:`RULES` is the registry of them all, handed to the evaluator by
:func:`validate`. The engine never imports this package (layers: engine < checks): whoever
judges a roster calls :func:`validate` here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from horizon_builder.checks import (
    biowar,
    datawar,
    metaformers,
    mustering,
    solitaire,
    strategic_assets,
    superweapons,
    supplements,
    tournament,
    weird,
)
from horizon_builder.engine.analysis import Analysis, ElementInfo, StatlineInfo, UpgradeCost
from horizon_builder.engine.findings import Reason
from horizon_builder.engine.rule import Registry
from horizon_builder.engine.validator import Report, evaluate
from horizon_builder.engine.validator import statline_reasons as _statline_reasons
from horizon_builder.engine.validator import upgrade_reasons as _upgrade_reasons
from horizon_builder.roster.models import Element, Roster
from horizon_builder.rules.models import Ruleset

MODULES = (biowar, datawar, metaformers, mustering, solitaire, strategic_assets, superweapons,
           supplements, tournament, weird)

#: every building rule, in the order findings are reported
RULES = Registry.of_modules(MODULES)


def catalogue() -> dict[str, tuple[str, str]]:
    """Every finding code: code → (chapter, what it means), from the declared rules."""
    return {rule.code: (rule.chapter, rule.message) for rule in RULES}


#: every finding code: code → (chapter, meaning)
CODES = catalogue()


def codes_markdown() -> str:
    """The table of finding codes in docs/codes.md, made from the rules (a test keeps the
    file current: ``python -c "from horizon_builder.checks import codes_markdown as m;
    print(m(), end='')" > docs/codes.md``)."""
    rows = ["# Finding codes", "",
            "Every code `check` and the exports can report, from the declared rules "
            "(`horizon_builder/checks/`): stable, so tools may key on them.", "",
            "| code | severity | chapter | page | what it means |",
            "|---|---|---|---|---|"]
    for code, (chapter, meaning) in sorted(CODES.items(), key=lambda item: (item[1][0], item[0])):
        rule = RULES.by_code.get(code)
        severity, page = (rule.severity, rule.page) if rule is not None else ("", "")
        rows.append(f"| `{code}` | {severity} | {chapter} | {page} | {meaning} |")
    return "\n".join(rows) + "\n"


def validate(roster: Roster, ruleset: Ruleset) -> Report:
    """Judge a roster by every building rule (see :func:`horizon_builder.engine.validator.evaluate`)."""
    return evaluate(roster, ruleset, RULES)


def statline_reasons(force: Analysis, element: Element,
                     line_of: Callable[[ElementInfo], StatlineInfo],
                     about: str | None = None,
                     codes: frozenset[str] | None = None,
                     reading: frozenset[str] | None = None) -> Iterator[Reason]:
    """What every statline rule says about one statline of ``element`` in ``force``, rule by
    rule (the editors' pickers ask this; the validator asks the same predicates); ``about``:
    the upgrade a picker offers, whose upgrade rules alone are asked; ``codes``: only the
    rules of these codes; ``reading``: only those that read one of these (see
    :func:`horizon_builder.engine.validator.statline_reasons`)."""
    return _statline_reasons(RULES, force, element, line_of, about, codes, reading)


def upgrade_reasons(force: Analysis, info: ElementInfo, line: StatlineInfo, offered: UpgradeCost,
                    codes: frozenset[str],
                    reading: frozenset[str] | None = None) -> Iterator[Reason]:
    """What the upgrade rules of ``codes`` say about an upgrade offered to a statline as it
    stands (see :func:`horizon_builder.engine.validator.upgrade_reasons`)."""
    return _upgrade_reasons(RULES, force, info, line, offered, codes, reading)
