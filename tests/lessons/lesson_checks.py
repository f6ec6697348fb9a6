"""Independent checks of generated items: rebuild the engine objects from an item's position
and recompute its answer through the engine's API (not through lessons' solvers)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from engine.actions import Act, Action
from engine.chan import hand as H
from engine.chan.cards import DECK, Card
from engine.chan.deal import Deal, cai_recipient
from engine.chan.game import ChanGame as Game
from engine.chan.rules import LangRules
from engine.events import BecameBao
from engine.game import Mode, Phase
from lessons.item import Item

FULL_DECK = Counter(DECK)


def deal_of(pos: dict[str, Any]) -> Deal:
    """The deal of a game position, read by the engine; it must hold the 100 cards."""
    rules = LangRules.from_json(pos.get("rules"))
    deal = Deal.from_json(pos["deal"], pos["players"], rules)
    cards = Counter(c for h in deal.hands for c in h) + Counter(deal.noc) + Counter(deal.dead)
    assert cards == FULL_DECK
    return deal


def game_of(pos: dict[str, Any]) -> Game:
    """The position's game, replayed event by event through the engine."""
    rules = LangRules.from_json(pos.get("rules"))
    game = Game(deal_of(pos), rules, Mode.REAL, pos.get("thong_seat"))
    for e in pos["events"]:
        game.apply(Action.from_json(e))
    seat = pos["seat"]
    assert pos["hand"] == [str(c) for c in game.hand_cards(seat)]
    assert pos["mat"] == [[str(c) for c in m.cards] for m in game.mats[seat]]
    live = game.live.card if game.live is not None and game.phase in (Phase.CLAIM,
                                                                       Phase.PLAY) else None
    assert pos["live"] == (None if live is None else str(live))
    return game


def groups(cards: Any) -> list[list[str]]:
    """Card groups as code lists."""
    return [[str(c) for c in g] for g in cards]


def check_boc_cai(item: Item) -> None:
    pos = item.position
    assert 2 <= pos["players"] <= 4 and 0 <= pos["picker"] < pos["players"]
    card = Card.parse(pos["card"])
    seat = pos["picker"]  # count round the table by hand: the picker is 1 (R2.6)
    for _ in range(card.rank - 1):
        seat = (seat + 1) % pos["players"]
    assert item.answer == seat == cai_recipient(pos["picker"], card, pos["players"])
    assert item.to_json()["answer"] == seat
    assert {k: item.to_json()[k] for k in ("players", "picker", "card")} == \
        {k: pos[k] for k in ("players", "picker", "card")}


def check_chia_bai(item: Item) -> None:
    pos = item.position
    deal = Deal.from_json(pos["deal"], pos["players"])
    cards = Counter(c for h in deal.hands for c in h) + Counter(deal.noc) + Counter(deal.dead)
    assert cards == FULL_DECK
    src = deal.source
    assert src is not None
    ans = item.answer
    if item.kind == "piles":
        assert ans == {"piles": 5, "pile_size": 19, "leftover": 5}
    elif item.kind == "noc":
        assert ans["noc_size"] == 24
    elif item.kind == "cai":
        assert src.noc_pile not in ans["cai_piles"] and len(ans["cai_piles"]) == 4
        assert ans["noc_after"] == 23 and ans["cai_pile_size"] == 20
    elif item.kind == "recipient":
        noc = list(src.leftover) + list(src.piles[src.noc_pile])
        card = noc[src.cai_index]
        assert ans["recipient"] == cai_recipient(src.picker, card, pos["players"])
        assert ans["recipient"] == deal.cai_seat
    elif item.kind == "hand_out":
        for seat, pile in enumerate(ans["pile_of_seat"]):
            extra = [deal.cai_card] if seat == deal.cai_seat else []
            assert Counter(src.piles[pile]) + Counter(extra) == Counter(deal.hands[seat])
        assert len(ans["dead_piles"]) == 4 - pos["players"]
        assert Counter(deal.dead) == Counter(c for p in ans["dead_piles"] for c in src.piles[p])
    else:
        assert ans["first"] == deal.cai_seat
        assert ans["sizes"] == [20 if s == deal.cai_seat else 19 for s in range(deal.players)]
        assert ans["noc"] == len(deal.noc) == 23


def check_nhan_dien(item: Item) -> None:
    pos = item.position
    ans = item.answer
    if item.kind in ("arrange", "count_chan"):
        deal = deal_of(pos)
        cards = deal.hands[pos["seat"]]
        assert pos["hand"] == [str(c) for c in cards]
        game = None
    else:
        game = game_of(pos)
        cards = game.hand_cards(pos["seat"])
    a = H.arrange(cards)
    assert ans["chan"] == groups(a.chan) and ans["ca"] == groups(a.ca)
    assert ans["ba_dau"] == groups(a.ba_dau) and ans["que"] == [str(c) for c in a.que]
    assert ans["chan_count"] == len(a.chan)
    assert item.to_json()["hand"] == pos["hand"]
    flat = [c for g in ans["chan"] + ans["ca"] + ans["ba_dau"] for c in g] + ans["que"]
    assert Counter(flat) == Counter(str(c) for c in cards)  # every card placed exactly once
    if game is None:
        return
    seat = pos["seat"]
    if item.kind in ("is_waiting", "waits"):
        assert game.hand_n[seat] + sum(len(m.cards) for m in game.mats[seat]) == 19
        waits = game.waits(seat)
        assert ans["waiting"] == bool(waits)
        assert [w["card"] for w in ans["waits"]] == [str(c) for c in waits]
        seen = Counter(game.seen_by(seat))
        held = Counter(cards)
        assert [w["live"] for w in ans["waits"]] == [max(0, 4 - held[c] - seen[c]) for c in waits]
        if item.kind == "waits":
            assert waits
    else:
        assert game.phase is Phase.PLAY and game.actor == seat and game.live is not None
        clean = [str(y) for y in sorted(set(cards))
                 if game.can(Action(seat, Act.EAT, y))
                 and not game.faults_of(Action(seat, Act.EAT, y))]
        assert ans["clean"] == clean
        assert any(game.can(Action(seat, Act.EAT, y)) for y in set(cards))


def check_xuong(item: Item) -> None:
    pos = item.position
    game = game_of(pos)
    seat = pos["seat"]
    assert game.phase is Phase.CALL and game.actor == seat
    assert game.outcome is not None and game.outcome.winner == seat
    true = game.true_call()
    assert item.answer["call"] == [list(x) for x in true]
    game.apply(Action(seat, Act.CALL, None, true))  # the engine's own verdict on it
    assert game.verdict is not None and not game.verdict.sai and not game.verdict.missing
    assert game.settlement is not None and item.answer["score"] == game.settlement.true_score


def check_loi(item: Item) -> None:
    pos = item.position
    ans = item.answer
    if item.kind == "trai_vi":
        m = pos["meld"]
        eaten, hand = Card.parse(m["eaten"]), Card.parse(m["hand"])
        assert eaten != hand and eaten.rank == hand.rank and m["top"] in (m["eaten"], m["hand"])
        assert ans["verdict"] == (["L0"] if m["top"] == m["eaten"] else [])
        return
    game = game_of(pos)
    seat = pos["seat"]
    if item.kind == "claim":
        if game.phase is Phase.OPENING:  # a thiên ù is the claim before the first discard
            mine = ["win"] if Action(seat, Act.WIN) in game.legal_actions() else []
        else:
            mine = [c.act.value for c in game.pending_claims() if c.seat == seat]
        assert ans["claims"] == mine
        return
    a = Action.parse(pos["move"])
    assert a.seat == seat and game.can(a)
    faults = {v.rule for v in game.faults_of(a)}
    said = {e.rule for e in game.explain(a)}
    assert set(ans["verdict"]) == said and faults <= said
    events = game.apply(a)
    assert ans["bao"] == any(isinstance(e, BecameBao) for e in events)
    assert ans["allowed"] == (not faults and "u_lao" not in said)


def check_nuoc_hay(item: Item) -> None:
    """A decision of the seat to move; the options are its moves committing no lỗi (nor bỏ ù
    or another judgement of Game.explain); the best one has the highest value, by the margin."""
    pos = item.position
    ans = item.answer
    game = game_of(pos)
    seat = pos["seat"]
    assert game.actor == seat and game.phase in (Phase.PLAY, Phase.CLAIM)
    legal = game.legal_actions()
    assert not any(a.act in (Act.WIN, Act.CALL) for a in legal)
    clean = [str(a) for a in dict.fromkeys(legal) if a.seat == seat and not game.faults_of(a)
             and not game.explain(a)]
    moves = [o["move"] for o in ans["options"]]
    assert moves == clean and 2 <= len(moves) <= 4
    best = Action.parse(ans["best"])
    assert game.can(best) and not game.faults_of(best) and not game.explain(best)
    values = {o["move"]: o["value"] for o in ans["options"]}
    assert max(values, key=lambda m: values[m]) == ans["best"]
    runner = max((m for m in moves if m != ans["best"]), key=lambda m: values[m])
    assert runner == ans["second"]
    assert abs(values[ans["best"]] - values[runner] - ans["margin"]) < 1e-3
    assert ans["margin"] >= 0.1 and 0 <= ans["difficulty"] <= 1
    for o in ans["options"]:
        assert o["text"]["vi"] and o["text"]["en"] and o["reason"]["vi"] and o["reason"]["en"]


CHECKS = {"boc_cai": check_boc_cai, "chia_bai": check_chia_bai, "nhan_dien": check_nhan_dien,
          "xuong": check_xuong, "loi": check_loi, "nuoc_hay": check_nuoc_hay}


def check(item: Item) -> None:
    """The item is valid and its answer is the engine's."""
    CHECKS[item.family](item)
    assert Item.from_json(item.to_json()) == item
