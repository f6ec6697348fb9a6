"""``chan-tutor selfplay --game to_tom``: a hội of Tổ tôm among computer players, reproducible
from the seed, and what the engine judged against each seat.

The seats are Tổ tôm's computer players (``engine.totom.make_player(level, seed)``:
beginner, normal, random), each seeing only its observation, seeded from the command's seed.

The hội is played in open mode (``hoi_points`` = 0, T8.5): a pool of 50 runs out after a few
paid ù, and a record holds one hội (FORMATS), so a long self-play could not be one file.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from engine.events import EndKind
from engine.game import Mode
from engine.totom import (
    AI_LEVELS,
    TomAction,
    TomGame,
    TomObservation,
    TomRules,
    TomSession,
    TomSettlement,
    audit,
    make_player,
)

LEVELS = AI_LEVELS  # engine/totom/ai's levels

Chooser = Callable[[TomObservation], TomAction]


def player_for(level: str, seed: int) -> Chooser:
    """The computer player of ``level``, its random choices fixed by ``seed``."""
    player = make_player(level, seed)
    return lambda obs: player.choose(obs).action


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
    """The judgements per seat of a finished game: the engine's audit (offences, declines,
    verdict), with what the hội paid and the winner's call faults."""
    s = game.settlement
    faults = 0
    if isinstance(s, TomSettlement) and s.judgement is not None:
        j = s.judgement
        faults = len(j.over) + bool(j.under) + bool(j.misplaced) + len(j.procedure)
    return [SeatTally(won=a.won, paid=a.verdict == "paid", cheo_do=a.verdict == "cheo_do",
                      points=transfers[seat] if seat < len(transfers) else 0.0,
                      offences=len(a.offences), missed_u=a.missed_u,
                      missed_phong=a.missed_phong, call_faults=faults if a.won else 0)
            for seat, a in enumerate(audit(game))]


def play_session(levels: Sequence[str], games: int, seed: int, mode: Mode = Mode.REAL
                 ) -> tuple[list[TomGame], list[list[SeatTally]]]:
    """Play ``games`` games of one hội among ``levels`` (one per seat): the finished games,
    and each one's tallies. A function of its arguments."""
    rng = random.Random(seed)
    seats = [player_for(level, rng.randrange(2**32)) for level in levels]
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
    return out, tallies


def summary(levels: Sequence[str], seed: int, played: list[TomGame],
            tallies: list[list[SeatTally]]) -> tuple[dict[str, Any], str]:
    """The ``--json`` document's figures and the text for people."""
    seats: list[dict[str, Any]] = [
        {"seat": s, "level": lv, "wins": 0, "paid": 0, "cheo_do": 0, "points": 0.0,
         "offences": 0, "missed_u": 0, "missed_phong": 0, "call_faults": 0}
        for s, lv in enumerate(levels)]
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
            "draws": ke, "seats": seats}
    lines = [f"Tự chơi tổ tôm / Tổ tôm self-play: {len(played)} ván/games, seed {seed}, "
             f"kê/drawn {ke} (hội không góp tiền / open mode, T8.5)"]
    for seat in seats:
        lines.append(f"  ghế/seat {seat['seat']} ({seat['level']}): ù/wins {seat['wins']} "
                     f"(được điểm/paid {seat['paid']}, chèo đò {seat['cheo_do']}), "
                     f"điểm/points {seat['points']:+g}, lỗi/offences {seat['offences']}, "
                     f"bỏ ù/missed ù {seat['missed_u']}, bỏ phỗng/missed phỗng "
                     f"{seat['missed_phong']}, xướng sai/call faults {seat['call_faults']}")
    return data, "\n".join(lines)
