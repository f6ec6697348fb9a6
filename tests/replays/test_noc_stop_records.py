"""What ``analyze`` makes of a record that ends on the nọc-stop card (R4.9), of the drawer's dưới
on it, and of a chíu ù let pass (R4.7, R10), counted once by the analyzer, the self-play audit,
the statistics' tallies and the mistakes deck.

Every record is a FORMATS.md replay file read by replays.chanjson, its deal in the hands form
(with ``dead`` piles at 2 and 3 players): tests/engine/stop_tables.py builds the tables.

(Asked for by issue 14, the records' side.)
"""

from __future__ import annotations

from typing import Any

import pytest

from engine.actions import Act, Action
from engine.chan.ai.selfplay import audit
from engine.chan.cards import Card
from engine.chan.deal import Deal
from engine.chan.game import ChanGame as Game
from lessons.mistakes import game_mistakes
from replays.analyzer import analyze_session
from replays.chanjson import parse
from replays.errors import BadRecord
from replays.migrations import annotation_tally
from tests.engine.positions import CHIU_U_5S, make_hands_json
from tests.engine.stop_tables import (
    BACH_THU_9S,
    CASES,
    TABLES,
    document,
    rules,
    scenario,
    stop_drawer,
    table,
    to_stop,
)

Doc = dict[str, Any]


def analyse(deal: dict[str, Any], noc_stop: int, events: list[Action], **keys: Any) -> Doc:
    """The analysis of a one-game replay file."""
    [doc] = analyze_session(parse(document(deal, noc_stop, events, **keys)))
    return doc


def errors(doc: Doc) -> list[tuple[str, int, int, Any]]:
    """(kind, seat, event, card) of every annotation that is not a teaching note."""
    return [(a["kind"], a["seat"], a["event"], a.get("card")) for a in doc["annotations"]
            if not a["kind"].startswith("note_")]


def claims(doc: Doc) -> list[tuple[str, int, int, Any]]:
    return [e for e in errors(doc) if e[0] in ("missed_u", "missed_chiu")]


def is_drawn(doc: Doc, events: int, players: int) -> bool:
    r = doc["result"]
    return (r["kind"], r["winner"], r["winning_card"], r["events"], r["payout"],
            r["settlement"]) == ("draw", None, None, events, None, [0] * players)


# ---------------------------------------------------------------- case 1: ends on the draw


@pytest.mark.parametrize(("name", "players", "noc_stop"), CASES)
def test_R4_9_a_record_ending_on_the_stop_draw_is_a_drawn_game(name: str, players: int,
                                                              noc_stop: int) -> None:
    deal, prefix, respond, claimants = scenario(name, players, noc_stop)
    played = to_stop(deal, noc_stop, prefix, respond)
    stop = len(played.record) - 1
    doc = analyse(deal, noc_stop, list(played.record))
    assert is_drawn(doc, stop + 1, players)
    # each seat that could have won on the stop card let it pass: one missed ù each
    assert [e for e in claims(doc) if e[2] == stop] == [("missed_u", s, stop, "9s")
                                                         for s in claimants]
    assert not [e for e in claims(doc) if e[2] != stop]
    for a in doc["annotations"]:  # said as what it was: the last chance, the game drawn
        if a["kind"] == "missed_u":
            assert "9s, the last card of the nọc" in a["message_en"]
            assert "quân cuối nọc 9s" in a["message"] and "hòa" in a["message"]
            assert ("chíu ù" in a["message_en"]) == (name in ("chiu_u", "drawer_chiu_u"))


@pytest.mark.parametrize(("name", "players", "noc_stop"), CASES)
def test_R4_9_the_drawers_duoi_on_the_stop_card_ends_the_record_as_a_draw(
        name: str, players: int, noc_stop: int) -> None:
    """FORMATS reading rule (issue 14): the drawer of the stop card may write its dưới."""
    deal, prefix, respond, claimants = scenario(name, players, noc_stop)
    played = to_stop(deal, noc_stop, prefix, respond)
    stop = len(played.record) - 1
    drawer = stop_drawer(players, noc_stop)
    assert played.record[stop] == Action(drawer, Act.DRAW, Card.S9)
    doc = analyse(deal, noc_stop, [*played.record, Action(drawer, Act.PASS)])
    assert is_drawn(doc, stop + 2, players)
    assert claims(doc) == claims(analyse(deal, noc_stop, list(played.record)))
    assert [e[1] for e in claims(doc) if e[2] == stop] == claimants


@pytest.mark.parametrize(("players", "noc_stop"), TABLES)
def test_R4_9_a_record_that_stops_before_the_end_stays_unfinished(players: int,
                                                                  noc_stop: int) -> None:
    deal, prefix, respond, _ = scenario("other_u", players, noc_stop)
    record = list(to_stop(deal, noc_stop, prefix, respond).record)
    for cut in (len(record) - 1, len(record) - 2, 7):
        result = analyse(deal, noc_stop, record[:cut])["result"]
        assert (result["kind"], result["events"]) == ("unfinished", cut)


@pytest.mark.parametrize(("players", "noc_stop"), TABLES)
def test_R4_9_a_game_known_to_be_in_play_on_the_stop_card(players: int, noc_stop: int) -> None:
    """A record marked ``unfinished`` (a game interrupted while someone may still ù the stop
    card) stays unfinished; with no claim left the card ended the game, marked or not."""
    d = stop_drawer(players, noc_stop)
    for stated, kind in (({(d + 1) % players: BACH_THU_9S, d: "9s 9s"}, "unfinished"),
                         ({d: "9s 9s"}, "draw")):
        deal = table(players, noc_stop, stated)
        record = list(to_stop(deal, noc_stop).record)
        assert analyse(deal, noc_stop, record, unfinished=True)["result"]["kind"] == kind


@pytest.mark.parametrize(("players", "noc_stop"), TABLES)
def test_R4_9_only_the_drawers_one_duoi_is_read_after_the_stop_card(players: int,
                                                                   noc_stop: int) -> None:
    d = stop_drawer(players, noc_stop)
    other = (d + 1) % players
    for stated in ({d: "9s 9s"}, {other: BACH_THU_9S, d: "9s 9s"}):
        deal = table(players, noc_stop, stated)
        record = list(to_stop(deal, noc_stop).record)
        n = len(record)
        for extra in ([Action(other, Act.PASS)], [Action(d, Act.PASS), Action(d, Act.PASS)],
                      [Action(d, Act.EAT, Card.S9)], [Action(d, Act.DRAW)],
                      [Action(d, Act.PASS), Action(other, Act.DRAW)]):
            with pytest.raises(BadRecord) as err:
                analyse(deal, noc_stop, record + extra)
            [problem] = err.value.problems
            assert problem.game == 0 and problem.event == n + len(extra) - 1, problem


# ---------------------------------------------------------------- case 3: one missed chance


def _let_pass(prefix: tuple[str, ...], hands: list[str], top: str = "") -> tuple[Game, Doc]:
    """A 4-player table played to its drawn end after ``prefix``; its record analysed."""
    deal = make_hands_json(hands, top, noc_end="9s 9n")
    game = to_stop(deal, 1, prefix)
    game.finish()
    assert game.is_over
    return game, analyse(deal, 1, list(game.record))


@pytest.mark.parametrize(("prefix", "hands", "top", "seat"), [
    (("0 discard 5s",), ["5s", "", "", CHIU_U_5S], "", 3),
    (("0 discard cc", "1 draw 5s", "1 pass"), ["cc", "", CHIU_U_5S, ""], "5s", 2),
], ids=["discarded", "drawn"])
def test_R10_a_chiu_u_let_pass_is_one_missed_u_counted_once(
        prefix: tuple[str, ...], hands: list[str], top: str, seat: int) -> None:
    game, doc = _let_pass(prefix, hands, top)
    placed = len(prefix) - 1 if prefix[-1].endswith("5s") else len(prefix) - 2
    assert claims(doc) == [("missed_u", seat, placed, "5s")]
    # the statistics' tally (migration m003), the self-play audit and the mistakes deck
    _, seats = annotation_tally(doc)
    assert seats[seat]["kinds"] == {"missed_u": 1}
    row = audit(game)[seat]
    assert (row.missed_u, row.missed_chiu) == (1, 0)
    [item] = game_mistakes(game, doc["annotations"], [seat])
    assert item.source["annotations"] == ["missed_u"] and item.source["event"] == placed


def test_R10_a_plain_chiu_instead_of_the_chiu_u_is_one_missed_u() -> None:
    """A record written before issue 14 may chíu where the chíu would have won."""
    game, _ = _let_pass(("0 discard 5s", "3 chiu", "3 return 7s"), ["5s", "", "", CHIU_U_5S])
    doc = analyse(game.deal.hands_json(), 1, list(game.record))
    assert [e for e in claims(doc) if e[2] == 0] == [("missed_u", 3, 0, "5s")]
    assert not [e for e in claims(doc) if e[0] == "missed_chiu"]
    # (after trả cửa its hand waits again: later chances are other missed ù)
    assert audit(game)[3].missed_u == len([e for e in claims(doc) if e[1] == 3])
    assert audit(game)[3].missed_chiu == 0


def test_R10_a_chiu_that_would_not_win_let_pass_is_still_a_missed_chiu() -> None:
    game, doc = _let_pass(("0 discard 5s",), ["5s", "", "", "5s 5s 5s"])
    assert claims(doc) == [("missed_chiu", 3, 0, "5s")]
    assert (audit(game)[3].missed_u, audit(game)[3].missed_chiu) == (0, 1)


def test_R4_9_the_tables_are_what_their_files_say() -> None:
    """The tables read back from their hands form, dead piles included (FORMATS.md)."""
    for players, noc_stop in TABLES:
        deal = table(players, noc_stop, {})
        read = Deal.from_json(deal)
        assert len(read.noc) == 23 and len(read.dead) == 19 * (4 - players)
        assert Game(read, rules(noc_stop)).players == players
