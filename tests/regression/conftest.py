"""Record tests never touch the real user data folder."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def _private_data_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Point the platform's user data folder (platformdirs honours XDG) into tmp_path."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg-data"))
