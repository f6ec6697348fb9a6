"""The figures of Tổ tôm's course (lessons/tom_figures.py): what each shows is computed by the
engine (lessons.content.illustrate) and drawn on the card board with Tổ tôm's faces — a card and
its couplet, a group, a hand with its lưng and waits, a won hand and its call, cho cái's A and
B, a call's words — with a caption in words."""

from __future__ import annotations

from typing import Any

from desktop.chieu.backdrop import Mark
from desktop.chieu.board import BoardView, Plaque, Shelf
from desktop.i18n import pick, translate
from desktop.learn.askers.tom_base import cards_of, hand_board, tom_card_text
from engine.totom import NAMES_VI, TC_IDS, parse_card

Shown = dict[str, Any]


def tom_figure(spec: dict[str, Any], shown: Shown) -> tuple[BoardView, str]:
    """The picture and caption of a Tổ tôm figure."""
    kind = spec["type"]
    if kind == "tom_card":
        card = parse_card(shown["card"])
        about = pick(shown["about"]["vi"], shown["about"]["en"])
        return (BoardView(shelves=(Shelf("card", tom_card_text(card), ((card,),), center=True),),
                          headline=translate("LearnTom", "Thơ tổ tôm điếm:"),
                          lines=tuple(shown["couplet"])), about)
    if kind == "tom_group":
        cards = cards_of(spec["cards"])
        why = pick(shown["explanation"]["vi"], shown["explanation"]["en"])
        mark = Mark.RIGHT if shown["type"] else Mark.WRONG
        return BoardView(shelves=(Shelf("group", " ".join(c.code for c in cards), (cards,),
                                        center=True, marks=(mark,)),), lines=(why,)), why
    if kind == "tom_hand":
        pos = {"players": spec.get("players", 5), "hand": spec.get("hand", []),
               "mat": spec.get("mat", [])}
        if shown["tron"]:
            said = translate("LearnTom", "Tròn; nhiều nhất {n} lưng: {lung}").format(
                n=shown["lung_count"], lung=", ".join(f"[{' '.join(g)}]" for g in shown["lung"])
                or "—")
        else:
            said = translate("LearnTom", "Chưa tròn.")
        waits = shown["waits"]
        if waits:
            said += " " + translate("LearnTom", "Chờ: {cards}.").format(
                cards=", ".join(tom_card_text(w["card"]) for w in waits))
        return hand_board(pos, lines=(said,)), said
    if kind == "tom_win":
        pos = {"players": spec.get("players", 5), "hand": spec.get("hand", []),
               "mat": spec.get("mat", []), "w": spec["w"]}
        call = shown["call"]
        said = translate("LearnTom", "Xướng: «{text}» — {n} điểm.").format(
            text=call["text"], n=call["score"])
        return hand_board(pos, lines=(said,)), said
    if kind == "tom_cho_cai":
        a, b = parse_card(spec["a"]), parse_card(spec["b"])
        why = pick(shown["explanation"]["vi"], shown["explanation"]["en"])
        return BoardView(shelves=(
            Shelf("a", f"A: {tom_card_text(a)}", ((a,),), center=True),
            Shelf("b", f"B: {tom_card_text(b)}", ((b,),), center=True)), lines=(why,)), why
    plaques = tuple(Plaque(NAMES_VI.get(c, c) + (f" × {n}" if int(n) > 1 else ""),
                           TC_IDS.get(c, "")) for c, n in spec["cuoc"])
    said = translate("LearnTom", "«{text}» — {n} điểm (T7.4, T7.5).").format(
        text=shown["text"], n=shown["score"])
    return BoardView(headline=shown["text"], lines=(said,), plaques=plaques), said
