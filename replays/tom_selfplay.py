"""``chan-tutor selfplay --game to_tom``: a hội of Tổ tôm among computer players, reproducible
from the seed, and what the engine judged against each seat.

The players are pluggable by level. Tổ tôm's computer players live in ``engine/totom/ai``
(issue 22 item 6); when that package exists and offers a level
(``engine.totom.ai.reproducible_player(level, seed)`` returning a player with
``choose(observation)``, whose ``.action`` is the move, as Chắn's ``engine.chan.ai``), that
player plays it. Until then every level is played by ``FallbackPlayer``: a seeded random
legal player that sees only its observation, declares every ù it is offered and otherwise
picks at random among the moves that record no offence (TOTOM T6) — a yardstick that keeps
games reaching an ù, never a model of play. The command says which levels fell back.

The hội is played in open mode (``hoi_points`` = 0, T8.5): a pool of 50 runs out after a few
paid ù, and a record holds one hội (FORMATS), so a long self-play could not be one file.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from engine.actions import Act
from engine.events import Declined, EndKind
from engine.game import Mode
from engine.totom import TomAction, TomGame, TomObservation, TomRules, TomSession, TomSettlement

LEVELS = ("beginner", "normal", "strong", "random")
AI_PACKAGE = "engine.totom.ai"  # issue 22 item 6: Tổ tôm's computer players, when they exist

Chooser = Callable[[TomObservation], TomAction]


class FallbackPlayer:
    """The seeded random legal player every level falls back to (see the module docstring):
    its observation only, every ù offered taken (with a phỗng statement that records no
    offence, T5.6), otherwise a random move among those that record no offence."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def __call__(self, obs: TomObservation) -> TomAction:
        legal = list(obs.legal)
        clean = [a for a, faults in zip(legal, obs.faults, strict=True) if not faults]
        wins = [a for a in clean if a.act is Act.WIN]
        if wins:
            return wins[0]
        pool = clean or legal
        return pool[self.rng.randrange(len(pool))]


def engine_player(level: str, seed: int) -> Chooser | None:
    """``engine.totom.ai``'s player of ``level``, fixed by its seed; None while that package
    (or that level) does not exist."""
    try:
        ai = importlib.import_module(AI_PACKAGE)
    except ModuleNotFoundError as e:
        if e.name not in (AI_PACKAGE, "engine.totom"):
            raise  # the package is there and broken: say so, never fall back silently
        return None
    make = getattr(ai, "reproducible_player", None)
    if make is None or level not in getattr(ai, "LEVELS", ()):
        return None
    player = make(level, seed)
    return lambda obs: player.choose(obs).action


def player_for(level: str, seed: int) -> tuple[Chooser, bool]:
    """The player of ``level`` (seeded), and whether it is the fallback."""
    found = engine_player(level, seed)
    if found is not None:
        return found, False
    return FallbackPlayer(seed), True


def rules_for(players: int) -> TomRules:
    """The làng self-play plays under: T9's defaults at that table, in open mode (T8.5)."""
    return TomRules(players=players, hoi_points=0)


@dataclass(frozen=True, slots=True)
class SeatTally:
    """What the engine judged against one seat in one finished game (T6, T7.6, T10)."""

    won: bool  # declared ù (paid, unpaid or chèo đò)
    paid: bool
    cheo_do: bool
    points: float  # drawn from the hội (open mode: its tally)
    offences: int  # TN1–TN8, TD1–TD10 committed (whether or not it won)
    missed_u: int  # claim windows with an ù let pass, a thiên ù not declared too (T5.7)
    missed_phong: int  # phỗng let pass (T4.14)
    call_faults: int  # the winner's call: over, under, order, procedure (T7.6)


def tally(game: TomGame, transfers: Sequence[float]) -> list[SeatTally]:
    """The judgements per seat of a finished game, from the engine's own records."""
    missed_u = [0] * game.players
    missed_phong = [0] * game.players
    for e in game.log:
        if isinstance(e, Declined):
            if e.act is Act.WIN:
                missed_u[e.seat] += 1
            elif e.act is Act.PHONG:
                missed_phong[e.seat] += 1
    s = game.settlement
    winner = game.outcome.winner if game.outcome is not None \
        and game.outcome.kind is EndKind.WIN else None
    faults = 0
    if isinstance(s, TomSettlement) and s.judgement is not None:
        j = s.judgement
        faults = len(j.over) + bool(j.under) + bool(j.misplaced) + len(j.procedure)
    verdict = s.verdict.value if isinstance(s, TomSettlement) else None
    return [SeatTally(won=seat == winner, paid=seat == winner and verdict == "paid",
                      cheo_do=seat == winner and verdict == "cheo_do",
                      points=transfers[seat] if seat < len(transfers) else 0.0,
                      offences=sum(1 for v in game.violations if v.seat == seat),
                      missed_u=missed_u[seat], missed_phong=missed_phong[seat],
                      call_faults=faults if seat == winner else 0)
            for seat in range(game.players)]


def play_session(levels: Sequence[str], games: int, seed: int, mode: Mode = Mode.REAL
                 ) -> tuple[list[TomGame], list[list[SeatTally]], set[str]]:
    """Play ``games`` games of one hội among ``levels`` (one per seat): the finished games,
    each one's tallies, and the levels played by the fallback player. A function of its
    arguments (and of the players ``engine.totom.ai`` offers)."""
    rng = random.Random(seed)
    seats: list[Chooser] = []
    fell_back: set[str] = set()
    for level in levels:
        player, fallback = player_for(level, rng.randrange(2**32))
        seats.append(player)
        if fallback:
            fell_back.add(level)
    rules = rules_for(len(levels))
    session = TomSession(len(levels), rules, first_picker=rng.randrange(len(levels)))
    deal_seeds = [rng.randrange(2**32) for _ in range(games)]
    out: list[TomGame] = []
    tallies: list[list[SeatTally]] = []
    for deal_seed in deal_seeds:
        game = session.new_game(deal_seed, mode)
        while not game.is_over:
            seat = game.actor
            assert seat is not None
            game.apply(seats[seat](game.observation(seat)))
        result = session.record(game)
        out.append(game)
        tallies.append(tally(game, result.transfers))
    return out, tallies, fell_back


def summary(levels: Sequence[str], seed: int, played: list[TomGame],
            tallies: list[list[SeatTally]], fell_back: set[str]) -> tuple[dict[str, Any], str]:
    """The ``--json`` document's figures and the text for people."""
    seats: list[dict[str, Any]] = [
        {"seat": s, "level": lv, "player": "fallback" if lv in fell_back else "engine",
         "wins": 0, "paid": 0, "cheo_do": 0, "points": 0.0, "offences": 0, "missed_u": 0,
         "missed_phong": 0, "call_faults": 0} for s, lv in enumerate(levels)]
    ke = 0
    for game, rows in zip(played, tallies, strict=True):
        ke += game.outcome is not None and game.outcome.kind is EndKind.DRAW
        for s, r in enumerate(rows):
            seat = seats[s]
            seat["wins"] += r.won
            seat["paid"] += r.paid
            seat["cheo_do"] += r.cheo_do
            seat["points"] += r.points
            seat["offences"] += r.offences
            seat["missed_u"] += r.missed_u
            seat["missed_phong"] += r.missed_phong
            seat["call_faults"] += r.call_faults
    data = {"game": "to_tom", "games": len(played), "seed": seed, "levels": list(levels),
            "draws": ke, "fallback": sorted(fell_back), "seats": seats}
    lines = [f"Tự chơi tổ tôm / Tổ tôm self-play: {len(played)} ván/games, seed {seed}, "
             f"kê/drawn {ke} (hội không góp tiền / open mode, T8.5)"]
    if fell_back:
        lines.append(f"  chưa có máy tổ tôm cấp {', '.join(sorted(fell_back))}: chơi ngẫu nhiên "
                     f"hợp lệ / no Tổ tôm computer player at level(s) "
                     f"{', '.join(sorted(fell_back))} yet: a seeded random legal player plays")
    for seat in seats:
        lines.append(f"  ghế/seat {seat['seat']} ({seat['level']}): ù/wins {seat['wins']} "
                     f"(được điểm/paid {seat['paid']}, chèo đò {seat['cheo_do']}), "
                     f"điểm/points {seat['points']:+g}, lỗi/offences {seat['offences']}, "
                     f"bỏ ù/missed ù {seat['missed_u']}, bỏ phỗng/missed phỗng "
                     f"{seat['missed_phong']}, xướng sai/call faults {seat['call_faults']}")
    return data, "\n".join(lines)
