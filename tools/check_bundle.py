"""Check a built bundle: `python tools/check_bundle.py [dist/chan-tutor]` (`make check-dist`).

Runs the bundled `chan-tutor` the way a learner's machine would — from another working folder,
and from a copy of the whole bundle under a path with spaces and Vietnamese letters — through
--version, --help, --smoke and the command-line verbs (analyze, selfplay, export, import, and
drill / report when the program offers them), and checks what the bundle holds (resources,
lesson content, licences; no unused Qt modules; its size). Standard library only; every run
uses temporary folders for its data (never the user's). The last line printed is
`N passed, N failed`; the exit code is 1 when anything failed.

tests/packaging/test_bundle.py runs the same checks under pytest when the bundle exists.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import tomllib
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_BUNDLE = ROOT / "dist" / "chan-tutor"
MAX_MB = 120
MAX_FIRST_FRAME_MS = 2000
RELOCATED = Path("thư mục có dấu") / "chan tutor"  # spaces and Vietnamese letters
TIMEOUT = 600
VERBS = ("analyze", "export", "import", "selfplay")
OPTIONAL_VERBS = ("drill", "report")
# Qt parts a QtWidgets program that paints with QPainter never loads (build.spec drops them).
UNUSED_QT = re.compile(r"Qt6?(WebEngine|3D|Quick|Qml|Multimedia|Pdf|Designer|Charts|Network"
                       r"|OpenGL|Svg|Sql|Test)", re.IGNORECASE)


class CheckFailed(Exception):
    """A check's reason for failing."""


class Context:
    """The bundle under test and the temporary folders the checks share."""

    def __init__(self, bundle: Path, max_first_frame_ms: int = MAX_FIRST_FRAME_MS) -> None:
        self.bundle = bundle.resolve()
        self.max_first_frame_ms = max_first_frame_ms
        self.tmp = Path(tempfile.mkdtemp(prefix="chan-bundle-"))
        self.work = self.tmp / "work folder"  # the working folder of every run: not the bundle's
        self.work.mkdir()
        self.figures: dict[str, str] = {}
        self._help: str | None = None
        self._relocated: Path | None = None
        self._db: Path | None = None

    @property
    def exe(self) -> Path:
        return self.bundle / exe_name()

    def env(self) -> dict[str, str]:
        """Headless, and every kind of user data folder inside the temporary folder."""
        env = dict(os.environ)
        env.setdefault("QT_QPA_PLATFORM", "offscreen")
        env.setdefault("SDL_VIDEODRIVER", "dummy")
        env.setdefault("SDL_AUDIODRIVER", "dummy")
        home = self.tmp / "home"
        for name, sub in (("HOME", ""), ("XDG_DATA_HOME", "data"), ("XDG_CONFIG_HOME", "config"),
                          ("XDG_CACHE_HOME", "cache"), ("XDG_STATE_HOME", "state"),
                          ("APPDATA", "appdata"), ("LOCALAPPDATA", "localappdata")):
            path = home / sub
            path.mkdir(parents=True, exist_ok=True)
            env[name] = str(path)
        return env

    def run(self, *args: str | Path, exe: Path | None = None, ok: bool = True,
            cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
        """Run the bundled program; with `ok`, fail unless it exits 0."""
        command = [str(exe or self.exe), *map(str, args)]
        try:
            result = subprocess.run(command, cwd=cwd or self.work, env=self.env(), text=True,
                                    encoding="utf-8", capture_output=True, timeout=TIMEOUT,
                                    check=False)
        except subprocess.TimeoutExpired as error:
            raise CheckFailed(f"{' '.join(command)}: no answer in {TIMEOUT} s") from error
        if ok and result.returncode != 0:
            raise CheckFailed(f"{' '.join(command)} exited {result.returncode}:\n"
                              f"{result.stdout[-2000:]}{result.stderr[-2000:]}")
        return result

    def json(self, *args: str | Path, exe: Path | None = None) -> dict[str, object]:
        result = self.run(*args, "--json", exe=exe)
        try:
            document = json.loads(result.stdout)
        except json.JSONDecodeError as error:
            raise CheckFailed(f"{' '.join(map(str, args))} --json: not JSON: "
                              f"{result.stdout[:300]!r}") from error
        if not isinstance(document, dict):
            raise CheckFailed(f"{args}: expected a JSON object, got {document!r:.200}")
        return document

    def help(self) -> str:
        if self._help is None:
            self._help = self.run("--help").stdout
        return self._help

    def offers(self, verb: str) -> bool:
        return re.search(rf"^\s+{verb}\b", self.help(), re.MULTILINE) is not None

    def database(self) -> Path:
        """A replay database of 5 self-played games (made once)."""
        if self._db is None:
            db = self.tmp / "self play.db"
            summary = self.json("selfplay", "--games", "5", "--seed", "1", "--out", db)
            expect(summary.get("games") == 5, f"selfplay summary: {summary}")
            expect(db.is_file(), f"selfplay wrote no {db}")
            self._db = db
        return self._db

    def relocated(self) -> Path:
        """The executable of a copy of the whole bundle under RELOCATED (made once)."""
        if self._relocated is None:
            target = self.tmp / RELOCATED
            shutil.copytree(self.bundle, target, symlinks=True)
            self._relocated = target / exe_name()
        return self._relocated

    def cleanup(self) -> None:
        shutil.rmtree(self.tmp, ignore_errors=True)


def exe_name() -> str:
    return "chan-tutor.exe" if sys.platform == "win32" else "chan-tutor"


def expect(condition: bool, message: str) -> None:
    if not condition:
        raise CheckFailed(message)


def internal(ctx: Context) -> Path:
    """Where PyInstaller puts everything but the executable (sys._MEIPASS)."""
    return ctx.bundle / "_internal"


def project_version() -> str | None:
    pyproject = ROOT / "pyproject.toml"
    if not pyproject.is_file():
        return None
    return str(tomllib.loads(pyproject.read_text("utf-8"))["project"]["version"])


# --- the checks --------------------------------------------------------------------------------

def check_layout(ctx: Context) -> None:
    """The executable, and the data the program loads at run time with their licences."""
    expect(ctx.exe.is_file() and os.access(ctx.exe, os.X_OK), f"no executable {ctx.exe}")
    data = internal(ctx)
    for name in ("resources/fonts/OFL.txt", "resources/fonts/README.md",
                 "resources/sounds/README.md", "resources/README.md"):
        expect((data / name).is_file(), f"missing {name}")
    expect(any((data / "resources/fonts").glob("*.[ot]tf")), "no fonts in resources/fonts")
    expect(any((data / "resources/translations").glob("*.qm")), "no compiled translations")
    expect(any((data / "resources/icons").glob("*.png")), "no icons")
    for folder, pattern in (("resources/sounds", "*.wav"), ("lessons/content", "*.toml"),
                            ("lessons/content", "*.json"), ("lessons/content/to_tom", "*.toml"),
                            ("lessons/content/data", "*.toml"), ("resources/fonts", "*.*tf")):
        shipped = {p.name for p in (data / folder).glob(pattern)}
        source = {p.name for p in (ROOT / folder).glob(pattern)}
        expect(bool(shipped), f"nothing in {folder}")
        expect(source <= shipped, f"{folder}: not shipped: {sorted(source - shipped)}")
    expect(any(data.glob("chan_tutor-*.dist-info")), "no chan_tutor metadata (--version)")


def check_no_unused_qt(ctx: Context) -> None:
    """No unused Qt modules, QML or Qt's own translations."""
    unused = sorted(str(p.relative_to(ctx.bundle)) for p in ctx.bundle.rglob("*")
                    if UNUSED_QT.search(p.name) and "translations" not in p.parts)
    expect(not unused, f"unused Qt parts shipped: {unused[:10]}")
    qt = internal(ctx) / "PySide6" / "Qt"
    for folder in ("qml", "translations"):
        expect(not (qt / folder).exists(), f"PySide6/Qt/{folder} shipped")


def check_size(ctx: Context) -> None:
    """At most MAX_MB on disk (what `du -s` counts)."""
    total = 0
    seen: set[tuple[int, int]] = set()
    for path in [ctx.bundle, *ctx.bundle.rglob("*")]:
        stat = path.lstat()
        if (stat.st_dev, stat.st_ino) in seen:
            continue
        seen.add((stat.st_dev, stat.st_ino))
        blocks = getattr(stat, "st_blocks", None)
        total += blocks * 512 if blocks is not None else stat.st_size
    mb = total / 2**20
    ctx.figures["size_mb"] = f"{mb:.0f}"
    expect(mb <= MAX_MB, f"the bundle is {mb:.0f} MB (at most {MAX_MB})")


def check_libraries(ctx: Context) -> None:
    """Linux: every library the bundle brings itself resolves (`ldd`: none `not found`)."""
    if not sys.platform.startswith("linux") or shutil.which("ldd") is None:
        return
    bundled = re.compile(r"^(libQt6|libpyside6|libshiboken6|libpython|libicu|lib\S+-[0-9a-f]{8})")
    roots = [*internal(ctx).glob("PySide6/*.so*"), *internal(ctx).glob("pygame/*.so"),
             *internal(ctx).glob("python3*/lib-dynload/*.so"),
             *internal(ctx).glob("PySide6/Qt/plugins/platforms/*.so")]
    missing: set[str] = set()
    for path in roots:
        out = subprocess.run(["ldd", str(path)], capture_output=True, text=True,
                             check=False).stdout
        for name in re.findall(r"^\s*(\S+) => not found", out, re.MULTILINE):
            if bundled.match(name):
                missing.add(f"{path.name}: {name}")
    expect(not missing, f"bundled libraries that do not resolve: {sorted(missing)}")


def check_version(ctx: Context) -> None:
    """`--version` prints the project's version."""
    out = ctx.run("--version").stdout
    version = project_version()
    expect(re.fullmatch(r"chan-tutor \S+\n", out) is not None, f"--version printed {out!r}")
    if version is not None:
        expect(out == f"chan-tutor {version}\n", f"--version printed {out!r}, not {version}")
    ctx.figures["version"] = out.split()[1]


def check_help(ctx: Context) -> None:
    """`--help` offers --smoke and every verb of FORMATS.md that exists."""
    text = ctx.help()
    missing = [verb for verb in VERBS if not ctx.offers(verb)]
    expect(not missing, f"--help lacks {missing}")
    expect("--smoke" in text, "--help lacks --smoke")
    ctx.figures["optional_verbs"] = ",".join(v for v in OPTIONAL_VERBS if ctx.offers(v)) or "none"


def check_smoke(ctx: Context) -> None:
    """`--smoke` opens the window, stops at the first decision and prints first_frame_ms
    (at most MAX_FIRST_FRAME_MS)."""
    result = ctx.run("--smoke", "--data-dir", ctx.tmp / "smoke data")
    found = re.findall(r"^first_frame_ms=(\d+)$", result.stdout, re.MULTILINE)
    expect(len(found) == 1, f"--smoke printed {result.stdout!r}")
    ms = int(found[0])
    ctx.figures["first_frame_ms"] = str(ms)
    expect(ms <= ctx.max_first_frame_ms, f"first_frame_ms={ms} (at most {ctx.max_first_frame_ms})")


def check_selfplay(ctx: Context) -> None:
    """`selfplay --games 5` into a database, and into a .chan.json."""
    ctx.database()
    out = ctx.tmp / "two games.chan.json"
    ctx.run("selfplay", "--games", "2", "--seed", "7", "--out", out)
    document = json.loads(out.read_text("utf-8"))
    expect(document.get("format") == "chan-replay", f"{out}: format {document.get('format')}")
    expect(len(document.get("games", [])) == 2, f"{out}: {len(document.get('games', []))} games")


def check_analyze(ctx: Context) -> None:
    """`analyze --json` of a database and of one game of a .chan.json; plain text too."""
    games = ctx.json("analyze", ctx.database()).get("games")
    expect(isinstance(games, list) and len(games) == 5, f"analyze DB: {str(games)[:200]}")
    for game in games if isinstance(games, list) else []:
        expect(game["result"]["kind"] in ("win", "draw", "unfinished"), f"result {game['result']}")
    out = ctx.tmp / "analyze me.chan.json"
    ctx.run("selfplay", "--games", "2", "--seed", "3", "--out", out)
    one = ctx.json("analyze", out, "--game", "1").get("games")
    expect(isinstance(one, list) and len(one) == 1 and one[0]["index"] == 1, f"--game 1: {one}")
    text = ctx.run("analyze", out).stdout
    expect(len(text.strip()) > 0, "analyze printed nothing")


def check_export_import(ctx: Context) -> None:
    """`export` a game of a database and `import` it into another."""
    out = ctx.tmp / "một ván.chan.json"
    ctx.run("export", ctx.database(), "--game", "1", "--out", out)
    expect(json.loads(out.read_text("utf-8")).get("format") == "chan-replay", "export format")
    other = ctx.tmp / "other.db"
    imported = ctx.json("import", out, "--db", other)
    expect(imported.get("game_ids") == [1], f"import: {imported}")
    games = ctx.json("analyze", other).get("games")
    expect(isinstance(games, list) and len(games) == 1, f"analyze imported: {games}")


def check_bad_input(ctx: Context) -> None:
    """Bad input: exit 2 with a message, as FORMATS.md says."""
    result = ctx.run("analyze", ctx.tmp / "no such file.chan.json", ok=False)
    expect(result.returncode == 2 and result.stderr.strip() != "",
           f"exit {result.returncode}, stderr {result.stderr!r}")


def check_drill(ctx: Context) -> None:
    """`drill FAMILY --count N --seed S --json` (when the program offers it)."""
    if not ctx.offers("drill"):
        ctx.figures["drill"] = "not offered"
        return
    text = ctx.run("drill", "--help").stdout
    families = re.findall(r"one of ([\w, ]+)", text)
    expect(bool(families), f"drill --help names no family: {text[:300]!r}")
    family = families[0].split(",")[0].strip()
    document = ctx.json("drill", family, "--count", "3", "--seed", "1")
    expect(bool(document), f"drill {family}: empty")


def check_report(ctx: Context) -> None:
    """`report FILE --game N --html OUT` (when the program offers it)."""
    if not ctx.offers("report"):
        ctx.figures["report"] = "not offered"
        return
    source = ctx.tmp / "report me.chan.json"
    ctx.run("selfplay", "--games", "1", "--seed", "5", "--out", source)
    html = ctx.tmp / "báo cáo.html"
    ctx.run("report", source, "--game", "0", "--html", html)
    expect(html.is_file() and "<html" in html.read_text("utf-8").lower(), "no HTML page")


def check_to_tom(ctx: Context) -> None:
    """Tổ tôm in the bundle (issue 23): its self-play, analysis with the verdict, report,
    drills and, when offered, its smoke run."""
    out = ctx.tmp / "tổ tôm.chan.json"
    summary = ctx.json("selfplay", "--game", "to_tom", "--games", "3", "--seed", "2",
                       "--out", out)
    expect(summary.get("game") == "to_tom" and summary.get("games") == 3,
           f"selfplay --game to_tom: {str(summary)[:200]}")
    games = ctx.json("analyze", out).get("games")
    expect(isinstance(games, list) and len(games) == 3, f"analyze Tổ tôm: {str(games)[:200]}")
    html = ctx.tmp / "tổ tôm.html"
    ctx.run("report", out, "--game", "0", "--html", html)
    expect(html.is_file() and "<html" in html.read_text("utf-8").lower(), "no Tổ tôm page")
    drills = ctx.json("drill", "--game", "to_tom", "tom_tho", "--count", "2", "--seed", "1")
    expect(drills.get("game") == "to_tom", f"drill --game to_tom: {str(drills)[:200]}")
    if re.search(r"--smoke.*--game|--game.*--smoke", ctx.help(), re.DOTALL):
        result = ctx.run("--smoke", "--game", "to_tom", "--data-dir", ctx.tmp / "tom smoke")
        found = re.findall(r"^first_frame_ms=(\d+)$", result.stdout, re.MULTILINE)
        expect(len(found) == 1, f"--smoke --game to_tom printed {result.stdout!r}")
        ctx.figures["tom_first_frame_ms"] = found[0]


def check_relocated(ctx: Context) -> None:
    """A copy of the whole bundle under RELOCATED (spaces, Vietnamese letters), run from
    another folder: --version, selfplay, analyze, --smoke."""
    exe = ctx.relocated()
    out = ctx.work / "ván đấu" / "hội 1.chan.json"
    out.parent.mkdir(exist_ok=True)
    expect(ctx.run("--version", exe=exe).stdout.startswith("chan-tutor "), "--version")
    ctx.run("selfplay", "--games", "2", "--seed", "11", "--out", out, exe=exe)
    games = ctx.json("analyze", out, exe=exe).get("games")
    expect(isinstance(games, list) and len(games) == 2, f"analyze: {str(games)[:200]}")
    if "--smoke" in ctx.help():
        result = ctx.run("--smoke", "--data-dir", ctx.tmp / "dữ liệu", exe=exe, cwd=Path("/"))
        expect("first_frame_ms=" in result.stdout, f"--smoke printed {result.stdout!r}")


CHECKS: dict[str, Callable[[Context], None]] = {
    "layout": check_layout,
    "no_unused_qt": check_no_unused_qt,
    "size": check_size,
    "libraries": check_libraries,
    "version": check_version,
    "help": check_help,
    "smoke": check_smoke,
    "selfplay": check_selfplay,
    "analyze": check_analyze,
    "export_import": check_export_import,
    "bad_input": check_bad_input,
    "drill": check_drill,
    "report": check_report,
    "to_tom": check_to_tom,
    "relocated": check_relocated,
}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("bundle", nargs="?", type=Path, default=DEFAULT_BUNDLE)
    parser.add_argument("--max-first-frame-ms", type=int, default=MAX_FIRST_FRAME_MS)
    parser.add_argument("--only", action="append", choices=sorted(CHECKS), metavar="CHECK")
    args = parser.parse_args(argv)
    ctx = Context(args.bundle, args.max_first_frame_ms)
    passed = failed = 0
    try:
        if not ctx.exe.is_file():
            print(f"FAIL bundle: no {ctx.exe} (build it with `make dist`)")
            failed += 1
        else:
            for name, check in CHECKS.items():
                if args.only and name not in args.only:
                    continue
                try:
                    check(ctx)
                except (CheckFailed, OSError, KeyError, TypeError, ValueError) as error:
                    failed += 1
                    print(f"FAIL {name}: {error}", flush=True)
                else:
                    passed += 1
                    print(f"ok   {name}", flush=True)
            for key, value in ctx.figures.items():
                print(f"{key}={value}")
    finally:
        ctx.cleanup()
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
