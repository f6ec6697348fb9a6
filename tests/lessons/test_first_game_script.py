"""It replays through the engine, covers the whole first game, and every instruction matches the
position it is shown in — whose turn it is, the expected move is legal, and each card it names
is where it says (R2.6, R4, R5, R8).

(Asked for by issue 16, the guided first game's script.)
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from engine.actions import Act, Action
from engine.chan.deal import Deal, cai_recipient
from engine.chan.game import ChanGame as Game
from engine.game import Phase
from lessons.first_game import (
    CONTENT,
    MAX_POSITION_BYTES,
    FirstGame,
    Mention,
    Step,
    card_en,
    card_vi,
    first_game,
    load_position,
    save_position,
)
from lessons.item import LessonError

GUIDE = first_game()
MOVE_STEPS = [s for s in GUIDE.steps if s.kind == "move"]


def replayed(step: Step) -> Game:
    """The game before `step`, rebuilt here from the data file alone."""
    data = json.loads(CONTENT.read_text(encoding="utf-8"))
    game = Game(Deal.from_json(data["deal"]))
    for text in data["moves"][:step.move]:
        game.apply(Action.parse(text))
    return game


def where(game: Game, m: Mention, learner: int) -> bool:
    if m.place == "cai":
        return game.deal.cai_card == m.card
    if m.place == "hand":
        return game.hand_count(learner, m.card) >= m.count
    if m.place == "live":
        live = game.live
        return (live is not None and live.card == m.card and live.cua == m.cua
                and bool(game.cua[live.cua]) and game.cua[live.cua][-1] == m.card)
    raise AssertionError(f"unknown place {m.place}")


def test_the_script_covers_a_whole_first_game() -> None:
    topics = [s.topic for s in GUIDE.steps]
    for topic in ("boc_cai", "opening", "eat", "discard", "draw", "pass", "chiu", "return",
                  "wait", "win", "call"):
        assert topic in topics, topic
    assert topics[0] == "boc_cai" and topics[-2:] == ["win", "call"]
    game = GUIDE.final_game()
    assert game.is_over and game.outcome is not None
    assert game.outcome.winner == GUIDE.learner and game.outcome.card is not None
    assert game.verdict is not None and not game.verdict.sai and not game.verdict.missing
    assert not game.violations  # nobody commits a lỗi in the guided game


@pytest.mark.parametrize("step", MOVE_STEPS, ids=lambda s: f"{s.number}-{s.topic}")
def test_every_instruction_matches_its_position(step: Step) -> None:
    game = replayed(step)
    assert step.expected is not None
    assert game.actor == GUIDE.learner, "the learner decides at every step"
    assert step.expected in game.legal_actions()
    assert step.mentions, "an instruction names the card it speaks of"
    for m in step.mentions:
        assert where(game, m, GUIDE.learner), f"{m} is not where step {step.number} says"
        assert card_vi(m.card) in step.instruction.vi
        assert card_en(m.card) in step.instruction.en
    phase = {"opening": Phase.OPENING, "discard": Phase.DISCARD, "wait": Phase.DISCARD,
             "return": Phase.RETURN, "chiu": Phase.CLAIM, "win": Phase.CLAIM,
             "eat": Phase.PLAY, "draw": Phase.PLAY, "pass": Phase.PLAY, "call": Phase.CALL}
    assert game.phase is phase[step.topic]
    if step.topic == "wait":
        after = game.copy()
        after.apply(step.expected)
        assert after.waits(GUIDE.learner)
        assert all(card_vi(w) in step.instruction.vi for w in after.waits(GUIDE.learner))
    if step.topic == "call":
        assert step.expected.cuoc == game.true_call()


def test_boc_cai_is_counted_from_the_picker() -> None:
    step = GUIDE.steps[0]
    deal = GUIDE.deal
    assert deal.cai_card is not None and deal.picker is not None
    assert deal.picker != GUIDE.learner, "the count must go round the table"
    assert step.seat == cai_recipient(deal.picker, deal.cai_card, 4) == deal.cai_seat
    assert str(deal.cai_card.rank) in step.instruction.vi
    assert GUIDE.try_seat(step, deal.cai_seat).right
    wrong = GUIDE.try_seat(step, (deal.cai_seat + 1) % 4)
    assert not wrong.right and "ghế" in wrong.text.vi and "seat" in wrong.text.en


def test_the_right_move_is_explained_by_the_engine() -> None:
    for step in MOVE_STEPS:
        assert step.expected is not None
        if step.topic == "call":
            answer = GUIDE.try_call(step, step.expected.cuoc)
        else:
            answer = GUIDE.try_move(step, step.expected)
        assert answer.right, step
        assert answer.text.vi and answer.text.en
        if step.topic not in ("call",):
            assert "Máy giải thích" in answer.text.vi and "computer's reason" in answer.text.en


def test_a_wrong_move_is_explained_and_not_applied() -> None:
    step = next(s for s in MOVE_STEPS if s.topic == "eat")
    before = replayed(step)
    draw = GUIDE.try_move(step, Action(GUIDE.learner, Act.DRAW))
    assert not draw.right
    assert "lấy lại" in draw.text.vi and "taken back" in draw.text.en
    assert "%" in draw.text.en  # the computer's values of both moves
    # the step's game is untouched: the same position is asked again
    assert GUIDE.game_before(step).state_key() == before.state_key()
    discard = next(s for s in MOVE_STEPS if s.topic == "discard")
    impossible = GUIDE.try_move(discard, Action(GUIDE.learner, Act.DRAW))
    assert not impossible.right and "không bốc được" in impossible.text.vi


def test_a_lỗi_is_named_by_the_engine() -> None:
    # eating a card after discarding one of its rank is a lỗi (L11/L12): the draw steps say so
    step = next(s for s in MOVE_STEPS if s.topic == "draw" and "L1" in s.instruction.vi)
    game = GUIDE.game_before(step)
    eat = next(a for a in game.moves() if a.act is Act.EAT)
    answer = GUIDE.try_move(step, eat)
    assert not answer.right and answer.rules
    assert all(r.startswith("L") for r in answer.rules)


def test_a_wrong_call_says_what_is_missing() -> None:
    step = MOVE_STEPS[-1]
    assert step.expected is not None
    short = step.expected.cuoc[:1]
    answer = GUIDE.try_call(step, short)
    assert not answer.right and "thiếu" in answer.text.vi and "leaves out" in answer.text.en
    assert not GUIDE.try_call(step, (("xuong", 1),)).right


def test_the_position_is_kept_and_only_for_this_game(tmp_path: Path) -> None:
    path = tmp_path / "first_game.json"
    assert load_position(path, GUIDE).step == 0
    save_position(path, GUIDE, 5)
    assert load_position(path, GUIDE).step == 5
    other = FirstGame(GUIDE.deal, GUIDE.moves[:-1] + GUIDE.moves[-1:], GUIDE.learner)
    assert load_position(path, other).step == 5  # the same game, however it was built
    path.write_text('{"game": "something else", "step": 5}')
    assert load_position(path, GUIDE).step == 0
    path.write_text("not json")
    assert load_position(path, GUIDE).step == 0
    path.write_text("[" * 100_000 + "]" * 100_000)  # nested too deeply for json
    assert load_position(path, GUIDE).step == 0


def test_a_fifo_or_a_huge_file_in_place_of_the_position_is_not_read(
        tmp_path: Path) -> None:
    # reading a FIFO would block Học for ever (issue 13, class 4): it is a damaged position
    path = tmp_path / "first_game.json"
    os.mkfifo(path)
    assert load_position(path, GUIDE).step == 0
    path.unlink()
    path.write_bytes(b" " * (MAX_POSITION_BYTES + 1))
    assert load_position(path, GUIDE).step == 0
    path.unlink()
    save_position(path, GUIDE, 3)  # written whole, beside no temporary file
    assert load_position(path, GUIDE).step == 3
    assert [p.name for p in tmp_path.iterdir()] == ["first_game.json"]


def test_a_damaged_script_is_refused() -> None:
    with pytest.raises(LessonError):
        FirstGame.from_json({"format": "something"})
    data = json.loads(CONTENT.read_text(encoding="utf-8"))
    short = dict(data, moves=data["moves"][:-3])  # no longer reaches the end of the game
    with pytest.raises(LessonError):
        FirstGame.from_json(short)
    wrong = dict(data, moves=["1 discard 2v", *data["moves"][1:]])  # not seat 1's turn
    with pytest.raises(LessonError, match="damaged"):
        FirstGame.from_json(wrong)

