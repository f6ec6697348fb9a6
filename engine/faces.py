"""The three faces of every public action (after pokerkit): verify_x raises, can_x answers,
x applies and returns the events (STYLE.md). These are the actions every ruleset has; a
ruleset adds the faces of its own (engine/chan/game.py: eat, chíu)."""

from __future__ import annotations

from typing import Generic

from engine.actions import Act, Action, Call
from engine.events import Event
from engine.kind import K


class ActionFaces(Generic[K]):
    """verify_/can_/do faces over a class that provides verify, can and apply."""

    __slots__ = ()
    ACTION: type[Action[K]] = Action  # the ruleset's action type (a subclass may add fields)

    def verify(self, action: Action[K]) -> None:
        """Raise a specific IllegalAction if ``action`` is impossible now."""
        raise NotImplementedError

    def can(self, action: Action[K]) -> bool:
        """Whether ``action`` may be applied now."""
        raise NotImplementedError

    def apply(self, action: Action[K]) -> list[Event[K]]:
        """Apply ``action`` and return the events it caused."""
        raise NotImplementedError

    def verify_discard(self, seat: int, card: K) -> None:
        """Raise if seat may not đánh card."""
        self.verify(self.ACTION(seat, Act.DISCARD, card))

    def can_discard(self, seat: int, card: K) -> bool:
        """Whether seat may đánh card."""
        return self.can(self.ACTION(seat, Act.DISCARD, card))

    def discard(self, seat: int, card: K) -> list[Event[K]]:
        """Đánh card into the seat's cửa chì."""
        return self.apply(self.ACTION(seat, Act.DISCARD, card))

    def verify_draw(self, seat: int) -> None:
        """Raise if seat may not bốc."""
        self.verify(self.ACTION(seat, Act.DRAW))

    def can_draw(self, seat: int) -> bool:
        """Whether seat may bốc."""
        return self.can(self.ACTION(seat, Act.DRAW))

    def draw(self, seat: int) -> list[Event[K]]:
        """Bốc the top of the nọc into the seat's cửa chì."""
        return self.apply(self.ACTION(seat, Act.DRAW))

    def verify_pass(self, seat: int) -> None:
        """Raise if seat may not say dưới."""
        self.verify(self.ACTION(seat, Act.PASS))

    def can_pass(self, seat: int) -> bool:
        """Whether seat may say dưới."""
        return self.can(self.ACTION(seat, Act.PASS))

    def pass_(self, seat: int) -> list[Event[K]]:
        """Dưới: leave one's own draw to the right neighbour."""
        return self.apply(self.ACTION(seat, Act.PASS))

    def verify_return(self, seat: int, card: K) -> None:
        """Raise if seat may not trả cửa with card."""
        self.verify(self.ACTION(seat, Act.RETURN, card))

    def can_return(self, seat: int, card: K) -> bool:
        """Whether seat may trả cửa with card."""
        return self.can(self.ACTION(seat, Act.RETURN, card))

    def return_(self, seat: int, card: K) -> list[Event[K]]:
        """Trả cửa: put card where the card taken out of turn lay (R4.6, T4.9)."""
        return self.apply(self.ACTION(seat, Act.RETURN, card))

    def verify_win(self, seat: int) -> None:
        """Raise if seat may not declare ù now."""
        self.verify(self.ACTION(seat, Act.WIN))

    def can_win(self, seat: int) -> bool:
        """Whether seat may declare ù now (in real mode, also ù láo)."""
        return self.can(self.ACTION(seat, Act.WIN))

    def win(self, seat: int) -> list[Event[K]]:
        """Declare ù."""
        return self.apply(self.ACTION(seat, Act.WIN))

    def decline(self, seat: int) -> list[Event[K]]:
        """Let the claim window pass."""
        return self.apply(self.ACTION(seat, Act.DECLINE))

    def call(self, seat: int, cuoc: Call) -> list[Event[K]]:
        """Xướng: call the cước."""
        return self.apply(self.ACTION(seat, Act.CALL, None, tuple(cuoc)))
