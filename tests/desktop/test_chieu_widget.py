"""The Qt host paints the chiếu and turns clicks and hovering into Hits."""

from __future__ import annotations

import pytest
from pytestqt.qtbot import QtBot

from desktop.chieu.hitmap import HitKind
from desktop.chieu.samples import sample_view
from desktop.chieu.scene import Scene
from desktop.chieu.widget import EMPTY_MAT, ChieuWidget
from desktop.qt import QPoint, QPointF, Qt


@pytest.fixture
def widget(qtbot: QtBot, scene: Scene) -> ChieuWidget:
    w = ChieuWidget(scene=scene)
    qtbot.addWidget(w)
    w.resize(1280, 800)
    w.set_view(sample_view(41))
    w.show()
    qtbot.waitExposed(w)
    return w


def test_the_widget_paints_the_chieu(widget: ChieuWidget) -> None:
    image = widget.grab().toImage()
    assert (image.width(), image.height()) == (1280, 800)
    hits = widget.hit_map()
    assert hits is not None and hits.size == (1280, 800)
    # the middle of a hand card is card paper, not the bare mat
    (x, y, w, h), _ = next(item for item in hits.items() if item[1].kind is HitKind.HAND)
    pixel = image.pixelColor(x + w // 2, y + h - 4)
    assert pixel != EMPTY_MAT
    assert pixel.red() > 200 and pixel.green() > 190


def test_without_a_view_it_shows_the_bare_mat(qtbot: QtBot) -> None:
    w = ChieuWidget()
    qtbot.addWidget(w)
    w.resize(700, 450)
    image = w.grab().toImage()
    assert image.pixelColor(10, 10) == EMPTY_MAT
    assert w.hit_map() is None and w.hit_at(QPointF(5, 5)) is None


def test_a_click_on_a_hand_card_emits_that_card(qtbot: QtBot, widget: ChieuWidget) -> None:
    widget.grab()
    hits = widget.hit_map()
    assert hits is not None
    hand = [(rect, hit) for rect, hit in hits.items() if hit.kind is HitKind.HAND]
    for (x, y, w, h), hit in hand[:3] + hand[-1:]:
        with qtbot.waitSignal(widget.clicked, timeout=1000) as blocker:
            qtbot.mouseClick(widget, Qt.MouseButton.LeftButton, pos=_point(x + w // 2,
                                                                          y + h // 2))
        assert blocker.args == [hit]


def test_a_click_on_a_button_emits_its_key(qtbot: QtBot, widget: ChieuWidget) -> None:
    widget.grab()
    hits = widget.hit_map()
    assert hits is not None
    (x, y, w, h), hit = next(item for item in hits.items() if item[1].kind is HitKind.BUTTON)
    with qtbot.waitSignal(widget.clicked, timeout=1000) as blocker:
        qtbot.mouseClick(widget, Qt.MouseButton.LeftButton, pos=_point(x + w // 2, y + h // 2))
    assert blocker.args[0].key == hit.key


def test_right_clicks_and_empty_mat_emit_nothing(qtbot: QtBot, widget: ChieuWidget) -> None:
    widget.grab()
    with qtbot.assertNotEmitted(widget.clicked, wait=50):
        qtbot.mouseClick(widget, Qt.MouseButton.LeftButton, pos=_point(1275, 795))
        qtbot.mouseClick(widget, Qt.MouseButton.RightButton, pos=_point(640, 700))


def test_hovering_emits_what_is_under_the_pointer(qtbot: QtBot, widget: ChieuWidget) -> None:
    widget.grab()
    hits = widget.hit_map()
    assert hits is not None
    (x, y, w, h), hit = next(item for item in hits.items() if item[1].kind is HitKind.HAND)
    with qtbot.waitSignal(widget.hovered, timeout=1000) as blocker:
        qtbot.mouseMove(widget, _point(x + w // 2, y + h // 2))
    assert blocker.args == [hit]
    assert widget.cursor().shape() == Qt.CursorShape.PointingHandCursor


def test_hidpi_draws_at_device_pixels_and_maps_clicks_back(
        qtbot: QtBot, widget: ChieuWidget, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(widget, "devicePixelRatioF", lambda: 2.0)
    image = widget.render_frame()
    assert image is not None
    assert (image.width(), image.height()) == (2560, 1600)
    assert image.devicePixelRatio() == 2.0
    hits = widget.hit_map()
    assert hits is not None and hits.size == (2560, 1600)
    (x, y, w, h), hit = next(item for item in hits.items() if item[1].kind is HitKind.HAND)
    assert widget.hit_at(QPointF((x + w / 2) / 2, (y + h / 2) / 2)) == hit


def test_the_frame_is_drawn_again_only_when_something_changed(widget: ChieuWidget) -> None:
    first = widget.render_frame()
    hits = widget.hit_map()
    assert widget.render_frame() is first and widget.hit_map() is hits
    view = widget.view()
    assert view is not None
    widget.set_view(sample_view(11))
    widget.render_frame()
    assert widget.hit_map() is not hits


def _point(x: int, y: int) -> QPoint:
    return QPoint(x, y)


def _drawn(widget: ChieuWidget, monkeypatch: pytest.MonkeyPatch) -> list[object]:
    """The pictures the widget draws from now on."""
    drawn: list[object] = []
    draw = widget.draw_picture
    monkeypatch.setattr(widget, "draw_picture", lambda scene, surface, picture: (
        drawn.append(picture), draw(scene, surface, picture))[1])
    return drawn


def test_a_picture_drawn_ahead_is_shown_without_drawing_it_again(
        qtbot: QtBot, widget: ChieuWidget, scene: Scene,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The viewer draws the next position while the learner looks at this one (issue 20):
    the step then shows the same pixels and hits, and draws nothing."""
    widget.grab()
    drawn = _drawn(widget, monkeypatch)
    ahead = sample_view(11)
    widget.prepare(ahead)
    widget.prepare(ahead)  # drawn once
    assert drawn == [ahead]
    widget.set_view(ahead)
    image = widget.grab().toImage()
    hits = widget.hit_map()
    assert drawn == [ahead]
    other = ChieuWidget(scene=scene)  # the same picture drawn the ordinary way
    qtbot.addWidget(other)
    other.resize(1280, 800)
    other.set_view(ahead)
    assert other.grab().toImage() == image and other.hit_map() is not None
    assert hits is not None and list(hits.items()) == list(other.hit_map().items())


def test_a_picture_drawn_ahead_but_not_shown_next_changes_nothing(
        widget: ChieuWidget, monkeypatch: pytest.MonkeyPatch) -> None:
    shown = widget.view()
    widget.grab()
    drawn = _drawn(widget, monkeypatch)
    widget.prepare(sample_view(11))
    widget.set_view(sample_view(7))  # another step: drawn as ever
    widget.grab()
    assert drawn == [sample_view(11), sample_view(7)]
    widget.prepare(sample_view(11))  # still held: not drawn again
    assert len(drawn) == 2
    widget.resize(1024, 640)  # another size: the frame drawn ahead is not that size
    widget.set_view(sample_view(11))
    image = widget.render_frame()
    assert image is not None and (image.width(), image.height()) == (1024, 640)
    assert len(drawn) == 3
    widget.prepare(shown)  # drawing ahead never changes what is shown
    assert shown is not None and widget.view() == sample_view(11) != shown
