"""The layers of DESIGN.md point only down: engine <- replays <- lessons <- desktop."""

import ast
import re
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


def test_importing_the_engine_leaves_tom_unloaded_until_asked_for() -> None:
    result = subprocess.run(
        [sys.executable, "-c", "import sys, engine; print('engine.totom' in sys.modules); "
         "engine.ruleset_named('to_tom'); print('engine.totom' in sys.modules)"],
        cwd=ROOT, capture_output=True, text=True, check=False)
    assert result.stdout.split() == ["False", "True"], result.stderr


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


# ---------------------------------------------------------------------------- the ruleset seam
# (issue 21; DESIGN.md "Two games on one engine")

RULESETS = ("engine.chan", "engine.totom")  # one package per ruleset
FACES = {"engine.chan", "engine.chan.ai", "engine.totom"}  # what the layers above may import
CORE = ROOT / "engine"


def engine_imports(folder: Path) -> Iterator[tuple[Path, str, list[str]]]:
    """Each (file, engine module, names) imported at run time (not under TYPE_CHECKING)."""
    for path in sorted(folder.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        typing_only = {id(n) for node in ast.walk(tree) if isinstance(node, ast.If)
                       and ast.unparse(node.test) in ("TYPE_CHECKING", "typing.TYPE_CHECKING")
                       for n in ast.walk(node)}
        for node in ast.walk(tree):
            if id(node) in typing_only:
                continue
            if isinstance(node, ast.Import):
                for alias in node.names:
                    if alias.name.split(".")[0] == "engine":
                        yield path, alias.name, []
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module \
                    and node.module.split(".")[0] == "engine":
                yield path, node.module, [a.name for a in node.names]


def _in_ruleset(module: str) -> bool:
    return any(module == r or module.startswith(r + ".") for r in RULESETS)


def test_replays_lessons_and_desktop_reach_the_rules_only_through_a_rulesets_face() -> None:
    import engine.chan
    import engine.chan.ai
    import engine.totom

    exported = {"engine.chan": set(engine.chan.__all__),
                "engine.chan.ai": set(engine.chan.ai.__all__),
                "engine.totom": set(engine.totom.__all__)}
    found = []
    for folder in ("replays", "lessons", "desktop"):
        for path, module, names in engine_imports(ROOT / folder):
            where = f"{path.relative_to(ROOT)}: {module}"
            if _in_ruleset(module) and module not in FACES:
                found.append(f"{where} (a ruleset's internals)")
            elif module in FACES:
                found.extend(f"{where}.{n} (not in its face)" for n in names
                             if n not in exported[module])
    assert found == []


def test_the_core_imports_no_ruleset() -> None:
    """engine/*.py is written once for every game; only engine/__init__.py imports the
    rulesets, so that they register themselves."""
    found = [f"{path.relative_to(ROOT)}: {module}"
             for path, module, _ in engine_imports(CORE)
             if path.parent == CORE and path.name != "__init__.py" and _in_ruleset(module)]
    assert found == []


def test_a_ruleset_imports_no_other_ruleset_and_each_is_registered() -> None:
    """Chắn and Tổ tôm share only the core (DESIGN "Two games on one engine", STYLE "the code
    keeps them in their own packages"); the engine knows both by their FORMATS name, and
    loads Tổ tôm only when a record or a screen asks for it."""
    import engine

    found = []
    for ruleset in RULESETS:
        folder = ROOT / ruleset.replace(".", "/")
        found += [f"{path.relative_to(ROOT)}: {module}"
                  for path, module, _ in engine_imports(folder)
                  if _in_ruleset(module) and not (module == ruleset
                                                   or module.startswith(ruleset + "."))]
    assert found == []
    assert engine.games() == ("chan", "to_tom")
    assert engine.ruleset_named("to_tom").name == "to_tom"


PACKING = re.compile(r">> \(?3 \*|\bONE\[|\bH\.(ONE|LOW|SUIT_LOW|FIELD|RANK_BITS|CC_SHIFT|"
                     r"_SHIFTS|_SHAPES)\b|0o777|import .*\b(ONE|LOW|SUIT_LOW|FIELD|RANK_BITS|"
                     r"CC_SHIFT)\b")


def test_only_chans_hand_module_reads_the_packed_hand() -> None:
    """A Chắn hand is 25 counts packed into an int (engine/chan/hand.py); every other module
    of Chắn, the core and the layers above ask hand.py about it, so the representation changes
    in one file. (Another ruleset packs its own hands its own way.)"""
    hand = ROOT / "engine" / "chan" / "hand.py"
    paths = [*sorted((ROOT / "engine").glob("*.py")),
             *sorted((ROOT / "engine" / "chan").rglob("*.py")),
             *(p for folder in ("replays", "lessons", "desktop")
               for p in sorted((ROOT / folder).rglob("*.py")))]
    found = [f"{path.relative_to(ROOT)}:{n}: {line.strip()}"
             for path in paths if path != hand
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if PACKING.search(line)]
    assert found == []
