"""Vietnamese first, English through Qt's translation mechanism.

Every user-facing string in desktop/ is written in Vietnamese inside ``translate("Context",
"…")`` with literal arguments (tables are functions that call it when shown), which
``pyside6-lupdate`` extracts into resources/translations/chan_tutor_en.ts; the English is kept
there and ``pyside6-lrelease`` compiles it into chan_tutor_en.qm (tools/translations.py does
both). Switching language installs or removes a QTranslator: Qt then sends every widget a
LanguageChange event and each screen re-translates itself, so no restart is needed.

Texts that come from the engine (explanations, cước names, the computer's reasons) already
carry both languages; `pick` chooses between them.

Qt's own words (the buttons of a message box, the file dialog) follow the language too
(issue 20): Qt's catalogue of the language where Qt ships one (qtbase_<lang>.qm), else the
program's (resources/translations/qtbase_vi.ts: PySide6 ships none for Vietnamese); English
is Qt's own language.
"""

from __future__ import annotations

from desktop.qt import QCoreApplication, QLibraryInfo, QLocale, QTranslator
from desktop.resources import RESOURCES
from desktop.settings import Lang

TRANSLATIONS = RESOURCES / "translations"
QM_FILE = "chan_tutor_en.qm"

# "set": the language set_language last installed (None before the first call)
_state: dict[str, object] = {"lang": "vi", "translator": None, "qt": None, "set": None}


def translate(context: str, text: str, disambiguation: str | None = None, n: int = -1) -> str:
    """`text` (Vietnamese source) in the current language; with a count `n`, its "%n" is
    the count and the English takes the count's plural form ("1 section", "2 sections")."""
    return QCoreApplication.translate(context, text, disambiguation, n)


def current() -> Lang:
    """The language being shown."""
    return "en" if _state["lang"] == "en" else "vi"


def pick(vi: str, en: str) -> str:
    """One of two texts given in both languages (engine explanations, names)."""
    return en if current() == "en" else vi


def number(value: float, places: int = 1, sign: bool = False) -> str:
    """A number as the language writes it: `places` decimals (trailing zeros kept, so a column
    lines up), the decimal comma in Vietnamese ("29,5"), a leading "+" when `sign`."""
    text = f"{value:+.{places}f}" if sign else f"{value:.{places}f}"
    return text if current() == "en" else text.replace(".", ",")


def amount(value: float) -> str:
    """A gain or loss as few digits as it needs: "+12", "-4", "0", "+1,5" in Vietnamese."""
    if not value:
        return "0"
    text = f"{value:+g}"
    return text if current() == "en" else text.replace(".", ",")


def qt_catalogue(lang: Lang) -> QTranslator | None:
    """Qt's own words in `lang` (None for English, Qt's language, or if none is found)."""
    if lang == "en":
        return None
    translator = QTranslator(QCoreApplication.instance())
    for folder in (QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath),
                   str(TRANSLATIONS)):
        if translator.load(f"qtbase_{lang}", folder):
            return translator
    return None


def set_language(lang: Lang) -> bool:
    """Show `lang` from now on; returns False if the English catalogue could not be loaded.
    Nothing is done (no LanguageChange sent) when `lang` is shown already, Qt's words too."""
    if _state["set"] == lang:
        return True
    app = QCoreApplication.instance()
    for key in ("translator", "qt"):
        old = _state[key]
        if isinstance(old, QTranslator) and app is not None:
            QCoreApplication.removeTranslator(old)
        _state[key] = None
    ok = True
    if lang == "en":
        translator = QTranslator(app)
        ok = bool(translator.load(QM_FILE, str(TRANSLATIONS)))
        if ok:
            QCoreApplication.installTranslator(translator)
            _state["translator"] = translator
    _state["lang"] = lang if ok else "vi"
    qt = qt_catalogue(current())
    if qt is not None:
        QCoreApplication.installTranslator(qt)
        _state["qt"] = qt
    _state["set"] = current()
    QLocale.setDefault(QLocale(QLocale.Language.English if current() == "en"
                               else QLocale.Language.Vietnamese))
    return ok
