"""A hint on request in teaching mode (T4.16): the move the normal computer player would make
and its reason in the language shown — the engine's words (engine.totom's players), made on
the Worker by the controller.
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

from desktop.i18n import pick, translate
from desktop.play.tom_words import choice_text
from engine.actions import Act
from engine.totom import TomAction

if TYPE_CHECKING:
    from engine.totom.ai import Decision

HINT_LEVEL = "normal"  # the player whose suggestion is shown

# The prompt button of each act, to outline the hinted one on the chiếu.
_BUTTON = {Act.EAT: "eat", Act.DRAW: "draw", Act.PASS: "pass", Act.WIN: "win",
           Act.DECLINE: "decline", Act.PHONG: "tom_phong", Act.DAY_KHAN: "tom_day_khan",
           Act.HA_TRUNG: "tom_ha_trung", Act.BAT_THUC: "tom_bat_thuc",
           Act.REVEAL: "tom_reveal", Act.UP_KHAN: "tom_lay", Act.UP_THIEN_KHAI: "tom_lay",
           Act.DISCARD: "discard", Act.RETURN: "return"}


def hinted_command(action: TomAction) -> str | None:
    """The prompt button of a suggested move."""
    return _BUTTON.get(action.act)


def hint_html(decision: Decision) -> str:
    """The hint as rich text: the suggestion and its reason."""
    reason = pick(decision.reason.vi, decision.reason.en)
    return translate("TomHints", "Máy gợi ý: <b>{move}</b> — {reason}").format(
        move=escape(choice_text(decision.action)), reason=escape(reason))
