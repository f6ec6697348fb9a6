"""Hand-made tables that reach the nọc stop (RULES R4.9) at 2, 3 and 4 players (issue 14).

Each table is a deal in the FORMATS.md hands form (``tests.engine.positions``: the piles set
aside with fewer than 4 players are ``dead``, so the nọc holds 23 cards). Seat 0 holds the cái
and opens by discarding ``cc``; from then on each seat in turn draws and says dưới, so the k-th
draw (counted from 0) is seat (1 + k) mod P's and the nọc-stop card, the draw that leaves
``noc_stop`` cards, falls to ``stop_drawer(P, noc_stop)``. A chíu (R4.6) or an eat of one's own
draw followed by a discard changes nobody's turn, so the scenarios below keep that order.

The stop card is the last but ``noc_stop`` card of the nọc (``9s`` unless a test says
otherwise); with ``noc_stop`` 1 a ``9n`` stays under it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from engine.actions import Act, Action
from engine.chan.deal import Deal
from engine.chan.game import ChanGame as Game
from engine.chan.rules import LangRules
from engine.game import Phase
from tests.engine.positions import make_hands_json

NOC = 23  # the nọc of every table (R2.7: the unused piles are dead)
OPENING = ("0 discard cc",)

# 5 chắn + 4 cạ + què 9s: bạch thủ, wins only on 9s (R5.5)
BACH_THU_9S = "2v 2v 3v 3v 4v 4v 6v 6v 7v 7v 2n 2s 3n 3s 4n 4s 8n 8s 9s"
# three 9s, 5 chắn (one of them 9s 9s) + 4 cạ + què 9s: wins only by a chíu ù on 9s (R5.4)
CHIU_U_9S = "9s 9s 9s 2v 2v 3v 3v 4v 4v 6v 6v 2n 2s 3n 3s 4n 4s 7n 7s"

# after ``1 eat 4n`` on a drawn 4v (a cạ on the mat) and ``1 discard 4s``: bạch thủ 9s
BAO_BACH_THU_9S = "2v 2v 3v 3v 6v 6v 7v 7v 8v 8v 2n 2s 3n 3s 5n 5s 9s 4n 4s"
# after a chíu of 5s (two chắn on the mat) and trả cửa 7n: bạch thủ 9s
CHIU_THEN_9S = "5s 5s 5s 2v 2v 3v 3v 6v 6v 2n 2s 3n 3s 4n 4s 8n 8s 9s 7n"

Respond = Callable[[Game], Action | None]


def stop_drawer(players: int, noc_stop: int) -> int:
    """The seat that draws the nọc-stop card of these tables."""
    return (NOC - noc_stop) % players


def table(players: int, noc_stop: int, stated: Mapping[int, str], *, stop: str = "9s",
          before: str = "", top: str = "") -> dict[str, Any]:
    """The hands form of a table: ``stated`` cards per seat (seat 0 also holds the ``cc`` it
    opens with), ``top`` on top of the nọc, ``before`` just above the stop card."""
    hands = [stated.get(seat, "") for seat in range(players)]
    hands[0] = f"cc {hands[0]}".strip()
    end = " ".join(c for c in (before, stop, "9n" if noc_stop else "") if c)
    return make_hands_json(hands, top, noc_end=end)


def rules(noc_stop: int) -> LangRules:
    """The làng options of the tables: everything default but ``noc_stop``."""
    return LangRules(noc_stop=noc_stop)


def to_stop(deal: dict[str, Any], noc_stop: int, prefix: tuple[str, ...] = OPENING,
            respond: Respond | None = None) -> Game:
    """Play the table up to and including the draw of the nọc-stop card, nothing after.

    Every seat draws and says dưới, and lets every claim window pass, unless ``respond``
    gives another action for the position."""
    game = Game(Deal.from_json(deal), rules(noc_stop))
    for text in prefix:
        game.apply(Action.parse(text))
    while True:
        live = game.live
        if game.record and game.record[-1].act is Act.DRAW and live is not None and live.final:
            return game
        assert not game.is_over, game
        actor = game.actor
        assert actor is not None
        action = respond(game) if respond is not None else None
        if action is None:
            act = Act.DECLINE if game.phase is Phase.CLAIM else (
                Act.PASS if game.may_pass else Act.DRAW)
            action = Action(actor, act)
        game.apply(action)


def bao_prefix(players: int, bao: int) -> tuple[tuple[str, ...], str]:
    """The opening, then seats 1, 2 … draw and say dưới until seat ``bao`` draws a 4v, eats it
    with 4n and discards 4s: L17 makes it báo (R7.3). Returns the events and the nọc top."""
    steps = (bao - 1) % players  # seats that draw (a cc) and say dưới before it
    events = [*OPENING]
    for k in range(steps):
        events += [f"{1 + k} draw", f"{1 + k} pass"]
    events += [f"{bao} draw", f"{bao} eat 4n", f"{bao} discard 4s"]
    return tuple(events), " ".join(["cc"] * steps + ["4v"])


SCENARIOS = ("nobody", "other_u", "drawer_u", "chiu_u", "drawer_chiu_u", "three_no_win",
             "two_u", "bao_could_u", "bao_drawer", "chiu_before_stop")
TABLES = [(players, noc_stop) for players in (2, 3, 4) for noc_stop in (0, 1)]
# every scenario at every table it fits (two seats waiting on 9s need a third seat)
CASES = [(name, players, noc_stop) for name in SCENARIOS for players, noc_stop in TABLES
         if name != "two_u" or players > 2]


def scenario(name: str, players: int, noc_stop: int
             ) -> tuple[dict[str, Any], tuple[str, ...], Respond | None, list[int]]:
    """A table of issue 14's case 1: the deal, the events before the regular flow, the
    answers to claim windows, and the seats that may ù on the stop card (priority order).

    - ``nobody``: nobody can take the stop card;
    - ``other_u`` / ``drawer_u``: another seat / the drawer waits on it (bạch thủ 9s);
    - ``chiu_u`` / ``drawer_chiu_u``: a seat holding three 9s wins by chíu ù on it (R5.4);
    - ``three_no_win``: a seat holds three 9s but would not win: no chíu on it (R4.9);
    - ``two_u``: two seats wait on it (3 or 4 players);
    - ``bao_could_u``: the seat waiting on it is báo: no ù (R4.8);
    - ``bao_drawer``: a báo seat draws it, another seat waits on it;
    - ``chiu_before_stop``: a seat chíus the card before the stop card, returns 7n and then
      waits on the stop card (R4.6).
    """
    d = stop_drawer(players, noc_stop)
    nxt = (d + 1) % players
    prefix: tuple[str, ...] = OPENING
    respond: Respond | None = None
    top = before = ""
    if name == "nobody":
        stated, claim = {d: "9s 9s"}, []
    elif name == "other_u":
        stated, claim = {nxt: BACH_THU_9S, d: "9s 9s"}, [nxt]
    elif name == "drawer_u":
        stated, claim = {d: BACH_THU_9S, nxt: "9s 9s"}, [d]
    elif name == "chiu_u":
        stated, claim = {nxt: CHIU_U_9S}, [nxt]
    elif name == "drawer_chiu_u":
        stated, claim = {d: CHIU_U_9S}, [d]
    elif name == "three_no_win":
        stated, claim = {nxt: "9s 9s 9s"}, []
    elif name == "two_u":
        if players < 3:
            raise ValueError("two seats waiting on 9s and the other two 9s need three seats")
        stated, claim = {d: BACH_THU_9S, nxt: BACH_THU_9S, (d + 2) % players: "9s"}, [d, nxt]
    elif name == "bao_could_u":
        stated, claim = {nxt: BAO_BACH_THU_9S, d: "9s 9s"}, []
        prefix, top = bao_prefix(players, nxt)
    elif name == "bao_drawer":
        stated, claim = {nxt: BACH_THU_9S, d: "4n 4s 9s 9s"}, [nxt]
        prefix, top = bao_prefix(players, d)
    elif name == "chiu_before_stop":
        stated, claim = {nxt: CHIU_THEN_9S, d: "9s 9s"}, [nxt]
        before = "5s"

        def respond(game: Game) -> Action | None:
            if game.phase is Phase.CLAIM and game.actor == nxt:
                return Action(nxt, Act.CHIU)
            if game.phase is Phase.RETURN:
                return Action.parse(f"{nxt} return 7n")
            return None
    else:
        raise ValueError(name)
    return table(players, noc_stop, stated, before=before, top=top), prefix, respond, claim


def document(deal: dict[str, Any], noc_stop: int, events: list[Action],
             **game_keys: Any) -> dict[str, Any]:
    """A whole FORMATS.md replay file of one game on ``deal``."""
    players = len(deal["hands"])
    return {"format": "chan-replay", "version": 1, "rules": {"noc_stop": noc_stop},
            "players": [{"name": f"P{s}", "kind": "human"} for s in range(players)],
            "games": [{"deal": deal, **game_keys, "events": [a.to_json() for a in events]}]}
