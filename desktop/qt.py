"""The one place the application imports Qt from (STYLE: "Layers you can see")."""

from PySide6.QtCore import QEvent, QPoint, QPointF, QSize, Qt, Signal
from PySide6.QtGui import (
    QAction,
    QColor,
    QFont,
    QFontDatabase,
    QImage,
    QKeySequence,
    QMouseEvent,
    QPainter,
    QPaintEvent,
)
from PySide6.QtWidgets import (
    QApplication,
    QLabel,
    QMainWindow,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

__all__ = [
    "QAction",
    "QApplication",
    "QColor",
    "QEvent",
    "QFont",
    "QFontDatabase",
    "QImage",
    "QKeySequence",
    "QLabel",
    "QMainWindow",
    "QMouseEvent",
    "QPaintEvent",
    "QPainter",
    "QPlainTextEdit",
    "QPoint",
    "QPointF",
    "QPushButton",
    "QSize",
    "QVBoxLayout",
    "QWidget",
    "Qt",
    "Signal",
]
