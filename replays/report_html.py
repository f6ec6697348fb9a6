"""The pieces of the HTML report (``chan-tutor report``): escaping, both languages side by
side, the small CSS cards, and the page's only style sheet (inline: the page is one
self-contained file with no script and nothing fetched)."""

from __future__ import annotations

from collections.abc import Iterable
from html import escape

from engine.chan import Card

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
.en { color: var(--muted); font-style: italic; }
.en::before { content: "/ "; font-style: normal; }
p.en::before, div.en::before { content: ""; }
.meta { color: var(--muted); margin: 0 0 1rem; }
table { border-collapse: collapse; margin: .25rem 0 .75rem; }
th, td { border: 1px solid var(--line); padding: .3rem .5rem; text-align: left;
         vertical-align: top; }
th { background: #f1ece0; font-weight: 600; }
.num { text-align: right; font-variant-numeric: tabular-nums; }
.cards { display: inline-flex; flex-wrap: wrap; gap: 2px; }
.card { display: inline-flex; flex-direction: column; justify-content: space-between;
        width: 2.9em; min-height: 3.9em; padding: .15em .2em; border: 1px solid #8a8270;
        border-radius: .3em; background: var(--card); font-size: 11px; line-height: 1.1;
        text-align: center; color: var(--ink); }
.card .code { font-size: .8em; color: var(--muted); }
.card.red { color: var(--red); border-color: var(--red); }
.card.red .code { color: var(--red); }
.card.live { box-shadow: 0 0 0 2px #1565c0; }
.card.hit { background: var(--mark); }
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
    """Text for HTML (quotes too: also used in attributes)."""
    return escape(str(value), quote=True)


def both(vi: str, en: str, tag: str = "span") -> str:
    """Vietnamese first, English beside it (marked lang="en")."""
    return f'{esc(vi)} <{tag} class="en" lang="en">{esc(en)}</{tag}>'


def data(**facts: object) -> str:
    """``data-*`` attributes for machine checks, leaving out facts that are None."""
    return "".join(f' data-{k.replace("_", "-")}="{esc(v)}"' for k, v in facts.items()
                   if v is not None)


def card(code: str | Card, marks: Iterable[str] = ()) -> str:
    """One small card: its Vietnamese name (R1.3 code above it); red cards red (R1.4)."""
    c = code if isinstance(code, Card) else Card.parse(code)
    classes = " ".join(["card", *(["red"] if c.is_red else []), *marks])
    return (f'<span class="{classes}" title="{esc(c.name_en)}">'
            f'<span class="code">{c.code}</span>{esc(c.name_vi)}</span>')


def cards(codes: Iterable[str | Card], hit: str | None = None) -> str:
    """A row of cards (``hit``: the code to mark), or a dash for none."""
    out = [card(c, ["hit"] if hit is not None and str(c) == hit else []) for c in codes]
    return f'<span class="cards">{"".join(out)}</span>' if out else '<span class="empty">—</span>'
