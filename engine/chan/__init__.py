"""Chắn (RULES.md), the first ruleset: the face the layers above reach it through.

replays/, lessons/ and desktop/ import Chắn from here (or engine.chan.ai for the computer
players), never from its modules (tests/test_layers.py): ``CHAN`` is the ruleset object.
"""

from engine.chan.ruleset import CHAN

__all__ = ["CHAN"]
