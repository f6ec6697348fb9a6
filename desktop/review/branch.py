"""Play on from here (issue 8): a counterfactual of a saved game — the same deal, the same
events up to the viewed position — stored as a new hội whose viewed seat is the learner and
whose other seats are the normal computer player. The Play activity resumes it like any
interrupted game, so every move from here on is recorded too.

The branch is checked by the engine when stored (Store.import_session replays it), and it
carries the thông seat (C2) the original game was played with.
"""

from __future__ import annotations

from desktop.review.replay import OpenedGame
from replays.record import GameRecord, Player, SessionRecord
from replays.store import Store, now

BRANCH_LEVEL = "normal"


def branch_players(opened: OpenedGame, seat: int) -> tuple[Player, ...]:
    """The original names; `seat` human, every other seat the computer."""
    return tuple(Player(p.name) if s == seat else Player(p.name, "ai", BRANCH_LEVEL)
                 for s, p in enumerate(opened.players))


def branch_game(store: Store, opened: OpenedGame, position: int, seat: int) -> int:
    """Store the branch at `position` with the learner at `seat`; its game id."""
    original = opened.record.games[-1]
    game = GameRecord(deal=original.deal, actions=opened.actions[:position],
                      mode=original.mode, unfinished=True, started_at=now())
    record = SessionRecord(rules=opened.record.rules, players=branch_players(opened, seat),
                           games=(game,), thong_seat=opened.states[0].thong_seat,
                           created_at=now())
    _, ids = store.import_session(record)
    return ids[0]
