"""The statistics page of Xem lại (replays.stats): over the analysed games, oldest to newest,
the lỗi per game, missed chíu and ù per game, the win rate and mean điểm (rolling means), and
the most frequent lỗi — from one seat's side (the human seat by default; any seat for
self-play libraries). Read, summed and averaged on the Worker with its own connection to the
store (issue 20: on 16,000 analysed games that is a second, and the sums alone 70 ms); the
page says "Đang đọc…" until the figures of the seat chosen are there.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from html import escape
from pathlib import Path

from desktop.i18n import number, pick, translate
from desktop.keys import key_hint
from desktop.play.words import rule_name
from desktop.qt import (
    QComboBox,
    QEvent,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QScrollArea,
    Qt,
    QVBoxLayout,
    QWidget,
)
from desktop.review.charts import BarChart, Series, TimeChart
from desktop.review.connection import in_store
from desktop.review.error_text import error_text
from desktop.review.library_model import game_title
from desktop.review.words import amount_text
from desktop.worker import Job, Worker
from engine.totom import REGISTRY as TOM_RULES
from replays.games import DEFAULT_GAME
from replays.library import LibraryRow
from replays.stats import GameStat, Summary, game_stats, rolling, summarize
from replays.store import Store

WINDOW = 10  # games in a rolling mean
HUMAN = -1  # the seat chooser's "the human seat"


@dataclass(frozen=True, slots=True)
class Plotted:
    """What the page shows of one seat's analysed games, oldest first: each plot's values."""

    seat: int  # HUMAN or a seat index
    stats: list[GameStat]
    summary: Summary
    violations: tuple[float, ...]
    violations_mean: tuple[float, ...]
    missed_chiu: tuple[float, ...]
    missed_u: tuple[float, ...]
    missed_mean: tuple[float, ...]
    win_rate: tuple[float, ...]
    diem: tuple[float, ...]
    diem_mean: tuple[float, ...]


def plotted(seat: int, stats: list[GameStat]) -> Plotted:
    """The values the page plots for ``stats``."""
    violations = [float(s.violations) for s in stats]
    missed = [float(s.missed_chiu + s.missed_u) for s in stats]
    diem = [s.diem for s in stats]
    return Plotted(
        seat=seat, stats=stats, summary=summarize(stats), violations=tuple(violations),
        violations_mean=tuple(rolling(violations, WINDOW)),
        missed_chiu=tuple(float(s.missed_chiu) for s in stats),
        missed_u=tuple(float(s.missed_u) for s in stats),
        missed_mean=tuple(rolling(missed, WINDOW)),
        win_rate=tuple(rolling([float(s.won) for s in stats], WINDOW)),
        diem=tuple(diem), diem_mean=tuple(rolling(diem, WINDOW)))


def read_stats(db_path: Path, seat: int, read_only: bool = False,
               game: str = DEFAULT_GAME) -> Plotted:
    """On the Worker: the analysed games of ``game`` from `seat`'s side (HUMAN: the human
    seat), on its own connection, and what the page plots of them."""
    def seat_of(row: LibraryRow) -> int | None:
        return row.human_seat if seat == HUMAN else seat

    return plotted(seat, in_store(db_path, lambda store: game_stats(store, seat_of, game),
                                  read_only))


def rule_title(rule: str, game: str) -> str:
    """A rule broken, with its name in its game's rulebook ("TD9 …")."""
    if game != "to_tom":
        return rule_name(rule)
    name = TOM_RULES.name(rule)
    return f"{rule} {pick(name.vi, name.en)}"


def verdicts(stats: Sequence[GameStat]) -> Counter[str]:
    """How the seat's ù were paid (Tổ tôm, T6.1; ``tra_do`` T6.6)."""
    return Counter(s.payout for s in stats if s.won and s.payout)


class StatsPage(QWidget):
    """See the module docstring."""

    def __init__(self, store: Store, worker: Worker, game: str = DEFAULT_GAME,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.store = store
        self.worker = worker
        self.game = game  # FORMATS ``game``: the figures are this game's own (issue 23)
        self.shown = plotted(HUMAN, [])
        self._job: Job[Plotted] | None = None
        self.loaded = False  # the figures shown are those of the seat chosen
        self.title = QLabel()
        self.title.setWordWrap(True)
        self.title.setTextFormat(Qt.TextFormat.PlainText)
        self.seat_label = QLabel()
        self.seat_label.setTextFormat(Qt.TextFormat.PlainText)
        self.seat = QComboBox()
        self.seat.activated.connect(lambda _: self.refresh())
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        self.summary.setTextFormat(Qt.TextFormat.RichText)
        self.summary.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.summary.setObjectName("statsSummary")
        self.violations = TimeChart()
        self.missed = TimeChart()
        self.win_rate = TimeChart()
        self.diem = TimeChart()
        self.top_rules = BarChart()
        grid = QGridLayout()
        grid.setSpacing(8)
        for i, cell in enumerate((self.summary, self.violations, self.missed, self.win_rate,
                                  self.diem, self.top_rules)):
            grid.addWidget(cell, i // 3, i % 3)
        for r in range(2):
            grid.setRowStretch(r, 1)
        for c in range(3):
            grid.setColumnStretch(c, 1)
        body = QWidget()
        body.setLayout(grid)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        scroll.setWidget(body)
        head = QHBoxLayout()
        head.addWidget(self.title, 1)
        head.addWidget(self.seat_label)
        head.addWidget(self.seat)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(12, 4, 12, 8)
        layout.addLayout(head)
        layout.addWidget(scroll, 1)
        self.retranslate()

    def set_game(self, game: str) -> None:
        """Show another game's figures (read again)."""
        if game != self.game:
            self.game = game
            self.loaded = False
            self.shown = plotted(self.chosen_seat(), [])
            self.retranslate()
            if self.isVisible():
                self.refresh()

    def retranslate(self) -> None:
        """Texts in the current language."""
        self.title.setText(translate("Stats", "{game}: các ván đã phân tích, từ cũ đến mới, nhìn "
                                              "từ một ghế. Ván chưa phân tích: bấm «Phân tích "
                                              "tất cả» ở thư viện.").format(
            game=game_title(self.game)))
        self.seat_label.setText(translate("Stats", "Thống kê cho ({key}):").format(
            key=key_hint("review_stats_seat")))
        current = self.seat.currentIndex()
        self.seat.clear()
        self.seat.addItem(translate("Stats", "Bạn (ghế người chơi)"), HUMAN)
        for s in range(5 if self.game == "to_tom" else 4):
            self.seat.addItem(translate("Stats", "Ghế {n}").format(n=s), s)  # R2.1: from 0
        self.seat.setCurrentIndex(max(0, current))
        self._draw()

    def chosen_seat(self) -> int:
        """HUMAN or a seat index."""
        return int(self.seat.currentData())

    def choose_seat(self, seat: int) -> None:
        """Look from another seat (HUMAN: the human seat) and read again."""
        index = self.seat.findData(seat)
        if index >= 0:
            self.seat.setCurrentIndex(index)
            self.refresh()

    def next_seat(self) -> None:
        """Alt+S: the statistics of the next seat in the chooser."""
        self.seat.setCurrentIndex((self.seat.currentIndex() + 1) % self.seat.count())
        self.refresh()

    @property
    def stats(self) -> list[GameStat]:
        """The analysed games shown, oldest first."""
        return self.shown.stats

    def refresh(self) -> None:
        """Read the statistics again (on the Worker); another seat's figures are taken off
        the page meanwhile ("Đang đọc…"), the same seat's stay until the new ones come."""
        if self._job is not None:
            self._job.cancel()
        path, seat, game = Path(self.store.path), self.chosen_seat(), self.game
        read_only = self.store.read_only
        self._job = self.worker.run(lambda: read_stats(path, seat, read_only, game),
                                    self._loaded, self._failed)
        if seat != self.shown.seat and self.loaded:
            self.loaded = False
            self.shown = plotted(seat, [])
            self._draw()

    def _loaded(self, shown: Plotted) -> None:
        self._job = None
        self.shown = shown
        self.loaded = True
        self._draw()

    def _failed(self, error: BaseException) -> None:
        self._job = None
        self.summary.setText(escape(translate("Stats", "Không đọc được thống kê: {error}")
                                    .format(error=error_text(error))))

    # ------------------------------------------------------------------ drawing

    def _draw(self) -> None:
        shown = self.shown
        stats = shown.stats
        summary = shown.summary
        empty = self._empty_text()
        games = translate("Stats", "Ván (cũ → mới)")
        per_game = translate("Stats", "số lần")
        mean = translate("Stats", "trung bình %n ván", None, WINDOW)
        self.violations.set_data(
            translate("Stats", "Lỗi TN, TD mỗi ván") if self.game == "to_tom"
            else translate("Stats", "Lỗi mỗi ván"),
            [Series(translate("Stats", "lỗi"), shown.violations, (214, 40, 40), "bars"),
             Series(mean, shown.violations_mean, (90, 20, 20))],
            games, per_game, empty)
        tom = self.game == "to_tom"
        self.missed.set_data(
            translate("Stats", "Bỏ phỗng và bỏ ù mỗi ván") if tom
            else translate("Stats", "Bỏ chíu và bỏ ù mỗi ván"),
            [Series(translate("Stats", "bỏ phỗng") if tom else translate("Stats", "bỏ chíu"),
                    shown.missed_chiu, (230, 190, 30), "bars"),
             Series(translate("Stats", "bỏ ù"), shown.missed_u, (240, 120, 0), "bars"),
             Series(mean, shown.missed_mean, (120, 70, 10))],
            games, per_game, empty)
        self.win_rate.set_data(
            translate("Stats", "Tỉ lệ ù (trung bình %n ván)", None, WINDOW),
            [Series(translate("Stats", "tỉ lệ ù"), shown.win_rate, (46, 125, 50))],
            games, translate("Stats", "tỉ lệ"), empty, percent=True)
        self.diem.set_data(
            translate("Stats", "Điểm mỗi ván"),
            [Series(translate("Stats", "điểm"), shown.diem, (120, 140, 200), "dots"),
             Series(mean, shown.diem_mean, (30, 60, 160))],
            games, translate("Stats", "điểm"), empty)
        self.top_rules.set_data(
            translate("Stats", "Lỗi hay phạm nhất"),
            [(rule_title(rule, self.game), n) for rule, n in summary.top_rules],
            empty if not stats else translate("Stats", "Không phạm lỗi nào. Tốt lắm!"))
        self.summary.setText(self._summary_html(summary))

    def _empty_text(self) -> str:
        if not self.loaded:
            return translate("Stats", "Đang đọc…")
        if self.chosen_seat() == HUMAN:
            return translate("Stats", "Chưa có ván nào của bạn được phân tích. Chơi vài ván, "
                                      "hoặc bấm «Phân tích tất cả» ở thư viện; với ván máy tự "
                                      "chơi, chọn một ghế ở trên.")
        return translate("Stats", "Chưa có ván nào được phân tích. Bấm «Phân tích tất cả» ở "
                                  "thư viện.")

    def _summary_html(self, summary: Summary) -> str:
        head = escape(translate("Stats", "Tóm tắt"))
        if summary.games == 0:
            return f"<h3>{head}</h3><p>{escape(self._empty_text())}</p>"
        rows = [
            (translate("Stats", "Ván đã phân tích"), str(summary.games)),
            (translate("Stats", "Tỉ lệ ù"), f"{number(summary.win_rate * 100, 0)}%"),
            (translate("Stats", "Điểm trung bình mỗi ván"), amount_text(
                round(summary.mean_diem, 2))),
            (translate("Stats", "Lỗi mỗi ván"), number(summary.violations_per_game, 2)),
        ]
        stats = self.shown.stats
        if self.game == "to_tom":  # TOTOM T10: the call's faults, how each ù was paid
            calls = sum(s.call_errors for s in stats) / max(1, len(stats))
            paid = verdicts(stats)
            rows += [
                (translate("Stats", "Bỏ phỗng và bỏ ù mỗi ván"),
                 number(summary.missed_per_game, 2)),
                (translate("Stats", "Xướng sai mỗi ván"), number(calls, 2)),
                (translate("Stats", "Ù được tính điểm"), str(paid["paid"] + paid["tra_do"])),
                (translate("Stats", "Ù không được tính điểm"), str(paid["unpaid"])),
                (translate("Stats", "Ù phải chèo đò"), str(paid["cheo_do"]))]
        else:
            rows.append((translate("Stats", "Bỏ chíu và bỏ ù mỗi ván"),
                         number(summary.missed_per_game, 2)))
        if summary.top_rules:
            rule, n = summary.top_rules[0]
            rows.append((translate("Stats", "Lỗi hay phạm nhất"),
                         f"{rule_title(rule, self.game)} ({n})"))
        table = "".join(f"<tr><td>{escape(k)}</td><td align='right'><b>{escape(v)}</b></td>"
                        f"</tr>" for k, v in rows)
        return f"<h3>{head}</h3><table cellspacing='0' cellpadding='4'>{table}</table>"

    def changeEvent(self, event: QEvent) -> None:
        """Re-translate when the language changes."""
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)
