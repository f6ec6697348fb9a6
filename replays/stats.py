"""Where a learner stands across games (issue 8 "Statistics"): per analysed game, what the
engine judged against one seat — won, điểm, lỗi, missed chíu and ù, call errors — and the
summaries and rolling means the plots draw; for every game, or for one game (FORMATS
``game``: Chắn's lỗi and chíu, Tổ tôm's offences and phỗng, each game's own kinds from its
adapter, replays.games).

Everything comes from the annotation counts kept beside each cached analysis (migration
m003) and the games table: no document is read, no game replayed.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from engine.ruleset import DEFAULT_GAME
from replays.games import record_game, rule_key
from replays.library import LibraryRow, current_counts, library_rows
from replays.store import Store


@dataclass(frozen=True, slots=True)
class GameStat:
    """One analysed game from one seat's side."""

    game_id: int
    started_at: str
    seat: int
    won: bool  # a paid or unpaid ù; an ù láo is not a win
    drawn: bool
    diem: float  # the seat's settlement (điểm × stake; Tổ tôm: what it drew from the pool)
    violations: int  # lỗi L0–L17 committed (Tổ tôm: offences TN1–TN8, TD1–TD10)
    missed_chiu: int  # claims but ù let pass: chíu (Tổ tôm: phỗng)
    missed_u: int  # bỏ ù, a thiên ù let pass included (R7.1, T5.7)
    call_errors: int  # the call's faults (R8; T7.6: over, under, order, procedure)
    rules: tuple[str, ...]  # the rule id of each lỗi committed, by rule number
    u_lao: int = 0  # ù láo (R7.4)
    game: str = DEFAULT_GAME  # FORMATS ``game``
    payout: str | None = None  # the seat's win's payout (Tổ tôm: paid, unpaid, cheo_do, tra_do)


@dataclass(frozen=True, slots=True)
class Summary:
    """Several games at a glance."""

    games: int
    win_rate: float
    mean_diem: float
    violations_per_game: float
    missed_per_game: float  # missed chíu and missed ù together
    top_rules: tuple[tuple[str, int], ...]  # every lỗi committed and how often, most first


def _stat(row: LibraryRow, seat: int, tally: dict[str, dict[str, int]]) -> GameStat:
    kinds, rules = tally["kinds"], tally["rules"]
    game = record_game(row.game)
    claims = [k for k in game.missed_kinds if k != "missed_u"]
    registry = game.ruleset.registry
    return GameStat(
        game_id=row.game_id, started_at=row.started_at, seat=seat,
        won=row.kind == "win" and row.winner == seat, drawn=row.kind == "draw",
        diem=row.transfers[seat] if seat < len(row.transfers) else 0.0,
        violations=sum(kinds.get(k, 0) for k in game.fault_kinds),
        missed_chiu=sum(kinds.get(k, 0) for k in claims),
        missed_u=kinds.get("missed_u", 0),
        call_errors=sum(kinds.get(k, 0) for k in game.call_kinds),
        rules=tuple(r for r in sorted(rules, key=registry.key) for _ in range(rules[r])),
        u_lao=kinds.get("u_lao", 0), game=row.game,
        payout=row.payout if row.kind == "win" and row.winner == seat else None)


def game_stats(store: Store, seat_of: Callable[[LibraryRow], int | None] | None = None,
               game: str | None = None) -> list[GameStat]:
    """Every analysed finished game (or every one of ``game``, FORMATS ``game``), oldest
    first, from the side of ``seat_of(row)`` (by default the human seat; games where it
    gives None are left out)."""
    counts = current_counts(store)
    out: list[GameStat] = []
    for row in reversed(library_rows(store, counts, count_events=False, game=game)):
        seat = row.human_seat if seat_of is None else seat_of(row)
        mine = counts.get(row.game_id) if row.status == "over" else None
        seats = None if mine is None else json.loads(mine[1])
        if seat is None or seats is None or not 0 <= seat < len(seats):
            continue
        out.append(_stat(row, seat, seats[seat]))
    return out


def summarize(stats: Sequence[GameStat]) -> Summary:
    """Rates and means over ``stats`` (all zero for no games)."""
    n = len(stats)
    if n == 0:
        return Summary(0, 0.0, 0.0, 0.0, 0.0, ())
    rules = Counter(r for s in stats for r in s.rules)
    top = sorted(rules.items(), key=lambda item: (-item[1], rule_key(item[0])))
    return Summary(
        games=n, win_rate=sum(s.won for s in stats) / n,
        mean_diem=sum(s.diem for s in stats) / n,
        violations_per_game=sum(s.violations for s in stats) / n,
        missed_per_game=sum(s.missed_chiu + s.missed_u for s in stats) / n,
        top_rules=tuple(top))


def rolling(values: Sequence[float], window: int) -> list[float]:
    """The mean of each value and the ``window - 1`` before it (fewer at the start): one
    point per game, so a plot's line is smooth but starts at the first game."""
    if window < 1:
        raise ValueError(f"the window must hold at least one game, not {window} / "
                         f"cửa sổ phải có ít nhất một ván, không phải {window}")
    out: list[float] = []
    for i in range(len(values)):
        recent = values[max(0, i + 1 - window):i + 1]
        out.append(sum(recent) / len(recent))
    return out
