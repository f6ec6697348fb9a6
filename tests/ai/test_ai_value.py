"""The value model (value.py) orders hands the way the rules say they should (R3.6, R5)."""

from __future__ import annotations

import random

from engine.chan import hand as H
from engine.chan.ai.value import STUCK, uniform, value
from engine.chan.ai.worlds import clone
from engine.chan.cards import N_KINDS, parse_cards
from engine.chan.deal import Deal
from engine.chan.game import ChanGame as Game
from engine.chan.masks import CLEAN
from engine.chan.violations import SeatHistory


def v(text: str, seen: str = "", draws: int = 15, mat_chan: int = 0, mat_ca: int = 0) -> float:
    cards = parse_cards(text)
    h = H.pack(cards)
    s = H.pack(parse_cards(seen))
    unseen = tuple(4 - H.count(h, k) - H.count(s, k) for k in range(N_KINDS))
    return value(h, len(cards), mat_chan, mat_ca, CLEAN, uniform(unseen, draws, 0.06))


RONG_5V = "2v 2v 3v 3v 4v 4v 6v 6v 7v 7v 8v 8v 2n 2s 3n 3s 4n 4s 5v"
BACH_THU_9S = "2v 2v 3v 3v 4v 4v 6v 6v 7v 7v 2n 2s 3n 3s 4n 4s 8n 8s 9s"
ONE_EAT = "2v 2v 3v 3v 4v 4v 6v 6v 7v 7v 8v 8v 2n 2s 3n 3s 5v 9n cc"
THREE_EATS = "2v 2v 3v 3v 4v 4v 6v 6v 7v 7v 8v 8v 2n 3n 5v 9n cc 4s 6s"
RONG_CC = "2v 2v 3v 3v 4v 4v 6v 6v 7v 7v 8v 8v 2n 2s 3n 3s 4n 4s cc"


def test_a_wide_wait_beats_a_single_wait_and_fewer_eats_beat_more() -> None:
    assert v(RONG_5V) > v(BACH_THU_9S) > 0
    assert v(RONG_5V) > v(ONE_EAT) > v(THREE_EATS) > 0


def test_dead_wait_cards_are_worth_nothing() -> None:
    assert v(RONG_5V, seen="5v 5v 5v 5n 5n 5n 5n 5s 5s 5s 5s") == 0.0


def test_live_wait_cards_and_time_add_value() -> None:
    assert v(RONG_5V) > v(RONG_5V, seen="5n 5n 5n")
    assert v(RONG_5V, draws=20) > v(RONG_5V, draws=3)


def test_chi_chi_with_six_chan_cannot_wait() -> None:
    assert v(RONG_CC) == STUCK  # R5.3: only bạch thủ chi wins on Chi chi


def test_a_clone_is_an_independent_equal_game() -> None:
    game = Game(Deal.shuffled(4))
    rng = random.Random(4)
    for _ in range(20):
        game.apply(rng.choice(game.legal_actions()))
    twin = clone(game)
    assert twin.state_key() == game.state_key()
    while not twin.is_over:
        twin.apply(rng.choice(twin.legal_actions()))
    assert twin.state_key() != game.state_key()
    assert len(game.record) == 20


def test_a_history_with_nothing_done_allows_everything() -> None:
    assert SeatHistory().masks == CLEAN
