"""The analyzer (RULES R10, FORMATS.md analyze --json): the exact keys, every result kind and
every annotation kind, each checked against the engine's own facts."""

from __future__ import annotations

from typing import Any

import pytest
from replay_games import (
    CAREFUL,
    RANDOM,
    Policy,
    find,
    play,
    record_of,
    session_of,
    thong_pair,
)

from engine.actions import Act, Action
from engine.chan.cards import DECK, Card, parse_cards
from engine.chan.deal import Deal
from engine.chan.game import ChanGame as Game
from engine.chan.hand import find_waits
from engine.chan.settlement import Payout
from engine.events import BecameBao, Declined, EndKind
from replays.analyzer import analyze_session
from replays.record import GameRecord

Doc = dict[str, Any]

RESULT_KEYS = {"kind", "winner", "winning_card", "events", "cuoc", "call", "score",
               "true_score", "ga", "payout", "settlement"}


def analyze(*games: Game | GameRecord) -> list[Doc]:
    """Analysis documents of a session of games."""
    return analyze_session(session_of(g if isinstance(g, GameRecord) else record_of(g)
                                      for g in games))


def of_kind(doc: Doc, kind: str) -> list[Doc]:
    """The annotations of one kind."""
    return [a for a in doc["annotations"] if a["kind"] == kind]


def recall(game: Game, call: list[tuple[str, int]]) -> GameRecord:
    """The record of a won game with its call replaced."""
    last = game.record[-1]
    assert last.act is Act.CALL
    return GameRecord(game.deal, (*game.record[:-1], Action(last.seat, Act.CALL, None,
                                                            tuple(call))))


def won(payout: Payout = Payout.NORMAL, policy: Policy = CAREFUL) -> Game:
    """A seeded game won with the given payout."""
    return find(lambda g: g.settlement is not None and g.settlement.payout is payout
                and g.outcome is not None and g.outcome.kind is EndKind.WIN, policy)


# ----------------------------------------------------------------------------- the document


def test_the_document_has_exactly_the_formats_keys() -> None:
    game = won()
    [doc] = analyze(game)
    assert set(doc) == {"index", "setup", "result", "annotations"} and doc["index"] == 0
    assert set(doc["setup"]) == {"picker", "cai_card", "cai_seat", "hands", "noc"}
    assert set(doc["result"]) == RESULT_KEYS
    for a in doc["annotations"]:
        assert {"event", "seat", "kind", "message", "message_en"} <= set(a)
        assert isinstance(a["event"], int) and 0 <= a["event"] < len(game.record)


def test_setup_shows_the_deal_as_the_engine_made_it() -> None:
    game = play(21)
    setup = analyze(game)[0]["setup"]
    deal = game.deal
    assert setup["picker"] == deal.picker and setup["cai_seat"] == deal.cai_seat
    assert setup["cai_card"] == str(deal.cai_card)
    assert setup["hands"] == [[str(c) for c in h] for h in deal.hands]
    assert setup["noc"] == [str(c) for c in deal.noc] and len(setup["noc"]) == 23


def test_a_normal_win_reports_cuoc_call_score_and_settlement() -> None:
    game = won()
    result = analyze(game)[0]["result"]
    s, v, o = game.settlement, game.verdict, game.outcome
    assert s is not None and v is not None and o is not None
    assert result["kind"] == "win" and result["winner"] == o.winner
    assert result["winning_card"] == (None if o.card is None else str(o.card))
    assert result["events"] == len(game.record)
    assert result["cuoc"] == [list(c) for c in v.true] == result["call"]
    assert (result["score"], result["true_score"], result["ga"]) == (s.score, s.true_score, s.ga)
    assert result["payout"] == "normal" and result["settlement"] == list(s.transfers)
    assert sum(result["settlement"]) == 0 and result["settlement"][o.winner] > 0
    assert all(isinstance(x, int) for x in result["settlement"])


def test_a_drawn_game_has_no_payout_and_zeros() -> None:
    game = find(lambda g: g.outcome is not None and g.outcome.kind is EndKind.DRAW)
    result = analyze(game)[0]["result"]
    assert result == {"kind": "draw", "winner": None, "winning_card": None,
                      "events": len(game.record), "cuoc": [], "call": [], "score": 0,
                      "true_score": 0, "ga": 0, "payout": None, "settlement": [0, 0, 0, 0]}


def test_an_unfinished_game_is_reported_as_such() -> None:
    game = play(22, stop=lambda g: len(g.record) >= 15)
    result = analyze(record_of(game, unfinished=True))[0]["result"]
    assert result["kind"] == "unfinished" and result["events"] == 15
    assert result["payout"] is None and result["settlement"] == [0, 0, 0, 0]


def test_settlements_always_sum_to_zero() -> None:
    docs = analyze(*[play(s, RANDOM) for s in range(30)], *[play(s) for s in range(30, 60)])
    assert all(sum(d["result"]["settlement"]) == 0 for d in docs)
    assert [d["index"] for d in docs] == list(range(60))


# ----------------------------------------------------------------------------- R7 judgements


def test_violations_are_the_engines_with_their_cause_event_and_sentence() -> None:
    game = play(23, RANDOM)
    [doc] = analyze(game)
    shown = of_kind(doc, "violation")
    assert [(a["rule"], a["seat"], a["card"], a["event"], a.get("cause_event"))
            for a in shown] == [(v.rule, v.seat, str(v.card), v.event, v.cause_event)
                                for v in game.violations]
    caused = [a for a in shown if "cause_event" in a]
    assert caused and all(a["cause_event"] < a["event"] for a in caused)
    assert all(a["rule"] in a["message"] and a["card"] in a["message_en"] for a in shown
               if a["rule"] not in ("L10", "L11", "L15", "L16", "L17"))


def test_cause_events_are_what_formats_says() -> None:
    """L6–L9: the seat's own draw or pass that declined the card; L10–L17: its earlier
    discard (or trả cửa) or eat."""
    seen: set[str] = set()
    for seed in range(40):
        game = play(seed, RANDOM)
        for a in of_kind(analyze(game)[0], "violation"):
            if "cause_event" not in a:
                continue
            cause = game.record[a["cause_event"]]
            assert cause.seat == a["seat"] and a["cause_event"] < a["event"]
            want = (Act.DRAW, Act.PASS) if a["rule"] in ("L6", "L7", "L8", "L9") else (
                Act.DISCARD, Act.RETURN, Act.EAT)
            assert cause.act in want, (a, cause)
            seen.add(a["rule"])
    assert {"L9", "L12", "L14", "L17"} <= seen


def test_bao_is_annotated_at_the_violating_event() -> None:
    game = play(24, RANDOM)
    [doc] = analyze(game)
    bao = of_kind(doc, "bao")
    events = [e for e in game.log if isinstance(e, BecameBao)]
    assert bao and [(a["seat"], a["event"]) for a in bao] == [(e.seat, e.event) for e in events]
    for a in bao:
        assert any(v["rule"] == a["rule"] and v["event"] == a["event"]
                   for v in of_kind(doc, "violation"))


def test_missed_u_is_at_the_event_that_placed_the_card() -> None:
    game = find(lambda g: any(isinstance(e, Declined) and e.act is Act.WIN for e in g.log),
                Policy(win=0.2))
    [doc] = analyze(game)
    declined = [e for e in game.log if isinstance(e, Declined) and e.act is Act.WIN]
    assert [(a["seat"], a["event"], a["card"]) for a in of_kind(doc, "missed_u")] == [
        (e.seat, e.event, str(e.card)) for e in declined]
    placed = game.record[declined[0].event]
    assert placed.act in (Act.DRAW, Act.DISCARD, Act.RETURN)


def test_missed_chiu_is_annotated_for_the_player_that_could_chiu() -> None:
    game = find(lambda g: any(isinstance(e, Declined) and e.act is Act.CHIU for e in g.log),
                Policy(chiu=0.0))
    [doc] = analyze(game)
    declined = [e for e in game.log if isinstance(e, Declined) and e.act is Act.CHIU]
    assert [(a["seat"], a["event"], a["card"]) for a in of_kind(doc, "missed_chiu")] == [
        (e.seat, e.event, str(e.card)) for e in declined]
    assert "chíu" in of_kind(doc, "missed_chiu")[0]["message"]


def _thien_u_deal() -> Deal:
    """Seat 0 (the cái recipient) is dealt ten chắn: a thiên ù."""
    hand = list(parse_cards("2v 2v 2n 2n 2s 2s 3v 3v 3n 3n 3s 3s 4v 4v 4n 4n 4s 4s 5v 5v"))
    rest = list(DECK)
    for c in hand:
        rest.remove(c)
    hands = [hand, rest[0:19], rest[19:38], rest[38:57]]
    return Deal.from_hands(hands, rest[57:], cai_card=Card.V5, picker=0)


def test_a_thien_u_let_pass_is_a_missed_u_and_a_thien_u_win_is_scored() -> None:
    deal = _thien_u_deal()
    passed = Game(deal)
    passed.apply(Action(0, Act.DISCARD, Card.V5))
    [doc] = analyze(record_of(passed, unfinished=True))
    [missed] = of_kind(doc, "missed_u")
    assert missed["event"] == 0 and missed["seat"] == 0 and missed["card"] is None
    assert missed["thien_u"] is True
    won_now = Game(deal)
    won_now.apply(Action(0, Act.WIN))
    won_now.apply(won_now.legal_actions()[0])
    [doc] = analyze(won_now)
    assert doc["result"]["kind"] == "win" and doc["result"]["winning_card"] is None
    assert ["thien_u", 1] in doc["result"]["cuoc"]


def test_u_lao_is_a_win_kind_result_paid_u_lao() -> None:
    game = play(25, stop=lambda g: len(g.record) >= 9 and g.record[-1].act is Act.DISCARD
                and g.phase.value == "play")
    liar = game.actor
    assert liar is not None
    game.apply(Action(liar, Act.WIN))
    assert game.outcome is not None and game.outcome.kind is EndKind.U_LAO
    [doc] = analyze(game)
    result = doc["result"]
    assert result["kind"] == "win" and result["winner"] == liar
    assert result["payout"] == "u_lao" and result["settlement"][liar] == -36
    [a] = of_kind(doc, "u_lao")
    assert a["event"] == len(game.record) - 1 and a["seat"] == liar
    assert a["card"] == str(game.record[-2].card)


def test_u_bao_names_the_hand_fault_that_caused_it() -> None:
    game = won(Payout.U_BAO)
    [doc] = analyze(game)
    [a] = of_kind(doc, "u_bao")
    assert game.outcome is not None and a["event"] == game.outcome.win_event
    assert set(a["rules"]) <= {"L3", "L4", "L5"} and a["rules"]
    assert any(v["event"] == a["cause_event"] and v["rule"] in a["rules"]
               for v in of_kind(doc, "violation"))
    assert doc["result"]["payout"] == "u_bao" and a["penalty"] == 12


def test_nghi_an_tien_after_treo_tranh() -> None:
    game = won(Payout.NGHI_AN_TIEN)
    [doc] = analyze(game)
    [a] = of_kind(doc, "nghi_an_tien")
    assert a["reasons"] and doc["result"]["settlement"] == [0, 0, 0, 0]


def test_bo_u_explains_nghi_an_tien_after_a_missed_u() -> None:
    game = find(lambda g: g.outcome is not None and g.outcome.kind is EndKind.WIN
                and bool(g.hist[g.outcome.winner or 0].bo_u), Policy(win=0.5))
    [doc] = analyze(game)
    assert game.outcome is not None
    [bo_u] = of_kind(doc, "bo_u")
    assert bo_u["event"] == game.outcome.win_event
    assert bo_u["cause_event"] == game.hist[game.outcome.winner or 0].bo_u[0]
    if doc["result"]["payout"] == "nghi_an_tien":
        assert "bo_u" in of_kind(doc, "nghi_an_tien")[0]["reasons"]


# ----------------------------------------------------------------------------- R8 the call


def test_a_wrong_call_is_annotated_at_the_call_with_its_penalty() -> None:
    game = won()
    assert game.verdict is not None
    true = list(game.verdict.true)
    extra = next(c for c in ("tom", "leo", "thap_thanh") if c not in dict(true))
    [doc] = analyze(recall(game, [*true, (extra, 1)]))
    [a] = of_kind(doc, "call_wrong")
    assert a["event"] == len(game.record) - 1 and a["cuoc"] == [[extra, 1]]
    assert a["reasons"] == ["not_held"] and a["penalty"] > 0
    assert doc["result"]["payout"] == "xuong_sai" and doc["result"]["score"] == 0
    assert game.outcome is not None and game.outcome.winner is not None
    assert doc["result"]["settlement"][game.outcome.winner] < 0


def test_a_missing_cuoc_is_annotated_with_the_points_lost() -> None:
    game = find(lambda g: g.verdict is not None and len(g.verdict.true) >= 2
                and "bach_thu" not in dict(g.verdict.true)
                and g.settlement is not None and g.settlement.payout is Payout.NORMAL)
    assert game.verdict is not None
    true = list(game.verdict.true)
    [doc] = analyze(recall(game, true[:-1]))
    [a] = of_kind(doc, "call_missing")
    assert a["cuoc"] == [list(true[-1])] and a["lost"] > 0
    assert doc["result"]["score"] == doc["result"]["true_score"] - a["lost"]


def test_a_call_out_of_order_is_annotated_with_the_canonical_order() -> None:
    game = find(lambda g: g.verdict is not None and len(g.verdict.true) >= 2
                and g.settlement is not None and g.settlement.payout is Payout.NORMAL)
    assert game.verdict is not None
    true = list(game.verdict.true)
    [doc] = analyze(recall(game, true[::-1]))
    [a] = of_kind(doc, "call_order")
    assert a["expected"] == [list(c) for c in true] and a["misplaced"]
    assert doc["result"]["payout"] == "normal"  # strict_order is off by default


def test_an_uncalled_bach_thu_is_annotated() -> None:
    game = find(lambda g: g.verdict is not None and "bach_thu" in dict(g.verdict.true)
                and g.settlement is not None and g.settlement.payout is Payout.NORMAL)
    assert game.verdict is not None
    call = [c for c in game.verdict.true if c[0] != "bach_thu"]
    [doc] = analyze(recall(game, call))
    [a] = of_kind(doc, "bach_thu_not_called")
    assert a["cuoc"] == [["bach_thu", 1]] and a["event"] == len(game.record) - 1
    assert doc["result"]["payout"] == "xuong_sai"


def test_thong_is_carried_between_the_games_of_a_session() -> None:
    first, second = thong_pair()
    docs = analyze(first, second)
    assert ["thong", 1] not in docs[0]["result"]["cuoc"]
    assert docs[1]["result"]["cuoc"][0] == ["thong", 1]
    [missing] = of_kind(docs[1], "call_missing")  # played alone, the call left thông out
    assert ["thong", 1] in missing["cuoc"]
    alone = analyze(second)[0]
    assert ["thong", 1] not in alone["result"]["cuoc"]


# ----------------------------------------------------------------------------- teaching notes


def with_note(kind: str) -> Game:
    """A seeded game whose analysis holds a note of this kind."""
    return find(lambda g: bool(of_kind(analyze(g)[0], kind)), RANDOM)


def test_waits_notes_show_the_engines_waits_and_unseen_copies() -> None:
    game = with_note("note_waits")
    [doc] = analyze(game)
    notes = of_kind(doc, "note_waits")
    for note in notes:
        before = Game.replay(game.deal, game.record[:note["event"]])
        seat = note["seat"]
        expect = find_waits(before.hand_cards(seat), before.mat_chan[seat],
                            before.seen_by(seat))
        assert note["waits"] == [{"card": str(w.card), "live": w.live} for w in expect]
        assert game.record[note["event"]].act in (Act.EAT, Act.DRAW)


def test_fed_next_marks_a_discard_the_entitled_player_ate() -> None:
    game = with_note("note_fed_next")
    [doc] = analyze(game)
    notes = of_kind(doc, "note_fed_next")
    for note in notes:
        placed, eat = game.record[note["event"]], game.record[note["eat_event"]]
        assert placed.act in (Act.DISCARD, Act.RETURN) and str(placed.card) == note["card"]
        assert eat.act is Act.EAT and eat.seat == note["eater"] != note["seat"]


def test_broke_wait_marks_an_eat_after_which_the_hand_no_longer_waits() -> None:
    game = with_note("note_broke_wait")
    [doc] = analyze(game)
    for note in of_kind(doc, "note_broke_wait"):
        assert game.record[note["event"]].act is Act.EAT and note["waits_before"]
        after = Game.replay(game.deal, game.record[:note["event"] + 2])
        assert after.waits(note["seat"]) == ()


@pytest.mark.parametrize("kind", ["note_waits", "note_fed_next", "note_broke_wait"])
def test_notes_are_never_counted_as_violations(kind: str) -> None:
    game = with_note(kind)
    [doc] = analyze(game)
    assert len(of_kind(doc, "violation")) == len(game.violations)
    assert all("rule" not in a for a in of_kind(doc, kind))
