"""A hội being played: the engine objects (Session, the Recorder of the current game, one
computer player per seat) and the flow of a game — whose decision it is, computer thinking on
the Worker, card flights, the claim countdown, the end of a game and the next one.

Every move goes through the Recorder, so the store holds each event the moment it is played.
The writes run on the StoreWriter's thread (writer.py, issue 20): the engine applies the move
in memory, and the move counts as played — shown, sounded, animated, handed on to the next
seat — only once its write has committed ("saving" meanwhile: no input, no computer thinking,
the chiếu still shows the last saved moment). When the store cannot write (a database locked
by another program, a full disk: issue 13), play stops before the move is shown: `save_failed`
carries the reason, and the learner either retries (`retry_save`, which goes on exactly where
play stopped) or leaves (`leave_unsaved`); the stored game stays whole up to its last saved
move, so it can be resumed later.
The learner's side (clicks, keys, warnings, hints, the ChieuView) is PlayController, which
builds on this class through the hooks `_learner_turn`, `_refresh` and `_set_hint`.
"""

from __future__ import annotations

import random
import sqlite3
import time
from collections.abc import Callable
from functools import partial

from desktop.chieu.view import Animation
from desktop.i18n import pick
from desktop.play import words
from desktop.play.animator import Animator
from desktop.play.motion import SOUNDS, deal_flights, flight
from desktop.play.pacing import HUMAN, Pacing
from desktop.play.resume import session_at
from desktop.play.saving import SavingHoi
from desktop.qt import QObject, QTimer, Signal
from desktop.settings import Settings
from desktop.sound import Sounds
from desktop.worker import Job, Worker
from engine.actions import Action
from engine.chan import Card, Deal
from engine.chan import ChanGame as Game
from engine.chan import ChanSession as Session
from engine.chan.ai import Decision, Player, make_player
from engine.errors import ChanError
from engine.events import BecameBao, Event, Placed, Played, Violation
from engine.game import Phase
from replays.chan_game import chan_only
from replays.errors import RecordError
from replays.record import Player as SeatPlayer
from replays.record import human_seat
from replays.recorder import Recorder, saving
from replays.store import Store

LEARNER = 0


class Hoi(SavingHoi):
    """The hội for a learner (at seat 0, or at the human seat of a resumed hội) against computer
    players; see the module docstring."""

    call_requested = Signal(object)  # Game: the learner won and composes the xướng
    game_over = Signal(object)  # Game: the result screen
    started = Signal()  # a game began (fresh or resumed)
    resume_failed = Signal(object)  # the stored game cannot be rebuilt (RecordError, KeyError)

    def __init__(self, store: Store, settings: Settings, worker: Worker,
                 sounds: Sounds | None = None, pacing: Pacing = HUMAN,
                 seeds: Callable[[], int] | None = None, parent: QObject | None = None) -> None:
        super().__init__(store, parent)
        self.settings = settings
        self.worker = worker
        self.sounds = sounds
        self.pacing = pacing
        self._rng = random.Random()
        self._seeds = seeds or (lambda: self._rng.randrange(1 << 31))
        self.session: Session | None = None
        self.session_id: int | None = None
        self.players: tuple[SeatPlayer, ...] = ()
        self.learner = LEARNER  # the human's seat: 0, or the seat a branched replay gives it
        self.game_no = 0
        self.seed: int | None = None
        self._ais: dict[int, Player] = {}
        # what the chiếu shows besides the game (the learner's side sets most of it)
        self.selected: Card | None = None
        # the line under the chiếu, kept as what makes it so that a language change says it
        # again in the new language (issue 20: Ctrl+L left it in Vietnamese)
        self._message: tuple[Callable[[], str], ...] = ()
        self._pending: Action | None = None
        self._finished = False
        self.animator = Animator(pacing, self)
        self.animator.frame.connect(self._refresh)
        self.animator.finished.connect(self._advance)
        self._deadline: float | None = None
        self.clock: Callable[[], float] = time.monotonic  # tests move time on by hand
        self._jobs: list[Job[Decision]] = []
        # timers, owned here so that stopping the controller stops them all
        self._think_timer = self._timer(self._think, single=True)
        self._countdown_timer = self._timer(self._tick_countdown)

    def _timer(self, slot: Callable[[], None], single: bool = False) -> QTimer:
        timer = QTimer(self)
        timer.setSingleShot(single)
        timer.timeout.connect(slot)
        return timer

    # ------------------------------------------------------------------ queries

    @property
    def game(self) -> Game | None:
        """The game being played (or just finished)."""
        return None if self.recorder is None else chan_only(self.recorder.game)

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
        """idle | busy (computer, animation) | learner | warning | call | over | saving (a
        write in flight) | unsaved (a write failed: nothing goes on until retry_save or
        leave_unsaved)."""
        saving = self.write_state()
        if saving is not None:
            return saving
        game = self.game
        if game is None:
            return "idle"
        if self.animator.running:
            return "busy"
        if game.is_over:
            return "over" if self._finished else "busy"
        if self._pending is not None:
            return "warning"
        if game.actor == self.learner:
            return "call" if game.phase is Phase.CALL else "learner"
        return "busy"

    # ------------------------------------------------------------------ the hội

    def start_session(self) -> None:
        """Start a new hội with the settings' làng options, players and levels."""
        self.stop()
        s = self.settings
        players = (SeatPlayer(s.names[0]),
                   *(SeatPlayer(s.names[i], "ai", s.levels[i - 1]) for i in range(1, 4)))

        def write(store: Store) -> int:
            with saving(starting=True, path=store.path):
                return store.new_session(s.rules, players)

        def started(session_id: object) -> None:
            assert isinstance(session_id, int)
            self.learner = LEARNER
            self.session_id = session_id
            self.players = players
            seed = self._seeds()
            # R2.4: the first picker is chosen at random — from the first deal's seed, so
            # that a hội is reproducible from its seeds alone
            picker = random.Random(seed).randrange(len(players))
            self.session = Session(len(players), s.rules, first_picker=picker)
            self.game_no = 0
            self._new_game(seed)

        self._write(write, started, self.start_session)

    def resume(self, game_id: int) -> None:
        """Continue an interrupted game exactly where its recorded events stop (read on the
        writer's thread; `resume_failed` if the stored game cannot be rebuilt)."""
        self.stop()

        def read(store: Store) -> tuple[Recorder, int, int, tuple[SeatPlayer, ...], Session]:
            recorder = Recorder.resume(store, game_id)
            session_id, position = store.locate(game_id)
            players = store.session(session_id, upto=-1).players
            # the hội is not replayed (issue 13)
            return recorder, session_id, position, players, session_at(store, game_id)

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
            if not isinstance(error, RecordError | KeyError | sqlite3.Error):
                raise error
            self.resume_failed.emit(error)

        self._read(read, resumed, failed)

    def next_game(self) -> None:
        """The next game of the hội (picker and thông carried on, R2.4, C2)."""
        if self.state == "over":
            self._new_game()

    def _new_game(self, seed: int | None = None) -> None:
        assert self.session is not None and self.session_id is not None
        if seed is None:
            seed = self._seeds()
        deal = Deal.shuffled(seed, self.session.players, self.session.next_picker,
                             self.session.rules)
        session_id, mode = self.session_id, self.settings.mode

        def started(recorder: object) -> None:
            assert isinstance(recorder, Recorder)
            self.game_no += 1
            self._begin(recorder, seed)

        # a new game that cannot be saved leaves the finished game on the result page
        self._write(lambda store: Recorder.start(store, session_id, deal, mode), started,
                    lambda: self._new_game(seed))

    @property
    def message(self) -> str:
        """The line under the chiếu, in the language shown."""
        return " ".join(m() for m in self._message)

    def tell(self, *parts: Callable[[], str]) -> None:
        """Say this under the chiếu from now on (nothing: an empty line)."""
        self._message = parts

    def tell_more(self, part: Callable[[], str]) -> None:
        """Add a sentence to what is said under the chiếu."""
        self._message = (*self._message, part)

    def _begin(self, recorder: Recorder, seed: int | None) -> None:
        self.recorder = recorder
        self.seed = seed
        base = seed if seed is not None else recorder.game_id
        # every seat but the learner's is played by the computer (an imported hội may name
        # other humans: they have no one to play them here)
        self._ais = {seat: make_player(p.level or "normal", seed=base + seat)
                     for seat, p in enumerate(self.players) if seat != self.learner}
        self._finished = False
        self.selected = None
        self.tell()
        self._set_hint(None)
        self.started.emit()
        if self.sounds is not None:
            self.sounds.warm()
        fresh = not recorder.game.record
        if fresh and self.sounds is not None:
            self.sounds.play("deal")
        if fresh and self.pacing.deal_ms > 0:
            game = recorder.game
            self.animator.start(deal_flights(game.players, game.deal.cai_seat))
        else:
            self._advance()

    def stop(self) -> None:
        """Stop every timer and drop the answers of work still running (a write in flight
        is still written: only what follows it is dropped)."""
        for timer in (self._think_timer, self._countdown_timer):
            timer.stop()
        self.animator.stop()
        for job in self._jobs:
            job.cancel()
        self._jobs = []
        super().stop()
        self._deadline = None
        self._pending = None

    def shutdown(self) -> None:
        """The window is closing: stop, let the write in flight finish, close the writer's
        connection."""
        self.stop()
        self.writer.close()

    # ------------------------------------------------------------------ the flow

    def _advance(self) -> None:
        """Hand the decision to whoever has it: the learner, a computer, or the result."""
        game = self.game
        if game is None or self.animator.running:
            return
        self._countdown_timer.stop()
        self._deadline = None
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
        return (id(game), -1 if game is None else len(game.log))

    def _think(self) -> None:
        game = self.game
        if game is None or game.is_over or game.actor in (None, self.learner) \
                or self.animator.running:
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
        if key != self._key():
            return
        self._play(decision.action)

    def _think_failed(self, key: tuple[int, int], error: BaseException) -> None:
        del error  # the move still has to be made: the first legal one keeps the game going
        self._jobs = [j for j in self._jobs if not j.finished]
        game = self.game
        if key != self._key() or game is None or game.actor is None:
            return
        name = self.names[game.actor]
        self.tell(lambda: words.ai_failed(name))
        self._play(game.legal_actions()[0])

    def _play(self, action: Action) -> None:
        """Apply and record a move; describe it, sound it, animate it, then go on."""
        game = self.game
        recorder = self.recorder
        assert game is not None and recorder is not None
        live_before = game.live
        try:
            events = recorder.play(action)
        except ChanError as e:  # a computer move the engine refuses: never stall the game
            self.tell(partial(pick, e.vi or str(e), str(e)))
            legal = game.legal_actions()
            if not legal or action in legal:
                raise
            events = recorder.play(legal[0])
        # shown only once stored (saving.py)
        self._save_move(recorder, events, partial(self._played, events, live_before))

    def _played(self, events: list[Event], live_before: Placed | None) -> None:
        """Describe a stored move, sound it, animate it, then go on."""
        game = self.game
        assert game is not None
        notes: list[Callable[[], str]] = []
        moved: Animation | None = None
        eaten = live_before.card if live_before is not None else None
        for ev in events:
            if isinstance(ev, Played):
                a = ev.action
                if a.seat != self.learner:  # the learner knows what it just did
                    notes.append(partial(words.did, self.names[a.seat], a, eaten))
                sound = SOUNDS.get(a.act)
                if sound is not None and self.sounds is not None:
                    self.sounds.play(sound)
                moved = flight(a, live_before, game.live)
            elif isinstance(ev, Violation):
                notes.append(partial(words.committed, ev.rule, self.names[ev.seat]))
            elif isinstance(ev, BecameBao):
                notes.append(partial(words.became_bao, self.names[ev.seat]))
        self.tell(*notes)
        self.selected = None
        self._set_hint(None)
        if moved is not None and self.pacing.animated:
            self.animator.start([moved])
        else:
            self._advance()

    # ------------------------------------------------------------------ the countdown

    def countdown(self) -> float | None:
        """The fraction of the claim window's time left (None: no countdown)."""
        if self._deadline is None or self.settings.claim_seconds <= 0:
            return None
        left = self._deadline - self.clock()
        return max(0.0, min(1.0, left / self.settings.claim_seconds))

    def _tick_countdown(self) -> None:
        left = self.countdown()
        if left is None or self.state != "learner":
            self._countdown_timer.stop()
            return
        if left <= 0:
            self._countdown_timer.stop()
            self._deadline = None
            self._time_out()
            return
        self._refresh()

    # ------------------------------------------------------------------ hooks

    def _time_out(self) -> None:
        """The claim countdown ran out: PlayController lets the window pass."""

    def _learner_turn(self, game: Game) -> None:
        """The learner is to decide (not the xướng): PlayController prompts it."""

    def _refresh(self) -> None:
        """Something the chiếu shows changed: PlayController emits a new view."""

    def _set_hint(self, decision: Decision | None) -> None:
        """Show the computer's suggestion, or (None) hide it: PlayController does."""
