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
import html
import re
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TS = ROOT / "resources" / "translations" / "chan_tutor_en.ts"
QM = TS.with_suffix(".qm")
# Qt's own words in Vietnamese (the file dialog, the message boxes' buttons): PySide6 ships no
# qtbase_vi.qm; this catalogue is written by hand (English source, Qt's contexts) and compiled
QT_VI = ROOT / "resources" / "translations" / "qtbase_vi.ts"
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
    """Extract the strings into `ts`, keeping its translations (plural forms included)."""
    kept = plural_forms(ts) if ts.exists() else {}
    subprocess.run([tool("pyside6-lupdate"), *sources(), "-ts", str(ts), "-no-obsolete",
                    "-locations", "none", "-source-language", "vi",
                    "-target-language", "en"], cwd=ROOT, check=True, capture_output=True)
    mark_plurals(ts, kept)


def plural_forms(ts: Path) -> dict[tuple[str, str], list[str]]:
    """The English plural forms of every counted message ("%n") of `ts`."""
    out: dict[tuple[str, str], list[str]] = {}
    for context in ET.parse(ts).getroot().iter("context"):
        for message in context.iter("message"):
            forms = [f.text or "" for f in message.iter("numerusform")]
            if message.get("numerus") == "yes" and any(forms):
                out[(context.findtext("name") or "", message.findtext("source") or "")] = forms
    return out


def mark_plurals(ts: Path, kept: dict[tuple[str, str], list[str]]) -> None:
    """Make every message with "%n" a counted one, with its kept forms: the Python lupdate
    marks it so only when the count is a literal, and drops the forms of the others. The
    file is edited as text, so the rest stays as lupdate wrote it."""
    def counted(context: str) -> Callable[[re.Match[str]], str]:
        def one(m: re.Match[str]) -> str:
            source = html.unescape(m["source"])
            forms = kept.get((context, source)) or ["", ""]
            done = "" if all(forms) else ' type="unfinished"'
            body = "".join(f"\n            <numerusform>{html.escape(f, quote=False)}"
                           f"</numerusform>" for f in forms)
            return (f'<message numerus="yes">{m["head"]}<translation{done}>{body}\n'
                    f"        </translation>")
        return one

    pattern = re.compile(r'<message(?: numerus="yes")?>(?P<head>\s*<source>'
                         r'(?P<source>[^<]*%n[^<]*)</source>(?:\s*<comment>[^<]*</comment>)?'
                         r'\s*)<translation[^>]*>.*?</translation>', re.S)
    parts = ts.read_text(encoding="utf-8").split("<context>")
    for i in range(1, len(parts)):
        name = re.search(r"<name>([^<]*)</name>", parts[i])
        parts[i] = pattern.sub(counted(html.unescape(name[1]) if name else ""), parts[i])
    ts.write_text("<context>".join(parts), encoding="utf-8")


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
            forms = [] if translation is None else translation.findall("numerusform")
            texts = [f.text or "" for f in forms] if message.get("numerus") == "yes" \
                else [] if translation is None else [translation.text or ""]
            if translation is None or translation.get("type") in ("unfinished", "vanished") \
                    or not texts or not all(t.strip() for t in texts):
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
    lrelease(QT_VI, QT_VI.with_suffix(".qm"))
    missing = unfinished(TS)
    print(f"{TS.relative_to(ROOT)}: {len(missing)} string(s) without English")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
