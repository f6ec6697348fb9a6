"""One chiếu scene (fonts, faces and mats cached) for every desktop test."""

from __future__ import annotations

import pytest

from desktop.chieu.scene import Scene


@pytest.fixture(scope="session")
def scene() -> Scene:
    """The scene shared by the session's tests."""
    return Scene()
