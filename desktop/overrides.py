"""No exception ever leaves a Python override of a Qt virtual function (issue 20).

Why: when Qt calls an override while Python code is waiting on a Qt call (``show()``,
``setCurrentWidget()``, ``grab()``, a view asking its model for ``data()``), PySide6 keeps an
escaping exception to raise it there, and first prefixes its message with "Error calling
Python override of …". On Python 3.11 it reads that message as if the exception were already
an object, which it is not when C code raised it (``int("x")``, ``datetime.fromisoformat``,
``1 / 0``, ``next()`` on an empty iterator, ``sys.exit(3)``): the process dies of SIGSEGV
in shiboken's ``storePythonOverrideErrorOrPrint`` → ``PepException_GetArgs`` before any
sys.excepthook runs (since PySide6 6.8; 6.11.3 and 6.12.0 still do it; Python 3.12 hands it
only exception objects). A hostile ``schedule.last_at`` in progress.db killed Học that way
from ``LearnScreen.showEvent``. Called straight from the event loop, the same override only
prints the error.

How: desktop/qt.py hands every Python subclass of a Qt class to `guard_class`, which wraps
each method of the class that overrides a virtual named in `VIRTUALS`. An exception is
caught there, written to stderr with its traceback through sys.excepthook (what Qt's event
loop did with it before, so the library's damage still reaches the recovery offer), said to
the learner once per override in words, and the override gives Qt a safe value (`RETURNS`).
A repeated error (a paint error on every frame) opens no more boxes and prints one line at
its 10th, 100th, … time. KeyboardInterrupt and SystemExit go on as before: passing through
the guard's ``try`` makes them plain exception objects, which PySide6 handles.
tests/desktop/test_overrides.py checks, against the vtables of Qt's own libraries, that every
override in desktop/ is guarded.
"""

from __future__ import annotations

import functools
import sys
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from types import FunctionType
from typing import Any

from desktop.qt import QApplication, QMessageBox, QModelIndex, QSize, Qt, QTimer, QWidget

# The virtual functions guarded, by the Qt class that declares them (its name: not every one
# is imported by desktop/qt.py). A new override of another virtual must be added here
# (tests/desktop/test_overrides.py says which).
VIRTUALS: dict[str, frozenset[str]] = {
    "QObject": frozenset({"childEvent", "customEvent", "event", "eventFilter", "timerEvent"}),
    "QWidget": frozenset({
        "actionEvent", "changeEvent", "closeEvent", "contextMenuEvent", "dragEnterEvent",
        "dragLeaveEvent", "dragMoveEvent", "dropEvent", "enterEvent", "focusInEvent",
        "focusNextPrevChild", "focusOutEvent", "hasHeightForWidth", "heightForWidth",
        "hideEvent", "inputMethodEvent", "inputMethodQuery", "keyPressEvent",
        "keyReleaseEvent", "leaveEvent", "minimumSizeHint", "mouseDoubleClickEvent",
        "mouseMoveEvent", "mousePressEvent", "mouseReleaseEvent", "moveEvent", "paintEvent",
        "resizeEvent", "setVisible", "showEvent", "sizeHint", "tabletEvent", "wheelEvent"}),
    "QDialog": frozenset({"accept", "done", "exec", "open", "reject"}),
    "QAbstractItemModel": frozenset({
        "canFetchMore", "columnCount", "data", "fetchMore", "flags", "hasChildren",
        "headerData", "index", "parent", "rowCount", "setData", "sort"}),
    "QSortFilterProxyModel": frozenset({"filterAcceptsColumn", "filterAcceptsRow", "lessThan"}),
    "QRunnable": frozenset({"run"}),
}

# What a failed override that must return something gives Qt (made anew each time): nothing
# handled, nothing to show, no size wished, every row kept. The others return None.
RETURNS: dict[str, Callable[[], object]] = {
    "event": lambda: False, "eventFilter": lambda: False,
    "focusNextPrevChild": lambda: False, "hasHeightForWidth": lambda: False,
    "heightForWidth": lambda: -1, "inputMethodQuery": lambda: None,
    "sizeHint": QSize, "minimumSizeHint": QSize, "exec": lambda: 0,
    "canFetchMore": lambda: False, "columnCount": lambda: 0, "rowCount": lambda: 0,
    "data": lambda: None, "headerData": lambda: None, "hasChildren": lambda: False,
    "flags": lambda: Qt.ItemFlag.NoItemFlags, "index": QModelIndex, "parent": QModelIndex,
    "setData": lambda: False, "filterAcceptsColumn": lambda: True,
    "filterAcceptsRow": lambda: True, "lessThan": lambda: False,
}

TELL_AGAIN_AT = 10  # a repeated error prints a line at its 10th, 100th, 1000th … time


@dataclass
class Reports:
    """What was reported in this process: how often each error was seen, the overrides the
    learner was told about, and the notice on screen."""

    seen: dict[tuple[str, str], int] = field(default_factory=dict)  # by where it was raised
    told: set[str] = field(default_factory=set)
    notice: QMessageBox | None = None


REPORTS = Reports()


def guarded(method: object) -> str | None:
    """The override a guard stands for ("Class.method"), or None: not guarded."""
    return getattr(method, "__guarded__", None)


def guard_class(cls: type) -> None:
    """Guard every override of a virtual of ``cls``'s Qt bases that ``cls`` brings: its own
    methods, and those of a mixin that is no Qt class (called by desktop/qt.py for each
    Python subclass of a Qt class, as it is created)."""
    qt_bases = {base.__name__ for base in cls.__mro__ if base.__module__.startswith("PySide6.")}
    for name in set().union(*(VIRTUALS.get(base, ()) for base in qt_bases)):
        owner = next((base for base in cls.__mro__ if name in vars(base)), None)
        method = None if owner is None else vars(owner)[name]
        if (owner is None or owner.__module__.startswith("PySide6.")
                or not isinstance(method, FunctionType) or guarded(method) is not None):
            continue  # Qt's own, not a plain function (the test says so), or guarded already
        setattr(cls, name, guard(method, f"{owner.__qualname__}.{name}"))


def guard(method: Callable[..., Any], site: str) -> Callable[..., Any]:
    """``method`` that reports an exception (`report`) and returns Qt a safe value instead."""
    default = RETURNS.get(method.__name__)

    @functools.wraps(method)
    def guarded_method(*args: Any, **kwargs: Any) -> Any:
        try:
            return method(*args, **kwargs)
        except Exception as error:  # issue 20: an escaping error can crash PySide6
            report(site, error, args[0] if args else None)
            return None if default is None else default()

    guarded_method.__guarded__ = site  # type: ignore[attr-defined]
    return guarded_method


def report(site: str, error: Exception, owner: object) -> None:
    """Log ``error`` of the override ``site`` (the first time with its traceback) and tell
    the learner once; never raises."""
    try:
        raised = traceback.extract_tb(error.__traceback__)[-1]
        key = (site, f"{type(error).__name__} at {raised.filename}:{raised.lineno}")
        times = REPORTS.seen[key] = REPORTS.seen.get(key, 0) + 1
        if times == 1:
            print(f"chan-tutor: an error in {site} was caught; the program goes on",
                  file=sys.stderr)
            sys.excepthook(type(error), error, error.__traceback__)
        elif _power_of(times, TELL_AGAIN_AT):
            print(f"chan-tutor: the same error in {site} again ({times} times)",
                  file=sys.stderr)
        app = QApplication.instance()
        if site not in REPORTS.told and REPORTS.notice is None and app is not None:
            QTimer.singleShot(0, app, lambda: _tell(site, error, owner))
    except Exception:  # the report failed (a broken sys.excepthook): the error still stops
        traceback.print_exc()


def _power_of(times: int, base: int) -> bool:
    while times % base == 0:
        times //= base
    return times == 1


def _tell(site: str, error: Exception, owner: object) -> None:
    """The notice, from the event loop (never inside a paint), over the window in use."""
    from desktop.i18n import pick
    from desktop.notices import notify

    if site in REPORTS.told or REPORTS.notice is not None:
        return
    parent = _window(owner)
    if parent is None:
        return  # no window to speak over (a model alone, in a test): the log says it
    try:
        what = f"{type(error).__name__}: {error}"
    except Exception:  # an error that cannot say itself
        what = type(error).__name__
    what = what if len(what) <= 300 else what[:299] + "…"
    REPORTS.told.add(site)
    box = notify(parent, pick("Có lỗi trong chương trình", "Something went wrong"), pick(
        "Một phần của cửa sổ gặp lỗi và đã được bỏ qua để chương trình chạy tiếp. Nếu có "
        "chỗ hiển thị hay phản hồi không đúng, hãy đóng màn hình đó rồi mở lại.\n\n"
        f"Lỗi: {what}\nỞ: {site}",
        "Part of the window ran into an error and was skipped so that the program could go "
        "on. If something looks or responds wrongly, close that screen and open it again."
        f"\n\nError: {what}\nIn: {site}"), warning=True)
    REPORTS.notice = box
    box.finished.connect(lambda *_: _closed(box))
    box.destroyed.connect(lambda *_: _closed(box))  # with its window, unanswered


def _closed(box: QMessageBox) -> None:
    if REPORTS.notice is box:
        REPORTS.notice = None


def _window(owner: object) -> QWidget | None:
    """The active window, else the owner's own window when it is shown."""
    window = QApplication.activeWindow()
    if window is not None:
        return window
    try:
        if isinstance(owner, QWidget) and owner.window().isVisible():
            return owner.window()
    except RuntimeError:  # the owner's C++ object is gone
        pass
    return None
