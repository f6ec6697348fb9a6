"""Which games a record verb works on (docs/command-line.md).

People name a game as the program shows it: "Hội 2 · ván 3" — the hội by its number in the
library, the ván counted from 1 within it. ``--hoi ID`` and ``--van N`` say that, the same in
analyze, report and export. ``--game`` keeps what FORMATS.md says it is, which differs per
verb (outside scripts rely on it): in analyze and report the index of a game among all the
games of FILE, counted from 0; in export a game's id in the database.
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass
from pathlib import Path

from replays.errors import BadFile
from replays.store import Store


@dataclass(frozen=True, slots=True)
class Choice:
    """The games asked for: ``game`` (FORMATS.md's ``--game``, as the verb reads it), or
    ``hoi`` (a hội's id) and/or ``van`` (its ván, counted from 1); nothing: every game."""

    game: int | None = None
    hoi: int | None = None
    van: int | None = None

    @property
    def everything(self) -> bool:
        """No game named: every game of FILE."""
        return self.game is None and self.hoi is None and self.van is None


EVERY_GAME = Choice()


def choice_of(args: argparse.Namespace) -> Choice:
    """The games the parsed options name; BadFile for a ``--game`` beside ``--hoi``/``--van``
    (two numberings for one game) or a ``--van`` below 1."""
    choice = Choice(getattr(args, "game", None), getattr(args, "hoi", None),
                    getattr(args, "van", None))
    if choice.game is not None and (choice.hoi is not None or choice.van is not None):
        raise BadFile("--game cannot be used with --hoi or --van: name the game one way "
                      "(--hoi ID --van N, as the program shows it: \"Hội ID · ván N\")",
                      "không dùng --game cùng với --hoi hay --van: hãy gọi ván theo một "
                      "cách (--hoi MÃ --van N, như chương trình hiện: \"Hội MÃ · ván N\")")
    if choice.van is not None and choice.van < 1:
        raise BadFile(f"--van counts from 1 (ván 1 is the first game of its hội), not "
                      f"{choice.van}",
                      f"--van đếm từ 1 (ván 1 là ván đầu của hội), không phải {choice.van}")
    return choice


def no_game(source: Path, n: int, count: int) -> BadFile:
    """``--game N`` (analyze, report) beyond the games of FILE."""
    return BadFile(f"{source}: there is no game {n} (it holds {count} games, counted from 0 "
                   f"with --game; --van counts from 1)",
                   f"{source}: không có ván {n} (tệp có {count} ván, --game đếm từ 0; --van "
                   f"đếm từ 1)")


def no_hoi(source: Path, hoi: object) -> BadFile:
    """``--hoi ID`` (or export's ``--session ID``) that no hội of the database has."""
    return BadFile(f"{source}: there is no hội (session) with id {hoi} (Xem lại shows each "
                   f"game as \"Hội ID · ván N\")",
                   f"{source}: không có hội mã số {hoi} (Xem lại ghi mỗi ván là \"Hội MÃ · ván "
                   f"N\")")


def _no_van(source: Path, where_en: str, where_vi: str, van: int, count: int) -> BadFile:
    held_en = f"ván 1 to {count}" if count else "no games"
    held_vi = f"ván 1 đến {count}" if count else "không có ván nào"
    return BadFile(f"{source}: {where_en} has no ván {van} (it holds {held_en})",
                   f"{source}: {where_vi} không có ván {van} (có {held_vi})")


def file_games(source: Path, count: int, choice: Choice) -> list[int] | None:
    """The indices (from 0) of the games asked for in a .chan.json holding ``count`` games
    (one hội: ``--van`` alone names a game), or None for every game."""
    if choice.hoi is not None:
        raise BadFile(f"{source}: a .chan.json file holds one hội and no hội ids: name a game "
                      f"with --van N alone",
                      f"{source}: tệp .chan.json chứa một hội, không có mã hội: hãy gọi ván "
                      f"bằng --van N")
    if choice.game is not None:
        if not 0 <= choice.game < count:
            raise no_game(source, choice.game, count)
        return [choice.game]
    if choice.van is not None:
        if choice.van > count:
            raise _no_van(source, "the file", "tệp", choice.van, count)
        return [choice.van - 1]
    return None


def db_games(store: Store, source: Path, choice: Choice) -> list[int] | None:
    """The ids of the games asked for in a replay database (analyze, report: ``--game`` is an
    index among all its games), or None for every game."""
    if choice.game is not None:
        ids = store.game_ids()
        if not 0 <= choice.game < len(ids):
            raise no_game(source, choice.game, len(ids))
        return [ids[choice.game]]
    if choice.hoi is None and choice.van is None:
        return None
    return hoi_games(store, source, choice.hoi, choice.van)


def hoi_games(store: Store, source: Path, hoi: int | None, van: int | None) -> list[int]:
    """The ids of hội ``hoi``'s games (of the database's only hội when None), or of its ván
    ``van`` alone (counted from 1)."""
    if hoi is None:
        hoi = _only_hoi(store, source)
    games = store.games_of(hoi)
    if games is None:
        raise no_hoi(source, hoi)
    if van is None:
        return games
    if van > len(games):
        raise _no_van(source, f"hội {hoi}", f"hội {hoi}", van, len(games))
    return [games[van - 1]]


def _only_hoi(store: Store, source: Path) -> int:
    """``--van N`` alone in a database: its one hội, or BadFile saying to name it."""
    hois = store.sessions()
    if len(hois) == 1:
        return hois[0]
    raise BadFile(f"{source}: it holds {len(hois)} hội: say which with --hoi ID (Xem lại shows "
                  f"each game as \"Hội ID · ván N\")",
                  f"{source}: có {len(hois)} hội: hãy nói hội nào bằng --hoi MÃ (Xem lại ghi "
                  f"mỗi ván là \"Hội MÃ · ván N\")")
