"""Where the viewer is in an opened game — the position, the seat it looks from, whether every
hand is open, the selected annotation — and the picture of that moment.

``Steps`` holds what does not depend on the game (moving, the annotations, the caches);
``Stepper`` draws Chắn's ChieuView, desktop.review.tom_stepper Tổ tôm's TomView. Views are
cached per (position, seat, open, language): stepping back and forth draws the same
immutable value again, and the chiếu widget skips a redraw of a view it has drawn.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, Protocol, TypeVar

from desktop.chieu.labels import Lang
from desktop.chieu.view import ChieuView
from desktop.i18n import current, translate
from desktop.review.replay import Annotation, OpenedGame, annotation_position
from desktop.review.words import event_text
from replays.analyzer import is_note
from replays.record import Player, human_seat

V = TypeVar("V")


class Replayed(Protocol):
    """What stepping needs of an opened game of any game (replay.OpenedGame, tom_replay's)."""

    @property
    def players(self) -> tuple[Player, ...]:
        """The seats' players."""

    @property
    def events(self) -> int:
        """How many recorded events the game has."""

    @property
    def errors(self) -> tuple[Annotation, ...]:
        """The annotations listed and stepped to with n / Shift+N."""

    @property
    def annotations(self) -> tuple[Annotation, ...]:
        """Every annotation of the analysis, by event."""


G = TypeVar("G", bound=Replayed)


def default_seat(opened: Replayed) -> int:
    """The learner's seat when a human played, else seat 0."""
    human = human_seat(opened.players)
    return 0 if human is None else human


class Steps(Generic[G, V]):
    """The viewer's state over one opened game; every change is a method. A game's stepper
    says what an event did (`_event_text`) and draws a moment (`_view`)."""

    def __init__(self, opened: G, seat: int | None = None, open_hands: bool = True) -> None:
        self.opened = opened
        self.position = 0
        self.seat = default_seat(opened) if seat is None else seat
        self.open_hands = open_hands
        self.selected: int | None = None  # index into opened.errors
        self._views: dict[tuple[int, int, bool, Lang], V] = {}
        self._texts: dict[tuple[int, Lang], str] = {}

    # ------------------------------------------------------------------ moving

    @property
    def last(self) -> int:
        """The final position (every event played)."""
        return self.opened.events

    def go(self, position: int) -> bool:
        """Move to a position (clamped); False when nothing changed."""
        position = max(0, min(self.last, position))
        if position == self.position:
            return False
        self.position = position
        return True

    def step(self, delta: int) -> bool:
        """One event forward (+1) or back (-1)."""
        return self.go(self.position + delta)

    def moves(self) -> dict[str, Callable[[], bool]]:
        """The viewer's moving commands (keys.py REPLAY ids), each True when it moved."""
        return {"replay_next": lambda: self.step(1), "replay_prev": lambda: self.step(-1),
                "replay_first": lambda: self.go(0), "replay_last": lambda: self.go(self.last),
                "replay_next_note": lambda: self.next_annotation(True),
                "replay_prev_note": lambda: self.next_annotation(False)}

    def next_annotation(self, forward: bool = True) -> bool:
        """Select the next (previous) error annotation after (before) the selected one, or
        after (before) the current position, and move to it; False when there is none."""
        errors = self.opened.errors
        sel = self.selected
        cur = sel if sel is not None and annotation_position(errors[sel]) == self.position \
            else -1
        keys = [(annotation_position(a), i) for i, a in enumerate(errors)]
        if forward:
            found = next((i for k, i in keys if k > self.position
                          or (k == self.position and i > cur)), None)
        else:
            found = next((i for k, i in reversed(keys) if k < self.position
                          or (k == self.position and 0 <= i < cur)), None)
        if found is None:
            return False
        self.select(found)
        return True

    def select(self, index: int | None) -> None:
        """Select an error annotation (and go to where it is shown)."""
        self.selected = index
        if index is not None:
            self.go(annotation_position(self.opened.errors[index]))

    def follow(self) -> None:
        """After a move: the selection is kept while its annotation is shown, else it is the
        first annotation shown here (or none)."""
        if self.selected is not None and \
                annotation_position(self.opened.errors[self.selected]) != self.position:
            here = self.here()
            self.selected = here[0] if here else None
        elif self.selected is None and self.here():
            self.selected = self.here()[0]

    def selected_annotation(self) -> Annotation | None:
        """The selected error annotation."""
        return None if self.selected is None else self.opened.errors[self.selected]

    def here(self) -> list[int]:
        """The error annotations shown at the current position (indexes into errors)."""
        return [i for i, a in enumerate(self.opened.errors)
                if annotation_position(a) == self.position]

    def notes_here(self) -> list[Annotation]:
        """The teaching notes attached to the event just played."""
        return [a for a in self.opened.annotations
                if self._is_note(a) and annotation_position(a) == self.position]

    def _is_note(self, annotation: Annotation) -> bool:
        return is_note(annotation)

    # ------------------------------------------------------------------ what is shown

    def event_text(self, position: int | None = None) -> str:
        """What the event that led to `position` did ("" at the deal)."""
        p = self.position if position is None else position
        if p <= 0:
            return ""
        key = (p, current())
        text = self._texts.get(key)
        if text is None:
            text = self._texts[key] = self._event_text(p)
        return text

    def message(self, position: int | None = None) -> str:
        """The line under the learner's plate: which event of how many, and what it did (at
        `position`, by default the current one)."""
        p = self.position if position is None else position
        head = translate("Review", "Nước {n}/{total}").format(n=p, total=self.last)
        if p == 0:
            return f"{head} · " + translate("Review", "Vừa chia bài.")
        return f"{head} · {self.event_text(p)}"

    def view(self, position: int | None = None) -> V:
        """The chiếu of the current moment (or of `position`), from the chosen seat."""
        p = self.position if position is None else position
        lang = current()
        key = (p, self.seat, self.open_hands, lang)
        view = self._views.get(key)
        if view is None:
            view = self._views[key] = self._view(p, lang)
        return view

    def _event_text(self, position: int) -> str:
        raise NotImplementedError

    def _view(self, position: int, lang: Lang) -> V:
        raise NotImplementedError


class Stepper(Steps[OpenedGame, ChieuView]):
    """Chắn's stepper: the ChieuView of each moment."""

    def _event_text(self, position: int) -> str:
        o = self.opened
        return event_text(o.names, o.states[position - 1], o.actions[position - 1])

    def _view(self, position: int, lang: Lang) -> ChieuView:
        o = self.opened
        game = o.states[position]
        hands = tuple(game.hand_cards(s) for s in range(game.players)) \
            if self.open_hands else None
        return ChieuView(obs=game.observation(self.seat), names=o.names,
                         scores=tuple(round(t) for t in o.totals_at(position)),
                         game_no=o.position + 1, lang=lang, message=self.message(position),
                         open_hands=hands)
