"""Property tests of the engine: random legal play, card accounting, sizes (R4.5), replay,
waits against brute force (R5.1, R5.5), the canonical arrangement (R3.6)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from functools import cache

from hypothesis import given, settings
from hypothesis import strategies as st
from positions import all_cards, table_size

from engine.actions import Act, Action
from engine.chan import hand as H
from engine.chan.cards import ALL_CARDS, CC_INDEX, DECK, Card
from engine.chan.deal import Deal
from engine.chan.game import ChanGame as Game
from engine.chan.rules import DEFAULT_RULES, LangRules
from engine.events import EndKind
from engine.game import Mode, Phase

FULL_DECK = Counter(DECK)

seeds = st.integers(min_value=0, max_value=2**32 - 1)
players_st = st.sampled_from([2, 3, 4])
rules_st = st.builds(LangRules, noc_stop=st.sampled_from([0, 1]),
                     unused_piles=st.sampled_from(["dead", "noc"]))
modes = st.sampled_from([Mode.REAL, Mode.STRICT, Mode.TEACHING])


def random_game(seed: int, players: int, rules: LangRules = DEFAULT_RULES,
                mode: Mode = Mode.REAL, greedy: bool = False,
                after: Callable[[Game, Action], None] | None = None) -> tuple[Game, list[Action]]:
    """Play a shuffled deal to the end choosing at random among legal_actions().

    ``greedy`` takes every ù and chíu offered (more wins, chíus and trả cửa); ``after`` is
    called after every action. Returns the game and every action applied (declines too).
    """
    rng = random.Random(seed)
    deal = Deal.shuffled(seed, players, picker=rng.randrange(players), rules=rules)
    game = Game(deal, rules, mode)
    applied: list[Action] = []
    while not game.is_over:
        legal = game.legal_actions()
        assert legal, game
        # greedy: take the claim itself (listed before its decline)
        action = legal[0] if greedy and game.phase is Phase.CLAIM else rng.choice(legal)
        game.apply(action)
        applied.append(action)
        if after is not None:
            after(game, action)
        assert len(applied) < 1000, "a game must end"
    return game, applied


# ---------------------------------------------------------------- random play


@settings(max_examples=60, deadline=None)
@given(seed=seeds, players=players_st, rules=rules_st, mode=modes, greedy=st.booleans())
def test_random_legal_play_to_the_end_never_raises(seed: int, players: int, rules: LangRules,
                                                   mode: Mode, greedy: bool) -> None:
    def check(game: Game, action: Action) -> None:
        for a in game.legal_actions():
            assert game.can(a), (a, game)

    game, _ = random_game(seed, players, rules, mode, greedy, check)
    assert game.outcome is not None
    assert game.outcome.kind in (EndKind.WIN, EndKind.DRAW)
    if game.outcome.kind is EndKind.DRAW:
        assert game.noc_left == rules.noc_stop
    assert game.legal_actions() == []


@settings(max_examples=40, deadline=None)
@given(seed=seeds, players=players_st, rules=rules_st, greedy=st.booleans())
def test_R1_1_100_cards_accounted_for_at_every_step(seed: int, players: int, rules: LangRules,
                                                    greedy: bool) -> None:
    def check(game: Game, action: Action) -> None:
        everything = all_cards(game)
        assert sum(everything.values()) == 100, action
        assert everything == FULL_DECK, action
        assert all(n == 4 for n in everything.values())
        for seat in range(game.players):
            assert game.hand_n[seat] == len(game.hand_cards(seat))

    random_game(seed, players, rules, Mode.REAL, greedy, check)


def expected_size(game: Game, seat: int) -> int:
    """R4.5: 19 between turns; 20 for the cái recipient before its first discard, an eater
    before its discard, a chíu-er before its trả cửa."""
    if game.phase in (Phase.OPENING, Phase.DISCARD, Phase.RETURN) and seat == game.actor:
        return 20
    if game.outcome is not None and game.outcome.thien_u and seat == game.outcome.winner:
        return 20
    return 19


@settings(max_examples=40, deadline=None)
@given(seed=seeds, players=players_st, greedy=st.booleans())
def test_R4_5_hand_and_mat_sizes_at_every_step(seed: int, players: int, greedy: bool) -> None:
    def check(game: Game, action: Action) -> None:
        for seat in range(game.players):
            assert table_size(game, seat) == expected_size(game, seat), (seat, action, game)

    random_game(seed, players, greedy=greedy, after=check)


@settings(max_examples=40, deadline=None)
@given(seed=seeds, players=players_st, rules=rules_st, greedy=st.booleans(),
       picks=st.lists(st.floats(min_value=0, max_value=1, exclude_max=True), min_size=1,
                      max_size=4))
def test_replay_of_the_record_equals_the_live_game(seed: int, players: int, rules: LangRules,
                                                   greedy: bool, picks: list[float]) -> None:
    snapshots: list[tuple[object, ...]] = []

    def snap(game: Game, action: Action) -> None:
        if action.recorded:  # the live game stopped right after this recorded action
            snapshots.append(game.state_key())

    game, applied = random_game(seed, players, rules, Mode.REAL, greedy, snap)
    assert len(snapshots) == len(game.record)
    assert all(a.act is not Act.DECLINE for a in game.record)
    for p in picks:
        i = int(p * len(game.record))
        prefix = Game.replay(game.deal, game.record[:i + 1], rules)
        assert prefix.state_key() == snapshots[i], i
    # every applied action, declines included, rebuilds the live game exactly
    assert Game.replay(game.deal, applied, rules).state_key() == game.state_key()
    complete = Game.replay(game.deal, game.record, rules, complete=True)
    assert complete.state_key() == game.state_key()


@settings(max_examples=30, deadline=None)
@given(seed=seeds, players=players_st, rules=rules_st)
def test_deal_forms_round_trip(seed: int, players: int, rules: LangRules) -> None:
    deal = Deal.shuffled(seed, players, picker=seed % players, rules=rules)
    assert Deal.from_json(deal.hands_json()) == deal
    assert Deal.from_json(deal.to_json(), players=players, rules=rules) == deal


# ---------------------------------------------------------------- waits vs brute force


@st.composite
def hands_with_mats(draw: st.DrawFn) -> tuple[list[Card], int]:
    """A physically possible 19-card hand + mat: some melds (mat_chan 0..4), and hand cards
    = 19 − mat cards, built mostly of pairs so that many hands wait."""
    rng = draw(st.randoms(use_true_random=False))
    pool = Counter(DECK)
    mat_cards = 0
    mat_chan = 0
    for _ in range(draw(st.integers(0, 4))):
        meld = rng.choice(["chan", "ca", "chiu"])
        if meld == "chiu" and mat_chan <= 2:
            kind = rng.choice([k for k in ALL_CARDS if pool[k] == 4])
            pool[kind] -= 4
            mat_cards += 4
            mat_chan += 2
        elif meld == "ca":
            kind = rng.choice([k for k in ALL_CARDS if k is not Card.CC and pool[k] > 0])
            partners = [k for k in ALL_CARDS if k is not kind and k is not Card.CC
                        and k.rank == kind.rank and pool[k] > 0]
            if partners:
                pool[kind] -= 1
                pool[rng.choice(partners)] -= 1
                mat_cards += 2
        elif meld == "chan" and mat_chan < 4:
            kind = rng.choice([k for k in ALL_CARDS if pool[k] >= 2])
            pool[kind] -= 2
            mat_cards += 2
            mat_chan += 1
    n = 19 - mat_cards
    hand: list[Card] = []
    pair_bias = draw(st.sampled_from([0.0, 0.5, 0.8, 0.95]))
    while len(hand) < n:
        kind = rng.choice([k for k in ALL_CARDS if pool[k] > 0])
        take = 2 if rng.random() < pair_bias and pool[kind] >= 2 and len(hand) + 2 <= n else 1
        if take == 1 and rng.random() < pair_bias / 2 and kind is not Card.CC:
            partner = [k for k in ALL_CARDS if k.rank == kind.rank and k is not kind
                       and k is not Card.CC and pool[k] > 0]
            if partner and len(hand) + 2 <= n:
                other = rng.choice(partner)
                pool[other] -= 1
                hand.append(other)
        pool[kind] -= take
        hand.extend([kind] * take)
    hand = hand[:n]
    assert mat_chan <= 4 and len(hand) == n
    return hand, mat_chan


def brute_force_waits(h: int, n: int, mat_chan: int) -> tuple[int, ...]:
    return tuple(k for k in range(25) if H.count(h, k) < 4 and H.is_winning(h, n, mat_chan, k))


@settings(max_examples=400, deadline=None)
@given(hand_mat=hands_with_mats())
def test_R5_5_waits_equal_brute_force(hand_mat: tuple[list[Card], int]) -> None:
    hand, mat_chan = hand_mat
    h = H.pack(hand)
    assert H.waits(h, len(hand), mat_chan) == brute_force_waits(h, len(hand), mat_chan)
    shape = H.wait_shape(h, len(hand), mat_chan)
    assert (shape is None) == (not brute_force_waits(h, len(hand), mat_chan))


def test_R5_5_waits_equal_brute_force_sweep() -> None:
    """A seeded sweep that is sure to meet every wait shape."""
    rng = random.Random(2024)
    shapes: Counter[object] = Counter()
    for _ in range(3000):
        mat_chan = rng.randrange(5)
        mat_cards = 2 * mat_chan + 2 * rng.randrange(2)
        n = 19 - mat_cards
        pool = list(DECK)
        rng.shuffle(pool)
        hand: list[Card] = []
        counts: Counter[Card] = Counter()
        for c in pool:  # pairs first: take a second copy whenever it comes by
            if len(hand) == n:
                break
            if counts[c] == 1 or rng.random() < 0.25:
                hand.append(c)
                counts[c] += 1
        h = H.pack(hand)
        assert H.waits(h, n, mat_chan) == brute_force_waits(h, n, mat_chan), hand
        shapes[H.wait_shape(h, n, mat_chan)] += 1
    assert all(shapes[s] > 0 for s in (*H.WaitShape, None)), shapes


# ---------------------------------------------------------------- R5.1 against brute force


@cache
def max_chan_all_pairs(cards: tuple[int, ...]) -> int | None:
    """Brute force R5.1: the most chắn in a split of sorted cards into chắn and cạ only,
    or None when no such split exists."""
    if not cards:
        return 0
    first, rest = cards[0], cards[1:]
    best: int | None = None
    for i, other in enumerate(rest):
        if i and rest[i - 1] == other:
            continue
        if other == first:
            gain = 1
        elif first != CC_INDEX and other != CC_INDEX and first // 3 == other // 3:
            gain = 0
        else:
            continue
        sub = max_chan_all_pairs(rest[:i] + rest[i + 1:])
        if sub is not None and (best is None or sub + gain > best):
            best = sub + gain
    return best


def reference_is_winning(hand: list[Card], mat_chan: int, w: Card) -> bool:
    chan = max_chan_all_pairs(tuple(sorted([*hand, w])))
    if chan is None:
        return False
    total = mat_chan + chan
    if w is Card.CC:
        return total == 6  # R5.3: only bạch thủ chi
    return total >= 6


@settings(max_examples=300, deadline=None)
@given(hand_mat=hands_with_mats(), w=st.sampled_from(ALL_CARDS))
def test_R5_1_is_winning_equals_brute_force(hand_mat: tuple[list[Card], int], w: Card) -> None:
    hand, mat_chan = hand_mat
    expected = reference_is_winning(hand, mat_chan, w)
    assert H.is_winning(H.pack(hand), len(hand), mat_chan, w) is expected
    for k in H.waits(H.pack(hand), len(hand), mat_chan):
        assert reference_is_winning(hand, mat_chan, Card(k))


# ---------------------------------------------------------------- R3.6 against brute force


@cache
def best_partition(cards: tuple[int, ...]) -> tuple[int, int]:
    """Brute force over every partition into chắn / cạ / ba đầu / què: (most chắn, then
    fewest què among those)."""
    if not cards:
        return (0, 0)
    first, rest = cards[0], cards[1:]
    options: list[tuple[int, int]] = []
    c, q = best_partition(rest)
    options.append((c, q + 1))  # què
    seen: set[int] = set()
    for i, other in enumerate(rest):
        if other in seen:
            continue
        seen.add(other)
        remaining = rest[:i] + rest[i + 1:]
        if other == first:
            c, q = best_partition(remaining)
            options.append((c + 1, q))  # chắn
        elif first != CC_INDEX and other != CC_INDEX and first // 3 == other // 3:
            c, q = best_partition(remaining)
            options.append((c, q))  # cạ
            for j, third in enumerate(remaining):
                if (third != CC_INDEX and third // 3 == first // 3
                        and third not in (first, other)):
                    c, q = best_partition(remaining[:j] + remaining[j + 1:])
                    options.append((c, q))  # ba đầu
                    break
    return max(options, key=lambda t: (t[0], -t[1]))


def valid_group(group: tuple[Card, ...], kind: str) -> bool:
    if kind == "chan":
        return len(group) == 2 and group[0] == group[1]
    if kind == "ca":
        a, b = group
        return a != b and Card.CC not in group and a.rank == b.rank
    if kind == "ba_dau":
        return (len(set(group)) == 3 and Card.CC not in group
                and len({c.rank for c in group}) == 1)
    return len(group) == 1


@settings(max_examples=300, deadline=None)
@given(hand=st.lists(st.sampled_from(ALL_CARDS), min_size=0, max_size=12).filter(
    lambda cs: max(Counter(cs).values(), default=0) <= 4))
def test_R3_6_arrangement_maximises_chan_and_partitions_the_hand(hand: list[Card]) -> None:
    a = H.arrange(hand)
    flat = [c for g in (*a.chan, *a.ca, *a.ba_dau) for c in g] + list(a.que)
    assert Counter(flat) == Counter(hand)  # an exact partition
    for kind, groups in (("chan", a.chan), ("ca", a.ca), ("ba_dau", a.ba_dau)):
        assert all(valid_group(g, kind) for g in groups), (kind, groups)
    most_chan, fewest_que = best_partition(tuple(sorted(hand)))
    assert len(a.chan) == most_chan
    assert len(a.que) == fewest_que
    assert len(a.chan) == H.chan_count(H.pack(hand), len(hand))


@settings(max_examples=200, deadline=None)
@given(hand=st.lists(st.sampled_from(ALL_CARDS), min_size=0, max_size=20).filter(
    lambda cs: max(Counter(cs).values(), default=0) <= 4))
def test_R3_6_arrangement_follows_the_rule_text(hand: list[Card]) -> None:
    """R3.6 read literally: count // 2 chắn per kind; leftovers per rank: 2 cạ, 3 ba đầu,
    1 què; cc leftovers are què."""
    counts = Counter(hand)
    a = H.arrange(hand)
    assert Counter(g[0] for g in a.chan) == Counter(
        {k: n // 2 for k, n in counts.items() if n // 2})
    left = [k for k in ALL_CARDS if counts[k] % 2]
    by_rank: dict[object, list[Card]] = {}
    for k in left:
        by_rank.setdefault("cc" if k is Card.CC else k.rank, []).append(k)
    ca = sorted(tuple(v) for r, v in by_rank.items() if r != "cc" and len(v) == 2)
    ba = sorted(tuple(v) for r, v in by_rank.items() if len(v) == 3)
    que = sorted(v[0] for r, v in by_rank.items() if len(v) == 1)
    assert sorted(a.ca) == ca
    assert sorted(a.ba_dau) == ba
    assert sorted(a.que) == que
