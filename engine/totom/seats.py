"""A Tổ tôm table's seats (TOTOM T3.8, T4.4): each seat's hand as 30 counts, its mat as it lies,
its bất thực, its position for the win test, and who may claim a placed card — the state the
opening (opening.py), the turn (turn.py) and the game (game.py) build on.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, NamedTuple

from engine.actions import Act, Action
from engine.errors import CardNotHeld, IllegalAction
from engine.events import Claim, Origin, Placed
from engine.game import Game, Mode, Phase
from engine.registry import Registry
from engine.totom.actions import TomAction
from engine.totom.cards import N_KINDS, Card
from engine.totom.deal import Deal
from engine.totom.eats import Hand
from engine.totom.history import TomHistory
from engine.totom.mat import SeatMeld, extends_run
from engine.totom.melds import GroupType
from engine.totom.position import Position
from engine.totom.rulebook import REGISTRY
from engine.totom.rules import TomRules
from engine.totom.verdict import TomSettlement, Verdict
from engine.totom.win import thien_u, wins


class BatThuc(NamedTuple):
    """A khàn or thiên khai given up as a lưng (T4.13): its size, the cards of it discarded
    since, and the event that declared it."""

    size: int
    discarded: int
    event: int


class WinState(NamedTuple):
    """What the ù is judged on (T5, T6): the winner, W (None: thiên ù), the position before W,
    the phỗng statement, whether the win was a claim the engine offered, and its event."""

    seat: int
    card: Card | None
    position: Position
    phong: bool | None
    legit: bool
    event: int


class TomSeats(Game[Card]):
    """The seats of a Tổ tôm table: hands, mats, bất thực, positions and claims."""

    __slots__ = ("_deferred", "_first_draw", "_next_id", "_pending", "_pos", "_queue",
                 "_reveal_ctx", "_win", "bat_thuc")

    deal: Deal
    rules: TomRules
    hand: list[Hand]
    mats: list[list[SeatMeld]]
    hist: list[TomHistory]
    settlement: TomSettlement | None
    verdict: Verdict | None
    record: list[TomAction]  # type: ignore[assignment]
    bat_thuc: list[dict[Card, BatThuc]]
    _pos: list[Position | None]
    _deferred: list[tuple[str, int, Card, int | None]]
    _first_draw: bool
    _pending: tuple[Card, int, bool] | None  # a draw waiting for the shows (T4.2)
    _reveal_ctx: tuple[Any, ...] | None  # the table as it was before a thiên khai's window
    _win: WinState | None
    _next_id: int
    _queue: tuple[int, ...]  # the seats still to lay (LAY) or show (SHOW), in order

    def _copy_into(self, twin: Any) -> None:
        twin.bat_thuc = [dict(b) for b in self.bat_thuc]
        twin._pos = list(self._pos)
        twin._deferred = list(self._deferred)

    def ruleset_registry(self) -> Registry:
        """Tổ tôm's rulebook."""
        return REGISTRY

    def _pack(self, cards: Iterable[Card]) -> Hand:
        counts = [0] * N_KINDS
        for c in cards:
            counts[c] += 1
        return tuple(counts)

    def _new_history(self) -> TomHistory:
        return TomHistory()

    def _holds(self, seat: int, card: int) -> bool:
        return self.hand[seat][card] > 0

    def _remove(self, seat: int, card: int, n: int) -> None:
        self._add(seat, Card(card), -n)

    def _add(self, seat: int, card: Card, n: int) -> None:
        h = list(self.hand[seat])
        h[card] += n
        self.hand[seat] = tuple(h)
        self.hand_n[seat] += n
        self._pos[seat] = None

    def _kinds_in_hand(self, seat: int) -> list[int]:
        return [k for k, n in enumerate(self.hand[seat]) if n]

    def hand_cards(self, seat: int) -> tuple[Card, ...]:
        """The cards in a seat's hand, sorted."""
        return tuple(Card(k) for k, n in enumerate(self.hand[seat]) for _ in range(n))

    def triples(self, seat: int) -> list[Card]:
        """Kinds held three or four times in the hand, not under bất thực: khàn and thiên khai
        still to lay face down (T4.1)."""
        bat = self.bat_thuc[seat]
        return [Card(k) for k, n in enumerate(self.hand[seat]) if n >= 3 and Card(k) not in bat]

    def position(self, seat: int) -> Position:
        """The seat's position (T0): hand, mat as it lies, bất thực; a broken meld's cards are
        arranged like hand cards."""
        p = self._pos[seat]
        if p is None:
            cards = list(self.hand_cards(seat))
            mat = []
            for m in self.mats[seat]:
                if m.broken:
                    cards.extend(m.all_cards)
                else:
                    mat.append(m.mat_meld())
            giong = {m.cards[0] for m in mat if m.type is GroupType.GIONG}
            bat = frozenset(k for k in self.bat_thuc[seat]
                            if k not in giong and cards.count(k) >= 2)
            p = self._pos[seat] = Position(tuple(cards), tuple(mat), bat)
        return p

    def face_down(self, seat: int, size: int | None = None) -> list[SeatMeld]:
        """The seat's face-down melds (of ``size`` cards: 3 a khàn, 4 a thiên khai)."""
        return [m for m in self.mats[seat]
                if m.face_down and (size is None or len(m.cards) == size)]

    def _meld_id(self) -> int:
        self._next_id += 1
        return self._next_id

    def _set_meld(self, seat: int, index: int | None, meld: SeatMeld) -> None:
        mats = self.mats[seat]
        if index is None:
            mats.append(meld)
        else:
            mats[index] = meld
        self._pos[seat] = None

    def can_win_on(self, seat: int, card: Card) -> bool:
        """T5.2: the seat's position wins with ``card``."""
        return wins(self.position(seat), card, self.rules)

    def waits(self, seat: int) -> tuple[Card, ...]:
        """T5.5: the kinds the seat's position wins with."""
        from engine.totom.waits import waits
        return waits(self.position(seat), self.rules)

    def _dealt_win(self, seat: int) -> bool:
        return seat == self.deal.cai_seat and thien_u(self.position(seat), self.rules)

    def _claimants(self, card: Card, origin: Origin, by: int, home: int,
                   final: bool) -> list[Claim]:
        """T4.4: who may ù (not the seat that discarded, returned or showed the card), dậy
        khàn (a face-down khàn of its kind), phỗng (a pair, not the entitled seat, whose phỗng
        is an eat; obligatory under khàn bất thực, T4.13) and, under ``ha_trung_scope =
        any_cua``, hạ trùng (T4.12); on the last card and a shown thiên khai only ù."""
        out: list[Claim] = []
        n = self.players
        only_u = final or origin is Origin.REVEAL
        any_cua = self.rules.ha_trung_scope == "any_cua"
        for i in range(n):
            s = (home + i) % n
            if s == by and origin is not Origin.DRAW:
                continue
            if self.can_win_on(s, card):
                out.append(Claim(s, Act.WIN))
            if only_u:
                continue
            # A take is followed by a discard or trả cửa: a card must be left in the hand.
            if self._khan_of(s, card) is not None and self.hand_n[s] > 0:
                out.append(Claim(s, Act.DAY_KHAN))
            elif s != home and 2 <= self.hand[s][card] < self.hand_n[s]:
                out.append(Claim(s, Act.PHONG))
            if any_cua and s != home and self.ha_trung_runs(s, card):
                out.append(Claim(s, Act.HA_TRUNG))
        return out

    def _khan_of(self, seat: int, card: Card) -> int | None:
        """The index of the seat's face-down khàn of ``card``'s kind (T4.8)."""
        for i, m in enumerate(self.mats[seat]):
            if m.face_down and len(m.cards) == 3 and m.kind == card and not m.broken:
                return i
        return None

    def ha_trung_runs(self, seat: int, card: Card) -> list[int]:
        """T4.12: the seat's mat runs ``card`` extends at an end, when it holds a copy."""
        if not self.hand[seat][card]:
            return []
        return [i for i, m in enumerate(self.mats[seat]) if extends_run(m, card)]

    def claim_of(self, seat: int, act: Act) -> bool:
        """Whether the open claim window still offers ``seat`` a claim of ``act``."""
        return self._claim_index(seat, act) is not None

    def obliged_phong(self, seat: int, card: Card) -> bool:
        """T4.13: the fourth card of the seat's khàn bất thực, which it must phỗng."""
        bt = self.bat_thuc[seat].get(card)
        return bt is not None and bt.size == 3 and self.hand[seat][card] >= 2

    def bat_thuc_kinds(self, seat: int) -> list[Card]:
        """Kinds the seat may now declare bất thực (T4.13): its khàn and thiên khai, on the mat
        or still in the hand."""
        out = {m.kind for m in self.mats[seat] if m.is_khan}
        out |= set(self.triples(seat))
        return sorted(out - set(self.bat_thuc[seat]))

    def win_state(self) -> WinState | None:
        """What the ù is judged on, once declared."""
        return self._win

    def _check_turn_to_take(self, a: Action[Card]) -> Placed[Card]:
        live = super()._check_turn_to_take(a)
        if live.origin is Origin.REVEAL:
            raise IllegalAction(a.seat, a, "a shown thiên khai can only be won on (T4.2)")
        return live

    def _check_held(self, a: Action[Card]) -> Phase:
        assert a.card is not None
        if self.hand[a.seat][a.card]:
            return self.phase
        if self.mode is Mode.REAL and any(a.card in m.all_cards for m in self.mats[a.seat]):
            return self.phase  # TD3: a mat card, judged (T4.15)
        raise CardNotHeld(a.seat, a, f"{a.card} is not in this seat's hand")
