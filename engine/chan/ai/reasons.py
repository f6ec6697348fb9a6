"""Why a computer player chose its move, in Vietnamese and English, from the engine's facts:
the canonical arrangement (R3.6), waits and their live cards (R5.5), the rule ids (R7), the
call (R8). Never invented text: every number in a reason is computed."""

from __future__ import annotations

from dataclasses import dataclass

from engine.actions import Act, Action
from engine.chan import hand as H
from engine.chan.ai.policy import Scored
from engine.chan.ai.situation import Situation
from engine.chan.call import render
from engine.chan.cards import CC_INDEX, SUIT_NAMES_VI, Card
from engine.chan.rulebook import REGISTRY


@dataclass(frozen=True, slots=True)
class Reason:
    """A short explanation in both languages."""

    vi: str
    en: str

    def __str__(self) -> str:
        return f"{self.vi} / {self.en}"


def card_vi(card: int) -> str:
    """``2 vạn``; ``chi chi``."""
    if card == CC_INDEX:
        return "chi chi"
    return f"{card // 3 + 2} {SUIT_NAMES_VI[card % 3]}"


def card_en(card: int) -> str:
    """The R1.3 code: ``2v``."""
    return str(Card(card))


def action_text(a: Action) -> Reason:
    """A move in words: ``đánh 9 vạn`` / ``discard 9v``."""
    c = a.card
    if a.act is Act.DISCARD and c is not None:
        return Reason(f"đánh {card_vi(c)}", f"discard {card_en(c)}")
    if a.act is Act.RETURN and c is not None:
        return Reason(f"trả cửa {card_vi(c)}", f"return {card_en(c)}")
    if a.act is Act.EAT and c is not None:
        return Reason(f"ăn bằng {card_vi(c)}", f"eat with {card_en(c)}")
    words = {Act.DRAW: ("bốc", "draw"), Act.PASS: ("dưới", "dưới"), Act.CHIU: ("chíu", "chíu"),
             Act.DECLINE: ("bỏ qua", "let it pass"), Act.WIN: ("ù", "ù"),
             Act.CALL: ("xướng", "call")}
    vi, en = words.get(a.act, (str(a), str(a)))
    return Reason(vi, en)


def wait_clause(s: Situation, h: int, n: int, mat_chan: int) -> Reason | None:
    """"giữ chờ bạch thủ 2 vạn, còn 3 quân sống" when the hand waits (R5.5), else None."""
    ws = H.waits(h, n, mat_chan)
    if not ws:
        return None
    live = sum(s.ctx.unseen[w] for w in ws)
    shape = H.wait_shape(h, n, mat_chan)
    assert shape is not None
    names_vi = ", ".join(card_vi(w) for w in ws)
    names_en = " ".join(card_en(w) for w in ws)
    en_shape = {"rong": "an ù rộng", "bach_thu": "a bạch thủ", "ba_dau": "a ba đầu"}[shape.value]
    return Reason(f"giữ chờ {shape.name_vi} {names_vi}, còn {live} quân sống",
                  f"keeping {en_shape} wait on {names_en}, {live} live cards")


def _odd_left(h: int, n: int, mat_chan: int) -> int:
    """How many eats the hand still needs to reach one odd rank."""
    odd = H.odd_ranks(h).bit_count()
    return max(0, (odd - 1) // 2)


def _plan_clause(s: Situation, sc: Scored) -> Reason:
    if sc.hand_n % 2 == 0:
        return Reason("", "")
    w = wait_clause(s, sc.hand, sc.hand_n, sc.mat_chan)
    if w is not None:
        return w
    need = _odd_left(sc.hand, sc.hand_n, sc.mat_chan)
    if need == 0:  # one odd rank, but short of chắn (R5.1)
        return Reason("chưa đủ chắn để chờ ù", "not enough chắn to wait yet")
    return Reason(f"còn {need} lần ăn nữa mới chờ ù",
                  f"{need} more {'eat' if need == 1 else 'eats'} to a wait")


def _join(head: Reason, tail: Reason) -> Reason:
    if not tail.vi:
        return head
    return Reason(f"{head.vi}; {tail.vi}", f"{head.en}; {tail.en}")


def _discard_role(s: Situation, z: int) -> Reason:
    """What the discarded card was in the hand (R3.6) and its live partners."""
    h = s.hand
    u = s.ctx.unseen
    cz = H.count(h, z)
    zv, ze = card_vi(z), card_en(z)
    if z == CC_INDEX:
        field = [cz]
        suits = [z]
    else:
        base = z // 3 * 3
        suits = [base, base + 1, base + 2]
        field = H.counts_in(h, suits)
    odd = sum(c & 1 for c in field)
    if cz % 2 == 1 and odd == 1:
        live = u[z] + (0 if z == CC_INDEX else sum(u[k] for k in suits if k != z
                                                  and H.count(h, k) == 0))
        if live == 0:
            return Reason(f"đánh {zv}: quân què, không còn quân sống để ghép",
                          f"discard {ze}: a lone card with no live partner left")
        return Reason(f"đánh {zv}: quân què, chỉ còn {live} quân sống để ghép",
                      f"discard {ze}: a lone card, {live} live partners left")
    if odd == 3:
        return Reason(f"đánh {zv} trong ba đầu, giữ lại một cạ",
                      f"discard {ze} from a ba đầu, keeping a cạ")
    if cz >= 2:
        return Reason(f"đánh {zv}: phá chắn", f"discard {ze}: breaking a chắn")
    return Reason(f"đánh {zv}: phá cạ", f"discard {ze}: breaking a cạ")


def _fault_clause(sc: Scored) -> Reason:
    if not sc.faults:
        return Reason("", "")
    rules = ", ".join(f"{r} {REGISTRY.name(r).vi}" for r in sc.faults)
    return Reason(f"mọi nước khác cũng phạm lỗi — nước này phạm {rules}",
                  f"every other move breaks a rule too — this one breaks {rules}")


def explain(s: Situation, sc: Scored, alternatives: list[Scored]) -> Reason:
    """The reason for the chosen ``sc`` among the scored ``alternatives``."""
    a = sc.action
    act = a.act
    live = s.live
    if act is Act.CALL:
        text = render(a.cuoc)
        return Reason(f"xướng đủ cước: {text}", f"calling every cước: {text}")
    if act is Act.WIN:
        if live is None or s.phase == "opening":
            return Reason("thiên ù: 20 quân được chia đã đủ mười đôi",
                          "thiên ù: the 20 dealt cards already make ten pairs")
        return Reason(f"ù {card_vi(live.card)}: đủ mười đôi, ít nhất sáu chắn",
                      f"ù on {card_en(live.card)}: ten pairs with at least six chắn")
    if act is Act.CHIU and live is not None and sc.follow is not None:
        head = Reason(f"chíu {card_vi(live.card)}: thêm hai chắn, trả cửa "
                      f"{card_vi(sc.follow)}",
                      f"chíu {card_en(live.card)}: two more chắn, returning "
                      f"{card_en(sc.follow)}")
        return _join(_join(head, _plan_clause(s, sc)), _fault_clause(sc))
    if act is Act.DECLINE and live is not None:
        if s.legal and s.legal[0].act is Act.WIN:
            return Reason(f"bỏ ù {card_vi(live.card)}", f"letting the ù on "
                          f"{card_en(live.card)} pass")
        return Reason(f"không chíu {card_vi(live.card)}: bài tốt hơn khi giữ nguyên",
                      f"no chíu on {card_en(live.card)}: the hand is better as it is")
    if act is Act.EAT and live is not None and a.card is not None:
        x, y = live.card, a.card
        if x == y:
            head = Reason(f"ăn chắn {card_vi(x)}", f"eat {card_en(x)} as a chắn")
        else:
            head = Reason(f"ăn cạ {card_vi(x)} với {card_vi(y)}",
                          f"eat {card_en(x)} as a cạ with {card_en(y)}")
        if sc.follow is not None:
            head = Reason(f"{head.vi}, rồi đánh {card_vi(sc.follow)}",
                          f"{head.en}, then discard {card_en(sc.follow)}")
        return _join(_join(head, _plan_clause(s, sc)), _fault_clause(sc))
    if (act is Act.DRAW or act is Act.PASS) and live is not None:
        eats = [x for x in alternatives if x.action.act is Act.EAT]
        word_vi, word_en = ("bốc", "draw") if act is Act.DRAW else ("dưới", "dưới")
        x = live.card
        if not eats:
            head = Reason(f"{word_vi}: {card_vi(x)} không ghép được với bài trên tay",
                          f"{word_en}: {card_en(x)} pairs with nothing in hand")
        elif all(e.faults for e in eats):
            rules = ", ".join(sorted({r for e in eats for r in e.faults}))
            head = Reason(f"{word_vi}: ăn {card_vi(x)} sẽ phạm lỗi {rules}",
                          f"{word_en}: eating {card_en(x)} would break {rules}")
        else:
            head = Reason(f"{word_vi}: ăn {card_vi(x)} không lợi hơn",
                          f"{word_en}: eating {card_en(x)} is no better")
        return _join(head, _plan_clause(s, sc))
    if (act is Act.DISCARD or act is Act.RETURN) and a.card is not None:
        head = _discard_role(s, a.card)
        if act is Act.RETURN:
            head = Reason("trả cửa: " + head.vi, "trả cửa: " + head.en)
        return _join(_join(head, _plan_clause(s, sc)), _fault_clause(sc))
    return Reason(str(a), str(a))
