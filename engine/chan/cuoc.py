"""The 25 cước (RULES R6): detection on a winning hand, the score of a call, gà.

Detection works on a ``WinFacts`` — everything a village looks at when the hand is shown —
so the same function serves live games, replays, lessons and hypothetical wins (R5.6).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from engine import scoring
from engine.chan import hand as H
from engine.chan.cards import Card
from engine.chan.cuoc_ids import CUOC_IDS, RULE_ID
from engine.chan.melds import Meld, MeldKind
from engine.chan.rules import LangRules
from engine.scoring import Instances

# (điểm, dịch) per cước, C1..C25 (R6 table).
POINTS: dict[str, tuple[int, int]] = dict(zip(CUOC_IDS, (
    (2, 0), (3, 1), (3, 1), (3, 1), (3, 1), (3, 1), (4, 1), (3, 1), (4, 1), (3, 1),
    (12, 9), (7, 4), (8, 5), (5, 2), (4, 1), (4, 1), (6, 3), (12, 9), (20, 17), (20, 17),
    (20, 17), (20, 17), (30, 0), (30, 0), (12, 9),
), strict=True))

PICTURES = ("hoa_roi_cua_phat", "dong_tu_hai_hoa", "ca_loi_san_dinh", "ca_nhay_dau_thuyen",
            "ngu_ong_bat_ca", "nha_lau_xe_hoi")

# R8.5: the canonical order of a call, group by group.
ORDER_GROUP: dict[str, int] = {
    "xuong": 0, "thong": 1, "chi": 2, "thien_u": 3, "dia_u": 3, "chiu_u": 3, "u_bon": 3,
    "bach_thu": 4, "bach_thu_chi": 4, **dict.fromkeys(PICTURES, 4), "thap_thanh": 5,
    "pha_thien": 5, "kinh_tu_chi": 6, "tam_do": 6, "bach_dinh": 6, "leo": 7, "tom": 7,
    "chiu": 8, "bon": 8, "thien_khai": 8,
}
_POSITION = {cid: i for i, cid in enumerate(
    ["xuong", "thong", "chi", "thien_u", "dia_u", "chiu_u", "u_bon", "bach_thu", "bach_thu_chi",
     *PICTURES, "thap_thanh", "pha_thien", "kinh_tu_chi", "tam_do", "bach_dinh", "leo", "tom",
     "chiu", "bon", "thien_khai"])}



@dataclass(frozen=True, slots=True)
class WinFacts:
    """What decides the cước of a win (R6): the hand before W, the melds, W and how it came."""

    hand: int  # packed hand cards before W
    hand_n: int
    mats: tuple[Meld, ...]
    card: Card | None  # W; None for thiên ù
    chi: bool  # W lies in the winner's own cửa chì (C3)
    thien_u: bool  # C4
    dia_u: bool  # C5: the winner had not yet put a card into its own cửa chì
    chiu_u: bool  # C7
    bon_done: int  # C8
    u_bon: bool  # C9: W completes a bòn in progress
    pha_thien: bool  # C25: the dealt hand had no chắn
    thong: bool  # C2
    mat_packed: int = field(init=False, compare=False)
    mat_chan: int = field(init=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "mat_packed", H.pack(c for m in self.mats for c in m.cards))
        object.__setattr__(self, "mat_chan", sum(m.chan for m in self.mats))


# The kinds whose counts in the 20 cards decide a cước: the red cards (C12–C14, C18), lèo
# (C14) and tôm (C15).
_COUNTED = H.counter((Card.V8, Card.S8, Card.V9, Card.S9, Card.CC, Card.N7, Card.V3, Card.S3))


def bach_thu(f: WinFacts) -> bool:
    """C16: before W exactly 5 chắn, 4 cạ, 1 què, and W identical to the què (thiên ù: 6 + 4)."""
    before = f.mat_chan + H.chan_count(f.hand, f.hand_n)
    if f.card is None:
        return before == 6
    return before == 5 and H.is_que(f.hand, f.card)  # one leftover in W's rank, no ba đầu


def detect(f: WinFacts) -> Instances:
    """The true cước of a win, in canonical order (R8.5), each with its count (R6)."""
    hand_w = f.hand if f.card is None else H.add(f.hand, f.card)
    n_w = f.hand_n + (f.card is not None)
    v8, s8, v9, s9, cc, n7, v3, s3 = _COUNTED(hand_w, f.mat_packed)
    found: list[tuple[str, int]] = []
    if f.thong:
        found.append(("thong", 1))
    bt = bach_thu(f)
    picture: list[tuple[str, int]] = []
    if f.chi and bt and f.card is not None:
        mat_v5, mat_n8, mat_s5 = H.counts_in(f.mat_packed, (Card.V5, Card.N8, Card.S5))
        cc_held, s5_held, v5_held, v4_held = H.counts_in(f.hand, (Card.CC, Card.S5, Card.V5,
                                                                  Card.V4))
        if f.card == Card.V2:
            if mat_v5:
                picture.append(("hoa_roi_cua_phat", 1))
            if mat_n8:
                picture.append(("dong_tu_hai_hoa", 1))
        elif f.card == Card.V8:
            if mat_v5:
                picture.append(("ca_loi_san_dinh", 1))
            if mat_s5:
                picture.append(("ca_nhay_dau_thuyen", 1))
            if cc_held >= 2 and s5_held >= 2:
                picture.append(("ngu_ong_bat_ca", 1))
        if f.card == Card.V2 and v5_held >= 2 and v4_held >= 2:
            picture.append(("nha_lau_xe_hoi", 1))
    if f.chi and not picture:  # R6.1: a picture cước includes chì and bạch thủ
        found.append(("chi", 1))
    if f.thien_u:
        found.append(("thien_u", 1))
    if f.dia_u:
        found.append(("dia_u", 1))
    if f.chiu_u:
        found.append(("chiu_u", 1))
    if f.u_bon:
        found.append(("u_bon", 1))
    if bt and not picture:
        found.append(("bach_thu_chi" if f.card == Card.CC else "bach_thu", 1))
    found.extend(picture)
    if f.mat_chan + H.chan_count(hand_w, n_w) == 10:
        found.append(("thap_thanh", 1))
    if f.pha_thien:
        found.append(("pha_thien", 1))
    reds = v8 + s8 + v9 + s9 + cc
    if cc == 4 and reds == 4:
        found.append(("kinh_tu_chi", 1))
    if reds == 8:
        found.append(("tam_do", 1))
    if reds == 0:
        found.append(("bach_dinh", 1))
    leo = min(v9, s8, cc)
    if leo:
        found.append(("leo", leo))
    tom = min(v3, s3, n7)
    if tom:
        found.append(("tom", tom))
    chiu = sum(1 for m in f.mats if m.kind is MeldKind.CHIU)
    if chiu:
        found.append(("chiu", chiu))
    if f.bon_done:
        found.append(("bon", f.bon_done))
    thien_khai = H.fours(f.hand)
    if thien_khai:
        found.append(("thien_khai", thien_khai))
    if not found:
        found.append(("xuong", 1))
    return tuple(found)


def canonical(items: Iterable[tuple[str, int]]) -> Instances:
    """Sort cước into the canonical order of R8.5."""
    return scoring.canonical(items, _POSITION)


def score(call: Iterable[tuple[str, int]]) -> int:
    """R6.2: one instance → its điểm; several → the highest điểm + the dịch of every other
    (the shared scorer, engine.scoring, on the R6 table)."""
    return scoring.score(call, POINTS)


def ga_count(call: Iterable[tuple[str, int]], rules: LangRules) -> int:
    """R6.3: how many gà combinations the called cước make (0 when the làng plays no gà)."""
    if rules.ga == "off":
        return 0
    have = {cid for cid, _ in call}
    u_bon, chi = "u_bon" in have, "chi" in have
    btc = "bach_thu_chi" in have
    bt = "bach_thu" in have or btc  # bạch thủ chi also satisfies "bạch thủ"
    hep = rules.ga == "hep"
    combos = [
        u_bon and bt,
        u_bon and btc,
        "thap_thanh" in have,
        "kinh_tu_chi" in have,
        "bach_dinh" in have and (not hep or "tom" in have),
        "tam_do" in have and (not hep or "leo" in have),
        btc and rules.ga_bach_thu_chi,
        chi and bt,
        chi and btc,
        "dong_tu_hai_hoa" in have,
        "pha_thien" in have,
    ]
    return sum(combos)


def total(call: Iterable[tuple[str, int]], rules: LangRules) -> int:
    """What a call collects from each loser, in điểm: R6.2 + gà × điểm per gà (R6.3)."""
    items = list(call)
    return score(items) + ga_count(items, rules) * rules.diem_per_ga


def rule_id(cid: str) -> str:
    """``leo`` → ``C14``."""
    return RULE_ID[cid]
