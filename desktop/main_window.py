"""The main window: the three activities — Học, Chơi, Xem lại — under one bar, with settings,
sound, language, help and About; it owns the store, the Worker and the sounds.
"""

from __future__ import annotations

import contextlib
import importlib
import sqlite3
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from desktop.backups import Backups
from desktop.chieu.scene import Scene
from desktop.i18n import current, pick, set_language, translate
from desktop.keys import bind, keys_of
from desktop.notices import notify
from desktop.play.pacing import HUMAN, Pacing
from desktop.play.resume import offerable_game
from desktop.play.screen import PlayScreen, describe_game
from desktop.qt import (
    QAction,
    QButtonGroup,
    QCloseEvent,
    QEvent,
    QGuiApplication,
    QHBoxLayout,
    QLabel,
    QMainWindow,
    QMenu,
    QMessageBox,
    QPushButton,
    QScreen,
    QSize,
    QStackedWidget,
    Qt,
    QTimer,
    QToolButton,
    QVBoxLayout,
    QWidget,
    Signal,
)
from desktop.recovery.guard import LibraryGuard
from desktop.settings import (
    DAMAGED_SUFFIX,
    GameName,
    Settings,
    keep_damaged,
    read,
    save,
    settings_path,
    warn_damaged,
)
from desktop.sound import Sounds
from desktop.worker import Worker
from replays.errors import RecordError
from replays.paths import default_db
from replays.readonly import is_regular
from replays.store import Store

if TYPE_CHECKING:  # the screens and dialogs not on the way to the first chiếu frame are
    # imported when first opened (issue 6: start-up time), or on the Worker a moment after
    from desktop.instance import FolderLock, Holder
    from desktop.learn.screen import LearnScreen
    from desktop.review.screen import ReviewScreen
    from desktop.settings_dialog import SettingsDialog

ACTIVITIES = ("learn", "play", "review")
IMPORT_LATER_MS = 3000  # after start-up, the other screens' code is imported on the Worker


DESIGN_SIZE = QSize(1280, 800)  # what the chiếu is drawn for


def initial_size(screen: QScreen | None) -> QSize:
    """1280 × 800, or less on a smaller screen: the window must fit in what the screen has
    free (a 1366 × 768 laptop has ~700 px under its panels), title bar and frame included."""
    if screen is None:
        return DESIGN_SIZE
    free = screen.availableGeometry()
    return QSize(min(DESIGN_SIZE.width(), free.width() - 16),
                 min(DESIGN_SIZE.height(), free.height() - 40))


def import_screens() -> None:
    """On the Worker: the modules of the screens built when first shown."""
    importlib.import_module("desktop.learn.screen")
    importlib.import_module("desktop.review.screen")


class MainWindow(QMainWindow):
    """The application's main window."""

    # the game every screen speaks changed (Ctrl+G, the bar's button; issue 23): "chan" or
    # "to_tom"; each screen follows it (built later, a screen reads self.settings.game)
    game_changed = Signal(str)

    def __init__(self, data_dir: Path | None = None, pacing: Pacing = HUMAN,
                 seeds: Callable[[], int] | None = None, offer_resume: bool = True,
                 scene: Scene | None = None, mute: bool = False,
                 read_only: Holder | None = None, lock: FolderLock | None = None,
                 backups: bool = True) -> None:
        # the data first: a folder that cannot be opened raises before any widget exists
        # (a window whose __init__ raised would be left half-built inside Qt, issue 13)
        db = default_db(data_dir)
        db.parent.mkdir(parents=True, exist_ok=True)
        # a second program on one folder reads only (desktop.instance, issue 20)
        store = Store.open_read_only(db) if read_only is not None else Store.open(db)
        try:  # a library damaged past its header fails at its first read (issue 20): the
            # store is closed before the damaged file is offered for restoring
            self._build(store, data_dir, pacing, seeds, offer_resume, scene, mute, read_only,
                        lock, backups and read_only is None)
        except BaseException:
            store.close()
            raise

    def _build(self, store: Store, data_dir: Path | None, pacing: Pacing,
               seeds: Callable[[], int] | None, offer_resume: bool, scene: Scene | None,
               mute: bool, read_only: Holder | None, lock: FolderLock | None,
               backups: bool) -> None:
        super().__init__()
        self.lock = lock
        self.read_only = read_only
        self.data_dir = data_dir
        self.settings_file = settings_path(data_dir)
        self.settings, self.settings_problem = read(self.settings_file)
        if self.settings_problem is not None:
            warn_damaged(self.settings_file, self.settings_problem)
        self.settings_box: QMessageBox | None = None
        self.quit_box: QMessageBox | None = None  # closing would lose what Học could not save
        self._drop_unsaved = False
        set_language(self.settings.lang)  # Qt's own words too, from the start
        self.store = store
        self.worker = Worker(self)
        # `mute` (the smoke run) keeps the audio device untouched whatever the settings say
        self.sounds = Sounds(self.worker, self.settings.sound and not mute)
        self.resume_box: QMessageBox | None = None
        self.settings_dialog: SettingsDialog | None = None
        self._closed = False
        # one set of card art, mats and layouts for Chơi, Học and Xem lại (start-up time)
        self.scene = scene or Scene()

        self.play = PlayScreen(self.store, self.settings, self.worker, self.sounds, pacing,
                               seeds, self.scene)
        self.play.set_read_only(read_only is not None)
        self.play.settings_wanted.connect(self.open_settings)
        self.play.games_changed.connect(self._games_changed)
        # issue 20: damage is never swallowed, and the library is backed up as it is played
        self.guard = LibraryGuard(store.path, self.worker, self, can_mend=read_only is None)
        self.play.save_failed.connect(lambda error: self.guard.failed(error.cause))
        self.play.session_ended.connect(self._session_ended)
        self.game_changed.connect(self.play.set_game)
        self.backups = Backups(data_dir, self.worker, self)
        self.backups.damaged.connect(lambda error: self.guard.check(error, said=False))
        self.learn: LearnScreen | None = None  # built when first shown (start-up time)
        self.review: ReviewScreen | None = None
        self.pages = QStackedWidget()
        self.pages.addWidget(self.play)

        self.tabs: dict[str, QToolButton] = {}
        group = QButtonGroup(self)
        bar = QHBoxLayout()
        bar.setContentsMargins(8, 4, 8, 4)
        for name in ACTIVITIES:
            button = QToolButton()
            button.setObjectName("activity")
            button.setCheckable(True)
            button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
            button.clicked.connect(lambda _=False, n=name: self.show_activity(n))
            group.addButton(button)
            bar.addWidget(button)
            self.tabs[name] = button
        bar.addStretch(1)
        self.game_button = QPushButton()
        self.game_button.setObjectName("gameSwitch")
        self.game_button.clicked.connect(self.switch_game)
        self.sound_button = QPushButton()
        self.sound_button.setCheckable(True)
        self.sound_button.clicked.connect(self.toggle_sound)
        self.settings_button = QPushButton()
        self.settings_button.clicked.connect(self.open_settings)
        self.help_button = QPushButton()
        self.help_menu = QMenu(self)
        self.help_button.setMenu(self.help_menu)
        for widget in (self.game_button, self.sound_button, self.settings_button,
                       self.help_button):
            widget.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            bar.addWidget(widget)
        for button in self.tabs.values():
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        top = QWidget()
        top.setObjectName("activityBar")
        top.setLayout(bar)
        self.read_only_bar = QLabel()
        self.read_only_bar.setObjectName("readOnlyBar")
        self.read_only_bar.setWordWrap(True)
        self.read_only_bar.setVisible(read_only is not None)
        central = QWidget()
        layout = QVBoxLayout(central)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        layout.addWidget(top)
        layout.addWidget(self.read_only_bar)
        layout.addWidget(self.pages, 1)
        self.setCentralWidget(central)

        self.actions_by_id: dict[str, QAction] = {}
        for command, slot in (
                ("help", self.open_help), ("learn", lambda: self.show_activity("learn")),
                ("play", lambda: self.show_activity("play")),
                ("review", lambda: self.show_activity("review")),
                ("new_session", self.new_session), ("settings", self.open_settings),
                ("language", self.toggle_language), ("switch_game", self.switch_game),
                ("mute", self.toggle_sound),
                ("about", self.open_about), ("quit", self.close)):
            self.actions_by_id[command] = bind(self, command, slot,
                                               context=Qt.ShortcutContext.WindowShortcut)
        self.help_menu.addAction(self.actions_by_id["help"])
        self.help_menu.addAction(self.actions_by_id["about"])

        self.retranslate()
        self.show_activity("play")
        self.resize(initial_size(self.screen()))
        QTimer.singleShot(0, lambda: self._start_notices(offer_resume))
        if backups:
            QTimer.singleShot(0, self.backups.start)
        QTimer.singleShot(IMPORT_LATER_MS, self, self._import_screens)

    def _import_screens(self) -> None:
        """Import Học's and Xem lại's code on the Worker, a moment after the first frame, so
        that showing them the first time only builds their widgets (the imports alone held
        the window 80 ms, issue 20)."""
        if not self._closed:
            self.worker.run(import_screens, lambda _: None, lambda _: None)

    # ------------------------------------------------------------------ activities

    def show_activity(self, name: str) -> None:
        """Switch to Học, Chơi or Xem lại."""
        page: QWidget
        if name == "learn":
            if self.learn is None:
                from desktop.learn.screen import LearnScreen

                self.learn = LearnScreen(self.data_dir, self.store, self.worker, self.scene,
                                         game=self.settings.game)
                self.game_changed.connect(self.learn.set_game)  # Học speaks the game chosen
                self.pages.addWidget(self.learn)
            page = self.learn
        elif name == "review":
            if self.review is None:
                from desktop.review.screen import ReviewScreen

                self.review = ReviewScreen(self.store, self.worker, self.scene,
                                           game=self.settings.game)
                self.game_changed.connect(self.review.set_game)
                self.review.branched.connect(self.play_branch)
                self.review.library_failed.connect(
                    lambda error, said: self.guard.failed(error, said))
                if self.review.read_error is not None:  # its first listing failed
                    self.guard.failed(self.review.read_error, said=False)
                self.pages.addWidget(self.review)
            else:
                self.review.refresh()
            page = self.review
        else:
            page = self.play
        self.pages.setCurrentWidget(page)
        self.tabs[name].setChecked(True)
        if name == "play":
            self.play.focus_table()
        if name == "learn" and self.learn is not None:  # its page's keys work at once
            self.learn.focus_page()

    def activity(self) -> str:
        """The activity shown."""
        return next(n for n, b in self.tabs.items() if b.isChecked())

    def new_session(self) -> None:
        """Start a new hội (Ctrl+N)."""
        self.show_activity("play")
        self.play.start_session()

    def play_branch(self, game_id: int) -> None:
        """Play on from a replay position (Xem lại → Chơi): the branch is resumed there."""
        self.show_activity("play")
        self.play.resume(game_id)

    def _games_changed(self) -> None:
        if self.review is not None:
            self.review.refresh()

    def _session_ended(self) -> None:
        if self.backups.timer.isActive():  # backups on (not in a smoke run)
            self.backups.take()

    # ------------------------------------------------------------------ resume

    def _start_notices(self, resume: bool) -> None:
        """On start: a damaged settings file is said first (defaults are in use), then an
        interrupted game is offered for resuming (when `resume`; never read-only: the game
        may be the one the other program is playing, issue 20)."""
        resume = resume and self.read_only is None
        problem = self.settings_problem
        if self._closed or problem is None:
            if resume:
                self.offer_resume()
            return
        path, kept = self.settings_file, self.settings_file.name + DAMAGED_SUFFIX
        if is_regular(path):
            then = (f"Tệp cũ được để nguyên; khi bạn đổi cài đặt, nó được giữ lại với tên "
                    f"{kept}.",
                    f"The file is left as it is; when you change a setting, it is kept as "
                    f"{kept}.")
        else:  # a FIFO, a folder: never replaced, so what is changed cannot be kept (issue 20)
            then = ("Nó được để nguyên và không bao giờ bị thay thế: cài đặt bạn đổi chỉ có "
                    "hiệu lực đến khi đóng chương trình (hãy chuyển nó đi để lưu được).",
                    "It is left as it is and never replaced: settings you change last only "
                    "until the program closes (move it away to keep them).")
        box = notify(self, pick("Cài đặt bị hỏng", "Damaged settings"), pick(
            f"Không đọc được tệp cài đặt {path}: {problem[0]}. Chương trình đang dùng cài đặt "
            f"mặc định. {then[0]}",
            f"The settings file {path} could not be read: {problem[1]}. The default settings "
            f"are in use. {then[1]}"), warning=True)
        self.settings_box = box
        box.finished.connect(lambda _: self._settings_notice_read(resume))

    def _settings_notice_read(self, resume: bool) -> None:
        self.settings_box = None
        if resume:
            self.offer_resume()

    def offer_resume(self) -> None:
        """On start: an interrupted game is offered for resuming (issue 6)."""
        if self._closed:
            return
        try:
            game_id = offerable_game(self.store, self.settings.skip_resume, self.settings.game)
        except sqlite3.DatabaseError as error:  # a damaged library: the offer to mend it
            if not self.guard.failed(error, said=False):
                raise
            return
        if game_id is None:
            return
        box = QMessageBox(self)
        box.setIcon(QMessageBox.Icon.Question)
        box.setWindowTitle(translate("Main", "Chơi tiếp?"))
        box.setText(translate("Main", "Lần trước bạn dừng giữa một ván: {game}. Chơi tiếp ván "
                                      "này không?").format(game=describe_game(self.store, game_id)))
        yes = box.addButton(translate("Main", "Chơi tiếp"), QMessageBox.ButtonRole.AcceptRole)
        box.addButton(translate("Main", "Không"), QMessageBox.ButtonRole.RejectRole)
        box.setDefaultButton(yes)
        self.resume_box = box
        box.finished.connect(lambda _: self._resume_answered(box, game_id, yes))
        box.open()

    def _resume_answered(self, box: QMessageBox, game_id: int, yes: object) -> None:
        self.resume_box = None
        box.deleteLater()
        if box.clickedButton() is yes:
            self.show_activity("play")
            self.play.resume(game_id)
        else:
            self._save(replace(self.settings,
                               skip_resume=(*self.settings.skip_resume, game_id)[-50:]))
            self.play.show_start()

    # ------------------------------------------------------------------ settings

    def open_settings(self) -> None:
        """The settings dialog; saved and applied when accepted."""
        from desktop.settings_dialog import SettingsDialog

        dialog = SettingsDialog(self.settings, self)
        self.settings_dialog = dialog
        dialog.accepted.connect(lambda: self.apply_settings(dialog.settings()))
        dialog.finished.connect(lambda _: self._settings_closed(dialog))
        dialog.open()

    def _settings_closed(self, dialog: SettingsDialog) -> None:
        if self.settings_dialog is dialog:
            self.settings_dialog = None
        dialog.deleteLater()

    def apply_settings(self, settings: Settings) -> None:
        """Save and apply new settings (language and sound at once)."""
        old = self.settings
        self._save(settings)
        self.sounds.set_enabled(settings.sound)
        self.play.apply_settings(settings)
        if settings.lang != old.lang:
            set_language(settings.lang)
        self.retranslate()
        if settings.game != old.game:
            self.game_changed.emit(settings.game)

    def _save(self, settings: Settings) -> None:
        self.settings = settings
        if self.settings_problem is not None:  # the damaged file is kept, never overwritten
            keep_damaged(self.settings_file)
            self.settings_problem = None
        # a read-only data folder, a FIFO in the file's place: they apply for this run
        with contextlib.suppress(OSError, RecordError):
            save(self.settings_file, settings)

    def toggle_language(self) -> None:
        """Tiếng Việt ↔ English without a restart."""
        self.apply_settings(replace(self.settings, lang="en" if current() == "vi" else "vi"))

    def switch_game(self) -> None:
        """Chắn ↔ Tổ tôm (Ctrl+G): every screen then speaks the other game."""
        other: GameName = "to_tom" if self.settings.game == "chan" else "chan"
        self.apply_settings(replace(self.settings, game=other))

    def toggle_sound(self) -> None:
        """The mute switch."""
        self.apply_settings(replace(self.settings, sound=not self.settings.sound))

    # ------------------------------------------------------------------ help

    def open_help(self) -> None:
        """The keyboard shortcuts (F1)."""
        from desktop.help_dialog import HelpDialog

        dialog = HelpDialog(self)
        dialog.finished.connect(dialog.deleteLater)
        dialog.open()

    def open_about(self) -> None:
        """Version, credits and licences."""
        from desktop.about import AboutDialog

        dialog = AboutDialog(self)
        dialog.finished.connect(dialog.deleteLater)
        dialog.open()

    # ------------------------------------------------------------------ texts

    def retranslate(self) -> None:
        """Every text of the window in the current language."""
        # the platform appends the application's display name to a title that does not end
        # with it: both in the language shown, and the window's title is that name alone
        # (issue 20: "Chắn — learn, play, review — Chắn — học, chơi, xem lại")
        title = (translate("Main", "Tổ tôm — học, chơi, xem lại")
                 if self.settings.game == "to_tom"
                 else translate("Main", "Chắn — học, chơi, xem lại"))
        QGuiApplication.setApplicationDisplayName(title)
        self.setWindowTitle(title)
        texts = {"learn": translate("Main", "Học"), "play": translate("Main", "Chơi"),
                 "review": translate("Main", "Xem lại")}
        for name, button in self.tabs.items():
            button.setText(texts[name])
            button.setToolTip(keys_of(name)[0])
        tom = self.settings.game == "to_tom"
        self.game_button.setText(translate("Main", "Trò: Tổ tôm") if tom
                                 else translate("Main", "Trò: Chắn"))
        switch = translate("Main", "Đổi sang Chắn") if tom else translate("Main", "Đổi sang Tổ tôm")
        self.game_button.setToolTip(f"{switch} ({keys_of('switch_game')[0]})")
        self.sound_button.setChecked(self.settings.sound)
        self.sound_button.setText(translate("Main", "Âm thanh: bật") if self.settings.sound
                                  else translate("Main", "Âm thanh: tắt"))
        self.sound_button.setToolTip(keys_of("mute")[0])
        self.settings_button.setText(translate("Main", "Cài đặt"))
        self.settings_button.setToolTip(keys_of("settings")[0])
        self.help_button.setText(translate("Main", "Trợ giúp"))
        if self.read_only is not None:
            self.read_only_bar.setText(translate(
                "Main", "Chỉ đọc: chương trình đang mở với thư mục dữ liệu này ở một cửa sổ "
                        "khác, chỉ cửa sổ kia được ghi. Ở đây bạn xem lại và học được, nhưng "
                        "không chơi ván mới, không nhập ván và không lưu tiến độ học."))
        self.actions_by_id["help"].setText(translate("Main", "Phím tắt (F1)"))
        self.actions_by_id["about"].setText(translate("Main", "Giới thiệu"))

    def changeEvent(self, event: QEvent) -> None:
        """Re-translate when the language changes."""
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def _ask_before_closing(self) -> bool:
        """Whether closing waits for the learner: Học holds answers the disk refused, which
        closing would lose. The question offers to try again, to close anyway, or to stay."""
        learn = self.learn
        if learn is None or self.quit_box is not None or self._drop_unsaved \
                or not learn.refused():
            return self.quit_box is not None
        box = QMessageBox(QMessageBox.Icon.Warning, translate("Main", "Chưa lưu được"),
                          learn.refusal() + "\n\n" + translate(
                              "Main", "Nếu đóng chương trình bây giờ, những gì chưa lưu được "
                                      "sẽ mất."), parent=self)
        box.setTextFormat(Qt.TextFormat.PlainText)
        retry = box.addButton(translate("Main", "Thử lưu lại"),
                              QMessageBox.ButtonRole.AcceptRole)
        drop = box.addButton(translate("Main", "Đóng, bỏ chúng"),
                             QMessageBox.ButtonRole.DestructiveRole)
        box.addButton(translate("Main", "Ở lại"), QMessageBox.ButtonRole.RejectRole)
        box.setDefaultButton(retry)
        self.quit_box = box

        def answered() -> None:
            self.quit_box = None
            box.deleteLater()
            if box.clickedButton() is retry:
                learn.retry_saving()
            elif box.clickedButton() is drop:
                self._drop_unsaved = True
                self.close()

        box.finished.connect(lambda _: answered())
        box.open()
        return True

    def closeEvent(self, event: QCloseEvent) -> None:
        """Stop the game's timers and work; every move is already in the store. Answers the
        disk refused are not dropped without asking (issue 20)."""
        if not self._closed and self._ask_before_closing():
            event.ignore()
            return
        if not self._closed:
            self._closed = True
            self.backups.stop()
            self.play.shutdown()
            if self.review is not None:
                self.review.shutdown()
            if self.learn is not None:
                self.learn.shutdown()
            self.worker.close()
            self.worker.wait(3000)
            self.sounds.close()
            self.store.close()
            if self.lock is not None:
                self.lock.release()
        super().closeEvent(event)
