"""Files the TD gives rochade to read (player and rating lists, tournament files, backups):
refused by their size before they can fill the memory (a zip can unpack to gigabytes).

A file read whole may hold `limits.FILE_BYTES`; a rating list, read as a stream, at most
`limits.LIST_BYTES`, counted while it is read (a zip's declared size can lie).

A file uploaded on the TD's pages that waits for the TD's confirmation (a rating list, a copy
of the club file) is kept in a temporary folder under a random name that only the page
asking for the confirmation carries: the browser does not send it twice. It is removed once
used, and every file left there longer than `KEPT_SECONDS` when the next one arrives.
"""

from __future__ import annotations

import io
import re
import secrets
import shutil
import tempfile
import time
from pathlib import Path
from typing import IO, TYPE_CHECKING

from rochade.core import limits
from rochade.service.errors import ServiceError

if TYPE_CHECKING:
    from _typeshed import WriteableBuffer


def read_file(path: Path) -> bytes:
    """The whole file, or a clear refusal: missing, unreadable or too large."""
    try:
        with path.open("rb") as handle:
            return read_whole(handle, path)
    except FileNotFoundError:
        raise ServiceError("{path} does not exist", path=path) from None
    except OSError as exc:
        raise ServiceError(
            "cannot read {path}: {problem}", path=path, problem=exc.strerror or str(exc)
        ) from None


def read_whole(stream: IO[bytes], name: object) -> bytes:
    """All of `stream`, refused once it passes `limits.FILE_BYTES`."""
    data = stream.read(limits.FILE_BYTES + 1)
    if len(data) > limits.FILE_BYTES:
        raise too_large(name, limits.FILE_BYTES)
    return data


def too_large(name: object, size: int) -> ServiceError:
    return ServiceError(
        "{name} is too large: rochade reads files of up to {megabytes} MB",
        name=name,
        megabytes=size >> 20,
    )


def capped(stream: IO[bytes], name: object, declared: int = 0) -> io.BufferedReader:
    """`stream` read through a counter that refuses it past `limits.LIST_BYTES`; a
    `declared` size (a zip member's) past the limit is refused at once."""
    if declared > limits.LIST_BYTES:
        raise too_large(name, limits.LIST_BYTES)
    return io.BufferedReader(_Counted(stream, name))


class _Counted(io.RawIOBase):
    def __init__(self, inner: IO[bytes], name: object) -> None:
        self.inner, self.name, self.count = inner, name, 0

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: WriteableBuffer) -> int:
        view = memoryview(buffer).cast("B")
        data = self.inner.read(len(view))
        self.count += len(data)
        if self.count > limits.LIST_BYTES:
            raise too_large(self.name, limits.LIST_BYTES)
        view[: len(data)] = data
        return len(data)

    def close(self) -> None:
        self.inner.close()
        super().close()


KEPT_SECONDS = 6 * 3600.0
_TOKEN = re.compile(r"[0-9a-f]{32}")


def _kept_folder() -> Path:
    return Path(tempfile.gettempdir()) / "rochade-uploads"


def keep_upload(stream: IO[bytes], filename: str) -> str:
    """An uploaded file kept under its own name (without any folder) in a new random folder,
    whose name it returns; refused past `limits.FILE_BYTES`. Files older than
    `KEPT_SECONDS` go."""
    folder = _kept_folder()
    folder.mkdir(mode=0o700, exist_ok=True)
    for old in folder.iterdir():
        if old.stat().st_mtime < time.time() - KEPT_SECONDS:
            shutil.rmtree(old, ignore_errors=True)
    token = secrets.token_hex(16)
    target = folder / token / (Path(filename).name or "upload")
    target.parent.mkdir(mode=0o700)
    with target.open("wb") as out:
        shutil.copyfileobj(stream, out)
    if target.stat().st_size > limits.FILE_BYTES:
        shutil.rmtree(target.parent)
        raise too_large(filename, limits.FILE_BYTES)
    return token


def kept_upload(token: str) -> Path:
    """The file kept under `token`; refused when there is none (used, or too old)."""
    folder = _kept_folder() / token
    files = list(folder.iterdir()) if _TOKEN.fullmatch(token) and folder.is_dir() else []
    if len(files) != 1:
        raise ServiceError("the uploaded file is no longer there: choose it again")
    return files[0]


def drop_upload(token: str) -> None:
    shutil.rmtree(kept_upload(token).parent)


__all__ = ["capped", "drop_upload", "keep_upload", "kept_upload", "read_file", "read_whole",
           "too_large"]
