"""Untrusted text is inert on the screens too. A player named ``<b>X</b>`` is shown as those eight
characters, never as a bold X: every label that shows a name, a file name or a note is plain
text, and the rich-text labels escape what they quote.

The test walks every QLabel (and message box) of the screens after showing hostile names,
and checks what a person would see: a plain-text label holding the name as it is, or a
rich-text label whose rendered text still holds the name's ``<`` and ``>``.

(Asked for by issue 13, class 7.)
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from desktop_driver import open_window
from pytestqt.qtbot import QtBot
from review_driver import open_in_viewer, opened_library, shown_review

from desktop.chieu.scene import Scene
from desktop.notices import notify
from desktop.qt import QLabel, QMessageBox, Qt, QTextDocument, QWidget
from desktop.review.screen import ReviewScreen
from desktop.settings import Settings, save, settings_path
from replays.record import Player
from replays.store import Store

NAME = "<b>X</b>"
FILE = "<i>ván</i>.chan.json"
PLAYERS = (Player(NAME), Player("<u>Bà</u>", "ai", "normal"),
           Player("Chú <s>Ba</s>", "ai", "normal"), Player("Cô Hằng", "ai", "normal"))


def shown_text(label: QLabel) -> str:
    """What the label shows a person, as plain text: its text as it is when Qt draws it
    as plain text, the rendered document otherwise (AutoText renders what looks like
    HTML)."""
    if label.textFormat() is Qt.TextFormat.PlainText:
        return label.text()
    if label.textFormat() is Qt.TextFormat.AutoText and not looks_rich(label.text()):
        return label.text()
    doc = QTextDocument()
    doc.setHtml(label.text())
    return doc.toPlainText()


def looks_rich(text: str) -> bool:
    """Whether Qt's AutoText might take `text` for HTML (any tag-like ``<``: stricter than
    Qt's own guess, which looks at the first tag only)."""
    return "<" in text


def labels_showing(root: QWidget, marker: str) -> list[QLabel]:
    """The labels under `root` whose text quotes `marker` (raw or escaped)."""
    core = marker.replace("<", "").replace(">", "").replace("/", "")
    return [lab for lab in root.findChildren(QLabel)
            if marker in lab.text() or core in shown_text(lab).replace("<", "").replace(
                ">", "").replace("/", "")]


def assert_inert(root: QWidget, *markers: str) -> int:
    """Every label quoting one of `markers` shows it character for character; how many."""
    seen = 0
    for marker in markers:
        for lab in labels_showing(root, marker):
            if marker in lab.text() or marker in shown_text(lab):
                assert marker in shown_text(lab), (
                    f"{lab.objectName() or type(lab.parent()).__name__}: "
                    f"{lab.text()!r} renders {marker!r} as markup")
                seen += 1
    return seen


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    """A small library whose players have names that look like HTML."""
    yield from opened_library(tmp_path / "replays.db", ("normal",) * 4, 2, 5, PLAYERS)


@pytest.fixture
def screen(qtbot: QtBot, store: Store, scene: Scene) -> Iterator[ReviewScreen]:
    """Xem lại on that library."""
    yield from shown_review(qtbot, store, scene)


def test_the_viewer_title_shows_names_as_plain_text(
        qtbot: QtBot, screen: ReviewScreen, store: Store) -> None:
    game_id = store.game_ids()[0]
    open_in_viewer(qtbot, screen, game_id)
    title = screen.viewer.title
    assert NAME in title.text()
    assert title.textFormat() is Qt.TextFormat.PlainText  # not AutoText: <b> would be bold
    assert assert_inert(screen, NAME, "<u>Bà</u>", "Chú <s>Ba</s>") >= 1


def test_every_review_label_is_inert(
        qtbot: QtBot, screen: ReviewScreen, store: Store) -> None:
    screen.library.show_importing(FILE)  # the status line names the file being imported
    assert any(FILE in lab.text() for lab in screen.findChildren(QLabel))
    assert assert_inert(screen, FILE) >= 1
    screen.library.show_importing(None)
    screen.library.batch.show_progress(1, 2)
    open_in_viewer(qtbot, screen, store.game_ids()[1])
    assert assert_inert(screen, NAME, "<u>Bà</u>", "Chú <s>Ba</s>", FILE) >= 1
    for lab in screen.findChildren(QLabel):  # no label is left to guess (AutoText)
        assert lab.textFormat() is not Qt.TextFormat.AutoText \
            or not looks_rich(lab.text()), lab.text()


def test_a_message_box_shows_a_file_name_as_plain_text(
        qtbot: QtBot, screen: ReviewScreen) -> None:
    box = notify(screen, "Không mở được tệp", f"{FILE}: không phải tệp .chan.json")
    try:
        assert box.textFormat() is Qt.TextFormat.PlainText
        assert FILE in box.text()
    finally:
        box.close()


def test_the_play_screen_shows_names_as_text(qtbot: QtBot,
                                                            tmp_path: Path) -> None:
    names = (NAME, "<u>Bà</u>", "Chú <s>Ba</s>", "Cô Hằng")
    save(settings_path(tmp_path), Settings(names=names))
    window = open_window(qtbot, tmp_path)
    assert window.settings.names == names
    assert assert_inert(window, *names) >= 1
    boxes = window.findChildren(QMessageBox)
    for box in boxes:
        assert box.textFormat() is not Qt.TextFormat.AutoText or not looks_rich(box.text())
