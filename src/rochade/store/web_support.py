"""Store steps the web app composes from `Club`'s public methods.

- `set_entrant_rating`: correct an entrant's rating and the member list's with it.
"""

from __future__ import annotations

from rochade.core.model import PlayerId
from rochade.store.club import Club, StoreError


def set_entrant_rating(
    club: Club, tournament_id: int, player: PlayerId, rating: int | None
) -> None:
    """Inside `club.action()`: the entrant's rating, and the member list's rating with it."""
    members = club.entrant_members(tournament_id)
    if player not in members:
        raise StoreError("no player with id {id} in this tournament", id=player)
    club.set_entrant_rating(tournament_id, player, rating)
    member = next(m for m in club.members() if m.id == members[player])
    club.update_member(member.id, rating, member.fide_id)
