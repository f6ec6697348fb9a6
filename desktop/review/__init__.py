"""Xem lại: the saved games and the analysis of each (the replay viewer comes later)."""
