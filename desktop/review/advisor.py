"""The computer's side of the viewer: for the viewed seat's decisions (decisions.py), the
advice of replays.advice — searched in the Worker's helper process, once per decision, never
in this process (a search in a thread held Python's lock against the UI thread: stepping
slowed from 18 to 39 ms at p95, issue 20) — its text, and the predictions the learner made
and how they were graded. The viewer shows "đang tính…" until an advice arrives and never
waits for one; the newest wanted is searched first.

The advice of a game stored in the library database is kept there (Store.keep_advice,
migration m005), so opening the game again does not search again: the Worker reads the kept
advice (a damaged row is ignored and searched again), and a searched one is written by a
second job after it is shown — a write that fails (a
locked or full disk) is skipped, the advice is shown all the same. Without a database
(``store_path`` None) advice is computed in memory only.

A decision is named by a Key (position, seat, k): the k-th decision of that seat at that
position. The viewer asks; `ready(key)` says an advice has arrived.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Sequence
from dataclasses import replace
from html import escape
from pathlib import Path
from typing import Any, TypeVar

from desktop.i18n import pick, translate
from desktop.qt import QObject, Signal
from desktop.review.connection import in_store
from desktop.review.decisions import SeatDecisions
from desktop.review.predict import grade_html
from desktop.review.replay import OpenedGame
from desktop.review.words import action_choice, value_text
from desktop.worker import Job, Worker
from engine.actions import Action
from engine.chan import Card
from replays.advice import Advice, DecisionPoint, advise, as_choice
from replays.errors import RecordError
from replays.store import Store

Key = tuple[int, int, int]
T = TypeVar("T")
_STORE_ERRORS = (RecordError, sqlite3.Error, OSError, ValueError)  # what a database may raise


def live_card(point: DecisionPoint) -> Card | None:
    """The card on offer when the decision was made."""
    live = point.before.live
    return None if live is None else live.card


def kept_of(point: DecisionPoint, seat: int, store_path: Path, game_id: int,
            read_only: bool = False) -> Advice | None:
    """On the Worker: the advice kept for a stored game's decision (None: none, a damaged
    one, or no library database there)."""
    return _in_store(store_path, lambda store: store.kept_advice(game_id, point, seat), None,
                     read_only)


def keep_advice(store_path: Path, game_id: int, point: DecisionPoint, advice: Advice) -> bool:
    """On the Worker: keep a searched advice in the library database; False when it could
    not be written (skipped: the advice is shown all the same, and searched again next
    time)."""
    def keep(store: Store) -> bool:
        store.keep_advice(game_id, point, advice)
        return True
    return _in_store(store_path, keep, False)


def _in_store(store_path: Path, use: Callable[[Store], T], failed: T,
              read_only: bool = False) -> T:
    """``use`` on the library database, or ``failed`` when it is not there (never created
    here) or cannot be read or written now."""
    if not store_path.is_file():
        return failed
    try:
        return in_store(store_path, use, read_only)
    except _STORE_ERRORS:
        return failed


def tally_text(answered: int, best: int) -> str:
    """How many predictions were made and how many were the computer's move too."""
    return translate("Viewer", "Đã đoán %n nước", None, answered) + ", " + translate(
        "Viewer", "%n nước trùng nước máy chọn.", None, best)


class Advisor(QObject):
    """Advice and predictions for one opened game; see the module docstring."""

    ready = Signal(object)  # Key
    failed = Signal(object, object)  # Key, the error

    def __init__(self, worker: Worker, parent: QObject | None = None,
                 store_path: Path | None = None, read_only: bool = False) -> None:
        super().__init__(parent)
        self.worker = worker
        self.store_path = store_path  # the library database its games are stored in
        self.read_only = read_only  # another program writes it: advice is read, never kept
        self.decisions: SeatDecisions | None = None
        self.advice: dict[Key, Advice] = {}
        self.jobs: dict[Key, Job[Any]] = {}
        # the grade of each prediction, in full and short (above the next question): made
        # when shown, so in the language shown (issue 20: Ctrl+L left them in Vietnamese)
        self.graded: dict[Key, Callable[[], str]] = {}
        self.graded_short: dict[Key, Callable[[], str]] = {}
        self.asked: set[Key] = set()  # questions answered or skipped
        self.searched: set[Key] = set()  # advice searched (not read back) for this game
        self.score = (0, 0)  # predictions answered, of which the computer's best

    def reset(self, opened: OpenedGame) -> None:
        """A new game: nothing known, nothing asked; work still running is dropped."""
        self.shutdown()
        self.decisions = SeatDecisions(opened)
        self.advice.clear()
        self.searched.clear()
        self.graded.clear()
        self.graded_short.clear()
        self.asked.clear()
        self.score = (0, 0)

    def keys(self, position: int, seat: int) -> list[Key]:
        """The seat's decisions at a position."""
        if self.decisions is None or position < 0:
            return []
        return [(position, seat, k) for k in range(len(self.decisions.at(position, seat)))]

    def point(self, key: Key) -> DecisionPoint:
        """The decision a key names."""
        assert self.decisions is not None
        position, seat, k = key
        return self.decisions.at(position, seat)[k]

    def choices(self, key: Key) -> list[Action]:
        """The legal actions of a decision, as the seat could choose them."""
        assert self.decisions is not None
        return self.decisions.choices(self.point(key))

    def question(self, position: int, seat: int) -> Key | None:
        """The first decision at a position the learner has not been asked about."""
        return next((k for k in self.keys(position, seat) if k not in self.asked), None)

    def skip(self, position: int, seat: int) -> None:
        """No prediction for the decisions at a position."""
        self.asked.update(self.keys(position, seat))

    # ------------------------------------------------------------------ advice

    def want(self, key: Key) -> None:
        """Ask for the advice of a decision (once): a stored game's kept advice is read back
        on the Worker, else it is searched in the helper process; `ready` follows."""
        if key in self.advice or key in self.jobs or self.decisions is None:
            return
        point, seat = self.point(key), key[1]
        point = replace(point, before=point.before.copy())  # the Worker's own
        path, game_id = self.store_path, self.decisions.opened.game_id
        if path is None:
            self._search(key, point, game_id)
            return
        read_only = self.read_only
        self.jobs[key] = self.worker.run(lambda: kept_of(point, seat, path, game_id, read_only),
                                         lambda kept: self._kept(key, point, game_id, kept),
                                         lambda error: self._failed(key, error))

    def _kept(self, key: Key, point: DecisionPoint, game_id: int, kept: Advice | None) -> None:
        if kept is None:
            self._search(key, point, game_id)
        else:
            self._arrived(key, kept)

    def _search(self, key: Key, point: DecisionPoint, game_id: int) -> None:
        """In the helper process, which never opens the database: a second process on the
        file is safe only while this one keeps its locks (issue 20, issue 1)."""
        self.jobs[key] = self.worker.run_apart(
            advise, (point.before, key[1]),
            lambda advice: self._searched(key, point, game_id, advice),
            lambda error: self._failed(key, error))

    def _searched(self, key: Key, point: DecisionPoint, game_id: int, advice: Advice) -> None:
        self.searched.add(key)
        path = self.store_path
        if path is not None and not self.read_only:
            self.worker.run(lambda: keep_advice(path, game_id, point, advice),
                            lambda _: None, lambda _: None)
        self._arrived(key, advice)

    def _arrived(self, key: Key, advice: Advice) -> None:
        self.jobs.pop(key, None)
        self.advice[key] = advice
        self.ready.emit(key)

    def _failed(self, key: Key, error: BaseException) -> None:
        self.jobs.pop(key, None)
        self.failed.emit(key, error)

    def advice_html(self, key: Key, names: Sequence[str]) -> str:
        """What the seat chose, the computer's advice and the value the choice gave up (or the
        grade of the learner's prediction of it)."""
        if key in self.graded:
            return self.graded[key]()
        point = self.point(key)
        live = live_card(point)
        move = action_choice(as_choice(point.action), live)
        title = escape(translate("Viewer", "Máy gợi ý"))
        head = "<p>" + escape(translate("Viewer", "{name} đã chọn: «{move}».").format(
            name=names[key[1]], move=move)) + "</p>"
        advice = self.advice.get(key)
        if advice is None:
            return head + f"<p><i>{title}: " + escape(translate("Viewer", "đang tính…")) + \
                "</i></p>"
        best = action_choice(advice.best, live)
        reason = pick(advice.reason_vi, advice.reason_en)
        judge = pick(advice.judge_vi, advice.judge_en)
        text = f"<p><b>{title} ({escape(judge)}):</b> {escape(best)} — {escape(reason)}</p>"
        try:
            lost: float | None = advice.lost(point.action)
        except ValueError:
            lost = None
        if lost is None:
            verdict = translate("Viewer", "Nước đã đi không có trong các nước máy xét.")
        elif lost <= 1e-9 and as_choice(point.action) != advice.best:  # a tie (issue 15)
            verdict = pick("Nước đã đi ngang nước máy chọn: máy không phân biệt được hai nước.",
                           "The move played is as good as the computer's: it cannot tell the "
                           "two apart.")
        elif lost <= 1e-9:
            verdict = translate("Viewer", "Nước đã đi là nước máy cũng chọn.")
        else:
            verdict = translate("Viewer", "Nước đã đi mất {lost} điểm đánh giá so với nước "
                                          "máy chọn.").format(lost=value_text(lost))
        scale = translate("Viewer", "Điểm đánh giá: cơ hội ù máy ước lượng sau nước đi, thang "
                                    "0–100, đã trừ cái giá của lỗi.")
        if advice.judge != "normal":  # issue 15: the judge's own scale
            scale = pick(f"Điểm đánh giá: {advice.scale_vi}.",
                         f"Evaluation: {advice.scale_en}.")
        return head + text + f"<p>{escape(verdict)}</p><p><small><i>{escape(scale)}</i>" \
            "</small></p>"

    # ------------------------------------------------------------------ predictions

    def grade(self, key: Key, answer: Action, names: Sequence[str]) -> None:
        """Grade a prediction against the advice (which must be there) and keep it."""
        advice = self.advice[key]
        point = self.point(key)
        live = live_card(point)
        try:
            best = advice.lost(answer) <= 1e-9
        except ValueError:
            best = False
        answered, right = self.score
        self.score = score = (answered + 1, right + best)
        real = as_choice(point.action)
        self.asked.add(key)
        self.graded[key] = lambda: grade_html(answer, real, advice, names, live) + \
            f"<p><i>{escape(tally_text(*score))}</i></p>"
        self.graded_short[key] = lambda: grade_html(answer, real, advice, names, live,
                                                    compact=True)

    def shutdown(self) -> None:
        """Drop the answers of advice still being computed."""
        for job in self.jobs.values():
            job.cancel()
        self.jobs.clear()
