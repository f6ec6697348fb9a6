"""Học: the rules reference (lessons come in their own issue)."""
