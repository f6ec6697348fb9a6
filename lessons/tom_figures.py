"""The figures of the Tổ tôm course (lessons/content/to_tom/*.toml): positions and calls that a
lesson section shows, with what they show computed by the engine (through the drills' own
solvers) — never written in the file.

| type | keys | shows |
|------|------|-------|
| ``tom_card`` | card | name, yêu, red, the couplet (T1.2–T1.7) |
| ``tom_group`` | cards | the group's type, SP id, lưng (T3.2–T3.7) |
| ``tom_hand`` | hand, mat, players | tròn, lưng, arrangement (T3.9), the named waits (T5.5) |
| ``tom_win`` | hand, mat, players, w, thong | the cước, score and the whole call (T7) |
| ``tom_cho_cai`` | players, a, b, cai_mod | the count and the cái pile (T2.5) |
| ``tom_call`` | cuoc, players | the call in canonical order, its words and score (T7.4, T7.5) |
"""

from __future__ import annotations

from typing import Any

from lessons import tom_cho, tom_cho_cai, tom_cuoc, tom_phu, tom_quan, tom_tho
from lessons.item import JSON
from lessons.tom_engine import Card, parse_card

FIGURE_KEYS: dict[str, frozenset[str]] = {
    "tom_card": frozenset({"type", "card"}),
    "tom_group": frozenset({"type", "cards"}),
    "tom_hand": frozenset({"type", "hand", "mat", "players"}),
    "tom_win": frozenset({"type", "hand", "mat", "players", "w", "thong"}),
    "tom_cho_cai": frozenset({"type", "players", "a", "b", "cai_mod"}),
    "tom_call": frozenset({"type", "cuoc", "players"}),
}


def _position(figure: dict[str, Any]) -> dict[str, JSON]:
    return {"players": int(figure.get("players", 5)), "hand": list(figure.get("hand", [])),
            "mat": list(figure.get("mat", []))}


def illustrate(figure: dict[str, Any]) -> dict[str, JSON]:
    """What a Tổ tôm figure shows, computed by the engine."""
    kind = figure["type"]
    if kind == "tom_card":
        card = parse_card(figure["card"])
        couplet = tom_tho.couplets()[card]
        return {**tom_quan.solve("yeu_red", {"card": card.code}), "card": card.code,
                "name": card.name_vi, "about": tom_quan.about(card).to_json(),
                "couplet": list(couplet.lines), "hang": couplet.hang}
    if kind == "tom_group":
        cards = [Card.parse(c) for c in figure["cards"]]
        facts = tom_phu.group_facts(cards)
        return {**facts, "explanation": tom_phu.why_group(cards, facts).to_json()}
    if kind == "tom_hand":
        pos = _position(figure)
        return {**tom_phu.solve_tron(pos), "waits": tom_cho.waits_json(pos)}
    if kind == "tom_win":
        pos = {**_position(figure), "w": figure["w"], "thong": bool(figure.get("thong", False))}
        return {**tom_cuoc.hand_cuoc(pos), "call": tom_cuoc.solve("call", pos)}
    if kind == "tom_cho_cai":
        pos = {k: figure[k] for k in ("players", "a", "b") if k in figure}
        pos["cai_mod"] = figure.get("cai_mod", "players")
        ans = tom_cho_cai.solve("pile", pos)
        return {**ans, "explanation": tom_cho_cai.counting(pos, ans).to_json()}
    players = int(figure.get("players", 5))
    call = [[c, int(n)] for c, n in figure["cuoc"]]
    pos = {"players": players, "cuoc": call, "call": call}
    return {**tom_cuoc.solve("order", pos), **tom_cuoc.solve("score", pos)}
