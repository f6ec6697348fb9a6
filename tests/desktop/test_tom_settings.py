"""The settings dialog's Tổ tôm tab (issue 23 §4): every làng option of TOTOM T9 is edited with
the ranges TomRules accepts, a combination the engine refuses is said in words and Save waits,
the tab of the game being taught comes first, and the tab speaks English, fits 1024×640 and is
walked by the Tab key.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from desktop_driver import open_window, wait_for
from language_check import WORD, allowed_words, out_of_place, vietnamese
from pytestqt.qtbot import QtBot

from desktop.i18n import set_language
from desktop.option_widgets import value_of
from desktop.qt import (
    QApplication,
    QCheckBox,
    QComboBox,
    QDialogButtonBox,
    QDoubleSpinBox,
    QScrollArea,
    QSpinBox,
    Qt,
    QWidget,
)
from desktop.settings import TOM_DEFAULT_NAMES, Settings, load, settings_path
from desktop.settings_dialog import SettingsDialog
from desktop.tom_choices import option_label
from desktop.tom_settings_tab import (
    BY_PLAYERS,
    POINTS_RANGE,
    STAKE_RANGE,
    WHOLE_RANGES,
    PointsBox,
)
from engine.chan.rules import LangRules
from engine.game import Mode
from engine.totom import AUTOMATIONS, NAMES_VI, OPTION_NAMES, BadRules, TomRules

DEFAULT = TomRules().to_json()
# Tổ tôm's own words, which English keeps (each is glossed in the tooltips)
TOM_TERMS = """tổ tôm lưng nọc cái hạ trùng yêu chèo đò ông cụ bí ngũ tứ khàn thiên khai dậy
hội dịch thông suông trả cửa phu dọc quân phỗng trình úp treo tranh thối cho kê"""


PARENTS: list[QWidget] = []  # the windows the dialogs stand over, alive for one test


@pytest.fixture(autouse=True)
def _parents() -> Iterator[None]:
    yield
    PARENTS.clear()


@pytest.fixture
def english() -> Iterator[None]:
    """The program in English for one test."""
    set_language("en")
    yield
    set_language("vi")


def dialog_for(qtbot: QtBot, settings: Settings, size: tuple[int, int] = (1280, 800),
               ) -> SettingsDialog:
    """The dialog over a window of `size`, shown."""
    parent = QWidget()
    qtbot.addWidget(parent)
    PARENTS.append(parent)
    parent.resize(*size)
    dialog = SettingsDialog(settings, parent)
    with qtbot.waitExposed(dialog):
        dialog.show()
    return dialog


def edit_once(box: QWidget) -> None:
    """Change what an option widget shows, to another value it allows."""
    if isinstance(box, PointsBox):
        spin = box.spins["tom"]
        spin.setValue(spin.value() + 1)
    elif isinstance(box, QComboBox):
        box.setCurrentIndex((box.currentIndex() + 1) % box.count())
    elif isinstance(box, QCheckBox):
        box.setChecked(not box.isChecked())
    elif isinstance(box, QSpinBox):
        box.setValue(box.value() + 1 if box.value() < box.maximum() else box.value() - 1)
    elif isinstance(box, QDoubleSpinBox):
        box.setValue(box.value() + 1.5)
    else:
        raise AssertionError(f"no way to edit {type(box).__name__}")


def save_button(dialog: SettingsDialog) -> QWidget:
    return dialog.buttons.button(QDialogButtonBox.StandardButton.Ok)


def test_the_dialog_edits_every_option_of_T9(qtbot: QtBot) -> None:
    dialog = dialog_for(qtbot, Settings(game="to_tom"))
    tab = dialog.tom_tab
    assert tab.rules() == TomRules() and dialog.settings() == Settings(game="to_tom")
    edited: set[str] = set()
    for name in OPTION_NAMES:
        tab.restore_defaults()
        edit_once(tab.option_boxes[name])
        rules = dialog.settings().tom_rules
        changed = {n for n, v in rules.to_json().items() if v != DEFAULT[n]}
        # a new table size also resets the options that follow it (T9)
        assert changed == ({name, *BY_PLAYERS} if name == "players" else {name}), name
        edited.add(name)
    assert edited == set(OPTION_NAMES)
    assert set(tab.option_boxes) == set(OPTION_NAMES)
    assert set(tab.points.spins) == set(TomRules().point_map())


def test_each_option_has_a_label_and_a_tooltip_with_its_rule(qtbot: QtBot) -> None:
    dialog = dialog_for(qtbot, Settings(game="to_tom"))
    tab = dialog.tom_tab
    for name in OPTION_NAMES:
        label, box = tab.option_labels[name], tab.option_boxes[name]
        assert label.text() == option_label(name) and "(T" in label.text(), name
        assert label.buddy() is box
        rule = label.text().rsplit("(", 1)[1].split(")")[0].split(",")[0].split("–")[0]
        assert rule in box.toolTip() and len(box.toolTip()) > 40, name
    for name, check in tab.automations.items():
        assert "(T" in check.text() and check.toolTip(), name


@pytest.mark.parametrize("name", sorted(WHOLE_RANGES))
def test_each_number_box_allows_what_TomRules_accepts(qtbot: QtBot, name: str) -> None:
    low, high = WHOLE_RANGES[name]
    # the nọc stop's largest value needs the larger hand (T2.8): four players
    players = {"players": 4} if name == "noc_stop" else {}
    for fine in (low, high):
        TomRules(**players, **{name: fine})
    for bad in (low - 1, high + 1):
        with pytest.raises(BadRules):
            TomRules(**players, **{name: bad})
    dialog = dialog_for(qtbot, Settings())
    box = dialog.tom_tab.option_boxes[name]
    assert isinstance(box, QSpinBox)
    assert (box.minimum(), box.maximum()) == (low, high)


def test_the_points_and_the_stake_allow_what_TomRules_accepts(qtbot: QtBot) -> None:
    low, high = POINTS_RANGE
    TomRules(points={"tom": low, "leo": high})
    for bad in (low - 1, high + 1):
        with pytest.raises(BadRules):
            TomRules(points={"tom": bad})
    TomRules(stake=STAKE_RANGE[0])
    TomRules(stake=STAKE_RANGE[1])
    for bad_stake in (0, STAKE_RANGE[1] + 1):
        with pytest.raises(BadRules):
            TomRules(stake=bad_stake)
    dialog = dialog_for(qtbot, Settings())
    for spin in dialog.tom_tab.points.spins.values():
        assert (spin.minimum(), spin.maximum()) == POINTS_RANGE
    stake = dialog.tom_tab.option_boxes["stake"]
    assert isinstance(stake, QDoubleSpinBox)
    assert (stake.minimum(), stake.maximum()) == STAKE_RANGE


def test_a_combination_the_engine_refuses_is_said_and_save_waits(qtbot: QtBot) -> None:
    dialog = dialog_for(qtbot, Settings())  # Chắn taught: the Tổ tôm tab is not in front
    tab = dialog.tom_tab
    stop = tab.option_boxes["noc_stop"]
    assert isinstance(stop, QSpinBox) and not dialog.problem.isVisible()
    stop.setValue(20)  # more than five players' nọc can leave (T2.8)
    with pytest.raises(BadRules):
        tab.rules()
    text = dialog.problem.text()
    assert dialog.problem.isVisible() and "Tổ tôm" in text
    assert option_label("noc_stop") in text and "từ 0 đến 18" in text and "T2.8" in text
    assert not save_button(dialog).isEnabled()
    dialog.accept()  # Enter, or a caller: the dialog stays, on the option that is wrong
    assert dialog.isVisible() and dialog.result() != SettingsDialog.DialogCode.Accepted
    assert dialog.tabs.currentWidget() is tab
    players = tab.option_boxes["players"]
    assert isinstance(players, QComboBox)
    players.setCurrentIndex(players.findData(4))  # 24 cards each: a stop of 20 is possible
    assert not dialog.problem.isVisible() and save_button(dialog).isEnabled()
    assert dialog.settings().tom_rules == TomRules(players=4, noc_stop=20)
    dialog.accept()
    assert dialog.result() == SettingsDialog.DialogCode.Accepted


def test_the_refusal_is_said_in_english(qtbot: QtBot, english: None) -> None:
    dialog = dialog_for(qtbot, Settings())
    stop = dialog.tom_tab.option_boxes["noc_stop"]
    assert isinstance(stop, QSpinBox)
    stop.setValue(19)
    text = dialog.problem.text()
    assert "Game over with nọc cards left (T2.8)" in text and "from 0 to 18" in text
    assert "Mend it to save" in text


def test_the_tom_defaults_button_resets_only_tom(qtbot: QtBot) -> None:
    edited = Settings(game="to_tom", mode=Mode.STRICT, rules=LangRules(ga="hep"),
                      tom_rules=TomRules(players=4, dich=5, points={"tom": 9}, stake=2.5),
                      tom_levels=("beginner",) * 4, tom_names=("Lan", "A", "B", "C", "D"),
                      tom_automations=frozenset({"lay"}))
    dialog = dialog_for(qtbot, edited)
    assert dialog.settings() == edited
    qtbot.mouseClick(dialog.tom_tab.defaults_button, Qt.MouseButton.LeftButton)
    default = Settings()
    assert dialog.settings() == replace(
        edited, tom_rules=default.tom_rules, tom_levels=default.tom_levels,
        tom_names=default.tom_names, tom_automations=default.tom_automations)


def test_the_tab_of_the_game_taught_comes_first(qtbot: QtBot) -> None:
    for game, first, second in (("chan", "chan_tab", "tom_tab"),
                                ("to_tom", "tom_tab", "chan_tab")):
        dialog = dialog_for(qtbot, Settings(game=game))
        tabs = dialog.tabs
        assert tabs.widget(0) is getattr(dialog, first) and tabs.currentIndex() == 0
        assert tabs.widget(1) is getattr(dialog, second)
        assert [tabs.tabText(i) for i in range(3)][2] == "C&hung"
        dialog.close()


def test_round_trip_through_settings_json(qtbot: QtBot, tmp_path: Path) -> None:
    window = open_window(qtbot, tmp_path)
    window.open_settings()
    wait_for(qtbot, lambda: window.settings_dialog is not None)
    dialog = window.settings_dialog
    assert dialog is not None
    tab = dialog.tom_tab
    for name in OPTION_NAMES:  # players first: it resets the options that follow it
        edit_once(tab.option_boxes[name])
    tab.names[0].setText("  Lan  ")
    tab.names[3].setText("")
    tab.levels[2].setCurrentIndex(tab.levels[2].findData("beginner"))
    tab.automations["day_khan"].setChecked(False)
    expected = tab.rules().to_json()
    four = TomRules(players=4).to_json()  # players went first: the rest follow from four
    assert {n for n, v in expected.items()
            if v != (four if n in BY_PLAYERS else DEFAULT)[n]} == set(OPTION_NAMES)
    qtbot.keyClick(dialog, Qt.Key.Key_Return)  # Save
    wait_for(qtbot, lambda: window.settings_dialog is None)
    kept = load(settings_path(tmp_path))
    assert kept == window.settings
    assert kept.tom_rules.to_json() == expected
    assert kept.tom_names == ("Lan", *TOM_DEFAULT_NAMES[1:3], TOM_DEFAULT_NAMES[3],
                              TOM_DEFAULT_NAMES[4])
    assert kept.tom_levels == ("normal", "normal", "beginner", "normal")
    assert kept.tom_automations == AUTOMATIONS - {"day_khan"}
    stored = json.loads(settings_path(tmp_path).read_text(encoding="utf-8"))
    assert stored["tom_rules"] == expected
    again = dialog_for(qtbot, kept)  # the file read back shows as it was saved
    assert again.settings() == kept


def test_four_players_leave_the_fifth_seat_out(qtbot: QtBot) -> None:
    dialog = dialog_for(qtbot, Settings(game="to_tom"))
    tab = dialog.tom_tab
    players = tab.option_boxes["players"]
    assert isinstance(players, QComboBox)
    assert not tab.sits_out.isVisibleTo(tab) and tab.names[4].isEnabled()
    players.setCurrentIndex(players.findData(4))
    assert tab.rules() == TomRules(players=4)  # the four options that follow it (T9)
    assert tab.sits_out.isVisibleTo(tab) and "4" in tab.sits_out.text()
    assert not tab.names[4].isEnabled() and not tab.levels[3].isEnabled()
    assert tab.points.labels["thap_hong"].text().startswith(NAMES_VI["thap_nhi_hong"])
    players.setCurrentIndex(players.findData(5))
    assert tab.rules() == TomRules() and tab.names[4].isEnabled()
    assert tab.points.labels["thap_hong"].text().startswith(NAMES_VI["thap_hong"] + " ")


def test_real_mode_has_no_automations(qtbot: QtBot) -> None:
    dialog = dialog_for(qtbot, Settings(game="to_tom"))
    tab = dialog.tom_tab
    assert all(check.isEnabled() for check in tab.automations.values())
    assert set(tab.automations) == AUTOMATIONS
    dialog.mode.setCurrentIndex(dialog.mode.findData(Mode.REAL.value))
    assert not any(check.isEnabled() for check in tab.automations.values())
    assert "Thật" in tab.real_note.text()
    # the switches are kept for the other modes
    assert dialog.settings().tom_automations == AUTOMATIONS
    dialog.mode.setCurrentIndex(dialog.mode.findData(Mode.TEACHING.value))
    tab.automations["copies"].setChecked(False)
    assert dialog.settings().tom_automations == AUTOMATIONS - {"copies"}


def test_the_tab_speaks_english(qtbot: QtBot, english: None) -> None:
    dialog = dialog_for(qtbot, Settings(game="to_tom", mode=Mode.REAL))
    tab = dialog.tom_tab
    assert dialog.tabs.tabText(0) == "&Tổ tôm" and dialog.tabs.tabText(2) == "&General"
    assert tab.option_labels["players"].text() == "Players (T2.1)"
    assert tab.defaults_button.text() == "&Defaults for Tổ tôm"
    terms = (*TOM_TERMS.split(), *TOM_DEFAULT_NAMES, *NAMES_VI.values())
    left = out_of_place(dialog, terms)
    assert not left, "\n".join(left)
    allowed = allowed_words(terms)
    widgets = [*tab.option_labels.values(), *tab.option_boxes.values(),
               *tab.automations.values(), *tab.points.labels.values()]
    for widget in widgets:
        odd = {w for w in WORD.findall(widget.toolTip())
               if vietnamese(w) and w.casefold() not in allowed}
        assert widget.toolTip() and not odd, (widget.toolTip(), odd)


@pytest.mark.parametrize("size", [(1280, 800), (1024, 640)])
@pytest.mark.parametrize("lang", ["vi", "en"])
def test_the_dialog_fits_the_window(qtbot: QtBot, size: tuple[int, int], lang: str) -> None:
    set_language("en" if lang == "en" else "vi")
    try:
        for players in (5, 4):
            dialog = dialog_for(qtbot, Settings(game="to_tom",
                                                tom_rules=TomRules(players=players)), size)
            qtbot.wait(10)
            assert dialog.width() <= size[0] and dialog.height() <= size[1]
            for page, area in ((dialog.tom_tab, dialog.tom_tab.scroll_area),
                               (dialog.chan_tab, dialog.chan_tab)):
                assert isinstance(area, QScrollArea)
                dialog.tabs.setCurrentWidget(page)
                qtbot.wait(10)
                assert not area.horizontalScrollBar().isVisible(), (players, page)
            dialog.close()
    finally:
        set_language("vi")


def test_every_control_of_the_tom_tab_is_reached_by_tab(qtbot: QtBot) -> None:
    dialog = dialog_for(qtbot, Settings(game="to_tom"), (1024, 640))
    dialog.activateWindow()
    qtbot.waitUntil(dialog.isActiveWindow)
    tab = dialog.tom_tab
    controls: list[QWidget] = [
        *(box for name, box in tab.option_boxes.items() if name != "points"),
        *tab.points.spins.values(), *tab.names, *tab.levels, *tab.automations.values(),
        tab.defaults_button]
    dialog.tabs.tabBar().setFocus()
    reached: set[int] = set()
    for _ in range(3 * len(controls)):
        qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
        focus = QApplication.focusWidget()
        reached.add(id(focus))
        if focus is tab.automations["day_khan"]:  # the last switch: the page followed it
            assert tab.scroll_area.verticalScrollBar().value() > 0
    missing = [f"{type(c).__name__} {c.toolTip()[:30]}" for c in controls if id(c) not in reached]
    assert not missing


def test_the_tabs_have_mnemonics(qtbot: QtBot) -> None:
    dialog = dialog_for(qtbot, Settings())
    dialog.activateWindow()
    qtbot.waitUntil(dialog.isActiveWindow)
    assert dialog.tabs.currentWidget() is dialog.chan_tab
    qtbot.keyClick(dialog, Qt.Key.Key_T, Qt.KeyboardModifier.AltModifier)
    assert dialog.tabs.currentWidget() is dialog.tom_tab
    qtbot.keyClick(dialog, Qt.Key.Key_C, Qt.KeyboardModifier.AltModifier)
    assert dialog.tabs.currentWidget() is dialog.chan_tab
    stake = dialog.tom_tab.option_boxes["stake"]
    assert value_of(stake) == 1  # an amount without its needless ".0"


def test_every_value_a_choice_list_offers_is_one_TomRules_accepts(qtbot: QtBot) -> None:
    dialog = dialog_for(qtbot, Settings(game="to_tom"))
    tab = dialog.tom_tab
    lists = {n: b for n, b in tab.option_boxes.items() if isinstance(b, QComboBox)}
    assert len(lists) == 11  # players, red_cuoc_exact, kinh_co_count and the eight of T9's words
    for name, box in lists.items():
        assert box.itemData(0) == DEFAULT[name], name  # the default first
        for index in range(box.count()):
            box.setCurrentIndex(index)
            assert tab.rules().to_json()[name] == box.itemData(index), name
        tab.restore_defaults()
