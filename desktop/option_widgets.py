"""The widgets that edit one option value in the settings dialog — a check box, a choice list,
a whole number or an amount — read and set the same way for Chắn's tab and Tổ tôm's.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from desktop.qt import (
    QCheckBox,
    QComboBox,
    QDoubleSpinBox,
    QFrame,
    QScrollArea,
    QSize,
    QSpinBox,
    Qt,
    QWidget,
)


def combo(items: Sequence[tuple[str, object]], current: object) -> QComboBox:
    """A choice list of (text, value) items showing `current` (the first if it is not one)."""
    box = QComboBox()
    for text, value in items:
        box.addItem(text, value)
    box.setCurrentIndex(max(0, box.findData(current)))
    return box


def whole(low: int, high: int, value: int) -> QSpinBox:
    """A whole-number box from `low` to `high` showing `value`."""
    spin = QSpinBox()
    spin.setRange(low, high)
    spin.setValue(value)
    return spin


def amount(low: float, high: float, decimals: int, value: float) -> QDoubleSpinBox:
    """An amount box (a stake) from `low` to `high` with `decimals` places."""
    money = QDoubleSpinBox()
    money.setRange(low, high)
    money.setDecimals(decimals)
    money.setValue(value)
    return money


def value_of(box: QWidget) -> object:
    """The value an option widget shows (an amount without its needless ".0")."""
    if isinstance(box, QCheckBox):
        return box.isChecked()
    if isinstance(box, QComboBox):
        return box.currentData()
    if isinstance(box, QSpinBox):
        return box.value()
    if isinstance(box, QDoubleSpinBox):
        shown = round(box.value(), box.decimals())
        return int(shown) if shown.is_integer() else shown
    raise TypeError(f"not an option widget: {type(box).__name__}")


def show_value(box: QWidget, value: object) -> None:
    """Make an option widget show `value`."""
    if isinstance(box, QCheckBox):
        box.setChecked(bool(value))
    elif isinstance(box, QComboBox):
        box.setCurrentIndex(max(0, box.findData(value)))
    elif isinstance(box, QSpinBox):
        box.setValue(int(value))  # type: ignore[call-overload]
    elif isinstance(box, QDoubleSpinBox):
        box.setValue(float(value))  # type: ignore[arg-type]
    else:
        raise TypeError(f"not an option widget: {type(box).__name__}")


def on_change(box: QWidget, slot: Callable[[], None]) -> None:
    """Call `slot()` whenever the option widget's value changes."""
    if isinstance(box, QCheckBox):
        box.toggled.connect(lambda _=None: slot())
    elif isinstance(box, QComboBox):
        box.currentIndexChanged.connect(lambda _=None: slot())
    elif isinstance(box, QSpinBox | QDoubleSpinBox):
        box.valueChanged.connect(lambda _=None: slot())


class FittingScroll(QScrollArea):
    """A scroll area that asks for its whole page (QScrollArea caps its size hint at a few
    dozen lines): the dialog then opens as large as the screen allows and scrolls only when
    it must (1024×640)."""

    def sizeHint(self) -> QSize:
        """The page's size, plus room for a vertical scroll bar."""
        page = self.widget()
        if page is None:
            return super().sizeHint()
        frame = 2 * self.frameWidth()
        bar = self.verticalScrollBar().sizeHint().width()
        hint = page.sizeHint()
        return QSize(hint.width() + frame + bar, hint.height() + frame)


def scrolled(page: QWidget) -> FittingScroll:
    """`page` in a frameless scroll area that is not itself a stop of the Tab key."""
    area = FittingScroll()
    area.setWidget(page)
    area.setWidgetResizable(True)
    area.setFrameShape(QFrame.Shape.NoFrame)
    area.setFocusPolicy(Qt.FocusPolicy.NoFocus)
    return area
