"""The three faces of every public action (after pokerkit): verify_x raises, can_x answers,
x applies and returns the events (STYLE.md). These are the actions every ruleset has; a
ruleset adds the faces of its own (engine/chan/game.py: eat, chíu)."""

from __future__ import annotations

from engine.actions import Act, Action, Call
from engine.events import Event
from engine.kind import Kind


class ActionFaces:
    """verify_/can_/do faces over a class that provides verify, can and apply."""

    __slots__ = ()

    def verify(self, action: Action) -> None:
        """Raise a specific IllegalAction if ``action`` is impossible now."""
        raise NotImplementedError

    def can(self, action: Action) -> bool:
        """Whether ``action`` may be applied now."""
        raise NotImplementedError

    def apply(self, action: Action) -> list[Event]:
        """Apply ``action`` and return the events it caused."""
        raise NotImplementedError

    def verify_discard(self, seat: int, card: Kind) -> None:
        """Raise if seat may not đánh card."""
        self.verify(Action(seat, Act.DISCARD, card))

    def can_discard(self, seat: int, card: Kind) -> bool:
        """Whether seat may đánh card."""
        return self.can(Action(seat, Act.DISCARD, card))

    def discard(self, seat: int, card: Kind) -> list[Event]:
        """Đánh card into the seat's cửa chì."""
        return self.apply(Action(seat, Act.DISCARD, card))

    def verify_draw(self, seat: int) -> None:
        """Raise if seat may not bốc."""
        self.verify(Action(seat, Act.DRAW))

    def can_draw(self, seat: int) -> bool:
        """Whether seat may bốc."""
        return self.can(Action(seat, Act.DRAW))

    def draw(self, seat: int) -> list[Event]:
        """Bốc the top of the nọc into the seat's cửa chì."""
        return self.apply(Action(seat, Act.DRAW))

    def verify_pass(self, seat: int) -> None:
        """Raise if seat may not say dưới."""
        self.verify(Action(seat, Act.PASS))

    def can_pass(self, seat: int) -> bool:
        """Whether seat may say dưới."""
        return self.can(Action(seat, Act.PASS))

    def pass_(self, seat: int) -> list[Event]:
        """Dưới: leave one's own draw to the right neighbour."""
        return self.apply(Action(seat, Act.PASS))

    def verify_return(self, seat: int, card: Kind) -> None:
        """Raise if seat may not trả cửa with card."""
        self.verify(Action(seat, Act.RETURN, card))

    def can_return(self, seat: int, card: Kind) -> bool:
        """Whether seat may trả cửa with card."""
        return self.can(Action(seat, Act.RETURN, card))

    def return_(self, seat: int, card: Kind) -> list[Event]:
        """Trả cửa: put card where the card taken out of turn lay (R4.6, T4.9)."""
        return self.apply(Action(seat, Act.RETURN, card))

    def verify_win(self, seat: int) -> None:
        """Raise if seat may not declare ù now."""
        self.verify(Action(seat, Act.WIN))

    def can_win(self, seat: int) -> bool:
        """Whether seat may declare ù now (in real mode, also ù láo)."""
        return self.can(Action(seat, Act.WIN))

    def win(self, seat: int) -> list[Event]:
        """Declare ù."""
        return self.apply(Action(seat, Act.WIN))

    def decline(self, seat: int) -> list[Event]:
        """Let the claim window pass."""
        return self.apply(Action(seat, Act.DECLINE))

    def call(self, seat: int, cuoc: Call) -> list[Event]:
        """Xướng: call the cước."""
        return self.apply(Action(seat, Act.CALL, None, tuple(cuoc)))
