"""The Learn screen's first page: the lessons of the six families in their content order, each
family's strength from the learner's progress (strength, items, due, recent accuracy), the
review of due items and the "practice my mistakes" deck — and the rules reference, a tab.

It speaks one game at a time (Settings.game, issue 23): Chắn's course and families, or Tổ
tôm's (lessons.content.course("to_tom")); Tổ tôm has no mistakes deck yet (lessons/mistakes.py
reads Chắn's games), so its button is hidden there.
"""

from __future__ import annotations

from collections.abc import Callable

from desktop.i18n import pick, translate
from desktop.keys import bind, key_hint
from desktop.learn.words import GAME_FAMILIES, family_name, percent, text
from desktop.qt import (
    QEvent,
    QFont,
    QFrame,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QProgressBar,
    QPushButton,
    QScrollArea,
    Qt,
    QTabWidget,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
    Signal,
)
from lessons.content import Lesson, course
from lessons.progress import Damaged, Strength
from lessons.srs import RELEARN

LESSON_ROLE = Qt.ItemDataRole.UserRole
DAMAGE_SHOWN = 3  # damaged rows listed on the page; the rest are counted


class FamilyRow(QFrame):
    """One family's standing: its name, a strength bar and the numbers behind it."""

    def __init__(self, family: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.family = family
        self.strength: Strength | None = None  # the numbers shown (none read yet)
        self.setObjectName("familyRow")
        self.name = QLabel()
        bold = QFont(self.name.font())
        bold.setBold(True)
        self.name.setFont(bold)
        self.bar = QProgressBar()
        self.bar.setRange(0, 100)
        self.bar.setTextVisible(True)
        self.bar.setMaximumHeight(18)
        self.bar.setFixedWidth(150)
        self.name.setWordWrap(True)
        self.stats = QLabel()
        self.stats.setWordWrap(True)
        self.stats.setObjectName("dim")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 4, 8, 4)
        layout.setSpacing(2)
        top = QHBoxLayout()
        top.addWidget(self.name, 1)
        top.addWidget(self.bar)
        layout.addLayout(top)
        layout.addWidget(self.stats)

    def show_strength(self, strength: Strength | None) -> None:
        """The family's numbers (a family never practised shows zeros)."""
        self.strength = strength  # said again in another language (retranslate)
        self.name.setText(family_name(self.family))
        value = round(100 * strength.strength) if strength else 0
        self.bar.setValue(value)
        self.bar.setFormat(translate("LearnHome", "độ vững {n}%").format(n=value))
        if strength is None or strength.items + strength.new == 0:
            self.stats.setText(translate("LearnHome", "Chưa luyện câu nào."))
            return
        items, answers, due = strength.items, strength.answers, strength.due
        self.stats.setText(" · ".join((
            translate("LearnHome", "%n câu đã làm", None, items),
            translate("LearnHome", "%n lần trả lời", None, answers),
            translate("LearnHome", "%n câu đến hạn", None, due),
            translate("LearnHome", "đúng gần đây {accuracy}").format(
                accuracy=percent(strength.recent_accuracy)))))


class HomePage(QWidget):
    """The list of lessons, the strengths, the review buttons, and the rules reference."""

    open_lesson = Signal(str)  # a lesson id
    due_wanted = Signal()
    mistakes_wanted = Signal()
    first_game_wanted = Signal()  # Học → "Ván đầu tiên" (first_game_page.py)
    back_wanted = Signal()  # Esc: the screen drops a round being prepared, then the lessons tab

    def __init__(self, reference: QTextBrowser, parent: QWidget | None = None,
                 game: str = "chan") -> None:
        super().__init__(parent)
        self.reference = reference
        self.game = game  # "chan" | "to_tom": the course and families shown
        self.title = QLabel()
        self.title.setObjectName("pageTitle")
        self.intro = QLabel()
        self.intro.setWordWrap(True)
        self.lessons = QListWidget()
        self.lessons.setObjectName("lessonList")
        self.lessons.itemActivated.connect(lambda _: self.open_current())
        self.progress_title = QLabel()
        self.progress_title.setObjectName("sectionTitle")
        # every game's rows, made once; the game shown's are visible (`rows`)
        self.all_rows = {family: FamilyRow(family) for families in GAME_FAMILIES.values()
                         for family in families}
        self.due_button = QPushButton()
        self.due_button.setObjectName("primary")
        self.due_button.clicked.connect(self.due_wanted)
        self.mistakes_button = QPushButton()
        self.mistakes_button.clicked.connect(self.mistakes_wanted)
        self.first_game_button = QPushButton()
        self.first_game_button.clicked.connect(self.first_game_wanted)
        self.status = QLabel()
        self.status.setWordWrap(True)
        self.status.setObjectName("status")
        self.status.hide()
        self._status: Callable[[], str] | None = None  # makes the status in the language shown
        self.damage = QLabel()  # rows of progress.db set aside (issue 20), said once
        self.damage.setWordWrap(True)
        self.damage.setObjectName("status")
        self.damage.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.damage.hide()
        self.damaged: list[Damaged] = []
        self.schedule = QLabel()
        self.schedule.setWordWrap(True)
        self.schedule.setObjectName("dim")
        self._due: int | None = None  # None: being read

        left = QVBoxLayout()
        left.addWidget(self.title)
        left.addWidget(self.intro)
        left.addWidget(self.damage)  # in sight at any size: the lessons list gives way
        left.addWidget(self.lessons, 1)
        right = QVBoxLayout()
        right.addWidget(self.first_game_button)
        right.addWidget(self.progress_title)
        for row in self.all_rows.values():
            right.addWidget(row)
        right.addSpacing(8)
        right.addWidget(self.due_button)
        right.addWidget(self.mistakes_button)
        right.addWidget(self.status)
        right.addSpacing(8)
        right.addWidget(self.schedule)
        right.addStretch(1)
        standing = QWidget()  # scrolls in a small window rather than being cut
        standing.setLayout(right)
        scroll = QScrollArea()
        scroll.setWidget(standing)
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        page = QWidget()
        columns = QHBoxLayout(page)
        columns.addLayout(left, 3)
        columns.addWidget(scroll, 2)
        self.tabs = QTabWidget()
        self.tabs.setDocumentMode(True)
        self.tabs.addTab(page, "")
        self.tabs.addTab(reference, "")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.tabs)
        for command, slot in (("learn_open", self.open_current),
                              ("learn_due", self.due_wanted.emit),
                              ("learn_mistakes", self.mistakes_wanted.emit),
                              ("learn_first_game", self.first_game_wanted.emit),
                              ("learn_reference", self.toggle_reference),
                              ("learn_back", self.back_wanted.emit)):
            bind(self, command, slot)
        for row in self.all_rows.values():  # until the learner's numbers are read
            row.show_strength(None)
        self._show_game()
        self.retranslate()

    @property
    def rows(self) -> dict[str, FamilyRow]:
        """The rows of the game shown, in its families' order."""
        return {family: self.all_rows[family] for family in GAME_FAMILIES.get(self.game, ())}

    def set_game(self, game: str) -> None:
        """Speak another game: its lessons, its families' rows (their numbers read anew)."""
        if game == self.game:
            return
        self.game = game
        for row in self.all_rows.values():
            row.show_strength(None)
        self._show_game()
        self.retranslate()

    def _show_game(self) -> None:
        shown = GAME_FAMILIES.get(self.game, ())
        for family, row in self.all_rows.items():
            row.setVisible(family in shown)
        self.mistakes_button.setVisible(self.game == "chan")

    # ------------------------------------------------------------------ contents

    def fill_lessons(self) -> None:
        """The families' headings and their lessons, in the content files' order."""
        current = self.current_lesson()
        self.lessons.clear()
        family = None
        for number, le in enumerate(course(self.game)):
            if le.family != family:
                family = le.family
                head = QListWidgetItem(family_name(family))
                head.setFlags(Qt.ItemFlag.NoItemFlags)
                font = QFont(head.font())
                font.setBold(True)
                head.setFont(font)
                self.lessons.addItem(head)
            item = QListWidgetItem(f"    {text(le.title)} — {lesson_summary(le)}")
            item.setData(LESSON_ROLE, le.id)
            self.lessons.addItem(item)
            if le.id == current or (current is None and number == 0):
                self.lessons.setCurrentItem(item)

    def current_lesson(self) -> str | None:
        """The id of the lesson selected in the list."""
        item = self.lessons.currentItem()
        return None if item is None or not item.data(LESSON_ROLE) else str(
            item.data(LESSON_ROLE))

    def select_lesson(self, lesson_id: str) -> None:
        """Select a lesson in the list."""
        for row in range(self.lessons.count()):
            if self.lessons.item(row).data(LESSON_ROLE) == lesson_id:
                self.lessons.setCurrentRow(row)

    def open_current(self) -> None:
        """Open the selected lesson (Enter, double click)."""
        if self.tabs.currentIndex() != 0:
            return
        lesson_id = self.current_lesson()
        if lesson_id is not None:
            self.open_lesson.emit(lesson_id)

    def toggle_reference(self) -> None:
        """The lessons ↔ the rules reference (T)."""
        self.tabs.setCurrentIndex(1 - self.tabs.currentIndex())
        self.focus_main()

    def show_progress(self, strengths: dict[str, Strength], due: int) -> None:
        """Every family's strength and how many items are due."""
        for family, row in self.rows.items():
            row.show_strength(strengths.get(family))
        self._due = due
        self._button_texts()

    def show_reading(self) -> None:
        """The numbers are being read (on the Worker): the due count says so meanwhile."""
        self._due = None
        self._button_texts()

    def show_damaged(self, found: list[Damaged]) -> None:
        """Rows of progress.db found damaged and set aside: said here, once each."""
        self.damaged.extend(found)
        self._damage_text()

    def _damage_text(self) -> None:
        rows = self.damaged
        if not rows:
            self.damage.hide()
            return
        shown = [pick(d.text().vi, d.text().en) for d in rows[:DAMAGE_SHOWN]]
        more = len(rows) - len(shown)
        head = translate("LearnHome", "Trong progress.db có {n} hàng bị hỏng, được để riêng: "
                                      "không dùng, không sửa, không xoá (tệp giữ nguyên):"
                         ) if len(rows) > 1 else translate(
            "LearnHome", "Trong progress.db có một hàng bị hỏng, được để riêng: không dùng, "
                         "không sửa, không xoá (tệp giữ nguyên):")
        lines = [head.format(n=len(rows)), *(f"• {line}" for line in shown)]
        if more:
            lines.append(translate("LearnHome", "… và {n} hàng khác.").format(n=more))
        self.damage.setText("\n".join(lines))
        self.damage.show()

    def show_status(self, message: Callable[[], str] | None) -> None:
        """A sentence under the buttons (why a deck is empty), given as what makes it so that
        it is made again when the language changes; None hides it."""
        self._status = message
        self._status_text()

    def _status_text(self) -> None:
        said = self._status() if self._status is not None else ""
        self.status.setText(said)
        self.status.setVisible(bool(said))

    def focus_main(self) -> None:
        """The keyboard to the tab shown: the lessons list (↑/↓, Enter) or the reference."""
        (self.lessons if self.tabs.currentIndex() == 0 else self.reference).setFocus()

    # ------------------------------------------------------------------ texts

    def _button_texts(self) -> None:
        if self._due is None:
            self.due_button.setText(translate("LearnHome", "Ôn bài đến hạn (đang đọc…) — {key}"
                                              ).format(key=key_hint("learn_due")))
        else:
            self.due_button.setText(translate("LearnHome", "Ôn bài đến hạn ({n} câu) — {key}"
                                              ).format(n=self._due, key=key_hint("learn_due")))
        self.mistakes_button.setText(translate("LearnHome", "Luyện lỗi của tôi — {key}").format(
            key=key_hint("learn_mistakes")))
        self.first_game_button.setText(translate(
            "LearnHome", "Ván đầu tiên: chơi một ván có hướng dẫn — {key}").format(
            key=key_hint("learn_first_game")))

    def retranslate(self) -> None:
        """Every text in the current language."""
        self.title.setText(translate("LearnHome", "Bài học tổ tôm") if self.game == "to_tom"
                           else translate("LearnHome", "Bài học"))
        self.intro.setText(translate(
            "LearnHome", "Mỗi bài có vài phần giải thích rồi một vòng luyện tập. Chọn bài bằng "
                         "↑/↓ rồi Enter, hoặc bấm đúp."))
        self.schedule.setText(translate(
            "LearnHome", "Mỗi câu đã làm được hỏi lại theo lịch (FSRS): trả lời sai thì {m} phút "
                         "sau hỏi lại, đúng thì lần hỏi sau cách xa dần. Độ vững của một nhóm bài "
                         "là khả năng bạn còn nhớ các câu của nó lúc này, theo ước tính của FSRS; "
                         "câu vừa trả lời sai tính 0%.").format(
            m=round(RELEARN.total_seconds() / 60)))
        self.progress_title.setText(translate("LearnHome", "Tiến độ của bạn"))
        self.tabs.setTabText(0, translate("LearnHome", "Bài học"))
        self.tabs.setTabText(1, translate("LearnHome", "Tra luật ({key})").format(
            key=key_hint("learn_reference")))
        self.fill_lessons()
        for row in self.rows.values():  # the numbers read last, in the language shown
            row.show_strength(row.strength)
        self._button_texts()
        self._status_text()
        self._damage_text()

    def changeEvent(self, event: QEvent) -> None:
        """Re-translate when the language changes."""
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)


def lesson_summary(le: Lesson) -> str:
    """"5 phần · 10 câu": how long a lesson is."""
    sections, questions = len(le.sections), le.questions
    return translate("LearnHome", "%n phần", None, sections) + " · " + translate(
        "LearnHome", "%n câu", None, questions)
