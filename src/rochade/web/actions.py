"""Changes the web app needs that the service does not offer yet (to move into it later).

Each is one logged, undoable store action, like the service's own use cases.
"""

from __future__ import annotations

from rochade.core.model import Entrant, PlayerId
from rochade.service import ClubService, ServiceError
from rochade.store import Club
from rochade.store.web_support import set_entrant_rating


def set_rating(svc: ClubService, tournament: str, player: PlayerId, rating: int | None) -> Entrant:
    """Correct an entrant's rating (a typo at entry, or the new rating list)."""
    if rating is not None and not 0 < rating < 4000:
        raise ServiceError("a rating of {rating} is not plausible", rating=rating)
    t = svc.tournament(tournament)
    entrant = t.entrant(player)
    old = "none" if entrant.rating is None else entrant.rating
    new = "none" if rating is None else rating
    description = f"rating of {entrant.name} ({entrant.id}) in {t.name}: {old} -> {new}"
    with Club.open(svc.path) as club:
        record = next(r for r in club.tournaments() if r.name == t.name)
        with club.action("player", description, svc.who, svc.clock()):
            set_entrant_rating(club, record.id, player, rating)
    return Entrant(entrant.id, entrant.name, rating, entrant.status, entrant.fide_id)
