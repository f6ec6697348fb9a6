"""What a screen shows in words, read from its widgets, and the words that would be out of
place in English: Vietnamese that is not a game term (issue 20: Ctrl+L left "Tốt: …",
"Máy gợi ý", "Đã đoán 1 nước", "Ghi chú" and the Play line in Vietnamese), and English
counts with the wrong plural ("1 sections", "1 items done · 1 answers").

English keeps the game's own words (chắn, cạ, ù, cước…, the card names, the rule and cước
names, which it glosses); everything else with Vietnamese letters is reported, with the
widget it was found in.
"""

from __future__ import annotations

import dataclasses
import html
import re
import unicodedata
from collections.abc import Iterable, Iterator

from desktop.chieu.widget import ChieuWidget
from desktop.qt import (
    QAbstractButton,
    QAbstractItemView,
    QComboBox,
    QGroupBox,
    QLabel,
    QLineEdit,
    QListWidget,
    QModelIndex,
    QPlainTextEdit,
    QProgressBar,
    Qt,
    QTabBar,
    QTextEdit,
    QWidget,
)
from engine.chan.call import NAME_VI
from engine.chan.cards import RANK_NAMES_VI, SUIT_NAMES_VI, Card
from engine.chan.rulebook import REGISTRY
from engine.totom import ALL_CARDS as TOM_CARDS
from engine.totom import NAMES_VI as TOM_CUOC_VI
from engine.totom import REGISTRY as TOM_REGISTRY

# The game's words English keeps, as the catalogue and the lessons use them (each is glossed
# or explained where it first appears): STYLE.md's table, the cước and the làng options; the
# two lines before the last, Tổ tôm's (TOTOM.md's words).
GAME_TERMS = """
chắn cạ ba đầu què thiên khai nọc cửa trên bốc đánh ăn dưới chíu trả ù xướng cước báo lỗi
làng hội ván chiếu quân cái phần điểm dịch gà rộng hẹp bạch thủ thông lèo tôm xuông chì có
láo nghỉ tiền bỏ trái vỉ thập thành phá kính tứ tám đỏ định nước hay bài chia hán
tổ tôm phu bí dọc khàn phỗng dậy lưng yêu đen chèo đò kê trùng bất thực gá điếm thơ nẩy xuyên
vạn văn sách nhất ông cụ thang sắc hồng tròn hạ hồ
tiến tụt đối
"""  # "tiến tụt đối": the bốc cái mnemonic, quoted ("nhị (lục) tiến, tứ (bát) tụt…")
LANGUAGE_NAMES = "Tiếng Việt"  # the language switch names the language in itself
WORD = re.compile(r"[^\W\d_]+")
PLURAL = re.compile(r"(?<![\w.,])1 (sections|questions|items|answers|games|moves|cards|"
                    r"seconds|points|mistakes|steps|deals|players|errors|analysed games)\b")


def _words(texts: Iterable[str]) -> set[str]:
    return {w.casefold() for t in texts for w in WORD.findall(t)}


def allowed_words(names: Iterable[str] = ()) -> set[str]:
    """The words with Vietnamese letters English may show: the game's terms, card, rule and
    cước names, and the players' names (data, never translated)."""
    cards = [Card(k).name_vi for k in range(25)]
    tom_cards = [card.name_vi for card in TOM_CARDS]
    return _words([GAME_TERMS, LANGUAGE_NAMES, *cards, *RANK_NAMES_VI.values(),
                   *SUIT_NAMES_VI, *(rule.name.vi for rule in REGISTRY),
                   *NAME_VI.values(), *tom_cards, *(rule.name.vi for rule in TOM_REGISTRY),
                   *TOM_CUOC_VI.values(), *names])


def vietnamese(word: str) -> bool:
    """A word written with a Vietnamese letter: a Latin one with a diacritic, or đ (not a
    Hán character of the cards, nor a name's ß)."""
    return any(not c.isascii() and unicodedata.name(c, "").startswith("LATIN")
               and (bool(unicodedata.decomposition(c)) or c in "đĐ") for c in word)


def plain(text: str) -> str:
    """Rich text as the reader sees it (tags dropped, entities read)."""
    if "<" in text and ">" in text:
        text = re.sub(r"<[^>]*>", " ", text)
    return html.unescape(text)


def _view_texts(value: object) -> Iterator[str]:
    """The strings of a chiếu view (names, message, prompt labels), found by walking it."""
    if isinstance(value, str):
        yield value
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            if f.name != "obs":  # the engine's observation: codes, not words
                yield from _view_texts(getattr(value, f.name))
    elif isinstance(value, (tuple, list, frozenset, set)):
        for item in value:
            yield from _view_texts(item)


def _model_texts(view: QAbstractItemView, rows: int = 60) -> Iterator[str]:
    model = view.model()
    if model is None:
        return
    for column in range(model.columnCount()):
        header = model.headerData(column, Qt.Orientation.Horizontal)
        if isinstance(header, str):
            yield header
    for row in range(min(rows, model.rowCount())):
        for column in range(model.columnCount()):
            data = model.data(model.index(row, column, QModelIndex()))
            if isinstance(data, str):
                yield data


def widget_texts(widget: QWidget) -> Iterator[tuple[str, str]]:
    """(where, text) of every text a visible widget shows."""
    name = f"{type(widget).__name__} {widget.objectName()}".strip()
    if isinstance(widget, QLabel):
        yield name, plain(widget.text())
    elif isinstance(widget, QAbstractButton):
        yield name, widget.text()
    elif isinstance(widget, QGroupBox):
        yield name, widget.title()
    elif isinstance(widget, QTabBar):
        for i in range(widget.count()):
            yield name, widget.tabText(i)
    elif isinstance(widget, QComboBox):
        yield name, widget.currentText()
    elif isinstance(widget, QListWidget):
        for i in range(widget.count()):
            yield name, widget.item(i).text()
    elif isinstance(widget, (QTextEdit, QPlainTextEdit)):
        yield name, widget.toPlainText()
    elif isinstance(widget, QLineEdit):
        yield name, widget.text() or widget.placeholderText()
    elif isinstance(widget, QProgressBar):
        yield name, widget.text()
    elif isinstance(widget, ChieuWidget):
        view = widget.view()
        if view is not None:
            for text in _view_texts(view):
                yield name, text
    if isinstance(widget, QAbstractItemView) and not isinstance(widget, QListWidget):
        for text in _model_texts(widget):
            yield name, text
    if widget.isWindow():
        yield name, widget.windowTitle()


def shown_texts(root: QWidget) -> Iterator[tuple[str, str]]:
    """(where, text) of every visible widget under `root` (itself included)."""
    for widget in (root, *root.findChildren(QWidget)):
        if widget.isVisible():
            yield from widget_texts(widget)


def out_of_place(root: QWidget, names: Iterable[str] = ()) -> list[str]:
    """What `root` shows that English should not: Vietnamese words that are no game term,
    and a count of 1 with a plural noun."""
    allowed = allowed_words(names)
    found = []
    for where, text in shown_texts(root):
        odd = sorted({w for w in WORD.findall(text)
                      if vietnamese(w) and w.casefold() not in allowed})
        if odd:
            found.append(f"{where}: {', '.join(odd)} — {text[:160]!r}")
        if PLURAL.search(text):
            found.append(f"{where}: plural — {text[:160]!r}")
    return found
