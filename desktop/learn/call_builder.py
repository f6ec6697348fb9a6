"""A Tổ tôm call put together token by token (TOTOM T5.8, T7.5): a button for each face-down
khàn to turn up (dậy khàn) and for each cước, numbered 1–9 then 0 for the keys; pressing a cước
again right after itself counts it twice ("2 tôm"); Backspace takes the last word back. The call
so far is shown as it will be spoken (engine.totom.say). Nothing is judged here: the tokens go
to lessons (tom_cuoc's grader, the guided game's settlement) in the order said."""

from __future__ import annotations

from desktop.i18n import current, translate
from desktop.qt import QGridLayout, QLabel, QPushButton, Qt, QVBoxLayout, QWidget, Signal
from engine.totom import CANONICAL, NAMES_EN, NAMES_VI, CallToken, Card, say, spoken

CUOC_BUTTONS = (*CANONICAL, "suong")  # the canonical order (T7.5), suông last
KEYS = "1234567890"


class CallBuilder(QWidget):
    """Token buttons and the call so far; ``changed`` on every word, ``submitted`` on
    ``submit``."""

    changed = Signal()
    submitted = Signal()

    def __init__(self, players: int = 5, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.players = players
        self.khan: tuple[Card, ...] = ()
        self.said: list[CallToken] = []
        self.locked = False
        self.grid = QGridLayout()
        self.grid.setSpacing(3)
        self.buttons: list[tuple[QPushButton, CallToken]] = []
        self.shown = QLabel()
        self.shown.setWordWrap(True)
        self.shown.setObjectName("question")
        self.undo_button = QPushButton()
        self.undo_button.setFocusPolicy(Qt.FocusPolicy.TabFocus)
        self.undo_button.clicked.connect(self.undo)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(self.grid)
        layout.addWidget(self.shown)
        layout.addWidget(self.undo_button)
        self._fill()
        self.retranslate()

    def set_khan(self, khan: tuple[Card, ...]) -> None:
        """The face-down khàn that may be turned up (a button each, first)."""
        self.khan = khan
        self._fill()
        self.retranslate()

    def _fill(self) -> None:
        for button, _ in self.buttons:
            self.grid.removeWidget(button)
            button.hide()  # not drawn under the new ones until it is deleted
            button.deleteLater()
        tokens = [CallToken("khan", k) for k in self.khan]
        tokens += [CallToken(spoken(c, self.players)) for c in CUOC_BUTTONS]
        self.buttons = []
        for i, token in enumerate(tokens):
            button = QPushButton()
            button.setFocusPolicy(Qt.FocusPolicy.TabFocus)
            button.clicked.connect(lambda _=False, t=token: self.add(t))
            self.grid.addWidget(button, i // 2, i % 2)
            self.buttons.append((button, token))

    def add(self, token: CallToken) -> None:
        """Say one more word (a cước said again right after itself counts twice)."""
        if self.locked:
            return
        last = self.said[-1] if self.said else None
        if last is not None and token.cuoc is not None and last.name == token.name \
                and last.count < 4:
            self.said[-1] = CallToken(last.name, None, last.count + 1)
        elif token.cuoc is not None or token not in self.said:
            self.said.append(token)
        self._said_changed()

    def press(self, n: int) -> None:
        """The n-th button's key (1…9, 0 for the tenth)."""
        index = 9 if n == 0 else n - 1
        if 0 <= index < len(self.buttons):
            self.add(self.buttons[index][1])

    def undo(self) -> None:
        """Take the last word back (one count of a counted cước)."""
        if self.locked or not self.said:
            return
        last = self.said.pop()
        if last.count > 1 and last.cuoc is not None:
            self.said.append(CallToken(last.name, None, last.count - 1))
        self._said_changed()

    def clear(self) -> None:
        """Nothing said."""
        self.said = []
        self.locked = False
        self._said_changed()

    def tokens(self) -> tuple[CallToken, ...]:
        """The call, in the order said."""
        return tuple(self.said)

    def texts(self) -> list[str]:
        """The call as token texts (``["khan:7v", "leo"]``), as lessons' graders read them."""
        return [str(t) for t in self.said]

    def submit(self) -> None:
        """The call is said (Enter)."""
        if self.said:
            self.submitted.emit()

    def _said_changed(self) -> None:
        self._shown_text()
        self.changed.emit()

    def _shown_text(self) -> None:
        call = say(self.said) if self.said else "—"
        self.shown.setText(translate("CallBuilder", "Lời xướng: {call}").format(call=call))

    def retranslate(self) -> None:
        """Texts in the current language."""
        for i, (button, token) in enumerate(self.buttons):
            key = KEYS[i] if i < len(KEYS) else ""
            if token.name == "khan" and token.card is not None:
                word = translate("CallBuilder", "Dậy khàn {card}").format(card=token.card.code)
            else:
                word = NAMES_VI.get(token.name, token.name)  # as the call is said (T7.5)
            button.setText(f"{key}. {word}" if key else word)
            gloss = NAMES_EN.get(token.name, "")
            button.setToolTip(gloss if current() == "en" and gloss != word else "")
        self.undo_button.setText(translate("CallBuilder", "Xoá chữ cuối (Backspace)"))
        self._shown_text()
