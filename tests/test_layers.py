"""The layers of DESIGN.md point only down: engine <- replays <- lessons <- desktop."""

import ast
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
UI_LIBRARIES = {"PySide6", "pygame"}

IMPORT_ALL_ENGINE = """
import importlib, pkgutil, sys
import engine
for module in pkgutil.walk_packages(engine.__path__, "engine."):
    importlib.import_module(module.name)
leaked = sorted(m for m in sys.modules if m.split(".")[0] in ("PySide6", "pygame", "sqlite_utils"))
print(bool(leaked))
print(leaked, file=sys.stderr)
"""


def imported_packages(folder: str) -> Iterator[tuple[Path, str]]:
    """Each (file, top-level package) imported absolutely by a .py file under `folder`."""
    for path in sorted((ROOT / folder).rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            if isinstance(node, ast.Import):
                for alias in node.names:
                    yield path, alias.name.split(".")[0]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                yield path, node.module.split(".")[0]


def offenders(folders: list[str], forbidden: set[str]) -> list[str]:
    """`file: package` for every import of a forbidden package under `folders`."""
    return [
        f"{path.relative_to(ROOT)}: {package}"
        for folder in folders
        for path, package in imported_packages(folder)
        if package in forbidden
    ]


def test_importing_every_engine_module_loads_no_ui_or_storage_library() -> None:
    result = subprocess.run(
        [sys.executable, "-c", IMPORT_ALL_ENGINE],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "False", result.stderr


def test_replays_and_lessons_never_import_desktop() -> None:
    assert offenders(["replays", "lessons"], {"desktop"}) == []


def test_only_desktop_imports_qt_or_pygame() -> None:
    assert offenders(["engine", "replays", "lessons"], UI_LIBRARIES) == []


def test_engine_imports_nothing_of_the_project_and_no_storage() -> None:
    forbidden = {"desktop", "lessons", "replays", "sqlite3", "sqlite_utils"}
    assert offenders(["engine"], forbidden) == []
