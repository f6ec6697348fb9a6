"""The rulebook is the one place a rule is written (issue 21): a made-up lỗi registered with its
judge — one entry, no other file edited — is judged by the game, annotated by the analyzer,
explained by the teaching warning and listed in Học's rule reference."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from pytestqt.qtbot import QtBot

from desktop.learn.reference import reference_html
from desktop.play.controller import Warning
from desktop.play.warning_dialog import WarningDialog, consequences
from engine.actions import Act, Action
from engine.chan import CHAN
from engine.chan.cards import Card
from engine.chan.deal import Deal
from engine.chan.game import ChanGame as Game
from engine.chan.violations import Move
from engine.game import Mode
from engine.registry import CardRole, Rule, Words
from replays.analyzer import analyze_session
from replays.record import GameRecord, SessionRecord

MADE_UP = Rule(
    "L18", "D", Words("Ăn bằng quân ngũ", "ate with a five"),
    Words("Làng này cấm ăn bằng quân ngũ: {card} không được dùng để ăn.",
          "This village forbids eating with a five: {card} may not eat."),
    consequence="u_bao", card=CardRole.HAND, ref="R7", acts=frozenset({Act.EAT}),
    judge=lambda move: _with_a_five(move))


def _with_a_five(move: Move) -> bool | None:
    return Card(move.card).rank == 5 or None


@pytest.fixture
def made_up() -> Iterator[Rule]:
    CHAN.registry.register(MADE_UP)
    try:
        yield MADE_UP
    finally:
        CHAN.registry.unregister(MADE_UP.id)


def _eat_with_a_five(game: Game) -> Action | None:
    return next((a for a in game.legal_actions() if a.act is Act.EAT
                 and a.card is not None and a.card.rank == 5), None)


def _game_reaching_such_an_eat(mode: Mode) -> Game:
    """A seeded game played at random up to an eat made with a five."""
    for seed in range(200):
        rng = random.Random(seed)
        game = Game(Deal.shuffled(seed), mode=mode)
        while not game.is_over:
            if _eat_with_a_five(game) is not None:
                return game
            game.apply(rng.choice(game.legal_actions()))
    raise LookupError("no seeded game eats with a five")


def test_a_registered_rule_is_judged_and_annotated_by_the_analyzer(made_up: Rule) -> None:
    game = _game_reaching_such_an_eat(Mode.REAL)
    eat = _eat_with_a_five(game)
    assert eat is not None and eat.card is not None
    assert "L18" in {v.rule for v in game.faults_of(eat)}
    game.apply(eat)
    assert any(v.rule == "L18" and v.card == eat.card for v in game.violations)
    record = SessionRecord(games=(GameRecord(game.deal, tuple(game.record), unfinished=True),))
    doc = analyze_session(record)[0]
    found = [a for a in doc["annotations"] if a.get("rule") == "L18"]
    assert found and found[0]["card"] == str(eat.card)
    assert found[0]["message"].startswith("Ăn bằng quân ngũ (L18): Làng này cấm ăn")
    assert f"{eat.card} may not eat" in found[0]["message_en"]


def test_a_registered_rule_reaches_the_teaching_warning(made_up: Rule, qtbot: QtBot) -> None:
    game = _game_reaching_such_an_eat(Mode.TEACHING)
    eat = _eat_with_a_five(game)
    assert eat is not None
    explanations = game.explain(eat)
    said = [e for e in explanations if e.rule == "L18"]
    assert said and said[0].vi == f"Làng này cấm ăn bằng quân ngũ: {eat.card} không được dùng " \
                                  f"để ăn."
    dialog = WarningDialog(Warning(eat, explanations), game)
    qtbot.addWidget(dialog)
    assert "L18 Ăn bằng quân ngũ" in dialog.heading.text()
    assert said[0].vi in dialog.body.text()
    # its cost is the rulebook's ù báo sentence, with the rulebook's 12 điểm
    assert "đền 12 điểm cho mỗi nhà" in " ".join(consequences({"L18"}))


def test_a_registered_rule_is_listed_in_the_reference(made_up: Rule) -> None:
    page = reference_html()
    assert "<b>L18</b>" in page and "Ăn bằng quân ngũ" in page
    assert "Làng này cấm ăn bằng quân ngũ: X không được dùng để ăn." in page
    assert page.index("<b>L17</b>") < page.index("<b>L18</b>")  # in its group, D


def test_without_the_entry_nothing_knows_the_rule() -> None:
    assert "L18" not in CHAN.registry
    assert "L18" not in reference_html()
    game = _game_reaching_such_an_eat(Mode.REAL)
    eat = _eat_with_a_five(game)
    assert eat is not None and "L18" not in {v.rule for v in game.faults_of(eat)}
