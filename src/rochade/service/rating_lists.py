"""A downloaded rating list opened and read as `rochade ratings` and the TD's ratings page
read it: FIDE's XML or TXT list (also as the downloaded .zip) or a national list as CSV, its
format told by its first bytes."""

from __future__ import annotations

import zipfile
from collections.abc import Iterator
from io import BufferedReader
from pathlib import Path

from rochade.formats.players import (
    RATING_KINDS,
    RatedPlayer,
    RatingSource,
    RatingUpdate,
    decode,
    is_fide_txt,
    parse_fide_txt,
    parse_fide_xml,
    parse_rating_csv,
    rating_sources,
)
from rochade.service.errors import ServiceError
from rochade.service.files import capped, read_whole

__all__ = ["LIST_FORMATS", "RATING_KINDS", "RatingSource", "RatingUpdate",
           "list_rating_sources", "open_rating_list", "rating_entries"]

LIST_FORMATS = ("auto", "fide-xml", "fide-txt", "csv")


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
    fmt = _format(stream, fmt)
    if fmt == "fide-xml":
        return parse_fide_xml(stream, kind)
    if fmt == "fide-txt":
        return parse_fide_txt((decode(line) for line in stream), kind)
    return parse_rating_csv(decode(read_whole(stream, "the rating list")), column)



def list_rating_sources(stream: BufferedReader, fmt: str, kind: str, column: str | None
                        ) -> tuple[RatingSource, ...]:
    """Which column fills which rating, read from the list's first bytes (before
    `rating_entries` reads it): a FIDE list's rating of `kind` the FIDE rating, a CSV list's
    columns by their header words."""
    if _format(stream, fmt) != "csv":
        return (RatingSource(f"FIDE {kind}", "fide"),)
    head = decode(stream.peek(_HEADER_BYTES)[:_HEADER_BYTES])
    return rating_sources(head.split("\n", 1)[0], column)


_HEADER_BYTES = 4096
"""Enough of a CSV list's start for its header line (a DSB list's is some 120 bytes)."""


def _format(stream: BufferedReader, fmt: str) -> str:
    """`fmt`, or with `auto` the format the first bytes tell."""
    if fmt != "auto":
        return fmt
    head = decode(stream.peek(512)[:512]).lstrip("\ufeff \r\n")
    return "fide-xml" if head.startswith("<") else "fide-txt" if is_fide_txt(head) else "csv"
