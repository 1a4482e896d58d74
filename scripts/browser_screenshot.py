"""Take ``screenshots/served-browser.png``: the app served by ``horizon-builder serve``, as a
tablet's browser shows it (Debian's headless Chromium, 1024×768, over DevTools).

Run from the repository root (needs ``chromium`` and ``pip install '.[serve]'``)::

    python scripts/browser_screenshot.py
"""

from __future__ import annotations

import asyncio
import os
import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from helpers_browser import find_chromium, read_served_page, served  # noqa: E402

TARGET = ROOT / "screenshots" / "served-browser.png"


def main() -> int:
    chromium = find_chromium()
    if chromium is None:
        print("error: Chromium not found (apt-get install chromium)", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory(prefix="hb-browser-") as folder:
        work = Path(folder)
        # the same on every machine: no one's own rulebook, preferences or autosaves
        os.environ["HORIZON_BUILDER_CONFIG_DIR"] = str(work / "config")
        os.environ["HORIZON_BUILDER_DATA_DIR"] = str(work / "data")
        lists = work / "lists"
        lists.mkdir()
        shutil.copy(ROOT / "examples" / "hvy-cav-battlegroup.toml", lists)
        with served("lists/hvy-cav-battlegroup.toml", "--root", str(lists), cwd=work) as url:
            text = asyncio.run(read_served_page(chromium, url, work / "profile",
                                                lambda shown: "LEGAL" in shown, screenshot=TARGET))
    if "LEGAL" not in text:
        print("error: the roster did not appear in the page", file=sys.stderr)
        return 1
    print(f"wrote {TARGET.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
