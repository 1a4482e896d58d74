"""The shared room: the base dialog, the session views, and the widgets and helpers every feature uses."""
