"""Writing your rulebook: a value entered on the Rules screen, or a merged file, checked by
loading the rules with it first. Above the loader (which reads your rulebook through
:mod:`horizon_builder.rules.personal` and :mod:`horizon_builder.rules.values`), so nothing
the loader uses imports this module back."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from horizon_builder.files.problems import LoadError
from horizon_builder.files.tomlfile import write_text_atomic
from horizon_builder.rules.loader import load_ruleset
from horizon_builder.rules.personal import ENTERED, ROLE, personal_rules_path, read_personal, with_value
from horizon_builder.rules.values import RuleValue, parse_entry


def check_personal(data: dict[str, Any], path: Path | None = None) -> None:
    """Raise LoadError (file, key, what is wrong) if the rules with ``data`` would not load."""
    import tomli_w

    target = path or personal_rules_path()
    trial = target.with_name(f".{target.name}.check.toml")
    trial.parent.mkdir(parents=True, exist_ok=True)
    try:
        trial.write_text(tomli_w.dumps(data), encoding="utf-8")
        try:
            load_ruleset([trial], roles=[ROLE])
        except LoadError as exc:
            raise LoadError([p.__class__(str(target), p.message, p.key, p.line)
                             for p in exc.problems]) from None
    finally:
        trial.unlink(missing_ok=True)


def write_personal(data: dict[str, Any], path: Path | None = None) -> Path:
    """Check, then write the personal layer atomically (its folder made if needed)."""
    import tomli_w

    target = path or personal_rules_path()
    check_personal(data, target)
    target.parent.mkdir(parents=True, exist_ok=True)
    header = ("# Your rulebook: values you entered from the core Horizon Wars book, applied to "
              "every roster\n# on this machine (horizon-builder rules). Edit here or in the "
              "app's Rules screen.\n")
    return write_text_atomic(target, header + tomli_w.dumps(data))


def enter_value(value: RuleValue, text: str, source: str = ENTERED) -> Any:
    """Write what was typed for ``value`` into your rulebook (checked by the same models
    first; ValueError or LoadError says why not). Returns the value written (None: removed)."""
    if value.key is None:
        raise ValueError(f"{value.item}: {value.label} is shown, not entered here")
    parsed = parse_entry(value, text)
    data = with_value(read_personal(), value.key, parsed, source or ENTERED, value.source_at)
    write_personal(data)
    return parsed
