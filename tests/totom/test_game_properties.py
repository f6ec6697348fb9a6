"""Properties of whole random games of Tổ tôm (TOTOM T1.1, T4, T6; DESIGN "a game is fully
determined by its deal and its action list"): the 120 cards are always all there; every legal
action applies; a replay of the record equals the live game; the verdict never contradicts
the offences recorded; an observation never shows another seat's hand."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.actions import Act
from engine.game import Mode
from engine.totom.cards import DECK_SIZE
from engine.totom.deal import Deal
from engine.totom.game import AUTOMATIONS, TomGame
from engine.totom.rulebook import CHEO_DO, UNPAID, consequence_of
from engine.totom.rules import TomRules
from engine.totom.verdict import Verdict

RULES = (TomRules(), TomRules(players=4), TomRules(ha_trung_scope="any_cua", noc_stop=2),
         TomRules(yeu_offence="unpaid", call_order="wrong", chi_nay_leo="separate"))


def cards_on_the_table(game: TomGame) -> int:
    """Every card: hands, mats, cửa piles, the nọc and a draw waiting for the shows."""
    pending = 1 if game._pending is not None else 0
    return (sum(game.hand_n) + sum(len(m.all_cards) for mat in game.mats for m in mat)
            + sum(len(p) for p in game.cua) + game.noc_left + pending)


def random_game(seed: int, rules: TomRules, mode: Mode, automations: frozenset[str],
                greedy: float) -> tuple[TomGame, Deal]:
    """A game played to its end by random legal actions (a win taken with chance ``greedy``),
    checking at every step that the cards are all there and that every legal action is one
    the game accepts."""
    rng = random.Random(seed)
    deal = Deal.shuffled(seed, rules, seed % rules.players)
    game = TomGame(deal, rules, mode, automations=automations)
    while not game.is_over:
        assert cards_on_the_table(game) == DECK_SIZE
        moves = game.legal_actions()
        assert moves, game
        for a in rng.sample(moves, min(3, len(moves))):
            assert game.can(a), a
            game.copy().apply(a)
        wins = [a for a in moves if a.act in (Act.WIN, Act.CALL)]
        game.apply(rng.choice(wins) if wins and rng.random() < greedy else rng.choice(moves))
    assert cards_on_the_table(game) == DECK_SIZE
    return game, deal


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), rules=st.sampled_from(RULES),
       mode=st.sampled_from(list(Mode)), automations=st.sampled_from(
           [frozenset(), AUTOMATIONS, frozenset({"lay", "reveal"})]),
       greedy=st.sampled_from([0.0, 0.9]))
def test_t1_1_t4_random_games_keep_120_cards_and_replay_exactly(
        seed: int, rules: TomRules, mode: Mode, automations: frozenset[str],
        greedy: float) -> None:
    game, deal = random_game(seed, rules, mode, automations, greedy)
    again = TomGame.replay(deal, game.record, rules, mode, complete=True)
    assert again.state_key() == game.state_key()
    assert again.log == game.log
    for cut in (len(game.record) // 3, len(game.record) // 2):
        part = TomGame.replay(deal, game.record[:cut], rules, mode)
        assert part.record == game.record[:cut]


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), rules=st.sampled_from(RULES),
       automations=st.sampled_from([frozenset(), AUTOMATIONS]))
def test_t6_1_the_verdict_never_contradicts_the_recorded_offences(
        seed: int, rules: TomRules, automations: frozenset[str]) -> None:
    game, _ = random_game(seed, rules, Mode.REAL, automations, 0.95)
    s = game.settlement
    assert s is not None
    assert all(v.rule != "TN3" for v in game.violations)  # T3.8: never in play
    if s.verdict is Verdict.NONE:
        assert game.outcome is not None and s.ke_seat == game.last_drawer
        return
    assert s.winner is not None
    mine = [v.rule for v in game.hist[s.winner].faults]
    assert list(s.offences) == game.hist[s.winner].faults
    costs = {consequence_of(r, rules) for r in mine}
    want = Verdict.CHEO_DO if CHEO_DO in costs else Verdict.UNPAID if UNPAID in costs \
        else Verdict.PAID
    assert s.verdict is want
    assert set(s.rules) <= set(mine)
    assert s.score <= s.true_score or s.verdict is not Verdict.PAID or s.judgement is not None


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_design_an_observation_never_shows_another_seats_hand(seed: int) -> None:
    rng = random.Random(seed)
    game = TomGame(Deal.shuffled(seed), TomRules(), Mode.REAL, automations=AUTOMATIONS)
    for _ in range(30):
        if game.is_over:
            break
        for seat in range(game.players):
            seen = game.observation(seat)
            assert seen.hand == game.hand_cards(seat)
            for other in range(game.players):
                if other != seat:
                    assert all(m.cards == () for m, real in zip(seen.mats[other],
                                                                game.mats[other], strict=True)
                               if real.face_down)
            assert all(a.card is None for a in seen.history
                       if a.seat != seat and a.act in (Act.UP_KHAN, Act.UP_THIEN_KHAI,
                                                       Act.BAT_THUC))
        game.apply(rng.choice(game.legal_actions()))
