"""The computer's view of a decision (issue 8: "the computer's suggestion and the value lost,
from evaluate"): values for every legal move, lost() zero for the best and positive for a
worse one, only the seat's observation used, claims (R4.2) advised too, and the decisions a
seat made in a recorded game — its claims let pass included, as the analyzer counts them.
The default adviser is the strong player (issue 15), which searches each close decision: the
tests that ask it about every decision of a game ask about every ``EVERY``-th one."""

from __future__ import annotations

import pickle
from collections.abc import Iterator

import pytest

from engine.actions import Act, Action
from engine.chan.ai.selfplay import play_session, reproducible_player
from engine.chan.deal import Deal
from engine.chan.game import ChanGame as Game
from engine.game import Phase
from replays.advice import (
    ADVICE_SEED,
    ADVISER,
    NoAdvice,
    advise,
    as_choice,
    deciding,
    decision_points,
)
from replays.analyzer import game_annotations

EVERY = 4  # a strong advice searches: every 4th decision keeps the tests a few seconds


@pytest.fixture(scope="module")
def games() -> list[Game]:
    """Self-play games with a beginner (it slips: worse moves, lỗi, claims let pass)."""
    return play_session(("random", "random", "beginner", "normal"), 12, seed=8)


def positions(game: Game) -> Iterator[Game]:
    """Every position of a recorded game, from the deal on (copies)."""
    g = Game(game.deal, game.rules, game.mode, game.thong_seat)
    for action in game.record:
        yield g.copy()
        g.apply(action)


def test_the_best_move_loses_nothing_and_a_worse_one_loses_value(games: list[Game]) -> None:
    checked = 0
    for game in games:
        for point in decision_points(game, 3)[::EVERY]:
            advice = advise(point.before)
            legal = point.before.legal_actions()
            assert advice.seat == 3 and set(advice.values) == set(legal)
            assert advice.best in legal and advice.lost(advice.best) == 0.0
            assert advice.best_value == max(v for a, v in advice.values.items()
                                            if not point.before.faults_of(a)) or \
                all(point.before.faults_of(a) for a in legal)
            worse = [a for a in legal if advice.values[a] < advice.best_value]
            for a in worse:
                assert advice.lost(a) == pytest.approx(advice.best_value - advice.values[a])
                assert advice.lost(a) > 0
            checked += bool(worse)
            assert advice.reason_vi and advice.reason_en
    assert checked > 20 // EVERY


def test_the_beginners_slips_show_as_value_lost(games: list[Game]) -> None:
    lost = [advise(p.before).lost(p.action) for g in games
            for p in decision_points(g, 2)[::EVERY]
            if as_choice(p.action) in p.before.legal_actions()]
    assert len(lost) > 100 // EVERY  # recorded draws (which name their card) included
    assert any(v > 0 for v in lost) and all(v >= 0 for v in lost)


def test_an_action_that_is_not_legal_has_no_value(games: list[Game]) -> None:
    start = next(positions(games[0]))
    advice = advise(start)
    seat = advice.seat
    held = start.hand_cards(seat)
    missing = next(c for c in range(25) if c not in held)
    with pytest.raises(ValueError) as info:
        advice.lost(Action(seat, Act.DISCARD, missing))  # type: ignore[arg-type]
    assert isinstance(info.value, NoAdvice)
    assert "not one of seat" in info.value.en and "không phải nước đi hợp lệ" in info.value.vi


def test_advice_reads_the_seats_observation_only() -> None:
    deal = Deal.shuffled(21)
    me = deal.cai_seat
    a, b = [s for s in range(4) if s != me][:2]
    x = next(c for c in deal.hands[a] if c not in deal.hands[b])
    y = next(c for c in deal.hands[b] if c != x and c not in deal.hands[a])
    z = next(c for c in deal.noc[10:] if c not in (x, y))
    hands = [list(h) for h in deal.hands]
    hands[a].remove(x)  # x goes to the nọc, y to a, z (from the nọc) to b
    hands[a].append(y)
    hands[b].remove(y)
    hands[b].append(z)
    noc = list(deal.noc)
    noc[noc.index(z, 10)] = x
    other = Deal.from_hands(hands, noc, deal.cai_card)
    one, two = Game(deal), Game(other)
    assert one.observation(me) == two.observation(me)
    assert one.hand_cards(a) != two.hand_cards(a)
    first, second = advise(one), advise(two)
    assert (first.best, dict(first.values), first.reason_en) == (
        second.best, dict(second.values), second.reason_en)
    adviser = reproducible_player(ADVISER, ADVICE_SEED)  # its own evaluation, of what it saw
    assert dict(first.values) == adviser.evaluate(one.observation(me))


def test_a_seat_waiting_behind_a_claim_is_advised_as_if_it_was_let_pass(
        games: list[Game]) -> None:
    found = 0
    for game in games:
        for g in positions(game):
            if g.phase is not Phase.CLAIM or g.entitled == g.actor or g.live is None \
                    or g.live.final:
                continue
            key = g.state_key()
            advice = advise(g, g.entitled)
            assert g.state_key() == key  # advised on a copy
            position = deciding(g, g.entitled)
            assert position.actor == g.entitled
            assert set(advice.values) == set(position.legal_actions())
            assert all(a.seat == g.entitled for a in advice.values)
            found += 1
    assert found > 0


def test_a_seat_with_nothing_to_decide_gets_no_advice(games: list[Game]) -> None:
    g = next(p for p in positions(games[0]) if p.phase is Phase.DISCARD)
    idle = (g.actor + 1) % 4  # type: ignore[operator]
    with pytest.raises(ValueError) as info:
        advise(g, idle)
    assert isinstance(info.value, NoAdvice) and "ghế" in info.value.vi
    with pytest.raises(NoAdvice):
        advise(games[0])  # over
    with pytest.raises(NoAdvice):
        advise(next(positions(games[0])), level="beginner")


@pytest.mark.parametrize("seat", range(4))
def test_decision_points_are_the_seats_moves_and_the_claims_it_let_pass(
        games: list[Game], seat: int) -> None:
    for game in games:
        points = decision_points(game, seat)
        played = [p for p in points if p.action.act is not Act.DECLINE]
        assert [p.event for p in played] == sorted(p.event for p in played)
        for p in played:
            assert game.record[p.event] == p.action
            assert p.before.actor == seat and len(p.before.record) == p.event
        passed = sorted(p.event for p in points if p.action.act is Act.DECLINE)
        missed = sorted(a["event"] for a in game_annotations(game, [])
                        if a["seat"] == seat and a["kind"] in ("missed_u", "missed_chiu")
                        and not a.get("thien_u"))
        assert passed == missed  # each claim let pass is one the analyzer reports
        for p in points:
            assert p.before.actor == seat
            assert as_choice(p.action) in p.before.legal_actions() or p.action.act in (
                Act.WIN, Act.CALL)  # ù láo; a call that is not the true call (R8)


def test_every_recorded_move_made_as_actor_is_a_decision(games: list[Game]) -> None:
    for game in games:
        actors = [g.actor for g in positions(game)]
        for seat in range(4):
            mine = {p.event for p in decision_points(game, seat)
                    if p.action.act is not Act.DECLINE}
            own = {i for i, a in enumerate(game.record) if a.seat == seat}
            # every own move is a decision, except an ù láo out of turn (nobody asked it)
            assert mine <= own
            assert all(i in mine for i in own if actors[i] == seat
                       or game.record[i].act is not Act.WIN)


def test_the_normal_judge_values_moves_as_chances_so_no_loss_exceeds_the_scale(
        games: list[Game]) -> None:
    """Issue 20: "mất 100.5 điểm đánh giá" on a scale said to be 0–100 — a lỗi's cost (or a
    bỏ ù's) was subtracted from a chance, below 0. The values are chances: 0 to 1."""
    normal = reproducible_player("normal", ADVICE_SEED)
    below = 0
    for game in games:
        for point in decision_points(game, 2):
            seat_obs = deciding(point.before, 2).observation(2)
            _, scored = normal.scored(seat_obs)  # type: ignore[attr-defined]
            below += any(x.value < 0 for x in scored)
            advice = advise(point.before, 2, "normal")
            assert all(0.0 <= v <= 1.0 for v in advice.values.values())
            assert all(advice.lost(a) <= 1.0 for a in advice.values)
    assert below  # the penalties did push raw values below 0: the test can fail


def test_an_advice_and_its_position_cross_to_another_process_whole(games: list[Game]) -> None:
    """The viewer searches advice in the Worker's helper process (issue 20): the position
    goes there pickled, the advice comes back pickled, equal and still read-only."""
    point = next(p for p in decision_points(games[0], 3)
                 if len(p.before.legal_actions()) > 1)
    before = pickle.loads(pickle.dumps(point.before))
    advice = advise(point.before)
    assert advise(before) == advice
    back = pickle.loads(pickle.dumps(advice))
    assert back == advice and back.lost(back.best) == 0.0
    with pytest.raises(TypeError):
        back.values[back.best] = 1.0  # type: ignore[index]
