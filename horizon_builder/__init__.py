"""horizon-builder: build, check and print Horizon Wars battlegroups and Task Forces."""

__version__ = "0.1.0"
