"""The players of a game in the settings dialog: one row a seat — the learner's name, then each
computer seat's name and level — for Chắn's four seats and Tổ tôm's five alike.
"""

from __future__ import annotations

from collections.abc import Sequence

from desktop.choices import level_name
from desktop.i18n import translate
from desktop.option_widgets import combo
from desktop.qt import QComboBox, QGridLayout, QGroupBox, QLabel, QLineEdit
from desktop.settings import clean_name
from replays.names import MAX_NAME


class SeatsBox(QGroupBox):
    """Names (seat 0 the learner) and the computer seats' levels; `grid` takes extra rows."""

    def __init__(self, names: Sequence[str], defaults: Sequence[str], levels: Sequence[str],
                 choices: Sequence[str]) -> None:
        super().__init__(translate("Settings", "Người chơi"))
        self.defaults = tuple(defaults)
        self.grid = QGridLayout(self)
        self.edits: list[QLineEdit] = []
        self.levels: list[QComboBox] = []
        for seat, name in enumerate(names):
            edit = QLineEdit(name)
            edit.setMaxLength(MAX_NAME)
            edit.setPlaceholderText(defaults[seat])
            label = QLabel(translate("Settings", "Tên của bạn") if seat == 0 else
                           translate("Settings", "Máy {n}").format(n=seat))
            label.setBuddy(edit)
            self.edits.append(edit)
            self.grid.addWidget(label, seat, 0)
            self.grid.addWidget(edit, seat, 1)
            if seat:
                level = combo([(level_name(x), x) for x in choices], levels[seat - 1])
                said = translate("Settings", "Trình độ máy {n}").format(n=seat)
                level.setToolTip(said)
                level.setAccessibleName(said)
                self.levels.append(level)
                self.grid.addWidget(level, seat, 2)
        self.grid.setColumnStretch(1, 1)
        self.grid.setRowStretch(len(self.edits) + 1, 1)  # the rows at the top (a note may follow)

    def names(self) -> list[str]:
        """The names, cleaned as every name is kept (a blank one is the seat's default)."""
        return [clean_name(e.text(), d) for e, d in zip(self.edits, self.defaults, strict=True)]

    def chosen_levels(self) -> list[str]:
        """The computer seats' levels, seat 1 first."""
        return [str(box.currentData()) for box in self.levels]

    def show_seats(self, names: Sequence[str], levels: Sequence[str]) -> None:
        """Show `names` and `levels`."""
        for edit, name in zip(self.edits, names, strict=True):
            edit.setText(name)
        for box, level in zip(self.levels, levels, strict=True):
            box.setCurrentIndex(max(0, box.findData(level)))
