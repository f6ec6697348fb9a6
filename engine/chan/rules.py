"""Làng options: the table's rule choices, one frozen value stored with every game (R11)."""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass, fields
from typing import Any, Literal

from engine.errors import BadRules

Ga = Literal["off", "rong", "hep"]
DrawPicker = Literal["last_drawer", "same_picker"]
UnusedPiles = Literal["dead", "noc"]

_CHOICES: dict[str, tuple[object, ...]] = {
    "ga": ("off", "rong", "hep"),
    "draw_picker": ("last_drawer", "same_picker"),
    "unused_piles": ("dead", "noc"),
    "noc_stop": (0, 1),
}
# Beyond these a value is not a village's choice but damaged input (the settings dialog offers
# 0–100 điểm per gà and 0.1–1,000 per điểm): 1e400 read as infinity, or a 400-digit integer,
# would make the settlement stop summing to 0 and the JSON documents unwritable (issue 13).
MAX_DIEM_PER_GA = 1_000
MAX_STAKE = 1_000_000


@dataclass(frozen=True, slots=True)
class LangRules:
    """The làng options of RULES R11 with their defaults."""

    allow_xuong: bool = True  # R5.6
    ga: Ga = "off"  # R6.3
    diem_per_ga: int = 5  # R6.3
    ga_bach_thu_chi: bool = True  # R6.3
    strict_order: bool = False  # R8.5
    draw_picker: DrawPicker = "last_drawer"  # R2.4
    unused_piles: UnusedPiles = "dead"  # R2.7
    noc_stop: int = 1  # R4.9: the draw that leaves this many cards in the nọc is the last
    stake: float = 1  # R9.1

    def __post_init__(self) -> None:
        for name in ("allow_xuong", "ga_bach_thu_chi", "strict_order"):
            if not isinstance(getattr(self, name), bool):
                raise BadRules(f"làng option '{name}' must be true or false, "
                               f"not {getattr(self, name)!r}")
        for name, choices in _CHOICES.items():
            value = getattr(self, name)
            if value not in choices or isinstance(value, bool):
                options = ", ".join(repr(c) for c in choices)
                raise BadRules(f"làng option '{name}' must be one of {options}, not {value!r}")
        if isinstance(self.diem_per_ga, bool) or not isinstance(self.diem_per_ga, int) \
                or not 0 <= self.diem_per_ga <= MAX_DIEM_PER_GA:
            raise BadRules(f"làng option 'diem_per_ga' must be a whole number from 0 to "
                           f"{MAX_DIEM_PER_GA}, not {_shown(self.diem_per_ga)}",
                           vi=f"'diem_per_ga' (điểm mỗi gà) phải là số nguyên từ 0 đến "
                              f"{MAX_DIEM_PER_GA}")
        if isinstance(self.stake, bool) or not isinstance(self.stake, int | float) \
                or not 0 < self.stake <= MAX_STAKE or not math.isfinite(self.stake):
            raise BadRules(f"làng option 'stake' must be a finite number > 0 and at most "
                           f"{MAX_STAKE:,}, not {_shown(self.stake)}",
                           vi=f"'stake' (tiền mỗi điểm) phải là một số hữu hạn lớn hơn 0 và "
                              f"không quá {MAX_STAKE:,}".replace(",", "."))

    def to_json(self) -> dict[str, Any]:
        """All options as a JSON object (FORMATS `rules`)."""
        return asdict(self)

    @classmethod
    def from_json(cls, data: object) -> LangRules:
        """Read a `rules` object; missing keys take their defaults, unknown keys are refused."""
        if data is None:
            return cls()
        if not isinstance(data, dict):
            raise BadRules(f"'rules' must be an object, not {type(data).__name__}")
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(data) - known)
        if unknown:
            raise BadRules(f"unknown làng option(s): {', '.join(unknown)} "
                           f"(known: {', '.join(sorted(known))})")
        return cls(**data)


def _shown(value: object) -> str:
    """A value as an error message shows it (never thousands of digits)."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 64:
        return f"a number of about {round(value.bit_length() * math.log10(2))} digits"
    text = repr(value)
    return text if len(text) <= 40 else f"{text[:36]}…"


DEFAULT_RULES = LangRules()
