"""The record verbs of ``chan-tutor`` (FORMATS.md "Command line"): analyze, export, import,
selfplay, report.

Plain text by default, one JSON document on stdout with ``--json``; errors on stderr in
English and Vietnamese; exit 2 for bad input, 1 for anything else. Importing this module is
cheap (argparse only): ``chan-tutor --version`` and the app's start-up pay nothing for it.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any, NoReturn

from replays.games import DEFAULT_GAME, known_games

COMMANDS = ("analyze", "export", "import", "selfplay", "report")


class Parser(argparse.ArgumentParser):
    """argparse, with usage errors also explained in Vietnamese (exit 2), and no abbreviated
    options: ``--game`` must never be read as ``--games`` (selfplay; issue 20)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs["allow_abbrev"] = False
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> NoReturn:
        """Print the usage and the problem in both languages; exit 2 (bad input)."""
        self.print_usage(sys.stderr)
        self.exit(2, f"{self.prog}: error: {message}\n"
                     f"{self.prog}: lỗi: lệnh không hợp lệ ({message})\n")


Commands = argparse._SubParsersAction  # the object other verbs are added to


def add_commands(parser: argparse.ArgumentParser) -> Commands[Parser]:
    """Add the record verbs as sub-commands of ``parser`` (which keeps its own options);
    returns the sub-command set, for the verbs of other layers."""
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
    data_dir: dict[str, Any] = {"type": Path, "metavar": "PATH", "default": argparse.SUPPRESS,
                                "help": "folder for user data (default: the platform's)"}

    a = sub.add_parser("analyze", help="annotate every game of a .chan.json file or a "
                                       "replay database (RULES R10)")
    a.add_argument("file", type=Path, metavar="FILE", help="a .chan.json file or a .db")
    add_choice(a, game_is_id=False)
    a.add_argument("--json", action="store_true", help="print one JSON document")
    a.add_argument("--data-dir", **data_dir)

    e = sub.add_parser("export", help="write a game (or a session) of a database as "
                                      ".chan.json")
    e.add_argument("db", type=Path, metavar="DB")
    add_choice(e, game_is_id=True)
    e.add_argument("--out", type=Path, required=True, metavar="FILE.chan.json")
    e.add_argument("--force", action="store_true",
                   help="replace FILE.chan.json if it exists (never a database or the input)")
    e.add_argument("--json", action="store_true", help="print one JSON document")
    e.add_argument("--data-dir", **data_dir)

    i = sub.add_parser("import", help="add the games of a .chan.json file to a database")
    i.add_argument("file", type=Path, metavar="FILE.chan.json")
    i.add_argument("--db", type=Path, metavar="DB",
                   help="the database (default: replays.db in the user data folder)")
    i.add_argument("--json", action="store_true", help="print one JSON document")
    i.add_argument("--data-dir", **data_dir)

    p = sub.add_parser("selfplay", help="AI-only games of one hội, reproducible from the seed")
    p.add_argument("--games", type=int, required=True, metavar="N")
    p.add_argument("--seed", type=int, default=0, metavar="S")
    p.add_argument("--game", choices=known_games(), default=DEFAULT_GAME,
                   help="the game: chan (default) or to_tom (Tổ tôm, played in open mode, "
                        "TOTOM T8.5)")
    p.add_argument("--levels", default=None, metavar="L0,L1,L2,L3",
                   help="one level per seat (Chắn: beginner, normal, strong or random, 2 to "
                        "4 seats, default normal ×4; Tổ tôm: beginner, normal or random, 4 or "
                        "5 seats, default normal ×5)")
    p.add_argument("--out", type=Path, metavar="FILE",
                   help="save the games: a .db (replay database) or a .chan.json")
    p.add_argument("--force", action="store_true",
                   help="replace the .chan.json if it exists; add the games to an existing "
                        "database as a new hội (a database is never replaced)")
    p.add_argument("--json", action="store_true", help="print one JSON document")
    p.add_argument("--data-dir", **data_dir)

    r = sub.add_parser("report", help="write a self-contained HTML page of the analysed "
                                      "game(s) of a .chan.json file or a replay database")
    r.add_argument("file", type=Path, metavar="FILE", help="a .chan.json file or a .db")
    add_choice(r, game_is_id=False)
    r.add_argument("--html", type=Path, required=True, metavar="OUT",
                   help="the HTML page to write (with --per-session: a folder)")
    r.add_argument("--per-session", action="store_true",
                   help="one page per hội: OUT is a folder, each hội written as "
                        "OUT/hoi-ID.html")
    r.add_argument("--force", action="store_true",
                   help="replace OUT if it exists (never a database or the input)")
    r.add_argument("--json", action="store_true", help="print one JSON document")
    r.add_argument("--data-dir", **data_dir)
    return sub


def add_choice(verb: argparse.ArgumentParser, game_is_id: bool) -> None:
    """The options naming games (replays.choice): ``--game`` as FORMATS.md defines it for
    the verb (export: a game's id; analyze, report: an index counted from 0), and
    ``--hoi``/``--van`` as the program shows a game ("Hội 2 · ván 3"), alike in every verb."""
    also = "; or name it as the program shows it, with --hoi ID --van N"
    if game_is_id:
        verb.add_argument("--game", type=int, metavar="ID",
                          help="the game with this id in the database (FORMATS.md)" + also)
    else:
        verb.add_argument("--game", type=int, metavar="N",
                          help="only game N of FILE, counted from 0 among all its games "
                               "(FORMATS.md)" + also)
    verb.add_argument("--hoi", "--session", type=int, dest="hoi", metavar="ID",
                      help="the hội (session) with this id in a database, as Xem lại shows it "
                           "(\"Hội ID · ván N\"); without --van: all its games")
    verb.add_argument("--van", type=int, metavar="N",
                      help="ván N of the hội (of --hoi, of a database's only hội, or of a "
                           ".chan.json file), counted from 1 as the program shows it")


def build_parser() -> Parser:
    """A parser with only the record verbs (``python -m replays.cli``)."""
    parser = Parser(prog="chan-tutor", description="Chắn tutor: game records.")
    parser.add_argument("--data-dir", type=Path, metavar="PATH", default=None,
                        help="folder for user data (default: the platform's)")
    add_commands(parser)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Parse and run one record verb; returns the exit code."""
    args = build_parser().parse_args(argv)
    if args.command is None:
        build_parser().print_usage(sys.stderr)
        return 2
    return run(args)


def run(args: argparse.Namespace) -> int:
    """Run a parsed record verb: 0, 2 for bad input, 1 for anything else."""
    import sqlite3

    from engine.errors import ChanError
    from replays.errors import RecordError, cause_of, database_error

    try:
        from replays import commands, report, selfplay
        from replays.database import longer_lock_waits
        from replays.text import inert, inert_json

        verb = {"analyze": commands.analyze, "export": commands.export,
                "import": commands.import_, "selfplay": selfplay.selfplay,
                "report": report.report}[args.command]
        with longer_lock_waits():  # a script waits for the program's write, never fails on it
            out = verb(args)
        if args.json:  # never Infinity or NaN: they are not JSON (a ValueError is a bug)
            printed = inert_json(json.dumps(out.data, ensure_ascii=False, allow_nan=False))
            printed += "\n"
        else:  # names, cards and paths are untrusted: no control character reaches a terminal
            printed = inert(out.text)
    except RecordError as e:
        _fail(e.en, e.vi)
        return 2
    except ChanError as e:  # the engine refused something the input asked for
        _fail(f"bad input: {e}", f"dữ liệu không hợp lệ: {e}")
        return 2
    except sqlite3.Error as e:  # by its real cause: locked, full, permission, damaged
        bad = database_error("", e)
        _fail(bad.en, bad.vi)
        return 2
    except OSError as e:
        if cause_of(e) is None:  # not the user's disk or rights: a bug
            _fail(f"internal error: {type(e).__name__}: {e}",
                  f"lỗi nội bộ: {type(e).__name__}: {e}")
            return 1
        bad = database_error(str(e.filename or ""), e)
        _fail(bad.en, bad.vi)
        return 2
    except RecursionError:  # JSON nested thousands deep, in a file or a database column
        _fail("the input is damaged: its data is nested too deeply to be a game record",
              "dữ liệu đầu vào bị hỏng: lồng nhau quá sâu, không thể là bản ghi ván đấu")
        return 2
    except Exception as e:  # a bug or the system, not the input
        _fail(f"internal error: {type(e).__name__}: {e}",
              f"lỗi nội bộ: {type(e).__name__}: {e}")
        return 1
    sys.stdout.write(printed)
    for en, vi in out.notices:  # names shortened on the way in (issue 20): said, not failed
        sys.stderr.write(inert(f"chan-tutor: {en}\nchan-tutor: {vi}\n"))
    return 0


def _fail(en: str, vi: str) -> None:
    from replays.text import inert

    sys.stderr.write(inert(f"chan-tutor: {en}\nchan-tutor: {vi}\n"))


if __name__ == "__main__":
    sys.exit(main())
