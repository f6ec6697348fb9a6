"""Học's numbers (audit of issue 7, items 2 and 3): the dealing table and the deal figure count
the piles and leftovers of the engine's deal instead of restating them (RULES R2.3, R2.4), and
every text and picture of Học numbers the seats as RULES R2.1 does, from 0 — "Ghế 0…3",
never "Ghế 4"."""

from __future__ import annotations

import copy
import dataclasses
import re
from collections.abc import Iterator
from typing import Any

import pytest
from pytestqt.qtbot import QtBot

import desktop.learn.figure as figure_module
from desktop.chieu.board import BoardView
from desktop.chieu.dealing import DealingView
from desktop.chieu.view import ChieuView
from desktop.keys import keys_of
from desktop.learn.askers import make_asker
from desktop.learn.askers.chia_bai import ChiaBaiAsker
from desktop.learn.figure import figure
from desktop.learn.words import seat_name
from desktop.qt import QLabel, QWidget
from engine.chan.deal import N_PILES
from lessons import drills
from lessons.chia_bai import STEPS
from lessons.content import lessons
from lessons.item import Grade, Item

KINDS = {"chia_bai": STEPS, "boc_cai": ("recipient",), "xuong": ("call",),
         "nhan_dien": ("arrange", "count_chan", "is_waiting", "waits", "eat_or_not"),
         "loi": ("move", "claim", "trai_vi")}
SEAT = re.compile(r"\b(?:[Gg]hế|[Ss]eat) (\d+)")


def strings(value: Any) -> Iterator[str]:
    """Every text a picture carries (its labels, tags, notes, headlines, messages)."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, (tuple, list)):
        for v in value:
            yield from strings(v)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            if f.name != "obs":  # the engine's observation: cards, not words
                yield from strings(getattr(value, f.name))


def seats_said(texts: Iterator[str] | list[str]) -> set[int]:
    return {int(n) for t in texts for n in SEAT.findall(t)}


def plates(picture: object, players: int) -> list[str]:
    """The names on the seats' plates."""
    if isinstance(picture, DealingView):
        return [s.name for s in picture.seats]
    if isinstance(picture, ChieuView):
        return [picture.name(s) for s in range(players)]
    return []


def players_of(item: Item) -> int:
    return int(item.position.get("players", 4))


# ---------------------------------------------------------------------------- deal numbers

def smaller_deal(item: Item, piles: int, leftover: int) -> Item:
    """The item on a deal of other counts: the table must follow the position, not a count
    written in the desktop code."""
    position = copy.deepcopy(item.position)
    position["deal"]["piles"] = position["deal"]["piles"][:piles]
    position["deal"]["leftover"] = position["deal"]["leftover"][:leftover]
    return dataclasses.replace(item, position=position)


def test_the_dealing_table_counts_the_positions_piles_and_leftovers(qtbot: QtBot) -> None:
    """R2.3–R2.4: the piles and the leftovers drawn, the pile numbers offered to type."""
    real = drills.generate("chia_bai", 1, 3, ["noc"])[0]
    asker = ChiaBaiAsker(real)
    picture = asker.picture()
    assert isinstance(picture, DealingView)
    deal = real.position["deal"]
    assert (len(picture.piles), picture.leftover) == (len(deal["piles"]), len(deal["leftover"]))

    asker = ChiaBaiAsker(smaller_deal(real, 4, 3))
    picture = asker.picture()
    assert isinstance(picture, DealingView)
    assert [p.label for p in picture.piles] == ["Phần 0", "Phần 1", "Phần 2", "Phần 3"]
    assert picture.leftover == 3
    assert "0–3" in asker.hint.text()
    asker.command("drill_number", "4")  # no pile 4 on this table
    assert asker.pile is None
    asker.command("drill_number", "3")
    assert asker.pile == 3


def test_the_deal_figure_draws_the_engines_deal(qtbot: QtBot,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """The deal figure's piles and the recipient's card count come from lessons.illustrate."""
    spec = next(s.figure for le in lessons() for s in le.sections
                if s.figure and s.figure["type"] == "deal")
    shown = figure_module.illustrate(spec)
    drawn = figure(spec)
    assert isinstance(drawn.picture, DealingView)
    assert len(drawn.picture.piles) == len(shown["deal"]["piles"])
    assert f"cầm {shown['sizes'][shown['cai_seat']]} quân" in drawn.caption

    other = copy.deepcopy(shown)
    other["deal"]["piles"] = [p for k, p in enumerate(other["deal"]["piles"])
                              if k in (other["deal"]["noc_pile"], other["deal"]["cai_pile"])]
    other["deal"].update(noc_pile=0, cai_pile=1)
    other["sizes"][other["cai_seat"]] = 7
    monkeypatch.setattr(figure_module, "illustrate", lambda _: other)
    drawn = figure(spec)
    assert isinstance(drawn.picture, DealingView)
    assert [p.label for p in drawn.picture.piles] == ["Phần 0", "Phần 1"]
    assert "cầm 7 quân" in drawn.caption


def test_the_number_keys_are_the_pile_numbers() -> None:
    """Piles and seats are chosen by number (R2.1, R2.3): one key per pile, from 0."""
    assert keys_of("drill_number") == tuple(str(n) for n in range(N_PILES))


# ---------------------------------------------------------------------------- seat numbers

@pytest.mark.parametrize("family", list(KINDS))
def test_every_drill_numbers_the_seats_from_0(qtbot: QtBot, family: str) -> None:
    """Questions, hints and pictures (before and after the answer) say "Ghế 0…players−1"
    (R2.1), the plates read seat_name(0…), and nothing says a seat the table does not have."""
    for kind in KINDS[family]:
        for item in drills.generate(family, 3, 11, [kind]):
            players = players_of(item)
            holder = QWidget()
            qtbot.addWidget(holder)
            asker = make_asker(item, holder)
            said = [item.question.vi, item.question.en]
            for graded in (False, True):
                if graded:
                    asker.show_grade(Grade(False, "", ""))
                picture = asker.picture()
                said += strings(picture)
                said += [label.text() for label in asker.controls.findChildren(QLabel)]
                names = plates(picture, players)
                assert names in ([], [seat_name(s) for s in range(players)]), (kind, names)
            assert seats_said(said) <= set(range(players)), (kind, said)
            assert not any("Ghế 4" in t or "Seat 4" in t for t in said)


def test_every_figure_numbers_the_seats_from_0(qtbot: QtBot) -> None:
    """The lessons' figures and captions, as the lesson page shows them."""
    for le in lessons():
        for section in le.sections:
            if section.figure is None:
                continue
            drawn = figure(section.figure)
            players = int(section.figure.get("players", 4))
            said = [*strings(drawn.picture), drawn.caption, section.text.vi, section.text.en]
            assert seats_said(said) <= set(range(players)), (le.id, said)
            if isinstance(drawn.picture, DealingView):
                assert plates(drawn.picture, players) == [seat_name(s) for s in range(players)]
            else:
                assert isinstance(drawn.picture, BoardView)
