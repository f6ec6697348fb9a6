"""The play controller: the learner's side of a hội (hoi.py) turned into ChieuViews.

It keeps the screen state the chiếu shows (selection, hover, prompts, message, countdown, a
card in flight) and takes the learner's input: the screen forwards clicks (`click`), keys
(`command`) and dialog answers (`confirm_pending`, `take_back`, `submit_call`, `next_game`);
the controller answers with signals. Teaching mode warns before a move that breaks a rule,
strict mode refuses it, real mode plays it (R7.5); hints run on the Worker.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

from desktop.chieu.hitmap import Hit, HitKind
from desktop.chieu.view import ChieuView, Prompt
from desktop.i18n import current
from desktop.play import moves, words
from desktop.play.hints import HINT_LEVEL, hint_html
from desktop.play.hoi import LEARNER, Hoi
from desktop.play.pacing import HUMAN, Pacing
from desktop.play.turns import Chooser
from desktop.qt import QObject, Signal
from desktop.settings import Settings
from desktop.sound import Sounds
from desktop.worker import Worker
from engine.actions import Act, Action
from engine.chan import Card, Observation
from engine.chan import ChanGame as Game
from engine.chan.ai import Decision, make_player
from engine.game import Mode, Phase
from engine.registry import Explanation
from replays.store import Store

__all__ = ["LEARNER", "PlayController", "Warning"]


@dataclass(frozen=True, slots=True)
class Warning:
    """Teaching mode (R7.5): a move the learner chose that breaks a rule, before it is made."""

    action: Action
    explanations: tuple[Explanation, ...]


class PlayController(Hoi):
    """The learner's side of a hội; see the module docstring."""

    view_changed = Signal(object)  # ChieuView
    warning = Signal(object)  # Warning: the screen asks "take back or play anyway?"
    hint_changed = Signal(str)  # rich text; "" hides the hint

    def __init__(self, store: Store, settings: Settings, worker: Worker,
                 sounds: Sounds | None = None, pacing: Pacing = HUMAN,
                 seeds: Callable[[], int] | None = None, parent: QObject | None = None) -> None:
        super().__init__(store, settings, worker, sounds, pacing, seeds, parent)
        self.hovered: Hit | None = None
        self.hint = ""  # the hint bar's rich text, in the language shown ("" hides it)
        self.hinted: Action | None = None  # the hint's move, marked on the chiếu (issue 20)
        self._hint_decision: Decision | None = None
        self._obs_key: tuple[int, int] | None = None
        self._obs: Observation | None = None

    def eaters(self) -> frozenset[Card]:
        """The learner's hand cards that may eat the live card now (legal moves)."""
        game = self.game
        return frozenset() if game is None else moves.eaters(game, self.learner)

    def hand_order(self) -> list[Card]:
        """The learner's hand in the order the chiếu draws it (canonical groups, R3.6)."""
        game = self.game
        return [] if game is None else moves.hand_order(game, self.learner)

    def _learner_turn(self, game: Game) -> None:
        """Tell the learner what to do, preselect the only eater, start the countdown."""
        claim = moves.claim_act(game, self.learner)
        if game.phase is Phase.OPENING and any(a.act is Act.WIN for a in game.legal_actions()):
            claim = Act.WIN  # thiên ù (R5.2)
        self.tell_more(partial(words.learner_task, game.phase.value, game.may_pass,
                               game.live.card if game.live is not None else None,
                               claim, game.hand_cards(self.learner), game.bao[self.learner]))
        eaters = self.eaters()
        if self.selected is None and len(eaters) == 1:
            self.selected = next(iter(eaters))
        if game.phase is Phase.CLAIM and self.settings.claim_seconds > 0:
            self._deadline = self.clock() + self.settings.claim_seconds
            self._countdown_timer.start(self.pacing.tick_ms)
        self._refresh()

    # ------------------------------------------------------------------ the learner

    def click(self, hit: Hit) -> None:
        """A click on the chiếu."""
        game = self.game
        if game is None:
            return
        if hit.kind is HitKind.BUTTON and hit.key is not None:
            self.command(hit.key)
        elif self.state != "learner":
            return
        elif isinstance(target := moves.clicked(game, hit), str):
            self.command(target)
        elif target is not None:
            self._card_clicked(game, target)

    def hover(self, hit: Hit | None) -> None:
        """The pointer moved onto something (buttons and cards light up)."""
        if hit != self.hovered:
            self.hovered = hit
            if self.game is not None:
                self._refresh()

    def _card_clicked(self, game: Game, card: Card) -> None:
        move = moves.card_move(game, self.learner, card, may_eat=not game.bao[self.learner])
        if move is not None:
            self._try(move)
            return
        self.selected = card
        if game.phase is Phase.PLAY:
            self.tell(partial(words.cannot_eat_with, card,
                              game.live.card if game.live is not None else None))
        self._refresh()

    def command(self, command: str) -> None:
        """A command from a key or a button (desktop/keys.py ids, chiếu prompt keys)."""
        if command == "next_game":
            self.next_game()
            return
        game = self.game
        if game is None or self.state != "learner":
            return
        if command == "hint":
            self.request_hint()
        elif command in ("next_card", "prev_card"):
            self._move_selection(1 if command == "next_card" else -1)
        elif command == "eat":
            self._eat_selected()
        elif command in ("use_card", "discard", "return"):
            self._use_selected(game)
        else:
            act = {"draw": Act.DRAW, "pass": Act.PASS, "chiu": Act.CHIU, "win": Act.WIN,
                   "decline": Act.DECLINE}.get(command)
            if act is None:
                return
            wanted = next((a for a in game.legal_actions() if a.act is act), None)
            if wanted is not None:
                self._try(wanted)

    def _move_selection(self, step: int) -> None:
        chosen = moves.step_selection(self.hand_order(), self.selected, step)
        if chosen is not None:
            self.selected = chosen
            self._refresh()

    def _eat_selected(self) -> None:
        eaters = self.eaters()
        if self.selected in eaters:
            self._try(Action(self.learner, Act.EAT, self.selected))
        elif len(eaters) == 1:
            self._try(Action(self.learner, Act.EAT, next(iter(eaters))))
        elif eaters:
            self.tell(words.choose_eater)
            self._refresh()

    def _use_selected(self, game: Game) -> None:
        if self.selected is None:
            self.tell(words.choose_card)
            self._refresh()
            return
        self._card_clicked(game, self.selected)

    def _candidates(self, game: Game) -> list[Action]:
        """The learner's moves before strict mode filters them (R7.5)."""
        return moves.candidates(game, self.learner)

    def _try(self, action: Action) -> None:
        """The learner's move: refused (strict), warned about (teaching) or played (R7.5)."""
        game = self.game
        assert game is not None
        if action not in game.legal_actions():
            if action in self._candidates(game):
                self.tell(partial(words.refused_strict, game.explain(action)))
            self._refresh()
            return
        if game.mode is Mode.TEACHING:
            explanations = game.explain(action)
            if explanations:
                self._pending = action
                self._countdown_timer.stop()
                self._refresh()
                self.warning.emit(Warning(action, explanations))
                return
        self._play(action)

    def take_back(self) -> None:
        """After a warning: the move is not made; the learner chooses again."""
        if self._pending is None:
            return
        self._pending = None
        self.tell(words.took_back)
        game = self.game
        if game is not None and game.phase is Phase.CLAIM \
                and self.settings.claim_seconds > 0:
            self._deadline = self.clock() + self.settings.claim_seconds
            self._countdown_timer.start(self.pacing.tick_ms)
        self._refresh()

    def submit_call(self, call: tuple[tuple[str, int], ...]) -> None:
        """The learner's xướng (R8.1), in the order said."""
        if self.state == "call":
            self._play(Action(self.learner, Act.CALL, None, tuple(call)))

    def _hint_player(self) -> Chooser[Decision]:
        """The computer player whose move is the hint (hints.py)."""
        return make_player(HINT_LEVEL)

    def _set_hint(self, decision: Decision | None) -> None:
        """Show the suggestion in the hint bar and mark its move on the chiếu, or hide both."""
        game = self.game
        self.hinted = decision.action if decision is not None and game is not None else None
        text = hint_html(game, self.learner, decision) if decision is not None \
            and game is not None else ""
        self._hint_decision = decision if text else None
        if text != self.hint:
            self.hint = text
            self.hint_changed.emit(text)

    # ------------------------------------------------------------------ the view

    def observation(self) -> Observation | None:
        """The learner's observation (cached until the game changes)."""
        game = self.game
        if game is None:
            return None
        key = self._key()
        if key != self._obs_key or self._obs is None:
            self._obs = game.observation(self.learner)
            self._obs_key = key
        return self._obs

    def view(self) -> ChieuView | None:
        """The ChieuView of the current moment."""
        obs = self.observation()
        if obs is None or self.session is None:
            return None
        learner = self.state == "learner"
        return ChieuView(
            obs=obs, names=self.names, scores=tuple(round(t) for t in self.session.totals),
            game_no=self.game_no, lang=current(), selected=self.selected,
            hovered=self.hovered, highlighted=self.eaters() if learner else frozenset(),
            prompts=self.prompts() if learner else (), message=self.message,
            hinted=self.hinted if learner else None,
            countdown=self.countdown() if learner else None, animation=self.animator.current)

    def prompts(self) -> tuple[Prompt, ...]:
        """The buttons of the learner's decision: only what is legal now (R4.2, R4.4)."""
        game = self.game
        return () if game is None else moves.prompts(game, self.learner, self.selected)

    def _refresh(self) -> None:
        """Emit the view of the current moment (none while a move is being saved or could
        not be: the chiếu keeps showing the last saved one, never a move the store does not
        hold)."""
        if self.state in ("unsaved", "saving"):
            return
        view = self.view()
        if view is not None:
            self.view_changed.emit(view)

    def refresh(self) -> None:
        """Emit the current view and the hint again (after a language change)."""
        if self._hint_decision is not None:
            self._set_hint(self._hint_decision)  # made again in the new language
        self._refresh()

    def _time_out(self) -> None:
        """The claim countdown ran out: the window passes, as at a table (R4.2)."""
        self.command("decline")
