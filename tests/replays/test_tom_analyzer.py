"""The analyzer of a Tổ tôm game (TOTOM T10, FORMATS "Tổ tôm records"): every worked example of
T7.7 gives what TOTOM.md says, and each annotation kind comes out of a hand-made game with
its event, seat, card and cause."""

from __future__ import annotations

from typing import Any

import pytest

from engine.totom import TomRules
from replays.analyzer import analyze_session
from replays.record import SessionRecord
from tests.replays import tom_games as T

Doc = dict[str, Any]


def doc_of(record: SessionRecord) -> Doc:
    """The document of the record's only game."""
    docs = analyze_session(record)
    assert len(docs) == 1
    return docs[0]


def of_kind(doc: Doc, kind: str, seat: int | None = None) -> list[Doc]:
    return [a for a in doc["annotations"] if a["kind"] == kind
            and (seat is None or a["seat"] == seat)]


def last_waits(doc: Doc, seat: int) -> dict[str, list[str]]:
    """The waits of ``seat``'s last note: card → names."""
    notes = of_kind(doc, "note_waits", seat)
    assert notes
    return {w["card"]: w["names"] for w in notes[-1]["waits"]}


# ----------------------------------------------------------------------------- T7.7

def test_t7_7_example_1_u_suong_on_9n_is_4() -> None:
    doc = doc_of(T.example_1())
    r = doc["result"]
    assert (r["kind"], r["winner"], r["winning_card"], r["verdict"]) == ("win", 1, "9n", "paid")
    assert (r["cuoc"], r["call"], r["score"], r["true_score"]) == (
        [["suong", 1]], [["suong", 1]], 4, 4)
    assert last_waits(doc, 1) == {"9n": [], "tt": []}  # phu bí 9v 9n 9s, SP5 9v 9s tt
    groups = [(g["type"], g.get("id"), g["cards"], g["mat"]) for g in r["arrangement"]]
    assert ("giong", None, ["5s", "5s", "5s"], True) in groups  # the phỗng, the lưng
    assert ("bi", None, ["4v", "4n", "4s"], True) in groups
    assert ("bi", None, ["9v", "9n", "9s"], False) in groups
    assert sum(len(g[2]) for g in groups) == 21
    red = {"8v", "9v", "8s", "9s", "cc", "tt", "oc"}  # T1.5
    assert sum(c in red for g in groups for c in g[2]) == 4  # "red = 4"
    assert r["pool"] == {"before": 50, "after": 46} and r["debts"] == [0] * 5


def test_t7_7_example_2_chi_nay_tom_is_26_the_leo_absorbed() -> None:
    doc = doc_of(T.example_2())
    r = doc["result"]
    assert last_waits(doc, 1) == {"cc": ["chi_nay"]}
    assert (r["winning_card"], r["verdict"], r["cuoc"], r["score"]) == (
        "cc", "paid", [["chi_nay", 1], ["tom", 1]], 26)
    ids = [g.get("id") for g in r["arrangement"]]
    assert "SP1" in ids and "SP2" in ids  # the tôm, and the lèo 9v 8s cc the chi nẩy absorbs


def test_t7_7_example_3_thap_thanh_waits_and_the_phong_statement() -> None:
    doc = doc_of(T.example_3("phong"))
    waits = last_waits(doc, 1)
    yeu = {"1v", "1n", "1s", "oc", "tt", "cc"}
    assert yeu | {"4n", "8n", "6s", "3v", "7v", "2v", "2n", "2s"} == set(waits)
    assert all("thap_thanh" in names for names in waits.values())
    r = doc["result"]
    assert (r["winning_card"], r["verdict"]) == ("cc", "paid")
    assert all(c != "chi_nay" for c, _ in r["cuoc"])  # a thập thành is never a chi nẩy
    assert of_kind(doc, "offence") == []


def test_t7_7_example_3_saying_neither_phong_nor_khong_phong_is_tn7_unpaid() -> None:
    doc = doc_of(T.example_3(None))
    r = doc["result"]
    assert (r["verdict"], r["score"]) == ("unpaid", 0)
    [tn7] = of_kind(doc, "offence", 1)
    assert (tn7["rule"], tn7["card"]) == ("TN7", "cc")
    assert r["pool"]["after"] == r["pool"]["before"] == 50


def test_t7_7_example_4_thong_thap_hong_tom_leo_all_true_is_18() -> None:
    doc = doc_of(T.example_4_record("thong thap_hong tom leo", thong=True))
    r = doc["result"]
    assert (r["verdict"], r["score"], r["true_score"]) == ("paid", 18, 18)
    assert r["cuoc"] == [["thong", 1], ["thap_hong", 1], ["tom", 1], ["leo", 1]]
    assert not of_kind(doc, "call_over") and not of_kind(doc, "call_order")


def test_t7_7_example_4_the_same_call_without_the_right_to_thong_is_td8_cheo_do() -> None:
    doc = doc_of(T.example_4_record("thong thap_hong tom leo", thong=False))
    r = doc["result"]
    assert (r["verdict"], r["score"]) == ("cheo_do", 0)
    assert [a["rule"] for a in of_kind(doc, "offence", 1)] == ["TD8"]
    [over] = of_kind(doc, "call_over", 1)
    assert over["tokens"] == [["thong", 1]] and over["event"] == 3  # the call event
    assert r["debts"] == [0, 1, 0, 0, 0]  # chèo đò: one ù owed (T6.6)


def test_t7_7_example_4_thong_misplaced_under_call_order_unpaid_pays_16() -> None:
    doc = doc_of(T.example_4_record("thap_hong thong tom leo", thong=True))
    r = doc["result"]
    assert (r["verdict"], r["score"], r["true_score"]) == ("paid", 16, 18)
    [order] = of_kind(doc, "call_order", 1)
    assert order["misplaced"] == [1]
    assert order["expected"] == [["thong", 1], ["thap_hong", 1], ["tom", 1], ["leo", 1]]


def test_t7_6_call_order_wrong_makes_the_misplaced_token_an_over_call() -> None:
    doc = doc_of(T.example_4_record("thap_hong thong tom leo", thong=True,
                                    rules=TomRules(call_order="wrong")))
    assert doc["result"]["verdict"] == "cheo_do"
    assert of_kind(doc, "call_over", 1)[0]["tokens"] == [["thong", 1]]


# ----------------------------------------------------------------------------- each kind

def test_offence_at_its_event_with_the_rulebooks_words() -> None:
    """T10: each TN and TD cause with its event."""
    doc = doc_of(T.with_offence())
    [td9] = of_kind(doc, "offence")
    assert (td9["event"], td9["seat"], td9["rule"], td9["card"]) == (0, 0, "TD9", "oc")
    assert "chèo đò" in td9["message"] and "never discarded" in td9["message_en"]
    assert doc["result"]["kind"] == "unfinished"


def test_declined_eat_names_what_it_forbids_and_the_draw_that_declined() -> None:
    """T10: each declined eat, with what it now forbids."""
    doc = doc_of(T.with_declined_eat())
    [d] = of_kind(doc, "declined", 1)
    assert (d["event"], d["card"], d["cause_event"]) == (0, "5v", 1)  # placed by 0, drawn past
    assert d["forbids"]["kind"] == "5v" and ["4v", "6v"] in d["forbids"]["pairs"]
    assert d["forbids"]["discard_both"] is False


def test_a_phong_let_pass_is_missed_phong_and_a_decline_caused_by_the_closing_event() -> None:
    """T10: each declined phỗng, with what it now forbids."""
    doc = doc_of(T.with_missed_phong())
    [missed] = of_kind(doc, "missed_phong", 3)
    assert (missed["event"], missed["card"]) == (0, "5v")
    [d] = of_kind(doc, "declined", 3)
    # FORMATS: a phỗng let pass at another seat's cửa is caused by the event that closed
    # its claim window — here seat 1's draw
    assert (d["event"], d["cause_event"], d["forbids"]["discard_both"]) == (0, 1, True)


def test_missed_u_then_tn1_names_the_event_whose_win_was_let_pass() -> None:
    """T10: each bỏ ù."""
    doc = doc_of(T.with_missed_u_and_tn1())
    assert [(a["event"], a["card"]) for a in of_kind(doc, "missed_u", 1)] == [(1, "5n")]
    [tn1] = [a for a in of_kind(doc, "offence", 1) if a["rule"] == "TN1"]
    assert tn1["cause_event"] == 1
    assert doc["result"]["verdict"] == "unpaid"


@pytest.mark.parametrize(("call", "rule", "said"), [("suong khan:5v", "TN4", 1),
                                                    ("suong", "TN5", None)])
def test_call_procedure_khan_turned_up_late_or_never(call: str, rule: str,
                                                     said: int | None) -> None:
    doc = doc_of(T.with_khan_call(call))
    [proc] = of_kind(doc, "call_procedure", 1)
    assert proc["rules"] == [rule] and proc["positions"] == [said] and proc["cards"] == ["5v"]
    assert [a["rule"] for a in of_kind(doc, "offence", 1)] == [rule]
    assert doc["result"]["verdict"] == "unpaid"


def test_call_under_pays_only_what_was_said() -> None:
    doc = doc_of(T.example_4_record("tom", thong=True))
    r = doc["result"]
    assert (r["verdict"], r["score"], r["true_score"]) == ("paid", 6, 18)
    [under] = of_kind(doc, "call_under", 1)
    assert under["cuoc"] == [["thong", 1], ["thap_hong", 1], ["leo", 1]]
    assert under["lost"] == 12


def test_note_broke_wait_a_yeu_that_had_to_be_eaten() -> None:
    """T10: a yêu drawn that broke a wait."""
    doc = doc_of(T.with_broken_wait())
    [note] = of_kind(doc, "note_broke_wait", 1)
    assert (note["event"], note["card"], note["waits_before"]) == (2, "1v", ["5n"])
    assert "yêu" in note["message"]


def test_every_annotation_has_its_place_and_both_languages() -> None:
    for record in (T.example_1(), T.with_missed_phong(), T.with_khan_call("suong")):
        doc = doc_of(record)
        events = doc["result"]["events"]
        for a in doc["annotations"]:
            assert 0 <= a["event"] < events and 0 <= a["seat"] < 5
            assert a["message"] and a["message_en"] and a["message"] != a["message_en"]
        assert [a["event"] for a in doc["annotations"]] == sorted(
            a["event"] for a in doc["annotations"])


def test_the_setup_names_the_cai_and_the_hands_form_has_no_cho_cai() -> None:
    setup = doc_of(T.example_1())["setup"]
    assert setup["cai_seat"] == 0 and len(setup["hands"][0]) == 21
    assert (setup["a"], setup["b"], setup["cai_pile"]) == (None, None, None)
    assert len(setup["noc"]) == 19
