"""Long work runs off the UI thread through the one Worker and calls back on the UI thread."""

from __future__ import annotations

import os
import threading
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path

import process_jobs
import pytest
from desktop_driver import TIMEOUT
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


def _gate(tmp_path: Path) -> Path:
    gate = tmp_path / "gate"
    gate.mkdir()
    return gate


def test_run_apart_runs_in_the_helper_process_and_calls_back_on_the_ui_thread(
        qtbot: QtBot) -> None:
    """The advice search runs there: in a thread it would hold Python's lock against the UI
    thread (issue 20)."""
    worker = Worker()
    ui = threading.get_ident()
    got: list[tuple[int, int]] = []
    worker.run_apart(process_jobs.pid, (), lambda pid: got.append((pid, threading.get_ident())))
    qtbot.waitUntil(lambda: bool(got), timeout=TIMEOUT)
    assert got[0][0] != os.getpid() and got[0][1] == ui
    assert worker.pending() == 0


def test_run_apart_serves_the_newest_first_and_never_starts_a_cancelled_job(
        qtbot: QtBot, tmp_path: Path) -> None:
    gate = _gate(tmp_path)
    worker = Worker()
    order: list[str] = []
    worker.run_apart(process_jobs.held, (gate, "first"), order.append)
    qtbot.waitUntil(lambda: any(gate.glob("pid-*")), timeout=TIMEOUT)  # the process is busy
    older = worker.run_apart(process_jobs.held, (gate, "older"), order.append)
    worker.run_apart(process_jobs.held, (gate, "newer"), order.append)
    dropped = worker.run_apart(process_jobs.held, (gate, "dropped"), order.append)
    dropped.cancel()
    assert worker.pending() == 3  # the cancelled job will never call back
    (gate / "open").touch()
    qtbot.waitUntil(lambda: len(order) == 3 and worker.pending() == 0, timeout=TIMEOUT)
    assert order == ["first", "newer", "older"] and older.finished and dropped.finished


def test_a_helper_process_that_dies_is_said_and_the_next_job_gets_a_new_one(
        qtbot: QtBot) -> None:
    worker = Worker()
    errors: list[BaseException] = []
    worker.run_apart(process_jobs.crash, (), lambda _: pytest.fail("no result expected"),
                     errors.append)
    qtbot.waitUntil(lambda: bool(errors), timeout=TIMEOUT)
    assert isinstance(errors[0], BrokenProcessPool)
    got: list[int] = []
    worker.run_apart(process_jobs.pid, (), got.append)
    qtbot.waitUntil(lambda: bool(got), timeout=TIMEOUT)
    assert got[0] != os.getpid()


def test_close_drops_every_job_and_wait_does_not_wait_for_a_cancelled_search(
        qtbot: QtBot, tmp_path: Path) -> None:
    """The window closing does not wait for an advice being searched."""
    gate = _gate(tmp_path)
    worker = Worker()
    got: list[str] = []
    worker.run_apart(process_jobs.held, (gate, "running"), got.append)
    worker.run_apart(process_jobs.held, (gate, "waiting"), got.append)
    qtbot.waitUntil(lambda: any(gate.glob("pid-*")), timeout=TIMEOUT)
    worker.close()
    assert worker.pending() == 0 and worker.wait(0)
    (gate / "open").touch()
    after: list[int] = []
    worker.run_apart(process_jobs.pid, (), after.append)  # served after the running job
    qtbot.waitUntil(lambda: bool(after), timeout=TIMEOUT)
    assert got == [] and not (gate / "ran-waiting").exists()
