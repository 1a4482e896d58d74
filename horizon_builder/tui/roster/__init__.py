"""The roster: the home screen, the element and command editors, settings, and their widgets and dialogs."""
