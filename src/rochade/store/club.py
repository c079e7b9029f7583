"""One club file: the member list and any number of tournaments, as facts in SQLite.

Every change happens inside `Club.action(...)`: one `BEGIN IMMEDIATE` transaction that also
writes an action log row. Triggers (see `schema.install_undo_triggers`) record the inverse of
every change under that action, so `Club.undo` can restore the exact previous state. Any error
inside an action rolls the whole transaction back: a failed command changes nothing.

One long module on purpose: `Club` is the only writer of the file, so every statement that
changes it stands here, beside the transaction and the undo log that must see each of them.
"""

from __future__ import annotations

import dataclasses
import json
import sqlite3
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime
from fractions import Fraction
from pathlib import Path
from typing import Any

from rochade.core.fide import PlayerDetails
from rochade.core.league import LeagueBoard, LeagueMatch, LeagueTeam
from rochade.core.messages import (
    N_,
    Message,
    joined,
    line_data,
    line_from_data,
    message_data,
    message_from_data,
)
from rochade.core.model import (
    Absence,
    Entrant,
    ExternalGame,
    Game,
    PlayerId,
    Result,
    Round,
    Status,
    Tournament,
)
from rochade.store import backup as backups
from rochade.store import fileid
from rochade.store.errors import StoreError as StoreError  # re-exported: its old home
from rochade.store.errors import is_busy, sqlite_code
from rochade.store.fileid import Identity
from rochade.store.schema import (
    APPLICATION_ID,
    FACT_TABLES,
    OLD_ROW_RATINGS,
    RENEW_MARK,
    SCHEMA_VERSION,
    drop_undo_triggers,
    install_undo_triggers,
    migrate,
)
from rochade.store.teams import TeamRows

NOT_UNDOABLE = ("create", "undo", "redo", "restore")
"""Action kinds `undo` skips: creating the file, undo and redo themselves (they are only logged:
a redo puts the changes it brings back in force again, so undo takes those back), and a restore
(its inverse is the backup taken just before it)."""

REMOVING = ("tournaments", "rounds", "entrants", "members")
"""The tables whose rows an undo removes only after the TD confirmed it: a tournament, a round
(with its games) or players."""

SYNCHRONOUS = "FULL"
"""WAL with synchronous FULL: a change the TD saw confirmed survives a power cut, not only a
crash (NORMAL may lose the last changes on power loss). A club file gets a few changes a minute,
so the extra sync per commit costs nothing anyone notices."""


@dataclass(frozen=True, slots=True)
class MemberRecord:
    """A member; `rating` is the FIDE rating (the national one is in the member's details,
    `PlayerDetails.national_rating`)."""

    id: int
    name: str
    rating: int | None
    fide_id: int | None


@dataclass(frozen=True, slots=True)
class TournamentRecord:
    id: int
    name: str
    system: str
    settings: str  # JSON text, see rochade.core.systems (each system's to_dict)


@dataclass(frozen=True, slots=True)
class ActionRecord:
    """One line of the action log: who did what when (in which tournament; None: a club-wide
    change), and whether it was undone since. `description` is the line in English,
    `message` the same line as a template with values (for the web's languages)."""

    id: int
    at: str
    who: str
    kind: str
    description: str
    undone_by: int | None
    tournament_id: int | None
    message: Message

    @classmethod
    def from_row(cls, row: tuple[Any, ...]) -> ActionRecord:
        """From the columns `_ACTION_COLUMNS` (a line of an old file: its text as it was)."""
        id_, at, who, kind, description, undone_by, tournament_id, stored = row
        message = (
            Message(description) if stored is None else message_from_data(json.loads(stored))
        )
        return cls(id_, at, who, kind, description, undone_by, tournament_id, message)


_DETAILS = tuple(f.name for f in dataclasses.fields(PlayerDetails))
"""The members' columns of `PlayerDetails`, in its order."""
_ACTION_COLUMNS = "id, at, who, kind, description, undone_by, tournament_id, message"
_CANNOT_UNDO = N_("#{id} {change} cannot be undone: newer changes still need what it added "
                  "({problem}); undo those first")
_CANNOT_REDO = N_("#{id} {change} cannot be redone: newer changes still need what it took back "
                  "({problem}); undo those first")


@dataclass(frozen=True, slots=True)
class RoundNotes:
    """What the store keeps about how a round was paired."""

    explanation: tuple[str, ...]
    paired_by: str  # "auto" or "manual"
    date: str | None = None  # ISO date of the club evening; None: not known


class Action:
    """The open action of a transaction; its line in the log (and its tournament) may be
    refined before commit."""

    def __init__(self, action_id: int, message: Message) -> None:
        self.id = action_id
        self.message = message
        self.tournament_id: int | None = None

    @property
    def description(self) -> str:
        """The log line in English."""
        return str(self.message)

    def describe(self, message: Message, tournament: TournamentRecord | None = None) -> None:
        """Set the log line; a tournament's change belongs to it (its undo) and names it."""
        if tournament is None:
            self.message = message
            return
        self.tournament_id = tournament.id
        self.message = Message(N_("{tournament}: {change}"),
                               {"tournament": tournament.name, "change": message})


class Club(TeamRows):
    """An open club file. Use `Club.create` or `Club.open`, ideally as a context manager."""

    def __init__(self, conn: sqlite3.Connection, path: Path, wal: bool = True) -> None:
        self._conn = conn
        self.path = path
        identity, stat = fileid.identity_of(path, conn)
        self._watch = fileid.Watch(path, identity, stat)
        """The file as opened: every write and read transaction checks it is still there."""
        self._action: Action | None = None
        self._wal = wal
        """False for a file in another journal mode (a backup, a copy of one): switched to WAL
        at its first write, so that only looking at it changes no byte."""

    # -- opening and closing -------------------------------------------------------------

    @classmethod
    def create(cls, path: Path, who: str, at: datetime) -> Club:
        """Create a new, empty club file; refuses to touch an existing file."""
        conn = _new_file(path)
        try:
            migrate(conn)
            fileid.stamp(conn)
            conn.execute(
                "INSERT INTO actions (at, who, kind, description) VALUES (?, ?, 'create', ?)",
                (at.isoformat(timespec="seconds"), who, N_("created the club file")),
            )
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            conn.close()
            path.unlink(missing_ok=True)
            raise
        return cls(_settled(conn), path)

    @classmethod
    def open(cls, path: Path, timeout: float = 5.0, expect: Identity | None = None) -> Club:
        """Open an existing club file, upgrading an older schema (after a backup copy).

        Refuses, without changing a byte: a missing file, a file that is not SQLite, another
        program's SQLite file, and a file written by a newer rochade. `timeout`: how many
        seconds to wait for another program that is writing the file. `expect`: the file as
        a server opened it at its start (it opens the file anew for each change): another
        file at the path is refused (`FileReplaced`). Without it, a `-wal` that belongs to
        another file is moved out of the way first, never applied (`fileid`).

        Only SQLite ever opens the file (no `open()` to peek at its header): closing any
        other descriptor of the file would drop the locks SQLite holds on it in this process,
        and another process could then delete the journal of a live connection.
        """
        require_file(path)
        if expect is not None:
            fileid.check_identity(path, expect)
        else:
            fileid.set_aside_foreign_wal(path)
        uri = path.resolve().as_uri() + "?mode=rw"
        try:
            conn = sqlite3.connect(uri, uri=True, isolation_level=None, timeout=timeout)
        except sqlite3.Error as exc:
            raise StoreError("{path} cannot be opened: {problem}", path=path, problem=exc) from None
        try:
            wal = _check_and_prepare(conn, path)
            club = cls(conn, path, wal)
        except (sqlite3.Error, UnicodeDecodeError) as exc:
            conn.close()
            if is_busy(exc):
                raise busy(path, exc) from None
            if sqlite_code(exc) == sqlite3.SQLITE_NOTADB:
                raise not_sqlite(path) from None
            raise StoreError(
                "{path} cannot be used as a club file: {problem}", path=path, problem=exc
            ) from None
        except BaseException:
            conn.close()
            raise
        if expect is not None and not club._watch.same_as(expect):
            club.close()
            raise fileid.refuse(path, expect)
        return club

    def close(self) -> None:
        self._conn.close()

    def __enter__(self) -> Club:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def pragma(self, name: str) -> Any:
        """A PRAGMA's value (for diagnostics and tests: journal_mode, foreign_keys ...)."""
        if not name.isidentifier():
            raise ValueError(name)
        return self._conn.execute(f"PRAGMA {name}").fetchone()[0]

    # -- transactions --------------------------------------------------------------------

    @contextmanager
    def action(
        self,
        kind: str,
        description: Message | str,
        who: str,
        at: datetime,
        backup: str | None = None,
    ) -> Iterator[Action]:
        """One logged, undoable change: BEGIN IMMEDIATE ... COMMIT, rolled back on any error.

        With `backup` (what the change is: "pair", "import"), the state the change starts from
        is first copied into the backups folder (see `rochade.store.backup`); the copy is kept
        only if the change succeeds. A plain-text `description` is shown as it is (English
        only); the use cases describe with a `Message`.
        """
        if self._action is not None:
            raise RuntimeError("actions do not nest")
        message = description if isinstance(description, Message) else Message(description)
        with self._transaction(backup, at):
            cursor = self._conn.execute(
                "INSERT INTO actions (at, who, kind, description) VALUES (?, ?, ?, ?)",
                (at.isoformat(timespec="seconds"), who, kind, str(message)),
            )
            action = Action(_lastrowid(cursor), message)
            self._action = action
            try:
                yield action
            finally:
                self._action = None
            self._conn.execute(
                "UPDATE actions SET description = ?, message = ?, tournament_id = ? WHERE id = ?",
                (
                    action.description,
                    json.dumps(message_data(action.message), ensure_ascii=False),
                    action.tournament_id,
                    action.id,
                ),
            )

    def _begin(self) -> None:
        """BEGIN IMMEDIATE: take the write lock now, or say the file is busy; the first write
        of this process to the file is refused if the file is damaged (`refuse_damaged`)."""
        try:
            self._watch.check()
            if not self._wal:
                _start_writing(self._conn, self.path)
                self._wal = True
            self._conn.execute("BEGIN IMMEDIATE")
        except sqlite3.Error as exc:
            raise self._read_error(exc) from None
        try:
            refuse_damaged(self._conn, self.path)
            self._mark()
        except BaseException:
            self._rollback()
            raise

    def _mark(self) -> None:
        """Write the file's id into this transaction (so its log carries it, see `fileid`); an
        older file without one gets one now. An id other than the one opened: the file was
        replaced (holding the write lock, this reads the file as it is now). Also the first
        write of every transaction, so it tells a read-only file."""
        expected = self._watch.identity.file_id
        try:
            found = fileid.read(self._conn)
            if found is not None and expected is not None and found != expected:
                raise fileid.refuse(self.path, self._watch.identity)
            mark = found or expected or fileid.new_id()
            fileid.write(self._conn, mark)
        except sqlite3.Error as exc:
            if sqlite_code(exc) == sqlite3.SQLITE_READONLY:
                raise StoreError(
                    "{path} is read-only: rochade cannot save changes to it ({problem})",
                    path=self.path,
                    problem=exc,
                ) from None
            raise self._read_error(exc) from None
        if expected is None:
            self._watch.adopt(mark)

    def identity(self) -> Identity:
        """The file as opened, with an id of its own (given now to an older file that has
        none, and copied from the log into the file, so that a check finds it on disk)."""
        if self._watch.identity.file_id is None:
            self._begin()
            self._conn.execute("COMMIT")
            _settled(self._conn)
        return self._watch.identity

    @contextmanager
    def _transaction(self, backup_before: str | None, at: datetime) -> Iterator[Path | None]:
        """BEGIN IMMEDIATE, an optional backup, the body, a new mark of the file's state
        (`state_mark`), COMMIT; a failure rolls back and discards the backup, a success
        rotates the backups folder."""
        self._begin()
        copy: Path | None = None
        try:
            if backup_before is not None:
                copy = backups.take(self.path, backup_before, at)
            yield copy
            self._conn.execute(RENEW_MARK)
            self._conn.execute("COMMIT")
        except sqlite3.Error as exc:
            self._abandon(copy)
            raise StoreError(
                "{path}: the change failed ({problem}); nothing was changed",
                path=self.path,
                problem=exc,
            ) from None
        except BaseException:
            self._abandon(copy)
            raise
        if copy is not None:
            backups.rotate(self.path)

    def _abandon(self, copy: Path | None) -> None:
        self._rollback()
        if copy is not None:
            backups.discard(copy)

    def _rollback(self) -> None:
        if self._conn.in_transaction:  # SQLite may have rolled back already (disk full ...)
            self._conn.execute("ROLLBACK")

    def check_writable(self) -> None:
        """Refuse, before a server starts on it, a file this process cannot change: damaged,
        busy, or read-only (SQLite then opens it read-only and only a write tells). A trial
        write of the file's id (every transaction's first, `_mark`), rolled back: nothing
        changes."""
        self._begin()
        self._rollback()

    @contextmanager
    def reading(self) -> Iterator[Club]:
        """A consistent snapshot for several reads (one read transaction)."""
        if self._conn.in_transaction:  # inside an action or an outer read: already consistent
            yield self
            return
        self._watch.check()
        try:
            self._conn.execute("BEGIN")
            self._watch.read_in(fileid.read(self._conn))  # (the snapshot's first read)
        except BaseException as exc:
            self._rollback()
            if isinstance(exc, sqlite3.DatabaseError):
                raise self._read_error(exc) from None
            raise
        try:
            yield self
        finally:
            try:
                self._conn.execute("COMMIT")
            except sqlite3.DatabaseError as exc:
                raise self._read_error(exc) from None

    def _write(self, sql: str, params: Sequence[object] = ()) -> sqlite3.Cursor:
        if self._action is None:
            raise RuntimeError("club file changes must happen inside Club.action()")
        try:
            return self._conn.execute(sql, params)
        except sqlite3.IntegrityError as exc:
            raise StoreError("the club file refused this change ({problem})", problem=exc) from None

    def _rows(self, sql: str, params: Sequence[object] = ()) -> list[tuple[Any, ...]]:
        try:
            return self._conn.execute(sql, params).fetchall()
        except sqlite3.DatabaseError as exc:
            raise self._read_error(exc) from None

    def damaged(self, exc: Exception) -> StoreError:
        """The error for a file whose content SQLite (or rochade) cannot read back."""
        return damaged(self.path, exc)

    def _read_error(self, exc: sqlite3.Error) -> StoreError:
        """A failed read or lock: "busy, try again" while another program holds the file (a
        reader racing a writer, a recovery after a crash), else the file is damaged."""
        return busy(self.path, exc) if is_busy(exc) else damaged(self.path, exc)

    def state_mark(self) -> str:
        """The mark of the file's state: new with every change (an undo and a restore too) and
        its own in every other file, so a reader can tell cheaply whether anything changed
        since it last looked, whatever happened meanwhile (see schema `_STATE_MARK`). (A file
        replaced meanwhile, or another file written into it, is refused: `FileReplaced`.)"""
        self._watch.check()
        mark, file_id = self._rows(
            "SELECT mark, (SELECT value FROM settings WHERE key = ?) FROM state", (fileid.KEY,)
        )[0]
        self._watch.read_in(None if file_id is None else str(file_id))
        return str(mark)

    # -- settings (not facts: never logged, never undone) -------------------------------

    def setting(self, key: str) -> str | None:
        """A setting's value, or None when it was never written."""
        rows = self._rows("SELECT value FROM settings WHERE key = ?", (key,))
        return str(rows[0][0]) if rows else None

    def set_setting(self, key: str, value: str) -> None:
        """Create or replace a setting in its own transaction (not inside an action: a setting
        is no fact, so it is neither logged nor undone)."""
        self.update_setting(key, lambda _: value)

    def update_setting(self, key: str, change: Callable[[str | None], str]) -> str:
        """Replace a setting by `change(its value or None)` in one transaction, and return the
        new value: two processes changing it at once both count (BEGIN IMMEDIATE: the second
        reads what the first wrote). A full or broken disk: StoreError, nothing changed."""
        if self._action is not None:
            raise RuntimeError("a setting is not changed inside an action")
        self._begin()
        try:
            value = change(self.setting(key))
            self._conn.execute(
                "INSERT INTO settings (key, value) VALUES (?, ?) "
                "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                (key, value),
            )
            self._conn.execute("COMMIT")
        except sqlite3.Error as exc:
            self._rollback()
            raise StoreError(
                "{path}: the change failed ({problem}); nothing was changed",
                path=self.path,
                problem=exc,
            ) from None
        except BaseException:
            self._rollback()
            raise
        return value

    # -- members -------------------------------------------------------------------------

    def add_member(self, name: str, rating: int | None, fide_id: int | None) -> int:
        cursor = self._write(
            "INSERT INTO members (name, rating, fide_id) VALUES (?, ?, ?)", (name, rating, fide_id)
        )
        return _lastrowid(cursor)

    def update_member(self, member_id: int, rating: int | None, fide_id: int | None) -> None:
        self._write(
            "UPDATE members SET rating = ?, fide_id = ? WHERE id = ?", (rating, fide_id, member_id)
        )

    def rename_member(self, member_id: int, name: str) -> None:
        """Correct a member's name (in every tournament they play in)."""
        self._write("UPDATE members SET name = ? WHERE id = ?", (name, member_id))

    def delete_member(self, member_id: int) -> None:
        """Remove a member who plays in no tournament."""
        self._write("DELETE FROM members WHERE id = ?", (member_id,))

    def set_member_details(self, member_id: int, details: PlayerDetails) -> None:
        """A member's data for rating reports (title, sex, federation ...)."""
        values = [getattr(details, key) for key in _DETAILS]
        self._write(
            "UPDATE members SET " + ", ".join(f"{key} = ?" for key in _DETAILS) + " WHERE id = ?",
            (*values, member_id),
        )

    def details_of_member(self, member_id: int) -> PlayerDetails:
        """One member's data for rating reports."""
        rows = self._rows(
            "SELECT " + ", ".join(_DETAILS) + " FROM members WHERE id = ?", (member_id,)
        )
        return PlayerDetails(*rows[0])

    def details_of_members(self) -> dict[int, PlayerDetails]:
        """Member id -> the member's data for rating reports, for every member."""
        rows = self._rows("SELECT id, " + ", ".join(_DETAILS) + " FROM members")
        return {row[0]: PlayerDetails(*row[1:]) for row in rows}

    def member_details(self, tournament_id: int) -> dict[PlayerId, PlayerDetails]:
        """Entrant id -> the member's data for rating reports."""
        rows = self._rows(
            "SELECT e.id, " + ", ".join(f"m.{key}" for key in _DETAILS) + " FROM entrants e "
            "JOIN members m ON m.id = e.member_id WHERE e.tournament_id = ?", (tournament_id,)
        )
        return {row[0]: PlayerDetails(*row[1:]) for row in rows}

    def members(self) -> list[MemberRecord]:
        rows = self._rows("SELECT id, name, rating, fide_id FROM members ORDER BY id")
        return [MemberRecord(*row) for row in rows]

    # -- tournaments ---------------------------------------------------------------------

    def add_tournament(self, name: str, system: str, settings: str) -> int:
        if self._rows("SELECT 1 FROM tournaments WHERE name = ?", (name,)):
            raise StoreError(
                "a tournament named '{name}' already exists in this club file", name=name
            )
        cursor = self._write(
            "INSERT INTO tournaments (name, system, settings) VALUES (?, ?, ?)",
            (name, system, settings),
        )
        return _lastrowid(cursor)

    def set_settings(self, tournament_id: int, settings: str) -> None:
        self._write("UPDATE tournaments SET settings = ? WHERE id = ?", (settings, tournament_id))

    def tournaments(self) -> list[TournamentRecord]:
        rows = self._rows("SELECT id, name, system, settings FROM tournaments ORDER BY id")
        return [TournamentRecord(*row) for row in rows]

    # -- entrants ------------------------------------------------------------------------

    def add_entrant(
        self,
        tournament_id: int,
        member_id: int,
        rating: int | None,
        status: Status,
        player_id: PlayerId | None = None,
        fide_rating: int | None = None,
    ) -> PlayerId:
        """Enrol a member with the rating the tournament pairs them by and their FIDE rating
        (for its rating report); the entrant id is the next free one unless given (imports)."""
        if player_id is None:
            (last,) = self._rows(
                "SELECT coalesce(max(id), 0) FROM entrants WHERE tournament_id = ?",
                (tournament_id,),
            )[0]
            player_id = int(last) + 1
        self._write(
            "INSERT INTO entrants (tournament_id, id, member_id, rating, status, fide_rating) "
            "VALUES (?, ?, ?, ?, ?, ?)",
            (tournament_id, player_id, member_id, rating, status.value, fide_rating),
        )
        return player_id

    def delete_entrant(self, tournament_id: int, player: PlayerId) -> None:
        """Remove an entrant who has no games, and their absence rows (late starts)."""
        key = (tournament_id, player)
        self._write("DELETE FROM absences WHERE tournament_id = ? AND player = ?", key)
        self._write("DELETE FROM entrants WHERE tournament_id = ? AND id = ?", key)

    def set_status(self, tournament_id: int, player: PlayerId, status: Status) -> None:
        self._write(
            "UPDATE entrants SET status = ? WHERE tournament_id = ? AND id = ?",
            (status.value, tournament_id, player),
        )

    def set_entrant_rating(self, tournament_id: int, player: PlayerId, rating: int | None,
                           fide_rating: int | None) -> None:
        """Correct an entrant's pairing and FIDE rating (the member list's ratings are
        `update_member`'s and the national one `set_member_details`')."""
        cursor = self._write(
            "UPDATE entrants SET rating = ?, fide_rating = ? WHERE tournament_id = ? AND id = ?",
            (rating, fide_rating, tournament_id, player),
        )
        if cursor.rowcount != 1:
            raise StoreError("no player with id {id} in this tournament", id=player)

    def entrant_members(self, tournament_id: int) -> dict[PlayerId, int]:
        """Entrant id -> member id."""
        rows = self._rows(
            "SELECT id, member_id FROM entrants WHERE tournament_id = ?", (tournament_id,)
        )
        return {pid: mid for pid, mid in rows}

    # -- rounds and their rows -----------------------------------------------------------

    def add_round(self, tournament_id: int, rnd: Round, notes: RoundNotes) -> None:
        """Store a whole round: its games, absences, bye, external games and pairing notes."""
        self._write(
            "INSERT INTO rounds (tournament_id, number, bye, explanation, paired_by, date) "
            "VALUES (?, ?, ?, ?, ?, ?)",
            (
                tournament_id,
                rnd.number,
                rnd.bye,
                json.dumps([line_data(line) for line in notes.explanation], ensure_ascii=False),
                notes.paired_by,
                notes.date,
            ),
        )
        for board, game in enumerate(rnd.games, start=1):
            self._write(
                "INSERT INTO games (tournament_id, round, board, white, black, result) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                (
                    tournament_id,
                    rnd.number,
                    game.board or board,
                    game.white,
                    game.black,
                    None if game.result is None else game.result.value,
                ),
            )
        for absence in rnd.absences:
            self.add_absence(tournament_id, rnd.number, absence)
        for ext in rnd.externals:
            self.add_external(tournament_id, rnd.number, ext)

    def change_round(self, tournament_id: int, rnd: Round, explanation: Sequence[str]) -> None:
        """A paired round's boards, bye and absences replaced in place, with a new
        explanation: the round's row stays, so undoing it removes no round."""
        key = (tournament_id, rnd.number)
        cursor = self._write(
            "UPDATE rounds SET bye = ?, explanation = ? WHERE tournament_id = ? AND number = ?",
            (rnd.bye, json.dumps([line_data(line) for line in explanation], ensure_ascii=False),
             *key),
        )
        if cursor.rowcount != 1:
            raise StoreError("there is no round {number}", number=rnd.number)
        for table in ("games", "absences"):
            self._write(f"DELETE FROM {table} WHERE tournament_id = ? AND round = ?", key)
        for game in rnd.games:
            self._write(
                "INSERT INTO games (tournament_id, round, board, white, black, result) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                (*key, game.board, game.white, game.black,
                 None if game.result is None else game.result.value),
            )
        for absence in rnd.absences:
            self.add_absence(tournament_id, rnd.number, absence)

    def add_absence(self, tournament_id: int, round_number: int, absence: Absence) -> None:
        self._write(
            "INSERT INTO absences (tournament_id, round, player, reason) VALUES (?, ?, ?, ?)",
            (tournament_id, round_number, absence.player, absence.reason),
        )

    def delete_absence(self, tournament_id: int, round_number: int, player: PlayerId) -> None:
        self._write(
            "DELETE FROM absences WHERE tournament_id = ? AND round = ? AND player = ?",
            (tournament_id, round_number, player),
        )

    def add_external(self, tournament_id: int, round_number: int, ext: ExternalGame) -> None:
        self._write(
            "INSERT INTO externals (tournament_id, round, player, team, board, score, "
            "replaces_row) VALUES (?, ?, ?, ?, ?, ?, ?)",
            (
                tournament_id,
                round_number,
                ext.player,
                ext.team,
                ext.board,
                str(ext.score),
                int(ext.replaces_row),
            ),
        )

    def delete_round(self, tournament_id: int, number: int) -> None:
        """Remove a round and all its rows (children first: no cascades, so undo sees all)."""
        key = (tournament_id, number)
        for table in ("games", "absences", "externals"):
            self._write(f"DELETE FROM {table} WHERE tournament_id = ? AND round = ?", key)
        self._write("DELETE FROM rounds WHERE tournament_id = ? AND number = ?", key)

    def set_result(
        self, tournament_id: int, round_number: int, board: int, result: Result | None
    ) -> None:
        cursor = self._write(
            "UPDATE games SET result = ? WHERE tournament_id = ? AND round = ? AND board = ?",
            (None if result is None else result.value, tournament_id, round_number, board),
        )
        if cursor.rowcount != 1:
            raise StoreError("round {round} has no board {board}", round=round_number, board=board)

    def round_notes(self, tournament_id: int, number: int) -> RoundNotes:
        rows = self._rows(
            "SELECT explanation, paired_by, date FROM rounds "
            "WHERE tournament_id = ? AND number = ?",
            (tournament_id, number),
        )
        if not rows:
            raise StoreError("there is no round {number}", number=number)
        explanation, paired_by, date = rows[0]
        return RoundNotes(tuple(map(line_from_data, json.loads(explanation))), paired_by, date)

    def round_dates(self, tournament_id: int) -> tuple[str | None, ...]:
        """Each round's ISO date (None: not known), round 1 first: one query, for the
        heading of every printed page."""
        rows = self._rows(
            "SELECT date FROM rounds WHERE tournament_id = ? ORDER BY number", (tournament_id,)
        )
        return tuple(date for (date,) in rows)

    def set_round_date(self, tournament_id: int, number: int, date: str) -> None:
        """The date of a club evening (ISO)."""
        cursor = self._write(
            "UPDATE rounds SET date = ? WHERE tournament_id = ? AND number = ?",
            (date, tournament_id, number),
        )
        if cursor.rowcount != 1:
            raise StoreError("there is no round {number}", number=number)

    # -- extras: what a foreign file said beyond the facts --------------------------------

    def set_extra(self, tournament_id: int, kind: str, data: str) -> None:
        """Keep `data` (JSON text) of `kind` (e.g. "trf") with the tournament.

        An UPDATE where the row exists: INSERT OR REPLACE would delete it without firing the
        undo trigger, so undo would lose the old data."""
        self._write(
            "INSERT INTO extras (tournament_id, kind, data) VALUES (?, ?, ?) "
            "ON CONFLICT (tournament_id, kind) DO UPDATE SET data = excluded.data",
            (tournament_id, kind, data),
        )

    def extras(self, tournament_id: int) -> dict[str, str]:
        """Kind -> data of every extra kept with the tournament."""
        rows = self._rows(
            "SELECT kind, data FROM extras WHERE tournament_id = ? ORDER BY kind", (tournament_id,)
        )
        return {kind: data for kind, data in rows}

    # -- the club's league teams and their matches ---------------------------------------

    def add_league_team(self, team: LeagueTeam, tournament_id: int | None) -> int:
        """A club team in a league season, counting for the Keizer tournament given."""
        if self._rows("SELECT 1 FROM league_teams WHERE name = ? AND season = ?",
                      (team.name, team.season)):
            raise StoreError("a team named '{name}' already plays in season '{season}'",
                             name=team.name, season=team.season)
        cursor = self._write(
            "INSERT INTO league_teams (name, league, season, keizer_team, tournament_id) "
            "VALUES (?, ?, ?, ?, ?)",
            (team.name, team.league, team.season, team.keizer_team, tournament_id),
        )
        return _lastrowid(cursor)

    def league_teams(self) -> list[tuple[LeagueTeam, int | None]]:
        """Every league team with the id of the tournament it counts for, oldest first."""
        rows = self._rows(
            "SELECT l.id, l.name, l.league, l.season, l.keizer_team, t.name, l.tournament_id "
            "FROM league_teams l LEFT JOIN tournaments t ON t.id = l.tournament_id ORDER BY l.id"
        )
        return [(LeagueTeam(*row[:6]), row[6]) for row in rows]

    def add_league_match(self, match: LeagueMatch, match_id: int | None = None) -> int:
        """A match with its lineup (and the results given); its id (`match_id`: this one, for
        a match entered again in place of the one deleted)."""
        cursor = self._write(
            "INSERT INTO league_matches (id, team_id, date, opponent, home) VALUES (?, ?, ?, ?, ?)",
            (match_id, match.team.id, match.date, match.opponent, int(match.home)),
        )
        match_id = _lastrowid(cursor)
        for board in match.boards:
            self._write(
                "INSERT INTO league_boards (match_id, board, member_id, white, result) "
                "VALUES (?, ?, ?, ?, ?)",
                (match_id, board.board, board.member, int(board.white), board.score),
            )
        return match_id

    def set_league_result(self, match_id: int, board: int, score: str | None) -> None:
        cursor = self._write(
            "UPDATE league_boards SET result = ? WHERE match_id = ? AND board = ?",
            (score, match_id, board),
        )
        if cursor.rowcount != 1:
            raise StoreError("match {match} has no board {board}", match=match_id, board=board)

    def set_league_boards(self, match_id: int, boards: Sequence[LeagueBoard]) -> None:
        """Boards of a recorded match with their players, colours and results as given, all
        at once (two boards may swap their players)."""
        for board in boards:
            cursor = self._write("DELETE FROM league_boards WHERE match_id = ? AND board = ?",
                                 (match_id, board.board))
            if cursor.rowcount != 1:
                raise StoreError("match {match} has no board {board}", match=match_id,
                                 board=board.board)
        for board in boards:
            self._write(
                "INSERT INTO league_boards (match_id, board, member_id, white, result) "
                "VALUES (?, ?, ?, ?, ?)",
                (match_id, board.board, board.member, int(board.white), board.score),
            )

    def delete_league_match(self, match_id: int) -> None:
        """Remove a match and its boards (children first: undo sees every row)."""
        self._write("DELETE FROM league_boards WHERE match_id = ?", (match_id,))
        self._write("DELETE FROM league_matches WHERE id = ?", (match_id,))

    def league_matches(self, teams: Sequence[LeagueTeam]) -> list[LeagueMatch]:
        """The matches of these teams with their boards, by date."""
        by_id = {team.id: team for team in teams}
        if not by_id:
            return []
        marks = ", ".join("?" for _ in by_id)
        boards: dict[int, list[LeagueBoard]] = {}
        for match_id, board, member, name, white, result in self._rows(
            "SELECT b.match_id, b.board, b.member_id, m.name, b.white, b.result "
            "FROM league_boards b JOIN members m ON m.id = b.member_id "
            f"JOIN league_matches x ON x.id = b.match_id WHERE x.team_id IN ({marks}) "
            "ORDER BY b.match_id, b.board",
            tuple(by_id),
        ):
            boards.setdefault(match_id, []).append(
                LeagueBoard(board, member, name, bool(white), result))
        return [
            LeagueMatch(match_id, by_id[team_id], date, opponent, bool(home),
                        tuple(boards.get(match_id, ())))
            for match_id, team_id, date, opponent, home in self._rows(
                "SELECT id, team_id, date, opponent, home FROM league_matches "
                f"WHERE team_id IN ({marks}) ORDER BY date, id",
                tuple(by_id),
            )
        ]

    # -- loading a whole tournament ------------------------------------------------------

    def load_tournament(self, record: TournamentRecord) -> Tournament:
        """The tournament's facts as a model (settings left as None: the service decodes)."""
        tid = record.id
        with self.reading():
            entrants = tuple(
                Entrant(pid, name, rating, Status(status), fide_id, title, fide_rating)
                for pid, name, rating, status, fide_id, title, fide_rating in self._rows(
                    "SELECT e.id, m.name, e.rating, e.status, m.fide_id, m.title, e.fide_rating "
                    "FROM entrants e "
                    "JOIN members m ON m.id = e.member_id WHERE e.tournament_id = ? ORDER BY e.id",
                    (tid,),
                )
            )
            games: dict[int, list[Game]] = {}
            for rnd, board, white, black, result in self._rows(
                "SELECT round, board, white, black, result FROM games "
                "WHERE tournament_id = ? ORDER BY round, board",
                (tid,),
            ):
                res = None if result is None else Result(result)
                games.setdefault(rnd, []).append(Game(white, black, res, board))
            absences: dict[int, list[Absence]] = {}
            for rnd, player, reason in self._rows(
                "SELECT round, player, reason FROM absences WHERE tournament_id = ? "
                "ORDER BY round, player",
                (tid,),
            ):
                absences.setdefault(rnd, []).append(Absence(player, reason))
            externals: dict[int, list[ExternalGame]] = {}
            for rnd, player, team, board, score, replaces in self._rows(
                "SELECT round, player, team, board, score, replaces_row FROM externals "
                "WHERE tournament_id = ? ORDER BY id",
                (tid,),
            ):
                ext = ExternalGame(player, team, board, Fraction(score), bool(replaces))
                externals.setdefault(rnd, []).append(ext)
            rounds = tuple(
                Round(
                    number,
                    tuple(games.get(number, ())),
                    tuple(absences.get(number, ())),
                    bye,
                    tuple(externals.get(number, ())),
                )
                for number, bye in self._rows(
                    "SELECT number, bye FROM rounds WHERE tournament_id = ? ORDER BY number",
                    (tid,),
                )
            )
        return Tournament(record.name, entrants, rounds, record.system)

    # -- action log and undo -------------------------------------------------------------

    def actions(self) -> list[ActionRecord]:
        rows = self._rows(f"SELECT {_ACTION_COLUMNS} FROM actions ORDER BY id")
        return [ActionRecord.from_row(row) for row in rows]

    def undoable(
        self, steps: int, tournament: TournamentRecord | None = None
    ) -> list[ActionRecord]:
        """The last `steps` actions that undo would revert (of the whole file, or of one
        tournament), newest first."""
        placeholders = ", ".join("?" for _ in NOT_UNDOABLE)
        only = "" if tournament is None else "AND tournament_id = ? "
        rows = self._rows(
            f"SELECT {_ACTION_COLUMNS} FROM actions "
            f"WHERE undone_by IS NULL AND kind NOT IN ({placeholders}) {only}"
            "AND id > (SELECT coalesce(max(id), 0) FROM actions WHERE kind = 'create') "
            "ORDER BY id DESC LIMIT ?",
            (*NOT_UNDOABLE, *(() if tournament is None else (tournament.id,)), steps),
        )
        return [ActionRecord.from_row(row) for row in rows]

    def undo(
        self,
        steps: int,
        who: str,
        at: datetime,
        tournament: str | None = None,
        expected: int | None = None,
        backup: bool = False,
    ) -> list[ActionRecord]:
        """Revert the last `steps` actions (of the whole file, or of the tournament named
        `tournament` only) in one logged transaction; returns them, newest first. With
        `backup`, the file is first copied into its backups folder ("before undo").

        The tournament and the targets are chosen inside the write transaction, so a change
        that another
        process made meanwhile is never undone unseen: with `expected` (the id of the action
        the TD saw as the last one), anything else refuses. Each action's recorded inverse
        statements are replayed newest first, which walks its rows back through exactly the
        states they went through; an action whose rows a newer, still standing action (of
        another tournament, or club-wide) touched is refused, so undo never overwrites a change
        it does not take back.
        """
        if steps < 1:
            raise StoreError("the number of steps to undo must be at least 1")
        with self.action("undo", "undo", who, at, "undo" if backup else None) as action:
            record = None
            if tournament is not None:
                record = self._named(tournament, "{tournament} has no change to undo")
            targets: list[ActionRecord] = []
            for target in self.undoable(steps, record):
                if expected is not None and not targets:
                    self._check_expected(target, expected)
                self._check_untouched(target)
                for step in self._rows(
                    "SELECT statement, row_table, row_id FROM undo_steps WHERE action_id = ? "
                    "ORDER BY seq DESC",
                    (target.id,),
                ):
                    self._replay(step, target)
                self._write("UPDATE actions SET undone_by = ? WHERE id = ?", (action.id, target.id))
                targets.append(target)
            if not targets:
                if expected is not None:
                    self._check_expected(None, expected)
                if tournament is not None:
                    raise StoreError("{tournament} has no change to undo", tournament=tournament)
                raise StoreError("there is nothing to undo")
            action.message = Message(
                N_("undo: {change}"), {"change": joined([t.message for t in targets])}
            )
            owners = {t.tournament_id for t in targets}
            action.tournament_id = owners.pop() if len(owners) == 1 else None
        return targets

    def _named(self, tournament: str, missing: str) -> TournamentRecord:
        """The tournament of that name, read inside the write transaction; gone meanwhile (its
        creation undone): `missing`."""
        record = next((r for r in self.tournaments() if r.name == tournament), None)
        if record is None:
            raise StoreError(missing, tournament=tournament)
        return record

    def removes(self, action_id: int) -> list[str]:
        """Which of `REMOVING` (a tournament, rounds, players) undoing the action would delete
        rows of: its undo steps that are deletions."""
        marks = ", ".join("?" for _ in REMOVING)
        rows = self._rows(
            f"SELECT DISTINCT row_table FROM undo_steps WHERE action_id = ? "
            f"AND statement LIKE 'DELETE%' AND row_table IN ({marks})",
            (action_id, *REMOVING),
        )
        return [table for table in REMOVING if (table,) in rows]

    def redo_target(
        self, tournament: TournamentRecord | None = None
    ) -> tuple[ActionRecord | None, ActionRecord | None]:
        """The undo a redo would take back (the newest one still in force: of the whole file,
        or of one tournament) and the newer change that keeps it from being redone (None: it
        can be). Redos and undos already redone do not count as newer changes; of one
        tournament, only its own changes count, and any change of the rows that undo touched
        (a member's, another tournament's)."""
        only = "" if tournament is None else "AND tournament_id = ? "
        rows = self._rows(
            f"SELECT {_ACTION_COLUMNS} FROM actions WHERE kind = 'undo' AND undone_by IS NULL "
            f"{only}ORDER BY id DESC LIMIT 1",
            () if tournament is None else (tournament.id,),
        )
        if not rows:
            return None, None
        undo = ActionRecord.from_row(rows[0])
        scope = "" if tournament is None else (
            "AND (a.tournament_id = ? OR EXISTS (SELECT 1 FROM undo_steps later "
            "JOIN undo_steps mine ON mine.row_table = later.row_table "
            "AND mine.row_id = later.row_id AND mine.action_id = ? "
            "WHERE later.action_id = a.id)) "
        )
        newer = self._rows(
            f"SELECT {', '.join('a.' + c for c in _ACTION_COLUMNS.split(', '))} FROM actions a "
            "WHERE a.id > ? AND a.kind != 'redo' "
            "AND NOT (a.kind = 'undo' AND a.undone_by IS NOT NULL) "
            f"{scope}ORDER BY a.id LIMIT 1",
            (undo.id, *(() if tournament is None else (tournament.id, undo.id))),
        )
        return undo, ActionRecord.from_row(newer[0]) if newer else None

    def redo(
        self, who: str, at: datetime, tournament: str | None = None, expected: int | None = None
    ) -> list[ActionRecord]:
        """Bring back what the last undo (of the whole file, or of the tournament named
        `tournament`) took, while nothing newer happened; returns the changes back in force,
        newest first.

        The undo's own recorded steps (its replay went through the triggers too) are replayed
        newest first, which walks every row back to the state before the undo, rowids and all.
        The log stays honest: the undo is marked undone by the redo, the changes it had undone
        stand again (undo can take them back once more), and the redo is logged. With
        `expected` (the id of the undo the TD saw), another undo refuses.
        """
        with self.action("redo", "redo", who, at) as action:
            record = None
            if tournament is not None:
                record = self._named(tournament, "{tournament} has no undo to redo")
            undo, newer = self.redo_target(record)
            if undo is None:
                if tournament is not None:
                    raise StoreError("{tournament} has no undo to redo", tournament=tournament)
                raise StoreError("there is no undo to redo")
            if expected is not None and undo.id != expected:
                raise StoreError("the last undo is #{id} now, not #{expected}; nothing was redone",
                                 id=undo.id, expected=expected)
            if newer is not None:
                raise StoreError(
                    "#{newer} {change} came after the undo #{id}; redo only brings back the last "
                    "undo while nothing newer happened (make the change again instead); nothing "
                    "was redone",
                    newer=newer.id, change=newer.message, id=undo.id,
                )
            for step in self._rows(
                "SELECT statement, row_table, row_id FROM undo_steps WHERE action_id = ? "
                "ORDER BY seq DESC",
                (undo.id,),
            ):
                self._replay(step, undo, _CANNOT_REDO)
            back = [
                ActionRecord.from_row(row) for row in self._rows(
                    f"SELECT {_ACTION_COLUMNS} FROM actions WHERE undone_by = ? ORDER BY id DESC",
                    (undo.id,),
                )
            ]
            self._write("UPDATE actions SET undone_by = NULL WHERE undone_by = ?", (undo.id,))
            self._write("UPDATE actions SET undone_by = ? WHERE id = ?", (action.id, undo.id))
            action.message = Message(
                N_("redo: {change}"), {"change": joined([a.message for a in back])}
            )
            action.tournament_id = undo.tournament_id
        return back

    def _check_expected(self, target: ActionRecord | None, expected: int) -> None:
        """Refuse unless `target` is the action the TD saw as the last one (`expected`)."""
        if target is not None and target.id == expected:
            return
        rows = self._rows("SELECT undone_by FROM actions WHERE id = ?", (expected,))
        if rows and rows[0][0] is not None:
            raise StoreError(
                "change #{id} was undone already (by #{by}); nothing was undone",
                id=expected,
                by=rows[0][0],
            )
        if target is not None and target.id > expected:
            raise StoreError(
                "there is a newer change than #{id}: #{newer} {change}; nothing was undone "
                "(look at it, then undo again if you still want to)",
                id=expected,
                newer=target.id,
                change=target.message,
            )
        raise StoreError("change #{id} is not the last change; nothing was undone", id=expected)

    def _check_untouched(self, target: ActionRecord) -> None:
        """Refuse to undo `target` if a newer action that still stands touched its rows
        (undoing it would overwrite that action's change)."""
        rows = self._rows(
            f"SELECT {', '.join('a.' + c for c in _ACTION_COLUMNS.split(', '))} "
            "FROM undo_steps mine JOIN undo_steps later "
            "ON later.row_table = mine.row_table AND later.row_id = mine.row_id "
            "AND later.action_id > mine.action_id "
            "JOIN actions a ON a.id = later.action_id "
            "WHERE mine.action_id = ? AND a.undone_by IS NULL AND a.kind NOT IN ('undo', 'redo') "
            "ORDER BY a.id DESC LIMIT 1",
            (target.id,),
        )
        if rows:
            newer = ActionRecord.from_row(rows[0])
            raise StoreError(
                "#{id} {change} cannot be undone: the newer change #{newer} {newer_change} "
                "changed the same data; undo that first",
                id=target.id,
                change=target.message,
                newer=newer.id,
                newer_change=newer.message,
            )

    def _replay(
        self, step: Sequence[Any], target: ActionRecord, refusal: str = _CANNOT_UNDO
    ) -> None:
        """One inverse statement of `target` (with the table and rowid it touches); a row that
        a newer change still refers to (a member who plays in another tournament since) refuses
        the undo (or redo: `refusal`). A step from before the two ratings puts a row's one
        rating back where the upgrade put it (`OLD_ROW_RATINGS`)."""
        statement, table, row = step
        try:
            self._conn.execute(statement)
            marker, move = OLD_ROW_RATINGS.get(table, ("", ""))
            if move and marker not in statement and not statement.startswith("DELETE"):
                self._conn.execute(move, (row,))
        except sqlite3.IntegrityError as exc:
            raise StoreError(refusal, id=target.id, change=target.message, problem=exc) from None

    def restore_from(self, source: Path, description: Message, who: str, at: datetime) -> Path:
        """Replace every fact, the action log and the undo steps by those of `source` (a club
        file of this schema version), then log the restore; one transaction.

        The current state is backed up first (inside the same write lock); returns that
        backup. Undo then continues from the restored log; the restore itself is not undone
        (restore the returned backup instead).
        """
        if self._action is not None:
            raise RuntimeError("actions do not nest")
        tables = (*FACT_TABLES, "actions", "undo_steps", "sqlite_sequence")
        self._conn.execute("ATTACH DATABASE ? AS source", (str(source),))
        try:
            with self._transaction("restore", at) as copy:
                assert copy is not None
                self._conn.execute("PRAGMA defer_foreign_keys = ON")
                drop_undo_triggers(self._conn)
                for table in tables:
                    columns = ", ".join(
                        f'"{row[1]}"' for row in self._rows(f'PRAGMA main.table_info("{table}")')
                    )
                    self._conn.execute(f'DELETE FROM main."{table}"')
                    self._conn.execute(
                        f'INSERT INTO main."{table}" (rowid, {columns}) '
                        f'SELECT rowid, {columns} FROM source."{table}"'
                    )
                install_undo_triggers(self._conn)
                said = Message(N_("{what}; the file as it was is kept in backup {backup}"),
                               {"what": description, "backup": copy.name})
                self._conn.execute(
                    "INSERT INTO actions (at, who, kind, description, message) "
                    "VALUES (?, ?, 'restore', ?, ?)",
                    (
                        at.isoformat(timespec="seconds"),
                        who,
                        str(said),
                        json.dumps(message_data(said), ensure_ascii=False),
                    ),
                )
        finally:
            self._conn.execute("DETACH DATABASE source")
        return copy

    def dump(self) -> dict[str, list[dict[str, Any]]]:
        """Every row of every fact table and of the action log, by column name (a backup)."""
        with self.reading():
            out = {}
            for table in (*FACT_TABLES, "actions"):
                try:
                    cursor = self._conn.execute(f'SELECT * FROM "{table}" ORDER BY rowid')
                    names = [d[0] for d in cursor.description]
                    rows = cursor.fetchall()
                except sqlite3.DatabaseError as exc:
                    raise self._read_error(exc) from None
                out[table] = [dict(zip(names, row, strict=True)) for row in rows]
            return out

    @classmethod
    def restore(
        cls, path: Path, rows: dict[str, list[dict[str, Any]]], who: str, at: datetime,
        description: Message,
    ) -> Club:
        """A new club file holding `rows` (as `dump` gives them), in one transaction.

        The old action log comes back as history; the restore itself is logged as a `create`
        action, so undo never reaches back before it (the old undo steps are not restored).
        A row the schema refuses (a broken reference ...) leaves no file behind.
        """
        conn = _new_file(path)
        conn.execute("PRAGMA defer_foreign_keys = ON")  # the log refers forward (undone_by)
        table = "creating the tables"
        try:
            migrate(conn)
            fileid.stamp(conn)
            for table in ("actions", *FACT_TABLES):
                if table == FACT_TABLES[0]:
                    conn.execute(
                        "INSERT INTO actions (at, who, kind, description, message) "
                        "VALUES (?, ?, 'create', ?, ?)",
                        (at.isoformat(timespec="seconds"), who, str(description),
                         json.dumps(message_data(description), ensure_ascii=False)),
                    )
                for row in rows.get(table, []):
                    names = ", ".join(f'"{c}"' for c in row)
                    marks = ", ".join("?" for _ in row)
                    conn.execute(f'INSERT INTO "{table}" ({names}) VALUES ({marks})',
                                 list(row.values()))
            table = "references between rows"
            conn.execute("COMMIT")
        except sqlite3.Error as exc:
            conn.execute("ROLLBACK")
            conn.close()
            path.unlink(missing_ok=True)
            raise StoreError(
                "the backup cannot be restored ({table}: {problem})", table=table, problem=exc
            ) from None
        except BaseException:
            conn.execute("ROLLBACK")
            conn.close()
            path.unlink(missing_ok=True)
            raise
        return cls(_settled(conn), path)

    def snapshot(self) -> dict[str, list[tuple[Any, ...]]]:
        """Every fact row of every table (with rowids): equal snapshots mean equal facts."""
        with self.reading():
            return {
                table: self._rows(f'SELECT rowid, * FROM "{table}" ORDER BY rowid')
                for table in FACT_TABLES
            }


def require_file(path: Path) -> None:
    """Refuse a missing file or a folder (by its directory entry: the file is not opened)."""
    if not path.exists():
        raise StoreError("{path} does not exist", path=path)
    if not path.is_file():
        raise StoreError("{path} is not a file", path=path)


def not_sqlite(path: Path) -> StoreError:
    return StoreError("{path} is not a rochade club file (not an SQLite database)", path=path)


def damaged(path: Path, exc: Exception) -> StoreError:
    return StoreError(
        "{path} is damaged ({problem}); restore it from a backup", path=path, problem=exc
    )


def busy(path: Path, exc: Exception) -> StoreError:
    return StoreError("{path} cannot be changed now ({problem}); try again", path=path, problem=exc)


_checked: set[tuple[int, int]] = set()
"""The files (device, inode) this process has found intact before its first write to them."""


def refuse_damaged(conn: sqlite3.Connection, path: Path) -> None:
    """Before this process first writes to the file: `PRAGMA quick_check`, and a damaged file
    is refused rather than made worse. Call it holding the write lock (no writer races it).

    quick_check reads every page once (milliseconds for a club file) but skips the costly
    index cross-checks of integrity_check; it runs once per file per process, so a server
    pays it once in its life. A busy file is "busy, try again", never "damaged".
    """
    try:
        stat = path.stat()
    except OSError as exc:
        raise StoreError("{path} cannot be opened: {problem}", path=path, problem=exc) from None
    key = (stat.st_dev, stat.st_ino)
    if key in _checked:
        return
    try:
        verdict = [row[0] for row in conn.execute("PRAGMA quick_check(20)")]
    except sqlite3.DatabaseError as exc:
        raise busy(path, exc) if is_busy(exc) else damaged(path, exc) from None
    if verdict != ["ok"]:
        raise damaged(path, Exception("; ".join(verdict)))
    _checked.add(key)


def _check_and_prepare(conn: sqlite3.Connection, path: Path) -> bool:
    """Refuse foreign and newer files (reading only), then set up and upgrade ours; whether
    the file is in WAL mode (see `Club._wal`).

    The first reads double as the header check: SQLite says "file is not a database"
    (SQLITE_NOTADB) for a file that is not SQLite, and an empty file has no pages.
    """
    app_id = conn.execute("PRAGMA application_id").fetchone()[0]
    version = conn.execute("PRAGMA user_version").fetchone()[0]
    if conn.execute("PRAGMA page_count").fetchone()[0] == 0:
        raise not_sqlite(path)
    if app_id != APPLICATION_ID:
        raise StoreError(
            "{path} is not a rochade club file (another program's database)", path=path
        )
    if version > SCHEMA_VERSION:
        raise StoreError(
            "{path} was written by a newer rochade (file version {version}, this "
            "rochade knows up to {known}); please update rochade",
            path=path,
            version=version,
            known=SCHEMA_VERSION,
        )
    conn.execute("PRAGMA foreign_keys = ON")
    conn.execute(f"PRAGMA synchronous = {SYNCHRONOUS}")
    if version < SCHEMA_VERSION:
        _upgrade(conn, path, version)
    return bool(conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal")


def _start_writing(conn: sqlite3.Connection, path: Path) -> None:
    """Before the first write to a file not in WAL mode (a backup, an older file): refuse it
    if damaged, then switch it to WAL."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        refuse_damaged(conn, path)
    finally:
        conn.execute("ROLLBACK")
    conn.execute("PRAGMA journal_mode = WAL")


def _upgrade(conn: sqlite3.Connection, path: Path, version: int) -> None:
    """Refuse a damaged file, keep a copy of the old file beside it (`.vN.bak`, whole or not
    at all: `backups.keep_copy`), then migrate in one transaction. The copy is made holding
    the write lock, so it is exactly the file the migration starts from."""
    _start_writing(conn, path)
    conn.execute("BEGIN IMMEDIATE")
    try:
        backups.keep_copy(path, path.with_name(f"{path.name}.v{version}.bak"))
        migrate(conn)
        conn.execute("COMMIT")
    except BaseException:
        conn.execute("ROLLBACK")
        raise


def _settled(conn: sqlite3.Connection) -> sqlite3.Connection:
    """Copy what the log holds into the file now, as far as no reader holds it back: the id
    of a new file is then on disk from the start (see `fileid.Watch`)."""
    conn.execute("PRAGMA wal_checkpoint(PASSIVE)")
    return conn


def _lastrowid(cursor: sqlite3.Cursor) -> int:
    rowid = cursor.lastrowid
    if rowid is None:  # pragma: no cover - sqlite3 always sets it after an INSERT
        raise RuntimeError("no row id after INSERT")
    return rowid


def _new_file(path: Path) -> sqlite3.Connection:
    """A connection to a new club file at `path` (never an existing one), set up like every
    club file (WAL, synchronous, foreign keys), inside an open write transaction."""
    if path.exists():
        raise StoreError("{path} already exists; choose another name", path=path)
    try:
        conn = sqlite3.connect(path, isolation_level=None, timeout=5)
    except sqlite3.Error as exc:
        raise StoreError("cannot create {path}: {problem}", path=path, problem=exc) from None
    conn.execute("PRAGMA journal_mode = WAL")
    conn.execute(f"PRAGMA synchronous = {SYNCHRONOUS}")
    conn.execute("PRAGMA foreign_keys = ON")
    conn.execute("BEGIN IMMEDIATE")
    return conn
