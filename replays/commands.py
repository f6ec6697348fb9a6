"""What the record verbs do, given parsed arguments: each returns its JSON document and the
plain text for people (replays.cli prints one of them)."""

from __future__ import annotations

import argparse
from collections.abc import Iterable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from replays.analyzer import Doc, analyze_session
from replays.chanjson import read_file, write_file
from replays.errors import BadFile, BadRecord
from replays.files import check_input, check_output, is_database, write_error
from replays.names import KEPT, READ_ONLY, NameNotice
from replays.paths import default_db
from replays.rebuild import replay_session
from replays.record import Player, SessionRecord
from replays.store import Store
from replays.text import render_games


@dataclass(frozen=True, slots=True)
class Output:
    """A verb's result: the ``--json`` document, the plain text, and the notices said on
    stderr in both languages, (en, vi) each: names changed on the way in (replays.names)."""

    data: dict[str, Any]
    text: str
    notices: tuple[tuple[str, str], ...] = ()


def name_notices(source: Path, notices: Iterable[NameNotice],
                 after: tuple[str, str] = READ_ONLY) -> tuple[tuple[str, str], ...]:
    """What reading ``source`` changed in its players' names, each said once (a hội's
    seat), followed by ``after`` (en, vi): what became of the name."""
    once = {(n.session, n.seat): n for n in notices}
    return tuple((f"{source}: {n.en} ({after[0]})", f"{source}: {n.vi} ({after[1]})")
                 for n in once.values())


def _no_game(source: Path, n: int, count: int) -> BadFile:
    return BadFile(f"{source}: there is no game {n} (it holds {count} games, counted from 0)",
                   f"{source}: không có ván {n} (tệp có {count} ván, đếm từ 0)")


@dataclass(frozen=True, slots=True)
class Analysed:
    """One analysed game of FILE: its document, its players, the title line ``analyze``
    prints, and where it was played: game ``position`` of the hội ``record`` (one record
    shared by the games of a hội; replaying it rebuilds the game, its thông included)."""

    doc: Doc
    players: tuple[Player, ...]
    title: str
    record: SessionRecord
    position: int


def analyze(args: argparse.Namespace) -> Output:
    """``analyze FILE [--game N]``: a .chan.json file or a replay database (read, never
    changed)."""
    games = analysed(args.file, args.game)
    return Output({"games": [a.doc for a in games]},
                  render_games([(a.doc, a.players, a.title) for a in games]),
                  name_notices(args.file, (n for a in games for n in a.record.notices)))


def analysed(path: Path, game: int | None = None) -> list[Analysed]:
    """The games of FILE (or game N, counted from 0) analysed as ``analyze`` reads FILE:
    a .chan.json or a replay database (through a private copy: never changed)."""
    check_input(path)  # a regular file, before anything opens it (a FIFO would block)
    if is_database(path):
        return _analyze_db(path, game)
    record = read_file(path)
    count = len(record.games)
    if game is not None and not 0 <= game < count:
        raise _no_game(path, game, count)
    if game is not None:  # the games before N still decide its thông (C2)
        record = replace(record, games=record.games[:game + 1])
    try:
        docs = analyze_session(record)
    except BadRecord as e:
        raise e.located(str(path)) from None
    first = 0 if game is None else game
    return [Analysed(d, record.players, "", record, n)
            for n, d in enumerate(docs[first:], start=first)]


def analysed_alone(store: Store, game_id: int, n: int) -> Analysed:
    """Game ``game_id`` of a database (game ``n`` as ``analyze`` counts them) analysed alone:
    what it needs from its hội (its thông, C2) comes from the state kept with it
    (replays.hoi), so game 10,000 of a hội costs what game 1 does (issue 13)."""
    sid, pos, record = store.game_alone(game_id)
    try:
        doc = analyze_session(record)[0]
    except BadRecord as e:
        raise store.named(e, game_id) from None
    doc = {**doc, "index": n, "game_id": game_id, "session_id": sid}
    return Analysed(doc, record.players, f" · id {game_id}, hội/session {sid} #{pos}",
                    record, 0)


def _analyze_db(path: Path, game: int | None) -> list[Analysed]:
    with Store.open_copy(path) as store:
        ids = store.game_ids()
        if game is not None and not 0 <= game < len(ids):
            raise _no_game(path, game, len(ids))
        if game is not None:  # game N alone, its hội not replayed
            return [analysed_alone(store, ids[game], game)]
        where = {gid: store.locate(gid) for gid in ids}
        sessions = store.sessions_upto(where.values())  # every hội replayed once
        docs = {sid: store.analyze_record(sid, record) for sid, record in sessions.items()}
    out: list[Analysed] = []
    for n, gid in enumerate(ids):
        sid, pos = where[gid]
        doc = {**docs[sid][pos], "index": n, "game_id": gid, "session_id": sid}
        out.append(Analysed(doc, sessions[sid].players,
                            f" · id {gid}, hội/session {sid} #{pos}", sessions[sid], pos))
    return out


def export(args: argparse.Namespace) -> Output:
    """``export DB --game ID|--session ID --out FILE``: write .chan.json (DB left as it was)."""
    db: Path = args.db
    out: Path = args.out
    check_input(db)
    check_output(out, getattr(args, "force", False), inputs=[db])
    with Store.open_copy(db) as store:
        try:
            record = store.export_game(args.game) if args.game is not None \
                else store.session(args.session)
        except KeyError:
            what = "game" if args.game is not None else "session"
            ident = args.game if args.game is not None else args.session
            vi = "ván" if args.game is not None else "hội"
            raise BadFile(f"{db}: there is no {what} with id {ident}",
                          f"{db}: không có {vi} mã số {ident}") from None
    try:
        write_file(out, record)
    except OSError as e:
        raise write_error(out, e) from None
    n = len(record.games)
    return Output({"out": str(out), "games": n},
                  f"Đã xuất {n} ván vào / exported {n} game(s) to {out}\n",
                  name_notices(db, record.notices, (f"{out} holds the name as shown; the database "
                                              f"is not changed",
                                              f"{out} ghi tên như trên; cơ sở dữ liệu không "
                                              f"bị thay đổi")))


def import_(args: argparse.Namespace) -> Output:
    """``import FILE [--db DB]``: check every event, then store the session in one go."""
    check_input(args.file)
    if is_database(args.file):
        raise BadFile(f"{args.file}: import reads .chan.json files, not databases (export a "
                      f"game of it first)",
                      f"{args.file}: lệnh import đọc tệp .chan.json, không đọc cơ sở dữ liệu "
                      f"(hãy export ván đó trước)")
    record = read_file(args.file)
    try:
        replay = replay_session(record)
    except BadRecord as e:
        raise e.located(str(args.file)) from None
    db: Path = args.db if args.db is not None else default_db(getattr(args, "data_dir", None))
    from replays.library import import_sessions  # the library's duplicate check (issue 13)

    with Store.open(db) as store:
        ids = import_sessions(store, [(record, replay)])
        sessions = sorted({store.locate(gid)[0] for gid in ids})
    skipped = len(record.games) - len(ids)
    return Output({"db": str(db), "session_id": sessions[0] if sessions else None,
                   "session_ids": sessions, "game_ids": ids, "skipped": skipped},
                  f"Đã nhập {len(ids)} ván vào / imported {len(ids)} game(s) into {db} "
                  f"(hội/session {', '.join(map(str, sessions)) or '—'}, ids "
                  f"{', '.join(map(str, ids)) or '—'}); {skipped} ván đã có nên bỏ qua / "
                  f"{skipped} already there, skipped\n",
                  name_notices(args.file, record.notices, KEPT))
