"""Update the English catalogue from the sources and compile it (desktop/i18n.py).

    .venv/bin/python tools/translations.py            # lupdate, then lrelease
    .venv/bin/python tools/translations.py --check    # exit 1 if a string lacks English

`pyside6-lupdate` reads every ``translate("Context", "…")`` in desktop/ into
resources/translations/chan_tutor_en.ts (the English is written there, by hand, in the
<translation> elements; strings no longer in the code are dropped) and `pyside6-lrelease`
compiles it into chan_tutor_en.qm, which the program loads. Both files are committed.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TS = ROOT / "resources" / "translations" / "chan_tutor_en.ts"
QM = TS.with_suffix(".qm")
BIN = Path(sys.executable).parent


def tool(name: str) -> str:
    """The path of a Qt tool shipped with PySide6 in this venv (or on PATH)."""
    local = BIN / name
    found = str(local) if local.exists() else shutil.which(name)
    if found is None:
        raise SystemExit(f"{name} not found: install PySide6 in this venv")
    return found


def sources() -> list[str]:
    """Every Python file of the application."""
    return sorted(str(p.relative_to(ROOT)) for p in (ROOT / "desktop").rglob("*.py"))


def lupdate(ts: Path) -> None:
    """Extract the strings into `ts`, keeping its translations."""
    subprocess.run([tool("pyside6-lupdate"), *sources(), "-ts", str(ts), "-no-obsolete",
                    "-locations", "none", "-source-language", "vi",
                    "-target-language", "en"], cwd=ROOT, check=True, capture_output=True)


def lrelease(ts: Path, qm: Path) -> None:
    """Compile `ts` into `qm`."""
    subprocess.run([tool("pyside6-lrelease"), str(ts), "-qm", str(qm)], cwd=ROOT, check=True,
                   capture_output=True)


def unfinished(ts: Path) -> list[tuple[str, str]]:
    """(context, source) of every message without a finished translation."""
    out: list[tuple[str, str]] = []
    for context in ET.parse(ts).getroot().iter("context"):
        name = context.findtext("name") or ""
        for message in context.iter("message"):
            translation = message.find("translation")
            if translation is None or translation.get("type") in ("unfinished", "vanished") \
                    or not (translation.text or "").strip():
                out.append((name, message.findtext("source") or ""))
    return out


def check() -> int:
    """Extract into a copy of the catalogue: every string must already have its English."""
    with tempfile.TemporaryDirectory() as tmp:
        copy = Path(tmp) / TS.name
        shutil.copy(TS, copy)
        lupdate(copy)
        missing = unfinished(copy)
    for context, source in missing:
        print(f"{context}: {source}")
    return 1 if missing else 0


def main() -> int:
    """Update and compile, or check."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only report missing English")
    args = parser.parse_args()
    if args.check:
        return check()
    TS.parent.mkdir(parents=True, exist_ok=True)
    lupdate(TS)
    lrelease(TS, QM)
    missing = unfinished(TS)
    print(f"{TS.relative_to(ROOT)}: {len(missing)} string(s) without English")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
