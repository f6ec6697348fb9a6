"""The pages of Chơi for Tổ tôm around its chiếu: the start of a hội — the players, the mode,
the automations (T4.16) and the làng options (T9) it will be played under — and the summary of
a hội once it is over or left (T8.3, T8.4: each player's points less its share, the debts
left, the hồ).
"""

from __future__ import annotations

from html import escape

from desktop.choices import level_name, mode_help, mode_name
from desktop.i18n import amount, translate
from desktop.keys import key_hint
from desktop.play.page_parts import BackPage, SettingsPage
from desktop.qt import (
    QTextBrowser,
    QWidget,
)
from desktop.tom_choices import cuoc_label, option_label, value_label, value_labels
from engine.game import Mode
from engine.totom import DEFAULT_RULES, OPTION_NAMES, TomRules, TomSession


def automation_name(name: str) -> str:
    """A duty the game may do for the learner (T4.16)."""
    return {
        "lay": translate("TomStart", "úp khàn, thiên khai"),
        "reveal": translate("TomStart", "trình thiên khai"),
        "copies": translate("TomStart", "hạ quân giống khi ăn"),
        "ha_trung": translate("TomStart", "hạ trùng"),
        "day_khan": translate("TomStart", "dậy khàn"),
    }.get(name, name)


def option_text(name: str, value: object, players: int) -> str:
    """A changed làng option in words, as the settings dialog says it (desktop.tom_choices)."""
    label = option_label(name)
    if name == "points" and isinstance(value, dict):
        points = [cuoc_label(c, players)[0] + " " + str(v) for c, v in value.items()]
        return label + ": " + ", ".join(points)
    if isinstance(value, bool) and name not in {n for n, _ in value_labels()}:
        value = translate("TomStart", "có") if value else translate("TomStart", "không")
    return label + ": " + value_label(name, value)


def rules_text(rules: TomRules) -> str:
    """The làng in a line: players, lưng, the pool, and every option changed (T9)."""
    base = translate("TomStart", "{players} người, cần {lung} lưng, mỗi hội góp {points} "
                                 "điểm").format(players=rules.players, lung=rules.lung_required,
                                                points=rules.hoi_points)
    if rules.hoi_points == 0:
        base = translate("TomStart", "{players} người, cần {lung} lưng, chơi tự do (không "
                                     "góp)").format(players=rules.players,
                                                    lung=rules.lung_required)
    default = DEFAULT_RULES.replace(players=rules.players) \
        if rules.players != DEFAULT_RULES.players else DEFAULT_RULES
    mine, theirs = rules.to_json(), default.to_json()
    changed = [option_text(name, mine[name], rules.players) for name in OPTION_NAMES
               if name not in ("players", "lung_required", "hoi_points")
               and mine[name] != theirs[name]]
    return base + ("; " + "; ".join(changed) if changed else "")


class TomStartPage(SettingsPage):
    """Before a hội of Tổ tôm: what will be played; start, resume or change it."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setLayout(self._controls(above=24))
        self.retranslate()

    def retranslate(self) -> None:
        """Texts in the current language."""
        s = self._settings
        rules = s.tom_rules
        n = rules.players
        self.title.setText(translate("TomStart", "Tổ tôm — chơi với máy"))
        opponents = ", ".join(f"{escape(name)} ({level_name(level)})"
                              for name, level in zip(s.tom_names[1:n], s.tom_levels[:n - 1],
                                                     strict=True))
        on = sorted(s.tom_automations) if s.mode is not Mode.REAL else []
        automations = ", ".join(automation_name(a) for a in on) if on else translate(
            "TomStart", "không có — bạn tự làm mọi việc bắt buộc")
        share = rules.hoi_points / n
        lines = [
            translate("TomStart", "Một hội gồm nhiều ván liền nhau: mỗi người góp {share} điểm "
                                  "vào hội; ù được trả điểm từ tiền góp, người ù được cái ván "
                                  "sau, và hội hết khi tiền góp không đủ một ván ù suông. Mỗi "
                                  "nước đi được lưu ngay, nên tắt máy giữa chừng vẫn chơi tiếp "
                                  "được.").format(share=amount(share).lstrip("+")),
            translate("TomStart", "Bạn: <b>{name}</b> · Đối thủ: {opponents}").format(
                name=escape(s.tom_names[0]), opponents=opponents),
            translate("TomStart", "Chế độ: <b>{mode}</b> — {help}").format(
                mode=mode_name(s.mode), help=mode_help(s.mode)),
            translate("TomStart", "Máy làm giúp: {list}").format(list=escape(automations)),
            translate("TomStart", "Luật làng: {rules}").format(rules=escape(rules_text(rules))),
        ]
        if self._resumable:
            lines.append(translate("TomStart", "Ván đang chơi dở: {game}").format(
                game=escape(self._resumable)))
        self.summary.setText("".join(f"<p>{line}</p>" for line in lines))
        self.new_button.setText(translate("TomStart", "Bắt đầu hội mới (Ctrl+N)"))
        self.resume_button.setText(translate("TomStart", "Chơi tiếp ván dở"))
        self.resume_button.setVisible(bool(self._resumable))
        self.settings_button.setText(translate("TomStart", "Cài đặt…"))


def summary_html(session: TomSession, names: tuple[str, ...]) -> str:
    """A hội summed up (T8.3, T8.4): games, the pool or the hồ, each player's result, wins
    and debt."""
    games = len(session.results)
    head = translate("TomSummary", "Số ván đã chơi: {n}.").format(n=games)
    if session.open_mode:
        pool = translate("TomSummary", "Chơi tự do: không có tiền góp.")
    elif session.is_over:
        pool = translate("TomSummary", "Hội đã hết: tiền góp còn {ho} điểm (hồ), không đủ một "
                                       "ván ù suông.").format(ho=amount(session.ho).lstrip("+"))
    else:
        pool = translate("TomSummary", "Tiền góp còn {pool} điểm.").format(
            pool=amount(session.pool).lstrip("+"))
    rows = []
    for seat in range(session.players):
        wins = sum(1 for r in session.results if r.winner == seat)
        debt = session.debts[seat] if seat < len(session.debts) else 0
        rows.append(f"<tr><td>{escape(names[seat] if seat < len(names) else str(seat))}</td>"
                    f"<td align='right'>{amount(session.standing(seat))}</td>"
                    f"<td align='right'>{wins}</td><td align='right'>{debt or ''}</td></tr>")
    player = translate("TomSummary", "Người chơi")
    points = translate("TomSummary", "Điểm (trừ phần góp)")
    won = translate("TomSummary", "Số ván ù")
    owed = translate("TomSummary", "Nợ làng (chèo đò)")
    title = translate("TomSummary", "Tổng kết hội Tổ tôm")
    table = (f"<table cellpadding='4'><tr><th align='left'>{player}</th><th>{points}</th>"
             f"<th>{won}</th><th>{owed}</th></tr>{''.join(rows)}</table>")
    return f"<h2>{title}</h2><p>{escape(head)} {escape(pool)}</p>{table}"


class TomSummaryPage(BackPage):
    """After a hội: its summary, and the way back to the start page."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session: TomSession | None = None
        self.names: tuple[str, ...] = ()
        self.text = QTextBrowser()
        self._lay_out(self.text)
        self.retranslate()

    def show_summary(self, session: TomSession, names: tuple[str, ...]) -> None:
        """Show the hội `session` summed up."""
        self.session, self.names = session, names
        self.retranslate()

    def retranslate(self) -> None:
        """Texts in the current language."""
        self.back_button.setText(translate("TomSummary", "Về trang đầu ({key})").format(
            key=key_hint("leave_summary")))
        if self.session is not None:
            self.text.setHtml(summary_html(self.session, self.names))
