"""A lesson section's figure as a picture: what it shows is computed by the engine
(lessons.content.illustrate) — the recipient of a bốc cái, a hand's arrangement and waits, a
deal's hands, a call's words and score, a rule's sentence, a meld's verdict — and drawn with
the chiếu's faces on the dealing table or the card board, with a caption in words."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from desktop.chieu.backdrop import Mark
from desktop.chieu.board import BoardView, Plaque, Shelf
from desktop.chieu.dealing import DealingView, PilePlace, SeatPlace
from desktop.i18n import pick, translate
from desktop.learn.askers.arrange import KINDS, kind_title
from desktop.learn.askers.boc_cai import picker_badge, play_order, recipient_badge
from desktop.learn.canvas import Picture
from desktop.learn.tom_figure import tom_figure
from desktop.learn.words import card_count, card_text, noc_count, pile_name, rule_label, seat_name
from desktop.play.words import call_text, cuoc_name
from engine.chan import POINTS, Card, rule_id
from lessons.content import illustrate


@dataclass(frozen=True, slots=True)
class Figure:
    """A figure drawn, and what it says in words."""

    picture: Picture
    caption: str


def figure(spec: dict[str, Any]) -> Figure:
    """The picture and caption of a content figure (lessons/README.md: figure types)."""
    shown = illustrate(spec)
    kind = spec["type"]
    if kind.startswith("tom_"):  # Tổ tôm's course (issue 23)
        return Figure(*tom_figure(spec, shown))
    if kind == "boc_cai":
        return _boc_cai(spec, shown)
    if kind == "hand":
        return _hand(spec, shown)
    if kind == "deal":
        return _deal(spec, shown)
    if kind == "call":
        return _call(spec, shown)
    if kind == "rule":
        return _rule(spec, shown)
    return _meld(spec, shown)


def _cards(codes: list[str]) -> tuple[Card, ...]:
    return tuple(Card.parse(c) for c in codes)


def _boc_cai(spec: dict[str, Any], shown: dict[str, Any]) -> Figure:
    players, picker, card = int(spec["players"]), int(spec["picker"]), Card.parse(spec["card"])
    seats = []
    for s in range(players):
        badges = [picker_badge()] if s == picker else []
        if s == shown["recipient"]:
            badges.append(recipient_badge())
        seats.append(SeatPlace(seat_name(s), tuple(badges),
                               Mark.RIGHT if s == shown["recipient"] else Mark.NONE))
    why = shown["explanation"]
    return Figure(DealingView(tuple(seats), shown=card, shown_label=translate(
        "LearnAsk", "Quân cái: {card}").format(card=card_text(card)), direction=play_order()),
        pick(why["vi"], why["en"]))


def _hand(spec: dict[str, Any], shown: dict[str, Any]) -> Figure:
    shelves = []
    for kind in KINDS:
        groups = tuple(_cards(g) for g in shown[kind]) if kind != "que" else tuple(
            (c,) for c in _cards(shown["que"]))
        if groups:
            shelves.append(Shelf(kind, f"{kind_title(kind)} ({len(groups)})", groups,
                                 center=True))
    if spec.get("mat"):
        melds = tuple(_cards(m) for m in spec["mat"])
        shelves.append(Shelf("mat", translate("LearnFigure", "Dưới chiếu"), melds,
                             overlap=True, center=True))
    waits = shown["waits"]
    if waits:
        shelves.append(Shelf("waits", translate("LearnFigure", "Ù được với"),
                             tuple((Card.parse(w["card"]),) for w in waits),
                             notes=tuple(translate("LearnFigure", "còn {n}").format(n=w["live"])
                                         for w in waits),
                             marks=(Mark.RIGHT,) * len(waits), center=True))
    shape = {"rong": translate("LearnFigure", "ù rộng"),
             "bach_thu": translate("LearnFigure", "bạch thủ"),
             "ba_dau": translate("LearnFigure", "chờ ba đầu")}.get(shown.get("shape") or "")
    parts = [translate("LearnFigure", "{n} chắn trên tay").format(n=shown["chan_count"])]
    if shown["mat_chan"]:
        parts.append(translate("LearnFigure", "{n} chắn dưới chiếu").format(
            n=shown["mat_chan"]))
    if waits:
        parts.append(translate("LearnFigure", "đang chờ ù ({shape}): {cards}").format(
            shape=shape or "", cards=", ".join(_live(w["card"], w["live"]) for w in waits)))
    return Figure(BoardView(shelves=tuple(shelves)), "; ".join(parts) + ".")


def _live(card: str, live: int) -> str:
    """"Nhị vạn còn 3 quân": a wait and its live cards."""
    return translate("LearnFigure", "{card} còn %n quân", None, live).format(
        card=card_text(card))


def _deal(spec: dict[str, Any], shown: dict[str, Any]) -> Figure:
    players, deal = int(spec["players"]), shown["deal"]
    picker, cai_seat = int(deal["picker"]), int(shown["cai_seat"])
    seats = []
    for s in range(players):
        badges = [picker_badge()] if s == picker else []
        if s == cai_seat:
            badges.append(recipient_badge())
        note = card_count(shown["sizes"][s])
        seats.append(SeatPlace(seat_name(s), tuple(badges), stack=4, note=note))
    cai_card = Card.parse(shown["cai_card"])
    piles = []
    for k in range(len(deal["piles"])):  # the engine's deal, never a restated count
        if k == deal["noc_pile"]:
            piles.append(PilePlace(pile_name(k), 6, tag=noc_count(shown["noc"])))
        elif k == deal["cai_pile"]:
            piles.append(PilePlace(pile_name(k), 4, cai_card, translate("LearnAsk", "Phần cái")))
        else:
            piles.append(PilePlace(pile_name(k), 4))
    caption = translate("LearnFigure", "Quân cái {card}: {seat} được cái, cầm {n} quân; nọc "
                                       "còn {noc} quân.").format(
        card=card_text(cai_card), seat=seat_name(cai_seat), n=shown["sizes"][cai_seat],
        noc=shown["noc"])
    dead = shown["dead"]
    if dead:
        caption += " " + translate("LearnFigure", "%n quân không ai nhận, để riêng.", None, dead)
    return Figure(DealingView(tuple(seats), tuple(piles)), caption)


def _call(spec: dict[str, Any], shown: dict[str, Any]) -> Figure:
    """The call as spoken, its score, and each cước said with its điểm and dịch (R6.2)."""
    lines = [translate("LearnFigure", "Được {n} điểm mỗi nhà (R6.2).").format(n=shown["score"])]
    if shown["misplaced"]:
        order = [(c, int(n)) for c, n in shown["in_order"]]
        lines.append(translate("LearnFigure", "Xướng lộn thứ tự; đúng thứ tự là: {call}").format(
            call=call_text(order)))
    plaques = tuple(Plaque(f"{k}. {cuoc_name(cid)}" + (f" × {n}" if int(n) > 1 else ""),
                           translate("LearnFigure", "{id} · {d} điểm, {dich} dịch").format(
                               id=rule_id(cid), d=POINTS[cid][0], dich=POINTS[cid][1]))
                    for k, (cid, n) in enumerate(spec["cuoc"], 1))
    return Figure(BoardView(headline=shown["text"], lines=tuple(lines), plaques=plaques),
                  " ".join(lines))


def _rule(spec: dict[str, Any], shown: dict[str, Any]) -> Figure:
    sentence = pick(shown["vi"], shown["en"])
    shelves: tuple[Shelf, ...] = ()
    if spec.get("card"):
        card = Card.parse(spec["card"])
        shelves = (Shelf("card", card_text(card), ((card,),), center=True),)
    return Figure(BoardView(shelves=shelves, headline=rule_label(shown["rule"]),
                            lines=(sentence,)), sentence)


def _meld(spec: dict[str, Any], shown: dict[str, Any]) -> Figure:
    eaten, hand, top = (Card.parse(spec[k]) for k in ("eaten", "hand", "top"))
    under = hand if top == eaten else eaten
    verdict = (translate("LearnFigure", "Đặt thế này là trái vỉ (L0).") if shown["verdict"]
               else translate("LearnFigure", "Đặt thế này là đúng."))
    e = shown["explanations"][0]
    title = translate("LearnAsk", "Dưới chiếu: ăn {eaten} bằng {hand}").format(
        eaten=card_text(eaten), hand=card_text(hand))
    shelf = Shelf("meld", title, ((under, top),), overlap=True, center=True,
                  marks=(Mark.WRONG if shown["verdict"] else Mark.RIGHT,))
    return Figure(BoardView(shelves=(shelf,), lines=(pick(e["vi"], e["en"]), verdict)),
                  f"{pick(e['vi'], e['en'])} {verdict}")

