"""What the Tổ tôm chiếu shows: one immutable value built from plain data (TOTOM T2–T8).

Like ChieuView for Chắn, a TomView is everything one frame shows, and `tom_scene.draw_tom`
turns it into pixels. It holds cards, melds as they lie and counts — no engine object — so a
controller fills it from `observation(seat)` of the Tổ tôm game, a replay from its events, a
lesson from a hand-made position. Nothing here decides a rule: which meld a group is, which
pile the cái takes, what a call is worth, all come in the view, computed by the engine.

Filling it: the seat's hand and every seat's count; each mat as `mat_meld` makes it of the
engine's MatMeld (with how it came there — khàn, thiên khai, phỗng — which a MatMeld does not
say, and `seen=False` for another seat's face-down meld); the cửa, the nọc's count and
`noc_stop` (TomRules), the cái and cards A and B (the Deal); the open claim window as `live`;
the cho cái from the Deal's Piles with the engine's r and pile (deal.cho_cai_count,
cai_ring_index) and a step an animation advances; the hội's pool, results and debts; at the ù
the judged arrangement through `arranged`, the call as said (call.say) and the verdict.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import IntEnum, StrEnum
from typing import TYPE_CHECKING

from desktop.chieu.hitmap import Hit
from desktop.chieu.labels import Lang
from desktop.chieu.view import Prompt, seat_name

if TYPE_CHECKING:  # the layers above reach a ruleset only through its face (tests/test_layers)
    from engine.totom.arrange import Arrangement
    from engine.totom.cards import Card
    from engine.totom.position import MatMeld


class Lay(StrEnum):
    """How a meld lies on the mat (T3.8), which is how it is drawn."""

    DOC = "doc"  # phu dọc: upright, the cards one under the other (T3.3)
    BI = "bi"  # phu bí: side by side (T3.2)
    SP = "sp"  # a special phu SP1–SP7, side by side (T3.4)
    UP = "up"  # a khàn or thiên khai lying face down (T4.1)
    KHAN = "khan"  # a khàn turned up (T4.8, T5.8)
    THIEN_KHAI = "thien_khai"  # four identical, shown (T4.2, T4.8)
    PHONG = "phong"  # two of the hand and the card taken (T4.7)
    YEU = "yeu"  # a yêu eaten alone, or with one copy of itself (T4.6, T4.10)


@dataclass(frozen=True, slots=True)
class TomMeld:
    """One meld as a viewer sees it on a mat (T3.8), or one group of a judged arrangement.

    `cards` lie in the order given (a run from its lowest rank, drawn top down); `added` are
    cards laid onto it later by a gá or a hạ trùng (T4.6, T4.12), drawn with it and marked;
    `trung` are its quân trùng (T4.6 H1), drawn lying on it. A face-down meld (Lay.UP) shows
    its owner its `cards`; another seat sees only `hidden` backs (T4.1: not the kind).
    """

    lay: Lay
    cards: tuple[Card, ...] = ()
    added: tuple[Card, ...] = ()
    trung: tuple[Card, ...] = ()
    hidden: int = 0
    sp: str | None = None  # SP1 … SP7 (Lay.SP): SP1 is the tôm, SP2 the lèo

    @property
    def lying(self) -> tuple[Card, ...]:
        """The meld's own cards and the ones laid onto it, as drawn (runs in rank order)."""
        cards = self.cards + self.added
        return tuple(sorted(cards, key=lambda c: c.rank)) if self.lay is Lay.DOC else cards

    @property
    def added_at(self) -> frozenset[int]:
        """Where in `lying` the cards laid on later are (a run holds each rank once)."""
        if self.lay is Lay.DOC:
            return frozenset(j for j, c in enumerate(self.lying) if c in self.added)
        return frozenset(range(len(self.cards), len(self.cards) + len(self.added)))

    @property
    def size(self) -> int:
        """How many cards lie there, quân trùng and hidden backs included."""
        return len(self.cards) + len(self.added) + len(self.trung) + self.hidden


@dataclass(frozen=True, slots=True)
class Live:
    """The card just placed in a cửa, whose claim window is open (T4.4)."""

    cua: int
    card: Card
    final: bool = False  # the last card of the nọc: only ù (T2.8)


class ChoCaiStep(IntEnum):
    """How far the cho cái has gone (T2.5), so an animation can step through it."""

    PILES = 0  # the P + 1 piles lie in their ring (T2.3)
    NOC = 1  # one pile has left the ring: the nọc (T2.5.1)
    A = 2  # card A lies face up in its khe (T2.5.2)
    B = 3  # card B is turned up (T2.5.3)
    COUNT = 4  # the piles are counted from the khe: the cái pile is found (T2.5.4–5)


@dataclass(frozen=True, slots=True)
class ChoCai:
    """The cho cái (T2.5) as the engine's deal records it (FORMATS piles form).

    Piles are numbered as dealt, in ring (play) order; `khe` k is the gap between ring piles
    k − 1 and k of the ring without the nọc; `count` is r and `cai_pile` the ring pile it
    lands on — both the engine's (engine.totom.deal), never worked out here.
    """

    piles: int  # P + 1
    pile_size: int  # N
    noc_pile: int
    a: Card
    khe: int
    b: Card
    b_pile: int  # the pile (as dealt, the nọc included) card B was turned up in
    count: int  # r, 1 … P
    cai_pile: int  # the ring position (0 … P − 1, the nọc left out) of the cái pile
    cai_seat: int
    step: ChoCaiStep = ChoCaiStep.COUNT


@dataclass(frozen=True, slots=True)
class Hoi:
    """The hội on the scoreboard (T8): the pool, each player's result and debt (T6.6)."""

    game_no: int | None = None
    # numbers as the controller writes them (desktop.i18n.amount: "+2", "-12,5" — a share at
    # P = 4 is 12.5, T8.1); the chiếu, drawn without Qt, writes no decimal itself
    pool: str | None = None  # points left in the pool; None in open mode (T8.5)
    hoi_points: int = 50
    points: tuple[str, ...] = ()  # per seat: received − share (T8.4), or the tally (T8.5)
    debts: tuple[int, ...] = ()  # per seat: ù owed to the làng (chèo đò, T6.6)


@dataclass(frozen=True, slots=True)
class Arranged:
    """One group of the winner's judged arrangement (T5.3), with where it began."""

    meld: TomMeld
    mat: bool = False  # a mat meld as it lay (T5.2), else new from the hand and W
    w_here: bool = False  # the winning card lies in this group


@dataclass(frozen=True, slots=True)
class TomResult:
    """An ù and its verdict (T5, T6): the judged arrangement drawn as groups."""

    winner: int
    groups: tuple[Arranged, ...] = ()
    w: Card | None = None  # the winning card (None: thiên ù, T5.4)
    call: str = ""  # the call as said: "Ù thông thập hồng tôm lèo"
    score: int | None = None
    verdict: str = ""  # "paid" | "unpaid" | "cheo_do" (T6.1), or a text


@dataclass(frozen=True, slots=True)
class TomView:
    """Everything one frame of the Tổ tôm chiếu shows, for the learner at `seat`.

    Per-seat tuples are indexed by seat (0 … P − 1, play order, T2.1); per-cửa by cửa (cửa i
    lies between seat i and seat i + 1, T2.2). The learner sits at the bottom.
    """

    players: int  # 5, or 4 for bí tứ (T2.1)
    seat: int = 0
    hand: tuple[Card, ...] = ()
    hand_sizes: tuple[int, ...] = ()  # every seat's hand, counted
    mats: tuple[tuple[TomMeld, ...], ...] = ()
    cua: tuple[tuple[Card, ...], ...] = ()  # each cửa's cards, bottom first
    noc_left: int = 0
    noc_stop: int = 5  # T2.8
    cai_seat: int = 0
    a: Card | None = None  # cards A and B of the cho cái, public all game (T2.5)
    b: Card | None = None
    actor: int | None = None  # whose decision it is
    doing: str = ""  # what the actor decides: a labels key ("phase_claim") or a text
    live: Live | None = None
    cho_cai: ChoCai | None = None  # set while the cho cái is shown, instead of the cửa
    hoi: Hoi | None = None
    result: TomResult | None = None
    open_hands: tuple[tuple[Card, ...], ...] | None = None  # replays: every seat's hand
    names: tuple[str, ...] = ()
    lang: Lang = "vi"
    selected: tuple[Card, ...] = ()  # hand cards the learner picked (one copy raised each)
    highlighted: frozenset[Card] = field(default_factory=frozenset)
    hinted_key: str | None = None  # the button of the move a hint suggests
    hinted_cards: tuple[Card, ...] = ()  # and its hand cards
    hovered: Hit | None = None
    prompts: tuple[Prompt, ...] = ()
    message: str = ""
    countdown: float | None = None

    def name(self, seat: int) -> str:
        """The name shown for `seat` (as ChieuView.name)."""
        return seat_name(self.names, seat, self.seat, self.lang)

    def hand_size(self, seat: int) -> int:
        """How many cards `seat` holds (the learner's own hand when not given)."""
        if seat < len(self.hand_sizes):
            return self.hand_sizes[seat]
        return len(self.hand) if seat == self.seat else 0

    def mat(self, seat: int) -> tuple[TomMeld, ...]:
        """The melds on `seat`'s mat."""
        return self.mats[seat] if seat < len(self.mats) else ()

    def pile(self, cua: int) -> tuple[Card, ...]:
        """The cards of cửa `cua`."""
        return self.cua[cua] if cua < len(self.cua) else ()


# the engine's group types (engine.totom.melds.GroupType, a StrEnum) that lie one way each
_LAYS = {"bi": Lay.BI, "doc": Lay.DOC, "sp": Lay.SP, "yeu": Lay.YEU}


def mat_meld(meld: MatMeld, giong: Lay = Lay.PHONG, seen: bool = True,
             added: tuple[Card, ...] = ()) -> TomMeld:
    """How the engine's mat meld lies (T3.8): `giong` says how a bộ giống came (KHAN,
    THIEN_KHAI or PHONG; a MatMeld does not say), `seen` whether this viewer may see a
    face-down one's kind (its owner only, T4.1), `added` which of its cards a gá or a hạ trùng
    laid on later."""
    if meld.face_down:
        return TomMeld(Lay.UP, meld.cards) if seen else TomMeld(Lay.UP, hidden=len(meld.cards))
    lay = _LAYS.get(meld.type, giong)
    cards = list(meld.cards)
    for card in added:
        cards.remove(card)
    return TomMeld(lay, tuple(cards), added=added, trung=meld.trung, sp=meld.sp)


def arranged(arrangement: Arrangement) -> tuple[Arranged, ...]:
    """The groups of a judged arrangement (T5.3) as drawn: a bộ giống made with W is a phỗng
    (T5.6), one without it a khàn kept in the hand (TN2); W is marked in the first new group
    that holds it (a mat meld may hold W too when W extends it, T5.2)."""
    w = arrangement.w
    out: list[Arranged] = []
    marked = False
    for g in arrangement.groups:
        lay = _LAYS.get(g.type)
        if lay is None:
            lay = Lay.PHONG if arrangement.w_in_giong and w in g.cards else Lay.KHAN
        here = not marked and w is not None and w in g.cards and not g.mat
        marked = marked or here
        out.append(Arranged(TomMeld(lay, g.cards, sp=g.sp), g.mat, here))
    return tuple(out)
