"""What the learner may do at a position, read from the engine: the prompt buttons (only what is
legal, R4.2, R4.4), the hand cards that can eat, the moves strict mode filters out (R7.5), and
keyboard selection over the hand in its drawn order (R3.6). Pure: no Qt, no screen state.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from desktop.chieu.drawing import hand_groups
from desktop.chieu.hitmap import Hit, HitKind
from desktop.chieu.view import Prompt
from desktop.keys import key_hint
from engine.actions import Act, Action
from engine.chan import Card, pairs_with
from engine.chan import ChanGame as Game
from engine.game import Mode, Phase

C = TypeVar("C")  # a card of either game (Tổ tôm's hand steps the same way)


def claim_act(game: Game, seat: int) -> Act | None:
    """The claim (ù or chíu) `seat` is being asked about now, if any (R4.2)."""
    claims = game.pending_claims()
    return claims[0].act if claims and claims[0].seat == seat else None


def eaters(game: Game, seat: int) -> frozenset[Card]:
    """`seat`'s hand cards that may eat the live card now (legal moves only)."""
    if game.actor != seat or game.phase is not Phase.PLAY:
        return frozenset()
    return frozenset(a.card for a in game.legal_actions()
                     if a.act is Act.EAT and a.card is not None)


def candidates(game: Game, seat: int) -> list[Action]:
    """What `seat` could physically do, before strict mode leaves out the lỗi (R7.5)."""
    return game.moves() if game.actor == seat else []


def prompts(game: Game, seat: int, selected: Card | None) -> tuple[Prompt, ...]:
    """The buttons of `seat`'s decision: Ù and Chíu only when legal; a hint in teaching mode."""
    legal = {a.act for a in game.legal_actions()}
    out: list[Prompt] = []
    phase = game.phase
    if phase is Phase.CLAIM:
        claim = claim_act(game, seat)
        if claim is Act.WIN:
            out.append(Prompt("win", hint=key_hint("win"), primary=True))
        elif claim is Act.CHIU:
            out.append(Prompt("chiu", hint=key_hint("chiu"), primary=True))
        out.append(Prompt("decline", hint=key_hint("decline")))
    elif phase is Phase.PLAY:
        out.append(Prompt("eat", hint=key_hint("eat"), primary=True, enabled=Act.EAT in legal))
        if Act.PASS in legal:
            out.append(Prompt("pass", hint=key_hint("pass")))
        else:
            out.append(Prompt("draw", hint=key_hint("draw"), enabled=Act.DRAW in legal))
    elif phase in (Phase.DISCARD, Phase.OPENING, Phase.RETURN):
        key = "return" if phase is Phase.RETURN else "discard"
        out.append(Prompt(key, hint=key_hint("use_card"), primary=True,
                          enabled=selected is not None))
        if Act.WIN in legal:
            out.append(Prompt("win", hint=key_hint("win")))
    if game.mode is Mode.TEACHING:
        out.append(Prompt("hint", hint=key_hint("hint")))
    return tuple(out)


def hand_order(game: Game, seat: int) -> list[Card]:
    """`seat`'s hand in the order the chiếu draws it (canonical groups, R3.6)."""
    return [c for _, group in hand_groups(game.hand_cards(seat)) for c in group]


def step_selection(order: Sequence[C], selected: C | None, step: int) -> C | None:
    """The card one step left (-1) or right (+1) of `selected`, wrapping around.

    Identical copies are one choice and lie side by side, so a step passes over them.
    """
    if not order:
        return None
    if selected is not None and selected in order:
        at = order.index(selected) if step < 0 else (
            len(order) - 1 - list(order)[::-1].index(selected))
        at += step
    else:
        at = 0 if step > 0 else len(order) - 1
    return order[at % len(order)]


def clicked(game: Game, hit: Hit) -> Card | str | None:
    """What a click on the table (not on a button) asks for: a hand card, the command "draw" (the
    nọc) or "eat" (the live card, the last of its cửa); None for anything else."""
    if hit.kind is HitKind.HAND and hit.card is not None:
        return hit.card
    if hit.kind is HitKind.NOC:
        return "draw"
    if hit.kind is HitKind.CUA and game.live is not None and hit.card == game.live.card \
            and hit.index == len(game.cua[hit.seat or 0]) - 1:
        return "eat"
    return None


def card_move(game: Game, seat: int, card: Card, may_eat: bool = True) -> Action | None:
    """The move a click on `seat`'s hand card makes: eat the live card with it (when they pair
    and `may_eat`), discard it, or return it (trả cửa); None where the click only selects it."""
    phase = game.phase
    if phase is Phase.PLAY:
        live = game.live.card if game.live is not None else None
        if live is not None and pairs_with(live, card) and may_eat:
            return Action(seat, Act.EAT, card)
    elif phase in (Phase.DISCARD, Phase.OPENING):
        return Action(seat, Act.DISCARD, card)
    elif phase is Phase.RETURN:
        return Action(seat, Act.RETURN, card)
    return None
