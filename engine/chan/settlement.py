"""Who pays whom at the end of a game (RULES R9.1, R7.2–R7.4, R8.2–R8.4)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum

from engine.chan.call import Verdict
from engine.chan.cuoc import ga_count, total
from engine.chan.rulebook import NGHI_AN_TIEN, REGISTRY, U_BAO, U_LAO_POINTS
from engine.chan.rules import LangRules


class Payout(StrEnum):
    """How a game was paid (FORMATS ``payout``); NONE for a drawn or unfinished game."""

    NORMAL = "normal"
    NGHI_AN_TIEN = "nghi_an_tien"
    U_BAO = "u_bao"
    U_LAO = "u_lao"
    XUONG_SAI = "xuong_sai"
    NONE = "none"


@dataclass(frozen=True, slots=True)
class Settlement:
    """Transfers per seat in điểm × stake (they sum to 0) and the figures behind them."""

    payout: Payout
    transfers: tuple[float, ...]
    score: int  # what the call collects from each loser (0 unless normal)
    true_score: int  # what the true cước are worth
    ga: int  # gà in the call
    penalty: int  # what the offender pays each payee (xướng sai, ù láo, ù báo)
    rules: tuple[str, ...] = ()  # the rule ids (rulebook) that decided an ù láo, ù báo or
    # nghỉ ăn tiền, in the registry's order


def no_payment(players: int) -> Settlement:
    """A drawn or unfinished game: nobody pays (R7.3 decision for báo players too)."""
    return Settlement(Payout.NONE, (0.0,) * players, 0, 0, 0, 0)


def settle_u_lao(players: int, seat: int, rules: LangRules) -> Settlement:
    """R7.4: ù láo pays every other player 12 điểm; nobody else is paid."""
    return _offender_pays(players, seat, range(players), U_LAO_POINTS, Payout.U_LAO, rules,
                          0, 0, 0, ("u_lao",))


def settle_win(players: int, winner: int, verdict: Verdict, faults: Iterable[str],
               bo_u: bool, bao: tuple[bool, ...], rules: LangRules) -> Settlement:
    """R9.1 with R7.2–R7.4 and R8.2–R8.4 for a game that was won and called."""
    faults = set(faults)
    call_total = total(verdict.call, rules)
    true_total = total(verdict.true, rules)
    ga = ga_count(verdict.call, rules)
    u_bao = _decided_by(faults, U_BAO)
    if u_bao:  # ù báo (R7.4) is punished even if R7.2 also applies
        return _offender_pays(players, winner, range(players), U_LAO_POINTS, Payout.U_BAO,
                              rules, 0, true_total, ga, u_bao)
    if verdict.sai:  # R8.2/R8.4, even on a nghỉ ăn tiền win: báo players neither pay nor are paid
        payees = [s for s in range(players) if not bao[s]]
        return _offender_pays(players, winner, payees, verdict.penalty, Payout.XUONG_SAI,
                              rules, 0, true_total, ga)
    nghi = _decided_by(faults, NGHI_AN_TIEN) + (("bo_u",) if bo_u else ())
    if nghi:  # R7.2: the win stands, nobody pays
        return Settlement(Payout.NGHI_AN_TIEN, (0.0,) * players, 0, true_total, ga, 0, nghi)
    transfers = [0.0] * players
    losers = [s for s in range(players) if s != winner]
    payers = [s for s in losers if bao[s]] or losers
    each = call_total * (len(losers) if any(bao[s] for s in losers) else 1)  # R7.3
    for s in payers:
        transfers[s] -= each * rules.stake
        transfers[winner] += each * rules.stake
    return Settlement(Payout.NORMAL, tuple(transfers), call_total, true_total, ga, 0)


def _decided_by(faults: set[str], consequence: str) -> tuple[str, ...]:
    """The rules among ``faults`` whose consequence (rulebook) is ``consequence``."""
    return tuple(sorted((f for f in faults if REGISTRY.consequence_of(f) == consequence),
                        key=REGISTRY.key))


def _offender_pays(players: int, seat: int, payees: Iterable[int], points: int,
                   payout: Payout, rules: LangRules, score: int, true_score: int,
                   ga: int, decided: tuple[str, ...] = ()) -> Settlement:
    transfers = [0.0] * players
    for s in payees:
        if s != seat:
            transfers[s] += points * rules.stake
            transfers[seat] -= points * rules.stake
    return Settlement(payout, tuple(transfers), score, true_score, ga, points, decided)
