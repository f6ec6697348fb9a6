"""The arrangement the làng judges (T5.3) and what it is worth (T7.2).

T5.3: of the arrangements that meet T5.2, the judge takes one that, in this order, agrees with
the winner's phỗng statement (T5.6), makes every called cước true (T7.6), avoids một cục
(T4.13), and scores highest. Only tôm and lèo (and whether W lies in a phỗng, for the lèo of a
chi nẩy) change from one arrangement to another; red cards, ông cụ and the waits belong to the
set. So the judge asks the fast search which tôm and lèo counts are reachable, ranks them, and
builds the best.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.totom.arrange import Arrangement, arrange
from engine.totom.cards import Card
from engine.totom.cuoc import color_cuoc, cuoc_of, leo_count, score
from engine.totom.position import Position
from engine.totom.rules import DEFAULT_RULES, TomRules
from engine.totom.search import search
from engine.totom.waits import waits


@dataclass(frozen=True, slots=True)
class Constraints:
    """What the winner said, for the judge to honour (T5.3): the phỗng statement (T5.6), and
    the tôm and lèo counts of the call (T7.6) — the other cước do not depend on the
    arrangement."""

    phong: bool | None = None
    tom: int = 0
    leo: int = 0
    avoid_mot_cuc: bool = True


@dataclass(frozen=True, slots=True)
class Judged:
    """The judged arrangement and what it holds (T5.3, T7.2)."""

    arrangement: Arrangement
    cuoc: dict[str, int] = field(hash=False)
    score: int
    fits_phong: bool  # an arrangement agrees with the phỗng statement (else TD1, T5.6)
    call_true: bool  # it holds the tôm and lèo asked
    chi_nay: bool  # TC8 holds (the set, not the arrangement)


def is_chi_nay(position: Position, w: Card | None, rules: TomRules = DEFAULT_RULES) -> bool:
    """TC8: W is chi chi and the position's only wait is chi chi (T5.5)."""
    return w == Card.CC and waits(position, rules) == (Card.CC,)


def judged_arrangement(position: Position, w: Card | None, rules: TomRules = DEFAULT_RULES,
                       constraints: Constraints = Constraints(), *,
                       thong: bool = False) -> Judged | None:
    """T5.3: the arrangement the làng takes for position + W (None: no arrangement wins).

    ``thong`` is the right to TC2, which only the hội knows.
    """
    packed = position.packed
    need = rules.lung_required
    if not search(packed, w, need):
        return None
    chi_nay = is_chi_nay(position, w, rules)
    fits = constraints.phong is None or search(packed, w, need, constraints.phong)
    statements: list[bool | None] = [constraints.phong if fits else None]
    if statements[0] is None and chi_nay:
        statements.insert(0, True)  # a chi nẩy won by a phỗng keeps its lèo (TC8)
    fixed: dict[str, int] = {}  # the cước of the set, the same in every arrangement
    if thong and rules.allow_thong:
        fixed["thong"] = 1
    color = color_cuoc([*position.cards(), *([] if w is None else [w])], rules)
    if color is not None:
        fixed[color] = 1
    if chi_nay:
        fixed["chi_nay"] = 1
    mat_tom = sum(1 for m in position.mat if m.sp == "SP1")
    mat_leo = sum(1 for m in position.mat if m.sp == "SP2")
    ranked: list[tuple[tuple[bool, int], bool | None, int, int]] = []
    for phong in statements:
        if not search(packed, w, need, phong):
            continue
        for tom in range(mat_tom, 5):
            if not search(packed, w, need, phong, tom - mat_tom):
                break
            for leo in range(mat_leo, 5):
                if not search(packed, w, need, phong, tom - mat_tom, leo - mat_leo):
                    break
                absorbed = chi_nay and leo and rules.chi_nay_leo == "absorbed" and \
                    phong is not True
                eff = leo - (1 if absorbed else 0)
                cuoc = {**fixed, **_counts(tom, eff)}
                call_true = tom >= constraints.tom and eff >= constraints.leo
                ranked.append(((call_true, score(cuoc, rules)), phong, tom, leo))
    ranked.sort(key=lambda item: item[0], reverse=True)
    best: tuple[tuple[bool, bool, int], Judged] | None = None
    for (call_true, _), phong, tom, leo in ranked:
        if best is not None and best[0][:2] >= (call_true, True):
            break
        built = arrange(position, w, rules, phong=phong, min_tom=tom, min_sp2=leo,
                        avoid_mot_cuc=constraints.avoid_mot_cuc)
        if built is None:  # cannot happen: the search said these counts are reachable
            continue
        cuoc = cuoc_of(built, rules, thong=thong, chi_nay=chi_nay)
        judged = Judged(built, cuoc, score(cuoc, rules), fits,
                        built.tom >= constraints.tom
                        and leo_count(built, chi_nay, rules) >= constraints.leo, chi_nay)
        key = (judged.call_true, not built.mot_cuc, judged.score)
        if best is None or key > best[0]:
            best = (key, judged)
        if not position.bat_thuc:
            break
    assert best is not None
    return best[1]


def _counts(tom: int, leo: int) -> dict[str, int]:
    """Tôm and lèo as a cước map."""
    out = {}
    if tom:
        out["tom"] = tom
    if leo:
        out["leo"] = leo
    return out
