"""Phu and lưng (T3): which kind of group this is (phu bí, phu dọc, a special phu SP1–SP7, bộ
giống, a lone yêu, or none); is this hand tròn, and which lưng does it have — chosen on the
board: hand cards picked (←/→, Space or clicks) and made a lưng (L), a mat lưng clicked or
named by its number; Backspace takes the last lưng back."""

from __future__ import annotations

from desktop.chieu.backdrop import Mark
from desktop.chieu.board import BoardView, Shelf
from desktop.chieu.hitmap import Hit, HitKind
from desktop.i18n import translate
from desktop.learn.askers.base import Asker
from desktop.learn.askers.tom_base import (
    Options,
    OptionsAsker,
    cards_of,
    hand_board,
    option_index,
)
from desktop.qt import QLabel, QObject, QWidget
from engine.totom import SPECIAL
from lessons.item import JSON, Grade, Item
from lessons.tom_words import SP_NAMES

# the answers of tom_phu/group, as the grader reads them: (type, sp)
GROUP_ANSWERS: tuple[tuple[str | None, str | None], ...] = (
    ("bi", None), ("doc", None), *(("sp", sp) for sp in SPECIAL), ("giong", None),
    ("yeu", None), (None, None))


def group_label(kind: str | None, sp: str | None) -> str:
    """An answer of tom_phu/group in words."""
    if kind == "sp" and sp is not None:
        cards = " ".join(c.code for c in SPECIAL[sp])
        name = f" — {SP_NAMES[sp]}" if sp in SP_NAMES else ""
        return translate("LearnTom", "Phu đặc biệt {sp}{name} ({cards})").format(
            sp=sp, name=name, cards=cards)
    return {"bi": translate("LearnTom", "Phu bí (một hàng, đủ ba chất)"),
            "doc": translate("LearnTom", "Phu dọc (một chất, hàng liền nhau)"),
            "giong": translate("LearnTom", "Bộ giống (các quân giống hệt)"),
            "yeu": translate("LearnTom", "Yêu đứng một mình")}.get(
        kind or "", translate("LearnTom", "Không phải phu"))


class TomGroupAsker(OptionsAsker):
    """tom_phu/group: is this group a phu, and which kind?"""

    columns = 2

    def labels(self) -> list[str]:
        """Every kind, the seven special phu by name."""
        return [group_label(k, sp) for k, sp in GROUP_ANSWERS]

    def right_options(self) -> list[int]:
        """The engine's type, and the others it also meets."""
        ans = self.item.answer
        out = [i for i, (k, sp) in enumerate(GROUP_ANSWERS)
               if k == ans["type"] and (k != "sp" or sp == ans["sp"])]
        out += [i for i, (k, _) in enumerate(GROUP_ANSWERS) if k in ans.get("also", [])
                and k != "sp"]
        return out

    def picture(self) -> BoardView:
        """The group."""
        cards = cards_of(self.item.position["cards"])
        return BoardView(shelves=(Shelf("group", translate("LearnTom", "Nhóm {n} quân").format(
            n=len(cards)), (cards,), center=True,
            marks=(Mark.RIGHT if self.item.answer["type"] else Mark.WRONG,) if self.locked
            else ()),))

    def response(self, elapsed_ms: int) -> JSON | None:
        """``{"type": t | null, "sp"?: id}``."""
        chosen = self.options.chosen()
        if not chosen:
            return None
        kind, sp = GROUP_ANSWERS[chosen[0]]
        return {"type": kind, "sp": sp} if sp else {"type": kind}


class TomTronAsker(Asker):
    """tom_phu/tron: tròn or not (Y/N), and for a tròn hand the lưng it has."""

    commands = frozenset({"drill_yes", "drill_no", "drill_left", "drill_right", "drill_toggle",
                          "drill_group", "drill_undo", "drill_option"})

    def __init__(self, item: Item, parent: QObject | None = None) -> None:
        super().__init__(item, parent)
        self.hand = cards_of(item.position["hand"])
        self.mat = item.position.get("mat") or []
        self.tron = Options(self.tron_labels())
        self.tron.changed.connect(self.changed)
        self.hint = QLabel()
        self.hint.setWordWrap(True)
        self.said = QLabel()
        self.said.setWordWrap(True)
        self.picked: set[int] = set()  # hand indices picked for the next lưng
        self.cursor = 0
        self.lung: list[tuple[str, tuple[int, ...]]] = []  # ("hand", indices) / ("mat", (k,))
        for widget in (self.tron, self.hint, self.said):
            self.controls_layout.addWidget(widget)
        self.retranslate()

    def tron_labels(self) -> list[str]:
        """Tròn (Y) / not tròn (N)."""
        return [translate("LearnTom", "Tròn (Y)"), translate("LearnTom", "Chưa tròn (N)")]

    def retranslate(self) -> None:
        """Texts in the current language."""
        for button, label in zip(self.tron.buttons, self.tron_labels(), strict=True):
            button.setText(label)
        self.hint.setText(translate(
            "LearnTom", "Nếu tròn, chỉ ra các lưng: chọn quân trên tay (←/→ rồi Space, hoặc "
                        "bấm) rồi L để thành một lưng; lưng dưới chiếu thì bấm vào nó hoặc gõ "
                        "số thứ tự của nó. Backspace bỏ lưng vừa chọn. Rồi Enter."))
        self._said()
        super().retranslate()

    def _groups(self) -> list[list[str]]:
        out = []
        for where, idx in self.lung:
            if where == "mat":
                m = self.mat[idx[0]]
                out.append(list(m["cards"]) + list(m.get("trung", [])))
            else:
                out.append([self.hand[i].code for i in idx])
        return out

    def _said(self) -> None:
        groups = self._groups()
        self.said.setText(translate("LearnTom", "Lưng đã chỉ: {groups}").format(
            groups=", ".join(f"[{' '.join(g)}]" for g in groups) or "—"))

    def _used(self) -> set[int]:
        return {i for where, idx in self.lung if where == "hand" for i in idx}

    def picture(self) -> BoardView:
        """The hand (picked cards raised) and the mat (its chosen lưng marked)."""
        mat_lung = frozenset(idx[0] for where, idx in self.lung if where == "mat")
        lines: tuple[str, ...] = ()
        if self.locked and self.item.answer["lung"]:
            lines = (translate("LearnTom", "Lưng của máy: {groups}").format(groups=", ".join(
                f"[{' '.join(g)}]" for g in self.item.answer["lung"])),)
        return hand_board(self.item.position, lines=lines,
                          raised=frozenset(self.picked | self._used()),
                          cursor=None if self.locked else self.cursor, lung=mat_lung)

    def command(self, command: str, key: str) -> None:
        """Y/N, ←/→ and Space to pick, L to make a lưng, a digit for a mat lưng, Backspace."""
        if self.locked:
            return
        if command == "drill_yes":
            self.tron.press(0)
        elif command == "drill_no":
            self.tron.press(1)
        elif command in ("drill_left", "drill_right") and self.hand:
            self.cursor = (self.cursor + (1 if command == "drill_right" else -1)) % len(self.hand)
        elif command == "drill_toggle":
            self._toggle(self.cursor)
        elif command == "drill_group":
            self.make_lung()
        elif command == "drill_undo" and self.lung:
            self.lung.pop()
        elif command == "drill_option":
            self.toggle_mat(option_index(key))
        self._said()
        self.changed.emit()

    def _toggle(self, index: int) -> None:
        if index in self._used():
            return
        self.picked ^= {index}

    def make_lung(self) -> None:
        """The picked hand cards become one lưng."""
        if self.picked:
            self.lung.append(("hand", tuple(sorted(self.picked))))
            self.picked = set()

    def toggle_mat(self, k: int) -> None:
        """Mat meld k is a lưng (or no longer)."""
        if not 0 <= k < len(self.mat):
            return
        entry = ("mat", (k,))
        if entry in self.lung:
            self.lung.remove(entry)
        else:
            self.lung.append(entry)

    def click(self, hit: Hit) -> None:
        """A hand card picks; a mat meld is a lưng."""
        if hit.kind is HitKind.HAND and hit.index is not None:
            self.cursor = hit.index
            self._toggle(hit.index)
        elif hit.kind is HitKind.BUTTON and hit.key == "mat" and hit.index is not None:
            self.toggle_mat(hit.index)
        self._said()
        self.changed.emit()

    def focus_widget(self) -> QWidget | None:
        """The tròn choice."""
        return self.tron.buttons[0]

    def response(self, elapsed_ms: int) -> JSON | None:
        """``{"tron": bool, "lung": [[codes], …]}``."""
        chosen = self.tron.chosen()
        if not chosen:
            return None
        return {"tron": chosen[0] == 0, "lung": self._groups() if chosen[0] == 0 else []}

    def missing(self) -> str:
        """Tròn or not is not said yet."""
        return translate("LearnTom", "Chưa nói bài tròn (Y) hay chưa tròn (N).")

    def show_grade(self, grade: Grade) -> None:
        """Graded: the engine's verdict marked."""
        self.tron.mark([0 if self.item.answer["tron"] else 1])
        super().show_grade(grade)
