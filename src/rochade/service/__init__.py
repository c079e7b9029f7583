"""Use cases shared by the CLI and the web app: one call, one transaction, one log entry.

The names below are loaded when first asked for, so that a use case without a club file
(`rochade.service.trf_pairing`) loads neither the club's use cases nor the store."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rochade.service.club import ClubService
    from rochade.service.errors import NeedsConfirmation, ResultConflict, ServiceError
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


def __getattr__(name: str) -> object:
    """One of `__all__`, loaded from its module on first use (then kept here)."""
    if name not in __all__:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from rochade import store
    from rochade.service import club, errors, exchange, lists, reports

    homes = (club, errors, exchange, lists, reports, store)
    value = globals()[name] = next(vars(m)[name] for m in homes if name in vars(m))
    return value
