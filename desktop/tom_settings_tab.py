"""The settings dialog's Tổ tôm tab (issue 23 §4): every làng option of TOTOM T9, the four
computer seats' levels, the five names and the automations of T4.16.

The tab edits a copy: `rules()` builds a TomRules from what is shown, so the engine alone
judges a combination (a nọc stop too large for five players is its BadRules, said in words by
`problem()` while the dialog refuses to save).
"""

from __future__ import annotations

import re

from desktop.i18n import pick, translate
from desktop.option_widgets import amount, combo, on_change, scrolled, show_value, value_of, whole
from desktop.qt import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
    Signal,
)
from desktop.seats_box import SeatsBox
from desktop.settings import TOM_DEFAULT_NAMES, TOM_PLAYER_LEVELS, Settings
from desktop.tom_choices import (
    AUTOMATION_ORDER,
    automation_help,
    automation_label,
    choices,
    cuoc_label,
    option_help,
    option_label,
    value_label,
)
from engine.game import Mode
from engine.totom import OPTION_NAMES, BadRules, TomRules, hand_size

# The ranges TomRules accepts (engine/totom/rules.py `_check`; tests/desktop/test_tom_settings.py
# probes both edges of each against TomRules, so the two cannot drift apart). The nọc stop's
# upper edge depends on the players (T2.8): the box allows the larger, the engine says the rest.
WHOLE_RANGES: dict[str, tuple[int, int]] = {
    "lung_required": (1, 3), "red_cuoc_count": (5, 28), "dich": (0, 1_000),
    "hoi_points": (0, 1_000_000), "noc_stop": (0, hand_size(4) - 2)}
POINTS_RANGE = (0, 1_000)
STAKE_RANGE = (0.01, 1_000_000.0)
# The options whose default follows `players` (T9): a new table size resets them, as
# TomRules.replace does.
BY_PLAYERS = tuple(n for n in OPTION_NAMES if n != "players"
                   and TomRules(players=4).to_json()[n] != TomRules(players=5).to_json()[n])
# The column each group of options goes in, in reading order (and Tab order).
GROUPS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("table", ("players", "lung_required", "noc_stop", "cai_mod", "ha_trung_scope",
               "yeu_offence")),
    ("hoi", ("hoi_points", "pool_overflow", "stake", "tra_do", "debt_at_end")),
    ("cuoc", ("allow_thong", "red_cuoc_count", "red_cuoc_exact", "kinh_co_count",
              "chi_nay_leo", "call_order", "dich", "points")),
)
LEFT, RIGHT = ("table", "hoi"), ("cuoc",)
COMBO_LETTERS, COMBO_ARROW = 18, 32  # the letters a choice list shows at least, its arrow


def group_title(group: str) -> str:
    """The title of a group of options (or of the automations)."""
    return {
        "table": translate("TomSettings", "Bàn chơi và ván"),
        "hoi": translate("TomSettings", "Hội (T8)"),
        "cuoc": translate("TomSettings", "Cước và xướng (T7)"),
        "automations": translate("TomSettings", "Tự động (T4.16)"),
    }[group]


class PointsBox(QWidget):
    """The `points` option: the điểm of each cước (TC1, TC3–TC9; thông is worth `dich`)."""

    def __init__(self, rules: TomRules) -> None:
        super().__init__()
        grid = QGridLayout(self)
        grid.setContentsMargins(0, 0, 0, 0)
        self.spins: dict[str, QSpinBox] = {}
        self.labels: dict[str, QLabel] = {}
        cuoc_ids = list(rules.point_map())
        half = (len(cuoc_ids) + 1) // 2
        for i, cuoc in enumerate(cuoc_ids):  # down the first column, then the second
            spin = whole(*POINTS_RANGE, rules.point(cuoc))
            label = QLabel()
            label.setBuddy(spin)
            # as wide as its longer name (T7.3), so that 4 players does not widen the page
            label.setMinimumWidth(max(label.fontMetrics().horizontalAdvance(cuoc_label(cuoc, p)[0])
                                      for p in (4, 5)))
            spin.setToolTip(option_help("points"))
            self.spins[cuoc] = spin
            self.labels[cuoc] = label
            row, column = i % half, 2 * (i // half)
            grid.addWidget(label, row, column)
            grid.addWidget(spin, row, column + 1)
        self.name_for(rules.players)

    def name_for(self, players: int) -> None:
        """Name each cước as a table of `players` says it (T7.3: thập nhị hồng at four)."""
        for cuoc, label in self.labels.items():
            name, gloss = cuoc_label(cuoc, players)
            label.setText(name)
            label.setToolTip(gloss)

    def value(self) -> dict[str, int]:
        """The points as shown."""
        return {cuoc: spin.value() for cuoc, spin in self.spins.items()}

    def set_value(self, points: dict[str, int]) -> None:
        """Show `points`."""
        for cuoc, spin in self.spins.items():
            spin.setValue(points[cuoc])


class TomSettingsTab(QWidget):
    """Edits the Tổ tôm part of a Settings value; `changed` is sent on every edit."""

    changed = Signal()

    def __init__(self, settings: Settings, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._loading = True
        self.option_boxes: dict[str, QWidget] = {}
        self.option_labels: dict[str, QLabel] = {}
        rules = settings.tom_rules
        self.points = PointsBox(rules)
        columns = QHBoxLayout()
        for side in (LEFT, RIGHT):
            column = QVBoxLayout()
            for group, names in GROUPS:
                if group in side:
                    column.addWidget(self._option_group(group, names, rules))
            column.addWidget(self._players_group(settings) if side is LEFT else
                             self._automations_group(settings))
            column.addStretch(1)
            columns.addLayout(column)
        page = QWidget()
        page.setLayout(columns)
        self.defaults_button = QPushButton(translate("TomSettings", "&Mặc định cho Tổ tôm"))
        self.defaults_button.setToolTip(translate(
            "TomSettings", "Đưa luật làng, người chơi và tự động của Tổ tôm về mặc định; chưa "
                           "lưu gì cho đến khi bấm Lưu."))
        self.defaults_button.clicked.connect(self.restore_defaults)
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        buttons.addWidget(self.defaults_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.scroll_area = scrolled(page)
        layout.addWidget(self.scroll_area, 1)
        layout.addLayout(buttons)
        players = self.option_boxes["players"]
        assert isinstance(players, QComboBox)
        players.currentIndexChanged.connect(lambda _: self._players_changed())
        self.set_mode(settings.mode)
        self._loading = False
        self._refresh()

    # ------------------------------------------------------------------ building

    def _option_group(self, group: str, names: tuple[str, ...], rules: TomRules) -> QGroupBox:
        box = QGroupBox(group_title(group))
        form = QFormLayout(box)
        values = rules.to_json()
        for name in names:
            widget = self._option_widget(name, values[name])
            label = QLabel(option_label(name))
            label.setBuddy(widget)
            for w in (label, widget):
                w.setToolTip(option_help(name))
            self.option_boxes[name] = widget
            self.option_labels[name] = label
            if name == "points":
                form.addRow(label)
                form.addRow(widget)
                for spin in self.points.spins.values():
                    on_change(spin, self._edited)
            else:
                form.addRow(label, widget)
                on_change(widget, self._edited)
        return box

    def _option_widget(self, name: str, value: object) -> QWidget:
        if name == "points":
            return self.points
        if choices(name):
            box = combo([(value_label(name, v), v) for v in choices(name)], value)
            # asks for its longest value, but may be cut (not its list) for two columns to
            # fit 1024 px
            box.setMinimumWidth(box.fontMetrics().averageCharWidth() * COMBO_LETTERS
                                + COMBO_ARROW)
            return box
        if name == "allow_thong":
            check = QCheckBox()
            check.setChecked(bool(value))
            return check
        if name == "stake":
            return amount(*STAKE_RANGE, 2, float(value))  # type: ignore[arg-type]
        spin = whole(*WHOLE_RANGES[name], int(value))  # type: ignore[call-overload]
        if name == "hoi_points":
            spin.setSpecialValueText(translate("TomSettings", "0: không góp, chơi mở"))
        return spin

    def _players_group(self, s: Settings) -> SeatsBox:
        self.seats = SeatsBox(s.tom_names, TOM_DEFAULT_NAMES, s.tom_levels, TOM_PLAYER_LEVELS)
        self.names = self.seats.edits
        self.levels = self.seats.levels
        self.sits_out = QLabel(translate(
            "TomSettings", "Ở bàn 4 người, ghế thứ năm (Máy 4) ngồi ngoài: tên và trình độ "
                           "của ghế ấy không dùng."))
        self.sits_out.setWordWrap(True)
        self.seats.grid.addWidget(self.sits_out, len(s.tom_names), 0, 1, 3)
        return self.seats

    def _automations_group(self, s: Settings) -> QGroupBox:
        box = QGroupBox(group_title("automations"))
        column = QVBoxLayout(box)
        self.automations: dict[str, QCheckBox] = {}
        for name in AUTOMATION_ORDER:
            check = QCheckBox(automation_label(name))
            check.setToolTip(automation_help(name))
            check.setChecked(name in s.tom_automations)
            self.automations[name] = check
            column.addWidget(check)
        self.real_note = QLabel()
        self.real_note.setWordWrap(True)
        column.addWidget(self.real_note)
        return box

    # ------------------------------------------------------------------ reacting

    def _edited(self) -> None:
        if not self._loading:
            self._refresh()

    def _players_changed(self) -> None:
        """A new table size resets the options that follow it (T9), as TomRules.replace does."""
        if self._loading:
            return
        defaults = TomRules(players=self.players()).to_json()
        self._loading = True
        for name in BY_PLAYERS:
            show_value(self.option_boxes[name], defaults[name])
        self._loading = False
        self._refresh()

    def _refresh(self) -> None:
        players = self.players()
        self.points.name_for(players)
        four = players == 4
        self.sits_out.setVisible(four)
        self.names[4].setEnabled(not four)
        self.levels[3].setEnabled(not four)
        self.changed.emit()

    def set_mode(self, mode: Mode) -> None:
        """Follow the play mode chosen in the dialog: real mode has no automations (T4.16)."""
        real = mode is Mode.REAL
        for check in self.automations.values():
            check.setEnabled(not real)
        self.real_note.setText(
            translate("TomSettings", "Chế độ Thật không có tự động nào: bạn tự làm mọi việc, "
                                     "quên thì bị xử như ở làng. Các công tắc trên dùng khi "
                                     "chơi chế độ Học hoặc Nghiêm.") if real else
            translate("TomSettings", "Máy làm giúp những việc bạn bật ở đây khi chơi chế độ Học "
                                     "hoặc Nghiêm; chế độ Thật không có tự động nào."))

    # ------------------------------------------------------------------ values

    def players(self) -> int:
        """The number of players shown (T2.1)."""
        players = self.option_boxes["players"]
        assert isinstance(players, QComboBox)
        return 4 if players.currentData() == 4 else 5

    def rule_values(self) -> dict[str, object]:
        """The 19 làng options as shown, as TomRules.from_json reads them."""
        values = {name: value_of(box) for name, box in self.option_boxes.items()
                  if name != "points"}
        values["points"] = self.points.value()
        return values

    def rules(self) -> TomRules:
        """The làng options as edited (BadRules when the engine refuses the combination)."""
        return TomRules.from_json(self.rule_values())

    def refusal(self) -> tuple[str, str | None] | None:
        """Why the options shown cannot be kept — the engine's BadRules text in the language
        shown, and the option it names — or None when they can."""
        try:
            self.rules()
        except BadRules as e:
            named = next((n for n in re.findall(r"'(\w+)'", str(e)) if n in OPTION_NAMES), None)
            return pick(e.vi or str(e), str(e)), named
        return None

    def problem(self) -> str | None:
        """The refusal in words, after the label of the option it names (None if none)."""
        refused = self.refusal()
        if refused is None:
            return None
        said, named = refused
        return said if named is None else f"{option_label(named)}: {said}"

    def problem_widget(self) -> QWidget | None:
        """The widget of the option the engine refuses, to take the focus (None if none)."""
        refused = self.refusal()
        return None if refused is None or refused[1] is None else self.option_boxes[refused[1]]

    def tom_names(self) -> tuple[str, str, str, str, str]:
        """The five names, cleaned as every name is kept (seat 0 the learner)."""
        n = self.seats.names()
        return n[0], n[1], n[2], n[3], n[4]

    def tom_levels(self) -> tuple[str, str, str, str]:
        """The levels of the four computer seats."""
        levels = self.seats.chosen_levels()
        return levels[0], levels[1], levels[2], levels[3]

    def tom_automations(self) -> frozenset[str]:
        """The automations switched on (T4.16)."""
        return frozenset(name for name, check in self.automations.items() if check.isChecked())

    def show_settings(self, s: Settings) -> None:
        """Show the Tổ tôm part of `s`."""
        self._loading = True
        values = s.tom_rules.to_json()
        for name, box in self.option_boxes.items():
            if name != "points":
                show_value(box, values[name])
        self.points.set_value(s.tom_rules.point_map())
        self.seats.show_seats(s.tom_names, s.tom_levels)
        for name, check in self.automations.items():
            check.setChecked(name in s.tom_automations)
        self._loading = False
        self._refresh()

    def restore_defaults(self) -> None:
        """Put the Tổ tôm part back to its defaults (the dialog can still be cancelled)."""
        self.show_settings(Settings())
