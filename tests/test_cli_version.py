"""`python -m desktop --version` (FORMATS.md "Command line")."""

import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_version_prints_the_project_version_and_exits_0() -> None:
    version = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["project"]["version"]
    result = subprocess.run(
        [sys.executable, "-m", "desktop", "--version"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout == f"chan-tutor {version}\n"
