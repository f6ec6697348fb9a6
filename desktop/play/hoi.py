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
The flow shared with Tổ tôm (whose turn, computer thinking, resuming) is turns.py's.
The learner's side (clicks, keys, warnings, hints, the ChieuView) is PlayController, which
builds on this class through the hooks `_learner_turn`, `_refresh` and `_set_hint`.
"""

from __future__ import annotations

import random
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
from desktop.play.turns import TurnsHoi
from desktop.qt import QObject, QTimer
from desktop.settings import Settings
from desktop.sound import Sounds
from desktop.worker import Worker
from engine.actions import Action
from engine.chan import Card, Deal
from engine.chan import ChanGame as Game
from engine.chan import ChanSession as Session
from engine.chan.ai import Decision, make_player
from engine.errors import ChanError
from engine.events import BecameBao, Event, Placed, Played, Violation
from replays.chan_game import chan_only
from replays.record import Player as SeatPlayer
from replays.recorder import Recorder
from replays.store import Store

LEARNER = 0


class Hoi(TurnsHoi[Game, Action, Decision]):
    """The hội for a learner (at seat 0, or at the human seat of a resumed hội) against computer
    players; see the module docstring."""

    def __init__(self, store: Store, settings: Settings, worker: Worker,
                 sounds: Sounds | None = None, pacing: Pacing = HUMAN,
                 seeds: Callable[[], int] | None = None, parent: QObject | None = None) -> None:
        super().__init__(store, settings, worker, pacing, seeds, parent)
        self.sounds = sounds
        self.session: Session | None = None
        self.seed: int | None = None
        # what the chiếu shows besides the game (the learner's side sets most of it)
        self.selected: Card | None = None
        self.animator = Animator(pacing, self)
        self.animator.frame.connect(self._refresh)
        self.animator.finished.connect(self._advance)
        self._deadline: float | None = None
        self.clock: Callable[[], float] = time.monotonic  # tests move time on by hand
        # owned here so that stopping the controller stops it
        self._countdown_timer = QTimer(self)
        self._countdown_timer.timeout.connect(self._tick_countdown)

    # ------------------------------------------------------------------ queries

    @property
    def game(self) -> Game | None:
        """The game being played (or just finished)."""
        return None if self.recorder is None else chan_only(self.recorder.game)

    def _moving(self) -> bool:
        """Whether a card is in flight."""
        return self.animator.running

    # ------------------------------------------------------------------ the hội

    def start_session(self) -> None:
        """Start a new hội with the settings' làng options, players and levels."""
        self.stop()
        s = self.settings
        players = (SeatPlayer(s.names[0]),
                   *(SeatPlayer(s.names[i], "ai", s.levels[i - 1]) for i in range(1, 4)))

        def open_session(seed: int) -> None:
            # R2.4: the first picker is chosen at random — from the first deal's seed, so
            # that a hội is reproducible from its seeds alone
            picker = random.Random(seed).randrange(len(players))
            self.session = Session(len(players), s.rules, first_picker=picker)

        self._start(s.rules, players, open_session)

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

        self._read(read, self._resumed, self._not_resumed)

    def next_game(self) -> None:
        """The next game of the hội (picker and thông carried on, R2.4, C2)."""
        if self.state == "over":
            self._new_game()

    def _dealt(self, seed: int) -> Callable[[Store], Recorder]:
        assert self.session is not None and self.session_id is not None
        deal = Deal.shuffled(seed, self.session.players, self.session.next_picker,
                             self.session.rules)
        session_id, mode = self.session_id, self.settings.mode
        return lambda store: Recorder.start(store, session_id, deal, mode)

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
        self._countdown_timer.stop()
        self.animator.stop()
        super().stop()
        self._deadline = None

    # ------------------------------------------------------------------ the flow

    def _advance(self) -> None:
        """Hand the decision to whoever has it, once no card is in flight."""
        if self.game is None or self.animator.running:
            return
        self._countdown_timer.stop()
        self._deadline = None
        super()._advance()

    def _key(self) -> tuple[int, int]:
        game = self.game
        return (id(game), -1 if game is None else len(game.log))

    def _thinking_waits(self) -> bool:
        """A computer thinks once the card in flight has landed."""
        return self.animator.running

    def _first_legal(self, game: Game) -> Action:
        return game.legal_actions()[0]

    def _ai_failed(self, name: str) -> str:
        return words.ai_failed(name)

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


