"""The Tổ tôm xướng (T5.8, T7.5): after ù the learner builds the call from tokens — each
face-down khàn turned up (dậy khàn), each bất thực reported, then the cước in the order said,
with counts for tôm and lèo — and sees it as it would be spoken before saying it.

Like Chắn's call dialog (call_dialog.py) it never suggests the answer: every token the winner
could say is offered (the khàn and bất thực it has, all nine cước in T7.5's canonical order,
so learning the order is part of calling); the engine judges the call (judge_call, T7.6).
"""

from __future__ import annotations

from desktop.i18n import current, translate
from desktop.play.call_dialog import CallComposer
from desktop.play.tom_words import card_name
from desktop.qt import (
    QLabel,
    QListWidget,
    QListWidgetItem,
    Qt,
    QWidget,
)
from engine.totom import CANONICAL, NAMES_EN, NAMES_VI, CallToken, TomGame, say, spoken

TOKEN_ROLE = Qt.ItemDataRole.UserRole
COUNTED = frozenset({"tom", "leo"})  # T7.2: the cước that may hold more than once
MAX_COUNT = 4


def token_text(token: CallToken) -> str:
    """One token in words: "dậy khàn Cửu vạn", "bất thực Tam sách: đánh 1", "2 tôm"."""
    if token.name == "khan":
        return translate("TomCall", "dậy khàn {card}").format(card=card_name(token.card))
    if token.name == "bat_thuc":
        how = translate("TomCall", "ăn cả") if not token.count else translate(
            "TomCall", "đánh {n}").format(n=token.count)
        return translate("TomCall", "bất thực {card}: {how}").format(
            card=card_name(token.card), how=how)
    word = NAMES_VI.get(token.name, token.name)
    if current() == "en":
        word += f" ({NAMES_EN.get(token.name, token.name)})"
    return word if token.count == 1 else f"{token.count} {word}"


class TomCallDialog(CallComposer):
    """Builds a call; `tokens()` is what was built, `accepted` means "xướng"."""

    def __init__(self, game: TomGame, winner: int, winner_name: str,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(translate("TomCall", "Xướng ù"))
        self.setModal(True)
        self._items: list[CallToken] = []
        outcome = game.outcome
        if outcome is None or outcome.card is None:
            won = translate("TomCall", "{name} thiên ù.").format(name=winner_name)
        else:
            won = translate("TomCall", "{name} ù {card}.").format(
                name=winner_name, card=card_name(outcome.card))
        intro = QLabel(won + " " + translate(
            "TomCall", "Hạ bài rồi xướng theo đúng trình tự: trước hết dậy từng khàn còn úp, "
                       "báo từng bất thực, rồi đến các cước từ cao xuống thấp (tôm, lèo "
                       "sau cùng). Xướng gian bị chèo đò; xướng thiếu chỉ được phần đã xướng."))
        intro.setWordWrap(True)

        self.choices = QListWidget()
        self.choices.setWordWrap(True)
        self.choices.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        procedure = self._procedure(game, winner)
        if procedure:
            self._heading(translate("TomCall", "Dậy khàn, báo bất thực (nói trước)"))
            for token in procedure:
                self._choice(token, token_text(token))
        self._heading(translate("TomCall", "Cước (theo thứ tự xướng)"))
        rules = game.rules
        for cuoc in ("suong", *CANONICAL):
            token = CallToken(spoken(cuoc, rules.players))
            points = rules.point(cuoc)
            self._choice(token, translate("TomCall", "{name} — {d} điểm").format(
                name=token_text(token), d=points))
        first = next(r for r in range(self.choices.count())
                     if self.choices.item(r).data(TOKEN_ROLE))
        self.choices.setCurrentRow(first)
        self.choices.itemDoubleClicked.connect(lambda _: self.add_selected())

        self._compose(intro, translate("TomCall", "Những lời có thể xướng"))
        self.resize(820, 520)
        self._update()

    @staticmethod
    def _procedure(game: TomGame, winner: int) -> list[CallToken]:
        """The winner's own face-down khàn (T5.8: each is turned up) and bất thực (each is
        reported: ăn cả, or how many of its cards were discarded, T4.13)."""
        out = [CallToken("khan", m.cards[0]) for m in game.mats[winner] if m.face_down]
        for kind in sorted(game.bat_thuc[winner]):
            out += [CallToken("bat_thuc", kind, n) for n in (0, 1, 2)]
        return out

    def _heading(self, text: str) -> None:
        head = QListWidgetItem(text)
        head.setFlags(Qt.ItemFlag.NoItemFlags)
        font = head.font()
        font.setBold(True)
        head.setFont(font)
        self.choices.addItem(head)

    def _choice(self, token: CallToken, text: str) -> None:
        item = QListWidgetItem(text)
        item.setData(TOKEN_ROLE, str(token))
        self.choices.addItem(item)

    # ------------------------------------------------------------------ editing

    def tokens(self) -> tuple[CallToken, ...]:
        """The call as built, in the order said."""
        return tuple(self._items)

    def choice_row(self, token: str) -> int:
        """The row of a token (its text form, T7.5) in the list of choices (-1 if absent)."""
        for row in range(self.choices.count()):
            if self.choices.item(row).data(TOKEN_ROLE) == token:
                return row
        return -1

    def add(self, token: CallToken) -> None:
        """Say `token` (a tôm or lèo already said gets its count raised)."""
        for i, have in enumerate(self._items):
            if have.name == token.name and have.card == token.card:
                if have.name in COUNTED and have.count < MAX_COUNT:
                    self._items[i] = CallToken(have.name, None, have.count + 1)
                self._update(i)
                return
        self._items.append(token)
        self._update(len(self._items) - 1)

    def add_selected(self) -> None:
        """Add the token selected in the list of choices."""
        item = self.choices.currentItem()
        if item is not None and item.data(TOKEN_ROLE):
            self.add(CallToken.parse(str(item.data(TOKEN_ROLE))))

    def change_count(self, step: int) -> None:
        """Raise or lower the count of the selected tôm or lèo (1…4)."""
        row = self.said.currentRow()
        if not 0 <= row < len(self._items):
            return
        t = self._items[row]
        if t.name in COUNTED:
            self._items[row] = CallToken(t.name, None, max(1, min(MAX_COUNT, t.count + step)))
        self._update(row)

    def _update(self, select: int | None = None) -> None:
        self.said.clear()
        for t in self._items:
            self.said.addItem(token_text(t))
        if select is not None and 0 <= select < len(self._items):
            self.said.setCurrentRow(select)
        self.preview.setText(translate("TomCall", "Bạn sẽ xướng: <b>{call}</b>").format(
            call=say(self._items)))

    def reject(self) -> None:
        """The winner must call (T5.8): Esc and the close button do not skip the xướng."""
