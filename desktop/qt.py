"""The one place the application imports Qt from (STYLE: "Layers you can see")."""

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QFont, QFontDatabase, QKeySequence
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
    "QFont",
    "QFontDatabase",
    "QKeySequence",
    "QLabel",
    "QMainWindow",
    "QPlainTextEdit",
    "QPushButton",
    "QVBoxLayout",
    "QWidget",
    "Qt",
]
