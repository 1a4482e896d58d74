"""The rules: the Rules screen and your rulebook (entering a value, undoing it)."""
