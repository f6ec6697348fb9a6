"""The computer players' reading of a position (engine/totom/ai/shape.py, value.py): which cards
are placed (T3.2–T3.6, T5.2's mat melds), which wait in partials and how many live cards
complete them, which are loose; the lưng still to make (T3.7); a position that waits (T5.5)
is worth more than one that does not, and more the more live cards it waits on."""

from __future__ import annotations

from engine.totom.ai.value import Evaluator
from engine.totom.cards import COPIES, N_KINDS, Card, parse_cards
from engine.totom.position import Position
from engine.totom.rules import DEFAULT_RULES, TomRules
from engine.totom.waits import waits
from tests.totom.test_opening import WAITS_9N

FULL = (COPIES,) * N_KINDS


def evaluator(unseen: tuple[int, ...] = FULL, rules: TomRules = DEFAULT_RULES) -> Evaluator:
    """An evaluator that has seen nothing, with ten draws left."""
    return Evaluator(unseen, rules, 10)


def test_t3_phu_and_yeu_are_placed() -> None:
    """Runs, a phu bí, special phu (SP1 tôm a lưng) and lone yêu leave nothing to place; a
    tôm is worth a little more (TC3)."""
    pos = Position.parse("2v 3v 4v 5v 6n 7n 8n 4v 4n 4s 3v 3s 7n 1v oc tt")
    split = evaluator().shaper.split(pos)
    assert split.loose == () and split.partials == ()
    assert split.lung_made == 1
    assert -0.5 < split.cost < 0


def test_a_card_with_no_partner_is_loose() -> None:
    split = evaluator().shaper.split(Position.parse("2v 3v 4v 9n 5s"))
    assert sorted(split.loose) == [Card.N9, Card.S5]
    assert split.cost == 2


def test_partials_and_what_completes_them() -> None:
    split = evaluator().shaper.split(Position.parse("4v 5v 7n 7n 2s 2n"))
    found = {tuple(sorted(p.cards)): set(p.needs) for p in split.partials}
    assert found == {(Card.V4, Card.V5): {Card.V3, Card.V6},
                     (Card.N7, Card.N7): {Card.N7},
                     (Card.N2, Card.S2): {Card.V2}}
    assert 0 < split.cost < 6


def test_a_partial_whose_cards_are_all_seen_is_as_good_as_loose() -> None:
    unseen = list(FULL)
    unseen[Card.V3] = unseen[Card.V6] = 0
    dead = evaluator(tuple(unseen)).shaper.split(Position.parse("4v 5v"))
    live = evaluator().shaper.split(Position.parse("4v 5v"))
    assert dead.cost == 2 and dead.partials == ()
    assert live.cost < 2


def test_t5_2_a_hand_card_at_a_mat_runs_end_is_placed() -> None:
    pos = Position.parse("7v 8v 9n", ["4v 5v 6v"])
    split = evaluator().shaper.split(pos)
    assert split.loose == (Card.N9,)


def test_t3_7_the_lung_still_to_make() -> None:
    ev = evaluator()
    with_pair = ev.assess(Position.parse("2v 3v 4v 5n 5n"))
    without = ev.assess(Position.parse("2v 3v 4v 5n 6s"))
    with_mat = ev.assess(Position.parse("2v 3v 4v 5n 6s", ["9s 9s 9s"]))
    assert with_pair.lung_short == 1 and without.lung_short == 1 and with_mat.lung_short == 0
    # a lưng from nothing costs more than one a pair can still make
    assert without.value < with_pair.value - 1
    lung2 = evaluator(rules=TomRules(lung_required=2)).assess(
        Position.parse("2v 3v 4v 5n 6s", ["9s 9s 9s"]))
    assert lung2.lung_short == 1


def test_t5_5_a_waiting_position_is_worth_more() -> None:
    ev = evaluator()
    waiting = Position.parse(WAITS_9N)
    assert Card.N9 in waits(waiting)
    near = Position(tuple(parse_cards(WAITS_9N.replace("9s", "2n"))))
    assert not waits(near)
    a, b = ev.assess(waiting), ev.assess(near)
    assert a.waits == waits(waiting) and a.live == COPIES * len(a.waits)
    assert a.value > b.value
    fewer = list(FULL)
    fewer[Card.N9] = 1
    assert evaluator(tuple(fewer)).assess(waiting).value < a.value


def test_t4_10_a_yeu_wait_is_worth_less_than_a_discardable_one() -> None:
    """A yêu is never discarded, so it only comes from the nọc."""
    ev = evaluator()
    assert ev.hits((Card.TT,)) < ev.hits((Card.N9,))
    unseen = list(FULL)
    unseen[Card.N9] = 0
    assert evaluator(tuple(unseen)).hits((Card.N9,)) == 0.0
