"""Every Python override of a Qt virtual in desktop/ is guarded (desktop/overrides.py): an
exception escaping one can crash PySide6 (issue 20). Which methods are Qt's virtuals is read
from Qt's own libraries (tests/qt_virtuals.py), not from the guard's table."""

from __future__ import annotations

import ast
import importlib
import pkgutil
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot
from shiboken6 import Shiboken

import desktop
from desktop import overrides
from desktop.chieu.samples import sample_view
from desktop.chieu.scene import Scene
from desktop.chieu.widget import ChieuWidget
from desktop.i18n import set_language
from desktop.overrides import RETURNS, VIRTUALS, Reports, guarded
from desktop.qt import (
    QAbstractTableModel,
    QApplication,
    QEvent,
    QKeyEvent,
    QLineEdit,
    QMessageBox,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
    QTableView,
)
from tests.qt_virtuals import UnreadableVtable, virtual_names

ROOT = Path(__file__).resolve().parents[2]
Index = QModelIndex | QPersistentModelIndex

if not sys.platform.startswith("linux"):
    pytest.skip("Qt's vtables are read from its ELF libraries", allow_module_level=True)


def desktop_classes() -> list[type]:
    """Every class of desktop/ that derives from a Qt class (all its modules imported)."""
    for module in pkgutil.walk_packages(desktop.__path__, "desktop."):
        importlib.import_module(module.name)

    def below(cls: type) -> Iterator[type]:
        sub: type
        for sub in cls.__subclasses__():
            yield sub
            yield from below(sub)

    found = {cls for cls in below(Shiboken.Object) if cls.__module__.startswith("desktop.")}
    return sorted(found, key=lambda cls: f"{cls.__module__}.{cls.__qualname__}")


def qt_bases(cls: type) -> list[type]:
    """The PySide6 classes among ``cls``'s bases."""
    return [base for base in cls.__mro__ if base.__module__.startswith("PySide6.")]


def qt_class(name: str) -> type:
    """The PySide6 class called ``name``."""
    from PySide6 import QtCore, QtGui, QtWidgets

    for module in (QtCore, QtGui, QtWidgets):
        if hasattr(module, name):
            found: type = getattr(module, name)
            return found
    raise LookupError(name)


def overriders() -> Iterator[tuple[type, str, object]]:
    """(class, name, what Qt calls) for every virtual of a desktop class's Qt bases that the
    class supplies in Python: its own method, or a mixin's that is no Qt class."""
    for cls in desktop_classes():
        names = frozenset().union(*(virtual_names(base) for base in qt_bases(cls)))
        for name in sorted(names):
            owner = next((base for base in cls.__mro__ if name in vars(base)), None)
            if owner is None:
                continue  # a virtual PySide6 does not bind, which nothing here defines
            if owner is cls or Shiboken.Object not in owner.__mro__:
                yield cls, name, vars(owner)[name]


def test_qt_vtables_are_read_right() -> None:
    """The check below is only as good as this reading: known virtuals and non-virtuals."""
    widget = virtual_names(qt_class("QWidget"))
    assert {"paintEvent", "showEvent", "changeEvent", "closeEvent", "keyPressEvent",
            "mousePressEvent", "resizeEvent", "sizeHint", "setVisible", "eventFilter",
            "event"} <= widget
    assert not {"show", "repaint", "update", "resize", "setText", "grab"} & widget
    assert "setText" not in virtual_names(qt_class("QLabel"))
    table = virtual_names(qt_class("QAbstractTableModel"))  # pure virtuals named too
    assert {"data", "rowCount", "columnCount", "headerData", "sort", "flags"} <= table
    assert "beginResetModel" not in table
    assert {"filterAcceptsRow", "lessThan"} <= virtual_names(qt_class("QSortFilterProxyModel"))
    assert {"accept", "reject", "done", "exec", "open"} <= virtual_names(qt_class("QDialog"))
    assert virtual_names(qt_class("QRunnable")) == {"run"}
    assert "show" not in virtual_names(qt_class("QDialog"))


def test_every_override_of_a_qt_virtual_in_desktop_is_guarded() -> None:
    found = list(overriders())
    unguarded = [f"{cls.__module__}.{cls.__qualname__}.{name}"
                 for cls, name, method in found if guarded(method) is None]
    assert unguarded == [], (
        "overrides of Qt virtuals that an exception can escape (issue 20): add each name to "
        "VIRTUALS in desktop/overrides.py (with a safe value in RETURNS if it returns one) "
        f"or make it a plain method: {unguarded}")
    sites = {guarded(method) for _, _, method in found}
    # the ones issue 20 names: the check really sees the classes and their overrides
    assert {"LearnScreen.showEvent", "PictureWidget.paintEvent", "LibraryModel.data",
            "LibraryModel.rowCount", "LibraryFilter.filterAcceptsRow", "LibraryPage.eventFilter",
            "MainWindow.closeEvent", "DrillPage.changeEvent", "ChieuWidget.sizeHint",
            "RecoveryDialog.reject"} <= sites
    assert len(found) >= 50


def test_the_guard_wraps_no_method_qt_never_calls() -> None:
    wrongly = []
    for cls in desktop_classes():
        names = frozenset().union(*(virtual_names(base) for base in qt_bases(cls)))
        wrongly += [f"{cls.__qualname__}.{name}" for name, value in vars(cls).items()
                    if guarded(value) is not None and name not in names]
    assert wrongly == []
    from desktop.elided import ElidedLabel

    assert guarded(ElidedLabel.setText) is None  # QLabel.setText is no virtual: callers see
    assert guarded(ElidedLabel.paintEvent) == "ElidedLabel.paintEvent"  # its errors


def test_every_name_the_guard_knows_is_a_virtual_of_its_qt_class() -> None:
    for name, methods in VIRTUALS.items():
        assert methods <= virtual_names(qt_class(name)), (name, methods - virtual_names(
            qt_class(name)))


def test_a_guarded_virtual_that_returns_something_has_a_safe_value() -> None:
    """PySide6's signature of each guarded virtual: those returning a value have one in
    RETURNS, the others none."""
    for name, methods in VIRTUALS.items():
        for method in methods:
            signatures = getattr(qt_class(name), method).__doc__.splitlines()
            returns = any(not line.endswith("-> None") for line in signatures
                          if line.startswith(f"{method}("))
            assert returns == (method in RETURNS), (name, method, signatures)
    assert set(RETURNS) <= frozenset().union(*VIRTUALS.values())


def test_every_class_of_desktop_is_seen_by_the_check() -> None:
    """A class made inside a function exists only once the function runs: the check above
    could not see it."""
    local = []
    for path in sorted((ROOT / "desktop").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
                local += [f"{path.relative_to(ROOT)}:{inner.lineno}"
                          for inner in ast.walk(node) if isinstance(inner, ast.ClassDef)]
    assert local == []


def test_an_unreadable_vtable_fails_the_check_instead_of_passing_it() -> None:
    with pytest.raises(UnreadableVtable):
        virtual_names(type("QNoSuchClass", (), {"__module__": "PySide6.QtWidgets"}))


# ---------------------------------------------------------------------- the guard at work


@pytest.fixture
def reports(monkeypatch: pytest.MonkeyPatch) -> Iterator[Reports]:
    """A fresh record of what was reported; the notice closed after the test."""
    fresh = Reports()
    monkeypatch.setattr(overrides, "REPORTS", fresh)
    yield fresh
    if fresh.notice is not None:  # its window still open
        fresh.notice.done(0)


def boxes() -> list[QMessageBox]:
    """The message boxes on screen."""
    return [w for w in QApplication.topLevelWidgets()
            if isinstance(w, QMessageBox) and w.isVisible()]


def failing_chieu(qtbot: QtBot, scene: Scene, monkeypatch: pytest.MonkeyPatch) -> ChieuWidget:
    """A shown chiếu whose every paint fails (Python's own ValueError: without the guard it
    comes out of the Qt call that painted, not a crash, so this test process survives)."""
    widget = ChieuWidget(scene=scene)
    qtbot.addWidget(widget)
    widget.resize(640, 400)
    widget.set_view(sample_view(41))
    widget.show()
    qtbot.waitExposed(widget)

    def broken(_: object) -> None:
        raise ValueError("the frame cannot be drawn")

    monkeypatch.setattr(ChieuWidget, "render_frame", broken)
    return widget


def test_a_failing_paint_is_logged_and_said_once_not_per_frame(
        qtbot: QtBot, scene: Scene, monkeypatch: pytest.MonkeyPatch, reports: Reports,
        capsys: pytest.CaptureFixture[str]) -> None:
    set_language("vi")
    widget = failing_chieu(qtbot, scene, monkeypatch)
    before = set(boxes())  # left open by other tests

    def new_boxes() -> list[QMessageBox]:
        return [box for box in boxes() if box not in before]

    with qtbot.capture_exceptions() as caught:
        for _ in range(30):
            widget.grab()  # paints now, from Python: the error would come out here
        qtbot.waitUntil(lambda: reports.notice is not None)
        qtbot.wait(50)
        for _ in range(30):
            widget.grab()
        qtbot.wait(50)
    assert [(kind, str(error)) for kind, error, _ in caught] == [
        (ValueError, "the frame cannot be drawn")]  # through sys.excepthook, once
    notice = reports.notice
    assert new_boxes() == [notice]
    assert notice is not None and "Một phần của cửa sổ gặp lỗi" in notice.text()
    assert "PictureWidget.paintEvent" in notice.text()
    assert "Traceback" not in notice.text()
    err = capsys.readouterr().err
    assert err.count("chan-tutor: an error in PictureWidget.paintEvent was caught") == 1
    assert "(10 times)" in err
    notice.done(0)
    qtbot.waitUntil(lambda: reports.notice is None)
    widget.grab()
    qtbot.wait(50)
    assert new_boxes() == []  # once per override: no second box after the first was closed


def test_the_notice_speaks_english_when_the_program_does(
        qtbot: QtBot, scene: Scene, monkeypatch: pytest.MonkeyPatch, reports: Reports) -> None:
    widget = failing_chieu(qtbot, scene, monkeypatch)
    assert set_language("en")
    try:
        with qtbot.capture_exceptions():
            widget.grab()
            qtbot.waitUntil(lambda: reports.notice is not None)
    finally:
        set_language("vi")
    assert reports.notice is not None
    assert "Part of the window ran into an error" in reports.notice.text()
    assert reports.notice.windowTitle() == "Something went wrong"


class FailingModel(QAbstractTableModel):
    """Two rows whose cells cannot be read."""

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 2

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 2

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        raise KeyError(index.row())


class FailingFilter(QSortFilterProxyModel):
    """A filter that fails on every row."""

    def filterAcceptsRow(self, source_row: int, source_parent: Index) -> bool:
        raise ValueError(source_row)


class FailingKeys(QObject):
    """An event filter that fails on every event."""

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        raise RuntimeError("no keys")


def test_a_failing_override_that_returns_gives_qt_a_safe_value(
        qtbot: QtBot, reports: Reports) -> None:
    model = FailingModel()
    proxy = FailingFilter()
    view = QTableView()
    qtbot.addWidget(view)
    field = QLineEdit()
    qtbot.addWidget(field)
    keys = FailingKeys(field)
    field.installEventFilter(keys)
    with qtbot.capture_exceptions() as caught:
        proxy.setSourceModel(model)
        view.setModel(proxy)
        view.grab()
        assert proxy.rowCount() == 2  # every row kept
        assert model.data(model.index(0, 0)) is None
        QApplication.sendEvent(field, QKeyEvent(QEvent.Type.KeyPress, Qt.Key.Key_A,
                                                Qt.KeyboardModifier.NoModifier, "a"))
        assert field.text() == "a"  # the filter's failure did not eat the key
        field.removeEventFilter(keys)  # nothing fails after the test
        view.setModel(None)
    assert {kind for kind, _, _ in caught} == {KeyError, ValueError, RuntimeError}
    assert {site for site, _ in reports.seen} == {
        "FailingModel.data", "FailingFilter.filterAcceptsRow", "FailingKeys.eventFilter"}


def test_a_report_that_itself_fails_still_returns_a_safe_value(
        reports: Reports, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    def broken_hook(*_: object) -> None:
        raise RuntimeError("the hook is broken")

    def rowCount(self: object) -> int:
        raise ValueError("no rows")

    monkeypatch.setattr(sys, "excepthook", broken_hook)
    assert overrides.guard(rowCount, "Test.rowCount")(object()) == 0
    err = capsys.readouterr().err
    assert "chan-tutor: an error in Test.rowCount was caught" in err
    assert "RuntimeError: the hook is broken" in err


# ---------------------------------------------------------------------- a real process

SCRIPT = """
import datetime, sys
from pathlib import Path
from desktop.qt import QApplication, QMessageBox, QTimer
from desktop.chieu.samples import sample_view
from desktop.chieu.widget import ChieuWidget, PictureWidget
from desktop.learn.screen import LearnScreen

case, data = sys.argv[1], sys.argv[2]
app = QApplication([])
if case == "unguarded":  # the guard taken off before any widget exists
    PictureWidget.paintEvent = PictureWidget.paintEvent.__wrapped__
ChieuWidget.render_frame = lambda self: int("garbage")  # raised by C code
LearnScreen.refresh = lambda self: datetime.datetime.fromisoformat("garbage")

widget = ChieuWidget()
widget.resize(640, 400)
widget.set_view(sample_view(41))
widget.show()
for _ in range(25):
    widget.grab()  # a paint called from Python: where PySide6 crashed
learn = LearnScreen(Path(data))
learn.show()  # its showEvent reads the learner's numbers (issue 20's SIGSEGV)
print("survived", flush=True)

def close_notices():
    shown = [w for w in QApplication.topLevelWidgets()
             if isinstance(w, QMessageBox) and w.isVisible()]
    print("notices", len(shown), flush=True)
    for box in shown:
        box.done(0)
    QTimer.singleShot(0, lambda: app.exit(0))

if case == "exit":
    class Leaving(ChieuWidget):
        def showEvent(self, event):
            sys.exit(3)  # SystemExit raised by C code, as a learner's close could
    Leaving().show()
QTimer.singleShot(200, close_notices)
sys.exit(app.exec())
"""


def run(case: str, data: Path) -> subprocess.CompletedProcess[str]:
    """The script in a fresh process (headless), on the data folder ``data``."""
    data.mkdir()
    return subprocess.run([sys.executable, "-c", textwrap.dedent(SCRIPT), case, str(data)],
                          cwd=ROOT, capture_output=True, text=True, timeout=120, check=False)


def test_an_error_raised_by_c_code_in_an_override_no_longer_kills_the_program(
        tmp_path: Path) -> None:
    unguarded = run("unguarded", tmp_path / "a")
    assert unguarded.returncode == -11, (  # SIGSEGV: the crash this guards against is real
        unguarded.returncode, unguarded.stderr[-2000:])
    assert "survived" not in unguarded.stdout

    result = run("guarded", tmp_path / "b")
    assert result.returncode == 0, result.stderr[-3000:]
    assert "survived" in result.stdout
    assert "notices 1" in result.stdout  # one box for both errors: never a box per frame
    err = result.stderr
    assert "chan-tutor: an error in PictureWidget.paintEvent was caught" in err
    assert "invalid literal for int() with base 10: 'garbage'" in err
    assert "chan-tutor: the same error in PictureWidget.paintEvent again (10 times)" in err
    assert "chan-tutor: an error in LearnScreen.showEvent was caught" in err
    assert "Invalid isoformat string: 'garbage'" in err
    assert err.count("Traceback (most recent call last)") == 2


def test_sys_exit_in_an_override_still_leaves_with_its_code(tmp_path: Path) -> None:
    result = run("exit", tmp_path / "data")
    assert result.returncode == 3, result.stderr[-3000:]
