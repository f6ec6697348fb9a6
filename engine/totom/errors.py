"""The Tổ tôm errors: one family under the engine's base error, each saying what and where."""

from __future__ import annotations

from engine.errors import ChanError


class TomError(ChanError):
    """Base class of every error the Tổ tôm ruleset raises (``vi`` holds the Vietnamese text)."""


class BadCard(TomError, ValueError):
    """Text that is not one Tổ tôm card (T1.3)."""


class UnknownCard(BadCard):
    """Text that names no card at all (T1.3)."""


class AmbiguousCard(BadCard):
    """A name that fits several cards once its diacritics are gone, e.g. "cuu van" (T1.3).

    ``candidates`` holds the cards it could mean.
    """

    def __init__(self, text: str, candidates: tuple[object, ...], message: str,
                 vi: str | None = None) -> None:
        super().__init__(message, vi=vi)
        self.text = text
        self.candidates = candidates


class BadMeld(TomError, ValueError):
    """Cards that do not make the mat meld they are said to make (T3, T3.8)."""


class BadPosition(TomError, ValueError):
    """A position that cannot exist: five copies of a kind, a bad bất thực (T1.1, T4.13)."""


class BadDeal(TomError, ValueError):
    """A deal that does not hold the 120 cards exactly once, or is malformed (T2)."""


class BadRules(TomError, ValueError):
    """A làng option with an unknown name or a value outside its range (T9)."""


class BadCall(TomError, ValueError):
    """Text or data that is not a call token (T7.5)."""
