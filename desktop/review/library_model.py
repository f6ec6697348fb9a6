"""The library as Qt item models: every saved game (replays.library.list_games) as a row, and
a proxy that sorts by any column and filters by text, "only games with errors" and result.

Each row's texts and sort keys are computed once, when first asked for (the rows on screen,
or every row when sorting by a column other than the date or filtering by text), and the
rows are sorted by the model itself with Python's sort (the proxy only filters): ten
thousand games open, sorted by date, in well under a second (issue 13).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from desktop.i18n import pick, translate
from desktop.qt import (
    QAbstractTableModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
)
from desktop.review.tom_details import kind_name as tom_kind_name
from desktop.review.words import amount_text, kind_name, result_text
from replays.games import DEFAULT_GAME, known_games, record_game
from replays.library import LibraryRow

SORT_ROLE = Qt.ItemDataRole.UserRole
ID_ROLE = Qt.ItemDataRole.UserRole + 1
Index = QModelIndex | QPersistentModelIndex


class Column(StrEnum):
    """The library's columns, left to right."""

    DATE = "date"
    GAME = "game"
    PLAYERS = "players"
    RULESET = "ruleset"  # which game: Chắn or Tổ tôm (FORMATS ``game``)
    RESULT = "result"
    SCORE = "score"
    EVENTS = "events"
    VIOLATIONS = "violations"
    MISSED_U = "missed_u"
    MISSED_CHIU = "missed_chiu"
    CALLS = "calls"
    ERRORS = "errors"


COLUMNS = tuple(Column)
NUMERIC = frozenset({Column.SCORE, Column.EVENTS, Column.VIOLATIONS, Column.MISSED_U,
                     Column.MISSED_CHIU, Column.CALLS, Column.ERRORS})


def game_title(game: str) -> str:
    """A game's name (FORMATS ``game``: "chan", "to_tom")."""
    return pick(*record_game(game).title) if game in known_games() else game


def column_title(column: Column, game: str | None = DEFAULT_GAME) -> str:
    """A column's header, in the words of the game shown (None: both games)."""
    claims = {DEFAULT_GAME: translate("Library", "Bỏ chíu"),
              "to_tom": translate("Library", "Bỏ phỗng")}
    return {
        Column.DATE: translate("Library", "Ngày"),
        Column.RULESET: translate("Library", "Trò"),
        Column.GAME: translate("Library", "Hội · ván"),
        Column.PLAYERS: translate("Library", "Người chơi"),
        Column.RESULT: translate("Library", "Kết quả"),
        Column.SCORE: translate("Library", "Điểm"),
        Column.EVENTS: translate("Library", "Nước"),
        Column.VIOLATIONS: translate("Library", "Lỗi"),
        Column.MISSED_U: translate("Library", "Bỏ ù"),
        Column.MISSED_CHIU: claims.get(game or "", translate("Library", "Bỏ chíu/phỗng")),
        Column.CALLS: translate("Library", "Xướng sai"),
        Column.ERRORS: translate("Library", "Tổng"),
    }[column]


def column_tip(column: Column, game: str | None = DEFAULT_GAME) -> str:
    """What a column counts (Tổ tôm's in its own words, TOTOM T10)."""
    tom = {
        Column.VIOLATIONS: translate("Library", "Số lỗi TN, TD của cả ván (Tổ tôm)"),
        Column.MISSED_U: translate("Library", "Số lần bỏ ù của cả ván (T5.7)"),
        Column.MISSED_CHIU: translate("Library", "Số lần bỏ phỗng của cả ván (T4.14)"),
        Column.CALLS: translate("Library", "Xướng gian, thiếu, sai thứ tự, sai cách dậy khàn "
                                           "hay báo bất thực (T7.6)"),
    }
    chan = {
        Column.SCORE: translate("Library", "Điểm bạn được hay mất trong ván này (ghế người "
                                           "chơi)"),
        Column.EVENTS: translate("Library", "Số nước đã ghi"),
        Column.VIOLATIONS: translate("Library", "Số lỗi L0–L17 của cả ván (R7)"),
        Column.MISSED_U: translate("Library", "Số lần bỏ ù của cả ván (R7.1)"),
        Column.MISSED_CHIU: translate("Library", "Số lần bỏ chíu của cả ván"),
        Column.CALLS: translate("Library", "Xướng sai, thiếu, sai thứ tự, không xướng bạch "
                                           "thủ (R8)"),
        Column.ERRORS: translate("Library", "Mọi chú thích là lỗi; để trống: chưa phân tích"),
    }
    if game == "to_tom":
        return tom.get(column) or chan.get(column, "")
    if game is None and column in tom:
        return f"{chan[column]}\n{tom[column]}"
    return chan.get(column, "")


class ResultFilter(StrEnum):
    """What the result filter keeps."""

    ALL = "all"
    WIN = "win"
    DRAW = "draw"
    U_LAO = "u_lao"
    PLAYING = "playing"
    MINE_WON = "mine_won"
    MINE_LOST = "mine_lost"


def result_filter_title(which: ResultFilter) -> str:
    """An entry of the result filter."""
    return {
        ResultFilter.ALL: translate("Library", "Mọi kết quả"),
        ResultFilter.WIN: translate("Library", "Có người ù"),
        ResultFilter.DRAW: translate("Library", "Hòa"),
        ResultFilter.U_LAO: translate("Library", "Ù láo"),
        ResultFilter.PLAYING: translate("Library", "Chưa xong"),
        ResultFilter.MINE_WON: translate("Library", "Bạn được điểm"),
        ResultFilter.MINE_LOST: translate("Library", "Bạn mất điểm"),
    }[which]


@dataclass(frozen=True, slots=True)
class Prepared:
    """A row's texts and sort keys, in column order, and what the text filter searches."""

    texts: tuple[str, ...]
    keys: tuple[object, ...]
    search: str
    tip: str


def _count(row: LibraryRow, kinds: tuple[str, ...]) -> int | None:
    return None if row.counts is None else sum(row.counts.get(k, 0) for k in kinds)


def prepare(row: LibraryRow) -> Prepared:
    """Texts and sort keys of one row (numbers sort as numbers, "not analysed" last), each
    count in its game's kinds (replays.games: Chắn's lỗi and chíu, Tổ tôm's TN/TD and
    phỗng)."""
    result = result_text(row.names, row.status, row.kind, row.winner, row.payout, row.game)
    kinds = record_game(row.game)
    numbers: dict[Column, float | int | None] = {
        Column.SCORE: row.score, Column.EVENTS: row.events,
        Column.VIOLATIONS: _count(row, kinds.fault_kinds),
        Column.MISSED_U: _count(row, ("missed_u",)),
        Column.MISSED_CHIU: _count(row, tuple(k for k in kinds.missed_kinds
                                              if k != "missed_u")),
        Column.CALLS: _count(row, kinds.call_kinds), Column.ERRORS: row.errors}
    texts: list[str] = []
    keys: list[object] = []
    for column in COLUMNS:
        if column is Column.DATE:
            texts.append(row.local_time)
            keys.append(f"{row.started_at}#{row.game_id:09d}")
        elif column is Column.RULESET:
            name = game_title(row.game)
            texts.append(name)
            keys.append(name.casefold())
        elif column is Column.GAME:
            texts.append(f"{row.session_id} · {row.position + 1}")
            keys.append(row.session_id * 100_000 + row.position)
        elif column is Column.PLAYERS:
            texts.append(", ".join(row.names))
            keys.append(", ".join(row.names).casefold())
        elif column is Column.RESULT:
            texts.append(result)
            keys.append(result.casefold())
        else:
            value = numbers[column]
            texts.append(amount_text(value) if column is Column.SCORE
                         else "" if value is None else str(value))
            keys.append(float("-inf") if value is None else float(value))
    tip = ""
    if row.counts is not None:
        named = tom_kind_name if row.game == "to_tom" else kind_name
        tip = "\n".join(f"{named(k)}: {row.counts[k]}" for k in kinds.error_kinds
                        if row.counts.get(k))
    search = " ".join((*texts[:5], str(row.game_id))).casefold()  # to the result
    return Prepared(tuple(texts), tuple(keys), search, tip)


def _date_key(row: LibraryRow) -> str:
    return f"{row.started_at}#{row.game_id:09d}"  # the DATE column's key, without prepare


class PreparedRows:
    """Each row's Prepared, made the first time it is asked for."""

    def __init__(self, rows: list[LibraryRow]) -> None:
        self.rows = rows
        self.made: list[Prepared | None] = [None] * len(rows)

    def __getitem__(self, i: int) -> Prepared:
        made = self.made[i]
        if made is None:
            made = self.made[i] = prepare(self.rows[i])
        return made

    def __len__(self) -> int:
        return len(self.rows)


class LibraryModel(QAbstractTableModel):
    """The saved games, one row each, sorted by the column the view asks for (list_games
    order until then)."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.all_rows: list[LibraryRow] = []  # every game read, of both games
        self.game: str | None = None  # the game shown (FORMATS ``game``), None: both
        self.rows: list[LibraryRow] = []  # the rows shown: those of `game`
        self.prepared = PreparedRows(self.rows)
        self._by_id: dict[int, int] = {}
        self._sorted: tuple[int, Qt.SortOrder] | None = None

    def set_rows(self, rows: list[LibraryRow]) -> None:
        """Replace every row (a reset: views keep no stale index), in the current order."""
        self.all_rows = list(rows)
        self._show_rows()

    def set_game(self, game: str | None) -> None:
        """Show only the games of ``game`` (None: both). The rows are already read: a
        filter over them in Python, a few milliseconds for 20,000 games (issue 20 §5), and
        the proxy's filter stays free when no other filter is on."""
        if game != self.game:
            self.game = game
            self._show_rows()
            self.headerDataChanged.emit(Qt.Orientation.Horizontal, 0, len(COLUMNS) - 1)

    def _show_rows(self) -> None:
        self.beginResetModel()
        game = self.game
        self.rows = self.all_rows[:] if game is None else \
            [r for r in self.all_rows if r.game == game]
        self.prepared = PreparedRows(self.rows)
        if self._sorted is not None:
            self._order(*self._sorted)
        self._by_id = {r.game_id: i for i, r in enumerate(self.rows)}
        self.endResetModel()

    def counts(self) -> Counter[str]:
        """How many games of each game were read."""
        return Counter(r.game for r in self.all_rows)

    def game_of(self, game_id: int) -> str | None:
        """The game (FORMATS ``game``) of a game read, shown or not."""
        i = self._by_id.get(game_id)
        if i is not None:
            return self.rows[i].game
        return next((r.game for r in self.all_rows if r.game_id == game_id), None)

    def set_row(self, row: LibraryRow) -> bool:
        """Replace the row of one game (its counts once analysed); False if it is not here."""
        i = self._by_id.get(row.game_id)
        if i is None:
            return False
        self.all_rows = [row if r.game_id == row.game_id else r for r in self.all_rows]
        self.rows[i] = row
        self.prepared.made[i] = None
        self.dataChanged.emit(self.index(i, 0), self.index(i, len(COLUMNS) - 1))
        return True

    def _order(self, column: int, order: Qt.SortOrder) -> None:
        """Put rows (and their Prepared) in the order of ``column``'s keys."""
        if not 0 <= column < len(COLUMNS):
            return
        date = COLUMNS[column] is Column.DATE

        def key(i: int) -> Any:
            return _date_key(self.rows[i]) if date else self.prepared[i].keys[column]

        ranks = sorted(range(len(self.rows)), key=key,
                       reverse=order == Qt.SortOrder.DescendingOrder)
        made = self.prepared.made
        self.rows[:] = [self.rows[i] for i in ranks]
        self.prepared.made = [made[i] for i in ranks]

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        """Sort every row by a column's keys (numbers as numbers, "not analysed" last);
        views keep their selection."""
        self._sorted = (column, order)
        self.layoutAboutToBeChanged.emit()
        old = self.persistentIndexList()
        ids = [self.rows[i.row()].game_id for i in old]
        self._order(column, order)
        self._by_id = {r.game_id: i for i, r in enumerate(self.rows)}
        self.changePersistentIndexList(old, [self.index(self._by_id[g], i.column())
                                             for g, i in zip(ids, old, strict=True)])
        self.layoutChanged.emit()

    def retranslate(self) -> None:
        """Results are words: prepare them again in the current language."""
        self._show_rows()

    def row_of(self, game_id: int) -> int | None:
        """The source row of a game."""
        return self._by_id.get(game_id)

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 (Qt's signature)
        """Rows of the table (none under a cell)."""
        return 0 if parent.isValid() else len(self.rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        """Columns of the table."""
        return 0 if parent.isValid() else len(COLUMNS)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        """Texts, sort keys, the game id, right-aligned numbers, the counts as a tooltip."""
        if not index.isValid():
            return None
        if role == ID_ROLE:
            return self.rows[index.row()].game_id
        prepared = self.prepared[index.row()]
        column = COLUMNS[index.column()]
        if role == Qt.ItemDataRole.DisplayRole:
            return prepared.texts[index.column()]
        if role == SORT_ROLE:
            return prepared.keys[index.column()]
        if role == Qt.ItemDataRole.TextAlignmentRole and column in NUMERIC:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role == Qt.ItemDataRole.ToolTipRole and column is Column.ERRORS and prepared.tip:
            return prepared.tip
        return None

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> object:
        """Column titles and what they count."""
        if orientation != Qt.Orientation.Horizontal or not 0 <= section < len(COLUMNS):
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return column_title(COLUMNS[section], self.game)
        if role == Qt.ItemDataRole.ToolTipRole:
            return column_tip(COLUMNS[section], self.game) or None
        return None


class LibraryFilter(QSortFilterProxyModel):
    """Filtering by words, errors and result; sorting is the LibraryModel's own (by its
    SORT_ROLE keys, in Python: the proxy asking each key through Qt took seconds)."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.setSortRole(SORT_ROLE)
        self.text = ""
        self.only_errors = False
        self.result = ResultFilter.ALL

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        """The view's sort (a header click): the source model sorts, this keeps its order."""
        model = self.sourceModel()
        if isinstance(model, LibraryModel):
            model.sort(column, order)
        else:
            super().sort(column, order)

    def set_filter(self, text: str | None = None, only_errors: bool | None = None,
                   result: ResultFilter | None = None) -> None:
        """Change any of the three filters."""
        self.beginFilterChange()
        if text is not None:
            self.text = text.strip().casefold()
        if only_errors is not None:
            self.only_errors = only_errors
        if result is not None:
            self.result = result
        self.endFilterChange()

    def filterAcceptsRow(self, source_row: int, source_parent: Index) -> bool:
        """Every word of the text appears; errors when asked; the wanted result."""
        if not self.text and not self.only_errors and self.result is ResultFilter.ALL:
            return True  # called for every row on each reset: 20,000 rows (issue 20)
        model = self.sourceModel()
        assert isinstance(model, LibraryModel)
        row = model.rows[source_row]
        if self.text and not all(w in model.prepared[source_row].search
                                 for w in self.text.split()):
            return False
        if self.only_errors and not row.errors:
            return False
        return _result_matches(row, self.result)


def _result_matches(row: LibraryRow, which: ResultFilter) -> bool:
    if which is ResultFilter.ALL:
        return True
    if which is ResultFilter.PLAYING:
        return row.status != "over"
    if which in (ResultFilter.WIN, ResultFilter.DRAW, ResultFilter.U_LAO):
        return row.status == "over" and row.kind == which.value
    score = row.score
    if score is None:
        return False
    return score > 0 if which is ResultFilter.MINE_WON else score < 0
