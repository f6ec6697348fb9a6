"""Driving Học in tests: progress.db is read and written on the Worker, one job at a time
(desktop/learn/progress_queue.py, issue 20), so a test waits for those jobs before it looks
at the file or at what the screen read from it."""

from __future__ import annotations

from desktop_driver import TIMEOUT
from pytestqt.qtbot import QtBot

from desktop.learn.screen import LearnScreen
from lessons.item import Item
from lessons.progress import Answer, Progress


def settled(qtbot: QtBot, learn: LearnScreen) -> None:
    """Every read and write of the screen has run and called back."""
    qtbot.waitUntil(lambda: learn.queue.idle and learn.worker.pending() == 0, timeout=TIMEOUT)


def stored_answers(qtbot: QtBot, learn: LearnScreen) -> list[Answer]:
    """The answers progress.db holds once the screen's writes are done."""
    settled(qtbot, learn)
    with Progress.open(learn.progress_path) as progress:
        return progress.answers()


def add_items(qtbot: QtBot, learn: LearnScreen, items: list[Item]) -> None:
    """New items in the learner's schedule (due at once), and the first page read again."""
    settled(qtbot, learn)
    with Progress.open(learn.progress_path) as progress:
        progress.add(items)
    learn.refresh()
    settled(qtbot, learn)
