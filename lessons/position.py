"""Game positions as JSON: the deal and the recorded events so far (the FORMATS replay
forms), the làng options, the seat asked, and that seat's view for the UI.

A position is rebuilt by replaying its events on its deal (``Game.replay``), so every state a
drill asks about is a state the engine reached, and its answer is the engine's.

    {"players": 4, "rules": {...}, "deal": {FORMATS deal}, "events": [FORMATS events],
     "seat": 2, "thong_seat": 2,            # thong_seat only when C2 applies
     "hand": ["2v", ...], "mat": [["9v", "9n"], ...], "live": "9v" | null}

``hand``, ``mat`` and ``live`` are derived (the seat's hand cards, its melds as eaten card
first, the live card) and checked by the tests against the replay.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.actions import Action
from engine.chan import ChanGame as Game
from engine.chan import Deal, LangRules
from engine.game import Mode, Phase
from lessons.item import JSON


def view(game: Game, seat: int) -> dict[str, JSON]:
    """What the seat sees of itself: hand cards, melds, and the live card while someone may
    still take it (a claim window or the entitled player's turn)."""
    live = game.live if game.phase in (Phase.CLAIM, Phase.PLAY) else None
    return {"hand": [str(c) for c in game.hand_cards(seat)],
            "mat": [[str(c) for c in m.cards] for m in game.mats[seat]],
            "live": None if live is None else str(live.card)}


def replay(deal: Deal, events: Sequence[Action], rules: LangRules,
           thong_seat: int | None = None) -> Game:
    """The game after ``events`` (real mode: every move is judged, none refused)."""
    return Game.replay(deal, events, rules, Mode.REAL, thong_seat)


def game_position(game: Game, seat: int, upto: int | None = None) -> dict[str, JSON]:
    """The position after the first ``upto`` recorded events of ``game`` (all by default)."""
    events = tuple(game.record[:upto] if upto is not None else game.record)
    state = replay(game.deal, events, game.rules, game.thong_seat)
    pos: dict[str, JSON] = {"players": game.players, "rules": game.rules.to_json(),
                            "deal": game.deal.to_json(),
                            "events": [a.to_json() for a in events], "seat": seat}
    if game.thong_seat is not None:
        pos["thong_seat"] = game.thong_seat
    pos.update(view(state, seat))
    return pos


def rules_of(pos: JSON) -> LangRules:
    """The làng options of a position."""
    return LangRules.from_json(pos.get("rules"))


def deal_of(pos: JSON) -> Deal:
    """The deal of a position (either FORMATS form)."""
    return Deal.from_json(pos["deal"], int(pos["players"]), rules_of(pos))


def events_of(pos: JSON) -> list[Action]:
    """The recorded events of a position."""
    return [Action.from_json(e) for e in pos["events"]]


def rebuild(pos: JSON) -> Game:
    """The engine's game at a position."""
    return replay(deal_of(pos), events_of(pos), rules_of(pos), pos.get("thong_seat"))
