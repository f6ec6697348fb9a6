"""``chan-tutor report FILE [--game N | --hoi ID --van N] --html OUT`` (FORMATS.md,
docs/command-line.md): a self-contained HTML page of analysed games — the setup, every
annotation with the position at its event, the result with the true cước beside the call.

FILE is read as ``chan-tutor analyze`` reads it and is never changed; OUT is written whole
through a temporary file renamed over it, so an error never leaves an OUT behind. Each game
is analysed, replayed for its positions and rendered on its own (its thông, C2, from the hội
state kept with it, replays.hoi), its section going to a scratch file: memory does not grow
with the number of games (issue 13). ``--per-session`` writes one page per hội into a folder.
"""

from __future__ import annotations

import argparse
import shutil
import tempfile
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import ExitStack
from pathlib import Path
from typing import Any

from engine import __version__ as ENGINE_VERSION
from engine.actions import Action
from engine.events import Event
from engine.game import Game
from engine.ruleset import DEFAULT_GAME
from replays.analyzer import analyze_session, is_note
from replays.chanjson import read_file
from replays.choice import Choice, choice_of, db_games, file_games
from replays.commands import Analysed, Output, analysed_alone, name_notices
from replays.errors import BadFile, BadRecord
from replays.files import (
    atomic_text,
    check_input,
    check_output,
    check_parent,
    is_database,
    write_error,
)
from replays.games import record_game
from replays.hoi import one_game, record_states
from replays.names import NameNotice
from replays.rebuild import replay_session
from replays.record import SessionRecord
from replays.report_html import CSS, both, data, esc, language_labels, language_switch
from replays.report_page import events_html, seat_name
from replays.store import Store
from replays.text import game_id_text, game_label


class _Positions:
    """A Watcher (replays.rebuild) keeping a copy of the game after each wanted event."""

    def __init__(self, wanted: set[int]) -> None:
        self.wanted = wanted
        self.after_event: dict[int, Game[Any]] = {}

    def before(self, game: Game[Any], index: int, action: Action[Any]) -> None:
        """Nothing to keep before an event."""

    def after(self, game: Game[Any], index: int, action: Action[Any],
              events: list[Event[Any]]) -> None:
        """Keep the position an annotation at ``index`` is shown with."""
        if index in self.wanted:
            self.after_event[index] = game.copy()


# One game as the page shows it: its analysis, the game rebuilt by the engine, and its
# position after each annotated event.
Shown = tuple[Analysed, Game[Any], Mapping[int, Game[Any]]]


def replayed(items: Sequence[Analysed]) -> list[Shown]:
    """Each item with its game and positions. Each hội is replayed once for all its games
    shown (the items of one hội share its record), never once per game."""
    by_hoi: dict[int, list[Analysed]] = {}
    for item in items:
        by_hoi.setdefault(id(item.record), []).append(item)
    shown: dict[int, Shown] = {}
    for group in by_hoi.values():
        watchers = {item.position: _Positions({int(a["event"]) for a in item.doc["annotations"]})
                    for item in group}
        replay = replay_session(group[0].record, watch=watchers.get)
        for item in group:
            shown[id(item)] = (item, replay.games[item.position],
                               watchers[item.position].after_event)
    return [shown[id(item)] for item in items]


def _counts(doc: dict[str, object], kinds: Mapping[str, tuple[str, str]]) -> str:
    found = Counter(str(a["kind"]) for a in doc["annotations"])  # type: ignore[attr-defined]
    if not found:
        return both("không có ghi chú nào", "no annotations")
    return ", ".join(f"{both(*kinds.get(k, (k, k)))}: {n}" for k, n in
                     sorted(found.items(), key=lambda kv: (is_note({"kind": kv[0]}), kv[0])))


def _who(item: Analysed) -> str:
    """The players: each seat's name, human or computer (and its level)."""
    vi, en = [], []
    for s, p in enumerate(item.players):
        seat_vi, seat_en = seat_name(s, item.players)
        level = f" {p.level}" if p.kind != "human" and p.level else ""
        vi.append(f"{seat_vi} — {'người' if p.kind == 'human' else 'máy'}{level}")
        en.append(f"{seat_en} — {'human' if p.kind == 'human' else 'computer'}{level}")
    return both(" · ".join(vi), " · ".join(en))


def game_html(item: Analysed, game: Game[Any], positions: Mapping[int, Game[Any]]) -> str:
    """One game's section: ``game`` is the game of ``item`` rebuilt, ``positions`` the game
    after each annotated event, shown by its game's pieces (replays.games). It is named as
    the program shows it ("Hội 2 · ván 3"); its anchor and ``data-game`` keep the index
    ``--game`` takes (FORMATS.md); a Tổ tôm game says so (``data-ruleset``)."""
    doc = item.doc
    n = doc["index"]
    prefix = f"g{n}"
    errors = sum(1 for a in doc["annotations"] if not is_note(a))
    shown = record_game(item.record.game)
    pieces = shown.report()
    ids = data(game=n, van=item.van, game_id=doc.get("game_id"),
               session_id=doc.get("session_id"),
               ruleset=None if shown.name == DEFAULT_GAME else shown.name)
    return (f'<section class="game" id="{prefix}"{ids}>'
            f'<h2>{_label(item)}</h2>'
            f'<p class="meta">{_who(item)}</p>'
            f'{pieces.setup_html(doc, item.players)}{pieces.result_html(doc, item.players)}'
            f'<h3>{both("Ghi chú theo nước", "Annotations, move by move")} ({errors} '
            f'{both("lỗi và sai sót", "errors")}, {len(doc["annotations"])} '
            f'{both("ghi chú", "in all")})</h3><p>{_counts(doc, pieces.kinds)}</p>'
            f'{events_html(doc, item.players, game.record, positions, prefix, pieces)}'
            f'</section>')


def _label(item: Analysed) -> str:
    """The game's name as the program shows it, its id beside it (a database's game)."""
    vi, en = game_label(item.doc, item.van)
    ident = game_id_text(item.doc)
    return both(vi + ident, en + ident)


def toc_line(item: Analysed) -> str:
    """A game's line in the page's table of contents."""
    n = item.doc["index"]
    errors = sum(1 for a in item.doc["annotations"] if not is_note(a))
    return (f'<li><a href="#g{n}">{_label(item)}</a>'
            f' · {errors} {both("lỗi và sai sót", "errors")}</li>')


def page_head(source: str, games: int, toc: Iterable[str],
              kinds: Iterable[str] = (DEFAULT_GAME,)) -> str:
    """The page up to its first game: the language switch, the title, the file's name (never
    the folder it is in: the page is made to be sent to others), the count, the table of
    contents and the card legend of each game shown (``kinds``: FORMATS ``game``)."""
    name = esc(Path(source).name)
    legend = "".join(record_game(k).report().legend() for k in dict.fromkeys(kinds))
    return (f'<!DOCTYPE html>\n<html lang="vi">\n<head>\n<meta charset="utf-8">\n'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">\n'
            f'<title>Báo cáo ván đấu — {name} (chan-tutor)</title>\n'
            f'<style>{CSS}</style>\n</head>\n<body>\n{language_switch()}<header>'
            f'{language_labels()}<h1>{both("Báo cáo ván đấu", "Game report")}</h1>'
            f'<p class="meta">{name} · {games} {both("ván", "game(s)")}</p>'
            f'<ul class="toc">{"".join(toc)}</ul>{legend}</header>\n<main>')


def page_foot() -> str:
    """The page after its last game."""
    made_vi = f"Tạo bởi chan-tutor (engine {ENGINE_VERSION}); mở được bằng mọi trình duyệt."
    made_en = f"Made by chan-tutor (engine {ENGINE_VERSION}); opens in any browser."
    return (f'</main>\n<footer>{both(made_vi, made_en)}</footer>\n'
            f'</body>\n</html>\n')


def page(source: str, shown: Sequence[Shown]) -> str:
    """The whole page: UTF-8, lang="vi", inline CSS, no script, nothing fetched."""
    kinds = [item.record.game for item, _, _ in shown] or [DEFAULT_GAME]
    return (page_head(source, len(shown), (toc_line(item) for item, _, _ in shown), kinds)
            + "".join(game_html(*s) for s in shown) + page_foot())


# ---------------------------------------------------------------------------- streaming
# A report of thousands of games is written game by game (issue 13): each game is read,
# analysed, replayed for its positions and rendered alone — what it needs from its hội (its
# thông) comes from the state kept with it (replays.hoi) —, its section goes to a scratch
# file and only its line of the table of contents is kept; the page is then put together.


def _db_games(store: Store, source: Path, choice: Choice) -> Iterator[tuple[int, Shown]]:
    """(session id, the game shown) of every game of a database (or those chosen)."""
    every = store.game_ids()
    wanted = db_games(store, source, choice)
    index = {gid: n for n, gid in enumerate(every)}  # as --game counts
    for gid in every if wanted is None else wanted:
        item = analysed_alone(store, gid, index[gid])
        yield item.doc["session_id"], replayed([item])[0]


def _file_games(record: SessionRecord, source: Path, choice: Choice
                ) -> Iterator[tuple[int, Shown]]:
    """(0, the game shown) of every game of a .chan.json record (or the one chosen)."""
    wanted = file_games(source, len(record.games), choice)
    try:
        for n, (state, _, _) in enumerate(record_states(record)):
            if wanted is not None and n != wanted[0]:
                continue
            alone = one_game(record, n, state)
            doc = {**analyze_session(alone)[0], "index": n}
            yield 0, replayed([Analysed(doc, record.players, alone, 0, n + 1)])[0]
            if wanted is not None:
                return
    except BadRecord as e:
        raise e.located(str(source)) from None


def _games_of(path: Path, choice: Choice, stack: ExitStack) -> Iterator[tuple[int, Shown]]:
    """Every game of FILE shown, one at a time (a database through a private copy)."""
    check_input(path)
    if is_database(path):
        store = stack.enter_context(Store.open_copy(path))
        return _db_games(store, path, choice)
    return _file_games(read_file(path), path, choice)


class _Page:
    """One page being written: its sections to a scratch file, its table of contents kept."""

    def __init__(self, out: Path, source: str, stack: ExitStack) -> None:
        self.out = out
        self.source = source
        scratch = out.parent if out.parent.is_dir() else None  # closed with the stack
        self.body = stack.enter_context(tempfile.TemporaryFile(  # noqa: SIM115
            "w+", encoding="utf-8", newline="\n", dir=scratch))
        self.toc: list[str] = []
        self.kinds: list[str] = []  # the games shown (FORMATS ``game``), for the legend
        self.annotations = 0
        self.notices: dict[tuple[int | None, int], NameNotice] = {}  # names changed (issue 20)

    def add(self, shown: Shown) -> None:
        item = shown[0]
        self.notices.update(((n.session, n.seat), n) for n in item.record.notices)
        self.toc.append(toc_line(item))
        self.kinds.append(item.record.game)
        self.annotations += len(item.doc["annotations"])
        self.body.write(game_html(*shown))

    def write(self) -> None:
        """Write OUT whole (through a temporary file renamed over it)."""
        self.body.seek(0)
        with atomic_text(self.out) as f:
            f.write(page_head(self.source, len(self.toc), self.toc,
                              self.kinds or [DEFAULT_GAME]))
            shutil.copyfileobj(self.body, f, 1 << 20)
            f.write(page_foot())


def _write_pages(path: Path, choice: Choice, target: Callable[[int], Path]
                 ) -> list[_Page]:
    """Analyse and render FILE's games one at a time into the page ``target(session)``
    names for each; the pages written."""
    pages: dict[Path, _Page] = {}
    with ExitStack() as stack:
        for sid, shown in _games_of(path, choice, stack):
            out = target(sid)
            if out not in pages:
                pages[out] = _Page(out, str(path), stack)
            pages[out].add(shown)
        if not pages and choice.everything:  # a file without games: still a page saying so
            pages[target(0)] = _Page(target(0), str(path), stack)
        written: list[Path] = []
        try:
            for p in pages.values():
                p.write()
                written.append(p.out)
        except BaseException:
            for done in written:  # all the pages or none
                done.unlink(missing_ok=True)
            raise
    return list(pages.values())


def report(args: argparse.Namespace) -> Output:
    """``report FILE [--game N | --hoi ID --van N] --html OUT`` (one page), or
    ``--per-session``: OUT is a folder and each hội gets its page ``OUT/hoi-ID.html``. Each
    game is analysed and rendered on its own, so memory does not grow with the number of
    games."""
    path: Path = args.file
    choice = choice_of(args)
    out: Path = args.html
    force = getattr(args, "force", False)
    per_session = getattr(args, "per_session", False)
    if per_session:
        check_folder(out)

        def target(sid: int) -> Path:
            page_path = out / f"hoi-{sid}.html"
            check_output(page_path, force, inputs=[path])
            return page_path
    else:
        # an existing OUT only with --force; never the input, a database or a folder
        check_output(out, force, inputs=[path])

        def target(sid: int) -> Path:
            return out
    try:
        pages = _write_pages(path, choice, target)
    except OSError as e:
        if isinstance(e, BadFile):
            raise
        raise write_error(out, e) from None
    games = sum(len(p.toc) for p in pages)
    notes = sum(p.annotations for p in pages)
    told = name_notices(path, (n for p in pages for n in p.notices.values()))
    if per_session:
        names = [str(p.out) for p in pages]
        return Output({"out": str(out), "pages": names, "games": games, "annotations": notes},
                      f"Đã ghi báo cáo {games} ván ({notes} ghi chú) thành {len(names)} trang "
                      f"trong / wrote the report of {games} game(s) ({notes} annotations) as "
                      f"{len(names)} page(s) in {out}\n", told)
    return Output({"out": str(out), "games": games, "annotations": notes},
                  f"Đã ghi báo cáo {games} ván ({notes} ghi chú) vào / wrote the report "
                  f"of {games} game(s) ({notes} annotations) to {out}\n", told)


def check_folder(out: Path) -> None:
    """``--per-session``'s OUT: a folder (made if missing, in a folder that exists: a
    mistyped path is refused, never made), not a file."""
    if out.exists() and not out.is_dir():
        raise BadFile(f"{out}: with --per-session, OUT is a folder for the pages (this is a "
                      f"file)",
                      f"{out}: với --per-session, OUT là thư mục chứa các trang (đây là một "
                      f"tệp)")
    check_parent(out)
    try:
        out.mkdir(exist_ok=True)
    except OSError as e:
        raise write_error(out, e) from None
