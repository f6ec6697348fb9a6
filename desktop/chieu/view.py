"""What the chiếu shows: an observation plus the screen's own state, as one immutable value.

The controller (not in this package) builds a ChieuView from an engine Observation and what the
learner is doing (selection, hover, prompts, an animation in flight); `scene.draw` turns it into
pixels. Nothing here decides a rule: the engine's observation says what is on the table.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from desktop.chieu.hitmap import Hit
from desktop.chieu.labels import Lang
from engine.actions import Action
from engine.chan import Card, Observation


class Zone(StrEnum):
    """Places on the chiếu a card can move between."""

    HAND = "hand"  # a seat's hand (the learner's: the card's own slot)
    CUA = "cua"  # the top of a cửa pile (index = the cửa)
    NOC = "noc"  # the stock
    MAT = "mat"  # a seat's melds (the newest meld)
    CAI = "cai"  # the quân cái
    CENTER = "center"  # the middle of the chiếu (dealing)


class AnimKind(StrEnum):
    """What a moving card is doing (issue 6: deal, draw, discard, eat, chíu, trả cửa, ù)."""

    DEAL = "deal"
    DRAW = "draw"
    DISCARD = "discard"
    EAT = "eat"
    CHIU = "chiu"
    RETURN = "return"
    WIN = "win"


@dataclass(frozen=True, slots=True)
class Place:
    """One end of a card's move: a zone and which seat or cửa it belongs to."""

    zone: Zone
    index: int = 0  # the seat (HAND, MAT) or the cửa (CUA)


@dataclass(frozen=True, slots=True)
class Animation:
    """A card moving from one place to another; `progress` runs from 0 to 1.

    `card` None moves a card back (dealing, another seat's hidden card). While progress < 1
    the card is not drawn at its destination, so it is never seen twice.
    """

    kind: AnimKind
    card: Card | None
    src: Place
    dst: Place
    progress: float = 0.0


@dataclass(frozen=True, slots=True)
class Prompt:
    """A button on the chiếu: `key` comes back in the Hit when it is clicked.

    `label` empty uses the standard word for the key (labels.py `btn_<key>`); `hint` is a
    short text drawn small under the label (e.g. the keyboard shortcut).
    """

    key: str
    label: str = ""
    hint: str = ""
    primary: bool = False
    enabled: bool = True


@dataclass(frozen=True, slots=True)
class ChieuView:
    """Everything one frame of the chiếu shows."""

    obs: Observation
    names: tuple[str, ...] = ()  # per seat; empty: "Bạn" for the learner, "Ghế n" for others
    scores: tuple[int, ...] | None = None  # the hội's running totals per seat
    game_no: int | None = None  # which ván of the hội
    lang: Lang = "vi"
    selected: Card | None = None  # the hand card the learner picked (one copy is raised)
    hovered: Hit | None = None  # what the pointer is over (from the widget's hover signal)
    highlighted: frozenset[Card] = field(default_factory=frozenset)  # e.g. cards that can eat
    prompts: tuple[Prompt, ...] = ()
    message: str = ""  # one line from the controller: what to do, a warning, a hint
    # the move a hint suggests: its hand card and its button are marked (issue 20: the hint
    # named the card but the chiếu did not show it)
    hinted: Action | None = None
    countdown: float | None = None  # fraction of a claim window's time left, 0..1
    open_hands: tuple[tuple[Card, ...], ...] | None = None  # replays: every seat's hand
    animation: Animation | None = None
    # a bốc cái question is open (the guided first game): who got the cái is the answer, so
    # neither the arrow under the quân cái nor whose turn it is may say it
    conceal_cai: bool = False

    def name(self, seat: int) -> str:
        """The name shown for `seat`."""
        return seat_name(self.names, seat, self.obs.seat, self.lang)

    def hinted_card(self) -> Card | None:
        """The hand card the hinted move plays (discards, returns or eats with)."""
        hinted = self.hinted
        return hinted.card if hinted is not None and hinted.act.value in HAND_ACTS else None


def seat_name(names: tuple[str, ...], seat: int, me: int, lang: Lang) -> str:
    """The name shown for `seat`: its given name, "Bạn" for the learner `me`, else "Ghế n"."""
    if seat < len(names) and names[seat]:
        return names[seat]
    if seat == me:
        return "Bạn" if lang == "vi" else "You"
    # seats are numbered from 0 (RULES R2.1), as in Học, the report and `analyze`
    return f"Ghế {seat}" if lang == "vi" else f"Seat {seat}"


HAND_ACTS = ("discard", "return", "eat")  # the moves made with a card of the hand
