"""Học: the lessons of the six families with the learner's strength in each, a lesson's
sections, the drill player and a round's summary — and the rules reference (reference.py) as
a tab of the first page.

Progress lives in progress.db in the data folder (lessons.progress). The UI thread never opens
it (issue 20): the screen's reads (the strengths, the items due) and every answer go through a
ProgressQueue (progress_queue.py), one job at a time on the Worker, each with a connection of
its own; an answer the disk refuses is kept in memory, said in the UnsavedBar and written on
retry (Ctrl+S) or with the next answer. Rows found damaged are said once on the first page.
Practice rounds are made by lessons.practice.next_items and the mistakes deck by
lessons.mistakes.refresh, both on the Worker with their own database connections; answers are
graded by lessons.drills.grade.

A round asked for is a Request with a number: only the latest request's result is applied, and
only while the screen still shows the page it was asked from (the mistakes deck can take many
seconds; the learner may have moved on). A new request supersedes the one running, leaving the
page drops it, and the BusyBar says "Đang chuẩn bị…" meanwhile.
"""

from __future__ import annotations

import itertools
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from functools import partial
from pathlib import Path
from typing import Protocol

from desktop.chieu.scene import Scene
from desktop.i18n import pick, translate
from desktop.keys import bind, key_hint
from desktop.learn.busy import BusyBar
from desktop.learn.drill_page import DrillPage
from desktop.learn.first_game_page import FirstGamePage
from desktop.learn.home import HomePage
from desktop.learn.lesson_page import LessonPage
from desktop.learn.player import Round, Source
from desktop.learn.progress_queue import ProgressQueue, Read
from desktop.learn.reference import reference_html
from desktop.learn.summary import SummaryPage
from desktop.learn.tom_first_game_page import TomFirstGamePage
from desktop.learn.tom_reference import tom_reference_html
from desktop.learn.unsaved import UnsavedBar
from desktop.learn.words import text
from desktop.qt import (
    QEvent,
    QMessageBox,
    QShowEvent,
    QStackedWidget,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)
from desktop.worker import Worker
from lessons import nuoc_hay
from lessons.content import lesson
from lessons.item import Item, LessonError, Text
from lessons.mistakes import refresh
from lessons.practice import next_items
from lessons.progress import Damaged, Progress, Strength
from lessons.progress_db import default_path
from replays.errors import RecordError
from replays.store import Store

ROUND = 10  # items in a round of due items or of mistakes (a lesson's round: practice.py)
Where = tuple[QWidget, str | None]  # the page shown, and the lesson when it is a lesson's page


class Cancellable(Protocol):
    """A job of the Worker or a read of the ProgressQueue."""

    def cancel(self) -> None:
        """Its callbacks will not run."""


@dataclass(frozen=True, slots=True)
class Request:
    """A round being prepared on the Worker: its number and where it was asked from."""

    token: int
    where: Where
    job: Cancellable


@dataclass(frozen=True, slots=True)
class Prepared:
    """A round's items, read or made on the Worker, and what the screen says when there are
    none: when the next item falls due; damaged rows met on the way."""

    items: list[Item]
    next_due: str | None = None
    damaged: list[Damaged] = field(default_factory=list)
    games: int = 0  # the mistakes deck: saved games looked at
    held: int = 0  # the mistakes deck: items it holds


def make_lesson_round(progress_path: Path, lesson_id: str, seed: int,
                      store_path: Path | None = None) -> Prepared:
    """A lesson's practice items (runs on the Worker: its own connection); a nước hay round
    first adds the puzzles of the learner's newest saved games (lessons.nuoc_hay.refresh)."""
    with Progress.open(progress_path) as progress:
        le = lesson(lesson_id)
        if le.family == nuoc_hay.FAMILY and store_path is not None and store_path.exists():
            with Store.open(store_path) as store:
                nuoc_hay.refresh(progress, store, seed)
        items = next_items(progress, le, seed)
        return Prepared(items, None if items else progress.next_due(),
                        list(progress.damaged.values()))


def refresh_mistakes(progress_path: Path, store_path: Path) -> Prepared:
    """Add the learner's new mistakes to the deck (runs on the Worker) and take the round of
    those due: how many saved games, how many items the deck holds."""
    with Progress.open(progress_path) as progress, Store.open(store_path) as store:
        refresh(progress, store)
        games = len(store.game_ids())
        held = sum(s.items + s.new for s in progress.strengths(deck="mistakes").values())
        items = progress.due(deck="mistakes", limit=ROUND)
        return Prepared(items, None if items else progress.next_due(deck="mistakes"),
                        list(progress.damaged.values()), games, held)


def due_round(progress: Progress, game: str = "chan") -> Prepared:
    """The items due now, of every family of the game (a read of the ProgressQueue)."""
    items = progress.due(limit=ROUND, game=game)
    return Prepared(items, None if items else progress.next_due(game=game))


def home_numbers(progress: Progress, game: str = "chan") -> tuple[dict[str, Strength], int]:
    """The game's families' strengths and how many of their items are due (a read of the
    ProgressQueue)."""
    strengths = progress.strengths(game=game)
    return strengths, sum(s.due for s in strengths.values())


class LearnScreen(QWidget):
    """The Học activity."""

    def __init__(self, data_dir: Path | None = None, store: Store | None = None,
                 worker: Worker | None = None, scene: Scene | None = None,
                 seeds: Callable[[], int] | None = None,
                 clock: Callable[[], float] = time.monotonic,
                 parent: QWidget | None = None, game: str = "chan") -> None:
        super().__init__(parent)
        self.game = game  # Settings.game: "chan" | "to_tom" (set_game follows a switch)
        self.data_dir = data_dir
        self.store = store
        self.worker = worker or Worker(self)
        self.seeds = seeds or (lambda: random.randrange(2**31))
        self.clock = clock
        self.progress_path = default_path(data_dir)
        self.queue = ProgressQueue(self.progress_path, self.worker, self,
                                   read_only=store is not None and store.read_only)
        self.queue.changed.connect(self._say_unsaved)
        self.queue.damaged_found.connect(self._damaged)
        self.request: Request | None = None  # the round being prepared, if any
        self.reading: Read | None = None  # the first page's numbers being read
        self.strengths: dict[str, Strength] = {}  # as last read
        self.started = False  # progress.db is read from the first time the screen is shown
        self._tokens = itertools.count(1)
        self._closed = False
        scene = scene or Scene()
        self.browser = QTextBrowser()  # the rules reference
        self.browser.setOpenLinks(True)
        self.browser.setOpenExternalLinks(False)
        self.browser.document().setDocumentMargin(18)
        self.home = HomePage(self.browser, game=game)
        self.lesson_page = LessonPage(scene)
        self.drill = DrillPage(scene)
        self.summary = SummaryPage()
        self.chieu_scene = scene
        self.first_game: FirstGamePage | None = None  # Học → "Ván đầu tiên", made when opened
        self.tom_first_game: TomFirstGamePage | None = None  # Tổ tôm's, the same way
        self.stack = QStackedWidget()
        for page in (self.home, self.lesson_page, self.drill, self.summary):
            self.stack.addWidget(page)
        self.busy = BusyBar()
        self.unsaved = UnsavedBar()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        layout.addWidget(self.busy)
        layout.addWidget(self.unsaved)
        layout.addWidget(self.stack)
        self.stack.currentChanged.connect(lambda _: self._moved())
        self.busy.cancel_wanted.connect(self.cancel_request)
        self.unsaved.retry_wanted.connect(self.retry_saving)
        bind(self, "learn_retry", self.retry_saving)

        self.home.open_lesson.connect(self.open_lesson)
        self.home.due_wanted.connect(self.review_due)
        self.home.mistakes_wanted.connect(self.practice_mistakes)
        self.home.back_wanted.connect(self._home_back)
        self.home.first_game_wanted.connect(self.open_first_game)
        self.lesson_page.back_wanted.connect(self.show_home)
        self.lesson_page.practice_wanted.connect(self.practice_lesson)
        self.drill.finished.connect(self._round_over)
        self.drill.left.connect(self._round_left)
        self.summary.again_wanted.connect(self.again)
        self.summary.back_wanted.connect(self.show_home)
        self.setStyleSheet(STYLE)
        self.retranslate()

    # ------------------------------------------------------------------ progress

    def refresh(self) -> None:
        """The families' strengths and the number of due items, read again (on the Worker;
        the first page says it is reading meanwhile)."""
        if self._closed:
            return
        self.started = True
        if self.reading is not None:
            self.reading.cancel()
        self.home.show_reading()
        self.reading = self.queue.read(partial(home_numbers, game=self.game), self._numbers_read,
                                       self._unreadable)

    def _numbers_read(self, numbers: object) -> None:
        assert isinstance(numbers, tuple)
        self.reading = None
        self.strengths, due = numbers
        self.home.show_progress(self.strengths, due)

    def _unreadable(self, error: BaseException) -> None:
        """progress.db cannot be opened (a newer version's, another program's, a FIFO in its
        place, a lock): said on the page; the file is never touched."""
        self.reading = None
        self.home.show_progress(self.strengths, 0)
        self.home.show_status(partial(_error_text, error))

    def _damaged(self, found: object) -> None:
        assert isinstance(found, list)
        self.home.show_damaged(found)

    def _say_unsaved(self) -> None:
        """The strip above the pages: what the disk refused, why, and how to try again."""
        said = self._refused_parts()
        if not said:
            self.unsaved.say(None)
            return
        self.unsaved.say(lambda: " ".join(f() for f in said) + " " + translate(
            "LearnUnsaved", "Không mất gì cả: chương trình vẫn giữ chúng và sẽ lưu khi bạn "
                            "thử lại ({key}) hoặc ở lần trả lời tiếp theo.").format(
            key=key_hint("learn_retry")))

    def _refused_parts(self) -> list[Callable[[], str]]:
        """What the disk refused and why, one sentence each, in the language shown."""
        queue = self.queue
        said: list[Callable[[], str]] = []
        if queue.failure is not None and queue.unsaved:
            failure, n = queue.failure, queue.unsaved
            said.append(lambda: (translate(
                "LearnUnsaved", "Chưa lưu được {n} câu trả lời vào progress.db: {why}.")
                if n > 1 else translate(
                "LearnUnsaved", "Chưa lưu được câu trả lời vào progress.db: {why}.")).format(
                n=n, why=pick(failure.vi, failure.en).rstrip(".")))
        for page in self.guided_pages():
            if page.failure is not None:
                said.append(partial(_place_unsaved, page.failure))
        return said

    def guided_pages(self) -> list[FirstGamePage | TomFirstGamePage]:
        """The guided first games opened so far (Chắn's, Tổ tôm's)."""
        return [p for p in (self.first_game, self.tom_first_game) if p is not None]

    def retry_saving(self) -> None:
        """Write again what the disk refused (Ctrl+S, the strip's button)."""
        self.queue.retry()
        for page in self.guided_pages():
            page.retry_saving()

    def refused(self) -> int:
        """Answers, and the place in the guided game, that the disk refused and that closing
        now would lose (the window asks first)."""
        answers = self.queue.unsaved if self.queue.failure is not None else 0
        return answers + sum(int(p.failure is not None and p.unsaved)
                             for p in self.guided_pages())

    def refusal(self) -> str:
        """What the disk refused and why, for the window's question on closing."""
        return " ".join(f() for f in self._refused_parts())

    def showEvent(self, event: QShowEvent) -> None:
        """Shown: the numbers are read again (answers may have been given since). Nothing
        here may raise: an error escaping a Qt override can crash PySide (issue 20)."""
        super().showEvent(event)
        if self.stack.currentWidget() is self.home:
            self.refresh()

    # ------------------------------------------------------------------ pages

    def show_home(self) -> None:
        """The list of lessons, with fresh strengths."""
        self.drill.stop()
        self.stack.setCurrentWidget(self.home)
        self.refresh()
        self.home.lessons.setFocus()

    def open_lesson(self, lesson_id: str) -> None:
        """A lesson from its first section."""
        self.home.select_lesson(lesson_id)
        self.lesson_page.show_lesson(lesson(lesson_id))
        self.stack.setCurrentWidget(self.lesson_page)
        self._moved()  # another lesson on the same page is another place too
        self.lesson_page.setFocus()

    def open_first_game(self) -> None:
        """The guided first game of the game shown, where the learner left it."""
        self.cancel_request()
        self.home.show_status(None)
        tom = self.game == "to_tom"
        page: FirstGamePage | TomFirstGamePage | None = \
            self.tom_first_game if tom else self.first_game
        if page is None:
            try:
                page = TomFirstGamePage(self.chieu_scene, self.data_dir, worker=self.worker) \
                    if tom else FirstGamePage(self.chieu_scene, self.data_dir,
                                              worker=self.worker)
            except LessonError as error:  # its data file is damaged: said, nothing else stops
                self.home.show_status(partial(_error_text, error))
                return
            page.back_wanted.connect(self.show_home)
            page.saving_changed.connect(self._say_unsaved)
            self.stack.addWidget(page)
            if isinstance(page, TomFirstGamePage):
                self.tom_first_game = page
            else:
                self.first_game = page
        self.stack.setCurrentWidget(page)
        page.start()

    def set_game(self, game: str) -> None:
        """Speak another game (Settings.game switched, MainWindow.game_changed): its lessons,
        its families' progress, its reference and its guided game. A round or a guided game
        of the other game is left (its answers are written already) for the first page."""
        if game == self.game:
            return
        self.game = game
        self.cancel_request()
        self.home.set_game(game)
        self.home.show_status(None)
        self.strengths = {}
        self.browser.setHtml(self._reference())
        if self.stack.currentWidget() is not self.home:
            self.drill.stop()
            self.stack.setCurrentWidget(self.home)
        if self.started:
            self.refresh()

    def _reference(self) -> str:
        return tom_reference_html() if self.game == "to_tom" else reference_html()

    def focus_page(self) -> None:
        """The keyboard to the main widget of the page shown (Học was just shown): the lessons
        list, where ↑/↓ and Enter work as the page says; a lesson; the question; the summary."""
        page = self.stack.currentWidget()
        if page is self.home:
            self.home.focus_main()
        elif page is self.drill:
            self.drill.focus_answer()
        elif page is not None and page is self.first_game:
            self.first_game.chieu.setFocus()
        elif page is not None and page is self.tom_first_game:
            self.tom_first_game.chieu.setFocus()
        elif page is not None:
            page.setFocus()

    def _home_back(self) -> None:
        """Esc on the list: drop the round being prepared, and back to the lessons tab."""
        self.cancel_request()
        self.home.tabs.setCurrentIndex(0)

    def play_items(self, title: str, items: list[Item], deck: str = "lessons") -> None:
        """A round of the given items (its "again" reviews what is due)."""
        self.cancel_request()
        self._start(title, Prepared(items), deck, Source("due"))

    def _start(self, title: str, prepared: Prepared, deck: str, source: Source) -> None:
        if prepared.damaged:
            self.queue.report(prepared.damaged)
        if not prepared.items:  # every drill of the lesson is scheduled and none is due
            self.show_home()
            nothing_due = _nothing_due(prepared.next_due)
            self.home.show_status(lambda: translate(
                "Learn", "Bài này không còn câu nào đến hạn hay câu mới: hãy ôn sau, hoặc "
                         "luyện bài khác.") + " " + nothing_due())
            return
        self.home.show_status(None)
        self.stack.setCurrentWidget(self.drill)
        self.drill.start(Round(title, prepared.items, self.queue.record, deck, source,
                               self.clock))

    # ------------------------------------------------------------------ requests

    def _where(self) -> Where:
        page = self.stack.currentWidget()
        assert page is not None  # the stack always shows one of its pages
        shown = self.lesson_page.lesson
        return page, shown.id if page is self.lesson_page and shown is not None else None

    def _run(self, start: Callable[[Callable[[object], None],
                                    Callable[[BaseException], None]], Cancellable],
             done: Callable[[object], None], what: Callable[[], str]) -> None:
        """Prepare a round (``start(finished, failed)`` runs it on the Worker or the
        ProgressQueue); `done(result)` only if this is still the latest request and the
        screen is still where it was asked from (the request it supersedes is dropped)."""
        self.cancel_request()
        token = next(self._tokens)

        def current() -> bool:
            request = self.request
            if self._closed or request is None or request.token != token:
                return False
            if request.where != self._where():
                self.cancel_request()
                return False
            self.request = None
            self.busy.stop()
            return True

        def finished(result: object) -> None:
            if current():
                done(result)

        def failed(error: BaseException) -> None:
            if current():
                QMessageBox.warning(self, translate("Learn", "Không làm được"),
                                    _error_text(error))

        job = start(finished, failed)
        self.request = Request(token, self._where(), job)
        self.busy.start(what)

    def cancel_request(self) -> None:
        """Drop the round being prepared: its result will not be applied (Esc, the button,
        a newer request, leaving the page)."""
        if self.request is not None:
            self.request.job.cancel()
            self.request = None
        self.busy.stop()

    def _moved(self) -> None:
        """The page changed: a request asked from elsewhere no longer applies."""
        if self.request is not None and self.request.where != self._where():
            self.cancel_request()

    def practice_lesson(self, lesson_id: str) -> None:
        """A round of the lesson's family: due items first, then the lesson's new drills."""
        le = lesson(lesson_id)
        path, seed = self.progress_path, self.seeds()
        store_path = self.store.path if self.store is not None else None

        def done(prepared: object) -> None:
            assert isinstance(prepared, Prepared)
            self._start(text(le.title), prepared, "lessons", Source("lesson", lesson_id))

        self._run(lambda ok, bad: self.worker.run(
            lambda: make_lesson_round(path, lesson_id, seed, store_path), ok, bad), done,
                  lambda: translate("Learn", "vòng luyện của bài “{title}”").format(
                      title=text(le.title)))

    def review_due(self) -> None:
        """A round of the items due now, of every family."""

        def done(prepared: object) -> None:
            assert isinstance(prepared, Prepared)
            if not prepared.items:
                self.show_home()
                self.home.show_status(_nothing_due(prepared.next_due))
                return
            self._start(translate("Learn", "Ôn bài đến hạn"), prepared, "lessons",
                        Source("due"))

        game = self.game
        self._run(lambda ok, bad: self.queue.read(partial(due_round, game=game), ok, bad), done,
                  lambda: translate("Learn", "các câu đến hạn"))

    def practice_mistakes(self) -> None:
        """The mistakes of the learner's saved games, refreshed on the Worker, then a round of
        those due; an empty deck says why."""
        if self.store is None:
            self.home.show_status(lambda: translate("Learn", "Không mở được kho ván đã chơi."))
            return
        path, store_path = self.progress_path, self.store.path
        self.home.show_status(None)

        def done(result: object) -> None:
            assert isinstance(result, Prepared)
            if result.items:
                self._start(translate("Learn", "Luyện lỗi của tôi"), result, "mistakes",
                            Source("mistakes"))
                return
            self.queue.report(result.damaged)
            self.show_home()
            games, held = result.games, result.held
            if games == 0:
                self.home.show_status(lambda: translate(
                    "Learn", "Chưa có ván nào được lưu. Hãy chơi vài ván ở phần Chơi: mỗi lỗi "
                             "của bạn (lỗi L1–L17, bỏ ù, bỏ chíu, xướng sai) sẽ thành một câu "
                             "luyện ở đây."))
            elif held == 0:
                self.home.show_status(lambda: translate(
                    "Learn", "Trong %n ván đã lưu không có lỗi nào của bạn: không phạm lỗi, "
                             "không bỏ ù hay bỏ chíu, xướng đúng. Giỏi lắm!", None, games))
            else:
                self.home.show_status(_nothing_due(result.next_due))

        self._run(lambda ok, bad: self.worker.run(
            lambda: refresh_mistakes(path, store_path), ok, bad), done,
                  lambda: translate("Learn", "tìm lỗi của bạn trong các ván đã lưu"))

    def _round_over(self, round_: Round) -> None:
        """The summary at once, with the strengths as last read; then as progress.db has
        them once the round's answers are in (the queue writes before it reads)."""
        self.summary.show_round(round_, self.strengths)
        self.stack.setCurrentWidget(self.summary)
        self.summary.setFocus()

        def read(numbers: object) -> None:
            assert isinstance(numbers, tuple)
            self.strengths = numbers[0]
            if self.summary.round is round_:
                self.summary.show_strengths(self.strengths)

        self.queue.read(partial(home_numbers, game=self.game), read)

    def _round_left(self, round_: Round) -> None:
        if round_.answered:
            self._round_over(round_)
        elif round_.source.kind == "lesson" and self.lesson_page.lesson is not None:
            self.stack.setCurrentWidget(self.lesson_page)
            self.lesson_page.setFocus()
        else:
            self.show_home()

    def again(self) -> None:
        """Another round like the last one (Enter on the summary)."""
        round_ = self.summary.round
        if round_ is None:
            return
        if round_.source.kind == "lesson":
            self.practice_lesson(round_.source.lesson_id)
        elif round_.source.kind == "mistakes":
            self.practice_mistakes()
        else:
            self.review_due()

    # ------------------------------------------------------------------ texts and closing

    def retranslate(self) -> None:
        """The reference in the current language (the pages translate themselves)."""
        self.browser.setHtml(self._reference())
        self._say_unsaved()

    def changeEvent(self, event: QEvent) -> None:
        """Re-translate when the language changes."""
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def shutdown(self) -> None:
        """The window is closing: stop the round's clock and drop pending reads (answers
        being written are written; the window asked first about any the disk refused)."""
        self.drill.stop()
        self.cancel_request()
        self._closed = True
        self.queue.close()


def _place_unsaved(failure: Text) -> str:
    """Why the place in a guided game is not saved, in the language shown."""
    return translate("LearnUnsaved", "Chưa lưu được chỗ bạn đang chơi trong ván đầu tiên: {why}."
                     ).format(why=pick(failure.vi, failure.en).rstrip("."))


def _nothing_due(next_due: str | None) -> Callable[[], str]:
    """Why nothing is due, as the status takes it: said in the language shown."""
    if next_due is None:
        return lambda: translate("Learn", "Chưa có câu nào để ôn: hãy học và luyện một bài "
                                          "trước.")
    return lambda: translate("Learn", "Không có câu nào đến hạn. Lần ôn tới: {when}."
                             ).format(when=_local(next_due))


def _error_text(error: BaseException) -> str:
    if isinstance(error, (LessonError, RecordError)):
        return pick(error.vi, error.en)
    return str(error)


def _local(stamp: str) -> str:
    """A stored UTC time as local time, to the minute."""
    try:
        return datetime.fromisoformat(stamp).astimezone().strftime("%Y-%m-%d %H:%M")
    except ValueError:
        return stamp


STYLE = """
QLabel#question { font-size: 15px; font-weight: bold; }
QLabel#dim { color: #6b5a44; }
QLabel#score { color: #6b5a44; font-weight: bold; padding-right: 10px; }
QLabel#sectionTitle { font-size: 16px; font-weight: bold; padding-top: 12px; }
QLabel#bigScore { font-size: 26px; font-weight: bold; color: #aa261e; }
QLabel#status { background: #fbf3dc; border: 1px solid #f2c450; padding: 6px; }
QFrame#busy { background: #fbf3dc; border-bottom: 1px solid #f2c450; }
QFrame#busy QLabel { font-weight: bold; }
QFrame#unsaved { background: #fbe4df; border-bottom: 2px solid #aa261e; }
QLabel#feedback { border-radius: 4px; padding: 6px; }
QLabel#feedback[verdict="right"] { background: #e2f3e4; border: 2px solid #2f7a44; }
QLabel#feedback[verdict="wrong"] { background: #fbe4df; border: 2px solid #aa261e; }
QFrame#familyRow { background: #fbf5e6; border: 1px solid #e0d2b4; border-radius: 4px; }
QWidget#drillSide { background: #f8f0de; }
QListWidget#lessonList { font-size: 15px; }
QListWidget#lessonList::item { padding: 5px 4px; }
QTextBrowser#lessonText { font-size: 16px; }
QProgressBar { border: 1px solid #c9b48c; border-radius: 3px; background: #fffaf0;
    text-align: center; }
QProgressBar::chunk { background: #d9a441; }
"""
