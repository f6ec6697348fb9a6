"""Lessons: lesson content as data files, drill generators and grading, built on engine/."""
