"""The lỗi (RULES R7): a position and a proposed move on the chiếu (the move's card lit) — the
learner ticks the lỗi it breaks (L0–L17 with their names, and bỏ ù, bỏ chíu, ù láo) and whether
the player becomes báo, or says it is allowed; a card just placed — ù, chíu or nothing; a meld
laid on the mat (L0, trái vỉ) on the card board."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from desktop.chieu.board import BoardView, Shelf
from desktop.chieu.view import ChieuView, Prompt
from desktop.i18n import pick, translate
from desktop.keys import key_hint
from desktop.learn.askers.base import Asker
from desktop.learn.askers.on_chieu import ChieuAsker
from desktop.learn.words import card_text, rule_label, seat_name
from desktop.qt import (
    QCheckBox,
    QColor,
    QFont,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QObject,
    Qt,
    QWidget,
)
from engine.actions import Action
from engine.chan import CHAN, Card
from lessons import phrases
from lessons.item import JSON, Grade, Item

CLAIM_ACTS = {"drill_win": "win", "drill_chiu": "chiu", "drill_no": "none"}  # key → answer
RULE_ROLE = Qt.ItemDataRole.UserRole
RIGHT_BACKGROUND = QColor(198, 236, 204)


class RuleList(QListWidget):
    """Every lỗi and judgement with a tick box (↑/↓ and Space tick them): Chắn's by default,
    or the ``rules`` given (Tổ tôm's TN and TD), each named by ``label``."""

    def __init__(self, parent: QWidget | None = None, rules: Sequence[str] | None = None,
                 label: Callable[[str], str] = rule_label) -> None:
        super().__init__(parent)
        self.label = label
        # Chắn: every lỗi, then bỏ ù, bỏ chíu, ù láo
        for rule in rules if rules is not None else [r.id for r in CHAN.registry]:
            item = QListWidgetItem()
            item.setData(RULE_ROLE, rule)
            item.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
                          | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Unchecked)
            self.addItem(item)
        self.setCurrentRow(0)
        self.retranslate()

    def retranslate(self) -> None:
        """The names in the current language."""
        for row in range(self.count()):
            item = self.item(row)
            item.setText(self.label(str(item.data(RULE_ROLE))))

    def ticked(self) -> list[str]:
        """The rule ids ticked, in list order."""
        return [str(self.item(r).data(RULE_ROLE)) for r in range(self.count())
                if self.item(r).checkState() == Qt.CheckState.Checked]

    def set_ticked(self, rules: set[str]) -> None:
        """Tick exactly `rules`."""
        for r in range(self.count()):
            item = self.item(r)
            item.setCheckState(Qt.CheckState.Checked if item.data(RULE_ROLE) in rules
                               else Qt.CheckState.Unchecked)

    def show_verdict(self, verdict: set[str]) -> None:
        """The engine's verdict (the item's answer) in bold on green; the rest as they were."""
        for r in range(self.count()):
            item = self.item(r)
            if item.data(RULE_ROLE) in verdict:
                item.setBackground(RIGHT_BACKGROUND)
                font = QFont(item.font())
                font.setBold(True)
                item.setFont(font)


def _rules_controls(asker: Asker, with_bao: bool) -> tuple[QLabel, RuleList, QCheckBox | None]:
    hint = QLabel()
    hint.setWordWrap(True)
    rules = RuleList()
    rules.itemChanged.connect(lambda _: asker.changed.emit())
    asker.controls_layout.addWidget(hint)
    asker.controls_layout.addWidget(rules, 1)
    bao = None
    if with_bao:
        bao = QCheckBox()
        bao.toggled.connect(lambda _=False: asker.changed.emit())
        asker.controls_layout.addWidget(bao)
    return hint, rules, bao


class _TicksRules:
    """What the two "which lỗi?" questions share: the verdict marked in their list once
    graded, and an empty list is an answer only when "hợp lệ" was said with N (Enter alone
    on nothing ticked asks for it)."""

    rules: RuleList
    item: Item

    def show_grade(self, grade: Grade) -> None:
        """Mark the engine's verdict (the item's answer) in the list."""
        self.rules.show_verdict(set(self.item.answer.get("verdict", [])))
        super().show_grade(grade)  # type: ignore[misc]

    def missing(self) -> str:
        """Nothing ticked and "hợp lệ" not said."""
        return translate("LearnAsk", "Chưa đánh dấu lỗi nào. Không phạm lỗi nào thì bấm Hợp "
                                     "lệ ({no}).").format(no=key_hint("drill_no"))


class MoveAsker(_TicksRules, ChieuAsker):
    """Is the proposed move allowed; if not, which lỗi, and does the player become báo?"""

    commands = frozenset({"drill_no", "drill_bao"})
    expands = True

    def __init__(self, item: Item, parent: QObject | None = None) -> None:
        super().__init__(item, parent)
        self.move = Action.parse(item.position["move"])
        self.hint, self.rules, self.bao = _rules_controls(self, with_bao=True)
        self.allowed = False  # "hợp lệ" said with N: an empty list is then an answer
        self.retranslate()

    def retranslate(self) -> None:
        """Texts in the current language."""
        self.hint.setText(translate("LearnAsk", "Đánh dấu mọi lỗi nước này phạm (↑/↓ rồi Space), "
                                                "hoặc bấm Hợp lệ (N) nếu không phạm lỗi nào; rồi "
                                                "Enter để trả lời."))
        self.rules.retranslate()
        if self.bao is not None:
            self.bao.setText(translate("LearnAsk", "Đi nước này thì bị báo ({key})").format(
                key=key_hint("drill_bao")))
        super().retranslate()

    def focus_widget(self) -> QWidget | None:
        """The list of lỗi."""
        return self.rules

    def picture(self) -> ChieuView:
        """The position, the move's card lit and raised, the move in words."""
        live = self.item.position.get("live")
        words = phrases.move(self.move, None if live is None else Card.parse(live))
        message = translate("LearnAsk", "{seat} định: {move}").format(
            seat=seat_name(self.move.seat), move=pick(words.vi, words.en))
        card = self.move.card
        lit = frozenset({card}) if card is not None else frozenset()
        prompts = (Prompt("drill_no", translate("LearnAsk", "Hợp lệ"), key_hint("drill_no"),
                          primary=self.allowed and not self.rules.ticked(),
                          enabled=not self.locked),)
        in_hand = card if card is not None and card in self.game.hand_cards(self.seat) else None
        return self.view(prompts, message, lit, in_hand)

    def command(self, command: str, key: str) -> None:
        """N: allowed (nothing ticked; Enter answers); B: the báo box."""
        if self.locked:
            return
        if command == "drill_no":
            self.rules.set_ticked(set())
            if self.bao is not None:
                self.bao.setChecked(False)
            self.allowed = True
            self.changed.emit()
        elif command == "drill_bao" and self.bao is not None:
            self.bao.toggle()

    def response(self, elapsed_ms: int) -> JSON | None:
        """``{"rules": [ids], "bao": bool}`` — no rule ticked, said with N, means allowed."""
        rules, bao = self.rules.ticked(), bool(self.bao and self.bao.isChecked())
        if not rules and not bao and not self.allowed:
            return None
        return {"rules": rules, "bao": bao}


class ClaimAsker(ChieuAsker):
    """A card was just placed (or the hand was just dealt): ù, chíu, or nothing?"""

    commands = frozenset({"drill_win", "drill_chiu", "drill_no"})

    def __init__(self, item: Item, parent: QObject | None = None) -> None:
        super().__init__(item, parent)
        self.act: str | None = None
        self.hint = QLabel()
        self.hint.setWordWrap(True)
        self.controls_layout.addWidget(self.hint)
        self.retranslate()

    def retranslate(self) -> None:
        """The hint in the current language."""
        self.hint.setText(translate("LearnAsk", "Chọn trên chiếu: Ù, Chíu hoặc Không; rồi Enter "
                                                "để trả lời."))
        super().retranslate()

    def picture(self) -> ChieuView:
        """The position with the three answers as prompts; once graded, the best claim."""
        labels = {"drill_win": translate("LearnAsk", "Ù"),
                  "drill_chiu": translate("LearnAsk", "Chíu"),
                  "drill_no": translate("LearnAsk", "Không")}
        prompts = tuple(Prompt(c, labels[c], key_hint(c), primary=CLAIM_ACTS[c] == self.act,
                               enabled=not self.locked) for c in CLAIM_ACTS)
        message = ""
        if self.locked:
            best = self.item.answer.get("best")
            message = {"win": translate("LearnAsk", "Đáp án: ù được."),
                       "chiu": translate("LearnAsk", "Đáp án: chíu được.")}.get(
                best or "", translate("LearnAsk", "Đáp án: không ù, không chíu."))
        return self.view(prompts, message)

    def command(self, command: str, key: str) -> None:
        """U, C or N chooses the answer (Enter gives it)."""
        if self.locked or command not in CLAIM_ACTS:
            return
        self.act = CLAIM_ACTS[command]
        self.changed.emit()

    def missing(self) -> str:
        """None of the three answers given yet."""
        return translate("LearnAsk", "Chưa trả lời: Ù ({win}), Chíu ({chiu}) hay Không ({no})?"
                         ).format(win=key_hint("drill_win"), chiu=key_hint("drill_chiu"),
                                  no=key_hint("drill_no"))

    def response(self, elapsed_ms: int) -> JSON | None:
        """``{"act": "win" | "chiu" | "none"}``."""
        return None if self.act is None else {"act": self.act}


class SaysAllowed:
    """A "which rules?" question answered by ticks, or by N for none: N clears the ticks, and
    an empty list is an answer only after it (used by trái vỉ and Tổ tôm's offences)."""

    rules: RuleList
    locked: bool
    allowed: bool
    changed: Any

    def command(self, command: str, key: str) -> None:
        """N: none (nothing ticked; Enter answers)."""
        if command == "drill_no" and not self.locked:
            self.rules.set_ticked(set())
            self.allowed = True
            self.changed.emit()

    def response(self, elapsed_ms: int) -> JSON | None:
        """``{"rules": [ids]}`` — empty only when said with N."""
        rules = self.rules.ticked()
        return {"rules": rules} if rules or self.allowed else None


class TraiViAsker(SaysAllowed, _TicksRules, Asker):
    """L0: a cạ meld laid on the mat — right, or trái vỉ?"""

    commands = frozenset({"drill_no"})
    expands = True

    def __init__(self, item: Item, parent: QObject | None = None) -> None:
        super().__init__(item, parent)
        meld = item.position["meld"]
        self.eaten, self.hand, self.top = (Card.parse(meld[k]) for k in ("eaten", "hand", "top"))
        self.hint, self.rules, _ = _rules_controls(self, with_bao=False)
        self.allowed = False  # "đặt đúng" said with N
        self.retranslate()

    def retranslate(self) -> None:
        """Texts in the current language."""
        self.hint.setText(translate("LearnAsk", "Đánh dấu lỗi nếu đặt sai, hoặc bấm Hợp lệ (N) "
                                                "nếu đặt đúng; rồi Enter để trả lời."))
        self.rules.retranslate()
        super().retranslate()

    def focus_widget(self) -> QWidget | None:
        """The list of lỗi."""
        return self.rules

    def picture(self) -> BoardView:
        """The meld as laid: the card underneath first, the top one over it."""
        under = self.hand if self.top == self.eaten else self.eaten
        title = translate("LearnAsk", "Dưới chiếu: ăn {eaten} bằng {hand}").format(
            eaten=card_text(self.eaten), hand=card_text(self.hand))
        shelf = Shelf("meld", title, ((under, self.top),), overlap=True, center=True)
        return BoardView(shelves=(shelf,), hovered=self.hovered)


