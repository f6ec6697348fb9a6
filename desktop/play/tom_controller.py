"""The Tổ tôm play controller: the learner's side of a hội (tom_hoi.py) turned into TomViews.

It keeps what the chiếu shows besides the game — the card the keys point at, the hand cards
chosen for an eat, the hover, the message, the hint — and takes the learner's input: the
screen forwards clicks (`click`), keys (`command`) and dialog answers (`choose`,
`confirm_pending`, `take_back`, `submit_call`, `next_game`); the controller answers with
signals. A key or button standing for several moves (which eat, ù saying phỗng or not, dậy
khàn with a run…) asks the screen to let the learner choose (`choice_requested`). Teaching mode
warns before a move that would record a TN or TD, strict mode refuses it, real mode plays it
(T4.16); hints come from the normal computer player, on the Worker.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING

from desktop.chieu.hitmap import Hit, HitKind
from desktop.chieu.tom_view import Hoi, Live, TomResult, TomView, arranged
from desktop.chieu.view import Prompt
from desktop.i18n import amount, current
from desktop.keys import key_hint
from desktop.play import tom_moves as moves
from desktop.play import tom_words as words
from desktop.play.moves import step_selection
from desktop.play.pacing import HUMAN, Pacing
from desktop.play.tom_hints import HINT_LEVEL, hint_html, hinted_command
from desktop.play.tom_hoi import LEARNER, TomHoi
from desktop.play.turns import Chooser
from desktop.qt import QObject, Signal
from desktop.settings import Settings
from desktop.worker import Worker
from engine.actions import Act
from engine.game import Mode, Phase
from engine.totom import CallToken, Card, TomAction, TomGame, TomObservation, make_player, say
from replays.store import Store

if TYPE_CHECKING:
    from engine.totom.ai import Decision

__all__ = ["LEARNER", "TomChoice", "TomController", "TomWarning"]


@dataclass(frozen=True, slots=True)
class TomWarning:
    """Teaching mode (T4.16): a move the learner chose that would record a TN or TD, with the
    card each names, before it is made."""

    action: TomAction
    faults: tuple[tuple[str, Card | None], ...]


@dataclass(frozen=True, slots=True)
class TomChoice:
    """Several moves behind one key or button: the learner picks one (or none)."""

    command: str
    options: tuple[TomAction, ...]
    labels: tuple[str, ...]


# The phases where a hand card clicked (or Enter) is the card discarded or returned.
_CARD_PHASES = (Phase.DISCARD, Phase.OPENING, Phase.RETURN)


class TomController(TomHoi):
    """The learner's side of a Tổ tôm hội; see the module docstring."""

    view_changed = Signal(object)  # TomView
    warning = Signal(object)  # TomWarning: the screen asks "take back or play anyway?"
    hint_changed = Signal(str)  # rich text; "" hides the hint
    choice_requested = Signal(object)  # TomChoice: the screen lists the moves
    end_wanted = Signal()  # the learner asked to end the hội (or to see its summary)

    def __init__(self, store: Store, settings: Settings, worker: Worker,
                 pacing: Pacing = HUMAN, seeds: Callable[[], int] | None = None,
                 parent: QObject | None = None) -> None:
        super().__init__(store, settings, worker, pacing, seeds, parent)
        self.cursor: Card | None = None  # the hand card the arrow keys point at
        self.chosen: list[Card] = []  # hand cards chosen for an eat (copies counted)
        self.hovered: Hit | None = None
        self.hint = ""
        self.hinted: TomAction | None = None
        self.choice: TomChoice | None = None
        self._hint_decision: Decision | None = None
        self._obs_key: tuple[int, int] | None = None
        self._obs: TomObservation | None = None

    # ------------------------------------------------------------------ queries

    def _learner_state(self) -> str:
        return "choosing" if self.choice is not None else "learner"

    def moves(self) -> list[TomAction]:
        """What the learner could physically do now, faults included."""
        game = self.game
        return [] if game is None else moves.candidates(game, self.learner)

    def hand_order(self) -> list[Card]:
        """The learner's hand in the order the chiếu draws it."""
        game = self.game
        return [] if game is None else moves.hand_order(game.hand_cards(self.learner))

    # ------------------------------------------------------------------ the learner

    def _learner_turn(self, game: TomGame) -> None:
        """Tell the learner what to do; keep the pointed card if it is still held."""
        hand = game.hand_cards(self.learner)
        if self.cursor not in hand:
            self.cursor = None
        live = game.live
        self.tell(partial(words.learner_task, game.phase.value, moves.claim_act(self.moves()),
                          live.card if live is not None else None, game.may_pass,
                          live is not None and live.final))
        self._refresh()

    def click(self, hit: Hit) -> None:
        """A click on the chiếu."""
        game = self.game
        if game is None:
            return
        if hit.kind is HitKind.BUTTON and hit.key is not None:
            self.command(hit.key)
        elif self.state != "learner":
            return
        elif hit.kind is HitKind.HAND and hit.tom is not None:
            self._card_clicked(game, hit.tom)
        elif hit.kind is HitKind.NOC:
            self.command("pass" if game.may_pass else "draw")
        elif hit.kind is HitKind.CUA and game.live is not None and hit.tom == game.live.card \
                and hit.seat == game.live.cua:
            self.command("eat")

    def hover(self, hit: Hit | None) -> None:
        """The pointer moved onto something (buttons and cards light up)."""
        if hit != self.hovered:
            self.hovered = hit
            if self.game is not None:
                self._refresh()

    def _card_clicked(self, game: TomGame, card: Card) -> None:
        self.cursor = card
        if game.phase in _CARD_PHASES:
            self._decide(moves.card_moves(self.moves(), card), "discard")
            return
        if game.phase is Phase.PLAY:
            held = game.hand_cards(self.learner).count(card)
            if self.chosen.count(card) < held:
                self.chosen.append(card)
            else:
                self.chosen = [c for c in self.chosen if c != card]
        self._refresh()

    def command(self, command: str) -> None:
        """A command from a key or a button (desktop/keys.py ids, the chiếu's prompt keys)."""
        if command == "next_game":
            self.next_game()
            return
        if command in ("end_session", "summary"):
            if self.state == "over":
                self.end_wanted.emit()
            return
        game = self.game
        if game is None or self.state != "learner":
            return
        if command == "hint":
            self.request_hint()
        elif command in ("next_card", "prev_card"):
            self.cursor = step_selection(self.hand_order(), self.cursor,
                                         1 if command == "next_card" else -1)
            self._refresh()
        elif command in ("tom_pick", "tom_unpick"):
            self._pick(game, command == "tom_pick")
        elif command in ("use_card", "discard", "return"):
            self._use_cursor(game)
        elif command == "eat":
            self._decide(moves.eats_with(self.moves(), self.chosen), command)
        elif command in moves.COMMAND_ACTS:
            self._decide(moves.of_command(self.moves(), command), command)

    def _pick(self, game: TomGame, add: bool) -> None:
        """↑ chooses one more copy of the pointed card for an eat, ↓ one less."""
        card = self.cursor
        if card is None:
            self.tell(words.choose_card)
        elif add and self.chosen.count(card) < game.hand_cards(self.learner).count(card):
            self.chosen.append(card)
        elif not add and card in self.chosen:
            self.chosen.remove(card)
        self._refresh()

    def _use_cursor(self, game: TomGame) -> None:
        """Enter: discard (or return) the pointed card; in a turn to eat, eat with the cards
        chosen (or the pointed one)."""
        if game.phase is Phase.PLAY:
            chosen = self.chosen or ([self.cursor] if self.cursor is not None else [])
            self._decide(moves.eats_with(self.moves(), chosen), "eat")
        elif game.phase in _CARD_PHASES:
            if self.cursor is None:
                self.tell(words.choose_card)
                self._refresh()
                return
            self._decide(moves.card_moves(self.moves(), self.cursor), "discard")

    def _decide(self, options: list[TomAction], command: str) -> None:
        """One move: try it; several: let the learner choose; none: say so."""
        if not options:
            if command == "eat" and self.chosen:
                self.tell(partial(words.no_such_eat, tuple(self.chosen)))
            else:
                self.tell(partial(words.cannot, command))
            self._refresh()
        elif len(options) == 1:
            self._try(options[0])
        else:
            game = self.game
            assert game is not None
            mat = [m.cards for m in game.mats[self.learner]]
            self.choice = TomChoice(command, tuple(options),
                                    tuple(words.choice_text(a, mat) for a in options))
            self._refresh()
            self.choice_requested.emit(self.choice)

    def choose(self, index: int) -> None:
        """The learner picked one of the moves of the choice asked."""
        choice, self.choice = self.choice, None
        if choice is not None and 0 <= index < len(choice.options) and self.game is not None:
            self._try(choice.options[index])
        else:
            self._refresh()

    def cancel_choice(self) -> None:
        """The learner closed the list of choices: nothing is played."""
        self.choice = None
        self._refresh()

    def _try(self, action: TomAction) -> None:
        """The learner's move: refused (strict), warned about (teaching) or played (T4.16)."""
        game = self.game
        assert game is not None
        faults = tuple((v.rule, v.card) for v in game.faults_of(action))
        if action not in game.legal_actions():
            self.tell(partial(words.refused_strict, tuple(r for r, _ in faults)))
            self._refresh()
            return
        if game.mode is Mode.TEACHING and faults:
            self._pending = action
            self._refresh()
            self.warning.emit(TomWarning(action, faults))
            return
        self._play(action)

    def take_back(self) -> None:
        """After a warning: the move is not made; the learner chooses again."""
        if self._pending is None:
            return
        self._pending = None
        self.tell(words.took_back)
        self._refresh()

    def submit_call(self, tokens: tuple[CallToken, ...]) -> None:
        """The learner's xướng (T5.8, T7.5), its tokens in the order said."""
        if self.state == "call":
            self._play(TomAction(self.learner, Act.CALL, tokens=tokens))

    def _hint_player(self) -> Chooser[Decision]:
        """The computer player whose move is the hint (tom_hints.py)."""
        return make_player(HINT_LEVEL)

    def _set_hint(self, decision: Decision | None) -> None:
        self.hinted = decision.action if decision is not None else None
        self._hint_decision = decision
        text = hint_html(decision) if decision is not None else ""
        if text != self.hint:
            self.hint = text
            self.hint_changed.emit(text)

    def _reset_choice(self) -> None:
        self.chosen = []
        self.choice = None

    # ------------------------------------------------------------------ the view

    def observation(self) -> TomObservation | None:
        """The learner's observation (cached until the game changes)."""
        game = self.game
        if game is None:
            return None
        key = self._key()
        if key != self._obs_key or self._obs is None:
            self._obs = game.observation(self.learner)
            self._obs_key = key
        return self._obs

    def view(self) -> TomView | None:
        """The TomView of the current moment."""
        obs, game, session = self.observation(), self.game, self.session
        if obs is None or game is None or session is None:
            return None
        learner = self.state == "learner"
        phase = game.phase
        order = moves.hand_order(obs.hand)
        hovered = self.hovered
        selected: tuple[Card, ...] = tuple(self.chosen)
        if phase in _CARD_PHASES:
            selected = (self.cursor,) if self.cursor in obs.hand else ()
        elif learner and hovered is None and self.cursor in order:
            hovered = Hit(HitKind.HAND, index=order.index(self.cursor), tom=self.cursor)
        live = obs.live
        hinted = self.hinted if learner else None
        return TomView(
            players=obs.players, seat=self.learner, hand=obs.hand, hand_sizes=obs.hand_sizes,
            mats=tuple(tuple(moves.meld_of(m) for m in mat) for mat in obs.mats),
            cua=obs.cua, noc_left=obs.noc_left, noc_stop=obs.rules.noc_stop,
            cai_seat=obs.cai_seat, a=obs.a, b=obs.b, actor=obs.actor, doing=_doing(obs),
            live=None if live is None or game.is_over else Live(live.cua, live.card,
                                                                 live.final),
            hoi=self._hoi(), result=self._result(game),
            open_hands=tuple(game.hand_cards(s) for s in range(game.players))
            if game.is_over else None,
            names=self.names, lang=current(), selected=selected,
            highlighted=moves.eaters(self.moves()) if learner and phase is Phase.PLAY
            else frozenset(),
            hinted_key=hinted_command(hinted) if hinted is not None else None,
            hinted_cards=_hinted_cards(hinted), hovered=hovered,
            prompts=self.prompts(), message=self.message)

    def prompts(self) -> tuple[Prompt, ...]:
        """The buttons of the learner's decision, or after a game the way on."""
        game = self.game
        if game is None:
            return ()
        if self.state == "over":
            if self.hoi_over:
                return (Prompt("summary", label=words.button_label("summary"),
                               hint=key_hint("end_session"), primary=True),)
            return (Prompt("next_game", label=words.button_label("next_game"),
                           hint=key_hint("next_game"), primary=True),
                    Prompt("end_session", label=words.button_label("end_session"),
                           hint=key_hint("end_session")))
        if self.state != "learner":
            return ()
        cursor = self.cursor is not None and self.cursor in game.hand_cards(self.learner)
        return moves.prompts(game, self.learner, self.moves(), cursor)

    def _hoi(self) -> Hoi | None:
        """The scoreboard: the pool left (T8.1), each seat's result (T8.4) and debt (T6.6)."""
        s = self.session
        if s is None:
            return None
        return Hoi(game_no=self.game_no, pool=None if s.open_mode else amount(s.pool).lstrip("+"),
                   hoi_points=s.rules.hoi_points,
                   points=tuple(amount(s.standing(seat)) for seat in range(s.players)),
                   debts=tuple(s.debts))

    def _result(self, game: TomGame) -> TomResult | None:
        """At the end: the judged arrangement, the call as said, the verdict (T5.3, T6.1)."""
        if not game.is_over or game.settlement is None:
            return None
        s = game.settlement
        if s.winner is None:
            return TomResult(winner=-1)
        groups = arranged(s.arrangement) if s.arrangement is not None else ()
        return TomResult(winner=s.winner, groups=groups, w=s.card, call=say(s.call),
                         score=s.score if s.verdict.value == "paid" else None,
                         verdict=s.verdict.value)

    def _refresh(self) -> None:
        """Emit the view of the current moment (none while a move is being saved or could
        not be: the chiếu keeps the last saved one)."""
        if self.state in ("unsaved", "saving"):
            return
        view = self.view()
        if view is not None:
            self.view_changed.emit(view)

    def refresh(self) -> None:
        """Emit the current view and the hint again (after a language change)."""
        decision = self._hint_decision
        if decision is not None:
            self.hint = ""
            self._set_hint(decision)
        self._refresh()


def _doing(obs: TomObservation) -> str:
    """What the actor is deciding, as a labels key (desktop/chieu/labels.py)."""
    phase = obs.phase
    if phase in ("lay", "show"):
        return "tphase_opening"
    if phase == "claim":
        return "tphase_claim"
    if phase == "play" and obs.may_pass:
        return "phase_play_own"
    return f"phase_{phase}"


def _hinted_cards(action: TomAction | None) -> tuple[Card, ...]:
    """The hand cards of a hinted move, lit on the chiếu."""
    if action is None:
        return ()
    if action.act in (Act.DISCARD, Act.RETURN) and action.card is not None:
        return (action.card,)
    return action.cards if action.act is Act.EAT else ()

