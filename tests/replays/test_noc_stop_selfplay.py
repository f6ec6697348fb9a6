"""Every self-play record (engine.chan.ai.selfplay, real mode) cut right after its nọc-stop draw
(R4.9) analyses as a drawn game — written as a .chan.json file and read back, as ``chan-tutor
analyze`` reads it — with one missed ù for each seat that could still have won on the stop card;
the drawer's dưới written after it changes nothing; and the same record cut one event earlier is
still unfinished.

(Asked for by issue 14, the property.)
"""

from __future__ import annotations

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from engine.actions import Act, Action
from engine.chan.ai.selfplay import play_session
from engine.chan.game import ChanGame as Game
from engine.chan.rules import LangRules
from replays.analyzer import analyze_session
from replays.chanjson import parse, to_json
from replays.record import GameRecord, Player, SessionRecord

LEVELS = ("random", "beginner", "normal")


def stop_draw(game: Game) -> int | None:
    """The index of the draw that left ``noc_stop`` cards in the nọc, if the game got there."""
    draws = [i for i, a in enumerate(game.record) if a.act is Act.DRAW]
    n = len(game.deal.noc) - game.rules.noc_stop
    return draws[n - 1] if len(draws) >= n else None


def analysed(game: Game, actions: list[Action], levels: tuple[str, ...]) -> dict[str, object]:
    """The analysis of a one-game file holding ``actions`` on the game's deal."""
    record = SessionRecord(game.rules, tuple(Player(f"Máy {i}", "ai", lv)
                                             for i, lv in enumerate(levels)),
                           (GameRecord(game.deal, tuple(actions), game.mode),))
    [doc] = analyze_session(parse(to_json(record)))
    return doc


@settings(max_examples=30, deadline=None)
@given(players=st.sampled_from((2, 3, 4)), noc_stop=st.sampled_from((0, 1)),
       seed=st.integers(0, 2**32 - 1), data=st.data())
def test_R4_9_selfplay_records_cut_after_the_stop_draw_are_drawn_games(
        players: int, noc_stop: int, seed: int, data: st.DataObject) -> None:
    levels = tuple(data.draw(st.sampled_from(LEVELS)) for _ in range(players))
    rules = LangRules(noc_stop=noc_stop)
    games = play_session(levels, 3, seed, players=players, rules=rules)
    checked = 0
    for game in games:
        stop = stop_draw(game)
        if stop is None:  # won before the nọc stop: nothing to cut
            continue
        checked += 1
        cut = list(game.record[:stop + 1])
        at_stop = Game.replay(game.deal, cut, rules, game.mode)
        live = at_stop.live
        assert live is not None and live.final and at_stop.noc_left == noc_stop
        could_win = [c.seat for c in at_stop.pending_claims()]
        assert all(c.act is Act.WIN for c in at_stop.pending_claims())
        outcome = game.outcome
        if outcome is not None and outcome.win_event is not None and outcome.win_event > stop:
            assert outcome.winner in could_win  # it was won on the stop card
        for actions, events in ((cut, stop + 1), ([*cut, Action(live.by, Act.PASS)], stop + 2)):
            doc = analysed(game, actions, levels)
            result = doc["result"]
            assert isinstance(result, dict)
            assert (result["kind"], result["events"], result["settlement"]) == (
                "draw", events, [0] * players)
            annotations = doc["annotations"]
            assert isinstance(annotations, list)
            assert [a["seat"] for a in annotations
                    if a["kind"] == "missed_u" and a["event"] == stop] == could_win
            assert not [a for a in annotations if a["kind"] == "missed_chiu"
                        and a["event"] == stop]
        before = analysed(game, cut[:-1], levels)["result"]
        assert isinstance(before, dict) and before["kind"] == "unfinished"
    assume(checked > 0)
