"""Recording a live game: every recorded event is stored the moment it is applied."""

from __future__ import annotations

from engine.actions import Action
from engine.deal import Deal
from engine.events import Event
from engine.game import Game, Mode
from replays.rebuild import replay_session
from replays.store import Store


class Recorder:
    """A game being played and its row in the store; ``apply`` plays and records."""

    def __init__(self, store: Store, game_id: int, game: Game) -> None:
        self.store = store
        self.game_id = game_id
        self.game = game
        self._stored = len(game.record)

    @classmethod
    def start(cls, store: Store, session_id: int, deal: Deal,
              mode: Mode = Mode.REAL) -> Recorder:
        """The session's next game on ``deal``, thông (C2) carried from its earlier games."""
        record = store.session(session_id)
        game = Game(deal, record.rules, mode, replay_session(record).next_thong_seat)
        return cls(store, store.new_game(session_id, deal, mode), game)

    @classmethod
    def resume(cls, store: Store, game_id: int) -> Recorder:
        """Continue an interrupted game exactly where its stored events stop."""
        return cls(store, game_id, store.resume(game_id))

    def apply(self, action: Action) -> list[Event]:
        """Apply an action; store what the engine recorded (declines are never stored)."""
        game = self.game
        events = game.apply(action)
        if len(game.record) > self._stored:
            self._stored = len(game.record)
            self.store.append(self.game_id, self._stored - 1, game.record[-1],
                              game if game.is_over else None)
        elif game.is_over:
            self.store.finish(self.game_id, game)
        return events
