"""The use cases of a club file: what the CLI and the web app can do, one call each.

Every changing call is one store action: one transaction, logged with who and when, undoable.
Nothing here prints; calls return report values and raise `ServiceError`, `ModelError` (and
its `FormatError`) or `StoreError` with a one-line message for the TD.

Each concern is a desk in its own module, built on the shared `clubfile.ClubFile`
(`clubfile.UseCases`); `ClubService` is all of them on one file, so a caller holds one object.
"""

from __future__ import annotations

from rochade.service.backups import BackupDesk
from rochade.service.cup import CupDesk
from rochade.service.edits import PairingEditor
from rochade.service.exchange import ExchangeDesk
from rochade.service.history import HistoryDesk
from rochade.service.league import LeagueDesk
from rochade.service.lists import ListsDesk
from rochade.service.phones import PhoneDesk
from rochade.service.roster import RosterDesk
from rochade.service.rounds import RoundsDesk
from rochade.service.screens import HallScreens
from rochade.service.teams import TeamDesk
from rochade.service.tournaments import TournamentDesk


class ClubService(TournamentDesk, RosterDesk, RoundsDesk, ListsDesk, HistoryDesk, ExchangeDesk,
                  BackupDesk, PhoneDesk, HallScreens, PairingEditor, LeagueDesk, CupDesk,
                  TeamDesk):
    """Every use case on one club file, acting as `who` at the time `clock` says; with
    `identity`, on that file only (a server's: `file_settings.file_identity`)."""
