"""The nọc-stop card (R4.9) takes only ù — or its drawer's dưới, which ends the game — and a chíu
that would win is one chance, the chíu ù (R4.7).

Tables at 2, 3 and 4 players in the FORMATS hands form (tests/engine/stop_tables.py).

(Asked for by issue 14, the engine's side.)
"""

from __future__ import annotations

import pytest
from positions import CHIU_U_5S, make_game, play
from stop_tables import (
    BACH_THU_9S,
    CASES,
    CHIU_U_9S,
    TABLES,
    scenario,
    stop_drawer,
    table,
    to_stop,
)

from engine.actions import Act, Action
from engine.chan.cards import Card
from engine.chan.game import ChanGame as Game
from engine.errors import GameOver, IllegalAction, NotYourTurn
from engine.events import Claim, Declined, Ended, EndKind, Played
from engine.game import Phase


def _declined(events: list[object]) -> list[tuple[int, Act]]:
    return [(e.seat, e.act) for e in events if isinstance(e, Declined)]


# ---------------------------------------------------------------- R4.9 who may take the card


@pytest.mark.parametrize(("name", "players", "noc_stop"), CASES)
def test_R4_9_only_u_claims_are_pending_on_the_stop_card(name: str, players: int,
                                                         noc_stop: int) -> None:
    """Whoever may still take the stop card may only ù it (a chíu ù included); a chíu, a báo
    seat's ù or a hand that does not win is never listed as a pending claim."""
    deal, prefix, respond, claimants = scenario(name, players, noc_stop)
    game = to_stop(deal, noc_stop, prefix, respond)
    live = game.live
    assert live is not None and live.final and live.by == stop_drawer(players, noc_stop)
    assert game.noc_left == noc_stop
    assert game.pending_claims() == tuple(Claim(s, Act.WIN) for s in claimants)
    assert game.is_over == (not claimants)
    if name == "bao_could_u":  # it would win, but a báo seat may not ù (R4.8)
        seat = (live.by + 1) % players
        assert game.bao[seat] and game.can_win_on(seat, Card.S9)
    if name == "bao_drawer":
        assert game.bao[live.by]
    if name == "three_no_win":
        seat = (live.by + 1) % players
        assert game.hand_count(seat, Card.S9) == 3 and not game.can_win_on(seat, Card.S9)
    if name == "chiu_before_stop":
        assert [a.act for a in game.record[-5:-2]] == [Act.DRAW, Act.CHIU, Act.RETURN]


# ---------------------------------------------------------------- R4.9 the drawer's dưới


@pytest.mark.parametrize(("players", "noc_stop"), TABLES)
def test_R4_9_drawers_duoi_after_a_drawn_end_is_accepted_and_changes_nothing(
        players: int, noc_stop: int) -> None:
    d = stop_drawer(players, noc_stop)
    game = to_stop(table(players, noc_stop, {d: "9s 9s"}), noc_stop)
    assert game.is_over and game.outcome is not None and game.outcome.kind is EndKind.DRAW
    before = (game.outcome, game.settlement, game.noc_left, list(game.cua), game.phase)
    events = game.apply(Action(d, Act.PASS))
    assert events == [Played(len(game.record) - 1, Action(d, Act.PASS))]
    assert (game.outcome, game.settlement, game.noc_left, list(game.cua), game.phase) == before
    assert game.record[-1] == Action(d, Act.PASS) and game.legal_actions() == []


@pytest.mark.parametrize(("players", "noc_stop"), TABLES)
def test_R4_9_drawers_duoi_with_claims_pending_declines_them_and_ends_drawn(
        players: int, noc_stop: int) -> None:
    d = stop_drawer(players, noc_stop)
    other = (d + 1) % players
    game = to_stop(table(players, noc_stop, {other: BACH_THU_9S, d: "9s 9s"}), noc_stop)
    assert game.phase is Phase.CLAIM and game.pending_claims() == (Claim(other, Act.WIN),)
    events = game.apply(Action(d, Act.PASS))
    assert _declined(events) == [(other, Act.WIN)]
    assert game.is_over and game.outcome is not None and game.outcome.kind is EndKind.DRAW
    assert isinstance(events[-1], Ended) and game.noc_left == noc_stop
    assert game.settlement is not None and set(game.settlement.transfers) == {0}


@pytest.mark.parametrize(("players", "noc_stop"), TABLES)
def test_R4_9_only_the_drawer_only_once_and_nothing_else(players: int, noc_stop: int) -> None:
    d = stop_drawer(players, noc_stop)
    other = (d + 1) % players
    ended = to_stop(table(players, noc_stop, {d: "9s 9s"}), noc_stop)
    with pytest.raises(GameOver):
        ended.apply(Action(other, Act.PASS))
    for act in (Act.DRAW, Act.WIN, Act.CHIU):
        with pytest.raises(GameOver):
            ended.apply(Action(d, act))
    with pytest.raises(GameOver):
        ended.apply(Action(d, Act.EAT, Card.S9))
    ended.apply(Action(d, Act.PASS))
    with pytest.raises(GameOver):
        ended.apply(Action(d, Act.PASS))
    # while a claim on it is pending: the drawer may not eat it nor draw again; others wait
    pending = to_stop(table(players, noc_stop, {other: BACH_THU_9S, d: "9s 9s"}), noc_stop)
    with pytest.raises(IllegalAction, match=r"R4\.9"):
        pending.apply(Action(d, Act.EAT, Card.S9))
    with pytest.raises(IllegalAction):
        pending.apply(Action(d, Act.DRAW))
    if players > 2:
        with pytest.raises(NotYourTurn):
            pending.apply(Action((d + 2) % players, Act.PASS))
    assert pending.phase is Phase.CLAIM and pending.pending_claims() == (Claim(other, Act.WIN),)


@pytest.mark.parametrize(("players", "noc_stop"), TABLES)
def test_R4_9_a_bao_drawer_may_say_duoi_on_the_stop_card(players: int, noc_stop: int) -> None:
    deal, prefix, respond, claimants = scenario("bao_drawer", players, noc_stop)
    game = to_stop(deal, noc_stop, prefix, respond)
    d = stop_drawer(players, noc_stop)
    assert game.bao[d]
    events = game.apply(Action(d, Act.PASS))
    assert _declined(events) == [(s, Act.WIN) for s in claimants]
    assert game.outcome is not None and game.outcome.kind is EndKind.DRAW


def test_R4_9_a_chiu_u_on_the_stop_card_may_still_be_won() -> None:
    d = stop_drawer(4, 1)
    game = to_stop(table(4, 1, {(d + 1) % 4: CHIU_U_9S}), 1)
    game.apply(Action((d + 1) % 4, Act.WIN))
    assert game.outcome is not None and game.outcome.chiu_u and game.outcome.card is Card.S9


# ---------------------------------------------------------------- R4.7 chíu ù, one chance


def test_R4_7_a_chiu_that_would_win_is_offered_once_as_the_chiu_u() -> None:
    game = make_game(["5s", "", "", CHIU_U_5S])
    game.discard(0, Card.S5)
    assert game.pending_claims() == (Claim(3, Act.WIN),)
    assert [a.act for a in game.legal_actions()] == [Act.WIN, Act.DECLINE]
    events = game.decline(3)
    assert _declined(events) == [(3, Act.WIN)]
    assert game.phase is Phase.PLAY and game.actor == 1
    assert game.hist[3].bo_u == [0]


def test_R4_7_on_a_drawn_card_too_and_letting_it_pass_is_one_decline() -> None:
    game = make_game(["cc", "", CHIU_U_5S, ""], "5s")
    play(game, "0 discard cc", "1 draw 5s")
    assert game.pending_claims() == (Claim(2, Act.WIN),)
    events = game.apply(Action(1, Act.PASS))  # the drawer's dưới lets the chíu ù pass
    assert _declined(events) == [(2, Act.WIN)]


def test_R4_7_a_recorded_plain_chiu_instead_of_the_chiu_u_is_a_bo_u_then_a_chiu() -> None:
    """Records made before issue 14 could hold it: still read, judged as bỏ ù (R7.1)."""
    game = make_game(["5s", "", "", CHIU_U_5S])
    game.discard(0, Card.S5)
    events = game.apply(Action(3, Act.CHIU))
    assert _declined(events) == [(3, Act.WIN)]
    assert game.phase is Phase.RETURN and game.actor == 3 and game.hist[3].bo_u == [0]
    again = Game.replay(game.deal, [*game.record, Action(3, Act.RETURN, Card.S7)])
    assert again.phase is Phase.PLAY and _declined(again.log) == [(3, Act.WIN)]


def test_R4_7_a_chiu_that_would_not_win_is_still_a_chiu_claim() -> None:
    game = make_game(["5s", "", "", "5s 5s 5s"])
    game.discard(0, Card.S5)
    assert game.pending_claims() == (Claim(3, Act.CHIU),)
    assert _declined(game.decline(3)) == [(3, Act.CHIU)]
