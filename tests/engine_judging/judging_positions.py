"""Hand-made positions for the judging tests (RULES R6–R9), in the FORMATS.md hands form.

A position names only the cards that matter; ``deal`` completes the 100 cards:

- each hand is topped up to 19 cards (20 for the cái recipient, ``cai``) from the ranks that no
  stated hand or nọc card uses (Chi chi excluded): single copies first, then second copies, so
  the filler never touches a rank the test is about and never makes a chíu or a wait;
- ``noc`` fixes the top of the nọc (top first); the rest of the nọc is filled to 23 cards and
  the remaining cards are the piles set aside (``dead``, R2.7).

Imported by the test modules of this folder as a plain module (the folder is on sys.path under
pytest's default import mode; it has no ``__init__.py`` and its basename is unique).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from engine.actions import Act, Action
from engine.chan import hand as H
from engine.chan.cards import ALL_CARDS, DECK, Card, parse_cards
from engine.chan.cuoc import WinFacts
from engine.chan.deal import Deal
from engine.chan.game import ChanGame as Game
from engine.chan.melds import Meld, MeldKind
from engine.chan.rules import DEFAULT_RULES, LangRules
from engine.game import Mode

NOC_SIZE = 23


def cards(text: str) -> list[Card]:
    """``"9v 9n cc"`` → cards."""
    return list(parse_cards(text))


def rank(card: Card) -> int:
    """Chi chi is rank 1 (R1.2)."""
    return card.rank


def deal(hands: Sequence[str], noc: str = "", *, cai: int = 0) -> Deal:
    """A Deal read through ``Deal.from_json`` (hands form); see the module docstring."""
    pool: Counter[Card] = Counter(DECK)
    held = [cards(h) for h in hands]
    top = cards(noc)
    for c in [c for h in held for c in h] + top:
        if pool[c] <= 0:
            raise ValueError(f"the position uses more than 4 × {c}")
        pool[c] -= 1
    used_ranks = {rank(c) for h in held for c in h} | {rank(c) for c in top}
    for seat, h in enumerate(held):
        want = 20 if seat == cai else 19
        if len(h) > want:
            raise ValueError(f"seat {seat} is given {len(h)} cards, more than {want}")
        while len(h) < want:
            mine = Counter(h)
            free = [k for k in ALL_CARDS if rank(k) not in used_ranks and k != Card.CC]
            free.sort(key=lambda k: (k + 5 * seat) % 25)
            other = [k for k in ALL_CARDS if k not in free]
            choice = next((k for limit, group in ((1, free), (2, free), (1, other), (2, other))
                           for k in group if pool[k] > 0 and mine[k] < limit), None)
            if choice is None:
                raise ValueError(f"cannot fill the hand of seat {seat}")
            pool[choice] -= 1
            h.append(choice)
    rest = [c for c in ALL_CARDS for _ in range(pool[c])]
    fill = NOC_SIZE - len(top)
    noc_cards = top + rest[:max(fill, 0)]
    dead = rest[max(fill, 0):]
    if len(hands) == 4:
        noc_cards, dead = top + rest, []
    data: dict[str, object] = {"hands": [[c.code for c in h] for h in held],
                               "noc": [c.code for c in noc_cards]}
    if dead:
        data["dead"] = [c.code for c in dead]
    return Deal.from_json(data)


def game(hands: Sequence[str], noc: str = "", *, cai: int = 0,
         rules: LangRules = DEFAULT_RULES, mode: Mode = Mode.REAL,
         thong_seat: int | None = None) -> Game:
    """A Game on ``deal(...)``."""
    return Game(deal(hands, noc, cai=cai), rules=rules, mode=mode, thong_seat=thong_seat)


def play(g: Game, *texts: str) -> None:
    """Apply actions in the text form: ``play(g, "0 discard 9v", "1 draw")``."""
    for text in texts:
        g.apply(Action.parse(text))


def rules_at(g: Game, event: int, seat: int | None = None) -> set[str]:
    """The rule ids the engine reported at one event (optionally for one seat)."""
    return {v.rule for v in g.violations if v.event == event and (seat is None or v.seat == seat)}


def last_event(g: Game) -> int:
    """Index of the last recorded event."""
    return len(g.record) - 1


def call_true(g: Game) -> None:
    """The winner calls exactly its true cước."""
    assert g.actor is not None
    g.apply(Action(g.actor, Act.CALL, None, g.true_call()))


def meld(text: str) -> Meld:
    """``"9v 9v"`` chắn, ``"9v 9n"`` cạ, ``"9v 9v 9v 9v"`` chíu; the first card was taken."""
    cs = tuple(cards(text))
    if len(cs) == 4:
        kind = MeldKind.CHIU
    elif cs[0] == cs[1]:
        kind = MeldKind.CHAN
    else:
        kind = MeldKind.CA
    return Meld(kind, cs, cs[0])


def facts(hand: str, card: str | None, mats: Sequence[str] = (), *, chi: bool = False,
          thien_u: bool = False, dia_u: bool = False, chiu_u: bool = False, bon_done: int = 0,
          u_bon: bool = False, pha_thien: bool = False, thong: bool = False) -> WinFacts:
    """The WinFacts of a win: hand cards before W, melds on the mat, W and how it came."""
    hs = cards(hand)
    return WinFacts(hand=H.pack(hs), hand_n=len(hs), mats=tuple(meld(m) for m in mats),
                    card=None if card is None else Card.parse(card), chi=chi, thien_u=thien_u,
                    dia_u=dia_u, chiu_u=chiu_u, bon_done=bon_done, u_bon=u_bon,
                    pha_thien=pha_thien, thong=thong)


def wins(f: WinFacts) -> bool:
    """R5.1/R5.3: the facts describe a winning hand (a sanity check of hand-made positions)."""
    if f.card is None:
        return H.is_winning_dealt(f.hand, f.hand_n)
    return H.is_winning(f.hand, f.hand_n, sum(m.chan for m in f.mats), f.card)
