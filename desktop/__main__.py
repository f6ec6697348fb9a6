"""The `chan-tutor` command (also `python -m desktop`); see FORMATS.md "Command line".

With no sub-command it opens the app (`--smoke`: opens it, plays to the learner's first
decision, prints first_frame_ms and exits); the record verbs (analyze, export, import,
selfplay) run in replays.cli and drill in lessons.cli, without importing Qt.
"""

import argparse
import multiprocessing
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NoReturn

import desktop.startup  # noqa: F401  (first: its clock is the --smoke fallback's zero)
from desktop import version
from lessons.cli import DRILL, add_drill_command, run_drill
from replays.cli import COMMANDS, Parser, add_commands


class VersionAction(argparse.Action):
    """`--version`, looking the version up only when it is asked for."""

    def __init__(self, option_strings: Sequence[str], dest: str = argparse.SUPPRESS,
                 **kwargs: Any) -> None:
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, **kwargs)

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: object, option_string: str | None = None) -> NoReturn:
        sys.stdout.write(f"chan-tutor {version()}\n")
        parser.exit()


def build_parser() -> Parser:
    """The command-line parser."""
    parser = Parser(
        prog="chan-tutor",
        description="Chắn tutor: learn, play and review the Vietnamese card games Chắn and Tổ tôm.",
    )
    parser.add_argument("--version", action=VersionAction, help="show the version and exit")
    parser.add_argument(
        "--data-dir",
        type=Path,
        metavar="PATH",
        help="folder for user data (default: the platform's user data folder)",
    )
    parser.add_argument(
        "--smoke",
        action="store_true",
        help="open the window, start a game against the computer, stop at your first "
        "decision, print first_frame_ms=N and exit 0 (for scripts)",
    )
    parser.add_argument(
        "--game",
        choices=("chan", "to_tom"),
        default=None,
        help="with --smoke: the game played (default: chan)",
    )
    add_drill_command(add_commands(parser))
    return parser


def main(argv: list[str] | None = None) -> int:
    """Parse the command line and run; returns the process exit code."""
    args = build_parser().parse_args(argv)
    if args.command == DRILL:
        return run_drill(args)
    if args.command in COMMANDS:
        from replays.cli import run

        return run(args)
    # Imported here so `--version` and the sub-commands start without Qt.
    from desktop.app import run_app

    return run_app(sys.argv[:1], args.data_dir, smoke=args.smoke, game=args.game or "chan")


if __name__ == "__main__":
    # the Worker's helper process (desktop/worker.py) is this program started again: in the
    # bundle, freeze_support makes that start run the helper instead of a second window
    multiprocessing.freeze_support()
    sys.exit(main())
