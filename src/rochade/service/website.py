"""The club's web site as a folder that `publish` owns: what it wrote is listed in a manifest
in the folder, so that a page it no longer writes (another tournament's player page, a
category removed) is removed, and nothing it did not write is ever touched.

Each page is written only when its bytes changed (the folder's dates then say what is new,
and an upload tool sends only those), and each to a temporary name first, then renamed: a
reader of the folder, or a crash, never meets half a page.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path

from rochade.core.model import Tournament
from rochade.formats.csv import table_csv
from rochade.formats.html import ENGLISH, Language, site
from rochade.formats.tables import Table, category_table, prize_table
from rochade.service.categories import category_standings, prize_list
from rochade.service.club import ClubService
from rochade.service.errors import ServiceError
from rochade.service.lists import file_rating_changes, tournament_standings

MANIFEST = ".rochade-site.json"
"""The pages `publish` wrote last into the folder: `{"rochade-site": 1, "files": [...]}`."""


@dataclass(frozen=True)
class SiteWritten:
    """What one publish did to the folder."""

    written: tuple[str, ...]  # new or changed
    unchanged: tuple[str, ...]
    removed: tuple[str, ...]  # written before, not now


def site_files(pages: Mapping[str, str]) -> dict[str, bytes]:
    """A site's pages as the bytes of its files: a CSV file with a byte-order mark, so that
    a spreadsheet reads it as UTF-8."""
    return {name: content.encode("utf-8-sig" if name.endswith(".csv") else "utf-8")
            for name, content in pages.items()}


def club_site(club: ClubService, tournament: str | None = None,
              csv: Callable[[Table], str] = table_csv, language: Language | None = None,
              rating_change: bool = False) -> dict[str, bytes]:
    """The site of a tournament of the club file (`publish`, and `serve` for its uploads):
    its lists with the club's letterhead, the players' details, each category's standings
    and the prize list, in `language` (None: English)."""
    t = club.tournament(tournament)
    data = club.categories(t.name)
    overall = tournament_standings(t)
    more = {f"category-{i}.html": category_table(category_standings(data, overall, c.name),
                                                 t.name)
            for i, c in enumerate(data.setup.categories, start=1)}
    if data.setup.categories:
        more["prizes.html"] = prize_table(prize_list(data, overall), t.name)
    head = club.letterhead(t.name)
    changes = club.rating_changes(t.name) if rating_change else None
    return site_files(site(t, csv=csv, club=head.club, dates=head.dates,
                           details=club.rating_data(t.name).details, changes=changes,
                           more=more, language=language or ENGLISH))


def file_site(t: Tournament, csv: Callable[[Table], str] = table_csv,
              language: Language | None = None, rating_change: bool = False
              ) -> dict[str, bytes]:
    """The site of a tournament file (`publish FILE.json`): its lists, with the rating
    changes from the games alone (a file keeps no members' data)."""
    changes = file_rating_changes(t) if rating_change else None
    return site_files(site(t, csv=csv, changes=changes, language=language or ENGLISH))


def write_site(folder: Path, files: Mapping[str, bytes]) -> SiteWritten:
    """Make `folder` hold `files` (name -> bytes; plain names, no folders) and drop the files
    an earlier publish wrote there that `files` no longer has."""
    for name in files:
        if not plain_name(name):
            raise ServiceError("{name} is no file name of a site", name=repr(name))
    try:
        folder.mkdir(parents=True, exist_ok=True)
        before = _manifest(folder)
        written, unchanged = [], []
        for name, data in files.items():
            path = folder / name
            if path.is_file() and path.read_bytes() == data:
                unchanged.append(name)
                continue
            _replace(path, data)
            written.append(name)
        removed = sorted(before - files.keys())
        for name in removed:
            (folder / name).unlink(missing_ok=True)
        _replace(folder / MANIFEST, manifest_bytes(dict.fromkeys(files)))
    except OSError as exc:
        raise ServiceError("cannot write the site to {folder}: {problem}", folder=folder,
                           problem=exc.strerror or str(exc)) from None
    return SiteWritten(tuple(written), tuple(unchanged), tuple(removed))


def _manifest(folder: Path) -> set[str]:
    """The files the last publish wrote (none for a folder without, or with a manifest that
    is not rochade's: then nothing is removed)."""
    try:
        return set(read_manifest((folder / MANIFEST).read_bytes()))
    except FileNotFoundError:
        return set()


def read_manifest(data: bytes) -> dict[str, str | None]:
    """The files a manifest lists, each with its SHA-256 where it says one (an upload's
    manifest does); nothing for a manifest that is not rochade's."""
    try:
        manifest = json.loads(data.decode("utf-8"))
    except (ValueError, UnicodeDecodeError):
        return {}
    if not isinstance(manifest, dict) or manifest.get("rochade-site") != 1:
        return {}
    names, sums = manifest.get("files"), manifest.get("sha256")
    if not isinstance(names, list):
        return {}
    sums = sums if isinstance(sums, dict) else {}
    return {n: s if isinstance(s := sums.get(n), str) else None
            for n in names if isinstance(n, str) and plain_name(n)}


def manifest_bytes(files: Mapping[str, str | None]) -> bytes:
    """A manifest listing `files` (name -> SHA-256 or None, unknown: only an upload keeps
    them, to send only what changed)."""
    manifest: dict[str, object] = {"rochade-site": 1, "files": sorted(files)}
    if any(files.values()):
        manifest["sha256"] = dict(sorted(files.items()))
    return json.dumps(manifest, indent=1).encode("utf-8")


def plain_name(name: str) -> bool:
    """A file name of the folder itself: no path, not the folder or its parent."""
    return Path(name).name == name and name not in ("", ".", "..", MANIFEST)


def _replace(path: Path, data: bytes) -> None:
    """Write `data` under a temporary name beside `path`, then rename it over `path`."""
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        temporary.write_bytes(data)
        os.replace(temporary, path)
    finally:
        temporary.unlink(missing_ok=True)
