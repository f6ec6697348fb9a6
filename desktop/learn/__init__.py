"""Học: the lessons and their drills on the rendered chiếu, the learner's progress, and the
rules reference (screen.py assembles the pages)."""
