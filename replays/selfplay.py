"""``chan-tutor selfplay [--game to_tom]``: AI-only games saved as a database or a .chan.json
(FORMATS.md).

The games come from each game's self-play (replays.games: Chắn's
``engine.chan.ai.selfplay.play_session``, Tổ tôm's replays.tom_selfplay), a function of the
seed; this module only checks the arguments, saves the records and says what the engine
judged.
"""

from __future__ import annotations

import argparse
import stat
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.ruleset import DEFAULT_GAME
from replays.chanjson import write_file
from replays.commands import Output
from replays.database import discard_unused
from replays.errors import BadFile
from replays.files import check_output, is_database, output_target, write_error
from replays.games import record_game
from replays.record import GameRecord, Player, SessionRecord
from replays.store import Store
from replays.text import places_text

_LEVELS = ("beginner", "normal", "strong", "random")
MAX_GAMES = 100_000


@dataclass(frozen=True, slots=True)
class SelfPlayed:
    """A self-play hội: its record, and what the engine judged (the ``--json`` document's
    figures and the text for people)."""

    record: SessionRecord
    data: dict[str, Any]
    lines: list[str]


def _bad(en: str, vi: str) -> BadFile:
    return BadFile(en, vi)


def parse_levels(text: str, counts: Sequence[int] = (2, 3, 4),
                 levels: Sequence[str] = _LEVELS) -> tuple[str, ...]:
    """``normal,normal,strong,beginner`` → one level per seat (``counts``: how many seats the
    game seats; Chắn 2 to 4, Tổ tôm 4 or 5)."""
    found = tuple(t.strip() for t in text.split(","))
    if len(found) not in counts:
        many = f"{counts[0]} to {counts[-1]}" if len(counts) > 2 else \
            " or ".join(str(n) for n in counts)
        nhieu = f"{counts[0]} đến {counts[-1]}" if len(counts) > 2 else \
            " hoặc ".join(str(n) for n in counts)
        raise _bad(f"--levels needs {many} comma-separated levels, got {len(found)}",
                   f"--levels cần {nhieu} cấp độ cách nhau bởi dấu phẩy, nhận được "
                   f"{len(found)}")
    for level in found:
        if level not in levels:
            raise _bad(f"unknown level '{level}' (one of {', '.join(levels)})",
                       f"cấp độ không có: '{level}' (chọn một trong {', '.join(levels)})")
    return found


def play_chan(levels: tuple[str, ...], games: int, seed: int) -> SelfPlayed:
    """Chắn's self-play (engine.chan.ai): a hội among ``levels``, and each seat's audit."""
    from engine.chan.ai import audit, play_session

    played = play_session(levels, games, seed, players=len(levels))
    players = tuple(Player(f"Máy {i + 1} ({level})", "ai", level)
                    for i, level in enumerate(levels))
    record = SessionRecord(players=players,
                           games=tuple(GameRecord(g.deal, tuple(g.record), g.mode)
                                       for g in played))
    seats: list[dict[str, Any]] = [{"seat": s, "level": lv, "wins": 0, "points": 0.0,
                                    "violations": 0, "missed_u": 0, "missed_chiu": 0,
                                    "wrong_calls": 0} for s, lv in enumerate(levels)]
    draws = 0
    for game in played:
        rows = audit(game)
        draws += not any(r.won for r in rows)
        for s, r in enumerate(rows):
            seat = seats[s]
            seat["wins"] += r.won
            seat["points"] += r.points
            seat["violations"] += r.violations
            seat["missed_u"] += r.missed_u
            seat["missed_chiu"] += r.missed_chiu
            seat["wrong_calls"] += r.wrong_call
    data = {"games": len(played), "seed": seed, "levels": list(levels), "draws": draws,
            "seats": seats}
    lines = [f"Tự chơi / self-play: {len(played)} ván/games, seed {seed}, "
             f"hòa/drawn {draws}"]
    for seat in seats:
        lines.append(f"  ghế/seat {seat['seat']} ({seat['level']}): ù/wins {seat['wins']}, "
                     f"điểm/points {seat['points']:+g}, lỗi/violations {seat['violations']}, "
                     f"bỏ ù/missed ù {seat['missed_u']}, bỏ chíu/missed chíu "
                     f"{seat['missed_chiu']}, xướng sai/wrong calls {seat['wrong_calls']}")
    return SelfPlayed(record, data, lines)


def selfplay(args: argparse.Namespace) -> Output:
    """Play ``--games`` games of ``--game`` among the ``--levels``; save them with ``--out``;
    summarise."""
    kind = record_game(getattr(args, "game", None) or DEFAULT_GAME)
    text = getattr(args, "levels", None) or kind.default_levels
    levels = parse_levels(text, kind.level_counts, kind.levels)
    if not 1 <= args.games <= MAX_GAMES:
        raise _bad(f"--games must be between 1 and {MAX_GAMES}, not {args.games}",
                   f"--games phải từ 1 đến {MAX_GAMES}, không phải {args.games}")
    out: Path | None = args.out
    to_db = out is not None and is_database(out)
    if out is not None and not to_db and not out.name.endswith(".json"):
        raise _bad(f"{out}: --out must end in .chan.json (or .json) or .db",
                   f"{out}: --out phải có đuôi .chan.json (hoặc .json) hoặc .db")
    if out is not None and to_db:
        check_database_out(out, getattr(args, "force", False))
    elif out is not None:  # an existing file only with --force
        check_output(out, getattr(args, "force", False))
    played = kind.selfplay(levels, args.games, args.seed)
    record = played.record
    saved: dict[str, Any] = {}
    where = ""
    if out is not None and to_db:
        session_id, ids = _save_db(out, record)
        saved = {"db": str(out), "session_id": session_id, "game_ids": ids}
        vi, en = places_text([(session_id, n) for n in range(len(ids))])
        where = f" ({vi} / {en})"
    elif out is not None:
        try:
            write_file(out, record)
        except OSError as e:
            raise write_error(out, e) from None
        saved = {"file": str(out)}
    lines = list(played.lines)
    if saved:
        lines.append(f"  đã lưu / saved: {saved.get('db') or saved.get('file')}{where}")
    return Output({**played.data, **saved}, "\n".join(lines) + "\n")


def check_database_out(out: Path, force: bool) -> None:
    """``--out x.db``: its folder must exist (never made for the user); an existing file is
    added to only with ``--force``, as a new hội beside the games it holds — a database is
    never replaced or emptied (the project's first rule: never lose a learner's data). An
    empty file holds nothing to protect."""
    st = output_target(out)
    if st is None:
        return
    if not stat.S_ISREG(st.st_mode):  # a folder, a pipe: check_output says what it is
        check_output(out, force=True)
    if force or st.st_size == 0:
        return
    raise BadFile(f"{out}: already exists; add --force to add these games to it as a new hội "
                  f"(the games it holds are kept: a database is never replaced)",
                  f"{out}: tệp đã có; thêm --force để thêm các ván này vào đó thành một hội "
                  f"mới (các ván đã có được giữ nguyên: không bao giờ thay thế cơ sở dữ liệu)")


def _save_db(out: Path, record: SessionRecord) -> tuple[int, list[int]]:
    """Add the session to the database ``out``; a database this command created is removed
    again if saving fails (no empty ``x.db`` is left behind)."""
    new = not out.exists()
    try:
        with Store.open(out) as store:
            session_id, ids = store.import_session(record)
    except BaseException as e:
        if new:  # never another program's games: only a database left empty (issue 13)
            discard_unused(out, e)
        raise
    return session_id, list(ids)
