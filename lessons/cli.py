"""``chan-tutor drill FAMILY --count N --seed S [--json] [--game to_tom]`` (FORMATS.md "Command
line"): generated lesson items, each with its position, question and the engine's answer.
``--game`` chooses the game whose families FAMILY names (default ``chan``); a Tổ tôm document
says ``"game": "to_tom"`` (a Chắn one prints exactly as before, without the key).

The app's parser registers the verb with ``add_drill_command(add_commands(parser))`` and runs
it with ``run_drill(args)`` when ``args.command == DRILL``. Importing this module is cheap
(argparse only): the generators are imported when the verb runs.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from replays.cli import Commands, Parser

DRILL = "drill"
FAMILY_NAMES = ("chia_bai", "boc_cai", "nhan_dien", "xuong", "loi",
                "nuoc_hay")  # = lessons.drills.FAMILIES
TOM_FAMILY_NAMES = ("tom_quan", "tom_tho", "tom_phu", "tom_cho", "tom_cho_cai",
                    "tom_cuoc", "tom_loi")  # = lessons.drills.TOM_FAMILIES
GAME_FAMILIES = {"chan": FAMILY_NAMES, "to_tom": TOM_FAMILY_NAMES}  # = lessons.drills.GAMES
GAME_NAMES = {"chan": ("Chắn", "Chắn"), "to_tom": ("Tổ tôm", "Tổ tôm")}


def add_drill_command(sub: Commands[Parser]) -> None:
    """Add the ``drill`` sub-command to a sub-command set (replays.cli.add_commands's)."""
    d = sub.add_parser(DRILL, help="print generated lesson drills with the engine's answers")
    d.add_argument("family", metavar="FAMILY",
                   help=f"one of {', '.join(FAMILY_NAMES)}; with --game to_tom, one of "
                        f"{', '.join(TOM_FAMILY_NAMES)}")
    d.add_argument("--game", choices=tuple(GAME_FAMILIES), default="chan",
                   help="the game whose drills to print (default chan)")
    # Numbers are read by run_drill, so a bad one gets the same two-language message.
    d.add_argument("--count", metavar="N", default="5", help="how many items (default 5)")
    d.add_argument("--seed", metavar="S", default="0", help="the seed (default 0)")
    d.add_argument("--kind", action="append", metavar="KIND",
                   help="only this kind of item (repeatable)")
    d.add_argument("--players", metavar="P",
                   help="2, 3 or 4 (bốc cái, chia bài); 4 or 5 (Tổ tôm)")
    d.add_argument("--level", metavar="L", help="1, 2 or 3: the difficulty (Tổ tôm)")
    d.add_argument("--timed", action="store_true", help="timed mode (bốc cái)")
    d.add_argument("--json", action="store_true", help="print one JSON document")


def _fail(en: str, vi: str) -> int:
    sys.stderr.write(f"chan-tutor drill: {en}\nchan-tutor drill: {vi}\n")
    return 2


def _int(text: str | None, name: str, vi: str) -> int | None:
    if text is None:
        return None
    try:
        return int(text)
    except ValueError:
        raise ValueError(f"{name} must be a whole number, not '{text}'",
                         f"{vi} phải là số nguyên, không phải '{text}'") from None


def _text(items: list[dict[str, Any]]) -> str:
    lines = []
    for n, it in enumerate(items, 1):
        lines.append(f"#{n} {it['family']}/{it['kind']} [{it['id']}]")
        lines.append(f"  {it['question']['vi']}")
        lines.append(f"  {it['question']['en']}")
        pos = it["position"]
        shown = {k: v for k, v in pos.items() if k not in ("deal", "events", "rules")} \
            if isinstance(pos, dict) else pos
        if isinstance(pos, dict) and "events" in pos:
            shown["events"] = f"{len(pos['events'])} events"
        lines.append(f"  position: {json.dumps(shown, ensure_ascii=False)}")
        lines.append(f"  answer: {json.dumps(it['answer'], ensure_ascii=False)}")
    return "\n".join(lines) + "\n"


def run_drill(args: argparse.Namespace) -> int:
    """Run a parsed ``drill``: 0; 2 for a bad family, count, seed or option; 1 otherwise."""
    game = getattr(args, "game", "chan")
    names = GAME_FAMILIES[game]
    if args.family not in names:
        other = next((g for g, fams in GAME_FAMILIES.items() if args.family in fams), None)
        if other is not None:
            return _fail(f"'{args.family}' is a {GAME_NAMES[other][0]} family: add --game "
                         f"{other}",
                         f"'{args.family}' là nhóm bài tập {GAME_NAMES[other][1]}: thêm "
                         f"--game {other}")
        return _fail(f"unknown drill family '{args.family}' (one of {', '.join(names)})",
                     f"không có nhóm bài tập '{args.family}' (chọn một trong "
                     f"{', '.join(names)})")
    try:
        count = _int(args.count, "--count", "--count (số câu)")
        seed = _int(args.seed, "--seed", "--seed (hạt giống)")
        players = _int(args.players, "--players", "--players (số người)")
        level = _int(getattr(args, "level", None), "--level", "--level (mức khó)")
    except ValueError as e:
        return _fail(*e.args)
    assert count is not None and seed is not None
    from lessons.drills import MAX_COUNT, generate
    from lessons.item import LessonError

    if not 1 <= count <= MAX_COUNT:
        return _fail(f"--count must be from 1 to {MAX_COUNT}, not {count}",
                     f"--count (số câu) phải từ 1 đến {MAX_COUNT}, không phải {count}")
    try:
        items = [it.to_json() for it in generate(args.family, count, seed, args.kind,
                                                 args.timed, players, level=level)]
    except LessonError as e:
        return _fail(e.en, e.vi)
    except Exception as e:  # a bug, not the input
        sys.stderr.write(f"chan-tutor drill: internal error: {type(e).__name__}: {e}\n"
                         f"chan-tutor drill: lỗi nội bộ: {type(e).__name__}: {e}\n")
        return 1
    if args.json:
        doc: dict[str, Any] = {"family": args.family, "count": count, "seed": seed}
        if game != "chan":
            doc["game"] = game
        doc["items"] = items
        sys.stdout.write(json.dumps(doc, ensure_ascii=False) + "\n")
    else:
        sys.stdout.write(_text(items))
    return 0


def build_parser() -> Parser:
    """A parser with only the drill verb (``python -m lessons.cli drill ...``)."""
    parser = Parser(prog="chan-tutor", description="Chắn tutor: lesson drills.")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
    add_drill_command(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Parse and run the drill verb; returns the exit code."""
    args = build_parser().parse_args(argv)
    if args.command != DRILL:
        build_parser().print_usage(sys.stderr)
        return 2
    return run_drill(args)


if __name__ == "__main__":
    sys.exit(main())
