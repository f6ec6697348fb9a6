"""The main window opens and its sample deal shows every hand."""

from pytestqt.qtbot import QtBot

from desktop.main_window import TITLE, MainWindow, describe_deal
from engine.deal import Deal


def test_describe_deal_lists_every_card_of_every_hand() -> None:
    deal = Deal.shuffled(7)
    text = describe_deal(deal, 7)
    sections = text.split("\n\n")[1:]
    assert len(sections) == len(deal.hands) == 4
    for section, hand in zip(sections, deal.hands, strict=True):
        shown = [
            code
            for line in section.splitlines()[1:]
            for code in line.split(":", 1)[1].split()
            if code not in ("·", "—")
        ]
        assert sorted(shown) == sorted(str(card) for card in hand)


def test_deal_button_fills_the_hands_view(qtbot: QtBot) -> None:
    window = MainWindow()
    qtbot.addWidget(window)
    assert window.windowTitle() == TITLE
    assert window.deal_button.shortcut().toString() == "Ctrl+D"
    window.deal_button.click()
    assert window.hands_view.toPlainText().startswith("Ván mẫu")
