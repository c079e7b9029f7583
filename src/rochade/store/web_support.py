"""Store functions added for the web app, kept apart so `club.py`'s owner can adopt them.

- `set_entrant_rating`: correct an entrant's rating (the web's player list).
- `last_change`: the newest action's id, so the players' pages refresh only on news.
"""

from __future__ import annotations

from pathlib import Path

from rochade.core.model import PlayerId
from rochade.store.club import Club, StoreError


def set_entrant_rating(
    club: Club, tournament_id: int, player: PlayerId, rating: int | None
) -> None:
    """Inside `club.action()`: the entrant's rating, and the member list's rating with it."""
    members = club.entrant_members(tournament_id)
    if player not in members:
        raise StoreError(f"no player with id {player} in this tournament")
    club._write(
        "UPDATE entrants SET rating = ? WHERE tournament_id = ? AND id = ?",
        (rating, tournament_id, player),
    )
    member = next(m for m in club.members() if m.id == members[player])
    club.update_member(member.id, rating, member.fide_id)


def last_change(path: Path) -> int:
    """The id of the newest action (an undo is an action too): it grows with every change."""
    with Club.open(path) as club:
        (newest,) = club._rows("SELECT coalesce(max(id), 0) FROM actions")[0]
    return int(newest)
