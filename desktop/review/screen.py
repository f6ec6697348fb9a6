"""Xem lại: the library of saved games, the replay viewer of one game and the statistics, with
the batch analysis running under the library (issue 8).

The screen wires the pages together; the pages hold the work: library_page (the table,
filters, import), viewer (the chiếu stepped event by event), stats_page (the plots).
"""

from __future__ import annotations

from pathlib import Path

from desktop.chieu.scene import Scene
from desktop.i18n import pick, translate
from desktop.keys import BINDINGS, Section, bind, key_hint
from desktop.notices import notify
from desktop.qt import (
    QButtonGroup,
    QEvent,
    QFileDialog,
    QHBoxLayout,
    QStackedWidget,
    Qt,
    QTimer,
    QToolButton,
    QVBoxLayout,
    QWidget,
    Signal,
)
from desktop.review.batch_runner import BatchRunner
from desktop.review.connection import in_store
from desktop.review.error_text import error_text
from desktop.review.library_page import LibraryPage
from desktop.review.stats_page import StatsPage
from desktop.review.tom_viewer import TomViewerPage
from desktop.review.viewer import ViewerPage
from desktop.worker import Job, Worker
from replays.batch import BatchResult
from replays.games import DEFAULT_GAME
from replays.library import Imported, LibraryRow, game_row, import_copy, list_games
from replays.names import KEPT
from replays.store import Store

# The page tabs, underlined like the activity bar's; the viewer hides them (it has its own
# way back, and the chiếu needs the height at 1024×640).
STYLE = """
QToolButton#reviewTab { border: none; border-bottom: 3px solid transparent; padding: 4px 10px;
    font-weight: bold; color: #6b5a44; }
QToolButton#reviewTab:checked { color: #aa261e; border-bottom-color: #aa261e; }
QToolButton#reviewTab:hover { color: #2a1d12; }
QLabel#panelTitle { font-weight: bold; }
QLabel#viewerTitle { font-weight: bold; padding-left: 6px; }
"""
REFRESH_MS = 700  # while a batch runs, the library's counts are read again at most this often


class ReviewScreen(QWidget):
    """The Xem lại activity; `branched(game_id)` asks the Play activity to play it on."""

    branched = Signal(int)
    # an error of the library (issue 20) and whether it was said already: the window checks
    # whether the library is damaged and offers to restore or salvage it
    library_failed = Signal(object, bool)

    def __init__(self, store: Store, worker: Worker, scene: Scene | None = None,
                 parent: QWidget | None = None, game: str = DEFAULT_GAME) -> None:
        super().__init__(parent)
        self.store = store
        self.worker = worker
        self.library = LibraryPage()
        self.library.set_game(game)  # the program's game (Settings.game) until changed
        self.viewer = ViewerPage(store, worker, scene)
        self.tom_viewer = TomViewerPage(store, worker, scene)  # issue 23: Tổ tôm's games
        self.stats = StatsPage(store, worker, game)
        self.runner = BatchRunner(worker, self)
        self.last_batch: BatchResult | None = None
        self.last_error = ""
        self.last_info = ""  # the last news shown (tests read it)
        self._import_job: Job[Imported] | None = None
        self._list_job: Job[list[LibraryRow]] | None = None
        self._list_again = False  # the library changed while it was being read
        self._select: int | None = None  # the game to select once the library is read
        self.last_import: list[int] | None = None  # the ids of the last import (tests)
        self.read_error: BaseException | None = None  # why the library could not be listed
        self._viewing = DEFAULT_GAME  # the game of the game last asked for in a viewer
        self.pages = QStackedWidget()
        for page in (self.library, self.viewer, self.tom_viewer, self.stats):
            self.pages.addWidget(page)

        self.tabs: dict[str, QToolButton] = {}
        group = QButtonGroup(self)
        bar = QHBoxLayout()
        bar.setContentsMargins(12, 6, 12, 0)
        for name in ("library", "stats"):
            button = QToolButton()
            button.setObjectName("reviewTab")
            button.setCheckable(True)
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            button.clicked.connect(lambda _=False, n=name: self.show_page(n))
            group.addButton(button)
            bar.addWidget(button)
            self.tabs[name] = button
        bar.addStretch(1)
        self.tab_bar = QWidget()
        self.tab_bar.setObjectName("reviewTabs")
        self.tab_bar.setLayout(bar)
        self.setStyleSheet(STYLE)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        layout.addWidget(self.tab_bar)
        layout.addWidget(self.pages, 1)

        self.library.open_requested.connect(self.open_game)
        self.library.import_requested.connect(self.ask_import)
        self.library.batch_requested.connect(self.start_batch)
        self.library.batch.cancel_button.clicked.connect(self.cancel_batch)
        self.viewer.branched.connect(self.branched)
        for viewer in (self.viewer, self.tom_viewer):
            viewer.back.connect(lambda: self.show_page("library"))
            viewer.opened.connect(self._viewer_opened)
            viewer.open_failed.connect(lambda _: self.library.show_opening(False))
        self.library.game_box.activated.connect(lambda _: self._game_shown())
        self.runner.progress.connect(self._progress)
        self.runner.finished.connect(self._batch_done)
        self.runner.failed.connect(self._batch_failed)
        self._refresh_timer = QTimer(self)
        self._refresh_timer.setSingleShot(True)
        self._refresh_timer.timeout.connect(self.refresh)
        self._bind_keys()
        self.retranslate()
        self.refresh()
        self.show_page("library")

    def _bind_keys(self) -> None:
        """keys.py REVIEW: the library's keys on the library page, the rest on the screen."""
        on_library = {"review_open", "review_filter", "review_only_errors", "review_result",
                      "review_game"}
        slots = {"refresh": self.refresh, "review_open": self.library.open_selected,
                 "review_filter": self.library.focus_search, "review_import": self.ask_import,
                 "review_batch": self.start_batch, "review_cancel": self.cancel_batch,
                 "review_only_errors": self.library.toggle_only_errors,
                 "review_result": self.library.next_result_filter,
                 "review_game": self.next_game,
                 "review_stats_seat": self.stats.next_seat,
                 "review_library": lambda: self.show_page("library"),
                 "review_stats": lambda: self.show_page("stats")}
        for b in BINDINGS:
            if b.section is not Section.REVIEW or b.id == "review_move":
                continue  # review_move: the table's own keys (the search box passes them on)
            bind(self.library if b.id in on_library else self, b.id, slots[b.id])

    def retranslate(self) -> None:
        """Texts in the current language."""
        self.tabs["library"].setText(translate("Review", "Thư viện ({key})").format(
            key=key_hint("review_library")))
        self.tabs["stats"].setText(translate("Review", "Thống kê ({key})").format(
            key=key_hint("review_stats")))

    # ------------------------------------------------------------------ pages

    def show_page(self, name: str) -> None:
        """The library or the statistics (the viewer is opened from the library)."""
        self.tab_bar.show()
        if name == "stats":
            self.pages.setCurrentWidget(self.stats)
            self.stats.refresh()
        else:
            self.pages.setCurrentWidget(self.library)
            if self.library.isVisible():  # already shown (Alt+1 from the search box);
                self.library.table.setFocus()  # otherwise its showEvent gives the focus
        self.tabs[name].setChecked(True)

    def page(self) -> str:
        """library | viewer | stats (the viewer of either game)."""
        current = self.pages.currentWidget()
        return "viewer" if current in (self.viewer, self.tom_viewer) else \
            "stats" if current is self.stats else "library"

    @property
    def shown_viewer(self) -> ViewerPage | TomViewerPage:
        """The viewer of the game last opened (Chắn's until a Tổ tôm game is)."""
        return self.tom_viewer if self._viewing == "to_tom" else self.viewer

    # ------------------------------------------------------------------ game

    def set_game(self, game: str) -> None:
        """The program's game changed (MainWindow.game_changed): the library lists its
        games and the statistics are its own (issue 23)."""
        self.library.set_game(game)
        self._game_shown()

    def next_game(self) -> None:
        """Alt+G: the library's next game filter (Chắn, Tổ tôm, both)."""
        self.library.next_game()
        self._game_shown()

    def _game_shown(self) -> None:
        """The statistics follow the game listed (both listed: they keep theirs)."""
        game = self.library.game
        if game is not None and game != self.stats.game:
            self.stats.set_game(game)

    def refresh(self, select: int | None = None) -> None:
        """Read the library again, on the Worker (20,000 games take most of a second, issue
        20): the rows shown stay, and keep their selection, until the new ones replace them
        (`select`: then select that game); before the first rows the page says it is
        loading. Asked again while reading, it reads once more after. A library that cannot
        be read lists nothing and says why (Xem lại stays open)."""
        if select is not None:
            self._select = select
        if self._list_job is not None:
            self._list_again = True
            return
        path, read_only = Path(self.store.path), self.store.read_only
        self._list_again = False
        self._list_job = self.worker.run(lambda: in_store(path, list_games, read_only),
                                         self._listed, self._list_failed)
        self.library.show_loading()

    @property
    def loading(self) -> bool:
        """The library is being read."""
        return self._list_job is not None

    def _listed(self, rows: list[LibraryRow]) -> None:
        self._list_job = None
        if self._list_again:  # changed while it was read: these rows are already old
            self.refresh()
            return
        self.read_error = None
        self.library.set_rows(rows)
        if self._select is not None:
            self.library.select_game(self._select)
            self._select = None

    def _list_failed(self, error: BaseException) -> None:
        self._list_job = None
        self._select = None
        self.library.show_failed(error_text(error))  # not "no games yet": unreadable
        self.read_error = error
        self.library_failed.emit(error, False)  # the guard offers a repair if it is damage

    def refresh_game(self, game_id: int) -> None:
        """Read one game's row again (its counts), not the whole library (issue 13), on the
        Worker."""
        path, read_only = Path(self.store.path), self.store.read_only
        self.worker.run(lambda: in_store(path, lambda store: game_row(store, game_id), read_only),
                        self._row_read, lambda _: self.refresh())

    def _row_read(self, row: LibraryRow | None) -> None:
        if row is None or not self.library.set_row(row):
            self.refresh()

    def select_game(self, game_id: int) -> bool:
        """Select a game in the library."""
        return self.library.select_game(game_id)

    def open_game(self, game_id: int) -> None:
        """Open a game in its game's viewer (Chắn's or Tổ tôm's, by the game its row says):
        read on the Worker, the viewer shown once it is ready (the library says it is opening
        it meanwhile)."""
        model = self.library.model
        row = model.row_of(game_id)
        analysed = row is not None and model.rows[row].counts is not None
        self._viewing = model.game_of(game_id) or DEFAULT_GAME
        viewer = self.tom_viewer if self._viewing == "to_tom" else self.viewer
        viewer.open_game(game_id, analysed)
        self.library.show_opening(True)

    @property
    def opening(self) -> bool:
        """A game is being read for the viewer."""
        return self.viewer.opening or self.tom_viewer.opening

    def _viewer_opened(self, game_id: int) -> None:
        self.library.show_opening(False)
        viewer = self.shown_viewer
        self.pages.setCurrentWidget(viewer)
        self.tab_bar.hide()
        self.tabs["library"].setChecked(True)
        viewer.chieu.setFocus()
        stepper = viewer.stepper
        if stepper is not None and stepper.opened.cached:
            self.refresh_game(game_id)  # opening analysed (and cached) it: its counts appear

    # ------------------------------------------------------------------ import

    def ask_import(self) -> None:
        """Choose a .chan.json or a .db to import as a copy."""
        if self.store.read_only:  # another program writes the library (desktop.instance)
            self._error(translate("Review", "Chỉ đọc"), translate(
                "Review", "Chương trình đang mở với thư mục dữ liệu này ở một cửa sổ khác: chỉ "
                          "cửa sổ kia được nhập ván vào thư viện."))
            return
        dialog = QFileDialog(self, translate("Review", "Mở tệp ván"), str(Path.home()),
                             translate("Review", "Ván Chắn (*.chan.json *.json *.db *.sqlite "
                                                 "*.sqlite3);;Mọi tệp (*)"))
        dialog.setFileMode(QFileDialog.FileMode.ExistingFile)
        dialog.setOption(QFileDialog.Option.DontUseNativeDialog)
        dialog.fileSelected.connect(lambda path: self.import_path(Path(path)))
        dialog.finished.connect(dialog.deleteLater)
        dialog.open()

    @property
    def importing(self) -> bool:
        """An import is under way."""
        return self._import_job is not None

    def import_path(self, path: Path) -> bool:
        """Import the games of a file as copies, on the Worker with a Store of its own (the
        file is replayed and checked against the library: seconds for a large one); the
        result or the error is shown when done. False while another import runs."""
        if self._import_job is not None:
            return False
        db = Path(self.store.path)
        self.last_import = None
        self._import_job = self.worker.run(
            lambda: in_store(db, lambda store: import_copy(store, path)),
            lambda done: self._imported(path, done), lambda error: self._import_failed(error))
        self.library.show_importing(path.name)
        return True

    def _imported(self, path: Path, done: Imported) -> None:
        self._import_job = None
        ids = self.last_import = done.ids
        self.library.show_importing(None)
        self.refresh(select=ids[-1] if ids else None)
        new = len(ids)
        text = translate(
            "Review", "Đã nhập %n ván mới từ {file}.", None, new).format(file=path.name) \
            if ids else translate("Review", "{file}: mọi ván trong tệp đã có trong thư viện."
                                  ).format(file=path.name)
        # names changed on the way in (issue 20), in the record layer's words
        told = [pick(f"{n.vi} ({KEPT[1]})", f"{n.en} ({KEPT[0]})") for n in done.notices]
        self._info(translate("Review", "Đã nhập"), "\n\n".join([text, *told]))

    def _import_failed(self, error: BaseException) -> None:
        """Errors shown, nothing lost: an import stores nothing unless the file is sound."""
        self._import_job = None
        self.last_import = []
        self.library.show_importing(None)
        self.refresh()
        self._error(translate("Review", "Không mở được tệp"), error_text(error))
        self.library_failed.emit(error, True)

    # ------------------------------------------------------------------ batch

    def start_batch(self) -> None:
        """Analyse every game not analysed yet, in the background."""
        if self.store.read_only:  # its results are kept in the library (desktop.instance)
            self._error(translate("Review", "Chỉ đọc"), translate(
                "Review", "Chương trình đang mở với thư mục dữ liệu này ở một cửa sổ khác: chỉ "
                          "cửa sổ kia được phân tích và ghi kết quả vào thư viện."))
            return
        if self.runner.start(Path(self.store.path)):
            self.library.batch.show_progress(0, 0)
            self.library.batch_button.setEnabled(False)

    def cancel_batch(self) -> None:
        """Stop the batch after the current game (what is done stays)."""
        if self.runner.running:
            self.runner.cancel()
            self.library.batch.show_progress(self.runner.done, self.runner.total, True)

    def _progress(self, done: int, total: int) -> None:
        self.library.batch.show_progress(done, total, self.runner.cancelling)
        if not self._refresh_timer.isActive():
            self._refresh_timer.start(REFRESH_MS)

    def _batch_done(self, result: BatchResult) -> None:
        self.last_batch = result
        self.library.batch.hide()
        self.library.batch_button.setEnabled(True)
        self._refresh_timer.stop()
        self.refresh()
        if self.pages.currentWidget() is self.stats:
            self.stats.refresh()
        if result.failed:
            lines = "\n".join(f"#{gid}: {why}" for gid, why in result.failed[:10])
            failed = len(result.failed)
            self._error(translate("Review", "Có ván không phân tích được"), translate(
                "Review", "%n ván không dựng lại được từ dữ liệu đã lưu:", None, failed) +
                "\n\n" + lines)

    def _batch_failed(self, error: BaseException) -> None:
        self.library.batch.hide()
        self.library.batch_button.setEnabled(True)
        self.refresh()
        self._error(translate("Review", "Phân tích bị dừng"), error_text(error))
        self.library_failed.emit(error, True)

    # ------------------------------------------------------------------ messages

    def _error(self, title: str, text: str) -> None:
        self.last_error = text
        notify(self, title, text, warning=True)

    def _info(self, title: str, text: str) -> None:
        self.last_info = text
        notify(self, title, text)

    def changeEvent(self, event: QEvent) -> None:
        """Re-translate when the language changes."""
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
            self.library.retranslate()
        super().changeEvent(event)

    def shutdown(self) -> None:
        """Stop the batch and drop pending work (the window closes)."""
        self._refresh_timer.stop()
        self.runner.shutdown()
        for job in (self._import_job, self._list_job):
            if job is not None:
                job.cancel()
        self._import_job = self._list_job = None
        self.viewer.shutdown()
        self.tom_viewer.shutdown()
