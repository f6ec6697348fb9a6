"""The PySide6 desktop application: windows, screens, settings."""

from functools import cache


@cache
def version() -> str:
    """The installed package's version (looked up only when asked: importlib.metadata costs
    ~35 ms of start-up)."""
    from importlib.metadata import PackageNotFoundError
    from importlib.metadata import version as installed

    try:
        return installed("chan-tutor")
    except PackageNotFoundError:  # running from a source tree that was never installed
        return "0.1.0"


def __getattr__(name: str) -> str:
    if name == "__version__":
        return version()
    raise AttributeError(f"module 'desktop' has no attribute {name!r}")
