"""Hand-made positions for the engine tests, in the FORMATS.md hands form.

A test states only the cards that matter; ``make_deal`` fills the rest of the 100:

- each hand is topped up to 19 cards (20 for the cái recipient) with filler cards of kinds the
  seat does not hold yet, one copy each (a second copy only if the kinds run out, which the
  positions here never need), so filler makes no chắn, chíu or wait: a seat whose stated cards
  hold fewer than 5 chắn cannot win, and nobody can chíu a filler kind;
  filler avoids the ranks of the seat's stated cards while it can, so that it pairs with none
  of them (a stated ``5n`` is then the seat's only card that eats a 5);
- ``noc`` fixes the top of the nọc (top first) and ``noc_end`` its last cards; the remaining
  cards lie between them in kind order;
- with fewer than 4 players the piles set aside (R2.7) are ``dead``.

The deal is built through ``Deal.from_json`` on the hands form, so every position is also a
check of that reader.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

from engine.chan.cards import ALL_CARDS, DECK, Card, parse_cards, same_rank
from engine.chan.deal import Deal
from engine.chan.game import ChanGame as Game
from engine.chan.rules import DEFAULT_RULES, LangRules
from engine.game import Mode

HAND = 19
CAI_HAND = 20


def cards(text: str) -> list[Card]:
    """The cards of a code string: ``"9v 9v cc"``."""
    return list(parse_cards(text))


def _take(pool: Counter[Card], wanted: Iterable[Card], what: str) -> None:
    for c in wanted:
        if pool[c] <= 0:
            raise ValueError(f"position uses more than 4 × {c} ({what})")
        pool[c] -= 1


def make_hands_json(hands: Sequence[str], noc: str = "", *, noc_end: str = "", cai: int = 0,
                    dead: str | int | None = None, cai_card: str | None = None,
                    fill: bool = True) -> dict[str, Any]:
    """The FORMATS hands form of a position; see the module docstring."""
    players = len(hands)
    pool: Counter[Card] = Counter(DECK)
    held = [cards(h) for h in hands]
    for seat, h in enumerate(held):
        _take(pool, h, f"hand of seat {seat}")
        want = CAI_HAND if seat == cai else HAND
        if len(h) > want:
            raise ValueError(f"seat {seat} is given {len(h)} cards, more than {want}")
    top = cards(noc)
    _take(pool, top, "nọc top")
    end = cards(noc_end)
    _take(pool, end, "nọc end")
    dead_cards: list[Card] = []
    if isinstance(dead, str):
        dead_cards = cards(dead)
        _take(pool, dead_cards, "dead")
    if fill:
        _fill(held, pool, cai)
    if dead is None:
        dead = (4 - players) * HAND
    if isinstance(dead, int):
        for _ in range(dead):
            c = max(k for k in ALL_CARDS if pool[k] > 0)
            pool[c] -= 1
            dead_cards.append(c)
    rest = [c for c in ALL_CARDS for _ in range(pool[c])]
    out: dict[str, Any] = {
        "hands": [[c.code for c in h] for h in held],
        "noc": [c.code for c in top + rest + end],
    }
    if dead_cards:
        out["dead"] = [c.code for c in dead_cards]
    if cai_card is not None:
        out["cai_card"] = cai_card
    return out


def _same_rank_as(card: Card, stated: list[Card]) -> bool:
    return any(same_rank(card, c) for c in stated)


def _fill(held: list[list[Card]], pool: Counter[Card], cai: int) -> None:
    """Round-robin filler: one card at a time per seat, a kind the seat does not hold,
    preferring ranks the seat's stated cards do not have (so filler pairs with none of them)."""
    players = len(held)
    want = [CAI_HAND if s == cai else HAND for s in range(players)]
    stated = [list(h) for h in held]
    while any(len(held[s]) < want[s] for s in range(players)):
        for seat in range(players):
            if len(held[seat]) >= want[seat]:
                continue
            mine = Counter(held[seat])
            order = [Card((k + 6 * seat) % 25) for k in range(25)]
            choice = next((k for k in order if pool[k] > 0 and mine[k] == 0
                           and not _same_rank_as(k, stated[seat])), None)
            if choice is None:  # then a kind of a stated rank, still not held
                choice = next((k for k in order if pool[k] > 0 and mine[k] == 0), None)
            if choice is None:  # no fresh kind left: allow a second copy, never a third
                choice = next((k for k in order if pool[k] > 0 and mine[k] < 2), None)
            if choice is None:
                raise ValueError(f"cannot fill the hand of seat {seat}")
            pool[choice] -= 1
            held[seat].append(choice)


def make_deal(hands: Sequence[str], noc: str = "", *, noc_end: str = "", cai: int = 0,
              dead: str | int | None = None, cai_card: str | None = None,
              fill: bool = True) -> Deal:
    """A Deal read from the hands form of ``make_hands_json``."""
    return Deal.from_json(make_hands_json(hands, noc, noc_end=noc_end, cai=cai, dead=dead,
                                          cai_card=cai_card, fill=fill))


def make_game(hands: Sequence[str], noc: str = "", *, noc_end: str = "", cai: int = 0,
              dead: str | int | None = None, cai_card: str | None = None,
              rules: LangRules = DEFAULT_RULES, mode: Mode = Mode.REAL) -> Game:
    """A Game on ``make_deal(...)``."""
    deal = make_deal(hands, noc, noc_end=noc_end, cai=cai, dead=dead, cai_card=cai_card)
    return Game(deal, rules, mode)


def mat_cards(game: Game, seat: int) -> int:
    """Cards on a seat's mat."""
    return sum(len(m.cards) for m in game.mats[seat])


def table_size(game: Game, seat: int) -> int:
    """Hand + mat of a seat (R4.5)."""
    return game.hand_n[seat] + mat_cards(game, seat)


def all_cards(game: Game) -> Counter[Card]:
    """Every card of the game: hands, mats, cửa piles, what is left of the nọc, dead piles."""
    out: Counter[Card] = Counter()
    for seat in range(game.players):
        out.update(game.hand_cards(seat))
        for meld in game.mats[seat]:
            out.update(meld.cards)
        out.update(game.cua[seat])
    out.update(game.deal.noc[game.noc_pos:])
    out.update(game.deal.dead)
    return out


def play(game: Game, *texts: str) -> None:
    """Apply actions written in the text form: ``play(g, "0 discard 9v", "1 draw")``."""
    from engine.actions import Action

    for text in texts:
        game.apply(Action.parse(text))


# Standard 19-card hands (no mat) and one 20-card hand, for the seat that matters.
RONG_5V = "2v 2v 3v 3v 4v 4v 6v 6v 7v 7v 8v 8v 2n 2s 3n 3s 4n 4s 5v"
"""6 chắn + 3 cạ + què 5v: ù rộng, waits 5v 5n 5s."""
BACH_THU_9S = "2v 2v 3v 3v 4v 4v 6v 6v 7v 7v 2n 2s 3n 3s 4n 4s 8n 8s 9s"
"""5 chắn + 4 cạ + què 9s: bạch thủ, waits only 9s."""
CHIU_U_5S = "5s 5s 5s 2v 2v 3v 3v 4v 4v 6v 6v 2n 2s 3n 3s 4n 4s 7n 7s"
"""Three 5s: 5 chắn (one of them 5s 5s) + 4 cạ + què 5s: wins only by chíu ù on 5s."""
BACH_THU_CHI = "2v 2v 3v 3v 4v 4v 6v 6v 7v 7v 2n 2s 3n 3s 4n 4s 8n 8s cc"
"""5 chắn + 4 cạ + què cc: bạch thủ chi, waits cc (R5.3)."""
RONG_CC = "2v 2v 3v 3v 4v 4v 6v 6v 7v 7v 8v 8v 2n 2s 3n 3s 4n 4s cc"
"""6 chắn + 3 cạ + què cc: may not win on cc (R5.3), so not waiting."""
THIEN_U = "2v 2v 3v 3v 4v 4v 5v 5v 6v 6v 7v 7v 8v 8n 9v 9n 2n 2s 3n 3s"
"""20 cards, 6 chắn + 4 cạ: a dealt winning hand (thiên ù, R5.2)."""


def draw_and_pass(game: Game) -> None:
    """The actor draws (if it must) and says dưới on its draw."""
    from engine.game import Phase

    assert game.phase is Phase.PLAY, game
    if not game.may_pass:
        game.draw(game.actor)  # type: ignore[arg-type]
    if game.phase is Phase.PLAY and game.may_pass:
        game.pass_(game.actor)  # type: ignore[arg-type]
