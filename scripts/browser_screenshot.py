"""Take ``screenshots/served-browser.png`` and ``served-browser-export.png``: the app served by
``horizon-builder serve``, as a tablet's browser shows it (Debian's headless Chromium,
1024×768, over DevTools): the roster, then its export (``x``) ready to download.

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

from helpers_browser import find_chromium, served, served_page  # noqa: E402

TARGET = ROOT / "screenshots" / "served-browser.png"
EXPORT = ROOT / "screenshots" / "served-browser-export.png"


async def _take(chromium: str, url: str, profile: Path) -> bool:
    async with served_page(chromium, url, profile) as page:
        if "LEGAL" not in await page.wait_for(lambda shown: "LEGAL" in shown):
            return False
        await page.screenshot(TARGET)
        await page.press("x")
        if "Download as" not in await page.wait_for(lambda shown: "Download as" in shown, 20):
            return False
        await page.screenshot(EXPORT)
        return True


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
            taken = asyncio.run(_take(chromium, url, work / "profile"))
    if not taken:
        print("error: the roster or its export did not appear in the page", file=sys.stderr)
        return 1
    print(f"wrote {TARGET.relative_to(ROOT)} and {EXPORT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
