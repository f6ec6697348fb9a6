"""What the learner may do at a Tổ tôm position, read from the engine: which moves a key or a
button stands for, the hand cards an eat may use, the prompt buttons of a decision (only what
the position offers, TOTOM T4.4, T4.5), the hand in its drawn order, and each mat meld as the
chiếu lays it (T3.8). Pure: no Qt, no screen state.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from desktop.chieu.tom_hand import suit_sections
from desktop.chieu.tom_view import Lay, TomMeld
from desktop.chieu.view import Prompt
from desktop.keys import key_hint
from desktop.play.tom_words import button_label
from engine.actions import Act
from engine.game import Mode, Phase
from engine.totom import Card, GroupType, MeldView, TomAction, TomGame, classify

# Which acts each command (desktop/keys.py id, or a prompt's key) stands for.
COMMAND_ACTS: dict[str, tuple[Act, ...]] = {
    "eat": (Act.EAT,),
    "draw": (Act.DRAW,),
    "pass": (Act.PASS,),
    "win": (Act.WIN,),
    "decline": (Act.DECLINE,),
    "tom_phong": (Act.PHONG,),
    "tom_day_khan": (Act.DAY_KHAN,),
    "tom_ha_trung": (Act.HA_TRUNG,),
    "tom_bat_thuc": (Act.BAT_THUC,),
    "tom_reveal": (Act.REVEAL,),
    "tom_lay": (Act.UP_KHAN, Act.UP_THIEN_KHAI),
}
_CLAIMS = (Act.WIN, Act.DAY_KHAN, Act.PHONG, Act.HA_TRUNG)  # T4.4's order


def candidates(game: TomGame, seat: int) -> list[TomAction]:
    """What `seat` could physically do now, faults included (strict mode leaves some out of
    the legal moves, T4.16)."""
    if game.actor != seat:
        return []
    return [a for a in game.moves() if isinstance(a, TomAction)]


def of_command(moves: Sequence[TomAction], command: str) -> list[TomAction]:
    """The moves a command stands for (several: the learner chooses, e.g. which eat)."""
    acts = COMMAND_ACTS.get(command, ())
    return [a for a in moves if a.act in acts]


def card_moves(moves: Sequence[TomAction], card: Card) -> list[TomAction]:
    """The discard or trả cửa of `card` (T4.9, T4.11)."""
    return [a for a in moves if a.act in (Act.DISCARD, Act.RETURN) and a.card == card]


def eats_with(moves: Sequence[TomAction], chosen: Sequence[Card]) -> list[TomAction]:
    """The eats that use exactly the chosen hand cards; when none does, those that use them
    all (and more); nothing chosen: every eat (T4.6)."""
    eats = [a for a in moves if a.act is Act.EAT]
    if not chosen:
        return eats
    want = Counter(chosen)
    exact = [a for a in eats if Counter(a.cards) == want]
    if exact:
        return exact
    return [a for a in eats if not want - Counter(a.cards)]


def eaters(moves: Sequence[TomAction]) -> frozenset[Card]:
    """The hand cards some eat uses (lit on the chiếu)."""
    return frozenset(c for a in moves if a.act is Act.EAT for c in a.cards)


def claim_act(moves: Sequence[TomAction]) -> Act | None:
    """The claim the learner is asked about (T4.4: ù, dậy khàn, phỗng, hạ trùng)."""
    acts = {a.act for a in moves}
    return next((act for act in _CLAIMS if act in acts), None)


def hand_order(hand: Sequence[Card]) -> list[Card]:
    """The hand in the order the chiếu draws it (suit sections, T3.2, T3.3)."""
    return [c for _, cards in suit_sections(tuple(hand)) for c in cards]


def prompt(command: str, moves: Sequence[TomAction], primary: bool = False) -> Prompt:
    """The button of a command, lit only when some move stands behind it."""
    return Prompt(command, label=button_label(command), hint=key_hint(command),
                  primary=primary, enabled=bool(of_command(moves, command)))


def prompts(game: TomGame, seat: int, moves: Sequence[TomAction],
            selected: bool) -> tuple[Prompt, ...]:
    """The buttons of `seat`'s decision (T4.1–T4.9); a hint in teaching mode."""
    acts = {a.act for a in moves}
    phase = game.phase
    out: list[Prompt] = []
    if phase is Phase.LAY:
        out += [prompt("tom_lay", moves, True), prompt("tom_bat_thuc", moves),
                prompt("decline", moves)]
    elif phase is Phase.SHOW:
        out += [prompt("tom_reveal", moves, True), prompt("decline", moves)]
    elif phase is Phase.CLAIM:
        claim = claim_act(moves)
        command = {Act.WIN: "win", Act.DAY_KHAN: "tom_day_khan", Act.PHONG: "tom_phong",
                   Act.HA_TRUNG: "tom_ha_trung"}.get(claim) if claim is not None else None
        if command is not None:
            out.append(prompt(command, moves, True))
        out.append(prompt("decline", moves))
    elif phase is Phase.PLAY:
        out.append(prompt("eat", moves, True))
        out.append(prompt("pass" if Act.PASS in acts else "draw", moves))
        for extra in ("tom_ha_trung", "tom_bat_thuc"):
            if of_command(moves, extra):
                out.append(prompt(extra, moves))
    elif phase in (Phase.DISCARD, Phase.OPENING, Phase.RETURN):
        key = "return" if phase is Phase.RETURN else "discard"
        out.append(Prompt(key, hint=key_hint("use_card"), primary=True, enabled=selected))
        for extra in ("win", "tom_reveal", "tom_bat_thuc"):
            if of_command(moves, extra):
                out.append(prompt(extra, moves))
    if game.mode is Mode.TEACHING and phase is not Phase.CALL:
        out.append(Prompt("hint", hint=key_hint("hint")))
    return tuple(out)


_BY_ORIGIN = {"khan": Lay.KHAN, "thien_khai": Lay.THIEN_KHAI, "phong": Lay.PHONG,
              "yeu": Lay.YEU}
_BY_TYPE = {GroupType.DOC: Lay.DOC, GroupType.BI: Lay.BI, GroupType.SP: Lay.SP,
            GroupType.YEU: Lay.YEU, GroupType.GIONG: Lay.PHONG}


def meld_of(meld: MeldView) -> TomMeld:
    """How a mat meld a seat sees lies on the chiếu (T3.8): face down (its kind seen by its
    owner only, T4.1), a khàn turned up, a thiên khai, a phỗng, a yêu alone, or an eaten phu
    by its type (a bộ giống eaten with a pair is a phỗng at one's own cửa, T4.6)."""
    if meld.face_down:
        if meld.cards:
            return TomMeld(Lay.UP, meld.cards)
        return TomMeld(Lay.UP, hidden=meld.size)
    lay = _BY_ORIGIN.get(meld.origin or "")
    sp = None
    if lay is None:
        found = classify(meld.cards)
        lay = Lay.BI if found is None else _BY_TYPE.get(found[0], Lay.BI)
        sp = found[1] if found is not None else None
    return TomMeld(lay, meld.cards, trung=meld.trung, sp=sp)
