"""The words for every settings value: play modes (R7.5), computer levels, languages and the
làng options of R11 with their values — shared by the settings dialog and the play screen.
"""

from __future__ import annotations

from desktop.i18n import translate
from engine.chan import LangRules
from engine.game import Mode


def mode_name(mode: Mode) -> str:
    """A play mode in a few words."""
    return {
        Mode.TEACHING: translate("Choices", "Học"),
        Mode.STRICT: translate("Choices", "Nghiêm"),
        Mode.REAL: translate("Choices", "Thật"),
    }[mode]


def mode_help(mode: Mode) -> str:
    """What a play mode does (R7.5)."""
    return {
        Mode.TEACHING: translate("Choices", "cảnh báo trước nước phạm luật, cho đi lại, gợi ý "
                                            "khi cần"),
        Mode.STRICT: translate("Choices", "không cho đi nước phạm luật"),
        Mode.REAL: translate("Choices", "cho đi mọi nước, phạm luật thì bị phạt như ở làng"),
    }[mode]


def level_name(level: str) -> str:
    """A computer player's level."""
    return {
        "beginner": translate("Choices", "mới chơi"),
        "normal": translate("Choices", "thường"),
        "strong": translate("Choices", "giỏi"),
        "random": translate("Choices", "ngẫu nhiên"),
    }.get(level, level)


def lang_name(lang: str) -> str:
    """A language, in itself."""
    return {"vi": "Tiếng Việt", "en": "English"}.get(lang, lang)


def option_label(name: str) -> str:
    """A làng option (R11) as the settings dialog labels it."""
    return {
        "allow_xuong": translate("Choices", "Cho ù xuông (R5.6)"),
        "ga": translate("Choices", "Gà (R6.3)"),
        "diem_per_ga": translate("Choices", "Điểm mỗi gà (R6.3)"),
        "ga_bach_thu_chi": translate("Choices", "Bạch thủ chi là một gà (R6.3)"),
        "strict_order": translate("Choices", "Bắt lỗi thứ tự xướng (R8.5)"),
        "draw_picker": translate("Choices", "Ai bốc cái sau ván hòa (R2.4)"),
        "unused_piles": translate("Choices", "Nọc thừa khi ít người (R2.7)"),
        "noc_stop": translate("Choices", "Dừng nọc (R4.9)"),
        "stake": translate("Choices", "Tiền mỗi điểm (R9.1)"),
    }[name]


def value_label(name: str, value: object) -> str:
    """A value of a làng option with a choice list."""
    labels: dict[tuple[str, object], str] = {
        ("ga", "off"): translate("Choices", "không chơi gà"),
        ("ga", "rong"): translate("Choices", "gà rộng"),
        ("ga", "hep"): translate("Choices", "gà hẹp"),
        ("draw_picker", "last_drawer"): translate("Choices", "người bốc quân nọc cuối"),
        ("draw_picker", "same_picker"): translate("Choices", "người bốc cái ván trước"),
        ("unused_piles", "dead"): translate("Choices", "bỏ ra ngoài"),
        ("unused_piles", "noc"): translate("Choices", "đặt dưới nọc"),
        ("noc_stop", 1): translate("Choices", "còn 1 quân thì dừng"),
        ("noc_stop", 0): translate("Choices", "bốc đến hết nọc"),
    }
    return labels.get((name, value), str(value))


CHOICE_VALUES: dict[str, tuple[object, ...]] = {
    "ga": ("off", "rong", "hep"),
    "draw_picker": ("last_drawer", "same_picker"),
    "unused_piles": ("dead", "noc"),
    "noc_stop": (1, 0),
}


def rules_summary(rules: LangRules) -> str:
    """The làng options that differ from the defaults, or that none do."""
    default = LangRules()
    changed: list[str] = []
    for name, value in rules.to_json().items():
        if value != getattr(default, name):
            shown = value_label(name, value)
            if isinstance(value, bool):
                shown = translate("Choices", "có") if value else translate("Choices", "không")
            changed.append(f"{option_label(name)}: {shown}")
    if not changed:
        return translate("Choices", "luật làng mặc định")
    return "; ".join(changed)
