"""pygame-drawn pictures as Qt images: the card strips of the result and start pages."""

from __future__ import annotations

from collections.abc import Sequence

from desktop.chieu.frame import Frame
from desktop.chieu.strip import card_strip
from desktop.qt import QImage
from engine.chan import Card


def frame_image(frame: Frame) -> QImage:
    """A QImage copy of a Frame (the frame's buffer may be reused or freed)."""
    image = QImage(frame.buffer, frame.width, frame.height, frame.stride,
                   QImage.Format.Format_RGB32)
    return image.copy()


def cards_image(groups: Sequence[Sequence[Card]], card_width: int, glow: Card | None = None,
                mat: bool = False, width: int | None = None, pad: int = 10,
                ratio: float = 1.0) -> QImage:
    """Card groups drawn by the chiếu's painter, as a QImage; sizes are in logical pixels and
    the picture is drawn at `ratio` times them (HiDPI screens stay sharp)."""
    def px(n: float) -> int:
        return round(n * ratio)

    frame = card_strip(groups, px(card_width), gap=px(12), pad=px(pad), glow=glow, mat=mat,
                       width=None if width is None else px(width), scale=ratio)
    image = frame_image(frame)
    image.setDevicePixelRatio(ratio)
    return image
