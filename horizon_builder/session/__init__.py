"""The session: one open roster (its snapshots for undo/redo, its file, rules and report:
:mod:`.core`) and the served mode the app may run in (:mod:`.served`)."""
