"""The user's own files beside the rosters: preferences, autosaves of unsaved work, and a
folder's rosters at a glance (the Open dialog's library)."""
