"""Only the browser given the secret link drives the served app (issue 35 items 1 and 4).

Before this, any web page open in a browser on the host could open the served app's websocket
and type into an app (read a roster, ``d``, ctrl+s), and a request naming ``Host:
evil.example`` got a page whose websocket pointed at that host (what DNS rebinding needs).
Here a plain websocket client plays the hostile page: a foreign ``Origin``, a wrong ``Host``,
no secret; each is refused before an app is started, and the real page's own requests (its
origin, its cookie) still drive an app. The browser itself: tests/test_served_browser.py.
"""

from __future__ import annotations

import asyncio
import subprocess
import sys
from pathlib import Path

import pytest
from helpers_browser import TOKEN, served
from helpers_tui import copy_example

from horizon_builder.cli.serve import ENV_TOKEN, Gate, page_link

pytest.importorskip("textual_serve", reason="textual-serve is not installed: pip install '.[serve]'")
aiohttp = pytest.importorskip("aiohttp")


# --- the gate's own checks (no server) -----------------------------------------------------

GATE = Gate(TOKEN, 8000, "127.0.0.1")


@pytest.mark.parametrize("host", ["127.0.0.1:8000", "localhost:8000", "[::1]:8000", "LOCALHOST:8000",
                                  "127.0.0.2:8000"])
def test_the_hosts_a_loopback_server_answers_to(host: str) -> None:
    assert GATE.bad_host(host) is None


@pytest.mark.parametrize("host", ["evil.example:8000", "evil.example", "127.0.0.1:8001", "127.0.0.1",
                                  "192.168.1.20:8000", "", None, "::1", "[::1", "a:b:c",
                                  "localhost:80x", "localhost.evil.example:8000"])
def test_a_loopback_server_refuses_every_other_host(host: str | None) -> None:
    assert GATE.bad_host(host) is not None


def test_beyond_loopback_any_address_and_the_names_allowed() -> None:
    gate = Gate(TOKEN, 8000, "0.0.0.0", ("mypc.local",))
    assert gate.bad_host("192.168.1.20:8000") is None
    assert gate.bad_host("mypc.local:8000") is None
    assert gate.bad_host("evil.example:8000") is not None  # a rebinding name: never
    assert Gate(TOKEN, 80, "127.0.0.1").bad_host("localhost") is None  # port 80 goes unsaid


@pytest.mark.parametrize(("origin", "host", "ok"), [
    ("http://127.0.0.1:8000", "127.0.0.1:8000", True),
    ("http://localhost:8000", "localhost:8000", True),
    ("http://evil.example", "127.0.0.1:8000", False),  # another site's page
    ("http://localhost:3000", "localhost:8000", False),  # another server on this computer
    ("http://127.0.0.1:8000", "localhost:8000", False),  # not the address the page came from
    ("null", "127.0.0.1:8000", False),  # a sandboxed frame, a file:// page
    (None, "127.0.0.1:8000", False),
])
def test_a_websocket_only_from_the_page_this_server_sent(origin: str | None, host: str, ok: bool) -> None:
    assert (GATE.bad_origin(origin, host) is None) is ok


def test_the_secret_is_asked_for_and_compared() -> None:
    assert GATE.bad_token(TOKEN) is None
    assert GATE.bad_token(None) and GATE.bad_token("") and GATE.bad_token(TOKEN[:-1] + "x")
    assert GATE.refusal("127.0.0.1:8000", TOKEN, "http://evil.example", websocket=True)
    assert GATE.refusal("127.0.0.1:8000", TOKEN, "http://127.0.0.1:8000", websocket=True) is None


def test_the_printed_link_holds_the_secret() -> None:
    assert page_link("127.0.0.1", 8000, "abc") == "http://127.0.0.1:8000/?token=abc"
    assert page_link("0.0.0.0", 8000, "abc") == "http://127.0.0.1:8000/?token=abc"
    assert page_link("::1", 8000, "abc") == "http://[::1]:8000/?token=abc"


# --- the running server, as a hostile page would try it ----------------------------------

def _base(url: str) -> tuple[str, int]:
    base = url.split("?")[0]
    return base, int(base.split(":")[2].strip("/"))


async def _handshake(port: int, headers: dict[str, str], query: str = "") -> int:
    """The status the server gives a websocket handshake (101: an app was started)."""
    async with aiohttp.ClientSession() as session:
        try:
            async with session.ws_connect(f"http://127.0.0.1:{port}/ws{query}", headers=headers,
                                          timeout=aiohttp.ClientWSTimeout(ws_close=5)) as ws:
                message = await asyncio.wait_for(ws.receive(), 60)  # the app's first bytes
                assert message.type in (aiohttp.WSMsgType.BINARY, aiohttp.WSMsgType.TEXT)
                await ws.close()
                return 101
        except aiohttp.WSServerHandshakeError as refused:
            return refused.status


async def test_a_foreign_page_a_wrong_host_and_no_secret_are_refused(tmp_path: Path) -> None:
    root = tmp_path / "lists"
    root.mkdir()
    copy_example(root, "hvy-cav-battlegroup.toml")
    with served("lists/hvy-cav-battlegroup.toml", "--root", str(root), cwd=tmp_path) as url:
        base, port = _base(url)
        own = f"http://127.0.0.1:{port}"
        cookie = f"horizon-builder-{port}={TOKEN}"
        # a page of another site, with the secret even: refused
        assert await _handshake(port, {"Origin": "http://evil.example", "Cookie": cookie}) == 403
        # another server on this computer (same site for cookies, another origin): refused
        assert await _handshake(port, {"Origin": "http://127.0.0.1:1", "Cookie": cookie}) == 403
        # a rebinding name: the Host and the Origin agree, but the name is not this server's
        assert await _handshake(port, {"Host": f"evil.example:{port}", "Origin": f"http://evil.example:{port}",
                                       "Cookie": cookie}) == 403
        # this server's own origin without the secret, or with a wrong one: refused
        assert await _handshake(port, {"Origin": own}) == 403
        assert await _handshake(port, {"Origin": own, "Cookie": f"horizon-builder-{port}=guess"}) == 403
        # the page itself (its origin and its cookie, or the secret in the address) drives an app
        assert await _handshake(port, {"Origin": own, "Cookie": cookie}) == 101
        assert await _handshake(port, {"Origin": own}, f"?token={TOKEN}") == 101

        async with aiohttp.ClientSession() as session:
            async with session.get(base) as page:  # no secret: no page
                assert page.status == 403
                assert "?token=" in await page.text()
            async with session.get(base, headers={"Host": f"evil.example:{port}"},
                                   params={"token": TOKEN}) as page:
                assert page.status == 403 and "evil.example" not in page.headers.get("Set-Cookie", "")
            async with session.get(f"{base}download/anything") as download:
                assert download.status == 403
            async with session.get(url) as page:  # the printed link
                assert page.status == 200
                assert f'data-session-websocket-url="ws://127.0.0.1:{port}/ws"' in await page.text()
                assert page.cookies[f"horizon-builder-{port}"].value == TOKEN
                assert page.cookies[f"horizon-builder-{port}"]["httponly"]
                assert page.headers["Referrer-Policy"] == "no-referrer"


def _serve(*args: str, cwd: Path, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    import os

    return subprocess.run([sys.executable, "-m", "horizon_builder", "serve", *args], cwd=cwd,
                          capture_output=True, text=True, timeout=60, env={**os.environ, **(env or {})})


def test_serving_beyond_this_computer_needs_network_and_warns(tmp_path: Path) -> None:
    from helpers_browser import free_port

    refused = _serve("--host", "0.0.0.0", "--port", str(free_port()), cwd=tmp_path)
    assert refused.returncode == 2 and "--network" in refused.stderr
    assert "Traceback" not in refused.stderr


def test_a_secret_too_short_to_protect_is_refused(tmp_path: Path) -> None:
    result = _serve("--port", "8000", cwd=tmp_path, env={ENV_TOKEN: "short"})
    assert result.returncode == 2 and f"{ENV_TOKEN} must be at least" in result.stderr


def test_the_link_printed_at_the_start_holds_a_new_secret(tmp_path: Path) -> None:
    """Started as a user starts it (no secret set), the link it prints opens the page."""
    import os
    import time
    import urllib.error
    import urllib.request

    from helpers_browser import free_port, wait_for_port

    port = free_port()
    env = {k: v for k, v in os.environ.items() if k != ENV_TOKEN}
    process = subprocess.Popen([sys.executable, "-m", "horizon_builder", "serve", "--port", str(port)],
                               cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               env=env)
    try:
        wait_for_port(port, process)
        assert process.stdout is not None
        link = ""
        deadline = time.monotonic() + 30
        while "?token=" not in link and time.monotonic() < deadline:
            link = process.stdout.readline().strip()
        assert link.startswith(f"http://127.0.0.1:{port}/?token=") and len(link.split("=")[1]) >= 24
        assert urllib.request.urlopen(link, timeout=30).status == 200
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(link.split("?")[0], timeout=30)
        assert refused.value.code == 403
    finally:
        process.terminate()
        process.wait(timeout=20)


# --- a bounded cost per visitor (issue 35 item 3) -------------------------------------------

@pytest.mark.parametrize(("asked", "given"), [
    (("120", "40"), (120, 40)), ((20000, 20000), (500, 200)), (("x", None), (80, 24)),
    ((-5, 0), (1, 1)), (("1e9", "3.5"), (80, 24)),
])
def test_a_terminal_asked_for_is_cut_to_the_largest(asked: tuple[object, object],
                                                     given: tuple[int, int]) -> None:
    from horizon_builder.cli.serve import terminal_size

    assert terminal_size(*asked) == given


async def test_a_resize_message_is_cut_and_a_malformed_one_dropped() -> None:
    from horizon_builder.cli.serve import _on_browser_message

    class Service:
        def __init__(self) -> None:
            self.sizes: list[tuple[int, int]] = []
            self.typed: list[bytes] = []

        async def set_terminal_size(self, width: int, height: int) -> None:
            self.sizes.append((width, height))

        async def send_bytes(self, data: bytes) -> None:
            self.typed.append(data)

    class Message:
        def __init__(self, data: str) -> None:
            self.type, self.data = aiohttp.WSMsgType.TEXT, data

    service = Service()
    for data in ('["resize", {"width": 20000, "height": 20000}]', '["resize", "big"]', "not json",
                 '["stdin"]', '[]', '{"a": 1}', '["stdin", "q"]', '["stdin", 5]'):
        await _on_browser_message(Message(data), None, service)
    assert service.sizes == [(500, 200)]
    assert service.typed == [b"q"]


async def test_sessions_are_capped_with_a_clear_page_when_full(tmp_path: Path) -> None:
    root = tmp_path / "lists"
    root.mkdir()
    copy_example(root, "hvy-cav-battlegroup.toml")
    with served("lists/hvy-cav-battlegroup.toml", "--root", str(root), "--max-sessions", "1",
                cwd=tmp_path) as url:
        _, port = _base(url)
        headers = {"Origin": f"http://127.0.0.1:{port}", "Cookie": f"horizon-builder-{port}={TOKEN}"}
        async with aiohttp.ClientSession() as session:
            first = await session.ws_connect(f"http://127.0.0.1:{port}/ws", headers=headers)
            await asyncio.wait_for(first.receive(), 60)  # the first visitor's app runs
            async with session.get(url) as page:
                assert page.status == 503
                assert "full: 1 visitors' apps are open" in await page.text()
            with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                await session.ws_connect(f"http://127.0.0.1:{port}/ws", headers=headers)
            assert refused.value.status == 503
            await first.close()
            for _ in range(100):  # the place is given back once the first app has stopped
                async with session.get(url) as page:
                    if page.status == 200:
                        break
                await asyncio.sleep(0.2)
            assert page.status == 200
        assert await _handshake(port, headers) == 101


def test_max_sessions_below_one_is_refused(tmp_path: Path) -> None:
    result = _serve("--max-sessions", "0", cwd=tmp_path)
    assert result.returncode == 2 and "--max-sessions 0" in result.stderr
