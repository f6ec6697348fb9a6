"""Chắn (RULES.md): the first ruleset of the engine."""
