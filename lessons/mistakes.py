""""Practice my mistakes": a deck built from the analyzer's annotations of the learner's saved
games — each lỗi, each missed ù and missed chíu, each mis-called cước, and ù láo — as the
exact position asked again: the game rebuilt by replaying its record up to the moment of the
decision (``Game.replay`` over the record prefix), asked as a ``loi`` or ``xuong`` item and
scheduled like every other item (deck ``mistakes``).

- ``violation`` (L1–L17) and ``u_lao`` → a loi ``move`` item: the move the learner made,
  asked on the position before it;
- ``missed_u``, ``missed_chiu`` → a loi ``claim`` item on the position right after the card
  was placed (for a thiên ù let pass: before the first discard);
- ``call_wrong``, ``call_missing``, ``call_order``, ``bach_thu_not_called`` → a xuong
  ``call`` item on the position right after the win.

``bao``, ``bo_u``, ``nghi_an_tien`` and ``u_bao`` are consequences of the mistakes above and
make no item of their own; ``note_*`` annotations are never mistakes.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from engine.chan import CHAN
from engine.chan import ChanGame as Game
from lessons import loi, xuong
from lessons.item import Item
from lessons.position import game_position
from lessons.progress import Progress
from replays.chan_game import chan_only
from replays.library import CALL_KINDS as _CALL_KINDS
from replays.record import human_seats
from replays.store import Store

Annotation = dict[str, Any]

MOVE_KINDS = frozenset({"violation", "u_lao"})
CLAIM_KINDS = frozenset({"missed_u", "missed_chiu"})
CALL_KINDS = frozenset(_CALL_KINDS)
MISTAKE_KINDS = MOVE_KINDS | CLAIM_KINDS | CALL_KINDS


def _source(game_id: int | None, anns: list[Annotation]) -> dict[str, Any]:
    out: dict[str, Any] = {"event": anns[0]["event"], "seat": anns[0]["seat"],
                           "annotations": sorted({a["kind"] for a in anns})}
    rules = sorted({a["rule"] for a in anns if "rule" in a}, key=CHAN.registry.key)
    if rules:
        out["rules"] = rules
    if game_id is not None:
        out["game_id"] = game_id
    return out


def _item(game: Game, group: str, anns: list[Annotation], game_id: int | None) -> Item:
    event, seat = anns[0]["event"], anns[0]["seat"]
    source = _source(game_id, anns)
    if group == "move":
        pos = game_position(game, seat, event)
        pos["move"] = str(game.record[event])
        return loi.make("move", pos, source)
    if group == "claim":
        thien_u = anns[0].get("thien_u", False)
        return loi.make("claim", game_position(game, seat, event if thien_u else event + 1),
                        source)
    return xuong.make(xuong.winning_position(game), source)


def game_mistakes(game: Game, annotations: Iterable[Annotation], seats: Iterable[int],
                  game_id: int | None = None) -> list[Item]:
    """The items of one analysed game for the learner's ``seats`` (one item per decision:
    several lỗi of one move are one item), in event order."""
    wanted = set(seats)
    groups: dict[tuple[int, int, str], list[Annotation]] = {}
    for a in annotations:
        kind = a.get("kind")
        if kind not in MISTAKE_KINDS or a.get("seat") not in wanted:
            continue
        group = "move" if kind in MOVE_KINDS else "claim" if kind in CLAIM_KINDS else "call"
        groups.setdefault((a["event"], a["seat"], group), []).append(a)
    return [_item(game, group, anns, game_id)
            for (_, _, group), anns in sorted(groups.items())]


def learner_seats(store: Store, session_id: int) -> list[int]:
    """The seats a person played in a session (FORMATS ``players`` of kind ``human``)."""
    return human_seats(store.session(session_id, upto=-1).players)


def build_deck(store: Store, game_ids: Iterable[int] | None = None,
               seats: Iterable[int] | None = None) -> list[Item]:
    """The mistakes of the learner in the store's games (all games by default; the human
    seats of each session unless ``seats`` is given)."""
    ids = store.game_ids() if game_ids is None else list(game_ids)
    out: list[Item] = []
    for gid in ids:
        session_id, _ = store.locate(gid)
        who = list(seats) if seats is not None else learner_seats(store, session_id)
        if not who:
            continue
        doc = store.analysis(gid)
        out.extend(game_mistakes(chan_only(store.resume(gid)), doc["annotations"], who, gid))
    return out


def refresh(progress: Progress, store: Store, game_ids: Iterable[int] | None = None,
            seats: Iterable[int] | None = None) -> int:
    """Add the mistakes not yet in the learner's progress to the ``mistakes`` deck; returns
    how many were new (items already there keep their schedule)."""
    return progress.add(build_deck(store, game_ids, seats), deck="mistakes")
