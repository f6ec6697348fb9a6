"""Tổ tôm views to draw while there is no Tổ tôm game to play: screenshots, tests, the bench.

Built from the engine's pure parts (engine/totom: the deal, cho cái, positions, the judged
arrangement and the call), never from a game state machine: the opening of a seeded deal with
its khàn face down, a hand-made mid-game with every kind of mat meld, the cho cái step by step,
and T7.7's chi nẩy won and judged. Every sample holds each kind at most four times (T1.1).

They live here, not in desktop/chieu/ beside Chắn's samples.py, because desktop/ may reach a
ruleset only through its face (tests/test_layers.py) and Tổ tôm has none yet; tools/ and bench/
import them as tools/screenshots_names.py imports tests.hostile_names.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

from desktop.chieu.labels import Lang
from desktop.chieu.samples import NAMES_VI
from desktop.chieu.tom_view import (
    ChoCai,
    ChoCaiStep,
    Hoi,
    Lay,
    Live,
    TomMeld,
    TomResult,
    TomView,
    arranged,
    mat_meld,
)
from desktop.chieu.view import Prompt
from engine.totom.call import call_for, say
from engine.totom.cards import COPIES, DECK, Card, parse_cards
from engine.totom.deal import Deal, cai_ring_index, cho_cai_count
from engine.totom.judged import judged_arrangement
from engine.totom.position import MatMeld, Position
from engine.totom.rules import TomRules

TOM_NAMES_VI = (*NAMES_VI, "Ông Năm")
TOM_NAMES_EN = ("You", "Grandma Tư", "Uncle Ba Đức", "Aunt Hằng", "Grandpa Năm")
OPENING_SEED = {5: 16, 4: 16}  # deals where the learner and others hold khàn or thiên khai


def _rules(players: int) -> TomRules:
    return TomRules(players=players)


def _names(players: int, lang: str) -> tuple[str, ...]:
    names = TOM_NAMES_VI if lang == "vi" else TOM_NAMES_EN
    return names[:4] if players == 4 else names


def _hoi(players: int, lang: str) -> Hoi:
    """A hội in its fourth game: one paid ù (12) taken, one player rowing the boat. The
    numbers written as desktop.i18n.amount writes them (a share at P = 4 is 12.5)."""
    share = 50 / players
    points = [-share, 12 - share, -share, -share, -share][:players]
    text = [f"{p:+g}" if p else "0" for p in points]
    if lang == "vi":
        text = [t.replace(".", ",") for t in text]
    return Hoi(game_no=4, pool="38", hoi_points=50, points=tuple(text),
               debts=(0, 0, 1, 0, 0)[:players])


def _say(text_vi: str, text_en: str, lang: str) -> str:
    return text_vi if lang == "vi" else text_en


def _lang(lang: str) -> Lang:
    return "vi" if lang == "vi" else "en"


def opening_view(players: int = 5, lang: str = "vi", seed: int | None = None) -> TomView:
    """The opening of a seeded deal (T4.1): every khàn and thiên khai face down — the learner
    sees its own, the others only backs — and the learner, the cái, about to discard."""
    deal = Deal.shuffled(OPENING_SEED[players] if seed is None else seed, _rules(players))
    mats: list[tuple[TomMeld, ...]] = []
    sizes: list[int] = []
    hand: tuple[Card, ...] = ()
    for seat, cards in enumerate(deal.hands):
        counts = Counter(cards)
        down = sorted(k for k, n in counts.items() if n >= 3)
        if seat == 0:
            mats.append(tuple(TomMeld(Lay.UP, (k,) * counts[k]) for k in down))
            hand = tuple(c for c in cards if c not in down)
        else:
            mats.append(tuple(TomMeld(Lay.UP, hidden=counts[k]) for k in down))
        sizes.append(len(cards) - sum(counts[k] for k in down))
    message = _say("Bạn là cái: khàn đã úp. Chọn một quân để đánh đầu tiên.",
                   "You are the cái: your khàn lie face down. Pick a card to discard first.",
                   lang)
    return TomView(
        players=players, seat=0, hand=hand, hand_sizes=tuple(sizes), mats=tuple(mats),
        cua=((),) * players, noc_left=len(deal.noc), cai_seat=deal.cai_seat, a=deal.a,
        b=deal.b, actor=deal.cai_seat, doing="phase_discard", hoi=_hoi(players, lang),
        names=_names(players, lang), lang=_lang(lang), message=message,
        prompts=(Prompt("discard", hint="Enter", primary=True),
                 Prompt("bat_thuc", hint="T"), Prompt("win", hint="U", enabled=False)),
        selected=(hand[-1],), highlighted=frozenset())


# The mid-game mats: every kind of meld T3.8 lists, on one table (seat by seat).
_MATS: tuple[tuple[TomMeld, ...], ...] = (
    (TomMeld(Lay.DOC, parse_cards("4v 5v 6v")), TomMeld(Lay.UP, parse_cards("9n 9n 9n")),
     TomMeld(Lay.YEU, parse_cards("oc"))),
    (TomMeld(Lay.SP, parse_cards("3v 3s 7n"), sp="SP1"),
     TomMeld(Lay.DOC, parse_cards("1s 2s 3s"), added=parse_cards("4s")),
     TomMeld(Lay.BI, parse_cards("5v 5n 5s"), trung=parse_cards("5v")),
     TomMeld(Lay.UP, hidden=3)),
    (TomMeld(Lay.THIEN_KHAI, parse_cards("8n 8n 8n 8n")),
     TomMeld(Lay.DOC, parse_cards("4n 5n 6n"), trung=parse_cards("5n")),
     TomMeld(Lay.YEU, parse_cards("tt tt"))),
    (TomMeld(Lay.KHAN, parse_cards("6s 6s 6s")),
     TomMeld(Lay.SP, parse_cards("9v 8s cc"), sp="SP2"),
     TomMeld(Lay.BI, parse_cards("2v 2n 2s"))),
    (TomMeld(Lay.UP, hidden=4), TomMeld(Lay.DOC, parse_cards("7v 8v 9v"), trung=parse_cards("8v")),
     TomMeld(Lay.PHONG, parse_cards("7s 7s 7s")), TomMeld(Lay.YEU, parse_cards("1v"))),
)
_LIVE = Card.V7  # lies in the learner's cửa trên: it would extend the learner's run (a gá)


def _take(pool: Counter[Card], cards: tuple[Card, ...]) -> None:
    for c in cards:
        if pool[c] <= 0:
            raise ValueError(f"the sample uses {c} more than {COPIES} times")
        pool[c] -= 1


def midgame_view(players: int = 5, lang: str = "vi", seed: int = 7) -> TomView:
    """A hand-made middle of a game with every kind of mat meld (T3.8): runs upright, one
    extended by a gá, phu bí with a quân trùng, a run with one, tôm and lèo, a phỗng, a khàn
    turned up, a thiên khai, face-down khàn (the learner's own and the others'), yêu eaten
    alone. The learner may eat the live card of its cửa trên onto its run."""
    rng = random.Random(seed)
    pool: Counter[Card] = Counter(DECK)
    mats = list(_MATS[:players])
    for melds in mats:
        for m in melds:
            _take(pool, m.cards + m.added + m.trung)
    _take(pool, (_LIVE,))
    for melds in mats:  # the others' face-down melds hold real cards too
        for m in melds:
            if m.hidden:
                kind = next(k for k in sorted(pool) if pool[k] >= m.hidden)
                _take(pool, (kind,) * m.hidden)
    n = 20 if players == 5 else 24
    sizes = [n - sum(m.size for m in melds) for melds in mats]
    rest = list(pool.elements())
    rng.shuffle(rest)
    hand = tuple(rest[:sizes[0]])
    del rest[:sizes[0] + sum(sizes[1:])]  # the others' hands
    piles: list[tuple[Card, ...]] = []
    for n_cua in (2, 3, 2, 2, 1)[:players]:  # what is left is the nọc
        # no yêu lies in a cửa: it is never discarded and must be eaten when drawn (T4.10)
        pile = tuple([c for c in rest if not c.is_yeu][:n_cua])
        for c in pile:
            rest.remove(c)
        piles.append(pile)
    piles[-1] = (*piles[-1], _LIVE)
    message = _say("Quân thất vạn ở cửa trên nối được phu dọc của bạn: ăn gá, hoặc bốc.",
                   "Thất vạn in your cửa trên extends your run: eat it onto the run, or draw.",
                   lang)
    eaters = frozenset(c for c in hand if c.suit == "v" and c.rank in (8, 9))
    return TomView(
        players=players, seat=0, hand=hand, hand_sizes=tuple(sizes), mats=tuple(mats),
        cua=tuple(piles), noc_left=len(rest), cai_seat=2, a=Card.N7, b=Card.V3, actor=0,
        doing="phase_play", live=Live(players - 1, _LIVE), hoi=_hoi(players, lang),
        names=_names(players, lang), lang=_lang(lang), message=message,
        prompts=(Prompt("eat", hint="A", primary=True), Prompt("draw", hint="B"),
                 Prompt("phong", hint="P", enabled=False), Prompt("win", hint="U",
                                                                  enabled=False)),
        highlighted=eaters, countdown=0.6)


def cho_cai_view(step: ChoCaiStep = ChoCaiStep.COUNT, players: int = 5, lang: str = "vi",
                 seed: int = 3) -> TomView:
    """The cho cái of a seeded deal (T2.5) at `step`, before anyone holds a card."""
    rules = _rules(players)
    deal = Deal.shuffled(seed, rules, cai_seat=2)
    piles = deal.source
    assert piles is not None
    r = cho_cai_count(piles.a, piles.b_card, players, rules.cai_mod)
    c = ChoCai(piles=players + 1, pile_size=rules.hand_size, noc_pile=piles.noc_pile,
               a=piles.a, khe=piles.khe, b=piles.b_card, b_pile=piles.b[0], count=r,
               cai_pile=cai_ring_index(piles.khe, r, players), cai_seat=piles.cai_seat,
               step=step)
    message = _say("Cho cái: A và B cộng lại, đếm từ khe theo chiều chơi đến phần của cái.",
                   "Cho cái: add A and B, count from the gap in play order to the cái's pile.",
                   lang)
    return TomView(players=players, seat=0, hand_sizes=(0,) * players,
                   mats=((),) * players, cua=((),) * players, cai_seat=piles.cai_seat,
                   cho_cai=c, hoi=_hoi(players, lang), names=_names(players, lang),
                   lang=_lang(lang), message=message,
                   prompts=(Prompt("next", label=_say("Tiếp", "Next", lang), hint="Enter",
                                   primary=True),))


# T7.7, the second worked example: waits only on chi chi; won on it, "Ù chi nẩy tôm" = 26.
_WON_MAT = ("4v 5v 6v", "2v 2n 2s")
_WON_HAND = "3v 3s 7n 1v 1n 5n 6n 7n 7s 8s 9s oc 9v 8s"


def won_view(players: int = 5, lang: str = "vi") -> TomView:
    """The learner's ù on T7.7's chi nẩy, judged (T5.3), drawn as groups over the table."""
    rules = _rules(players)
    mat = tuple(MatMeld.parse(m) for m in _WON_MAT)
    position = Position(parse_cards(_WON_HAND), mat)
    w = Card.CC
    judged = judged_arrangement(position, w, rules)
    assert judged is not None
    view = midgame_view(players, lang)
    mats = (tuple(mat_meld(m) for m in mat), *view.mats[1:])
    return replace(
        view, hand=position.hand, mats=mats,
        hand_sizes=(len(position.hand), *view.hand_sizes[1:]),
        cua=((),) * (players - 1) + ((w,),), live=Live(players - 1, w), actor=None, prompts=(),
        countdown=None, highlighted=frozenset(),
        message=_say("Bạn ù chi nẩy: chỉ chờ một quân chi chi.",
                     "You won on chi chi, the only card you waited for: chi nẩy.", lang),
        result=TomResult(winner=0, groups=arranged(judged.arrangement), w=w,
                         call=say(call_for(judged.cuoc, players)), score=judged.score,
                         verdict="paid"))


def sample_views(lang: str = "vi") -> dict[str, TomView]:
    """Every sample, by the name the screenshots give it."""
    return {
        "opening": opening_view(5, lang),
        "opening-4p": opening_view(4, lang),
        "midgame": midgame_view(5, lang),
        "midgame-4p": midgame_view(4, lang),
        "cho-cai": cho_cai_view(ChoCaiStep.COUNT, 5, lang),
        "cho-cai-b": cho_cai_view(ChoCaiStep.B, 5, lang),
        "cho-cai-4p": cho_cai_view(ChoCaiStep.COUNT, 4, lang),
        "won": won_view(5, lang),
    }
