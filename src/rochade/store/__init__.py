"""The club file (SQLite): the only package that imports sqlite3."""

from rochade.store.club import (
    REMOVING,
    Action,
    ActionRecord,
    Club,
    MemberRecord,
    RoundNotes,
    TournamentRecord,
)
from rochade.store.errors import FileGone, FileReplaced, StoreError
from rochade.store.fileid import Identity
from rochade.store.schema import SCHEMA_VERSION

__all__ = [
    "REMOVING",
    "SCHEMA_VERSION",
    "Action",
    "ActionRecord",
    "Club",
    "FileGone",
    "FileReplaced",
    "Identity",
    "MemberRecord",
    "RoundNotes",
    "StoreError",
    "TournamentRecord",
]
