"""``horizon-builder serve``: the app in a web browser, through textual-serve.

Only the browser that was given the link ``serve`` printed can drive it (:class:`Gate`): the
page, the websocket that drives an app and the downloads all ask for a per-run secret (the
``?token=`` of that link, then a cookie of this port), the ``Host`` a request names must be
one this server answers to (``localhost``, an IP address, a name given with ``--allow-host``:
never a name a foreign site's DNS could point here), and the websocket's ``Origin`` must be
the page's own. Anything else is refused before an app is started: a page from another site,
open in a browser on the host, can neither read nor drive a roster. Each visitor's app runs
in served mode (``files/served.py``).
"""

from __future__ import annotations

import argparse
import asyncio
import hmac
import ipaddress
import json
import logging
import os
import secrets
import shlex
import subprocess
import sys
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from horizon_builder.files.served import ENV_ROOT, outside_root

#: How to get the optional part that serves the app (textual-serve and its web server).
INSTALL_HINT = ("from the source folder, pip install '.[serve]'; or add textual-serve to the "
                "environment horizon-builder runs in (pip install textual-serve; with pipx: pipx "
                "inject horizon-builder textual-serve; with uv: install it again with "
                "uv tool install --reinstall --with textual-serve ...)")
DEFAULT_PORT = 8000
#: A fixed secret for this run instead of a random one (scripts and tests); read once, then
#: taken out of the environment so that no app process started for a visitor inherits it.
ENV_TOKEN = "HORIZON_BUILDER_SERVE_TOKEN"
#: A secret set in ENV_TOKEN must be at least this long (a guessable one protects nothing).
MIN_TOKEN = 16
#: The largest terminal a visitor's browser may ask for: a 4K screen at a small font is about
#: 500 by 150 cells. A larger request is cut to this (one of 20000 by 20000 cells once took a
#: visitor's app to 2.3 GB).
MAX_COLUMNS, MAX_ROWS = 500, 200
#: How many visitors' apps may run at once, unless --max-sessions says otherwise.
DEFAULT_SESSIONS = 8


def is_loopback(host: str) -> bool:
    """True when only this computer can reach ``host`` (127.0.0.0/8, ::1, localhost)."""
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def _split_host(value: str) -> tuple[str, int | None] | None:
    """``Host`` header (or an origin's netloc) as (name, port); None when malformed."""
    value = value.strip().lower()
    if not value:
        return None
    if value.startswith("["):  # [::1]:8000
        name, _, rest = value[1:].partition("]")
        port = rest[1:] if rest.startswith(":") else ""
        if rest and not rest.startswith(":"):
            return None
    elif value.count(":") == 1:
        name, _, port = value.partition(":")
    elif ":" in value:  # a bare IPv6 address is not a valid Host
        return None
    else:
        name, port = value, ""
    if not port:
        return name, None
    return (name, int(port)) if port.isdigit() else None


def _is_ip(name: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    try:
        return ipaddress.ip_address(name)
    except ValueError:
        return None


class Gate:
    """Who may use the served app: the checks every request passes before it is answered.

    - ``Host`` names a host this server answers to, on its port: ``localhost`` or a loopback
      address; when serving beyond loopback any IP address too; and the names given with
      ``--allow-host``. A name such as ``evil.example`` (whose DNS may point here: a
      "rebinding" attack) is refused, so the page is never built with a foreign address.
    - The secret: the ``?token=`` of the link ``serve`` printed, or the cookie the page set.
    - The websocket's ``Origin`` is the page's own (scheme, host and port of the ``Host``).
    No Textual, no aiohttp: plain strings in, a reason out.
    """

    def __init__(self, token: str, port: int, host: str, allow_hosts: tuple[str, ...] = ()) -> None:
        self.token = token
        self.port = port
        self.network = not is_loopback(host)
        self.names = {"localhost", *(h.lower() for h in allow_hosts)}
        if _is_ip(host.strip("[]")) is None:
            self.names.add(host.lower())

    @property
    def cookie(self) -> str:
        """The cookie that carries the secret; one per port (a cookie is not kept per port)."""
        return f"horizon-builder-{self.port}"

    def bad_host(self, header: str | None) -> str | None:
        """Why a request with this ``Host`` header is refused, or None."""
        parsed = _split_host(header or "")
        if parsed is None:
            return "no Host header" if not header else f"a malformed Host header ({header!r})"
        name, port = parsed
        if (port or 80) != self.port:
            return f"Host {header!r} names another port (this server is on {self.port})"
        address = _is_ip(name)
        if name in self.names or (address is not None and (address.is_loopback or self.network)):
            return None
        return (f"Host {header!r} is not an address this server answers to (add it with "
                "serve --allow-host NAME if it is this computer's name)")

    def bad_token(self, given: str | None) -> str | None:
        """Why this secret is refused, or None (compared in constant time)."""
        if not given:
            return "the secret link is missing"
        if not hmac.compare_digest(given.encode(), self.token.encode()):
            return "the secret in the link is wrong"
        return None

    def bad_origin(self, origin: str | None, host: str | None) -> str | None:
        """Why a websocket from a page of ``origin`` is refused, or None: only the page this
        server sent, at the address the browser used for it, may open one."""
        if not origin:
            return "no Origin (a browser always sends one)"
        parts = urlsplit(origin)
        if parts.scheme not in ("http", "https") or not parts.netloc:
            return f"Origin {origin!r} is not a web page"
        mine = _split_host(host or "")
        theirs = _split_host(parts.netloc)
        default = 443 if parts.scheme == "https" else 80
        if mine is None or theirs is None or (theirs[0], theirs[1] or default) != (mine[0], mine[1] or 80):
            return f"Origin {origin!r} is another site's page"
        return None

    def refusal(self, host: str | None, given: str | None, origin: str | None = None,
                websocket: bool = False) -> str | None:
        """The first reason to refuse a request, or None when it may be answered."""
        return (self.bad_host(host) or (self.bad_origin(origin, host) if websocket else None)
                or self.bad_token(given))


def run_token() -> str:
    """This run's secret: ENV_TOKEN when set (long enough), else a new random one.

    The variable is taken out of the environment, so visitors' app processes never see it."""
    given = os.environ.pop(ENV_TOKEN, "").strip()
    if given and len(given) < MIN_TOKEN:
        raise ValueError(f"{ENV_TOKEN} must be at least {MIN_TOKEN} characters long")
    return given or secrets.token_urlsafe(24)


def app_command(file: Path | None, rulesets: list[str]) -> str:
    """The shell command textual-serve runs for each visitor: this Python, this package."""
    argv = [sys.executable, "-m", "horizon_builder"]
    if file is not None:
        argv.append(str(file))
    for ruleset in rulesets:
        argv += ["--ruleset", ruleset]
    return subprocess.list2cmdline(argv) if os.name == "nt" else shlex.join(argv)


#: What a visitor's app would otherwise share with the host and every other visitor: the
#: host's preferences, recent lists, theme, keymap and rulebook (the config folder), its
#: autosaves (the data folder) and its caches. Each visitor's app gets its own, empty.
PRIVATE_FOLDERS = {"HORIZON_BUILDER_CONFIG_DIR": "config", "HORIZON_BUILDER_DATA_DIR": "data",
                   "HORIZON_BUILDER_CACHE_DIR": "cache"}


def keep_visitor_apart() -> Path:
    """Served mode: point this visitor's app at private, empty folders (removed when it
    ends), so that it reads and writes nothing of the host's or another visitor's.

    Called by the app's entry point before anything is read, when ``serve`` started it."""
    import atexit
    import shutil
    import tempfile

    from horizon_builder.rules.personal import ENV_OFF

    own = Path(tempfile.mkdtemp(prefix="horizon-builder-visitor-"))
    for variable, name in PRIVATE_FOLDERS.items():
        (own / name).mkdir()
        os.environ[variable] = str(own / name)
    os.environ[ENV_OFF] = "1"  # the host's rulebook is not the visitor's
    atexit.register(shutil.rmtree, own, ignore_errors=True)
    return own


def terminal_size(width: object, height: object) -> tuple[int, int]:
    """A size a browser asked for, as whole cells within 1..MAX_COLUMNS and 1..MAX_ROWS
    (anything that is not a number counts as 80 by 24)."""
    def cells(value: object, default: int, most: int) -> int:
        try:
            number = int(str(value))
        except ValueError:
            number = default
        return max(1, min(number, most))

    return cells(width, 80, MAX_COLUMNS), cells(height, 24, MAX_ROWS)


def _server_class(base: type[Any], gate: Gate, max_sessions: int) -> type[Any]:
    """textual-serve's server behind :class:`Gate`, with the page's addresses (its websocket)
    taken from the address the browser used: served on 0.0.0.0, a tablet reaches it as
    192.168.1.20:8000, and the page must send it back there, not to 0.0.0.0 (its own
    machine)."""
    from aiohttp import web

    def check(request: Any, websocket: bool = False) -> None:
        given = request.query.get("token") or request.cookies.get(gate.cookie)
        reason = gate.refusal(request.headers.get("Host"), given, request.headers.get("Origin"),
                              websocket)
        if reason is not None:
            raise web.HTTPForbidden(
                text=f"horizon-builder refused this request: {reason}.\nOpen the link that "
                "'horizon-builder serve' printed when it started (it ends in ?token=...).\n",
                headers={"Referrer-Policy": "no-referrer"})

    visitors: set[Any] = set()  # the visitors' apps now running

    class GatedServer(base):
        async def handle_index(self, request: Any) -> Any:
            check(request)
            if len(visitors) >= max_sessions:
                raise web.HTTPServiceUnavailable(text=full_page(max_sessions),
                                                 headers={"Retry-After": "60"})
            self.public_url = f"{request.scheme}://{request.host}"  # used before any await
            response = await super().handle_index(request)
            response.set_cookie(gate.cookie, gate.token, httponly=True, samesite="Strict", path="/")
            response.headers["Referrer-Policy"] = "no-referrer"  # the link's secret stays here
            return response

        async def handle_websocket(self, request: Any) -> Any:
            """One visitor's app, driven by the page's websocket: checked, counted and
            bounded before the app starts (the browser's messages are read here, so that a
            resize is cut to the largest terminal and a malformed message is dropped)."""
            from textual_serve.app_service import AppService

            check(request, websocket=True)  # before any app is started
            if len(visitors) >= max_sessions:
                raise web.HTTPServiceUnavailable(text=full_page(max_sessions))
            websocket = web.WebSocketResponse(heartbeat=15)
            width, height = terminal_size(request.query.get("width", "80"),
                                          request.query.get("height", "24"))

            async def close() -> None:
                await websocket.close()

            service = AppService(self.command, write_bytes=websocket.send_bytes,
                                 write_str=websocket.send_str, close=close,
                                 download_manager=self.download_manager, debug=self.debug)
            visitors.add(service)
            try:
                await websocket.prepare(request)
                await service.start(width, height)
                async for message in websocket:
                    await _on_browser_message(message, websocket, service)
            except asyncio.CancelledError:
                await websocket.close()
            except Exception:  # one visitor's broken connection must not stop the server
                logging.getLogger("textual-serve").exception("a visitor's app failed")
            finally:
                visitors.discard(service)
                await service.stop()
            return websocket

        async def handle_download(self, request: Any) -> Any:
            check(request)
            return await super().handle_download(request)

        async def on_startup(self, app: Any) -> None:
            return None  # serve_main prints the secret link itself

    return GatedServer


def full_page(max_sessions: int) -> str:
    """What a visitor reads when every place is taken."""
    return (f"horizon-builder is full: {max_sessions} visitors' apps are open already (the "
            "host chose that number with serve --max-sessions). Try again when someone closes "
            "their tab.\n")


async def _on_browser_message(message: Any, websocket: Any, service: Any) -> None:
    """One message of the page's websocket, passed to the visitor's app (keys, a resize cut
    to the largest terminal, focus); a malformed one is dropped."""
    from aiohttp import WSMsgType

    if message.type != WSMsgType.TEXT:
        return
    try:
        kind, data = json.loads(message.data)[:2]
    except (ValueError, TypeError):
        return
    if kind == "stdin" and isinstance(data, str):
        await service.send_bytes(data.encode("utf-8"))
    elif kind == "resize" and isinstance(data, dict):
        await service.set_terminal_size(*terminal_size(data.get("width"), data.get("height")))
    elif kind == "ping":
        await websocket.send_json(["pong", data])
    elif kind == "blur":
        await service.blur()
    elif kind == "focus":
        await service.focus()


def page_link(host: str, port: int, token: str) -> str:
    """The link to open: the served address with this run's secret."""
    shown = "127.0.0.1" if host in ("0.0.0.0", "::", "") else host
    shown = f"[{shown}]" if ":" in shown else shown
    return f"http://{shown}:{port}/?token={token}"


def _error(message: str) -> int:
    print(f"error: {message}", file=sys.stderr)
    return 2


def serve_main(args: argparse.Namespace) -> int:
    """``horizon-builder serve``: check everything, then serve until ctrl+c."""
    if not 0 < args.port < 65536:
        return _error(f"--port {args.port}: a port is a number from 1 to 65535")
    root = Path(args.root).expanduser()
    if not root.is_dir():
        return _error(f"--root {root}: no such folder")
    root = root.resolve()
    file = None
    if args.file is not None:
        file = Path(args.file).expanduser().resolve()
        if file.is_dir():
            return _error(f"{args.file} is a folder: give a roster file (.toml), or use --root")
        if outside_root(file, root) is not None:
            return _error(f"{args.file} is outside the served folder {root}: visitors may "
                          "only use files inside it (choose another --root)")
        file = file.relative_to(root)
    rulesets = [str(Path(r).expanduser().resolve()) for r in args.ruleset]
    try:
        from textual_serve.server import Server
    except ImportError:
        return _error(f"serving the app in a browser needs textual-serve, which is not "
                      f"installed: {INSTALL_HINT}")
    if not is_loopback(args.host) and not args.network:
        return _error(f"--host {args.host} serves beyond this computer: every device that can "
                      f"reach it on port {args.port} could ask for the app. Add --network to "
                      "confirm (see 'Who can reach it' in docs/sharing.md)")
    try:
        token = run_token()
    except ValueError as exc:
        return _error(str(exc))
    if not is_loopback(args.host):
        print(f"warning: serving on {args.host}: anyone on your network who is given the link "
              f"below can open, edit and save the rosters in {root}; the link is the only "
              "password and nothing is encrypted. Use it only on a network you trust, and stop "
              "it (ctrl+c) when the game is over.", file=sys.stderr)
    if args.max_sessions < 1:
        return _error(f"--max-sessions {args.max_sessions}: at least 1")
    gate = Gate(token, args.port, args.host, tuple(args.allow_host))
    os.environ[ENV_ROOT] = str(root)
    os.chdir(root)  # each visitor's app starts in the served folder
    server = _server_class(Server, gate, args.max_sessions)(app_command(file, rulesets), host=args.host,
                                         port=args.port, title="horizon-builder")
    print(f"Serving the rosters in {root}. Open this link in a browser (it holds this run's "
          f"secret; share it only with the people who may edit them):\n\n    "
          f"{page_link(args.host, args.port, token)}\n", flush=True)
    if not is_loopback(args.host):
        print("From another device, use this computer's address on the network in place of "
              "127.0.0.1 (for example 192.168.1.20).", flush=True)
    print("Press ctrl+c to stop.", flush=True)
    try:
        server.serve()
    except OSError as exc:  # the port is taken, the address is not this computer's ...
        return _error(f"cannot serve on {args.host}:{args.port}: {exc.strerror or exc}")
    return 0


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    serve = sub.add_parser(
        "serve", help="run the app in a web browser (a tablet, a phone) with textual-serve",
        description="Serve the app to web browsers: open http://HOST:PORT in a browser. "
        "Only browsers given the secret link it prints can use it. Visitors can open and save "
        f"rosters only inside --root; exports reach their browser as downloads. {ENV_TOKEN} "
        "sets the secret instead of a random one.")
    serve.add_argument("file", nargs="?", metavar="FILE",
                       help="the roster each visitor starts on (inside --root)")
    serve.add_argument("--host", default="127.0.0.1",
                       help="address to listen on (default 127.0.0.1: this computer only; "
                       "0.0.0.0: every network it is on, which needs --network)")
    serve.add_argument("--network", action="store_true",
                       help="confirm serving beyond this computer (a --host other than loopback)")
    serve.add_argument("--allow-host", action="append", default=[], metavar="NAME",
                       help="a name of this computer browsers may use for it (such as "
                       "mypc.local); IP addresses and localhost need none; repeatable")
    serve.add_argument("--port", type=int, default=DEFAULT_PORT, metavar="N",
                       help=f"port to listen on (default {DEFAULT_PORT})")
    serve.add_argument("--root", default=".", metavar="DIR",
                       help="the folder visitors may open and save in (default: this one)")
    serve.add_argument("--max-sessions", type=int, default=DEFAULT_SESSIONS, metavar="N",
                       help=f"how many browser tabs may have an app open at once (default "
                       f"{DEFAULT_SESSIONS}; each costs about 60 MB, see docs/sharing.md)")
    serve.add_argument("--ruleset", action="append", default=[], metavar="FILE",
                       help="a ruleset overrides layer (house rules, an event preset); repeatable")
    serve.set_defaults(func=serve_main)
