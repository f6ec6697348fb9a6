"""Chơi: a hội against three computer players on the rendered chiếu (issue 6, point 3)."""
