"""A hint on request in teaching mode (R7.5): the learner's waits with their live cards (R5.5)
and the move the normal computer player would make, with its reason — all from the engine.
"""

from __future__ import annotations

from html import escape

from desktop.i18n import pick, translate
from desktop.play.words import card_name
from engine.actions import Act, Action
from engine.chan import ChanGame as Game
from engine.chan import Wait, find_waits
from engine.chan.ai import Decision

HINT_LEVEL = "normal"  # the player whose suggestion is shown


def move_text(action: Action, game: Game) -> str:
    """A suggested move in words: "Đánh Tam vạn", "Ăn Tứ vạn với Tứ văn", "Dưới"."""
    live = game.live.card if game.live is not None else None
    act = action.act
    if act is Act.DISCARD:
        return translate("Hints", "Đánh {card}").format(card=card_name(action.card))
    if act is Act.RETURN:
        return translate("Hints", "Trả cửa {card}").format(card=card_name(action.card))
    if act is Act.EAT:
        return translate("Hints", "Ăn {live} với {card}").format(live=card_name(live),
                                                                  card=card_name(action.card))
    return {
        Act.DRAW: translate("Hints", "Bốc"),
        Act.PASS: translate("Hints", "Dưới"),
        Act.CHIU: translate("Hints", "Chíu"),
        Act.WIN: translate("Hints", "Ù"),
        Act.DECLINE: translate("Hints", "Bỏ qua"),
        Act.CALL: translate("Hints", "Xướng"),
    }.get(act, str(act))


def waits_after(game: Game, seat: int, action: Action | None) -> tuple[Wait, ...]:
    """The seat's waits now, or after the discard `action` when it holds one card too many."""
    hand = list(game.hand_cards(seat))
    if action is not None and action.act in (Act.DISCARD, Act.RETURN) \
            and action.card in hand:
        hand.remove(action.card)
    elif game.phase.value in ("discard", "return", "opening"):
        return ()  # a card must go first; without a suggestion the wait is not known yet
    return find_waits(hand, game.mat_chan[seat], game.seen_by(seat))


def _live(wait: Wait) -> str:
    """"Nhị vạn (còn 3 quân sống)"."""
    live = wait.live
    return translate("Hints", "{card} (còn %n quân sống)", None, live).format(
        card=card_name(wait.card))


def waits_text(waits: tuple[Wait, ...], after: bool) -> str:
    """"Bạn đang chờ ù: Nhị vạn (còn 3 quân sống)"; or that the hand does not wait yet."""
    if not waits:
        return translate("Hints", "Bạn chưa chờ ù.")
    items = ", ".join(_live(w) for w in waits)
    if after:
        return translate("Hints", "Sau nước gợi ý, bạn chờ ù: {waits}.").format(waits=items)
    return translate("Hints", "Bạn đang chờ ù: {waits}.").format(waits=items)


def hint_html(game: Game, seat: int, decision: Decision) -> str:
    """The hint as rich text: the waits, then the suggestion and its reason."""
    action = decision.action
    after = action.act in (Act.DISCARD, Act.RETURN)
    waits = waits_after(game, seat, action if after else None)
    reason = pick(decision.reason.vi, decision.reason.en)
    suggestion = translate("Hints", "Máy gợi ý: <b>{move}</b> — {reason}").format(
        move=escape(move_text(action, game)), reason=escape(reason))
    return f"{escape(waits_text(waits, after))}<br>{suggestion}"
