"""What a hội of either game does between its writes: whose decision it is, the computer
players thinking on the Worker (an answer for an earlier moment is dropped; a player that
fails still moves, with the first legal move), the line under the chiếu, resuming a stored
game and starting a new hội or game.

Chắn's hội (hoi.py) and Tổ tôm's (tom_hoi.py) are built on this class (itself built on
saving.py's writes); they keep their game's deal, players and what a move shows, and fill the
hooks at the end.
"""

from __future__ import annotations

import random
import sqlite3
from collections.abc import Callable
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from desktop.play.pacing import Pacing
from desktop.play.saving import SavingHoi
from desktop.qt import QObject, QTimer, Signal
from desktop.settings import Settings
from desktop.worker import Job, Worker
from engine.game import Game, Mode, Phase
from engine.session import Session
from replays.errors import RecordError
from replays.record import Player as SeatPlayer
from replays.record import human_seat
from replays.recorder import Recorder, saving
from replays.store import Store

LEARNER = 0

ActionT = TypeVar("ActionT")
ActionT_co = TypeVar("ActionT_co", covariant=True)


class Decided(Protocol[ActionT_co]):
    """A computer player's decision: the move it chose."""

    @property
    def action(self) -> ActionT_co:
        """The chosen move."""
        ...


DecisionT = TypeVar("DecisionT", bound=Decided[Any])
DecisionT_co = TypeVar("DecisionT_co", covariant=True)
GameT = TypeVar("GameT", bound=Game[Any])


class Chooser(Protocol[DecisionT_co]):
    """A computer player, as the hội asks it."""

    def choose(self, obs: Any) -> DecisionT_co:
        """Its decision at this observation."""
        ...


class TurnsHoi(SavingHoi, Generic[GameT, ActionT, DecisionT]):
    """The flow of a hội against computer players; see the module docstring."""

    call_requested = Signal(object)  # the game: the learner won and composes the xướng
    game_over = Signal(object)  # the game: it ended (the result is shown)
    started = Signal()  # a game began (fresh or resumed)
    resume_failed = Signal(object)  # the stored game cannot be rebuilt (RESUME_ERRORS)

    # what a stored game that cannot be rebuilt raises (anything else is a bug)
    RESUME_ERRORS: ClassVar[tuple[type[BaseException], ...]] = (
        RecordError, KeyError, sqlite3.Error)

    def __init__(self, store: Store, settings: Settings, worker: Worker, pacing: Pacing,
                 seeds: Callable[[], int] | None, parent: QObject | None) -> None:
        super().__init__(store, parent)
        self.settings = settings
        self.worker = worker
        self.pacing = pacing
        self._rng = random.Random()
        self._seeds = seeds or (lambda: self._rng.randrange(1 << 31))
        self.session: Session | None = None
        self.session_id: int | None = None
        self.players: tuple[SeatPlayer, ...] = ()
        self.learner = LEARNER  # the human's seat: 0, or the seat a branched replay gives it
        self.game_no = 0
        self._ais: dict[int, Chooser[DecisionT]] = {}
        # the line under the chiếu, kept as what makes it so that a language change says it
        # again in the new language (issue 20: Ctrl+L left it in Vietnamese)
        self._message: tuple[Callable[[], str], ...] = ()
        self._pending: ActionT | None = None
        self._finished = False
        self._jobs: list[Job[DecisionT]] = []
        self._think_timer = QTimer(self)
        self._think_timer.setSingleShot(True)
        self._think_timer.timeout.connect(self._think)

    # ------------------------------------------------------------------ queries

    @property
    def game(self) -> GameT | None:
        """The game being played (or just finished)."""
        raise NotImplementedError

    @property
    def game_id(self) -> int | None:
        """The store's id of the game being played."""
        return None if self.recorder is None else self.recorder.game_id

    @property
    def names(self) -> tuple[str, ...]:
        """Every seat's name, as recorded with the hội."""
        return tuple(p.name for p in self.players)

    @property
    def state(self) -> str:
        """idle | busy (a computer's turn, a card in flight) | learner (or what
        `_learner_state` says) | warning | call | over | saving (a write in flight) | unsaved
        (a write failed: nothing goes on until retry_save or leave_unsaved)."""
        saving_state = self.write_state()
        if saving_state is not None:
            return saving_state
        game = self.game
        if game is None:
            return "idle"
        if self._moving():
            return "busy"
        if game.is_over:
            return "over" if self._finished else "busy"
        if self._pending is not None:
            return "warning"
        if game.actor == self.learner:
            return "call" if game.phase is Phase.CALL else self._learner_state()
        return "busy"

    @property
    def message(self) -> str:
        """The line under the chiếu, in the language shown."""
        return " ".join(m() for m in self._message)

    def tell(self, *parts: Callable[[], str]) -> None:
        """Say this under the chiếu from now on (nothing: an empty line)."""
        self._message = parts

    # ------------------------------------------------------------------ the hội

    def _start(self, rules: object, players: tuple[SeatPlayer, ...],
               open_session: Callable[[int], None]) -> None:
        """Write a new hội, then open it (``open_session(seed)`` sets `session` from the
        first deal's seed) and deal its first game."""

        def write(store: Store) -> int:
            with saving(starting=True, path=store.path):
                return store.new_session(rules, players)

        def started(session_id: object) -> None:
            assert isinstance(session_id, int)
            self.learner = LEARNER
            self.session_id = session_id
            self.players = players
            seed = self._seeds()
            open_session(seed)
            self.game_no = 0
            self._new_game(seed)

        self._write(write, started, self.start_session)

    def start_session(self) -> None:
        """Start a new hội with the settings' làng options, players and levels."""
        raise NotImplementedError

    def _resumed(self, result: object) -> None:
        """The stored game was read: (recorder, session id, position, players, session)."""
        assert isinstance(result, tuple)
        recorder, session_id, position, players, session = result
        self.session_id = session_id
        self.players = players
        human = human_seat(players)
        self.learner = LEARNER if human is None else human
        self.session = session
        self.game_no = position + 1
        self._begin(recorder, None)

    def _not_resumed(self, error: BaseException) -> None:
        """The stored game cannot be rebuilt: `resume_failed` (another error is a bug)."""
        if not isinstance(error, self.RESUME_ERRORS):
            raise error
        self.resume_failed.emit(error)

    def _new_game(self, seed: int | None = None) -> None:
        if seed is None:
            seed = self._seeds()
        start = self._dealt(seed)

        def started(recorder: object) -> None:
            assert isinstance(recorder, Recorder)
            self.game_no += 1
            self._begin(recorder, seed)

        # a new game that cannot be saved leaves the finished game where it was shown
        self._write(start, started, lambda: self._new_game(seed))

    def stop(self) -> None:
        """Stop thinking and drop the answers of work still running (a write in flight is
        still written: only what follows it is dropped)."""
        self._think_timer.stop()
        for job in self._jobs:
            job.cancel()
        self._jobs = []
        super().stop()
        self._pending = None

    def shutdown(self) -> None:
        """The window is closing: stop, let the write in flight finish, close the writer's
        connection."""
        self.stop()
        self.writer.close()

    # ------------------------------------------------------------------ the learner

    def confirm_pending(self) -> None:
        """After a warning: make the move anyway (it is judged as at a table: R7.5, T6.4)."""
        action, self._pending = self._pending, None
        if action is not None and self.game is not None:
            self._play(action)

    def request_hint(self) -> None:
        """Teaching mode: the hint player's move and its reason, made on the Worker (the
        controller shows it)."""
        game = self.game
        if game is None or game.mode is not Mode.TEACHING or self.state != "learner":
            return
        obs = game.observation(self.learner)
        player = self._hint_player()
        key = self._key()

        def shown(decision: DecisionT) -> None:
            self._jobs = [j for j in self._jobs if not j.finished]
            if key == self._key() and self.game is game:
                self._set_hint(decision)
                self._refresh()

        self._jobs.append(self.worker.run(lambda: player.choose(obs), shown))

    # ------------------------------------------------------------------ the flow

    def _advance(self) -> None:
        """Hand the decision to whoever has it: the learner, a computer, or the result."""
        game = self.game
        if game is None:
            return
        if game.is_over:
            if not self._finished:
                assert self.session is not None
                self.session.record(game)
                self._finished = True
                self._refresh()
                self.game_over.emit(game)
            return
        if game.actor == self.learner:
            if game.phase is Phase.CALL:
                self._refresh()
                self.call_requested.emit(game)
                return
            self._learner_turn(game)
            return
        self._refresh()
        self._think_timer.start(self.pacing.think_ms)

    def _think(self) -> None:
        game = self.game
        if game is None or game.is_over or game.actor in (None, self.learner) \
                or self._thinking_waits():
            return
        actor = game.actor
        assert actor is not None
        obs = game.observation(actor)
        player = self._ais[actor]
        key = self._key()
        self._jobs.append(self.worker.run(lambda: player.choose(obs),
                                          lambda d: self._decided(key, d),
                                          lambda e: self._think_failed(key, e)))

    def _decided(self, key: tuple[int, int], decision: DecisionT) -> None:
        self._jobs = [j for j in self._jobs if not j.finished]
        if key == self._key():
            self._play(decision.action)

    def _think_failed(self, key: tuple[int, int], error: BaseException) -> None:
        del error  # the move still has to be made: the first legal one keeps the game going
        self._jobs = [j for j in self._jobs if not j.finished]
        game = self.game
        if key != self._key() or game is None or game.actor is None:
            return
        name = self.names[game.actor]
        self.tell(lambda: self._ai_failed(name))
        self._play(self._first_legal(game))

    # ------------------------------------------------------------------ hooks

    def _key(self) -> tuple[int, int]:
        """Which game, and how far it has gone: a computer's answer for another is dropped."""
        raise NotImplementedError

    def _dealt(self, seed: int) -> Callable[[Store], Recorder]:
        """The next game of the hội dealt from ``seed``: the write that starts recording it."""
        raise NotImplementedError

    def _begin(self, recorder: Recorder, seed: int | None) -> None:
        """A game (fresh, or resumed with no seed) is recorded: show it and play it."""
        raise NotImplementedError

    def _play(self, action: ActionT) -> None:
        """Apply a move in memory and write it; it is shown once stored."""
        raise NotImplementedError

    def _first_legal(self, game: GameT) -> ActionT:
        """The move made for a computer player that failed to choose."""
        raise NotImplementedError

    def _ai_failed(self, name: str) -> str:
        """What is said when a computer player failed to choose."""
        raise NotImplementedError

    def _hint_player(self) -> Chooser[DecisionT]:
        """The computer player whose move is the hint."""
        raise NotImplementedError

    def _moving(self) -> bool:
        """Whether a card is in flight (the hội is busy meanwhile)."""
        return False

    def _thinking_waits(self) -> bool:
        """Whether a computer's thinking waits (it starts again when the wait ends)."""
        return False

    def _learner_state(self) -> str:
        """The learner's state when it is to move ("learner" unless the controller says)."""
        return "learner"

    def _learner_turn(self, game: GameT) -> None:
        """The learner is to decide (not the xướng): the controller prompts it."""

    def _refresh(self) -> None:
        """Something the chiếu shows changed: the controller emits a new view."""

    def _set_hint(self, decision: DecisionT | None) -> None:
        """Show the computer's suggestion, or (None) hide it: the controller does."""
