"""The settings dialog: language, sound, play mode (R7.5), claim countdown, players' names and
the computer levels, and every làng option of RULES R11. It edits a copy; the window saves it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from desktop.choices import (
    CHOICE_VALUES,
    lang_name,
    level_name,
    mode_help,
    mode_name,
    option_label,
    value_label,
)
from desktop.i18n import translate
from desktop.qt import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QSpinBox,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)
from desktop.settings import (
    CLAIM_SECONDS,
    DEFAULT_NAMES,
    PLAYER_LEVELS,
    Settings,
    clean_name,
)
from engine.chan import LangRules
from engine.game import Mode
from replays.names import MAX_NAME


def _combo(items: Sequence[tuple[str, object]], current: object) -> QComboBox:
    box = QComboBox()
    for text, value in items:
        box.addItem(text, value)
    index = box.findData(current)
    box.setCurrentIndex(max(0, index))
    return box


class SettingsDialog(QDialog):
    """Edits a Settings value; `settings()` is the edited copy."""

    def __init__(self, settings: Settings, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._original = settings
        self.setWindowTitle(translate("Settings", "Cài đặt"))
        self.tabs = QTabWidget()
        self.tabs.addTab(self._general_tab(settings), translate("Settings", "Chung"))
        self.tabs.addTab(self._players_tab(settings), translate("Settings", "Người chơi"))
        self.tabs.addTab(self._rules_tab(settings.rules), translate("Settings", "Luật làng"))
        note = QLabel(translate("Settings", "Luật làng, chế độ chơi và người chơi áp dụng từ hội "
                                            "mới; ngôn ngữ, âm thanh và đếm giờ áp dụng ngay."))
        note.setWordWrap(True)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                        | QDialogButtonBox.StandardButton.Cancel
                                        | QDialogButtonBox.StandardButton.RestoreDefaults)
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setText(
            translate("Settings", "Lưu"))
        self.buttons.button(QDialogButtonBox.StandardButton.Cancel).setText(
            translate("Settings", "Thôi"))
        self.buttons.button(QDialogButtonBox.StandardButton.RestoreDefaults).setText(
            translate("Settings", "Mặc định"))
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        self.buttons.button(QDialogButtonBox.StandardButton.RestoreDefaults).clicked.connect(
            self.restore_defaults)
        layout = QVBoxLayout(self)
        layout.addWidget(self.tabs)
        layout.addWidget(note)
        layout.addWidget(self.buttons)

    # ------------------------------------------------------------------ tabs

    def _general_tab(self, s: Settings) -> QWidget:
        self.lang = _combo([(lang_name(x), x) for x in ("vi", "en")], s.lang)
        self.sound = QCheckBox(translate("Settings", "Bật âm thanh"))
        self.sound.setChecked(s.sound)
        self.mode = _combo([(mode_name(m), m.value) for m in Mode], s.mode.value)
        self.mode_help = QLabel()
        self.mode_help.setWordWrap(True)
        self.mode.currentIndexChanged.connect(self._mode_changed)
        self._mode_changed()
        seconds = [(translate("Settings", "không đếm giờ") if n == 0 else
                    translate("Settings", "%n giây", None, n), n) for n in CLAIM_SECONDS]
        self.claim_seconds = _combo(seconds, s.claim_seconds)
        page = QWidget()
        form = QFormLayout(page)
        form.addRow(translate("Settings", "Ngôn ngữ"), self.lang)
        form.addRow(translate("Settings", "Âm thanh"), self.sound)
        form.addRow(translate("Settings", "Chế độ chơi (R7.5)"), self.mode)
        form.addRow("", self.mode_help)
        form.addRow(translate("Settings", "Thời gian ù / chíu"), self.claim_seconds)
        return page

    def _mode_changed(self) -> None:
        self.mode_help.setText(mode_help(Mode(self.mode.currentData())))

    def _players_tab(self, s: Settings) -> QWidget:
        page = QWidget()
        form = QFormLayout(page)
        self.names: list[QLineEdit] = []
        self.levels: list[QComboBox] = []
        for seat in range(4):
            edit = QLineEdit(s.names[seat])
            edit.setMaxLength(MAX_NAME)
            edit.setPlaceholderText(DEFAULT_NAMES[seat])
            self.names.append(edit)
            if seat == 0:
                form.addRow(translate("Settings", "Tên của bạn"), edit)
                continue
            level = _combo([(level_name(x), x) for x in PLAYER_LEVELS], s.levels[seat - 1])
            self.levels.append(level)
            form.addRow(translate("Settings", "Máy {n}").format(n=seat), edit)
            form.addRow(translate("Settings", "Trình độ máy {n}").format(n=seat), level)
        return page

    def _rules_tab(self, rules: LangRules) -> QWidget:
        page = QWidget()
        form = QFormLayout(page)
        self.rule_boxes: dict[str, QWidget] = {}
        for name, value in rules.to_json().items():
            box: QWidget
            if isinstance(value, bool):
                check = QCheckBox()
                check.setChecked(value)
                box = check
            elif name in CHOICE_VALUES:
                box = _combo([(value_label(name, v), v) for v in CHOICE_VALUES[name]], value)
            elif name == "diem_per_ga":
                spin = QSpinBox()
                spin.setRange(0, 100)
                spin.setValue(int(value))
                box = spin
            else:  # stake
                money = QDoubleSpinBox()
                money.setRange(0.1, 1000)
                money.setDecimals(1)
                money.setValue(float(value))
                box = money
            self.rule_boxes[name] = box
            form.addRow(option_label(name), box)
        return page

    # ------------------------------------------------------------------ values

    def rules(self) -> LangRules:
        """The làng options as edited."""
        values: dict[str, object] = {}
        for name, box in self.rule_boxes.items():
            if isinstance(box, QCheckBox):
                values[name] = box.isChecked()
            elif isinstance(box, QComboBox):
                values[name] = box.currentData()
            elif isinstance(box, QSpinBox):
                values[name] = box.value()
            elif isinstance(box, QDoubleSpinBox):
                stake = round(box.value(), 1)
                values[name] = int(stake) if stake.is_integer() else stake
        return LangRules.from_json(values)

    def settings(self) -> Settings:
        """The edited settings (what the window remembers is kept)."""
        names = [clean_name(e.text(), d) for e, d in zip(self.names, DEFAULT_NAMES, strict=True)]
        levels = [str(b.currentData()) for b in self.levels]
        return replace(
            self._original, rules=self.rules(), mode=Mode(self.mode.currentData()),
            lang="en" if self.lang.currentData() == "en" else "vi",
            sound=self.sound.isChecked(), levels=(levels[0], levels[1], levels[2]),
            names=(names[0], names[1], names[2], names[3]),
            claim_seconds=int(self.claim_seconds.currentData()))

    def restore_defaults(self) -> None:
        """Put every field back to its default (the dialog can still be cancelled)."""
        self.show_settings(Settings())

    def show_settings(self, s: Settings) -> None:
        """Set every field from `s`."""
        self.lang.setCurrentIndex(max(0, self.lang.findData(s.lang)))
        self.sound.setChecked(s.sound)
        self.mode.setCurrentIndex(max(0, self.mode.findData(s.mode.value)))
        self.claim_seconds.setCurrentIndex(max(0, self.claim_seconds.findData(s.claim_seconds)))
        for edit, name in zip(self.names, s.names, strict=True):
            edit.setText(name)
        for box, level in zip(self.levels, s.levels, strict=True):
            box.setCurrentIndex(max(0, box.findData(level)))
        for name, value in s.rules.to_json().items():
            widget = self.rule_boxes[name]
            if isinstance(widget, QCheckBox):
                widget.setChecked(bool(value))
            elif isinstance(widget, QComboBox):
                widget.setCurrentIndex(max(0, widget.findData(value)))
            elif isinstance(widget, QSpinBox):
                widget.setValue(int(value))
            elif isinstance(widget, QDoubleSpinBox):
                widget.setValue(float(value))
