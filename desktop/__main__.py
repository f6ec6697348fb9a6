"""The `chan-tutor` command (also `python -m desktop`); see FORMATS.md "Command line".

With no sub-command it opens the app; the record verbs (analyze, export, import) run in
replays.cli without importing Qt.
"""

import sys
from pathlib import Path

from desktop import __version__
from replays.cli import COMMANDS, Parser, add_commands


def build_parser() -> Parser:
    """The command-line parser."""
    parser = Parser(
        prog="chan-tutor",
        description="Chắn tutor: learn, play and review the Vietnamese card game Chắn.",
    )
    parser.add_argument("--version", action="version", version=f"chan-tutor {__version__}")
    parser.add_argument(
        "--data-dir",
        type=Path,
        metavar="PATH",
        help="folder for user data (default: the platform's user data folder)",
    )
    add_commands(parser)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Parse the command line and run; returns the process exit code."""
    args = build_parser().parse_args(argv)
    if args.command in COMMANDS:
        from replays.cli import run

        return run(args)
    # Imported here so `--version` and the sub-commands start without Qt.
    from desktop.main_window import run_app

    return run_app(sys.argv[:1])


if __name__ == "__main__":
    sys.exit(main())
