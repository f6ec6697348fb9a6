"""Làng options of Tổ tôm (`TomRules`): one immutable value stored with every game (TOTOM T9).

Four defaults depend on the number of players (T9: "Options whose default depends on `players`
take it when `players` is set and can be overridden after"): `lung_required`, `allow_thong`,
`red_cuoc_count` and `kinh_co_count`. Passing None for one of them — or leaving it out of a JSON
object — gives it the default for the table's `players`.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any, Literal, cast

from engine.totom.errors import BadRules

ChiNayLeo = Literal["absorbed", "separate"]
CallOrder = Literal["unpaid", "ignore", "wrong"]
PoolOverflow = Literal["cap", "top_up"]
CaiMod = Literal["players", "five"]
HaTrungScope = Literal["own_cua", "any_cua"]
YeuOffence = Literal["cheo_do", "unpaid"]
TraDo = Literal["paid_only", "any_u"]
DebtAtEnd = Literal["lapse", "pay_suong"]

# The cước sắc and suông that carry points, in TC order (T7.2; thông is worth `dich`).
POINT_IDS = ("suong", "tom", "leo", "thap_hong", "kinh_co", "bach_dinh", "chi_nay",
             "kinh_tu_co")
DEFAULT_POINTS = (4, 6, 8, 12, 12, 16, 24, 46)
# Other spellings a `points` key may take (FORMATS: TC ids; the four-player names of TC5, TC6).
POINT_ALIASES = {"TC1": "suong", "TC3": "tom", "TC4": "leo", "TC5": "thap_hong",
                 "TC6": "kinh_co", "TC7": "bach_dinh", "TC8": "chi_nay", "TC9": "kinh_tu_co",
                 "thap_nhi_hong": "thap_hong", "kinh_nhi_co": "kinh_co"}

_CHOICES: dict[str, tuple[str, ...]] = {
    "chi_nay_leo": ("absorbed", "separate"),
    "call_order": ("unpaid", "ignore", "wrong"),
    "pool_overflow": ("cap", "top_up"),
    "cai_mod": ("players", "five"),
    "ha_trung_scope": ("own_cua", "any_cua"),
    "yeu_offence": ("cheo_do", "unpaid"),
    "tra_do": ("paid_only", "any_u"),
    "debt_at_end": ("lapse", "pay_suong"),
}
_BY_PLAYERS = ("lung_required", "allow_thong", "red_cuoc_count", "kinh_co_count")
# Beyond these a value is damaged input, not a village's choice.
MAX_POINTS = 1_000
MAX_HOI_POINTS = 1_000_000
MAX_STAKE = 1_000_000
# TC5 must not meet TC6, TC7 or TC9 (at most 4 red cards): "TC5, TC6, TC7 and TC9 exclude one
# another" (T7.2). The deck holds 28 red cards.
RED_CUOC_RANGE = (5, 28)

OPTION_NAMES = ("players", "lung_required", "allow_thong", "red_cuoc_count", "red_cuoc_exact",
                "kinh_co_count", "points", "dich", "chi_nay_leo", "call_order", "hoi_points",
                "pool_overflow", "stake", "noc_stop", "cai_mod", "ha_trung_scope", "yeu_offence",
                "tra_do", "debt_at_end")


def hand_size(players: int) -> int:
    """N, the cards dealt to each player: 20 at P = 5, 24 at P = 4 (T2.3)."""
    return 20 if players == 5 else 24


def players_defaults(players: int) -> dict[str, object]:
    """The options whose default depends on `players` (T9)."""
    five = players == 5
    return {"lung_required": 1 if five else 2, "allow_thong": five,
            "red_cuoc_count": 10 if five else 12, "kinh_co_count": 1 if five else 2}


class TomRules:
    """The 19 làng options of TOTOM T9 with their defaults; immutable and hashable."""

    __slots__ = OPTION_NAMES

    players: int
    lung_required: int
    allow_thong: bool
    red_cuoc_count: int
    red_cuoc_exact: bool
    kinh_co_count: int
    points: tuple[tuple[str, int], ...]
    dich: int
    chi_nay_leo: ChiNayLeo
    call_order: CallOrder
    hoi_points: int
    pool_overflow: PoolOverflow
    stake: float
    noc_stop: int
    cai_mod: CaiMod
    ha_trung_scope: HaTrungScope
    yeu_offence: YeuOffence
    tra_do: TraDo
    debt_at_end: DebtAtEnd

    def __init__(self, *, players: int = 5, lung_required: int | None = None,
                 allow_thong: bool | None = None, red_cuoc_count: int | None = None,
                 red_cuoc_exact: bool = True, kinh_co_count: int | None = None,
                 points: Mapping[str, int] | None = None, dich: int = 2,
                 chi_nay_leo: ChiNayLeo = "absorbed", call_order: CallOrder = "unpaid",
                 hoi_points: int = 50, pool_overflow: PoolOverflow = "cap", stake: float = 1,
                 noc_stop: int = 5, cai_mod: CaiMod = "players",
                 ha_trung_scope: HaTrungScope = "own_cua", yeu_offence: YeuOffence = "cheo_do",
                 tra_do: TraDo = "paid_only", debt_at_end: DebtAtEnd = "lapse") -> None:
        if isinstance(players, bool) or players not in (4, 5):
            raise BadRules(f"làng option 'players' must be 4 or 5, not {_shown(players)} (T2.1)",
                           vi="'players' (số người chơi) phải là 4 hoặc 5 (T2.1)")
        given = {"lung_required": lung_required, "allow_thong": allow_thong,
                 "red_cuoc_count": red_cuoc_count, "kinh_co_count": kinh_co_count}
        resolved = {k: (players_defaults(players)[k] if v is None else v)
                    for k, v in given.items()}
        values: dict[str, object] = {
            "players": players, **resolved, "red_cuoc_exact": red_cuoc_exact,
            "points": _points(points), "dich": dich, "chi_nay_leo": chi_nay_leo,
            "call_order": call_order, "hoi_points": hoi_points, "pool_overflow": pool_overflow,
            "stake": stake, "noc_stop": noc_stop, "cai_mod": cai_mod,
            "ha_trung_scope": ha_trung_scope, "yeu_offence": yeu_offence, "tra_do": tra_do,
            "debt_at_end": debt_at_end}
        _check(values)
        for name in OPTION_NAMES:
            object.__setattr__(self, name, values[name])

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"TomRules is immutable: use replace({name}=...)")

    def _key(self) -> tuple[object, ...]:
        return tuple(getattr(self, n) for n in OPTION_NAMES)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, TomRules) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        default = TomRules(players=self.players)
        changed = [f"{n}={getattr(self, n)!r}" for n in OPTION_NAMES
                   if n == "players" or getattr(self, n) != getattr(default, n)]
        return "TomRules(" + ", ".join(c if not c.startswith("points=") else
                                       f"points={self.point_map()!r}" for c in changed) + ")"

    @property
    def hand_size(self) -> int:
        """N: 20 at P = 5, 24 at P = 4 (T2.3)."""
        return hand_size(self.players)

    def point(self, cuoc_id: str) -> int:
        """The điểm of a cước id of POINT_IDS (or an alias); thông is worth `dich` (T7.4)."""
        if cuoc_id == "thong":
            return self.dich
        key = POINT_ALIASES.get(cuoc_id, cuoc_id)
        for name, value in self.points:
            if name == key:
                return value
        raise KeyError(cuoc_id)

    def point_map(self) -> dict[str, int]:
        """`points` as a fresh dict, TC order."""
        return dict(self.points)

    def replace(self, **changes: Any) -> TomRules:
        """A copy with some options changed; a new `players` resets the options that follow it."""
        unknown = sorted(set(changes) - set(OPTION_NAMES))
        if unknown:
            raise BadRules(f"unknown làng option(s): {', '.join(unknown)}")
        current: dict[str, Any] = {n: getattr(self, n) for n in OPTION_NAMES}
        current["points"] = self.point_map()
        if "players" in changes:
            for name in _BY_PLAYERS:
                current[name] = None
        current.update(changes)
        return TomRules(**current)

    def to_json(self) -> dict[str, Any]:
        """All 19 options as a JSON object (FORMATS `rules` of a Tổ tôm game)."""
        out: dict[str, Any] = {n: getattr(self, n) for n in OPTION_NAMES}
        out["points"] = self.point_map()
        return out

    @classmethod
    def from_json(cls, data: object) -> TomRules:
        """Read a `rules` object: missing keys take their defaults, unknown keys are refused."""
        if data is None:
            return cls()
        if not isinstance(data, dict):
            raise BadRules(f"'rules' must be an object, not {type(data).__name__}",
                           vi="'rules' phải là một đối tượng JSON")
        unknown = sorted(str(k) for k in set(data) - set(OPTION_NAMES))
        if unknown:
            raise BadRules(f"unknown làng option(s): {', '.join(unknown)} "
                           f"(known: {', '.join(OPTION_NAMES)})",
                           vi=f"không có luật làng: {', '.join(unknown)}")
        return cls(**cast(dict[str, Any], data))


def _points(points: Mapping[str, int] | None) -> tuple[tuple[str, int], ...]:
    """The `points` map completed with the defaults, in TC order; unknown ids refused."""
    table = dict(zip(POINT_IDS, DEFAULT_POINTS, strict=True))
    if points is None:
        return tuple(table.items())
    if not isinstance(points, Mapping):
        raise BadRules(f"làng option 'points' must be an object mapping cước ids to điểm, "
                       f"not {type(points).__name__}",
                       vi="'points' phải ánh xạ mã cước sang điểm")
    for key, value in points.items():
        name = POINT_ALIASES.get(key, key) if isinstance(key, str) else key
        if name == "thong":
            raise BadRules("'points' has no 'thong': thông is worth 'dich' (T7.4)",
                           vi="'points' không có 'thong': thông tính bằng 'dich' (T7.4)")
        if name not in table:
            raise BadRules(f"'points' names an unknown cước {key!r} "
                           f"(known: {', '.join(POINT_IDS)})",
                           vi=f"'points' có cước không biết {key!r}")
        if isinstance(value, bool) or not isinstance(value, int) \
                or not 0 <= value <= MAX_POINTS:
            raise BadRules(f"'points' of {key!r} must be a whole number from 0 to "
                           f"{MAX_POINTS}, not {_shown(value)}",
                           vi=f"điểm của {key!r} phải là số nguyên từ 0 đến {MAX_POINTS}")
        table[name] = value
    return tuple(table.items())


def _check(values: dict[str, object]) -> None:
    """Each option's type and range (T9)."""
    players = cast(int, values["players"])
    _int_in(values, "lung_required", 1, 3, "T3.7")
    _bool(values, "allow_thong")
    _int_in(values, "red_cuoc_count", *RED_CUOC_RANGE, "TC5")
    _bool(values, "red_cuoc_exact")
    _int_in(values, "kinh_co_count", 1, 2, "TC6")
    _int_in(values, "dich", 0, MAX_POINTS, "T7.4")
    _int_in(values, "hoi_points", 0, MAX_HOI_POINTS, "T8.1")
    # A draw must be able to leave `noc_stop` cards: the nọc starts with N − 1 (T2.6, T2.8).
    _int_in(values, "noc_stop", 0, hand_size(players) - 2, "T2.8")
    for name, choices in _CHOICES.items():
        if values[name] not in choices:
            options = ", ".join(repr(c) for c in choices)
            raise BadRules(f"làng option '{name}' must be one of {options}, "
                           f"not {_shown(values[name])}",
                           vi=f"luật làng '{name}' phải là một trong {options}")
    stake = values["stake"]
    if isinstance(stake, bool) or not isinstance(stake, int | float) \
            or not math.isfinite(stake) or not 0 < stake <= MAX_STAKE:
        raise BadRules(f"làng option 'stake' must be a finite number > 0 and at most "
                       f"{MAX_STAKE:,}, not {_shown(stake)} (T8.4)",
                       vi=f"'stake' (tiền mỗi điểm) phải là số lớn hơn 0 và không quá "
                          f"{MAX_STAKE:,} (T8.4)".replace(",", "."))


def _int_in(values: dict[str, object], name: str, low: int, high: int, rule: str) -> None:
    value = values[name]
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise BadRules(f"làng option '{name}' must be a whole number from {low} to {high}, "
                       f"not {_shown(value)} ({rule})",
                       vi=f"luật làng '{name}' phải là số nguyên từ {low} đến {high} ({rule})")


def _bool(values: dict[str, object], name: str) -> None:
    if not isinstance(values[name], bool):
        raise BadRules(f"làng option '{name}' must be true or false, not {_shown(values[name])}",
                       vi=f"luật làng '{name}' phải là true hoặc false")


def _shown(value: object) -> str:
    """A value as an error message shows it (never thousands of digits)."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 64:
        return f"a number of about {round(value.bit_length() * math.log10(2))} digits"
    text = repr(value)
    return text if len(text) <= 40 else f"{text[:36]}…"


DEFAULT_RULES = TomRules()
