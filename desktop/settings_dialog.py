"""The settings dialog: language, sound, play mode (R7.5), claim countdown; for Chắn the
players' names, the computer levels and every làng option of RULES R11; for Tổ tôm the same and
more (tom_settings_tab.py). The tab of the game being taught comes first. It edits a copy; the
window saves it, and only what the engine accepts (a refused Tổ tôm combination is said in words
and Save waits until it is mended).
"""

from __future__ import annotations

from dataclasses import replace

from desktop.choices import (
    CHOICE_VALUES,
    lang_name,
    mode_help,
    mode_name,
    option_label,
    value_label,
)
from desktop.i18n import translate
from desktop.option_widgets import amount, combo, scrolled, show_value, value_of, whole
from desktop.qt import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QSize,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)
from desktop.seats_box import SeatsBox
from desktop.settings import (
    CLAIM_SECONDS,
    DEFAULT_NAMES,
    PLAYER_LEVELS,
    Settings,
)
from desktop.tom_settings_tab import TomSettingsTab
from engine.chan import LangRules
from engine.game import Mode

# Room left round the dialog inside its window (or the screen): a title bar and a margin.
FIT_MARGIN = QSize(40, 60)


class SettingsDialog(QDialog):
    """Edits a Settings value; `settings()` is the edited copy."""

    def __init__(self, settings: Settings, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._original = settings
        self.setWindowTitle(translate("Settings", "Cài đặt"))
        self.tabs = QTabWidget()
        general = self._general_tab(settings)
        self.chan_tab = self._chan_tab(settings)
        self.tom_tab = TomSettingsTab(settings)
        self.tom_tab.changed.connect(self._check)
        self.mode.currentIndexChanged.connect(
            lambda _: self.tom_tab.set_mode(Mode(self.mode.currentData())))
        games = [(self.chan_tab, translate("Settings", "&Chắn")),
                 (self.tom_tab, translate("Settings", "&Tổ tôm"))]
        if settings.game == "to_tom":  # the game being taught first (issue 23)
            games.reverse()
        for page, title in (*games, (general, translate("Settings", "C&hung"))):
            self.tabs.addTab(page, title)
        self.tabs.setCurrentIndex(0)
        note = QLabel(translate("Settings", "Luật làng, chế độ chơi và người chơi áp dụng từ hội "
                                            "mới; ngôn ngữ, âm thanh và đếm giờ áp dụng ngay."))
        note.setWordWrap(True)
        self.problem = QLabel()
        self.problem.setWordWrap(True)
        self.problem.setStyleSheet("color: #b00020; font-weight: bold")
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                        | QDialogButtonBox.StandardButton.Cancel
                                        | QDialogButtonBox.StandardButton.RestoreDefaults)
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setText(
            translate("Settings", "Lưu"))
        self.buttons.button(QDialogButtonBox.StandardButton.Cancel).setText(
            translate("Settings", "Thôi"))
        defaults = self.buttons.button(QDialogButtonBox.StandardButton.RestoreDefaults)
        defaults.setText(translate("Settings", "Mặc định"))
        defaults.setToolTip(translate("Settings", "Đưa mọi cài đặt, của cả hai trò, về mặc "
                                                  "định; chưa lưu gì cho đến khi bấm Lưu."))
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        defaults.clicked.connect(self.restore_defaults)
        layout = QVBoxLayout(self)
        layout.addWidget(self.tabs, 1)
        layout.addWidget(self.problem)
        layout.addWidget(note)
        layout.addWidget(self.buttons)
        self._check()
        self._fit(parent)

    def _fit(self, parent: QWidget | None) -> None:
        """Open as large as the page asks, within the window (or the screen): the game tabs
        scroll when they must (1024×640)."""
        room = parent.window().size() if parent is not None else \
            self.screen().availableGeometry().size()
        room = room - FIT_MARGIN
        self.setMaximumSize(room.expandedTo(QSize(320, 240)))
        self.resize(self.sizeHint().boundedTo(self.maximumSize()))

    def _check(self) -> None:
        """Say why the Tổ tôm options cannot be kept, and refuse Save until they can."""
        problem = self.tom_tab.problem()
        self.problem.setVisible(problem is not None)
        self.problem.setText("" if problem is None else translate(
            "Settings", "Tổ tôm — {problem}. Sửa lại rồi mới lưu được.").format(
                problem=problem.rstrip(".")))
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(problem is None)

    def accept(self) -> None:
        """Close and keep the edits — unless the engine refuses the Tổ tôm options: then the
        dialog stays, on the option that is wrong."""
        self._check()
        if self.tom_tab.problem() is not None:
            self.tabs.setCurrentWidget(self.tom_tab)
            wrong = self.tom_tab.problem_widget()
            if wrong is not None:
                wrong.setFocus()
            return
        super().accept()

    # ------------------------------------------------------------------ tabs

    def _general_tab(self, s: Settings) -> QWidget:
        self.lang = combo([(lang_name(x), x) for x in ("vi", "en")], s.lang)
        self.sound = QCheckBox(translate("Settings", "Bật âm thanh"))
        self.sound.setChecked(s.sound)
        self.mode = combo([(mode_name(m), m.value) for m in Mode], s.mode.value)
        self.mode_help = QLabel()
        self.mode_help.setWordWrap(True)
        self.mode.currentIndexChanged.connect(self._mode_changed)
        self._mode_changed()
        seconds = [(translate("Settings", "không đếm giờ") if n == 0 else
                    translate("Settings", "%n giây", None, n), n) for n in CLAIM_SECONDS]
        self.claim_seconds = combo(seconds, s.claim_seconds)
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

    def _chan_tab(self, s: Settings) -> QWidget:
        """Chắn's players and làng options (R11), side by side."""
        page = QWidget()
        columns = QHBoxLayout(page)
        columns.addWidget(self._players_group(s), 2)
        columns.addWidget(self._rules_group(s.rules), 3)
        return scrolled(page)

    def _players_group(self, s: Settings) -> SeatsBox:
        box = SeatsBox(s.names, DEFAULT_NAMES, s.levels, PLAYER_LEVELS)
        self.seats = box
        self.names = box.edits
        self.levels = box.levels
        return box

    def _rules_group(self, rules: LangRules) -> QGroupBox:
        box = QGroupBox(translate("Settings", "Luật làng"))
        form = QFormLayout(box)
        self.rule_boxes: dict[str, QWidget] = {}
        for name, value in rules.to_json().items():
            widget: QWidget
            if isinstance(value, bool):
                check = QCheckBox()
                check.setChecked(value)
                widget = check
            elif name in CHOICE_VALUES:
                widget = combo([(value_label(name, v), v) for v in CHOICE_VALUES[name]], value)
            elif name == "diem_per_ga":
                widget = whole(0, 100, int(value))
            else:  # stake
                widget = amount(0.1, 1000, 1, float(value))
            self.rule_boxes[name] = widget
            form.addRow(option_label(name), widget)
        return box

    # ------------------------------------------------------------------ values

    def rules(self) -> LangRules:
        """The làng options as edited."""
        return LangRules.from_json({name: value_of(box) for name, box in self.rule_boxes.items()})

    def settings(self) -> Settings:
        """The edited settings (what the window remembers is kept); BadRules while the Tổ tôm
        options are refused (accept() waits for them)."""
        names, levels = self.seats.names(), self.seats.chosen_levels()
        tom = self.tom_tab
        return replace(
            self._original, rules=self.rules(), mode=Mode(self.mode.currentData()),
            lang="en" if self.lang.currentData() == "en" else "vi",
            sound=self.sound.isChecked(), levels=(levels[0], levels[1], levels[2]),
            names=(names[0], names[1], names[2], names[3]),
            claim_seconds=int(self.claim_seconds.currentData()),
            tom_rules=tom.rules(), tom_levels=tom.tom_levels(), tom_names=tom.tom_names(),
            tom_automations=tom.tom_automations())

    def restore_defaults(self) -> None:
        """Put every field back to its default (the dialog can still be cancelled)."""
        self.show_settings(Settings())

    def show_settings(self, s: Settings) -> None:
        """Set every field from `s`."""
        self.lang.setCurrentIndex(max(0, self.lang.findData(s.lang)))
        self.sound.setChecked(s.sound)
        self.mode.setCurrentIndex(max(0, self.mode.findData(s.mode.value)))
        self.claim_seconds.setCurrentIndex(max(0, self.claim_seconds.findData(s.claim_seconds)))
        self.seats.show_seats(s.names, s.levels)
        for name, value in s.rules.to_json().items():
            show_value(self.rule_boxes[name], value)
        self.tom_tab.show_settings(s)
