"""Files the TD gives rochade to read (player and rating lists, tournament files, backups):
refused by their size before they can fill the memory (a zip can unpack to gigabytes).

A file read whole may hold `limits.FILE_BYTES`; a rating list, read as a stream, at most
`limits.LIST_BYTES`, counted while it is read (a zip's declared size can lie).
"""

from __future__ import annotations

import io
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


__all__ = ["capped", "read_file", "read_whole", "too_large"]
