"""The ``horizon-builder`` command line: subcommands and the text/JSON reports of ``check``."""

from horizon_builder.cli.main import main

__all__ = ["main"]
