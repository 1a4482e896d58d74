"""Regenerate ``screenshots/*.svg``: every screen of the app, from the example rosters.

Run from the repository root::

    python scripts/screenshots.py            # all screenshots
    python scripts/screenshots.py home help  # only those whose name starts so

The scenarios live in ``tests/screen_scenarios.py``; the snapshot tests
(``tests/test_snapshots.py``) play the same ones.
"""

from __future__ import annotations

import asyncio
import atexit
import os
import shutil
import sys
import tempfile
from pathlib import Path

# The same on every machine: no one's own rulebook or autosaves in the pictures.
_FOLDERS = tempfile.mkdtemp(prefix="hb-screenshots-")  # removed when the script ends
atexit.register(shutil.rmtree, _FOLDERS, ignore_errors=True)
os.environ["HORIZON_BUILDER_CONFIG_DIR"] = os.path.join(_FOLDERS, "config")
os.environ["HORIZON_BUILDER_DATA_DIR"] = os.path.join(_FOLDERS, "data")

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from screen_scenarios import SHOTS, Shot, opened, play  # noqa: E402

OUT = ROOT / "screenshots"


async def take(shot: Shot, folder: Path) -> Path:
    target = OUT / f"{shot.name}.svg"
    with opened(shot, folder) as app:
        async with app.run_test(size=shot.size) as pilot:
            await play(shot, pilot)
            svg = app.export_screenshot(title=f"horizon-builder: {shot.name}")
    target.write_text(svg, encoding="utf-8")
    return target


async def main(prefixes: list[str]) -> int:
    OUT.mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        for shot in SHOTS:
            if prefixes and not any(shot.name.startswith(p) for p in prefixes):
                continue
            target = await take(shot, Path(tmp))
            print(f"wrote {target.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(asyncio.run(main(sys.argv[1:])))
