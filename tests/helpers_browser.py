"""Headless Chromium for the tests (Debian's ``chromium``), and a small DevTools client.

:func:`find_chromium` and the ``chromium`` fixture (skips saying why, or installs it under
CI as root); :class:`Served` runs ``horizon-builder serve`` on a free loopback port;
:func:`terminal_text` opens the served page in Chromium and reads the text the page's
terminal (xterm.js, drawn on a canvas: ``--dump-dom`` shows none of it) holds, through
the DevTools protocol (aiohttp, which textual-serve brings, is the websocket client).
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import itertools
import os
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import AsyncIterator, Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

INSTALL = "apt-get update && apt-get install -y chromium"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--hide-scrollbars"]

#: Run in the page before its own scripts: keeps the xterm.js terminal that textual-serve's
#: page makes (``this.terminal = new Terminal(...)``) where the test can read it.
KEEP_TERMINAL = """
Object.defineProperty(Object.prototype, "terminal", {
  configurable: true,
  set(value) {
    Object.defineProperty(this, "terminal", {value, writable: true, configurable: true});
    (window.__terminals = window.__terminals || []).push(value);
  },
});
// what the page opens (downloads, pages to print) is kept for the test, not opened
window.__opened = [];
window.open = (url) => { window.__opened.push(String(url)); return null; };
"""
#: The terminal's screen, one string a row.
READ_TERMINAL = """
(() => {
  const term = (window.__terminals || [])[0];
  if (!term) return "";
  const buffer = term.buffer.active, rows = [];
  for (let i = 0; i < buffer.length; i++) {
    const line = buffer.getLine(i);
    rows.push(line ? line.translateToString(true) : "");
  }
  return rows.join("\\n");
})()
"""


def find_chromium() -> str | None:
    for name in ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable"):
        found = shutil.which(name)
        if found:
            return found
    return None


@pytest.fixture(scope="module", name="chromium")
def chromium_fixture() -> str:
    """Chromium's path (import this into a test module to use the ``chromium`` fixture)."""
    found = find_chromium()
    if found:
        return found
    if os.environ.get("CI") and hasattr(os, "geteuid") and os.geteuid() == 0 and shutil.which("apt-get"):
        result = subprocess.run(["sh", "-c", INSTALL], capture_output=True, text=True, timeout=900,
                                env={**os.environ, "DEBIAN_FRONTEND": "noninteractive"})
        found = find_chromium()
        if found:
            return found
        pytest.fail(f"installing Chromium failed ({INSTALL}):\n{result.stderr[-2000:]}")
    pytest.skip(f"Chromium not found: install it with `{INSTALL}` (as root), "
                "or run the tests with CI=1 as root to let the test install it")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def wait_for_port(port: int, process: subprocess.Popen[bytes], timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise AssertionError(f"the server stopped: {process.stderr.read().decode()[-2000:]}"
                                 if process.stderr else "the server stopped")
        with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 1):
            return
        time.sleep(0.2)
    raise AssertionError(f"nothing listens on port {port} after {timeout} s")


def _stop(process: subprocess.Popen[bytes]) -> None:
    process.terminate()
    try:
        process.wait(timeout=20)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait(timeout=20)


#: The secret the served app asks for in the tests (HORIZON_BUILDER_SERVE_TOKEN).
TOKEN = "test-secret-0123456789abcdef"


@contextlib.contextmanager
def served(*args: str, cwd: Path) -> Iterator[str]:
    """``horizon-builder serve ARGS`` on a free loopback port, with :data:`TOKEN` as its
    secret: yields the page's address with the secret (``http://127.0.0.1:PORT/?token=...``)."""
    port = free_port()
    process = subprocess.Popen([sys.executable, "-m", "horizon_builder", "serve", *args,
                                "--port", str(port)], cwd=cwd, stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE,
                               env={**os.environ, "COLUMNS": "120",
                                    "HORIZON_BUILDER_SERVE_TOKEN": TOKEN})
    try:
        wait_for_port(port, process)
        yield f"http://127.0.0.1:{port}/?token={TOKEN}"
    finally:
        _stop(process)


class DevTools:
    """One page of a Chromium started with ``--remote-debugging-port``: send a command, read
    its result (events are skipped)."""

    def __init__(self, websocket: Any) -> None:
        self._websocket = websocket
        self._ids = itertools.count(1)

    async def send(self, method: str, **params: Any) -> dict[str, Any]:
        number = next(self._ids)
        await self._websocket.send_json({"id": number, "method": method, "params": params})
        while True:
            message = await asyncio.wait_for(self._websocket.receive_json(), 60)
            if message.get("id") == number:
                if "error" in message:
                    raise AssertionError(f"DevTools {method}: {message['error']}")
                return dict(message.get("result", {}))

    async def evaluate(self, expression: str) -> Any:
        result = await self.send("Runtime.evaluate", expression=expression, returnByValue=True)
        return result.get("result", {}).get("value")


@contextlib.contextmanager
def browser(chromium: str, profile: Path, size: tuple[int, int]) -> Iterator[int]:
    """Headless Chromium on about:blank with a fresh profile: yields its DevTools port."""
    profile.mkdir(parents=True, exist_ok=True)
    process = subprocess.Popen([chromium, *FLAGS, f"--user-data-dir={profile}",
                                "--remote-debugging-port=0", "--remote-allow-origins=*",
                                f"--window-size={size[0]},{size[1]}", "about:blank"],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        active = profile / "DevToolsActivePort"
        deadline = time.monotonic() + 60
        while not (active.is_file() and active.read_text().strip()):
            if process.poll() is not None or time.monotonic() > deadline:
                raise AssertionError("Chromium did not open its DevTools port")
            time.sleep(0.2)
        yield int(active.read_text().split()[0])
    finally:
        _stop(process)


async def _page_websocket(session: Any, port: int) -> str:
    for _ in range(100):
        async with session.get(f"http://127.0.0.1:{port}/json/list") as response:
            pages = [t for t in await response.json() if t.get("type") == "page"]
        if pages:
            return str(pages[0]["webSocketDebuggerUrl"])
        await asyncio.sleep(0.1)
    raise AssertionError("Chromium shows no page")


class ServedPage:
    """The served page in Chromium: read its terminal, type into it, see what it opened."""

    def __init__(self, devtools: DevTools) -> None:
        self.devtools = devtools

    async def text(self) -> str:
        return str(await self.devtools.evaluate(READ_TERMINAL) or "")

    async def wait_for(self, done: Callable[[str], bool], timeout: float = 60) -> str:
        """The terminal's text once ``done(text)`` holds (or at ``timeout``)."""
        text = ""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            text = await self.text()
            if done(text):
                break
            await asyncio.sleep(0.5)
        return text

    async def press(self, key: str, ctrl: bool = False) -> None:
        """One key typed into the terminal, as a keyboard would (a letter; ``ctrl`` held)."""
        await self.devtools.evaluate("window.__terminals[0].focus()")  # as a tap on it
        code = f"Key{key.upper()}"
        common = {"key": key, "code": code, "windowsVirtualKeyCode": ord(key.upper()),
                  "modifiers": 2 if ctrl else 0}
        await self.devtools.send("Input.dispatchKeyEvent", type="keyDown",
                                 **({} if ctrl else {"text": key}), **common)
        await self.devtools.send("Input.dispatchKeyEvent", type="keyUp", **common)

    async def opened(self) -> list[str]:
        """The addresses the page asked to open (a download, a page to print)."""
        return list(await self.devtools.evaluate("window.__opened || []") or [])

    async def screenshot(self, target: Path) -> None:
        await asyncio.sleep(1)  # the last frame drawn, the fade-in over
        shot = await self.devtools.send("Page.captureScreenshot", format="png")
        target.write_bytes(base64.b64decode(shot["data"]))


@contextlib.asynccontextmanager
async def served_page(chromium: str, url: str, profile: Path,
                      size: tuple[int, int] = (1024, 768)) -> AsyncIterator[ServedPage]:
    """``url`` (a served app) open in headless Chromium."""
    import aiohttp

    with browser(chromium, profile, size) as port:
        async with aiohttp.ClientSession() as session:
            address = await _page_websocket(session, port)
            async with session.ws_connect(address, max_msg_size=0) as websocket:
                devtools = DevTools(websocket)
                await devtools.send("Page.enable")
                await devtools.send("Page.addScriptToEvaluateOnNewDocument", source=KEEP_TERMINAL)
                await devtools.send("Page.navigate", url=url)
                yield ServedPage(devtools)


async def read_served_page(chromium: str, url: str, profile: Path, done: Callable[[str], bool],
                           size: tuple[int, int] = (1024, 768), timeout: float = 60,
                           screenshot: Path | None = None) -> str:
    """Open ``url`` and return the terminal's text once ``done(text)`` (or at ``timeout``);
    with ``screenshot``, a PNG of the page is written there."""
    async with served_page(chromium, url, profile, size) as page:
        text = await page.wait_for(done, timeout)
        if screenshot is not None:
            await page.screenshot(screenshot)
        return text
