"""The pieces of the HTML report (``chan-tutor report``): escaping, the two languages, the
small CSS cards, and the page's only style sheet (inline: the page is one self-contained file
with no script and nothing fetched).

Every text is there in Vietnamese and in English, and the page shows one language at a time,
Vietnamese first, switched by two radio buttons at its top that the style sheet reads
(``#lang-en:checked ~ * .vi`` hides the Vietnamese): no sentence mixes the two (issue 20).
A card is small markup (``<i class="r"><b>9s</b>Cửu sách</i>``, its English name in the
page's card legend): the hundred cards of each position shown are most of a page.
"""

from __future__ import annotations

from collections.abc import Iterable
from html import escape

from engine.chan import Card
from replays.text import inert

CSS = """
:root { --ink: #1d1d1b; --muted: #5f5b52; --paper: #fbf8f1; --line: #d9d2c3;
        --red: #b3261e; --mark: #fff1b8; --card: #fffdf7; }
* { box-sizing: border-box; }
body { margin: 0; padding: 1.5rem 2rem 3rem; background: var(--paper); color: var(--ink);
       font: 15px/1.45 "Segoe UI", "Noto Sans", "DejaVu Sans", Arial, sans-serif; }
h1 { font-size: 1.6rem; margin: 0 0 .25rem; }
h2 { font-size: 1.3rem; margin: 2.5rem 0 .5rem; padding-bottom: .25rem;
     border-bottom: 2px solid var(--ink); }
h3 { font-size: 1.05rem; margin: 1.5rem 0 .5rem; }
input.lang { position: absolute; opacity: 0; }
#lang-vi:checked ~ * .en, #lang-en:checked ~ * .vi { display: none; }
.langs label { display: inline-block; padding: .1rem .7rem; margin-right: .3rem;
               border: 1px solid var(--line); border-radius: 1rem; cursor: pointer; }
#lang-vi:checked ~ header label[for=lang-vi], #lang-en:checked ~ header label[for=lang-en] {
  background: var(--ink); color: #fff; }
#lang-vi:focus-visible ~ header label[for=lang-vi],
#lang-en:focus-visible ~ header label[for=lang-en] { outline: 2px solid #1565c0; }
.meta { color: var(--muted); margin: 0 0 1rem; }
table { border-collapse: collapse; margin: .25rem 0 .75rem; }
th, td { border: 1px solid var(--line); padding: .3rem .5rem; text-align: left;
         vertical-align: top; }
th { background: #f1ece0; font-weight: 600; }
.num { text-align: right; font-variant-numeric: tabular-nums; }
.cards { display: inline-flex; flex-wrap: wrap; gap: 2px; }
i { display: inline-flex; flex-direction: column; justify-content: space-between;
    width: 2.9em; min-height: 3.9em; padding: .15em .2em; border: 1px solid #8a8270;
    border-radius: .3em; background: var(--card); font-size: 11px; font-style: normal;
    line-height: 1.1;
    text-align: center; color: var(--ink); }
i b { font-size: .8em; font-weight: 400; color: var(--muted); }
i.r { color: var(--red); border-color: var(--red); }
i.r b { color: var(--red); }
i.live { box-shadow: 0 0 0 2px #1565c0; }
i.hit { background: var(--mark); }
table.legend td { padding: .1rem .4rem; }
table.position { width: 100%; }
table.position th:first-child { width: 10em; }
.meld { display: inline-flex; gap: 1px; padding: 1px; margin-right: 4px;
        border: 1px dashed var(--line); border-radius: .3em; }
.empty { color: var(--muted); }
.badge { display: inline-block; padding: 0 .4em; border-radius: .8em; font-size: .8em;
         background: var(--ink); color: #fff; margin-left: .3em; }
.badge.bao { background: var(--red); }
.event { margin: 1rem 0 1.5rem; padding: .75rem 1rem; background: #fff; border: 1px solid
         var(--line); border-radius: .4rem; }
.event > h4 { margin: 0 0 .5rem; font-size: 1rem; }
.ann { margin: .5rem 0; padding: .5rem .75rem; border-left: 4px solid var(--red);
       background: #fdf3f1; }
.ann.note { border-left-color: #1565c0; background: #f1f5fb; }
.ann h5 { margin: 0 0 .25rem; font-size: .95rem; }
.ann p { margin: .15rem 0; }
.kind { font-weight: 700; }
tr.acting th { background: var(--mark); }
.toc li { margin: .15rem 0; }
.calls td { min-width: 14em; }
.missing { color: var(--red); font-weight: 600; }
footer { margin-top: 3rem; color: var(--muted); font-size: .85rem; }
@media print { body { background: #fff; } .event { break-inside: avoid; } }
"""


def esc(value: object) -> str:
    """Text for HTML (quotes too: also used in attributes), its control characters written
    out as escapes (``\\x1b``) as the terminal output writes them: an ESC in a player's name
    never reaches the page raw (issue 20)."""
    return escape(inert(str(value)), quote=True)


def both(vi: str, en: str) -> str:
    """A text in both languages: the page shows the one the reader chose."""
    return f'<span class="vi">{esc(vi)}</span><span class="en" lang="en">{esc(en)}</span>'


def data(**facts: object) -> str:
    """``data-*`` attributes for machine checks, leaving out facts that are None."""
    return "".join(f' data-{k.replace("_", "-")}="{esc(v)}"' for k, v in facts.items()
                   if v is not None)


def card(code: str | Card, marks: Iterable[str] = ()) -> str:
    """One small card, the page's only ``<i>``: its R1.3 code above its Vietnamese name; red
    cards red (R1.4)."""
    c = code if isinstance(code, Card) else Card.parse(code)
    classes = " ".join([*(["r"] if c.is_red else []), *marks])
    return f'<i class="{classes}"><b>{c.code}</b>{esc(c.name_vi)}</i>' if classes else \
        f"<i><b>{c.code}</b>{esc(c.name_vi)}</i>"


def cards(codes: Iterable[str | Card], hit: str | None = None) -> str:
    """A row of cards (``hit``: the code to mark), or a dash for none."""
    out = [card(c, ["hit"] if hit is not None and str(c) == hit else []) for c in codes]
    return f'<span class="cards">{"".join(out)}</span>' if out else '<span class="empty">—</span>'


def legend() -> str:
    """The 25 kinds of card: code, Vietnamese and English name (R1.3), once per page."""
    rows = "".join(f"<tr><td>{card(c)}</td><td>{esc(c.name_vi)}</td>"
                   f'<td lang="en">{esc(c.name_en)}</td></tr>' for c in Card)
    return (f'<details><summary>{both("Các quân bài", "The cards")}</summary>'
            f'<table class="legend">{rows}</table></details>')


def language_switch() -> str:
    """The two radio buttons choosing the page's language (before everything they hide)."""
    return ('<input type="radio" name="lang" id="lang-vi" class="lang" checked>'
            '<input type="radio" name="lang" id="lang-en" class="lang">\n')


def language_labels() -> str:
    """The switch as the reader sees it, in the page's header."""
    return ('<p class="langs"><label for="lang-vi" lang="vi">Tiếng Việt</label>'
            '<label for="lang-en" lang="en">English</label></p>')
