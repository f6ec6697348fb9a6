"""The help screen lists every shortcut; the About box carries the version and the credits."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from desktop_driver import open_window, wait_for
from pytestqt.qtbot import QtBot

from desktop import version
from desktop.about import AboutDialog, font_credits
from desktop.help_dialog import HelpDialog, key_text
from desktop.keys import BINDINGS, Section, describe
from desktop.qt import Qt


def test_every_binding_is_listed(qtbot: QtBot) -> None:
    dialog = HelpDialog()
    qtbot.addWidget(dialog)
    text = dialog.text.toPlainText()
    for b in BINDINGS:
        assert describe(b.id) in text
        for key in b.keys:
            assert key_text(key) in text


def test_no_key_does_two_things_in_one_place() -> None:
    for section in Section:
        keys = Counter(k for b in BINDINGS if b.section is section for k in b.keys)
        assert [k for k, n in keys.items() if n > 1] == []
    app_keys = {k for b in BINDINGS if b.section is Section.APP for k in b.keys}
    for b in BINDINGS:
        if b.section is not Section.APP:
            assert not app_keys & set(b.keys), b.id


def test_f1_opens_the_help_and_ctrl_numbers_switch_activities(qtbot: QtBot,
                                                              tmp_path: Path) -> None:
    window = open_window(qtbot, tmp_path)
    qtbot.keyClick(window, Qt.Key.Key_F1)
    wait_for(qtbot, lambda: any(d.isVisible() for d in window.findChildren(HelpDialog)))
    dialog = window.findChildren(HelpDialog)[0]
    dialog.close()
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    for key, name in ((Qt.Key.Key_1, "learn"), (Qt.Key.Key_3, "review"),
                      (Qt.Key.Key_2, "play")):
        qtbot.keyClick(window, key, Qt.KeyboardModifier.ControlModifier)
        assert window.activity() == name


def test_about_names_the_version_fonts_and_licences(qtbot: QtBot) -> None:
    credits = font_credits()
    assert {file for file, *_ in credits} == {
        p.name for p in (Path(__file__).resolve().parents[2] / "resources" / "fonts").iterdir()
        if p.suffix in (".ttf", ".otf")}
    dialog = AboutDialog()
    qtbot.addWidget(dialog)
    text = dialog.text.toPlainText()
    assert version() in text
    assert "Noto Serif CJK TC" in text and "SIL Open Font License" in text and "CC0" in text
    assert "SIL OPEN FONT LICENSE Version 1.1" in dialog.licence.toPlainText()
