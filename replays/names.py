"""What a player's name may be, wherever it comes from (issue 20, section 4).

A name is untrusted text: a file from elsewhere, an edited database or the settings file may
hold a million characters, escapes, bidirectional overrides that reorder the text around the
name, hundreds of combining marks on one letter, or nothing visible at all. Every way a name
comes in (replays.chanjson, replays.store, replays.library, desktop.settings) keeps
``bound_name(raw).name`` instead, so every screen, page and line of text can show it:

- at most ``MAX_NAME`` user-perceived characters (grapheme clusters), the rest cut with "…";
- no control character, no format character (zero-width space, bidi override or isolate,
  BOM, soft hyphen) but the two joiners some scripts and emoji need (ZWJ, ZWNJ); white space
  of any kind read as one space, none at either end;
- at most ``MAX_EXTRA`` code points stacked on one cluster (combining marks, joined emoji);
- NFC, so a name typed in decomposed Vietnamese is the same name;
- never blank: a name with nothing visible left becomes the ``default`` the reader gives.

Only the first ``SCAN`` code points are ever looked at, so a name of a million characters
costs what a name of two thousand does. ``bound_name`` is idempotent: a bounded name read
again is kept as it is.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass

MAX_NAME = 32  # grapheme clusters: "Nguyễn Thị Thanh Hương (Hà Nội)" fits
MAX_EXTRA = 8  # code points joined to one cluster: Vietnamese NFD needs 2, an emoji family 10
SCAN = 2048  # code points of a raw name looked at: enough for MAX_NAME full clusters
ELLIPSIS = "…"
_JOINERS = frozenset("\u200c\u200d")  # ZWNJ, ZWJ: kept, they shape Persian, Indic, emoji
_ZWJ = "\u200d"
_MARKS = frozenset(("Mn", "Mc", "Me"))
_DROPPED = frozenset(("Cc", "Cf", "Cs"))  # controls, format characters, lone surrogates


def _regional(ch: str) -> bool:
    return "\U0001f1e6" <= ch <= "\U0001f1ff"  # two of them make a flag


def _modifier(ch: str) -> bool:
    return "\U0001f3fb" <= ch <= "\U0001f3ff"  # emoji skin tones


@dataclass(frozen=True, slots=True)
class Bounded:
    """A name as kept, and what bounding it changed."""

    name: str
    shortened: bool = False  # longer than MAX_NAME clusters: cut, "…" added
    cleaned: bool = False  # control, invisible or stacked characters removed
    blank: bool = False  # nothing visible: the default name given instead

    @property
    def changed(self) -> bool:
        """Whether the learner should be told (white space and NFC are not worth a word)."""
        return self.shortened or self.cleaned or self.blank


def bound_name(raw: str, default: str = "") -> Bounded:
    """``raw`` as a name may be (this module's rules); ``default`` when nothing is left."""
    parts, cleaned = _split(unicodedata.normalize("NFC", raw[:SCAN]), MAX_NAME + 1)
    shortened = len(parts) > MAX_NAME or len(raw) > SCAN
    if shortened:
        kept = parts[:MAX_NAME - 1]
        while kept and kept[-1] == [" "]:
            kept.pop()
        name = "".join("".join(c) for c in kept)
        name = name + ELLIPSIS if name else ""
    else:
        name = "".join("".join(c) for c in parts)
    if not name:
        return Bounded(default, shortened, cleaned, True)
    return Bounded(name, shortened, cleaned)


def clusters(name: str) -> int:
    """How many user-perceived characters a bounded name has (a run of white space is one)."""
    return len(_split(name, None)[0])


def _split(text: str, limit: int | None) -> tuple[list[list[str]], bool]:
    """The grapheme clusters of ``text`` (up to ``limit`` of them) as bound_name keeps them,
    and whether anything was dropped on the way. A cluster is a base character and what
    joins it: combining marks, a ZWJ and the code point after it, a skin tone, the second
    regional indicator of a flag (close to UAX #29, without its tables)."""
    parts: list[list[str]] = []
    cleaned = False
    space = False  # white space seen since the last cluster
    joined = False  # the last code point was a ZWJ: the next one joins its cluster
    for ch in text:
        if ch.isspace():
            space, joined = True, False
            continue
        category = unicodedata.category(ch)
        if category in _DROPPED and ch not in _JOINERS:
            cleaned = True
            continue
        last = parts[-1] if parts and not space else None
        extends = (category in _MARKS or ch in _JOINERS or _modifier(ch) or joined
                   or (_regional(ch) and last is not None and len(last) == 1
                       and _regional(last[0])))
        if extends:
            if last is None or len(last) > MAX_EXTRA:  # nothing to sit on, or a tower
                cleaned = True
            else:
                last.append(ch)
            joined = ch == _ZWJ and last is not None
            continue
        if space and parts:
            parts.append([" "])
        space, joined = False, False
        parts.append([ch])
        if limit is not None and len(parts) >= limit:
            break
    return parts, cleaned


def _number(n: int, lang: str) -> str:
    text = f"{n:,}"
    return text.replace(",", ".") if lang == "vi" else text


@dataclass(frozen=True, slots=True)
class NameNotice:
    """A player's name that was changed on the way in: which seat (and hội of a database),
    how long it was, and the name kept. ``en`` / ``vi`` say it to the learner."""

    seat: int
    length: int  # code points of the name as read
    bounded: Bounded
    session: int | None = None

    def _parts(self) -> list[tuple[str, str]]:
        """What was done to the name, (en, vi) each."""
        b, n = self.bounded, self.length
        parts = []
        if b.shortened:
            parts.append((f"was shortened from {_number(n, 'en')} characters",
                          f"dài {_number(n, 'vi')} ký tự nên đã được rút gọn"))
        if b.cleaned:
            parts.append(("held control or invisible characters (removed)",
                          "có ký tự điều khiển hoặc vô hình (đã bỏ)"))
        if b.blank:
            parts.append(("had nothing visible", "không có chữ nào nhìn thấy được"))
        return parts

    @property
    def en(self) -> str:
        """The notice in English."""
        where = "" if self.session is None else f"session {self.session}, "
        done = ", ".join(en for en, _ in self._parts())
        return f"{where}seat {self.seat}: the player's name {done}; shown as " \
               f"“{self.bounded.name}”"

    @property
    def vi(self) -> str:
        """The notice in Vietnamese."""
        where = "" if self.session is None else f"hội {self.session}, "
        done = ", ".join(vi for _, vi in self._parts())
        return f"{where}ghế {self.seat}: tên người chơi {done}; hiện là “{self.bounded.name}”"


# What became of a changed name, said after its notice (en, vi)
READ_ONLY = ("the file is not changed", "tệp không bị thay đổi")
KEPT = ("the library keeps the name as shown; the file is not changed",
        "thư viện lưu tên như trên; tệp không bị thay đổi")


def seat_default(seat: int) -> str:
    """The name given to a seat whose name has nothing visible (as the chiếu calls it)."""
    return f"Ghế {seat}"


def bound_seat(raw: str, seat: int, session: int | None = None
               ) -> tuple[str, NameNotice | None]:
    """The name kept for ``seat``, and the notice to give when it was changed."""
    bounded = bound_name(raw, seat_default(seat))
    if not bounded.changed:
        return bounded.name, None
    return bounded.name, NameNotice(seat, len(raw), bounded, session)
