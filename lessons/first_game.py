"""Học's guided first game (issue 16): one fixed deal played from bốc cái to the xướng.

The game is data (``content/first_game.json``, made by ``tools/find_first_game.py``): a deal in
the FORMATS piles form and every move of the game in the engine's text form, declines included,
so it replays through the engine to the same positions each time. Seat ``learner`` is the
learner's; the other seats' moves are fixed by the data. The learner's decisions are the steps:
first who receives the cái (R2.6), then each of its moves in the data. Before a step the guide
says what to do (``Step.instruction``); a move is checked against the data (``FirstGame.try_*``):
the right one is applied and explained by the engine's computer player (engine.chan.ai.reasons), any
other is explained — its lỗi (the rulebook), why it is not possible now, or how the computer
values it — and not applied. Every sentence is made from engine facts, in both languages, and
names the cards it speaks of in ``Step.mentions`` so that a test can check them against the
position the step is shown in.

Where the learner is, is kept in ``first_game.json`` in the user data folder
(``load_position`` / ``save_position``): the step to continue from after a restart.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, Protocol

from engine.actions import Act, Action
from engine.chan import CHAN, NAME_EN, NAME_VI, Card, Deal, cai_recipient, judge
from engine.chan import ChanGame as Game
from engine.chan import render_call as render
from engine.chan.ai import NormalPlayer
from engine.chan.ai import explain_move as reason_of
from engine.events import Origin
from engine.game import Mode, Phase
from lessons.item import LessonError, Text
from replays.errors import BadFile
from replays.files import DAMAGED_SUFFIX, checked_size, replace_regular
from replays.paths import data_dir
from replays.readonly import is_regular

CONTENT = Path(__file__).resolve().parent / "content" / "first_game.json"
FORMAT = "chan-tutor-first-game"
POSITION_FILE = "first_game.json"
POSITION_FORMAT = "chan-tutor-first-game-position"
MAX_POSITION_BYTES = 64 * 1024  # a few dozen bytes are ours; a larger file is not
TITLE = Text("Ván đầu tiên", "Your first game")
SUMMARY = Text("Chơi trọn một ván có hướng dẫn: bốc cái, ăn, bốc, chíu và trả cửa, chờ ù, ù "
               "và xướng.",
               "Play a whole game with a guide: bốc cái, eating, drawing, a chíu and its trả "
               "cửa, a wait, ù and the call.")


# ---------------------------------------------------------------------------- words


def card_vi(card: Card) -> str:
    """"Tam sách": a card as the faces name it."""
    return card.name_vi


def card_en(card: Card) -> str:
    """"Tam sách (3s)": the name on the faces and the code (R1.3)."""
    return f"{card.name_vi} ({card.code})"


def seat_vi(seat: int, learner: int) -> str:
    """"bạn" or "ghế 2" (seats are numbered from 0, R2.1)."""
    return "bạn" if seat == learner else f"ghế {seat}"


def seat_en(seat: int, learner: int) -> str:
    """"you" or "seat 2"."""
    return "you" if seat == learner else f"seat {seat}"


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def call_en(call: tuple[tuple[str, int], ...]) -> str:
    """A call as spoken (R8.6) with each cước's English gloss."""
    return ", ".join(f"{NAME_VI[cid]}{'' if n == 1 else f' ×{n}'}"
                     + ("" if NAME_EN[cid] == NAME_VI[cid] else f" ({NAME_EN[cid]})")
                     for cid, n in call)


def action_words(a: Action, game: Game) -> Text:
    """A move in words, as the guide names it: "ăn Tam sách bằng Tam vạn"."""
    c = a.card
    live = game.live.card if game.live is not None else None
    if a.act is Act.DISCARD and c is not None:
        return Text(f"đánh {card_vi(c)}", f"discard {card_en(c)}")
    if a.act is Act.RETURN and c is not None:
        return Text(f"trả cửa {card_vi(c)}", f"trả cửa (return) {card_en(c)}")
    if a.act is Act.EAT and c is not None and live is not None:
        return Text(f"ăn {card_vi(live)} bằng {card_vi(c)}",
                    f"eat {card_en(live)} with {card_en(c)}")
    if a.act is Act.EAT and c is not None:
        return Text(f"ăn bằng {card_vi(c)}", f"eat with {card_en(c)}")
    words = {Act.DRAW: ("bốc", "draw"), Act.PASS: ("dưới", "dưới (pass)"),
             Act.CHIU: ("chíu", "chíu"), Act.DECLINE: ("bỏ qua", "let it pass"),
             Act.WIN: ("ù", "ù (win)"), Act.CALL: ("xướng", "call")}
    vi, en = words.get(a.act, (str(a), str(a)))
    return Text(vi, en)


# ---------------------------------------------------------------------------- steps


@dataclass(frozen=True, slots=True)
class Mention:
    """A card an instruction names, and where it says the card is.

    ``place``: ``"cai"`` the quân cái; ``"hand"`` in the learner's hand (``count`` copies at
    least); ``"live"`` the live card, on top of cửa ``cua``.
    """

    card: Card
    place: str
    cua: int | None = None
    count: int = 1


@dataclass(frozen=True, slots=True)
class Step:
    """One decision of the learner.

    ``kind`` is ``"boc_cai"`` (who receives the cái: ``seat`` is the answer) or ``"move"``
    (``expected`` is the move, ``move`` its index in the game's moves). ``topic`` names what the
    step teaches: boc_cai, opening, eat, discard, wait, draw, pass, chiu, return, win, call.
    """

    number: int
    kind: str
    topic: str
    instruction: Text
    mentions: tuple[Mention, ...]
    expected: Action | None = None
    move: int = 0
    seat: int | None = None


@dataclass(frozen=True, slots=True)
class Answer:
    """What the guide says to an answer: whether it is the step's, and why."""

    right: bool
    text: Text
    rules: tuple[str, ...] = ()


class FirstGame:
    """The guided game: its deal, its moves and the learner's steps."""

    def __init__(self, deal: Deal, moves: tuple[Action, ...], learner: int = 0) -> None:
        self.deal = deal
        self.moves = moves
        self.learner = learner
        self.digest = hashlib.sha256(json.dumps(
            [deal.to_json(), [str(a) for a in moves]]).encode()).hexdigest()[:16]
        self.steps = self._make_steps()

    @classmethod
    def from_json(cls, data: object) -> FirstGame:
        """Read the data file's document; LessonError says what is wrong."""
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise LessonError(f"not a {FORMAT} document", f"không phải tài liệu {FORMAT}")
        try:
            deal = Deal.from_json(data["deal"])
            moves = tuple(Action.parse(t) for t in data["moves"])
            learner = int(data.get("learner", 0))
            return cls(deal, moves, learner)
        except LessonError:
            raise
        except (KeyError, TypeError, ValueError) as e:  # engine errors are ValueErrors too
            raise LessonError(f"the first game's data is damaged: {e}",
                              f"dữ liệu của ván đầu tiên bị hỏng: {e}") from None

    def new_game(self) -> Game:
        """The game at its start (R4.1)."""
        return Game(self.deal, mode=Mode.REAL)

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
        """The index of the first move after the learner's previous one: the other seats'
        moves from there to ``step`` are what the guide tells before it."""
        start = 0
        for s in self.steps:
            if s.number < step.number and s.kind == "move":
                start = s.move + 1
        return start

    # ------------------------------------------------------------------ the steps

    def _make_steps(self) -> list[Step]:
        steps = [self._boc_cai_step()]
        game = self.new_game()
        waited = False
        for i, a in enumerate(self.moves):
            if a.seat == self.learner:
                if game.actor != self.learner:
                    raise LessonError(f"move {i} ({a}) is not the learner's decision",
                                      f"nước {i} ({a}) không đến lượt người học")
                step = self._move_step(len(steps), i, a, game, waited)
                steps.append(step)
                waited = waited or step.topic == "wait"
            game.apply(a)
        if not game.is_over:
            raise LessonError("the first game's moves do not reach the end of the game",
                              "các nước của ván đầu tiên chưa đi đến hết ván")
        return steps

    def _boc_cai_step(self) -> Step:
        deal = self.deal
        cai, picker = deal.cai_card, deal.picker
        if cai is None or picker is None:
            raise LessonError("the first game needs a quân cái and a picker (piles form)",
                              "ván đầu tiên cần quân cái và người bốc cái (dạng phần bài)")
        n = cai.rank
        me = self.learner  # said first: the count below goes by seat numbers (issue 20)
        text = Text(
            f"Bạn ngồi ghế {me}; các ghế đánh số từ 0 theo chiều chơi. "
            f"Ghế {picker} bốc cái: quân cái lật lên là {card_vi(cai)}, số {n}. Đếm người bốc "
            f"là 1 rồi đi theo chiều chơi (ghế số lớn hơn kế tiếp), đến số {n}: ai được phần "
            f"cái (20 quân, đánh trước)? Bấm số ghế 0–3 hoặc nút ghế trên chiếu.",
            f"You sit at seat {me}; the seats are numbered from 0 in play order. "
            f"Seat {picker} is the picker: the quân cái turned up is {card_en(cai)}, number {n}. "
            f"Count the picker as 1 and go round in play order (to the next higher seat) up to "
            f"{n}: who receives the cái pile (20 cards, plays first)? Press the seat number 0–3 "
            f"or its button on the chiếu.")
        return Step(0, "boc_cai", "boc_cai", text, (Mention(cai, "cai"),),
                    seat=cai_recipient(picker, cai, deal.players))

    def _move_step(self, number: int, index: int, a: Action, game: Game,
                   waited: bool) -> Step:
        me = self.learner
        live = game.live
        keys = _KEYS
        c = a.card
        if a.act is Act.DISCARD and c is not None:
            after = game.copy()
            after.apply(a)
            waits = after.waits(me)
            hand = (Mention(c, "hand"),)
            if game.phase is Phase.OPENING:
                text = Text(f"Bạn được cái nên đánh trước. Đánh {card_vi(c)}.",
                            f"You received the cái, so you play first. Discard {card_en(c)}.")
                return Step(number, "move", "opening", text + keys["discard"], hand, a, index)
            if waits and not waited:
                wv = ", ".join(card_vi(w) for w in waits)
                we = ", ".join(card_en(w) for w in waits)
                text = Text(f"Ăn xong phải đánh một quân. Đánh {card_vi(c)}: bài còn lại sẽ chờ "
                            f"ù (chờ {wv}) — chỉ thiếu một quân là đủ mười đôi.",
                            f"After eating you must discard. Discard {card_en(c)}: the hand "
                            f"then waits (chờ ù) on {we} — one card short of ten pairs.")
                return Step(number, "move", "wait", text + keys["discard"], hand, a, index)
            text = Text(f"Ăn xong phải đánh một quân vào cửa của mình. Đánh {card_vi(c)}.",
                        f"After eating you must discard into your own cửa. "
                        f"Discard {card_en(c)}.")
            return Step(number, "move", "discard", text + keys["discard"], hand, a, index)
        assert live is not None
        x = live.card
        where = Mention(x, "live", live.cua)
        by = live.by
        if a.act is Act.EAT and c is not None:
            kind = Text("chắn", "chắn") if c == x else Text("cạ", "cạ")
            if live.origin is Origin.DRAW and live.by == me:
                head = Text(f"Bạn vừa bốc {card_vi(x)}: quân này ghép được với bài trên tay.",
                            f"You just drew {card_en(x)}: it pairs with a card in your hand.")
            else:
                head = Text(f"{_cap(seat_vi(by, me))} đánh {card_vi(x)} vào cửa trên của bạn: "
                            f"bạn được ăn nó.",
                            f"{_cap(seat_en(by, me))} discarded {card_en(x)} into your cửa "
                            f"trên: you may eat it.")
            text = head + Text(f"Ăn {card_vi(x)} bằng {card_vi(c)} thành một {kind.vi}.",
                               f"Eat {card_en(x)} with {card_en(c)}, making a {kind.en}.")
            return Step(number, "move", "eat", text + keys["eat"],
                        (where, Mention(c, "hand")), a, index)
        if a.act is Act.DRAW:
            eats = [m for m in game.moves() if m.act is Act.EAT]
            if not eats:
                why = Text(f"{card_vi(x)} ở cửa trên không ghép được với quân nào trên tay.",
                           f"{card_en(x)} in your cửa trên pairs with nothing in your hand.")
            elif all(game.faults_of(m) for m in eats):
                rules = ", ".join(sorted({v.rule for m in eats for v in game.faults_of(m)},
                                         key=CHAN.registry.key))
                why = Text(f"Ăn {card_vi(x)} ở cửa trên sẽ phạm lỗi ({rules}).",
                           f"Eating {card_en(x)} in your cửa trên would break a rule ({rules}).")
            else:
                why = Text(f"Ăn {card_vi(x)} ở cửa trên không có lợi cho bài.",
                           f"Eating {card_en(x)} in your cửa trên does not help your hand.")
            text = why + Text("Không ăn thì bốc một quân từ nọc.",
                              "Not eating, you draw a card from the nọc.")
            return Step(number, "move", "draw", text + keys["draw"], (where,), a, index)
        if a.act is Act.PASS:
            eats = [m for m in game.moves() if m.act is Act.EAT]
            why = (Text(f"Bạn vừa bốc {card_vi(x)}: không ghép được với quân nào trên tay.",
                        f"You drew {card_en(x)}: it pairs with nothing in your hand.")
                   if not eats else
                   Text(f"Bạn vừa bốc {card_vi(x)}: ăn nó không có lợi cho bài.",
                        f"You drew {card_en(x)}: eating it does not help your hand."))
            text = why + Text("Nói dưới: để quân đó cho nhà dưới.",
                              "Say dưới: leave it to the next player.")
            return Step(number, "move", "pass", text + keys["pass"], (where,), a, index)
        if a.act is Act.CHIU:
            text = Text(f"{_cap(seat_vi(by, me))} đánh {card_vi(x)}, mà bạn có ba quân "
                        f"{card_vi(x)} trên tay: chíu! Cả bốn quân thành một chíu trên chiếu, "
                        f"tính là hai chắn, và không đến lượt ai thay đổi.",
                        f"{_cap(seat_en(by, me))} discarded {card_en(x)} and you hold three "
                        f"{card_en(x)}: chíu! The four cards lie on your mat as one chíu, "
                        f"counted as two chắn, and the turn order does not change.")
            return Step(number, "move", "chiu", text + keys["chiu"],
                        (where, Mention(x, "hand", count=3)), a, index)
        if a.act is Act.RETURN and c is not None:
            text = Text(f"Chíu xong phải trả cửa: đánh một quân vào đúng chỗ quân vừa chíu "
                        f"(cửa của ghế {live.cua}). Trả {card_vi(c)}.",
                        f"After a chíu comes trả cửa: discard a card into the place of the "
                        f"card you chíu'd (seat {live.cua}'s cửa). Return {card_en(c)}.")
            return Step(number, "move", "return", text + keys["discard"],
                        (Mention(c, "hand"),), a, index)
        if a.act is Act.WIN:
            waits = game.waits(me)
            wv = ", ".join(card_vi(w) for w in waits)
            we = ", ".join(card_en(w) for w in waits)
            who_vi = "Bạn" if by == me else _cap(seat_vi(by, me))
            who_en = "You" if by == me else _cap(seat_en(by, me))
            text = Text(f"{who_vi} bốc được {card_vi(x)} từ nọc, và bài bạn đang chờ {wv}: "
                        f"đủ mười đôi, ít nhất sáu chắn. Ù!",
                        f"{who_en} drew {card_en(x)} from the nọc, and your hand waits on "
                        f"{we}: ten pairs with at least six chắn. Ù!")
            return Step(number, "move", "win", text + keys["win"], (where,), a, index)
        if a.act is Act.CALL:
            text = Text(f"Bạn ù {card_vi(x)}. Giờ xướng cước, theo đúng thứ tự: "
                        f"«{render(a.cuoc)}». Bấm "
                        f"Xướng (Enter): chọn từng cước trong danh sách (↑/↓), Enter để thêm, "
                        f"Ctrl+Enter để xướng.",
                        f"You won on {card_en(x)}. Now call your cước, in the right order: "
                        f"«{call_en(a.cuoc)}». Press Call (Enter): pick each cước in the list "
                        f"(↑/↓), Enter adds it, Ctrl+Enter calls.")
            return Step(number, "move", "call", text, (where,), a, index)
        raise LessonError(f"move {index} ({a}) is not a move the guide can teach",
                          f"nước {index} ({a}) không có trong bài hướng dẫn")

    # ------------------------------------------------------------------ answers

    def try_seat(self, step: Step, seat: int) -> Answer:
        """The learner says who receives the cái (R2.6)."""
        deal = self.deal
        cai, picker = deal.cai_card, deal.picker
        assert cai is not None and picker is not None and step.seat is not None
        n, players = cai.rank, deal.players
        count = ", ".join(f"{(picker + i) % players}→{i + 1}" for i in range(n))
        if seat == step.seat:
            return Answer(True, Text(
                f"Đúng: đếm ghế {count}. Số {n} rơi vào ghế {seat}: ghế {seat} được phần cái "
                f"— đó là bạn. Quân cái {card_vi(cai)} nằm trong bài bạn, ai cũng đã thấy nó.",
                f"Right: counting seat {count}. Number {n} lands on seat {seat}: seat {seat} "
                f"receives the cái pile — that is you. The quân cái {card_en(cai)} is in your "
                f"hand, and everyone has seen it."), ("R2.6",))
        return Answer(False, Text(
            f"Chưa đúng: ghế {seat} không được cái. Đếm lại từ người bốc (ghế {picker} là 1) "
            f"theo chiều chơi: {count}.",
            f"Not quite: seat {seat} does not receive the cái. Count again from the picker "
            f"(seat {picker} is 1) in play order: {count}."), ("R2.6",))

    def try_move(self, step: Step, action: Action) -> Answer:
        """A move on a move step: the right one is explained by the computer player; any
        other by what is wrong with it, and it is not applied."""
        assert step.expected is not None
        game = self.game_before(step)
        if action == step.expected:
            return Answer(True, self._after(game, action))
        return Answer(False, *self._wrong(game, step, action))

    def try_call(self, step: Step, call: tuple[tuple[str, int], ...]) -> Answer:
        """The xướng (R8): right when it is the true call in the canonical order."""
        game = self.game_before(step)
        true = game.true_call()
        if tuple(call) == true:
            after = game.copy()
            after.apply(Action(self.learner, Act.CALL, None, tuple(call)))
            paid = after.settlement
            text = Text(f"Xướng đúng: «{render(true)}». Ván kết thúc, bạn thắng.",
                        f"The call is right: «{call_en(true)}». The game is over and you won.")
            if paid is not None and paid.score:
                text = text + Text(f"Mỗi nhà trả bạn {paid.score} điểm.",
                                   f"Each other player pays you {paid.score} điểm.")
            return Answer(True, text, ("R8.1",))
        verdict = judge(true, call)
        parts_vi: list[str] = []
        parts_en: list[str] = []
        if verdict.wrong:
            wrong = tuple((f.cuoc, f.count) for f in verdict.wrong)
            parts_vi.append(f"xướng cước không có: {render(wrong)}")
            parts_en.append(f"it calls cước the hand does not have: {call_en(wrong)}")
        if verdict.missing:
            parts_vi.append(f"còn thiếu: {render(verdict.missing)}")
            parts_en.append(f"it leaves out: {call_en(verdict.missing)}")
        if not parts_vi:
            parts_vi.append("sai thứ tự")
            parts_en.append("the order is wrong")
        return Answer(False, Text(
            f"Lời xướng «{render(call) if call else '—'}» chưa đúng: {'; '.join(parts_vi)}. "
            f"Cần xướng: «{render(true)}». Xướng lại.",
            f"The call «{render(call) if call else '—'}» is not right: {'; '.join(parts_en)}. "
            f"Call: «{call_en(true)}». Call again."), ("R8.2", "R8.3", "R8.5"))

    def _after(self, game: Game, action: Action) -> Text:
        """The computer player's reason for the move (engine.chan.ai.reasons), and what follows."""
        me = self.learner
        head = Text(f"Đúng: {action_words(action, game).vi}.",
                    f"Right: {action_words(action, game).en}.")
        if action.act is Act.CALL:
            return head
        obs = game.observation(me)
        player = NormalPlayer()
        s, scored = player.scored(obs)
        chosen = next((x for x in scored if x.action == action), None)
        if chosen is not None:
            r = reason_of(s, chosen, scored)
            head = head + Text(f"Máy giải thích: {r.vi}.", f"The computer's reason: {r.en}.")
        after = game.copy()
        after.apply(action)
        if action.act in (Act.DISCARD, Act.RETURN) and after.waits(me):
            waits = after.waits(me)
            head = head + Text(
                f"Bài bạn đang chờ ù: {', '.join(card_vi(w) for w in waits)}.",
                f"Your hand is waiting (chờ ù) on {', '.join(card_en(w) for w in waits)}.")
        return head

    def _wrong(self, game: Game, step: Step, action: Action) -> tuple[Text, tuple[str, ...]]:
        """Why `action` is not the step's move (it is taken back)."""
        assert step.expected is not None
        me = self.learner
        want = action_words(step.expected, game)
        redo = Text(f"Nước đó đã được lấy lại: hãy {want.vi}.",
                    f"That move is taken back: {want.en} instead.")
        if action not in game.moves():
            tried, phase = action_words(action, game), _phase_words(game)
            return Text(f"Bây giờ không {tried.vi} được: {phase.vi}.",
                        f"You cannot {tried.en} now: {phase.en}.") + redo, ()
        faults = game.explain(action)
        if faults:
            rules = tuple(e.rule for e in faults)
            vi = " ".join(e.vi for e in faults)
            en = " ".join(e.en for e in faults)
            return Text(f"Nước {action_words(action, game).vi} phạm lỗi: {vi}",
                        f"{_cap(action_words(action, game).en)} breaks a rule: {en}") + redo, rules
        obs = game.observation(me)
        s, scored = NormalPlayer().scored(obs)
        by_action = {x.action: x for x in scored}
        mine, best = by_action.get(action), by_action.get(step.expected)
        if mine is not None and best is not None:
            r_mine = reason_of(s, mine, scored)
            r_best = reason_of(s, best, scored)
            return Text(
                f"Nước {action_words(action, game).vi} không phạm luật, nhưng máy chấm nó thấp "
                f"hơn (cơ hội ù ước chừng {mine.value:.0%} so với {best.value:.0%}). Nước của "
                f"bạn: {r_mine.vi}. Nước nên đi: {r_best.vi}.",
                f"{_cap(action_words(action, game).en)} breaks no rule, but the computer values "
                f"it lower (a rough chance of winning of {mine.value:.0%} against "
                f"{best.value:.0%}). Yours: {r_mine.en}. Better: {r_best.en}.") + redo, ()
        return Text("Nước đó khác nước của ván hướng dẫn.",
                    "That move is not the guided game's move.") + redo, ()


_KEYS = {
    "discard": Text("(Bấm vào quân đó, hoặc chọn nó bằng ←/→ rồi Enter.)",
                    "(Click that card, or select it with ←/→ and press Enter.)"),
    "eat": Text("(Bấm vào quân trên tay hoặc nút Ăn, hay phím A.)",
                "(Click the hand card or the Eat button, or press A.)"),
    "draw": Text("(Bấm vào nọc hoặc nút Bốc, hay phím B.)",
                 "(Click the stock (nọc) or the Draw button, or press B.)"),
    "pass": Text("(Bấm nút Dưới, hay phím D.)", "(Click the Pass button, or press D.)"),
    "chiu": Text("(Bấm nút Chíu, hay phím C.)", "(Click the Chíu button, or press C.)"),
    "win": Text("(Bấm nút Ù, hay phím U.)", "(Click the Ù button, or press U.)"),
}


def _phase_words(game: Game) -> Text:
    """What the current phase asks of the learner, in both languages."""
    phase = game.phase
    if phase is Phase.CLAIM:
        return Text("đang là lúc quyết định ù hay chíu quân vừa ra",
                    "this is the moment to decide on ù or chíu on the card just placed")
    if phase in (Phase.DISCARD, Phase.OPENING):
        return Text("đang đến lượt bạn đánh một quân", "it is your turn to discard a card")
    if phase is Phase.RETURN:
        return Text("chíu xong phải trả cửa một quân",
                    "after a chíu you must return (trả cửa) a card")
    if phase is Phase.PLAY and game.may_pass:
        return Text("bạn vừa bốc: ăn quân đó hoặc nói dưới",
                    "you just drew: eat that card or say dưới")
    if phase is Phase.PLAY:
        return Text("bạn ăn quân ở cửa trên hoặc bốc",
                    "you eat the card in your cửa trên or draw")
    if phase is Phase.CALL:
        return Text("ù rồi thì phải xướng", "after ù you must call")
    return Text("chưa đến lượt bạn", "it is not your turn")


@cache
def first_game() -> FirstGame:
    """The guided game of the content file."""
    try:
        data: Any = json.loads(CONTENT.read_text(encoding="utf-8"))
    except (OSError, ValueError) as e:
        raise LessonError(f"cannot read {CONTENT.name}: {e}",
                          f"không đọc được {CONTENT.name}: {e}") from None
    return FirstGame.from_json(data)


# ---------------------------------------------------------------------------- where the learner is


def position_path(folder: Path | None = None) -> Path:
    """``first_game.json`` in the user data folder (or `folder`)."""
    return data_dir(folder) / POSITION_FILE


class Guided(Protocol):
    """What keeping the learner's place needs of a guided game (Chắn's or Tổ tôm's)."""

    @property
    def digest(self) -> str:
        """Which version of the game the place belongs to."""

    @property
    def steps(self) -> Sequence[object]:
        """The learner's steps."""


@dataclass(frozen=True, slots=True)
class Kept:
    """Where the learner is, as read from ``first_game.json``: the step to continue from, and
    why the file could not be used (None when it was, or when there is none yet)."""

    step: int
    problem: Text | None = None
    damaged: bool = False  # a regular file that is not ours: kept aside when next saved


def load_position(path: Path, game: Guided) -> Kept:
    """The step to continue from (0 for a missing file); a file that cannot be used is said
    (``Kept.problem``) and left as it is. A FIFO or an outsized file in its place is not read
    (replays.files.checked_size)."""
    name = path.name
    try:
        checked_size(path, MAX_POSITION_BYTES)
    except BadFile as e:
        if not path.exists() and not path.is_symlink():
            return Kept(0)
        what = Text(e.vi.removeprefix(f"{path}: "), e.en.removeprefix(f"{path}: "))
        regular = is_regular(path)
        return Kept(0, _unused(name, what, regular), regular)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as e:
        said = e.strerror or str(e)
        return Kept(0, _unused(name, Text(f"không đọc được ({said})",
                                          f"cannot be read ({said})"), False))
    except (ValueError, RecursionError):  # not UTF-8, not JSON, nested too deeply
        return Kept(0, _unused(name, Text("không phải JSON hợp lệ (tệp bị hỏng)",
                                          "not valid JSON (a damaged file)"), True), True)
    step = data.get("step") if isinstance(data, dict) else None
    if not isinstance(data, dict) or data.get("format") not in (POSITION_FORMAT, None):
        return Kept(0, _unused(name, Text("không phải tệp vị trí của ván đầu tiên",
                                          "not the first game's position file"), True), True)
    if data.get("game") != game.digest:
        return Kept(0, Text(f"{name} ghi vị trí trong một phiên bản khác của ván đầu tiên: bắt "
                            f"đầu lại từ bước 1.",
                            f"{name} holds a place in another version of the first game: "
                            f"starting again from step 1."))
    last = len(game.steps)
    if not isinstance(step, int) or isinstance(step, bool) or not 0 <= step <= last:
        shown = repr(step)[:20]
        return Kept(0, _unused(name, Text(f"bước {shown} không có (ván có các bước 1–{last})",
                                          f"there is no step {shown} (the game has steps "
                                          f"1–{last})"), True), True)
    return Kept(step)


def _unused(name: str, what: Text, replaced: bool) -> Text:
    """Why ``name`` was not used, and what becomes of it."""
    if replaced:
        then = Text(f"Tệp được để nguyên; khi bạn đi tiếp, nó được giữ lại với tên "
                    f"{name}{DAMAGED_SUFFIX}.",
                    f"The file is left as it is; when you go on, it is kept as "
                    f"{name}{DAMAGED_SUFFIX}.")
    else:
        then = Text("Tệp được để nguyên và không bị thay thế, nên chỗ bạn đang chơi sẽ không "
                    "được lưu (hãy chuyển nó đi để lưu được).",
                    "The file is left as it is and never replaced, so where you are will not "
                    "be kept (move it away to keep it).")
    return Text(f"Không dùng được {name}: {what.vi}. Bắt đầu từ bước 1. {then.vi}",
                f"{name} could not be used: {what.en}. Starting from step 1. {then.en}")


def save_position(path: Path, game: Guided, step: int) -> None:
    """Keep the step to continue from (``len(steps)``: the game was finished); written whole
    or not at all, never in place of anything but a regular file (BadFile; OSError when the
    disk refuses)."""
    replace_regular(path, json.dumps({"format": POSITION_FORMAT, "game": game.digest,
                                      "step": step}))
