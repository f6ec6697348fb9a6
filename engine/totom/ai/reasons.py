"""Why a Tổ tôm computer player chose its move, in Vietnamese and English, from the engine's
facts: the rule ids of a duty (T4), the waits and their names with their live cards (T5.5), the
split of the hand (shape.py), the judged arrangement and call of an ù (T5.3, T7.5), the rules a
forced move breaks (T6). Every number in a reason is computed, never invented.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.actions import Act
from engine.totom.actions import TomAction
from engine.totom.call import say
from engine.totom.cards import Card, format_cards
from engine.totom.observation import TomObservation
from engine.totom.rulebook import REGISTRY
from engine.totom.waits import WaitName, named_waits

if TYPE_CHECKING:
    from engine.totom.ai.policy import Scored, Situation
    from engine.totom.ai.value import Assessment


@dataclass(frozen=True, slots=True)
class Reason:
    """A short explanation in both languages."""

    vi: str
    en: str

    def __str__(self) -> str:
        return f"{self.vi} / {self.en}"


def card_vi(card: Card) -> str:
    """``cửu vạn``; ``ông cụ``."""
    name = card.name_vi
    return name[0].lower() + name[1:]


def card_en(card: Card) -> str:
    """The T1.3 code: ``9v``, ``oc``."""
    return str(card)


def cards_vi(cards: tuple[Card, ...]) -> str:
    """``tam vạn, tứ vạn``."""
    return ", ".join(card_vi(c) for c in cards)


def action_text(a: TomAction) -> Reason:
    """A move in words: ``đánh cửu vạn`` / ``discard 9v``."""
    c = a.card
    if a.act is Act.DISCARD and c is not None:
        return Reason(f"đánh {card_vi(c)}", f"discard {card_en(c)}")
    if a.act is Act.RETURN and c is not None:
        return Reason(f"trả cửa {card_vi(c)}", f"return {card_en(c)}")
    if a.act is Act.EAT:
        if a.cards:
            return Reason(f"ăn với {cards_vi(a.cards)}", f"eat with {format_cards(a.cards)}")
        return Reason("ăn", "eat")
    words = {Act.DRAW: ("bốc", "draw"), Act.PASS: ("dưới", "dưới"), Act.PHONG: ("phỗng", "phỗng"),
             Act.DECLINE: ("bỏ qua", "let it pass"), Act.WIN: ("ù", "ù"),
             Act.CALL: ("xướng", "call"), Act.DAY_KHAN: ("dậy khàn", "dậy khàn"),
             Act.HA_TRUNG: ("hạ trùng", "hạ trùng"), Act.REVEAL: ("trình thiên khai", "show "
                                                                  "the thiên khai"),
             Act.UP_KHAN: ("úp khàn", "lay the khàn face down"),
             Act.UP_THIEN_KHAI: ("úp thiên khai", "lay the thiên khai face down"),
             Act.BAT_THUC: ("xin bất thực", "declare bất thực")}
    vi, en = words.get(a.act, (str(a), str(a)))
    return Reason(vi, en)


_WAIT_NAMES = {WaitName.THAP_THANH: ("thập thành", "thập thành"),
               WaitName.BACH_THU: ("bạch thủ", "bạch thủ"),
               WaitName.XUYEN: ("xuyên", "xuyên"),
               WaitName.CHI_NAY: ("chi nẩy", "chi nẩy")}


def _join(*parts: Reason | None) -> Reason:
    got = [p for p in parts if p is not None and p.vi]
    return Reason("; ".join(p.vi for p in got), "; ".join(p.en for p in got))


def plan_clause(s: Situation | None, after: Assessment | None) -> Reason | None:
    """What the position left by the move is: its waits with their names and live cards
    (T5.5), or how far it is from waiting (its loose cards and partials)."""
    if after is None or s is None:
        return None
    if after.waits:
        names: set[WaitName] = set()
        for w in named_waits(after.position, s.obs.rules):
            names |= w.names
        shown = [n for n in _WAIT_NAMES if n in names]
        how_vi = " ".join(_WAIT_NAMES[n][0] for n in shown)
        how_en = " ".join(_WAIT_NAMES[n][1] for n in shown)
        return Reason(f"chờ {how_vi + ' ' if how_vi else ''}{cards_vi(after.waits)}, còn "
                      f"{after.live} quân sống",
                      f"waiting{' (' + how_en + ')' if how_en else ''} on "
                      f"{format_cards(after.waits)}, {after.live} live "
                      f"{'card' if after.live == 1 else 'cards'}")
    split = after.split
    loose, partials = len(split.loose), len(split.partials)
    text = Reason(f"còn {loose} quân lẻ và {partials} cạ chờ ghép",
                  f"{loose} loose {'card' if loose == 1 else 'cards'} and {partials} "
                  f"{'partial' if partials == 1 else 'partials'} left")
    if after.lung_short:
        text = _join(text, Reason(f"còn thiếu {after.lung_short} lưng (T3.7)",
                                  f"{after.lung_short} lưng still to make (T3.7)"))
    return text


def fault_clause(sc: Scored) -> Reason | None:
    """When every move breaks a rule: which one this move breaks (T6)."""
    if not sc.faults:
        return None
    rules = ", ".join(f"{r} {REGISTRY.name(r).vi}" for r in sc.faults)
    rules_en = ", ".join(f"{r} {REGISTRY.name(r).en}" for r in sc.faults)
    return Reason(f"mọi nước khác cũng phạm lỗi — nước này phạm {rules}",
                  f"every other move breaks a rule too — this one breaks {rules_en}")


def _discard_role(s: Situation, card: Card) -> Reason:
    """What the discarded card was in the hand's split (shape.py)."""
    split = s.now.split
    vi, en = card_vi(card), card_en(card)
    if card in split.loose:
        return Reason(f"đánh {vi}: quân lẻ, không ghép được phu nào",
                      f"discard {en}: a loose card that makes no phu")
    for p in split.partials:
        if card in p.cards:
            needs = " ".join(card_en(Card(k)) for k in p.needs)
            return Reason(f"đánh {vi}: bỏ cạ {cards_vi(p.cards)} (còn "
                          f"{s.evaluator.shaper.live(p.needs)} quân sống)",
                          f"discard {en}: giving up the partial {format_cards(p.cards)} "
                          f"(waiting on {needs}, {s.evaluator.shaper.live(p.needs)} live)")
    return Reason(f"đánh {vi}: quân thừa của một phu", f"discard {en}: a spare card of a phu")


def explain(obs: TomObservation, sc: Scored, alternatives: list[Scored],
            s: Situation | None = None) -> Reason:
    """The reason for the chosen ``sc`` among the scored ``alternatives``."""
    a = sc.action
    act = a.act
    live = obs.live
    x = None if live is None else live.card
    if act is Act.CALL:
        text = say(a.tokens)
        return Reason(f"xướng đúng thứ tự: {text} (T7.5)", f"the call in its order: {text} "
                                                           f"(T7.5)")
    if act is Act.WIN:
        what = Reason(f"{sc.score} điểm", f"{sc.score} points") if sc.score else None
        if x is None or obs.phase == "opening":
            return _join(Reason("thiên ù: bài chia đã tròn, đủ lưng (T5.4)",
                                "thiên ù: the dealt cards already win (T5.4)"), what)
        head = Reason(f"ù {card_vi(x)}: mọi quân vào phu, đủ lưng (T5.2)",
                      f"ù on {card_en(x)}: every card in a phu, with the lưng (T5.2)")
        if a.phong is not None:
            head = _join(head, Reason("hô \"phỗng\" (T5.6)" if a.phong else
                                      "hô \"không phỗng\" (T5.6)",
                                      "saying \"phỗng\" (T5.6)" if a.phong else
                                      "saying \"không phỗng\" (T5.6)"))
        return _join(head, what)
    if act in (Act.UP_KHAN, Act.UP_THIEN_KHAI) and a.card is not None:
        meld = "khàn" if act is Act.UP_KHAN else "thiên khai"
        return Reason(f"úp {meld} {card_vi(a.card)} xuống chiếu (T4.1)",
                      f"laying the {meld} of {card_en(a.card)} face down (T4.1)")
    if act is Act.REVEAL and a.card is not None:
        return Reason(f"trình làng thiên khai {card_vi(a.card)} (T4.2)",
                      f"showing the thiên khai of {card_en(a.card)} (T4.2)")
    if act is Act.DAY_KHAN and x is not None:
        head = Reason(f"dậy khàn {card_vi(x)}: bắt buộc (T4.8)",
                      f"dậy khàn on {card_en(x)}: a duty (T4.8)")
        return _join(head, _follow(sc), plan_clause(s, sc.after), fault_clause(sc))
    if act is Act.HA_TRUNG and a.card is not None:
        return _join(Reason(f"hạ trùng {card_vi(a.card)} vào phu dọc dưới chiếu (T4.12)",
                            f"laying the copy of {card_en(a.card)} on the mat run (T4.12)"),
                     plan_clause(s, sc.after))
    if act is Act.PHONG and x is not None:
        head = Reason(f"phỗng {card_vi(x)}: thêm một lưng (T3.7)",
                      f"phỗng {card_en(x)}: one more lưng (T3.7)")
        return _join(head, _follow(sc), plan_clause(s, sc.after), fault_clause(sc))
    if act is Act.EAT and x is not None:
        if a.cards:
            head = Reason(f"ăn {card_vi(x)} với {cards_vi(a.cards)}",
                          f"eat {card_en(x)} with {format_cards(a.cards)}")
        else:
            head = Reason(f"ăn {card_vi(x)}" + (" (quân yêu phải ăn, T4.10)" if x.is_yeu
                                                 else ""),
                          f"eat {card_en(x)}" + (" (a yêu must be eaten, T4.10)" if x.is_yeu
                                                 else ""))
        return _join(head, _follow(sc), plan_clause(s, sc.after), fault_clause(sc))
    if act is Act.DECLINE:
        offered = {y.action.act for y in alternatives}
        if Act.WIN in offered:
            return Reason("bỏ ù", "letting the ù pass")
        if x is not None and Act.PHONG in offered:
            return _join(Reason(f"không phỗng {card_vi(x)}: giữ bài tốt hơn",
                                f"no phỗng on {card_en(x)}: the hand is better kept"),
                         reserve_clause(sc, alternatives), plan_clause(s, sc.after))
        return Reason("bỏ qua", "letting it pass")
    if act in (Act.DRAW, Act.PASS) and x is not None:
        word = ("bốc", "draw") if act is Act.DRAW else ("dưới", "dưới")
        eats = [y for y in alternatives if y.action.act is Act.EAT]
        if not eats:
            head = Reason(f"{word[0]}: {card_vi(x)} không ăn được",
                          f"{word[1]}: {card_en(x)} cannot be eaten")
        elif all(y.faults for y in eats):
            rules = ", ".join(sorted({r for y in eats for r in y.faults}))
            head = Reason(f"{word[0]}: ăn {card_vi(x)} sẽ phạm {rules}",
                          f"{word[1]}: eating {card_en(x)} would break {rules}")
        else:
            head = Reason(f"{word[0]}: ăn {card_vi(x)} không lợi hơn",
                          f"{word[1]}: eating {card_en(x)} is no better")
        return _join(head, reserve_clause(sc, alternatives), plan_clause(s, sc.after))
    if act in (Act.DISCARD, Act.RETURN) and a.card is not None:
        head = action_text(a) if s is None else _discard_role(s, a.card)
        if act is Act.RETURN:
            head = Reason("trả cửa: " + head.vi, "trả cửa: " + head.en)
        return _join(head, reserve_clause(sc, alternatives), plan_clause(s, sc.after),
                     fault_clause(sc))
    return action_text(a)


def reserve_clause(sc: Scored, alternatives: list[Scored]) -> Reason | None:
    """When a clean move worth as much before its charge for a thin reserve (policy.cornered)
    was left for this one: the seat keeps cards it may discard cleanly for a take it cannot
    refuse (T4.8, T4.10, T4.11)."""
    if sc.faults or not any(not y.faults and y.cornered > sc.cornered
                            and y.value + y.cornered >= sc.value + sc.cornered
                            for y in alternatives):
        return None
    return Reason("giữ lại quân đánh được khi phải ăn quân yêu hay dậy khàn, kẻo nước nào "
                  "cũng phạm lỗi (T4.10, T4.8, T4.11)",
                  "keeping cards it may discard cleanly for a yêu it must eat or a dậy khàn, "
                  "or every move then breaks a rule (T4.10, T4.8, T4.11)")


def _follow(sc: Scored) -> Reason | None:
    if sc.follow is None:
        return None
    return Reason(f"rồi đánh {card_vi(sc.follow)}", f"then discard {card_en(sc.follow)}")
