"""The Tổ tôm chiếu (TOTOM T2, T3.8, T5, T8): five or four seats fit 1280 × 800, 1024 × 640 and
HiDPI; the learner's hand of 20–25 cards is readable; mats of every meld type stay in their
places; the cho cái and the judged arrangement draw; the hit map finds what was drawn."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from itertools import combinations, pairwise

import pytest
from chieu_checks import assert_scene_only
from pytestqt.qtbot import QtBot

from desktop.chieu.faces import NAMED_WIDTH
from desktop.chieu.frame import Frame
from desktop.chieu.hitmap import Hit, HitKind, HitMap, TextBox
from desktop.chieu.labels import Lang
from desktop.chieu.paint import Painter
from desktop.chieu.scene import Scene
from desktop.chieu.sdl import pygame
from desktop.chieu.tom_layout import make_tom_layout
from desktop.chieu.tom_melds import draw_meld, meld_height, meld_width
from desktop.chieu.tom_scene import draw_tom
from desktop.chieu.tom_view import ChoCaiStep, Lay, TomMeld, TomView, mat_meld
from desktop.chieu.tom_widget import TomWidget
from desktop.chieu.view import Prompt
from desktop.qt import QPoint, Qt
from engine.totom.cards import DECK, Card, parse_cards
from engine.totom.position import MatMeld
from tests.tom_views import (
    cho_cai_view,
    midgame_view,
    opening_view,
    sample_views,
    won_view,
)

SIZES = ((1280, 800), (1024, 640))
HIDPI = (2560, 1600)
Rect = tuple[int, int, int, int]


def draw(scene: Scene, view: TomView, size: tuple[int, int]) -> HitMap:
    return draw_tom(scene, Frame(*size).surface, view)


def inside(rect: Rect, outer: Rect, slack: int = 0) -> bool:
    x, y, w, h = rect
    ox, oy, ow, oh = outer
    return (x >= ox - slack and y >= oy - slack and x + w <= ox + ow + slack
            and y + h <= oy + oh + slack)


def overlap(a: Rect, b: Rect) -> bool:
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


def hits_of(hits: HitMap, kind: HitKind) -> list[tuple[Rect, Hit]]:
    return [(rect, hit) for rect, hit in hits.items() if hit.kind is kind]


def as_rect(r: pygame.Rect) -> Rect:
    return (r.x, r.y, r.w, r.h)


def texts_fit(hits: HitMap, size: tuple[int, int]) -> list[tuple[TextBox, TextBox]]:
    """Every text inside the surface; the pairs of texts that overlap."""
    assert all(inside(box.rect, (0, 0, *size)) for box in hits.texts), [
        box for box in hits.texts if not inside(box.rect, (0, 0, *size))]
    return [(a, b) for a, b in combinations(hits.texts, 2) if overlap(a.rect, b.rect)]


# ----------------------------------------------------------------------------- the layout


@pytest.mark.parametrize("size", [*SIZES, HIDPI, (1920, 1080), (900, 700)])
@pytest.mark.parametrize("players", [5, 4])
def test_the_regions_of_five_and_four_seats_fit_and_do_not_overlap(
        size: tuple[int, int], players: int) -> None:
    layout = make_tom_layout(*size, players)
    regions = [layout.scoreboard, layout.turn, *layout.seats[1:], *layout.cua, layout.noc,
               layout.plate, layout.mat, layout.prompts, layout.hand]
    assert len(layout.seats) == len(layout.cua) == players
    for region in regions:
        assert inside(as_rect(region), (0, 0, *size)), region
        assert region.w > 0 and region.h > 0
    for a, b in combinations(regions, 2):
        assert not a.colliderect(b), (a, b)
    for place in range(1, players):
        assert layout.seats[place].contains(layout.plates[place])


def test_play_passes_to_the_right_round_the_table() -> None:
    """T2.1, T2.2: seat learner + 1 sits on the right, the cửa of each seat lies between it
    and the next seat, so going round in play order turns anticlockwise on the screen."""
    layout = make_tom_layout(1280, 800, 5)
    right, top_right, top_left, left = layout.seats[1:]
    assert right.x > layout.center.right and left.right < layout.center.x
    assert top_right.x > top_left.x and top_right.bottom < layout.center.y
    cua = layout.cua
    assert cua[0].x > layout.noc.x and cua[0].y >= layout.noc.y  # learner → right: low right
    assert cua[1].x > layout.noc.x and cua[1].bottom <= layout.noc.y  # right → top right
    assert cua[2].x == layout.noc.x  # between the two seats across
    assert cua[3].x < layout.noc.x and cua[4].x < layout.noc.x


# ----------------------------------------------------------------------------- the hand


def full_hand(n: int, seed: int) -> tuple[Card, ...]:
    """`n` cards of the deck, with every section of the hand (vạn, văn, sách, yêu đỏ)."""
    rng = random.Random(seed)
    deck = list(DECK)
    rng.shuffle(deck)
    hand = [Card.V1, Card.N9, Card.S5, Card.OC, Card.TT, Card.CC]
    for c in deck:
        if len(hand) == n:
            break
        if Counter(hand)[c] < 4:
            hand.append(c)
    return tuple(hand)


@pytest.mark.parametrize("size", [*SIZES, HIDPI])
@pytest.mark.parametrize(("players", "n"), [(5, 20), (5, 21), (4, 24), (4, 25)])
def test_a_hand_of_20_to_25_cards_fits_side_by_side_wide_enough_for_names(
        scene: Scene, size: tuple[int, int], players: int, n: int) -> None:
    hand = full_hand(n, n)
    view = dataclasses.replace(opening_view(players), hand=hand, selected=(), message="")
    hits = draw(scene, view, size)
    cards = sorted(rect for rect, _ in hits_of(hits, HitKind.HAND))
    assert len(cards) == n
    u = min(size[0] / 1280, size[1] / 800)
    for a, b in pairwise(cards):
        assert a[0] + a[2] <= b[0], (a, b)
    for rect in cards:
        assert inside(rect, (0, 0, *size))
        assert rect[2] >= NAMED_WIDTH * max(1.0, u), rect  # the face carries the name
    labels = [box for box in hits.texts if box.role == "hand_label"]
    assert len(labels) == 4 and all("…" not in box.text for box in labels)
    assert texts_fit(hits, size) == []


def test_every_hand_card_is_in_the_hit_map_once_and_found_at_its_place(scene: Scene) -> None:
    view = midgame_view()
    for size in SIZES:
        hits = draw(scene, view, size)
        hand = hits_of(hits, HitKind.HAND)
        assert Counter(hit.tom for _, hit in hand) == Counter(view.hand)
        assert sorted(hit.index for _, hit in hand if hit.index is not None) == list(
            range(len(view.hand)))
        for (x, y, w, h), hit in hand:
            assert hits.at(x + w / 2, y + h / 2) == hit


def test_chosen_cards_are_raised_one_copy_each(scene: Scene) -> None:
    view = midgame_view()
    pair = next(c for c, k in Counter(view.hand).items() if k >= 2)
    plain = draw(scene, view, (1280, 800))
    chosen = draw(scene, dataclasses.replace(view, selected=(pair,)), (1280, 800))
    before = {hit.index: rect for rect, hit in hits_of(plain, HitKind.HAND)}
    after = {hit.index: rect for rect, hit in hits_of(chosen, HitKind.HAND)}
    raised = [i for i in before if after[i][1] < before[i][1]]
    assert len(raised) == 1
    assert next(h.tom for _, h in hits_of(chosen, HitKind.HAND) if h.index == raised[0]) == pair


# ----------------------------------------------------------------------------- the mats


def every_meld() -> tuple[TomMeld, ...]:
    """One meld of every way a meld lies (T3.8)."""
    return (
        TomMeld(Lay.DOC, parse_cards("4v 5v 6v 7v"), trung=parse_cards("5v")),
        TomMeld(Lay.DOC, parse_cards("1s 2s 3s"), added=parse_cards("4s")),
        TomMeld(Lay.BI, parse_cards("5v 5n 5s"), trung=parse_cards("5n")),
        TomMeld(Lay.BI, parse_cards("4v 4v 4n 4s 4s")),
        TomMeld(Lay.SP, parse_cards("3v 3s 7n"), sp="SP1"),
        TomMeld(Lay.SP, parse_cards("9v 8s cc"), sp="SP2"),
        TomMeld(Lay.UP, parse_cards("9n 9n 9n")),
        TomMeld(Lay.UP, hidden=4),
        TomMeld(Lay.KHAN, parse_cards("6s 6s 6s")),
        TomMeld(Lay.THIEN_KHAI, parse_cards("8n 8n 8n 8n")),
        TomMeld(Lay.PHONG, parse_cards("7s 7s 7s"), added=parse_cards("7s")),
        TomMeld(Lay.YEU, parse_cards("oc")),
        TomMeld(Lay.YEU, parse_cards("tt tt")),
    )


@pytest.mark.parametrize("meld", every_meld(), ids=lambda m: f"{m.lay}-{m.size}")
@pytest.mark.parametrize("cw", [40, 24, 14])
def test_a_meld_draws_inside_the_box_its_size_gives(scene: Scene, meld: TomMeld, cw: int
                                                   ) -> None:
    w, h = meld_width(meld)(cw), meld_height(meld)(cw)
    frame = Frame(w + 40, h + 40)
    frame.surface.fill((0, 0, 0, 0))
    p = Painter(frame.surface, HitMap(frame.size), 1.0, scene.text, scene.art, {})
    box = pygame.Rect(20, 20, w, h)
    draw_meld(p, meld, box, cw, "vi", Hit(HitKind.MAT, seat=0, index=0))
    drawn = frame.surface.get_bounding_rect()
    shadow = p.px(2)
    assert box.inflate(2 * shadow, 2 * shadow).contains(drawn), (box, drawn)
    assert p.hits.at(box.centerx, box.centery) == Hit(HitKind.MAT, seat=0, index=0)


def test_a_run_stands_upright_and_a_phu_bi_lies_side_by_side() -> None:
    """T3.8: runs vertical; phu bí, special phu and yêu in a row."""
    run, _, bi, *_ = every_meld()
    assert meld_height(run)(30) > 1.5 * meld_width(TomMeld(Lay.DOC, run.cards))(30) * 3.1 / 2
    assert meld_width(TomMeld(Lay.DOC, run.cards))(30) == 30
    assert meld_width(TomMeld(Lay.BI, bi.cards))(30) >= 3 * 30
    assert meld_height(TomMeld(Lay.BI, bi.cards))(30) == round(30 * 3.1)


@pytest.mark.parametrize("size", [*SIZES, HIDPI])
@pytest.mark.parametrize("players", [5, 4])
@pytest.mark.parametrize("lang", ["vi", "en"])
def test_mats_of_every_meld_type_stay_in_their_places_and_apart(
        scene: Scene, size: tuple[int, int], players: int, lang: Lang) -> None:
    view = midgame_view(players, lang)
    melds = every_meld()
    heavy = dataclasses.replace(view, mats=(melds[:5], melds[5:9], *view.mats[2:]))
    for shown in (view, heavy):
        hits = draw(scene, shown, size)
        layout = make_tom_layout(*size, players)
        mat = hits_of(hits, HitKind.MAT)
        assert Counter(hit.seat for _, hit in mat) == Counter(
            {seat: len(m) for seat, m in enumerate(shown.mats) if m})
        for rect, hit in mat:
            assert hit.seat is not None
            place = (hit.seat - shown.seat) % players
            assert inside(rect, as_rect(layout.seats[place])), (hit, rect)
            assert hits.at(rect[0] + rect[2] / 2, rect[1] + rect[3] / 2) == hit
        for (a, ha), (b, hb) in combinations(mat, 2):
            assert not overlap(a, b), (ha, hb)
        assert texts_fit(hits, size) == []


def test_the_others_see_how_many_face_down_melds_a_seat_has_not_their_kind(
        scene: Scene) -> None:
    """T4.1: another seat's khàn lie as backs; the learner's own show their kind."""
    view = opening_view()
    own = [m for m in view.mats[0] if m.lay is Lay.UP]
    others = [m for seat in range(1, 5) for m in view.mats[seat] if m.lay is Lay.UP]
    assert own and all(m.cards for m in own)
    assert others and all(not m.cards and m.hidden >= 3 for m in others)
    hits = draw(scene, view, (1280, 800))
    assert Counter(h.seat for _, h in hits_of(hits, HitKind.MAT)) == Counter(
        {seat: len(m) for seat, m in enumerate(view.mats) if m})
    assert sum(1 for box in hits.texts if box.text == "úp") == len(own) + len(others)


# ----------------------------------------------------------------------------- the table


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["vi", "en"])
@pytest.mark.parametrize("name", list(sample_views()))
def test_every_sample_draws_with_its_texts_whole_and_apart(
        scene: Scene, size: tuple[int, int], lang: Lang, name: str) -> None:
    view = sample_views(lang)[name]
    hits = draw(scene, view, size)
    assert texts_fit(hits, size) == []
    for rect, _ in hits.items():
        assert inside(rect, (0, 0, *size)), rect
    plates = {h.seat for _, h in hits_of(hits, HitKind.SEAT)}
    assert plates == set(range(view.players))


def test_the_other_hands_are_hidden_but_counted(scene: Scene) -> None:
    view = midgame_view()
    hits = draw(scene, view, (1280, 800))
    assert hits_of(hits, HitKind.OPEN) == []
    counts = [box.text for box in hits.texts if box.role == "plate"]
    for seat in range(1, 5):
        assert f"{view.hand_sizes[seat]} quân" in counts
    hands = tuple(full_hand(view.hand_sizes[s] or 1, s)[:view.hand_sizes[s]] for s in range(5))
    shown = draw(scene, dataclasses.replace(view, open_hands=hands), (1280, 800))
    for seat in range(1, 5):
        assert Counter(h.tom for _, h in hits_of(shown, HitKind.OPEN) if h.seat == seat) \
            == Counter(hands[seat])


def test_the_cua_the_live_card_the_noc_and_the_buttons_are_found(scene: Scene) -> None:
    view = midgame_view()
    hits = draw(scene, view, (1024, 640))
    for (x, y, _, h), hit in hits_of(hits, HitKind.CUA):
        assert hit.seat is not None and hit.index is not None
        assert view.cua[hit.seat][hit.index] == hit.tom
        assert hits.at(x + 2, y + h / 2) == hit  # each card's left edge shows
    assert Counter(h.seat for _, h in hits_of(hits, HitKind.CUA)) == Counter(
        {k: len(p) for k, p in enumerate(view.cua) if p})
    assert len(hits_of(hits, HitKind.NOC)) == 1
    buttons = {hit.key for _, hit in hits_of(hits, HitKind.BUTTON)}
    assert buttons == {p.key for p in view.prompts if p.enabled}
    assert any(box.text == "9" and box.role == "noc" for box in hits.texts)


def test_the_scoreboard_shows_the_pool_and_each_debt(scene: Scene) -> None:
    """T8.1: the pool left; T6.6: who rows the boat, and for how many ù."""
    view = midgame_view()
    assert view.hoi is not None
    owes = dataclasses.replace(view.hoi, debts=(0, 2, 1, 0, 0))
    cases: tuple[tuple[Lang, str, str], ...] = (("vi", "Góp còn: 38 / 50 điểm", "chèo đò"),
                                               ("en", "Pool: 38 / 50 pts", "owes"))
    for lang, pool, debt in cases:
        hits = draw(scene, dataclasses.replace(view, hoi=owes, lang=lang), (1024, 640))
        board = [box.text for box in hits.texts if box.role == "scoreboard"]
        assert pool in board
        assert board.count(debt) == 1 and board.count(f"{debt} ×2") == 1
    open_play = dataclasses.replace(view.hoi, pool=None)
    hits = draw(scene, dataclasses.replace(view, hoi=open_play), (1280, 800))
    assert "chơi tự do" in [box.text for box in hits.texts]
    four = midgame_view(4)  # shares of 12.5, written by the controller as the language does
    assert four.hoi is not None and "-12,5" in four.hoi.points
    hits = draw(scene, four, (1024, 640))
    board = [box.text for box in hits.texts if box.role == "scoreboard"]
    assert board.count("-12,5") == 3 and "-0,5" in board


def test_long_names_are_cut_not_spilled(scene: Scene) -> None:
    view = dataclasses.replace(midgame_view(), names=(
        "Nguyễn Thị Phương Thảo Nguyễn Thị Phương Thảo", "Ông Trần Văn Quốc Hưng Đệ Nhất",
        "Bà Lê Thị Hồng Nhung Tuyệt Vời", "Chú Phạm Ngọc Đức Anh Quảng Ngãi",
        "Cụ Đỗ Thị Minh Khai Hoàng Long"), message="Một thông báo rất dài " * 12)
    for size in SIZES:
        hits = draw(scene, view, size)
        assert texts_fit(hits, size) == []
        assert any("…" in box.text for box in hits.texts)


# ----------------------------------------------------------------------------- cho cái, ù


@pytest.mark.parametrize("players", [5, 4])
@pytest.mark.parametrize("step", list(ChoCaiStep))
def test_the_cho_cai_draws_each_step_with_every_pile_found(
        scene: Scene, players: int, step: ChoCaiStep) -> None:
    view = cho_cai_view(step, players)
    c = view.cho_cai
    assert c is not None
    for size in SIZES:
        hits = draw(scene, view, size)
        piles = [(rect, h) for rect, h in hits_of(hits, HitKind.BUTTON) if h.key == "pile"]
        assert sorted(h.index for _, h in piles if h.index is not None) == list(
            range(players + 1))
        for (a, _), (b, _) in combinations(piles, 2):
            assert not overlap(a, b)
        for rect, hit in piles:
            assert hits.at(rect[0] + rect[2] / 2, rect[1] + 2) == hit
        assert texts_fit(hits, size) == []
        numbers = [box.text for box in hits.texts if box.role == "cho_cai"]
        counted = step >= ChoCaiStep.COUNT
        assert (f"{c.count} · cái" in numbers) == counted
        assert (str(players) in numbers or f"{players} · cái" in numbers) == counted
        assert ("A" in numbers) == (step >= ChoCaiStep.A)
        assert ("B" in numbers) == (step >= ChoCaiStep.B)
        caption = " ".join(box.text for box in hits.texts if box.role == "cho_cai_caption")
        assert (f"{c.a.value} + {c.b.value} = {c.a.value + c.b.value}" in caption) == counted


def test_the_won_hand_is_drawn_as_its_judged_groups(scene: Scene) -> None:
    """T5.3: every group of the arrangement, named, found by a click; T7.7's chi nẩy."""
    view = won_view()
    result = view.result
    assert result is not None and result.score == 26 and result.call == "Ù chi nẩy tôm"
    assert sum(len(g.meld.lying) for g in result.groups) == 21
    assert sum(1 for g in result.groups if g.w_here) == 1
    for size in SIZES:
        hits = draw(scene, view, size)
        groups = [(rect, h) for rect, h in hits_of(hits, HitKind.BUTTON) if h.key == "group"]
        assert sorted(h.index for _, h in groups if h.index is not None) == list(
            range(len(result.groups)))
        layout = make_tom_layout(*size, view.players)
        for rect, hit in groups:
            assert inside(rect, as_rect(layout.center))
            assert hits.at(rect[0] + rect[2] / 2, rect[1] + rect[3] / 2) == hit
        labels = [box.text for box in hits.texts if box.role == "group_label"]
        assert len(labels) == len(result.groups) and "tôm" in labels and "lèo" in labels
        assert hits_of(hits, HitKind.CUA) == []  # the arrangement covers the cửa
        assert texts_fit(hits, size) == []


def test_prompts_of_the_tom_chieu_use_its_words(scene: Scene) -> None:
    view = dataclasses.replace(midgame_view(), prompts=(
        Prompt("phong"), Prompt("day_khan"), Prompt("ha_trung"), Prompt("win", primary=True)))
    cases: tuple[tuple[Lang, set[str]], ...] = (
        ("vi", {"Phỗng", "Dậy khàn", "Hạ trùng", "Ù"}),
        ("en", {"Phỗng", "Dậy khàn", "Hạ trùng", "Ù · win"}))
    for lang, words in cases:
        hits = draw(scene, dataclasses.replace(view, lang=lang), (1024, 640))
        assert {box.text for box in hits.texts if box.role == "button"} == words


SCENE_ONLY = """
import sys
from desktop.chieu.frame import Frame
from desktop.chieu.scene import Scene
from tests.tom_views import midgame_view
from desktop.chieu.tom_scene import draw_tom
from desktop.chieu.sdl import pygame
draw_tom(Scene(), Frame(640, 400).surface, midgame_view())
print(sorted(m for m in sys.modules if m.split('.')[0] in ('PySide6', 'pkg_resources')))
print(pygame.display.get_init(), pygame.mixer.get_init(), pygame.font.get_init())
"""


def test_the_tom_scene_needs_no_qt_no_window_and_no_audio() -> None:
    assert_scene_only(SCENE_ONLY)


def test_the_qt_host_paints_the_tom_chieu_and_emits_the_card_clicked(qtbot: QtBot,
                                                                      scene: Scene) -> None:
    widget = TomWidget(scene=scene)
    qtbot.addWidget(widget)
    widget.resize(1024, 640)
    widget.set_view(midgame_view())
    widget.show()
    qtbot.waitExposed(widget)
    image = widget.grab().toImage()
    hits = widget.hit_map()
    assert hits is not None and hits.size == (image.width(), image.height())
    hand = hits_of(hits, HitKind.HAND)
    ratio = widget.devicePixelRatioF()
    for (x, y, w, h), hit in hand[:2] + hand[-1:]:
        point = QPoint(round((x + w / 2) / ratio), round((y + h / 2) / ratio))
        with qtbot.waitSignal(widget.clicked, timeout=1000) as blocker:
            qtbot.mouseClick(widget, Qt.MouseButton.LeftButton, pos=point)
        assert blocker.args == [hit] and hit.tom is not None


@pytest.mark.parametrize("players", [5, 4])
def test_the_mid_game_sample_is_a_real_table_of_120_cards(players: int) -> None:
    """T1.1: what the sample shows, the hidden hands, melds and the nọc make the deck once."""
    view = midgame_view(players)
    seen = Counter(view.hand)
    for pile in view.cua:
        seen.update(pile)
    for melds in view.mats:
        for m in melds:
            seen.update(m.cards + m.added + m.trung)
    assert max(seen.values()) <= 4
    assert not any(c.is_yeu for pile in view.cua for c in pile)  # T4.10
    hidden = sum(m.hidden for melds in view.mats for m in melds)
    others = sum(view.hand_sizes[1:])
    assert sum(seen.values()) + hidden + others + view.noc_left == 120
    n = 20 if players == 5 else 24
    for seat in range(players):
        assert view.hand_size(seat) + sum(m.size for m in view.mat(seat)) == n


def test_the_engine_mat_melds_become_melds_as_they_lie() -> None:
    """T3.8 through mat_meld: the owner sees a face-down khàn, the others its backs only; a
    run keeps its gá card apart; quân trùng stay quân trùng; how a bộ giống came is given."""
    khan = MatMeld.parse("9n 9n 9n", face_down=True)
    assert mat_meld(khan) == TomMeld(Lay.UP, parse_cards("9n 9n 9n"))
    assert mat_meld(khan, seen=False) == TomMeld(Lay.UP, hidden=3)
    run = mat_meld(MatMeld.parse("1s 2s 3s 4s"), added=parse_cards("4s"))
    assert run.lay is Lay.DOC and run.cards == parse_cards("1s 2s 3s")
    assert run.added_at == frozenset({3})
    bi = mat_meld(MatMeld.parse("5v 5n 5s + 5v"))
    assert bi.lay is Lay.BI and bi.trung == parse_cards("5v")
    assert mat_meld(MatMeld.parse("3v 3s 7n")).sp == "SP1"
    assert mat_meld(MatMeld.parse("8n 8n 8n 8n"), Lay.THIEN_KHAI).lay is Lay.THIEN_KHAI
    assert mat_meld(MatMeld.parse("oc")).lay is Lay.YEU
