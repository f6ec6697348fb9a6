"""``chan-tutor report FILE [--game N] --html OUT`` (FORMATS.md): a self-contained HTML page
of analysed games — the setup, every annotation with the position at its event, the result
with the true cước beside the call.

FILE is read exactly as ``chan-tutor analyze`` reads it (replays.commands.analysed) and is
never changed; the page is built whole before OUT is written (atomically), so an error
never leaves an OUT behind. The positions are the engine's own states, rebuilt by replaying
each session (hội) once for all its games shown (their thông, C2, included).
"""

from __future__ import annotations

import argparse
from collections import Counter
from collections.abc import Mapping, Sequence
from pathlib import Path

from engine import __version__ as ENGINE_VERSION
from engine.actions import Action
from engine.events import Event
from engine.game import Game
from replays.analyzer import is_note
from replays.commands import Analysed, Output, analysed
from replays.errors import BadFile
from replays.files import write_atomic
from replays.rebuild import replay_session
from replays.report_html import CSS, both, data, esc
from replays.report_page import (
    KINDS,
    events_html,
    result_html,
    seat_name,
    setup_html,
)


class _Positions:
    """A Watcher (replays.rebuild) keeping a copy of the game after each wanted event."""

    def __init__(self, wanted: set[int]) -> None:
        self.wanted = wanted
        self.after_event: dict[int, Game] = {}

    def before(self, game: Game, index: int, action: Action) -> None:
        """Nothing to keep before an event."""

    def after(self, game: Game, index: int, action: Action, events: list[Event]) -> None:
        """Keep the position an annotation at ``index`` is shown with."""
        if index in self.wanted:
            self.after_event[index] = game.copy()


# One game as the page shows it: its analysis, the game rebuilt by the engine, and its
# position after each annotated event.
Shown = tuple[Analysed, Game, Mapping[int, Game]]


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


def _counts(doc: dict[str, object]) -> str:
    found = Counter(str(a["kind"]) for a in doc["annotations"])  # type: ignore[attr-defined]
    if not found:
        return both("không có ghi chú nào", "no annotations")
    return ", ".join(f"{both(*KINDS.get(k, (k, k)))}: {n}" for k, n in
                     sorted(found.items(), key=lambda kv: (is_note({"kind": kv[0]}), kv[0])))


def game_html(item: Analysed, game: Game, positions: Mapping[int, Game]) -> str:
    """One game's section: ``game`` is the game of ``item`` rebuilt, ``positions`` the game
    after each annotated event."""
    doc, players = item.doc, item.players
    n = doc["index"]
    prefix = f"g{n}"
    who = " · ".join(seat_name(s, players)[0] + (" — người / human" if p.kind == "human"
                                                  else f" — máy / computer {p.level or ''}")
                     for s, p in enumerate(players))
    errors = sum(1 for a in doc["annotations"] if not is_note(a))
    ids = data(game=n, game_id=doc.get("game_id"), session_id=doc.get("session_id"))
    return (f'<section class="game" id="{prefix}"{ids}>'
            f'<h2>{both(f"Ván {n}", f"Game {n}")}{esc(item.title)}</h2>'
            f'<p class="meta">{esc(who)}</p>'
            f'{setup_html(doc, players)}{result_html(doc, players)}'
            f'<h3>{both("Ghi chú theo nước", "Annotations, event by event")} ({errors} '
            f'{both("lỗi và sai sót", "errors")}, {len(doc["annotations"])} '
            f'{both("ghi chú", "in all")})</h3><p>{_counts(doc)}</p>'
            f'{events_html(doc, players, game.record, positions, prefix)}</section>')


def page(source: str, shown: Sequence[Shown]) -> str:
    """The whole page: UTF-8, lang="vi", inline CSS, no script, nothing fetched."""
    toc = []
    for item, _, _ in shown:
        n = item.doc["index"]
        errors = sum(1 for a in item.doc["annotations"] if not is_note(a))
        toc.append(f'<li><a href="#g{n}">{both(f"Ván {n}", f"Game {n}")}</a>'
                   f'{esc(item.title)} · {errors} {both("lỗi và sai sót", "errors")}</li>')
    body = "".join(game_html(*s) for s in shown)
    made_vi = f"Tạo bởi chan-tutor (engine {ENGINE_VERSION}); mở được bằng mọi trình duyệt."
    made_en = f"Made by chan-tutor (engine {ENGINE_VERSION}); opens in any browser."
    return (f'<!DOCTYPE html>\n<html lang="vi">\n<head>\n<meta charset="utf-8">\n'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">\n'
            f'<title>Báo cáo ván đấu — {esc(Path(source).name)} (chan-tutor)</title>\n'
            f'<style>{CSS}</style>\n</head>\n<body>\n<header><h1>'
            f'{both("Báo cáo ván đấu", "Game report")}</h1><p class="meta">{esc(source)} · '
            f'{len(shown)} {both("ván", "game(s)")}</p>'
            f'<ul class="toc">{"".join(toc)}</ul></header>\n<main>{body}</main>\n'
            f'<footer>{both(made_vi, made_en)}</footer>\n'
            f'</body>\n</html>\n')


def report(args: argparse.Namespace) -> Output:
    """``report FILE [--game N] --html OUT``: analyse, render, then write OUT whole."""
    path: Path = args.file
    out: Path = args.html
    if out.exists() and path.exists() and out.resolve() == path.resolve():
        raise BadFile(f"{out}: the report would overwrite the file it reports on",
                      f"{out}: tệp báo cáo sẽ ghi đè lên chính tệp ván đấu")
    if out.is_dir():
        raise BadFile(f"{out}: is a folder; name the HTML file to write",
                      f"{out}: là một thư mục; hãy đặt tên tệp HTML cần ghi")
    items = analysed(path, args.game)
    text = page(str(path), replayed(items))
    try:
        write_atomic(out, text)
    except OSError as e:
        raise BadFile(f"{out}: cannot be written ({e.strerror})",
                      f"{out}: không ghi được tệp ({e.strerror})") from None
    notes = sum(len(i.doc["annotations"]) for i in items)
    return Output({"out": str(out), "games": len(items), "annotations": notes},
                  f"Đã ghi báo cáo {len(items)} ván ({notes} ghi chú) vào / wrote the report "
                  f"of {len(items)} game(s) ({notes} annotations) to {out}\n")
