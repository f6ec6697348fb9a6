"""Answers a learner could give to a Tổ tôm drill item: the right one, built from the item's
answer in the shape lessons/README.md documents, and a wrong one of the same shape."""

from __future__ import annotations

from typing import Any

from lessons.item import Item

WAIT_NAMES = ("thap_thanh", "bach_thu", "xuyen", "chi_nay")


def right_response(item: Item) -> Any:
    """The response the README's table says is right for the item."""
    a = item.answer
    return {
        ("tom_quan", "name"): lambda: a["card"],
        ("tom_quan", "yeu_red"): lambda: {"yeu": a["yeu"], "red": a["red"]},
        ("tom_tho", "tho_card"): lambda: a["card"],
        ("tom_tho", "card_tho"): lambda: a["option"],
        ("tom_phu", "group"): lambda: {"type": a["type"], "sp": a["sp"]},
        ("tom_phu", "tron"): lambda: {"tron": a["tron"], "lung": a["lung"]},
        ("tom_cho", "waits"): lambda: {"waits": a["cards"]},
        ("tom_cho", "wait_name"): lambda: {"names": a["names"]},
        ("tom_cho_cai", "pile"): lambda: a["pile"],
        ("tom_cho_cai", "seat_pile"): lambda: {"pile": a["pile"]},
        ("tom_cuoc", "cuoc"): lambda: a["cuoc"],
        ("tom_cuoc", "score"): lambda: a["score"],
        ("tom_cuoc", "order"): lambda: a["call"],
        ("tom_cuoc", "call"): lambda: a["call"],
        ("tom_loi", "move"): lambda: {"rules": a["rules"]},
        ("tom_loi", "verdict"): lambda: {"verdict": a["verdict"]},
        ("tom_loi", "call"): lambda: {"verdict": a["verdict"], "score": a["score"]},
    }[(item.family, item.kind)]()


def wrong_response(item: Item) -> Any:
    """A response of the right shape that is not right."""
    a, pos = item.answer, item.position
    key = (item.family, item.kind)
    if key == ("tom_quan", "name"):
        return next(c for c in pos.get("choices", ["9v", "8v"]) if c != a["card"])
    if key == ("tom_quan", "yeu_red"):
        return {"yeu": a["yeu"], "red": not a["red"]}
    if key == ("tom_tho", "tho_card"):
        return next(c for c in pos.get("choices", ["9v", "8v"]) if c != a["card"])
    if key == ("tom_tho", "card_tho"):
        return a["option"] % len(pos["choices"]) + 1
    if key == ("tom_phu", "group"):
        return {"type": "yeu" if a["type"] != "yeu" else "bi"} if a["type"] is not None \
            else {"type": "doc"}
    if key == ("tom_phu", "tron"):
        return {"tron": not a["tron"], "lung": []}
    if key == ("tom_cho", "waits"):
        return {"waits": a["cards"][1:]}
    if key == ("tom_cho", "wait_name"):
        return {"names": [n for n in WAIT_NAMES if n not in a["names"]][:1] + a["names"][1:]}
    if item.family == "tom_cho_cai":
        return a["pile"] % pos["players"] + 1
    if key == ("tom_cuoc", "cuoc"):
        return [*a["cuoc"], ["tom", 4]] if all(c != "tom" for c, _ in a["cuoc"]) \
            else [[c, n + 1 if c == "tom" else n] for c, n in a["cuoc"]]
    if key == ("tom_cuoc", "score"):
        return a["score"] + 2
    if key == ("tom_loi", "move"):
        return {"rules": a["rules"][1:] if a["rules"] else ["TD9"]}
    if item.family == "tom_loi":
        return {"verdict": "paid" if a["verdict"] != "paid" else "cheo_do", "score": a["score"]}
    if key == ("tom_cuoc", "order"):
        flipped = list(reversed(a["call"]))
        return flipped if flipped != a["call"] else [*a["call"], "tom:4"]
    return ["kinh_tu_co", *a["call"]] if "kinh_tu_co" not in a["call"] else a["call"][1:]
