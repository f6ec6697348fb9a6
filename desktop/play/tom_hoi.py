"""A hội of Tổ tôm being played (TOTOM T8): the TomSession (pool, debts, the next cái), the
Recorder of the current game, one computer player per seat, and the flow of a game — whose
decision it is, computer players thinking on the Worker, the end of a game and the next one,
until the learner ends the hội or its pool runs out (T8.3).

As for Chắn (hoi.py, writer.py): every move goes through the Recorder and is written on the
StoreWriter's thread; a move counts as played — shown, handed on to the next seat — only once
its write has committed ("saving" meanwhile). A write the store refuses stops play before the
move is shown: `save_failed` says why, and the learner retries (play goes on exactly where it
stopped) or leaves (the stored game stays whole up to its last saved move, to be resumed).
The flow shared with Chắn (whose turn, computer thinking, resuming) is turns.py's.
The learner's side (input, warnings, hints, the TomView) is TomController, built on the hooks
`_learner_turn`, `_refresh`, `_set_hint` and `_reset_choice`.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

from desktop.i18n import pick
from desktop.play import tom_words as words
from desktop.play.pacing import HUMAN, Pacing
from desktop.play.turns import TurnsHoi
from desktop.qt import QObject
from desktop.settings import Settings
from desktop.worker import Worker
from engine.actions import Act
from engine.errors import ChanError
from engine.events import Event, Played, Violation
from engine.game import Mode
from engine.totom import Deal, TomAction, TomGame, TomSession, make_player
from replays.games import record_game
from replays.record import Player as SeatPlayer
from replays.recorder import Recorder
from replays.store import Store

if TYPE_CHECKING:  # the computer players are reached through engine.totom's face
    from engine.totom.ai import Decision  # noqa: F401 (named as a string in TomHoi's base)

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


class TomHoi(TurnsHoi[TomGame, TomAction, "Decision"]):
    """The hội for a learner against computer players; see the module docstring."""

    # a stored game whose làng options or hội are damaged
    RESUME_ERRORS = (*TurnsHoi.RESUME_ERRORS, ValueError)

    def __init__(self, store: Store, settings: Settings, worker: Worker,
                 pacing: Pacing = HUMAN, seeds: Callable[[], int] | None = None,
                 parent: QObject | None = None) -> None:
        super().__init__(store, settings, worker, pacing, seeds, parent)
        self.session: TomSession | None = None

    # ------------------------------------------------------------------ queries

    @property
    def game(self) -> TomGame | None:
        """The game being played (or just finished)."""
        game = None if self.recorder is None else self.recorder.game
        return game if isinstance(game, TomGame) else None

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

        def open_session(seed: int) -> None:
            # T2.4: the first cái is a seat chosen at random — from the first deal's seed, so
            # that a hội is reproducible from its seeds alone
            cai = random.Random(seed).randrange(rules.players)
            self.session = TomSession(rules.players, rules, first_picker=cai)

        self._start(rules, players, open_session)

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

        self._read(read, self._resumed, self._not_resumed)

    def next_game(self) -> None:
        """The next game of the hội: the last winner (or the kê player) is cái (T2.4)."""
        if self.state == "over" and not self.hoi_over:
            self._new_game()

    def _dealt(self, seed: int) -> Callable[[Store], Recorder]:
        assert self.session is not None and self.session_id is not None
        deal = Deal.shuffled(seed, self.session.rules, self.session.next_cai)
        session_id, mode = self.session_id, self.settings.mode
        automations = automations_for(self.settings)
        return lambda store: Recorder.start(store, session_id, deal, mode, automations)

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

    # ------------------------------------------------------------------ the flow

    def _key(self) -> tuple[int, int]:
        game = self.game
        return (id(game), -1 if game is None else len(game.record))

    def _thinking_waits(self) -> bool:
        """A computer thinks only while nothing else is going on (no write, no warning)."""
        return self.state != "busy"

    def _first_legal(self, game: TomGame) -> TomAction:
        first = game.legal_actions()[0]
        assert isinstance(first, TomAction)
        return first

    def _ai_failed(self, name: str) -> str:
        return words.ai_failed(name)

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

    def _reset_choice(self) -> None:
        """A move was made: TomController forgets the cards chosen for it."""
