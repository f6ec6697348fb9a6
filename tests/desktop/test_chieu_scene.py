"""The chiếu scene draws any position at any size, and its hit map tells what is where."""

from __future__ import annotations

import dataclasses
import os
from collections import Counter
from itertools import combinations, pairwise
from pathlib import Path

import pytest
from chieu_checks import assert_scene_only
from chieu_positions import busy_view, random_observation

from desktop.chieu.frame import Frame
from desktop.chieu.hitmap import Hit, HitKind, HitMap, TextBox
from desktop.chieu.layout import make_layout
from desktop.chieu.samples import sample_game, sample_view
from desktop.chieu.scene import Scene
from desktop.chieu.view import Animation, AnimKind, ChieuView, Place, Zone
from engine.chan.melds import MeldKind

SIZES = ((1280, 800), (1024, 640), (2560, 1600))
ODD_SIZES = ((1920, 1080), (900, 700), (1600, 760))


def draw(scene: Scene, view: ChieuView, size: tuple[int, int]) -> HitMap:
    frame = Frame(*size)
    return scene.draw(frame.surface, view)


def inside(box: TextBox, size: tuple[int, int]) -> bool:
    x, y, w, h = box.rect
    return x >= 0 and y >= 0 and x + w <= size[0] and y + h <= size[1]


def overlap(a: tuple[int, int, int, int], b: tuple[int, int, int, int]) -> bool:
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


def hits_of(hits: HitMap, kind: HitKind) -> list[tuple[tuple[int, int, int, int], Hit]]:
    return [(rect, hit) for rect, hit in hits.items() if hit.kind is kind]


POSITIONS = [(seed, steps, seat) for seed, steps, seat in
             ((1, 20, 0), (2, 60, 1), (3, 100, 2), (4, 140, 3), (5, 10, 0), (6, 80, 0))]


@pytest.mark.parametrize("size", SIZES + ODD_SIZES)
@pytest.mark.parametrize(("seed", "steps", "seat"), POSITIONS)
def test_random_mid_game_positions_draw_at_every_size(
        scene: Scene, size: tuple[int, int], seed: int, steps: int, seat: int) -> None:
    obs = random_observation(seed, steps, seat)
    hits = draw(scene, busy_view(obs), size)
    assert hits.size == size
    assert all(inside(box, size) for box in hits.texts), [
        b for b in hits.texts if not inside(b, size)]
    for rect, _ in hits.items():
        x, y, w, h = rect
        assert x >= 0 and y >= 0 and x + w <= size[0] and y + h <= size[1], rect


@pytest.mark.parametrize("players", [2, 3])
def test_two_and_three_player_tables_draw(scene: Scene, players: int) -> None:
    obs = random_observation(9, 40, 0, players=players)
    for size in SIZES[:2]:
        hits = draw(scene, busy_view(obs), size)
        assert Counter(h.card for _, h in hits_of(hits, HitKind.HAND)) == Counter(obs.hand)
        assert {h.seat for _, h in hits_of(hits, HitKind.SEAT)} == set(range(players))


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("seed", [11, 41, 77])
def test_every_hand_card_is_in_the_hit_map_exactly_once(
        scene: Scene, size: tuple[int, int], seed: int) -> None:
    view = sample_view(seed)
    hits = draw(scene, view, size)
    hand = hits_of(hits, HitKind.HAND)
    assert Counter(hit.card for _, hit in hand) == Counter(view.obs.hand)
    assert sorted(hit.index for _, hit in hand if hit.index is not None) == list(
        range(len(view.obs.hand)))


@pytest.mark.parametrize("size", SIZES)
def test_hit_testing_returns_the_card_drawn_at_a_point(scene: Scene, size: tuple[int, int]
                                                       ) -> None:
    view = sample_view(41)
    hits = draw(scene, view, size)
    for (x, y, w, h), hit in hits_of(hits, HitKind.HAND):
        assert hits.at(x + w / 2, y + h / 2) == hit
    # a cửa pile: each card's left edge shows (the later cards overlap from the right)
    for (x, y, _, h), hit in hits_of(hits, HitKind.CUA):
        assert hits.at(x + 2, y + h / 2) == hit
        assert hit.card is not None and hit.seat is not None and hit.index is not None
        assert view.obs.cua[hit.seat][hit.index] == hit.card
    for (x, y, w, h), hit in hits_of(hits, HitKind.BUTTON):
        assert hits.at(x + w / 2, y + h / 2) == hit
    buttons = {hit.key for _, hit in hits_of(hits, HitKind.BUTTON)}
    assert buttons == {p.key for p in view.prompts if p.enabled}
    assert hits.at(-5, -5) is None


def test_mats_show_every_meld_card(scene: Scene) -> None:
    view = sample_view(41)
    hits = draw(scene, view, (1280, 800))
    shown = Counter((hit.seat, hit.card) for _, hit in hits_of(hits, HitKind.MAT))
    expected = Counter((seat, card) for seat, melds in enumerate(view.obs.mats)
                       for meld in melds for card in meld.cards)
    assert shown == expected


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["vi", "en"])
@pytest.mark.parametrize("seed", [11, 41, 52, 60])
def test_text_fits_and_nothing_overlaps(scene: Scene, size: tuple[int, int], lang: str,
                                        seed: int) -> None:
    view = sample_view(seed, lang=lang)
    hits = draw(scene, view, size)
    assert all(inside(box, size) for box in hits.texts)
    labels = [box for box in hits.texts if box.role == "hand_label"]
    assert {box.text.split()[-1] for box in labels if lang == "vi"} <= {
        "chắn", "cạ", "đầu", "què"}
    assert labels
    for a, b in combinations(hits.texts, 2):
        assert not overlap(a.rect, b.rect), (a, b)
    cards = [rect for rect, _ in hits_of(hits, HitKind.HAND)]
    for box in labels:
        assert all(not overlap(box.rect, card) for card in cards), box
        assert box.text and "…" not in box.text


def test_long_names_are_cut_not_spilled(scene: Scene) -> None:
    view = dataclasses.replace(sample_view(41), names=(
        "Nguyễn Thị Phương Thảo Nguyễn Thị Phương Thảo", "Ông Trần Văn Quốc Hưng Đệ Nhất",
        "Bà Lê Thị Hồng Nhung Tuyệt Vời", "Chú Phạm Ngọc Đức Anh Quảng Ngãi"),
        message="Một thông báo rất dài " * 12)
    for size in SIZES[:2]:
        hits = draw(scene, view, size)
        assert all(inside(box, size) for box in hits.texts)
        for a, b in combinations(hits.texts, 2):
            assert not overlap(a.rect, b.rect), (a, b)
        assert any("…" in box.text for box in hits.texts)


def test_layout_scales_with_the_surface(scene: Scene) -> None:
    small, big = make_layout(1280, 800), make_layout(2560, 1600)
    assert big.u == 2 * small.u
    for name in ("scoreboard", "turn", "center", "hand", "mat", "prompts"):
        a, b = getattr(small, name), getattr(big, name)
        assert abs(b.x - 2 * a.x) <= 2 and abs(b.w - 2 * a.w) <= 2, name
    view = sample_view(41)
    one = {h: r for r, h in draw(scene, view, (1280, 800)).items() if h.kind is HitKind.HAND}
    two = {h: r for r, h in draw(scene, view, (2560, 1600)).items() if h.kind is HitKind.HAND}
    assert one.keys() == two.keys()
    for hit, (x, y, w, _) in one.items():  # whole-pixel card widths drift a little
        assert abs(two[hit][0] - 2 * x) <= 0.01 * 2560 and abs(two[hit][2] - 2 * w) <= 2
        assert abs(two[hit][1] - 2 * y) <= 0.01 * 1600


def test_a_flying_card_is_not_also_drawn_where_it_lands(scene: Scene) -> None:
    view = sample_view(41)
    cua = view.obs.seat
    top = view.obs.cua[cua][-1]
    moving = dataclasses.replace(view, animation=Animation(
        AnimKind.DISCARD, top, Place(Zone.HAND, view.obs.seat), Place(Zone.CUA, cua), 0.5))
    still = draw(scene, view, (1280, 800))
    flying = draw(scene, moving, (1280, 800))
    pile = [h for _, h in hits_of(still, HitKind.CUA) if h.seat == cua]
    pile_flying = [h for _, h in hits_of(flying, HitKind.CUA) if h.seat == cua]
    assert len(pile_flying) == len(pile) - 1
    assert moving.animation is not None
    landed = dataclasses.replace(moving, animation=dataclasses.replace(
        moving.animation, progress=1.0))
    assert len([h for _, h in hits_of(draw(scene, landed, (1280, 800)), HitKind.CUA)
                if h.seat == cua]) == len(pile)


@pytest.mark.parametrize("kind", list(AnimKind))
def test_every_animation_kind_draws(scene: Scene, kind: AnimKind) -> None:
    view = sample_view(41)
    card = view.obs.hand[0]
    for src, dst in ((Place(Zone.NOC), Place(Zone.CUA, 1)), (Place(Zone.CUA, 3),
                     Place(Zone.MAT, 0)), (Place(Zone.CENTER), Place(Zone.HAND, 2)),
                     (Place(Zone.HAND, 0), Place(Zone.CAI))):
        for progress in (0.0, 0.3, 0.99):
            draw(scene, dataclasses.replace(view, animation=Animation(
                kind, card if kind is not AnimKind.DEAL else None, src, dst, progress)),
                (1024, 640))


def test_replays_show_every_open_hand(scene: Scene) -> None:
    game = sample_game(41)
    view = dataclasses.replace(sample_view(41), open_hands=tuple(
        game.hand_cards(s) for s in range(game.players)))
    hits = draw(scene, view, (1280, 800))
    for seat in range(1, game.players):
        shown = Counter(h.card for _, h in hits_of(hits, HitKind.OPEN) if h.seat == seat)
        assert shown == Counter(game.hand_cards(seat))


def test_a_finished_game_shows_its_outcome(scene: Scene) -> None:
    obs = random_observation(3, 1000, 0)
    assert obs.outcome is not None
    for lang in ("vi", "en"):
        hits = draw(scene, dataclasses.replace(busy_view(obs), lang=lang), (1280, 800))
        assert [box for box in hits.texts if box.role == "outcome"]


def test_resources_do_not_depend_on_the_working_folder(tmp_path: Path) -> None:
    here = os.getcwd()
    os.chdir(tmp_path)
    try:
        hits = draw(Scene(), sample_view(41), (1024, 640))
    finally:
        os.chdir(here)
    assert hits_of(hits, HitKind.HAND)


@pytest.mark.parametrize("size", SIZES[:2])
@pytest.mark.parametrize("seat", [0, 1, 2, 3])
def test_opening_hands_of_twenty_cards_fit_side_by_side(scene: Scene, size: tuple[int, int],
                                                        seat: int) -> None:
    obs = random_observation(21, 0, seat)
    view = ChieuView(obs=obs)  # no names, no scores: the defaults
    hits = draw(scene, view, size)
    cards = sorted(rect for rect, _ in hits_of(hits, HitKind.HAND))
    assert len(cards) == len(obs.hand) >= 19
    for a, b in pairwise(cards):
        assert a[0] + a[2] <= b[0]
    assert all(inside(box, size) for box in hits.texts)
    for a, b in combinations(hits.texts, 2):
        assert not overlap(a.rect, b.rect), (a, b)
    other = 1 if seat != 1 else 0  # a seat that is not the learner's: named by its number
    assert any(box.text == f"Ghế {other}" for box in hits.texts)


SCENE_ONLY = """
import sys
from desktop.chieu import Frame, draw
from desktop.chieu.samples import sample_view
from desktop.chieu.sdl import pygame
draw(Frame(640, 400).surface, sample_view(41))
print(sorted(m for m in sys.modules if m.split('.')[0] in ('PySide6', 'pkg_resources')))
print(pygame.display.get_init(), pygame.mixer.get_init(), pygame.font.get_init())
"""


def test_the_scene_needs_no_qt_no_window_and_no_audio() -> None:
    assert_scene_only(SCENE_ONLY)


@pytest.mark.parametrize("size", SIZES)
def test_a_pair_on_the_mat_shows_both_cards_whole_and_a_chiu_is_a_stack(
        scene: Scene, size: tuple[int, int]) -> None:
    """Issue 20: in the side panels a pair's first card was half covered ("Nh sác") and a
    chíu was squashed into four slivers."""
    view = sample_view(1, noc_left=6)  # a chíu on a mat
    hits = draw(scene, view, size)
    melds: dict[tuple[int, int], list[tuple[int, int, int, int]]] = {}
    for rect, hit in hits_of(hits, HitKind.MAT):
        assert hit.seat is not None and hit.index is not None
        melds.setdefault((hit.seat, hit.index), []).append(rect)
    kinds = {(seat, k): meld.kind for seat, ms in enumerate(view.obs.mats)
             for k, meld in enumerate(ms)}
    assert MeldKind.CHIU in kinds.values()
    for key, rects in melds.items():
        if kinds[key] is MeldKind.CHIU:
            width = rects[0][2]
            assert len(rects) == 4 and all(0 < b[0] - a[0] < width / 3
                                           for a, b in pairwise(rects))
        else:
            assert not any(overlap(a, b) for a, b in combinations(rects, 2)), key
    assert any(box.role == "chiu_count" and box.text == "×4" for box in hits.texts)
