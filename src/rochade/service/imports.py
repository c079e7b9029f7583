"""Tournaments from other programs into a club file: one call, one transaction, one log entry.

The foreign file is read completely (and refused with a one-line error) before the club file
is opened, so a bad file changes nothing. The import itself goes through
`ClubService.import_json`, the same transaction and action-log entry as a rochade JSON file.
"""

from __future__ import annotations

import dataclasses
import tempfile
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

from rochade.core.model import Entrant, Tournament
from rochade.formats.json import format_tournament
from rochade.service.club import ClubService, admitted, tournament_standings
from rochade.service.errors import NameTaken, ServiceError
from rochade.service.exchange import import_trf
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


SQLITE = b"SQLite format 3\x00"
"""How a KeizerForClubs file (an SQLite database) begins."""


def import_upload(service: ClubService, data: bytes, filename: str, name: str | None = None,
                  fide_mode: bool = False) -> tuple[Tournament, KfcReport | None]:
    """A tournament file of another program, told by its first bytes, imported as a new
    tournament as its command imports it: KeizerForClubs's file (`import-kfc`, with the
    report of its totals), rochade's JSON (`import`), else FIDE's TRF (`import-trf`).
    `filename`: the file's name where it came from; a KfC tournament is named after it.
    `fide_mode` (a round robin or Swiss): as `--fide-mode`; a Keizer file has none."""
    if data.startswith(SQLITE):
        if fide_mode:
            raise ServiceError("FIDE mode is for round robins and Swiss tournaments, not for "
                               "a Keizer competition")
        with tempfile.TemporaryDirectory(prefix="rochade-import-") as tmp:
            path = Path(tmp) / (Path(filename).name or "upload.s3db")
            path.write_bytes(data)
            report = import_kfc(service, path, name)
        return report.imported.tournament, report
    if data.lstrip(b"\xef\xbb\xbf \t\r\n").startswith(b"{"):
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise ServiceError("{name} is not UTF-8 text", name=filename) from None
        return service.import_json(text, fide_mode, name), None
    return import_trf(service, data, name, fide_mode), None


__all__ = ["Difference", "KfcReport", "NameTaken", "import_kfc", "import_upload"]
