"""The ``.chan.json`` replay file (FORMATS.md): one session of one or more games.

Reading checks the structure here and collects every problem with its place (game, event);
whether each event was possible is the engine's judgement, applied by ``replays.rebuild``.
The session's ``game`` (absent: Chắn) says whose rules, deals and events the file holds; the
game's adapter (replays.games) reads them. Optional keys beyond FORMATS.md, written only when
they carry something: ``thong_seat``, ``created_at`` and (Tổ tôm) ``pool`` and ``debts`` on
the session; ``mode``, ``unfinished``, ``engine_version`` and ``started_at`` on a game.
Readers of version 1 ignore keys they do not know.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from engine.actions import Action
from engine.errors import BadRules, ChanError
from engine.game import Mode
from engine.ruleset import DEFAULT_GAME
from replays.errors import BadFile, BadRecord, Problem, problem_of
from replays.files import MAX_BYTES, checked_size, read_limited, write_atomic
from replays.games import RecordGame, known_games, record_game
from replays.names import NameNotice, bound_seat
from replays.record import GameRecord, Player, SessionRecord, default_players

FORMAT = "chan-replay"
VERSION = 1
_KINDS = ("human", "ai")
_MODES = tuple(m.value for m in Mode)


# ------------------------------------------------------------------------------ reading


def read_file(path: Path) -> SessionRecord:
    """Read a .chan.json file's structure (events not yet replayed); BadFile / BadRecord."""
    try:
        from replays.chanjson_large import MAX_FILE_BYTES, read_large

        if checked_size(path, MAX_FILE_BYTES) > MAX_BYTES:  # a hội of thousands of games
            return read_large(path)  # read game by game (issue 13)
        return parse(loads(read_limited(path), str(path)))
    except BadRecord as e:
        raise e.located(str(path)) from None


def loads(data: bytes | str, source: str = "") -> object:
    """Decode JSON text, naming the line and column of a syntax error."""
    where = f"{source}: " if source else ""
    if isinstance(data, bytes):
        try:
            data = data.decode("utf-8-sig")
        except UnicodeDecodeError as e:
            raise BadFile(f"{where}not a .chan.json file: not UTF-8 text (byte {e.start})",
                          f"{where}không phải tệp .chan.json: không phải văn bản UTF-8 "
                          f"(byte {e.start})") from None
    try:
        return json.loads(data, parse_constant=_no_constant)
    except json.JSONDecodeError as e:
        raise BadFile(f"{where}not valid JSON: {e.msg} (line {e.lineno}, column {e.colno})",
                      f"{where}JSON không hợp lệ: lỗi ở dòng {e.lineno}, cột {e.colno} "
                      f"({e.msg})") from None
    except RecursionError:
        raise BadFile(f"{where}damaged: its JSON is nested too deeply to be a replay",
                      f"{where}tệp bị hỏng: JSON lồng nhau quá sâu, không thể là tệp ván "
                      f"đấu") from None
    except ValueError as e:
        raise BadFile(f"{where}not valid JSON: {e}",
                      f"{where}JSON không hợp lệ: {e}") from None


def _no_constant(name: str) -> object:
    raise ValueError(f"{name} is not a JSON number")


def parse(doc: object) -> SessionRecord:
    """Check a decoded replay document and build its record; BadRecord lists every problem."""
    if not isinstance(doc, dict):
        raise _one(None, "file", f"a replay file is a JSON object, not {_kind(doc)}",
                   f"tệp ván đấu phải là một đối tượng JSON, không phải {_kind(doc)}")
    if doc.get("format") != FORMAT:
        raise _one(None, "format", f"not a chan-tutor replay: 'format' must be '{FORMAT}', "
                                   f"not {_brief(doc.get('format'))}",
                   f"không phải tệp ván đấu chan-tutor: 'format' phải là '{FORMAT}'")
    version = doc.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise _one(None, "format", f"'version' must be a whole number ≥ 1, not {_brief(version)}",
                   "'version' phải là số nguyên ≥ 1")
    if version > VERSION:
        raise _one(None, "format",
                   f"written by a newer version of chan-tutor (replay format version "
                   f"{version}; this version reads version {VERSION})",
                   f"tệp được ghi bởi phiên bản chan-tutor mới hơn (định dạng phiên bản "
                   f"{version}; phiên bản này chỉ đọc được phiên bản {VERSION})")
    kind = _game_of(doc)
    problems: list[Problem] = []
    rules = kind.ruleset.default_rules
    try:
        rules = kind.read_rules(doc.get("rules"))
    except (ValueError, TypeError) as e:
        problems.append(problem_of(e if isinstance(e, ChanError) else BadRules(str(e)),
                                   None, None, "rules"))
    raw_games = doc.get("games")
    if not isinstance(raw_games, list):
        problems.append(Problem(None, None, "games", "'games' must be a list of games",
                                "'games' phải là danh sách các ván"))
        raw_games = []
    notices: list[NameNotice] = []
    players = _players(doc.get("players"), raw_games, problems, notices, kind=kind, rules=rules)
    thong = doc.get("thong_seat")
    if thong is not None and not _seat(thong, len(players)):
        problems.append(Problem(None, None, "thong_seat",
                                f"'thong_seat' must be a seat or null, not {_brief(thong)}",
                                "'thong_seat' phải là số ghế hoặc null"))
        thong = None
    carried, wrong = kind.read_carried(doc, len(players))
    problems.extend(Problem(None, None, key, en, vi) for key, en, vi in wrong)
    games = [_game(g, gi, len(players), rules, problems, kind) for gi, g in enumerate(raw_games)]
    if problems:
        raise BadRecord([_trimmed(p) for p in problems])
    return SessionRecord(rules=rules, players=players,
                         games=tuple(g for g in games if g is not None), thong_seat=thong,
                         created_at=_text(doc.get("created_at")), notices=tuple(notices),
                         game=kind.name, carried=carried)


def _game_of(doc: dict[str, Any]) -> RecordGame:
    """The adapter of the session's ``game`` (absent: Chắn); BadRecord for another value."""
    name = doc.get("game", DEFAULT_GAME)
    if not isinstance(name, str) or name not in known_games():
        games = ", ".join(f"'{g}'" for g in known_games())
        raise _one(None, "ruleset", f"'game' must be one of {games} (absent: 'chan'), not "
                                 f"{_brief(name)}",
                   f"'game' phải là một trong {games} (không có: 'chan'), không phải "
                   f"{_brief(name)}")
    return record_game(name)


def read_players(raw: object, notices: list[NameNotice] | None = None,
                 session: int | None = None, kind: RecordGame | None = None,
                 rules: object = None) -> tuple[Player, ...]:
    """A FORMATS ``players`` list (BadRecord if it is not one), each name bounded
    (replays.names); a name that had to change adds its notice to ``notices``. ``kind`` and
    ``rules``: the game and làng options the list is for (default: Chắn's)."""
    problems: list[Problem] = []
    players = _players(raw, [], problems, [] if notices is None else notices, session, kind,
                       rules)
    if problems:
        raise BadRecord(problems)
    return players


def _players(raw: object, games: list[Any], problems: list[Problem],
             notices: list[NameNotice], session: int | None = None,
             kind: RecordGame | None = None, rules: object = None) -> tuple[Player, ...]:
    kind = kind if kind is not None else record_game()
    rules = rules if rules is not None else kind.ruleset.default_rules
    if raw is None:  # hand-made scenarios may leave the players out: count the hands
        first = games[0] if games and isinstance(games[0], dict) else {}
        deal = first.get("deal") if isinstance(first, dict) else None
        return default_players(kind.seat_count(rules, deal))
    counts = kind.seat_counts(rules)
    if not isinstance(raw, list) or len(raw) not in counts:
        en, vi = kind.seats_rule(rules)
        problems.append(Problem(None, None, "players", en, vi))
        return default_players(kind.seat_count(rules, None))
    out: list[Player] = []
    for i, p in enumerate(raw):
        if not (isinstance(p, dict) and isinstance(p.get("name"), str)
                and p.get("kind", "human") in _KINDS
                and isinstance(p.get("level", ""), str)):
            problems.append(Problem(None, None, "players",
                                    f"player {i} must be {{\"name\": text, \"kind\": "
                                    f"\"human\" | \"ai\", \"level\": text}}, not {_brief(p)}",
                                    f"người chơi {i} viết sai: cần tên (name) và loại "
                                    f"(kind: human hoặc ai)"))
            continue
        name, notice = bound_seat(p["name"], i, session)  # issue 20: what a name may be
        if notice is not None:
            notices.append(notice)
        out.append(Player(name, p.get("kind", "human"), p.get("level")))
    return tuple(out) if len(out) == len(raw) else default_players(len(raw))


def _game(raw: object, gi: int, players: int, rules: Any,
          problems: list[Problem], kind: RecordGame | None = None) -> GameRecord | None:
    kind = kind if kind is not None else record_game()
    if not isinstance(raw, dict):
        problems.append(Problem(gi, None, "game", f"a game is an object with 'deal' and "
                                                  f"'events', not {_kind(raw)}",
                                "một ván phải là đối tượng có 'deal' và 'events'"))
        return None
    deal: Any = None
    try:
        deal = kind.read_deal(raw.get("deal"), players, rules)
    except ChanError as e:  # BadDeal (each game's own), or a card code that is none
        problems.append(problem_of(e, gi, None, "deal"))
    events = raw.get("events")
    actions: list[Action[Any]] = []
    if not isinstance(events, list):
        problems.append(Problem(gi, None, "events", "'events' must be a list of events",
                                "'events' phải là danh sách các nước đi"))
        events = []
    for ei, ev in enumerate(events):
        try:
            actions.append(kind.read_action(ev))
        except ChanError as e:  # BadAction, or a call token that is none
            problems.append(problem_of(e, gi, ei, "events"))
    mode = raw.get("mode", "real")
    if mode not in _MODES:
        problems.append(Problem(gi, None, "mode", f"'mode' must be one of {', '.join(_MODES)}, "
                                                  f"not {_brief(mode)}",
                                "'mode' phải là teaching, strict hoặc real"))
        mode = "real"
    if deal is None or len(actions) != len(events):
        return None
    return GameRecord(deal=deal, actions=tuple(actions), mode=Mode(mode),
                      unfinished=raw.get("unfinished") is True,
                      engine_version=_text(raw.get("engine_version")),
                      started_at=_text(raw.get("started_at")))


def _seat(value: object, players: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < players


def _text(value: object) -> str | None:
    return value if isinstance(value, str) else None


def _kind(value: object) -> str:
    return {dict: "an object", list: "a list", str: "text", type(None): "null"}.get(
        type(value), type(value).__name__)


MAX_SHOWN = 80  # characters of a bad value quoted in a message
MAX_MESSAGE = 400  # characters of one problem's message


def _brief(value: object) -> str:
    """A value as a message quotes it: short, and never a crash on a hostile one (a list
    nested a thousand deep has no repr)."""
    try:
        text = repr(value)
    except (RecursionError, ValueError):
        return "(a value nested too deeply)"
    return text if len(text) <= MAX_SHOWN else f"{text[:MAX_SHOWN - 1]}…"


def _trimmed(p: Problem) -> Problem:
    """A problem whose messages fit on a screen, however large the bad value it quotes."""
    if len(p.en) <= MAX_MESSAGE and len(p.vi) <= MAX_MESSAGE:
        return p
    return Problem(p.game, p.event, p.part, p.en[:MAX_MESSAGE - 1] + "…",
                   p.vi[:MAX_MESSAGE - 1] + "…")


def _one(game: int | None, part: str, en: str, vi: str) -> BadRecord:
    return BadRecord([Problem(game, None, part, en, vi)])


# ------------------------------------------------------------------------------ writing


def to_json(record: SessionRecord) -> dict[str, Any]:
    """The FORMATS.md document of a session record."""
    doc: dict[str, Any] = {"format": FORMAT, "version": VERSION}
    if record.game != DEFAULT_GAME:  # FORMATS: absent is Chắn, so a Chắn file is unchanged
        doc["game"] = record.game
    doc["rules"] = record.rules.to_json()
    doc["players"] = [p.to_json() for p in record.players]
    if record.thong_seat is not None:
        doc["thong_seat"] = record.thong_seat
    if record.carried is not None:
        doc["pool"] = _number(record.carried.pool)
        doc["debts"] = list(record.carried.debts)
    if record.created_at is not None:
        doc["created_at"] = record.created_at
    doc["games"] = [game_json(g) for g in record.games]
    return doc


def _number(x: float) -> float | int:
    return int(x) if float(x).is_integer() else x


def game_json(game: GameRecord) -> dict[str, Any]:
    """One GAME of FORMATS.md: the deal in the form it came in, and the events."""
    out: dict[str, Any] = {"deal": game.deal.to_json()}
    if game.mode is not Mode.REAL:
        out["mode"] = game.mode.value
    if game.unfinished:
        out["unfinished"] = True
    if game.engine_version is not None:
        out["engine_version"] = game.engine_version
    if game.started_at is not None:
        out["started_at"] = game.started_at
    out["events"] = [a.to_json() for a in game.actions]
    return out


def dumps(doc: object, width: int = 100) -> str:
    """JSON for people: whatever fits on a line stays on one (an event, the rules, a pile)."""
    return _fmt(doc, 0, width) + "\n"


def _fmt(value: object, indent: int, width: int) -> str:
    flat = json.dumps(value, ensure_ascii=False)
    if indent + len(flat) <= width or not isinstance(value, dict | list) or not value or (
            isinstance(value, list) and not any(isinstance(v, dict | list) for v in value)):
        return flat  # a list of cards stays on one line, however long
    pad = " " * (indent + 1)
    if isinstance(value, dict):
        items = [f"{pad}{json.dumps(k, ensure_ascii=False)}: {_fmt(v, indent + 1, width)}"
                 for k, v in value.items()]
        return "{\n" + ",\n".join(items) + "\n" + " " * indent + "}"
    return "[\n" + ",\n".join(pad + _fmt(v, indent + 1, width) for v in value) + "\n" \
        + " " * indent + "]"


def write_file(path: Path, record: SessionRecord) -> None:
    """Write a .chan.json file atomically."""
    write_atomic(path, dumps(to_json(record)))
