"""The PySide6 desktop application: windows, screens, settings."""

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("chan-tutor")
except PackageNotFoundError:  # running from a source tree that was never installed
    __version__ = "0.1.0"
