"""Vietnamese first, English complete (Qt translations), switchable without a restart."""

from __future__ import annotations

import ast
import filecmp
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path

import pytest
from language_check import shown_texts
from pytestqt.qtbot import QtBot

from desktop.i18n import (
    QM_FILE,
    TRANSLATIONS,
    amount,
    current,
    number,
    set_language,
    translate,
)
from desktop.learn.screen import LearnScreen
from desktop.qt import QFileDialog, QMessageBox, QWidget
from desktop.review.charts import tick_text
from desktop.review.words import value_text

ROOT = Path(__file__).resolve().parents[2]
TOOL = ROOT / "tools" / "translations.py"


@pytest.fixture
def english() -> Iterator[None]:
    assert set_language("en")
    yield
    set_language("vi")


def test_every_string_in_the_code_has_its_english() -> None:
    result = subprocess.run([sys.executable, str(TOOL), "--check"], capture_output=True,
                            text=True, check=False, cwd=ROOT)
    assert result.returncode == 0, f"strings without English:\n{result.stdout}{result.stderr}"


@pytest.mark.parametrize("catalogue", [QM_FILE, "qtbase_vi.qm"])
def test_the_compiled_catalogue_matches_its_source(tmp_path: Path, catalogue: str) -> None:
    lrelease = Path(sys.executable).parent / "pyside6-lrelease"
    if not lrelease.exists():
        pytest.skip("pyside6-lrelease is not installed here")
    out = tmp_path / catalogue
    source = (TRANSLATIONS / catalogue).with_suffix(".ts")
    subprocess.run([str(lrelease), str(source), "-qm", str(out)], check=True,
                   capture_output=True)
    assert filecmp.cmp(out, TRANSLATIONS / catalogue, shallow=False), \
        "run tools/translations.py: the .qm is older than the .ts"


def test_the_language_switches_at_runtime(qtbot: QtBot, english: None) -> None:
    assert current() == "en"
    assert translate("Main", "Xem lại") == "Review"
    screen = LearnScreen()
    qtbot.addWidget(screen)
    assert "Learn the rules of Chắn" in screen.browser.toPlainText()
    set_language("vi")
    qtbot.waitUntil(lambda: "Học luật Chắn" in screen.browser.toPlainText(), timeout=2000)
    assert translate("Main", "Xem lại") == "Xem lại"


def test_numbers_take_the_decimal_comma_in_vietnamese(english: None) -> None:
    """Issue 20: the Vietnamese UI writes decimals with a comma, everywhere."""
    assert (number(29.5), number(0.25, 2), number(1.5, sign=True), amount(-1.5)) == (
        "29.5", "0.25", "+1.5", "-1.5")
    set_language("vi")
    assert (number(29.5), number(0.25, 2), number(1.5, sign=True), amount(-1.5)) == (
        "29,5", "0,25", "+1,5", "-1,5")
    assert (amount(0), amount(12)) == ("0", "+12")
    assert value_text(0.295) == "29,5" and tick_text(0.5) == "0,5"


def test_decimals_are_written_only_by_the_i18n_helper() -> None:
    """A float formatted in place (f"{x:.1f}", "{:g}") would write a decimal point in
    Vietnamese: desktop/ leaves it to desktop.i18n.number and amount."""
    pattern = re.compile(r"\{[^{}]*:[+ ]?[0-9]*\.[0-9]+[fg]\}|\{[^{}]*:[+ ]?g\}")
    found = [f"{path.relative_to(ROOT)}:{n}: {line.strip()}"
             for path in sorted((ROOT / "desktop").rglob("*.py"))
             if path.name != "i18n.py"
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if pattern.search(line)]
    assert not found, "\n".join(found)


def _translate_calls() -> Iterator[tuple[str, int, ast.Call]]:
    for path in sorted((ROOT / "desktop").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) \
                    and node.func.id == "translate" and len(node.args) >= 2:
                yield str(path.relative_to(ROOT)), node.lineno, node


def test_every_translated_text_is_in_the_catalogue_lupdate_makes() -> None:
    """Issue 20: translate() inside an f-string, or with a count lupdate cannot read (it reads
    a plain name or a number), is never extracted, so its English is missing — "Ghi chú",
    "Máy gợi ý" stayed Vietnamese. Every call the code makes is in the catalogue, and each
    counted one ("%n") is counted there (plural forms)."""
    root = ET.parse(TRANSLATIONS / "chan_tutor_en.ts").getroot()
    catalogue = {(c.findtext("name"), m.findtext("source")): m.get("numerus") == "yes"
                 for c in root.iter("context") for m in c.iter("message")}
    wrong = []
    for where, line, call in _translate_calls():
        context, text = call.args[0], call.args[1]
        if not (isinstance(context, ast.Constant) and isinstance(text, ast.Constant)):
            continue  # desktop.i18n's own wrapper
        key = (context.value, text.value)
        counted = "%n" in text.value
        if key not in catalogue:
            wrong.append(f"{where}:{line}: not extracted: {key}")
        elif catalogue[key] != counted:
            wrong.append(f"{where}:{line}: plural forms {'missing' if counted else 'extra'}")
        elif counted and not (len(call.args) == 4 and isinstance(call.args[3], ast.Name)):
            wrong.append(f"{where}:{line}: the count must be a plain name for lupdate")
    assert not wrong, "\n".join(wrong)


def test_counted_texts_take_the_plural_in_english(english: None) -> None:
    """ "1 sections", "1 items done · 1 answers" (issue 20)."""
    from desktop.learn.home import lesson_summary
    from lessons.content import lessons

    one = next(le for le in lessons() if len(le.sections) == 1)
    assert "1 section ·" in lesson_summary(one)
    assert translate("LearnHome", "%n câu đã làm", None, 1) == "1 item done"
    assert translate("LearnHome", "%n câu đã làm", None, 2) == "2 items done"
    assert translate("LearnHome", "%n lần trả lời", None, 1) == "1 answer"


def test_qts_own_dialogs_follow_the_language(qtbot: QtBot) -> None:
    """Issue 20: the message boxes' buttons and the file dialog were English in Vietnamese
    (PySide6 ships no qtbase_vi.qm: the program's own catalogue is loaded)."""
    from language_check import out_of_place

    def texts(widget: QWidget) -> str:
        return " ".join(t for _, t in shown_texts(widget))

    def save_dialog() -> QFileDialog:  # as the viewer opens it (made anew each time)
        dialog = QFileDialog(None, "t", str(ROOT), "*.html")
        qtbot.addWidget(dialog)
        dialog.setOption(QFileDialog.Option.DontUseNativeDialog)
        dialog.setAcceptMode(QFileDialog.AcceptMode.AcceptSave)
        dialog.show()
        return dialog

    set_language("vi")
    box = QMessageBox(QMessageBox.Icon.Information, "t", "x", QMessageBox.StandardButton.Ok)
    qtbot.addWidget(box)
    box.show()
    assert box.button(QMessageBox.StandardButton.Ok).text() == "Đồng ý"
    shown = texts(save_dialog()).replace("&", "")
    assert "Tên tệp" in shown and "Loại tệp" in shown and "Hủy" in shown
    assert "File name" not in shown and "Cancel" not in shown
    set_language("en")
    try:
        qtbot.wait(10)
        assert box.button(QMessageBox.StandardButton.Ok).text() == "OK"
        dialog = save_dialog()
        assert "File name" in texts(dialog).replace("&", "")
        assert not out_of_place(dialog)
    finally:
        set_language("vi")
