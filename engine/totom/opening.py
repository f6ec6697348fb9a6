"""The opening of a Tổ tôm game (TOTOM T4.1, T4.2, T4.13): each seat lays its khàn and thiên
khai face down (or declares bất thực) in play order from the cái; the cái shows its thiên khai
before its first discard, the others just before the first draw; each shown thiên khai opens
a window where only ù may be claimed. Records hold no declines: a step that no action takes
up was let pass (TN2 for what it left undone).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engine.actions import Act, Action
from engine.errors import CardNotHeld, NotYourTurn
from engine.events import Event, Origin, Placed
from engine.game import Phase
from engine.totom import offences
from engine.totom.cards import Card
from engine.totom.mat import MeldOrigin, SeatMeld
from engine.totom.seats import BatThuc, TomSeats


class TomOpening(TomSeats):
    """The opening's steps on top of the seats."""

    __slots__ = ()

    def _check(self, a: Action[Card]) -> Phase:
        if self.phase in (Phase.LAY, Phase.SHOW) and not self._in_step(a):
            twin = self.copy()
            twin._end_step([])
            return twin._check(a)
        return super()._check(a)

    def _in_step(self, a: Action[Card]) -> bool:
        """Whether ``a`` belongs to the opening step in progress (LAY or SHOW)."""
        if a.act is Act.DECLINE:
            return a.seat == self.actor
        acts = (Act.UP_KHAN, Act.UP_THIEN_KHAI, Act.BAT_THUC) if self.phase is Phase.LAY \
            else (Act.REVEAL,)
        return a.act in acts and a.seat in self._queue

    def _check_decline(self, a: Action[Card]) -> Phase:
        if self.phase in (Phase.LAY, Phase.SHOW) and a.seat == self.actor:
            return self.phase
        return super()._check_decline(a)

    def _check_lay(self, a: Action[Card]) -> Phase:
        if self.phase is not Phase.LAY or a.seat not in self._queue:
            raise NotYourTurn(a.seat, a, "khàn and thiên khai are laid face down at the "
                                         "opening, in play order from the cái (T4.1)")
        assert a.card is not None
        want = 3 if a.act is Act.UP_KHAN else 4
        if self.hand[a.seat][a.card] != want or a.card in self.bat_thuc[a.seat]:
            what = "khàn" if want == 3 else "thiên khai"
            raise CardNotHeld(a.seat, a, f"a {what} of {a.card} is {want} identical cards in "
                                         f"the hand (T3.5)")
        return self.phase

    def _check_bat_thuc(self, a: Action[Card]) -> Phase:
        seat, phase = a.seat, self.phase
        own = (phase is Phase.LAY and seat in self._queue) or (
            phase is Phase.OPENING and seat == self.actor) or (
            phase is Phase.PLAY and seat == self.actor) or (
            phase is Phase.CLAIM and seat == self.entitled and self.live is not None
            and self.live.origin is not Origin.REVEAL and not self.live.final)
        if not own:
            raise NotYourTurn(seat, a, "bất thực is declared at the opening or on one's own "
                                       "decision (T4.13)")
        if a.card not in self.bat_thuc_kinds(seat):
            raise CardNotHeld(seat, a, f"this seat has no khàn or thiên khai of {a.card} to "
                                       f"give up (T4.13)")
        return phase

    def _check_reveal(self, a: Action[Card]) -> Phase:
        seat, phase = a.seat, self.phase
        if not ((phase is Phase.OPENING and seat == self.actor)
                or (phase is Phase.SHOW and seat in self._queue)):
            raise NotYourTurn(seat, a, "the cái shows its thiên khai before its first discard, "
                                       "the others just before the first draw (T4.2)")
        if not any(m.kind == a.card for m in self.face_down(seat, 4)):
            raise CardNotHeld(seat, a, f"this seat has no face-down thiên khai of {a.card}")
        return phase

    def _apply_one(self, action: Action[Card]) -> list[Event[Card]]:
        events: list[Event[Card]] = []
        if self.phase in (Phase.LAY, Phase.SHOW):
            if not self._in_step(action):
                self._check(action)  # on a copy: the step ends only for a legal action
                self._end_step(events)
            elif action.act is not Act.DECLINE:
                while self._queue and self._queue[0] != action.seat:
                    self._step_declined(self._queue[0], events)
                    self._queue = self._queue[1:]
                self.actor = action.seat
            self.log.extend(events)
        return events + super()._apply_one(action)

    def _end_step(self, events: list[Event[Card]]) -> None:
        """Every seat left in the opening step lets it pass (records hold no declines)."""
        while self.phase in (Phase.LAY, Phase.SHOW):
            assert self.actor is not None
            self._step_declined(self.actor, events)
            self._next_in_step(events, drop=True)

    def _step_declined(self, seat: int, events: list[Event[Card]]) -> None:
        """A seat lays nothing more (LAY: what it keeps is TN2 at its first discard) or shows
        nothing (SHOW: TN2 now, at the first draw)."""
        if self.phase is Phase.LAY:
            self.hist[seat].unlaid = tuple(self.triples(seat))
            return
        draw = self._pending_draw_event()
        for m in self.face_down(seat, 4):
            self._judged([offences.violation("TN2", seat, m.kind, draw)], events)

    def _pending_draw_event(self) -> int:
        return max(i for i, a in enumerate(self.record) if a.act is Act.DRAW)

    def _next_in_step(self, events: list[Event[Card]], drop: bool) -> None:
        """Move on to the next seat of the step when the actor is done (``drop``: it is)."""
        if self.phase is Phase.LAY:
            queue = list(self._queue)
            if queue and (drop or not self.triples(queue[0])):
                queue.pop(0)
            while queue and not self.triples(queue[0]):
                queue.pop(0)
            self._queue = tuple(queue)
            if queue:
                self.actor = queue[0]
            else:
                self.phase, self.actor = Phase.OPENING, self.deal.cai_seat
            return
        queue = list(self._queue)
        if queue and (drop or not self.face_down(queue[0], 4)):
            queue.pop(0)
        self._queue = tuple(queue)
        if queue:
            self.actor = queue[0]
            return
        assert self._pending is not None
        card, drawer, final = self._pending
        self._pending = None
        self._place(card, drawer, Origin.DRAW, drawer, drawer, True, final, events)

    def _do_decline(self, a: Action[Card], phase: Phase, faults: list[Any],
                    events: list[Event[Card]]) -> None:
        if phase in (Phase.LAY, Phase.SHOW):
            self._step_declined(a.seat, events)
            self._next_in_step(events, drop=True)
            return
        super()._do_decline(a, phase, faults, events)

    def _do_lay(self, a: Action[Card], phase: Phase, faults: list[Any],
                events: list[Event[Card]]) -> None:
        """T4.1: a khàn or thiên khai goes face down on the mat."""
        seat, k = a.seat, a.card
        assert k is not None
        self._played(a, events)
        n = self.hand[seat][k]
        self._add(seat, k, -n)
        origin = MeldOrigin.KHAN if n == 3 else MeldOrigin.THIEN_KHAI
        self._set_meld(seat, None, SeatMeld(self._meld_id(), origin, (k,) * n, face_down=True))
        self._next_in_step(events, drop=False)

    def _do_bat_thuc(self, a: Action[Card], phase: Phase, faults: list[Any],
                     events: list[Event[Card]]) -> None:
        """T4.13: the khàn or thiên khai goes back into the hand, no longer a lưng."""
        seat, k = a.seat, a.card
        assert k is not None
        self._played(a, events)
        mats = self.mats[seat]
        found = next((i for i, m in enumerate(mats) if m.is_khan and m.kind == k), None)
        if found is not None:
            meld = mats.pop(found)
            self._add(seat, k, len(meld.cards))
            size = len(meld.cards)
        else:
            size = self.hand[seat][k]
        self.bat_thuc[seat][k] = BatThuc(size, 0, len(self.record) - 1)
        self._pos[seat] = None
        if phase is Phase.LAY:
            self._next_in_step(events, drop=False)
        elif phase is Phase.CLAIM:  # the entitled seat's own decision: the claims passed
            self.phase, self.actor = Phase.PLAY, seat

    def _do_reveal(self, a: Action[Card], phase: Phase, faults: list[Any],
                   events: list[Event[Card]]) -> None:
        """T4.2: the thiên khai turns face up; its ù window opens (only ù)."""
        seat, k = a.seat, a.card
        assert k is not None
        self._played(a, events)
        mats = self.mats[seat]
        i = next(i for i, m in enumerate(mats) if m.face_down and m.kind == k
                 and len(m.cards) == 4)
        self._set_meld(seat, i, replace(mats[i], face_down=False))
        self._reveal_ctx = (self.phase, self.actor, self.live, self.entitled, self.may_pass,
                            self.window_open)
        self.live = Placed(k, seat, Origin.REVEAL, seat, seat, False, False,
                           len(self.record) - 1)
        self.entitled, self.may_pass, self.window_open = seat, False, True
        self.claims = self._claims_on(k, Origin.REVEAL, seat, seat, False)
        self.claim_pos = 0
        self._after_claims(events)

    def _after_claims(self, events: list[Event[Card]]) -> None:
        live = self.live
        if live is not None and live.origin is Origin.REVEAL \
                and self.claim_pos >= len(self.claims):
            ctx = self._reveal_ctx
            assert ctx is not None
            self._reveal_ctx = None
            (self.phase, self.actor, self.live, self.entitled, self.may_pass,
             self.window_open) = ctx
            self.claims, self.claim_pos = [], 0
            if self.phase is Phase.SHOW:
                self._next_in_step(events, drop=False)
            return
        super()._after_claims(events)
