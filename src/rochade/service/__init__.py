"""Use cases shared by the CLI and the web app: one call, one transaction, one log entry."""

from rochade.service.club import ClubService
from rochade.service.errors import (
    NeedsConfirmation,
    ResultConflict,
    ServiceError,
)
from rochade.service.exchange import read_tournament_file
from rochade.service.lists import (
    category_data,
    keizer_detail,
    points_before,
    rating_changes_of,
    tournament_history,
    tournament_standings,
)
from rochade.service.reports import (
    PairingList,
    PairingReport,
    PlayerAdded,
    ResultReport,
    StandingChange,
    TournamentSummary,
    UndoPlan,
)
from rochade.store import ActionRecord, FileReplaced, Identity, StoreError

__all__ = [
    "ActionRecord",
    "ClubService",
    "FileReplaced",
    "Identity",
    "NeedsConfirmation",
    "PairingList",
    "PairingReport",
    "PlayerAdded",
    "ResultConflict",
    "ResultReport",
    "ServiceError",
    "StandingChange",
    "StoreError",
    "TournamentSummary",
    "UndoPlan",
    "category_data",
    "keizer_detail",
    "points_before",
    "rating_changes_of",
    "read_tournament_file",
    "tournament_history",
    "tournament_standings",
]
