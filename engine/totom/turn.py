"""A Tổ tôm turn (TOTOM T4.4–T4.12): the entitled player eats (a new phu, a gá, a yêu alone),
draws or says dưới; a phỗng or a dậy khàn out of turn is followed by trả cửa (T4.9); hạ trùng;
discards; the declines each leaves behind (T4.14) and the causes a closed claim window
records (TD5, TD7, at the event that closed it).
"""

from __future__ import annotations

from typing import Any

from engine.actions import Act, Action
from engine.errors import IllegalAction, NothingToEat, NotYourTurn
from engine.events import Declined, Event, Origin, Placed
from engine.game import Phase
from engine.totom import offences
from engine.totom.actions import TomAction
from engine.totom.cards import Card
from engine.totom.eats import EatPlan, plan_eat
from engine.totom.mat import MeldOrigin, SeatMeld
from engine.totom.melds import is_phu_doc
from engine.totom.opening import TomOpening


class TomTurn(TomOpening):
    """A turn's actions on top of the opening."""

    __slots__ = ()

    def _check_eat(self, a: Action[Card]) -> Phase:
        live = self._check_turn_to_take(a)
        if live.final:
            raise IllegalAction(a.seat, a, self.SAYS["no_more_draws"])
        plan = self._plan(a)
        if isinstance(plan, str):
            raise NothingToEat(a.seat, a, f"{plan} (T4.6)")
        return self.phase

    def _plan(self, a: Action[Card]) -> EatPlan | str:
        live = self.live
        assert live is not None and isinstance(a, TomAction)
        seat = a.seat
        if len(a.cards) >= self.hand_n[seat]:
            return "eating with the last hand cards leaves nothing to discard"
        return plan_eat(self.hand[seat], self.mats[seat], live.card, a.cards, a.onto)

    def _check_phong(self, a: Action[Card]) -> Phase:
        seat, phase = a.seat, self.phase
        live = self.live
        if phase is Phase.CLAIM and self._claim_index(seat, Act.PHONG) is not None:
            return phase
        if live is not None and seat == self.entitled and phase in (Phase.CLAIM, Phase.PLAY):
            self._check_turn_to_take(a)
            if not live.final and self.hand[seat][live.card] >= 2 \
                    and self.hand_n[seat] > self.hand[seat][live.card]:
                return phase  # at one's own cửa a phỗng is an eat (T4.6, T4.7)
        raise IllegalAction(seat, a, "phỗng takes the live card with a pair in the hand, not "
                                     "on the last card, not one's own discard (T4.7)")

    def _check_day_khan(self, a: Action[Card]) -> Phase:
        seat, phase = a.seat, self.phase
        if phase is not Phase.CLAIM or self._claim_index(seat, Act.DAY_KHAN) is None:
            raise IllegalAction(seat, a, "dậy khàn takes the live card onto one's face-down "
                                         "khàn of its kind, in its claim window (T4.8)")
        assert isinstance(a, TomAction)
        if a.cards:
            live = self.live
            assert live is not None
            if seat != self.entitled:
                raise IllegalAction(seat, a, "dậy khàn with a run only at one's own cửa (T4.8)")
            if any(self.hand[seat][c] < a.cards.count(c) for c in a.cards) or \
                    not is_phu_doc((live.card, *a.cards)) or len(a.cards) != 2:
                raise NothingToEat(seat, a, f"{live.card} with the hand cards makes no "
                                            f"three-card run (T4.8)")
            if self.hand_n[seat] < 3:
                raise NothingToEat(seat, a, "no card would be left to discard (T4.8)")
        return phase

    def _check_ha_trung(self, a: Action[Card]) -> Phase:
        seat, phase = a.seat, self.phase
        live = self.live
        assert isinstance(a, TomAction)
        own = live is not None and seat == self.entitled and (
            phase is Phase.PLAY or phase is Phase.CLAIM) and live.origin is not Origin.REVEAL
        claim = phase is Phase.CLAIM and self._claim_index(seat, Act.HA_TRUNG) is not None
        if not (own or claim) or live is None:
            raise NotYourTurn(seat, a, "hạ trùng is laid when the card comes to one's cửa, "
                                       "before drawing or dưới (T4.12)")
        if a.card != live.card or a.onto not in self.ha_trung_runs(seat, live.card):
            raise IllegalAction(seat, a, f"hạ trùng lays a copy of {live.card} onto a mat run "
                                         f"{live.card} extends at an end (T4.12)")
        return phase

    def _why_no_win(self, seat: int) -> str:
        live = self.live
        if live is None or not self.window_open:
            return "there is no card to ù on now (T5.1)"
        if live.origin is not Origin.DRAW and live.by == seat:
            return f"a player may not ù on {live.card}, which it placed itself (T5.1)"
        if not self.can_win_on(seat, live.card):
            return f"this hand does not win with {live.card} (T5.2)"
        return "this claim window has passed this seat (T4.4)"

    def _played(self, action: Action[Card], events: list[Event[Card]]) -> None:
        super()._played(action, events)
        if self._deferred:
            self._flush(len(self.record) - 1, events)

    def _flush(self, event: int, events: list[Event[Card]]) -> None:
        """What a closed claim window recorded: TD7, TD5 and declined phỗng (T4.14), at the
        event that closed it."""
        deferred, self._deferred = self._deferred, []
        for what, seat, card, cause in deferred:
            if what == "declined_phong":
                offences.note_declined_phong(self.hist[seat], card, event)
            else:
                self._judged([offences.violation(what, seat, card, event, cause)], events)

    def _decline_until(self, stop: int, events: list[Event[Card]]) -> None:
        live = self.live
        assert live is not None
        for i in range(self.claim_pos, stop):
            c = self.claims[i]
            if c.act is Act.DAY_KHAN:
                self._deferred.append(("TD7", c.seat, live.card, live.event))
            elif c.act is Act.PHONG:
                if self.obliged_phong(c.seat, live.card):
                    self._deferred.append(("TD7", c.seat, live.card, live.event))
                self._deferred.append(("declined_phong", c.seat, live.card, None))
            elif c.act is Act.HA_TRUNG:
                self._deferred.append(("TD5", c.seat, live.card, live.event))
        super()._decline_until(stop, events)

    def _do_draw(self, a: Action[Card], phase: Phase, faults: list[Any],
                 events: list[Event[Card]]) -> None:
        seat = a.seat
        self._left(seat, a, faults, events)
        self.last_drawer = seat
        card = self._noc[self.noc_pos]
        self.noc_pos += 1
        final = len(self._noc) - self.noc_pos == self.rules.noc_stop
        if not self._first_draw:
            self._first_draw = True
            cai, n = self.deal.cai_seat, self.players
            queue = tuple(s for s in ((seat + i) % n for i in range(n))
                          if s != cai and self.face_down(s, 4))
            if queue:  # T4.2: the others show their thiên khai before the card is seen
                self._queue, self._pending = queue, (card, seat, final)
                self.phase, self.actor = Phase.SHOW, queue[0]
                self._close_window()
                return
        self._place(card, seat, Origin.DRAW, seat, seat, True, final, events)

    def _do_pass(self, a: Action[Card], phase: Phase, faults: list[Any],
                 events: list[Event[Card]]) -> None:
        live = self.live
        if phase is Phase.OVER or (live is not None and live.final):
            super()._do_pass(a, phase, faults, events)
            return
        seat = a.seat
        self._left(seat, a, faults, events)
        self._close_window()
        self.entitled = (seat + 1) % self.players
        self.may_pass = False
        self.phase, self.actor = Phase.PLAY, self.entitled

    def _left(self, seat: int, a: Action[Card], faults: list[Any],
              events: list[Event[Card]]) -> None:
        """The entitled seat leaves the live card (draw or dưới): a decline (T4.14, an event
        ``Declined`` of ``eat`` or ``phong`` for the analyzer) and the duties it missed
        (``faults``: TD5, TD7, TD10)."""
        live = self.live
        assert live is not None
        declined = offences.decline_of(self, seat)
        self._played(self.ACTION(seat, Act.DRAW, self._noc[self.noc_pos])
                     if a.act is Act.DRAW and a.card is None else a, events)
        if declined is not None:
            offences.note_decline(self.hist[seat], declined, len(self.record) - 1)
            events.append(Declined(seat, Act.PHONG if declined.phong else Act.EAT, live.card,
                                   live.event))
        self._judged(faults, events)

    def _do_eat(self, a: Action[Card], phase: Phase, faults: list[Any],
                events: list[Event[Card]]) -> None:
        """T4.6: the live card with hand cards to the mat (a new phu or a gá); then a
        discard."""
        assert isinstance(a, TomAction)
        plan = self._plan(a)
        assert isinstance(plan, EatPlan)
        self._played(a, events)
        self._judged(faults, events)
        self._take(a.seat, list(a.cards), plan)
        self.phase, self.actor = Phase.DISCARD, a.seat

    def _take(self, seat: int, cards: list[Card], plan: EatPlan) -> None:
        """The live card leaves its cửa for the seat's mat with ``cards`` from the hand."""
        live = self.live
        assert live is not None
        self.cua[live.cua].pop()
        for c in cards:
            self._add(seat, c, -1)
        if plan.onto is None:
            meld = SeatMeld(self._meld_id(), plan.origin, plan.cards, plan.trung,
                            taken=live.card)
        else:
            meld = self.mats[seat][plan.onto]
            meld = SeatMeld(meld.id, meld.origin, plan.cards, plan.trung, False, meld.taken)
        self._set_meld(seat, plan.onto, meld)
        self.hist[seat].taken.append((live.card, len(self.record) - 1))
        if plan.origin is MeldOrigin.PHONG:
            self.bat_thuc[seat].pop(live.card, None)  # T4.13: the khàn is back
        self._close_window()

    def _do_phong(self, a: Action[Card], phase: Phase, faults: list[Any],
                  events: list[Event[Card]]) -> None:
        """T4.7: the pair (every copy held) and the live card face up on the mat; trả cửa
        after it, unless taken at one's own cửa."""
        seat = a.seat
        live = self.live
        assert live is not None
        self._played(a, events)
        self._judged(faults, events)
        n = self.hand[seat][live.card]
        plan = EatPlan((live.card,) * (n + 1), (), MeldOrigin.PHONG, None)
        self._take(seat, [live.card] * n, plan)
        self._after_take(seat, live)

    def _after_take(self, seat: int, live: Placed[Card]) -> None:
        if seat == self.entitled:
            self.phase, self.actor = Phase.DISCARD, seat
        else:
            self._take_out_of_turn(seat, live)

    def _do_day_khan(self, a: Action[Card], phase: Phase, faults: list[Any],
                     events: list[Event[Card]]) -> None:
        """T4.8: the live card onto the face-down khàn, a thiên khai face up; or, at one's
        own cửa, the khàn turned up and the card eaten into a run."""
        assert isinstance(a, TomAction)
        seat = a.seat
        live = self.live
        assert live is not None
        self._played(a, events)
        self._judged(faults, events)
        i = self._khan_of(seat, live.card)
        assert i is not None
        khan = self.mats[seat][i]
        if a.cards:
            self._set_meld(seat, i, SeatMeld(khan.id, MeldOrigin.KHAN, khan.cards))
            run = tuple(sorted((live.card, *a.cards)))
            self._take(seat, list(a.cards), EatPlan(run, (), MeldOrigin.EATEN, None))
        else:
            self.cua[live.cua].pop()
            self._set_meld(seat, i, SeatMeld(khan.id, MeldOrigin.THIEN_KHAI,
                                             (*khan.cards, live.card), taken=live.card))
            self.hist[seat].taken.append((live.card, len(self.record) - 1))
            self._close_window()
        self._after_take(seat, live)

    def _do_ha_trung(self, a: Action[Card], phase: Phase, faults: list[Any],
                     events: list[Event[Card]]) -> None:
        """T4.12: the copy of the live card goes onto the mat run it extends."""
        assert isinstance(a, TomAction) and a.card is not None and a.onto is not None
        seat = a.seat
        self._played(a, events)
        self._add(seat, a.card, -1)
        meld = self.mats[seat][a.onto]
        self._set_meld(seat, a.onto, meld.grown((a.card,)))
        if phase is Phase.CLAIM:
            stop = self._claim_index(seat, Act.HA_TRUNG)
            if stop is not None:  # a claim at another's cửa (any_cua): the window goes on
                self.claim_pos = stop + 1
                self._after_claims(events)
            else:  # the entitled seat's own duty: every claim passed
                self.phase, self.actor = Phase.PLAY, seat

    def _do_discard(self, a: Action[Card], phase: Phase, faults: list[Any],
                    events: list[Event[Card]]) -> None:
        seat = a.seat
        if phase is Phase.OPENING and self._dealt_win(seat):  # T5.7: thiên ù let pass
            self.hist[seat].bo_u.append(len(self.record))
            events.append(Declined(seat, Act.WIN, None, len(self.record)))
        self._played(a, events)
        card = self._let_go(a, faults, events)
        self._place(card, seat, Origin.DISCARD, seat, (seat + 1) % self.players, False, False,
                    events)

    def _do_return(self, a: Action[Card], phase: Phase, faults: list[Any],
                   events: list[Event[Card]]) -> None:
        x = self._taken_from
        assert x is not None
        self._played(a, events)
        card = self._let_go(a, faults, events)
        self._taken_from = None
        # T4.9: R takes X's place, and the turn order does not change — the drawer decides on
        # R as on its own draw, after a discard the next seat is entitled, and a card returned
        # in place of a returned card keeps the place the first one took.
        self._place(card, x.cua, Origin.RETURN, a.seat, x.home, x.home_may_pass, False, events)

    def _let_go(self, a: Action[Card], faults: list[Any], events: list[Event[Card]]) -> Card:
        """A discard or trả cửa leaves the hand (or, TD3, the mat)."""
        seat, card = a.seat, a.card
        assert card is not None
        self._judged(faults, events)
        self.hist[seat].unlaid_judged = True
        if self.hand[seat][card]:
            self._add(seat, card, -1)
            bt = self.bat_thuc[seat].get(card)
            if bt is not None:
                self.bat_thuc[seat][card] = bt._replace(discarded=bt.discarded + 1)
        else:
            self._break(seat, card)
        self.hist[seat].discards.append((card, len(self.record) - 1))
        return card

    def _break(self, seat: int, card: Card) -> None:
        """TD3: a card leaves a mat meld, which lies broken from then on."""
        mats = self.mats[seat]
        order = sorted(range(len(mats)), key=lambda i: (not mats[i].broken, mats[i].face_down))
        i = next(i for i in order if card in mats[i].all_cards)
        meld = mats[i]
        left = list(meld.all_cards)
        left.remove(card)
        if left:
            mats[i] = SeatMeld(meld.id, meld.origin, tuple(left), (), False, meld.taken, True)
        else:
            mats.pop(i)
        self._pos[seat] = None
