"""Học's guided first game of Tổ tôm (issue 23): one fixed deal played from cho cái to the call.

The game is data (``content/first_game_to_tom.json``, made by ``tools/find_tom_first_game.py``):
a deal (FORMATS), the làng's rules and every seat's decision in the engine's text form, played
in teaching mode so that the T4.16 automations (laying the khàn, the copies of an eat, hạ trùng,
dậy khàn) replay the same in between. Seat ``learner`` is the learner's. Its steps: first the cho
cái count (T2.5: which pile, from the khe, is the cái's), then each of its decisions in the data.
Before a step the guide says what to do and why, citing its T ids (``Step.instruction``); a move is
checked (``TomFirstGame.try_move``): the right one is explained by the engine's computer player,
any other by what the engine says of it — the TN or TD it would record (the rulebook), that it is
not possible now, or how the computer values it — and not applied. The last step is the call
(T5.8, T7.5), judged by the engine's own settlement of the game.

The learner's place is kept as Chắn's is (lessons/first_game.py ``load_position`` /
``save_position``), in ``first_game_to_tom.json`` of the user data folder.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from engine.actions import Act
from engine.game import Mode, Phase
from engine.totom import REGISTRY, TomAction, make_player
from engine.totom import TomGame as Game
from lessons import tom_cho_cai
from lessons import tom_words as W
from lessons.item import LessonError, Text, join
from lessons.tom_engine import BadCall, BadRules, CallToken, Card, Deal, TomRules, say
from replays.paths import data_dir

CONTENT = Path(__file__).resolve().parent / "content" / "first_game_to_tom.json"
FORMAT = "chan-tutor-tom-first-game"
POSITION_FILE = "first_game_to_tom.json"
MAX_MOVES = 2000  # a game of 120 cards has a few hundred decisions at most
TITLE = Text("Ván tổ tôm đầu tiên", "Your first game of Tổ tôm")
# the rules each kind of move teaches (TOTOM T4, T5, T7)
TOPIC_RULES: dict[str, tuple[str, ...]] = {
    "cho_cai": ("T2.5",), "opening": ("T4.3", "T4.11"), "discard": ("T4.5", "T4.11"),
    "eat": ("T4.5", "T4.6"), "draw": ("T4.5",), "pass": ("T4.5",), "phong": ("T4.7",),
    "return": ("T4.9",), "decline": ("T4.4", "T4.14"), "win": ("T5.1", "T5.2"),
    "call": ("T5.8", "T7.5"), "day_khan": ("T4.8",),
}
_TOPIC = {Act.DISCARD: "discard", Act.EAT: "eat", Act.DRAW: "draw", Act.PASS: "pass",
          Act.PHONG: "phong", Act.RETURN: "return", Act.DECLINE: "decline", Act.WIN: "win",
          Act.CALL: "call", Act.DAY_KHAN: "day_khan"}


def move_words(a: TomAction) -> Text:
    """A move in words, as the guide names it: "ăn Tứ văn bằng Tam văn, Ngũ văn"."""
    card = W.card(a.card) if a.card is not None else None
    if a.act is Act.DISCARD and card is not None:
        return Text(f"đánh {card.vi}", f"discard {card.en}")
    if a.act is Act.RETURN and card is not None:
        return Text(f"trả cửa {card.vi}", f"trả cửa (return) {card.en}")
    if a.act is Act.EAT:
        cards = W.cards(a.cards)
        return Text(f"ăn bằng {cards.vi}", f"eat with {cards.en}") if a.cards else \
            Text("ăn quân yêu", "eat the yêu")
    if a.act is Act.CALL:
        return Text(f"xướng «{say(a.tokens)}»", f"call «{say(a.tokens)}»")
    vi, en = {Act.DRAW: ("bốc", "draw"), Act.PASS: ("dưới", "dưới (pass)"),
              Act.PHONG: ("phỗng", "phỗng"), Act.DECLINE: ("bỏ qua", "let it pass"),
              Act.WIN: ("ù", "ù (win)"), Act.DAY_KHAN: ("dậy khàn", "dậy khàn")}.get(
        a.act, (str(a), str(a)))
    return Text(vi, en)


@dataclass(frozen=True, slots=True)
class Step:
    """One decision of the learner: ``kind`` "cho_cai" (``pile`` is the answer) or "move"
    (``expected`` the move, ``move`` its index in the data's moves); ``topic`` what it teaches
    (TOPIC_RULES); ``instruction`` what the guide says before it."""

    number: int
    kind: str
    topic: str
    instruction: Text
    rules: tuple[str, ...]
    expected: TomAction | None = None
    move: int = 0
    pile: int | None = None


@dataclass(frozen=True, slots=True)
class Answer:
    """What the guide says to an answer: whether it is the step's, and why (with rule ids)."""

    right: bool
    text: Text
    rules: tuple[str, ...] = ()


class TomFirstGame:
    """The guided game: its deal, rules, moves and the learner's steps."""

    def __init__(self, deal: Deal, rules: TomRules, moves: tuple[TomAction, ...],
                 learner: int = 0, seed: int = 0) -> None:
        self.deal = deal
        self.rules = rules
        self.moves = moves
        self.learner = learner
        self.seed = seed  # the computer player's seed for the learner's seat: seed × 10 + seat
        self.digest = hashlib.sha256(json.dumps(
            [deal.to_json(), rules.to_json(), [str(a) for a in moves]]).encode()
        ).hexdigest()[:16]
        self.steps = self._make_steps()

    @classmethod
    def from_json(cls, data: object) -> TomFirstGame:
        """Read the data file's document; LessonError says what is wrong."""
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise LessonError(f"not a {FORMAT} document", f"không phải tài liệu {FORMAT}")
        try:
            rules = TomRules.from_json(data["rules"])
            deal = Deal.from_json(data["deal"], rules)
            raw = data["moves"]
            if not isinstance(raw, list) or len(raw) > MAX_MOVES:
                raise ValueError(f"'moves' must be a list of at most {MAX_MOVES} moves")
            moves = tuple(TomAction.parse(str(t)) for t in raw)
            learner, seed = data.get("learner", 0), data.get("seed", 0)
            if not isinstance(learner, int) or not isinstance(seed, int) \
                    or not 0 <= learner < rules.players:
                raise ValueError("'learner' must be a seat and 'seed' a whole number")
            return cls(deal, rules, moves, learner, seed)
        except LessonError:
            raise
        except (KeyError, TypeError, ValueError, BadRules, RecursionError) as e:
            raise LessonError(f"the first game of Tổ tôm's data is damaged: {e}",
                              f"dữ liệu của ván tổ tôm đầu tiên bị hỏng: {e}") from None

    def new_game(self) -> Game:
        """The game at its start, in teaching mode (its automations on, T4.16)."""
        return Game(self.deal, self.rules, Mode.TEACHING)

    def game_before(self, step: Step) -> Game:
        """The game as the learner sees it when the step is asked."""
        game = self.new_game()
        for a in self.moves[:step.move]:
            game.apply(a)
        return game

    def final_game(self) -> Game:
        """The game played to its end."""
        game = self.new_game()
        for a in self.moves:
            game.apply(a)
        return game

    def since_previous(self, step: Step) -> int:
        """The index of the first move after the learner's previous one."""
        start = 0
        for s in self.steps:
            if s.number < step.number and s.kind == "move":
                start = s.move + 1
        return start

    # ------------------------------------------------------------------ the steps

    def _make_steps(self) -> list[Step]:
        steps = [self._cho_cai_step()]
        game = self.new_game()
        for i, a in enumerate(self.moves):
            if game.actor != a.seat:
                raise LessonError(f"move {i} ({a}) is not seat {a.seat}'s decision",
                                  f"nước {i} ({a}) không đến lượt ghế {a.seat}")
            if a.seat == self.learner:
                steps.append(self._move_step(len(steps), i, a, game))
            try:
                game.apply(a)
            except ValueError as e:  # the engine's refusal: the data is not a game
                raise LessonError(f"move {i} ({a}) is refused: {e}",
                                  f"nước {i} ({a}) không hợp lệ: {e}") from None
        outcome = game.outcome
        if not game.is_over or outcome is None or outcome.winner != self.learner:
            raise LessonError("the first game's moves do not reach the learner's ù",
                              "các nước của ván đầu tiên không đi đến ván người học ù")
        return steps

    def cho_cai_position(self) -> dict[str, Any]:
        """The cho cái as lessons.tom_cho_cai asks it (T2.5)."""
        if self.deal.a is None or self.deal.b is None:
            raise LessonError("the first game needs the cards A and B of cho cái",
                              "ván đầu tiên cần hai quân A và B của cho cái")
        return {"players": self.rules.players, "cai_mod": self.rules.cai_mod,
                "a": self.deal.a.code, "b": self.deal.b.code}

    def _cho_cai_step(self) -> Step:
        pos = self.cho_cai_position()
        pile = tom_cho_cai.solve("pile", pos)["pile"]
        a, b = W.card(pos["a"]), W.card(pos["b"])
        p = self.rules.players
        text = Text(f"Bạn ngồi ghế {self.learner}, các ghế đánh số từ 0 theo chiều chơi. Chia "
                    f"xong {p + 1} phần bài, người cho cái lấy A = {a.vi} ở nọc đặt vào khe, lật "
                    f"B = {b.vi}. Cộng hai quân, chia cho {p}, đếm từ khe theo chiều chơi (phần "
                    f"sát khe là 1): phần thứ mấy là phần cái? Gõ số 1–{p}.",
                    f"You sit at seat {self.learner}; seats are numbered from 0 in play order. "
                    f"The {p + 1} piles are laid; the dealer shows A = {a.en} from the nọc, lays "
                    f"it in a khe, and turns up B = {b.en}. Add the two, divide by {p}, count "
                    f"from the khe in play order (the pile next to it is 1): which pile is the "
                    f"cái's? Type 1–{p}.")
        return Step(0, "cho_cai", "cho_cai", text, TOPIC_RULES["cho_cai"], pile=pile)

    def _move_step(self, number: int, index: int, a: TomAction, game: Game) -> Step:
        topic = "opening" if a.act is Act.DISCARD and game.phase is Phase.OPENING else \
            _TOPIC.get(a.act, "discard")
        rules = TOPIC_RULES.get(topic, ())
        what = move_words(a)
        live = game.live
        x = W.card(live.card) if live is not None else None
        ids = ", ".join(rules)
        if topic == "opening":
            head = Text("Bạn là cái, cầm 21 quân: khàn đã tự úp xuống chiếu. Cái đánh trước "
                        "vào cửa dưới của mình — không bao giờ đánh quân yêu.",
                        "You are the cái, with 21 cards: your khàn were laid face down for "
                        "you. The cái plays first, into its cửa dưới — never a yêu.")
        elif topic == "phong" and x is not None:
            head = Text(f"{x.vi} vừa ra và bạn có đôi quân ấy: được phỗng, dù chưa đến lượt.",
                        f"{x.en} has just come out and you hold a pair of it: you may phỗng "
                        f"it, out of turn.")
        elif topic == "return":
            head = Text("Phỗng ngoài lượt thì phải trả cửa: đánh một quân vào cửa của người "
                        "vừa bị lấy lượt.",
                        "A phỗng out of turn is followed by trả cửa: give a card back into the "
                        "cửa of the player whose turn you took.")
        elif topic == "eat" and x is not None:
            head = Text(f"{x.vi} nằm ở cửa trên của bạn và ghép được với bài trên tay thành phu.",
                        f"{x.en} lies in your cửa trên and makes a phu with cards in your hand.")
        elif topic == "draw":
            head = Text("Quân ở cửa trên không ghép được gì có lợi: bốc một quân từ nọc.",
                        "The card in your cửa trên makes nothing useful: draw from the nọc.")
        elif topic == "pass":
            head = Text(f"Quân bạn vừa bốc ({x.vi if x else ''}) không ăn được: nói dưới.",
                        f"The card you drew ({x.en if x else ''}) is of no use: say dưới.")
        elif topic == "win" and x is not None:
            head = Text(f"{x.vi} vừa lên và bài bạn đang chờ nó: ù ngay — ù được ưu tiên nhất.",
                        f"{x.en} has come up and your hand waits on it: ù at once — ù comes "
                        f"before every other claim.")
        elif topic == "call":
            head = Text("Ù rồi phải xướng: dậy khàn (lật khàn còn úp) trước, rồi các cước theo "
                        "đúng thứ tự.",
                        "After ù comes the call: turn up your face-down khàn first, then the "
                        "cước in the canonical order.")
        else:
            head = Text("Ăn xong phải đánh một quân vào cửa dưới của mình.",
                        "After eating you discard one card into your cửa dưới.")
        text = join([head, Text(f"Hãy {what.vi} ({ids}).", f"{_cap(what.en)} ({ids}).")])
        return Step(number, "move", topic, text, rules, a, index)

    # ------------------------------------------------------------------ answers

    def try_pile(self, step: Step, pile: int) -> Answer:
        """The learner's count of the cho cái (T2.5)."""
        pos = self.cho_cai_position()
        ans = tom_cho_cai.solve("pile", pos)
        why = tom_cho_cai.counting(pos, ans)
        if pile == step.pile:
            return Answer(True, Text("Đúng.", "Right.") + why + Text(
                f"Phần ấy về ghế {self.deal.cai_seat}: bạn là cái, đánh trước.",
                f"That pile goes to seat {self.deal.cai_seat}: you are the cái and play "
                f"first."), step.rules)
        return Answer(False, Text(f"Chưa đúng: không phải phần {pile}.",
                                  f"Not quite: not pile {pile}.") + why, step.rules)

    def try_move(self, step: Step, action: TomAction) -> Answer:
        """A move on a move step: the right one explained, any other said why not (and not
        applied)."""
        assert step.expected is not None
        game = self.game_before(step)
        if step.topic == "call":
            return self.try_call(step, action.tokens)
        if str(action) == str(step.expected):
            return Answer(True, self._after(game, step), step.rules)
        return self._wrong(game, step, action)

    def try_call(self, step: Step, tokens: tuple[CallToken, ...]) -> Answer:
        """The call (T5.8, T7.5): judged by the engine's settlement of the game with it."""
        game = self.game_before(step)
        true = game.true_tokens()
        after = game.copy()
        after.apply(TomAction(self.learner, Act.CALL, tokens=tuple(tokens)))
        settled = after.settlement
        assert settled is not None
        said = say(tokens) if tokens else "—"
        if settled.verdict.value == "paid" and settled.score == settled.true_score \
                and not settled.offences:
            return Answer(True, Text(
                f"Đúng: «{say(true)}». Ván kết thúc, bạn ù được {settled.score} điểm.",
                f"Right: «{say(true)}». The game is over: your ù is worth {settled.score} "
                f"điểm."), step.rules)
        faults = [REGISTRY.explanation(v.rule, str(v.card)) for v in settled.offences]
        parts = [Text(f"Lời xướng «{said}» chưa đúng.", f"The call «{said}» is not right.")]
        parts += [Text(f"{e.rule}: {e.vi}", f"{e.rule}: {e.en}") for e in faults]
        if not faults and settled.score < settled.true_score:
            parts.append(Text(f"Chỉ được tính {settled.score} điểm thay vì {settled.true_score}: "
                              f"xướng thiếu hoặc sai thứ tự (T7.6).",
                              f"It is worth {settled.score} điểm instead of "
                              f"{settled.true_score}: a cước left out or out of order (T7.6)."))
        parts.append(Text(f"Cần xướng: «{say(true)}». Xướng lại.",
                          f"The call is: «{say(true)}». Call again."))
        return Answer(False, join(parts), (*step.rules, *(e.rule for e in faults)))

    def read_call(self, text: str) -> tuple[CallToken, ...]:
        """Call tokens from their text (``"khan:7v leo"``); LessonError when unreadable."""
        try:
            return tuple(CallToken.parse(t) for t in text.split())
        except BadCall as e:
            raise LessonError(str(e), e.vi or str(e)) from None

    def _after(self, game: Game, step: Step) -> Text:
        """The computer player's reason for the move, and the rules."""
        assert step.expected is not None
        head = Text(f"Đúng: {move_words(step.expected).vi}.",
                    f"Right: {move_words(step.expected).en}.")
        if step.expected.act in (Act.CALL, Act.WIN):
            return head
        player = make_player("normal", self.seed * 10 + self.learner)
        decision = player.choose(game.observation(self.learner))
        if str(decision.action) == str(step.expected):
            head = head + Text(f"Máy giải thích: {decision.reason.vi}",
                               f"The computer's reason: {decision.reason.en}")
        return head

    def _wrong(self, game: Game, step: Step, action: TomAction) -> Answer:
        """Why ``action`` is not the step's move (it is taken back)."""
        assert step.expected is not None
        want = move_words(step.expected)
        redo = Text(f"Nước đó được lấy lại: hãy {want.vi}.",
                    f"That move is taken back: {want.en} instead.")
        tried = move_words(action)
        if action not in game.legal_actions():
            return Answer(False, Text(f"Bây giờ không {tried.vi} được.",
                                      f"You cannot {tried.en} now.") + redo, step.rules)
        said = game.explain(action)
        if said:
            rules = tuple(e.rule for e in said)
            return Answer(False, join([Text(f"Nước {tried.vi} phạm lỗi:",
                                            f"{_cap(tried.en)} breaks a rule:"),
                                       *(Text(f"{e.rule} — {e.vi}", f"{e.rule} — {e.en}")
                                         for e in said), redo]), rules)
        return Answer(False, Text(f"Nước {tried.vi} không phạm luật, nhưng không phải nước "
                                  f"của ván hướng dẫn.",
                                  f"{_cap(tried.en)} breaks no rule, but it is not the guided "
                                  f"game's move.") + redo, step.rules)


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def load(path: Path = CONTENT) -> TomFirstGame:
    """The guided game of a data file (LessonError when it cannot be read or used)."""
    try:
        data: Any = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError, RecursionError) as e:
        raise LessonError(f"cannot read {path.name}: {e}",
                          f"không đọc được {path.name}: {e}") from None
    return TomFirstGame.from_json(data)


@cache
def tom_first_game() -> TomFirstGame:
    """The guided game of the content file."""
    return load(CONTENT)


def position_path(folder: Path | None = None) -> Path:
    """``first_game_to_tom.json`` in the user data folder (or `folder`)."""
    return data_dir(folder) / POSITION_FILE


__all__ = ["TITLE", "Answer", "Card", "Step", "TomFirstGame", "load", "move_words",
           "position_path", "tom_first_game"]
