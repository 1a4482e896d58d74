"""Sharing and files: export, copy as text or share code, open/save/new, the library, autosave recovery."""
