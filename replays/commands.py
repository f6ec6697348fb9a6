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
from replays.choice import (
    EVERY_GAME,
    Choice,
    choice_of,
    db_games,
    file_games,
    hoi_games,
    no_hoi,
)
from replays.errors import BadFile, BadRecord
from replays.files import check_input, check_output, check_parent, is_database, write_error
from replays.names import KEPT, READ_ONLY, NameNotice
from replays.paths import default_db
from replays.rebuild import replay_session
from replays.record import Player, SessionRecord
from replays.store import Store
from replays.text import places_text, render_games


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


@dataclass(frozen=True, slots=True)
class Analysed:
    """One analysed game of FILE: its document (FORMATS.md's, with ``session_id`` and
    ``game_id`` for a database's game), its players, where it was played (game ``position``
    of the hội ``record``: one record shared by the games of a hội, replaying it rebuilds the
    game, its thông included), and its ván in its hội, counted from 1 as the program shows
    it."""

    doc: Doc
    players: tuple[Player, ...]
    record: SessionRecord
    position: int
    van: int


def analyze(args: argparse.Namespace) -> Output:
    """``analyze FILE [--game N | --hoi ID --van N]``: a .chan.json file or a replay database
    (read, never changed)."""
    games = analysed(args.file, choice_of(args))
    return Output({"games": [a.doc for a in games]},
                  render_games([(a.doc, a.players, a.van, a.record.game) for a in games]),
                  name_notices(args.file, (n for a in games for n in a.record.notices)))


def analysed(path: Path, choice: Choice = EVERY_GAME) -> list[Analysed]:
    """The games of FILE (or those ``choice`` names) analysed as ``analyze`` reads FILE:
    a .chan.json or a replay database (through a private copy: never changed)."""
    check_input(path)  # a regular file, before anything opens it (a FIFO would block)
    if is_database(path):
        return _analyze_db(path, choice)
    record = read_file(path)
    wanted = file_games(path, len(record.games), choice)
    if wanted is not None:  # the games before it still decide its thông (C2)
        record = replace(record, games=record.games[:wanted[0] + 1])
    try:
        docs = analyze_session(record)
    except BadRecord as e:
        raise e.located(str(path)) from None
    first = 0 if wanted is None else wanted[0]
    return [Analysed(d, record.players, record, n, n + 1)
            for n, d in enumerate(docs[first:], start=first)]


def _numbered(doc: Doc, n: int, game_id: int, session_id: int) -> Doc:
    """A database game's document: its ``index`` as ``--game`` counts (FORMATS.md), its id
    and its hội's."""
    return {**doc, "index": n, "game_id": game_id, "session_id": session_id}


def analysed_alone(store: Store, game_id: int, n: int) -> Analysed:
    """Game ``game_id`` of a database (game ``n`` as ``analyze --game`` counts them) analysed
    alone: what it needs from its hội (its thông, C2) comes from the state kept with it
    (replays.hoi), so game 10,000 of a hội costs what game 1 does (issue 13)."""
    sid, pos, record = store.game_alone(game_id)
    try:
        doc = analyze_session(record)[0]
    except BadRecord as e:
        raise store.named(e, game_id) from None
    return Analysed(_numbered(doc, n, game_id, sid), record.players, record, 0, pos + 1)


def _analyze_db(path: Path, choice: Choice) -> list[Analysed]:
    with Store.open_copy(path) as store:
        every = store.game_ids()
        wanted = db_games(store, path, choice)
        index = {gid: n for n, gid in enumerate(every)}
        if wanted is not None and len(wanted) == 1:  # one game alone, its hội not replayed
            return [analysed_alone(store, wanted[0], index[wanted[0]])]
        ids = every if wanted is None else wanted
        where = {gid: store.locate(gid) for gid in ids}
        sessions = store.sessions_upto(where.values())  # every hội replayed once
        docs = {sid: store.analyze_record(sid, record) for sid, record in sessions.items()}
    out: list[Analysed] = []
    for gid in ids:
        sid, pos = where[gid]
        out.append(Analysed(_numbered(docs[sid][pos], index[gid], gid, sid),
                            sessions[sid].players, sessions[sid], pos, pos + 1))
    return out


def export(args: argparse.Namespace) -> Output:
    """``export DB --game ID | --session/--hoi ID [--van N] --out FILE``: write .chan.json
    (DB left as it was). ``--game`` is a game's id in the database (FORMATS.md)."""
    db: Path = args.db
    out: Path = args.out
    choice = choice_of(args)
    if choice.everything:
        raise BadFile("export needs the game or hội to write: --hoi ID [--van N] (as the "
                      "program shows it, \"Hội ID · ván N\"), or --game ID (a game's id)",
                      "export cần biết ván hay hội nào: --hoi MÃ [--van N] (như chương trình "
                      "hiện, \"Hội MÃ · ván N\"), hoặc --game MÃ (mã số của ván)")
    check_input(db)
    check_output(out, getattr(args, "force", False), inputs=[db])
    with Store.open_copy(db) as store:
        try:
            if choice.hoi is not None and choice.van is None:  # a whole hội
                record = store.session(choice.hoi)
                places = [(choice.hoi, n) for n in range(len(record.games))]
            else:  # --game: the game's id (FORMATS.md); --van: as the program shows it
                game_id = choice.game if choice.game is not None else \
                    hoi_games(store, db, choice.hoi, choice.van)[0]
                record = store.export_game(game_id)
                places = [store.locate(game_id)]
        except KeyError:
            if choice.game is not None:
                raise BadFile(f"{db}: there is no game with id {choice.game}",
                              f"{db}: không có ván mã số {choice.game}") from None
            raise no_hoi(db, choice.hoi) from None
    try:
        write_file(out, record)
    except OSError as e:
        raise write_error(out, e) from None
    n = len(record.games)
    vi, en = places_text(places)
    return Output({"out": str(out), "games": n},
                  f"Đã xuất {n} ván ({vi}) vào / exported {n} game(s) ({en}) to {out}\n",
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
    if args.db is not None:  # the folder of a database the user names is never made for them
        check_parent(args.db)
    db: Path = args.db if args.db is not None else default_db(getattr(args, "data_dir", None))
    from replays.library import import_sessions  # the library's duplicate check (issue 13)

    with Store.open(db) as store:
        ids = import_sessions(store, [(record, replay)])
        places = [store.locate(gid) for gid in ids]
    sessions = sorted({sid for sid, _ in places})
    skipped = len(record.games) - len(ids)
    vi, en = places_text(places)
    return Output({"db": str(db), "session_id": sessions[0] if sessions else None,
                   "session_ids": sessions, "game_ids": ids, "skipped": skipped},
                  f"Đã nhập {len(ids)} ván ({vi}) vào / imported {len(ids)} game(s) ({en}) "
                  f"into {db}; {skipped} ván đã có nên bỏ qua / {skipped} already there, "
                  f"skipped\n",
                  name_notices(args.file, record.notices, KEPT))
