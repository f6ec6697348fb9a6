"""R6 property tests: the engine's cước against a reference written from the R6 table.

Part A feeds random winning WinFacts (biased toward the picture cards, Chi chi, reds, chíu and
four-of-a-kind) to ``engine.chan.cuoc.detect`` and to the reference. Part B plays random games to
their win and derives every fact of the win (chì, địa ù, chíu ù, bòn, ù bòn, phá thiên, the
hand and the mat) from the public record alone, then compares with ``game.true_call()``.
"""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.actions import Act, Action
from engine.chan import hand as H
from engine.chan.cards import Card
from engine.chan.cuoc import WinFacts, detect
from engine.chan.deal import Deal
from engine.chan.game import ChanGame as Game
from engine.chan.melds import Meld, MeldKind
from engine.game import Mode, Phase

CC = Card.CC
RED = {Card.V8, Card.S8, Card.V9, Card.S9, CC}
# R8.5 groups, for checking that the true call comes in canonical order.
GROUP = {"xuong": 0, "thong": 1, "chi": 2, "thien_u": 3, "dia_u": 3, "chiu_u": 3, "u_bon": 3,
         "bach_thu": 4, "bach_thu_chi": 4, "hoa_roi_cua_phat": 4, "dong_tu_hai_hoa": 4,
         "ca_loi_san_dinh": 4, "ca_nhay_dau_thuyen": 4, "ngu_ong_bat_ca": 4,
         "nha_lau_xe_hoi": 4, "thap_thanh": 5, "pha_thien": 5, "kinh_tu_chi": 6, "tam_do": 6,
         "bach_dinh": 6, "leo": 7, "tom": 7, "chiu": 8, "bon": 8, "thien_khai": 8}


def rank(c: Card) -> int:
    return 1 if c == CC else c // 3 + 2


# ------------------------------------------------------------------ the reference (R6)


def arrangement(hand: Counter[Card]) -> tuple[int, int, int, list[Card]]:
    """R3.6: (chắn, cạ, ba đầu, què) of hand cards."""
    chan = sum(n // 2 for n in hand.values())
    ca = ba_dau = 0
    que: list[Card] = []
    for r in range(1, 10):
        left = [c for c, n in hand.items() if rank(c) == r and n % 2]
        if r == 1 or len(left) == 1:
            que += left
        elif len(left) == 2:
            ca += 1
        elif len(left) == 3:
            ba_dau += 1
    return chan, ca, ba_dau, que


def reference_cuoc(hand: Counter[Card], mats: list[tuple[str, list[Card]]], w: Card | None,
                   *, chi: bool, thien_u: bool, dia_u: bool, chiu_u: bool, bon_done: int,
                   u_bon: bool, pha_thien: bool, thong: bool) -> dict[str, int]:
    """The true cước of a win by the R6 table (C1–C25) and R6.1."""
    mat_cards: Counter[Card] = Counter(c for _, cs in mats for c in cs)
    mat_chan = sum(2 if k == "chiu" else 1 if k == "chan" else 0 for k, _ in mats)
    mat_ca = sum(1 for k, _ in mats if k == "ca")
    hand_w = Counter(hand)
    if w is not None:
        hand_w[w] += 1
    c20 = hand_w + mat_cards
    out: dict[str, int] = {}
    if thong:
        out["thong"] = 1
    if chi:
        out["chi"] = 1
    if thien_u:
        out["thien_u"] = 1
    if dia_u:
        out["dia_u"] = 1
    if chiu_u:
        out["chiu_u"] = 1
    if u_bon:
        out["u_bon"] = 1
    chan, ca, ba_dau, que = arrangement(hand)
    if w is None:
        bach_thu = chan + mat_chan == 6 and ca + mat_ca == 4
    else:
        bach_thu = (chan + mat_chan == 5 and ca + mat_ca == 4 and ba_dau == 0
                    and que == [w])
    if bach_thu:
        out["bach_thu_chi" if w == CC else "bach_thu"] = 1
    pictures: list[str] = []
    if chi and bach_thu and w == Card.V2:
        if mat_cards[Card.V5]:
            pictures.append("hoa_roi_cua_phat")
        if mat_cards[Card.N8]:
            pictures.append("dong_tu_hai_hoa")
        if hand[Card.V5] >= 2 and hand[Card.V4] >= 2:
            pictures.append("nha_lau_xe_hoi")
    if chi and bach_thu and w == Card.V8:
        if mat_cards[Card.V5]:
            pictures.append("ca_loi_san_dinh")
        if mat_cards[Card.S5]:
            pictures.append("ca_nhay_dau_thuyen")
        if hand[CC] >= 2 and hand[Card.S5] >= 2:
            pictures.append("ngu_ong_bat_ca")
    if pictures:  # R6.1
        out.pop("chi", None)
        out.pop("bach_thu", None)
        out.update(dict.fromkeys(pictures, 1))
    if mat_ca == 0 and all(n % 2 == 0 for n in hand_w.values()):
        out["thap_thanh"] = 1
    if pha_thien:
        out["pha_thien"] = 1
    reds = sum(n for c, n in c20.items() if c in RED)
    if c20[CC] == 4 and reds == 4:
        out["kinh_tu_chi"] = 1
    if reds == 8:
        out["tam_do"] = 1
    if reds == 0:
        out["bach_dinh"] = 1
    for cid, kinds in (("leo", (Card.V9, Card.S8, CC)), ("tom", (Card.V3, Card.S3, Card.N7))):
        n = min(c20[k] for k in kinds)
        if n:
            out[cid] = n
    chiu = sum(1 for k, _ in mats if k == "chiu")
    if chiu:
        out["chiu"] = chiu
    if bon_done:
        out["bon"] = bon_done
    tk = sum(1 for n in hand.values() if n == 4)
    if tk:
        out["thien_khai"] = tk
    return out or {"xuong": 1}


def in_canonical_order(call: tuple[tuple[str, int], ...]) -> bool:
    groups = [GROUP[c] for c, _ in call]
    return groups == sorted(groups)


# ------------------------------------------------------------------ A: random WinFacts

FAVOURITES = [Card.V2, Card.V8, CC, Card.V5, Card.S5, Card.N8, Card.V4, Card.V9, Card.S8,
              Card.V3, Card.S3, Card.N7]


def random_win(rng: random.Random) -> tuple[Counter[Card], list[tuple[str, list[Card]]],
                                            Card | None] | None:
    """Ten pairs as mat melds and hand cards, and W; None if the draw failed."""
    pool: Counter[Card] = Counter({Card(k): 4 for k in range(25)})

    def pick() -> Card:
        if rng.random() < 0.4:
            return rng.choice(FAVOURITES)
        return Card(rng.randrange(25))

    def take(*cs: Card) -> bool:
        need = Counter(cs)
        if any(pool[c] < n for c, n in need.items()):
            return False
        pool.subtract(need)
        return True

    mats: list[tuple[str, list[Card]]] = []
    pairs: list[list[Card]] = []  # hand pairs (including the one W completes)
    units = 0
    for _ in range(rng.choice([0, 0, 1, 2, 3, 4])):
        c = pick()
        kind = rng.choice(["chan", "chan", "ca", "chiu"])
        if kind == "chiu" and units <= 8 and take(c, c, c, c):
            mats.append(("chiu", [c] * 4))
            units += 2
        elif kind == "chan" and take(c, c):
            mats.append(("chan", [c, c]))
            units += 1
        elif kind == "ca" and c != CC:
            d = Card(c // 3 * 3 + (c % 3 + rng.randrange(1, 3)) % 3)
            if take(c, d):
                mats.append(("ca", [c, d]))
                units += 1
    tries = 0
    while units < 10 and tries < 200:
        tries += 1
        c = pick()
        if rng.random() < 0.6 or c == CC:
            if take(c, c):
                pairs.append([c, c])
                units += 1
        else:
            d = Card(c // 3 * 3 + (c % 3 + rng.randrange(1, 3)) % 3)
            if take(c, d):
                pairs.append([c, d])
                units += 1
    if units != 10:
        return None
    hand: Counter[Card] = Counter(c for p in pairs for c in p)
    if not mats and rng.random() < 0.15:
        return hand, mats, None  # thiên ù: the 20 dealt cards, no W, no mat
    if not pairs:
        return None
    w = rng.choice(rng.choice(pairs))
    hand[w] -= 1
    return hand, mats, w


def random_bach_thu(rng: random.Random) -> tuple[Counter[Card], list[tuple[str, list[Card]]],
                                                 Card | None] | None:
    """A hand of (about) 5 chắn and 4 cạ before W, with the picture cards placed now and then."""
    pool: Counter[Card] = Counter({Card(k): 4 for k in range(25)})
    w = rng.choice([Card.V2, Card.V8, CC, Card(rng.randrange(25))])
    pool[w] -= 2
    mats: list[tuple[str, list[Card]]] = []
    hand: Counter[Card] = Counter({w: 1})
    chan_units, ca_units = 5, 4
    for c, where in ((Card.V5, "mat"), (Card.N8, "mat"), (Card.S5, "mat"), (CC, "hand"),
                     (Card.S5, "hand"), (Card.V5, "hand"), (Card.V4, "hand")):
        if rng.random() < 0.35 and pool[c] >= 2 and chan_units:
            pool[c] -= 2
            chan_units -= 1
            if where == "mat":
                mats.append(("chan", [c, c]))
            else:
                hand[c] += 2
    while chan_units or ca_units:
        c = Card(rng.randrange(25))
        if chan_units and (not ca_units or rng.random() < 0.5):
            if pool[c] < 2:
                continue
            pool[c] -= 2
            chan_units -= 1
            if rng.random() < 0.3:
                mats.append(("chan", [c, c]))
            else:
                hand[c] += 2
        else:
            if c == CC:
                continue
            d = Card(c // 3 * 3 + (c % 3 + rng.randrange(1, 3)) % 3)
            if pool[c] < 1 or pool[d] < 1 or (c == d):
                continue
            pool[c] -= 1
            pool[d] -= 1
            ca_units -= 1
            if rng.random() < 0.3:
                mats.append(("ca", [c, d]))
            else:
                hand[c] += 1
                hand[d] += 1
    return hand, mats, w


def engine_facts(hand: Counter[Card], mats: list[tuple[str, list[Card]]], w: Card | None,
                 flags: dict[str, bool | int]) -> WinFacts:
    kinds = {"chan": MeldKind.CHAN, "ca": MeldKind.CA, "chiu": MeldKind.CHIU}
    cards = list(hand.elements())
    return WinFacts(hand=H.pack(cards), hand_n=len(cards),
                    mats=tuple(Meld(kinds[k], tuple(cs), cs[0]) for k, cs in mats),
                    card=w, **flags)  # type: ignore[arg-type]


def is_win(hand: Counter[Card], mats: list[tuple[str, list[Card]]], w: Card | None) -> bool:
    """R5.1 + R5.3 by brute force."""
    h = Counter(hand)
    if w is not None:
        h[w] += 1
    if any(sum(n for c, n in h.items() if rank(c) == r) % 2 for r in range(1, 10)):
        return False
    chan = sum(n // 2 for n in h.values()) + sum(
        2 if k == "chiu" else 1 if k == "chan" else 0 for k, _ in mats)
    return chan == 6 if w == CC else chan >= 6


@settings(max_examples=400, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(seed=st.integers(0, 2**32 - 1))
def test_R6_detect_equals_reference_on_random_wins(seed: int) -> None:
    rng = random.Random(seed)
    drawn = random_bach_thu(rng) if rng.random() < 0.4 else random_win(rng)
    if drawn is None:
        return
    hand, mats, w = drawn
    if not is_win(hand, mats, w):
        return
    flags: dict[str, bool | int] = {
        "chi": w is not None and rng.random() < 0.6,
        "thien_u": w is None,
        "dia_u": w is not None and rng.random() < 0.2,
        "chiu_u": w is not None and hand[w] == 3,
        "bon_done": rng.choice([0, 0, 0, 1, 2]),
        "u_bon": w is not None and hand[w] == 1 and rng.random() < 0.2,
        "pha_thien": rng.random() < 0.1,
        "thong": rng.random() < 0.2,
    }
    got = detect(engine_facts(hand, mats, w, flags))
    want = reference_cuoc(hand, mats, w, **flags)  # type: ignore[arg-type]
    assert dict(got) == want, (hand, mats, w, flags)
    assert in_canonical_order(got)


# ------------------------------------------------------------------ B: random games


class Tracker:
    """The facts of R6 for every seat, from the public record."""

    def __init__(self, deal: Deal) -> None:
        self.hands = [Counter(h) for h in deal.hands]
        self.dealt_no_chan = [max(Counter(h).values()) < 2 for h in deal.hands]
        self.mats: list[list[tuple[str, list[Card]]]] = [[] for _ in deal.hands]
        self.touched = [False] * len(deal.hands)  # put a card into its own cửa chì (C5)
        self.bon_open: list[set[Card]] = [set() for _ in deal.hands]
        self.bon_done = [0] * len(deal.hands)
        self.noc = list(deal.noc)
        self.pos = 0
        self.live: tuple[Card, int] | None = None  # the live card and its cửa
        self.chiu_cua = 0

    def apply(self, a: Action) -> None:
        s = a.seat
        if a.act is Act.DRAW:
            self.live = (self.noc[self.pos], s)
            self.pos += 1
        elif a.act is Act.PASS:
            self.touched[s] = True
        elif a.act is Act.EAT:
            assert self.live is not None and a.card is not None
            x, y = self.live[0], a.card
            if x == y:
                if x in self.bon_open[s]:
                    self.bon_open[s].discard(x)
                    self.bon_done[s] += 1
                elif self.hands[s][x] >= 2:
                    self.bon_open[s].add(x)
            self.hands[s][y] -= 1
            self.mats[s].append(("chan" if x == y else "ca", [x, y]))
            self.live = None
        elif a.act is Act.DISCARD:
            assert a.card is not None
            self.hands[s][a.card] -= 1
            self.touched[s] = True
            self.live = (a.card, s)
        elif a.act is Act.CHIU:
            assert self.live is not None
            x, self.chiu_cua = self.live
            self.hands[s][x] -= 3
            self.mats[s].append(("chiu", [x] * 4))
        elif a.act is Act.RETURN:
            assert a.card is not None
            self.hands[s][a.card] -= 1
            if self.chiu_cua == s:
                self.touched[s] = True
            self.live = (a.card, self.chiu_cua)

    def cuoc_of_win(self, s: int, thong_seat: int | None) -> dict[str, int]:
        hand = +self.hands[s]
        if self.live is None:  # thiên ù before the first discard
            return reference_cuoc(hand, [], None, chi=False, thien_u=True, dia_u=False,
                                  chiu_u=False, bon_done=0, u_bon=False,
                                  pha_thien=self.dealt_no_chan[s], thong=s == thong_seat)
        w, cua = self.live
        chiu_u = hand[w] == 3
        return reference_cuoc(
            hand, self.mats[s], w, chi=cua == s, thien_u=False, dia_u=not self.touched[s],
            chiu_u=chiu_u, bon_done=self.bon_done[s],
            # C9 (decision, seeds "bốc được một quân mà mình có thể ăn bòn"): W must be a card
            # the winner could have eaten, i.e. in its own cửa chì or its cửa trên
            u_bon=not chiu_u and w in self.bon_open[s] and hand[w] >= 1
            and cua in (s, (s - 1) % len(self.hands)),
            pha_thien=self.dealt_no_chan[s], thong=s == thong_seat)


def shape(cards: Counter[Card], mat_chan: int) -> int:
    """How close a hand is to winning: chắn count minus ranks with an odd count."""
    chan = mat_chan + sum(n // 2 for n in cards.values())
    odd = sum(1 for r in range(1, 10) if sum(n for c, n in cards.items() if rank(c) == r) % 2)
    return 2 * chan - odd


def after_discard(g: Game, a: Action) -> int:
    """The shape of the actor's hand once ``a`` (a discard or trả cửa) is made."""
    assert a.card is not None
    cards = Counter(g.hand_cards(a.seat))
    cards[a.card] -= 1
    return shape(cards, g.mat_chan[a.seat])


def play_to_a_win(seed: int, players: int) -> Game | None:
    """A real-mode game played by a greedy-but-noisy policy until someone wins."""
    rng = random.Random(seed)
    thong_seat = rng.choice([None, *range(players)])
    g = Game(Deal.shuffled(seed, players, rng.randrange(players)), mode=Mode.REAL,
             thong_seat=thong_seat)
    while g.phase not in (Phase.CALL, Phase.OVER):
        legal = g.legal_actions()
        pick = rng.choice(legal)
        wins = [a for a in legal if a.act is Act.WIN]
        chius = [a for a in legal if a.act is Act.CHIU]
        chan_eats = [a for a in legal if a.act is Act.EAT and g.live is not None
                     and a.card == g.live.card]
        discards = [a for a in legal if a.act in (Act.DISCARD, Act.RETURN)]
        if wins:
            pick = wins[0]
        elif chius and rng.random() < 0.8:
            pick = chius[0]
        elif chan_eats and rng.random() < 0.8:
            pick = chan_eats[0]  # chắn eats build winning hands (and bòn)
        elif discards and rng.random() < 0.85:
            best = max(after_discard(g, a) for a in discards)
            pick = rng.choice([a for a in discards if after_discard(g, a) == best])
        elif pick.act is Act.EAT and rng.random() < 0.7:
            pick = next(a for a in legal if a.act in (Act.DRAW, Act.PASS))
        g.apply(pick)
    return g if g.phase is Phase.CALL else None


@settings(max_examples=150, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 4))
def test_R6_true_call_of_random_wins_equals_reference(seed: int, players: int) -> None:
    g = play_to_a_win(seed, players)
    if g is None:
        return
    t = Tracker(g.deal)
    for a in g.record[:-1]:
        t.apply(a)
    winner = g.record[-1].seat
    want = t.cuoc_of_win(winner, g.thong_seat)
    got = g.true_call()
    assert dict(got) == want, [str(a) for a in g.record]
    assert in_canonical_order(got)
