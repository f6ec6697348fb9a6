"""Screenshots of the settings dialog (issue 23 §4): opened while Chắn is taught and while Tổ tôm
is, each tab, the Tổ tôm tab at four players, in real mode and with a combination the engine
refuses, at 1280×800 and 1024×640, in Vietnamese and English.

    .venv/bin/python tools/screenshots_settings.py [--out /tmp/chan-shots-settings]
"""

from __future__ import annotations

import os
import sys
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from shooting import learn_window, main_for, pump, shot, size_tag

from desktop.qt import QComboBox, QSpinBox
from desktop.settings_dialog import SettingsDialog
from engine.game import Mode


def take(out: Path, size: tuple[int, int], lang: str) -> None:
    """Every screenshot of the dialog at one size in one language."""
    tag = size_tag(size, lang)
    with learn_window(size, lang) as (window, _):
        for game in ("chan", "to_tom"):
            dialog = SettingsDialog(replace(window.settings, game=game), window)
            dialog.show()
            for index in range(dialog.tabs.count()):
                dialog.tabs.setCurrentIndex(index)
                page = "tom" if dialog.tabs.currentWidget() is dialog.tom_tab else \
                    "chan" if dialog.tabs.currentWidget() is dialog.chan_tab else "general"
                shot(window, out / f"settings-{game}-{index}-{page}-{tag}.png", dialog)
            dialog.close()
        dialog = SettingsDialog(replace(window.settings, game="to_tom", mode=Mode.REAL), window)
        dialog.show()
        players = dialog.tom_tab.option_boxes["players"]
        assert isinstance(players, QComboBox)
        players.setCurrentIndex(players.findData(4))
        pump()  # the fifth seat's note is laid out before the page is scrolled to it
        bar = dialog.tom_tab.scroll_area.verticalScrollBar()
        bar.setValue(bar.maximum())  # the fifth seat and the automations
        shot(window, out / f"settings-tom-four-real-{tag}.png", dialog)
        players.setCurrentIndex(players.findData(5))
        bar.setValue(0)
        stop = dialog.tom_tab.option_boxes["noc_stop"]
        assert isinstance(stop, QSpinBox)
        stop.setValue(20)
        dialog.accept()  # refused: the dialog stays, on the nọc stop
        shot(window, out / f"settings-tom-refused-{tag}.png", dialog)
        dialog.close()


if __name__ == "__main__":
    sys.exit(main_for(take, __doc__, Path("/tmp/chan-shots-settings")))
