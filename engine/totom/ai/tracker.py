"""What one seat can rebuild from its observation (TOTOM T4, T6): its own position, the cards it
has not seen, its own takes and discards, and the public facts about the other seats.

An observation carries the seat's hand, every mat as it may see it and the public record (its
own secret acts with their kind). Every card that was drawn, discarded or returned is in the
record, so the card each of the seat's takes (eat, phỗng, dậy khàn) took is the one placed just
before it — what TD2 looks back at (T4.11). Nothing here reads the game itself.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from engine.actions import Act
from engine.totom.cards import COPIES, N_KINDS, Card
from engine.totom.mat import MeldOrigin, SeatMeld
from engine.totom.melds import GroupType
from engine.totom.observation import TomObservation
from engine.totom.position import Position

# Acts that place a card in a cửa (T4.4): the card a later take takes.
_PLACING = (Act.DISCARD, Act.RETURN, Act.DRAW)
_TAKING = (Act.EAT, Act.PHONG, Act.DAY_KHAN)


@dataclass(frozen=True, slots=True)
class OwnRecord:
    """The seat's own takes and discards, each with its event (index in the record)."""

    taken: tuple[tuple[Card, int], ...]  # (X, event) of each eat, phỗng, dậy khàn
    discards: tuple[tuple[Card, int], ...]  # (card, event) of each discard and trả cửa


@dataclass(frozen=True, slots=True)
class PublicSeat:
    """What every seat knows about one seat: the kinds it let go and the kinds it took."""

    discarded: frozenset[Card]  # discarded or returned (it does not need them)
    taken: frozenset[Card]  # taken from a cửa (it built phu with them)
    passed: frozenset[Card]  # drawn by it and left (dưới), or left to draw


@dataclass(frozen=True, slots=True)
class Tracked:
    """Everything the players read from one observation."""

    position: Position
    unseen: tuple[int, ...]  # per kind: copies neither in this hand nor visible anywhere
    own: OwnRecord
    public: tuple[PublicSeat, ...]
    draws_left: int  # draws before the nọc stop (T2.8)


def own_melds(obs: TomObservation) -> tuple[SeatMeld, ...]:
    """The seat's own mat (never hidden from it), in the engine's form: the index of each meld
    is the one an ``eat … onto`` or a ``ha_trung`` names."""
    return tuple(SeatMeld(i, MeldOrigin(v.origin) if v.origin else MeldOrigin.EATEN, v.cards,
                          v.trung, v.face_down, None, v.broken)
                 for i, v in enumerate(obs.mats[obs.seat]))


def position_of(hand: Iterable[Card], melds: Iterable[SeatMeld],
                bat_thuc: Iterable[Card] = ()) -> Position:
    """A position (T0) from a hand and a mat as it lies: a broken meld's cards are arranged
    like hand cards (T4.11 TD3); a bất thực ends with a bộ giống of its kind (T4.13)."""
    cards = list(hand)
    mat = []
    for m in melds:
        if m.broken:
            cards.extend(m.all_cards)
        else:
            mat.append(m.mat_meld())
    giong = {m.cards[0] for m in mat if m.type is GroupType.GIONG}
    bat = frozenset(k for k in bat_thuc if k not in giong and cards.count(k) >= 2)
    return Position(tuple(cards), tuple(mat), bat)


def own_position(obs: TomObservation) -> Position:
    """The seat's position from what it sees: its hand, its mat, its bất thực (T4.13)."""
    return position_of(obs.hand, own_melds(obs), (k for k, _, _ in obs.own_bat_thuc))


def unseen_of(obs: TomObservation) -> tuple[int, ...]:
    """Per kind, the copies the seat has not seen (T10 "still unseen"): four less its hand and
    every card lying visible (mats, cửa)."""
    counts = [COPIES] * N_KINDS
    for c in obs.hand:
        counts[c] -= 1
    for c in obs.seen:
        counts[c] -= 1
    return tuple(max(0, n) for n in counts)


def own_record(obs: TomObservation) -> OwnRecord:
    """The seat's takes (with the card each took) and discards, from the public record."""
    me = obs.seat
    taken: list[tuple[Card, int]] = []
    discards: list[tuple[Card, int]] = []
    last: Card | None = None
    for i, a in enumerate(obs.history):
        if a.act in _TAKING and a.seat == me and last is not None:
            taken.append((last, i))
        if a.act in (Act.DISCARD, Act.RETURN) and a.seat == me and a.card is not None:
            discards.append((a.card, i))
        if a.act in _PLACING and a.card is not None:
            last = a.card
    return OwnRecord(tuple(taken), tuple(discards))


def public_of(obs: TomObservation) -> tuple[PublicSeat, ...]:
    """What each seat let go and took, from the public record."""
    n = obs.players
    discarded: list[set[Card]] = [set() for _ in range(n)]
    taken: list[set[Card]] = [set() for _ in range(n)]
    passed: list[set[Card]] = [set() for _ in range(n)]
    last: Card | None = None
    for a in obs.history:
        if a.act in _TAKING and last is not None:
            taken[a.seat].add(last)
        elif a.act in (Act.DISCARD, Act.RETURN) and a.card is not None:
            discarded[a.seat].add(a.card)
        elif a.act in (Act.PASS, Act.DRAW) and last is not None:
            passed[a.seat].add(last)
        if a.act in _PLACING and a.card is not None:
            last = a.card
    return tuple(PublicSeat(frozenset(d), frozenset(t), frozenset(p))
                 for d, t, p in zip(discarded, taken, passed, strict=True))


def track(obs: TomObservation) -> Tracked:
    """Everything the players read from ``obs``."""
    return Tracked(own_position(obs), unseen_of(obs), own_record(obs), public_of(obs),
                   max(0, obs.noc_left - obs.rules.noc_stop))
