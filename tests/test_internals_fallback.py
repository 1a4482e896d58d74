"""Each private name of Textual and Rich the app still uses, taken away (issue 44 item 2).

``horizon_builder/tui/common/textual_internals.py`` lists them. A release may rename or drop
any of them: here each is removed (a module's table) or renamed (an attribute Textual sets
on every screen and needs itself, so what the app reads is renamed instead), and the
app still starts, takes an edit, saves it and quits; the feature that used the name is off
and the log says so once.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

import pytest
import rich.control
import textual.content
from helpers_tui import SIZE, copy_example, until

from horizon_builder.roster.io import read_roster
from horizon_builder.tui.app import HorizonApp
from horizon_builder.tui.common import textual_internals as internals

Remove = Callable[[pytest.MonkeyPatch], None]


def _renamed(constant: str) -> Remove:
    def remove(monkeypatch: pytest.MonkeyPatch) -> None:
        monkeypatch.setattr(internals, constant, getattr(internals, constant) + "_renamed")
    return remove


def _deleted(module: object) -> Remove:
    def remove(monkeypatch: pytest.MonkeyPatch) -> None:
        monkeypatch.delattr(module, internals.CONTROL_TABLE)
    return remove


#: each kept name: how it is taken away, and the feature the log says is off
KEPT: dict[str, tuple[Remove, str]] = {
    "Screen._callbacks": (_renamed("AFTER_REFRESH"), "the type-ahead's wait"),
    "rich.control._CONTROL_STRIP_TRANSLATE": (_deleted(rich.control),
                                              "the control-character filter"),
    "textual.content._CONTROL_STRIP_TRANSLATE": (_deleted(textual.content),
                                                 "the control-character filter"),
}


def test_every_kept_name_is_taken_away_here() -> None:
    """The list above covers the module's every name (a new one needs its case here)."""
    constants = {internals.AFTER_REFRESH, internals.CONTROL_TABLE}
    assert constants == {name.rsplit(".", 1)[1] for name in KEPT}


@pytest.mark.parametrize("name", list(KEPT))
async def test_the_app_starts_edits_saves_and_quits_without(
        name: str, monkeypatch: pytest.MonkeyPatch, tmp_path, caplog) -> None:
    remove, feature = KEPT[name]
    remove(monkeypatch)
    monkeypatch.setattr(internals, "_said", set())  # (said once a run: this run's line)
    caplog.set_level(logging.WARNING, logger=internals.__name__)
    path = copy_example(tmp_path, "hvy-cav-battlegroup.toml")
    app = HorizonApp(path)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: app.loaded, "the roster")
        before = len(app.session.roster.elements)
        await pilot.press("d")  # duplicate the element under the cursor
        await until(pilot, lambda: len(app.session.roster.elements) == before + 1, "the edit")
        await pilot.press("ctrl+s")
        await until(pilot, lambda: not app.session.dirty, "the save")
        await pilot.press("q")
        await until(pilot, lambda: not app.is_running, "the app gone")
    assert app.return_code in (None, 0)
    assert len(read_roster(path).elements) == before + 1
    said = [r.getMessage() for r in caplog.records if r.name == internals.__name__]
    assert said and all(feature in line for line in said), said
