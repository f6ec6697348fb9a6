"""The computer's side of the Tổ tôm viewer: at each decision of the viewed seat, the advice of
``engine.totom.make_player("normal").judge`` — computed in the Worker's helper process, once per
decision (desktop.review.tom_advice), never on the UI thread; the viewer shows "đang tính…"
until it arrives and never waits for it (issue 20 §5).

A decision is named as Chắn's advisor names it, by a Key (position, seat, k): the seat's
recorded event at ``position`` (k = 0; the call is judged by the result, not advised). A
forced move comes back as None and is not shown.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any

from desktop.i18n import pick, translate
from desktop.qt import QObject, Signal
from desktop.review.advisor import Key
from desktop.review.tom_advice import Point, TomAdvice, judge
from desktop.review.tom_replay import TomOpened
from desktop.worker import Job, Worker
from engine.actions import Act
from engine.totom import TomAction
from replays.games import record_game
from replays.report_page import seat_name


def move_text(action: object, players: Sequence[Any]) -> str:
    """What an action (or its text) does, without who does it ("đánh cửu vạn")."""
    a = action if isinstance(action, TomAction) else TomAction.parse(str(action))
    vi, en = record_game("to_tom").report().action_text(a, players)
    who_vi, who_en = seat_name(a.seat, players)
    return pick(vi.removeprefix(who_vi), en.removeprefix(who_en)).strip()


class TomAdvisor(QObject):
    """Advice for one opened Tổ tôm game; see the module docstring."""

    ready = Signal(object)  # Key
    failed = Signal(object, object)  # Key, the error

    def __init__(self, worker: Worker, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.worker = worker
        self.opened: TomOpened | None = None
        self.advice: dict[Key, TomAdvice | None] = {}
        self.jobs: dict[Key, Job[Any]] = {}

    def reset(self, opened: TomOpened) -> None:
        """A new game: nothing known; work still running is dropped."""
        self.shutdown()
        self.opened = opened
        self.advice.clear()

    def keys(self, position: int, seat: int) -> list[Key]:
        """The seat's decision at a position: its recorded event there (not the call)."""
        o = self.opened
        if o is None or not 0 <= position < o.events:
            return []
        action = o.actions[position]
        if action.seat != seat or action.act is Act.CALL \
                or o.states[position].actor != seat:
            return []
        return [(position, seat, 0)]

    def want(self, key: Key) -> None:
        """Ask for the advice of a decision (once), in the helper process; `ready` follows."""
        o = self.opened
        if o is None or key in self.advice or key in self.jobs:
            return
        point = Point.of(o.states[key[0]], key[1])
        self.jobs[key] = self.worker.run_apart(
            judge, (point,), lambda advice: self._arrived(key, advice),
            lambda error: self._failed(key, error))

    def _arrived(self, key: Key, advice: TomAdvice | None) -> None:
        self.jobs.pop(key, None)
        self.advice[key] = advice
        self.ready.emit(key)

    def _failed(self, key: Key, error: BaseException) -> None:
        self.jobs.pop(key, None)
        self.failed.emit(key, error)

    def advice_html(self, key: Key, names: Sequence[str]) -> str:
        """What the seat chose and the computer's advice: its choice and reason, where the
        move played ranks among the legal ones, and the offences it recorded (T4.16)."""
        o = self.opened
        assert o is not None
        played = o.actions[key[0]]
        players = o.players
        title = escape(translate("TomReview", "Máy gợi ý"))
        head = "<p>" + escape(translate("TomReview", "{name} đã chọn: «{move}».").format(
            name=names[key[1]], move=move_text(played, players))) + "</p>"
        if key not in self.advice:
            return head + f"<p><i>{title}: " + escape(translate("TomReview", "đang tính…")) \
                + "</i></p>"
        advice = self.advice[key]
        if advice is None:  # one legal move: nothing to weigh
            return head
        best = move_text(advice.best, players)
        reason = pick(advice.reason_vi, advice.reason_en)
        level = translate("TomReview", "máy thường")
        text = f"<p><b>{title} ({escape(level)}):</b> {escape(best)} — {escape(reason)}</p>"
        rank = advice.rank(str(played))
        if rank == 1:
            verdict = translate("TomReview", "Nước đã đi là nước máy cũng chọn.")
        elif rank is None:
            verdict = translate("TomReview", "Nước đã đi không có trong các nước máy xét.")
        else:
            verdict = translate("TomReview", "Máy xếp nước đã đi thứ {rank} trong {n} nước được "
                                             "đi.").format(rank=rank, n=len(advice.ranked))
        faults = advice.faults_of(str(played))
        if faults:
            verdict += " " + translate("TomReview", "Nước này phạm {rules}.").format(
                rules=", ".join(faults))
        return head + text + f"<p>{escape(verdict)}</p>"

    def shutdown(self) -> None:
        """Drop the answers of advice still being computed."""
        for job in self.jobs.values():
            job.cancel()
        self.jobs.clear()
