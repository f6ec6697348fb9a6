"""Xướng (RULES R8): the call as a list of (cước, count), its text form and its verdict."""

from __future__ import annotations

import unicodedata
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from engine.chan.cuoc import ORDER_GROUP, PICTURES, canonical, score
from engine.chan.cuoc_ids import CUOC_IDS, check_call
from engine.errors import BadAction
from engine.scoring import Instances

NAME_VI: dict[str, str] = {
    "xuong": "xuông", "thong": "thông", "chi": "chì", "thien_u": "thiên ù", "dia_u": "địa ù",
    "chiu": "chíu", "chiu_u": "chíu ù", "bon": "ăn bòn", "u_bon": "ù bòn",
    "thien_khai": "thiên khai", "thap_thanh": "thập thành", "bach_dinh": "bạch định",
    "tam_do": "tám đỏ", "leo": "lèo", "tom": "tôm", "bach_thu": "bạch thủ",
    "bach_thu_chi": "bạch thủ chi", "kinh_tu_chi": "kính tứ chi",
    "hoa_roi_cua_phat": "hoa rơi cửa phật", "dong_tu_hai_hoa": "đồng tử hái hoa",
    "ca_loi_san_dinh": "cá lội sân đình", "ca_nhay_dau_thuyen": "cá nhảy đầu thuyền",
    "ngu_ong_bat_ca": "ngư ông bắt cá", "nha_lau_xe_hoi": "nhà lầu xe hơi hoa rơi cửa phật",
    "pha_thien": "phá thiên",
}
NAME_EN: dict[str, str] = {
    "xuong": "plain win", "thong": "consecutive win", "chi": "win in own cửa chì",
    "thien_u": "heavenly win", "dia_u": "earthly win", "chiu": "chíu", "chiu_u": "chíu win",
    "bon": "bòn", "u_bon": "bòn win", "thien_khai": "four of a kind in hand",
    "thap_thanh": "ten chắn", "bach_dinh": "no red card", "tam_do": "eight red cards",
    "leo": "lèo (9v 8s cc)", "tom": "tôm (3v 3s 7n)", "bach_thu": "single wait",
    "bach_thu_chi": "single wait on Chi chi", "kinh_tu_chi": "four Chi chi",
    "hoa_roi_cua_phat": "flower falls at the pagoda", "dong_tu_hai_hoa": "child picks flowers",
    "ca_loi_san_dinh": "fish in the communal yard", "ca_nhay_dau_thuyen": "fish leaps the boat",
    "ngu_ong_bat_ca": "fisherman catches the fish", "nha_lau_xe_hoi": "house, car and flower",
    "pha_thien": "no chắn dealt",
}
_HOW_PREFIX = {"thien_u": "thiên", "dia_u": "địa", "chiu_u": "chíu"}
_COUNTED = frozenset({"leo", "tom", "chiu", "bon", "thien_khai"})


def render(call: Iterable[tuple[str, int]]) -> str:
    """R8.6: "Thông chì địa chíu ù bạch thủ, 2 lèo, có tôm, có chíu" (in the given order)."""
    items = list(call)
    head: list[str] = []
    tail: list[str] = []
    i = 0
    while i < len(items):
        cid, n = items[i]
        if cid in _HOW_PREFIX or cid == "u_bon":
            words = []
            bon = False
            while i < len(items) and (items[i][0] in _HOW_PREFIX or items[i][0] == "u_bon"):
                if items[i][0] == "u_bon":
                    bon = True
                else:
                    words.append(_HOW_PREFIX[items[i][0]])
                i += 1
            head.append(" ".join([*words, "ù bòn" if bon else "ù"]))
            continue
        if cid in _COUNTED:
            tail.append(f"{n} {NAME_VI[cid]}" if n > 1 else f"có {NAME_VI[cid]}")
        elif ORDER_GROUP[cid] <= 4 and not tail:
            head.append(NAME_VI[cid] if n == 1 else f"{n} {NAME_VI[cid]}")
        else:
            tail.append(NAME_VI[cid] if n == 1 else f"{n} {NAME_VI[cid]}")
        i += 1
    parts = [" ".join(head)] if head else []
    parts.extend(tail)
    text = ", ".join(parts)
    return text[:1].upper() + text[1:]


def _fold(text: str) -> str:
    text = unicodedata.normalize("NFC", text.lower()).replace("đ", "d")
    return "".join(ch for ch in unicodedata.normalize("NFD", text)
                   if not unicodedata.combining(ch))


# Phrases, longest first; diacritic forms are tried before folded ones so that "chì" (C3) and
# "chi" (Chi chi) stay apart when the text has its accents.
_PHRASES: list[tuple[list[str], str]] = sorted(
    [(NAME_VI[cid].split(), cid) for cid in CUOC_IDS]
    + [(["ăn", "bòn"], "bon"), (["bòn"], "bon"), (["ù", "xuông"], "xuong"),
       (["tiểu", "đồng", "hái", "hoa"], "dong_tu_hai_hoa"),
       (["nhà", "lầu", "xe", "hơi"], "nha_lau_xe_hoi")],
    key=lambda p: -len(p[0]))


def parse(text: str) -> Instances:
    """Read a spoken call ("Thông chì địa chíu ù bạch thủ, 2 lèo, có tôm") in the order said."""
    words = unicodedata.normalize("NFC", text.lower()).replace(",", " ").replace(".", " ").split()
    out: list[tuple[str, int]] = []
    i = 0
    while i < len(words):
        n = 1
        if words[i].isdigit():
            n = int(words[i])
            i += 1
        elif words[i] == "có" or _fold(words[i]) == "co":
            i += 1
        if i >= len(words):
            raise BadAction(f"'{text}': a count must be followed by a cước")
        j = i
        while j < len(words) and _fold(words[j]) in ("thien", "dia", "chiu"):
            j += 1
        how = [_fold(w) for w in words[i:j]]
        if how and j < len(words) and _fold(words[j]) == "u":
            ids = {"thien": "thien_u", "dia": "dia_u", "chiu": "chiu_u"}
            out.extend((ids[w], 1) for w in how)
            i = j + 1
            if i < len(words) and _fold(words[i]) == "bon":
                out.append(("u_bon", 1))
                i += 1
            continue
        match = _match(words, i)
        if match is None:
            raise BadAction(f"'{text}': cannot read a cước at '{' '.join(words[i:i + 3])}' "
                            f"(không đọc được cước)")
        cid, used = match
        out.append((cid, n))
        i += used
    check_call(out)  # "10000000 lèo" is not a call a hand can hold
    return tuple(out)


def _match(words: list[str], i: int) -> tuple[str, int] | None:
    for exact in (True, False):
        for phrase, cid in _PHRASES:
            seg = words[i:i + len(phrase)]
            if len(seg) != len(phrase):
                continue
            if exact and seg == phrase:
                return cid, len(phrase)
            if not exact and [_fold(w) for w in seg] == [_fold(w) for w in phrase]:
                return cid, len(phrase)
    return None


@dataclass(frozen=True, slots=True)
class Fault:
    """One faulty part of a call: the cước, how many instances, and why."""

    cuoc: str
    count: int
    reason: str  # not_held | too_many | bach_thu_for_chi | beside_picture | xuong_beside
    # | bach_thu_not_called | order


@dataclass(frozen=True, slots=True)
class Verdict:
    """The judgement of a call against the true cước (R8)."""

    true: Instances
    call: Instances
    wrong: tuple[Fault, ...]  # R8.2 xướng sai
    missing: Instances  # R8.3 xướng thiếu
    misplaced: Instances  # R8.5 order: the called entries out of canonical order
    bach_thu_not_called: Fault | None  # R8.4
    strict_order: bool

    @property
    def sai(self) -> bool:
        """The call is penalised (R8.2, R8.4, R8.5 with strict_order)."""
        return bool(self.wrong or self.bach_thu_not_called
                    or (self.strict_order and self.misplaced))

    @property
    def faulty(self) -> Instances:
        """Every faulty instance that the penalty is scored on (R8.4)."""
        items = [(f.cuoc, f.count) for f in self.wrong]
        if self.bach_thu_not_called is not None:
            items.append((self.bach_thu_not_called.cuoc, 1))
        if self.strict_order:  # a misplaced instance already wrong is counted once
            left = {f.cuoc: f.count for f in self.wrong}
            for cid, n in self.misplaced:
                already = min(n, left.get(cid, 0))
                left[cid] = left.get(cid, 0) - already
                if n > already:
                    items.append((cid, n - already))
        return tuple(items)

    @property
    def penalty(self) -> int:
        """R8.2/R8.4: the score of all faulty instances together (0 when not sai)."""
        return score(self.faulty) if self.sai else 0


def judge(true: Instances, call: Iterable[tuple[str, int]], strict_order: bool = False) -> Verdict:
    """Compare a call with the true cước (R8.2–R8.5, R6.1); BadAction for a call beyond what
    a hand can hold (the work stays bounded whatever the input)."""
    said = tuple(call)
    check_call(said)
    called: Counter[str] = Counter()
    for cid, n in said:
        called[cid] += n
    real = dict(true)
    pictures_true = [p for p in PICTURES if p in real]
    picture_called = any(p in called for p in PICTURES)
    allowed = dict(real)
    if pictures_true and not picture_called:
        allowed.setdefault("chi", 1)  # R6.1: correct but under-called
        allowed.setdefault("bach_thu", 1)
    wrong: list[Fault] = []
    for cid, n in called.items():
        extra = n - allowed.get(cid, 0)
        if extra <= 0:
            continue
        if cid == "bach_thu" and "bach_thu_chi" in real:
            reason = "bach_thu_for_chi"
        elif cid in ("chi", "bach_thu") and pictures_true and picture_called:
            reason = "beside_picture"
        elif cid == "xuong" and "xuong" not in real:
            reason = "xuong_beside"
        elif cid in real:
            reason = "too_many"
        else:
            reason = "not_held"
        wrong.append(Fault(cid, extra, reason))
    missing = tuple((cid, n - called.get(cid, 0)) for cid, n in true if n > called.get(cid, 0))
    not_called: Fault | None = None
    if "bach_thu_chi" in real and "bach_thu_chi" not in called:
        not_called = Fault("bach_thu_chi", 1, "bach_thu_not_called")
    elif "bach_thu" in real and "bach_thu" not in called:
        not_called = Fault("bach_thu", 1, "bach_thu_not_called")
    elif pictures_true and not ({"chi", "bach_thu", *PICTURES} & set(called)):
        # R6.1: "chì and/or bạch thủ" without the picture is correct but under-called
        not_called = Fault("bach_thu", 1, "bach_thu_not_called")
    return Verdict(true=tuple(true), call=said, wrong=tuple(wrong), missing=missing,
                   misplaced=misplaced(said), bach_thu_not_called=not_called,
                   strict_order=strict_order)


def misplaced(call: Instances) -> Instances:
    """R8.5: the fewest called entries whose removal leaves the call in canonical group order."""
    groups = [ORDER_GROUP[cid] for cid, _ in call]
    n = len(groups)
    if n == 0:
        return ()
    best = [1] * n
    prev = [-1] * n
    for i in range(n):
        for j in range(i):
            if groups[j] <= groups[i] and best[j] + 1 > best[i]:
                best[i], prev[i] = best[j] + 1, j
    i = max(range(n), key=lambda k: best[k])
    keep = set()
    while i != -1:
        keep.add(i)
        i = prev[i]
    return tuple(call[k] for k in range(n) if k not in keep)


def in_order(call: Iterable[tuple[str, int]]) -> Instances:
    """The same cước rearranged in canonical order (R8.5)."""
    return canonical(call)
