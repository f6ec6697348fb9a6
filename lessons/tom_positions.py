"""Tổ tôm positions as JSON and back: a player's hand and mat melds as they lie (T3.8), and the
table size whose làng defaults judge them (T9).

    {"players": 5, "hand": ["1v", "2v", ...],
     "mat": [{"cards": ["5s", "5s", "5s"]}, {"cards": ["1n", "1n", "1n"], "face_down": true},
             {"cards": ["4v", "5v", "6v"], "trung": ["5v"]}]}

``hand`` is sorted; a mat meld lists its cards sorted, its quân trùng (``trung``) and whether it
lies face down (a khàn or thiên khai, T4.1) only when it has them. The engine reads every
position back (``read``), so a damaged one is refused with the engine's own reason.
"""

from __future__ import annotations

from typing import Any

from lessons.item import JSON, LessonError
from lessons.tom_engine import (
    BadCard,
    BadMeld,
    BadPosition,
    BadRules,
    Card,
    MatMeld,
    Position,
    TomRules,
    parse_card,
)


def meld_json(meld: MatMeld) -> dict[str, JSON]:
    """One mat meld as JSON."""
    out: dict[str, JSON] = {"cards": [c.code for c in meld.cards]}
    if meld.trung:
        out["trung"] = [c.code for c in meld.trung]
    if meld.face_down:
        out["face_down"] = True
    return out


def position_json(position: Position, players: int) -> dict[str, JSON]:
    """A position as JSON (see the module docstring)."""
    return {"players": players, "hand": [c.code for c in position.hand],
            "mat": [meld_json(m) for m in position.mat]}


def rules_of(pos: JSON) -> TomRules:
    """The làng defaults of the position's table size (T9)."""
    try:
        return TomRules(players=pos.get("players", 5) if isinstance(pos, dict) else 5)
    except BadRules as e:
        raise LessonError(str(e), e.vi or str(e)) from None


def _codes(values: Any, where: str) -> tuple[Card, ...]:
    if not isinstance(values, list):
        raise LessonError(f"{where} must be a list of card codes",
                          f"{where} phải là danh sách mã quân bài")
    try:
        return tuple(parse_card(v) for v in values)
    except BadCard as e:
        raise LessonError(f"{where}: {e}", f"{where}: {e.vi or e}") from None


def read(pos: JSON) -> Position:
    """The engine's Position of a position's JSON (LessonError saying what is wrong)."""
    if not isinstance(pos, dict):
        raise LessonError("a Tổ tôm position is an object with 'hand' and 'mat'",
                          "thế bài tổ tôm là một đối tượng có 'hand' và 'mat'")
    hand = _codes(pos.get("hand"), "hand")
    mat_data = pos.get("mat", [])
    if not isinstance(mat_data, list):
        raise LessonError("'mat' must be a list of melds", "'mat' phải là danh sách các phu")
    try:
        mat = tuple(
            MatMeld(_codes(m.get("cards") if isinstance(m, dict) else None, f"mat[{i}].cards"),
                    _codes(m.get("trung", []), f"mat[{i}].trung"),
                    m.get("face_down", False) is True)
            for i, m in enumerate(mat_data))
        return Position(hand, mat)
    except (BadMeld, BadPosition) as e:
        raise LessonError(str(e), e.vi or str(e)) from None
