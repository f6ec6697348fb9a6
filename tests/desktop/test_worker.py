"""Long work runs off the UI thread through the one Worker and calls back on the UI thread."""

from __future__ import annotations

import threading

import pytest
from pytestqt.qtbot import QtBot

from desktop.worker import Worker


def test_the_function_runs_in_the_pool_and_the_callback_on_the_ui_thread(qtbot: QtBot) -> None:
    worker = Worker()
    ui = threading.get_ident()
    ran_in: list[int] = []
    got: list[tuple[int, int]] = []

    def work() -> int:
        ran_in.append(threading.get_ident())
        return 42

    worker.run(work, lambda result: got.append((result, threading.get_ident())))
    qtbot.waitUntil(lambda: bool(got), timeout=3000)
    assert got == [(42, ui)] and ran_in[0] != ui
    assert worker.pending() == 0


def test_errors_reach_on_failed(qtbot: QtBot) -> None:
    worker = Worker()
    errors: list[BaseException] = []

    def boom() -> None:
        raise ValueError("no")

    worker.run(boom, lambda _: pytest.fail("no result expected"), errors.append)
    qtbot.waitUntil(lambda: bool(errors), timeout=3000)
    assert isinstance(errors[0], ValueError)


def test_a_cancelled_job_never_calls_back(qtbot: QtBot) -> None:
    worker = Worker()
    gate = threading.Event()
    got: list[int] = []
    job = worker.run(lambda: gate.wait(2) and 1, got.append)
    job.cancel()
    gate.set()
    assert worker.wait(3000)
    qtbot.wait(30)
    assert got == [] and job.finished
