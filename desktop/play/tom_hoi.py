"""A hội of Tổ tôm being played (TOTOM T8): the TomSession (pool, debts, the next cái), the
Recorder of the current game, one computer player per seat, and the flow of a game — whose
decision it is, computer players thinking on the Worker, the end of a game and the next one,
until the learner ends the hội or its pool runs out (T8.3).

As for Chắn (hoi.py, writer.py): every move goes through the Recorder and is written on the
StoreWriter's thread; a move counts as played — shown, handed on to the next seat — only once
its write has committed ("saving" meanwhile). A write the store refuses stops play before the
move is shown: `save_failed` says why, and the learner retries (play goes on exactly where it
stopped) or leaves (the stored game stays whole up to its last saved move, to be resumed).
The learner's side (input, warnings, hints, the TomView) is TomController, built on the hooks
`_learner_turn`, `_refresh` and `_set_hint`.
"""

from __future__ import annotations

import random
import sqlite3
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

from desktop.i18n import pick
from desktop.play import tom_words as words
from desktop.play.pacing import HUMAN, Pacing
from desktop.play.saving import SavingHoi
from desktop.qt import QObject, QTimer, Signal
from desktop.settings import Settings
from desktop.worker import Job, Worker
from engine.actions import Act
from engine.errors import ChanError
from engine.events import Event, Played, Violation
from engine.game import Mode, Phase
from engine.totom import Deal, TomAction, TomGame, TomSession, make_player
from replays.errors import RecordError
from replays.games import record_game
from replays.record import Player as SeatPlayer
from replays.record import human_seat
from replays.recorder import Recorder, saving
from replays.store import Store

if TYPE_CHECKING:  # the computer players are reached through engine.totom's face
    from engine.totom.ai import Decision, Player

LEARNER = 0
# T4.1: the others see that a seat laid or gave up a khàn, not its kind
SECRET_ACTS = frozenset({Act.UP_KHAN, Act.UP_THIEN_KHAI, Act.BAT_THUC})


def automations_for(settings: Settings) -> frozenset[str]:
    """T4.16: the learner's switches in teaching and strict modes; none in real mode."""
    return frozenset() if settings.mode is Mode.REAL else settings.tom_automations


def session_before(store: Store, game_id: int) -> TomSession:
    """The hội before a stored game: its pool, debts, totals and cái order, as the store keeps
    them with the game (replays.hoi; the hội is not replayed unless they are missing)."""
    session_id, _ = store.locate(game_id)
    header = store.session(session_id, upto=-1)
    session = record_game("to_tom").session_at(store.hoi_state(game_id), header.rules)
    assert isinstance(session, TomSession)
    return session


class TomHoi(SavingHoi):
    """The hội for a learner against computer players; see the module docstring."""

    call_requested = Signal(object)  # TomGame: the learner won and composes the xướng
    game_over = Signal(object)  # TomGame: the result is shown on the chiếu
    started = Signal()  # a game began (fresh or resumed)
    resume_failed = Signal(object)  # the stored game cannot be rebuilt

    def __init__(self, store: Store, settings: Settings, worker: Worker,
                 pacing: Pacing = HUMAN, seeds: Callable[[], int] | None = None,
                 parent: QObject | None = None) -> None:
        super().__init__(store, parent)
        self.settings = settings
        self.worker = worker
        self.pacing = pacing
        self._rng = random.Random()
        self._seeds = seeds or (lambda: self._rng.randrange(1 << 31))
        self.session: TomSession | None = None
        self.session_id: int | None = None
        self.players: tuple[SeatPlayer, ...] = ()
        self.learner = LEARNER
        self.game_no = 0
        self._ais: dict[int, Player] = {}
        self._message: tuple[Callable[[], str], ...] = ()
        self._pending: TomAction | None = None
        self._finished = False
        self._jobs: list[Job[Decision]] = []
        self._think_timer = QTimer(self)
        self._think_timer.setSingleShot(True)
        self._think_timer.timeout.connect(self._think)

    # ------------------------------------------------------------------ queries

    @property
    def game(self) -> TomGame | None:
        """The game being played (or just finished)."""
        game = None if self.recorder is None else self.recorder.game
        return game if isinstance(game, TomGame) else None

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
        """idle | busy (a computer's turn) | learner | warning | choosing | call | over |
        saving (a write in flight) | unsaved (a write failed)."""
        saving = self.write_state()
        if saving is not None:
            return saving
        game = self.game
        if game is None:
            return "idle"
        if game.is_over:
            return "over" if self._finished else "busy"
        if self._pending is not None:
            return "warning"
        if game.actor == self.learner:
            return "call" if game.phase is Phase.CALL else self._learner_state()
        return "busy"

    def _learner_state(self) -> str:
        """The learner's state (TomController: "learner" or "choosing")."""
        return "learner"

    @property
    def hoi_over(self) -> bool:
        """T8.3: the pool holds less than an ù suông (no next game)."""
        return self.session is not None and self.session.is_over

    # ------------------------------------------------------------------ the hội

    def start_session(self) -> None:
        """A new hội with the settings' làng options (T9), names and levels."""
        self.stop()
        s = self.settings
        rules = s.tom_rules
        players = (SeatPlayer(s.tom_names[0]),
                   *(SeatPlayer(s.tom_names[i], "ai", s.tom_levels[i - 1])
                     for i in range(1, rules.players)))

        def write(store: Store) -> int:
            with saving(starting=True, path=store.path):
                return store.new_session(rules, players)

        def started(session_id: object) -> None:
            assert isinstance(session_id, int)
            self.learner = LEARNER
            self.session_id = session_id
            self.players = players
            seed = self._seeds()
            # T2.4: the first cái is a seat chosen at random — from the first deal's seed, so
            # that a hội is reproducible from its seeds alone
            cai = random.Random(seed).randrange(rules.players)
            self.session = TomSession(rules.players, rules, first_picker=cai)
            self.game_no = 0
            self._new_game(seed)

        self._write(write, started, self.start_session)

    def resume(self, game_id: int) -> None:
        """Continue an interrupted game exactly where its recorded events stop (read on the
        writer's thread; `resume_failed` if the stored game cannot be rebuilt)."""
        self.stop()
        automations = automations_for(self.settings)

        def read(store: Store) -> tuple[Recorder, int, int, tuple[SeatPlayer, ...],
                                        TomSession]:
            recorder = Recorder.resume(store, game_id, automations)
            session_id, position = store.locate(game_id)
            players = store.session(session_id, upto=-1).players
            return recorder, session_id, position, players, session_before(store, game_id)

        def resumed(result: object) -> None:
            assert isinstance(result, tuple)
            recorder, session_id, position, players, session = result
            self.session_id = session_id
            self.players = players
            human = human_seat(players)
            self.learner = LEARNER if human is None else human
            self.session = session
            self.game_no = position + 1
            self._begin(recorder, None)

        def failed(error: BaseException) -> None:
            if not isinstance(error, RecordError | KeyError | sqlite3.Error | ValueError):
                raise error
            self.resume_failed.emit(error)

        self._read(read, resumed, failed)

    def next_game(self) -> None:
        """The next game of the hội: the last winner (or the kê player) is cái (T2.4)."""
        if self.state == "over" and not self.hoi_over:
            self._new_game()

    def _new_game(self, seed: int | None = None) -> None:
        assert self.session is not None and self.session_id is not None
        if seed is None:
            seed = self._seeds()
        deal = Deal.shuffled(seed, self.session.rules, self.session.next_cai)
        session_id, mode = self.session_id, self.settings.mode
        automations = automations_for(self.settings)

        def started(recorder: object) -> None:
            assert isinstance(recorder, Recorder)
            self.game_no += 1
            self._begin(recorder, seed)

        self._write(lambda store: Recorder.start(store, session_id, deal, mode, automations),
                    started, lambda: self._new_game(seed))

    @property
    def message(self) -> str:
        """The line under the learner's plate, in the language shown."""
        return " ".join(m() for m in self._message)

    def tell(self, *parts: Callable[[], str]) -> None:
        """Say this from now on (nothing: an empty line)."""
        self._message = parts

    def _begin(self, recorder: Recorder, seed: int | None) -> None:
        self.recorder = recorder
        base = seed if seed is not None else recorder.game_id
        self._ais = {seat: make_player(p.level or "normal", seed=base + seat)
                     for seat, p in enumerate(self.players) if seat != self.learner}
        self._finished = False
        self.tell()
        self._set_hint(None)
        self._reset_choice()
        self.started.emit()
        self._advance()

    def stop(self) -> None:
        """Stop the timer and drop the answers of work still running (a write in flight is
        still written: only what follows it is dropped)."""
        self._think_timer.stop()
        for job in self._jobs:
            job.cancel()
        self._jobs = []
        super().stop()
        self._pending = None

    def shutdown(self) -> None:
        """The window is closing: stop, let the write in flight finish, close the writer."""
        self.stop()
        self.writer.close()

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

    def _key(self) -> tuple[int, int]:
        game = self.game
        return (id(game), -1 if game is None else len(game.record))

    def _think(self) -> None:
        game = self.game
        if game is None or game.is_over or game.actor in (None, self.learner) \
                or self.state != "busy":
            return
        actor = game.actor
        assert actor is not None
        obs = game.observation(actor)
        player = self._ais[actor]
        key = self._key()
        self._jobs.append(self.worker.run(lambda: player.choose(obs),
                                          lambda d: self._decided(key, d),
                                          lambda e: self._think_failed(key, e)))

    def _decided(self, key: tuple[int, int], decision: Decision) -> None:
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
        self.tell(lambda: words.ai_failed(name))
        first = game.legal_actions()[0]
        assert isinstance(first, TomAction)
        self._play(first)

    def _play(self, action: TomAction) -> None:
        """Apply a move in memory and write it; it is shown once stored."""
        game, recorder = self.game, self.recorder
        assert game is not None and recorder is not None
        try:
            events = recorder.play(action)
        except ChanError as e:  # a computer move the engine refuses: never stall the game
            legal = game.legal_actions()
            if not legal or action in legal:
                raise
            self.tell(partial(pick, e.vi or str(e), str(e)))
            events = recorder.play(legal[0])
        self._save_move(recorder, events, partial(self._played, events))  # saving.py

    def _played(self, events: list[Event]) -> None:
        """Say what the others did (never the kind of another's face-down khàn, T4.1) and
        what the learner committed, then go on."""
        notes: list[Callable[[], str]] = []
        for ev in events:
            if isinstance(ev, Played) and isinstance(ev.action, TomAction):
                a = ev.action
                if a.seat == self.learner or a.act is Act.DECLINE:
                    continue
                shown = TomAction(a.seat, a.act) if a.act in SECRET_ACTS else a
                notes.append(partial(words.did, shown, self.players))
            elif isinstance(ev, Violation) and ev.seat == self.learner:
                notes.append(partial(words.committed, ev.rule))
        self.tell(*notes[-3:])
        self._set_hint(None)
        self._reset_choice()
        self._advance()

    # ------------------------------------------------------------------ hooks

    def _learner_turn(self, game: TomGame) -> None:
        """The learner is to decide (not the xướng): TomController prompts it."""

    def _refresh(self) -> None:
        """Something the chiếu shows changed: TomController emits a new view."""

    def _set_hint(self, decision: Decision | None) -> None:
        """Show the computer's suggestion, or (None) hide it: TomController does."""

    def _reset_choice(self) -> None:
        """A move was made: TomController forgets the cards chosen for it."""
