"""Tournaments from other programs into a club file: one call, one transaction, one log entry.

The foreign file is read completely (and refused with a one-line error) before the club file
is opened, so a bad file changes nothing. The import itself goes through
`ClubService.import_json`, the same transaction and action-log entry as a rochade JSON file.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

from rochade.core.model import Entrant
from rochade.formats.json import format_tournament
from rochade.service.club import ClubService
from rochade.service.errors import NameTaken
from rochade.service.exchange import admitted
from rochade.service.lists import tournament_standings
from rochade.store.kfc import KfcImport, read_kfc

KFC_TOLERANCE = 1e-4
"""KfC stores single-precision floats; anything further off is a real difference."""


@dataclass(frozen=True)
class Difference:
    """A player whose total, as rochade computes it, is not the one KfC stored."""

    entrant: Entrant
    kfc: float
    rochade: Fraction


@dataclass(frozen=True)
class KfcReport:
    imported: KfcImport
    compared: int  # stored totals compared with rochade's
    max_deviation: float
    differences: tuple[Difference, ...]


def import_kfc(service: ClubService, path: Path, name: str | None = None) -> KfcReport:
    """Import a KeizerForClubs `.s3db` file as a new tournament and compare rochade's totals
    with the ones KfC stored (a difference usually means KfC had not recalculated)."""
    imported = read_kfc(path, name)
    imported = dataclasses.replace(imported, tournament=admitted(imported.tournament))
    tournament = service.import_json(format_tournament(imported.tournament))
    standings = tournament_standings(tournament)
    deviation = 0.0
    differences = []
    for pid, stored in imported.stored_totals.items():
        row = standings.row(pid)
        dev = abs(float(row.total) - stored)
        deviation = max(deviation, dev)
        if dev > KFC_TOLERANCE:
            differences.append(Difference(row.entrant, stored, row.total))
    return KfcReport(imported, len(imported.stored_totals), deviation, tuple(differences))


__all__ = ["Difference", "KfcReport", "NameTaken", "import_kfc"]
