"""Xướng (RULES R8): the won position on the chiếu; the learner composes the call in the play
screen's xướng dialog (all 25 cước in the order of R8.5, counts, the call as it will be
spoken) and lessons grades it by the engine's verdict and settlement."""

from __future__ import annotations

from desktop.chieu.view import ChieuView, Prompt
from desktop.i18n import translate
from desktop.keys import key_hint
from desktop.learn.askers.on_chieu import ChieuAsker
from desktop.learn.words import seat_name
from desktop.play.call_dialog import CallDialog
from desktop.play.words import call_text
from desktop.qt import QDialog, QLabel, QObject, QPushButton
from lessons.item import JSON, Item


class DrillCallDialog(CallDialog):
    """The play screen's xướng dialog; in a drill Esc may close it without calling."""

    def reject(self) -> None:
        """Close without a call (the question stays open)."""
        QDialog.reject(self)


class XuongAsker(ChieuAsker):
    """Call the cước of the win."""

    commands = frozenset({"drill_call"})

    def __init__(self, item: Item, parent: QObject | None = None) -> None:
        super().__init__(item, parent)
        self.call: tuple[tuple[str, int], ...] | None = None
        self.dialog: DrillCallDialog | None = None
        self.hint = QLabel()
        self.hint.setWordWrap(True)
        self.said = QLabel()
        self.said.setWordWrap(True)
        self.open_button = QPushButton()
        self.open_button.clicked.connect(self.open_dialog)
        for widget in (self.hint, self.open_button, self.said):
            self.controls_layout.addWidget(widget)
        self.retranslate()

    def retranslate(self) -> None:
        """Texts in the current language."""
        self.hint.setText(translate("LearnAsk", "Mở bảng xướng, chọn các cước theo đúng thứ tự "
                                                "kèm số lượng, bấm Xướng; rồi Enter để trả lời."))
        self.open_button.setText(translate("LearnAsk", "Xướng… ({key})").format(
            key=key_hint("drill_call")))
        self.said.setText(translate("LearnAsk", "Lời xướng của bạn: {call}").format(
            call=call_text(self.call)) if self.call else "")
        super().retranslate()

    def picture(self) -> ChieuView:
        """The won position with the button that opens the xướng."""
        prompts = (Prompt("drill_call", translate("LearnAsk", "Xướng…"), key_hint("drill_call"),
                          primary=True, enabled=not self.locked),)
        return self.view(prompts)

    def command(self, command: str, key: str) -> None:
        """X opens the xướng dialog."""
        if command == "drill_call" and not self.locked:
            self.open_dialog()

    def dismiss(self) -> bool:
        """The xướng dialog, if open, is closed without a call."""
        if self.dialog is None:
            return False
        self.dialog.reject()
        return True

    def incomplete(self) -> None:
        """Enter before anything was called: the dialog, where the call is composed."""
        self.open_dialog()

    def missing(self) -> str:
        """Nothing called yet (the dialog opens with it)."""
        return translate("LearnAsk", "Chưa xướng: chọn các cước trong bảng xướng rồi bấm "
                                     "Xướng.")

    def open_dialog(self) -> None:
        """The xướng dialog over the window; its call is the answer."""
        if self.locked or self.dialog is not None:
            return
        dialog = DrillCallDialog(self.game, seat_name(self.seat), self.controls.window())
        self.dialog = dialog
        dialog.accepted.connect(lambda: self._called(dialog))
        dialog.finished.connect(lambda _: self._closed(dialog))
        dialog.open()

    def _called(self, dialog: DrillCallDialog) -> None:
        self.call = dialog.call()  # composed; Enter answers, as in every drill
        self.retranslate()
        self.changed.emit()

    def _closed(self, dialog: DrillCallDialog) -> None:
        if self.dialog is dialog:
            self.dialog = None
        dialog.deleteLater()

    def response(self, elapsed_ms: int) -> JSON | None:
        """``[[id, count], …]`` in the order said."""
        return None if not self.call else [[cid, n] for cid, n in self.call]
