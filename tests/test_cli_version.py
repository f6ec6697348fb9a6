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


def test_drill_is_a_verb_of_the_program() -> None:
    """FORMATS: `chan-tutor drill FAMILY --count N --seed S --json`, without importing Qt."""
    import json
    import subprocess
    import sys

    out = subprocess.run([sys.executable, "-m", "desktop", "drill", "boc_cai", "--count", "3",
                          "--seed", "2", "--json"], capture_output=True, text=True, check=True)
    items = json.loads(out.stdout)["items"]
    assert len(items) == 3
    from engine.chan.cards import Card
    from engine.chan.deal import cai_recipient
    for item in items:
        assert item["answer"] == cai_recipient(item["picker"], Card.parse(item["card"]),
                                               item["players"])
