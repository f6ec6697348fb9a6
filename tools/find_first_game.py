"""Find the deal of Học's guided first game (issue 16) and write it as data.

    .venv/bin/python tools/find_first_game.py              # search, print the best
    .venv/bin/python tools/find_first_game.py --write      # → lessons/content/first_game.json
    .venv/bin/python tools/find_first_game.py --start 5167 --tries 1 --write  # the one shipped

Each try is a seeded shuffle (engine.chan.deal.Deal.shuffled, a picker other than the learner)
played to its end by the engine's ``normal`` computer player on all four seats; every action is
kept, declines included, so the game replays to the same positions. A try is kept only when the
learner's seat (0) receives the cái and, playing as the computer would, meets every part of a
first game: it eats, draws, says dưới, chíus and trả cửa, reaches a wait (chờ ù), wins on a
drawn card and calls. It must also commit no lỗi, never let an ù or a chíu pass, and nobody
else may commit a lỗi. Among those kept the best eats twice or more, calls more than one cước
and is the shortest; ties go to the lower seed. Nothing in the result is typed by hand: the
deal and the moves come from the engine, the sentences from lessons/first_game.py.
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.actions import Act, Action  # noqa: E402
from engine.chan.ai import make_player  # noqa: E402
from engine.chan.deal import Deal  # noqa: E402
from engine.chan.game import ChanGame as Game  # noqa: E402
from engine.events import Declined  # noqa: E402
from engine.game import Mode, Phase  # noqa: E402

LEARNER = 0
MAX_LEARNER_MOVES = 30  # a first game should take minutes, not an hour
OUT = ROOT / "lessons" / "content" / "first_game.json"


@dataclass(frozen=True, slots=True)
class Found:
    """A deal that covers the whole first game, and how well."""

    seed: int
    picker: int
    deal: Deal
    moves: tuple[Action, ...]
    learner_moves: int
    eats: int
    call: tuple[tuple[str, int], ...]

    def key(self) -> tuple[int, int, int, int]:
        """Smaller is better: two eats or more, a call of several cước, fewer learner moves,
        lower seed."""
        return (-min(self.eats, 2), -len(self.call), self.learner_moves, self.seed)


def play(deal: Deal) -> tuple[Game, list[Action], bool]:
    """The game the normal player makes of `deal`; whether the learner ever waited."""
    game = Game(deal, mode=Mode.TEACHING)
    player = make_player("normal")
    moves: list[Action] = []
    waited = False
    while not game.is_over:
        seat = game.actor
        assert seat is not None
        action = player.choose(game.observation(seat)).action
        was = game.phase
        game.apply(action)
        moves.append(action)
        if seat == LEARNER and was in (Phase.DISCARD, Phase.RETURN) and game.waits(LEARNER):
            waited = True
    return game, moves, waited


def judge(seed: int, picker: int) -> Found | None:
    """The try of one seed, if it covers a whole first game."""
    deal = Deal.shuffled(seed, picker=picker)
    if deal.cai_seat != LEARNER:
        return None
    if not any(deal.hands[LEARNER].count(c) == 3 for c in set(deal.hands[LEARNER])):
        return None  # no three of a kind: no chíu to teach
    game, moves, waited = play(deal)
    outcome = game.outcome
    if outcome is None or outcome.winner != LEARNER or outcome.card is None or outcome.chiu_u:
        return None
    if not waited or game.violations:
        return None
    if any(isinstance(e, Declined) and e.seat == LEARNER for e in game.log):
        return None
    mine = [a for a in moves if a.seat == LEARNER]
    acts = [a.act for a in mine]
    if not all(act in acts for act in (Act.EAT, Act.DRAW, Act.PASS, Act.CHIU, Act.RETURN)):
        return None
    if len(mine) > MAX_LEARNER_MOVES:
        return None
    return Found(seed, picker, deal, tuple(moves), len(mine) + 1, acts.count(Act.EAT),
                 game.true_call())


def document(found: Found) -> dict[str, object]:
    """The data file: the deal (FORMATS piles form) and every move in engine text form."""
    return {
        "format": "chan-tutor-first-game",
        "version": 1,
        "about": "Học's guided first game (issue 16), found by tools/find_first_game.py "
                 f"--start {found.seed} --tries 1 --picker {found.picker}: the normal player on "
                 "every seat; seat 0 is the learner.",
        "learner": LEARNER,
        "seed": found.seed,
        "deal": found.deal.to_json(),
        "moves": [str(a) for a in found.moves],
    }


def layout(doc: dict[str, object]) -> str:
    """The document as JSON a person can read: a pile or a move per line."""
    def dump(value: object) -> str:
        return json.dumps(value, ensure_ascii=False)

    def block(items: list[str], indent: str) -> str:
        inner = ",\n".join(f"{indent} {item}" for item in items)
        return "[\n" + inner + f"\n{indent}]"

    lines = []
    for key, value in doc.items():
        if key == "deal" and isinstance(value, dict):
            inner = ",\n".join(
                f"  {dump(k)}: " + (block([dump(p) for p in v], "  ") if k == "piles" else dump(v))
                for k, v in value.items())
            lines.append(f" {dump(key)}: {{\n{inner}\n }}")
        elif key == "moves" and isinstance(value, list):
            lines.append(f" {dump(key)}: " + block([dump(m) for m in value], ""))
        else:
            lines.append(f" {dump(key)}: {dump(value)}")
    return "{\n" + ",\n".join(lines) + "\n}\n"


def main(argv: list[str] | None = None) -> int:
    """Search, print the best try, and write it with --write."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--start", type=int, default=0)
    parser.add_argument("--tries", type=int, default=10000)
    parser.add_argument("--picker", type=int, default=2, choices=(1, 2, 3))
    parser.add_argument("--write", action="store_true")
    args = parser.parse_args(argv)
    best: Found | None = None
    kept = 0
    for seed in range(args.start, args.start + args.tries):
        found = judge(seed, args.picker)
        if found is None:
            continue
        kept += 1
        print(f"seed {seed}: {found.learner_moves} learner steps, {found.eats} eats, "
              f"call {found.call}")
        if best is None or found.key() < best.key():
            best = found
    if best is None:
        print(f"no deal among {args.tries} tries covers a whole first game", file=sys.stderr)
        return 1
    print(f"{kept} kept; best: seed {best.seed} ({best.learner_moves} learner steps)")
    if args.write:
        OUT.write_text(layout(document(best)), encoding="utf-8")
        print(f"wrote {OUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
