"""The xcb pre-check names the packages to install instead of letting Qt abort."""

from __future__ import annotations

import pytest

from desktop import platform_check


def test_offscreen_needs_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("QT_QPA_PLATFORM", "offscreen")
    assert platform_check.missing_packages() == []


def test_a_missing_library_is_named_with_its_package(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(platform_check.sys, "platform", "linux")
    monkeypatch.setenv("QT_QPA_PLATFORM", "xcb")
    monkeypatch.setenv("DISPLAY", ":0")
    monkeypatch.setattr(platform_check, "XCB_LIBRARIES",
                        {"libdoes-not-exist.so.9": "libdoes-not-exist9"})
    missing = platform_check.missing_packages()
    assert missing == ["libdoes-not-exist9"]
    text = platform_check.explain(missing)
    assert "sudo apt install libdoes-not-exist9" in text
    assert "thiếu thư viện" in text and "missing" in text
