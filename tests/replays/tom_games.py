"""Hand-made Tổ tôm games as records (hands form), for the record, analyzer, command-line and
library tests: every worked example of TOTOM T7.7 played to its call, and small games that
each show one kind of annotation. The games are played by the engine on tests.totom.table's
deals (the named cards in place, every other card dealt harmlessly), so a record here is what
the program would have written. The builders are cached: records are immutable, and each is
built by several tests."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from engine.totom import TomGame, TomRules
from replays.chanjson import write_file
from replays.record import GameRecord, SessionRecord, default_players
from tests.totom.table import decline_to, game_of, play
from tests.totom.test_bat_thuc import SPLIT
from tests.totom.test_ha_trung import seat1_run
from tests.totom.test_offences_tn import KHAN_5V, RED10
from tests.totom.test_verdict import MAT_RUN_BI, ROUND, example


def record_of(*games: TomGame, thong_seat: int | None = None) -> SessionRecord:
    """A hội of these games as FORMATS writes it (the hands form: each game's deal)."""
    first = games[0]
    return SessionRecord(rules=first.rules, players=default_players(first.players),
                         games=tuple(GameRecord(g.deal, tuple(g.record), g.mode)
                                     for g in games),
                         thong_seat=thong_seat, game="to_tom")


def saved(path: Path, record: SessionRecord) -> Path:
    """``record`` written as a .chan.json file at ``path``."""
    write_file(path, record)
    return path


# ------------------------------------------------------------------------------- T7.7

@cache
def example_1() -> SessionRecord:
    """T7.7, first example: mat phỗng 5s 5s 5s and phu bí 4v 4n 4s; waits 9n and tt; won on
    9n, red = 4: "Ù suông", 4."""
    hand = "1v 2v 3v 6n 7n 8n 2s 3s 4s 9v 9s cc oc 1n"
    actions = ["0 discard 5s", "1 eat 5s 5s", "1 discard 9n", *ROUND, "1 eat 4n 4s",
               "1 discard 5n"]
    game = example(hand, actions, "5s 5s 4n 4s 9n 5n", "9n")
    decline_to(game, 1)
    play(game, "1 win", "1 call suong")
    return record_of(game)


@cache
def example_2() -> SessionRecord:
    """T7.7, second example: the only wait is cc; "Ù chi nẩy tôm" = 24 + 2 = 26."""
    hand = "3v 3s 7n 1v 1n 5n 6n 7n 7s 8s 9s oc 9v 8s"
    game = example(hand, MAT_RUN_BI, "4v 6v 2n 2s 9n 4s", "cc")
    decline_to(game, 1)
    play(game, "1 win", "1 call chi_nay tom")
    return record_of(game)


@cache
def example_3(statement: str | None = "phong") -> SessionRecord:
    """T7.7, third example: thập thành, won on cc holding two cc — with the phỗng statement
    said (``statement``: "phong", "khong_phong" or None, T5.6)."""
    hand = "3v 3s 7n 1v 1n oc 5n 6n 7n 7s 8s 9s cc cc"
    game = example(hand, MAT_RUN_BI, "4v 6v 2n 2s 9n 4s", "cc")
    decline_to(game, 1)
    play(game, "1 win" if statement is None else f"1 win {statement}")
    play(game, str(game.legal_actions()[0]))  # the call of what the hand truly holds
    return record_of(game)


def example_4(call: str, rules: TomRules | None = None) -> TomGame:
    """T7.7, fourth example: ten red cards, a tôm and a lèo, won on 5n, calling ``call``
    (thông is seat 1's right only where the record carries it: ``thong_seat``)."""
    game = game_of({0: "2v", 1: RED10}, noc="5n", rules=rules or TomRules(), thong_seat=1)
    play(game, "0 discard 2v", "1 draw", "1 win", f"1 call {call}")
    return game


@cache
def example_4_record(call: str, thong: bool, rules: TomRules | None = None) -> SessionRecord:
    """``example_4`` as a record: with ``thong`` it carries seat 1's right to thông (it won
    the game before, TC2), as a game exported from the middle of its hội does."""
    return record_of(example_4(call, rules), thong_seat=1 if thong else None)


# ------------------------------------------------------------------------------- one kind each

@cache
def with_offence() -> SessionRecord:
    """TD9: the cái discards a yêu (T4.10); nothing else happens."""
    return record_of(game_of({0: "oc 5v"}, actions=["0 discard oc"]))


@cache
def with_declined_eat() -> SessionRecord:
    """T4.14: seat 1 could eat 5v with 4v 6v and draws instead."""
    return record_of(game_of({0: "5v", 1: "4v 6v"}, noc="2n", actions=["0 discard 5v",
                                                                       "1 draw"]))


@cache
def with_missed_phong() -> SessionRecord:
    """T4.14: seat 3 holds two 5v, lets the phỗng pass; seat 1's draw closes the window."""
    return record_of(game_of({0: "5v", 3: "5v 5v 7n 7n 8n 8n"}, noc="7n 8n",
                             actions=["0 discard 5v", "1 draw"]))


@cache
def with_missed_u_and_tn1() -> SessionRecord:
    """T5.7: seat 1 lets a win on 5n pass, then wins later: TN1, unpaid."""
    game = game_of({0: "2v", 1: RED10}, noc="5n 8n 5n",
                   actions=["0 discard 2v", "1 draw", "1 decline", "1 pass", "2 draw",
                            "2 pass", "3 draw"])
    decline_to(game, 1)
    play(game, "1 win", "1 call thap_hong tom leo")
    return record_of(game)


@cache
def with_khan_call(call: str) -> SessionRecord:
    """Seat 1 lays its khàn of 5v face down, wins on 5n and calls ``call`` (TN4, TN5)."""
    return record_of(game_of({0: "2v", 1: KHAN_5V}, noc="5n",
                             actions=["1 up_khan 5v", "0 discard 2v", "1 draw", "1 win",
                                      f"1 call {call}"]))


@cache
def with_broken_wait() -> SessionRecord:
    """T10: seat 1 waits on 5n, draws the yêu 1v, must eat it (T4.10) and then discards 4n:
    it waits on nothing any more."""
    return record_of(game_of({0: "2v", 1: RED10}, noc="1v",
                             actions=["0 discard 2v", "1 draw", "1 eat 1v", "1 discard 4n"]))


# ------------------------------------------------------------------------------- every event

@cache
def every_event() -> tuple[SessionRecord, ...]:
    """Records that hold, between them, every event of T4.15 and every optional field of
    FORMATS' Tổ tôm table: khàn and thiên khai laid face down and shown, bất thực, dậy khàn
    (alone and with a run), phỗng and trả cửa, hạ trùng, a gá, a yêu eaten alone, ù with and
    without the phỗng statement, calls with khàn, bất thực and cước tokens."""
    games = [
        game_of({0: "6s", 2: "6s 6s 6s 3n"},
                actions=["2 up_khan 6s", "0 discard 6s", "2 day_khan", "2 return 3n"]),
        game_of({0: "6s", 1: "6s 6s 6s 7s 8s 3n"},
                actions=["1 up_khan 6s", "0 discard 6s", "1 day_khan 7s 8s", "1 discard 3n"]),
        game_of({0: "5v", 3: "9n 9n 9n 9n"}, noc="8n",
                actions=["3 up_thien_khai 9n", "0 discard 5v", "1 draw", "3 reveal 9n"]),
        game_of({0: "5v", 3: "8n 8n 2n"}, noc="8n",
                actions=["0 discard 5v", "1 draw", "3 phong", "3 return 2n", "1 pass"]),
        game_of({0: "5v", 1: "2n"}, noc="oc",
                actions=["0 discard 5v", "1 draw", "1 eat", "1 discard 2n"]),
        seat1_run("7v"),
        seat1_run("7v"),
        game_of({0: "5v", 1: SPLIT}, noc="9n",
                actions=["1 bat_thuc 6s", "0 discard 5v", "1 draw", "1 win",
                         "1 call bat_thuc:6s:an_ca tom"]),
    ]
    play(games[5], "1 eat 7v onto 0")  # a gá, the copy of 7v on it (T4.6 H1)
    clean = next(a for a in games[5].legal_actions() if not games[5].faults_of(a))
    play(games[5], str(clean))  # and a discard that records nothing
    play(games[6], "1 ha_trung 7v onto 0", "1 draw")  # T4.12
    out = [record_of(g) for g in games]
    out += [example_3("khong_phong"), example_3("phong"), with_khan_call("khan:5v suong")]
    return tuple(out)
