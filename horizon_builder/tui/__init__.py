"""The Textual app. Everything here reads and edits a :class:`horizon_builder.session.core.Session`."""
