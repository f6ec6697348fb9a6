"""Make the font subsets shipped in resources/fonts/ (run once; the outputs are committed).

Sources — Debian 12 (bookworm) packages, installed with
    apt-get update && apt-get install -y --no-install-recommends fonts-noto-cjk fonts-noto-core
  fonts-noto-cjk  1:20220127+repack1-1  NotoSerifCJK-Bold.ttc, face 3 = Noto Serif CJK TC Bold
                                         (Traditional Chinese forms: 萬, not 万)
  fonts-noto-core 20201225-1            NotoSans-Regular.ttf, NotoSans-Bold.ttf,
                                         NotoSerif-Bold.ttf (Noto 2.004)
All are under the SIL Open Font License 1.1 (no Reserved Font Name applies to the names kept).

Command (from the repository root, with fontTools in the venv: `pip install fonttools`):
    .venv/bin/python tools/subset_fonts.py

Each font is cut to the characters the chiếu draws — the Hán rank and suit characters for the
card faces, Latin + Vietnamese for text — with its name table kept whole (copyright, licence
and URL records stay inside the file). OFL.txt is the licence text as Debian ships it in
/usr/share/doc/<package>/copyright, headed by the fonts' own copyright notices.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTFont

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "resources" / "fonts"
CJK = Path("/usr/share/fonts/opentype/noto/NotoSerifCJK-Bold.ttc")
CORE = Path("/usr/share/fonts/truetype/noto")
LICENCE_SOURCE = Path("/usr/share/doc/fonts-noto-cjk/copyright")

# The inscriptions of the suited cards — engine.chan.cards and engine.totom.cards RANK_HAN and
# SUIT_HAN (R1.2, TOTOM T1.2: the nhất of Tổ tôm add 一) — and the emblems of the two yêu đỏ
# Chắn lacks (desktop/chieu/faces.py): 老 on ông cụ, 好 on thang thang.
HAN = "一二三四五六七八九萬文索老好"


def _range(first: int, last: int) -> str:
    return "".join(chr(c) for c in range(first, last + 1))


VIETNAMESE = (
    "ĂăÂâĐđÊêÔôƠơƯưĨĩŨũ"
    + _range(0x1EA0, 0x1EF9)  # Latin Extended Additional: ạ ả ấ … ỹ
    + "\u0300\u0301\u0303\u0309\u0323"  # combining grave, acute, tilde, hook, dot below
)
TEXT = (
    _range(0x20, 0x7E)
    + _range(0xA0, 0xFF)  # Latin-1: · × é à …
    + VIETNAMESE
    + "–—‘’“”•…"
)

# (output file, source file, face number in a collection, characters)
FONTS = (
    ("NotoSerifCJKtc-Bold-han.otf", CJK, 3, HAN),
    ("NotoSans-Regular-vi.ttf", CORE / "NotoSans-Regular.ttf", 0, TEXT),
    ("NotoSans-Bold-vi.ttf", CORE / "NotoSans-Bold.ttf", 0, TEXT),
    ("NotoSerif-Bold-vi.ttf", CORE / "NotoSerif-Bold.ttf", 0, TEXT),
)


def cut(source: Path, face: int, chars: str, target: Path) -> list[str]:
    """Write the subset of `source` holding `chars`; return the characters it lacks."""
    options = subset.Options()
    options.name_IDs = ["*"]  # keep copyright (0), licence (13) and its URL (14)
    options.name_languages = ["*"]
    options.font_number = face
    options.notdef_outline = True
    font = subset.load_font(str(source), options, dontLoadGlyphNames=True)
    cmap = font.getBestCmap()
    missing = [c for c in chars if ord(c) not in cmap]
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=[ord(c) for c in chars])
    subsetter.subset(font)
    subset.save_font(font, str(target), options)
    return missing


def licence_text() -> str:
    """The OFL 1.1 text from a Debian copyright file (de-indented, ' .' lines made blank)."""
    text = LICENCE_SOURCE.read_text(encoding="utf-8")
    block = re.search(r"^License: SIL-1\.1\n((?: .*\n)+)", text, re.MULTILINE)
    if block is None:
        raise SystemExit(f"no OFL text found in {LICENCE_SOURCE}")
    lines = [line[1:] for line in block.group(1).splitlines()]
    return "\n".join("" if line == "." else line for line in lines).strip() + "\n"


def main() -> int:
    """Cut every font, then write OFL.txt; print each output's size."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=OUT, help="output folder")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    notices: list[str] = []
    for name, source, face, chars in FONTS:
        target = args.out / name
        missing = cut(source, face, chars, target)
        if any(c in HAN for c in missing):
            raise SystemExit(f"{source} lacks {''.join(missing)}")
        notice = TTFont(str(target))["name"].getDebugName(0) or ""
        if notice not in notices:
            notices.append(notice)
        lacking = f" (not in the font: {' '.join(missing)})" if missing else ""
        print(f"{name}: {target.stat().st_size} bytes{lacking}")
    header = "\n".join(notices)
    (args.out / "OFL.txt").write_text(f"{header}\n\n{licence_text()}", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
