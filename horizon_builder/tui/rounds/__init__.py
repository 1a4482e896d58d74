"""Tournament rounds of a Task Force: the rounds screen, its actions, lists and dialogs."""
