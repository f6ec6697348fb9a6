"""A damaged library is never a dead end (issue 20): the offer to restore or salvage it, made
at start and while the program runs, and the window opened again on the mended library."""
