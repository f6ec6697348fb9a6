"""Where the viewer is in an opened game — the position, the seat it looks from, whether every
hand is open, the selected annotation — and the ChieuView of that moment.

Views are cached per (position, seat, open, language): stepping back and forth draws the
same immutable value again, and the chiếu widget skips a redraw of a view it has drawn.
"""

from __future__ import annotations

from desktop.chieu.view import ChieuView
from desktop.i18n import current, translate
from desktop.review.replay import Annotation, OpenedGame, annotation_position
from desktop.review.words import event_text
from replays.analyzer import is_note
from replays.record import human_seat


def default_seat(opened: OpenedGame) -> int:
    """The learner's seat when a human played, else seat 0."""
    human = human_seat(opened.players)
    return 0 if human is None else human


class Stepper:
    """The viewer's state over one OpenedGame; every change is a method."""

    def __init__(self, opened: OpenedGame, seat: int | None = None,
                 open_hands: bool = True) -> None:
        self.opened = opened
        self.position = 0
        self.seat = default_seat(opened) if seat is None else seat
        self.open_hands = open_hands
        self.selected: int | None = None  # index into opened.errors
        self._views: dict[tuple[int, int, bool, str], ChieuView] = {}
        self._texts: dict[tuple[int, str], str] = {}

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
                if is_note(a) and annotation_position(a) == self.position]

    # ------------------------------------------------------------------ what is shown

    def event_text(self, position: int | None = None) -> str:
        """What the event that led to `position` did ("" at the deal)."""
        p = self.position if position is None else position
        if p <= 0:
            return ""
        key = (p, current())
        text = self._texts.get(key)
        if text is None:
            o = self.opened
            text = event_text(o.names, o.states[p - 1], o.actions[p - 1])
            self._texts[key] = text
        return text

    def message(self, position: int | None = None) -> str:
        """The line under the learner's plate: which event of how many, and what it did (at
        `position`, by default the current one)."""
        p = self.position if position is None else position
        head = translate("Review", "Nước {n}/{total}").format(n=p, total=self.last)
        if p == 0:
            return f"{head} · " + translate("Review", "Vừa chia bài.")
        return f"{head} · {self.event_text(p)}"

    def view(self, position: int | None = None) -> ChieuView:
        """The chiếu of the current moment (or of `position`), from the chosen seat."""
        p = self.position if position is None else position
        lang = current()
        key = (p, self.seat, self.open_hands, lang)
        view = self._views.get(key)
        if view is None:
            o = self.opened
            game = o.states[p]
            hands = tuple(game.hand_cards(s) for s in range(game.players)) \
                if self.open_hands else None
            view = ChieuView(obs=game.observation(self.seat), names=o.names,
                             scores=tuple(round(t) for t in o.totals_at(p)),
                             game_no=o.position + 1, lang=lang, message=self.message(p),
                             open_hands=hands)
            self._views[key] = view
        return view
