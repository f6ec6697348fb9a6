"""A lesson, one section at a time: its text in the current language, the rule ids it teaches,
and its figure drawn with the chiếu's faces (figure.py); after the last section, the practice
round."""

from __future__ import annotations

from html import escape

from desktop.chieu.scene import Scene
from desktop.i18n import translate
from desktop.keys import bind, key_hint
from desktop.learn.canvas import Canvas
from desktop.learn.figure import Figure, figure
from desktop.learn.words import family_name, text
from desktop.qt import (
    QEvent,
    QHBoxLayout,
    QLabel,
    QPushButton,
    Qt,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
    Signal,
)
from lessons.content import Lesson


class LessonPage(QWidget):
    """Shows a lesson's sections; emits `practice_wanted(lesson id)` and `back_wanted`."""

    practice_wanted = Signal(str)
    back_wanted = Signal()

    def __init__(self, scene: Scene, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.lesson: Lesson | None = None
        self.section = 0
        self.figure: Figure | None = None
        self.back_button = QPushButton()
        self.back_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.back_button.clicked.connect(self.back_wanted)
        self.title = QLabel()
        self.title.setObjectName("pageTitle")
        self.step = QLabel()
        self.step.setObjectName("dim")
        self.text = QTextBrowser()
        self.text.setObjectName("lessonText")
        self.text.document().setDocumentMargin(14)
        # the page keeps the keyboard: arrows turn the sections, they do not move a text cursor
        self.text.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.canvas = Canvas(scene)
        self.prev_button = QPushButton()
        self.next_button = QPushButton()
        self.practice_button = QPushButton()
        self.practice_button.setObjectName("primary")
        for button in (self.prev_button, self.next_button, self.practice_button):
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.prev_button.clicked.connect(self.previous)
        self.next_button.clicked.connect(self.forward)
        self.practice_button.clicked.connect(self.practice)

        head = QHBoxLayout()
        head.addWidget(self.back_button)
        head.addWidget(self.title, 1)
        head.addWidget(self.step)
        body = QHBoxLayout()
        body.addWidget(self.text, 2)
        body.addWidget(self.canvas, 3)
        buttons = QHBoxLayout()
        buttons.addWidget(self.prev_button)
        buttons.addStretch(1)
        buttons.addWidget(self.next_button)
        buttons.addWidget(self.practice_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(12, 4, 12, 10)
        layout.addLayout(head)
        layout.addLayout(body, 1)
        layout.addLayout(buttons)
        for command, slot in (("learn_open", self.forward), ("learn_next", self.forward),
                              ("learn_prev", self.previous), ("learn_practice", self.practice),
                              ("learn_back", self.back_wanted.emit)):
            bind(self, command, slot)

    def show_lesson(self, lesson: Lesson, section: int = 0) -> None:
        """Start (or return to) a lesson at a section."""
        self.lesson = lesson
        self.section = max(0, min(section, len(lesson.sections) - 1))
        self.show_section()
        self.setFocus()

    def show_section(self) -> None:
        """The current section: text, rule ids, figure and caption."""
        lesson = self.lesson
        if lesson is None:
            return
        self.title.setText(f"{family_name(lesson.family)} · {text(lesson.title)}")
        count = len(lesson.sections)
        self.step.setText(translate("LearnLesson", "Phần {n}/{of}").format(
            n=self.section + 1, of=count))
        section = lesson.sections[self.section]
        self.figure = figure(section.figure) if section.figure else None
        rules = " ".join(f"<span style='background:#eadfc8'>&nbsp;{escape(r)}&nbsp;</span>"
                         for r in section.rules)
        paragraphs = "".join(f"<p>{escape(p)}</p>" for p in text(section.text).split("\n\n"))
        html = paragraphs
        # the words are translated outside the f-strings: lupdate does not read calls in them
        rules_word = translate("LearnLesson", "Luật:")
        figure_word = translate("LearnLesson", "Hình:")
        if rules:
            html = f"<p>{escape(rules_word)} {rules}</p>" + html
        if self.figure is not None:
            html += f"<p><i>{escape(figure_word)}</i> {escape(self.figure.caption)}</p>"
        self.text.setHtml(html)
        self.canvas.setVisible(self.figure is not None)
        self.canvas.set_picture(self.figure.picture if self.figure else None)
        last = self.section == count - 1
        self.prev_button.setEnabled(self.section > 0)
        self.next_button.setVisible(not last)
        self._button_texts()

    def forward(self) -> None:
        """The next section; after the last, the practice round."""
        if self.lesson is None:
            return
        if self.section < len(self.lesson.sections) - 1:
            self.section += 1
            self.show_section()
        else:
            self.practice()

    def previous(self) -> None:
        """The section before."""
        if self.lesson is not None and self.section > 0:
            self.section -= 1
            self.show_section()

    def practice(self) -> None:
        """The lesson's practice round (P, or Enter after the last section)."""
        if self.lesson is not None:
            self.practice_wanted.emit(self.lesson.id)

    def _button_texts(self) -> None:
        self.back_button.setText(translate("LearnLesson", "← Danh sách bài ({key})").format(
            key=key_hint("learn_back")))
        self.prev_button.setText(translate("LearnLesson", "← Phần trước"))
        self.next_button.setText(translate("LearnLesson", "Phần sau → ({key})").format(
            key=key_hint("learn_open")))
        self.practice_button.setText(translate("LearnLesson", "Luyện tập ({key})").format(
            key=key_hint("learn_practice")))

    def changeEvent(self, event: QEvent) -> None:
        """Re-translate when the language changes."""
        if event.type() == QEvent.Type.LanguageChange:
            self.show_section()
            self._button_texts()
        super().changeEvent(event)
