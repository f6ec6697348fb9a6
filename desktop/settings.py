"""The learner's settings: làng options (R11), play mode (R7.5), language, sound, the computer
players' levels and everybody's names — one JSON file beside replays.db in the user data folder.

No Qt here: the dialog (settings_dialog.py) edits a Settings value and the window saves it.
A file that is missing, unreadable or holds bad values gives the defaults for what is wrong,
never a crash: settings are a convenience, the games live in the store.
"""

from __future__ import annotations

import contextlib
import json
import os
import stat
import sys
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Literal

from engine.chan import DEFAULT_RULES, LangRules
from engine.chan.ai import LEVELS
from engine.errors import BadRules
from engine.game import Mode
from engine.totom import AI_LEVELS as TOM_AI_LEVELS
from engine.totom import AUTOMATIONS as TOM_AUTOMATIONS
from engine.totom import DEFAULT_RULES as TOM_DEFAULT_RULES
from engine.totom import TomRules
from replays.files import DAMAGED_SUFFIX as DAMAGED_SUFFIX  # the settings' callers use them
from replays.files import keep_damaged as keep_damaged
from replays.files import replace_regular
from replays.names import bound_name
from replays.paths import data_dir

FILE_NAME = "settings.json"
Lang = Literal["vi", "en"]
GameName = Literal["chan", "to_tom"]  # the rulesets' names (engine.registry): the game taught
GAMES: tuple[GameName, ...] = ("chan", "to_tom")
PLAYER_LEVELS = tuple(level for level in LEVELS if level != "random")  # random is a yardstick
DEFAULT_NAMES = ("Bạn", "Bà Tư", "Chú Ba", "Cô Hằng")
TOM_PLAYER_LEVELS = tuple(level for level in TOM_AI_LEVELS if level != "random")
# Tổ tôm's table (T2.1: five players, four as a làng option): seat 0 is the learner
TOM_DEFAULT_NAMES = ("Bạn", "Cụ Đồ", "Bà Tư", "Chú Ba", "Cô Hằng")
CLAIM_SECONDS = (0, 5, 10, 15, 20, 30)  # 0: no countdown on claim prompts
MAX_FILE_BYTES = 1024 * 1024  # settings.json is a few hundred bytes; larger is not ours


@dataclass(frozen=True, slots=True)
class Settings:
    """Everything the settings dialog edits, plus what the window remembers between runs."""

    rules: LangRules = DEFAULT_RULES
    # the game every screen speaks (issue 23: chosen once, switched with Ctrl+G)
    game: GameName = "chan"
    mode: Mode = Mode.TEACHING
    lang: Lang = "vi"
    sound: bool = True
    levels: tuple[str, str, str] = ("normal", "normal", "normal")  # seats 1, 2, 3
    names: tuple[str, str, str, str] = DEFAULT_NAMES  # seat 0 is the learner
    claim_seconds: int = 0
    # Tổ tôm (issue 23): the làng's 19 options (T9), the computer seats' levels and the
    # names of all five seats (at four players the last seat sits out), and the automations
    # of T4.16 the learner leaves on (teaching and strict modes; real mode has none)
    tom_rules: TomRules = TOM_DEFAULT_RULES
    tom_levels: tuple[str, str, str, str] = ("normal", "normal", "normal", "normal")
    tom_names: tuple[str, str, str, str, str] = TOM_DEFAULT_NAMES
    tom_automations: frozenset[str] = TOM_AUTOMATIONS
    # Interrupted games the learner chose not to resume: not offered again (the store has no
    # "abandoned" status; see the report of issue 6).
    skip_resume: tuple[int, ...] = field(default=())

    def to_json(self) -> dict[str, Any]:
        """The JSON object written to settings.json."""
        return {"rules": self.rules.to_json(), "game": self.game, "mode": self.mode.value,
                "lang": self.lang, "sound": self.sound, "levels": list(self.levels),
                "names": list(self.names),
                "claim_seconds": self.claim_seconds, "skip_resume": list(self.skip_resume),
                "tom_rules": self.tom_rules.to_json(), "tom_levels": list(self.tom_levels),
                "tom_names": list(self.tom_names),
                "tom_automations": sorted(self.tom_automations)}

    @classmethod
    def from_json(cls, data: object) -> Settings:
        """Read what `to_json` wrote; each bad or missing value keeps its default."""
        base = cls()
        if not isinstance(data, dict):
            return base
        out = base
        with contextlib.suppress(BadRules, TypeError):
            out = replace(out, rules=LangRules.from_json(data.get("rules")))
        if data.get("game") in GAMES:
            out = replace(out, game=data["game"])
        mode = data.get("mode")
        if mode in {m.value for m in Mode}:
            out = replace(out, mode=Mode(mode))
        if data.get("lang") in ("vi", "en"):
            out = replace(out, lang=data["lang"])
        if isinstance(data.get("sound"), bool):
            out = replace(out, sound=data["sound"])
        levels = data.get("levels")
        if isinstance(levels, list) and len(levels) == 3 and all(
                level in PLAYER_LEVELS for level in levels):
            out = replace(out, levels=(levels[0], levels[1], levels[2]))
        names = read_names(data.get("names"), DEFAULT_NAMES)
        if names is not None:
            out = replace(out, names=(names[0], names[1], names[2], names[3]))
        seconds = data.get("claim_seconds")
        if isinstance(seconds, int) and not isinstance(seconds, bool) \
                and seconds in CLAIM_SECONDS:
            out = replace(out, claim_seconds=seconds)
        skip = data.get("skip_resume")
        if isinstance(skip, list) and all(isinstance(i, int) for i in skip):
            out = replace(out, skip_resume=tuple(skip))
        return _tom_from_json(out, data)


def _tom_from_json(out: Settings, data: dict[Any, Any]) -> Settings:
    """The Tổ tôm part of `Settings.from_json`: each bad or missing value keeps its default."""
    with contextlib.suppress(BadRules, TypeError, ValueError):
        out = replace(out, tom_rules=TomRules.from_json(data.get("tom_rules")))
    levels = data.get("tom_levels")
    if isinstance(levels, list) and len(levels) == 4 and all(
            level in TOM_PLAYER_LEVELS for level in levels):
        out = replace(out, tom_levels=(levels[0], levels[1], levels[2], levels[3]))
    names = read_names(data.get("tom_names"), TOM_DEFAULT_NAMES)
    if names is not None:
        out = replace(out, tom_names=(names[0], names[1], names[2], names[3], names[4]))
    chosen = data.get("tom_automations")
    if isinstance(chosen, list) and all(isinstance(a, str) and a in TOM_AUTOMATIONS
                                        for a in chosen):
        out = replace(out, tom_automations=frozenset(chosen))
    return out


def read_names(value: object, defaults: tuple[str, ...]) -> tuple[str, ...] | None:
    """A table's names from settings.json, each cleaned (its seat's default where nothing is
    left); None unless ``value`` is a list of exactly one string per seat."""
    if not (isinstance(value, list) and len(value) == len(defaults)
            and all(isinstance(n, str) for n in value)):
        return None
    return tuple(clean_name(n, d) for n, d in zip(value, defaults, strict=True))


def clean_name(name: str, default: str) -> str:
    """A name as every name is kept (replays.names: trimmed, without control or format
    characters, at most MAX_NAME characters), the default when nothing is left."""
    return bound_name(name, default).name


def settings_path(override: Path | None = None) -> Path:
    """settings.json in the user data folder (``--data-dir`` overrides the folder)."""
    return data_dir(override) / FILE_NAME


def load(path: Path) -> Settings:
    """The settings stored at `path` (defaults when there are none or they cannot be read;
    a damaged file is named on stderr, in both languages, and left as it is)."""
    settings, problem = read(path)
    if problem is not None:
        warn_damaged(path, problem)
    return settings


def warn_damaged(path: Path, problem: tuple[str, str]) -> None:
    """Name a damaged settings file on stderr, in both languages."""
    sys.stderr.write(f"chan-tutor: {path}: {problem[1]}; using the default settings\n"
                     f"chan-tutor: {path}: {problem[0]}; dùng cài đặt mặc định\n")


def read(path: Path) -> tuple[Settings, tuple[str, str] | None]:
    """The settings stored at `path`, and why they could not be read (vi, en) when the file
    is there but damaged: not a regular file (a FIFO would block the start), too large,
    not UTF-8, not JSON, or JSON nested too deeply (RecursionError)."""
    try:
        st = os.stat(path)
    except FileNotFoundError:
        return Settings(), None
    except OSError as e:
        return Settings(), (f"không đọc được ({e.strerror})", f"cannot be read ({e.strerror})")
    if not stat.S_ISREG(st.st_mode):
        return Settings(), ("không phải tệp thường", "not a regular file")
    if st.st_size > MAX_FILE_BYTES:
        return Settings(), ("tệp quá lớn", "too large")
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as e:
        return Settings(), (f"không đọc được ({e.strerror})", f"cannot be read ({e.strerror})")
    except UnicodeDecodeError:
        return Settings(), ("không phải văn bản UTF-8", "not UTF-8 text")
    try:
        return Settings.from_json(json.loads(text)), None
    except RecursionError:
        return Settings(), ("JSON lồng nhau quá sâu (tệp bị hỏng)",
                            "JSON nested too deeply (a damaged file)")
    except ValueError:
        return Settings(), ("không phải JSON hợp lệ (tệp bị hỏng)",
                            "not valid JSON (a damaged file)")


def save(path: Path, settings: Settings) -> None:
    """Write the settings atomically: a crash never leaves half a file, and a failed write (a
    full disk) leaves no temporary file behind (OSError); a FIFO, a folder or a device in the
    file's place is never replaced (BadFile)."""
    replace_regular(path, json.dumps(settings.to_json(), ensure_ascii=False, indent=2) + "\n")
