"""Reading a large ``.chan.json`` (a whole hội of thousands of games) game by game.

``replays.chanjson.read_file`` decodes a file whole: the JSON tree of a 30 MB file takes ten
times that in memory. What the program writes it must read (issue 13, class 8): a hội
exported from a database of up to 2 GB. Above 20 MB a file is read here instead, in chunks:
the session's header first, then each game of ``"games"`` decoded and turned into its record
on its own, so memory holds the records and one game's text, never the file's JSON tree. The
limits are per game (``MAX_GAME_CHARS``) and for the header, not for the hội; the checks and
messages are those of ``replays.chanjson.parse``.
"""

from __future__ import annotations

import json
import re
from dataclasses import replace
from pathlib import Path
from typing import Any, TextIO

from replays import chanjson
from replays.errors import BadFile, BadRecord, Problem
from replays.files import MAX_DB_BYTES
from replays.games import record_game
from replays.record import GameRecord, SessionRecord

CHUNK = 1 << 20  # characters read at a time
MAX_GAME_CHARS = 16 << 20  # one game's JSON (a few hundred events): far above any real game
MAX_HEAD_CHARS = 1 << 20  # each value of the session but its games
# The largest file: the largest hội this version can hold, a replay database's limit.
MAX_FILE_BYTES = MAX_DB_BYTES
_SPACE = re.compile(r"[ \t\n\r]*")
_DECODER = json.JSONDecoder(parse_constant=chanjson._no_constant)


class _Text:
    """A JSON text read in chunks, decoded value by value."""

    def __init__(self, f: TextIO, source: str) -> None:
        self.f = f
        self.source = source
        self.buf = ""
        self.pos = 0
        self.eof = False

    def _more(self) -> bool:
        if self.eof:
            return False
        try:
            chunk = self.f.read(CHUNK)
        except UnicodeDecodeError as e:
            raise BadFile(f"{self.source}: not a .chan.json file: not UTF-8 text",
                          f"{self.source}: không phải tệp .chan.json: không phải văn bản "
                          f"UTF-8") from e
        if not chunk:
            self.eof = True
            return False
        self.buf = self.buf[self.pos:] + chunk
        self.pos = 0
        return True

    def peek(self) -> str:
        """The next character that is not white space ("" at the end)."""
        while True:
            match = _SPACE.match(self.buf, self.pos)
            assert match is not None
            self.pos = match.end()
            if self.pos < len(self.buf) or not self._more():
                return self.buf[self.pos:self.pos + 1]

    def take(self, char: str) -> bool:
        """Consume ``char`` if it is next."""
        if self.peek() == char:
            self.pos += 1
            return True
        return False

    def expect(self, char: str) -> None:
        if not self.take(char):
            raise self.bad(f"expected '{char}'", f"thiếu '{char}'")

    def value(self, limit: int, what: str) -> object:
        """The next JSON value, of at most ``limit`` characters."""
        self.peek()
        while True:
            try:
                value, end = _DECODER.raw_decode(self.buf, self.pos)
            except json.JSONDecodeError:
                if len(self.buf) - self.pos > limit:
                    raise self.too_large(limit, what) from None
                if self._more():
                    continue
                raise self.bad("the file ends inside a value or a value is malformed",
                               "tệp kết thúc giữa chừng hoặc có giá trị viết sai") from None
            except RecursionError:
                raise BadFile(f"{self.source}: damaged: its JSON is nested too deeply to be "
                              f"a replay",
                              f"{self.source}: tệp bị hỏng: JSON lồng nhau quá sâu, không "
                              f"thể là tệp ván đấu") from None
            except ValueError as e:  # NaN, Infinity
                raise BadFile(f"{self.source}: not valid JSON: {e}",
                              f"{self.source}: JSON không hợp lệ: {e}") from None
            if end == len(self.buf) and not self.eof and self._more():
                continue  # a number may go on in the next chunk
            if end - self.pos > limit:
                raise self.too_large(limit, what)
            self.pos = end
            return value

    def bad(self, en: str, vi: str) -> BadFile:
        return BadFile(f"{self.source}: not valid JSON: {en}",
                       f"{self.source}: JSON không hợp lệ: {vi}")

    def too_large(self, limit: int, what: str) -> BadFile:
        mb = limit // (1024 * 1024)
        return BadFile(f"{self.source}: {what} is over {mb} MB: not a replay file",
                       f"{self.source}: {what} dài quá {mb} MB: không phải tệp ván đấu")


def read_large(path: Path) -> SessionRecord:
    """Read a .chan.json of any size this version writes, one game at a time (BadFile,
    BadRecord with every problem of the games, as replays.chanjson.read_file)."""
    source = str(path)
    try:
        with path.open("r", encoding="utf-8-sig", newline="") as f:
            return _read(_Text(f, source))
    except OSError as e:
        raise BadFile(f"{path}: cannot be read ({e.strerror})",
                      f"{path}: không đọc được tệp ({e.strerror})") from None


def _read(text: _Text) -> SessionRecord:
    if not text.take("{"):
        # not an object: the whole-file reader says what it is
        return chanjson.parse(text.value(MAX_HEAD_CHARS, "the file"))
    head: dict[str, Any] = {}
    games: list[GameRecord | None] | None = None
    problems: list[Problem] = []
    header: SessionRecord | None = None
    if not text.take("}"):
        while True:
            key = text.value(MAX_HEAD_CHARS, "a key")
            if not isinstance(key, str):
                raise text.bad("a key must be text", "khóa phải là văn bản")
            text.expect(":")
            if key == "games" and "players" in head and text.peek() == "[":
                header = chanjson.parse({**head, "games": []})  # the header's problems
                games = _games(text, header, problems)
            else:
                head[key] = text.value(MAX_GAME_CHARS if key == "games" else MAX_HEAD_CHARS,
                                       f"'{key}'")
            if text.take(","):
                continue
            text.expect("}")
            break
    if text.peek():
        raise text.bad("extra data after the session", "còn dữ liệu sau phần hội")
    if games is None or header is None:  # games before the players: read as a whole
        return chanjson.parse(head)
    header = chanjson.parse({**head, "games": []})  # with what came after the games
    if problems:
        raise BadRecord([chanjson._trimmed(p) for p in problems])
    return replace(header, games=tuple(g for g in games if g is not None))


def _games(text: _Text, header: SessionRecord, problems: list[Problem]
           ) -> list[GameRecord | None]:
    text.expect("[")
    games: list[GameRecord | None] = []
    if text.take("]"):
        return games
    while True:
        gi = len(games)
        raw = text.value(MAX_GAME_CHARS, f"game {gi}")
        games.append(chanjson._game(raw, gi, len(header.players), header.rules, problems,
                                    record_game(header.game)))
        if text.take(","):
            continue
        text.expect("]")
        return games
