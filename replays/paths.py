"""Where user data lives: the platform's user data folder, or ``--data-dir``."""

from __future__ import annotations

from pathlib import Path

from platformdirs import user_data_path

APP_NAME = "chan-tutor"
DB_NAME = "replays.db"


def data_dir(override: Path | None = None) -> Path:
    """The user data folder (``--data-dir`` overrides the platform's)."""
    return override if override is not None else user_data_path(APP_NAME, appauthor=False)


def default_db(override: Path | None = None) -> Path:
    """The replay database in the user data folder."""
    return data_dir(override) / DB_NAME
