"""A downloaded rating list opened and read as `rochade ratings` and the TD's ratings page
read it: FIDE's XML or TXT list (also as the downloaded .zip) or a national list as CSV, its
format told by its first bytes.

An uploaded list waits between the TD's preview and the confirmation in a temporary folder,
under a random name only the preview's form carries (a national list can be megabytes: the
browser does not send it twice). It is removed once applied, and every list left there
longer than `KEPT_SECONDS` when the next one arrives."""

from __future__ import annotations

import re
import secrets
import shutil
import tempfile
import time
import zipfile
from collections.abc import Iterator
from io import BufferedReader
from pathlib import Path
from typing import IO

from rochade.core import limits
from rochade.formats.players import (
    RATING_KINDS,
    RatedPlayer,
    decode,
    is_fide_txt,
    parse_fide_txt,
    parse_fide_xml,
    parse_rating_csv,
)
from rochade.service.errors import ServiceError
from rochade.service.files import capped, read_whole, too_large

__all__ = ["LIST_FORMATS", "RATING_KINDS", "drop_list", "keep_list", "kept_list",
           "open_rating_list", "rating_entries"]

LIST_FORMATS = ("auto", "fide-xml", "fide-txt", "csv")
KEPT_SECONDS = 6 * 3600.0
_TOKEN = re.compile(r"[0-9a-f]{32}")


def open_rating_list(path: Path, name: object = None) -> BufferedReader:
    """The list itself, or the one list inside a downloaded .zip, refused past its size limit
    (`rochade.service.files.capped`: the size a zip declares, then the bytes read). `name`:
    the list as the TD knows it (an upload's file name), by default `path`."""
    shown = path if name is None else name
    if not zipfile.is_zipfile(path):
        return capped(path.open("rb"), shown)
    archive = zipfile.ZipFile(path)
    lists = (".xml", ".txt", ".csv")
    members = [i for i in archive.infolist() if i.filename.lower().endswith(lists)]
    if len(members) != 1:
        raise ServiceError("{path}: expected one .xml, .txt or .csv list inside, found {count}",
                           path=shown, count=len(members))
    return capped(archive.open(members[0]), shown, members[0].file_size)


def rating_entries(stream: BufferedReader, fmt: str, kind: str, column: str | None
                   ) -> Iterator[RatedPlayer]:
    """The list's players, read lazily; `auto` looks at the first bytes to tell the format."""
    if fmt == "auto":
        head = decode(stream.peek(512)[:512]).lstrip("\ufeff \r\n")
        fmt = "fide-xml" if head.startswith("<") else "fide-txt" if is_fide_txt(head) else "csv"
    if fmt == "fide-xml":
        return parse_fide_xml(stream, kind)
    if fmt == "fide-txt":
        return parse_fide_txt((decode(line) for line in stream), kind)
    return parse_rating_csv(decode(read_whole(stream, "the rating list")), column)


def _kept_folder() -> Path:
    return Path(tempfile.gettempdir()) / "rochade-rating-lists"


def keep_list(stream: IO[bytes], name: object) -> str:
    """An uploaded list saved under a new random name, which it returns (refused past
    `limits.FILE_BYTES`); lists older than `KEPT_SECONDS` go."""
    folder = _kept_folder()
    folder.mkdir(mode=0o700, exist_ok=True)
    for old in folder.iterdir():
        if old.stat().st_mtime < time.time() - KEPT_SECONDS:
            old.unlink(missing_ok=True)
    token = secrets.token_hex(16)
    target = folder / token
    with target.open("wb") as out:
        shutil.copyfileobj(stream, out)
    if target.stat().st_size > limits.FILE_BYTES:
        target.unlink()
        raise too_large(name, limits.FILE_BYTES)
    return token


def kept_list(token: str) -> Path:
    """The list kept under `token`; refused when there is none (applied, or too old)."""
    if not _TOKEN.fullmatch(token) or not (_kept_folder() / token).is_file():
        raise ServiceError("the rating list is no longer there: choose it again")
    return _kept_folder() / token


def drop_list(token: str) -> None:
    kept_list(token).unlink(missing_ok=True)
