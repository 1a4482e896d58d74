"""The event and the organiser: a folder of lists judged, an event night, and their dialogs."""
