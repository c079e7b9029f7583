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
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from rochade.service.errors import ServiceError

MANIFEST = ".rochade-site.json"
"""The pages `publish` wrote last into the folder: `{"rochade-site": 1, "files": [...]}`."""


@dataclass(frozen=True)
class SiteWritten:
    """What one publish did to the folder."""

    written: tuple[str, ...]  # new or changed
    unchanged: tuple[str, ...]
    removed: tuple[str, ...]  # written before, not now


def write_site(folder: Path, files: Mapping[str, bytes]) -> SiteWritten:
    """Make `folder` hold `files` (name -> bytes; plain names, no folders) and drop the files
    an earlier publish wrote there that `files` no longer has."""
    for name in files:
        if not _plain(name):
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
        _replace(folder / MANIFEST, json.dumps(
            {"rochade-site": 1, "files": sorted(files)}, indent=1).encode("utf-8"))
    except OSError as exc:
        raise ServiceError("cannot write the site to {folder}: {problem}", folder=folder,
                           problem=exc.strerror or str(exc)) from None
    return SiteWritten(tuple(written), tuple(unchanged), tuple(removed))


def _manifest(folder: Path) -> set[str]:
    """The files the last publish wrote (none for a folder without, or with a manifest that
    is not rochade's: then nothing is removed)."""
    try:
        data = json.loads((folder / MANIFEST).read_text(encoding="utf-8"))
    except (FileNotFoundError, ValueError, UnicodeDecodeError):
        return set()
    names = data.get("files") if isinstance(data, dict) and data.get("rochade-site") == 1 else None
    if not isinstance(names, list):
        return set()
    return {n for n in names if isinstance(n, str) and _plain(n)}


def _plain(name: str) -> bool:
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
