"""The `chan-tutor` command (also `python -m desktop`); see FORMATS.md "Command line"."""

import argparse
import sys
from pathlib import Path

from desktop import __version__


def build_parser() -> argparse.ArgumentParser:
    """The command-line parser."""
    parser = argparse.ArgumentParser(
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
    return parser


def main(argv: list[str] | None = None) -> int:
    """Parse the command line and run; returns the process exit code."""
    build_parser().parse_args(argv)
    # Imported here so `--version` (and future sub-commands) start without Qt.
    from desktop.main_window import run_app

    return run_app(sys.argv[:1])


if __name__ == "__main__":
    sys.exit(main())
