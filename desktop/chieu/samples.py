"""Positions to draw when there is no real game: screenshots, the benchmark, tests.

Plays a game from a seeded deal with random legal moves that commit no lỗi (so nobody is
báo unless asked) and never ù, so that the chiếu fills up: melds on every mat, long cửa piles.
"""

from __future__ import annotations

import random

from desktop.chieu.view import ChieuView, Prompt
from engine.actions import Act
from engine.chan import ChanGame as Game
from engine.chan import Deal

NAMES_VI = ("Bạn", "Bà Tư", "Chú Ba Đức", "Cô Hằng")


def sample_game(seed: int, noc_left: int = 8, max_steps: int = 400,
                stop_for: int | None = None, players: int = 4, finish: bool = False) -> Game:
    """A game from deal `seed`, played until the nọc holds `noc_left` cards (or it ends).

    With `stop_for`, play goes on until that seat is to eat or draw (when it still can);
    with `finish`, until the game is over, taking the first ù offered.
    """
    rng = random.Random(seed)
    game = Game(Deal.shuffled(seed, players=players))
    for _ in range(max_steps):
        if game.is_over:
            break
        if finish:
            legal = game.legal_actions()
            wins = [a for a in legal if a.act is Act.WIN]
            game.apply(wins[0] if wins else rng.choice(legal))
            continue
        if game.noc_left <= noc_left and (
                stop_for is None or game.noc_left <= 2
                or (game.actor == stop_for and game.phase.value == "play")):
            break
        actions = [a for a in game.legal_actions() if a.act is not Act.WIN]
        clean = [a for a in actions if not game.faults_of(a)] or actions
        eats = [a for a in clean if a.act in (Act.EAT, Act.CHIU)]
        if not clean:  # only ù is possible: take it
            game.apply(game.legal_actions()[0])
            continue
        game.apply(rng.choice(eats) if eats and rng.random() < 0.8 else rng.choice(clean))
    return game


def sample_view(seed: int = 41, seat: int = 0, noc_left: int = 8, lang: str = "vi",
                busy: bool = True, players: int = 4, finish: bool = False) -> ChieuView:
    """A mid-game ChieuView for `seat`, with names, scores and (when `busy`) prompts shown."""
    game = sample_game(seed, noc_left, stop_for=seat if busy else None, players=players,
                       finish=finish)
    obs = game.observation(seat)
    prompts: tuple[Prompt, ...] = ()
    message = ""
    acts = {a.act for a in obs.legal}
    if busy:
        second = Prompt("pass", hint="D") if Act.PASS in acts else Prompt(
            "draw", hint="B", enabled=Act.DRAW in acts)
        prompts = (Prompt("eat", hint="A", primary=True, enabled=Act.EAT in acts), second,
                   Prompt("chiu", hint="C", enabled=Act.CHIU in acts),
                   Prompt("win", hint="U", enabled=Act.WIN in acts))
        live = obs.live.card.name_vi if obs.live is not None else ""
        if Act.PASS in acts:
            message = (f"Bạn vừa bốc {live}: chọn quân để ăn, hoặc Dưới." if lang == "vi"
                       else f"You drew {live}: pick a card to eat it with, or Pass.")
        else:
            message = (f"Ăn {live} ở cửa trên, hoặc Bốc một quân từ nọc." if lang == "vi"
                       else f"Eat {live} from your cửa trên, or Draw from the stock.")
    names = NAMES_VI if lang == "vi" else ("You", "Grandma Tư", "Uncle Ba Đức", "Aunt Hằng")
    eaters = frozenset(a.card for a in obs.legal if a.act is Act.EAT and a.card is not None)
    highlighted = eaters if busy else frozenset()
    return ChieuView(
        obs=obs, names=names[: obs.players], scores=(12, -4, 0, -8)[: obs.players],
        game_no=3, lang="vi" if lang == "vi" else "en", prompts=prompts, message=message,
        countdown=0.6 if busy else None, highlighted=highlighted,
        selected=min(eaters) if eaters else None,
    )
