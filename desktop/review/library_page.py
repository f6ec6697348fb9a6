"""The library page of Xem lại: every saved game with date, players, result, score and the
annotations by kind, sorted by any column and filtered; "Mở tệp…" imports a .chan.json or
another database as a copy; "Phân tích tất cả" runs the batch analysis with a progress bar.
"""

from __future__ import annotations

from desktop.elided import ElidedLabel
from desktop.i18n import translate
from desktop.keys import key_hint, keys_of
from desktop.qt import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QCoreApplication,
    QEvent,
    QFontMetrics,
    QHBoxLayout,
    QHeaderView,
    QKeyEvent,
    QKeySequence,
    QLabel,
    QLineEdit,
    QModelIndex,
    QObject,
    QProgressBar,
    QPushButton,
    QShowEvent,
    QStyle,
    Qt,
    QTableView,
    QVBoxLayout,
    QWidget,
    Signal,
)
from desktop.review.library_model import (
    COLUMNS,
    ID_ROLE,
    Column,
    LibraryFilter,
    LibraryModel,
    ResultFilter,
    game_title,
    result_filter_title,
)
from replays.games import known_games
from replays.library import LibraryRow

# Keys typed in the search box that move the table's selection instead (the line edit has no
# use for them), so a learner can search, pick a row and press Enter without leaving the box.
# (QKeySequence has [] at run time; PySide6's type stubs leave it out.)
TABLE_KEYS = {QKeySequence(k)[0].key() for k in keys_of("review_move")}  # type: ignore[index]

WIDTHS = {Column.DATE: 130, Column.RULESET: 62, Column.GAME: 70, Column.RESULT: 130,
          Column.SCORE: 56, Column.EVENTS: 54, Column.VIOLATIONS: 46, Column.MISSED_U: 50,
          Column.MISSED_CHIU: 62, Column.CALLS: 80, Column.ERRORS: 50}



def title_width(header: QHeaderView, section: int) -> int:
    """The width a column's title needs: its longest line and the header's margins, and the
    sort arrow's room on the column sorted by (Qt's own size hint keeps that room on every
    column and measures a two-line title as one line)."""
    model = header.model()
    text = str(model.headerData(section, Qt.Orientation.Horizontal) or "") if model else ""
    metrics = QFontMetrics(header.font())
    style = header.style()
    margin = style.pixelMetric(QStyle.PixelMetric.PM_HeaderMargin, None, header)
    width = max((metrics.horizontalAdvance(line) for line in text.split("\n")), default=0)
    width += 4 * margin + 8  # the margins, the section's frame, a little air
    if header.isSortIndicatorShown() and header.sortIndicatorSection() == section:
        width += style.pixelMetric(QStyle.PixelMetric.PM_HeaderMarkSize, None, header) + \
            2 * margin
    return width

class BatchBar(QWidget):
    """The batch analysis under way: a progress bar with counts and a Cancel button."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.label = QLabel()
        self.label.setTextFormat(Qt.TextFormat.PlainText)
        self.bar = QProgressBar()
        self.bar.setTextVisible(True)
        self.cancel_button = QPushButton()
        self.cancel_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 2, 0, 2)
        layout.addWidget(self.label)
        layout.addWidget(self.bar, 1)
        layout.addWidget(self.cancel_button)
        self.hide()

    def retranslate(self) -> None:
        """Texts in the current language."""
        self.cancel_button.setText(translate("Library", "Dừng ({key})").format(
            key=key_hint("review_cancel")))

    def show_progress(self, done: int, total: int, cancelling: bool = False) -> None:
        """Counts so far."""
        self.bar.setRange(0, max(total, 1))
        self.bar.setValue(done)
        self.bar.setFormat(translate("Library", "{done} / {total} ván").format(
            done=done, total=total))
        self.label.setText(translate("Library", "Đang dừng…") if cancelling
                           else translate("Library", "Đang phân tích:"))
        self.cancel_button.setEnabled(not cancelling)
        self.show()


class LibraryPage(QWidget):
    """Emits `open_requested(game_id)`, `import_requested()`, `batch_requested()`."""

    open_requested = Signal(int)
    import_requested = Signal()
    batch_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = LibraryModel(self)
        self.importing: str | None = None  # the file being imported
        self.opening = False  # a game is being read for the viewer
        self._table_wants_focus = False  # shown while loading: the table takes the keys later
        self.loaded = False  # rows have been read once (before: the page says it is loading)
        self.failed: str | None = None  # why the library could not be read, in words
        self.proxy = LibraryFilter(self)
        self.proxy.setSourceModel(self.model)
        self.search = QLineEdit()
        self.search.setClearButtonEnabled(True)
        self.search.textChanged.connect(lambda text: self._filter(text=text))
        self.search.installEventFilter(self)
        self.only_errors = QCheckBox()
        self.only_errors.toggled.connect(lambda on: self._filter(only_errors=on))
        self.result = QComboBox()
        self.result.activated.connect(
            lambda i: self._filter(result=list(ResultFilter)[i]))
        # which game's games are listed (issue 23): the program's game, or both
        self.game_box = QComboBox()
        self.game_box.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        for game in (*known_games(), None):
            self.game_box.addItem("", game)
        self.game_box.activated.connect(lambda i: self.set_game(self.game_box.itemData(i)))
        self.import_button = QPushButton()
        self.import_button.clicked.connect(self.import_requested)
        self.batch_button = QPushButton()
        self.batch_button.clicked.connect(self.batch_requested)
        self.open_button = QPushButton()
        self.open_button.setObjectName("primary")
        self.open_button.clicked.connect(self.open_selected)
        for button in (self.import_button, self.batch_button, self.open_button):
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.batch = BatchBar()
        self.table = QTableView()
        self.table.setModel(self.proxy)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setAlternatingRowColors(True)
        self.table.setWordWrap(False)
        self.table.verticalHeader().setVisible(False)
        self.table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        self.table.verticalHeader().setDefaultSectionSize(26)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setStretchLastSection(False)
        header.setSortIndicatorShown(True)
        header.sortIndicatorChanged.connect(lambda *_: self._fit_columns())  # the arrow moved
        for i, column in enumerate(COLUMNS):
            if column is Column.PLAYERS:
                header.setSectionResizeMode(i, QHeaderView.ResizeMode.Stretch)
        self.table.setSortingEnabled(True)
        self.table.sortByColumn(COLUMNS.index(Column.DATE), Qt.SortOrder.DescendingOrder)
        self.table.doubleClicked.connect(lambda _: self.open_selected())
        self.table.selectionModel().selectionChanged.connect(lambda *_: self._selection())
        self.empty = QLabel()
        self.empty.setWordWrap(True)
        self.empty.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.empty.setTextFormat(Qt.TextFormat.PlainText)
        self.status = ElidedLabel()  # the file being imported: any name, any length

        filters = QHBoxLayout()
        filters.addWidget(self.search, 1)
        filters.addWidget(self.game_box)
        filters.addWidget(self.only_errors)
        filters.addWidget(self.result)
        filters.addSpacing(12)
        filters.addWidget(self.import_button)
        filters.addWidget(self.batch_button)
        foot = QHBoxLayout()
        foot.addWidget(self.status, 1)
        foot.addWidget(self.open_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(12, 6, 12, 8)
        layout.addLayout(filters)
        layout.addWidget(self.batch)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.empty, 1)
        layout.addLayout(foot)
        self.retranslate()
        self._selection()

    def retranslate(self) -> None:
        """Texts in the current language (the rows too: results are words)."""
        self.search.setPlaceholderText(translate(
            "Library", "Tìm: tên người chơi, ngày, kết quả… ({key})").format(
            key=key_hint("review_filter")))
        self.only_errors.setText(translate("Library", "Chỉ ván có lỗi ({key})").format(
            key=key_hint("review_only_errors")))
        self.result.setToolTip(key_hint("review_result"))
        current = self.result.currentIndex()
        self.result.clear()
        for which in ResultFilter:
            self.result.addItem(result_filter_title(which))
        self.result.setCurrentIndex(max(0, current))
        self._game_texts()
        self.import_button.setText(translate("Library", "Mở tệp… ({key})").format(
            key=key_hint("review_import")))
        self.batch_button.setText(translate("Library", "Phân tích tất cả ({key})").format(
            key=key_hint("review_batch")))
        self.open_button.setText(translate("Library", "Xem lại ván này ({key})").format(
            key=key_hint("review_open")))
        self._empty_text()
        self.batch.retranslate()
        if self.model.rows:
            selected = self.selected_game()
            self.model.retranslate()
            if selected is not None:
                self.select_game(selected)
        self._fit_columns()
        self._status()

    def _game_texts(self) -> None:
        """The game filter's entries, each with how many games it holds."""
        counts = self.model.counts()
        for i in range(self.game_box.count()):
            game = self.game_box.itemData(i)
            n = sum(counts.values()) if game is None else counts.get(game, 0)
            name = translate("Library", "Cả hai trò") if game is None else game_title(game)
            self.game_box.setItemText(i, f"{name} ({n})" if self.loaded else name)
        self.game_box.setToolTip(translate("Library", "Trò của các ván đang hiện ({key})")
                                 .format(key=key_hint("review_game")))

    def set_game(self, game: str | None) -> None:
        """List only the games of ``game`` ("chan", "to_tom"; None: both games); the
        selection is kept when it is still listed."""
        index = self.game_box.findData(game)
        if index >= 0 and index != self.game_box.currentIndex():
            self.game_box.setCurrentIndex(index)
        if game == self.model.game:
            return
        selected = self.selected_game()
        self.model.set_game(game)
        if selected is None or not self.select_game(selected):
            self.table.selectRow(0)
        self._fit_columns()
        if self.loaded:
            self._show_table(bool(self.model.rows))
        self._status()
        self._selection()

    @property
    def game(self) -> str | None:
        """The game listed (None: both)."""
        return self.model.game

    def next_game(self) -> None:
        """Alt+G: the next entry of the game filter."""
        index = (self.game_box.currentIndex() + 1) % self.game_box.count()
        self.set_game(self.game_box.itemData(index))

    def _fit_columns(self) -> None:
        """Each column at least as wide as its title in the language shown (issue 20: "ssion ·
        gar", "Missed (" in English); the players' column takes what is left."""
        header = self.table.horizontalHeader()
        for i, column in enumerate(COLUMNS):
            if column is not Column.PLAYERS:
                header.resizeSection(i, max(WIDTHS[column], title_width(header, i)))

    # ------------------------------------------------------------------ rows

    def _empty_text(self) -> None:
        """What the page says when no game is shown: loading, why it failed, or no games."""
        if self.failed is not None:
            text = translate("Library", "Không đọc được thư viện: {error}").format(
                error=self.failed)
        elif not self.loaded:
            text = translate("Library", "Đang tải thư viện…")
        elif self.model.all_rows and self.model.game is not None:
            text = translate("Library", "Thư viện chưa có ván {game} nào. Chọn «Cả hai trò» "
                                        "({key}) để xem mọi ván.").format(
                game=game_title(self.model.game), key=key_hint("review_game"))
        else:
            text = translate(
                "Library", "Chưa có ván nào được lưu. Mỗi ván bạn chơi ở phần Chơi được lưu "
                           "từng nước và hiện ở đây; bạn cũng có thể mở một tệp .chan.json "
                           "hoặc .db.")
        self.empty.setText(text)

    def show_loading(self) -> None:
        """The library is being read: before its first rows, the page says so (never an
        empty table that looks like an empty library)."""
        self.failed = None
        if not self.loaded:
            self._show_table(False)

    def show_failed(self, why: str) -> None:
        """The library could not be read: said in words where the games would be."""
        self.failed = why
        if not self.loaded:
            self._show_table(False)
        else:
            self.status.setText(translate("Library", "Không đọc được thư viện: {error}")
                                .format(error=why))

    def _show_table(self, shown: bool) -> None:
        self.table.setVisible(shown)
        if shown and self._table_wants_focus and self.isVisible():
            self._table_wants_focus = False
            self.table.setFocus()  # as showEvent does: the rows came after it
        self.empty.setVisible(not shown)
        self._empty_text()
        self.open_button.setEnabled(shown and self.selected_game() is not None)

    def set_rows(self, rows: list[LibraryRow]) -> None:
        """Show these games (the selection is kept by game id, and the scroll position: a
        batch refreshes the counts while the learner scrolls)."""
        self.loaded = True
        self.failed = None
        selected = self.selected_game()
        bar = self.table.verticalScrollBar()
        scrolled = bar.value()
        self.model.set_rows(rows)
        if selected is None or not self.select_game(selected, scroll=False):
            self.table.selectRow(0)  # Enter opens the newest game at once
        bar.setValue(scrolled)
        self._game_texts()
        self._show_table(bool(self.model.rows))
        self._status()
        self._selection()

    def set_row(self, row: LibraryRow) -> bool:
        """Show one game's row anew (its counts, once analysed); False if it is not listed."""
        if not self.model.set_row(row):
            return False
        self.proxy.invalidate()  # "only errors" may now show or hide it
        self._status()
        self._selection()
        return True

    def _filter(self, text: str | None = None, only_errors: bool | None = None,
                result: ResultFilter | None = None) -> None:
        if text is not None:  # the learner is typing a search: the focus stays there
            self._table_wants_focus = False
        self.proxy.set_filter(text, only_errors, result)
        # A filter that hides every game drops the selection for good (the view moves a
        # hidden selection to a neighbour only while rows remain, and showing the games again
        # does not bring it back), which left Enter with nothing to open: the first game
        # shown is selected instead. A selection still shown stays, and nothing scrolls.
        if self.selected_game() is None and self.proxy.rowCount():
            self.table.selectRow(0)
        self._status()
        self._selection()

    def _status(self) -> None:
        if not self.loaded:  # the page says it is loading
            self.status.setText("")
            return
        rows = self.model.rows
        games, shown = len(rows), self.proxy.rowCount()  # plain names: lupdate sees counts
        analysed = sum(1 for r in rows if r.counts is not None)
        text = " · ".join((translate("Library", "%n ván", None, games),
                           translate("Library", "%n đã phân tích", None, analysed),
                           translate("Library", "đang hiện %n", None, shown)))
        if self.model.game is not None:
            text = f"{game_title(self.model.game)}: {text}"
        if self.importing is not None:
            text += " · " + translate("Library", "Đang nhập {file}…").format(
                file=self.importing)
        if self.opening:
            text += " · " + translate("Library", "Đang mở ván…")
        self.status.setText(text)

    def show_importing(self, name: str | None) -> None:
        """A file being imported (None: done): said in the status line, and no second
        import meanwhile."""
        self.importing = name
        self.import_button.setEnabled(name is None)
        self._status()

    def show_opening(self, opening: bool) -> None:
        """A game being read for the viewer, said in the status line."""
        self.opening = opening
        self._status()

    def _selection(self) -> None:
        self.open_button.setEnabled(self.selected_game() is not None)

    def selected_game(self) -> int | None:
        """The id of the selected game."""
        rows = self.table.selectionModel().selectedRows()
        return int(rows[0].data(ID_ROLE)) if rows else None

    def select_game(self, game_id: int, scroll: bool = True) -> bool:
        """Select a game by id, scrolled into view unless `scroll` is False (False when it
        is filtered out or unknown)."""
        row = self.model.row_of(game_id)
        if row is None:
            return False
        index = self.proxy.mapFromSource(self.model.index(row, 0))
        if not index.isValid():
            return False
        bar = self.table.verticalScrollBar()
        scrolled = bar.value()
        self.table.selectRow(index.row())
        if scroll:
            self.table.scrollTo(index)
        else:  # selecting a row scrolls to it: back where the learner was
            bar.setValue(scrolled)
        return True

    def open_selected(self) -> None:
        """Open the selected game in the viewer."""
        game_id = self.selected_game()
        if game_id is not None:
            self.open_requested.emit(game_id)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """↑/↓/PgUp/PgDn in the search box go to the table (Enter there opens the selected
        game through the review_open shortcut)."""
        if (watched is self.search and event.type() == QEvent.Type.KeyPress
                and isinstance(event, QKeyEvent) and Qt.Key(event.key()) in TABLE_KEYS
                and event.modifiers() in (Qt.KeyboardModifier.NoModifier,
                                          Qt.KeyboardModifier.KeypadModifier)):
            QCoreApplication.sendEvent(self.table, QKeyEvent(
                QEvent.Type.KeyPress, event.key(), event.modifiers()))
            return True
        return super().eventFilter(watched, event)

    def showEvent(self, event: QShowEvent) -> None:
        """Shown (Ctrl+3, Alt+1, back from the viewer): the keys go to the table, so ↑/↓ and
        Enter work at once. Not in the constructor: focus given to a hidden widget is lost
        when the main window's stack moves it to the first field of the page."""
        super().showEvent(event)
        if not event.spontaneous():
            if self.table.isHidden():  # still loading: when the rows come
                self._table_wants_focus = True
            else:
                self.table.setFocus()

    def focus_search(self) -> None:
        """Ctrl+F: into the search box."""
        self._table_wants_focus = False
        self.search.setFocus()
        self.search.selectAll()

    def toggle_only_errors(self) -> None:
        """Alt+E: only games with errors, or every game."""
        self.only_errors.toggle()

    def next_result_filter(self) -> None:
        """Alt+R: the next entry of the result filter."""
        index = (self.result.currentIndex() + 1) % self.result.count()
        self.result.setCurrentIndex(index)
        self._filter(result=list(ResultFilter)[index])

    def visible_games(self) -> list[int]:
        """The ids of the rows shown, top to bottom."""
        return [int(self.proxy.index(r, 0, QModelIndex()).data(ID_ROLE))
                for r in range(self.proxy.rowCount())]
