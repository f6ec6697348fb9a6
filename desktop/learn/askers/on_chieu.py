"""A drill's game position on the game chiếu: the engine's game rebuilt from the position
(lessons.position.rebuild replays its events on its deal) and the asked seat's observation,
drawn as in play, with the seats named by their numbers as the lessons name them."""

from __future__ import annotations

from desktop.chieu.hitmap import Hit, HitKind
from desktop.chieu.view import ChieuView, Prompt
from desktop.i18n import current
from desktop.learn.askers.base import Asker
from desktop.learn.words import seat_name
from desktop.qt import QObject
from engine.chan import Card
from engine.chan import ChanGame as Game
from lessons.item import Item
from lessons.position import rebuild


class ChieuAsker(Asker):
    """A question about the seat of a game position; prompts on the chiếu are key commands."""

    def __init__(self, item: Item, parent: QObject | None = None) -> None:
        super().__init__(item, parent)
        self.game: Game = rebuild(item.position)
        self.seat = int(item.position["seat"])

    def view(self, prompts: tuple[Prompt, ...] = (), message: str = "",
             highlighted: frozenset[Card] = frozenset(), selected: Card | None = None
             ) -> ChieuView:
        """The seat's view of the position, in the current language."""
        names = tuple(seat_name(s) for s in range(self.game.players))
        return ChieuView(obs=self.game.observation(self.seat), names=names,
                         lang="en" if current() == "en" else "vi", prompts=prompts,
                         message=message, highlighted=highlighted, selected=selected,
                         hovered=self.hovered)

    def click(self, hit: Hit) -> None:
        """A prompt on the chiếu is the same as its key."""
        if hit.kind is HitKind.BUTTON and hit.key and not self.locked:
            self.command(hit.key, "")
