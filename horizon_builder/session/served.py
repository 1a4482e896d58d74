"""The app in a browser: ``horizon-builder serve`` runs the same app through textual-serve.

Each visitor's browser gets its own app process, started with the served folder in
:data:`ENV_ROOT` and as its working folder. In that *served mode* every file the app
opens or writes must lie inside the served folder (:func:`outside_root`: no ``..``, no
absolute path elsewhere, no link that leads out), and exports reach the visitor's
browser as downloads instead of the host's disk. No Textual here: the app asks
:func:`outside_root`, the command line uses :func:`serve_main`.
"""

from __future__ import annotations

import argparse
import ipaddress
import os
import shlex
import subprocess
import sys
from pathlib import Path
from typing import Any

#: Set by ``serve`` for the app processes it starts: the folder a visitor may use.
ENV_ROOT = "HORIZON_BUILDER_SERVE_ROOT"
#: How to get the optional part that serves the app (textual-serve and its web server).
INSTALL_HINT = ("from the source folder, pip install '.[serve]'; or add textual-serve to the "
                "environment horizon-builder runs in (pip install textual-serve; with pipx: pipx "
                "inject horizon-builder textual-serve; with uv: install it again with "
                "uv tool install --reinstall --with textual-serve ...)")
DEFAULT_PORT = 8000


def served_root() -> Path | None:
    """The served folder when this process runs for ``serve`` (None: a local app)."""
    value = os.environ.get(ENV_ROOT, "").strip()
    return Path(value).resolve() if value else None


def outside_root(path: Path | str, root: Path | None) -> str | None:
    """Why ``path`` may not be used by a visitor of the served app, or None when it may.

    The path is taken relative to the working folder (the served folder) and resolved:
    ``..`` and symbolic links are followed first, so neither can lead out of ``root``.
    """
    if root is None:
        return None
    try:
        resolved = Path(path).expanduser().resolve()
        resolved.relative_to(root)
    except RuntimeError:  # a link loop, or "~someone"
        return f"{path} cannot be used here."
    except ValueError:
        return f"Outside the served folder: only files in {root} can be used."
    except OSError as exc:
        return f"{path} cannot be used: {exc.strerror or exc}."
    return None


def is_loopback(host: str) -> bool:
    """True when only this computer can reach ``host`` (127.0.0.0/8, ::1, localhost)."""
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def app_command(file: Path | None, rulesets: list[str]) -> str:
    """The shell command textual-serve runs for each visitor: this Python, this package."""
    argv = [sys.executable, "-m", "horizon_builder"]
    if file is not None:
        argv.append(str(file))
    for ruleset in rulesets:
        argv += ["--ruleset", ruleset]
    return subprocess.list2cmdline(argv) if os.name == "nt" else shlex.join(argv)


def _server_class(base: type[Any]) -> type[Any]:
    """textual-serve's server, with the page's addresses (its websocket) taken from the
    address the browser used: served on 0.0.0.0, a tablet reaches it as 192.168.1.20:8000,
    and the page must send it back there, not to 0.0.0.0 (its own machine)."""

    class PageFollowsTheBrowser(base):
        async def handle_index(self, request: Any) -> Any:
            self.public_url = f"{request.scheme}://{request.host}"  # used before any await
            return await super().handle_index(request)

    return PageFollowsTheBrowser


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
    if not is_loopback(args.host):
        print(f"warning: serving on {args.host}: anyone who can reach this computer on port "
              f"{args.port} can open, edit and save the rosters in {root}, with no password. "
              "Use it only on a network you trust, and stop it (ctrl+c) when the game is over.",
              file=sys.stderr)
    os.environ[ENV_ROOT] = str(root)
    os.chdir(root)  # each visitor's app starts in the served folder
    server = _server_class(Server)(app_command(file, rulesets), host=args.host, port=args.port,
                                   title="horizon-builder")
    try:
        server.serve()
    except OSError as exc:  # the port is taken, the address is not this computer's ...
        return _error(f"cannot serve on {args.host}:{args.port}: {exc.strerror or exc}")
    return 0


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    serve = sub.add_parser(
        "serve", help="run the app in a web browser (a tablet, a phone) with textual-serve",
        description="Serve the app to web browsers: open http://HOST:PORT in a browser. "
        "Visitors can open and save rosters only inside --root; exports reach their browser "
        "as downloads.")
    serve.add_argument("file", nargs="?", metavar="FILE",
                       help="the roster each visitor starts on (inside --root)")
    serve.add_argument("--host", default="127.0.0.1",
                       help="address to listen on (default 127.0.0.1: this computer only; "
                       "0.0.0.0: every network it is on)")
    serve.add_argument("--port", type=int, default=DEFAULT_PORT, metavar="N",
                       help=f"port to listen on (default {DEFAULT_PORT})")
    serve.add_argument("--root", default=".", metavar="DIR",
                       help="the folder visitors may open and save in (default: this one)")
    serve.add_argument("--ruleset", action="append", default=[], metavar="FILE",
                       help="a ruleset overrides layer (house rules, an event preset); repeatable")
    serve.set_defaults(func=serve_main)
