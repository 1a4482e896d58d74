"""The app served in a real browser (issue 27 item 7): Debian's headless Chromium opens the
page of ``horizon-builder serve`` and the roster's name and verdict appear in its terminal.

Skips saying why where Chromium is missing (CI installs it: .ci/run), and where the
optional textual-serve is not installed."""

from __future__ import annotations

import asyncio
import shutil
from pathlib import Path

import pytest
from helpers_browser import (  # noqa: F401  (chromium_fixture: the chromium fixture)
    TOKEN,
    chromium_fixture,
    free_port,
    read_served_page,
    served,
    served_page,
)
from helpers_tui import copy_example

pytest.importorskip("textual_serve", reason="textual-serve is not installed: pip install '.[serve]'")


async def test_the_served_page_shows_the_roster_and_its_verdict(chromium: str, tmp_path: Path) -> None:
    root = tmp_path / "lists"
    root.mkdir()
    copy_example(root, "hvy-cav-battlegroup.toml")
    shutil.copy(root / "hvy-cav-battlegroup.toml", root / "second.toml")
    with served("lists/hvy-cav-battlegroup.toml", "--root", str(root), cwd=tmp_path) as url:
        text = await read_served_page(
            chromium, url, tmp_path / "profile",
            lambda shown: "3rd Lancers Battlegroup" in shown and "LEGAL" in shown,
            screenshot=tmp_path / "page.png")
    assert "3rd Lancers Battlegroup" in text, text
    assert "✓ LEGAL" in text, text  # the verdict, as in the terminal
    assert "Lancer Command" in text  # an element of the list
    assert (tmp_path / "page.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


async def test_a_roster_outside_the_root_is_never_served(chromium: str, tmp_path: Path) -> None:
    root = tmp_path / "lists"
    root.mkdir()
    outside = copy_example(tmp_path, "hvy-cav-battlegroup.toml")
    import subprocess
    import sys

    result = subprocess.run([sys.executable, "-m", "horizon_builder", "serve", str(outside),
                             "--root", str(root), "--port", str(free_port())],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 2 and "outside the served folder" in result.stderr


def test_the_page_sends_the_browser_back_to_the_address_it_used(tmp_path: Path) -> None:
    """Served on another name (0.0.0.0 for a tablet), the page's websocket must go to the
    address the browser typed, not to the name the server listens on."""
    import urllib.request

    with served("--host", "localhost", "--root", str(tmp_path), cwd=tmp_path) as url:
        page = urllib.request.urlopen(url, timeout=30).read().decode()  # http://127.0.0.1:PORT/
    port = url.split("/")[2].rsplit(":", 1)[1]
    assert f'data-session-websocket-url="ws://127.0.0.1:{port}/ws"' in page


async def test_an_export_reaches_the_browser_as_a_download(chromium: str, tmp_path: Path) -> None:
    """x, then ctrl+s in the page: the export is offered to the browser (a download address
    it opens), with the roster in it; nothing is written in the served folder."""
    import urllib.request

    root = tmp_path / "lists"
    root.mkdir()
    copy_example(root, "hvy-cav-battlegroup.toml")
    with served("lists/hvy-cav-battlegroup.toml", "--root", str(root), cwd=tmp_path) as url:
        async with served_page(chromium, url, tmp_path / "profile") as page:
            await page.wait_for(lambda shown: "LEGAL" in shown)
            await page.press("x")
            assert "Download as" in await page.wait_for(lambda shown: "Download as" in shown, 20)
            await page.press("s", ctrl=True)
            for _ in range(40):
                if await page.opened():
                    break
                await asyncio.sleep(0.25)
            (address,) = await page.opened()
            base = url.split("?")[0]
            assert address.startswith(base + "download/")
            # the browser sends the secret as the cookie the page set; so does this request
            cookie = {"Cookie": f"horizon-builder-{base.split(':')[2].strip('/')}={TOKEN}"}
            with urllib.request.urlopen(urllib.request.Request(address, headers=cookie),
                                        timeout=30) as response:
                body = response.read().decode()
                disposition = response.headers["Content-Disposition"]
    assert "3rd Lancers Battlegroup" in body and "LEGAL" in body
    assert disposition == "attachment; filename=3rd-lancers-battlegroup.txt"
    assert [p.name for p in root.iterdir()] == ["hvy-cav-battlegroup.toml"]


def test_a_port_already_taken_is_said_with_exit_2(tmp_path: Path) -> None:
    import socket
    import subprocess
    import sys

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = subprocess.run([sys.executable, "-m", "horizon_builder", "serve", "--root",
                                 str(tmp_path), "--port", str(port)], capture_output=True,
                                text=True, timeout=60)
    assert result.returncode == 2
    assert f"cannot serve on 127.0.0.1:{port}" in result.stderr and "Traceback" not in result.stderr
