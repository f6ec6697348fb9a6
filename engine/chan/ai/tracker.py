"""What one seat can rebuild from its observation: its own rule history and public facts.

An observation carries the seat's current hand and the public record. Every card that left a
hand is public (discards, the hand card of each eat, chíu, trả cửa), so the seat's dealt hand
is its current hand plus what it played, and replaying the record forward with the engine's
own judging functions (engine.chan.violations) rebuilds its ``SeatHistory`` exactly: declines,
discards, eats, bòn, its own lỗi — what the rules L6–L17 look back at (not ``bo_u``: the
claim windows a seat let pass are not in the record). For the other seats only public
facts are kept: what each discarded, ate, and let pass.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.actions import Act, Action
from engine.chan import hand as H
from engine.chan.cards import Card
from engine.chan.observation import Observation
from engine.chan.violations import (
    SeatHistory,
    discard_violations,
    eat_violations,
    legal_eats,
    makes_bao,
    note_decline,
    note_discard,
    note_eat,
)


@dataclass(slots=True)
class PublicSeat:
    """Public facts about one seat, as bitmasks over kinds (bit k = kind k)."""

    discarded: int = 0  # kinds it discarded or returned (L12: it may not eat them)
    discarded_ranks: int = 0  # ranks (bit r, Chi chi 8) of those (L11: no cạ of that rank)
    passed: int = 0  # kinds it was entitled to and left (drew over, or dưới)
    eaten: int = 0  # kinds it took from a cửa


@dataclass(slots=True)
class Tracked:
    """The result of replaying one seat's record."""

    dealt: int  # packed dealt hand
    hist: SeatHistory  # the seat's own rule history, as the engine keeps it
    public: list[PublicSeat] = field(default_factory=list)
    draws: list[Card] = field(default_factory=list)  # nọc cards drawn so far, in order
    played: list[int] = field(default_factory=list)  # packed cards each seat played from hand


def rank_bit(card: int) -> int:
    """The rank bit of a kind: bit r for nhị..cửu (r = 0..7), bit 8 for Chi chi."""
    return 1 << (8 if card == 24 else card // 3)


def played_from_hand(history: tuple[Action, ...], players: int) -> tuple[list[int], list[Card]]:
    """Packed cards each seat removed from its hand, and the drawn cards in order."""
    played = [0] * players
    draws: list[Card] = []
    live: Card | None = None
    for a in history:
        act = a.act
        if act is Act.DRAW:
            assert a.card is not None, "recorded draws name their card"
            draws.append(a.card)
            live = a.card
        elif act is Act.DISCARD or act is Act.RETURN:
            assert a.card is not None
            played[a.seat] = H.add(played[a.seat], a.card)
            live = a.card
        elif act is Act.EAT:
            assert a.card is not None
            played[a.seat] = H.add(played[a.seat], a.card)
        elif act is Act.CHIU:
            assert live is not None
            played[a.seat] = H.add(played[a.seat], live, 3)
    return played, draws


def track(obs: Observation) -> Tracked:
    """Replay the public record from ``obs.seat``'s point of view (see the module docstring)."""
    me = obs.seat
    players = obs.players
    history = obs.history
    played, draws = played_from_hand(history, players)
    dealt = H.join(H.pack(obs.hand), played[me])
    hist = SeatHistory()
    public = [PublicSeat() for _ in range(players)]
    h = dealt
    n = H.size(dealt)
    mat_chan = 0
    bao = False
    live: Card | None = None
    live_cua = 0
    chiu_cua = 0
    for i, a in enumerate(history):
        act, seat = a.act, a.seat
        mine = seat == me
        if act is Act.DRAW or act is Act.PASS:
            assert live is not None or act is Act.DRAW
            if live is not None:
                public[seat].passed |= 1 << live
                if mine and not bao and legal_eats(h, n, mat_chan, live):
                    note_decline(hist, h, live, i)
            if act is Act.DRAW:
                assert a.card is not None
                live, live_cua = a.card, seat
            elif mine:
                hist.touched_cua_chi = True
        elif act is Act.EAT:
            assert a.card is not None and live is not None
            x, y = live, a.card
            public[seat].eaten |= 1 << x
            if mine:
                found = eat_violations(h, n, mat_chan, hist, x, y, me, i)
                hist.faults.extend(found)
                bao = bao or makes_bao(found) is not None
                note_eat(hist, h, x, y, i)
                h = H.remove(h, y)
                n -= 1
                mat_chan += x == y
            live = None
        elif act is Act.DISCARD or act is Act.RETURN:
            z = a.card
            assert z is not None
            public[seat].discarded |= 1 << z
            public[seat].discarded_ranks |= rank_bit(z)
            if mine:
                found = discard_violations(hist, z, me, i, act, h, n, mat_chan)
                hist.faults.extend(found)
                bao = bao or makes_bao(found) is not None
                note_discard(hist, z, i)
                if act is Act.DISCARD or chiu_cua == me:
                    hist.touched_cua_chi = True
                h = H.remove(h, z)
                n -= 1
            live_cua = seat if act is Act.DISCARD else chiu_cua
            live = z
        elif act is Act.CHIU:
            assert live is not None
            public[seat].eaten |= 1 << live
            chiu_cua = live_cua
            if mine:
                h = H.remove(h, live, 3)
                n -= 3
                mat_chan += 2
            live = None
    return Tracked(dealt=dealt, hist=hist, public=public, draws=draws, played=played)
