"""``horizon-builder rules``: its command line (the work is in :mod:`horizon_builder.cli.rulebook`).

Every command builds this parser (``check`` among them), so it imports nothing the rules
command alone needs.
"""

from __future__ import annotations

import argparse


def add_parser(sub: argparse._SubParsersAction) -> None:
    rules = sub.add_parser("rules", help="every rule value in force with its source; export or "
                           "import your rulebook (values you entered from the core book)")
    rules.add_argument("action", nargs="?", choices=("list", "export", "import"), default="list",
                       help="list (default), export FILE or import FILE")
    rules.add_argument("file", nargs="?", metavar="FILE", help="for export and import")
    rules.add_argument("--unknown", action="store_true",
                       help="only the values still unknown or provisional")
    rules.add_argument("--format", choices=("text", "json", "toml"), default="text",
                       help="how to print the list (default: text)")
    rules.add_argument("--no-personal-rules", action="store_true",
                       help="leave out your rulebook (the book data alone)")
    rules.add_argument("--yes", action="store_true", help="import: write the changes shown")
    rules.set_defaults(func=rules_main)


def rules_main(args: argparse.Namespace) -> int:
    from horizon_builder.cli.rulebook import rules_main as run

    return run(args)
